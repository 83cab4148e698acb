//! Annotating records: a game's claims filled in from its replay, and its false claims
//! corrected, with the rest of the text kept as written (`mgn annotate`).
//!
//! A writer records the moves; the replay knows what follows from them. Annotating replays a
//! game with its claims left out (a claim never changes the replay), then edits the text the
//! game was read from at the spans its syntax tree gives: a true claim keeps its bytes, a false
//! one is replaced, and a new one is inserted after the step it speaks of. The moves, comments,
//! tags and layout are never rewritten, so a record whose claims are all present and true comes
//! back byte for byte.
//!
//! Every game annotated is checked again, as `mgn check` checks it, before its edits are given:
//! a game whose annotated text would not pass is left as written and said to be so
//! ([`GameAnnotation::NotVerified`]), so that an annotation never produces a record that fails.
//!
//! ```
//! use mgn::annotate::{annotate_text, AnnotateOptions, GameAnnotation};
//!
//! let record = "[Game \"dakon\"]\n\n1. B4 =0/9 1... A1 *\n";
//! let mut options = AnnotateOptions::default();
//! options.captures = true;
//! let annotated = annotate_text(record, &options);
//! // The false score is corrected, and each move's capture claim added before its score.
//! let expected = "[Game \"dakon\"]\n\n1. B4 x7(A2,B4) =0/8 1... A1 x2(B1,A5) *\n";
//! assert_eq!(annotated.text, expected);
//! let GameAnnotation::Annotated { corrections, .. } = &annotated.games[0] else { panic!() };
//! assert_eq!(corrections[0].written, "=0/9");
//! assert_eq!(corrections[0].corrected, "=0/8");
//! ```

use crate::check::{check_text, CheckOptions, RecordResult};
use crate::code::Code;
use crate::notation::{
    games_in_part, Element, Game, GameKind, MovetextWriter, Outcome, Pile, Position, Span, Spanned,
    SyntaxError,
};
use crate::replay::{replay_game, Progress, ReplayOptions, StepLabel};
use crate::rules::{general, DEFAULT_MAX_LAPS};
use crate::Diagnostic;

/// Where checkpoints are added ([`AnnotateOptions::checkpoints`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Checkpoints {
    /// After every step: each ply, each `round N` marker, each owner action and transaction.
    Every,
    /// At each round's end (after its last ply, before the `round N` marker) and at the next
    /// round's start (after its marker and the transactions that follow it), and after the
    /// record's last ply.
    Round,
    /// After the record's last step only.
    End,
}

/// What an annotation adds. Whatever it adds, every false claim written is corrected; with
/// nothing to add (the default), that is all it does.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct AnnotateOptions {
    /// A capture claim after each move that captured (a move that captured nothing gets none:
    /// `x0` says nothing a reader needs).
    pub captures: bool,
    /// A score claim after each move.
    pub scores: bool,
    /// Checkpoints, where this says.
    pub checkpoints: Option<Checkpoints>,
    /// The lap budget of the replay, as `mgn check --max-laps`.
    pub max_laps: u64,
}

impl Default for AnnotateOptions {
    fn default() -> AnnotateOptions {
        AnnotateOptions {
            captures: false,
            scores: false,
            checkpoints: None,
            max_laps: DEFAULT_MAX_LAPS,
        }
    }
}

impl AnnotateOptions {
    /// Whether the options add claims, and so also fill in the result of a game the rules
    /// ended where the record writes `*`.
    pub fn adds(&self) -> bool {
        self.captures || self.scores || self.checkpoints.is_some()
    }
}

/// One change to a text: the bytes at `span` replaced by `text` (an insertion when the span is
/// empty).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Edit {
    /// The bytes replaced, as offsets of the text the game was read from.
    pub span: Span,
    /// What replaces them.
    pub text: String,
}

/// A false claim replaced by what the replay gives.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Correction {
    /// Where the claim was written, in the text the game was read from.
    pub span: Span,
    /// The claim as written (`=0/9`).
    pub written: String,
    /// The claim as corrected, in the writer's form (`=0/8`).
    pub corrected: String,
    /// The rule the claim broke, as `mgn check` reports it (`mgn.claim.score`).
    pub rule: Code,
}

