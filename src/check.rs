//! Checking records: what `mgn check` decides about each game of a file.
//!
//! A record is checked in two stages. Reading it (the notation layer) catches every departure
//! from the MGN syntax; checking the game it holds ([`check_game`]) replays it under the rules
//! of its game and stops at the first departure.
//!
//! Nothing here prints: the command line turns [`RecordResult`]s into its report.

use crate::notation::{games_in_part, Game, GameKind, Header, Part, SyntaxError, TAG_NAMES};
use crate::replay::{replay_game, replay_moves, ReplayOptions, Replayed};
use crate::rules::general;
use crate::rules::DEFAULT_MAX_LAPS;
use crate::Diagnostic;

/// What the checker is told besides the record itself; rule overrides and checking levels
/// will go here too, so that adding them does not change every caller.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct CheckOptions {
    /// The most laps one move may take before it is decided (`--max-laps`): a move that has
    /// neither ended nor come back to a state it was in by then fails under `mgn.limit.laps`.
    pub max_laps: u64,
}

impl Default for CheckOptions {
    fn default() -> CheckOptions {
        CheckOptions {
            max_laps: DEFAULT_MAX_LAPS,
        }
    }
}

/// The decision about one game that reads.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The game replays to its end under the rules of its game, and every claim it makes
    /// (captures, scores, positions, the result) is what the replay gives.
    Passed,
    /// What is wrong with the game, each placed at a byte offset of the text it was read from
    /// (the replay stops at the first: there is one).
    Failed(Vec<Diagnostic>),
}

impl Verdict {
    /// Whether the game replayed to its end with every claim borne out.
    pub fn passed(&self) -> bool {
        matches!(self, Verdict::Passed)
    }

    /// Whether the replay found the game wrong: the opposite of [`Verdict::passed`], spelt
    /// out for the callers that count failures.
    pub fn failed(&self) -> bool {
        matches!(self, Verdict::Failed(_))
    }
}

/// Replay one parsed game under its rules. Its spans point into the text it was read from, so
/// problems found here are reported at the right line and column.
pub fn check_game(game: &Game, options: &CheckOptions) -> Verdict {
    let replayed = replay_game(game, ReplayOptions::verdict().max_laps(options.max_laps));
    verdict(replayed)
}

fn verdict(replayed: Replayed) -> Verdict {
    match replayed.failure {
        None => Verdict::Passed,
        Some(failure) => Verdict::Failed(vec![failure]),
    }
}

/// The outcome for one record of a file, in file order. Offsets are into the text the record
/// was read from: the whole text for [`check_text`], the part for [`check_part`].
#[derive(Clone, Debug)]
pub enum RecordResult {
    /// The record does not read; the reader went on at the next game. `kind` is the game its
    /// `Game` tag names, when that much reads.
    Syntax {
        /// The first departure from MGN's syntax, which the record stops at.
        error: SyntaxError,
        /// The game the `Game` tag names, so that a report still says which game the bad
        /// record was of; `None` when the tag is missing or does not read.
        kind: Option<GameKind>,
    },
    /// The record reads; the verdict says whether the game it holds, of this kind, is good.
    /// `warnings` are what the record likely does not mean, which the verdict leaves alone
    /// ([`header_warnings`]).
    Checked {
        /// The game the record is of, whose rules replayed it.
        kind: GameKind,
        /// Whether the game is good, and if not, why.
        verdict: Verdict,
        /// Tags whose names are near one MGN defines (`[Frist "A"]`), likely misspelt: reported
        /// beside the verdict, never making it fail.
        warnings: Vec<Diagnostic>,
    },
    /// A part of the file that is not UTF-8, which MGN requires: one bad record, at its first
    /// byte that is not.
    NotUtf8 {
        /// The byte offset of the first byte that is not UTF-8.
        offset: usize,
        /// That byte, which the report shows: its value often tells which encoding the file
        /// was written in.
        byte: u8,
    },
}

