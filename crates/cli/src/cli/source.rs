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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_are_shown_escaped() {
        assert_eq!(displayable("plain tab\there"), "plain tab\there");
        assert_eq!(
            displayable("a\u{1b}[2Jb\u{0}\u{9b}"),
            "a\\u{1b}[2Jb\\u{0}\\u{9b}"
        );
        assert_eq!(displayable("\u{202e}gnp.exe"), "\\u{202e}gnp.exe");
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
    fn names_cannot_start_a_line_of_their_own() {
        assert_eq!(
            displayable_name("a\n0 passed, 0 failed.mgn"),
            "a\\u{a}0 passed, 0 failed.mgn"
        );
        assert_eq!(displayable("\u{200f}x\u{2028}"), "\\u{200f}x\\u{2028}");
    }
}
