//! Dong Wo (Achang, Yunnan), the whole game, from two seeds that differ:
//! `000_d0fe4d3b4074e7f5.txt` (Catalan) and `003_32ae25b09ce39cfe.txt` (Mancala World).
//! See `docs/rules/dong-wo.md`.
//!
//! The ten holes form one ring, counter-clockwise B1..B5 A1..A5 (ring index 0..9). A move is a
//! hole and a direction; then every lap that carries a muzi is one more decision of the mover
//! (where the muzi drops), so a turn is a [`Phase::Continue`] sequence: `B3>`, `@A2`, `@B4`.
//! Laps without a muzi involve no choice; runs of them are followed with the shared exact
//! cycle detection ([`cycle::run`]). The states at muzi laps and the drops between them form a
//! finite graph, searched to decide whether a move can still end (a state met again is a loop
//! the mover may leave by another drop, not the end of the move).
//!
//! Rounds follow each other until a player is reduced to a single hole; between them come the
//! transactions (won and bought holes, the muzi bought back, the fill, debts), and the owners
//! of won and bought holes act on them at any moment: `between.rs`.
//!
//! The game lives in the files every game has: `defs.rs` (its rules, options and presets, with
//! the seed sentences), `mechanics.rs` (the laps and the muzi drops, the look-ahead that decides
//! whether a move can end, captures, tianzi, the end of a round), `between.rs` (between rounds,
//! and the owner actions), `rules.rs` (the [`Rules`] implementation: the
//! link to the notation) and `tests.rs`. This file holds the board's representation, which
//! they share.

mod between;
mod defs;
mod mechanics;
mod rules;
#[cfg(test)]
mod tests;

pub use defs::*;

use super::cycle::{self, Walk};
use super::{
    check_move_form, check_position_form_with, next_round, undecided, Event, EventSink, GameDef,
    Lookahead, MovePart, Phase, PositionHead, PositionSize, Rules, RulesExt, Settings,
    POSITION_SHAPE,
};
use crate::code::Code;
use crate::notation::{
    push_action, push_transaction, AnchoredAction, BoardSize, Direction, Element, Few, Hole,
    HoleAction, HoleState, Move, Muzi, MuziDrop, Pile, Position, Side, Sowing, Spanned,
    Transaction,
};
use crate::Diagnostic;
use between::{Anchors, PieceHook};
use std::fmt;

/// The ring's holes: both rows.
const N: usize = 10;

/// A muzi's place when it went, during the move under way, to the winnings of the owner of a
/// won or bought hole: `BANKED + owner index` (never a ring index).
const BANKED: u8 = 16;

/// The pieces on the board: small stones per ring hole, and where each muzi is (A's, B's),
/// with which holes are won or bought and what went to their owners during this move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Board {
    holes: [u8; N],
    muzi: [Option<u8>; 2],
    /// Bit `i`: ring hole `i` is owned (won or bought) by the player whose row it is not.
    owned: u16,
    /// Small stones sown into owned holes during the move under way, for each owner (A, B),
    /// on their way to his winnings (`dong-wo.owned.sown=winnings`).
    banked: [u8; 2],
}

impl Board {
    fn owner(&self, i: usize) -> Option<Side> {
        (self.owned >> i & 1 == 1).then(|| row_side(i).other())
    }

    /// The holes `side` may move from: his row's holes he has not lost, and the holes he owns
    /// in the other row.
    fn sector(&self, side: Side) -> u16 {
        row_mask(side) & !self.owned | row_mask(side.other()) & self.owned
    }

    /// `side`'s regular holes: his row's holes the opponent does not own.
    fn regular(&self, side: Side) -> u16 {
        row_mask(side) & !self.owned
    }

    #[inline]
    fn muzi_at(&self, i: usize) -> Option<Side> {
        let here = Some(i as u8);
        if self.muzi[0] == here {
            Some(Side::A)
        } else if self.muzi[1] == here {
            Some(Side::B)
        } else {
            None
        }
    }

    #[inline]
    fn is_empty(&self, i: usize) -> bool {
        self.holes[i] == 0 && self.muzi_at(i).is_none()
    }

    #[inline]
    fn pile(&self, i: usize) -> Pile {
        // As `muzi_at` finds it: A's muzi, else B's (two muzi never share a hole).
        let a = self.muzi[0] == Some(i as u8);
        Pile {
            seeds: self.holes[i] as u32,
            muzi: Muzi {
                a,
                b: !a && self.muzi[1] == Some(i as u8),
            },
        }
    }

