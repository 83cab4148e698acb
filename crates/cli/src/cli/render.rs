//! Diagnostics drawn as rustc draws them, with annotate-snippets (the renderer rustc and cargo
//! use): the line of the record, the whole span underlined (`^^^` where the problem is, `---`
//! under the other places that bear on it), a label under each, then the notes (`= rule: ...`).
//! The first line stays `file:line:column: message`, which editors and `grep` read.
//!
//! Colour is for terminals only: `--color auto` (the default) colours a stream that is a
//! terminal unless `NO_COLOR` is set (https://no-color.org); `always` and `never` decide alone.

use crate::cli::source::{displayable, displayable_lines, displayable_name};
use annotate_snippets::{AnnotationKind, Group, Level, Renderer, Snippet};
use std::io::IsTerminal;
use std::ops::Range;
use std::sync::OnceLock;

/// `--color`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum ColorChoice {
    /// Colour a terminal, unless NO_COLOR is set
    #[default]
    Auto,
    Always,
    Never,
}

static CHOICE: OnceLock<ColorChoice> = OnceLock::new();

/// Set once, from the command line, before anything is shown.
pub fn choose(choice: ColorChoice) {
    let _ = CHOICE.set(choice);
}

/// Where a rendering goes, which decides whether it is coloured.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Paint {
    /// Never coloured: JSON, JUnit, a trace for programs.
    Plain,
    Stdout,
    Stderr,
}

impl Paint {
    pub fn on(self) -> bool {
        let choice = CHOICE.get().copied().unwrap_or_default();
        let terminal = match self {
            Paint::Plain => return false,
            Paint::Stdout => std::io::stdout().is_terminal(),
            Paint::Stderr => std::io::stderr().is_terminal(),
        };
        match choice {
            ColorChoice::Always => true,
            ColorChoice::Never => false,
            ColorChoice::Auto => {
                terminal && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
            }
        }
    }
}

/// A place of the text to underline: byte offsets into the text, and what to say under it.
pub struct Mark {
    pub span: Range<usize>,
    pub label: Option<String>,
    /// The place the diagnostic is about (`^^^`), rather than one that bears on it (`---`).
    pub primary: bool,
}

/// A note after the snippet: `= legal here: B1 B2`, or one without a name, `= rule
/// dakon.pass: ...`.
pub struct Note {
    /// Empty for a note that leads with its own words.
    pub name: &'static str,
    pub text: String,
    /// A help (what to do), not a note (what is so).
    pub help: bool,
}

pub enum Severity {
    Error,
    Warning,
}

/// The most characters of a source line shown: a long line is shown around its primary mark.
const SHOWN_LINE: usize = 120;

/// What a diagnostic shows, ready to render.
pub struct Diagnostic<'a> {
    /// The file's name as given.
    pub name: &'a str,
    /// The text the offsets point into, and the line of the file it starts on.
    pub text: &'a str,
    pub first_line: usize,
    pub severity: Severity,
    pub headline: &'a str,
    /// The first mark is the primary one: the first line names its place.
    pub marks: Vec<Mark>,
    pub notes: Vec<Note>,
    /// Another text the diagnostic was found in, shown after it as a note: the MGN a game of
    /// another program's file was imported as, where the replay found what is reported.
    pub context: Option<Context<'a>>,
}

/// A note with its own text and marks: `note: TITLE`, ` --> name:line:column`, the lines.
pub struct Context<'a> {
    pub title: String,
    pub name: &'a str,
    pub text: &'a str,
    pub first_line: usize,
    pub marks: Vec<Mark>,
}

/// The marks of `marks` as annotations of the excerpt shown.
fn annotations<'a>(
    marks: &'a [Mark],
    excerpt: &'a Excerpt,
) -> impl Iterator<Item = annotate_snippets::Annotation<'a>> {
    marks.iter().zip(&excerpt.spans).filter_map(|(mark, span)| {
        let span = span.clone()?;
        let kind = if mark.primary {
            AnnotationKind::Primary
        } else {
            AnnotationKind::Context
        };
        let annotation = kind.span(span);
        Some(match &mark.label {
            Some(label) => annotation.label(displayable(label).into_owned()),
            None => annotation,
        })
    })
}

