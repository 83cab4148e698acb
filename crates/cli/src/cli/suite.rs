//! `mgn suite`: run conformance suites (cases beside their expected verdicts).

use super::args::SuiteArgs;
use super::output::{self, say};
use super::Status;
use crate::cli::source::{displayable, displayable_lines, displayable_name};
use mgn::check::CheckOptions;
use mgn::suite::mgn_files;
use mgn::suite::{run_case, CaseOutcome, Mismatch};
use std::collections::HashSet;
use std::io::Write;

pub fn run(args: &SuiteArgs) -> Status {
    let mut options = CheckOptions::default();
    options.max_laps = args.max_laps;
    let mut out = output::stdout();
    let mut status = Status::Success;
    let (mut passed, mut failed) = (0, 0);
    // A case reached twice (two folders that overlap, a link to a file) runs once.
    let mut seen = HashSet::new();
    let mut written = Ok(());
    for root in &args.folders {
        let mut cases = 0;
        let mut unreadable = false;
        for found in mgn_files(root) {
            let case = match found {
                Ok(case) => case,
                Err(error) => {
                    say(&format!(
                        "cannot read {}: {}",
                        error.path.display(),
                        error.error
                    ));
                    status = status.max(Status::Error);
                    unreadable = true;
                    continue;
                }
            };
            cases += 1;
            if !seen.insert(std::fs::canonicalize(&case).unwrap_or_else(|_| case.clone())) {
                continue;
            }
            let shown = match run_case(&case, args.bless, &options) {
                Ok(CaseOutcome::Agrees) => {
                    passed += 1;
                    continue;
                }
                Ok(CaseOutcome::Blessed(path)) => {
                    passed += 1;
                    format!("blessed {}", shown_path(&path))
                }
                Ok(CaseOutcome::Differs(mismatch)) => {
                    failed += 1;
                    differs(&mismatch)
                }
                Err(error) => {
                    say(&format!("cannot run the case {}: {error}", case.display()));
                    status = status.max(Status::Error);
                    continue;
                }
            };
            written = written.and_then(|()| writeln!(out, "{}", displayable_lines(&shown)));
        }
        if cases == 0 && !unreadable {
            say(&format!("no *.mgn file under {}", root.display()));
            status = status.max(Status::Error);
        }
    }
    written = written.and_then(|()| writeln!(out, "{passed} passed, {failed} failed"));
    if failed > 0 {
        status = status.max(Status::Failed);
    }
    output::finish(&mut out, written, status)
}

fn differs(mismatch: &Mismatch) -> String {
    // Each verdict one line, whatever its values hold, so that the diff's lines are its own.
    let lines = |verdicts: &[String]| -> String {
        verdicts
            .iter()
            .map(|verdict| displayable(verdict).into_owned() + "\n")
            .collect()
    };
    let (expected, actual) = (lines(&mismatch.expected), lines(&mismatch.actual));
    let diff = similar::TextDiff::from_lines(&expected, &actual)
        .unified_diff()
        .header("expected", "actual")
        .to_string();
    format!(
        "{}: verdicts differ from {}\n{}",
        shown_path(&mismatch.case),
        shown_path(&mismatch.case.with_extension("verdict")),
        diff.trim_end()
    )
}

/// A path as a report line may show it: a name cannot start a line of its own.
fn shown_path(path: &std::path::Path) -> String {
    displayable_name(&path.display().to_string()).into_owned()
}
