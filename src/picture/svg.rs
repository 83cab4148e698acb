//! A [`Board`] as an SVG image (the picture module says its shape).
//!
//! Every word on the image stays clear of the rings and of the frame: hole names and the
//! stores' words stand outside the frame (Nchuwa's inner names in the gap by the middle line),
//! a hole's `+N` sits inside its pit above the count, and the rings go around the pit, never
//! wider than [`RING_ROOM`] beyond it, which the spacing leaves free. Under the board a legend
//! names each mark the image draws, and only those.

use super::{hole_state, Board, Layout, Place, Spot};
use crate::notation::{write_hole, write_pile, Pile, Position, Side};
use crate::rules::Stores;
use std::fmt::Write;

/// Distance between hole centres.
const PITCH: f64 = 80.0;
const RADIUS: f64 = 28.0;
/// How far the rings reach beyond a pit or store: three rings and half a stroke.
const RING_ROOM: f64 = 14.0;
const RING_GAP: f64 = 3.0;
const RING_STEP: f64 = 4.5;
/// Rings drawn around one place at most; a fourth mark still names the place by class.
const MOST_RINGS: usize = 3;
/// Width of the column at each end: a store inside the frame, or winnings beside it with
/// their words (`A's winnings ▶`) clear of the frame.
fn end(layout: &Layout) -> f64 {
    match layout.stores {
        Stores::Ends { .. } => 112.0,
        Stores::Beside => 150.0,
    }
}
/// The caption's line, and the players' line under it when the record names them.
const CAPTION: f64 = 30.0;
const PLAYERS: f64 = 20.0;
/// Room for hole names along an edge, outside the frame.
const NAMES: f64 = 22.0;
/// Room inside the frame around the holes.
const PAD: f64 = 14.0;
/// Gap between the two players' halves of a four-row board: inner names on each side of the
/// middle line.
const MIDDLE: f64 = 48.0;
/// The status line, and each line of the legend.
const STATUS: f64 = 24.0;
const LEGEND_LINE: f64 = 20.0;
/// Room between two boards side by side.
const APART: f64 = 24.0;
/// A generous width of one character of the 12-pixel type (DejaVu Sans averages 0.6 em, its
/// widest letters 0.66 em), so that a line laid out by it never runs over.
const CHAR: f64 = 8.0;

/// The colours of a picture.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Theme {
    /// Dark words and a wooden board on white.
    #[default]
    Light,
    /// Light words and a darker board on near-black, for pages in a dark mode.
    Dark,
}

/// How a board is drawn as an SVG image, beyond the [`Board`] itself.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SvgOptions {
    /// Each lap of the last step in its own colour, numbered where it starts, and the legend
    /// lists the laps (where each started and ended, how many pieces it sowed) and the captures.
    pub laps: bool,
    /// The board turned half round: A's row at the bottom, seen from A's side.
    pub flip: bool,
    /// The image's width in pixels, its height in proportion; its natural size when `None`.
    pub width: Option<u32>,
    /// The colours.
    pub theme: Theme,
    /// The players' names (`PlayerA`, `PlayerB`), written under the caption when given.
    pub players: [Option<String>; 2],
}

struct Palette {
    page: &'static str,
    ink: &'static str,
    soft_ink: &'static str,
    frame: &'static str,
    frame_edge: &'static str,
    pit: &'static str,
    pit_edge: &'static str,
    sown_pit: &'static str,
    tray: &'static str,
    side_a: &'static str,
    side_b: &'static str,
    started: &'static str,
    captured: &'static str,
    placed: &'static str,
    differs: &'static str,
    path: &'static str,
    sown_count: &'static str,
}

const LIGHT: Palette = Palette {
    page: "#ffffff",
    ink: "#222222",
    soft_ink: "#3a2510",
    frame: "#d9b382",
    frame_edge: "#8a5a2b",
    pit: "#74461f",
    pit_edge: "#4d2c0f",
    sown_pit: "#a86c22",
    tray: "#efe2cf",
    side_a: "#a3321c",
    side_b: "#1f4e8c",
    started: "#1b8a2f",
    captured: "#d11f1f",
    placed: "#7b2ea0",
    differs: "#e0157a",
    path: "#f2a900",
    sown_count: "#ffe9a8",
};

const DARK: Palette = Palette {
    page: "#16181c",
    ink: "#e8e8e8",
    soft_ink: "#d8c8b0",
    frame: "#4a3420",
    frame_edge: "#b08050",
    pit: "#24160a",
    pit_edge: "#0c0703",
    sown_pit: "#6e4514",
    tray: "#2e2a24",
    side_a: "#ff7a5c",
    side_b: "#6fa8ff",
    started: "#3ddc5a",
    captured: "#ff4d4d",
    placed: "#c77dff",
    differs: "#ff4fb0",
    path: "#ffc629",
    sown_count: "#ffe9a8",
};

