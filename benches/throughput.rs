//! The speed figures of docs/performance.md: parse throughput (MB/s of MGN), parse-and-check
//! throughput, the writer's throughput, replay throughput (seeds sown per second), random
//! playouts (games per second), random games written as MGN on one thread and on every core
//! (games per second), perft with and without its transposition table, and `mgn convert`'s
//! work (each game read an element at a time and written as MGN, JSON or YAML, in MiB/s of
//! MGN read), for each implemented game. `cargo bench` runs them all.

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use mgn::check::{check_text, CheckOptions};
use mgn::document::{self, DocumentWriter};
use mgn::generate::{playout, random_game, GenerateOptions, Rng};
use mgn::notation::{
    games, parse_games, push_game, write_games, write_head, BoardSize, Game, GameKind, Header,
    MovetextWriter, Position, Side, SkippedCheckpoint, Span, Spanned,
};
use mgn::perft::{perft, perft_with, Table};
use mgn::replay::{replay_game, ReplayOptions};
use mgn::rules::{game_def, with_rules, Event, EventSink, RulesExt, WithRules};

/// Counts the seeds sown, and nothing else.
#[derive(Default)]
struct SowCounter(u64);

impl EventSink for SowCounter {
    #[inline]
    fn event(&mut self, event: Event) {
        if let Event::Sow { .. } = event {
            self.0 += 1;
        }
    }
    fn mark(&mut self) -> usize {
        self.0 as usize
    }
    fn withdraw(&mut self, mark: usize) {
        self.0 = mark as u64;
    }
}

fn header(kind: GameKind, board: BoardSize) -> Header {
    let mut header = Header::new(kind);
    header.board = Some(Spanned::new(board, Span::default()));
    header
}

struct Corpus {
    header: Header,
    games: usize,
}

impl WithRules for Corpus {
    type Output = Vec<Game>;
    fn run<R: RulesExt>(self, rules: &R) -> Vec<Game> {
        let mut rng = Rng::new(2026);
        (0..self.games)
            .map(|_| {
                random_game(
                    rules,
                    self.header.clone(),
                    rules.start(Side::B),
                    &mut rng,
                    GenerateOptions {
                        checkpoints: true,
                        max_plies: 400,
                    },
                )
            })
            .collect()
    }
}

/// The corpus of both benches of notation: 100 random games of `kind` with a checkpoint after
/// every move, and their text.
fn corpus(kind: GameKind, board: BoardSize) -> (Vec<Game>, String) {
    let header = header(kind, board);
    let games = with_rules(
        &header,
        Corpus {
            header: header.clone(),
            games: 100,
        },
    )
    .unwrap();
    let text = write_games(&games);
    (games, text)
}

struct Playouts {
    games: usize,
}

impl WithRules for Playouts {
    type Output = (u64, usize);
    fn run<R: RulesExt>(self, rules: &R) -> (u64, usize) {
        let mut rng = Rng::new(7);
        let mut sown = SowCounter::default();
        let mut plies = 0;
        for _ in 0..self.games {
            plies += playout(rules, rules.start(Side::B), &mut rng, 2_000, &mut sown);
        }
        (sown.0, plies)
    }
}

fn implemented() -> Vec<(GameKind, BoardSize)> {
    GameKind::ALL
        .into_iter()
        .map(|kind| (kind, game_def(kind).default_board))
        .collect()
}

fn notation_and_check(c: &mut Criterion) {
    for (kind, board) in implemented() {
        let (games, text) = corpus(kind, board);
        let mut group = c.benchmark_group(format!("{kind}"));
        group.throughput(Throughput::Bytes(text.len() as u64));
        group.bench_function("parse", |b| b.iter(|| parse_games(black_box(&text))));
        group.bench_function("write", |b| b.iter(|| write_games(black_box(&games))));
        group.bench_function("parse+check", |b| {
            b.iter(|| check_text(black_box(&text), &CheckOptions::default()))
        });
        let parsed: Vec<Game> = parse_games(&text).into_iter().map(Result::unwrap).collect();
        let sown: u64 = parsed
            .iter()
            .map(|g| {
                replay_game(g, ReplayOptions::plies())
                    .plies
                    .iter()
                    .flat_map(|p| &p.events)
                    .filter(|e| matches!(e, Event::Sow { .. }))
                    .count() as u64
            })
            .sum();
        group.throughput(Throughput::Elements(sown));
        group.bench_function("replay (seeds sown)", |b| {
            b.iter(|| {
                for game in &parsed {
                    black_box(replay_game(game, ReplayOptions::verdict()));
                }
            })
        });
        group.finish();
    }
}