    #[inline]
    fn hole_state(&self, i: usize) -> HoleState {
        HoleState {
            pile: self.pile(i),
            owner: self.owner(i),
            out_of_play: false,
        }
    }

    fn clear(&mut self, i: usize) {
        self.holes[i] = 0;
        for m in &mut self.muzi {
            if *m == Some(i as u8) {
                *m = None;
            }
        }
    }

    /// Pieces in `side`'s regular holes, a muzi counting `muzi`: what the round-end test and
    /// tianzi look at by default (won and bought holes are «forats capturats», not «forats»);
    /// the rules ask `count_in` with the holes their options name.
    #[cfg(test)]
    fn count(&self, side: Side, muzi: u32) -> u32 {
        self.count_in(self.regular(side), muzi)
    }

    fn count_in(&self, mask: u16, muzi: u32) -> u32 {
        let seeds: u32 = holes_of(mask).map(|i| self.holes[i] as u32).sum();
        seeds + (self.muzi_mask() & mask).count_ones() * muzi
    }

    /// The ring holes holding a muzi, as bits (two muzi in one hole make one bit).
    fn muzi_mask(&self) -> u16 {
        let [a, b] = self.muzi_rings();
        a | b
    }

    /// The ring hole of A's muzi and of B's, as bits, as [`Board::pile`] reads them: a muzi
    /// out of the ring (won, or held apart) is none, and where both stand in one hole the
    /// hole is A's muzi's.
    #[inline(always)]
    fn muzi_rings(&self) -> [u16; 2] {
        let ring = |m: Option<u8>| m.filter(|&at| usize::from(at) < N).map_or(0, |at| 1 << at);
        let a = ring(self.muzi[0]);
        [a, ring(self.muzi[1]) & !a]
    }

    /// The ring holes holding a piece, as bits.
    fn occupied(&self) -> u16 {
        // Asked several times after every move: the ten counts are tested eight at a time,
        // each nonzero byte setting its top bit, and the top bits gathered by a multiply.
        const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
        let nonzero = |bytes: u64| (((bytes & LOW7) + LOW7) | bytes) & !LOW7;
        let gather = |tops: u64| ((tops >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u16;
        let mut first = [0u8; 8];
        first.copy_from_slice(&self.holes[..8]);
        let low = gather(nonzero(u64::from_le_bytes(first)));
        let high = u16::from(self.holes[8] != 0) << 8 | u16::from(self.holes[9] != 0) << 9;
        low | high | self.muzi_mask()
    }
}

/// Ring indices of a side's row, in his numbering order.
fn row(side: Side) -> std::ops::Range<usize> {
    match side {
        Side::B => 0..5,
        Side::A => 5..10,
    }
}

fn row_mask(side: Side) -> u16 {
    match side {
        Side::B => 0x1f,
        Side::A => 0x3e0,
    }
}

fn row_side(i: usize) -> Side {
    if i < 5 {
        Side::B
    } else {
        Side::A
    }
}

/// The ring indices of a set of holes, in ring order (B1..B5 A1..A5).
fn holes_of(mask: u16) -> impl Iterator<Item = usize> {
    let mut bits = mask & ((1 << N) - 1);
    std::iter::from_fn(move || {
        (bits != 0).then(|| {
            let i = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            i
        })
    })
}

fn ring_hole(i: usize) -> Hole {
    // Every event names a hole: a table rather than a branch for each.
    const RING: [Hole; N] = {
        let mut ring = [Hole {
            side: Side::B,
            number: 0,
        }; N];
        let mut i = 0;
        while i < N {
            ring[i] = if i < 5 {
                Hole {
                    side: Side::B,
                    number: i as u32 + 1,
                }
            } else {
                Hole {
                    side: Side::A,
                    number: i as u32 - 4,
                }
            };
            i += 1;
        }
        ring
    };
    RING[i]
}

fn ring_index(hole: Hole) -> Option<usize> {
    if !(1..=5).contains(&hole.number) {
        return None;
    }
    Some(match hole.side {
        Side::B => hole.number as usize - 1,
        Side::A => hole.number as usize + 4,
    })
}

fn step(i: usize, ccw: bool, k: usize) -> usize {
    let k = k % N;
    match ccw {
        true if i + k >= N => i + k - N,
        true => i + k,
        false if i >= k => i - k,
        false => i + N - k,
    }
}

/// The hole after ring hole `i` that way: `step(i, ccw, 1)`, for the loops that sow.
#[inline]
fn next_hole(i: usize, ccw: bool) -> usize {
    match ccw {
        true if i + 1 == N => 0,
        true => i + 1,
        false if i == 0 => N - 1,
        false => i - 1,
    }
}

/// A state inside a move: the board and the hole the next lap takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Snap {
    board: Board,
    next: u8,
}

/// A turn in progress, waiting for a muzi drop or for the mover's stop. The in-move states
/// it met at muzi laps are kept beside it, in [`DongWoState`]'s `seen`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct InMove {
    mover: Side,
    ccw: bool,
    /// Laps played so far.
    lap: u32,
    /// The hole the next lap takes (it holds a muzi while a drop is awaited).
    next: u8,
    /// Set when the move never ends and the mover must stop (dong-wo.endless=stop).
    stop: Option<u32>,
    /// Set when no choice of drops can end the move any more, under
    /// `dong-wo.endless=stop-any-lap`: the laps the mover may stop after from here, the laps
    /// ahead not played yet.
    park: Option<Park>,
    /// Pieces sown so far in this move (for owner actions anchored at a piece).
    sown: u32,
    /// Owner actions are written inside this move.
    acted: bool,
}

