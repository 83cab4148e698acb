//! A fixed workload for profilers (callgrind, perf): a benchmark corpus (Dakon unless a game
//! is named), read, checked or replayed a number of times, or random playouts from the start.
//! `cargo run --release --example profile -- parse 5`, `... -- playout 1 nchuwa`. `write`
//! writes the corpus as MGN; `generate` makes 1,000 random games and writes them as MGN, as
//! `mgn generate` does on one thread (Nchuwa under its `ludii` preset when the game is
//! `nchuwa-ludii`); `perft` and `perft-table` count perft(3) without and with a transposition
//! table (Mraw imrujen: perft(9)). Each run says its time on the CPU (and MB/s or seeds sown
//! per second where they mean something).

use mgn::check::{check_text, CheckOptions};
use mgn::generate::{playout, random_game, GenerateOptions, Rng};
use mgn::notation::{parse_games, push_game, write_games, Game, GameKind, Header, Side};
use mgn::perft::{perft, perft_with, Table};
use mgn::replay::{replay_game, ReplayOptions};
use mgn::rules::{with_rules, Event, RulesExt, WithRules};

struct Corpus(Header);

impl WithRules for Corpus {
    type Output = Vec<Game>;
    fn run<R: RulesExt>(self, rules: &R) -> Vec<Game> {
        let mut rng = Rng::new(2026);
        let options = GenerateOptions {
            checkpoints: true,
            max_plies: 400,
        };
        (0..100)
            .map(|_| {
                random_game(
                    rules,
                    self.0.clone(),
                    rules.start(Side::B),
                    &mut rng,
                    options,
                )
            })
            .collect()
    }
}

/// The benchmark's playouts: 100 random games from the start, at most 2,000 plies each.
struct Playouts;

impl WithRules for Playouts {
    type Output = usize;
    fn run<R: RulesExt>(self, rules: &R) -> usize {
        let mut rng = Rng::new(7);
        (0..100)
            .map(|_| playout(rules, rules.start(Side::B), &mut rng, 2_000, &mut ()))
            .sum()
    }
}

/// `mgn generate --games 1000 --jobs 1`'s work: each game from `Rng::for_game`, written.
struct Generate;

impl WithRules for Generate {
    type Output = usize;
    fn run<R: RulesExt>(self, rules: &R) -> usize {
        let mut text = String::new();
        for number in 1..=1_000 {
            let mut rng = Rng::for_game(1, number);
            let first = if rng.below(2) == 0 { Side::A } else { Side::B };
            let game = random_game(
                rules,
                Header::new(rules.def().kind),
                rules.start(first),
                &mut rng,
                GenerateOptions::default(),
            );
            push_game(&mut text, &game);
        }
        text.len()
    }
}

/// perft(3) from the start (Mraw imrujen's games are short: perft(9)).
struct Perft(bool);

impl WithRules for Perft {
    type Output = u64;
    fn run<R: RulesExt>(self, rules: &R) -> u64 {
        let depth = if rules.def().kind == GameKind::MrawImrujen {
            9
        } else {
            3
        };
        let start = rules.start(Side::B);
        match self.0 {
            true => perft_with(rules, &start, depth, &mut Table::with_bytes(16 << 20)),
            false => perft(rules, &start, depth),
        }
        .unwrap()
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let what = args.get(1).map_or("parse", String::as_str);
    let times: usize = args.get(2).and_then(|n| n.parse().ok()).unwrap_or(1);
    let kind = match args.get(3).map_or("dakon", String::as_str) {
        "dakon" => GameKind::Dakon,
        "mraw-imrujen" => GameKind::MrawImrujen,
        "nchuwa" | "nchuwa-ludii" => GameKind::Nchuwa,
        "dong-wo" => GameKind::DongWo,
        other => panic!("no game {other}: dakon, mraw-imrujen, nchuwa, nchuwa-ludii or dong-wo"),
    };
    let mut header = Header::new(kind);
    if args.get(3).is_some_and(|game| game == "nchuwa-ludii") {
        header.preset = Some(mgn::notation::Spanned::new(
            "ludii".to_string(),
            Default::default(),
        ));
    }
    let games = with_rules(&header, Corpus(header.clone())).unwrap();
    let text = write_games(&games);
    eprintln!("{} bytes", text.len());
    if what == "dump" {
        print!("{text}");
        return;
    }
    let parsed: Vec<Game> = parse_games(&text).into_iter().map(Result::unwrap).collect();
    let sown: usize = parsed
        .iter()
        .flat_map(|g| replay_game(g, ReplayOptions::plies()).plies)
        .map(|p| {
            p.events
                .iter()
                .filter(|e| matches!(e, Event::Sow { .. }))
                .count()
        })
        .sum();
    eprintln!("{sown} seeds sown in the corpus");
    // Time on the CPU rather than wall time: the figures hold on a busy machine.
    let start = cpu_ns();
    for _ in 0..times {
        work(what, &header, &text, &parsed);
    }
    let seconds = (cpu_ns() - start) as f64 / 1e9 / times as f64;
    match what {
        "parse" | "check" | "write" => eprintln!(
            "{what}: {:.2} ms per run, {:.1} MB/s",
            seconds * 1e3,
            text.len() as f64 / seconds / 1e6
        ),
        "replay" => eprintln!(
            "{what}: {:.2} ms per run, {:.1} M seeds sown/s",
            seconds * 1e3,
            sown as f64 / seconds / 1e6
        ),
        _ => eprintln!("{what}: {:.2} ms per run", seconds * 1e3),
    }
}

/// Nanoseconds this thread has run (Linux).
fn cpu_ns() -> u64 {
    let stat = std::fs::read_to_string("/proc/thread-self/schedstat").unwrap_or_default();
    stat.split(' ')
        .next()
        .and_then(|n| n.parse().ok())
        .unwrap_or(0)
}

/// One run of the workload: callgrind's `--toggle-collect=profile::work` counts only this.
#[inline(never)]
fn work(what: &str, header: &Header, text: &str, parsed: &[Game]) {
    match what {
        "parse" => drop(std::hint::black_box(parse_games(text))),
        "check" => drop(std::hint::black_box(check_text(
            text,
            &CheckOptions::default(),
        ))),
        "replay" => {
            for game in parsed {
                drop(std::hint::black_box(replay_game(
                    game,
                    ReplayOptions::verdict(),
                )));
            }
        }
        "playout" => drop(std::hint::black_box(with_rules(header, Playouts))),
        "write" => drop(std::hint::black_box(write_games(parsed))),
        "generate" => drop(std::hint::black_box(with_rules(header, Generate))),
        "perft" => drop(std::hint::black_box(with_rules(header, Perft(false)))),
        "perft-table" => drop(std::hint::black_box(with_rules(header, Perft(true)))),
        _ => panic!("parse, check, replay, playout, write, generate, perft or perft-table"),
    }
}
