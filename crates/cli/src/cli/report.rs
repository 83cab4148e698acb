//! Every text the commands show about records: rendered errors, the per-record report of
//! `mgn check` and its closing count. Kept in one place so that all diagnostics look alike:
//! `file:line:column: message`, the source line, and a caret.

use super::github;
use super::input::InputError;
use super::junit::{Failure, Junit};
use super::render::{self, Mark, Note, Paint, Severity};
use super::sarif::{self, Finding, Sarif};
use crate::cli::source::displayable_name;
use mgn::check::no_game;
use mgn::check::{Players, RecordResult};
use mgn::document::DocumentError;
use mgn::notation::{GameKind, Part, SyntaxError};
use mgn::rules::general;
use mgn::{game_def, Code, Diagnostic};
use std::io::{self, Write};

/// Where records were read from, to place what is said of them: a file's name and the text of
/// the part of it they were read from (the whole file, or a part that starts further on).
#[derive(Clone, Copy)]
pub struct Source<'t> {
    pub name: &'t str,
    pub text: &'t str,
    /// The line of the file the text starts on, from 1.
    pub first_line: usize,
    /// The byte of the file the text starts at.
    pub offset: u64,
    /// For the MGN of a game imported from another program's file: that file, where what is
    /// said of the MGN is placed.
    pub imported_from: Option<ImportedFrom<'t>>,
}

/// The file a game was imported from, and where in it each part of the game's MGN came from.
#[derive(Clone, Copy)]
pub struct ImportedFrom<'t> {
    pub name: &'t str,
    pub text: &'t str,
    pub game: &'t mgn::import::Imported,
}

impl<'t> Source<'t> {
    /// A whole file's text.
    pub fn whole(name: &'t str, text: &'t str) -> Source<'t> {
        Source {
            name,
            text,
            first_line: 1,
            offset: 0,
            imported_from: None,
        }
    }

    /// The MGN of `game`, named `name`, imported from the file `from`: what is said of it is
    /// placed at the line of `from` it came from, the MGN shown after as context.
    pub fn imported(
        name: &'t str,
        game: &'t mgn::import::Imported,
        from: &Source<'t>,
    ) -> Source<'t> {
        Source {
            imported_from: Some(ImportedFrom {
                name: from.name,
                text: from.text,
                game,
            }),
            ..Source::whole(name, &game.mgn)
        }
    }

    /// The text of one part of a file.
    pub fn of_part(name: &'t str, text: &'t str, part: &Part) -> Source<'t> {
        Source {
            name,
            text,
            first_line: part.line,
            offset: part.offset,
            imported_from: None,
        }
    }

    /// The line and column of `offset` of the text: in the file it was imported from, if so.
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        match &self.imported_from {
            Some(from) => {
                let place = from.game.place_of(offset);
                (place.line, place.column)
            }
            None => render::line_col(self.text, self.first_line, offset),
        }
    }

    /// A diagnostic about this text, to be rendered.
    fn diagnostic<'a>(
        &'a self,
        severity: Severity,
        headline: &'a str,
        marks: Vec<Mark>,
        notes: Vec<Note>,
    ) -> render::Diagnostic<'a> {
        let Some(from) = &self.imported_from else {
            return render::Diagnostic {
                name: self.name,
                text: self.text,
                first_line: self.first_line,
                severity,
                headline,
                marks,
                notes,
                context: None,
            };
        };
        // Reported at the line the user wrote, the MGN it became shown after as context.
        let primary = marks.first();
        let place = from.game.place_of(primary.map_or(0, |m| m.span.start));
        let mark = Mark {
            span: value_at(from.text, place.offset_in(from.text)),
            label: primary.and_then(|m| m.label.clone()),
            primary: true,
        };
        render::Diagnostic {
            name: from.name,
            text: from.text,
            first_line: 1,
            severity,
            headline,
            marks: vec![mark],
            notes,
            context: Some(render::Context {
                title: "the MGN it was imported as (mgn import writes it)".to_string(),
                name: self.name,
                text: self.text,
                first_line: self.first_line,
                marks,
            }),
        }
    }

    /// `file:line:column: headline`, the line, and the token at `offset` underlined.
    fn at_token(&self, offset: usize, headline: &str, paint: Paint) -> String {
        let mark = Mark {
            span: render::token_at(self.text, offset),
            label: None,
            primary: true,
        };
        self.diagnostic(Severity::Error, headline, vec![mark], Vec::new())
            .render(paint)
    }
}