/// A move that can no longer end, waiting under `dong-wo.endless=stop-any-lap` (after lap
/// `InMove::lap`, on the state's board) for the lap it stops after, or for the drop of the muzi
/// lap ahead. The laps between are played by the decision that comes, with its events.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Park {
    /// The first and last laps the mover may stop after.
    first: u32,
    last: u32,
    /// The hole of the last piece of lap `InMove::lap`, whose end the next decision reports
    /// (as the stop, or as a relay); None before the first lap.
    last_hole: Option<u8>,
    /// What the laps ahead come to.
    ahead: Ahead,
}

/// Where the laps ahead of a parked move lead.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Ahead {
    /// Laps without a muzi that cycle: the state after `mu + lambda` of them is the state
    /// after `mu`; the last stop is after lap `mu + lambda` of them, as under `stop`.
    Cycle { mu: u32, lambda: u32 },
    /// A muzi lap, after lap `Park::last`, from `node` (as a run of laps from the parked board
    /// reaches it: its `banked` holds the stones banked before it too, `banked` of them). The
    /// mover may drop there and go on when `drops` (the node is new to the move); otherwise he
    /// stops by then, as under `stop`.
    Node {
        node: Snap,
        banked: [u8; 2],
        drops: bool,
    },
}

/// The state after `laps` laps without a muzi from `from`, the last asked for: a parked move's
/// stops played one after the other (perft, random play) cost a lap each.
#[derive(Clone, Debug)]
struct StopMemo {
    from: Snap,
    ccw: bool,
    laps: u32,
    at: Snap,
}

/// `side` owes `stones` more to the opponent; what the opponent owes him is set off first.
/// Debts have no bound in the rules, and a `Start` position may write any up to `u32::MAX`: a
/// debt beyond it, which no position could write, is refused under `rule` (the rule that
/// lends), never wrapped round to a small one. Nothing changes when it is refused.
fn owe(debts: &mut [u32; 2], side: Side, stones: u32, rule: Code) -> Result<(), Diagnostic> {
    let off = stones.min(debts[side.other().index()]);
    let before = debts[side.index()];
    let Some(after) = before.checked_add(stones - off) else {
        return Err(Diagnostic::new(
            rule,
            format!(
                "{side} owes {before} and would owe {} more: mgn counts a debt up to {}, the largest number MGN writes",
                stones - off,
                u32::MAX
            ),
        ));
    };
    debts[side.other().index()] -= off;
    debts[side.index()] = after;
    Ok(())
}

fn set_muzi(pile: &mut Pile, m: Side) {
    match m {
        Side::A => pile.muzi.a = true,
        Side::B => pile.muzi.b = true,
    }
}

/// Between two rounds: from the end of a round to the first move of the next, while
/// transactions are open.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Between {
    /// The round's winner, until he has taken his hole.
    winner: Option<Side>,
    /// The `round N` marker has been passed.
    begun: bool,
    /// Regular holes that need no fill any more (filled, or bought back with their 5).
    filled: u16,
    /// A fill has been made: under `dong-wo.buy.when=before-fill` purchases are over.
    fill_made: bool,
    /// The hole the round's winner has just taken, which its loser may buy back at once.
    just_won: Option<u8>,
}

