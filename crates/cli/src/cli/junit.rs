//! The JUnit XML report of `mgn check`, written as records come, in bounded memory.
//!
//! JUnit puts each test suite's counts before its test cases and the report's before its
//! suites, so a report cannot be written straight through. Each file's test cases go to a
//! temporary file until the file ends, then its suite goes to another until the report ends:
//! memory holds one test case whatever the number of games (it held every one of them, 850 MB
//! for two million games).

use crate::cli::source::{displayable, displayable_lines};
use std::fs::File;
use std::io::{self, BufWriter, Seek, Write};

/// A test case that did not pass.
pub struct Failure<'a> {
    pub message: &'a str,
    /// The rule code.
    pub kind: &'a str,
    /// The report of the record, as `mgn check` shows it.
    pub description: &'a str,
}

#[derive(Default)]
struct Counts {
    tests: usize,
    failures: usize,
}

struct Suite {
    name: String,
    cases: BufWriter<File>,
    counts: Counts,
}

pub struct Junit {
    suites: BufWriter<File>,
    suite: Option<Suite>,
    counts: Counts,
}

impl Junit {
    pub fn new() -> io::Result<Junit> {
        Ok(Junit {
            suites: BufWriter::new(tempfile::tempfile()?),
            suite: None,
            counts: Counts::default(),
        })
    }

    /// The test case of one record of `file` (one test suite per file, in the order given).
    pub fn case(&mut self, file: &str, name: &str, failure: Option<Failure>) -> io::Result<()> {
        if self.suite.as_ref().is_none_or(|s| s.name != file) {
            self.close_suite()?;
            self.suite = Some(Suite {
                name: file.to_string(),
                cases: BufWriter::new(tempfile::tempfile()?),
                counts: Counts::default(),
            });
        }
        let suite = self.suite.as_mut().expect("just opened");
        suite.counts.tests += 1;
        let out = &mut suite.cases;
        write!(
            out,
            "        <testcase name=\"{}\" classname=\"{}\"",
            escape(name),
            escape(file)
        )?;
        match failure {
            None => writeln!(out, "/>"),
            Some(failure) => {
                suite.counts.failures += 1;
                writeln!(
                    out,
                    ">\n            <failure message=\"{}\" type=\"{}\">{}</failure>\n        </testcase>",
                    escape(failure.message),
                    escape(failure.kind),
                    escape_lines(failure.description)
                )
            }
        }
    }

    fn close_suite(&mut self) -> io::Result<()> {
        let Some(suite) = self.suite.take() else {
            return Ok(());
        };
        writeln!(
            self.suites,
            "    <testsuite name=\"{}\" tests=\"{}\" skipped=\"0\" errors=\"0\" failures=\"{}\">",
            escape(&suite.name),
            suite.counts.tests,
            suite.counts.failures
        )?;
        let mut cases = suite
            .cases
            .into_inner()
            .map_err(io::IntoInnerError::into_error)?;
        cases.rewind()?;
        io::copy(&mut cases, &mut self.suites)?;
        writeln!(self.suites, "    </testsuite>")?;
        self.counts.tests += suite.counts.tests;
        self.counts.failures += suite.counts.failures;
        Ok(())
    }

    /// The whole report, to `out`.
    pub fn finish(mut self, out: &mut impl Write) -> io::Result<()> {
        self.close_suite()?;
        writeln!(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>")?;
        writeln!(
            out,
            "<testsuites name=\"mgn check\" tests=\"{}\" skipped=\"0\" failures=\"{}\" errors=\"0\">",
            self.counts.tests, self.counts.failures
        )?;
        let mut suites = self
            .suites
            .into_inner()
            .map_err(io::IntoInnerError::into_error)?;
        suites.rewind()?;
        io::copy(&mut suites, out)?;
        writeln!(out, "</testsuites>")
    }
}

/// Text for XML: its markup characters as references, after every character a terminal could
/// obey is escaped ([`displayable`]), which also keeps out the control characters XML 1.0
/// cannot hold at all.
fn escape(text: &str) -> String {
    markup(&displayable(text))
}

/// Text of several lines for XML (a failure's report), as [`escape`] but the line ends between
/// them kept ([`displayable_lines`]).
fn escape_lines(text: &str) -> String {
    markup(&displayable_lines(text))
}

fn markup(text: &str) -> String {
    let mut escaped = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => escaped.push_str("&amp;"),
            '<' => escaped.push_str("&lt;"),
            '>' => escaped.push_str("&gt;"),
            '"' => escaped.push_str("&quot;"),
            '\'' => escaped.push_str("&apos;"),
            c => escaped.push(c),
        }
    }
    escaped
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suites_and_the_report_carry_their_counts() {
        let mut junit = Junit::new().unwrap();
        junit.case("a.mgn", "game 1 (dakon)", None).unwrap();
        let failure = Failure {
            message: "x<\"y\">",
            kind: "mgn.syntax",
            description: "a.mgn:2:1: &\u{1b}",
        };
        junit.case("a.mgn", "game 2", Some(failure)).unwrap();
        junit.case("b.mgn", "game 1 (nchuwa)", None).unwrap();
        let mut out = Vec::new();
        junit.finish(&mut out).unwrap();
        let xml = String::from_utf8(out).unwrap();
        assert_eq!(
            xml,
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\
             <testsuites name=\"mgn check\" tests=\"3\" skipped=\"0\" failures=\"1\" errors=\"0\">\n\
             \x20   <testsuite name=\"a.mgn\" tests=\"2\" skipped=\"0\" errors=\"0\" failures=\"1\">\n\
             \x20       <testcase name=\"game 1 (dakon)\" classname=\"a.mgn\"/>\n\
             \x20       <testcase name=\"game 2\" classname=\"a.mgn\">\n\
             \x20           <failure message=\"x&lt;&quot;y&quot;&gt;\" type=\"mgn.syntax\">a.mgn:2:1: &amp;\\u{1b}</failure>\n\
             \x20       </testcase>\n\
             \x20   </testsuite>\n\
             \x20   <testsuite name=\"b.mgn\" tests=\"1\" skipped=\"0\" errors=\"0\" failures=\"0\">\n\
             \x20       <testcase name=\"game 1 (nchuwa)\" classname=\"b.mgn\"/>\n\
             \x20   </testsuite>\n\
             </testsuites>\n"
        );
    }
}
