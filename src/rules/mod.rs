//! The rules of the four games, behind one interface.
//!
//! Each game is a module with a [`Rules`] implementation: its position type, the legal plies at
//! any point, and playing a ply as a stream of step [`Event`]s. Every rule and rule option has a
//! stable code (`dakon.capture.opposite`) that verdicts, traces and `mgn rules` name, and a
//! quotation of the seed sentence it rests on. The notation layer knows nothing of this module;
//! this module uses the notation's vocabulary (holes, sides, positions) to talk about games.

mod any;
pub mod cycle;
pub mod dakon;
mod defs;
pub mod dong_wo;
mod event;
pub mod general;
mod move_form;
pub mod mraw_imrujen;
pub mod nchuwa;
mod options;
mod position_form;
mod registry;
mod settings;
#[cfg(test)]
mod test_support;

use crate::code::Code;
pub use crate::diagnostic::MovePart;
use crate::notation::{Element, HoleState, Move, Pile, Position, Rows, Side};
use crate::Diagnostic;
pub use any::{AnyDecision, AnyRules, AnyState};
pub use defs::{
    general_rule, undecided, Drawing, GameDef, OptionDef, PresetDef, RuleDef, Stores,
    DEFAULT_MAX_LAPS, GENERAL_RULES, MAX_MAX_LAPS,
};
pub use event::{Event, EventSink};
pub use move_form::{check_move_form, MoveForm};
pub use options::RuleOption;
pub use position_form::{
    check_position_form, check_position_form_with, check_round, next_round, PositionForm,
    PositionSize, MAX_ROUND, POSITION_SHAPE,
};
pub use registry::{game_def, with_rules, with_rules_within, WithRules};
pub use settings::Settings;
use std::fmt;

/// A written position's fields besides its holes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PositionHead {
    /// Each side's store or winnings, by [`Side::index`].
    pub stores: [Pile; 2],
    /// The player who decides next.
    pub to_move: Side,
    /// The round the position is in, from 1.
    pub round: u32,
    /// What each side owes the other, by [`Side::index`] (Dong Wo's borrowed stones; 0 in
    /// the other games).
    pub debts: [u32; 2],
}

/// Where a game stands, and who decides next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// `side` starts a new turn.
    ToMove(Side),
    /// `side`'s turn goes on: he has another decision to make, because of `rule`.
    Continue {
        /// The player still deciding.
        side: Side,
        /// The rule that gives him the further decision.
        rule: Code,
    },
    /// `side` has nothing to play and must pass, by `rule`.
    MustPass {
        /// The player who passes.
        side: Side,
        /// The rule that makes him pass.
        rule: Code,
    },
    /// Round `round` is over; the next starts at a `round N` marker ([`Rules::begin_round`]).
    RoundOver {
        /// The round that ended, from 1.
        round: u32,
    },
    /// The game is over.
    Over {
        /// Who won, or None for a draw.
        winner: Option<Side>,
    },
}

/// Whether playing a decision looks ahead to refuse it when the move could never end after it
/// (Dong Wo under `dong-wo.endless=illegal`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lookahead {
    /// Looked ahead, as a decision is played on its own ([`Rules::apply`]).
    Ahead,
    /// Left out, for a written move the caller plays whole: if the move ends, its own
    /// decisions show that it could end after each of them; if not, the caller plays it again
    /// with the look-ahead for the verdict ([`RulesExt::apply_with_lookahead`]).
    Witnessed,
}

