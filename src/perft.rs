//! Perft: the number of distinct legal decision sequences of exactly D plies from a position,
//! where every choice a player makes counts (a hole, a direction, a muzi drop, an extra
//! capture, a further sowing). A ply is a whole turn; the start of a round, which no one
//! decides, is not a ply. A game that ends before D plies contributes nothing. See
//! docs/perft.md for the convention and the published counts.

use crate::rules::{Phase, Rules};
use crate::Diagnostic;

/// The count of decision sequences of exactly `depth` plies from `state`. The rules list a
/// move not decided within the lap budget (it may be legal): such a move, met on the way,
/// makes the count unknown, and is the error (`mgn.limit.laps`).
pub fn perft<R: Rules>(rules: &R, state: &R::State, depth: u32) -> Result<u64, Diagnostic> {
    if depth == 0 {
        return Ok(1);
    }
    match rules.phase(state) {
        Phase::Over { .. } => Ok(0),
        Phase::RoundOver { .. } => {
            let mut next = state.clone();
            rules
                .begin_round(&mut next, &mut ())
                .expect("a round that is over can begin the next");
            perft(rules, &next, depth)
        }
        Phase::ToMove(_) | Phase::Continue { .. } | Phase::MustPass { .. } => {
            let mut decisions = Vec::new();
            rules.decisions(state, &mut decisions);
            decisions
                .iter()
                .map(|decision| after_decision(rules, state, decision, depth))
                .sum()
        }
    }
}

/// The count below one decision: the same turn goes on, or the next ply starts.
fn after_decision<R: Rules>(
    rules: &R,
    state: &R::State,
    decision: &R::Decision,
    depth: u32,
) -> Result<u64, Diagnostic> {
    let mut next = state.clone();
    if let Err(violation) = rules.apply(&mut next, decision, &mut ()) {
        assert_eq!(
            violation.rule, "mgn.limit.laps",
            "a listed decision is legal, or not decided within the lap budget: {decision} {violation}"
        );
        return Err(violation);
    }
    match rules.phase(&next) {
        Phase::Continue { .. } => perft(rules, &next, depth),
        _ => perft(rules, &next, depth - 1),
    }
}

/// The count below each first decision of `state`, in the order the rules list them.
pub fn divide<R: Rules>(
    rules: &R,
    state: &R::State,
    depth: u32,
) -> Result<Vec<(String, u64)>, Diagnostic> {
    divide_watched(rules, state, depth, |_, _| {})
}

/// [`divide`], telling `done(counted, of)` after each first decision is counted: how far a long
/// count has come, for a progress bar.
pub fn divide_watched<R: Rules>(
    rules: &R,
    state: &R::State,
    depth: u32,
    mut done: impl FnMut(usize, usize),
) -> Result<Vec<(String, u64)>, Diagnostic> {
    if depth == 0 {
        return Ok(Vec::new());
    }
    let mut decisions = Vec::new();
    rules.decisions(state, &mut decisions);
    let of = decisions.len();
    decisions
        .iter()
        .enumerate()
        .map(|(k, d)| {
            let count = after_decision(rules, state, d, depth)?;
            done(k + 1, of);
            Ok((d.to_string(), count))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::{BoardSize, Side};
    use crate::rules::dakon::{Dakon, DEF};
    use crate::rules::Settings;

    fn dakon(columns: u32) -> Dakon {
        Dakon::new(BoardSize { rows: 2, columns }, &Settings::defaults(&DEF)).unwrap()
    }

    /// Every complete first turn on 2x5, chained sowings included: the same count as the
    /// engine's first version gave by listing whole turns one by one.
    #[test]
    fn dakon_2x5_first_turns() {
        let d = dakon(5);
        assert_eq!(perft(&d, &d.start(Side::B), 1), Ok(1373));
    }

    #[test]
    fn divide_sums_to_perft() {
        let d = dakon(5);
        let start = d.start(Side::B);
        let parts = divide(&d, &start, 2).unwrap();
        assert_eq!(parts.len(), 5);
        assert_eq!(
            Ok(parts.iter().map(|(_, n)| n).sum::<u64>()),
            perft(&d, &start, 2)
        );
    }
}