/// What became of one record of a text.
#[derive(Clone, Debug)]
pub enum GameAnnotation {
    /// The record does not read; it is left as written.
    Syntax {
        /// The first departure from MGN's syntax.
        error: SyntaxError,
        /// The game its `Game` tag names, when that much reads.
        kind: Option<GameKind>,
    },
    /// The game does not replay (an illegal move, a header the rules refuse, a round marker
    /// out of place): it is left as written. `failure` is what `mgn check` reports.
    DoesNotReplay {
        /// The game the record is of.
        kind: GameKind,
        /// Why it does not replay, placed in the text it was read from.
        failure: Diagnostic,
    },
    /// The game replays; its claims were filled in and corrected.
    Annotated {
        /// The game the record is of.
        kind: GameKind,
        /// The false claims corrected, in text order.
        corrections: Vec<Correction>,
        /// The edits made, in text order: none when every claim asked for was there and true.
        edits: Vec<Edit>,
    },
    /// The game replays, but its annotated text would not pass `mgn check` (a claim at a
    /// place no claim can stand, such as a capture claim before the round's first move): it is
    /// left as written. `failure` is placed at the game's `Game` tag and says what the check
    /// of the annotated text found.
    NotVerified {
        /// The game the record is of.
        kind: GameKind,
        /// What the check of the annotated game found.
        failure: Diagnostic,
    },
}

impl GameAnnotation {
    /// Whether the record was left as written because it does not read, does not replay or
    /// could not be annotated.
    pub fn failed(&self) -> bool {
        !matches!(self, GameAnnotation::Annotated { .. })
    }

    /// Whether the record's text changed.
    pub fn changed(&self) -> bool {
        matches!(self, GameAnnotation::Annotated { edits, .. } if !edits.is_empty())
    }
}

/// A text annotated: the new text, and what became of each record of it, in order.
#[derive(Clone, Debug)]
pub struct AnnotatedText {
    /// The text with every game's edits made.
    pub text: String,
    /// Each record of the text, in order.
    pub games: Vec<GameAnnotation>,
}

/// Annotates every game of a whole text (a file). See [`annotate_part`].
pub fn annotate_text(text: &str, options: &AnnotateOptions) -> AnnotatedText {
    annotate_part(text, true, options)
}

/// Annotates every game of one part of a file ([`crate::notation::parts()`]; `last` when the
/// file ends with it), as [`crate::check::check_part`] checks them: spans are offsets into
/// `text`. Records that do not read, or do not replay, are copied as written.
pub fn annotate_part(text: &str, last: bool, options: &AnnotateOptions) -> AnnotatedText {
    let mut games = games_in_part(text, Vec::new(), last);
    let mut annotations = Vec::new();
    while let Some(next) = games.next_game() {
        let mut reader = match next {
            Ok(reader) => reader,
            Err(error) => {
                let kind = games.game_kind();
                annotations.push(GameAnnotation::Syntax { error, kind });
                continue;
            }
        };
        let kind = reader.header.game.value;
        let mut moves = Vec::new();
        for element in reader.by_ref() {
            match element {
                Ok(element) => moves.push(element),
                Err(_) => break,
            }
        }
        let header = reader.header.clone();
        let outcome = reader.outcome();
        let game = match games.finish(reader) {
            Err(error) => {
                annotations.push(GameAnnotation::Syntax {
                    error,
                    kind: Some(kind),
                });
                continue;
            }
            Ok(_) => {
                let Some(outcome) = outcome else {
                    unreachable!("a game that reads to its end has a result")
                };
                Game {
                    outcome,
                    ..Game::new(header, moves, Outcome::Unknown)
                }
            }
        };
        annotations.push(annotate_game(text, &game, options));
    }
    let mut edits: Vec<&Edit> = annotations
        .iter()
        .flat_map(|a| match a {
            GameAnnotation::Annotated { edits, .. } => edits.as_slice(),
            _ => &[],
        })
        .collect();
    edits.sort_by_key(|e| (e.span.start, e.span.end));
    AnnotatedText {
        text: apply(text, 0, text.len(), edits.into_iter()),
        games: annotations,
    }
}

/// `text[from..to]` with `edits` made (sorted, within the range).
fn apply<'e>(text: &str, from: usize, to: usize, edits: impl Iterator<Item = &'e Edit>) -> String {
    let mut out = String::with_capacity(to - from + 64);
    let mut at = from;
    for edit in edits {
        out.push_str(&text[at..edit.span.start]);
        out.push_str(&edit.text);
        at = edit.span.end;
    }
    out.push_str(&text[at..to]);
    out
}

