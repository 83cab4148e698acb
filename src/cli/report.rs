//! Every text the commands show about records: rendered errors, the per-record report of
//! `mgn check` and its closing count. Kept in one place so that all diagnostics look alike:
//! `file:line:column: message`, the source line, and a caret.

use super::input::{InputError, NotUtf8};
use mgn::check::{Problem, RecordResult};
use mgn::document::DocumentError;
use mgn::notation::SyntaxError;
use mgn::source::LineIndex;
use std::io::{self, Write};

pub fn syntax_error(name: &str, text: &str, error: &SyntaxError) -> String {
    error.render(name, text)
}

/// A rule departure: where, which ply, what, the rule (code and words), then its notes.
pub fn problem(name: &str, text: &str, problem: &Problem) -> String {
    let headline = match problem.ply {
        Some(ply) => format!("ply {ply}: {}", problem.message),
        None => problem.message.clone(),
    };
    let mut shown = LineIndex::new(text).render(name, problem.offset, &headline);
    shown.push_str(&format!("\n  rule {}", problem.rule));
    if !problem.rule_words.is_empty() {
        shown.push_str(&format!(": {}", problem.rule_words));
    }
    for line in problem.notes.lines() {
        shown.push_str("\n  ");
        shown.push_str(line);
    }
    shown
}

pub fn not_utf8(error: &NotUtf8) -> String {
    LineIndex::new(&error.lossy).render(
        &error.name,
        error.offset,
        &format!(
            "not valid UTF-8: byte 0x{:02x} at byte offset {}",
            error.byte, error.offset
        ),
    )
}

/// An input that could not be read at all (as opposed to a bad record).
pub fn input_error(error: &InputError) -> String {
    match error {
        InputError::Io { name, error } => format!("cannot read {name}: {error}"),
        InputError::NoRecords { name } => format!("no *.mgn file under {name}"),
        InputError::NotUtf8(error) => not_utf8(error),
    }
}

pub fn document_error(name: &str, format: &str, error: &DocumentError) -> String {
    match (error.line, error.column) {
        (Some(line), Some(column)) => {
            format!(
                "{name}:{line}:{column}: not an MGN {format} document: {}",
                error.message
            )
        }
        _ => format!("{name}: not an MGN {format} document: {}", error.message),
    }
}

pub fn partial_conversion(name: &str, bad: usize, total: usize) -> String {
    let good = total - bad;
    let games = |n: usize| if n == 1 { "game" } else { "games" };
    format!(
        "{name}: {bad} of {total} {} did not read and {} left out; the other {good} {} written",
        games(total),
        if bad == 1 { "is" } else { "are" },
        if good == 1 { "is" } else { "are" },
    )
}

pub fn summary(passed: usize, failed: usize, skipped: usize) -> String {
    if skipped == 0 {
        format!("{passed} passed, {failed} failed")
    } else {
        format!("{passed} passed, {failed} failed, {skipped} skipped")
    }
}

/// The report of `mgn check`: one entry per bad record, then the count.
pub struct Report<W: Write> {
    out: W,
    passed: usize,
    failed: usize,
    skipped: usize,
}

impl<W: Write> Report<W> {
    pub fn new(out: W) -> Report<W> {
        Report {
            out,
            passed: 0,
            failed: 0,
            skipped: 0,
        }
    }

    /// One record of `name`; `index` counts the file's records from 1.
    pub fn record(
        &mut self,
        name: &str,
        text: &str,
        index: usize,
        result: &RecordResult,
    ) -> io::Result<()> {
        match result {
            RecordResult::Syntax(error) => {
                self.failed += 1;
                writeln!(self.out, "{}", syntax_error(name, text, error))
            }
            RecordResult::Checked { game, verdict } => {
                let kind = game.header.game.value;
                match verdict {
                    mgn::check::Verdict::Passed => {
                        self.passed += 1;
                        tracing::debug!(file = %name, record = index, game = %kind, "passed");
                        Ok(())
                    }
                    mgn::check::Verdict::NotReplayed(why) => {
                        self.skipped += 1;
                        writeln!(
                            self.out,
                            "{name}: game {index} ({kind}) not replayed: {why}"
                        )
                    }
                    mgn::check::Verdict::Failed(problems) => {
                        self.failed += 1;
                        for found in problems {
                            writeln!(self.out, "{}", problem(name, text, found))?;
                        }
                        Ok(())
                    }
                }
            }
        }
    }

    /// A file that is not UTF-8: one bad record.
    pub fn not_utf8(&mut self, error: &NotUtf8) -> io::Result<()> {
        self.failed += 1;
        writeln!(self.out, "{}", not_utf8(error))
    }

    pub fn failed(&self) -> usize {
        self.failed
    }

    /// Writes the closing count and returns (passed, failed).
    pub fn finish(mut self) -> io::Result<(usize, usize)> {
        writeln!(
            self.out,
            "{}",
            summary(self.passed, self.failed, self.skipped)
        )?;
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
            syntax_error("a.mgn", text, &error),
            "a.mgn:3:8: expected a number, found \"(\"\n    3 | 1. B4 x(A2) *\n      |        ^"
        );
    }

    #[test]
    fn invalid_utf8_is_placed_at_its_first_bad_byte() {
        let bytes = b"[Game \"dakon\"]\n[PlayerA \"Ren\xe9\"]\n".to_vec();
        let error = String::from_utf8(bytes.clone()).unwrap_err();
        let offset = error.utf8_error().valid_up_to();
        let shown = not_utf8(&NotUtf8 {
            name: "b.mgn".to_string(),
            lossy: String::from_utf8_lossy(&bytes).into_owned(),
            offset,
            byte: bytes[offset],
        });
        assert!(
            shown.starts_with("b.mgn:2:14: not valid UTF-8: byte 0xe9 at byte offset 28\n"),
            "{shown}"
        );
    }

    #[test]
    fn the_count_closes_the_report() {
        let mut out = Vec::new();
        let report = Report::new(&mut out);
        assert_eq!(report.finish().unwrap(), (0, 0));
        assert_eq!(String::from_utf8(out).unwrap(), "0 passed, 0 failed\n");
    }

    #[test]
    fn partial_conversions_say_what_was_written() {
        assert_eq!(
            partial_conversion("x.mgn", 1, 3),
            "x.mgn: 1 of 3 games did not read and is left out; the other 2 are written"
        );
    }
}
