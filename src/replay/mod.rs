//! Replay: play a parsed record step by step under its game's rules, and say exactly where and
//! why it departs from them.
//!
//! The replay knows the shape of a record (plies, claims, checkpoints, rounds) and nothing of
//! any game: it asks the game's [`Rules`] which decisions are open and what they do. The first
//! departure ends a game's replay, as a CI tool wants: everything after it rests on a position
//! the record and the rules no longer agree on. A false claim is the one departure the replay
//! may go on past ([`ReplayOptions::all_claims`]): a claim says what the play gave and changes
//! nothing of it, so the claims after it are still checked against the rules' own position.

pub mod log;
mod trace;

pub use log::{Captures, PlyLog, RulesFired};
pub use trace::{draw, draw_board, draw_four_rows, event_trace, ply_trace, position_lines};

use crate::code::Code;
use crate::rules::general;
use std::borrow::Cow;
use std::fmt;

use crate::notation::{
    write_position, Element, Game, Header, HoleAction, Move, Outcome, Pile, Position, Rows, Side,
    Span, Spanned, Transaction,
};
use crate::rules::{
    with_rules_within, Event, Lookahead, MovePart, Phase, Rules, RulesExt, WithRules,
    DEFAULT_MAX_LAPS,
};
use crate::Diagnostic;

/// The highest round a `Start` position may be in, and a game may reach: checked by every
/// game's `state_from_position` and `begin_round`, for a record and an engine alike.
pub use crate::rules::MAX_ROUND;

/// One step of a replayed record, a ply or the start of a round, for `mgn replay`.
#[derive(Clone, Debug, serde::Serialize)]
pub struct PlyRecord {
    /// Which step it is, as the trace heads it.
    #[serde(flatten)]
    pub label: StepLabel,
    /// The step's events; those of a very long ply in part, with an [`Event::Omitted`] where
    /// some are left out ([`PlyLog`]). What a step did is counted whole in `captures` and
    /// `rules`: count from those, not from these.
    pub events: Vec<Event>,
    /// The position after the step, in MGN's position form.
    #[serde(serialize_with = "position_text")]
    pub after: Position,
    /// What the step captured, counted over all its events, those left out of `events`
    /// included: what a capture claim after it is checked against.
    #[serde(skip)]
    pub captures: Captures,
    /// The rules the step fired, each with the times it fired (once for each event that names
    /// it), counted over all its events, those left out of `events` included.
    #[serde(skip)]
    pub rules: RulesFired,
    /// The step ended its round and another round follows: the record's next step is that
    /// round's `round N` marker. The last round ends with the game, which
    /// [`Replayed::winner`] says.
    #[serde(skip)]
    pub ends_round: bool,
}

/// Which step of a record a [`PlyRecord`] is: its heading in `mgn replay`, and the fields that
/// name it in a trace (`ply`, `side`, `move`; `round`; `step`).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(untagged)]
pub enum StepLabel {
    /// A ply: one player's turn, or his pass.
    Ply {
        /// The ply's number in the game, from 1.
        ply: usize,
        /// The player who made it.
        side: Side,
        /// The move as the record writes it.
        #[serde(rename = "move")]
        written: String,
    },
    /// The start of a round, at its `round N` marker.
    Round {
        /// The round that starts.
        round: u32,
    },
    /// An owner action or a transaction, which is no ply.
    Step {
        /// The action or transaction as the record writes it.
        #[serde(rename = "step")]
        written: String,
    },
}

impl PlyRecord {
    /// `ply 3, B: B4` or `round 2`.
    pub fn heading(&self) -> String {
        match &self.label {
            StepLabel::Ply { ply, side, written } => format!("ply {ply}, {side}: {written}"),
            StepLabel::Round { round } => format!("round {round}"),
            StepLabel::Step { written } => written.clone(),
        }
    }
}

/// A position serialized as MGN writes it, for a trace's `after`.
pub(crate) fn position_text<S: serde::Serializer>(
    position: &Position,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    serializer.collect_str(&write_position(position))
}

/// What replaying one game gave.
#[derive(Clone, Debug)]
pub struct Replayed {
    /// Why the record departs from the rules, placed at a byte offset of its text: the first
    /// departure.
    pub failure: Option<Diagnostic>,
    /// The departures after `failure`, in the record's order, found only when the replay went
    /// on past false claims ([`ReplayOptions::all_claims`]): more false claims, and last the
    /// departure that ended the replay (an illegal move), if one did. Empty otherwise.
    pub later_failures: Vec<Diagnostic>,
    /// Every step, when the options asked to keep them ([`ReplayOptions::plies`]).
    pub plies: Vec<PlyRecord>,
    /// The position the game started from: its `Start` tag's, or the game's own start (also
    /// when the tag is refused). None when the header names a preset, an option or a board the
    /// game lacks, so that no rules could be made.
    pub start: Option<Position>,
    /// `Some(winner)` when the replay reached the end of the game by the rules (`Some(None)`
    /// for a draw); None when it stopped before.
    pub winner: Option<Option<Side>>,
}

/// A game's move text as the replay pulls it: its elements in order, then the result that
/// closed it. A reader of the text ([`crate::notation::GameReader`]) gives them as it reads, so
/// that a game is replayed without its syntax tree; [`GameMoves`] lends those of a tree (for
/// `'g`), which the replay then neither copies nor drops: copying each move and checkpoint was
/// a fifth of replaying a parsed game.
pub trait MoveText<'g> {
    /// The next element, or `None` when the move text is over (or stopped at a syntax error,
    /// which the caller reports: then there is no outcome).
    fn next_element(&mut self) -> Option<Cow<'g, Element>>;
    /// The result that closed the move text, once `next_element` has said it is over.
    fn outcome(&self) -> Option<Spanned<Outcome>>;
    /// The text at `span`, the span of an element given, if the move text has its text: so
    /// that a report points into a claim at the field that is wrong.
    fn text_at(&self, _span: Span) -> Option<&str> {
        None
    }
    /// Steps over the next element if it is a checkpoint written as `written` says (see
    /// [`GameReader::skip_checkpoint`](crate::notation::GameReader::skip_checkpoint)), and says
    /// whether it did; by default never, and each checkpoint is given and compared.
    fn skip_checkpoint(&mut self, _written: impl FnOnce(&str) -> Option<usize>) -> bool {
        false
    }
}

/// A game's reader as the replay's move text: it stops at a syntax error, which
/// [`Games::finish`](crate::notation::Games::finish) then gives.
impl<'g> MoveText<'g> for crate::notation::GameReader<'_> {
    fn next_element(&mut self) -> Option<Cow<'g, Element>> {
        self.next()?.ok().map(Cow::Owned)
    }

    fn outcome(&self) -> Option<Spanned<Outcome>> {
        crate::notation::GameReader::outcome(self)
    }

    fn text_at(&self, span: Span) -> Option<&str> {
        crate::notation::GameReader::text_at(self, span)
    }

    #[inline]
    fn skip_checkpoint(&mut self, written: impl FnOnce(&str) -> Option<usize>) -> bool {
        crate::notation::GameReader::skip_checkpoint(self, written)
    }
}

/// The move text of a parsed game.
pub struct GameMoves<'g> {
    game: &'g Game,
    next: usize,
}

impl<'g> GameMoves<'g> {
    /// The moves of `game`, from its first element.
    pub fn new(game: &'g Game) -> GameMoves<'g> {
        GameMoves { game, next: 0 }
    }
}

impl<'g> MoveText<'g> for GameMoves<'g> {
    fn next_element(&mut self) -> Option<Cow<'g, Element>> {
        let element = self.game.moves.get(self.next)?;
        self.next += 1;
        Some(Cow::Borrowed(element))
    }

    fn outcome(&self) -> Option<Spanned<Outcome>> {
        Some(self.game.outcome.clone())
    }
}

/// What a replay shows as it goes.
#[derive(Clone, Debug)]
pub enum Progress {
    /// The position the game starts from, once it is known to be one.
    Start(Position),
    /// A step just replayed, with its events and the position after it.
    Step(PlyRecord),
}

