//! A [`Board`] as a diagram for the terminal (the picture module says its shape).

use super::{hole_state, pile_text, Board, Place, Spot};
use crate::notation::Side;
use std::fmt::Write;

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
    let lines = board_lines(board);
    let mut out = String::new();
    for line in lines {
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

/// Boards side by side, each under its caption (a false checkpoint: claimed and replayed).
pub fn boards_text(boards: &[&Board]) -> String {
    let drawn: Vec<Vec<String>> = boards.iter().map(|b| board_lines(b)).collect();
    let height = drawn.iter().map(Vec::len).max().unwrap_or(0);
    let widths: Vec<usize> = drawn
        .iter()
        .map(|d| d.iter().map(|l| l.chars().count()).max().unwrap_or(0))
        .collect();
    let mut out = String::new();
    for i in 0..height {
        let mut line = String::new();
        for (k, d) in drawn.iter().enumerate() {
            let text = d.get(i).map_or("", String::as_str);
            if k + 1 < drawn.len() {
                let pad = widths[k] - text.chars().count();
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

fn board_lines(board: &Board) -> Vec<String> {
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
    let cell = |text: &str, marks: &str| format!(" {text:>count_width$}{marks:<marks_width$}");
    let columns = layout.columns();
    let row_line = |line: usize, names: bool| -> String {
        let mut text = String::new();
        for spot in spots.iter().filter(|s| s.line == line) {
            debug_assert!(spot.column < columns);
            if names {
                text.push_str(&cell(&spot.hole.to_string(), ""));
            } else {
                text.push_str(&cell(
                    &contents(board, spot),
                    &mark_chars(board, Place::Hole(spot.hole)),
                ));
            }
        }
        text
    };
    let store = |side: Side| {
        format!(
            "{}{}",
            pile_text(board.position.stores[side.index()]),
            mark_chars(board, Place::Store(side))
        )
    };
    let (left, right) = if layout.store_left(Side::A) {
        (Side::A, Side::B)
    } else {
        (Side::B, Side::A)
    };
    let left_text = format!("{left} {}", store(left));
    let margin = left_text.len().max(6) + 1;
    let pad = " ".repeat(margin);
    let mut lines = vec![format!("{} {}", board.kind, board.caption)];
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
    let row_width = row_line(0, true).len();
    lines.push(format!(
        "{left_text:<margin$}{}  {} {right}",
        " ".repeat(row_width),
        store(right)
    ));
    for line in half..layout.lines() {
        let above = spots.iter().any(|s| s.line == line && s.name_above);
        push_row(&mut lines, line, above);
    }
    lines.push(format!(
        "{}; {}: {left} left, {right} right",
        board.status(),
        board.store_word(),
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
        .map(|(_, c, words)| format!("{c} {words}"))
        .collect();
    if !used.is_empty() {
        lines.push(format!("marks: {}", used.join(", ")));
    }
    lines
}
