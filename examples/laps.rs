//! Laps per second: how fast each game's engine follows the laps of one long move, to decide
//! it (no events: `mgn check` of a record without capture claims) and to play it with its
//! events (`mgn replay`, or a record with capture claims, into the replay's bounded log).
//! docs/performance.md ("Laps") gives the figures and explains the lap budget they set.
//!
//! `cargo run --release --example laps` (times are the thread's own CPU time, best of 5).

use mgn::notation::{parse_games, Element, Game};
use mgn::replay::PlyLog;
use mgn::rules::{with_rules_within, Event, EventSink, RulesExt, WithRules, MAX_MAX_LAPS};

/// Counts the laps a move reports (its `lap-end` events), keeping nothing else.
#[derive(Default)]
struct Laps(u64);

impl EventSink for Laps {
    fn event(&mut self, event: Event) {
        if let Event::LapEnd { .. } = event {
            self.0 += 1;
        }
    }
    fn mark(&mut self) -> usize {
        0
    }
    fn withdraw(&mut self, _: usize) {}
}

/// How the first move of a game is played: without events, into a lap counter, or into the
/// replay's log.
#[derive(Clone, Copy)]
enum Sink {
    Nothing,
    Laps,
    Log,
}

/// The first move of a game played once, on rules of its own (the rules remember the last
/// move that did not end: timing it again on the same rules would time that memory); the
/// laps it played when counted.
struct Play<'g>(&'g Game, Sink);

impl WithRules for Play<'_> {
    type Output = u64;
    fn run<R: RulesExt>(self, rules: &R) -> u64 {
        let game = self.0;
        let start = game.header.start.as_ref().expect("a Start tag");
        let mut state = rules.state_from_position(&start.value).expect("a position");
        let Some(Element::Move(written)) = game.moves.first() else {
            panic!("a move first")
        };
        let decisions = rules.decisions_from_move(&written.value).expect("a move");
        let mut laps = Laps::default();
        let mut log = PlyLog::new(rules.def());
        let mut scratch = R::Scratch::default();
        for (decision, _) in &decisions {
            let _ = match self.1 {
                Sink::Nothing => rules.apply(&mut state, decision, &mut scratch, &mut ()),
                Sink::Laps => rules.apply(&mut state, decision, &mut scratch, &mut laps),
                Sink::Log => rules.apply(&mut state, decision, &mut scratch, &mut log),
            };
        }
        laps.0
    }
}

struct Timed {
    laps: u64,
    decided: f64,
    with_events: f64,
}

fn time(game: &Game) -> Timed {
    let play =
        |sink| with_rules_within(&game.header, MAX_MAX_LAPS, Play(game, sink)).expect("configured");
    Timed {
        laps: play(Sink::Laps),
        decided: best(|| {
            play(Sink::Nothing);
        }),
        with_events: best(|| {
            play(Sink::Log);
        }),
    }
}

/// The best of five runs, in seconds of this thread's CPU (a run repeats a short workload
/// until it takes a tenth of a second).
fn best(mut f: impl FnMut()) -> f64 {
    let mut times = 1;
    loop {
        let start = cpu_ns();
        for _ in 0..times {
            f();
        }
        if cpu_ns() - start >= 100_000_000 || times >= 1 << 20 {
            break;
        }
        times *= 2;
    }
    (0..5)
        .map(|_| {
            let start = cpu_ns();
            for _ in 0..times {
                f();
            }
            (cpu_ns() - start) as f64 / 1e9 / times as f64
        })
        .fold(f64::INFINITY, f64::min)
}

/// Nanoseconds this thread has run (Linux).
fn cpu_ns() -> u64 {
    let stat = std::fs::read_to_string("/proc/thread-self/schedstat").unwrap_or_default();
    stat.split(' ')
        .next()
        .and_then(|n| n.parse().ok())
        .unwrap_or(0)
}