impl Diagnostic<'_> {
    /// `file:line:column: headline`, then the snippet and its notes.
    pub fn render(&self, paint: Paint) -> String {
        let styled = paint.on();
        let at = self.marks.first().map_or(0, |m| m.span.start);
        let (line, column) = line_col(self.text, self.first_line, at);
        let (bold, yellow, reset) = if styled {
            ("\x1b[1m", "\x1b[1;33m", "\x1b[0m")
        } else {
            ("", "", "")
        };
        let level = match self.severity {
            Severity::Error => String::new(),
            Severity::Warning => format!("{yellow}warning{reset}{bold}: "),
        };
        let mut out = format!(
            "{bold}{}:{line}:{column}:{reset} {level}{bold}{}{reset}\n",
            displayable_name(self.name),
            displayable(self.headline)
        );
        let excerpt = Excerpt::of(self.text, self.first_line, &self.marks);
        let marked = annotations(&self.marks, &excerpt);
        let level = match self.severity {
            Severity::Error => Level::ERROR,
            Severity::Warning => Level::WARNING,
        };
        let snippet = Snippet::source(excerpt.text.as_str())
            .line_start(excerpt.line)
            .fold(false)
            .annotations(marked);
        let notes = self.notes.iter().map(|note| {
            let level = if note.help { Level::HELP } else { Level::NOTE };
            // A note without a name leads with its own words: `= rule dakon.pass: ...`.
            let level = if note.name.is_empty() {
                level.no_name()
            } else {
                level.with_name(note.name)
            };
            // A note may be several lines of mgn's own (a trace, a diff), made of the replay's
            // values, not the record's text.
            level.message(displayable_lines(&note.text).into_owned())
        });
        let mut groups = vec![Group::with_level(level).element(snippet).elements(notes)];
        let context = self.context.as_ref().map(|context| {
            let excerpt = Excerpt::of(context.text, context.first_line, &context.marks);
            (context, excerpt)
        });
        if let Some((context, excerpt)) = &context {
            let snippet = Snippet::source(excerpt.text.as_str())
                .line_start(excerpt.line)
                .path(displayable_name(context.name).into_owned())
                .fold(false)
                .annotations(annotations(&context.marks, excerpt));
            groups.push(
                Group::with_title(
                    Level::NOTE.secondary_title(displayable(&context.title).into_owned()),
                )
                .element(snippet),
            );
        }
        let renderer = if styled {
            Renderer::styled()
        } else {
            Renderer::plain()
        };
        out.push_str(renderer.render(&groups).trim_end());
        out
    }
}

/// 1-based line (of the file) and column (in characters) of a byte offset of `text`.
pub fn line_col(text: &str, first_line: usize, offset: usize) -> (usize, usize) {
    mgn::notation::LineIndex::starting_at(text, first_line).line_col(offset)
}

/// The lines of the text the marks are on, as shown: what the record holds escaped, a long line
/// cut around the primary mark, and the marks' spans moved into it.
struct Excerpt {
    text: String,
    /// The line of the file it starts on.
    line: usize,
    /// Each mark's span in `text`; `None` for a mark off the lines shown.
    spans: Vec<Option<Range<usize>>>,
}