impl RecordResult {
    /// Whether the record reads and its game replayed with every claim borne out.
    pub fn passed(&self) -> bool {
        match self {
            RecordResult::Checked { verdict, .. } => verdict.passed(),
            RecordResult::Syntax { .. } | RecordResult::NotUtf8 { .. } => false,
        }
    }

    /// Whether the record makes its file fail, the opposite of [`RecordResult::passed`]: a
    /// record that does not read fails too, as nothing it claims can be trusted.
    pub fn failed(&self) -> bool {
        match self {
            RecordResult::Checked { verdict, .. } => verdict.failed(),
            RecordResult::Syntax { .. } | RecordResult::NotUtf8 { .. } => true,
        }
    }
}

/// Read and check every record of one text, a whole file. A text that holds no game at all is
/// one bad record, a syntax error at its end: an empty file in CI means that whatever should
/// have written it failed, and passing it would be a false green.
pub fn check_text(text: &str, options: &CheckOptions) -> Vec<RecordResult> {
    let mut results = check_in(text, true, options);
    if results.is_empty() {
        results.push(RecordResult::Syntax {
            error: no_game(text),
            kind: None,
        });
    }
    results
}

/// Read and check the records of one part of a file ([`crate::notation::parts()`]). Whether the
/// file held no game at all is known only after its last part: see [`no_game`].
pub fn check_part(part: &Part, options: &CheckOptions) -> Vec<RecordResult> {
    if let Some(error) = part.too_long() {
        return vec![RecordResult::Syntax { error, kind: None }];
    }
    match part.text() {
        Ok(text) => check_in(text, part.last, options),
        Err(error) => {
            let offset = error.valid_up_to();
            vec![RecordResult::NotUtf8 {
                offset,
                byte: part.bytes[offset],
            }]
        }
    }
}

/// The records of a text that ends where the file does when `last`. Each game is replayed as it
/// is read, element by element: memory holds the text and the replay, not the game's syntax
/// tree.
fn check_in(text: &str, last: bool, options: &CheckOptions) -> Vec<RecordResult> {
    let mut games = games_in_part(text, Vec::new(), last);
    let mut results = Vec::new();
    while let Some(next) = games.next_game() {
        let mut reader = match next {
            Ok(reader) => reader,
            Err(error) => {
                let kind = games.game_kind();
                results.push(RecordResult::Syntax { error, kind });
                continue;
            }
        };
        let header = reader.header.clone();
        let kind = header.game.value;
        let options = ReplayOptions::verdict().max_laps(options.max_laps);
        let replayed = replay_moves(&header, &mut reader, options);
        // The rest of the game is read even after a failure: a syntax error anywhere in it
        // makes the record a syntax error.
        let result = match (games.finish(reader), replayed) {
            (Err(error), _) => RecordResult::Syntax {
                error,
                kind: Some(kind),
            },
            (Ok(_), replayed) => RecordResult::Checked {
                kind,
                verdict: verdict(replayed),
                warnings: header_warnings(&header),
            },
        };
        results.push(result);
    }
    results
}

/// What a header likely does not mean: a tag MGN does not define whose name is near one it
/// does (`[Frist "A"]`), which the reader keeps as it is, so that the game is replayed with B
/// first and fails far from the typo. Warnings leave the verdict alone: a record may hold any
/// tag of its own.
pub fn header_warnings(header: &Header) -> Vec<Diagnostic> {
    header
        .other
        .iter()
        .filter_map(|tag| {
            let name = &tag.value.name;
            let meant = crate::suggest::nearest(name, TAG_NAMES)?;
            let message = format!(
                "unknown tag `{name}` (did you mean `{meant}`?): it is kept, but MGN gives it no \
                 meaning"
            );
            let end = tag.span.start + name.len();
            let diagnostic = Diagnostic::new(general::HEADER_UNKNOWN_TAG, message);
            Some(
                diagnostic
                    .at_span(tag.span.start, end)
                    .labelled(format!("did you mean `{meant}`?")),
            )
        })
        .collect()
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
