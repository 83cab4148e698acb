//! What a game is made of, for `mgn rules` and for header checks: its rules and options, each
//! with the seed sentence it rests on, its presets, and the rules that hold for every game.

use super::{game_def, general, Pile};
use crate::code::Code;
pub use crate::code::{OptionDef, RuleDef};
use crate::notation::{BoardSize, GameKind};
use crate::Diagnostic;
use std::fmt;

/// A named bundle of option values, following one source or one tradition.
#[derive(Debug)]
pub struct PresetDef {
    /// The name a `Preset` tag gives (`catalan-clockwise`).
    pub name: &'static str,
    /// Whose rules these are and how they differ from the defaults, in one sentence.
    pub summary: &'static str,
    /// The option values it sets, as code and value; every other option keeps its default.
    pub settings: &'static [(&'static str, &'static str)],
}

/// Everything `mgn rules` shows about a game, and what a record's header is checked against.
#[derive(Debug)]
pub struct GameDef {
    /// The game, as a `Game` tag names it.
    pub kind: GameKind,
    /// The boards the game is played on; a `Board` tag must name one of them.
    pub boards: &'static [BoardSize],
    /// The board of a record without a `Board` tag.
    pub default_board: BoardSize,
    /// Every rule of the game, each with its seed sentence, in the order `mgn rules` lists them.
    pub rules: &'static [RuleDef],
    /// The points the sources leave open, each decided by an option tag or a preset.
    pub options: &'static [OptionDef],
    /// The named bundles of option values a `Preset` tag may choose.
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
    Ends {
        /// A's store is at the left end of the rows (and B's at the right), as the sowing
        /// direction puts them.
        a_left: bool,
    },
}

impl GameDef {
    /// What a captured pile is worth: its seeds, and its muzi at [`GameDef::muzi_points`].
    pub fn pile_points(&self, pile: Pile) -> u64 {
        pile.seeds as u64 + self.muzi_points as u64 * pile.muzi.count() as u64
    }

    /// The game's rule written `code`, for `mgn rules CODE`.
    pub fn rule(&self, code: &str) -> Option<&'static RuleDef> {
        self.rules.iter().find(|r| r.code == code)
    }

    /// The game's option written `code`, as an `Option` tag names it.
    pub fn option(&self, code: &str) -> Option<&'static OptionDef> {
        self.options.iter().find(|o| o.code == code)
    }

    /// The code written `text` among the game's rules and options.
    pub fn code(&self, text: &str) -> Option<Code> {
        self.rule(text)
            .map(Code::of_rule)
            .or_else(|| self.option(text).map(Code::of_option))
    }

    /// The game's preset a `Preset` tag names.
    pub fn preset(&self, name: &str) -> Option<&'static PresetDef> {
        self.presets.iter().find(|p| p.name == name)
    }

    /// The words of a rule or option code, for messages: a [`Code`] or a code's text.
    pub fn describe(&self, code: impl AsRef<str>) -> &'static str {
        let code = code.as_ref();
        self.rule(code)
            .map(|r| r.summary)
            .or_else(|| self.option(code).map(|o| o.summary))
            .or_else(|| general_rule(code).map(|r| r.summary))
            .unwrap_or("")
    }
}

pub use super::general::GENERAL_RULES;

/// The rule written `code` among those that hold for every game (`mgn.*`).
pub fn general_rule(code: &str) -> Option<&'static RuleDef> {
    GENERAL_RULES.iter().find(|r| r.code == code)
}

impl Code {
    /// The code written `text`, if the general rules or a game declare it: for a code read from
    /// the user (`mgn rules CODE`, an option tag).
    pub fn find(text: &str) -> Option<Code> {
        general_rule(text).map(Code::of_rule).or_else(|| {
            GameKind::ALL
                .into_iter()
                .find_map(|kind| game_def(kind).code(text))
        })
    }
}

/// The most laps one move may take before it is decided, unless told otherwise (`--max-laps`,
/// [`Settings::set_max_laps`](crate::rules::Settings::set_max_laps)). A move that ends by then is decided, and so is a move whose
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
        general::LIMIT_LAPS,
        format!(
            "{what} was not decided within the lap budget of {max_laps} laps: {why}; it may be legal or not, and the record is not passed (raise the budget with --max-laps)"
        ),
    )
}
