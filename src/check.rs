//! Checking records: what `mgn check` decides about each game of a file.
//!
//! A record is checked in two stages. Reading it (the notation layer) catches every departure
//! from the MGN syntax; checking the game it holds ([`check_game`]) replays it under the rules
//! of its game and stops at the first departure.
//!
//! Nothing here prints: the command line turns [`RecordResult`]s into its report.

use crate::notation::{games, Game, GameKind, SyntaxError};
use crate::replay::{replay_game, Failure};
use crate::rules::game_def;

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
    /// The ply it concerns, counted from 1 over the whole game.
    pub ply: Option<usize>,
    pub message: String,
    /// The code of the rule that decided, and its words.
    pub rule: &'static str,
    pub rule_words: &'static str,
    /// The decisions that were legal where an illegal one was written.
    pub alternatives: Vec<String>,
    /// The step trace of the ply concerned.
    pub trace: Option<String>,
    /// A unified diff of the claimed position against the replayed one.
    pub diff: Option<String>,
}

/// The decision about one game that reads.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    Passed,
    Failed(Vec<Problem>),
    /// mgn does not implement this game's rules yet: only its syntax was checked.
    NotReplayed(String),
}

impl Verdict {
    pub fn passed(&self) -> bool {
        matches!(self, Verdict::Passed)
    }

    pub fn failed(&self) -> bool {
        matches!(self, Verdict::Failed(_))
    }
}

/// Replay one parsed game under its rules. Its spans point into the text it was read from, so
/// problems found here are reported at the right line and column.
pub fn check_game(game: &Game, options: &CheckOptions) -> Verdict {
    let _ = options;
    let kind = game.header.game.value;
    let Some(replayed) = replay_game(game, false) else {
        return Verdict::NotReplayed(format!(
            "mgn does not replay {kind} yet: only the record's syntax was checked"
        ));
    };
    match replayed.failure {
        None => Verdict::Passed,
        Some(failure) => Verdict::Failed(vec![problem(kind, failure)]),
    }
}

fn problem(kind: crate::notation::GameKind, failure: Failure) -> Problem {
    let rule_words = game_def(kind).map_or("", |def| def.describe(failure.rule));
    Problem {
        offset: failure.offset,
        ply: failure.ply,
        message: failure.message,
        rule: failure.rule,
        rule_words,
        alternatives: failure.alternatives,
        trace: failure.trace,
        diff: failure.diff,
    }
}

/// The outcome for one record of a file, in file order.
#[derive(Clone, Debug)]
pub enum RecordResult {
    /// The record does not read; the reader went on at the next game.
    Syntax(SyntaxError),
    /// The record reads; the verdict says whether the game it holds, of this kind, is good.
    Checked { kind: GameKind, verdict: Verdict },
}

impl RecordResult {
    pub fn passed(&self) -> bool {
        match self {
            RecordResult::Syntax(_) => false,
            RecordResult::Checked { verdict, .. } => verdict.passed(),
        }
    }

    pub fn failed(&self) -> bool {
        match self {
            RecordResult::Syntax(_) => true,
            RecordResult::Checked { verdict, .. } => verdict.failed(),
        }
    }
}

/// Read and check every record of one text.
pub fn check_text(text: &str, options: &CheckOptions) -> Vec<RecordResult> {
    check_records(text, options).collect()
}

/// Read and check the records of one text one at a time: each game's syntax tree is dropped
/// once checked, so that memory does not grow with the number of games in a file.
///
/// A text that holds no game at all is one bad record, a syntax error at its end: an empty file
/// in CI means that whatever should have written it failed, and passing it would be a false
/// green.
pub fn check_records<'a>(
    text: &'a str,
    options: &'a CheckOptions,
) -> impl Iterator<Item = RecordResult> + 'a {
    let mut records = games(text).peekable();
    let empty = records
        .peek()
        .is_none()
        .then(|| RecordResult::Syntax(no_game(text)));
    empty
        .into_iter()
        .chain(records.map(move |parsed| match parsed {
            Err(error) => RecordResult::Syntax(error),
            Ok(game) => RecordResult::Checked {
                kind: game.header.game.value,
                verdict: check_game(&game, options),
            },
        }))
}

/// The error of a text without a game, at its end.
pub fn no_game(text: &str) -> SyntaxError {
    SyntaxError {
        offset: text.len(),
        expected: "a game, starting with its `[Game \"...\"]` tag (a file holds at least one)"
            .to_string(),
        found: "end of file".to_string(),
    }
}