/// The value at `offset` of a source line, to underline: a quoted string or a bracketed list
/// or object whole (a move log's value), else the token there.
fn value_at(text: &str, offset: usize) -> std::ops::Range<usize> {
    let rest = text.get(offset..).unwrap_or("");
    let line = rest.split('\n').next().unwrap_or("");
    let (mut depth, mut quoted, mut escaped) = (0usize, false, false);
    if !line.starts_with(['"', '{', '[']) {
        return render::token_at(text, offset);
    }
    for (k, c) in line.char_indices() {
        match c {
            _ if escaped => escaped = false,
            '\\' if quoted => escaped = true,
            '"' => {
                quoted = !quoted;
                if !quoted && depth == 0 {
                    return offset..offset + k + 1;
                }
            }
            '{' | '[' if !quoted => depth += 1,
            '}' | ']' if !quoted => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    return offset..offset + k + 1;
                }
            }
            _ => {}
        }
    }
    render::token_at(text, offset)
}

pub fn syntax_error(source: &Source, error: &SyntaxError, paint: Paint) -> String {
    source.at_token(error.offset, &error.message(), paint)
}

/// What an importer did not understand, at its place in the source file (`mgn import`).
pub fn import_error(source: &Source, error: &mgn::import::ImportError, paint: Paint) -> String {
    source.at_token(error.offset_in(source.text), &error.message, paint)
}

/// Bytes that are not UTF-8, at `offset` in the text of `source` (read with them replaced).
pub fn not_utf8_at(source: &Source, offset: usize, byte: u8, paint: Paint) -> String {
    let headline = format!(
        "not valid UTF-8: byte 0x{byte:02x} at byte offset {}",
        source.offset + offset as u64
    );
    source.at_token(offset, &headline, paint)
}

/// The places a diagnostic of the replay underlines: its own span (the move, the tag value, the
/// field of a checkpoint) with its label, then its other labels.
fn marks_of(source: &Source, diagnostic: &Diagnostic) -> Vec<Mark> {
    let start = placed_at(diagnostic);
    let span = match diagnostic.end() {
        Some(end) if end > start => start..end,
        _ => render::token_at(source.text, start),
    };
    let mut marks = vec![Mark {
        span,
        label: diagnostic.label().map(str::to_string),
        primary: true,
    }];
    for label in diagnostic.labels() {
        marks.push(Mark {
            span: label.start..label.end,
            label: Some(label.message.clone()),
            primary: false,
        });
    }
    marks
}

/// `= rule code: what it says` in a game of `kind`.
fn rule_note(kind: GameKind, diagnostic: &Diagnostic) -> Note {
    let words = game_def(kind).describe(diagnostic.rule);
    Note {
        name: "",
        text: if words.is_empty() {
            format!("rule {}", diagnostic.rule)
        } else {
            format!("rule {}: {words}", diagnostic.rule)
        },
        help: false,
    }
}

/// A rule departure in a game of `kind`: where, which ply, what, the whole span underlined, the
/// rule (code and its words in that game), the step trace, the diff, the legal decisions.
pub fn problem(source: &Source, kind: GameKind, problem: &Diagnostic, paint: Paint) -> String {
    let headline = match problem.ply {
        Some(ply) => format!("ply {ply}: {}", problem.message),
        None => problem.message.clone(),
    };
    let mut notes = vec![rule_note(kind, problem)];
    if let Some(trace) = &problem.trace {
        notes.push(Note {
            name: "trace",
            text: trace.clone(),
            help: false,
        });
    }
    if let Some(diff) = &problem.diff {
        notes.push(Note {
            name: "diff",
            text: diff.clone(),
            help: false,
        });
    }
    if !problem.alternatives.is_empty() {
        notes.push(Note {
            name: "legal here",
            text: problem.alternatives.join(" "),
            help: true,
        });
    }
    source
        .diagnostic(Severity::Error, &headline, marks_of(source, problem), notes)
        .render(paint)
}

/// Something a game of `kind` likely does not mean, which leaves its verdict alone.
pub fn warning(source: &Source, kind: GameKind, warning: &Diagnostic, paint: Paint) -> String {
    let notes = vec![rule_note(kind, warning)];
    source
        .diagnostic(
            Severity::Warning,
            &warning.message,
            marks_of(source, warning),
            notes,
        )
        .render(paint)
}