/// A Dong Wo position with everything play goes on from: the board with its owned holes and
/// muzi, the winnings and debts, the turn under way and the dealings between rounds.
#[derive(Debug, PartialEq, Eq, Hash)]
pub struct DongWoState {
    board: Board,
    winnings: [Pile; 2],
    debts: [u32; 2],
    to_move: Side,
    turn: Option<InMove>,
    /// The in-move states the turn under way met at muzi laps (empty between turns). Kept
    /// out of the turn, which every drop copies so that a refused one can be undone: the
    /// list only grows during a turn, so undoing is cutting it back, and it keeps its room
    /// from one turn to the next.
    seen: Vec<Snap>,
    /// `Some(winner)` once the game is over.
    over: Option<Option<Side>>,
    round: u32,
    /// Who moved first in this round (later rounds alternate).
    first: Side,
    between: Option<Between>,
    /// Owner actions written in the move about to be played (`~12^A4`), by piece.
    pending: Vec<(u32, HoleAction)>,
    /// The side to move has no legal move (kept, since finding out plays moves ahead).
    stuck: bool,
}

// By hand for `clone_from`, which copies into the state's own vectors: a replay keeps the state
// before each ply in one it reuses, and a derived `clone_from` built and dropped both at every
// ply.
impl Clone for DongWoState {
    #[inline]
    fn clone(&self) -> Self {
        DongWoState {
            seen: self.seen.clone(),
            between: self.between.clone(),
            pending: self.pending.clone(),
            ..*self
        }
    }

    #[inline]
    fn clone_from(&mut self, source: &Self) {
        // Field by field: a whole new state put in place was built and the old one dropped.
        let DongWoState {
            board,
            winnings,
            debts,
            to_move,
            turn,
            seen,
            over,
            round,
            first,
            between,
            pending,
            stuck,
        } = source;
        self.board = *board;
        self.winnings = *winnings;
        self.debts = *debts;
        self.to_move = *to_move;
        self.turn = *turn;
        self.seen.clone_from(seen);
        self.over = *over;
        self.round = *round;
        self.first = *first;
        self.between.clone_from(between);
        self.pending.clone_from(pending);
        self.stuck = *stuck;
    }
}

/// A decision in Dong Wo: a step of a turn (the hole and direction, each muzi drop, a stop),
/// a pass, or a dealing between rounds or by an owner.
//
// `repr(u32)`: every variant's fields at offsets of 4. In Rust's own layout the fields started
// at byte 1 after a one-byte tag, and a decision built on the stack was read back as words
// that straddled the bytes just written, which the CPU cannot forward from its store buffer:
// building a move's decisions and an owner action's cost a stall each (7 % of a replay).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u32)]
pub enum DongWoDecision {
    /// Start the move: sow `hole` in `direction` (`B3>`).
    Sow {
        /// The hole whose stones are sown.
        hole: Hole,
        /// Which way round the board the sowing goes.
        direction: Direction,
    },
    /// Where a lap carrying a muzi drops it, as the mover chooses (`@B3`).
    Drop {
        /// The hole chosen (and which visit of it in the lap), and which muzi is taken when
        /// the two meet.
        drop: MuziDrop,
    },
    /// Stop a move that would never end after lap `lap` (`/17`), as `dong-wo.endless` allows.
    Stop {
        /// The last lap played.
        lap: u32,
    },
    /// The mover has no legal move and loses his turn.
    Pass,
    /// A transaction between rounds.
    Deal {
        /// The dealing, as MGN writes it (`win:B3`, `buy:B2=3`).
        deal: Transaction,
    },
    /// An owner action: between moves, or (`step`) after that many pieces of the move.
    Act {
        /// What the owner does with his hole.
        action: HoleAction,
        /// How many pieces of the move come before it, or None between moves.
        step: Option<u32>,
    },
}

