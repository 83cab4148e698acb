//! Conformance suites: folders of cases, each an MGN file `case.mgn` beside the verdict it must
//! get, `case.verdict`. mgn's own `fixtures/` are such a suite, and so can be anyone's.
//!
//! A verdict file has one line per game of the case, in order:
//!
//! ```text
//! game 1: passed
//! game 2: failed dakon.pass at 7:10
//! game 3: syntax error at 12:4
//! ```
//!
//! Lines starting with `#` are comments and are kept by `--bless`, which rewrites the rest.

use crate::check::{check_part, CheckOptions, RecordResult, Verdict};
use crate::notation::parts;
use crate::notation::LineIndex;
pub use crate::walk::{mgn_files, WalkError};
use std::fs;
use std::io::{self, BufRead};
use std::path::{Path, PathBuf};

/// The verdict lines a text gets, as a verdict file holds them.
pub fn verdict_lines(text: &str) -> Vec<String> {
    verdict_lines_of_bytes(text.as_bytes())
}

/// The verdict lines of a case file's bytes. MGN is UTF-8: a part of the file that is not is
/// one bad record, failed as a syntax error at its first invalid byte.
pub fn verdict_lines_of_bytes(bytes: &[u8]) -> Vec<String> {
    verdict_lines_of(bytes, &CheckOptions::default()).expect("bytes in memory always read")
}

/// The verdict lines of a case read from `input`, a game at a time ([`crate::notation::parts()`]),
/// checked under `options`.
pub fn verdict_lines_of(input: impl BufRead, options: &CheckOptions) -> io::Result<Vec<String>> {
    let mut lines = Vec::new();
    let mut end = (1, 1);
    for part in parts(input) {
        let part = part?;
        let lossy = String::from_utf8_lossy(&part.bytes);
        let index = LineIndex::starting_at(&lossy, part.line);
        let at = |offset: usize| {
            let (line, column) = index.line_col(offset);
            format!("{line}:{column}")
        };
        for result in check_part(&part, options) {
            let verdict = match &result {
                RecordResult::Syntax { error, .. } => {
                    format!("syntax error at {}", at(error.offset))
                }
                RecordResult::NotUtf8 { offset, .. } => {
                    format!("failed mgn.syntax at {}", at(*offset))
                }
                RecordResult::Checked { verdict, .. } => match verdict {
                    Verdict::Passed => "passed".to_string(),
                    Verdict::Failed(problems) => {
                        let first = &problems[0];
                        // The replay places every diagnostic it gives.
                        format!(
                            "failed {} at {}",
                            first.rule,
                            at(first.offset().unwrap_or(0))
                        )
                    }
                },
            };
            lines.push(format!("game {}: {verdict}", lines.len() + 1));
        }
        end = index.line_col(lossy.len());
    }
    if lines.is_empty() {
        lines.push(format!("game 1: syntax error at {}:{}", end.0, end.1));
    }
    Ok(lines)
}

/// One case whose verdicts differ from its verdict file.
#[derive(Debug)]
pub struct Mismatch {
    /// The case's file.
    pub case: PathBuf,
    /// The verdicts its verdict file expects.
    pub expected: Vec<String>,
    /// The verdicts the case gets.
    pub actual: Vec<String>,
}

/// What running a suite gave.
#[derive(Debug, Default)]
pub struct SuiteReport {
    /// Cases run.
    pub cases: usize,
    /// The cases whose verdicts differ.
    pub mismatches: Vec<Mismatch>,
    /// Verdict files written by `bless`.
    pub blessed: Vec<PathBuf>,
}

/// Every `*.mgn` file under `root`, found as [`mgn_files`] finds them; the first
/// subfolder that cannot be read is an error.
pub fn cases(root: &Path) -> io::Result<Vec<PathBuf>> {
    crate::walk::mgn_files(root)
        .map(|found| {
            found.map_err(|e| {
                io::Error::new(e.error.kind(), format!("{}: {}", e.path.display(), e.error))
            })
        })
        .collect()
}

/// A file opened for reading, if it is a regular one: a FIFO or a device named like a case
/// would block the suite or never end.
fn regular_file(path: &Path) -> io::Result<fs::File> {
    let file = fs::File::open(path)?;
    if !file.metadata()?.is_file() {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("{} is not a regular file", path.display()),
        ));
    }
    Ok(file)
}

fn verdict_path(case: &Path) -> PathBuf {
    case.with_extension("verdict")
}

/// What one case gave.
#[derive(Debug)]
pub enum CaseOutcome {
    /// Its verdicts are those of its verdict file.
    Agrees,
    /// Its verdicts differ from its verdict file.
    Differs(Mismatch),
    /// Its verdict file was rewritten to the verdicts it gets now.
    Blessed(PathBuf),
}

/// Run one case under `options`; with `bless`, rewrite its verdict file when it differs
/// (keeping its comment lines) instead of reporting it.
pub fn run_case(case: &Path, bless: bool, options: &CheckOptions) -> io::Result<CaseOutcome> {
    let actual = verdict_lines_of(io::BufReader::new(regular_file(case)?), options)?;
    let path = verdict_path(case);
    let written = match regular_file(&path).and_then(io::read_to_string) {
        Ok(written) => written,
        // A case without a verdict file expects nothing, so it differs (or is blessed).
        Err(error) if error.kind() == io::ErrorKind::NotFound => String::new(),
        Err(error) => {
            return Err(io::Error::new(
                error.kind(),
                format!("{}: {error}", path.display()),
            ))
        }
    };
    let comments: Vec<&str> = written.lines().filter(|l| l.starts_with('#')).collect();
    let expected: Vec<String> = written
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| l.trim().to_string())
        .collect();
    if expected == actual {
        return Ok(CaseOutcome::Agrees);
    }
    if !bless {
        return Ok(CaseOutcome::Differs(Mismatch {
            case: case.to_path_buf(),
            expected,
            actual,
        }));
    }
    let mut text = comments.join("\n");
    if !text.is_empty() {
        text.push('\n');
    }
    text.push_str(&actual.join("\n"));
    text.push('\n');
    fs::write(&path, text)?;
    Ok(CaseOutcome::Blessed(path))
}

/// Run every case under `root` (see [`run_case`]).
pub fn run_suite(root: &Path, bless: bool, options: &CheckOptions) -> io::Result<SuiteReport> {
    let mut report = SuiteReport::default();
    for case in cases(root)? {
        report.cases += 1;
        match run_case(&case, bless, options)? {
            CaseOutcome::Agrees => {}
            CaseOutcome::Differs(mismatch) => report.mismatches.push(mismatch),
            CaseOutcome::Blessed(path) => report.blessed.push(path),
        }
    }
    Ok(report)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn verdict_lines_name_the_rule_and_place() {
        let text = "[Game \"dakon\"]\n\n1. B4 pass *\n\n[Game \"dakon\"]\n\n1. B4 x7 *\n";
        assert_eq!(
            verdict_lines(text),
            vec![
                "game 1: failed dakon.pass at 3:7".to_string(),
                "game 2: passed".to_string()
            ]
        );
    }

    #[test]
    fn a_file_that_is_not_utf8_is_one_failed_record() {
        assert_eq!(
            verdict_lines_of_bytes(b"[Game \"dakon\"]\n\n1. B\xff4 *\n"),
            vec!["game 1: failed mgn.syntax at 3:5".to_string()]
        );
    }
}