/// Where a diagnostic of the replay is, in the text the game was read from: the replay places
/// every diagnostic it gives.
fn placed_at(diagnostic: &Diagnostic) -> usize {
    debug_assert!(
        diagnostic.offset().is_some(),
        "{diagnostic:?} is not placed"
    );
    diagnostic.offset().unwrap_or(0)
}

/// An input that could not be read at all (as opposed to a bad record).
pub fn input_error(error: &InputError) -> String {
    match error {
        InputError::Io { name, error } => {
            format!("cannot read {}: {error}", displayable_name(name))
        }
        InputError::NoRecords { name } => format!("no *.mgn file under {}", displayable_name(name)),
    }
}

pub fn document_error(name: &str, format: &str, error: &DocumentError) -> String {
    match (error.line, error.column) {
        (Some(line), Some(column)) => format!(
            "{}:{line}:{}: not an MGN {format} document: {}",
            displayable_name(name),
            column.max(1),
            error.message
        ),
        _ => format!(
            "{}: not an MGN {format} document: {}",
            displayable_name(name),
            error.message
        ),
    }
}

/// `game 3`, `games 2 and 5`, `games 2, 5 and 9`.
pub fn game_numbers(numbers: &[usize]) -> String {
    let listed: Vec<String> = numbers.iter().map(usize::to_string).collect();
    match listed.as_slice() {
        [] => String::new(),
        [one] => format!("game {one}"),
        [rest @ .., last] => format!("games {} and {last}", rest.join(", ")),
    }
}

pub fn summary(passed: usize, failed: usize) -> String {
    format!("{passed} passed, {failed} failed")
}

/// How `mgn check` reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum ReportFormat {
    /// For people: each bad record with its place, rule, trace and diff, then `N passed, N failed`
    Text,
    /// One JSON object per game on its own line (schema mgn-check/1, docs/ci.md)
    Json,
    /// JUnit XML: one test suite per file, one test case per game
    Junit,
    /// GitHub Actions annotations, `::error file=F,line=L,col=C,title=RULE::message`, one per
    /// bad record (per false claim with --all-claims), then `N passed, N failed`
    Github,
    /// A SARIF 2.1.0 log for code scanning: one result per bad record (per false claim with
    /// --all-claims), its rule described
    Sarif,
    /// One HTML page to step through each failing game, its failure opened (-o names its file)
    Html,
}

/// One departure of a record as `--format json` writes it: the first, in the verdict's own
/// fields (schema `mgn-check/1` of docs/ci.md), and each, in its `failures` (`--all-claims`).
#[derive(Clone, Default, serde::Serialize)]
struct JsonFailure {
    #[serde(skip_serializing_if = "Option::is_none")]
    ply: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    line: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    column: Option<usize>,
    /// Where the text the problem is about ends (exclusive), when it is more than a point.
    #[serde(skip_serializing_if = "Option::is_none")]
    end_line: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    end_column: Option<usize>,
    /// What to say at that text, shorter than the message.
    #[serde(skip_serializing_if = "Option::is_none")]
    label: Option<String>,
    /// Other places that bear on the problem.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    labels: Vec<JsonLabel>,
    #[serde(skip_serializing_if = "Option::is_none")]
    rule: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    rule_words: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    message: Option<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    alternatives: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    trace: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    diff: Option<String>,
    /// The declared rule, whose words and source a SARIF log lists; none for `mgn.import`.
    #[serde(skip)]
    code: Option<Code>,
}

impl JsonFailure {
    /// A departure of the rules at `offset` of `source`, of a rule with no words of its own
    /// here (a syntax error, a game that did not import).
    fn at(source: &Source, offset: usize, code: Code, message: String) -> JsonFailure {
        let (line, column) = source.line_col(offset);
        JsonFailure {
            line: Some(line),
            column: Some(column),
            rule: Some(code.as_str()),
            message: Some(message),
            code: Some(code),
            ..JsonFailure::default()
        }
    }

