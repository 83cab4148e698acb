//! The rules of the four games, behind one interface.
//!
//! Each game is a module with a [`Rules`] implementation: its position type, the legal plies at
//! any point, and playing a ply as a stream of step [`Event`]s. Every rule and rule option has a
//! stable code (`dakon.capture.opposite`) that verdicts, traces and `mgn rules` name, and a
//! quotation of the seed sentence it rests on. The notation layer knows nothing of this module;
//! this module uses the notation's vocabulary (holes, sides, positions) to talk about games.

pub mod cycle;
pub mod dakon;
pub mod dong_wo;
pub mod mraw_imrujen;
pub mod nchuwa;
pub mod options;
pub mod position_form;
#[cfg(test)]
mod test_support;

use crate::notation::{
    BoardSize, Element, GameKind, Hole, HoleState, Move, Pile, Position, Rows, Side, Spanned,
};
use crate::Diagnostic;
pub use position_form::{
    check_position_form, check_position_form_with, check_round, next_round, PositionForm,
    PositionSize, MAX_ROUND, POSITION_SHAPE,
};
use std::fmt;

/// A rule of a game: what it says, and the seed sentence it rests on.
#[derive(Debug)]
pub struct RuleDef {
    pub code: &'static str,
    pub summary: &'static str,
    /// The seed file and the sentence quoted from it.
    pub source: &'static str,
}

/// A point the sources leave open, decided by a named option.
#[derive(Debug)]
pub struct OptionDef {
    pub code: &'static str,
    pub summary: &'static str,
    /// Allowed values with what each means; the first is the default.
    pub values: &'static [(&'static str, &'static str)],
    pub source: &'static str,
}

impl OptionDef {
    pub fn default_value(&self) -> &'static str {
        self.values[0].0
    }
}

/// A named bundle of option values, following one source or one tradition.
#[derive(Debug)]
pub struct PresetDef {
    pub name: &'static str,
    pub summary: &'static str,
    pub settings: &'static [(&'static str, &'static str)],
}

/// Everything `mgn rules` shows about a game, and what a record's header is checked against.
#[derive(Debug)]
pub struct GameDef {
    pub kind: GameKind,
    pub boards: &'static [BoardSize],
    pub default_board: BoardSize,
    pub rules: &'static [RuleDef],
    pub options: &'static [OptionDef],
    pub presets: &'static [PresetDef],
    /// What a muzi is worth in a capture's points (`x7`): 0 for a game that has none.
    pub muzi_points: u32,
    /// How a step trace draws the board.
    pub drawing: Drawing,
}

/// How a game's board is drawn in a step trace (`mgn replay`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Drawing {
    /// Two rows, A's below B's, each with its store or winnings.
    TwoRows,
    /// Four rows: each side's row of the notation folded into its outer and inner row.
    FourRows,
}

/// Where a picture of the board (`mgn show`) puts each player's store or winnings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stores {
    /// Beside the board: the captures leave it (Mraw imrujen, Nchuwa and Dong Wo's winnings).
    Beside,
    /// A store at each end of the rows, where the sowing passes through it on its way from the
    /// owner's row to the other's (Dakon's store, hole N+1): A's at the left end when `a_left`.
    Ends { a_left: bool },
}

impl GameDef {
    /// What a captured pile is worth: its seeds, and its muzi at [`GameDef::muzi_points`].
    pub fn pile_points(&self, pile: Pile) -> u64 {
        pile.seeds as u64 + self.muzi_points as u64 * pile.muzi.count() as u64
    }

    pub fn rule(&self, code: &str) -> Option<&'static RuleDef> {
        self.rules.iter().find(|r| r.code == code)
    }

    pub fn option(&self, code: &str) -> Option<&'static OptionDef> {
        self.options.iter().find(|o| o.code == code)
    }

    pub fn preset(&self, name: &str) -> Option<&'static PresetDef> {
        self.presets.iter().find(|p| p.name == name)
    }

    /// The words of a rule or option code, for messages.
    pub fn describe(&self, code: &str) -> &'static str {
        self.rule(code)
            .map(|r| r.summary)
            .or_else(|| self.option(code).map(|o| o.summary))
            .or_else(|| general_rule(code).map(|r| r.summary))
            .unwrap_or("")
    }
}

/// The code of a move cut after a lap by the end of a record that stops unfinished
/// ([`Rules::apply_cut`]).
pub const CUT: &str = "mgn.record.cut";

