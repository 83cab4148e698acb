//! Source locations for diagnostics: byte offsets to `line:column`, and the caret display that
//! every error message (syntax or rule) shares.

use std::borrow::Cow;

/// Whether a character of a record must not reach a terminal as it is: control characters
/// (C0 but tabs, DEL, C1), which can move the cursor, clear the screen or retitle the window,
/// the bidirectional marks, overrides and isolates, which reorder what is shown so that a line
/// reads as something it does not hold, and every line end (`\n`, `\r`, U+0085, the line and
/// paragraph separators): a value from a record that broke the line of a report could start a
/// line of its own that reads as mgn's (`x.mgn:1:1: ...`, `9 passed, 0 failed`).
fn hidden(c: char) -> bool {
    (c.is_control() && c != '\t')
        || matches!(
            c,
            '\u{200e}' | '\u{200f}' | '\u{061c}' | '\u{2028}' | '\u{2029}' | '\u{feff}'
                | '\u{202a}'..='\u{202e}'
                | '\u{2066}'..='\u{2069}'
        )
}

/// A file name as it may be shown: as [`displayable`], tabs escaped too, so that a name cannot
/// pass for two columns of a report.
pub fn displayable_name(name: &str) -> Cow<'_, str> {
    if !name.contains('\t') {
        return displayable(name);
    }
    let escaped: String = name
        .chars()
        .map(|c| match c {
            '\t' => c.escape_unicode().to_string(),
            c => c.to_string(),
        })
        .collect();
    Cow::Owned(displayable(&escaped).into_owned())
}

/// A JSON text with every character [`hidden`] would keep from view written as its JSON escape
/// (`\u009b`): the same JSON to a program, and nothing a terminal obeys when a person reads it.
/// serde_json escapes C0 controls itself, but writes DEL, C1 controls and bidirectional
/// overrides as they are.
pub fn json_for_terminal(json: &str) -> Cow<'_, str> {
    // A line end outside a string is JSON's own white space (serde_json escapes those within).
    let hidden = |c: char| c != '\n' && hidden(c);
    if !json.chars().any(hidden) {
        return Cow::Borrowed(json);
    }
    let mut shown = String::with_capacity(json.len() + 16);
    for c in json.chars() {
        if hidden(c) {
            // Every hidden character is in the Basic Multilingual Plane: one `\u` escape.
            shown.push_str(&format!("\\u{:04x}", c as u32));
        } else {
            shown.push(c);
        }
    }
    Cow::Owned(shown)
}

/// Text mgn made of several lines (a rendered diagnostic, a report) as it may be shown: each
/// line as [`displayable`], the line ends between them kept. Its values from the record must
/// already be escaped, since their line ends cannot be told from mgn's here.
pub fn displayable_lines(text: &str) -> Cow<'_, str> {
    if !text.chars().any(|c| c != '\n' && hidden(c)) {
        return Cow::Borrowed(text);
    }
    let lines: Vec<Cow<'_, str>> = text.split('\n').map(displayable).collect();
    Cow::Owned(lines.join("\n"))
}

/// Text from a record as it may be shown to a person, on one line: every character [`hidden`]
/// would keep from view, line ends too, is written as its escape (`\u{1b}`, `\u{a}`), so that
/// it is seen, not obeyed.
pub fn displayable(text: &str) -> Cow<'_, str> {
    if !text.chars().any(hidden) {
        return Cow::Borrowed(text);
    }
    let mut shown = String::with_capacity(text.len() + 16);
    for c in text.chars() {
        if hidden(c) {
            shown.push_str(&c.escape_unicode().to_string());
        } else {
            shown.push(c);
        }
    }
    Cow::Owned(shown)
}

/// The most characters of a source line a diagnostic shows.
const SHOWN_LINE: usize = 120;

/// Byte offsets of one text turned into 1-based line and column numbers. Columns count
/// characters, not bytes, so a caret lines up under non-ASCII text. Nothing is built ahead:
/// each place is found by counting line ends up to it, so that placing the one error of a game
/// of millions of lines costs no index of all of them.
pub struct LineIndex<'a> {
    text: &'a str,
    /// The line of the file the text starts on: a part of a file read alone starts further on.
    first_line: usize,
}

impl<'a> LineIndex<'a> {
    pub fn new(text: &'a str) -> LineIndex<'a> {
        LineIndex::starting_at(text, 1)
    }

    /// The index of a text that starts on line `first_line` of its file, so that lines are
    /// counted as in the file.
    pub fn starting_at(text: &'a str, first_line: usize) -> LineIndex<'a> {
        LineIndex { text, first_line }
    }

    /// 1-based line (of the file) and column of a byte offset (clamped to the text).
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        let offset = self.floor_char_boundary(offset.min(self.text.len()));
        let start = self.line_start(offset);
        let line = memchr::memchr_iter(b'\n', &self.text.as_bytes()[..start]).count();
        let column = self.text[start..offset].chars().count() + 1;
        (line + self.first_line, column)
    }

    /// Where the line holding `offset` starts.
    fn line_start(&self, offset: usize) -> usize {
        memchr::memrchr(b'\n', &self.text.as_bytes()[..offset]).map_or(0, |k| k + 1)
    }

    /// The line holding `offset`, without its line ending.
    fn line_at(&self, offset: usize) -> &'a str {
        let offset = self.floor_char_boundary(offset.min(self.text.len()));
        let start = self.line_start(offset);
        let end = memchr::memchr(b'\n', &self.text.as_bytes()[offset..])
            .map_or(self.text.len(), |k| offset + k);
        self.text[start..end].trim_end_matches(['\n', '\r'])
    }

