//! Pictures of a position for people: an SVG image ([`board_svg`]) and a diagram for the
//! terminal ([`board_text`]), drawn by `mgn show`.
//!
//! Both draw the same [`Board`]: a position laid out on its game's board ([`Layout`]: two rows,
//! or Nchuwa's four, with the stores where the sowing passes through them or the winnings beside
//! the board), and [`Marks`] read from the events of the last step (where it started, the path
//! of each lap, what it captured) or from a comparison of two positions (the holes of a false
//! checkpoint). The layout is the one of docs/notation.md, "Holes": seen from B's side, A's row
//! on top with A1 at the right, B's row below with B1 at the left.
//!
//! # The SVG image
//!
//! Every hole is one `<g class="hole ...">` element named by `data-hole` (`B4`), holding its
//! pit, its count, its muzi and owner and its name; every store or winnings is one
//! `<g class="store ...">` (`data-store="A"`). A hole or store the last step marked carries the
//! mark's word among its classes (`started`, `sown`, `captured`, `placed`, `differs`, as
//! [`Marks::of`] names them) and a ring of the mark's colour; each lap of the step is a
//! `<g class="lap">` of arrows from place to place. The style sheet inside the image gives the
//! colours, so that a program can restyle an image by its classes.
//!
//! A `<g class="legend">` under the board names each mark the image draws, and only those. No
//! word touches a ring or the frame: hole names and the stores' words stand outside the frame,
//! a hole's `+N` inside its pit. [`SvgOptions`] ([`board_svg_with`], [`boards_svg_with`]) number
//! the laps (each in its colour, listed in the legend with the captures after each), turn the
//! board half round, set the image's width, name the players and choose a [`Theme`].
//!
//! # The terminal diagram
//!
//! Each hole is its contents as MGN writes them (`5`, `5mA`, `1@B`, `x`) followed by one
//! character per mark of the last step: `^` where it started, `'` a hole it sowed into, `*` a
//! hole it captured, `+` a hole filled without sowing, `!` a hole that differs from the other
//! position. A legend under the board says which marks it uses. Hole names stand on the edges
//! (Nchuwa's inner rows: by the middle), the stores or winnings at the ends of the middle line.

mod svg;
mod text;

pub use svg::{board_svg, board_svg_with, boards_svg, boards_svg_with, escape, SvgOptions, Theme};
pub use text::{board_text, board_text_in, boards_text, boards_text_in, Ink};

use crate::notation::{GameKind, Hole, HoleState, Pile, Position, Side};
use crate::rules::{Drawing, Event, Stores};
use std::collections::BTreeMap;

/// Where a piece can be: a hole of a row, or a player's store (Dakon) or winnings.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Place {
    /// A hole.
    Hole(Hole),
    /// A player's store (Dakon) or winnings.
    Store(Side),
}

impl std::fmt::Display for Place {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Place::Hole(hole) => write!(f, "{hole}"),
            Place::Store(side) => write!(f, "{side}'s store"),
        }
    }
}

/// How a game's board is laid out on a picture.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout {
    /// Two rows, or Nchuwa's four.
    pub drawing: Drawing,
    /// Holes in each player's row as MGN writes it (Nchuwa's outer and inner row together).
    pub row: usize,
    /// Where the stores or winnings are drawn.
    pub stores: Stores,
}

/// Where a hole stands on the picture's grid, and on which edge its name is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Spot {
    /// The hole.
    pub hole: Hole,
    /// Grid row from the top (0 to 1 on two rows, 0 to 3 on four).
    pub line: usize,
    /// Grid column from the left.
    pub column: usize,
    /// The hole's name goes above it (else below): on the board's edge for an outer row, by the
    /// middle line for Nchuwa's inner rows.
    pub name_above: bool,
}

impl Layout {
    /// The layout of a board drawn as `drawing`, `row` holes a player, its stores as `stores`.
    pub fn new(drawing: Drawing, row: usize, stores: Stores) -> Layout {
        Layout {
            drawing,
            row,
            stores,
        }
    }

    /// Rows of holes on the picture.
    pub fn lines(&self) -> usize {
        match self.drawing {
            Drawing::TwoRows => 2,
            Drawing::FourRows => 4,
        }
    }