/// Rules that hold for every game: the form of a record rather than the play.
pub static GENERAL_RULES: &[RuleDef] = &[
    RuleDef {
        code: "mgn.header.first",
        summary: "the First tag and the Start position's side to move must agree",
        source: "docs/notation.md, Tags",
    },
    RuleDef {
        code: "mgn.header.preset",
        summary: "a preset must be one the game defines",
        source: "docs/notation.md, Tags",
    },
    RuleDef {
        code: "mgn.header.unknown-tag",
        summary: "a tag MGN does not define is kept as written; one named like a defined tag is likely misspelt (a warning)",
        source: "docs/notation.md, Tags",
    },
    RuleDef {
        code: "mgn.header.option",
        summary: "an option must be one the game defines, with one of its values",
        source: "docs/notation.md, Tags",
    },
    RuleDef {
        code: "mgn.position.shape",
        summary: "a position must fit the board, hold the game's seeds and be in a round from 1 to 1000000",
        source: "docs/notation.md, Positions",
    },
    RuleDef {
        code: "mgn.move.form",
        summary: "a move must be written in the form the game uses",
        source: "docs/notation.md, Moves",
    },
    RuleDef {
        code: "mgn.game.over",
        summary: "nothing is played after the game has ended",
        source: "docs/notation.md, Move text",
    },
    RuleDef {
        code: "mgn.round.marker",
        summary: "a `round N` marker stands where round N starts, and only there",
        source: "docs/notation.md, Rounds and transactions",
    },
    RuleDef {
        code: "mgn.record.cut",
        summary: "a record that stops unfinished (result `*`, Termination `unfinished` or `abandoned`) may end with a move cut after lap N (`B9/3`), in a game whose moves are laps the record can cut (Nchuwa): its laps through lap N are played and checked, nothing after them (no capture, the same player still to move), and the claims after it speak of that point; only as the record's last ply, and only before the move's own last lap",
        source: "docs/notation.md, Claims",
    },
    RuleDef {
        code: "mgn.claim.checkpoint",
        summary: "a checkpoint must equal the replayed position",
        source: "docs/notation.md, Move text",
    },
    RuleDef {
        code: "mgn.claim.captures",
        summary: "a capture claim must equal what the move captured",
        source: "docs/notation.md, Move text",
    },
    RuleDef {
        code: "mgn.claim.score",
        summary: "a score claim must equal the replayed stores or winnings",
        source: "docs/notation.md, Move text",
    },
    RuleDef {
        code: "mgn.claim.result",
        summary: "the result must be the one the rules give",
        source: "docs/notation.md, Tags",
    },
    RuleDef {
        code: "mgn.limit.laps",
        summary: "every move is decided within the lap budget (--max-laps, 10000000 unless told otherwise): a move that has neither ended nor come back to an in-move state it was in by its last lap, or a look-ahead that has not found whether a move can end within that many laps, is not decided, and the record fails; it does not pass",
        source: "docs/robustness.md, Limits",
    },
    RuleDef {
        code: "mgn.limit.rounds",
        summary: "a game is played to round 1000000 at most: the round after it is refused, never wrapped round to 0 (a Start or engine position is in rounds 1 to 1000000, under mgn.position.shape)",
        source: "docs/robustness.md, Limits",
    },
    RuleDef {
        code: "mgn.limit.count",
        summary: "a count (perft, divide) is exact or not given: one past 18446744073709551615, the most 64 bits hold, is refused, never wrapped round to a smaller number",
        source: "docs/perft.md, The convention",
    },
    RuleDef {
        code: "mgn.generate.stuck",
        summary: "random play stops a game, unfinished, where the rules list no decision for a turn under way, rather than draw from an empty list (a defect of the rules' listing: a turn under way always has a continuation)",
        source: "docs/robustness.md, Trust",
    },
    RuleDef {
        code: "mgn.syntax",
        summary: "the record must follow the MGN grammar",
        source: "docs/notation.md, Grammar",
    },
];

pub fn general_rule(code: &str) -> Option<&'static RuleDef> {
    GENERAL_RULES.iter().find(|r| r.code == code)
}

/// The most laps one move may take before it is decided, unless told otherwise (`--max-laps`,
/// [`Settings::set_max_laps`]). A move that ends by then is decided, and so is a move whose
/// in-move state repeats by then (after lap mu + lambda, docs/rules/nchuwa.md); any other move
/// fails under `mgn.limit.laps`. Chosen so that a move at the budget is decided in about a
/// second on the development machine (docs/performance.md, "Laps").
pub const DEFAULT_MAX_LAPS: u64 = 10_000_000;