fn playouts(c: &mut Criterion) {
    for (kind, board) in implemented() {
        let mut group = c.benchmark_group(format!("{kind} playouts"));
        group.throughput(Throughput::Elements(100));
        group.bench_function("random games", |b| {
            b.iter(|| with_rules(&header(kind, board), Playouts { games: 100 }))
        });
        let (sown, _) = with_rules(&header(kind, board), Playouts { games: 100 }).unwrap();
        group.throughput(Throughput::Elements(sown));
        group.bench_function("random games (seeds sown)", |b| {
            b.iter(|| with_rules(&header(kind, board), Playouts { games: 100 }))
        });
        group.finish();
    }
}

/// Games `numbers` of a run seeded 1 written as MGN, as `mgn generate` makes them (each game
/// from `Rng::for_game`, the first player drawn first); returns the bytes written.
struct Written {
    header: Header,
    numbers: std::ops::Range<u64>,
}

impl WithRules for Written {
    type Output = usize;
    fn run<R: RulesExt>(self, rules: &R) -> usize {
        let mut text = String::new();
        let mut bytes = 0;
        for number in self.numbers {
            let mut rng = Rng::for_game(1, number);
            let first = if rng.below(2) == 0 { Side::A } else { Side::B };
            let mut header = self.header.clone();
            header.first = Some(Spanned::new(first, Span::default()));
            let game = random_game(
                rules,
                header,
                rules.start(first),
                &mut rng,
                GenerateOptions::default(),
            );
            text.clear();
            push_game(&mut text, &game);
            bytes += text.len();
        }
        bytes
    }
}

/// `mgn generate`'s work: 1,000 random games from the start written as MGN (Nchuwa also under
/// the `ludii` preset, the comparison with Ludii), on one thread and on every core
/// (each thread its own rules and its share of the games, by number, as the command's).
fn generate(c: &mut Criterion) {
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get()) as u64;
    let cases = implemented()
        .into_iter()
        .map(|(kind, board)| (kind, board, None))
        .chain([(
            GameKind::Nchuwa,
            BoardSize {
                rows: 4,
                columns: 6,
            },
            Some("ludii"),
        )]);
    for (kind, board, preset) in cases {
        let mut header = header(kind, board);
        header.preset = preset.map(|p| Spanned::new(p.to_string(), Span::default()));
        let games = match kind {
            GameKind::Dakon | GameKind::DongWo => 100,
            _ => 1_000,
        };
        let name = match preset {
            Some(preset) => format!("{kind} {preset} generate"),
            None => format!("{kind} generate"),
        };
        let mut group = c.benchmark_group(name);
        group.throughput(Throughput::Elements(games));
        let one = |numbers| Written {
            header: header.clone(),
            numbers,
        };
        group.bench_function("MGN written, one thread (games)", |b| {
            b.iter(|| with_rules(&header, one(1..games + 1)))
        });
        group.bench_function("MGN written, every core (games)", |b| {
            b.iter(|| {
                std::thread::scope(|scope| {
                    let share = games.div_ceil(threads);
                    for t in 0..threads {
                        let numbers = 1 + t * share..(1 + (t + 1) * share).min(games + 1);
                        let work = one(numbers);
                        let header = &header;
                        scope.spawn(move || with_rules(header, work));
                    }
                })
            })
        });
        group.finish();
    }
}

/// `mgn convert --to mgn`'s work on a text already read: each game read an element at a
/// time and written as it is read, one buffer for the whole output. Returns the bytes written.
fn convert_to_mgn(text: &str) -> usize {
    let mut out = String::with_capacity(text.len());
    let mut reader = games(text);
    while let Some(Ok(mut game)) = reader.next_game() {
        if !out.is_empty() {
            out.push('\n');
        }
        write_head(&mut out, &game.before, &game.header);
        let mut movetext = MovetextWriter::new();
        loop {
            if let Some(position) = game.skip_canonical_checkpoint() {
                movetext.written_checkpoint(&mut out, position);
                continue;
            }
            match game.next() {
                Some(element) => movetext.element(&mut out, &element.expect("the corpus reads")),
                None => break,
            }
        }
        let outcome = game.outcome().expect("read to its end");
        let after = reader.finish(game).expect("the corpus reads");
        movetext.end(&mut out, outcome.value, &after);
    }
    out.len()
}

