//! The common items of a game's `moves` written as JSON straight into a buffer, in the layout
//! serde_json gives them through [`Indented`](super::Indented): serde's path, a formatter call
//! for every key, bracket and number with the array items kept aside until their layout is
//! known, was most of the time `convert --to json` took. Only what generated and recorded games
//! hold on nearly every ply is written here (moves, passes, owner actions, capture claims,
//! scores, checkpoints, rounds, brace comments); anything else (a transaction, a `;` comment, a
//! muzi drop, an anchored action, a score with muzi) leaves the buffer as it was and the item
//! to serde. The tests compare both paths on every record and on random games of every game.

use super::items::key_in;
// The MGN writer's numbers, which are serde_json's.
use crate::notation::extend_number as number;
use crate::notation::{
    CommentStyle, Direction, Element, Hole, HoleAction, HoleState, Move, Muzi, Pile, Position,
    Side, Sowing,
};

/// Writes `item` (the elements of one item of `moves`) as serde_json with
/// [`Indented::at(level)`](super::Indented::at) writes it, its opening bracket where the caller
/// stands. Returns false, `out` as it was, for an item this writer leaves to serde.
pub(super) fn item(out: &mut Vec<u8>, elements: &[Element], level: usize) -> bool {
    let start = out.len();
    let written = write_item(out, elements, level);
    if written.is_none() {
        out.truncate(start);
    }
    written.is_some()
}

/// `None`: something this writer leaves to serde, met part way.
type Done = Option<()>;

fn write_item(out: &mut Vec<u8>, elements: &[Element], level: usize) -> Done {
    out.push(b'{');
    for (i, element) in elements.iter().enumerate() {
        key(out, level, i == 0, key_in(&elements[..i], element));
        content(out, element, level + 1)?;
    }
    end_object(out, level, !elements.is_empty());
    Some(())
}

/// The value under an element's key, `level` levels in.
fn content(out: &mut Vec<u8>, element: &Element, level: usize) -> Done {
    match element {
        Element::Move(m) => moved(out, &m.value, level),
        Element::Pass(_) => {
            out.extend_from_slice(b"null");
            Some(())
        }
        Element::Action(a) => action(out, &a.value, level),
        Element::Captures(c) => {
            out.push(b'{');
            key(out, level, true, "count");
            number(out, c.value.count);
            if !c.value.holes.is_empty() {
                key(out, level, false, "holes");
                scalars(out, &c.value.holes, hole);
            }
            end_object(out, level, true);
            Some(())
        }
        Element::Score(s) => {
            // A pile with muzi is a map: left to serde.
            if s.value.iter().any(|pile| !pile.muzi.is_empty()) {
                return None;
            }
            scalars(out, &s.value, |out, pile: &Pile| number(out, pile.seeds));
            Some(())
        }
        Element::Checkpoint(p) => position(out, &p.value, level),
        Element::Round(r) => {
            number(out, r.value);
            Some(())
        }
        Element::Comment(c) if c.value.style == CommentStyle::Brace => {
            string(out, &c.value.text);
            Some(())
        }
        Element::Comment(_) | Element::Transaction(_) => None,
    }
}

/// A move: its sowings' list, or a map when it names more than its sowings.
fn moved(out: &mut Vec<u8>, m: &Move, level: usize) -> Done {
    if !m.actions.is_empty() {
        return None;
    }
    let short = m.extra_captures.is_empty() && m.stopped_after_lap.is_none();
    if short {
        return sowings(out, m, level);
    }
    out.push(b'{');
    key(out, level, true, "sowings");
    sowings(out, m, level + 1)?;
    if !m.extra_captures.is_empty() {
        key(out, level, false, "extra_captures");
        scalars(out, &m.extra_captures, |out, h| hole(out, &h.value));
    }
    if let Some(lap) = m.stopped_after_lap {
        key(out, level, false, "stopped_after_lap");
        number(out, lap);
    }
    end_object(out, level, true);
    Some(())
}