    /// A departure the replay found in a game of `kind`.
    fn of(source: &Source, kind: GameKind, problem: &Diagnostic) -> JsonFailure {
        let mut failure = JsonFailure::at(
            source,
            placed_at(problem),
            problem.rule,
            problem.message.clone(),
        );
        failure.ply = problem.ply;
        failure.rule_words = Some(game_def(kind).describe(problem.rule)).filter(|w| !w.is_empty());
        failure.alternatives = problem.alternatives.clone();
        failure.trace = problem.trace.clone();
        failure.diff = problem.diff.clone();
        // Only the start of a place in the MGN has a place in the file it was imported from.
        let in_mgn = source.imported_from.is_none();
        if let Some(end) = problem.end().filter(|_| in_mgn) {
            let (line, column) = source.line_col(end);
            failure.end_line = Some(line);
            failure.end_column = Some(column);
        }
        failure.label = problem.label().map(str::to_string);
        failure.labels = problem
            .labels()
            .iter()
            .filter(|_| in_mgn)
            .map(|label| {
                let (line, column) = source.line_col(label.start);
                let (end_line, end_column) = source.line_col(label.end);
                JsonLabel {
                    line,
                    column,
                    end_line,
                    end_column,
                    message: label.message.clone(),
                }
            })
            .collect();
        failure
    }

    /// Its first line as `mgn check` writes it: `ply 9: the checkpoint differs...`.
    fn headline(&self) -> String {
        let message = self.message.as_deref().unwrap_or_default();
        match self.ply {
            Some(ply) => format!("ply {ply}: {message}"),
            None => message.to_string(),
        }
    }

    /// What an annotation or a code-scanning result says: the headline, then the decisions
    /// that were legal, for a reader who sees only this.
    fn summary(&self) -> String {
        let mut summary = self.headline();
        if !self.alternatives.is_empty() {
            summary.push_str("\nlegal here: ");
            summary.push_str(&self.alternatives.join(" "));
        }
        summary
    }
}

/// One game's verdict as `--format json` writes it: the schema `mgn-check/1` of docs/ci.md.
#[derive(serde::Serialize)]
struct JsonVerdict<'a> {
    schema: &'static str,
    file: &'a str,
    /// The game's index in its file, from 1; absent for a file that is not UTF-8.
    #[serde(skip_serializing_if = "Option::is_none")]
    game: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    game_kind: Option<&'static str>,
    /// The header's `PlayerA` and `PlayerB`, when it names either.
    #[serde(skip_serializing_if = "Option::is_none")]
    players: Option<JsonPlayers>,
    /// passed or failed.
    verdict: &'static str,
    /// The first departure, in the fields readers of `mgn-check/1` have always read.
    #[serde(flatten)]
    first: JsonFailure,
    /// What the record likely does not mean, whatever the verdict.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    warnings: Vec<JsonWarning>,
    /// How many of the departures are false claims (`--all-claims`, a game that reads).
    #[serde(skip_serializing_if = "Option::is_none")]
    false_claims: Option<usize>,
    /// Every departure, the first included (`--all-claims`, a failed game).
    #[serde(skip_serializing_if = "Option::is_none")]
    failures: Option<Vec<JsonFailure>>,
    /// Every departure, for the formats that report each.
    #[serde(skip)]
    problems: Vec<JsonFailure>,
}

#[derive(Clone, serde::Serialize)]
struct JsonLabel {
    line: usize,
    column: usize,
    end_line: usize,
    end_column: usize,
    message: String,
}

#[derive(serde::Serialize)]
struct JsonWarning {
    line: usize,
    column: usize,
    rule: &'static str,
    message: String,
    #[serde(skip)]
    code: Code,
}

#[derive(serde::Serialize)]
struct JsonPlayers {
    #[serde(rename = "A", skip_serializing_if = "Option::is_none")]
    a: Option<String>,
    #[serde(rename = "B", skip_serializing_if = "Option::is_none")]
    b: Option<String>,
}

impl JsonPlayers {
    fn of(players: &Players) -> Option<JsonPlayers> {
        (!players.is_empty()).then(|| JsonPlayers {
            a: players.a.clone(),
            b: players.b.clone(),
        })
    }
}

impl<'a> JsonVerdict<'a> {
    fn new(file: &'a str, game: Option<usize>, verdict: &'static str) -> JsonVerdict<'a> {
        JsonVerdict {
            schema: "mgn-check/1",
            file,
            game,
            game_kind: None,
            players: None,
            verdict,
            first: JsonFailure::default(),
            warnings: Vec::new(),
            false_claims: None,
            failures: None,
            problems: Vec::new(),
        }
    }

    /// The verdict failed, by `problems`, in the record's order (never none).
    fn failed_with(mut self, problems: Vec<JsonFailure>) -> Self {
        self.verdict = "failed";
        self.first = problems.first().cloned().unwrap_or_default();
        self.problems = problems;
        self
    }

    fn failed(&self) -> bool {
        self.verdict == "failed"
    }
}

