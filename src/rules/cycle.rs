//! Sowings that never end: exact detection of a relay that cycles, in bounded memory.
//!
//! A relay sowing (Nchuwa, Dong Wo) is a deterministic walk through in-move states: the board
//! plus where the next lap starts. Either a lap ends the move, or the walk revisits a state and
//! then repeats forever. A cap on laps cannot tell the two apart (a move can end after hundreds
//! of laps), so [`run`] follows the walk with Brent's cycle-finding algorithm: it keeps two
//! states (the one saved at the last power of two, and the current one), compares them exactly,
//! and needs no lap limit and no table of visited states, whatever the length of the cycle.
//!
//! The game supplies the state and one lap as a step function; this module knows nothing of
//! boards.

/// How a move's walk through in-move states turns out.
///
/// States are numbered from 0, the state before the first lap; state k is the state after
/// lap k.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Walk {
    /// Lap `laps` ended the move.
    Ends { laps: u64 },
    /// The move never ends: state `mu + lambda` is the first to equal an earlier one (state
    /// `mu`), and from state `mu` on the states repeat with period `lambda` (lambda >= 1).
    Endless { mu: u64, lambda: u64 },
}

impl Walk {
    /// The lap after which a repeated state first shows, for an endless walk: `mu + lambda`.
    pub fn first_repeat(self) -> Option<u64> {
        match self {
            Walk::Ends { .. } => None,
            Walk::Endless { mu, lambda } => Some(mu + lambda),
        }
    }
}

/// Follow the walk from `state`. `step` plays one lap on a state in place and returns whether
/// the move goes on (`false`: that lap ended the move). When the walk ends, `state` is left as
/// the last lap leaves it; when it never ends, `state` is left unchanged.
///
/// Time: O(mu + lambda) steps for an endless walk (Brent's bound), the number of laps for one
/// that ends; memory: two states while searching, two more while measuring `mu`.
pub fn run<S, F>(state: &mut S, mut step: F) -> Walk
where
    S: Clone + Eq,
    F: FnMut(&mut S) -> bool,
{
    let start: &S = state;
    // Brent: the tortoise waits at the state saved at each power of two, the hare runs on.
    let mut power: u64 = 1;
    let mut lambda: u64 = 1;
    let mut tortoise = start.clone();
    let mut hare = start.clone();
    let mut laps: u64 = 1;
    if !step(&mut hare) {
        *state = hare;
        return Walk::Ends { laps };
    }
    while tortoise != hare {
        if power == lambda {
            tortoise.clone_from(&hare);
            power *= 2;
            lambda = 0;
        }
        laps += 1;
        if !step(&mut hare) {
            *state = hare;
            return Walk::Ends { laps };
        }
        lambda += 1;
    }
    // The period is lambda; the first state of the cycle is where a walker from the start
    // meets one that set off lambda states ahead.
    let mut behind = start.clone();
    let mut ahead = start.clone();
    for _ in 0..lambda {
        step(&mut ahead);
    }
    let mut mu = 0;
    while behind != ahead {
        step(&mut behind);
        step(&mut ahead);
        mu += 1;
    }
    Walk::Endless { mu, lambda }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A walk over numbers: `next` gives the successor, or None when the walk ends there.
    fn walk_of(next: impl Fn(u64) -> Option<u64>, start: u64) -> Walk {
        run(&mut start.clone(), |s| match next(*s) {
            Some(n) => {
                *s = n;
                true
            }
            None => false,
        })
    }

    /// The answer by brute force, remembering every state.
    fn brute(next: impl Fn(u64) -> Option<u64>, start: u64) -> Walk {
        let mut seen = vec![start];
        let mut state = start;
        loop {
            match next(state) {
                None => {
                    return Walk::Ends {
                        laps: seen.len() as u64,
                    }
                }
                Some(n) => {
                    if let Some(mu) = seen.iter().position(|&s| s == n) {
                        return Walk::Endless {
                            mu: mu as u64,
                            lambda: (seen.len() - mu) as u64,
                        };
                    }
                    seen.push(n);
                    state = n;
                }
            }
        }
    }

    #[test]
    fn a_walk_that_ends_counts_its_laps() {
        assert_eq!(
            walk_of(|s| (s < 500).then_some(s + 1), 0),
            Walk::Ends { laps: 501 }
        );
        assert_eq!(walk_of(|_| None, 7), Walk::Ends { laps: 1 });
    }

    #[test]
    fn a_cycle_is_found_exactly_whatever_its_length() {
        for mu in [0u64, 1, 2, 7, 100, 1000] {
            for lambda in [1u64, 2, 3, 64, 65, 999, 5000] {
                let next = |s: u64| Some(if s + 1 < mu + lambda { s + 1 } else { mu });
                let walk = walk_of(next, 0);
                assert_eq!(
                    walk,
                    Walk::Endless { mu, lambda },
                    "mu {mu} lambda {lambda}"
                );
                assert_eq!(walk.first_repeat(), Some(mu + lambda));
            }
        }
    }

    #[test]
    fn agrees_with_brute_force_on_pseudo_random_maps() {
        // Maps of 0..n into 0..n with some states that end the walk.
        let mut seed = 0x1234_5678_9abc_def0u64;
        let mut rand = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for _ in 0..300 {
            let n = 1 + rand() % 200;
            let table: Vec<Option<u64>> = (0..n)
                .map(|_| {
                    let r = rand();
                    (r % 50 != 0).then_some((r >> 8) % n)
                })
                .collect();
            let next = |s: u64| table[s as usize];
            let start = rand() % n;
            assert_eq!(walk_of(next, start), brute(next, start));
        }
    }
}