fn sowings(out: &mut Vec<u8>, m: &Move, level: usize) -> Done {
    let sowings: &[Sowing] = &m.sowings;
    if sowings.iter().any(|s| !s.muzi_drops.is_empty()) {
        return None;
    }
    let plain = |s: &Sowing| s.direction.is_none() && s.transfer_to.is_none();
    if sowings.iter().all(plain) {
        scalars(out, sowings, |out, s| hole(out, &s.hole.value));
        return Some(());
    }
    // Some sowing is a map: each stands on a line of its own.
    compound(out, sowings, level, |out, s, level| {
        if plain(s) {
            hole(out, &s.hole.value);
            return;
        }
        out.push(b'{');
        key(out, level, true, "hole");
        hole(out, &s.hole.value);
        if let Some(direction) = s.direction {
            key(out, level, false, "direction");
            out.extend_from_slice(match direction {
                Direction::CounterClockwise => b"\"ccw\"",
                Direction::Clockwise => b"\"cw\"",
            });
        }
        if let Some(to) = &s.transfer_to {
            key(out, level, false, "transfer_to");
            hole(out, &to.value);
        }
        end_object(out, level, true);
    });
    Some(())
}

fn action(out: &mut Vec<u8>, a: &HoleAction, level: usize) -> Done {
    out.push(b'{');
    key(out, level, true, "kind");
    out.extend_from_slice(match a.kind {
        crate::notation::ActionKind::Lift => b"\"lift\"" as &[u8],
        crate::notation::ActionKind::Put => b"\"put\"",
        crate::notation::ActionKind::TakeTwo => b"\"take-two\"",
    });
    key(out, level, false, "hole");
    hole(out, &a.hole);
    end_object(out, level, true);
    Some(())
}

fn position(out: &mut Vec<u8>, p: &Position, level: usize) -> Done {
    if p.stores.iter().any(|pile| !pile.muzi.is_empty()) {
        return None;
    }
    out.push(b'{');
    key(out, level, true, "holes");
    // The two rows: an array of arrays, so each row on a line of its own.
    let rows = [&p.holes[0], &p.holes[1]];
    compound(out, &rows, level + 1, |out, row, level| {
        if row.iter().all(|h| !is_map(h)) {
            scalars(out, row, |out, h| hole_state(out, h, level));
        } else {
            compound(out, row, level, hole_state);
        }
    });
    key(out, level, false, "stores");
    scalars(out, &p.stores, |out, pile| number(out, pile.seeds));
    key(out, level, false, "to_move");
    side(out, p.to_move);
    key(out, level, false, "round");
    number(out, p.round);
    if p.debts != [0, 0] {
        key(out, level, false, "debts");
        scalars(out, &p.debts, |out, d| number(out, *d));
    }
    end_object(out, level, true);
    Some(())
}

/// Whether a hole is written as a map (else as its number of seeds, or `"x"` out of play).
#[inline]
fn is_map(h: &HoleState) -> bool {
    let plain = h.pile.muzi.is_empty() && h.owner.is_none();
    !(plain && (!h.out_of_play || h.pile.seeds == 0))
}

/// A hole of a position, `level` levels in, as `HoleState`'s serializer writes it.
#[inline]
fn hole_state(out: &mut Vec<u8>, h: &HoleState, level: usize) {
    if !is_map(h) {
        if h.out_of_play {
            return out.extend_from_slice(b"\"x\"");
        }
        return number(out, h.pile.seeds);
    }
    out.push(b'{');
    key(out, level, true, "seeds");
    number(out, h.pile.seeds);
    if !h.pile.muzi.is_empty() {
        key(out, level, false, "muzi");
        muzi(out, h.pile.muzi, level + 1);
    }
    if let Some(owner) = h.owner {
        key(out, level, false, "owner");
        side(out, owner);
    }
    if h.out_of_play {
        key(out, level, false, "out_of_play");
        out.extend_from_slice(b"true");
    }
    end_object(out, level, true);
}

