//! What a game is made of, for `mgn rules` and for header checks: its rules and options, each
//! with the seed sentence it rests on, its presets, and the rules that hold for every game.

use super::Pile;
use crate::notation::{BoardSize, GameKind};
use crate::Diagnostic;
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
/// ([`Rules::apply_cut`](crate::rules::Rules::apply_cut)).
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
        "mgn.limit.laps",
        format!(
            "{what} was not decided within the lap budget of {max_laps} laps: {why}; it may be legal or not, and the record is not passed (raise the budget with --max-laps)"
        ),
    )
}