/// What one step did, counted over all its events (those a very long ply's trace leaves out
/// included), as [`ReplayOptions::on_counts`] is given it: without the step's events, its
/// position or its move in words, which cost more to make than the step to play.
#[derive(Clone, Copy, Debug)]
pub struct StepCounts<'a> {
    /// The step is a ply (else the start of a round, an owner action or a transaction).
    pub is_ply: bool,
    /// What the step captured ([`PlyRecord::captures`]).
    pub captures: &'a Captures,
    /// The rules the step fired, each with the times ([`PlyRecord::rules`]).
    pub rules: &'a RulesFired,
    /// The step ended its round and another follows ([`PlyRecord::ends_round`]).
    pub ends_round: bool,
}

/// How a replay runs: what it keeps besides its verdict, what it shows as it goes, and its lap
/// budget. A replay keeps the events of a ply only where something reads them (a capture
/// claim, a failure's trace): it decides that itself, whatever these say.
///
/// ```
/// use mgn::replay::ReplayOptions;
///
/// // The verdict alone, as `mgn check` asks, under a smaller lap budget.
/// let options = ReplayOptions::verdict().max_laps(1_000);
/// assert!(!options.keep_plies);
/// // Every step with its events and the position after it, as `mgn replay` shows them.
/// assert!(ReplayOptions::plies().keep_plies);
/// ```
#[non_exhaustive]
pub struct ReplayOptions<'s> {
    /// Keep every step (ply, round start, owner action, transaction) with its events and the
    /// position after it in [`Replayed::plies`].
    pub keep_plies: bool,
    /// Given the start position, then each step with its events and the position after it, as
    /// it is played (`mgn replay`, `mgn show`).
    pub on_step: Option<&'s mut dyn FnMut(Progress)>,
    /// Given what each step did ([`StepCounts`]) as it is played, and nothing else of it: for a
    /// caller that counts (`mgn stats`), at a fraction of `on_step`'s cost.
    pub on_counts: Option<&'s mut dyn FnMut(StepCounts<'_>)>,
    /// The most laps one move may take before it is decided (`mgn.limit.laps`).
    pub max_laps: u64,
    /// Go on past a false claim (checkpoint, capture, score, result: [`is_claim_rule`]),
    /// keeping each in [`Replayed::later_failures`], so that one replay finds every false
    /// claim of a game; any other departure still ends the replay. Off, the first false claim
    /// ends it as any departure does.
    pub all_claims: bool,
}

impl Default for ReplayOptions<'_> {
    fn default() -> Self {
        ReplayOptions::verdict()
    }
}

impl<'s> ReplayOptions<'s> {
    /// The verdict alone: nothing is kept of the steps, which is the fastest replay.
    pub fn verdict() -> Self {
        ReplayOptions {
            keep_plies: false,
            on_step: None,
            on_counts: None,
            max_laps: DEFAULT_MAX_LAPS,
            all_claims: false,
        }
    }

    /// The verdict and every step, with its events and the position after it
    /// ([`Replayed::plies`]).
    pub fn plies() -> Self {
        ReplayOptions {
            keep_plies: true,
            ..ReplayOptions::verdict()
        }
    }

    /// The same, giving what each step did to `on_counts` as it is played ([`StepCounts`]).
    pub fn on_counts(self, on_counts: &'s mut dyn FnMut(StepCounts<'_>)) -> Self {
        ReplayOptions {
            on_counts: Some(on_counts),
            ..self
        }
    }

    /// The same under a lap budget of `max_laps` for each move.
    pub fn max_laps(self, max_laps: u64) -> Self {
        ReplayOptions { max_laps, ..self }
    }

    /// The same, going on past false claims when `all_claims` ([`ReplayOptions::all_claims`]).
    pub fn all_claims(self, all_claims: bool) -> Self {
        ReplayOptions { all_claims, ..self }
    }

    /// The same, giving the start position and then each step to `on_step` as it is played.
    pub fn on_step(self, on_step: &'s mut dyn FnMut(Progress)) -> Self {
        ReplayOptions {
            on_step: Some(on_step),
            ..self
        }
    }
}

/// Replay a parsed game.
pub fn replay_game(game: &Game, options: ReplayOptions<'_>) -> Replayed {
    replay_moves(&game.header, &mut GameMoves::new(game), options)
}

/// Replay the game of `header` whose move text `moves` gives.
pub fn replay_moves<'g, T: MoveText<'g>>(
    header: &Header,
    moves: &mut T,
    options: ReplayOptions<'_>,
) -> Replayed {
    let ReplayOptions {
        keep_plies,
        on_step,
        on_counts,
        max_laps,
        all_claims,
    } = options;
    let watch = Watch { on_step, on_counts };
    if !keep_plies {
        return replay_showing(header, moves, max_laps, all_claims, watch);
    }
    let mut plies = Vec::new();
    let mut shown = watch.on_step;
    let mut keep = |progress: Progress| match (&mut shown, progress) {
        (Some(show), Progress::Step(step)) => {
            plies.push(step.clone());
            show(Progress::Step(step));
        }
        (None, Progress::Step(step)) => plies.push(step),
        (Some(show), start) => show(start),
        (None, Progress::Start(_)) => {}
    };
    let mut on_counts = watch.on_counts;
    let watch = Watch {
        on_step: Some(&mut keep),
        on_counts: on_counts
            .as_mut()
            .map(|count| &mut **count as &mut dyn FnMut(StepCounts<'_>)),
    };
    let mut replayed = replay_showing(header, moves, max_laps, all_claims, watch);
    replayed.plies = plies;
    replayed
}

/// Who is shown the steps as they are played.
struct Watch<'s> {
    on_step: Option<&'s mut dyn FnMut(Progress)>,
    on_counts: Option<&'s mut dyn FnMut(StepCounts<'_>)>,
}

/// Replay the game of `header` whose move text `moves` gives, showing each step to `watch`.
fn replay_showing<'g, T: MoveText<'g>>(
    header: &Header,
    moves: &mut T,
    max_laps: u64,
    all_claims: bool,
    watch: Watch<'_>,
) -> Replayed {
    struct Run<'a, 's, T> {
        header: &'a Header,
        moves: &'a mut T,
        all_claims: bool,
        watch: Watch<'s>,
    }
    impl<'g, T: MoveText<'g>> WithRules for Run<'_, '_, T> {
        type Output = Replayed;
        fn run<R: RulesExt>(self, rules: &R) -> Replayed {
            let mut replay = Replay::new(rules, self.header, self.watch.on_step);
            if let Some(on_counts) = self.watch.on_counts {
                replay.count_steps(on_counts);
            }
            replay.all_claims = self.all_claims;
            replay.run(self.moves)
        }
    }
    with_rules_within(
        header,
        max_laps,
        Run {
            header,
            moves,
            all_claims,
            watch,
        },
    )
    .unwrap_or_else(Replayed::failed)
}

/// [`replay_showing`] under `rules`, those `header` names: the replay through
/// [`crate::rules::AnyRules`] is tested against the one through each game's own rules.
#[cfg(test)]
pub(crate) fn replay_showing_under<'g, R: RulesExt, T: MoveText<'g>>(
    rules: &R,
    header: &Header,
    moves: &mut T,
    on_step: Option<&mut dyn FnMut(Progress)>,
) -> Replayed {
    Replay::new(rules, header, on_step).run(moves)
}

impl Replayed {
    /// Every departure found, in the record's order: `failure`, then `later_failures`.
    pub fn failures(&self) -> impl Iterator<Item = &Diagnostic> {
        self.failure.iter().chain(&self.later_failures)
    }

    /// A game not replayed: its header names a preset, an option or a board the game lacks
    /// (`failure`, placed at that tag).
    fn failed(failure: Diagnostic) -> Replayed {
        Replayed {
            failure: Some(failure),
            later_failures: Vec::new(),
            plies: Vec::new(),
            start: None,
            winner: None,
        }
    }
}