/// The report of `mgn check`: one entry per record (text: only the bad ones), then the count.
pub struct Report<W: Write> {
    out: W,
    format: ReportFormat,
    quiet: bool,
    /// Every false claim of a game is reported, and counted (`--all-claims`).
    all_claims: bool,
    passed: usize,
    failed: usize,
    /// The JUnit report, spooled as it comes (created with the first record).
    junit: Option<Junit>,
    /// The SARIF log, written as it comes.
    sarif: Sarif,
    /// Whether the text report is coloured: only text, and only on a terminal.
    paint: Paint,
    /// The page of the failing games (`--format html`).
    html: Option<super::html::FailingPage>,
    /// The run stopped with records left unchecked (`--max-failures`).
    stopped: bool,
}

impl<W: Write> Report<W> {
    pub fn with_format(out: W, format: ReportFormat, quiet: bool) -> Report<W> {
        Report {
            out,
            format,
            quiet,
            all_claims: false,
            passed: 0,
            failed: 0,
            junit: None,
            sarif: Sarif::default(),
            paint: match format {
                ReportFormat::Text => Paint::Stdout,
                ReportFormat::Json
                | ReportFormat::Junit
                | ReportFormat::Github
                | ReportFormat::Sarif
                | ReportFormat::Html => Paint::Plain,
            },
            html: None,
            stopped: false,
        }
    }

    /// The run stops with records left unchecked: the SARIF log and the page say it is not
    /// whole.
    pub fn stop(&mut self) {
        self.stopped = true;
    }

    /// The same, writing the page of `--format html` to `output` (standard output when None),
    /// its games replayed under `max_laps`.
    pub fn html_to(self, output: Option<std::path::PathBuf>, max_laps: u64) -> Report<W> {
        let html = (self.format == ReportFormat::Html)
            .then(|| super::html::FailingPage::new(output, max_laps));
        Report { html, ..self }
    }

    /// The same, reporting every false claim of a game and how many it had (`--all-claims`),
    /// when `all_claims`.
    pub fn all_claims(self, all_claims: bool) -> Report<W> {
        Report { all_claims, ..self }
    }

    /// One record read from `source`; `index` counts the file's records from 1.
    pub fn record(
        &mut self,
        source: &Source,
        index: usize,
        result: &RecordResult,
    ) -> io::Result<()> {
        // An imported game's places are in the file it came from, which programs open.
        let name = source.imported_from.map_or(source.name, |from| from.name);
        let (kind, players) = match result {
            RecordResult::Checked { kind, players, .. } => (Some(*kind), Some(players)),
            RecordResult::Syntax { kind, players, .. } => (*kind, Some(players)),
            RecordResult::NotUtf8 { .. } => (None, None),
        };
        let mut json = JsonVerdict::new(name, Some(index), "passed");
        json.game_kind = kind.map(|k| k.name());
        json.players = players.and_then(JsonPlayers::of);
        let case_name = match kind {
            Some(kind) => format!("game {index} ({kind})"),
            None => format!("game {index}"),
        };
        let shown = match result {
            RecordResult::Syntax { error, .. } => {
                self.failed += 1;
                let failure =
                    JsonFailure::at(source, error.offset, general::SYNTAX, error.message());
                json = json.failed_with(vec![failure]);
                vec![syntax_error(source, error, self.paint)]
            }
            RecordResult::NotUtf8 { offset, byte } => {
                self.failed += 1;
                let message = format!(
                    "not valid UTF-8: byte 0x{byte:02x} at byte offset {}",
                    source.offset + *offset as u64
                );
                let failure = JsonFailure::at(source, *offset, general::SYNTAX, message);
                json = json.failed_with(vec![failure]);
                vec![not_utf8_at(source, *offset, *byte, self.paint)]
            }
            RecordResult::Checked {
                kind,
                verdict,
                warnings,
                ..
            } => {
                self.warnings(source, *kind, warnings, &mut json)?;
                if self.all_claims {
                    json.false_claims = Some(verdict.false_claims());
                }
                match verdict {
                    mgn::check::Verdict::Passed => {
                        self.passed += 1;
                        tracing::debug!(file = %crate::cli::source::displayable_name(name), record = index, "passed");
                        Vec::new()
                    }
                    mgn::check::Verdict::Failed(problems) => {
                        self.failed += 1;
                        let failures = problems
                            .iter()
                            .map(|p| JsonFailure::of(source, *kind, p))
                            .collect();
                        json = json.failed_with(failures);
                        problems
                            .iter()
                            .map(|p| problem(source, *kind, p, self.paint))
                            .collect()
                    }
                }
            }
        };
        if let (Some(page), true) = (&mut self.html, json.failed()) {
            page.add(source, index, result, &shown);
        }
        self.write_verdict(json, &case_name, &shown)
    }