/// Each lap's colour under `--laps`, in turn; told apart from the rings' colours.
const LAP_COLOURS: [&str; 6] = [
    "#f2a900", "#0aa2c0", "#e8590c", "#6741d9", "#2b8a3e", "#c2255c",
];

fn style(p: &Palette) -> String {
    let font = "'DejaVu Sans',Verdana,sans-serif";
    format!(
        "
.caption{{font:bold 16px {font};fill:{ink}}}
.players{{font:13px {font};fill:{ink}}}
.player-a{{fill:{a}}}
.player-b{{fill:{b}}}
.status{{font:14px {font};fill:{ink}}}
.legend{{font:12px {font};fill:{ink}}}
.frame{{fill:{frame};stroke:{edge};stroke-width:3}}
.middle{{stroke:{edge};stroke-width:2}}
.pit{{fill:{pit};stroke:{pit_edge};stroke-width:2}}
.sown .pit{{fill:{sown_pit}}}
.owned-by-a .pit{{stroke:{a};stroke-width:3}}
.owned-by-b .pit{{stroke:{b};stroke-width:3}}
.out-of-play .pit{{fill:{tray};stroke:{edge}}}
.cross{{stroke:{pit_edge};stroke-width:3}}
.count{{font:bold 18px {font};fill:#fff;text-anchor:middle}}
.name{{font:12px {font};fill:{soft};text-anchor:middle}}
.label{{font:12px {font};fill:{soft};text-anchor:middle}}
.tray{{fill:{tray};stroke:{edge};stroke-width:2;stroke-dasharray:5 3}}
.tray-count{{font:bold 18px {font};fill:{soft};text-anchor:middle}}
.muzi{{stroke:#fff;stroke-width:1.5}}
.muzi-a,.owner-a{{fill:{a}}}
.muzi-b,.owner-b{{fill:{b}}}
.muzi-letter,.owner-letter{{font:bold 10px {font};fill:#fff;text-anchor:middle}}
.ring{{fill:none;stroke-width:3.5}}
.ring-started{{stroke:{started}}}
.ring-captured{{stroke:{captured};stroke-dasharray:7 4}}
.ring-placed{{stroke:{placed}}}
.ring-differs{{stroke:{differs}}}
.sown-count{{font:bold 11px {font};fill:{sown_count};text-anchor:middle}}
.tray .sown-count,.sown-count.on-tray{{fill:{soft}}}
.lap line{{stroke:{path};stroke-width:3;stroke-opacity:.9}}
.arrow{{fill:{path}}}
.lap-number{{font:bold 11px {font};fill:#fff;text-anchor:middle}}
",
        ink = p.ink,
        soft = p.soft_ink,
        a = p.side_a,
        b = p.side_b,
        frame = p.frame,
        edge = p.frame_edge,
        pit = p.pit,
        pit_edge = p.pit_edge,
        sown_pit = p.sown_pit,
        tray = p.tray,
        started = p.started,
        captured = p.captured,
        placed = p.placed,
        differs = p.differs,
        path = p.path,
        sown_count = p.sown_count,
    )
}

/// The SVG image of one board, drawn the default way.
pub fn board_svg(board: &Board) -> String {
    boards_svg_with(&[board], &SvgOptions::default())
}

/// The SVG image of one board, drawn as `options` say.
pub fn board_svg_with(board: &Board, options: &SvgOptions) -> String {
    boards_svg_with(&[board], options)
}

/// The SVG image of boards side by side (a false checkpoint: the claimed position beside the
/// replayed one), drawn the default way.
pub fn boards_svg(boards: &[&Board]) -> String {
    boards_svg_with(boards, &SvgOptions::default())
}

/// The SVG image of boards side by side, drawn as `options` say.
pub fn boards_svg_with(boards: &[&Board], options: &SvgOptions) -> String {
    let palette = match options.theme {
        Theme::Light => &LIGHT,
        Theme::Dark => &DARK,
    };
    let mut body = String::new();
    let mut width = 0.0;
    let mut height: f64 = 0.0;
    for (i, board) in boards.iter().enumerate() {
        if i > 0 {
            width += APART;
        }
        // Two boards compared: each legend says what the other board has where they differ.
        let other = match boards {
            [one, two] => Some(if i == 0 { *two } else { *one }),
            _ => None,
        };
        let picture = Picture::new(board, other, options);
        let _ = writeln!(
            body,
            "<g class=\"board\" transform=\"translate({width},0)\">"
        );
        picture.draw(&mut body, palette);
        body.push_str("</g>\n");
        width += picture.width;
        height = height.max(picture.height);
    }
    let players = players_words(options);
    let title = boards
        .iter()
        .map(|b| format!("{} {}", b.kind, b.caption))
        .chain(players)
        .collect::<Vec<_>>()
        .join(" | ");
    // --size scales the whole drawing: the view box keeps the natural size.
    let (shown_width, shown_height) = match options.width {
        Some(w) => (f64::from(w), (height * f64::from(w) / width).round()),
        None => (width, height),
    };
    let mut out = String::with_capacity(body.len() + 4096);
    let theme = match options.theme {
        Theme::Light => "light",
        Theme::Dark => "dark",
    };
    let _ = writeln!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"theme-{theme}\" width=\"{shown_width}\" height=\"{shown_height}\" viewBox=\"0 0 {width} {height}\">"
    );
    let _ = writeln!(out, "<title>{}</title>", escape(&title));
    let _ = writeln!(out, "<style>{}</style>", style(palette));
    out.push_str("<defs>");
    let colours = if options.laps {
        &LAP_COLOURS[..]
    } else {
        &[palette.path][..]
    };
    for (i, colour) in colours.iter().enumerate() {
        let _ = write!(
            out,
            "<marker id=\"arrow-{i}\" viewBox=\"0 0 10 10\" refX=\"8\" refY=\"5\" markerWidth=\"5\" markerHeight=\"5\" orient=\"auto\"><path d=\"M0,0 L10,5 L0,10 z\" fill=\"{colour}\"/></marker>"
        );
    }
    out.push_str("</defs>\n");
    let _ = writeln!(
        out,
        "<rect class=\"page\" width=\"{width}\" height=\"{height}\" fill=\"{}\"/>",
        palette.page
    );
    out.push_str(&body);
    out.push_str("</svg>\n");
    out
}

/// `A: Ali`, `B: Budi`: the players the record names.
fn players_words(options: &SvgOptions) -> Option<String> {
    let words: Vec<String> = [Side::A, Side::B]
        .into_iter()
        .filter_map(|side| {
            let name = options.players[side.index()].as_deref()?;
            Some(format!("{side}: {name}"))
        })
        .collect();
    (!words.is_empty()).then(|| words.join("   "))
}

/// One entry of the legend: a sample of the mark and what it means.
struct Entry {
    sample: Sample,
    words: String,
}

enum Sample {
    Ring(&'static str),
    Sown,
    Path(usize),
    ToMove,
    Owned,
    Muzi,
    Captured,
}

const SAMPLE_WIDTH: f64 = 30.0;
/// A lap number's disc.
const BADGE: f64 = 8.5;
const ENTRY_GAP: f64 = 18.0;

impl Entry {
    fn width(&self) -> f64 {
        SAMPLE_WIDTH + self.words.chars().count() as f64 * CHAR
    }
}

/// A board with its size and the places of its parts.
struct Picture<'b> {
    board: &'b Board,
    options: &'b SvgOptions,
    players: Option<String>,
    legend: Vec<Vec<Entry>>,
    width: f64,
    height: f64,
}

impl<'b> Picture<'b> {
    fn new(board: &'b Board, other: Option<&Board>, options: &'b SvgOptions) -> Picture<'b> {
        let layout = &board.layout;
        let players = players_words(options);
        let entries = legend_entries(board, other, options);
        let board_width = 2.0 * end(layout) + layout.columns() as f64 * PITCH;
        let words = [
            // Generous widths of a glyph of each line's type (0.72 em bold, 0.66 em plain).
            (format!("{} {}", board.kind, board.caption), 11.6),
            (players.clone().unwrap_or_default(), 8.6),
            (board.status(), 9.3),
        ]
        .iter()
        .map(|(w, per_char)| w.chars().count() as f64 * per_char + 20.0)
        .fold(board_width, f64::max);
        // The widest entry sets the least width; the others wrap within it.
        // Whole pixels, so that a browser's window can be the picture's size.
        let width = entries
            .iter()
            .map(|e| e.width() + 20.0)
            .fold(words, f64::max)
            .ceil();
        let legend = wrap(entries, width - 20.0);
        let mut picture = Picture {
            board,
            options,
            players,
            legend,
            width,
            height: 0.0,
        };
        picture.height = picture.legend_top() + picture.legend.len() as f64 * LEGEND_LINE + 6.0;
        picture
    }

    fn layout(&self) -> &Layout {
        &self.board.layout
    }

    fn head(&self) -> f64 {
        CAPTION + if self.players.is_some() { PLAYERS } else { 0.0 }
    }

    /// The board's own width: its columns and the stores' ends.
    fn board_width(&self) -> f64 {
        2.0 * end(self.layout()) + self.layout().columns() as f64 * PITCH
    }

    /// How far the board is moved right to stand in the middle of a wider picture.
    fn left(&self) -> f64 {
        ((self.width - self.board_width()) / 2.0).floor()
    }

    fn frame_top(&self) -> f64 {
        self.head() + NAMES
    }

    fn rows_top(&self) -> f64 {
        self.frame_top() + PAD
    }

    fn rows_height(&self) -> f64 {
        let middle = if self.layout().lines() == 4 {
            MIDDLE
        } else {
            0.0
        };
        self.layout().lines() as f64 * PITCH + middle
    }

    fn frame_bottom(&self) -> f64 {
        self.rows_top() + self.rows_height() + PAD
    }

    fn status_y(&self) -> f64 {
        self.frame_bottom() + NAMES + STATUS - 6.0
    }

    fn legend_top(&self) -> f64 {
        self.frame_bottom() + NAMES + STATUS + 4.0
    }

    /// The line and column a spot is drawn at: turned half round under `--flip`.
    fn shown_at(&self, spot: &Spot) -> (usize, usize) {
        let layout = self.layout();
        if self.options.flip {
            (
                layout.lines() - 1 - spot.line,
                layout.columns() - 1 - spot.column,
            )
        } else {
            (spot.line, spot.column)
        }
    }

    fn centre(&self, spot: &Spot) -> (f64, f64) {
        let (line, column) = self.shown_at(spot);
        let x = self.left() + end(self.layout()) + (column as f64 + 0.5) * PITCH;
        let middle = if self.layout().lines() == 4 && line >= 2 {
            MIDDLE
        } else {
            0.0
        };
        let y = self.rows_top() + (line as f64 + 0.5) * PITCH + middle;
        (x, y)
    }

    /// Whether `side`'s store stands at the left, and whether in the top half.
    fn store_left(&self, side: Side) -> bool {
        self.layout().store_left(side) != self.options.flip
    }

    fn top_side(&self) -> Side {
        if self.options.flip {
            Side::B
        } else {
            Side::A
        }
    }

    /// The centre of a store or of winnings: in the column at its end, in the middle of the
    /// board for a store the sowing passes through, in its owner's half for winnings.
    fn store_centre(&self, side: Side) -> (f64, f64) {
        let x = if self.store_left(side) {
            self.left() + end(self.layout()) / 2.0
        } else {
            self.left() + self.board_width() - end(self.layout()) / 2.0
        };
        let height = self.rows_height();
        let y = match self.layout().stores {
            Stores::Ends { .. } => self.rows_top() + height / 2.0,
            Stores::Beside if side == self.top_side() => self.rows_top() + height / 4.0,
            Stores::Beside => self.rows_top() + 3.0 * height / 4.0,
        };
        (x, y)
    }

    /// The size of a store's pit or tray.
    fn store_size(&self) -> (f64, f64) {
        match self.layout().stores {
            Stores::Ends { .. } => (56.0, self.rows_height() - 2.0 * RING_ROOM - 4.0),
            Stores::Beside => (60.0, 50.0),
        }
    }

    fn place_centre(&self, place: Place) -> Option<(f64, f64)> {
        match place {
            Place::Store(side) => Some(self.store_centre(side)),
            Place::Hole(hole) => self
                .layout()
                .spots()
                .iter()
                .find(|s| s.hole == hole)
                .map(|s| self.centre(s)),
        }
    }

    fn draw(&self, out: &mut String, palette: &Palette) {
        let board = self.board;
        let layout = self.layout();
        let _ = writeln!(
            out,
            "<text class=\"caption\" x=\"10\" y=\"22\">{}</text>",
            escape(&format!("{} {}", board.kind, board.caption))
        );
        if self.players.is_some() {
            let _ = write!(
                out,
                "<text class=\"players\" x=\"10\" y=\"{}\">",
                CAPTION + 14.0
            );
            let mut first = true;
            for side in [Side::A, Side::B] {
                if let Some(name) = &self.options.players[side.index()] {
                    // SVG folds runs of spaces: the gap between the names is a shift.
                    let gap = if first { "" } else { " dx=\"18\"" };
                    first = false;
                    let _ = write!(
                        out,
                        "<tspan class=\"player-{}\"{gap}>{side}: {}</tspan>",
                        side_word(side),
                        escape(name)
                    );
                }
            }
            out.push_str("</text>\n");
        }
        // The frame holds the stores when the sowing passes through them; winnings lie beside.
        let (frame_x, frame_w) = match layout.stores {
            Stores::Ends { .. } => (self.left() + 6.0, self.board_width() - 12.0),
            Stores::Beside => (
                self.left() + end(self.layout()) - PAD,
                self.board_width() - 2.0 * end(self.layout()) + 2.0 * PAD,
            ),
        };
        let _ = writeln!(
            out,
            "<rect class=\"frame\" x=\"{frame_x}\" y=\"{}\" width=\"{frame_w}\" height=\"{}\" rx=\"22\"/>",
            self.frame_top(),
            self.frame_bottom() - self.frame_top()
        );
        if layout.lines() == 4 {
            let y = self.rows_top() + 2.0 * PITCH + MIDDLE / 2.0;
            let _ = writeln!(
                out,
                "<line class=\"middle\" x1=\"{}\" y1=\"{y}\" x2=\"{}\" y2=\"{y}\"/>",
                self.left() + end(self.layout()) + 4.0,
                self.left() + self.board_width() - end(self.layout()) - 4.0
            );
        }
        for side in [Side::A, Side::B] {
            self.draw_store(out, side);
        }
        for spot in layout.spots() {
            self.draw_hole(out, &spot);
        }
        self.draw_laps(out, palette);
        let _ = writeln!(
            out,
            "<text class=\"status\" x=\"10\" y=\"{}\">{}</text>",
            self.status_y(),
            escape(&board.status())
        );
        self.draw_legend(out, palette);
    }

    fn draw_hole(&self, out: &mut String, spot: &Spot) {
        let board = self.board;
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
        let (x, y) = self.centre(spot);
        let _ = writeln!(out, "<g class=\"{class}\" data-hole=\"{}\">", spot.hole);
        let _ = writeln!(
            out,
            "<circle class=\"pit\" cx=\"{x}\" cy=\"{y}\" r=\"{RADIUS}\"/>"
        );
        rings(out, &marks, (x, y), RADIUS);
        if state.out_of_play {
            let d = RADIUS * 0.5;
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
        if let Some(n) = board.marks.sown.get(&place) {
            // Inside the pit above the count, where no ring reaches.
            let _ = writeln!(
                out,
                "<text class=\"sown-count\" x=\"{x}\" y=\"{}\">+{n}</text>",
                y - 11.0
            );
        }
        // The name on the edge (or by the middle line), outside the frame and the rings; an
        // owned hole's owner beside it.
        let (line, _) = self.shown_at(spot);
        let name_above = line % 2 == 0;
        let name_y = if name_above {
            y - PITCH / 2.0 - PAD - 7.0
        } else {
            y + PITCH / 2.0 + PAD + 16.0
        };
        let name_y = if self.layout().lines() == 4 && (line == 1 || line == 2) {
            // Nchuwa's inner rows: in the gap by the middle line, clear of the rings.
            if name_above {
                y - PITCH / 2.0 - 6.0
            } else {
                y + PITCH / 2.0 + 15.0
            }
        } else {
            name_y
        };
        let _ = writeln!(
            out,
            "<text class=\"name\" x=\"{x}\" y=\"{name_y}\">{}</text>",
            spot.hole
        );
        if let Some(owner) = state.owner {
            let bx = x + 22.0;
            let _ = writeln!(
                out,
                "<rect class=\"owner owner-{}\" x=\"{bx}\" y=\"{}\" width=\"20\" height=\"14\" rx=\"4\"/><text class=\"owner-letter\" x=\"{}\" y=\"{}\">@{owner}</text>",
                side_word(owner),
                name_y - 11.0,
                bx + 10.0,
                name_y - 1.0
            );
        }
        out.push_str("</g>\n");
    }

    fn draw_store(&self, out: &mut String, side: Side) {
        let board = self.board;
        let layout = self.layout();
        let place = Place::Store(side);
        let marks = board.marks.of(place);
        let pile_here = board.position.stores[side.index()];
        let (x, y) = self.store_centre(side);
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
        let (w, h) = self.store_size();
        let class = match layout.stores {
            Stores::Ends { .. } => "pit",
            Stores::Beside => "tray",
        };
        let _ = writeln!(
            out,
            "<rect class=\"{class}\" x=\"{}\" y=\"{}\" width=\"{w}\" height=\"{h}\" rx=\"24\"/>",
            x - w / 2.0,
            y - h / 2.0
        );
        for (i, mark) in ringed(&marks).enumerate() {
            let grow = RING_GAP + RING_STEP * i as f64;
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
            let on_tray = match layout.stores {
                Stores::Ends { .. } => "",
                Stores::Beside => " on-tray",
            };
            let _ = writeln!(
                out,
                "<text class=\"sown-count{on_tray}\" x=\"{x}\" y=\"{}\">+{n}</text>",
                y - 13.0
            );
        }
        // The owner's word, and the side to move, outside the frame (and the rings): a store
        // at the top or bottom edge by its row, winnings above or below the tray.
        let top = match layout.stores {
            Stores::Ends { .. } => side == self.top_side(),
            Stores::Beside => side == self.top_side(),
        };
        let label_y = match (layout.stores, top) {
            (Stores::Ends { .. }, true) => self.frame_top() - 7.0,
            (Stores::Ends { .. }, false) => self.frame_bottom() + 16.0,
            (Stores::Beside, true) => y - h / 2.0 - RING_ROOM - 6.0,
            (Stores::Beside, false) => y + h / 2.0 + RING_ROOM + 15.0,
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

    /// Each lap as arrows from place to place, drawn between the pits; under `--laps` each in
    /// its colour, moved a little aside from the others, numbered at its first arrow.
    fn draw_laps(&self, out: &mut String, palette: &Palette) {
        let laps = self.options.laps;
        let mut badges: Vec<(f64, f64)> = Vec::new();
        // The numbers go on top of every lap's arrows, so that a later lap never hides one.
        let mut numbers = String::new();
        for (i, lap) in self.board.marks.laps.iter().enumerate() {
            let (colour, marker) = if laps {
                (LAP_COLOURS[i % LAP_COLOURS.len()], i % LAP_COLOURS.len())
            } else {
                (palette.path, 0)
            };
            let style = if laps {
                format!(" style=\"stroke:{colour}\"")
            } else {
                String::new()
            };
            // Laps over the same holes stay apart: each keeps to its own lane.
            let lane = if laps {
                ((i % 4) as f64 - 1.5) * 5.0
            } else {
                0.0
            };
            let _ = writeln!(out, "<g class=\"lap\" data-lap=\"{}\">", i + 1);
            let mut segments = Vec::new();
            for pair in lap.windows(2) {
                let (Some(from), Some(to)) =
                    (self.place_centre(pair[0]), self.place_centre(pair[1]))
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
                let (ox, oy) = (-uy * lane, ux * lane);
                let (x1, y1) = (from.0 + ux * trim + ox, from.1 + uy * trim + oy);
                let (x2, y2) = (to.0 - ux * trim + ox, to.1 - uy * trim + oy);
                let _ = writeln!(
                    out,
                    "<line x1=\"{x1:.1}\" y1=\"{y1:.1}\" x2=\"{x2:.1}\" y2=\"{y2:.1}\"{style} marker-end=\"url(#arrow-{marker})\"/>"
                );
                segments.push(((x1 + x2) / 2.0, (y1 + y2) / 2.0, -uy, ux));
            }
            if laps {
                // The number on the lap's first arrow that no other number covers.
                let free = |&(x, y): &(f64, f64)| {
                    badges
                        .iter()
                        .all(|(bx, by)| (bx - x).hypot(by - y) >= 2.0 * BADGE + 2.0)
                };
                // Failing that, beside an arrow, across it (between the pits there is room).
                let step = 2.0 * BADGE + 2.0;
                let spots = [0.0, 1.0, -1.0, 2.0, -2.0].into_iter().flat_map(|k| {
                    segments
                        .iter()
                        .map(move |&(x, y, px, py)| (x + k * step * px, y + k * step * py))
                });
                let first = segments.first().map(|&(x, y, _, _)| (x, y));
                if let Some((nx, ny)) = spots.into_iter().find(|s| free(s)).or(first) {
                    badges.push((nx, ny));
                    let _ = writeln!(
                        numbers,
                        "<g class=\"lap-number\" data-lap=\"{}\"><circle cx=\"{nx:.1}\" cy=\"{ny:.1}\" r=\"{BADGE}\" fill=\"{colour}\" stroke=\"{}\" stroke-width=\"1.5\"/><text class=\"lap-number\" x=\"{nx:.1}\" y=\"{:.1}\">{}</text></g>",
                        i + 1,
                        palette.page,
                        ny + 4.0,
                        i + 1
                    );
                }
            }
            out.push_str("</g>\n");
        }
        out.push_str(&numbers);
    }

    fn draw_legend(&self, out: &mut String, palette: &Palette) {
        if self.legend.is_empty() {
            return;
        }
        out.push_str("<g class=\"legend\">\n");
        for (line_number, line) in self.legend.iter().enumerate() {
            let y = self.legend_top() + line_number as f64 * LEGEND_LINE + 10.0;
            let mut x = 10.0;
            for entry in line {
                self.draw_sample(out, &entry.sample, (x + 10.0, y), palette);
                let _ = writeln!(
                    out,
                    "<text class=\"legend\" x=\"{}\" y=\"{}\">{}</text>",
                    x + SAMPLE_WIDTH,
                    y + 4.0,
                    escape(&entry.words)
                );
                x += entry.width() + ENTRY_GAP;
            }
        }
        out.push_str("</g>\n");
    }

    fn draw_sample(&self, out: &mut String, sample: &Sample, (x, y): (f64, f64), p: &Palette) {
        let _ = match sample {
            Sample::Ring(mark) => writeln!(
                out,
                "<circle class=\"pit sample\" cx=\"{x}\" cy=\"{y}\" r=\"4\"/><circle class=\"ring ring-{mark} sample\" cx=\"{x}\" cy=\"{y}\" r=\"7.5\" style=\"stroke-width:2.5\"/>"
            ),
            Sample::Captured => writeln!(
                out,
                "<circle class=\"ring ring-captured sample\" cx=\"{x}\" cy=\"{y}\" r=\"7.5\" style=\"stroke-width:2.5;stroke-dasharray:4 2\"/>"
            ),
            Sample::Sown => writeln!(
                out,
                "<rect class=\"pit sample\" x=\"{}\" y=\"{}\" width=\"24\" height=\"16\" rx=\"7\" style=\"fill:{}\"/><text class=\"sown-count\" x=\"{}\" y=\"{}\">+N</text>",
                x - 10.0,
                y - 8.0,
                p.sown_pit,
                x + 2.0,
                y + 4.0
            ),
            Sample::Path(i) => {
                let colour = if self.options.laps {
                    LAP_COLOURS[i % LAP_COLOURS.len()]
                } else {
                    p.path
                };
                let marker = if self.options.laps {
                    i % LAP_COLOURS.len()
                } else {
                    0
                };
                writeln!(
                    out,
                    "<line x1=\"{}\" y1=\"{y}\" x2=\"{}\" y2=\"{y}\" style=\"stroke:{colour};stroke-width:3\" marker-end=\"url(#arrow-{marker})\"/>",
                    x - 9.0,
                    x + 7.0
                )
            }
            Sample::ToMove => writeln!(
                out,
                "<text class=\"label\" x=\"{x}\" y=\"{}\">\u{25B6}</text>",
                y + 4.0
            ),
            Sample::Owned => writeln!(
                out,
                "<rect class=\"owner owner-b\" x=\"{}\" y=\"{}\" width=\"20\" height=\"14\" rx=\"4\"/><text class=\"owner-letter\" x=\"{x}\" y=\"{}\">@B</text>",
                x - 10.0,
                y - 7.0,
                y + 4.0
            ),
            Sample::Muzi => writeln!(
                out,
                "<circle class=\"muzi muzi-b\" cx=\"{x}\" cy=\"{y}\" r=\"7\"/><text class=\"muzi-letter\" x=\"{x}\" y=\"{}\">B</text>",
                y + 3.5
            ),
        };
    }
}

/// The legend's entries: one for each kind of mark the board draws, in the order a reader
/// meets them, and under `--laps` one for each lap and for the captures.
fn legend_entries(board: &Board, other: Option<&Board>, options: &SvgOptions) -> Vec<Entry> {
    let marks = &board.marks;
    let entry = |sample, words: &str| Entry {
        sample,
        words: words.to_string(),
    };
    let mut entries = Vec::new();
    if marks.started.is_some() {
        entries.push(entry(Sample::Ring("started"), "where the move started"));
    }
    if !marks.laps.is_empty() && !options.laps {
        let words = if marks.laps.len() == 1 {
            "the sowing's path".to_string()
        } else {
            format!(
                "the sowing's path, {} laps (--laps numbers them)",
                marks.laps.len()
            )
        };
        entries.push(Entry {
            sample: Sample::Path(0),
            words,
        });
    }
    if !marks.sown.is_empty() {
        entries.push(entry(Sample::Sown, "+N: pieces sown into the hole"));
    }
    // Under --laps the captures have their own entry, with the lap each followed.
    if !marks.captured.is_empty() && !options.laps {
        entries.push(entry(Sample::Captured, "captured"));
    }
    if !marks.placed.is_empty() {
        entries.push(entry(Sample::Ring("placed"), "filled without sowing"));
    }
    if !marks.differs.is_empty() {
        let words = match other {
            Some(other) => {
                let there = marks
                    .differs
                    .iter()
                    .map(|place| format!("{place} {}", contents(&other.position, *place)))
                    .collect::<Vec<_>>()
                    .join(", ");
                format!("differs from the other board, which has {there}")
            }
            None => "differs from the other board".to_string(),
        };
        entries.push(Entry {
            sample: Sample::Ring("differs"),
            words,
        });
    }
    let owned = board
        .position
        .holes
        .iter()
        .flatten()
        .any(|h| h.owner.is_some());
    if owned {
        entries.push(entry(Sample::Owned, "hole owned by B (A likewise)"));
    }
    let muzi = board
        .position
        .holes
        .iter()
        .flatten()
        .any(|h| !h.pile.muzi.is_empty())
        || board.position.stores.iter().any(|s| !s.muzi.is_empty());
    if muzi {
        entries.push(entry(Sample::Muzi, "B's muzi, worth 5 (A's likewise)"));
    }
    entries.push(entry(Sample::ToMove, "the side to move"));
    if options.laps {
        for (i, lap) in marks.laps.iter().enumerate() {
            let (Some(first), Some(last)) = (lap.first(), lap.last()) else {
                continue;
            };
            let number = i + 1;
            let transfer = marks.transfers.iter().find(|(lap, _)| *lap == number);
            let words = match transfer {
                Some((_, seeds)) => {
                    let plural = if *seeds == 1 { "" } else { "s" };
                    format!("lap {number}: {first} to {last}, {seeds} seed{plural} moved without sowing")
                }
                None => {
                    let pieces = lap.len() - 1;
                    let plural = if pieces == 1 { "" } else { "s" };
                    format!("lap {number}: {first} to {last}, {pieces} piece{plural}")
                }
            };
            entries.push(Entry {
                sample: Sample::Path(i),
                words,
            });
        }
        if !marks.captures.is_empty() {
            // The captures after one lap together: `captured after lap 8: B6, A2`.
            let mut groups: Vec<(usize, Vec<String>)> = Vec::new();
            for (place, lap) in &marks.captures {
                match groups.last_mut() {
                    Some((last, places)) if last == lap => places.push(place.to_string()),
                    _ => groups.push((*lap, vec![place.to_string()])),
                }
            }
            let words = groups
                .iter()
                .map(|(lap, places)| match lap {
                    0 => format!("captured: {}", places.join(", ")),
                    lap => format!("captured after lap {lap}: {}", places.join(", ")),
                })
                .collect::<Vec<_>>()
                .join("; ");
            entries.push(Entry {
                sample: Sample::Captured,
                words,
            });
        }
    }
    entries
}

/// What a place holds, as MGN writes it (`7`, `5mA`, `2@B`, `x`).
fn contents(position: &Position, place: Place) -> String {
    match place {
        Place::Hole(hole) => {
            hole_state(position, hole).map_or_else(|| "no hole".to_string(), write_hole)
        }
        Place::Store(side) => write_pile(&position.stores[side.index()]),
    }
}

/// Entries in lines no wider than `width`, each entry whole.
fn wrap(entries: Vec<Entry>, width: f64) -> Vec<Vec<Entry>> {
    let mut lines: Vec<Vec<Entry>> = Vec::new();
    let mut used = 0.0;
    for entry in entries {
        let w = entry.width();
        match lines.last_mut() {
            Some(line) if used + ENTRY_GAP + w <= width => {
                used += ENTRY_GAP + w;
                line.push(entry);
            }
            _ => {
                used = w;
                lines.push(vec![entry]);
            }
        }
    }
    lines
}

fn classes(kind: &str, marks: &[&str]) -> String {
    let mut text = kind.to_string();
    for mark in marks {
        text.push(' ');
        text.push_str(mark);
    }
    text
}

/// The marks drawn as rings: all but `sown`, which the `+N` shows, at most [`MOST_RINGS`].
fn ringed<'m>(marks: &'m [&'static str]) -> impl Iterator<Item = &'static str> + 'm {
    marks
        .iter()
        .copied()
        .filter(|m| *m != "sown")
        .take(MOST_RINGS)
}

/// One ring a mark wide per mark, around a pit of radius `r`.
fn rings(out: &mut String, marks: &[&'static str], (x, y): (f64, f64), r: f64) {
    for (i, mark) in ringed(marks).enumerate() {
        let _ = writeln!(
            out,
            "<circle class=\"ring ring-{mark}\" cx=\"{x}\" cy=\"{y}\" r=\"{}\"/>",
            r + RING_GAP + RING_STEP * i as f64
        );
    }
}

/// A pile's count, with its muzi as small stones of their owner's colour below it.
fn pile(out: &mut String, pile: Pile, (x, y): (f64, f64), class: &str) {
    let muzi: Vec<Side> = [Side::A, Side::B]
        .into_iter()
        .filter(|m| pile.muzi.has(*m))
        .collect();
    let count_y = if muzi.is_empty() { y + 7.0 } else { y + 5.0 };
    if pile.seeds > 0 || muzi.is_empty() {
        let _ = writeln!(
            out,
            "<text class=\"{class}\" x=\"{x}\" y=\"{count_y}\">{}</text>",
            pile.seeds
        );
    }
    let first = x - 7.0 * (muzi.len() as f64 - 1.0);
    for (i, m) in muzi.iter().enumerate() {
        let mx = first + 14.0 * i as f64;
        let my = if pile.seeds > 0 { y + 15.0 } else { y };
        let _ = writeln!(
            out,
            "<circle class=\"muzi muzi-{}\" cx=\"{mx}\" cy=\"{my}\" r=\"6.5\"/><text class=\"muzi-letter\" x=\"{mx}\" y=\"{}\">{m}</text>",
            side_word(*m),
            my + 3.5
        );
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