/// What the replay gave at one step of the record.
struct Replayed {
    label: StepLabel,
    /// What the step captured, for a ply.
    captured: crate::replay::Captures,
    /// The step ended its round, and the next round follows.
    ends_round: bool,
    stores: [Pile; 2],
    /// The position after the step, kept only where a checkpoint needs it: a game of a million
    /// plies annotated with scores alone holds no million positions.
    after: Option<Position>,
}

/// The kinds of claims, in the order the writer puts them after a ply.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Kind {
    Captures,
    Score,
    Checkpoint,
}

/// What a game's replay gave: its start position, its steps, and the winner (`Some(None)` a
/// draw) when the rules ended the game.
type Steps = (
    Position,
    Vec<Replayed>,
    Option<Option<crate::notation::Side>>,
);

/// Replays `bare`, a game without claims, keeping each step and the position after those
/// `positions` asks for (by their number, from 0): the start position, the steps and the
/// winner (`Some(None)` a draw) when the rules ended the game, or why it does not replay.
fn replay_steps(
    bare: &Game,
    options: &AnnotateOptions,
    positions: &dyn Fn(usize) -> bool,
) -> Result<Steps, Diagnostic> {
    let mut start = None;
    let mut steps = Vec::new();
    let mut keep = |progress: Progress| match progress {
        Progress::Start(position) => start = Some(position),
        Progress::Step(step) => {
            let stores = step.after.stores;
            let after = positions(steps.len()).then_some(step.after);
            // Counted by the replay over the whole ply, however long, not from its events kept.
            let captured = match step.label {
                StepLabel::Ply { .. } => step.captures,
                _ => crate::replay::Captures::default(),
            };
            steps.push(Replayed {
                label: step.label,
                captured,
                stores,
                after,
                ends_round: step.ends_round,
            });
        }
    };
    let replay_options = ReplayOptions::verdict()
        .max_laps(options.max_laps)
        .on_step(&mut keep);
    let replayed = replay_game(bare, replay_options);
    if let Some(failure) = replayed.failure {
        return Err(failure);
    }
    let Some(start) = start else {
        unreachable!("a game that replays has a start position")
    };
    Ok((start, steps, replayed.winner))
}

/// Annotates one game read from `text` (its spans are offsets into `text`).
pub fn annotate_game(text: &str, game: &Game, options: &AnnotateOptions) -> GameAnnotation {
    let kind = game.header.game.value;
    // Claims never change the replay: left out, they cannot stop it.
    let mut bare = game.clone();
    bare.moves.retain(|e| !is_claim(e));
    bare.outcome.value = Outcome::Unknown;
    let every = options.checkpoints == Some(Checkpoints::Every);
    let (start, mut steps, winner) = match replay_steps(&bare, options, &|_| every) {
        Ok(replayed) => replayed,
        Err(failure) => return GameAnnotation::DoesNotReplay { kind, failure },
    };
    let groups = groups(game, &steps);
    let wanted = checkpoints_wanted(&steps, options.checkpoints);
    let mut needed = wanted.clone();
    for group in &groups {
        if let Some(step) = group.step.filter(|_| group.has(Kind::Checkpoint)) {
            needed[step] = true;
        }
    }
    if !every && needed.contains(&true) {
        // Played again for the positions the checkpoints need: the same replay gives the same
        // steps.
        match replay_steps(&bare, options, &|k| needed.get(k) == Some(&true)) {
            Ok((_, again, _)) if again.len() == steps.len() => steps = again,
            Ok(_) => unreachable!("a replay gives the same steps each time"),
            Err(failure) => return GameAnnotation::DoesNotReplay { kind, failure },
        }
    }
    let mut annotator = Annotator {
        text,
        game,
        options,
        steps: &steps,
        edits: Vec::new(),
        corrections: Vec::new(),
    };
    annotator.claims(&start, &groups, &wanted);
    annotator.result(winner);
    let Annotator {
        mut edits,
        corrections,
        ..
    } = annotator;
    edits.sort_by_key(|e| (e.span.start, e.span.end));
    if let Err(failure) = verify(text, game, &edits, options) {
        return GameAnnotation::NotVerified { kind, failure };
    }
    GameAnnotation::Annotated {
        kind,
        corrections,
        edits,
    }
}