/// One game's rules, configured for one board and one set of option values: what a game must
/// define. The faster ways to the same answers are [`RulesExt`]'s.
///
/// A turn is a sequence of decisions (a hole to sow, a direction, where a muzi drops, an extra
/// capture, a further sowing); [`Rules::decisions`] lists the ones open at any point and
/// [`Rules::apply`] plays one, reporting each step. Whole turns are never listed: a single
/// Dakon turn on a 2x6 board can be played in millions of ways.
///
/// A rules value never changes once configured, so that threads may share it: what a game
/// remembers from one call to the next to spare work lives in its [`Rules::Scratch`], which
/// the caller owns and hands to the calls that play or list decisions.
pub trait Rules {
    /// A position with everything the rules need to go on (round, rounds won, the turn so far).
    type State: Clone + PartialEq + Eq + std::hash::Hash + fmt::Debug;
    /// One decision of a player.
    type Decision: Clone + PartialEq + Eq + fmt::Debug + fmt::Display;
    /// The room the rules work in: memos one call leaves for the next (Dong Wo's look-ahead,
    /// Nchuwa's move that never ends), `()` for a game without them. Never part of an answer:
    /// a fresh one gives the same answers, more slowly. One per thread, kept across calls.
    type Scratch: Default + Send;

    /// The game's declarations: its rules, options and presets, for messages and `mgn rules`.
    fn def(&self) -> &'static GameDef;
    /// The game's starting position, with `first` to move (the `First` tag).
    fn start(&self, first: Side) -> Self::State;
    /// A state from a written position (a `Start` tag).
    fn state_from_position(&self, position: &Position) -> Result<Self::State, Diagnostic>;
    /// The holes of `side`'s row as MGN writes them, in his numbering order.
    fn row_states<'a>(
        &'a self,
        state: &'a Self::State,
        side: Side,
    ) -> impl ExactSizeIterator<Item = HoleState> + 'a;
    /// Everything else a written position holds: stores, side to move, round, debts.
    fn position_head(&self, state: &Self::State) -> PositionHead;
    /// Who decides next, or what is over.
    fn phase(&self, state: &Self::State) -> Phase;
    /// The round a state is in (1 for the first).
    fn round(&self, state: &Self::State) -> u32;
    /// Every decision open now, in a stable order.
    fn decisions(
        &self,
        state: &Self::State,
        scratch: &mut Self::Scratch,
        out: &mut Vec<Self::Decision>,
    );
    /// Play one decision, reporting each step; on a violation the state is left unchanged.
    fn apply<S: EventSink>(
        &self,
        state: &mut Self::State,
        decision: &Self::Decision,
        scratch: &mut Self::Scratch,
        sink: &mut S,
    ) -> Result<(), Diagnostic>;
    /// The decisions a written move stands for, each with the part of the move it comes from,
    /// written over `out` so that its room is reused (the replay reads every move with it); a
    /// form the game does not use is a violation.
    fn decisions_from_move_into(
        &self,
        written: &Move,
        out: &mut Vec<(Self::Decision, MovePart)>,
    ) -> Result<(), Diagnostic>;
    /// Start the next round after [`Phase::RoundOver`] (Dakon's refill, Mraw imrujen's
    /// redistribution), reporting each step.
    fn begin_round<S: EventSink>(
        &self,
        state: &mut Self::State,
        sink: &mut S,
    ) -> Result<(), Diagnostic>;
    /// The pass decision, for a game where a player may have to pass.
    fn pass_decision(&self) -> Option<Self::Decision>;
    /// The written form of one whole turn.
    fn move_from_decisions(&self, turn: &[Self::Decision]) -> Element;

    /// The decisions random play draws among (`mgn generate`, playouts): those of
    /// [`Rules::decisions`], which perft counts, and the voluntary ones perft leaves out by its
    /// convention (docs/perft.md: Dong Wo's owner actions, and the transactions it does not
    /// count), so that random games reach every rule. Every one listed is legal, or a move
    /// not decided within the lap budget.
    fn random_decisions(
        &self,
        state: &Self::State,
        scratch: &mut Self::Scratch,
        out: &mut Vec<Self::Decision>,
    ) {
        self.decisions(state, scratch, out);
    }
    /// The voluntary steps open now that perft does not count and a record writes on their
    /// own, as an element between moves (docs/perft.md): Dong Wo's owner actions between
    /// moves (`^A4`, `+A4`, `^^A4`) and the transactions perft leaves out (`repay:A:2`,
    /// `buy:B2=3`, `borrow:A:3`). The protocol's `actions` lists them (docs/protocol.md).
    /// They are among [`Rules::random_decisions`], which also draws owner actions inside the
    /// move to come; none (the default) in a game without them. Written over `out`.
    fn free_steps(
        &self,
        _state: &Self::State,
        _scratch: &mut Self::Scratch,
        out: &mut Vec<Self::Decision>,
    ) {
        out.clear();
    }
    /// The decisions open now in words, for the `legal here` list of a refusal, in the order
    /// of [`Rules::decisions`]. Decisions that differ only in the lap a move that never ends
    /// stops after are one entry (`B9/174 to /347`), so that the list never grows with the
    /// laps of a move.
    fn alternatives(&self, state: &Self::State, scratch: &mut Self::Scratch) -> Vec<String> {
        let mut decisions = Vec::new();
        self.decisions(state, scratch, &mut decisions);
        decisions.iter().map(|d| d.to_string()).collect()
    }
    /// Whether owner actions written in the move under way still wait for a piece it has not
    /// sown (Dong Wo's `~40^A4` past the move's first muzi lap): the protocol takes a move's
    /// actions with its first decision only when they are all made by the laps it plays
    /// (docs/protocol.md). None wait (the default) in a game without them.
    fn actions_waiting(&self, _state: &Self::State) -> bool {
        false
    }
    /// Whether a record that stops unfinished (result `*`, `Termination` `unfinished` or
    /// `abandoned`) may end in `state`, a turn still open ([`Phase::Continue`]): where the
    /// decision still to make begins a move of its own, as Dakon's sowing again after a lap in
    /// the own store does. Elsewhere (the default) a record writes every turn whole.
    fn may_stop_in_open_turn(&self, _state: &Self::State) -> bool {
        false
    }
    /// Play `decision`, the move of a record that stops unfinished written as its last ply
    /// with a lap (`B9/3`), as a move cut after that lap (`mgn.record.cut`): its laps through
    /// that one are played, each as any lap is, and nothing after them (no capture, no end of
    /// the turn), so the same player is still to move. Refused, the state unchanged, where the
    /// move cannot be cut there (at or past its own last lap) and in a game whose moves are
    /// not cut (the default): the replay then gives the move's own refusal of `/N`.
    fn apply_cut<S: EventSink>(
        &self,
        _state: &mut Self::State,
        _decision: &Self::Decision,
        _scratch: &mut Self::Scratch,
        _sink: &mut S,
    ) -> Result<(), Diagnostic> {
        Err(Diagnostic::new(
            general::RECORD_CUT,
            "mgn cuts no move of this game after a lap (it cuts Nchuwa's): the record stops between turns",
        ))
    }
    /// A decision a record may leave out because it is the only one open (a Dong Wo muzi drop
    /// with one legal hole), given the next written decision of the move (`None` at its end);
    /// the replay plays it when the written move does not name it.
    fn implied(
        &self,
        _state: &Self::State,
        _written: Option<&Self::Decision>,
    ) -> Option<Self::Decision> {
        None
    }
    /// The steps without a choice that playing `decision` from `state` makes before it, as
    /// decisions a record may write (Dong Wo's muzi bought back and fill, which wait for the
    /// first transaction or move that comes after them: `muzi:A fill:A fill:B` before a
    /// round's first move). Played in order and then `decision`, they leave the state that
    /// `decision` alone leaves. None in a game whose every step is made where it falls.
    fn compulsory_before(
        &self,
        _state: &Self::State,
        _decision: &Self::Decision,
    ) -> Vec<Self::Decision> {
        Vec::new()
    }
    /// The decision an owner action written between moves stands for (Dong Wo's `^A4`).
    fn decision_from_action(
        &self,
        _: &crate::notation::HoleAction,
    ) -> Result<Self::Decision, Diagnostic> {
        Err(Diagnostic::new(
            general::MOVE_FORM,
            format!(
                "{} has no owner actions (they belong to Dong Wo's won and bought holes)",
                self.def().kind
            ),
        ))
    }
    /// The decision a transaction between rounds stands for (Dong Wo's `buy:B2`).
    fn decision_from_transaction(
        &self,
        _: &crate::notation::Transaction,
    ) -> Result<Self::Decision, Diagnostic> {
        Err(Diagnostic::new(
            general::MOVE_FORM,
            format!(
                "{} has no transactions between rounds (they belong to Dong Wo)",
                self.def().kind
            ),
        ))
    }
    /// Where a picture of the board puts the stores or winnings: beside the board unless the
    /// game sows through its stores.
    fn stores(&self) -> Stores {
        Stores::Beside
    }
}