fn muzi(out: &mut Vec<u8>, m: Muzi, level: usize) {
    out.push(b'{');
    if m.a {
        key(out, level, true, "a");
        out.extend_from_slice(b"true");
    }
    if m.b {
        key(out, level, !m.a, "b");
        out.extend_from_slice(b"true");
    }
    end_object(out, level, m.a || m.b);
}

/// `"key": ` on a line of its own in a map `level` levels in, after a comma unless `first`.
fn key(out: &mut Vec<u8>, level: usize, first: bool, name: &str) {
    if !first {
        out.push(b',');
    }
    newline_indent(out, level + 1);
    out.push(b'"');
    out.extend_from_slice(name.as_bytes());
    out.extend_from_slice(b"\": ");
}

fn end_object(out: &mut Vec<u8>, level: usize, has_value: bool) {
    if has_value {
        newline_indent(out, level);
    }
    out.push(b'}');
}

/// A line break and the spaces of `level` levels, copied at once (a push for every two spaces
/// was a tenth of the writer's time).
fn newline_indent(out: &mut Vec<u8>, level: usize) {
    const LINE: &[u8] = b"\n                                ";
    match LINE.get(..1 + 2 * level) {
        Some(line) => out.extend_from_slice(line),
        None => {
            out.push(b'\n');
            out.resize(out.len() + 2 * level, b' ');
        }
    }
}

/// An array of scalars, on one line: `[0, 6, 6]`.
fn scalars<T>(out: &mut Vec<u8>, items: &[T], mut write: impl FnMut(&mut Vec<u8>, &T)) {
    out.push(b'[');
    for (i, item) in items.iter().enumerate() {
        if i > 0 {
            out.extend_from_slice(b", ");
        }
        write(out, item);
    }
    out.push(b']');
}

/// An array `level` levels in that holds a map or an array: each item on a line of its own.
fn compound<T>(
    out: &mut Vec<u8>,
    items: &[T],
    level: usize,
    mut write: impl FnMut(&mut Vec<u8>, &T, usize),
) {
    out.push(b'[');
    for (i, item) in items.iter().enumerate() {
        if i > 0 {
            out.push(b',');
        }
        newline_indent(out, level + 1);
        write(out, item, level + 1);
    }
    if !items.is_empty() {
        newline_indent(out, level);
    }
    out.push(b']');
}

fn hole(out: &mut Vec<u8>, hole: &Hole) {
    out.push(b'"');
    out.push(side_letter(hole.side));
    number(out, hole.number);
    out.push(b'"');
}

fn side(out: &mut Vec<u8>, side: Side) {
    out.extend_from_slice(&[b'"', side_letter(side), b'"']);
}

fn side_letter(side: Side) -> u8 {
    match side {
        Side::A => b'A',
        Side::B => b'B',
    }
}

/// A string as serde_json escapes it: `"` and `\`, and the control characters (`\n` and its
/// kind by their short escapes, the others as `\u00XX`); all else as it is.
fn string(out: &mut Vec<u8>, text: &str) {
    out.push(b'"');
    for &byte in text.as_bytes() {
        match byte {
            b'"' => out.extend_from_slice(b"\\\""),
            b'\\' => out.extend_from_slice(b"\\\\"),
            b'\n' => out.extend_from_slice(b"\\n"),
            b'\r' => out.extend_from_slice(b"\\r"),
            b'\t' => out.extend_from_slice(b"\\t"),
            0x08 => out.extend_from_slice(b"\\b"),
            0x0C => out.extend_from_slice(b"\\f"),
            0x00..=0x1F => {
                const HEX: &[u8; 16] = b"0123456789abcdef";
                out.extend_from_slice(b"\\u00");
                out.push(HEX[(byte >> 4) as usize]);
                out.push(HEX[(byte & 0xF) as usize]);
            }
            _ => out.push(byte),
        }
    }
    out.push(b'"');
}

