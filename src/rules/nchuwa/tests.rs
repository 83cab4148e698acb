use super::*;
use crate::generate::Rng;

fn nchuwa_with(columns: u32, options: &[(&str, &str)]) -> Nchuwa {
    let mut settings = Settings::defaults(&DEF);
    for (code, value) in options {
        settings.set(code, value).unwrap();
    }
    Nchuwa::new(board(columns), &settings).unwrap()
}

/// Search random rings for endless moves (fewest seeds) and for moves that end after the most
/// laps: `cargo test --release search_relays -- --ignored --nocapture`.
#[test]
#[ignore]
fn search_relays() {
    for columns in [6u32, 9] {
        let d = nchuwa_with(columns, &[]);
        let len = d.ring_len();
        let mut rng = Rng::new(columns as u64);
        let mut fewest_endless = u32::MAX;
        let mut most_laps = 0;
        for _ in 0..2_000_000 {
            let seeds = 4 + rng.below(30) as u32;
            let mut ring = [0u8; MAX_RING];
            for _ in 0..seeds {
                ring[rng.below(len)] += 1;
            }
            for start in 0..len {
                if ring[start] < 2 {
                    continue;
                }
                let mut copy = ring;
                match d.walk(&mut copy, start).0 {
                    Walk::Endless { mu, lambda } if seeds <= fewest_endless => {
                        fewest_endless = seeds;
                        println!(
                            "4x{columns} endless with {seeds} seeds: {:?} from {} mu {mu} lambda {lambda}",
                            &ring[..len],
                            start + 1
                        );
                    }
                    Walk::Ends { laps } if laps > most_laps => {
                        most_laps = laps;
                        println!(
                            "4x{columns} ends after {laps} laps with {seeds} seeds: {:?} from {}",
                            &ring[..len],
                            start + 1
                        );
                    }
                    _ => {}
                }
            }
        }
    }
}
