//! Checking records: what `mgn check` decides about each game of a file.
//!
//! A record is checked in two stages. Reading it (the notation layer) catches every departure
//! from the MGN syntax; checking the game it holds ([`check_game`]) replays it under the rules
//! of its game and stops at the first departure, or, asked to ([`CheckOptions::all_claims`]),
//! goes on past each false claim to find them all.
//!
//! Nothing here prints: the command line turns [`RecordResult`]s into its report.

use crate::notation::{games_in_part, Game, GameKind, Header, Part, SyntaxError, TAG_NAMES};
use crate::replay::{is_claim_rule, replay_game, replay_moves, ReplayOptions, Replayed};
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
    /// Go on past a false claim (`--all-claims`), so that a failed verdict holds every false
    /// claim of its game; a departure that is no claim's still ends the replay
    /// ([`ReplayOptions::all_claims`]).
    pub all_claims: bool,
}

impl Default for CheckOptions {
    fn default() -> CheckOptions {
        CheckOptions {
            max_laps: DEFAULT_MAX_LAPS,
            all_claims: false,
        }
    }
}

impl CheckOptions {
    /// How the replay of a game runs under these options.
    fn replay(&self) -> ReplayOptions<'static> {
        ReplayOptions::verdict()
            .max_laps(self.max_laps)
            .all_claims(self.all_claims)
    }
}

/// The decision about one game that reads.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The game replays to its end under the rules of its game, and every claim it makes
    /// (captures, scores, positions, the result) is what the replay gives.
    Passed,
    /// What is wrong with the game, each placed at a byte offset of the text it was read from,
    /// in the record's order: the first departure, which ends the replay, alone; or, under
    /// [`CheckOptions::all_claims`], every false claim and then the departure that ended the
    /// replay, if one did. Never empty.
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

    /// What is wrong with the game, in the record's order; nothing for a game that passed.
    pub fn problems(&self) -> &[Diagnostic] {
        match self {
            Verdict::Passed => &[],
            Verdict::Failed(problems) => problems,
        }
    }

    /// How many of its problems are false claims ([`is_claim_rule`]).
    pub fn false_claims(&self) -> usize {
        self.problems()
            .iter()
            .filter(|problem| is_claim_rule(problem.rule))
            .count()
    }
}

/// The players a record's header names, by its `PlayerA` and `PlayerB` tags, so that a report
/// says whose game failed (the engines a CI run compares, say).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Players {
    /// The `PlayerA` tag's value.
    pub a: Option<String>,
    /// The `PlayerB` tag's value.
    pub b: Option<String>,
}

impl Players {
    /// The players `header` names.
    pub fn of(header: &Header) -> Players {
        Players {
            a: header.player_a.as_ref().map(|tag| tag.value.clone()),
            b: header.player_b.as_ref().map(|tag| tag.value.clone()),
        }
    }

    /// Whether the header names neither player.
    pub fn is_empty(&self) -> bool {
        self.a.is_none() && self.b.is_none()
    }
}

/// Replay one parsed game under its rules. Its spans point into the text it was read from, so
/// problems found here are reported at the right line and column.
pub fn check_game(game: &Game, options: &CheckOptions) -> Verdict {
    verdict(replay_game(game, options.replay()))
}

fn verdict(replayed: Replayed) -> Verdict {
    match replayed.failure {
        None => Verdict::Passed,
        Some(failure) if replayed.later_failures.is_empty() => Verdict::Failed(vec![failure]),
        Some(failure) => {
            let mut problems = Vec::with_capacity(1 + replayed.later_failures.len());
            problems.push(failure);
            problems.extend(replayed.later_failures);
            Verdict::Failed(problems)
        }
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
        /// The players the header names, when the header reads (the error is in the move
        /// text); none otherwise.
        players: Players,
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
        /// The players the header names.
        players: Players,
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
            players: Players::default(),
        });
    }
    results
}

/// Read and check the records of one part of a file ([`crate::notation::parts()`]). Whether the
/// file held no game at all is known only after its last part: see [`no_game`].
pub fn check_part(part: &Part, options: &CheckOptions) -> Vec<RecordResult> {
    if let Some(error) = part.too_long() {
        return vec![RecordResult::Syntax {
            error,
            kind: None,
            players: Players::default(),
        }];
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
                let players = Players::default();
                results.push(RecordResult::Syntax {
                    error,
                    kind,
                    players,
                });
                continue;
            }
        };
        let header = reader.header.clone();
        let kind = header.game.value;
        let replayed = replay_moves(&header, &mut reader, options.replay());
        // The rest of the game is read even after a failure: a syntax error anywhere in it
        // makes the record a syntax error.
        let result = match (games.finish(reader), replayed) {
            (Err(error), _) => RecordResult::Syntax {
                error,
                kind: Some(kind),
                players: Players::of(&header),
            },
            (Ok(_), replayed) => RecordResult::Checked {
                kind,
                verdict: verdict(replayed),
                warnings: header_warnings(&header),
                players: Players::of(&header),
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