#[cfg(test)]
mod tests {
    use super::super::items::{items, Item};
    use super::super::Indented;
    use super::*;
    use crate::generate::{random_game, GenerateOptions, Rng};
    use crate::notation::{parse_games, Game, GameKind, Header};
    use crate::rules::{with_rules, RulesExt, WithRules};
    use serde::Serialize;

    /// Every item of `game`'s moves that this writer writes, compared with serde's text.
    /// Returns how many it wrote.
    fn compare(game: &Game, what: &str) -> usize {
        let mut fast = 0;
        for item in items(&game.moves) {
            let mut serde_text = Vec::new();
            let mut json = serde_json::Serializer::with_formatter(&mut serde_text, Indented::at(4));
            Item(item).serialize(&mut json).unwrap();
            let mut ours = Vec::new();
            if super::item(&mut ours, item, 4) {
                fast += 1;
                assert_eq!(
                    String::from_utf8(ours).unwrap(),
                    String::from_utf8(serde_text).unwrap(),
                    "{what}: {item:?}"
                );
            } else {
                assert!(ours.is_empty(), "{what}: a refused item leaves the buffer");
            }
        }
        fast
    }

    #[test]
    fn every_record_writes_as_serde_writes_it() {
        let records = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("records");
        let mut dirs = vec![records];
        let (mut files, mut fast) = (0, 0);
        while let Some(dir) = dirs.pop() {
            for entry in std::fs::read_dir(&dir).unwrap() {
                let path = entry.unwrap().path();
                if path.is_dir() {
                    dirs.push(path);
                } else if path.extension().is_some_and(|e| e == "mgn") {
                    let text = std::fs::read_to_string(&path).unwrap();
                    files += 1;
                    for game in parse_games(&text).into_iter().flatten() {
                        fast += compare(&game, &path.display().to_string());
                    }
                }
            }
        }
        assert!(files > 0 && fast > 0, "{files} records, {fast} items");
    }

    #[test]
    fn random_games_of_every_game_write_as_serde_writes_them() {
        struct Generate(u64);
        impl WithRules for Generate {
            type Output = Game;
            fn run<R: RulesExt>(self, rules: &R) -> Game {
                let mut rng = Rng::new(self.0);
                let first = if rng.below(2) == 0 { Side::A } else { Side::B };
                let options = GenerateOptions {
                    checkpoints: true,
                    max_plies: 400,
                };
                let header = Header::new(rules.def().kind);
                random_game(rules, header, rules.start(first), &mut rng, options)
            }
        }
        for kind in GameKind::ALL {
            let mut fast = 0;
            for seed in 0..40 {
                let game = with_rules(&Header::new(kind), Generate(seed)).unwrap();
                fast += compare(&game, &format!("{kind}, seed {seed}"));
            }
            assert!(fast > 0, "{kind}: no item written here");
        }
    }

    /// Random items of every shape (`random_items`): the JSON writer here writes each as
    /// serde's path writes it, or leaves it (and the buffer as it was) to serde.
    #[test]
    fn random_items_write_as_serde_writes_them() {
        use super::super::random_items;
        let elements = random_items::elements(&mut Rng::new(36), 40_000);
        let mut json_fast = 0;
        for item in items(&elements) {
            let mut serde_text = Vec::new();
            let mut json = serde_json::Serializer::with_formatter(&mut serde_text, Indented::at(4));
            Item(item).serialize(&mut json).unwrap();
            let mut ours = Vec::new();
            if super::item(&mut ours, item, 4) {
                json_fast += 1;
                assert_eq!(
                    String::from_utf8(ours).unwrap(),
                    String::from_utf8(serde_text).unwrap(),
                    "{item:?}"
                );
            } else {
                assert!(ours.is_empty(), "a refused item leaves the buffer");
            }
        }
        assert!(json_fast > 1000, "{json_fast}");
    }
}
