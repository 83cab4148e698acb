//! Checking records: what `mgn check` decides about each game of a file.
//!
//! A record is checked in two stages. Reading it (the notation layer) catches every departure
//! from the MGN syntax; checking the game it holds ([`check_game`]) is where the replay against
//! the rules of its game will go. Replay comes with the replay issue: until then a game that
//! reads is a game that passes, which is exactly what the syntax layer can vouch for.
//!
//! Nothing here prints: the command line turns [`RecordResult`]s into its report.

use crate::notation::{parse_games, Game, SyntaxError};

/// What the checker is told besides the record itself. Empty for now; it is where rule
/// overrides and checking levels will go, so that adding them does not change every caller.
#[derive(Clone, Debug, Default)]
#[non_exhaustive]
pub struct CheckOptions {}

/// One thing wrong with a game that reads: a rule broken or a claim that does not hold.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    /// Byte offset into the text the game was read from, for `file:line:column`.
    pub offset: usize,
    pub message: String,
}

/// The decision about one game that reads.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    Passed,
    Failed(Vec<Problem>),
}

impl Verdict {
    pub fn passed(&self) -> bool {
        matches!(self, Verdict::Passed)
    }
}

/// Check one parsed game.
///
/// The replay comes with the replay issue; until then every game that reads passes. Its spans
/// point into the text it was read from, so problems found here can be reported at the right
/// line and column.
pub fn check_game(game: &Game, options: &CheckOptions) -> Verdict {
    let _ = (game, options);
    Verdict::Passed
}

/// The outcome for one record of a file, in file order.
#[derive(Clone, Debug)]
pub enum RecordResult {
    /// The record does not read; the reader went on at the next game.
    Syntax(SyntaxError),
    /// The record reads; the verdict says whether the game it holds is good.
    Checked { game: Box<Game>, verdict: Verdict },
}

impl RecordResult {
    pub fn passed(&self) -> bool {
        match self {
            RecordResult::Syntax(_) => false,
            RecordResult::Checked { verdict, .. } => verdict.passed(),
        }
    }
}

/// Read and check every record of one text.
pub fn check_text(text: &str, options: &CheckOptions) -> Vec<RecordResult> {
    parse_games(text)
        .into_iter()
        .map(|parsed| match parsed {
            Err(error) => RecordResult::Syntax(error),
            Ok(game) => {
                let verdict = check_game(&game, options);
                RecordResult::Checked {
                    game: Box::new(game),
                    verdict,
                }
            }
        })
        .collect()
}