    /// Holes in each row of the picture.
    pub fn columns(&self) -> usize {
        match self.drawing {
            Drawing::TwoRows => self.row,
            Drawing::FourRows => self.row / 2,
        }
    }

    /// Whether `side`'s store or winnings stand at the left end of the board: A's at the left
    /// unless Dakon sows clockwise, which puts each store at its owner's left.
    pub fn store_left(&self, side: Side) -> bool {
        let a_left = match self.stores {
            Stores::Beside => true,
            Stores::Ends { a_left } => a_left,
        };
        (side == Side::A) == a_left
    }

    /// Every hole, row by row from the top, each row from the left.
    pub fn spots(&self) -> Vec<Spot> {
        let n = self.columns() as u32;
        let spot = |side: Side, number: u32, line: usize, column: usize, name_above: bool| Spot {
            hole: Hole::new(side, number),
            line,
            column,
            name_above,
        };
        let mut spots = Vec::with_capacity(2 * self.row);
        match self.drawing {
            Drawing::TwoRows => {
                // A1 at the top right, B1 at the bottom left: both rows counter-clockwise.
                for c in 0..n {
                    spots.push(spot(Side::A, n - c, 0, c as usize, true));
                }
                for c in 0..n {
                    spots.push(spot(Side::B, c + 1, 1, c as usize, false));
                }
            }
            Drawing::FourRows => {
                // Outer rows 1..N from each player's left, inner rows N+1..2N on from his right.
                for c in 0..n {
                    spots.push(spot(Side::A, n - c, 0, c as usize, true));
                }
                for c in 0..n {
                    spots.push(spot(Side::A, n + 1 + c, 1, c as usize, false));
                }
                for c in 0..n {
                    spots.push(spot(Side::B, 2 * n - c, 2, c as usize, true));
                }
                for c in 0..n {
                    spots.push(spot(Side::B, c + 1, 3, c as usize, false));
                }
            }
        }
        spots
    }

    /// The place an event's hole stands for: a Dakon store is its owner's hole N+1.
    pub fn place(&self, hole: Hole) -> Place {
        if hole.number as usize > self.row {
            Place::Store(hole.side)
        } else {
            Place::Hole(hole)
        }
    }
}

/// What a picture marks on the board.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Marks {
    /// Each lap of the last step in order: the place it started from, then each place a seed
    /// (or a muzi) fell in. A transfer without sowing (Nchuwa's opening) is a lap of two places.
    pub laps: Vec<Vec<Place>>,
    /// The place the step started from (its first lap's).
    pub started: Option<Place>,
    /// How many pieces the step dropped in each place.
    pub sown: BTreeMap<Place, u32>,
    /// Places the step captured from.
    pub captured: Vec<Place>,
    /// The laps that are transfers without sowing: the lap's number in `laps` (from 1) and
    /// the seeds moved.
    pub transfers: Vec<(usize, u32)>,
    /// Each capture in order: the place, and the number of the lap it followed in `laps`
    /// (from 1; 0 before any lap).
    pub captures: Vec<(Place, usize)>,
    /// Places filled without sowing: a refill, a won or bought hole's stones, a transfer's end.
    pub placed: Vec<Place>,
    /// Places whose contents differ between two positions (a false checkpoint).
    pub differs: Vec<Place>,
}