/// `mgn convert --to json` or `--to yaml`'s work on a text already read, as
/// [`convert_to_mgn`], the way the command does it: a checkpoint of numbers alone written from
/// its fields, any other of the common shape read into one kept position, every other element
/// handed over without a copy. Returns the bytes written.
fn convert_to_document(text: &str, format: document::Format) -> usize {
    let mut writer = DocumentWriter::new(Vec::with_capacity(8 * text.len()), format)
        .expect("a vector takes every write");
    let mut reader = games(text);
    let mut checkpoint = Position::empty();
    while let Some(Ok(mut game)) = reader.next_game() {
        writer
            .start_game(&game.before, &game.header)
            .expect("a vector takes every write");
        loop {
            let written = match game.skip_checkpoint_into(&mut checkpoint) {
                Some(SkippedCheckpoint::Plain(plain)) => writer.plain_checkpoint(&plain),
                Some(SkippedCheckpoint::Read) => writer.checkpoint(&checkpoint),
                None => match game.next() {
                    Some(element) => writer.element(&element.expect("the corpus reads")),
                    None => break,
                },
            };
            written.expect("a vector takes every write");
        }
        let outcome = game.outcome().expect("read to its end");
        let after = reader.finish(game).expect("the corpus reads");
        writer
            .end_game(&outcome, &after)
            .expect("a vector takes every write");
    }
    writer.finish().expect("a vector takes every write").len()
}

/// `mgn convert`'s work beside `mgn check`'s, over the same corpus (100 random games with a
/// checkpoint after every move), in MiB/s of MGN read: the ratios (#36) without the
/// files and the process.
fn convert(c: &mut Criterion) {
    for (kind, board) in implemented() {
        let (_, text) = corpus(kind, board);
        assert_eq!(convert_to_mgn(&text), text.len(), "MGN converts to itself");
        let mut group = c.benchmark_group(format!("{kind} convert"));
        group.throughput(Throughput::Bytes(text.len() as u64));
        group.bench_function("check", |b| {
            b.iter(|| check_text(black_box(&text), &CheckOptions::default()))
        });
        group.bench_function("to mgn", |b| b.iter(|| convert_to_mgn(black_box(&text))));
        group.bench_function("to json", |b| {
            b.iter(|| convert_to_document(black_box(&text), document::Format::Json))
        });
        group.bench_function("to yaml", |b| {
            b.iter(|| convert_to_document(black_box(&text), document::Format::Yaml))
        });
        group.finish();
    }
}

struct Perft {
    depth: u32,
    table: bool,
}

impl WithRules for Perft {
    type Output = u64;
    fn run<R: RulesExt>(self, rules: &R) -> u64 {
        let start = rules.start(Side::B);
        if self.table {
            perft_with(rules, &start, self.depth, &mut Table::with_bytes(16 << 20))
        } else {
            perft(rules, &start, self.depth)
        }
        .expect("decided within the lap budget")
    }
}

/// Perft on one thread, with and without a transposition table of 16 MiB, in sequences counted
/// per second.
fn perft_counts(c: &mut Criterion) {
    for (kind, depth) in [
        (GameKind::Dakon, 3),
        (GameKind::MrawImrujen, 9),
        (GameKind::Nchuwa, 4),
        (GameKind::DongWo, 2),
    ] {
        let board = game_def(kind).default_board;
        let header = header(kind, board);
        let count = with_rules(
            &header,
            Perft {
                depth,
                table: false,
            },
        )
        .unwrap();
        let mut group = c.benchmark_group(format!("{kind} perft({depth})"));
        group.sample_size(10);
        group.throughput(Throughput::Elements(count));
        for table in [false, true] {
            let name = if table {
                "with a table"
            } else {
                "without a table"
            };
            group.bench_function(name, |b| {
                b.iter(|| with_rules(&header, Perft { depth, table }))
            });
        }
        group.finish();
    }
}

criterion_group!(
    benches,
    notation_and_check,
    playouts,
    generate,
    convert,
    perft_counts
);
criterion_main!(benches);
