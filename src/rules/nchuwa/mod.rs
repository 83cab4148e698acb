//! Nchuwa (Malawi), from seed `001_f19c85123d035a9a.txt` (Catalan), with Sanderson 1913 where
//! `shared/RULES-READING.md` quotes him. See `docs/rules/nchuwa.md`.
//!
//! Each player sows only round his own two rows: a ring of 2N holes numbered in sowing order
//! (outer row 1..N, inner row N+1..2N). Seeds never cross to the other side; captured seeds
//! leave the board for the captor's winnings. The opening gambit has no decision and is part of
//! the start position; the opening transfers and every later move are one decision each, the
//! extra captures and a stopped lap included, as MGN writes them in one token (`B8:B2*A5`,
//! `B8:B2*A5*A7`, `B9*A5`, `B9/17`); under `nchuwa.opening.order=interleaved` each opening
//! removal is a ply and a decision of its own (`*A5`).
//!
//! The game lives in four files, as every game does: `defs.rs` (its rules, options and presets,
//! with the seed sentences), `mechanics.rs` (the gambit, the laps and their cycles, captures,
//! the opening transfer), `rules.rs` (the [`Rules`] implementation: the link
//! to the notation) and `tests.rs`. This file holds the board's representation, which they share.

mod defs;
mod mechanics;
mod rules;
#[cfg(test)]
mod tests;

pub use defs::*;

use super::cycle::{self, Walk};
use super::{
    check_move_form, check_position_form, pile, undecided, Event, EventSink, GameDef, MovePart,
    Phase, PositionHead, PositionSize, Rules, RulesExt, Settings, POSITION_SHAPE,
};
use crate::notation::{
    BoardSize, Element, Few, Hole, HoleState, Move, Position, Side, Sowing, Spanned,
};
use crate::Diagnostic;
use std::fmt;

/// The largest ring: 2 x 15 holes.
const MAX_RING: usize = 30;
type Ring = [u8; MAX_RING];

/// Nchuwa's rules for one board and one set of options.
#[derive(Clone, Debug)]
pub struct Nchuwa {
    /// Holes a row.
    n: usize,
    /// The record's rule options.
    config: Config,
    /// Holes the opening transfer takes by choice ([`OpeningRemovals`]): 1 or 2.
    removals: usize,
    /// The lap budget of one move (`mgn.limit.laps`).
    max_laps: u64,
}

/// The room Nchuwa's play works in, which the caller owns and hands to every call
/// ([`Rules::Scratch`]): the last move that did not end, remembered so that its stops, played
/// one after the other, do not walk it again each. A fresh one gives the same answers.
#[derive(Clone, Debug, Default)]
pub struct NchuwaScratch {
    /// A key of the remembered move that every walk compares with its own, so that the walks
    /// of other moves look no further.
    key: Option<u64>,
    memo: Option<Memo>,
}

/// A Nchuwa position with everything play goes on from: the seeds, the captures, and how
/// much of the opening is left.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct NchuwaState {
    /// Seeds per hole of each side (index `Side::index`), hole k at k-1.
    rings: [Ring; 2],
    /// Seeds each side has captured.
    won: [u32; 2],
    to_move: Side,
    /// Opening plies still to be made, 0 in play: 2 at the start (the two transfers, with
    /// their removals), or under `nchuwa.opening.order=interleaved` the two transfers and
    /// then every removal as a ply of its own (2 + 2 x removals).
    opening: u8,
    /// The player to move has seeds but no legal move, and passes (`nchuwa.no-move=pass`).
    must_pass: bool,
    /// Some(winner) once the game is over.
    result: Option<Option<Side>>,
}

/// The opponent's holes a turn takes by the mover's choice, in the order written (`*A5*A7`):
/// none, one, or the opening's two removals (`nchuwa.opening.removals=two`). Its places are
/// filled from the first (every constructor below does so), which `is_empty` and `iter` read.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Extras([Option<Hole>; 2]);

impl Extras {
    /// No hole taken: a turn without an extra capture.
    pub const NONE: Extras = Extras([None, None]);