/// Whether `rule` is a claim's: a checkpoint, a capture claim, a score or the result. A false
/// claim says the record is wrong about what the play gave, and changes nothing of the play, so
/// a replay may go on past it ([`ReplayOptions::all_claims`]).
pub fn is_claim_rule(rule: Code) -> bool {
    [
        general::CLAIM_CHECKPOINT,
        general::CLAIM_CAPTURES,
        general::CLAIM_SCORE,
        general::CLAIM_RESULT,
    ]
    .contains(&rule)
}

/// A field of a position, as a checkpoint writes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Field {
    /// A whole row, when it has more or fewer holes than the board.
    Row(Side),
    Hole(Side, usize),
    /// A player's store (Dakon) or winnings (the other games), in the game's word.
    Store(Side, &'static str),
    ToMove,
    Round,
    Debt(Side),
}

impl Field {
    /// Where the field lies in a position string of these fields; `None` for a field it
    /// does not write (debts of 0).
    fn range(&self, fields: &crate::notation::PositionFields) -> Option<std::ops::Range<usize>> {
        match *self {
            Field::Row(side) => Some(fields.rows[side.index()].clone()),
            Field::Hole(side, k) => fields.holes[side.index()].get(k).cloned(),
            Field::Store(side, _) => Some(fields.stores[side.index()].clone()),
            Field::ToMove => Some(fields.to_move.clone()),
            Field::Round => Some(fields.round.clone()),
            Field::Debt(side) => fields.debts.as_ref().map(|d| d[side.index()].clone()),
        }
    }
}

impl fmt::Display for Field {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Field::Row(side) => write!(f, "row {side}"),
            Field::Hole(side, k) => write!(f, "{side}{}", k + 1),
            Field::Store(side, word) => write!(f, "{side}'s {word}"),
            Field::ToMove => f.write_str("the side to move"),
            Field::Round => f.write_str("the round"),
            Field::Debt(side) => write!(f, "{side}'s debt"),
        }
    }
}

/// One field in which a claimed position differs from the replayed one.
struct Difference {
    field: Field,
    /// `claimed 7, replayed 6`, or what is wrong with the field.
    words: String,
}

/// Where `claimed` differs from `replayed`, field by field, in the order a position is
/// written. A row of the wrong length is one difference: its holes cannot be compared.
fn position_differences(
    claimed: &Position,
    replayed: &Position,
    kind: crate::notation::GameKind,
) -> Vec<Difference> {
    let store = match kind {
        crate::notation::GameKind::Dakon => "store",
        _ => "winnings",
    };
    use crate::notation::{write_hole, write_pile};
    let mut found = Vec::new();
    let differ = |found: &mut Vec<Difference>, field: Field, claimed: String, replayed: String| {
        if claimed != replayed {
            let words = format!("claimed {claimed}, replayed {replayed}");
            found.push(Difference { field, words });
        }
    };
    for side in [Side::A, Side::B] {
        let (c, r) = (claimed.holes.row(side), replayed.holes.row(side));
        if c.len() != r.len() {
            let plural = |n: usize| if n == 1 { "" } else { "s" };
            found.push(Difference {
                field: Field::Row(side),
                words: format!(
                    "{} hole{}, the board has {}",
                    c.len(),
                    plural(c.len()),
                    r.len()
                ),
            });
            continue;
        }
        for (k, (c, r)) in c.iter().zip(r).enumerate() {
            differ(
                &mut found,
                Field::Hole(side, k),
                write_hole(c),
                write_hole(r),
            );
        }
    }
    for side in [Side::A, Side::B] {
        let k = side.index();
        differ(
            &mut found,
            Field::Store(side, store),
            write_pile(&claimed.stores[k]),
            write_pile(&replayed.stores[k]),
        );
    }
    differ(
        &mut found,
        Field::ToMove,
        claimed.to_move.to_string(),
        replayed.to_move.to_string(),
    );
    differ(
        &mut found,
        Field::Round,
        claimed.round.to_string(),
        replayed.round.to_string(),
    );
    for side in [Side::A, Side::B] {
        let k = side.index();
        differ(
            &mut found,
            Field::Debt(side),
            claimed.debts[k].to_string(),
            replayed.debts[k].to_string(),
        );
    }
    found
}

/// Failures are rare and large; boxed, they keep the common `Ok` path small.
type Fail = Box<Diagnostic>;

fn failure_at(span: Span, rule: Code, message: impl Into<String>) -> Fail {
    placed(Diagnostic::new(rule, message), span)
}

/// A diagnostic of the rules placed at the start of `span`, whatever part of a move it was
/// about.
fn placed(diagnostic: Diagnostic, span: Span) -> Fail {
    Box::new(diagnostic.at_span(span.start, span.end))
}

/// A diagnostic of the rules placed at the part of the move it is about.
fn place(diagnostic: Diagnostic, written: &Spanned<Move>) -> Fail {
    let span = match diagnostic.part().unwrap_or(MovePart::Whole) {
        MovePart::Whole => written.span,
        MovePart::Sowing(i) => written
            .value
            .sowings
            .get(i)
            .map_or(written.span, |s| s.hole.span),
        MovePart::ExtraCapture(i) => written
            .value
            .extra_captures
            .get(i)
            .map_or(written.span, |h| h.span),
        MovePart::MuziDrop(i) => written
            .value
            .sowings
            .first()
            .and_then(|s| s.muzi_drops.get(i))
            .map_or(written.span, |d| d.span),
        MovePart::Action(i) => written
            .value
            .actions
            .get(i)
            .map_or(written.span, |a| a.span),
    };
    placed(diagnostic, span)
}

/// The last ply as written, put in words only when a trace or `mgn replay` shows it.
#[derive(Clone, Copy)]
enum Written<'g> {
    Nothing,
    Move(&'g Move),
    Pass,
    Action(&'g HoleAction),
    Transaction(&'g Transaction),
}

/// The last ply as written, kept to be put in words when a trace needs it, and to be played
/// again with its events when a claim or a failure reads them.
enum Last<'g> {
    Nothing,
    Move(Cow<'g, Spanned<Move>>),
    Pass,
}

/// A step that is no ply (an owner action, a transaction, the start of a round) made since the
/// last ply: a claim after it is about it, not about the ply before. It is put in words only
/// when a failure shows it: formatting every step cost a tenth of a Dong Wo replay.
struct LastStep {
    step: Step,
    /// Its events, when the replay records them; else the step is made again from the state
    /// before it when a failure shows them ([`Replay::step_events`]).
    events: Option<Vec<Event>>,
}

/// A step that is no ply, as written.
enum Step {
    Action(HoleAction),
    Transaction(Transaction),
    Round(u32),
}

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Step::Action(a) => Written::Action(a).fmt(f),
            Step::Transaction(t) => Written::Transaction(t).fmt(f),
            Step::Round(round) => write!(f, "round {round}"),
        }
    }
}

impl Last<'_> {
    fn written(&self) -> Written<'_> {
        match self {
            Last::Nothing => Written::Nothing,
            Last::Move(m) => Written::Move(&m.value),
            Last::Pass => Written::Pass,
        }
    }
}

impl fmt::Display for Written<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Written::Nothing => Ok(()),
            Written::Move(m) => f.write_str(&crate::notation::write_move(m)),
            Written::Pass => f.write_str("pass"),
            Written::Action(a) => {
                let mut text = String::new();
                crate::notation::push_action(&mut text, a);
                f.write_str(&text)
            }
            Written::Transaction(t) => {
                let mut text = String::new();
                crate::notation::push_transaction(&mut text, t);
                f.write_str(&text)
            }
        }
    }
}