/// The largest lap budget: lap numbers are `u32` in MGN (`/L`) and in events.
pub const MAX_MAX_LAPS: u64 = u32::MAX as u64;

/// The words of a move not decided within the lap budget, under `mgn.limit.laps`: `what` and
/// `why` say which move (or which question about it) and how far it was followed.
pub fn undecided(what: impl fmt::Display, why: impl fmt::Display, max_laps: u64) -> Diagnostic {
    Diagnostic::new(
        "mgn.limit.laps",
        format!(
            "{what} was not decided within the lap budget of {max_laps} laps: {why}; it may be legal or not, and the record is not passed (raise the budget with --max-laps)"
        ),
    )
}

/// The definitions of a game.
pub fn game_def(kind: GameKind) -> &'static GameDef {
    match kind {
        GameKind::Dakon => &dakon::DEF,
        GameKind::MrawImrujen => &mraw_imrujen::DEF,
        GameKind::Nchuwa => &nchuwa::DEF,
        GameKind::DongWo => &dong_wo::DEF,
    }
}

/// Work to do with one game's configured rules, whichever game it is: the way code outside the
/// rules reaches a game without naming it.
pub trait WithRules {
    type Output;
    fn run<R: Rules>(self, rules: &R) -> Self::Output;
}

/// Configure the rules a header names (game, board, preset, options) and run `work` with them.
/// A header that names a preset, an option or a board the game lacks is a [`Diagnostic`]
/// placed at the tag that names it.
pub fn with_rules<W: WithRules>(
    header: &crate::notation::Header,
    work: W,
) -> Result<W::Output, Diagnostic> {
    with_rules_within(header, DEFAULT_MAX_LAPS, work)
}

/// [`with_rules`] under a lap budget of `max_laps` (at least 1, at most [`MAX_MAX_LAPS`]).
pub fn with_rules_within<W: WithRules>(
    header: &crate::notation::Header,
    max_laps: u64,
    work: W,
) -> Result<W::Output, Diagnostic> {
    let def = game_def(header.game.value);
    let mut settings = Settings::resolve(def, header.preset.as_ref(), &header.options)?;
    settings.set_max_laps(max_laps);
    let (board, span) = match &header.board {
        Some(board) => (board.value, board.span),
        None => (def.default_board, header.game.span),
    };
    // A board or option value the game refuses: point at the Option tag that names it, if any.
    let refused = |refusal: Diagnostic| {
        let at = header
            .options
            .iter()
            .find(|o| o.value.code == refusal.rule)
            .map_or(span, |o| o.span);
        refusal.at_span(at.start, at.end)
    };
    match header.game.value {
        GameKind::Dakon => dakon::Dakon::new(board, &settings)
            .map(|rules| work.run(&rules))
            .map_err(refused),
        GameKind::MrawImrujen => mraw_imrujen::MrawImrujen::new(board, &settings)
            .map(|rules| work.run(&rules))
            .map_err(refused),
        GameKind::Nchuwa => nchuwa::Nchuwa::new(board, &settings)
            .map(|rules| work.run(&rules))
            .map_err(refused),
        GameKind::DongWo => dong_wo::DongWo::new(board, &settings)
            .map(|rules| work.run(&rules))
            .map_err(refused),
    }
}

/// Option values resolved for one record: defaults, then the preset, then `Option` tags.
#[derive(Clone, Debug)]
pub struct Settings {
    def: &'static GameDef,
    values: Vec<&'static str>,
    /// The lap budget of one move ([`DEFAULT_MAX_LAPS`]): a limit of mgn's, not a rule.
    max_laps: u64,
}

impl Settings {
    pub fn defaults(def: &'static GameDef) -> Settings {
        Settings {
            def,
            values: def.options.iter().map(|o| o.default_value()).collect(),
            max_laps: DEFAULT_MAX_LAPS,
        }
    }

    /// The most laps one move may take before it is decided (`mgn.limit.laps`).
    pub fn max_laps(&self) -> u64 {
        self.max_laps
    }

    /// Set the lap budget, kept within 1 ..= [`MAX_MAX_LAPS`].
    pub fn set_max_laps(&mut self, max_laps: u64) {
        self.max_laps = max_laps.clamp(1, MAX_MAX_LAPS);
    }

