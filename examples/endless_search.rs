//! A search for Nchuwa moves that never end, with long cycles: random rings of B's seeds on a
//! 4xN board, each move from a hole of two or more followed with the library's cycle detection
//! (`mgn::rules::cycle`), the longest cycles printed as `Start` tags. This is how the records of
//! docs/robustness.md ("Limits") and the long-move fixtures were found.
//!
//! `cargo run --release --example endless_search -- COLUMNS SEEDS TRIES [MIN_LAMBDA] [SEED]`
//! e.g. `... -- 9 36 100000 100000`. Only the default options (sow into the origin) are
//! modelled; every line printed can be checked with `mgn check` under `nchuwa.endless=stop`.

use mgn::generate::Rng;
use mgn::rules::cycle::{self, Walk};

#[derive(Clone, PartialEq, Eq)]
struct InMove {
    ring: Vec<u8>,
    at: usize,
}

/// One lap from `s.at`; whether the move goes on (the last seed fell in an occupied hole).
fn lap(s: &mut InMove) -> bool {
    let len = s.ring.len();
    let mut seeds = std::mem::take(&mut s.ring[s.at]);
    let mut at = s.at;
    while seeds > 0 {
        at = if at + 1 == len { 0 } else { at + 1 };
        s.ring[at] += 1;
        seeds -= 1;
    }
    s.at = at;
    s.ring[at] > 1
}

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .map(|a| a.parse().expect("numbers"))
        .collect();
    let columns = *args.first().unwrap_or(&9) as usize;
    let seeds = *args.get(1).unwrap_or(&36) as u32;
    let tries = *args.get(2).unwrap_or(&10_000);
    let min_lambda = *args.get(3).unwrap_or(&1_000);
    let mut rng = Rng::new(*args.get(4).unwrap_or(&1));
    let total = 8 * columns as u32;
    assert!(seeds <= total, "a 4x{columns} board holds {total} seeds");
    let ring_len = 2 * columns;
    let mut best = 0;
    for _ in 0..tries {
        let mut ring = vec![0u8; ring_len];
        for _ in 0..seeds {
            ring[rng.below(ring_len)] += 1;
        }
        for start in 0..ring_len {
            if ring[start] < 2 {
                continue;
            }
            let mut state = InMove {
                ring: ring.clone(),
                at: start,
            };
            if let Walk::Endless { mu, lambda } = cycle::run(&mut state, u64::MAX, lap) {
                if lambda >= min_lambda && lambda > best / 4 {
                    best = best.max(lambda);
                    // A's row: every seed B does not hold is in the stores, A's row empty
                    // but for one seed in each inner hole so that the game is not over.
                    let a: Vec<String> = (0..ring_len)
                        .map(|i| if i == columns { "1" } else { "0" }.to_string())
                        .collect();
                    let b: Vec<String> = ring.iter().map(|s| s.to_string()).collect();
                    let stores = total - seeds - 1;
                    println!(
                        "mu {mu} lambda {lambda} from B{}: [Board \"4x{columns}\"] [Start \"{}/{} {}/{} B 1\"]",
                        start + 1,
                        a.join(","),
                        b.join(","),
                        stores / 2,
                        stores - stores / 2
                    );
                }
            }
        }
    }
}
