//! The speed figures of docs/performance.md: parse throughput (MB/s of MGN), parse-and-check
//! throughput, replay throughput (seeds sown per second) and random playouts (games per second),
//! for each implemented game. `cargo bench` runs them all.

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use mgn::check::{check_text, CheckOptions};
use mgn::generate::{playout, random_game, GenerateOptions, Rng};
use mgn::notation::{
    parse_games, write_games, BoardSize, Game, GameKind, Header, Side, Span, Spanned,
};
use mgn::replay::replay_game;
use mgn::rules::{game_def, with_rules, Event, EventSink, Rules, WithRules};

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
    fn run<R: Rules>(self, rules: &R) -> Vec<Game> {
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

struct Playouts {
    games: usize,
}

impl WithRules for Playouts {
    type Output = (u64, usize);
    fn run<R: Rules>(self, rules: &R) -> (u64, usize) {
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
        let games = with_rules(
            &header(kind, board),
            Corpus {
                header: header(kind, board),
                games: 100,
            },
        )
        .unwrap();
        let text = write_games(&games);
        let mut group = c.benchmark_group(format!("{kind}"));
        group.throughput(Throughput::Bytes(text.len() as u64));
        group.bench_function("parse", |b| b.iter(|| parse_games(black_box(&text))));
        group.bench_function("parse+check", |b| {
            b.iter(|| check_text(black_box(&text), &CheckOptions::default()))
        });
        let parsed: Vec<Game> = parse_games(&text).into_iter().map(Result::unwrap).collect();
        let sown: u64 = parsed
            .iter()
            .map(|g| {
                replay_game(g, true)
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
                    black_box(replay_game(game, false));
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

criterion_group!(benches, notation_and_check, playouts);
criterion_main!(benches);