/// The records timed: a long move of each game that has them.
const CASES: &[(&str, &str)] = &[
    (
        "Nchuwa 4x9, stopped after a cycle of 1,055,109 laps (36 seeds sown round 18 holes)",
        "[Game \"nchuwa\"]\n[Board \"4x9\"]\n[Option \"nchuwa.endless=stop\"]\n[Start \"0,0,0,0,0,0,0,0,0,1,0,0,0,0,0,0,0,0/1,3,2,3,4,1,0,3,4,4,5,0,1,4,1,7,1,0 13/14 B 1\"]\n\n1. B9/1055109 *\n",
    ),
    (
        "Dong Wo, stopped after a cycle of 2,255,840 laps without a muzi (40 stones)",
        "[Game \"dong-wo\"]\n[Option \"dong-wo.game.length=one-round\"]\n[Option \"dong-wo.endless=stop\"]\n[Start \"6,5,0,1,7/6,3,2,5,5 0mAmB/0 B 1\"]\n\n1. B5>/2255840 *\n",
    ),
    (
        "Dakon 2x10, the sowing with the most laps among 200,000 of random positions (200 seeds)",
        DAKON,
    ),
];

/// Filled in by a random search of 2x10 positions (a sowing takes at most (2N + 2)(2N^2 + 1)
/// = 4,422 laps there, src/rules/dakon.rs).
const DAKON: &str =
    "[Game \"dakon\"]\n[Board \"2x10\"]\n[Start \"DAKON_START\"]\n\n1. DAKON_MOVE *\n";

fn main() {
    let dakon = dakon_case();
    for (what, record) in CASES {
        let record = if record.contains("DAKON_START") {
            dakon.clone()
        } else {
            record.to_string()
        };
        let game = parse_games(&record).remove(0).expect("the record reads");
        let timed = time(&game);
        let per_second = |seconds: f64| timed.laps as f64 / seconds / 1e6;
        println!(
            "{what}\n  {} laps: decided in {:.6} s ({:.1} M laps/s); played with its events in {:.6} s more ({:.1} M laps/s)",
            timed.laps,
            timed.decided,
            per_second(timed.decided),
            timed.with_events - timed.decided,
            per_second(timed.with_events - timed.decided),
        );
    }
}

/// The Dakon record: the longest sowing found among random 2x10 positions (seed 7).
fn dakon_case() -> String {
    let (start, hole) = longest_dakon_sowing(7, 20_000);
    DAKON
        .replace("DAKON_START", &start)
        .replace("DAKON_MOVE", &hole)
}

/// Random 2x10 positions (every seed in the holes, B to move), each of B's holes sown once:
/// the position and hole of the sowing with the most laps.
fn longest_dakon_sowing(seed: u64, tries: usize) -> (String, String) {
    struct Longest(String);
    impl WithRules for Longest {
        type Output = u64;
        fn run<R: RulesExt>(self, rules: &R) -> u64 {
            let game = parse_games(&self.0).remove(0).expect("reads");
            let start = game.header.start.expect("a Start").value;
            let state = rules.state_from_position(&start).expect("a position");
            let Some(Element::Move(written)) = game.moves.first() else {
                return 0;
            };
            let Ok(decisions) = rules.decisions_from_move(&written.value) else {
                return 0;
            };
            let mut laps = Laps::default();
            let mut s = state;
            let _ = rules.apply(&mut s, &decisions[0].0, &mut Default::default(), &mut laps);
            laps.0
        }
    }
    let mut rng = mgn::generate::Rng::new(seed);
    let mut best = (0, String::new(), String::new());
    for _ in 0..tries {
        let mut holes = [0u32; 20];
        for _ in 0..200 {
            holes[rng.below(20)] += 1;
        }
        let row = |r: &[u32]| {
            r.iter()
                .map(|n| n.to_string())
                .collect::<Vec<_>>()
                .join(",")
        };
        let start = format!("{}/{} 0/0 B 1", row(&holes[10..]), row(&holes[..10]));
        for hole in 1..=10 {
            if holes[hole - 1] == 0 {
                continue;
            }
            let record = DAKON
                .replace("DAKON_START", &start)
                .replace("DAKON_MOVE", &format!("B{hole}"));
            let game = parse_games(&record).remove(0).expect("reads");
            let laps = with_rules_within(&game.header, MAX_MAX_LAPS, Longest(record.clone()))
                .expect("configured");
            if laps > best.0 {
                best = (laps, start.clone(), format!("B{hole}"));
            }
        }
    }
    (best.1, best.2)
}