/// What [`Rules`] answers, answered faster or with less room where a game can: each default
/// is the plain way from the core methods, and a game overrides what it accelerates (the
/// tests compare each fast way with the plain one). Also the conveniences built on the core.
pub trait RulesExt: Rules {
    /// The position as MGN writes it, for checkpoints and diffs.
    fn position(&self, state: &Self::State) -> Position {
        let head = self.position_head(state);
        let mut out = Position {
            holes: Rows::with_capacity(self.row_states(state, Side::A).len()),
            stores: head.stores,
            to_move: head.to_move,
            round: head.round,
            debts: head.debts,
        };
        self.position_into(state, &mut out);
        out
    }
    /// The same position, written over `out` so that its rows are reused.
    fn position_into(&self, state: &Self::State, out: &mut Position) {
        out.holes.clear();
        for side in [Side::A, Side::B] {
            out.holes.extend(side, self.row_states(state, side));
        }
        let head = self.position_head(state);
        out.stores = head.stores;
        out.to_move = head.to_move;
        out.round = head.round;
        out.debts = head.debts;
    }
    /// Whether the state's position is `claim`, compared where it stands: the replay asks
    /// this at every checkpoint, and writing each position out first cost a fifth of a replay.
    fn position_matches(&self, state: &Self::State, claim: &Position) -> bool {
        let head = self.position_head(state);
        claim.stores == head.stores
            && claim.to_move == head.to_move
            && claim.round == head.round
            && claim.debts == head.debts
            && [Side::A, Side::B].into_iter().all(|side| {
                let claimed = claim.holes.row(side);
                let holes = self.row_states(state, side);
                claimed.len() == holes.len() && claimed.iter().zip(holes).all(|(c, h)| *c == h)
            })
    }
    /// The length of the position of `state` as MGN writes it, if `text` starts with it
    /// ([`crate::notation::written_position_len`]): asked at every checkpoint a check reads,
    /// so a game may write it more cheaply than from the holes [`Rules::row_states`] builds
    /// (Dong Wo writes it from its board on the stack, [`crate::notation::PositionText`]).
    fn written_position_len(&self, state: &Self::State, text: &str) -> Option<usize> {
        written_position_len_by_holes(self, state, text)
    }
    /// The decisions a written move stands for ([`Rules::decisions_from_move_into`]) in a list
    /// of their own.
    fn decisions_from_move(
        &self,
        written: &Move,
    ) -> Result<Vec<(Self::Decision, MovePart)>, Diagnostic> {
        let mut decisions = Vec::new();
        self.decisions_from_move_into(written, &mut decisions)?;
        Ok(decisions)
    }
    /// How many ways the turn under way can be finished, perft(1) from `state`, when the rules
    /// can count them faster than perft playing each decision: where every decision is a whole
    /// turn and legal, the decisions [`Rules::decisions`] lists (Nchuwa, Mraw imrujen); for a
    /// Dakon turn, whose sowings that end in the store go on, its tree of sowings counted in
    /// place. None (the default) when the decisions must be played to be known: a move not
    /// decided within the lap budget may be refused, and only perft says why.
    fn whole_turns(&self, _state: &Self::State, _scratch: &mut Self::Scratch) -> Option<u64> {
        None
    }
    /// The decisions open now as runs, for random play: [`Rules::random_decisions`] in the
    /// same order, except that decisions that differ only in the lap a move that never ends stops
    /// after may be one entry of `out`, the first of a run of `counts[i]` decisions in a row
    /// ([`RulesExt::decision_in_run`] 0 to `counts[i] - 1`). `counts` is left empty when every
    /// entry is one decision (as by default), and otherwise holds one count per entry. So a
    /// random draw among the stops of a move that never ends lists no decision per lap: a
    /// cycle of millions of laps is one entry.
    fn decision_runs(
        &self,
        state: &Self::State,
        scratch: &mut Self::Scratch,
        out: &mut Vec<Self::Decision>,
        counts: &mut Vec<u64>,
    ) {
        counts.clear();
        self.random_decisions(state, scratch, out);
    }
    /// Decision `i` of the run that starts with `first` (see [`RulesExt::decision_runs`]).
    fn decision_in_run(&self, first: &Self::Decision, i: u64) -> Self::Decision {
        debug_assert_eq!(i, 0, "a run of one decision");
        first.clone()
    }
    /// Whether [`RulesExt::apply_with_lookahead`] under [`Lookahead::Witnessed`] leaves out a
    /// look-ahead [`Rules::apply`] makes (Dong Wo under `dong-wo.endless=illegal`): only then
    /// is a written move worth playing whole without it. No (the default) where the rules have
    /// no such look-ahead.
    fn looks_ahead_to_end(&self) -> bool {
        false
    }
    /// [`Rules::apply`] with the look-ahead of whether the move can still end as `lookahead`
    /// says: [`Lookahead::Witnessed`] for a decision of a written move the caller plays whole,
    /// and plays again with the look-ahead unless it ends (`Replay::play_witnessed`). The
    /// default looks ahead as [`Rules::apply`] does, having nothing to leave out.
    fn apply_with_lookahead<S: EventSink>(
        &self,
        state: &mut Self::State,
        decision: &Self::Decision,
        _lookahead: Lookahead,
        scratch: &mut Self::Scratch,
        sink: &mut S,
    ) -> Result<(), Diagnostic> {
        self.apply(state, decision, scratch, sink)
    }
}

