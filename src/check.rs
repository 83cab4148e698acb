//! Checking records: what `mgn check` decides about each game of a file.
//!
//! A record is checked in two stages. Reading it (the notation layer) catches every departure
//! from the MGN syntax; checking the game it holds ([`check_game`]) replays it under the rules
//! of its game and stops at the first departure.
//!
//! Nothing here prints: the command line turns [`RecordResult`]s into its report.

use crate::notation::{games_in_part, Game, GameKind, Header, Part, SyntaxError, TAG_NAMES};
use crate::replay::{replay_game_within, replay_moves, ReplayOptions, Replayed};
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
    Passed,
    /// What is wrong with the game, each placed at a byte offset of the text it was read from
    /// (the replay stops at the first: there is one).
    Failed(Vec<Diagnostic>),
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
    let replayed = replay_game_within(game, false, options.max_laps);
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
        error: SyntaxError,
        kind: Option<GameKind>,
    },
    /// The record reads; the verdict says whether the game it holds, of this kind, is good.
    /// `warnings` are what the record likely does not mean, which the verdict leaves alone
    /// ([`header_warnings`]).
    Checked {
        kind: GameKind,
        verdict: Verdict,
        warnings: Vec<Diagnostic>,
    },
    /// A part of the file that is not UTF-8, which MGN requires: one bad record, at its first
    /// byte that is not.
    NotUtf8 { offset: usize, byte: u8 },
}

impl RecordResult {
    pub fn passed(&self) -> bool {
        match self {
            RecordResult::Checked { verdict, .. } => verdict.passed(),
            RecordResult::Syntax { .. } | RecordResult::NotUtf8 { .. } => false,
        }
    }

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
    let max_laps = options.max_laps;
    let events = has_capture_claim(text);
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
        let options = ReplayOptions {
            events,
            on_step: None,
            max_laps,
        };
        let mut replayed = replay_moves(&header, &mut reader, options);
        if replayed.needs_events {
            // The replay is the same up to its failure, now with the events of its trace.
            let options = ReplayOptions {
                events: true,
                on_step: None,
                max_laps,
            };
            replayed = replay_moves(&header, &mut reader.again(), options);
        }
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

/// Whether a text may hold a capture claim (`x7`), whose check needs each ply's events. A
/// claim stands after a space or a comment, so an `x` between digits or after a hole's name is
/// none: `[Board "2x5"]`, which every record of a board other than the game's usual one holds,
/// used to put the whole text on the slower replay with events. A claim-like `x` in a comment
/// only costs the events, and a claim this misses costs a second replay
/// ([`crate::replay::Replayed::needs_events`]), never its check.
fn has_capture_claim(text: &str) -> bool {
    // From the first `x`, block by block, each without an early exit, which the compiler turns
    // into vector code: a record may hold an `x` in every few checkpoints (Dakon's out-of-play
    // holes), and a search that stopped at each of them was a tenth of checking one.
    const BLOCK: usize = 4096;
    let b = text.as_bytes();
    let Some(first) = memchr::memchr(b'x', b) else {
        return false;
    };
    if first == 0 && b.get(1).is_some_and(u8::is_ascii_digit) {
        return true;
    }
    // Each triple (before, x, digit) from the one whose `x` is the first.
    let triples = b.len().saturating_sub(2);
    (first.max(1) - 1..triples).step_by(BLOCK).any(|start| {
        let end = (start + BLOCK).min(triples);
        b[start..end]
            .iter()
            .zip(&b[start + 1..end + 1])
            .zip(&b[start + 2..end + 2])
            .fold(false, |found, ((&before, &x), &digit)| {
                found | (!before.is_ascii_alphanumeric() & (x == b'x') & digit.is_ascii_digit())
            })
    })
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A capture claim (`x7`) is seen wherever it stands, across the blocks it is searched in,
    /// and an `x` without a digit after it (an out-of-play hole) is none.
    #[test]
    fn has_capture_claim_finds_an_x_before_a_digit_anywhere() {
        assert!(!has_capture_claim(""));
        assert!(!has_capture_claim("x"));
        assert!(has_capture_claim("x7"));
        assert!(has_capture_claim(" x7"));
        assert!(has_capture_claim("{a comment}x7"));
        for len in [1, 4094, 4095, 4096, 4097, 9000] {
            let holes = "[x,4/4,x 0/0 A 1] ".repeat(len / 18 + 1);
            let filler = &holes[..len];
            assert!(!has_capture_claim(filler), "{len}");
            assert!(!has_capture_claim(&format!("{filler}x")), "{len}");
            assert!(has_capture_claim(&format!("{filler} x3")), "{len}");
            assert!(
                has_capture_claim(&format!("{filler}\nx12 {filler}")),
                "{len}"
            );
            assert!(has_capture_claim(&format!("x1{filler}")), "{len}");
        }
    }

    /// The board's size (`[Board "2x5"]`) and an `x` glued to a move (`B4x7`, which the reader
    /// refuses) are no capture claims: a claim stands after a space or a comment. Before this,
    /// every record with a Board tag was checked with its events kept, a quarter slower.
    #[test]
    fn a_board_size_is_no_capture_claim() {
        assert!(!has_capture_claim("[Game \"dong-wo\"]\n[Board \"2x5\"]\n"));
        assert!(!has_capture_claim("[Board \"4x15\"]"));
        assert!(!has_capture_claim("1. B4x7"));
        for len in [0, 4093, 4094, 4095, 4096, 9000] {
            let filler = " ".repeat(len);
            assert!(
                !has_capture_claim(&format!("{filler}[Board \"2x7\"]{filler}")),
                "{len}"
            );
            assert!(
                has_capture_claim(&format!("{filler}[Board \"2x7\"] x0")),
                "{len}"
            );
        }
    }
}
