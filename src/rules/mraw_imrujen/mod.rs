//! Mraw imrujen (northern Morocco), from seed `004_dcb8c259b7477a90.txt` (Catalan). See
//! `docs/rules/mraw-imrujen.md`.
//!
//! The board is a ring of ten holes in counter-clockwise order, `B1..B5` then `A1..A5` (slots
//! 0..9). One player sows counter-clockwise (toward higher slots), the other clockwise; the
//! option `mraw-imrujen.sow.direction` says who does which. A move is one lap whose first seed
//! goes back into the hole it was taken from; a capture starts at the last seed's hole in the
//! mover's own row and runs back against his sowing direction. Captured seeds go to the mover's
//! winnings (the position's stores field). Between rounds the seeds not kept are shared out over
//! the ten holes; every seed stays on the board or in someone's winnings, 40 in all, unless
//! `mraw-imrujen.round.leftover=out-of-game` (after a tied round, `round.tie-leftover=out-of-game`)
//! takes the leftover out of the game.
//!
//! The game lives in four files, as every game does: `defs.rs` (its rules, options and presets,
//! with the seed sentences), `mechanics.rs` (sowing, capturing, the end of a round and the
//! sharing out), `rules.rs` (the [`Rules`] implementation: the link to the
//! notation) and `tests.rs`. This file holds the board's representation, which they share.

mod defs;
mod mechanics;
mod rules;
#[cfg(test)]
mod tests;

pub use defs::*;

use super::{
    check_move_form, check_position_form, next_round, pile, Event, EventSink, GameDef, MovePart,
    Phase, PositionHead, PositionSize, Rules, RulesExt, Settings,
};
use crate::code::Code;
use crate::notation::{
    BoardSize, Element, Few, Hole, HoleState, Move, Position, Side, Sowing, Spanned,
};
use crate::Diagnostic;
use std::fmt;

const HOLES: usize = 10;
const ROW: usize = 5;
const SEEDS: u32 = 40;

/// Mraw imrujen's rules for one set of options.
#[derive(Clone, Debug)]
pub struct MrawImrujen {
    /// Each side's step round the ring, by the round's first player and then the mover (both by
    /// `Side::index`): 1 counter-clockwise, 9 clockwise. Only `first-player-clockwise` makes it
    /// depend on the round's first player.
    steps: [[usize; 2]; 2],
    /// The record's rule options.
    config: Config,
    /// How many times a capture chain may cross a row boundary (`config.capture_reach`).
    max_crossings: u32,
}

/// Where the game stands besides the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Stage {
    Playing,
    /// The round is over; `stuck` was to move and could not play.
    RoundOver {
        stuck: Side,
    },
    Over(Option<Side>),
}

/// A Mraw imrujen position with everything play goes on from: the seeds, each player's
/// captures, the rounds and who is to move.
#[derive(Debug, PartialEq, Eq, Hash)]
pub struct MrawState {
    /// Seeds per slot: `B1..B5`, `A1..A5`.
    board: [u32; HOLES],
    /// Each player's captured seeds (by `Side::index`), the position's stores field.
    winnings: [u32; 2],
    /// The part of the winnings kept from earlier rounds (under `round-captures`, what is
    /// compared at a round's end is the rest).
    banked: [u32; 2],
    to_move: Side,
    round: u32,
    /// Who moved first in this round.
    round_first: Side,
    stage: Stage,
    /// The positions (board, player to move) since the round's last capture, for
    /// `mraw-imrujen.repetition=ends-round`; empty under `allowed`.
    history: Vec<([u8; HOLES], Side)>,
    /// While the stage is `Playing`: the moves open to `to_move`, as `legal` gives them. The
    /// end of a turn works them out to see whether the round is over; the decision list and
    /// the check of the next move read them here rather than sowing every hole again.
    moves: Slots,
}

// By hand for `clone_from`, which keeps the history's room: a replay keeps the state before each
// ply in one it reuses, and a derived `clone_from` allocated a new history at every ply.
impl Clone for MrawState {
    #[inline]
    fn clone(&self) -> Self {
        MrawState {
            history: self.history.clone(),
            ..*self
        }
    }

    #[inline]
    fn clone_from(&mut self, source: &Self) {
        // Field by field: a whole new state put in place was built and the old one dropped.
        let MrawState {
            board,
            winnings,
            banked,
            to_move,
            round,
            round_first,
            stage,
            history,
            moves,
        } = source;
        self.board = *board;
        self.winnings = *winnings;
        self.banked = *banked;
        self.to_move = *to_move;
        self.round = *round;
        self.round_first = *round_first;
        self.stage = *stage;
        self.history.clone_from(history);
        self.moves = *moves;
    }
}

/// A decision in Mraw imrujen: the hole to sow.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MrawMove(pub Hole);

impl fmt::Display for MrawMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// A set of slots, in slot order. The legal moves are worked out several times a ply (listed,
/// checked, and to see whether the next player is stuck), so they live in a word.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
struct Slots(u16);

impl Slots {
    fn insert(&mut self, slot: usize) {
        self.0 |= 1 << slot;
    }

    fn contains(self, slot: usize) -> bool {
        self.0 & (1 << slot) != 0
    }

    fn is_empty(self) -> bool {
        self.0 == 0
    }

    fn iter(self) -> impl Iterator<Item = usize> {
        (0..HOLES).filter(move |&slot| self.contains(slot))
    }
}

/// The holes a capture takes, in chain order: at most the whole ring, so kept inline.
#[derive(Clone, Copy)]
struct Chain {
    slots: [u8; HOLES],
    len: usize,
}

impl Chain {
    const EMPTY: Chain = Chain {
        slots: [0; HOLES],
        len: 0,
    };

    fn push(&mut self, slot: usize) {
        self.slots[self.len] = slot as u8;
        self.len += 1;
    }

    fn truncate(&mut self, len: usize) {
        self.len = self.len.min(len);
    }

    fn clear(&mut self) {
        self.len = 0;
    }

    fn len(&self) -> usize {
        self.len
    }

    fn is_empty(&self) -> bool {
        self.len == 0
    }

    fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        self.slots[..self.len].iter().map(|&slot| slot as usize)
    }
}

/// What one move does, worked out before it is played.
struct Outcome {
    /// The board after the sowing, before any capture.
    sown: [u32; HOLES],
    last: usize,
    /// The holes captured, in chain order.
    chain: Chain,
    /// Whether some seed fell in the opponent's row.
    feeds: bool,
    /// Whether the whole chain would take the opponent's last seeds.
    empties_opponent: bool,
    /// The rule the lap's end falls under.
    lap_rule: Code,
}

/// The seeds to share out between rounds, and where they go.
struct SharePlan {
    winner: Option<Side>,
    per_hole: u32,
    /// Each player's winnings once the next round is laid out.
    target: [u32; 2],
}
