//! Dakon (Java), from seed `002_9ebc8f70892c264a.txt` (Catalan). See `docs/rules/dakon.md`.
//!
//! The board is a ring of slots in sowing order: both rows and both stores. Slots are numbered
//! the same whatever the direction (`B1..BN`, B's store, `A1..AN`, A's store); the direction only
//! changes which slot follows which.
//!
//! The game lives in four files, as every game does: `defs.rs` (its rules, options and presets,
//! with the seed sentences), `mechanics.rs` (sowing, capturing, the rounds), `rules.rs` (the
//! [`Rules`] implementation: the link to the notation) and `tests.rs`.
//! This file holds the board's representation, which they share.

mod defs;
mod mechanics;
mod rules;
#[cfg(test)]
mod tests;

pub use defs::*;

use super::{
    check_move_form, check_position_form, next_round, pile, undecided, Event, EventSink, GameDef,
    MovePart, Phase, PositionHead, PositionSize, Rules, RulesExt, Settings, Stores,
};
use crate::notation::{
    BoardSize, Element, Few, Hole, HoleState, Move, Position, Side, Sowing, Spanned,
};
use crate::Diagnostic;
use std::fmt;

/// The largest board: 2x10 plus two stores.
const MAX_SLOTS: usize = 22;

/// Dakon's rules for one board and one set of options.
#[derive(Clone, Debug)]
pub struct Dakon {
    /// Holes a row.
    n: usize,
    /// The slot that follows each slot in the sowing direction.
    next: [u8; MAX_SLOTS],
    /// The record's rule options.
    config: Config,
    /// Refilling starts next to the store: hole N when sowing counter-clockwise, hole 1 when
    /// clockwise.
    refill_order: Vec<usize>,
    /// The lap budget of one sowing (`mgn.limit.laps`).
    max_laps: u64,
    /// The budget is below what a sowing may take on this board ([`Dakon::lap_bound`]).
    budget_binds: bool,
}

/// A Dakon position with everything play goes on from: the seeds, the holes out of play, the
/// rounds won and how far the turn is.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct DakonState {
    /// Seeds per slot: `B1..BN`, B's store, `A1..AN`, A's store.
    slots: [u32; MAX_SLOTS],
    /// Bit i set: slot i is out of play.
    out_of_play: u32,
    to_move: Side,
    round: u32,
    rounds_won: [u32; 2],
    /// Who made the last sowing of the round (passes do not count).
    last_mover: Option<Side>,
    /// Some(winner) once the game is over.
    result: Option<Option<Side>>,
    /// The mover's last lap ended in his store: he sows again in the same turn.
    sows_again: bool,
    /// The round is over and the next has not begun: `begin_round` refills the holes.
    round_over: bool,
}

/// A decision in Dakon: the hole to sow from (first or further sowing of a turn), or a pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DakonDecision {
    /// The mover's holes are all empty and he loses his turn (`dakon.pass`).
    Pass,
    /// Sow the seeds of this hole of the mover's row.
    Sow(Hole),
}

impl fmt::Display for DakonDecision {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DakonDecision::Pass => f.write_str("pass"),
            DakonDecision::Sow(hole) => write!(f, "{hole}"),
        }
    }
}

/// How a sowing ended.
enum SowingEnd {
    InOwnStore,
    TurnOver,
}