/// [`RulesExt::written_position_len`] with each hole built by [`Rules::row_states`]: the default,
/// and the reference a game's own faster comparison is tested against.
pub fn written_position_len_by_holes<R: Rules + ?Sized>(
    rules: &R,
    state: &R::State,
    text: &str,
) -> Option<usize> {
    let head = rules.position_head(state);
    let rows = [
        rules.row_states(state, Side::A),
        rules.row_states(state, Side::B),
    ];
    crate::notation::written_position_len(
        text,
        rows,
        &head.stores,
        head.to_move,
        head.round,
        head.debts,
    )
}

/// A side's store or winnings, as a pile.
pub fn pile(seeds: u32) -> Pile {
    Pile {
        seeds,
        muzi: Default::default(),
    }
}

#[cfg(test)]
mod tests {
    use super::{dakon, dong_wo, mraw_imrujen, nchuwa, Rules};

    /// A rules value never changes once configured: threads share one, each with a scratch of
    /// its own. A cell back in a game's rules (a memo) fails to compile here.
    #[test]
    fn rules_values_are_shared_between_threads_and_scratch_is_sent() {
        fn shared<R: Rules + Sync + Send>() {}
        fn sent<T: Send + Default>() {}
        shared::<dakon::Dakon>();
        shared::<mraw_imrujen::MrawImrujen>();
        shared::<nchuwa::Nchuwa>();
        shared::<dong_wo::DongWo>();
        sent::<<dakon::Dakon as Rules>::Scratch>();
        sent::<<mraw_imrujen::MrawImrujen as Rules>::Scratch>();
        sent::<nchuwa::NchuwaScratch>();
        sent::<dong_wo::DongWoScratch>();
    }
}
