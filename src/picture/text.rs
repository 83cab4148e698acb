//! A [`Board`] as a diagram for the terminal (the picture module says its shape), plain or
//! coloured.
//!
//! Coloured, each player's hole names and store are in his colour (A magenta, B cyan; the store
//! bold), the holes the last step started from, sowed into or filled are bold, those it captured
//! bold red, and those that differ from the other position in reverse video. The colours are the terminal's
//! own mid-tone ones and no background is set (reverse video swaps the terminal's own), so the
//! diagram reads on a dark and a light terminal alike; the counts stay in the terminal's text
//! colour. The colours only add to the marks: the plain diagram says all the same.

use super::{hole_state, pile_text, Board, Place, Spot};
use crate::notation::Side;
use std::fmt::Write;

/// How a diagram is written: plain text, or coloured with ANSI escapes for a terminal.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Ink {
    /// Text alone: for a file, a pipe, a terminal that asks for no colour.
    #[default]
    Plain,
    /// ANSI colours and weights, for a terminal.
    Colour,
}

impl Ink {
    /// `text` in the ANSI style `style` (SGR parameters, such as `1;31`), if coloured.
    fn paint(self, style: &str, text: &str) -> String {
        if self == Ink::Plain || style.is_empty() || text.is_empty() {
            text.to_string()
        } else {
            format!("\x1b[{style}m{text}\x1b[0m")
        }
    }
}

/// The colour of a player's names and store.
fn side_style(side: Side) -> &'static str {
    match side {
        Side::A => "35",
        Side::B => "36",
    }
}

/// The style of each mark, in the order of [`MARKS`]: the strongest mark a place carries wins.
fn mark_style(word: &str) -> &'static str {
    match word {
        "differs" => "1;7",
        "captured" => "1;31",
        _ => "1",
    }
}

/// The style of a place from its marks: captured or differing outweighs being sown into.
fn place_style(board: &Board, place: Place) -> &'static str {
    let marks = board.marks.of(place);
    ["differs", "captured", "started", "sown", "placed"]
        .into_iter()
        .find(|word| marks.contains(word))
        .map_or("", mark_style)
}

/// How many columns `text` takes on a terminal: its characters outside ANSI escapes.
fn width(text: &str) -> usize {
    let mut count = 0;
    let mut escape = false;
    for c in text.chars() {
        if escape {
            escape = c != 'm';
        } else if c == '\x1b' {
            escape = true;
        } else {
            count += 1;
        }
    }
    count
}

/// Each mark's character and words, in the order a cell writes them.
const MARKS: [(&str, char, &str); 5] = [
    ("started", '^', "started"),
    ("sown", '\'', "sown into"),
    ("captured", '*', "captured"),
    ("placed", '+', "filled"),
    ("differs", '!', "differs"),
];

fn mark_chars(board: &Board, place: Place) -> String {
    let marks = board.marks.of(place);
    MARKS
        .iter()
        .filter(|(word, _, _)| marks.contains(word))
        .map(|(_, c, _)| *c)
        .collect()
}

/// A hole's contents and owner as MGN writes them.
fn contents(board: &Board, spot: &Spot) -> String {
    let Some(state) = hole_state(&board.position, spot.hole) else {
        return "?".to_string();
    };
    if state.out_of_play {
        return "x".to_string();
    }
    let mut text = pile_text(state.pile);
    if let Some(owner) = state.owner {
        let _ = write!(text, "@{owner}");
    }
    text
}

/// The diagram of one board, ending with a line break.
pub fn board_text(board: &Board) -> String {
    board_text_in(board, Ink::Plain)
}

