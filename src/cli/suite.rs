//! `mgn suite`: run conformance suites (cases beside their expected verdicts).

use super::args::SuiteArgs;
use super::output::{print, say};
use super::Status;
use mgn::suite::run_suite;

pub fn run(args: &SuiteArgs) -> Status {
    let mut status = Status::Success;
    let (mut passed, mut failed) = (0, 0);
    for root in &args.folders {
        let report = match run_suite(root, args.bless) {
            Ok(report) => report,
            Err(error) => {
                say(&format!("cannot run the suite {}: {error}", root.display()));
                status = status.max(Status::Error);
                continue;
            }
        };
        for path in &report.blessed {
            print(&format!("blessed {}", path.display()));
        }
        for mismatch in &report.mismatches {
            let expected = mismatch.expected.join("\n") + "\n";
            let actual = mismatch.actual.join("\n") + "\n";
            let diff = similar::TextDiff::from_lines(&expected, &actual)
                .unified_diff()
                .header("expected", "actual")
                .to_string();
            print(&format!(
                "{}: verdicts differ from {}\n{}",
                mismatch.case.display(),
                mismatch.case.with_extension("verdict").display(),
                diff.trim_end()
            ));
        }
        failed += report.mismatches.len();
        passed += report.cases - report.mismatches.len();
    }
    print(&format!("{passed} passed, {failed} failed"));
    if failed > 0 {
        status = status.max(Status::Failed);
    }
    status
}