    /// A single hole taken (`*A5`).
    pub fn one(hole: Hole) -> Extras {
        Extras([Some(hole), None])
    }

    /// The holes written, or None when there are more than two.
    pub fn from_holes(holes: &[Hole]) -> Option<Extras> {
        match *holes {
            [] => Some(Extras::NONE),
            [a] => Some(Extras([Some(a), None])),
            [a, b] => Some(Extras([Some(a), Some(b)])),
            _ => None,
        }
    }

    /// How many holes are taken: 0, 1 or 2.
    pub fn len(&self) -> usize {
        self.iter().count()
    }

    /// Whether no hole is taken.
    pub fn is_empty(&self) -> bool {
        self.0[0].is_none()
    }

    /// The holes taken, in the order written: up to the first place left empty, since the
    /// places are filled from the first.
    pub fn iter(&self) -> impl Iterator<Item = Hole> + '_ {
        self.0.iter().map_while(|&hole| hole)
    }
}

impl fmt::Display for Extras {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.iter().try_for_each(|hole| write!(f, "*{hole}"))
    }
}

/// A decision in Nchuwa: one whole turn, as MGN writes it in one token.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NchuwaDecision {
    /// The mover has seeds but no legal move, and loses his turn (`nchuwa.no-move=pass`).
    Pass,
    /// The opening transfer `from:to*extra`, or `from:to*extra*extra` with two removals.
    Transfer {
        /// The inner hole the two seeds leave.
        from: Hole,
        /// The empty outer hole they go to.
        to: Hole,
        /// The opponent's holes the opening removes with it.
        extras: Extras,
    },
    /// One of the opening's removals as a ply of its own, `*A5`
    /// (`nchuwa.opening.order=interleaved`).
    Remove(Hole),
    /// A move from `hole`, with the extra capture it takes, or the lap it stops after.
    Sow {
        /// The mover's hole sown first.
        hole: Hole,
        /// The opponent's hole taken besides the capture, where a rule lets the mover choose
        /// one (`*A5`).
        extras: Extras,
        /// The lap after which a move that would never end stops (`/17`), where
        /// `nchuwa.endless` lets the mover stop it.
        stop: Option<u32>,
    },
}

impl fmt::Display for NchuwaDecision {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NchuwaDecision::Pass => f.write_str("pass"),
            NchuwaDecision::Transfer { from, to, extras } => write!(f, "{from}:{to}{extras}"),
            NchuwaDecision::Remove(hole) => write!(f, "*{hole}"),
            NchuwaDecision::Sow { hole, extras, stop } => {
                write!(f, "{hole}{extras}")?;
                match stop {
                    Some(lap) => write!(f, "/{lap}"),
                    None => Ok(()),
                }
            }
        }
    }
}

/// The state of a move between laps: the mover's ring, and the hole the next lap starts from.
/// Two moments of a move with equal in-move states go on identically, forever.
#[derive(Clone, Debug, PartialEq, Eq)]
struct InMove {
    ring: Ring,
    at: u8,
}

/// The last long move whose walk did not end (it never ends, or was not decided), and how far
/// its stops were played: listing the stops of one endless move and playing them one after
/// the other (perft, random play) follows its walk once and a lap a stop, where each stop
/// followed the whole walk again (a cycle of a million laps took 10^12 laps to count).
#[derive(Clone, Debug)]
struct Memo {
    /// The move: the mover's ring before it, and the hole it starts from.
    from: InMove,
    walk: Walk,
    /// The state after lap `lap` of the move, played without events.
    lap: u64,
    state: InMove,
}

/// What a move from one hole does, worked out before anything is changed.
#[derive(Clone, Debug)]
struct SowPlan {
    walk: Walk,
    /// The mover's ring after a move that ends.
    ring_after: Ring,
    /// Opponent's holes (ring indices) taken by the capture: the facing inner hole, the outer
    /// hole behind.
    front: Option<usize>,
    back: Option<usize>,
    /// The opponent's ring after that capture.
    opponent_after: Ring,
    /// An extra capture is open (there was a capture that gives one, and the opponent has
    /// seeds left).
    extra_open: bool,
}