/// The diagram of one board in `ink`, ending with a line break.
pub fn board_text_in(board: &Board, ink: Ink) -> String {
    let lines = board_lines(board, ink);
    let mut out = String::new();
    for line in lines {
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

/// Boards side by side, each under its caption (a false checkpoint: claimed and replayed).
pub fn boards_text(boards: &[&Board]) -> String {
    boards_text_in(boards, Ink::Plain)
}

/// Boards side by side in `ink`, each under its caption.
pub fn boards_text_in(boards: &[&Board], ink: Ink) -> String {
    let drawn: Vec<Vec<String>> = boards.iter().map(|b| board_lines(b, ink)).collect();
    let height = drawn.iter().map(Vec::len).max().unwrap_or(0);
    let widths: Vec<usize> = drawn
        .iter()
        .map(|d| d.iter().map(|l| width(l)).max().unwrap_or(0))
        .collect();
    let mut out = String::new();
    for i in 0..height {
        let mut line = String::new();
        for (k, d) in drawn.iter().enumerate() {
            let text = d.get(i).map_or("", String::as_str);
            if k + 1 < drawn.len() {
                let pad = widths[k] - width(text);
                let _ = write!(line, "{text}{}  |  ", " ".repeat(pad));
            } else {
                line.push_str(text);
            }
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

fn board_lines(board: &Board, ink: Ink) -> Vec<String> {
    let layout = &board.layout;
    let spots = layout.spots();
    let marks_width = spots
        .iter()
        .map(|s| mark_chars(board, Place::Hole(s.hole)).len())
        .max()
        .unwrap_or(0);
    let count_width = spots
        .iter()
        .map(|s| contents(board, s).len().max(s.hole.to_string().len()))
        .max()
        .unwrap_or(1);
    // Padded on the plain text, so that the colours move no column.
    let cell = |text: &str, marks: &str, style: &str| {
        let left = count_width.saturating_sub(text.chars().count());
        let right = marks_width.saturating_sub(marks.chars().count());
        format!(
            " {}{}{}",
            " ".repeat(left),
            ink.paint(style, &format!("{text}{marks}")),
            " ".repeat(right)
        )
    };
    let columns = layout.columns();
    let row_line = |line: usize, names: bool| -> String {
        let mut text = String::new();
        for spot in spots.iter().filter(|s| s.line == line) {
            debug_assert!(spot.column < columns);
            if names {
                text.push_str(&cell(
                    &spot.hole.to_string(),
                    "",
                    side_style(spot.hole.side),
                ));
            } else {
                let place = Place::Hole(spot.hole);
                text.push_str(&cell(
                    &contents(board, spot),
                    &mark_chars(board, place),
                    place_style(board, place),
                ));
            }
        }
        text
    };
    let store_plain = |side: Side| {
        format!(
            "{}{}",
            pile_text(board.position.stores[side.index()]),
            mark_chars(board, Place::Store(side))
        )
    };
    let store = |side: Side| {
        let marked = place_style(board, Place::Store(side));
        let style = if marked.is_empty() {
            format!("1;{}", side_style(side))
        } else {
            marked.to_string()
        };
        ink.paint(&style, &store_plain(side))
    };
    let name = |side: Side| ink.paint(side_style(side), &side.to_string());
    let (left, right) = if layout.store_left(Side::A) {
        (Side::A, Side::B)
    } else {
        (Side::B, Side::A)
    };
    let left_width = format!("{left} {}", store_plain(left)).len();
    let margin = left_width.max(6) + 1;
    let pad = " ".repeat(margin);
    let mut lines = vec![ink.paint("1", &format!("{} {}", board.kind, board.caption))];
    let push_row = |lines: &mut Vec<String>, line: usize, names_above: bool| {
        if names_above {
            lines.push(format!("{pad}{}", row_line(line, true)));
            lines.push(format!("{pad}{}", row_line(line, false)));
        } else {
            lines.push(format!("{pad}{}", row_line(line, false)));
            lines.push(format!("{pad}{}", row_line(line, true)));
        }
    };
    let half = layout.lines() / 2;
    for line in 0..half {
        let above = spots.iter().any(|s| s.line == line && s.name_above);
        push_row(&mut lines, line, above);
    }
    let row_width = width(&row_line(0, true));
    lines.push(format!(
        "{} {}{}{}  {} {}",
        name(left),
        store(left),
        " ".repeat(margin - left_width),
        " ".repeat(row_width),
        store(right),
        name(right),
    ));
    for line in half..layout.lines() {
        let above = spots.iter().any(|s| s.line == line && s.name_above);
        push_row(&mut lines, line, above);
    }
    lines.push(format!(
        "{}; {}: {} left, {} right",
        board.status(),
        board.store_word(),
        name(left),
        name(right),
    ));
    let used: Vec<String> = MARKS
        .iter()
        .filter(|(word, _, _)| {
            spots
                .iter()
                .map(|s| Place::Hole(s.hole))
                .chain([Place::Store(Side::A), Place::Store(Side::B)])
                .any(|p| board.marks.of(p).contains(word))
        })
        .map(|(word, c, words)| format!("{} {words}", ink.paint(mark_style(word), &c.to_string())))
        .collect();
    if !used.is_empty() {
        lines.push(format!("marks: {}", used.join(", ")));
    }
    lines
}