impl Excerpt {
    fn of(text: &str, first_line: usize, marks: &[Mark]) -> Excerpt {
        let clamp = |offset: usize| {
            let mut offset = offset.min(text.len());
            while !text.is_char_boundary(offset) {
                offset -= 1;
            }
            offset
        };
        let line_start = |at: usize| text[..at].rfind('\n').map_or(0, |k| k + 1);
        let line_end = |at: usize| text[at..].find('\n').map_or(text.len(), |k| at + k);
        let primary = clamp(marks.first().map_or(0, |m| m.span.start));
        // The primary mark's line, and the lines of the other marks up to three lines away.
        let (mut from, mut to) = (line_start(primary), line_end(primary));
        for mark in &marks[1.min(marks.len())..] {
            let (start, end) = (clamp(mark.span.start), clamp(mark.span.end));
            let lines_between = |a: usize, b: usize| text[a.min(b)..a.max(b)].matches('\n').count();
            if lines_between(start, primary) <= 3 && lines_between(end, primary) <= 3 {
                from = from.min(line_start(start));
                to = to.max(line_end(end));
            }
        }
        let line = first_line + text[..from].matches('\n').count();
        // Each line of [from, to) shown, with where each byte offset went.
        let mut shown = String::new();
        let mut moved: Vec<(usize, usize)> = Vec::new();
        let primary_column = text[line_start(primary)..primary].chars().count();
        let mut start = from;
        loop {
            let end = line_end(start);
            // The line's characters are counted and walked, not collected: a vector of them was
            // 16 bytes a character, 1.1 GB for a game of 64 MiB on one line that fails.
            let line_text = text[start..end].trim_end_matches('\r');
            let count = line_text.chars().count();
            let (first, last) = if count > SHOWN_LINE {
                let around = if (start..=end).contains(&primary) {
                    primary_column
                } else {
                    0
                };
                let first = around.saturating_sub(SHOWN_LINE / 3);
                (first, (first + SHOWN_LINE).min(count))
            } else {
                (0, count)
            };
            if first > 0 {
                shown.push('…');
            }
            let mut chars = line_text.char_indices().skip(first);
            for (k, c) in chars.by_ref().take(last - first) {
                moved.push((start + k, shown.len()));
                if c == '\t' {
                    shown.push(' ');
                } else {
                    shown.push_str(&displayable(c.encode_utf8(&mut [0; 4])));
                }
            }
            // The end of the line: a mark there (end of line, end of file) points just past it.
            let past = chars.next().map_or(end, |(k, _)| start + k);
            moved.push((past, shown.len()));
            if last < count {
                shown.push('…');
            }
            if end >= to || end >= text.len() {
                break;
            }
            shown.push('\n');
            start = end + 1;
        }
        // An offset of the text to one of `shown`: the nearest shown at or before it.
        let place = |offset: usize| -> Option<usize> {
            let k = moved.partition_point(|&(o, _)| o <= offset);
            (k > 0).then(|| moved[k - 1].1)
        };
        let spans = marks
            .iter()
            .map(|mark| {
                let (start, end) = (
                    clamp(mark.span.start),
                    clamp(mark.span.end.max(mark.span.start)),
                );
                if start < from || end > to.max(from) {
                    return None;
                }
                let a = place(start)?;
                let b = place(end).unwrap_or(a).max(a);
                Some(a..b)
            })
            .collect();
        Excerpt {
            text: shown,
            line,
            spans,
        }
    }
}

