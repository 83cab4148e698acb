//! `mgn check --format github`: GitHub Actions workflow commands, which the runner turns into
//! annotations on the files of a pull request (`::error file=F,line=L,col=C,title=RULE::message`).
//!
//! A workflow command is one line that the runner parses: a record's text that reached it raw
//! (a line end in a file name, a `::` in a message) could end the annotation early or start
//! another command of its own. Every value is escaped as the runner reads it back, and what a
//! terminal would obey besides is shown escaped too ([`displayable`]), as in every report.

use crate::cli::source::displayable;
use std::io::{self, Write};

/// How bad an annotation is: an `::error` fails the record, a `::warning` leaves it alone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Level {
    Error,
    Warning,
}

/// One annotation: where, under which rule, and what to say (lines joined by line ends, which
/// the runner shows as such).
pub struct Annotation<'a> {
    pub level: Level,
    pub file: &'a str,
    pub line: usize,
    pub column: usize,
    pub title: &'a str,
    pub message: &'a str,
}

/// Writes `annotation` as one workflow command line.
pub fn write(out: &mut impl Write, annotation: &Annotation) -> io::Result<()> {
    let command = match annotation.level {
        Level::Error => "error",
        Level::Warning => "warning",
    };
    writeln!(
        out,
        "::{command} file={},line={},col={},title={}::{}",
        property(annotation.file),
        annotation.line,
        annotation.column,
        property(annotation.title),
        data(annotation.message)
    )
}

/// A command's message, as the runner unescapes it: `%`, carriage returns and line ends.
fn data(text: &str) -> String {
    escaped(text, false)
}

/// A command's property value (`file=...`): as [`data`], and the `:` and `,` that would end it.
fn property(text: &str) -> String {
    escaped(text, true)
}

fn escaped(text: &str, property: bool) -> String {
    let mut escaped = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '%' => escaped.push_str("%25"),
            '\r' => escaped.push_str("%0D"),
            '\n' => escaped.push_str("%0A"),
            ':' if property => escaped.push_str("%3A"),
            ',' if property => escaped.push_str("%2C"),
            c => escaped.push(c),
        }
    }
    displayable(&escaped).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_are_escaped_as_the_runner_reads_them() {
        let mut out = Vec::new();
        let annotation = Annotation {
            level: Level::Error,
            file: "a,b:c%d\ne.mgn",
            line: 3,
            column: 7,
            title: "dakon.pass",
            message: "100% wrong: a, b\r\n::warning::forged\u{1b}[2J",
        };
        write(&mut out, &annotation).unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "::error file=a%2Cb%3Ac%25d%0Ae.mgn,line=3,col=7,title=dakon.pass::100%25 wrong: a, \
             b%0D%0A::warning::forged\\u{1b}[2J\n"
        );
    }
}