fn is_claim(element: &Element) -> bool {
    matches!(
        element,
        Element::Captures(_) | Element::Score(_) | Element::Checkpoint(_)
    )
}

/// The text of a claim as the writer writes it.
fn written(element: &Element) -> String {
    let mut out = String::new();
    MovetextWriter::new().element(&mut out, element);
    out
}

fn captures_text(captured: &crate::replay::Captures) -> String {
    written(&Element::Captures(Spanned::new(
        crate::notation::CaptureClaim {
            count: u32::try_from(captured.points).unwrap_or(u32::MAX),
            holes: captured.holes.clone(),
        },
        Span::default(),
    )))
}

fn score_text(stores: [Pile; 2]) -> String {
    written(&Element::Score(Spanned::new(stores, Span::default())))
}

fn checkpoint_text(position: &Position) -> String {
    written(&Element::Checkpoint(Spanned::new(
        position.clone(),
        Span::default(),
    )))
}

struct Annotator<'a> {
    text: &'a str,
    game: &'a Game,
    options: &'a AnnotateOptions,
    steps: &'a [Replayed],
    edits: Vec<Edit>,
    corrections: Vec<Correction>,
}

/// A step of the record and the claims written after it, up to the next step.
struct Group<'g> {
    /// The step, in the steps replayed; None for what stands before the first step.
    step: Option<usize>,
    /// Where the step's token ends: new claims go there, or after a claim written before them.
    end: usize,
    /// The claims written after it.
    written: Vec<&'g Element>,
    is_move: bool,
    /// The last ply of the round so far, which a capture claim speaks of.
    last_ply: Option<usize>,
}

impl Group<'_> {
    fn has(&self, kind: Kind) -> bool {
        self.written.iter().any(|e| kind_of(e) == Some(kind))
    }
}

fn kind_of(element: &Element) -> Option<Kind> {
    match element {
        Element::Captures(_) => Some(Kind::Captures),
        Element::Score(_) => Some(Kind::Score),
        Element::Checkpoint(_) => Some(Kind::Checkpoint),
        _ => None,
    }
}

/// The record's steps, each with the claims written after it, in order; the first group holds
/// what stands before the first step.
fn groups<'g>(game: &'g Game, steps: &[Replayed]) -> Vec<Group<'g>> {
    let mut next_step = 0;
    let mut groups = vec![Group {
        step: None,
        end: 0,
        written: Vec::new(),
        is_move: false,
        last_ply: None,
    }];
    for element in &game.moves {
        let stepped = match element {
            Element::Move(_) | Element::Pass(_) => Some(true),
            Element::Action(_) | Element::Transaction(_) => Some(false),
            // The marker of the round a record starts in is no step.
            Element::Round(marker) => {
                let is_step = matches!(
                    steps.get(next_step).map(|s| &s.label),
                    Some(StepLabel::Round { round }) if *round == marker.value
                );
                is_step.then_some(false)
            }
            _ => None,
        };
        let last_ply = groups.last().and_then(|g| g.last_ply);
        match stepped {
            Some(is_ply) => {
                let index = next_step;
                next_step += 1;
                groups.push(Group {
                    step: Some(index),
                    end: element.span().end,
                    written: Vec::new(),
                    is_move: matches!(element, Element::Move(_)),
                    last_ply: match element {
                        _ if is_ply => Some(index),
                        // Capture claims speak of a move of this round.
                        Element::Round(_) => None,
                        _ => last_ply,
                    },
                });
            }
            None if is_claim(element) => {
                if let Some(group) = groups.last_mut() {
                    group.written.push(element);
                }
            }
            None => {}
        }
    }
    groups
}

/// For each step, whether a checkpoint goes after it.
fn checkpoints_wanted(steps: &[Replayed], at: Option<Checkpoints>) -> Vec<bool> {
    let is_ply = |s: &Replayed| matches!(s.label, StepLabel::Ply { .. });
    let is_round = |s: &Replayed| matches!(s.label, StepLabel::Round { .. });
    let last = steps.len().checked_sub(1);
    (0..steps.len())
        .map(|k| match at {
            None => false,
            Some(Checkpoints::Every) => true,
            Some(Checkpoints::End) => Some(k) == last,
            Some(Checkpoints::Round) => {
                let next = steps.get(k + 1);
                // The game's end, or a round's, as the replay says the step ended it.
                if Some(k) == last || steps[k].ends_round {
                    true
                } else if is_ply(&steps[k]) {
                    false
                } else {
                    // The last step between rounds, after a round marker.
                    let since_ply = steps[..=k].iter().rev().take_while(|s| !is_ply(s));
                    let after_marker = since_ply.into_iter().any(is_round);
                    after_marker && next.is_some_and(is_ply)
                }
            }
        })
        .collect()
}