    /// The warnings of a record checked: into its JSON verdict, and shown in a text report.
    fn warnings(
        &mut self,
        source: &Source,
        kind: GameKind,
        warnings: &[Diagnostic],
        json: &mut JsonVerdict,
    ) -> io::Result<()> {
        for warning in warnings {
            let (line, column) = source.line_col(placed_at(warning));
            json.warnings.push(JsonWarning {
                line,
                column,
                rule: warning.rule.as_str(),
                message: warning.message.clone(),
                code: warning.rule,
            });
            if self.format == ReportFormat::Text && !self.quiet {
                let shown = self::warning(source, kind, warning, self.paint);
                writeln!(self.out, "{shown}")?;
            }
        }
        Ok(())
    }

    /// A record's verdict in the report's format: `shown`, its text for people, a part for
    /// each departure; `json` for programs; a test case named `case_name` for JUnit; an
    /// annotation or a result for each warning and departure for GitHub and SARIF.
    fn write_verdict(
        &mut self,
        mut json: JsonVerdict,
        case_name: &str,
        shown: &[String],
    ) -> io::Result<()> {
        match self.format {
            ReportFormat::Text => {
                for shown in shown {
                    match self.quiet {
                        true => writeln!(self.out, "{}", shown.lines().next().unwrap_or_default())?,
                        false => writeln!(self.out, "{shown}")?,
                    }
                }
                if !self.quiet {
                    if let Some(count) = false_claim_count(&json) {
                        writeln!(self.out, "{count}")?;
                    }
                }
                Ok(())
            }
            ReportFormat::Json => {
                if self.all_claims && json.failed() {
                    json.failures = Some(std::mem::take(&mut json.problems));
                }
                self.json_line(&json)
            }
            ReportFormat::Junit => {
                let more = json.problems.len().saturating_sub(1);
                let message = match (json.first.message.as_deref(), more) {
                    (Some(message), 0) => message.to_string(),
                    (Some(message), more) => format!("{message} (and {more} more)"),
                    (None, _) => String::new(),
                };
                let description = shown.join("\n");
                let failure = json.failed().then(|| Failure {
                    message: &message,
                    kind: json.first.rule.unwrap_or_default(),
                    description: &description,
                });
                let junit = match &mut self.junit {
                    Some(junit) => junit,
                    empty => empty.insert(Junit::new()?),
                };
                junit.case(json.file, case_name, failure)
            }
            ReportFormat::Github => {
                for warning in &json.warnings {
                    let annotation = github::Annotation {
                        level: github::Level::Warning,
                        file: json.file,
                        line: warning.line,
                        column: warning.column,
                        title: warning.rule,
                        message: &warning.message,
                    };
                    github::write(&mut self.out, &annotation)?;
                }
                for problem in &json.problems {
                    let annotation = github::Annotation {
                        level: github::Level::Error,
                        file: json.file,
                        line: problem.line.unwrap_or(1),
                        column: problem.column.unwrap_or(1),
                        title: problem.rule.unwrap_or_default(),
                        message: &problem.summary(),
                    };
                    github::write(&mut self.out, &annotation)?;
                }
                Ok(())
            }
            // The page is written whole at the end.
            ReportFormat::Html => Ok(()),
            ReportFormat::Sarif => {
                for warning in &json.warnings {
                    let finding = Finding {
                        level: sarif::Level::Warning,
                        rule: warning.rule,
                        code: Some(warning.code),
                        message: &warning.message,
                        file: json.file,
                        line: warning.line,
                        column: warning.column,
                        end: None,
                        properties: sarif_properties(&json, None),
                    };
                    self.sarif.result(&mut self.out, &finding)?;
                }
                for problem in &json.problems {
                    let finding = Finding {
                        level: sarif::Level::Error,
                        rule: problem.rule.unwrap_or_default(),
                        code: problem.code,
                        message: &problem.summary(),
                        file: json.file,
                        line: problem.line.unwrap_or(1),
                        column: problem.column.unwrap_or(1),
                        end: problem.end_line.zip(problem.end_column),
                        properties: sarif_properties(&json, Some(problem)),
                    };
                    self.sarif.result(&mut self.out, &finding)?;
                }
                Ok(())
            }
        }
    }

