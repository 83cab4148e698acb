//! A [`Board`] as an SVG image (the picture module says its shape).

use super::{hole_state, Board, Layout, Marks, Place, Spot};
use crate::notation::{Pile, Side};
use crate::rules::Stores;
use std::fmt::Write;

/// Distance between hole centres.
const PITCH: f64 = 64.0;
const RADIUS: f64 = 25.0;
/// Width of the column of a store or of winnings at each end.
const END: f64 = 96.0;
/// Room above the board for the caption, and below it for the status line.
const CAPTION: f64 = 34.0;
const STATUS: f64 = 30.0;
/// Room for hole names along an edge.
const NAMES: f64 = 20.0;
/// Gap between the two players' halves of a four-row board.
const MIDDLE: f64 = 40.0;
/// Room between two boards side by side.
const APART: f64 = 24.0;

const STYLE: &str = "
.caption{font:bold 16px 'DejaVu Sans',Verdana,sans-serif;fill:#222}
.status{font:14px 'DejaVu Sans',Verdana,sans-serif;fill:#222}
.frame{fill:#d9b382;stroke:#8a5a2b;stroke-width:3}
.middle{stroke:#8a5a2b;stroke-width:2}
.pit{fill:#74461f;stroke:#4d2c0f;stroke-width:2}
.sown .pit{fill:#b87a2c}
.owned-by-a .pit{stroke:#a3321c;stroke-width:3}
.owned-by-b .pit{stroke:#1f4e8c;stroke-width:3}
.out-of-play .pit{fill:#b09070;stroke:#8a6a4a}
.cross{stroke:#4d2c0f;stroke-width:3}
.count{font:bold 18px 'DejaVu Sans',Verdana,sans-serif;fill:#fff;text-anchor:middle}
.name{font:12px 'DejaVu Sans',Verdana,sans-serif;fill:#3a2510;text-anchor:middle}
.label{font:12px 'DejaVu Sans',Verdana,sans-serif;fill:#3a2510;text-anchor:middle}
.tray{fill:#efe2cf;stroke:#8a5a2b;stroke-width:2;stroke-dasharray:5 3}
.tray-count{font:bold 18px 'DejaVu Sans',Verdana,sans-serif;fill:#3a2510;text-anchor:middle}
.muzi{stroke:#fff;stroke-width:1.5}
.muzi-a,.owner-a{fill:#a3321c}
.muzi-b,.owner-b{fill:#1f4e8c}
.muzi-letter,.owner-letter{font:bold 10px 'DejaVu Sans',Verdana,sans-serif;fill:#fff;text-anchor:middle}
.ring{fill:none;stroke-width:4}
.ring-started{stroke:#1b8a2f}
.ring-captured{stroke:#d11f1f;stroke-dasharray:7 4}
.ring-placed{stroke:#7b2ea0}
.ring-differs{stroke:#e0157a;stroke-width:5}
.sown-count{font:bold 11px 'DejaVu Sans',Verdana,sans-serif;fill:#8a5200;text-anchor:middle}
.lap line{stroke:#f2a900;stroke-width:3;stroke-opacity:.9}
.arrow{fill:#f2a900}
.to-move{fill:#1b8a2f}
";

/// The SVG image of one board.
pub fn board_svg(board: &Board) -> String {
    boards_svg(&[board])
}

/// The SVG image of boards side by side (a false checkpoint: the claimed position beside the
/// replayed one).
pub fn boards_svg(boards: &[&Board]) -> String {
    let mut body = String::new();
    let mut width = 0.0;
    let mut height: f64 = 0.0;
    for (i, board) in boards.iter().enumerate() {
        if i > 0 {
            width += APART;
        }
        let (_, h) = size(&board.layout);
        let w = width_with_words(board);
        let _ = writeln!(
            body,
            "<g class=\"board\" transform=\"translate({width},0)\">"
        );
        draw(&mut body, board);
        body.push_str("</g>\n");
        width += w;
        height = height.max(h);
    }
    let title = boards
        .iter()
        .map(|b| format!("{} {}", b.kind, b.caption))
        .collect::<Vec<_>>()
        .join(" | ");
    let mut out = String::with_capacity(body.len() + STYLE.len() + 512);
    let _ = writeln!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" viewBox=\"0 0 {width} {height}\">"
    );
    let _ = writeln!(out, "<title>{}</title>", escape(&title));
    let _ = writeln!(out, "<style>{STYLE}</style>");
    out.push_str("<defs><marker id=\"arrow\" viewBox=\"0 0 10 10\" refX=\"8\" refY=\"5\" markerWidth=\"5\" markerHeight=\"5\" orient=\"auto\"><path class=\"arrow\" d=\"M0,0 L10,5 L0,10 z\"/></marker></defs>\n");
    let _ = writeln!(
        out,
        "<rect width=\"{width}\" height=\"{height}\" fill=\"#ffffff\"/>"
    );
    out.push_str(&body);
    out.push_str("</svg>\n");
    out
}

/// The size of one board's image, without its caption.
fn size(layout: &Layout) -> (f64, f64) {
    let width = 2.0 * END + layout.columns() as f64 * PITCH;
    (width, CAPTION + rows_height(layout) + 2.0 * NAMES + STATUS)
}

/// The width of a board's image with room for its caption and status, at about 10 pixels a
/// character of the caption's bold type.
fn width_with_words(board: &Board) -> f64 {
    let words = format!("{} {}", board.kind, board.caption)
        .chars()
        .count()
        .max(board.status().chars().count());
    size(&board.layout).0.max(words as f64 * 10.0 + 20.0)
}

fn rows_height(layout: &Layout) -> f64 {
    let middle = if layout.lines() == 4 { MIDDLE } else { 0.0 };
    layout.lines() as f64 * PITCH + middle
}

/// The top of the rows of holes.
fn rows_top() -> f64 {
    CAPTION + NAMES
}

fn centre(layout: &Layout, spot: &Spot) -> (f64, f64) {
    let x = END + (spot.column as f64 + 0.5) * PITCH;
    let middle = if layout.lines() == 4 && spot.line >= 2 {
        MIDDLE
    } else {
        0.0
    };
    let y = rows_top() + (spot.line as f64 + 0.5) * PITCH + middle;
    (x, y)
}

/// The centre of a store or of winnings: in the column at its end, in the middle of the board
/// for a store the sowing passes through, in its owner's half for winnings beside the board.
fn store_centre(layout: &Layout, side: Side) -> (f64, f64) {
    let (w, _) = size(layout);
    let x = if layout.store_left(side) {
        END / 2.0
    } else {
        w - END / 2.0
    };
    let height = rows_height(layout);
    let y = match (layout.stores, side) {
        (Stores::Ends { .. }, _) => rows_top() + height / 2.0,
        (Stores::Beside, Side::A) => rows_top() + height / 4.0,
        (Stores::Beside, Side::B) => rows_top() + 3.0 * height / 4.0,
    };
    (x, y)
}

fn place_centre(layout: &Layout, place: Place) -> Option<(f64, f64)> {
    match place {
        Place::Store(side) => Some(store_centre(layout, side)),
        Place::Hole(hole) => layout
            .spots()
            .iter()
            .find(|s| s.hole == hole)
            .map(|s| centre(layout, s)),
    }
}

fn draw(out: &mut String, board: &Board) {
    let layout = &board.layout;
    let (w, h) = size(layout);
    let height = rows_height(layout);
    let _ = writeln!(
        out,
        "<text class=\"caption\" x=\"10\" y=\"22\">{}</text>",
        escape(&format!("{} {}", board.kind, board.caption))
    );
    // The frame holds the stores when the sowing passes through them; winnings lie beside it.
    let (frame_x, frame_w) = match layout.stores {
        Stores::Ends { .. } => (6.0, w - 12.0),
        Stores::Beside => (END - 6.0, w - 2.0 * END + 12.0),
    };
    let _ = writeln!(
        out,
        "<rect class=\"frame\" x=\"{frame_x}\" y=\"{}\" width=\"{frame_w}\" height=\"{}\" rx=\"22\"/>",
        rows_top() - 6.0,
        height + 12.0
    );
    if layout.lines() == 4 {
        let y = rows_top() + 2.0 * PITCH + MIDDLE / 2.0;
        let _ = writeln!(
            out,
            "<line class=\"middle\" x1=\"{}\" y1=\"{y}\" x2=\"{}\" y2=\"{y}\"/>",
            END + 4.0,
            w - END - 4.0
        );
    }
    for side in [Side::A, Side::B] {
        draw_store(out, board, side);
    }
    for spot in layout.spots() {
        draw_hole(out, board, &spot);
    }
    draw_laps(out, layout, &board.marks);
    let _ = writeln!(
        out,
        "<text class=\"status\" x=\"10\" y=\"{}\">{}</text>",
        h - 10.0,
        escape(&board.status())
    );
}

fn classes(kind: &str, marks: &[&str]) -> String {
    let mut text = kind.to_string();
    for mark in marks {
        text.push(' ');
        text.push_str(mark);
    }
    text
}

/// One ring a mark wide per mark, around a pit of radius `r`.
fn rings(out: &mut String, marks: &[&str], (x, y): (f64, f64), r: f64) {
    for (i, mark) in marks.iter().filter(|m| **m != "sown").enumerate() {
        let _ = writeln!(
            out,
            "<circle class=\"ring ring-{mark}\" cx=\"{x}\" cy=\"{y}\" r=\"{}\"/>",
            r + 4.0 + 5.0 * i as f64
        );
    }
}

fn draw_hole(out: &mut String, board: &Board, spot: &Spot) {
    let layout = &board.layout;
    let place = Place::Hole(spot.hole);
    let marks = board.marks.of(place);
    let Some(state) = hole_state(&board.position, spot.hole) else {
        return;
    };
    let mut class = classes("hole", &marks);
    if state.out_of_play {
        class.push_str(" out-of-play");
    }
    if let Some(owner) = state.owner {
        let _ = write!(class, " owned owned-by-{}", side_word(owner));
    }
    let (x, y) = centre(layout, spot);
    let _ = writeln!(out, "<g class=\"{class}\" data-hole=\"{}\">", spot.hole);
    let _ = writeln!(
        out,
        "<circle class=\"pit\" cx=\"{x}\" cy=\"{y}\" r=\"{RADIUS}\"/>"
    );
    rings(out, &marks, (x, y), RADIUS);
    if state.out_of_play {
        let d = RADIUS * 0.55;
        let _ = writeln!(
            out,
            "<path class=\"cross\" d=\"M{},{} L{},{} M{},{} L{},{}\"/>",
            x - d,
            y - d,
            x + d,
            y + d,
            x - d,
            y + d,
            x + d,
            y - d
        );
    } else {
        pile(out, state.pile, (x, y), "count");
    }
    if let Some(owner) = state.owner {
        // A badge in the owner's colour at the pit's upper right: `@B`.
        let (bx, by) = (x + RADIUS * 0.72, y - RADIUS * 0.72);
        let _ = writeln!(
            out,
            "<rect class=\"owner owner-{}\" x=\"{}\" y=\"{}\" width=\"18\" height=\"14\" rx=\"4\"/><text class=\"owner-letter\" x=\"{bx}\" y=\"{}\">@{owner}</text>",
            side_word(owner),
            bx - 9.0,
            by - 7.0,
            by + 4.0
        );
    }
    if let Some(n) = board.marks.sown.get(&place) {
        let _ = writeln!(
            out,
            "<text class=\"sown-count\" x=\"{}\" y=\"{}\">+{n}</text>",
            x - RADIUS * 0.85,
            y - RADIUS * 0.75
        );
    }
    let name_y = if spot.name_above {
        y - RADIUS - 8.0
    } else {
        y + RADIUS + 17.0
    };
    let _ = writeln!(
        out,
        "<text class=\"name\" x=\"{x}\" y=\"{name_y}\">{}</text>",
        spot.hole
    );
    out.push_str("</g>\n");
}

/// A pile's count, with its muzi as small stones of their owner's colour below it.
fn pile(out: &mut String, pile: Pile, (x, y): (f64, f64), class: &str) {
    let muzi: Vec<Side> = [Side::A, Side::B]
        .into_iter()
        .filter(|m| pile.muzi.has(*m))
        .collect();
    let count_y = if muzi.is_empty() { y + 6.0 } else { y + 1.0 };
    if pile.seeds > 0 || muzi.is_empty() {
        let _ = writeln!(
            out,
            "<text class=\"{class}\" x=\"{x}\" y=\"{count_y}\">{}</text>",
            pile.seeds
        );
    }
    let first = x - 6.0 * (muzi.len() as f64 - 1.0);
    for (i, m) in muzi.iter().enumerate() {
        let mx = first + 12.0 * i as f64;
        let my = if pile.seeds > 0 { y + 13.0 } else { y };
        let _ = writeln!(
            out,
            "<circle class=\"muzi muzi-{}\" cx=\"{mx}\" cy=\"{my}\" r=\"7\"/><text class=\"muzi-letter\" x=\"{mx}\" y=\"{}\">{m}</text>",
            side_word(*m),
            my + 3.5
        );
    }
}

fn draw_store(out: &mut String, board: &Board, side: Side) {
    let layout = &board.layout;
    let place = Place::Store(side);
    let marks = board.marks.of(place);
    let pile_here = board.position.stores[side.index()];
    let (x, y) = store_centre(layout, side);
    let word = board.store_word();
    let _ = writeln!(
        out,
        "<g class=\"{}\" data-store=\"{side}\">",
        classes(
            match layout.stores {
                Stores::Ends { .. } => "store",
                Stores::Beside => "store winnings",
            },
            &marks
        )
    );
    let (w, h, class) = match layout.stores {
        Stores::Ends { .. } => (52.0, rows_height(layout) - 12.0, "pit"),
        Stores::Beside => (56.0, 48.0, "tray"),
    };
    let _ = writeln!(
        out,
        "<rect class=\"{class}\" x=\"{}\" y=\"{}\" width=\"{w}\" height=\"{h}\" rx=\"24\"/>",
        x - w / 2.0,
        y - h / 2.0
    );
    for (i, mark) in marks.iter().filter(|m| **m != "sown").enumerate() {
        let grow = 4.0 + 5.0 * i as f64;
        let _ = writeln!(
            out,
            "<rect class=\"ring ring-{mark}\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" rx=\"{}\"/>",
            x - w / 2.0 - grow,
            y - h / 2.0 - grow,
            w + 2.0 * grow,
            h + 2.0 * grow,
            24.0 + grow
        );
    }
    let count_class = match layout.stores {
        Stores::Ends { .. } => "count",
        Stores::Beside => "tray-count",
    };
    pile(out, pile_here, (x, y), count_class);
    if let Some(n) = board.marks.sown.get(&place) {
        let _ = writeln!(
            out,
            "<text class=\"sown-count\" x=\"{x}\" y=\"{}\">+{n}</text>",
            y - 20.0
        );
    }
    // The owner's name, and the side to move: on the store's outer side, toward its row.
    let label_y = match side {
        Side::A => y - h / 2.0 - 8.0,
        Side::B => y + h / 2.0 + 16.0,
    };
    let to_move = if board.position.to_move == side {
        " \u{25B6}"
    } else {
        ""
    };
    let _ = writeln!(
        out,
        "<text class=\"label\" x=\"{x}\" y=\"{label_y}\">{side}'s {word}{to_move}</text>"
    );
    out.push_str("</g>\n");
}

/// Each lap as arrows from place to place, drawn between the pits.
fn draw_laps(out: &mut String, layout: &Layout, marks: &Marks) {
    for (i, lap) in marks.laps.iter().enumerate() {
        let _ = writeln!(out, "<g class=\"lap\" data-lap=\"{}\">", i + 1);
        for pair in lap.windows(2) {
            let (Some(from), Some(to)) =
                (place_centre(layout, pair[0]), place_centre(layout, pair[1]))
            else {
                continue;
            };
            let (dx, dy) = (to.0 - from.0, to.1 - from.1);
            let length = (dx * dx + dy * dy).sqrt();
            // Between the pits' edges; too short a segment (neighbours' rims) is left out.
            let trim = RADIUS + 2.0;
            if length <= 2.0 * trim + 4.0 {
                continue;
            }
            let (ux, uy) = (dx / length, dy / length);
            let _ = writeln!(
                out,
                "<line x1=\"{:.1}\" y1=\"{:.1}\" x2=\"{:.1}\" y2=\"{:.1}\" marker-end=\"url(#arrow)\"/>",
                from.0 + ux * trim,
                from.1 + uy * trim,
                to.0 - ux * trim,
                to.1 - uy * trim
            );
        }
        out.push_str("</g>\n");
    }
}

fn side_word(side: Side) -> &'static str {
    match side {
        Side::A => "a",
        Side::B => "b",
    }
}

/// Text made safe for SVG's text and attributes.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            // XML 1.0 allows no other control character, even escaped.
            c if c.is_control() && c != '\n' && c != '\t' => out.push('\u{FFFD}'),
            c => out.push(c),
        }
    }
    out
}