impl Annotator<'_> {
    fn claims(&mut self, start: &Position, groups: &[Group], wanted: &[bool]) {
        for group in groups {
            let after = |step: usize| self.steps[step].after.as_ref();
            for &element in &group.written {
                match element {
                    Element::Captures(claim) => {
                        let Some(ply) = group.last_ply else { continue };
                        let captured = &self.steps[ply].captured;
                        let mut claimed = claim.value.holes.clone();
                        claimed.sort();
                        let holds = captured.points == claim.value.count as u64
                            && (claimed.is_empty() || claimed == captured.sorted_holes());
                        if !holds {
                            let corrected = captures_text(captured);
                            self.correct(claim.span, corrected, general::CLAIM_CAPTURES);
                        }
                    }
                    Element::Score(claim) => {
                        let stores = group.step.map_or(start.stores, |s| self.steps[s].stores);
                        if claim.value != stores {
                            self.correct(claim.span, score_text(stores), general::CLAIM_SCORE);
                        }
                    }
                    Element::Checkpoint(claim) => {
                        let position = match group.step {
                            None => start,
                            Some(step) => after(step).expect("kept for the checkpoint"),
                        };
                        if claim.value != *position {
                            let corrected = checkpoint_text(position);
                            self.correct(claim.span, corrected, general::CLAIM_CHECKPOINT);
                        }
                    }
                    _ => {}
                }
            }
            let Some(step) = group.step else { continue };
            let replayed = &self.steps[step];
            let mut new = Vec::new();
            if group.is_move && self.options.captures && !group.has(Kind::Captures) {
                let captured = &replayed.captured;
                if captured.points > 0 || !captured.holes.is_empty() {
                    new.push((Kind::Captures, captures_text(captured)));
                }
            }
            if group.is_move && self.options.scores && !group.has(Kind::Score) {
                new.push((Kind::Score, score_text(replayed.stores)));
            }
            if wanted[step] && !group.has(Kind::Checkpoint) {
                let position = after(step).expect("kept for the checkpoint");
                new.push((Kind::Checkpoint, checkpoint_text(position)));
            }
            for (kind, claim) in new {
                // After the claims written that the writer puts before this one.
                let at = group
                    .written
                    .iter()
                    .filter(|e| kind_of(e).is_some_and(|k| k < kind))
                    .map(|e| e.span().end)
                    .max()
                    .unwrap_or(group.end);
                self.edits.push(Edit {
                    span: Span::new(at, at),
                    text: format!(" {claim}"),
                });
            }
        }
    }

    /// The result, corrected when it is false, and filled in when the rules ended the game,
    /// the record writes `*` and the options add claims.
    fn result(&mut self, winner: Option<Option<crate::notation::Side>>) {
        use crate::notation::Side;
        let written = self.game.outcome.value;
        let replayed = match winner {
            Some(Some(Side::A)) => Outcome::AWins,
            Some(Some(Side::B)) => Outcome::BWins,
            Some(None) => Outcome::Draw,
            None => Outcome::Unknown,
        };
        if written == replayed {
            return;
        }
        let stopped_early = self
            .game
            .header
            .termination
            .as_ref()
            .is_some_and(|t| t.value != "normal" && t.value != "unfinished");
        let change = match (written, winner) {
            // Not over: `*`, or a decisive result of a game stopped early, holds.
            (_, None) if written == Outcome::Unknown || stopped_early => false,
            (Outcome::Unknown, Some(_)) => self.options.adds(),
            _ => true,
        };
        if !change {
            return;
        }
        let token = replayed.token().to_string();
        if written == Outcome::Unknown {
            self.edits.push(Edit {
                span: self.game.outcome.span,
                text: token.clone(),
            });
        } else {
            self.correct(self.game.outcome.span, token.clone(), general::CLAIM_RESULT);
        }
        // The tag and the terminator agree, as the reader wants.
        if let Some(tag) = &self.game.header.result {
            self.edits.push(Edit {
                span: tag.span,
                text: token,
            });
        }
    }

    fn correct(&mut self, span: Span, corrected: String, rule: Code) {
        let written = self.text[span.start..span.end].to_string();
        self.edits.push(Edit {
            span,
            text: corrected.clone(),
        });
        self.corrections.push(Correction {
            span,
            written,
            corrected,
            rule,
        });
    }
}