impl Marks {
    /// The marks of a step from its events: where it started, each lap's path, its captures.
    pub fn from_events(layout: &Layout, events: &[Event]) -> Marks {
        let mut marks = Marks::default();
        for event in events {
            match *event {
                Event::PickUp { hole, .. } => {
                    let place = layout.place(hole);
                    marks.started.get_or_insert(place);
                    marks.laps.push(vec![place]);
                }
                Event::Sow { hole } | Event::SowMuzi { hole, .. } => {
                    let place = layout.place(hole);
                    *marks.sown.entry(place).or_default() += 1;
                    match marks.laps.last_mut() {
                        Some(lap) => lap.push(place),
                        // A lap whose start the replay left out of a very long ply.
                        None => marks.laps.push(vec![place]),
                    }
                }
                Event::Omitted { .. } => {
                    // The path across the laps left out is unknown: the next lap starts anew.
                    marks.laps.push(Vec::new());
                }
                Event::Shift {
                    from, to, seeds, ..
                } => {
                    let (from, to) = (layout.place(from), layout.place(to));
                    marks.started.get_or_insert(from);
                    marks.laps.push(vec![from, to]);
                    let number = marks.laps.iter().filter(|lap| !lap.is_empty()).count();
                    marks.transfers.push((number, seeds));
                    push_new(&mut marks.placed, to);
                }
                Event::Capture { hole, .. } => {
                    let place = layout.place(hole);
                    push_new(&mut marks.captured, place);
                    // Numbered as the picture numbers the laps: on through the ply's sowings
                    // (the replay starts each sowing at lap 1), runs left out not counted.
                    let laps_drawn = marks.laps.iter().filter(|lap| !lap.is_empty()).count();
                    marks.captures.push((place, laps_drawn));
                }
                Event::Refill { hole, .. } | Event::Place { hole, .. } => {
                    push_new(&mut marks.placed, layout.place(hole))
                }
                _ => {}
            }
        }
        marks.laps.retain(|lap| !lap.is_empty());
        marks
    }

    /// The places where two positions on the same board differ.
    pub fn differences(layout: &Layout, one: &Position, other: &Position) -> Marks {
        let mut differs = Vec::new();
        for spot in layout.spots() {
            if hole_state(one, spot.hole) != hole_state(other, spot.hole) {
                differs.push(Place::Hole(spot.hole));
            }
        }
        for side in [Side::A, Side::B] {
            if one.stores[side.index()] != other.stores[side.index()] {
                differs.push(Place::Store(side));
            }
        }
        Marks {
            differs,
            ..Marks::default()
        }
    }

    /// The marks a place carries, as words that name them (SVG classes, the text legend).
    pub fn of(&self, place: Place) -> Vec<&'static str> {
        let mut words = Vec::new();
        if self.started == Some(place) {
            words.push("started");
        }
        if self.sown.contains_key(&place) {
            words.push("sown");
        }
        if self.captured.contains(&place) {
            words.push("captured");
        }
        if self.placed.contains(&place) {
            words.push("placed");
        }
        if self.differs.contains(&place) {
            words.push("differs");
        }
        words
    }
}

fn push_new(places: &mut Vec<Place>, place: Place) {
    if !places.contains(&place) {
        places.push(place);
    }
}

/// A hole's state in a position, if the position has that hole.
pub fn hole_state(position: &Position, hole: Hole) -> Option<&HoleState> {
    position
        .holes
        .row(hole.side)
        .get((hole.number as usize).checked_sub(1)?)
}

/// One board to draw: a position on its layout, with its marks and the words around it.
#[derive(Clone, Debug)]
pub struct Board {
    /// The game.
    pub kind: GameKind,
    /// How its board is laid out.
    pub layout: Layout,
    /// The position drawn.
    pub position: Position,
    /// What the last step did, or where the position differs from another.
    pub marks: Marks,
    /// What the picture shows, above the board: `after ply 3, B: B4`.
    pub caption: String,
}

impl Board {
    /// The line below the board: the side to move, the round and any debts.
    pub fn status(&self) -> String {
        let p = &self.position;
        let mut words = format!("{} to move, round {}", p.to_move, p.round);
        for side in [Side::A, Side::B] {
            let debt = p.debts[side.index()];
            if debt > 0 {
                words.push_str(&format!(", {side} owes {debt}"));
            }
        }
        words
    }

    /// What a store or winnings is called on this board.
    pub fn store_word(&self) -> &'static str {
        match self.layout.stores {
            Stores::Ends { .. } => "store",
            Stores::Beside => "winnings",
        }
    }
}