    /// A game of another program's file that could not be imported (`mgn check --from`): a
    /// bad record, at the source file's line and column.
    pub fn import_error(
        &mut self,
        source: &Source,
        index: usize,
        error: &mgn::import::ImportError,
    ) -> io::Result<()> {
        self.failed += 1;
        let shown = self::import_error(source, error, self.paint);
        let failure = JsonFailure {
            line: Some(error.line),
            column: Some(error.column),
            rule: Some("mgn.import"),
            message: Some(error.message.clone()),
            ..JsonFailure::default()
        };
        let json = JsonVerdict::new(source.name, Some(index), "failed").failed_with(vec![failure]);
        if let Some(page) = &mut self.html {
            page.add_unread(source.name, index, std::slice::from_ref(&shown));
        }
        self.write_verdict(json, &format!("game {index}"), &[shown])
    }

    fn json_line(&mut self, verdict: &JsonVerdict) -> io::Result<()> {
        let line = serde_json::to_string(verdict).map_err(io::Error::other)?;
        writeln!(self.out, "{}", crate::cli::source::json_for_terminal(&line))
    }

    pub fn failed(&self) -> usize {
        self.failed
    }

    /// How a command that reports ends, after `written`, the writing of every record's
    /// report: one that could not be written, or closed, is an error and never a pass; a failed
    /// record fails the command. Gives the status, and (passed, failed) once the report is
    /// closed.
    pub fn conclude(
        self,
        written: io::Result<()>,
        status: super::Status,
    ) -> (super::Status, Option<(usize, usize)>) {
        let unwritten = |error: io::Error| {
            super::output::say(&format!("cannot write the report: {error}"));
            (super::Status::Error, None)
        };
        if let Err(error) = written {
            return unwritten(error);
        }
        let status = if self.failed > 0 {
            status.max(super::Status::Failed)
        } else {
            status
        };
        // A run that could not read an input, or stopped early, did not do all it was asked: a
        // code-scanning tool is told so, and does not take the log for a whole one.
        let successful = status != super::Status::Error && !self.stopped;
        match self.finish(successful) {
            Ok(counts) => (status, Some(counts)),
            Err(error) => unwritten(error),
        }
    }

    /// Writes what closes the report and returns (passed, failed). The closing count goes to
    /// standard output for people and to standard error for programs, whose standard output
    /// holds only the JSON lines, the XML or the SARIF log, which says whether the run did all
    /// it was asked (`successful`).
    pub fn finish(mut self, successful: bool) -> io::Result<(usize, usize)> {
        let count = summary(self.passed, self.failed);
        match self.format {
            ReportFormat::Text | ReportFormat::Github => writeln!(self.out, "{count}")?,
            ReportFormat::Json => super::output::show(&count),
            ReportFormat::Junit => {
                let junit = match self.junit.take() {
                    Some(junit) => junit,
                    None => Junit::new()?,
                };
                junit.finish(&mut self.out)?;
                super::output::show(&count);
            }
            ReportFormat::Sarif => {
                std::mem::take(&mut self.sarif).finish(&mut self.out, successful)?;
                super::output::show(&count);
            }
            ReportFormat::Html => {
                if let Some(page) = self.html.take() {
                    page.finish(&mut self.out, &count, successful)?;
                }
                super::output::show(&count);
            }
        }
        self.out.flush()?;
        Ok((self.passed, self.failed))
    }
}

/// `games.mgn: game 2: 3 false claims`, closing a failed game's report under `--all-claims`,
/// with where the replay stopped when a departure that is no claim's ended it; `None` for a
/// game without a false claim, whose one departure says it all.
fn false_claim_count(json: &JsonVerdict) -> Option<String> {
    let claims = json.false_claims.filter(|&n| n > 0)?;
    let plural = if claims == 1 { "" } else { "s" };
    let game = json.game.unwrap_or(1);
    let file = crate::cli::source::displayable_name(json.file);
    let mut count = format!("{file}: game {game}: {claims} false claim{plural}");
    if json.problems.len() > claims {
        if let Some(last) = json.problems.last() {
            count.push_str(&format!(
                ", then the replay stopped at {}:{} ({})",
                last.line.unwrap_or(1),
                last.column.unwrap_or(1),
                last.rule.unwrap_or_default()
            ));
        }
    }
    Some(count)
}