    fn floor_char_boundary(&self, mut offset: usize) -> usize {
        while !self.text.is_char_boundary(offset) {
            offset -= 1;
        }
        offset
    }

    /// `file:line:column: headline`, the source line, and a caret under the column. What the
    /// record holds is shown [`displayable`], and the caret stays under its character.
    pub fn render(&self, file: &str, offset: usize, headline: &str) -> String {
        let (line, column) = self.line_col(offset);
        let shown = |text: &[char]| {
            let text: String = text
                .iter()
                .map(|&c| if c == '\t' { ' ' } else { c })
                .collect();
            displayable(&text).into_owned()
        };
        let chars: Vec<char> = self.line_at(offset).chars().collect();
        let at = (column - 1).min(chars.len());
        // A long line is shown around the column: a report stays readable, and a line of
        // megabytes does not become megabytes of report.
        let (from, to) = if chars.len() > SHOWN_LINE {
            let from = at.saturating_sub(SHOWN_LINE / 3);
            (from, (from + SHOWN_LINE).min(chars.len()))
        } else {
            (0, chars.len())
        };
        let cut_before = if from > 0 { "…" } else { "" };
        let cut_after = if to < chars.len() { "…" } else { "" };
        format!(
            "{}:{line}:{column}: {}\n{:>5} | {cut_before}{}{cut_after}\n      | {}^",
            displayable_name(file),
            displayable(headline),
            line,
            shown(&chars[from..to]),
            " ".repeat(cut_before.chars().count() + shown(&chars[from..at]).chars().count())
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn offsets_map_to_lines_and_character_columns() {
        let text = "ab\nçd\n\nx";
        let index = LineIndex::new(text);
        assert_eq!(index.line_col(0), (1, 1));
        assert_eq!(index.line_col(3), (2, 1));
        assert_eq!(index.line_col(5), (2, 2)); // after the two-byte ç
        assert_eq!(index.line_col(8), (4, 1));
        assert_eq!(index.line_col(999), (4, 2));
        assert_eq!(index.line_at(4), "çd");
    }

    #[test]
    fn control_characters_are_shown_escaped_and_the_caret_stays_under_its_character() {
        assert_eq!(displayable("plain tab\there"), "plain tab\there");
        assert_eq!(
            displayable("a\u{1b}[2Jb\u{0}\u{9b}"),
            "a\\u{1b}[2Jb\\u{0}\\u{9b}"
        );
        assert_eq!(displayable("\u{202e}gnp.exe"), "\\u{202e}gnp.exe");
        let index = LineIndex::new("[Game \"\u{1b}[31m\"] x\n");
        let shown = index.render("f\u{7}.mgn", 15, "expected \u{1b}");
        assert_eq!(
            shown,
            "f\\u{7}.mgn:1:16: expected \\u{1b}\n    1 | [Game \"\\u{1b}[31m\"] x\n      |                     ^"
        );
    }

    #[test]
    fn json_keeps_its_meaning_without_raw_controls() {
        let json = serde_json::to_string("a\u{7f}\u{9b}\u{202e}\u{1b}").unwrap();
        let shown = json_for_terminal(&json);
        assert!(shown.chars().all(|c| !hidden(c)), "{shown}");
        assert_eq!(
            serde_json::from_str::<String>(&shown).unwrap(),
            "a\u{7f}\u{9b}\u{202e}\u{1b}"
        );
    }

    #[test]
    fn a_long_line_is_shown_around_its_column() {
        let line = format!("{}X{}", "a".repeat(5000), "b".repeat(5000));
        let shown = LineIndex::new(&line).render("f.mgn", 5000, "here");
        let lines: Vec<&str> = shown.lines().collect();
        assert!(lines[1].chars().count() < 140, "{shown}");
        assert!(
            lines[1].contains("…aaaa") && lines[1].contains("bbbb…"),
            "{shown}"
        );
        let caret = lines[2].chars().count() - 1;
        assert_eq!(lines[1].chars().nth(caret), Some('X'), "{shown}");
    }

    #[test]
    fn names_cannot_start_a_line_of_their_own() {
        assert_eq!(
            displayable_name("a\n0 passed, 0 failed.mgn"),
            "a\\u{a}0 passed, 0 failed.mgn"
        );
        assert_eq!(displayable("\u{200f}x\u{2028}"), "\\u{200f}x\\u{2028}");
    }

    #[test]
    fn render_puts_the_caret_under_the_column() {
        let index = LineIndex::new("[Game \"dakon\"]\n1. B9x\n");
        let shown = index.render("f.mgn", 20, "expected a hole");
        assert_eq!(
            shown,
            "f.mgn:2:6: expected a hole\n    2 | 1. B9x\n      |      ^"
        );
    }
}