/// Checks the game's text with `edits` made as `mgn check` would: the failure, placed at the
/// game's `Game` tag, if it does not pass.
fn verify(
    text: &str,
    game: &Game,
    edits: &[Edit],
    options: &AnnotateOptions,
) -> Result<(), Diagnostic> {
    let tag = game.header.game.span.start;
    let from = text[..tag].rfind("[Game").unwrap_or(tag);
    let to = game.outcome.span.end;
    let annotated = apply(text, from, to, edits.iter());
    let check = CheckOptions {
        max_laps: options.max_laps,
        ..CheckOptions::default()
    };
    let results = check_text(&annotated, &check);
    let found = match results.as_slice() {
        [result] if result.passed() => return Ok(()),
        [RecordResult::Checked {
            verdict: crate::check::Verdict::Failed(problems),
            ..
        }] => problems
            .first()
            .map(|p| (p.rule, p.message.clone()))
            .unwrap_or((general::CLAIM_RESULT, String::new())),
        [RecordResult::Syntax { error, .. }] => (general::MOVE_FORM, error.message()),
        _ => (
            general::MOVE_FORM,
            "it reads as another number of games".into(),
        ),
    };
    let (rule, message) = found;
    Err(Diagnostic::new(
        rule,
        format!("the game annotated would not pass mgn check ({message}): it is left as written"),
    )
    .at_span(from, tag))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::parse_games;

    /// `text` with every claim left out: capture and score claims and checkpoints (with the
    /// blanks before them on their line), and the result as `*` (in its tag too).
    fn without_claims(text: &str) -> String {
        let mut cuts = Vec::new();
        for game in parse_games(text) {
            let game = game.expect("the records read");
            for element in &game.moves {
                if is_claim(element) {
                    let span = element.span();
                    let line = &text[..span.start];
                    let blanks = line.len() - line.trim_end_matches([' ', '\t']).len();
                    cuts.push(Edit {
                        span: Span::new(span.start - blanks, span.end),
                        text: String::new(),
                    });
                }
            }
            cuts.push(Edit {
                span: game.outcome.span,
                text: "*".into(),
            });
            if let Some(tag) = &game.header.result {
                cuts.push(Edit {
                    span: tag.span,
                    text: "*".into(),
                });
            }
        }
        cuts.sort_by_key(|e| e.span.start);
        apply(text, 0, text.len(), cuts.iter())
    }

    fn options(checkpoints: Option<Checkpoints>) -> AnnotateOptions {
        AnnotateOptions {
            captures: true,
            scores: true,
            checkpoints,
            ..AnnotateOptions::default()
        }
    }

    fn passes(text: &str) -> bool {
        check_text(text, &CheckOptions::default())
            .iter()
            .all(RecordResult::passed)
    }

    fn records() -> Vec<(std::path::PathBuf, String)> {
        let mut found = Vec::new();
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("records");
        for game in std::fs::read_dir(&root).unwrap() {
            for file in std::fs::read_dir(game.unwrap().path()).unwrap() {
                let path = file.unwrap().path();
                let text = std::fs::read_to_string(&path).unwrap();
                found.push((path, text));
            }
        }
        found.sort();
        assert!(found.len() >= 20, "the records of records/");
        found
    }

    #[test]
    fn every_record_whose_claims_are_all_true_comes_back_byte_for_byte() {
        for (path, text) in records() {
            let annotated = annotate_text(&text, &AnnotateOptions::default());
            assert_eq!(annotated.text, text, "{}", path.display());
            assert!(annotated.games.iter().all(|g| !g.failed() && !g.changed()));
        }
    }

    #[test]
    fn every_record_stripped_of_its_claims_is_annotated_into_one_that_passes() {
        for (path, text) in records() {
            let bare = without_claims(&text);
            assert!(passes(&bare), "{} without claims", path.display());
            for at in [Checkpoints::Every, Checkpoints::Round, Checkpoints::End] {
                let options = options(Some(at));
                let annotated = annotate_text(&bare, &options);
                let name = format!("{} with checkpoints {at:?}", path.display());
                assert!(annotated.games.iter().all(|g| !g.failed()), "{name}");
                assert!(passes(&annotated.text), "{name}:\n{}", annotated.text);
                // What the replay gives is filled in once: a second run finds it all there.
                let again = annotate_text(&annotated.text, &options);
                assert_eq!(again.text, annotated.text, "{name}: annotated twice");
                // The result filled in is the one the record was written with, where the rules
                // ended the game.
                let results = |t: &str| -> Vec<Outcome> {
                    parse_games(t)
                        .into_iter()
                        .map(|g| g.unwrap().outcome.value)
                        .collect()
                };
                for (filled, written) in results(&annotated.text).iter().zip(results(&text)) {
                    assert!(*filled == written || *filled == Outcome::Unknown, "{name}");
                }
            }
        }
    }

    #[test]
    fn a_false_checkpoint_is_corrected_and_a_true_one_kept() {
        let text = "[Game \"dakon\"]\n\n1. B4 [6,0,0,6,6/6,6,6,0,6 0/8 A 1] 1... A1 [0/0 x] *\n";
        // The second checkpoint does not read: the whole record is left as written.
        let annotated = annotate_text(text, &AnnotateOptions::default());
        assert!(matches!(annotated.games[0], GameAnnotation::Syntax { .. }));
        assert_eq!(annotated.text, text);

        let text = "[Game \"dakon\"]\n\n1. B4 [6,0,0,6,6/6,6,6,0,6 0/8 A 1] 1... A1\n[1,1,1,1,1/1,1,1,1,1 0/8 B 1] *\n";
        let annotated = annotate_text(text, &AnnotateOptions::default());
        let GameAnnotation::Annotated { corrections, .. } = &annotated.games[0] else {
            panic!("{:?}", annotated.games[0]);
        };
        assert_eq!(corrections.len(), 1);
        assert_eq!(corrections[0].written, "[1,1,1,1,1/1,1,1,1,1 0/8 B 1]");
        assert_eq!(corrections[0].rule, general::CLAIM_CHECKPOINT);
        assert!(annotated
            .text
            .starts_with("[Game \"dakon\"]\n\n1. B4 [6,0,0,6,6/6,6,6,0,6 0/8 A 1] 1... A1\n["));
        assert!(passes(&annotated.text), "{}", annotated.text);
    }

    #[test]
    fn a_false_result_is_corrected_in_the_tag_and_the_terminator() {
        let text = "[Game \"dakon\"]\n[Result \"1-0\"]\n\n1. B4 1-0\n";
        let annotated = annotate_text(text, &AnnotateOptions::default());
        assert_eq!(
            annotated.text,
            "[Game \"dakon\"]\n[Result \"*\"]\n\n1. B4 *\n"
        );
        let GameAnnotation::Annotated { corrections, .. } = &annotated.games[0] else {
            panic!("{:?}", annotated.games[0]);
        };
        assert_eq!(corrections[0].rule, general::CLAIM_RESULT);
        assert_eq!(
            (
                corrections[0].written.as_str(),
                corrections[0].corrected.as_str()
            ),
            ("1-0", "*")
        );
    }

    #[test]
    fn an_illegal_move_leaves_the_game_as_written() {
        let text = "[Game \"dakon\"]\n\n1. B4 =0/9 1... B1 *\n";
        let annotated = annotate_text(text, &options(Some(Checkpoints::Every)));
        assert_eq!(annotated.text, text);
        let GameAnnotation::DoesNotReplay { failure, .. } = &annotated.games[0] else {
            panic!("{:?}", annotated.games[0]);
        };
        assert_eq!(failure.offset(), text.find("B1"));
    }

    #[test]
    fn a_claim_that_cannot_stand_where_it_is_leaves_the_game_as_written() {
        // A capture claim before any move speaks of no ply: nothing true can replace it.
        let text = "[Game \"dakon\"]\n\nx0 1. B4 *\n";
        let annotated = annotate_text(text, &options(None));
        assert_eq!(annotated.text, text);
        assert!(matches!(
            annotated.games[0],
            GameAnnotation::NotVerified { .. }
        ));
    }
}
