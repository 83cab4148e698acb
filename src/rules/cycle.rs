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
    Ends {
        /// How many laps the move took.
        laps: u64,
    },
    /// The move never ends: state `mu + lambda` is the first to equal an earlier one (state
    /// `mu`), and from state `mu` on the states repeat with period `lambda` (lambda >= 1).
    Endless {
        /// The laps played before the states start to repeat.
        mu: u64,
        /// The period of the repetition, in laps.
        lambda: u64,
    },
    /// Not decided within the lap budget: the walk neither ended by lap `max_laps` nor came
    /// back to a state it was in by then (`mu + lambda > max_laps`).
    Undecided,
}

impl Walk {
    /// The lap after which a repeated state first shows, for an endless walk: `mu + lambda`.
    pub fn first_repeat(self) -> Option<u64> {
        match self {
            Walk::Ends { .. } | Walk::Undecided => None,
            Walk::Endless { mu, lambda } => Some(mu + lambda),
        }
    }
}

/// Follow the walk from `state`, deciding it within `max_laps` laps. `step` plays one lap on a
/// state in place and returns whether the move goes on (`false`: that lap ended the move).
/// When the walk ends, `state` is left as the last lap leaves it; otherwise it is unchanged.
///
/// The budget is exact: a walk that ends at lap `max_laps` or earlier is [`Walk::Ends`], one
/// whose state first repeats after lap `mu + lambda <= max_laps` is [`Walk::Endless`], and
/// every other walk is [`Walk::Undecided`], whatever the laps followed to find out.
///
/// Time: `lambda` laps when the walk comes back to its start (`mu = 0`, every endless Nchuwa
/// and Dong Wo move found so far), O(mu + lambda) otherwise (Brent's bound), the number of
/// laps for one that ends, and at most `2 max_laps` laps (and `max_laps` more to measure a
/// `mu`) before a walk is undecided. Memory: three states (four while measuring `mu`).
pub fn run<S, F>(state: &mut S, max_laps: u64, mut step: F) -> Walk
where
    S: Clone + Eq,
    F: FnMut(&mut S) -> bool,
{
    if max_laps == 0 {
        return Walk::Undecided;
    }
    let start: &S = state;
    // Brent: the tortoise waits at the state saved at the end of each window, whose length
    // doubles, and the hare runs on. The hare is also compared with the start, which finds a
    // cycle through it (mu = 0) as soon as the hare comes round. A last window opens at lap
    // `max_laps`: if the state then repeats within the budget, that state is on the cycle and
    // comes back within `max_laps` laps.
    let mut hare = start.clone();
    let mut tortoise = start.clone();
    let mut tortoise_at: u64 = 0;
    let mut window: u64 = 1;
    let mut laps: u64 = 0;
    let last_lap = max_laps.saturating_mul(2);
    let lambda = loop {
        laps += 1;
        if !step(&mut hare) {
            if laps > max_laps {
                return Walk::Undecided;
            }
            *state = hare;
            return Walk::Ends { laps };
        }
        if hare == *start {
            return if laps <= max_laps {
                Walk::Endless {
                    mu: 0,
                    lambda: laps,
                }
            } else {
                Walk::Undecided
            };
        }
        if hare == tortoise {
            break laps - tortoise_at;
        }
        if laps >= last_lap {
            return Walk::Undecided;
        }
        if laps == max_laps {
            tortoise.clone_from(&hare);
            tortoise_at = laps;
            window = u64::MAX;
        } else if laps - tortoise_at == window {
            tortoise.clone_from(&hare);
            tortoise_at = laps;
            window *= 2;
        }
    };
    if lambda >= max_laps {
        // mu >= 1 here (a cycle through the start is found above), so mu + lambda > max_laps.
        return Walk::Undecided;
    }
    // The first state of the cycle is where a walker from the start meets one that set off
    // lambda states ahead.
    drop(tortoise);
    let mut behind = start.clone();
    let mut ahead = hare;
    ahead.clone_from(start);
    for _ in 0..lambda {
        step(&mut ahead);
    }
    let mut mu = 0;
    while behind != ahead {
        if mu + lambda >= max_laps {
            return Walk::Undecided;
        }
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
        bounded(next, start, u64::MAX)
    }

    fn bounded(next: impl Fn(u64) -> Option<u64>, start: u64, max_laps: u64) -> Walk {
        run(&mut start.clone(), max_laps, |s| match next(*s) {
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

    /// What a budget of `max_laps` makes of a walk: the same, or undecided when it ends
    /// after the budget or repeats only after it.
    fn within(walk: Walk, max_laps: u64) -> Walk {
        match walk {
            Walk::Ends { laps } if laps > max_laps => Walk::Undecided,
            Walk::Endless { mu, lambda } if mu + lambda > max_laps => Walk::Undecided,
            walk => walk,
        }
    }

    #[test]
    fn the_budget_is_exact_at_the_limit_and_one_lap_past_it() {
        for mu in [0u64, 1, 2, 7, 100] {
            for lambda in [1u64, 2, 3, 64, 65, 999] {
                let next = |s: u64| Some(if s + 1 < mu + lambda { s + 1 } else { mu });
                let laps = mu + lambda;
                assert_eq!(
                    bounded(next, 0, laps),
                    Walk::Endless { mu, lambda },
                    "mu {mu} lambda {lambda}"
                );
                assert_eq!(bounded(next, 0, laps - 1), Walk::Undecided);
            }
        }
        for laps in [1u64, 2, 3, 63, 64, 65, 1000] {
            let next = |s: u64| (s + 1 < laps).then_some(s + 1);
            assert_eq!(bounded(next, 0, laps), Walk::Ends { laps });
            assert_eq!(bounded(next, 0, laps - 1), Walk::Undecided);
        }
    }

    #[test]
    fn an_undecided_walk_follows_a_bounded_number_of_laps() {
        // A walk that never repeats: it is given up after at most twice the budget.
        for max_laps in [1u64, 2, 5, 100, 1000] {
            let mut steps = 0u64;
            let walk = run(&mut 0u64, max_laps, |s| {
                steps += 1;
                *s += 1;
                true
            });
            assert_eq!(walk, Walk::Undecided);
            assert!(
                steps <= 2 * max_laps,
                "{steps} laps for a budget of {max_laps}"
            );
        }
        assert_eq!(run(&mut 0u64, 0, |_| true), Walk::Undecided);
    }

    #[test]
    fn agrees_with_brute_force_under_any_budget() {
        let mut seed = 0x0fed_cba9_8765_4321u64;
        let mut rand = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for _ in 0..2000 {
            let n = 1 + rand() % 120;
            let table: Vec<Option<u64>> = (0..n)
                .map(|_| {
                    let r = rand();
                    (r % 40 != 0).then_some((r >> 8) % n)
                })
                .collect();
            let next = |s: u64| table[s as usize];
            let start = rand() % n;
            let max_laps = 1 + rand() % 130;
            let expected = within(brute(next, start), max_laps);
            assert_eq!(
                bounded(next, start, max_laps),
                expected,
                "budget {max_laps}"
            );
        }
    }
}
