//! Every text the commands show about records: rendered errors, the per-record report of
//! `mgn check` and its closing count. Kept in one place so that all diagnostics look alike:
//! `file:line:column: message`, the source line, and a caret.

use super::input::InputError;
use super::junit::{Failure, Junit};
use mgn::check::RecordResult;
use mgn::document::DocumentError;
use mgn::notation::{GameKind, SyntaxError};
use mgn::source::{displayable_name, LineIndex};
use mgn::Diagnostic;
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
}

impl<'t> Source<'t> {
    /// A whole file's text.
    #[cfg(test)]
    pub fn whole(name: &'t str, text: &'t str) -> Source<'t> {
        Source {
            name,
            text,
            first_line: 1,
            offset: 0,
        }
    }

    fn index(&self) -> LineIndex<'t> {
        LineIndex::starting_at(self.text, self.first_line)
    }

    /// `file:line:column: headline`, the line, and a caret under the column.
    pub fn render(&self, offset: usize, headline: &str) -> String {
        self.index().render(self.name, offset, headline)
    }

    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        self.index().line_col(offset)
    }
}

pub fn syntax_error(source: &Source, error: &SyntaxError) -> String {
    source.render(error.offset, &error.message())
}

/// Bytes that are not UTF-8, at `offset` in the text of `source` (read with them replaced).
pub fn not_utf8_at(source: &Source, offset: usize, byte: u8) -> String {
    source.render(
        offset,
        &format!(
            "not valid UTF-8: byte 0x{byte:02x} at byte offset {}",
            source.offset + offset as u64
        ),
    )
}

/// A rule departure in a game of `kind`: where, which ply, what, the rule (code and its words
/// in that game), then its notes.
pub fn problem(source: &Source, kind: GameKind, problem: &Diagnostic) -> String {
    let headline = match problem.ply {
        Some(ply) => format!("ply {ply}: {}", problem.message),
        None => problem.message.clone(),
    };
    let mut shown = source.render(placed_at(problem), &headline);
    shown.push_str(&format!("\n  rule {}", problem.rule));
    let rule_words = problem.rule_words(kind);
    if !rule_words.is_empty() {
        shown.push_str(&format!(": {rule_words}"));
    }
    for block in [&problem.trace, &problem.diff].into_iter().flatten() {
        for line in block.lines() {
            shown.push_str("\n  ");
            shown.push_str(line);
        }
    }
    if !problem.alternatives.is_empty() {
        shown.push_str("\n  legal here: ");
        shown.push_str(&problem.alternatives.join(" "));
    }
    shown
}

/// Something a game of `kind` likely does not mean, which leaves its verdict alone.
pub fn warning(source: &Source, kind: GameKind, warning: &Diagnostic) -> String {
    let mut shown = source.render(placed_at(warning), &format!("warning: {}", warning.message));
    shown.push_str(&format!("\n  rule {}", warning.rule));
    let rule_words = warning.rule_words(kind);
    if !rule_words.is_empty() {
        shown.push_str(&format!(": {rule_words}"));
    }
    shown
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
            rule: None,
            rule_words: None,
            message: None,
            alternatives: Vec::new(),
            trace: None,
            diff: None,
            warnings: Vec::new(),
        }
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
        }
    }

    /// One record read from `source`; `index` counts the file's records from 1.
    pub fn record(
        &mut self,
        source: &Source,
        index: usize,
        result: &RecordResult,
    ) -> io::Result<()> {
        let name = source.name;
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
                json.rule = Some("mgn.syntax");
                json.message = Some(error.message());
                json = json.at(source, error.offset);
                Some(syntax_error(source, error))
            }
            RecordResult::NotUtf8 { offset, byte } => {
                self.failed += 1;
                let shown = not_utf8_at(source, *offset, *byte);
                json.verdict = "failed";
                json.rule = Some("mgn.syntax");
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
                for warning in warnings {
                    let (line, column) = source.line_col(placed_at(warning));
                    json.warnings.push(JsonWarning {
                        line,
                        column,
                        rule: warning.rule,
                        message: warning.message.clone(),
                    });
                    if self.format == ReportFormat::Text && !self.quiet {
                        writeln!(self.out, "{}", self::warning(source, *kind, warning))?;
                    }
                }
                match verdict {
                    mgn::check::Verdict::Passed => {
                        self.passed += 1;
                        tracing::debug!(file = %mgn::source::displayable_name(name), record = index, "passed");
                        None
                    }
                    mgn::check::Verdict::Failed(problems) => {
                        self.failed += 1;
                        let first = &problems[0];
                        json.verdict = "failed";
                        json.ply = first.ply;
                        json.rule = Some(first.rule);
                        json.rule_words = Some(first.rule_words(*kind)).filter(|w| !w.is_empty());
                        json.message = Some(first.message.clone());
                        json.alternatives = first.alternatives.clone();
                        json.trace = first.trace.clone();
                        json.diff = first.diff.clone();
                        json = json.at(source, placed_at(first));
                        Some(
                            problems
                                .iter()
                                .map(|p| problem(source, *kind, p))
                                .collect::<Vec<_>>()
                                .join("\n"),
                        )
                    }
                }
            }
        };
        match self.format {
            ReportFormat::Text => match shown {
                Some(shown) if self.quiet => {
                    writeln!(self.out, "{}", shown.lines().next().unwrap_or_default())
                }
                Some(shown) => writeln!(self.out, "{shown}"),
                None => Ok(()),
            },
            ReportFormat::Json => self.json_line(&json),
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
                junit.case(name, &case_name, failure)
            }
        }
    }

    fn json_line(&mut self, verdict: &JsonVerdict) -> io::Result<()> {
        let line = serde_json::to_string(verdict).map_err(io::Error::other)?;
        writeln!(self.out, "{}", mgn::source::json_for_terminal(&line))
    }

    pub fn failed(&self) -> usize {
        self.failed
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
            syntax_error(&Source::whole("a.mgn", text), &error),
            "a.mgn:3:8: expected a number, found \"(\"\n    3 | 1. B4 x(A2) *\n      |        ^"
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
        };
        let shown = not_utf8_at(&source, 28, 0xe9);
        assert!(
            shown.starts_with(
                "big.mgn:42:14: not valid UTF-8: byte 0xe9 at byte offset 1028\n   42 | "
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
