//! Every text the commands show about records: rendered errors, the per-record report of
//! `mgn check` and its closing count. Kept in one place so that all diagnostics look alike:
//! `file:line:column: message`, the source line, and a caret.

use super::input::InputError;
use super::junit::{Failure, Junit};
use super::render::{self, Mark, Note, Paint, Severity};
use crate::cli::source::displayable_name;
use mgn::check::no_game;
use mgn::check::RecordResult;
use mgn::document::DocumentError;
use mgn::notation::{GameKind, Part, SyntaxError};
use mgn::rules::general;
use mgn::{game_def, Diagnostic};
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
    /// passed or failed.
    verdict: &'static str,
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
    /// What the record likely does not mean, whatever the verdict.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    warnings: Vec<JsonWarning>,
}

#[derive(serde::Serialize)]
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
}

impl<'a> JsonVerdict<'a> {
    fn new(file: &'a str, game: Option<usize>, verdict: &'static str) -> JsonVerdict<'a> {
        JsonVerdict {
            schema: "mgn-check/1",
            file,
            game,
            game_kind: None,
            verdict,
            ply: None,
            line: None,
            column: None,
            end_line: None,
            end_column: None,
            label: None,
            labels: Vec::new(),
            rule: None,
            rule_words: None,
            message: None,
            alternatives: Vec::new(),
            trace: None,
            diff: None,
            warnings: Vec::new(),
        }
    }

    /// The verdict failed, by the first of its problems.
    fn failed_with(mut self, source: &Source, kind: GameKind, first: &Diagnostic) -> Self {
        self.verdict = "failed";
        self.ply = first.ply;
        self.rule = Some(first.rule.as_str());
        self.rule_words = Some(game_def(kind).describe(first.rule)).filter(|w| !w.is_empty());
        self.message = Some(first.message.clone());
        self.alternatives = first.alternatives.clone();
        self.trace = first.trace.clone();
        self.diff = first.diff.clone();
        self = self.at(source, placed_at(first));
        // Only the start of a place in the MGN has a place in the file it was imported from.
        let in_mgn = source.imported_from.is_none();
        if let Some(end) = first.end().filter(|_| in_mgn) {
            let (line, column) = source.line_col(end);
            self.end_line = Some(line);
            self.end_column = Some(column);
        }
        self.label = first.label().map(str::to_string);
        self.labels = first
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
        self
    }

    fn at(mut self, source: &Source, offset: usize) -> Self {
        let (line, column) = source.line_col(offset);
        self.line = Some(line);
        self.column = Some(column);
        self
    }
}

/// The report of `mgn check`: one entry per record (text: only the bad ones), then the count.
pub struct Report<W: Write> {
    out: W,
    format: ReportFormat,
    quiet: bool,
    passed: usize,
    failed: usize,
    /// The JUnit report, spooled as it comes (created with the first record).
    junit: Option<Junit>,
    /// Whether the text report is coloured: only text, and only on a terminal.
    paint: Paint,
}