impl fmt::Display for DongWoDecision {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DongWoDecision::Sow { hole, direction } => write!(f, "{hole}{}", direction.symbol()),
            DongWoDecision::Drop { drop } => write!(f, "@{drop}"),
            DongWoDecision::Stop { lap } => write!(f, "/{lap}"),
            DongWoDecision::Pass => write!(f, "pass"),
            DongWoDecision::Deal { deal } => {
                let mut text = String::new();
                push_transaction(&mut text, deal);
                f.write_str(&text)
            }
            DongWoDecision::Act { action, step } => {
                let mut text = String::new();
                if let Some(step) = step {
                    text = format!("~{step}");
                }
                push_action(&mut text, action);
                f.write_str(&text)
            }
        }
    }
}

/// How a run of laps without a muzi turns out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum RunEnd {
    /// The hole after the last lap is empty: the move ends.
    Ends,
    /// The next lap carries a muzi: a node of the move, where the mover chooses a drop.
    Muzi,
    /// The laps cycle: the state after lap `mu + lambda` of the run repeats that after `mu`.
    Endless { mu: u64, lambda: u64 },
    /// Not decided within the laps the run was given (`mgn.limit.laps`).
    Undecided,
}

/// The laps a look-ahead may still follow (`mgn.limit.laps`): each run of plain laps and each
/// muzi lap it plays is taken from it, and a run not decided within what is left empties it.
/// It bounds a search's time, whatever the number of states it meets.
#[derive(Clone, Copy, Debug)]
struct Meter {
    left: u64,
}

impl Meter {
    /// Take one lap; false when none is left.
    fn take_lap(&mut self) -> bool {
        let some = self.left > 0;
        self.left = self.left.saturating_sub(1);
        some
    }
}

/// Whether some choice of drops ends a move (as a goal asks), as a look-ahead within the lap
/// budget finds it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Reach {
    Yes,
    No,
    /// No end found, and some way on not followed to its end within the budget.
    Undecided,
}

impl Reach {
    fn from(yes: bool) -> Reach {
        if yes {
            Reach::Yes
        } else {
            Reach::No
        }
    }
}

/// The offsets in a lap where its muzi may drop, as bits (a lap has at most 41 pieces).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Offsets(u64);

impl Offsets {
    fn is_empty(self) -> bool {
        self.0 == 0
    }

    fn contains(self, k: usize) -> bool {
        k < 64 && self.0 >> k & 1 == 1
    }

    fn iter(self) -> impl Iterator<Item = usize> {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            (bits != 0).then(|| {
                let k = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                k
            })
        })
    }
}

/// Why a move may not start.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Refusal {
    NotSector,
    Empty,
    Singleton,
    OwnedMuzi,
    Endless,
    /// Whether the move can end was not decided within the lap budget: it may be legal.
    Undecided,
}

/// Where a move goes from an in-move state, the laps without a muzi followed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Onward {
    /// The move ends; `captures` when its capture chain takes something.
    Ends { captures: bool },
    /// A muzi lap comes, from this state.
    Node(Snap),
    /// Laps without a muzi cycle forever: no drop can change them.
    Endless,
    /// The laps were not decided within the look-ahead's budget.
    Undecided,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Goal {
    Finish,
    Capture,
}

/// Dong Wo's rules under one set of options.
#[derive(Clone, Debug)]
pub struct DongWo {
    /// The record's rule options.
    config: Config,
    /// What a muzi counts in the round-end test (`dong-wo.round-end.muzi`).
    muzi_count: u32,
    /// The lap budget of one move (`mgn.limit.laps`).
    max_laps: u64,
}

/// The room Dong Wo's play works in, which the caller owns and hands to every call
/// ([`Rules::Scratch`]): what one call remembers spares the next the same work, and the rules
/// value stays immutable, to share between threads. Memos only: a fresh one gives the same
/// answers.
#[derive(Clone, Debug, Default)]
pub struct DongWoScratch {
    /// The last stop of a parked move played without events ([`StopMemo`]).
    stop_memo: Option<StopMemo>,
    /// The look-ahead's work lists ([`mechanics::Search`]).
    search: mechanics::Search,
    /// The drops the look-ahead played lately, and where they led ([`mechanics::DropMemo`]).
    drops: mechanics::DropMemo,
    /// Room for the copy of a move's owner actions that undoes a refused one
    /// ([`DongWo::played_or_undone`]).
    pending_kept: Vec<(u32, HoleAction)>,
}

/// The direction of a move that sows counter-clockwise when `ccw`.
fn direction(ccw: bool) -> Direction {
    if ccw {
        Direction::CounterClockwise
    } else {
        Direction::Clockwise
    }
}