    pub fn def(&self) -> &'static GameDef {
        self.def
    }

    /// Resolve a record's `Preset` and `Option` tags.
    pub fn resolve(
        def: &'static GameDef,
        preset: Option<&Spanned<String>>,
        options: &[Spanned<crate::notation::RuleSetting>],
    ) -> Result<Settings, Diagnostic> {
        let mut settings = Settings::defaults(def);
        if let Some(preset) = preset {
            let found = def.preset(&preset.value).ok_or_else(|| {
                Diagnostic::new(
                    "mgn.header.preset",
                    format!(
                        "{} has no preset `{}`{}; its presets: {}",
                        def.kind,
                        preset.value,
                        crate::suggest::did_you_mean(
                            &preset.value,
                            def.presets.iter().map(|p| p.name)
                        ),
                        def.presets
                            .iter()
                            .map(|p| p.name)
                            .collect::<Vec<_>>()
                            .join(", ")
                    ),
                )
                .at_span(preset.span.start, preset.span.end)
            })?;
            for (code, value) in found.settings {
                settings
                    .set(code, value)
                    .expect("presets name their own game's options");
            }
        }
        for option in options {
            settings
                .set(&option.value.code, &option.value.value)
                .map_err(|message| {
                    Diagnostic::new("mgn.header.option", message)
                        .at_span(option.span.start, option.span.end)
                })?;
        }
        Ok(settings)
    }

    /// Set one option; the message says what the game allows when it does not fit.
    pub fn set(&mut self, code: &str, value: &str) -> Result<(), String> {
        let Some(index) = self.def.options.iter().position(|o| o.code == code) else {
            // A code of the right game is meant before one of another game.
            let meant = crate::suggest::nearest(code, self.def.options.iter().map(|o| o.code))
                .or_else(|| {
                    let others = crate::notation::GameKind::ALL.into_iter();
                    let codes = others.flat_map(|kind| game_def(kind).options.iter());
                    crate::suggest::nearest(code, codes.map(|o| o.code))
                });
            let meant = match meant {
                Some(name) if name == code => format!(
                    " (`{name}` is an option of {})",
                    name.split('.').next().unwrap_or_default()
                ),
                Some(name) if !name.starts_with(self.def.kind.name()) => format!(
                    " (did you mean `{name}`, an option of {}?)",
                    name.split('.').next().unwrap_or_default()
                ),
                Some(name) => format!(" (did you mean `{name}`?)"),
                None => String::new(),
            };
            return Err(format!(
                "{} has no rule option `{code}`{meant}; its options: {}",
                self.def.kind,
                self.def
                    .options
                    .iter()
                    .map(|o| o.code)
                    .collect::<Vec<_>>()
                    .join(", ")
            ));
        };
        let option = &self.def.options[index];
        let Some((known, _)) = option.values.iter().find(|(v, _)| *v == value) else {
            return Err(format!(
                "option `{code}` cannot be `{value}`{}; its values: {}",
                crate::suggest::did_you_mean(value, option.values.iter().map(|(v, _)| *v)),
                option
                    .values
                    .iter()
                    .map(|(v, _)| *v)
                    .collect::<Vec<_>>()
                    .join(", ")
            ));
        };
        self.values[index] = known;
        Ok(())
    }

    pub fn get(&self, code: &str) -> &'static str {
        let index = self
            .def
            .options
            .iter()
            .position(|o| o.code == code)
            .unwrap_or_else(|| panic!("{code} is not an option of {}", self.def.kind));
        self.values[index]
    }

    /// The options whose value differs from the default, as `code=value`.
    pub fn non_default(&self) -> Vec<String> {
        self.def
            .options
            .iter()
            .zip(&self.values)
            .filter(|(o, v)| o.default_value() != **v)
            .map(|(o, v)| format!("{}={}", o.code, v))
            .collect()
    }
}