impl<W: Write> Report<W> {
    pub fn with_format(out: W, format: ReportFormat, quiet: bool) -> Report<W> {
        Report {
            out,
            format,
            quiet,
            passed: 0,
            failed: 0,
            junit: None,
            paint: match format {
                ReportFormat::Text => Paint::Stdout,
                ReportFormat::Json | ReportFormat::Junit => Paint::Plain,
            },
        }
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
        let kind = match result {
            RecordResult::Checked { kind, .. } => Some(*kind),
            RecordResult::Syntax { kind, .. } => *kind,
            RecordResult::NotUtf8 { .. } => None,
        };
        let mut json = JsonVerdict::new(name, Some(index), "passed");
        json.game_kind = kind.map(|k| k.name());
        let case_name = match kind {
            Some(kind) => format!("game {index} ({kind})"),
            None => format!("game {index}"),
        };
        let shown = match result {
            RecordResult::Syntax { error, .. } => {
                self.failed += 1;
                json.verdict = "failed";
                json.rule = Some(general::SYNTAX.as_str());
                json.message = Some(error.message());
                json = json.at(source, error.offset);
                Some(syntax_error(source, error, self.paint))
            }
            RecordResult::NotUtf8 { offset, byte } => {
                self.failed += 1;
                let shown = not_utf8_at(source, *offset, *byte, self.paint);
                json.verdict = "failed";
                json.rule = Some(general::SYNTAX.as_str());
                json.message = Some(format!(
                    "not valid UTF-8: byte 0x{byte:02x} at byte offset {}",
                    source.offset + *offset as u64
                ));
                json = json.at(source, *offset);
                Some(shown)
            }
            RecordResult::Checked {
                kind,
                verdict,
                warnings,
            } => {
                self.warnings(source, *kind, warnings, &mut json)?;
                match verdict {
                    mgn::check::Verdict::Passed => {
                        self.passed += 1;
                        tracing::debug!(file = %crate::cli::source::displayable_name(name), record = index, "passed");
                        None
                    }
                    mgn::check::Verdict::Failed(problems) => {
                        self.failed += 1;
                        let first = &problems[0];
                        json = json.failed_with(source, *kind, first);
                        Some(
                            problems
                                .iter()
                                .map(|p| problem(source, *kind, p, self.paint))
                                .collect::<Vec<_>>()
                                .join("\n"),
                        )
                    }
                }
            }
        };
        self.write_verdict(&json, &case_name, shown)
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
            });
            if self.format == ReportFormat::Text && !self.quiet {
                let shown = self::warning(source, kind, warning, self.paint);
                writeln!(self.out, "{shown}")?;
            }
        }
        Ok(())
    }

    /// A record's verdict in the report's format: `shown`, its text, for people; `json` for
    /// programs; a test case named `case_name` for JUnit.
    fn write_verdict(
        &mut self,
        json: &JsonVerdict,
        case_name: &str,
        shown: Option<String>,
    ) -> io::Result<()> {
        match self.format {
            ReportFormat::Text => match shown {
                Some(shown) if self.quiet => {
                    writeln!(self.out, "{}", shown.lines().next().unwrap_or_default())
                }
                Some(shown) => writeln!(self.out, "{shown}"),
                None => Ok(()),
            },
            ReportFormat::Json => self.json_line(json),
            ReportFormat::Junit => {
                let failure = (json.verdict == "failed").then(|| Failure {
                    message: json.message.as_deref().unwrap_or_default(),
                    kind: json.rule.unwrap_or_default(),
                    description: shown.as_deref().unwrap_or_default(),
                });
                let junit = match &mut self.junit {
                    Some(junit) => junit,
                    empty => empty.insert(Junit::new()?),
                };
                junit.case(json.file, case_name, failure)
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
        let mut json = JsonVerdict::new(source.name, Some(index), "failed");
        json.rule = Some("mgn.import");
        json.message = Some(error.message.clone());
        json.line = Some(error.line);
        json.column = Some(error.column);
        match self.format {
            ReportFormat::Text if self.quiet => {
                writeln!(self.out, "{}", shown.lines().next().unwrap_or_default())
            }
            ReportFormat::Text => writeln!(self.out, "{shown}"),
            ReportFormat::Json => self.json_line(&json),
            ReportFormat::Junit => {
                let failure = Failure {
                    message: &error.message,
                    kind: "mgn.import",
                    description: &shown,
                };
                let junit = match &mut self.junit {
                    Some(junit) => junit,
                    empty => empty.insert(Junit::new()?),
                };
                junit.case(source.name, &format!("game {index}"), Some(failure))
            }
        }
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
        match self.finish() {
            Ok(counts) => (status, Some(counts)),
            Err(error) => unwritten(error),
        }
    }

    /// Writes what closes the report and returns (passed, failed). The closing count goes to
    /// standard output for people and to standard error for programs, whose standard output
    /// holds only the JSON lines or the XML.
    pub fn finish(mut self) -> io::Result<(usize, usize)> {
        let count = summary(self.passed, self.failed);
        match self.format {
            ReportFormat::Text => writeln!(self.out, "{count}")?,
            ReportFormat::Json => super::output::show(&count),
            ReportFormat::Junit => {
                let junit = match self.junit.take() {
                    Some(junit) => junit,
                    None => Junit::new()?,
                };
                junit.finish(&mut self.out)?;
                super::output::show(&count);
            }
        }
        self.out.flush()?;
        Ok((self.passed, self.failed))
    }
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
        assert_eq!(report.finish().unwrap(), (0, 0));
        assert_eq!(String::from_utf8(out).unwrap(), "0 passed, 0 failed\n");
    }

    #[test]
    fn game_numbers_read_as_a_list() {
        assert_eq!(game_numbers(&[3]), "game 3");
        assert_eq!(game_numbers(&[2, 5]), "games 2 and 5");
        assert_eq!(game_numbers(&[2, 5, 9]), "games 2, 5 and 9");
    }
}