/// The token at `offset` of `text`, to underline where a syntax error points: the characters up
/// to a blank or a delimiter of MGN, or one character.
pub fn token_at(text: &str, offset: usize) -> Range<usize> {
    let rest = text.get(offset..).unwrap_or("");
    let len = rest
        .find(|c: char| c.is_whitespace() || "\"[](){},;".contains(c))
        .unwrap_or(rest.len());
    let len = if len == 0 {
        rest.chars().next().map_or(0, char::len_utf8)
    } else {
        len
    };
    offset..offset + len
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plain(text: &str, marks: Vec<Mark>, notes: Vec<Note>) -> String {
        Diagnostic {
            name: "f.mgn",
            text,
            first_line: 1,
            severity: Severity::Error,
            headline: "what is wrong",
            marks,
            notes,
            context: None,
        }
        .render(Paint::Plain)
    }

    fn mark(span: Range<usize>, label: &str, primary: bool) -> Mark {
        Mark {
            span,
            label: Some(label.to_string()),
            primary,
        }
    }

    #[test]
    fn the_whole_span_is_underlined_with_its_label() {
        let text = "[Game \"dakon\"]\n\n1. B4 [6,0,0,6,6/6,6,6,0,7 0/8 A 1] *\n";
        let at = text.find("7 0/8").unwrap();
        let shown = plain(
            text,
            vec![
                mark(at..at + 1, "claimed 7, replayed 6", true),
                mark(at + 2..at + 3, "A's store: claimed 0, replayed 1", false),
            ],
            vec![Note {
                name: "",
                text: "rule mgn.claim.checkpoint".into(),
                help: false,
            }],
        );
        assert_eq!(
            shown,
            "f.mgn:3:26: what is wrong
  |
3 | 1. B4 [6,0,0,6,6/6,6,6,0,7 0/8 A 1] *
  |                          ^ - A's store: claimed 0, replayed 1
  |                          |
  |                          claimed 7, replayed 6
  |
  = rule mgn.claim.checkpoint"
        );
    }

    /// The text a diagnostic was found in, when it is not the one reported (the MGN of an
    /// imported game), follows as a note at its own place.
    #[test]
    fn a_context_follows_as_a_note_at_its_own_place() {
        let mgn = "[Game \"dakon\"]\n\n1. B4 x9 *\n";
        let at = mgn.find("x9").unwrap();
        let shown = Diagnostic {
            name: "log.jsonl",
            text: "{\"game\": \"dakon\"}\n{\"move\": \"B4\", \"captures\": {\"points\": 9}}\n",
            first_line: 1,
            severity: Severity::Error,
            headline: "what is wrong",
            marks: vec![mark(32..45, "here", true)],
            notes: Vec::new(),
            context: Some(Context {
                title: "imported as".into(),
                name: "log.jsonl (imported game 1)",
                text: mgn,
                first_line: 1,
                marks: vec![mark(at..at + 2, "there", true)],
            }),
        }
        .render(Paint::Plain);
        assert_eq!(
            shown,
            r#"log.jsonl:2:15: what is wrong
  |
2 | {"move": "B4", "captures": {"points": 9}}
  |               ^^^^^^^^^^^^^ here
  |
note: imported as
 --> log.jsonl (imported game 1):3:7
  |
3 | 1. B4 x9 *
  |       ^^ there"#
        );
    }

    #[test]
    fn a_long_line_is_cut_around_the_mark_and_escaped() {
        let text = format!("{}B4\u{1b}[2J{}", "a".repeat(500), "b".repeat(500));
        let shown = plain(&text, vec![mark(500..502, "here", true)], vec![]);
        let lines: Vec<&str> = shown.lines().collect();
        assert_eq!(lines[0], "f.mgn:1:501: what is wrong");
        assert!(
            lines[2].contains("…aaa") && lines[2].contains("bbb…"),
            "{shown}"
        );
        assert!(lines[2].chars().count() < 140, "{shown}");
        assert!(lines[2].contains("B4\\u{1b}[2J"), "{shown}");
        // The carets stand under B4, counted in characters (the cut is marked with `…`).
        let caret = lines[3].chars().position(|c| c == '^').unwrap();
        let under: String = lines[2].chars().skip(caret).take(2).collect();
        assert_eq!(under, "B4", "{shown}");
        assert!(lines[3].contains("^^ here"), "{shown}");
    }

    #[test]
    fn tokens_end_at_blanks_and_delimiters() {
        let text = "[Game \"dakn\"] 1. B9x *";
        assert_eq!(&text[token_at(text, 7)], "dakn");
        assert_eq!(&text[token_at(text, 17)], "B9x");
        assert_eq!(&text[token_at(text, 13)], " ");
        assert_eq!(token_at(text, text.len()), text.len()..text.len());
    }
}
