//! A fixed workload for profilers (callgrind, perf): the benchmark's Dakon corpus, read,
//! checked or replayed a number of times. `cargo run --release --example profile -- parse 5`.

use mgn::check::{check_text, CheckOptions};
use mgn::generate::{random_game, GenerateOptions, Rng};
use mgn::notation::{parse_games, write_games, Game, GameKind, Header, Side};
use mgn::replay::replay_game;
use mgn::rules::{with_rules, Rules, WithRules};

struct Corpus(Header);

impl WithRules for Corpus {
    type Output = Vec<Game>;
    fn run<R: Rules>(self, rules: &R) -> Vec<Game> {
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

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let what = args.get(1).map_or("parse", String::as_str);
    let times: usize = args.get(2).and_then(|n| n.parse().ok()).unwrap_or(1);
    let header = Header::new(GameKind::Dakon);
    let games = with_rules(&header, Corpus(header.clone()))
        .unwrap()
        .unwrap();
    let text = write_games(&games);
    eprintln!("{} bytes", text.len());
    if what == "dump" {
        print!("{text}");
        return;
    }
    let parsed: Vec<Game> = parse_games(&text).into_iter().map(Result::unwrap).collect();
    // Time on the CPU rather than wall time: the figures hold on a busy machine.
    let start = cpu_ns();
    for _ in 0..times {
        work(what, &text, &parsed);
    }
    let seconds = (cpu_ns() - start) as f64 / 1e9 / times as f64;
    eprintln!(
        "{what}: {:.2} ms per run, {:.1} MB/s",
        seconds * 1e3,
        text.len() as f64 / seconds / 1e6
    );
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
fn work(what: &str, text: &str, parsed: &[Game]) {
    match what {
        "parse" => drop(std::hint::black_box(parse_games(text))),
        "check" => drop(std::hint::black_box(check_text(
            text,
            &CheckOptions::default(),
        ))),
        "replay" => {
            for game in parsed {
                drop(std::hint::black_box(replay_game(game, false)));
            }
        }
        _ => panic!("parse, check or replay"),
    }
}