/// One step of play, as the replay engine reports it. Each step that a rule decides names the
/// rule's code (or the code of the option that decided it). Serialized for `mgn replay --trace`
/// with its kind under `event` (schema `mgn-trace/1`, docs/ci.md), a pile always as the map of
/// `seeds` and `muzi` (a document's short form, a number, came after that schema).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(tag = "event", rename_all = "kebab-case")]
pub enum Event {
    /// A lap starts: the mover (or a relay) takes every seed of `hole`.
    PickUp {
        hole: Hole,
        #[serde(serialize_with = "crate::notation::pile_map")]
        pile: Pile,
        lap: u32,
    },
    /// One seed dropped in `hole` (a Dakon store is its owner's hole N+1).
    Sow { hole: Hole },
    /// `muzi`'s muzi (Dong Wo's large stone, worth 5) dropped in `hole`, where the mover chose.
    SowMuzi { hole: Hole, muzi: Side },
    /// `seeds` seeds moved from one hole to another without sowing (Nchuwa's opening
    /// transfer of two seeds from an inner hole to an empty outer hole).
    Shift {
        from: Hole,
        to: Hole,
        seeds: u32,
        rule: &'static str,
    },
    /// A hole or store the sowing passes over, and the rule that says so.
    Skip { hole: Hole, rule: &'static str },
    /// A lap's last seed fell in `hole`; `rule` is what happens next.
    LapEnd {
        hole: Hole,
        lap: u32,
        rule: &'static str,
    },
    /// The mover `by` captures the pile of `hole` into his store or winnings: what a capture
    /// claim (`x7(A2,B4)`) counts.
    Capture {
        hole: Hole,
        #[serde(serialize_with = "crate::notation::pile_map")]
        pile: Pile,
        by: Side,
        rule: &'static str,
    },
    /// A pile goes from `hole` to `to`'s store or winnings by a rule that is not a capture by
    /// the mover, so that no capture claim counts it: Dong Wo's piece sown into a won or
    /// bought hole, which "function[s] similar to acquired stores", and a muzi sent home at a
    /// round's end.
    Bank {
        hole: Hole,
        #[serde(serialize_with = "crate::notation::pile_map")]
        pile: Pile,
        to: Side,
        rule: &'static str,
    },
    /// The mover has nothing to play and loses his turn.
    Pass { side: Side, rule: &'static str },
    /// The turn is over; `next` moves.
    TurnEnd { next: Side },
    /// The round is over; `winner` is None for a drawn round.
    RoundEnd {
        round: u32,
        winner: Option<Side>,
        rule: &'static str,
    },
    /// Seeds passed between rounds from `from`'s store or winnings to `to`'s (Mraw imrujen's
    /// sharing out, where one player's captures fill the other's row).
    Transfer {
        from: Side,
        to: Side,
        seeds: u32,
        rule: &'static str,
    },
    /// Seeds put into a hole from its owner's store between rounds.
    Refill { hole: Hole, seeds: u32 },
    /// Seeds taken out of the game from `from`'s store or winnings: nobody has them any more
    /// (Mraw imrujen's leftover under `mraw-imrujen.round.leftover=out-of-game`, or a tied
    /// round's under `mraw-imrujen.round.tie-leftover=out-of-game`).
    Remove {
        from: Side,
        seeds: u32,
        rule: &'static str,
    },
    /// A hole that stays empty and out of play from now on.
    OutOfPlay { hole: Hole, rule: &'static str },
    /// Seeds left in a hole at the end of a round, gathered into `by`'s store.
    Gather {
        hole: Hole,
        seeds: u32,
        by: Side,
        rule: &'static str,
    },
    /// A pile put into `hole` from `from`'s store or winnings (Dong Wo: a won hole's stone, a
    /// bought hole's stones, the fill between rounds, an owner's `+A4`, a muzi back home).
    Place {
        hole: Hole,
        #[serde(serialize_with = "crate::notation::pile_map")]
        pile: Pile,
        from: Side,
        rule: &'static str,
    },
    /// `hole` changes hands: `owner` won or bought it, or (None) it is back with its row's
    /// player.
    Owner {
        hole: Hole,
        owner: Option<Side>,
        rule: &'static str,
    },
    /// `muzi`'s muzi passes from `from`'s winnings to `to`'s (Dong Wo's muzi bought back).
    MuziSale {
        muzi: Side,
        from: Side,
        to: Side,
        rule: &'static str,
    },
    /// A new round starts with `first` to move.
    RoundStart { round: u32, first: Side },
    /// The game is over; `winner` is None for a draw.
    GameEnd {
        winner: Option<Side>,
        rule: &'static str,
    },
    /// A move that never ends has come back to an in-move state it was in: the state after lap
    /// `mu + lambda` is the state after lap `mu`, so laps `mu + 1 ..= mu + lambda` repeat for
    /// as long as the move goes on. Reported after lap `mu + lambda`. The move stops after lap
    /// `stop`: it runs the cycle `times` times whole and `stop - mu - times * lambda` laps
    /// more, each reported like the laps before.
    Cycle {
        mu: u32,
        lambda: u32,
        times: u32,
        stop: u32,
        rule: &'static str,
    },
    /// No step of play: the replay left out `events` events of laps `first_lap ..= last_lap`
    /// of a very long ply, keeping its first and last laps, so that a ply's trace takes bounded
    /// room whatever its laps (docs/ci.md). The board cannot be rebuilt from the events across
    /// it; the step's position after it can be read from the trace.
    Omitted {
        events: u64,
        first_lap: u32,
        last_lap: u32,
    },
}

/// Where events go. The unit type ignores them, so that generating and counting moves costs
/// nothing for the trace it does not need.
///
/// Rules may play a decision as they check it: when it turns out refused half-way, they
/// withdraw what it reported ([`EventSink::withdraw`]), and the sink must then forget those
/// events, so that a refused decision reports nothing. Each sink says how: a vector truncates
/// itself, a counter goes back, a sink that keeps nothing has nothing to forget, a sink that
/// keeps a bounded part of the events remembers at the mark what it would need to go back.
pub trait EventSink {
    fn event(&mut self, event: Event);
    /// Where the events reported so far end, for [`EventSink::withdraw`] (the last mark taken
    /// is the one withdrawn to).
    fn mark(&mut self) -> usize;
    /// Forget the events reported since `mark`.
    fn withdraw(&mut self, mark: usize);
    /// Whether the sink reads the events. When it does not, the rules may skip laps whose
    /// events alone they would change, never the state (a stopped endless move played to the
    /// lap of the cycle that leaves the same state).
    #[inline(always)]
    fn keeps_events(&self) -> bool {
        true
    }
}

impl EventSink for () {
    #[inline(always)]
    fn event(&mut self, _: Event) {}
    fn mark(&mut self) -> usize {
        0
    }
    fn withdraw(&mut self, _: usize) {}
    #[inline(always)]
    fn keeps_events(&self) -> bool {
        false
    }
}

impl EventSink for Vec<Event> {
    fn event(&mut self, event: Event) {
        self.push(event);
    }
    fn mark(&mut self) -> usize {
        self.len()
    }
    fn withdraw(&mut self, mark: usize) {
        self.truncate(mark);
    }
}

/// Which part of a written move a [`Diagnostic`] of the rules is about, so the replay can point
/// at it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MovePart {
    Whole,
    /// The n-th sowing of a chained move (0-based).
    Sowing(usize),
    /// The n-th extra capture (`*hole`) of the move (0-based).
    ExtraCapture(usize),
    /// The n-th muzi drop (`@hole`) of the move's first sowing (0-based).
    MuziDrop(usize),
    /// The n-th owner action (`~12^A4`) of the move (0-based).
    Action(usize),
}

/// Which parts of a written move a game uses. [`check_move_form`] refuses every other part in
/// one way for all games, so that a game's `decisions_from_move` only reads what it uses.
#[derive(Debug)]
pub struct MoveForm {
    pub game: &'static str,
    /// How the game writes a move, for messages: "a hole, or holes chained with `-`".
    pub shape: &'static str,
    /// Several sowings chained with `-` (Dakon's further sowings).
    pub chained: bool,
    /// A direction after the hole: required when true, refused when false.
    pub direction: bool,
    /// `from:to` (Nchuwa's opening transfer).
    pub transfer: bool,
    pub muzi_drops: bool,
    /// `*hole` (how many is the game's own rule).
    pub extra_captures: bool,
    /// A move of `*hole` alone, with no sowing (Nchuwa's opening removal, when a rule option
    /// makes it a ply of its own).
    pub removal: bool,
    pub owner_actions: bool,
    /// `/L`, a move stopped after a lap.
    pub stopped: bool,
}

impl MoveForm {
    /// One hole and nothing more: each game's form names itself and adds what its moves use
    /// (`MoveForm { game, shape, chained: true, ..MoveForm::ONE_HOLE }`).
    pub const ONE_HOLE: MoveForm = MoveForm {
        game: "",
        shape: "",
        chained: false,
        direction: false,
        transfer: false,
        muzi_drops: false,
        extra_captures: false,
        removal: false,
        owner_actions: false,
        stopped: false,
    };
}

/// Refuse the parts of `written` that `form` does not use, with the part to point at.
pub fn check_move_form(written: &Move, form: &MoveForm) -> Result<(), Diagnostic> {
    let refuse = |what: &str, part: MovePart| {
        Err(Diagnostic::new(
            "mgn.move.form",
            format!(
                "{what} is not part of a {} move, which is {}",
                form.game, form.shape
            ),
        )
        .at(part))
    };
    if written.sowings.is_empty() && !form.removal {
        return refuse("a move of `*hole` alone, with no sowing,", MovePart::Whole);
    }
    if !form.chained && written.sowings.len() > 1 {
        return refuse("a further sowing chained with `-`", MovePart::Sowing(1));
    }
    for (i, sowing) in written.sowings.iter().enumerate() {
        if form.direction && sowing.direction.is_none() {
            return Err(Diagnostic::new(
                "mgn.move.form",
                format!("a {} move names its direction: {}", form.game, form.shape),
            )
            .at(MovePart::Sowing(i)));
        }
        if !form.direction && sowing.direction.is_some() {
            return refuse("a direction", MovePart::Sowing(i));
        }
        if !form.transfer && sowing.transfer_to.is_some() {
            return refuse("a transfer `:hole`", MovePart::Sowing(i));
        }
        if !form.muzi_drops && !sowing.muzi_drops.is_empty() {
            return refuse("a muzi drop `@hole`", MovePart::Sowing(i));
        }
    }
    if !form.extra_captures && !written.extra_captures.is_empty() {
        return refuse("an extra capture `*hole`", MovePart::ExtraCapture(0));
    }
    if !form.owner_actions && !written.actions.is_empty() {
        return refuse("an owner action", MovePart::Whole);
    }
    if !form.stopped && written.stopped_after_lap.is_some() {
        return refuse("a stopped move `/lap`", MovePart::Whole);
    }
    Ok(())
}

/// A written position's fields besides its holes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PositionHead {
    pub stores: [Pile; 2],
    pub to_move: Side,
    pub round: u32,
    pub debts: [u32; 2],
}

/// Where a game stands, and who decides next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// `side` starts a new turn.
    ToMove(Side),
    /// `side`'s turn goes on: he has another decision to make, because of `rule`.
    Continue { side: Side, rule: &'static str },
    /// `side` has nothing to play and must pass, by `rule`.
    MustPass { side: Side, rule: &'static str },
    /// Round `round` is over; the next starts at a `round N` marker ([`Rules::begin_round`]).
    RoundOver { round: u32 },
    /// The game is over.
    Over { winner: Option<Side> },
}

/// One game's rules, configured for one board and one set of option values.
///
/// A turn is a sequence of decisions (a hole to sow, a direction, where a muzi drops, an extra
/// capture, a further sowing); [`Rules::decisions`] lists the ones open at any point and
/// [`Rules::apply`] plays one, reporting each step. Whole turns are never listed: a single
/// Dakon turn on a 2x6 board can be played in millions of ways.
pub trait Rules {
    /// A position with everything the rules need to go on (round, rounds won, the turn so far).
    type State: Clone + PartialEq + Eq + std::hash::Hash + fmt::Debug;
    /// One decision of a player.
    type Decision: Clone + PartialEq + Eq + fmt::Debug + fmt::Display;

    fn def(&self) -> &'static GameDef;
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
    /// The length of the position of `state` as MGN writes it, if `text` starts with it
    /// ([`crate::notation::written_position_len`]): asked at every checkpoint a check reads,
    /// so a game may write it more cheaply than from the holes [`Rules::row_states`] builds
    /// (Dong Wo writes it from its board on the stack, [`crate::notation::PositionText`]).
    fn written_position_len(&self, state: &Self::State, text: &str) -> Option<usize> {
        written_position_len_by_holes(self, state, text)
    }
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
    fn phase(&self, state: &Self::State) -> Phase;
    /// The round a state is in (1 for the first).
    fn round(&self, state: &Self::State) -> u32;
    /// Every decision open now, in a stable order.
    fn decisions(&self, state: &Self::State, out: &mut Vec<Self::Decision>);
    /// How many ways the turn under way can be finished, perft(1) from `state`, when the rules
    /// can count them faster than perft playing each decision: where every decision is a whole
    /// turn and legal, the decisions [`Rules::decisions`] lists (Nchuwa, Mraw imrujen); for a
    /// Dakon turn, whose sowings that end in the store go on, its tree of sowings counted in
    /// place. None (the default) when the decisions must be played to be known: a move not
    /// decided within the lap budget may be refused, and only perft says why.
    fn whole_turns(&self, _state: &Self::State) -> Option<u64> {
        None
    }
    /// The decisions open now as runs, for random play: [`Rules::random_decisions`] in the
    /// same order, except that decisions that differ only in the lap a move that never ends stops
    /// after may be one entry of `out`, the first of a run of `counts[i]` decisions in a row
    /// ([`Rules::decision_in_run`] 0 to `counts[i] - 1`). `counts` is left empty when every
    /// entry is one decision (as by default), and otherwise holds one count per entry. So a
    /// random draw among the stops of a move that never ends lists no decision per lap: a
    /// cycle of millions of laps is one entry.
    fn decision_runs(
        &self,
        state: &Self::State,
        out: &mut Vec<Self::Decision>,
        counts: &mut Vec<u64>,
    ) {
        counts.clear();
        self.random_decisions(state, out);
    }
    /// Decision `i` of the run that starts with `first` (see [`Rules::decision_runs`]).
    fn decision_in_run(&self, first: &Self::Decision, i: u64) -> Self::Decision {
        debug_assert_eq!(i, 0, "a run of one decision");
        first.clone()
    }

    /// The decisions random play draws among (`mgn generate`, playouts): those of
    /// [`Rules::decisions`], which perft counts, and the voluntary ones perft leaves out by its
    /// convention (docs/perft.md: Dong Wo's owner actions, and the transactions it does not
    /// count), so that random games reach every rule. Every one listed is legal, or a move
    /// not decided within the lap budget.
    fn random_decisions(&self, state: &Self::State, out: &mut Vec<Self::Decision>) {
        self.decisions(state, out);
    }
    /// The decisions open now in words, for the `legal here` list of a refusal, in the order
    /// of [`Rules::decisions`]. Decisions that differ only in the lap a move that never ends
    /// stops after are one entry (`B9/174 to /347`), so that the list never grows with the
    /// laps of a move.
    fn alternatives(&self, state: &Self::State) -> Vec<String> {
        let mut decisions = Vec::new();
        self.decisions(state, &mut decisions);
        decisions.iter().map(|d| d.to_string()).collect()
    }
    /// Play one decision, reporting each step; on a violation the state is left unchanged.
    fn apply<S: EventSink>(
        &self,
        state: &mut Self::State,
        decision: &Self::Decision,
        sink: &mut S,
    ) -> Result<(), Diagnostic>;
    /// The decisions a written move stands for, each with the part of the move it comes from;
    /// a form the game does not use is a violation.
    fn decisions_from_move(
        &self,
        written: &Move,
    ) -> Result<Vec<(Self::Decision, MovePart)>, Diagnostic> {
        let mut decisions = Vec::new();
        self.decisions_from_move_into(written, &mut decisions)?;
        Ok(decisions)
    }
    /// The same decisions, written over `out` so that its room is reused: the replay reads
    /// every move with it.
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
        _sink: &mut S,
    ) -> Result<(), Diagnostic> {
        Err(Diagnostic::new(
            CUT,
            "mgn cuts no move of this game after a lap (it cuts Nchuwa's): the record stops between turns",
        ))
    }
    /// Asks the rules to leave out, until asked back (`defer` false), the look-ahead that
    /// refuses a decision only because the move could never end after it, and says whether
    /// they did. The replay asks it to play a written move whole: if the move ends, its own
    /// decisions show that it could end after each of them, so the look-ahead would have let
    /// each pass; if it does not end, or anything in it is refused, the move is played again
    /// with the look-ahead, for the verdict and its diagnostic (`Replay::play_written_move`).
    /// Rules without such a look-ahead (the default) do nothing.
    fn defer_end_lookahead(&self, _defer: bool) -> bool {
        false
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
    /// The decision an owner action written between moves stands for (Dong Wo's `^A4`).
    fn decision_from_action(
        &self,
        _: &crate::notation::HoleAction,
    ) -> Result<Self::Decision, Diagnostic> {
        Err(Diagnostic::new(
            "mgn.move.form",
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
            "mgn.move.form",
            format!(
                "{} has no transactions between rounds (they belong to Dong Wo)",
                self.def().kind
            ),
        ))
    }
    /// The pass decision, for a game where a player may have to pass.
    fn pass_decision(&self) -> Option<Self::Decision>;
    /// The written form of one whole turn.
    fn move_from_decisions(&self, turn: &[Self::Decision]) -> Element;
    /// Where a picture of the board puts the stores or winnings: beside the board unless the
    /// game sows through its stores.
    fn stores(&self) -> Stores {
        Stores::Beside
    }
}

/// [`Rules::written_position_len`] with each hole built by [`Rules::row_states`]: the default,
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