struct Replay<'a, 's, 'g, R: Rules> {
    rules: &'a R,
    header: &'a Header,
    state: R::State,
    /// The rules' room, kept from one decision to the next ([`Rules::Scratch`]).
    scratch: R::Scratch,
    on_step: Option<&'s mut dyn FnMut(Progress)>,
    on_counts: Option<&'s mut dyn FnMut(StepCounts<'_>)>,
    /// Every step's events are recorded as it is played (for `on_step` or `on_counts`). Otherwise a ply is
    /// played without them, and played again with them from the state before it only when a
    /// claim or a failure reads them (`ply_unrecorded`).
    record_events: bool,
    /// Plies played so far, over the whole game.
    ply_count: usize,
    /// Plies played in the current round.
    plies_this_round: usize,
    /// The events of the last ply, for capture claims and annotated diffs, in bounded room.
    log: PlyLog,
    /// The log lacks the events of the last ply, or of the move under way, which were played
    /// without them: `before_ply` is the state to play it again from.
    ply_unrecorded: bool,
    /// The state before the last ply, while `ply_unrecorded`.
    before_ply: R::State,
    /// A failure of the move under way read its events, which were not recorded: the move is
    /// played again with them (`play_again_with_events`), and its failure is that one.
    move_events_wanted: std::cell::Cell<bool>,
    last_side: Side,
    last: Last<'g>,
    /// A step made since the last ply.
    last_step: Option<LastStep>,
    /// The state before `last_step`, when its events were not recorded.
    before_step: R::State,
    /// A round the rules started that the record has not yet marked with `round N`.
    unmarked_round: Option<u32>,
    /// The current round's `round N` marker has been read.
    round_marked: bool,
    /// The ply count when the last `round N` marker was read: claims need a move after it.
    ply_count_at_marker: usize,
    /// The decisions of the move being played, kept for its room.
    written_decisions: Vec<(R::Decision, MovePart)>,
    /// The record stops unfinished, by its Termination tag: it may end in a turn the rules
    /// let stop open ([`Rules::may_stop_in_open_turn`]), or with a move cut after a lap
    /// ([`Rules::apply_cut`]), if its result is `*`.
    may_stop_unfinished: bool,
    /// The last move left its turn open where the record may stop: the failure it is if the
    /// record does not end there with `*`.
    open_turn: Option<Fail>,
    start_position: Position,
    /// The replayed position, rewritten in place at each claim that needs it.
    replayed: Position,
    /// A false claim is kept in `false_claims` and the replay goes on
    /// ([`ReplayOptions::all_claims`]).
    all_claims: bool,
    /// The false claims found so far, when `all_claims`.
    false_claims: Vec<Diagnostic>,
}