/// What a SARIF result carries besides its place and message: the game, and of a departure
/// its ply, the decisions that were legal, its trace and its diff.
fn sarif_properties(
    json: &JsonVerdict,
    problem: Option<&JsonFailure>,
) -> serde_json::Map<String, serde_json::Value> {
    use serde_json::{json, Value};
    let mut properties = serde_json::Map::new();
    if let Some(game) = json.game {
        properties.insert("game".to_string(), json!(game));
    }
    if let Some(kind) = json.game_kind {
        properties.insert("gameKind".to_string(), json!(kind));
    }
    let Some(problem) = problem else {
        return properties;
    };
    let mut insert = |key: &str, value: Value| {
        properties.insert(key.to_string(), value);
    };
    if let Some(ply) = problem.ply {
        insert("ply", json!(ply));
    }
    if !problem.alternatives.is_empty() {
        insert("alternatives", json!(problem.alternatives));
    }
    if let Some(trace) = &problem.trace {
        insert("trace", json!(trace));
    }
    if let Some(diff) = &problem.diff {
        insert("diff", json!(diff));
    }
    properties
}

/// A part's text, or, when the part is one bad record (too long to hold, or not UTF-8), that
/// record's error rendered for standard error.
pub fn part_text<'p>(name: &str, part: &'p Part) -> Result<&'p str, String> {
    if let Some(error) = part.too_long() {
        let lossy = String::from_utf8_lossy(&part.bytes);
        let source = Source::of_part(name, &lossy, part);
        return Err(syntax_error(&source, &error, Paint::Stderr));
    }
    part.text().map_err(|error| {
        let lossy = String::from_utf8_lossy(&part.bytes);
        let offset = error.valid_up_to();
        let source = Source::of_part(name, &lossy, part);
        not_utf8_at(&source, offset, part.bytes[offset], Paint::Stderr)
    })
}

/// The error for a file that held no game, placed at the end of its last part (`None`: the
/// file was empty).
pub fn no_game_in(name: &str, last_part: Option<&Part>) -> String {
    let text = last_part
        .map(|p| String::from_utf8_lossy(&p.bytes).into_owned())
        .unwrap_or_default();
    let source = last_part.map_or(Source::whole(name, &text), |p| {
        Source::of_part(name, &text, p)
    });
    syntax_error(&source, &no_game(&text), Paint::Stderr)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn syntax_errors_show_place_expectation_and_caret() {
        let text = "[Game \"dakon\"]\n\n1. B4 x(A2) *\n";
        let error = SyntaxError {
            offset: text.find("x(").unwrap() + 1,
            expected: "a number".to_string(),
            found: "\"(\"".to_string(),
        };
        assert_eq!(
            syntax_error(&Source::whole("a.mgn", text), &error, Paint::Plain),
            "a.mgn:3:8: expected a number, found \"(\"\n  |\n3 | 1. B4 x(A2) *\n  |        ^"
        );
    }

    #[test]
    fn a_part_of_a_file_is_placed_in_the_file() {
        // The part starts on line 41, at byte 1000 of its file.
        let source = Source {
            name: "big.mgn",
            text: "[Game \"dakon\"]\n[PlayerA \"Ren\u{fffd}\"]\n",
            first_line: 41,
            offset: 1000,
            imported_from: None,
        };
        let shown = not_utf8_at(&source, 28, 0xe9, Paint::Plain);
        assert!(
            shown.starts_with(
                "big.mgn:42:14: not valid UTF-8: byte 0xe9 at byte offset 1028\n   |\n42 | "
            ),
            "{shown}"
        );
    }

    #[test]
    fn the_count_closes_the_report() {
        let mut out = Vec::new();
        let report = Report::with_format(&mut out, ReportFormat::Text, false);
        assert_eq!(report.finish(true).unwrap(), (0, 0));
        assert_eq!(String::from_utf8(out).unwrap(), "0 passed, 0 failed\n");
    }

    #[test]
    fn game_numbers_read_as_a_list() {
        assert_eq!(game_numbers(&[3]), "game 3");
        assert_eq!(game_numbers(&[2, 5]), "games 2 and 5");
        assert_eq!(game_numbers(&[2, 5, 9]), "games 2, 5 and 9");
    }
}