/// A pile's contents as MGN writes them (`5`, `5mA`, `mB`), without owner.
pub fn pile_text(pile: Pile) -> String {
    let mut text = if pile.seeds == 0 && !pile.muzi.is_empty() {
        String::new()
    } else {
        pile.seeds.to_string()
    };
    if pile.muzi.a {
        text.push_str("mA");
    }
    if pile.muzi.b {
        text.push_str("mB");
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::parse_position;

    #[test]
    fn two_rows_are_numbered_counter_clockwise_from_each_players_left() {
        let layout = Layout::new(Drawing::TwoRows, 5, Stores::Ends { a_left: true });
        let spots = layout.spots();
        let at = |line, column| {
            spots
                .iter()
                .find(|s| s.line == line && s.column == column)
                .unwrap()
                .hole
                .to_string()
        };
        assert_eq!(at(0, 0), "A5");
        assert_eq!(at(0, 4), "A1");
        assert_eq!(at(1, 0), "B1");
        assert_eq!(at(1, 4), "B5");
        assert!(layout.store_left(Side::A) && !layout.store_left(Side::B));
        // Dakon's store is hole N+1.
        assert_eq!(layout.place(Hole::new(Side::B, 6)), Place::Store(Side::B));
    }

    #[test]
    fn clockwise_dakon_puts_each_store_at_its_owners_left() {
        let layout = Layout::new(Drawing::TwoRows, 5, Stores::Ends { a_left: false });
        assert!(!layout.store_left(Side::A) && layout.store_left(Side::B));
    }

    #[test]
    fn nchuwa_inner_holes_face_as_the_notation_says() {
        // docs/notation.md: on 4x6 B7 faces A12 and B12 faces A7.
        let layout = Layout::new(Drawing::FourRows, 12, Stores::Beside);
        let spots = layout.spots();
        let find = |name: &str| *spots.iter().find(|s| s.hole.to_string() == name).unwrap();
        for (b, a) in [("B7", "A12"), ("B12", "A7")] {
            let (b, a) = (find(b), find(a));
            assert_eq!((b.line, a.line), (2, 1));
            assert_eq!(b.column, a.column);
        }
        assert_eq!((find("A6").line, find("A6").column), (0, 0));
        assert_eq!((find("B1").line, find("B1").column), (3, 0));
        assert_eq!(spots.len(), 24);
    }

    #[test]
    fn marks_follow_the_events_of_a_dakon_move() {
        let game = crate::parse_games("[Game \"dakon\"]\n\n1. B4 *\n")
            .remove(0)
            .unwrap();
        let replayed = crate::replay::replay_game(&game, crate::replay::ReplayOptions::plies());
        let layout = Layout::new(Drawing::TwoRows, 5, Stores::Ends { a_left: true });
        let marks = Marks::from_events(&layout, &replayed.plies[0].events);
        let b4 = Place::Hole(Hole::new(Side::B, 4));
        assert_eq!(marks.started, Some(b4));
        // B4's 5 seeds: B5, B's store, A1, A2, A3; the lap relays from A3 (docs/notation.md).
        assert_eq!(
            marks.laps[0],
            vec![
                b4,
                Place::Hole(Hole::new(Side::B, 5)),
                Place::Store(Side::B),
                Place::Hole(Hole::new(Side::A, 1)),
                Place::Hole(Hole::new(Side::A, 2)),
                Place::Hole(Hole::new(Side::A, 3)),
            ]
        );
        assert!(marks.captured.contains(&b4));
        assert!(marks.of(b4).contains(&"started"));
        // Both captures follow the relay, the second lap; no lap is a transfer.
        let a2 = Place::Hole(Hole::new(Side::A, 2));
        assert_eq!(marks.captures, vec![(a2, 2), (b4, 2)]);
        assert!(marks.transfers.is_empty());
    }

    #[test]
    fn differences_name_holes_and_stores() {
        let one = parse_position("6,0,0,6,6/6,6,6,0,6 0/8 A 1").unwrap();
        let other = parse_position("6,0,0,6,6/6,6,7,0,5 0/8 A 1").unwrap();
        let layout = Layout::new(Drawing::TwoRows, 5, Stores::Ends { a_left: true });
        let marks = Marks::differences(&layout, &one, &other);
        assert_eq!(
            marks.differs,
            vec![
                Place::Hole(Hole::new(Side::B, 3)),
                Place::Hole(Hole::new(Side::B, 5))
            ]
        );
    }
}