impl<'a, 's, 'g, R: RulesExt> Replay<'a, 's, 'g, R> {
    fn new(
        rules: &'a R,
        header: &'a Header,
        on_step: Option<&'s mut dyn FnMut(Progress)>,
    ) -> Replay<'a, 's, 'g, R> {
        let start = rules.start(Side::B);
        let record_events = on_step.is_some();
        Replay {
            rules,
            header,
            scratch: R::Scratch::default(),
            record_events,
            on_step,
            on_counts: None,
            ply_count: 0,
            plies_this_round: 0,
            // Only the steps given to `on_step` read the rules fired.
            log: PlyLog::new(rules.def()).counting_rules(record_events),
            ply_unrecorded: false,
            before_ply: start.clone(),
            move_events_wanted: std::cell::Cell::new(false),
            last_side: Side::B,
            last: Last::Nothing,
            last_step: None,
            before_step: start.clone(),
            unmarked_round: None,
            round_marked: false,
            ply_count_at_marker: 0,
            written_decisions: Vec::new(),
            may_stop_unfinished: header
                .termination
                .as_ref()
                .is_some_and(|t| t.value == "unfinished" || t.value == "abandoned"),
            open_turn: None,
            start_position: rules.position(&start),
            replayed: Position {
                holes: Rows::new(),
                stores: [Pile::default(); 2],
                to_move: Side::B,
                round: 0,
                debts: [0, 0],
            },
            state: start,
            all_claims: false,
            false_claims: Vec::new(),
        }
    }

    fn run<T: MoveText<'g>>(mut self, moves: &mut T) -> Replayed {
        let result = self.setup().and_then(|()| self.walk(moves));
        let start = Some(self.start_position.clone());
        let ended = result.err().map(|failure| *failure);
        // The false claims came before whatever ended the replay.
        let (failure, later_failures) = if self.false_claims.is_empty() {
            (ended, Vec::new())
        } else {
            let mut failures = std::mem::take(&mut self.false_claims);
            failures.extend(ended);
            let first = failures.remove(0);
            (Some(first), failures)
        };
        Replayed {
            failure,
            later_failures,
            winner: match self.rules.phase(&self.state) {
                Phase::Over { winner } => Some(winner),
                _ => None,
            },
            plies: Vec::new(),
            start,
        }
    }

    /// Each step is given to `on_counts` as it is played, counted: its events are recorded
    /// for that.
    fn count_steps(&mut self, on_counts: &'s mut dyn FnMut(StepCounts<'_>)) {
        self.on_counts = Some(on_counts);
        self.record_events = true;
        self.log = PlyLog::new(self.rules.def()).counting_rules(true);
    }

    /// Whether the steps are shown to anyone.
    #[inline(always)]
    fn steps_watched(&self) -> bool {
        self.on_step.is_some() || self.on_counts.is_some()
    }

    /// Gives a step that is no ply, whose events are all in `events`, to whoever asked for
    /// the steps.
    fn step(&mut self, label: StepLabel, events: Vec<Event>, ends_round: bool) {
        if !self.steps_watched() {
            return;
        }
        // Such steps are few and short: their counters are made from their events.
        let mut counted = PlyLog::new(self.rules.def());
        for &event in &events {
            crate::rules::EventSink::event(&mut counted, event);
        }
        if let Some(on_counts) = self.on_counts.as_mut() {
            on_counts(StepCounts {
                is_ply: false,
                captures: counted.captures(),
                rules: counted.rules(),
                ends_round,
            });
        }
        if self.on_step.is_some() {
            let (captures, rules) = (counted.captures().clone(), counted.rules().clone());
            self.give_step(label, events, captures, rules, ends_round);
        }
    }

    fn give_step(
        &mut self,
        label: StepLabel,
        events: Vec<Event>,
        captures: Captures,
        rules: RulesFired,
        ends_round: bool,
    ) {
        if let Some(on_step) = self.on_step.as_mut() {
            on_step(Progress::Step(PlyRecord {
                label,
                events,
                after: self.rules.position(&self.state),
                captures,
                rules,
                ends_round,
            }));
        }
    }

    fn setup(&mut self) -> Result<(), Fail> {
        let header = self.header;
        let first = header.first.as_ref().map(|f| f.value);
        match &header.start {
            Some(start) => {
                self.state = self
                    .rules
                    .state_from_position(&start.value)
                    .map_err(|v| placed(v, start.span))?;
                if let Some(first) = &header.first {
                    if first.value != start.value.to_move {
                        return Err(failure_at(
                            first.span,
                            general::HEADER_FIRST,
                            format!(
                                "the First tag says {} moves first but the Start position has {} to move",
                                first.value, start.value.to_move
                            ),
                        ));
                    }
                }
            }
            None => self.state = self.rules.start(first.unwrap_or(Side::B)),
        }
        self.start_position = self.rules.position(&self.state);
        if let Some(on_step) = self.on_step.as_mut() {
            on_step(Progress::Start(self.start_position.clone()));
        }
        if let Phase::RoundOver { round } = self.rules.phase(&self.state) {
            self.unmarked_round = Some(round + 1);
        }
        Ok(())
    }

    fn walk<T: MoveText<'g>>(&mut self, moves: &mut T) -> Result<(), Fail> {
        loop {
            // A checkpoint written as mgn writes the position reached claims just that: it
            // holds, unread.
            if moves.skip_checkpoint(|text| self.rules.written_position_len(&self.state, text)) {
                continue;
            }
            let Some(element) = moves.next_element() else {
                break;
            };
            // A move is kept (for the trace of a claim after it) as it came, lent or owned.
            let element = match element {
                Cow::Borrowed(Element::Move(written)) => Ok(Cow::Borrowed(written)),
                Cow::Owned(Element::Move(written)) => Ok(Cow::Owned(written)),
                other => Err(other),
            };
            let element = match element {
                Ok(written) => {
                    self.play_move(written)?;
                    if let Some(open) = self.open_turn.take() {
                        return self.stop_in_open_turn(open, moves);
                    }
                    continue;
                }
                Err(other) => other,
            };
            match &*element {
                // Taken above.
                Element::Move(_) => {}
                Element::Pass(written) => self.play_pass(written.span)?,
                Element::Action(action) => {
                    let decision = self.rules.decision_from_action(&action.value);
                    self.play_step(action.span, decision, Step::Action(action.value))?
                }
                Element::Transaction(deal) => {
                    let decision = self.rules.decision_from_transaction(&deal.value);
                    let step = Step::Transaction(deal.value);
                    self.play_step(deal.span, decision, step)?
                }
                Element::Captures(claim) => {
                    let checked = self.check_captures(claim);
                    self.claim_checked(checked)?
                }
                Element::Score(claim) => {
                    let checked = self.check_score(claim);
                    self.claim_checked(checked)?
                }
                Element::Checkpoint(claim) => {
                    let checked = self.check_checkpoint(claim, moves.text_at(claim.span));
                    self.claim_checked(checked)?
                }
                Element::Round(marker) => self.check_round(marker)?,
                Element::Comment(_) => {}
            }
        }
        // A move text stopped by a syntax error has no result to check: the record is that
        // error.
        match moves.outcome() {
            Some(outcome) => {
                let checked = self.check_result(&outcome);
                self.claim_checked(checked)
            }
            None => Ok(()),
        }
    }

    /// A claim checked: a false one is kept and the replay goes on when it goes on past false
    /// claims, as a claim changes nothing of the play; else it ends the replay, as does a claim
    /// that fails for another reason (one that stands where no move was made).
    #[inline(always)]
    fn claim_checked(&mut self, checked: Result<(), Fail>) -> Result<(), Fail> {
        match checked {
            Err(failure) if self.all_claims && is_claim_rule(failure.rule) => {
                self.false_claims.push(*failure);
                Ok(())
            }
            checked => checked,
        }
    }

    /// Checks that a ply may come now, and gives the side that plays it.
    fn before_ply(&mut self, span: Span) -> Result<Side, Fail> {
        let phase = self.rules.phase(&self.state);
        if let Phase::Over { .. } = phase {
            return Err(self.at_ply(failure_at(
                span,
                general::GAME_OVER,
                "the game is already over: nothing can be played after its last round",
            )));
        }
        if let Some(round) = self.unmarked_round {
            return Err(self.at_ply(failure_at(
                span,
                general::ROUND_MARKER,
                format!(
                    "round {} ended with the last move: write `round {round}` before this move",
                    round - 1
                ),
            )));
        }
        self.log.clear();
        Ok(self.side_in(phase))
    }

    /// The failure, numbered with the ply about to be played.
    fn at_ply(&self, mut failure: Fail) -> Fail {
        failure.ply = Some(self.ply_count + 1);
        failure
    }

    /// The decisions open now, in words, those of a stopped endless move as one range. After
    /// a decision that failed they are still those it was chosen from: [`Rules::apply`] leaves
    /// the state unchanged on a violation, so nothing is listed, let alone formatted, while
    /// the record holds.
    fn alternatives(&mut self) -> Vec<String> {
        self.rules.alternatives(&self.state, &mut self.scratch)
    }

    /// Apply one decision, looking ahead as `lookahead` says, or fail with the rule and the
    /// legal alternatives.
    fn decide(&mut self, decision: &R::Decision, lookahead: Lookahead) -> Result<(), Diagnostic> {
        let (rules, state, scratch) = (self.rules, &mut self.state, &mut self.scratch);
        if !self.record_events {
            return rules.apply_with_lookahead(state, decision, lookahead, scratch, &mut ());
        }
        let applied =
            rules.apply_with_lookahead(state, decision, lookahead, scratch, &mut self.log);
        self.log.settle();
        applied
    }

    fn play_move(&mut self, written: Cow<'g, Spanned<Move>>) -> Result<(), Fail> {
        let side = self.before_ply(written.span)?;
        self.keep_before_ply();
        let mut played = self.play_written_move(side, &written);
        if self.move_events_wanted.get() {
            played = self.play_again_with_events(side, &written);
        }
        // The trace of a move that fails half-way shows the move as written, as does that of
        // a claim after it.
        self.last_side = side;
        self.last = Last::Move(written);
        self.last_step = None;
        let phase = played?;
        if self.open_turn.is_some() {
            // Shown once the record is known to stop here (`stop_in_open_turn`).
            self.count_ply();
        } else {
            self.after_ply(side, phase);
        }
        Ok(())
    }

    /// Keeps the state before the ply about to be played, which is played without its events
    /// unless they are recorded anyway: a claim or a failure that reads them has the ply
    /// played again with them from there. `clone_from` copies into the spare state's own room.
    #[inline]
    fn keep_before_ply(&mut self) {
        if !self.record_events {
            self.before_ply.clone_from(&self.state);
            self.ply_unrecorded = true;
        }
    }

    /// The move under way, played without its events, failed with a failure that reads them:
    /// it is played again from the state before it, with them, and gives what a replay that
    /// recorded every event gives.
    #[cold]
    fn play_again_with_events(
        &mut self,
        side: Side,
        written: &Spanned<Move>,
    ) -> Result<Phase, Fail> {
        self.move_events_wanted.set(false);
        self.open_turn = None;
        self.play_with_events(side, Some(written))
    }

    /// Makes the log hold the events of the last ply, played without them: the ply is played
    /// again with them from the state before it, leaving the replay where it was. The state
    /// reached is the same, since events never change the state.
    fn record_last_ply(&mut self) {
        if !self.ply_unrecorded {
            return;
        }
        let after = self.state.clone();
        let last = std::mem::replace(&mut self.last, Last::Nothing);
        let open_turn = self.open_turn.take();
        // Played before as it is now: the verdict it gave stands.
        match &last {
            Last::Move(written) => drop(self.play_with_events(self.last_side, Some(written))),
            Last::Pass => drop(self.play_with_events(self.last_side, None)),
            Last::Nothing => self.ply_unrecorded = false,
        }
        self.open_turn = open_turn;
        self.last = last;
        self.state = after;
    }

    /// Plays the last ply again, `written` or a pass, from the state before it, recording its
    /// events. Out of line and cold, so that the move's code inlined here stays out of the
    /// replay's own play of a move.
    #[cold]
    #[inline(never)]
    fn play_with_events(
        &mut self,
        side: Side,
        written: Option<&Spanned<Move>>,
    ) -> Result<Phase, Fail> {
        self.state.clone_from(&self.before_ply);
        self.log.clear();
        self.ply_unrecorded = false;
        self.record_events = true;
        let played = match written {
            Some(written) => self.play_written_move(side, written),
            None => match self.rules.pass_decision() {
                Some(pass) => self
                    .decide(&pass, Lookahead::Ahead)
                    .map(|()| self.rules.phase(&self.state))
                    .map_err(Box::new),
                None => Ok(self.rules.phase(&self.state)),
            },
        };
        self.record_events = false;
        played
    }

    /// The last move left its turn open, a failure (`open`) unless the record, which says it
    /// stops unfinished, ends right here: with `*`, after nothing but claims about the position
    /// reached (the same player still to move) and comments. The claims are checked as they
    /// come; the first that fails is the record's failure if it does end here, and `open` is
    /// if it does not, as in any other record: a turn that goes on is written whole.
    fn stop_in_open_turn<T: MoveText<'g>>(
        &mut self,
        open: Fail,
        moves: &mut T,
    ) -> Result<(), Fail> {
        let mut claim_failures = Vec::new();
        while let Some(element) = moves.next_element() {
            let checked = match &*element {
                Element::Comment(_) => continue,
                // Past a claim that failed, the rest is read only to see where the record ends,
                // unless every false claim is wanted.
                Element::Captures(_) | Element::Score(_) | Element::Checkpoint(_)
                    if !claim_failures.is_empty() && !self.all_claims =>
                {
                    continue
                }
                Element::Captures(claim) => self.check_captures(claim),
                Element::Score(claim) => self.check_score(claim),
                Element::Checkpoint(claim) => {
                    self.check_checkpoint(claim, moves.text_at(claim.span))
                }
                _ => return Err(open),
            };
            claim_failures.extend(checked.err());
        }
        if !moves
            .outcome()
            .is_some_and(|outcome| matches!(outcome.value, Outcome::Unknown))
        {
            return Err(open);
        }
        self.show_ply(self.last_side);
        for failure in claim_failures {
            self.claim_checked(Err(failure))?;
        }
        Ok(())
    }

    /// Plays a written move, and gives the phase it leaves.
    #[inline(always)]
    fn play_written_move(&mut self, side: Side, written: &Spanned<Move>) -> Result<Phase, Fail> {
        // A move written with a lap in a record that stops unfinished may be its last ply, cut
        // after that lap (`mgn.record.cut`): where the move as written is refused, it is
        // played so from the state before it.
        let before = (self.may_stop_unfinished && written.value.stopped_after_lap.is_some())
            .then(|| self.state.clone());
        match (self.play_whole_move(side, written), before) {
            (Err(refused), Some(before)) => self.play_cut(before, refused, written),
            (played, _) => played,
        }
    }

    /// The move of a record that stops unfinished, written with a lap (`B9/3`) and refused as
    /// written (`refused`), played as a move cut after that lap ([`Rules::apply_cut`]). The cut
    /// leaves the turn open: `refused` is the failure unless the record ends right after it
    /// (`stop_in_open_turn`), so anywhere but at the end `/N` keeps its meaning and its
    /// errors; it is also the failure if the rules refuse the cut, with their reason.
    fn play_cut(
        &mut self,
        before: R::State,
        mut refused: Fail,
        written: &Spanned<Move>,
    ) -> Result<Phase, Fail> {
        self.state = before.clone();
        let mut decisions = std::mem::take(&mut self.written_decisions);
        let cut = self
            .rules
            .decisions_from_move_into(&written.value, &mut decisions)
            .and_then(|()| {
                let Some(((last, _), firsts)) = decisions.split_last() else {
                    return Err(Diagnostic::new(
                        general::RECORD_CUT,
                        "the move has no decision to cut",
                    ));
                };
                for (i, (decision, _)) in firsts.iter().enumerate() {
                    if i > 0 {
                        self.play_implied(Some(decision), Lookahead::Ahead);
                    }
                    self.decide(decision, Lookahead::Ahead)?;
                }
                if !firsts.is_empty() {
                    self.play_implied(Some(last), Lookahead::Ahead);
                }
                if !self.record_events {
                    return self
                        .rules
                        .apply_cut(&mut self.state, last, &mut self.scratch, &mut ());
                }
                let cut =
                    self.rules
                        .apply_cut(&mut self.state, last, &mut self.scratch, &mut self.log);
                self.log.settle();
                cut
            });
        self.written_decisions = decisions;
        match cut {
            Ok(()) => {
                self.open_turn = Some(refused);
                Ok(self.rules.phase(&self.state))
            }
            Err(why) => {
                self.state = before;
                if why.rule == general::RECORD_CUT || why.rule == general::LIMIT_LAPS {
                    refused.message.push_str(&format!(
                        " (nor is it a cut, as the last ply of a record that stops unfinished: {})",
                        why.message
                    ));
                }
                Err(refused)
            }
        }
    }

    /// Plays a written move as written, and gives the phase it leaves.
    #[inline(always)]
    fn play_whole_move(&mut self, side: Side, written: &Spanned<Move>) -> Result<Phase, Fail> {
        // A failure below drops the reused vector; it ends the replay anyway.
        let mut decisions = std::mem::take(&mut self.written_decisions);
        self.rules
            .decisions_from_move_into(&written.value, &mut decisions)
            .map_err(|v| self.at_ply(place(v, written)))?;
        if let Some(phase) = self.play_witnessed(&decisions) {
            self.written_decisions = decisions;
            return Ok(phase);
        }
        for (i, (decision, part)) in decisions.iter().enumerate() {
            if i > 0 {
                if let Phase::ToMove(_) | Phase::MustPass { .. } | Phase::Over { .. } =
                    self.play_implied(Some(decision), Lookahead::Ahead)
                {
                    let rule = self.last_lap_rule();
                    let failure = place(
                        Diagnostic::new(
                            rule,
                            format!("the turn is over before {decision}: the move cannot go on"),
                        )
                        .at(*part),
                        written,
                    );
                    let written = Written::Move(&written.value);
                    return Err(self.with_trace_of(self.at_ply(failure), side, written));
                }
            }
            if let Err(refusal) = self.decide(decision, Lookahead::Ahead) {
                // A refusal about one part of the decision (an extra capture written with its
                // sowing) keeps that part; otherwise it is about the decision's own part.
                let refusal = if refusal.part() == Some(MovePart::Whole) {
                    refusal.at(*part)
                } else {
                    refusal
                };
                let refusal = refusal.with_alternatives(self.alternatives());
                return Err(self.at_ply(place(refusal, written)));
            }
        }
        self.written_decisions = decisions;
        let phase = self.play_implied(None, Lookahead::Ahead);
        if let Phase::Continue { rule, .. } = phase {
            let alternatives = self.alternatives();
            let last = MovePart::Sowing(written.value.sowings.len().saturating_sub(1));
            let open = self.at_ply(place(
                Diagnostic::new(
                    rule,
                    format!(
                        "the turn is not over: the move must write its next decision ({})",
                        self.rules.def().describe(rule)
                    ),
                )
                .at(last)
                .with_alternatives(alternatives),
                written,
            ));
            if self.may_stop_unfinished && self.rules.may_stop_in_open_turn(&self.state) {
                self.open_turn = Some(open);
                return Ok(phase);
            }
            return Err(open);
        }
        Ok(phase)
    }

    /// A written move played whole without the rules' look-ahead of whether it can still
    /// end ([`Lookahead::Witnessed`]), where the rules have one and no events are kept:
    /// the phase it leaves if it ends with every decision taken. A move that ends is its own
    /// proof that it could end after each of its decisions, which is all that look-ahead
    /// asks (in Dong Wo about a tenth of a replay's instructions). Otherwise the state is put
    /// back and `None` given, and the move is played decision by decision with the
    /// look-ahead, so a failing move's verdict and diagnostic are those of a replay without
    /// this. The look-ahead is left out by an argument of each decision played here, so no
    /// later move can pass without it.
    fn play_witnessed(&mut self, decisions: &[(R::Decision, MovePart)]) -> Option<Phase> {
        if self.record_events || !self.rules.looks_ahead_to_end() {
            return None;
        }
        let before = self.state.clone();
        let mut ended = None;
        for (i, (decision, _)) in decisions.iter().enumerate() {
            let witnessed = Lookahead::Witnessed;
            if i > 0
                && !matches!(
                    self.play_implied(Some(decision), witnessed),
                    Phase::Continue { .. }
                )
            {
                break;
            }
            if self.decide(decision, witnessed).is_err() {
                break;
            }
            if i + 1 == decisions.len() {
                let phase = self.play_implied(None, witnessed);
                ended = (!matches!(phase, Phase::Continue { .. })).then_some(phase);
            }
        }
        if ended.is_none() {
            self.state = before;
        }
        ended
    }

    /// Play the decisions a record may leave out (the only ones open) until the turn needs
    /// `next`, the written decision, or one the rules do not imply; gives the phase then.
    fn play_implied(&mut self, next: Option<&R::Decision>, lookahead: Lookahead) -> Phase {
        loop {
            let phase = self.rules.phase(&self.state);
            if !matches!(phase, Phase::Continue { .. }) {
                return phase;
            }
            let Some(implied) = self.rules.implied(&self.state, next) else {
                return phase;
            };
            if self.decide(&implied, lookahead).is_err() {
                // Asked again, not taken as unchanged: a refusal is rare.
                return self.rules.phase(&self.state);
            }
        }
    }

    /// An owner action or a transaction: a decision of its own, which is no ply.
    fn play_step(
        &mut self,
        span: Span,
        decision: Result<R::Decision, Diagnostic>,
        written: Step,
    ) -> Result<(), Fail> {
        if let Phase::Over { .. } = self.rules.phase(&self.state) {
            return Err(failure_at(
                span,
                general::GAME_OVER,
                format!("the game is already over: {written} cannot be made"),
            ));
        }
        let decision = decision.map_err(|v| placed(v, span))?;
        let round_over = |replay: &Self| {
            replay.steps_watched()
                && matches!(replay.rules.phase(&replay.state), Phase::RoundOver { .. })
        };
        let round_was_over = round_over(self);
        // A step's events are kept for the trace of a claim after it only where events are
        // recorded; else the state before it is, to make it again if a failure shows them.
        let mut events = Vec::new();
        let applied = if self.record_events {
            self.rules
                .apply(&mut self.state, &decision, &mut self.scratch, &mut events)
        } else {
            self.before_step.clone_from(&self.state);
            self.rules
                .apply(&mut self.state, &decision, &mut self.scratch, &mut ())
        };
        if let Err(refusal) = applied {
            return Err(placed(refusal.with_alternatives(self.alternatives()), span));
        }
        if self.steps_watched() {
            let label = StepLabel::Step {
                written: written.to_string(),
            };
            let ends_round = !round_was_over && round_over(self);
            self.step(label, events.clone(), ends_round);
        }
        self.last_step = Some(LastStep {
            step: written,
            events: self.record_events.then_some(events),
        });
        Ok(())
    }

    fn play_pass(&mut self, span: Span) -> Result<(), Fail> {
        let side = self.before_ply(span)?;
        self.keep_before_ply();
        let Some(pass) = self.rules.pass_decision() else {
            return Err(self.at_ply(failure_at(
                span,
                general::MOVE_FORM,
                format!("{} has no passes", self.header.game.value),
            )));
        };
        if let Err(refusal) = self.decide(&pass, Lookahead::Ahead) {
            let refusal = refusal.with_alternatives(self.alternatives());
            return Err(self.at_ply(placed(refusal, span)));
        }
        self.last_side = side;
        self.last = Last::Pass;
        self.last_step = None;
        self.after_ply(side, self.rules.phase(&self.state));
        Ok(())
    }

    /// The side to move in `phase`, the phase of the state.
    fn side_in(&self, phase: Phase) -> Side {
        match phase {
            Phase::ToMove(side) | Phase::Continue { side, .. } | Phase::MustPass { side, .. } => {
                side
            }
            Phase::Over { .. } | Phase::RoundOver { .. } => {
                self.rules.position(&self.state).to_move
            }
        }
    }

    /// Counts and shows the ply just played, which left `phase`.
    fn after_ply(&mut self, side: Side, phase: Phase) {
        self.count_ply();
        if let Phase::RoundOver { round } = phase {
            self.unmarked_round = Some(round + 1);
        }
        self.show_ply(side);
    }

    fn count_ply(&mut self) {
        self.ply_count += 1;
        self.plies_this_round += 1;
    }

    /// Gives the ply just played to whoever asked for the steps. Inlined to its test, so that
    /// a replay that gives no steps (`mgn check`) pays no call at each ply.
    #[inline(always)]
    fn show_ply(&mut self, side: Side) {
        if self.steps_watched() {
            self.give_ply(side);
        }
    }

    #[inline(never)]
    fn give_ply(&mut self, side: Side) {
        let ends_round = self.unmarked_round.is_some();
        if let Some(on_counts) = self.on_counts.as_mut() {
            on_counts(StepCounts {
                is_ply: true,
                captures: self.log.captures(),
                rules: self.log.rules(),
                ends_round,
            });
        }
        if self.on_step.is_none() {
            return;
        }
        let label = StepLabel::Ply {
            ply: self.ply_count,
            side,
            written: self.last_written().to_string(),
        };
        let (captures, rules) = (self.log.captures().clone(), self.log.rules().clone());
        self.give_step(label, self.log.events(), captures, rules, ends_round);
    }

    /// The rule that ended the last lap of the move under way.
    fn last_lap_rule(&self) -> Code {
        self.want_move_events();
        self.log.last_lap_rule().unwrap_or(general::MOVE_FORM)
    }

    /// A failure of the move under way reads its events: if they were not recorded, the move
    /// is played again with them (`play_move`).
    fn want_move_events(&self) {
        if self.ply_unrecorded {
            self.move_events_wanted.set(true);
        }
    }

    /// The last ply as written, or nothing after a step that is no ply.
    fn last_written(&self) -> Written<'_> {
        match self.last_step {
            Some(_) => Written::Nothing,
            None => self.last.written(),
        }
    }

    /// Adds the step trace of the last ply to a failure's notes.
    fn with_trace(&mut self, failure: Fail) -> Fail {
        self.record_last_ply();
        self.with_trace_of(failure, self.last_side, self.last_written())
    }

    /// A claim about the position reached, that fails: about the last ply, with its number and
    /// trace, or about the step after it (`win:B2`, `round 4`) with that step's trace.
    fn about_last(&mut self, mut failure: Fail) -> Fail {
        if let Some(last) = &self.last_step {
            let written = last.step.to_string();
            failure.message = format!("after {written}: {}", failure.message);
            failure.trace = Some(ply_trace(&written, &self.step_events(last)));
            failure.ply = None;
            return failure;
        }
        if self.ply_count > 0 {
            failure = self.with_trace(failure);
            failure.ply = Some(self.ply_count);
        }
        failure
    }

    /// The events of `last`, the step since the last ply: made again from the state before it
    /// when they were not recorded.
    fn step_events<'l>(&self, last: &'l LastStep) -> Cow<'l, [Event]> {
        if let Some(events) = &last.events {
            return Cow::Borrowed(events);
        }
        let mut state = self.before_step.clone();
        let mut events = Vec::new();
        // A step made again is rare: a scratch of its own, so that this asks only `&self`.
        let scratch = &mut R::Scratch::default();
        // Made before as it is now: the verdict it gave stands.
        match &last.step {
            Step::Action(action) => {
                if let Ok(decision) = self.rules.decision_from_action(action) {
                    drop(
                        self.rules
                            .apply(&mut state, &decision, scratch, &mut events),
                    );
                }
            }
            Step::Transaction(deal) => {
                if let Ok(decision) = self.rules.decision_from_transaction(deal) {
                    drop(
                        self.rules
                            .apply(&mut state, &decision, scratch, &mut events),
                    );
                }
            }
            Step::Round(_) => drop(self.rules.begin_round(&mut state, &mut events)),
        }
        Cow::Owned(events)
    }

    /// Adds the step trace of `written`, played by `side`, to a failure's notes: that of the
    /// last ply, or of the move under way.
    fn with_trace_of(&self, mut failure: Fail, side: Side, written: Written<'_>) -> Fail {
        let heading = format!(
            "ply {}, {}: {}",
            failure.ply.unwrap_or(self.ply_count).max(1),
            side,
            written
        );
        self.want_move_events();
        failure.trace = Some(ply_trace(&heading, &self.log.events()));
        failure
    }

    fn no_ply_yet(&self, span: Span, what: &str) -> Result<(), Fail> {
        if self.ply_count == self.ply_count_at_marker {
            return Err(failure_at(
                span,
                general::MOVE_FORM,
                format!("a {what} claim must follow a move of this round"),
            ));
        }
        Ok(())
    }

    fn check_captures(
        &mut self,
        claim: &Spanned<crate::notation::CaptureClaim>,
    ) -> Result<(), Fail> {
        self.no_ply_yet(claim.span, "capture")?;
        self.record_last_ply();
        // Counted as the move was played, whatever its length. The holes are those captured
        // from, each once: a claim that names one twice differs.
        let captured = self.log.captures();
        let points = captured.points;
        let mut claimed_holes = claim.value.holes.clone();
        claimed_holes.sort();
        let holes_differ = !claimed_holes.is_empty() && captured.sorted_holes() != claimed_holes;
        if points != claim.value.count as u64 || holes_differ {
            let shown = |count: u64, names: Vec<String>| {
                if names.is_empty() {
                    format!("x{count}")
                } else {
                    format!("x{count}({})", names.join(","))
                }
            };
            let claimed: Vec<String> = claim.value.holes.iter().map(|h| h.to_string()).collect();
            let mut failure = self.with_trace(failure_at(
                claim.span,
                general::CLAIM_CAPTURES,
                format!(
                    "the record claims {} but the move captured {}",
                    shown(claim.value.count as u64, claimed),
                    shown(points, captured.words())
                ),
            ));
            // A capture claim is about the last ply, which its report names as a score's or
            // a checkpoint's does.
            failure.ply = Some(self.ply_count);
            return Err(failure);
        }
        Ok(())
    }

    fn check_score(&mut self, claim: &Spanned<[Pile; 2]>) -> Result<(), Fail> {
        self.no_ply_yet(claim.span, "score")?;
        self.rules.position_into(&self.state, &mut self.replayed);
        let replayed = self.replayed.stores;
        if replayed != claim.value {
            let text = |p: &[Pile; 2]| {
                let mut position = self.rules.position(&self.state);
                position.stores = *p;
                write_position(&position)
                    .split(' ')
                    .nth(1)
                    .unwrap_or_default()
                    .to_string()
            };
            let failure = failure_at(
                claim.span,
                general::CLAIM_SCORE,
                format!(
                    "the record claims ={} but the replay has ={}",
                    text(&claim.value),
                    text(&replayed)
                ),
            );
            return Err(self.about_last(failure));
        }
        Ok(())
    }

    /// `written` is the checkpoint's text, `[...]`, when the move text has it: the report then
    /// points at the fields that differ.
    fn check_checkpoint(
        &mut self,
        claim: &Spanned<Position>,
        written: Option<&str>,
    ) -> Result<(), Fail> {
        if self.rules.position_matches(&self.state, &claim.value) {
            return Ok(());
        }
        self.rules.position_into(&self.state, &mut self.replayed);
        let replayed = &self.replayed;
        let claimed_text = position_lines(&claim.value);
        let replayed_text = position_lines(replayed);
        let diff = similar::TextDiff::from_lines(&claimed_text, &replayed_text)
            .unified_diff()
            .context_radius(5)
            .header("claimed", "replayed")
            .to_string();
        let differences = position_differences(&claim.value, replayed, self.header.game.value);
        // Without the text (a parsed game), the checkpoint is taken to be written as mgn writes
        // it when it is as long; else the whole checkpoint is pointed at.
        let canonical = format!("[{}]", write_position(&claim.value));
        let written = written.or_else(|| {
            (canonical.len() == claim.span.end - claim.span.start).then_some(canonical.as_str())
        });
        // The fields in the text, past the `[`; without them, the whole checkpoint.
        let fields = written
            .and_then(|w| w.strip_prefix('[')?.strip_suffix(']'))
            .and_then(crate::notation::position_fields);
        let place = |field: &Field| -> (usize, usize) {
            let at = fields.as_ref().and_then(|f| field.range(f));
            match at {
                Some(range) => (
                    claim.span.start + 1 + range.start,
                    claim.span.start + 1 + range.end,
                ),
                None => (claim.span.start, claim.span.end),
            }
        };
        let shown: Vec<String> = differences
            .iter()
            .take(4)
            .map(|d| format!("{}: {}", d.field, d.words))
            .collect();
        let more = differences.len().saturating_sub(shown.len());
        let mut failure = Box::new(Diagnostic::new(
            general::CLAIM_CHECKPOINT,
            format!(
                "the checkpoint differs from the replay at {}{} (replayed position {})",
                shown.join("; "),
                match more {
                    0 => String::new(),
                    n => format!(" and {n} field{} more", if n == 1 { "" } else { "s" }),
                },
                write_position(replayed)
            ),
        ));
        match differences.first() {
            Some(first) => {
                let (start, end) = place(&first.field);
                *failure = failure
                    .at_span(start, end)
                    .labelled(format!("{}: {}", first.field, first.words));
                for other in &differences[1..] {
                    let (start, end) = place(&other.field);
                    *failure = failure.with_label(crate::Label {
                        start,
                        end,
                        message: format!("{}: {}", other.field, other.words),
                    });
                }
            }
            None => *failure = failure.at_span(claim.span.start, claim.span.end),
        }
        let mut failure = self.about_last(failure);
        failure.diff = Some(diff.trim_end().to_string());
        Err(failure)
    }

    fn check_round(&mut self, marker: &Spanned<u32>) -> Result<(), Fail> {
        let round = self.rules.round(&self.state);
        if let Phase::Over { .. } = self.rules.phase(&self.state) {
            return Err(failure_at(
                marker.span,
                general::GAME_OVER,
                format!(
                    "`round {}` here, but the game ended with round {round}",
                    marker.value
                ),
            ));
        }
        match self.unmarked_round {
            Some(expected) if expected == marker.value => {
                let mut events = Vec::new();
                let begun = if self.record_events {
                    self.rules.begin_round(&mut self.state, &mut events)
                } else {
                    self.before_step.clone_from(&self.state);
                    self.rules.begin_round(&mut self.state, &mut ())
                };
                begun.map_err(|v| placed(v, marker.span))?;
                self.unmarked_round = None;
                self.round_marked = true;
                self.plies_this_round = 0;
                // Capture claims speak of a move; none has been made in this round yet.
                self.log.clear();
                self.ply_unrecorded = false;
                self.ply_count_at_marker = self.ply_count;
                if self.steps_watched() {
                    let label = StepLabel::Round {
                        round: marker.value,
                    };
                    self.step(label, events.clone(), false);
                }
                self.last_step = Some(LastStep {
                    step: Step::Round(marker.value),
                    events: self.record_events.then_some(events),
                });
                Ok(())
            }
            _ if self.unmarked_round.is_none()
                && self.plies_this_round == 0
                && !self.round_marked
                && marker.value == round =>
            {
                self.round_marked = true;
                Ok(())
            }
            // Each says what differs: which round starts here, or why the round the marker
            // names cannot start here (it said "`round 1` here, but the replay is in round 1").
            expected => {
                let written = marker.value;
                let plies = self.plies_this_round;
                let why = match expected {
                    Some(expected) => {
                        format!("round {round} is over and round {expected} starts here")
                    }
                    None if written == round && self.round_marked => {
                        format!("round {round} started at an earlier marker: a round has one marker")
                    }
                    None if written == round => format!(
                        "round {round} started {plies} plies ago: its marker stands before its first ply"
                    ),
                    None => format!(
                        "the replay is in round {round}, which has not ended (after {plies} plies)"
                    ),
                };
                Err(failure_at(
                    marker.span,
                    general::ROUND_MARKER,
                    format!("`round {written}` here, but {why}"),
                ))
            }
        }
    }

    fn check_result(&mut self, outcome: &Spanned<Outcome>) -> Result<(), Fail> {
        let over = match self.rules.phase(&self.state) {
            Phase::Over { winner } => Some(winner),
            _ => None,
        };
        let claimed = match outcome.value {
            Outcome::Unknown => return Ok(()),
            Outcome::AWins => Some(Side::A),
            Outcome::BWins => Some(Side::B),
            Outcome::Draw => None,
        };
        let words = |w: Option<Side>| match w {
            Some(side) => format!("{side} wins"),
            None => "a draw".to_string(),
        };
        match over {
            Some(winner) if winner == claimed => Ok(()),
            Some(winner) => Err(failure_at(
                outcome.span,
                general::CLAIM_RESULT,
                format!(
                    "the record gives {} ({}) but the game ended in {} ({})",
                    outcome.value.token(),
                    words(claimed),
                    words(winner),
                    self.game_end_rule()
                ),
            )),
            None => {
                // A game stopped early by resignation, agreement, time... may have a decisive
                // result; an unfinished one may not.
                let stopped_early = self
                    .header
                    .termination
                    .as_ref()
                    .is_some_and(|t| t.value != "normal" && t.value != "unfinished");
                if stopped_early {
                    Ok(())
                } else {
                    Err(failure_at(
                        outcome.span,
                        general::CLAIM_RESULT,
                        format!(
                            "the record gives {} but the game is not over; a game stopped early says how in its Termination tag (abandoned, agreement, ...)",
                            outcome.value.token()
                        ),
                    ))
                }
            }
        }
    }

    fn game_end_rule(&mut self) -> Code {
        self.record_last_ply();
        self.log.game_end_rule().unwrap_or(general::CLAIM_RESULT)
    }
}
