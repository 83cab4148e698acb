//! The YAML layout mgn writes for a person to read and edit (README, "Conversion"): the
//! document, its games, a game's fields and each item of its moves stand in block style, a key a
//! line; every value below them (a header, a move, a capture, a checkpoint, a comment) is written
//! in flow style on the line of its key, as `checkpoint: {holes: [[0, 6], [6, 0]], stores: [0,
//! 8], to_move: A, round: 1}`. A checkpoint is then one line where the block style took sixteen.
//!
//! A text is written plain where the reader takes it back as the same text, quoted otherwise:
//! in single quotes when it is printable on one line, else in double quotes with escapes.

use super::items::Key;
use crate::notation::push_number;
use crate::notation::{
    ActionKind, CommentStyle, Direction, Element, FillTarget, Hole, HoleAction, HoleState, Move,
    Muzi, MuziDrop, Pile, PlainCheckpoint, Position, Side, Sowing, Transaction,
};
use serde_yaml::Value;
use std::fmt::Write;

/// `value` in flow style, on one line.
pub(super) fn flow(value: &Value) -> String {
    let mut out = String::new();
    write_flow(value, &mut out);
    out
}

fn write_flow(value: &Value, out: &mut String) {
    match value {
        Value::Null => out.push_str("null"),
        Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        // Seeds and hole numbers are most of a document: written without the formatting
        // machinery.
        Value::Number(n) => match n.as_u64() {
            Some(n) => push_number(out, n),
            None => {
                let _ = write!(out, "{n}");
            }
        },
        Value::String(text) => write_text(text, out),
        // The document writes a variant of a kind as a map (see `untag`), never as a tag.
        Value::Tagged(tagged) => write_flow(&tagged.value, out),
        Value::Sequence(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                write_flow(item, out);
            }
            out.push(']');
        }
        Value::Mapping(map) => {
            out.push('{');
            for (i, (key, item)) in map.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                write_flow(key, out);
                out.push_str(": ");
                write_flow(item, out);
            }
            out.push('}');
        }
    }
}

/// A whole document: the map of `mgn` and `games`, each game a block map whose `moves` is a
/// block sequence of items.
pub(super) fn document(document: &Value) -> String {
    let mut out = String::new();
    let Value::Mapping(map) = document else {
        return flow(document) + "\n";
    };
    for (key, value) in map {
        match value {
            Value::Sequence(games) if key == "games" && !games.is_empty() => {
                out.push_str("games:\n");
                for game in games {
                    out.push_str(&as_item(&game_lines(game), 0));
                }
            }
            _ => out.push_str(&field(key, value)),
        }
    }
    out
}

/// A game's lines, as a map at no indent: its fields, its `moves` a block sequence.
fn game_lines(game: &Value) -> String {
    let Value::Mapping(map) = game else {
        return flow(game) + "\n";
    };
    let mut out = String::new();
    for (key, value) in map {
        match value {
            Value::Sequence(items) if key == "moves" && !items.is_empty() => {
                out.push_str("moves:\n");
                for item in items {
                    out.push_str(&as_item(&item_lines(item), 0));
                }
            }
            _ => out.push_str(&field(key, value)),
        }
    }
    out
}

/// A field of a map, `key: value` on its line, the value in flow style.
pub(super) fn field(key: &Value, value: &Value) -> String {
    format!("{}: {}\n", flow(key), flow(value))
}

/// An item of `moves`, at no indent: a map a key a line, each value in flow style.
pub(super) fn item_lines(item: &Value) -> String {
    match item {
        Value::Mapping(map) => map.iter().map(|(key, value)| field(key, value)).collect(),
        other => flow(other) + "\n",
    }
}

/// `lines` as an item of a block sequence `depth` levels in: `- ` before the first, two spaces
/// before the others.
pub(super) fn as_item(lines: &str, depth: usize) -> String {
    let indent = "  ".repeat(depth);
    let mut out = String::new();
    for (i, line) in lines.lines().enumerate() {
        let lead = if i == 0 { "- " } else { "  " };
        let _ = writeln!(out, "{indent}{lead}{line}");
    }
    out
}

/// An item of `moves`, of any shape, written straight from its elements as
/// `as_item(&item_lines(&untag(value)), 0)` writes it from the value serde_yaml makes of it.
/// Building that value (a map hashed for each item and for each map in it, an allocation for
/// each number, key and hole name), untagging it and walking it were nine tenths of the time of
/// a conversion to YAML. `tests::direct_items_*` and `crates/cli/tests` compare both paths.
#[cfg(test)]
pub(super) fn direct_item(item: &[Element], out: &mut String) {
    for (i, element) in item.iter().enumerate() {
        let key = super::items::key_in(i, Key::of(element));
        item_key(out, if i == 0 { "- " } else { "  " }, key);
        content(element, out);
        out.push('\n');
    }
}

/// The key of an element in an item of `moves`, on a line of its own after `prefix` (`- ` for
/// the item's first, two spaces for the others, after the item's indentation), its value to
/// follow. One line a key, as no value in flow style breaks a line (a text with a line break
/// is double-quoted, its break escaped).
pub(super) fn item_key(out: &mut String, prefix: &str, key: Key) {
    out.push_str(prefix);
    out.push_str(key.name());
    out.push_str(": ");
}

/// The value under an element's key, in flow style.
pub(super) fn content(element: &Element, out: &mut String) {
    match element {
        Element::Move(m) => direct_move(&m.value, out),
        Element::Pass(_) => out.push_str("null"),
        Element::Action(a) => action(&a.value, out),
        Element::Captures(c) => {
            out.push_str("{count: ");
            push_u32(out, c.value.count);
            if !c.value.holes.is_empty() {
                out.push_str(", holes: ");
                push_list(out, &c.value.holes, push_hole);
            }
            out.push('}');
        }
        Element::Score(s) => piles(&s.value, out),
        Element::Checkpoint(p) => direct_position(&p.value, out),
        Element::Round(r) => push_u32(out, r.value),
        Element::Transaction(t) => transaction(&t.value, out),
        Element::Comment(c) => match c.value.style {
            CommentStyle::Brace => write_text(&c.value.text, out),
            CommentStyle::Line => {
                out.push_str("{text: ");
                write_text(&c.value.text, out);
                out.push_str(", style: line}");
            }
        },
    }
}

/// A move as its serialization writes it: its sowings' list alone, or a map when it has more.
fn direct_move(m: &Move, out: &mut String) {
    let short =
        m.extra_captures.is_empty() && m.actions.is_empty() && m.stopped_after_lap.is_none();
    if short {
        return push_list(out, &m.sowings, sowing);
    }
    out.push_str("{sowings: ");
    push_list(out, &m.sowings, sowing);
    if !m.extra_captures.is_empty() {
        out.push_str(", extra_captures: ");
        push_list(out, &m.extra_captures, |out, h| push_hole(out, &h.value));
    }
    if !m.actions.is_empty() {
        out.push_str(", actions: ");
        push_list(out, &m.actions, |out, a| {
            out.push_str("{step: ");
            push_u32(out, a.value.step);
            out.push_str(", action: ");
            action(&a.value.action, out);
            out.push('}');
        });
    }
    if let Some(lap) = m.stopped_after_lap {
        out.push_str(", stopped_after_lap: ");
        push_u32(out, lap);
    }
    out.push('}');
}

/// A sowing: its hole's name when it is only its hole, else a map.
fn sowing(out: &mut String, s: &Sowing) {
    if s.direction.is_none() && s.transfer_to.is_none() && s.muzi_drops.is_empty() {
        return push_hole(out, &s.hole.value);
    }
    out.push_str("{hole: ");
    push_hole(out, &s.hole.value);
    if let Some(direction) = s.direction {
        out.push_str(match direction {
            Direction::CounterClockwise => ", direction: ccw",
            Direction::Clockwise => ", direction: cw",
        });
    }
    if let Some(to) = &s.transfer_to {
        out.push_str(", transfer_to: ");
        push_hole(out, &to.value);
    }
    if !s.muzi_drops.is_empty() {
        out.push_str(", muzi_drops: ");
        push_list(out, &s.muzi_drops, |out, d| muzi_drop(out, &d.value));
    }
    out.push('}');
}

/// A muzi's drop: its hole's name at a first visit that says nothing of a capture, else a map.
fn muzi_drop(out: &mut String, d: &MuziDrop) {
    if d.visit == 1 && d.takes.is_none() {
        return push_hole(out, &d.hole);
    }
    out.push_str("{hole: ");
    push_hole(out, &d.hole);
    if d.visit != 1 {
        out.push_str(", visit: ");
        push_u32(out, d.visit);
    }
    if let Some(side) = d.takes {
        out.push_str(", takes: ");
        out.push_str(side_name(side));
    }
    out.push('}');
}

fn action(a: &HoleAction, out: &mut String) {
    out.push_str(match a.kind {
        ActionKind::Lift => "{kind: lift, hole: ",
        ActionKind::Put => "{kind: put, hole: ",
        ActionKind::TakeTwo => "{kind: take-two, hole: ",
    });
    push_hole(out, &a.hole);
    out.push('}');
}

/// A transaction, internally tagged: `kind` first, then its fields.
fn transaction(t: &Transaction, out: &mut String) {
    let side_and_stones = |out: &mut String, side: Side, stones: u32| {
        out.push_str(side_name(side));
        out.push_str(", stones: ");
        push_u32(out, stones);
    };
    out.push_str("{kind: ");
    match *t {
        Transaction::Win { hole } => {
            out.push_str("win, hole: ");
            push_hole(out, &hole);
        }
        Transaction::Muzi { side } => {
            out.push_str("muzi, side: ");
            out.push_str(side_name(side));
        }
        Transaction::Buy { hole, stones } => {
            out.push_str("buy, hole: ");
            push_hole(out, &hole);
            if let Some(stones) = stones {
                out.push_str(", stones: ");
                push_u32(out, stones);
            }
        }
        Transaction::Rebuy { hole } => {
            out.push_str("rebuy, hole: ");
            push_hole(out, &hole);
        }
        Transaction::Swap { first, second } => {
            out.push_str("swap, first: ");
            push_hole(out, &first);
            out.push_str(", second: ");
            push_hole(out, &second);
        }
        Transaction::Borrow { side, stones } => {
            out.push_str("borrow, side: ");
            side_and_stones(out, side, stones);
        }
        // A newtype variant, which serde_yaml writes as a tag and `untag` as a one-key map.
        Transaction::Fill { target } => {
            match target {
                FillTarget::Side(side) => {
                    out.push_str("fill, target: {side: ");
                    out.push_str(side_name(side));
                }
                FillTarget::Hole(hole) => {
                    out.push_str("fill, target: {hole: ");
                    push_hole(out, &hole);
                }
            }
            out.push('}');
        }
        Transaction::Repay { side, stones } => {
            out.push_str("repay, side: ");
            side_and_stones(out, side, stones);
        }
    }
    out.push('}');
}

pub(super) fn direct_position(p: &Position, out: &mut String) {
    out.push_str("{holes: [");
    for (r, row) in p.holes.iter().enumerate() {
        if r > 0 {
            out.push_str(", ");
        }
        out.push('[');
        for (i, h) in row.iter().enumerate() {
            if i > 0 {
                out.push_str(", ");
            }
            // As `HoleState`'s serializer writes it: its number of seeds, `x` when it is empty
            // and out of play (Dakon), else a map, out of line.
            let plain = h.pile.muzi.is_empty() && h.owner.is_none();
            if plain && !h.out_of_play {
                push_u32(out, h.pile.seeds);
            } else if plain && h.pile.seeds == 0 {
                out.push('x');
            } else {
                hole_map(out, h);
            }
        }
        out.push(']');
    }
    out.push_str("], stores: ");
    piles(&p.stores, out);
    out.push_str(", to_move: ");
    out.push_str(side_name(p.to_move));
    out.push_str(", round: ");
    push_u32(out, p.round);
    if p.debts != [0, 0] {
        out.push_str(", debts: [");
        push_u32(out, p.debts[0]);
        out.push_str(", ");
        push_u32(out, p.debts[1]);
        out.push(']');
    }
    out.push('}');
}

/// [`direct_position`] of a checkpoint of numbers alone (and holes out of play), from its fields
/// as the record writes them: an MGN number in its canonical form is the YAML number, so each
/// row's text is copied with a space after each comma.
pub(super) fn plain_position(p: &PlainCheckpoint<'_>, out: &mut String) {
    out.push_str("{holes: [");
    for (i, row_side) in [Side::A, Side::B].into_iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        super::json_items::spaced_row(p.row(row_side), b"x", |row| {
            // The row's digits and commas, spaces and brackets.
            out.push_str(std::str::from_utf8(row).expect("a row of ASCII"))
        });
    }
    let [store_a, store_b] = p.stores();
    out.push_str("], stores: [");
    out.push_str(store_a);
    out.push_str(", ");
    out.push_str(store_b);
    out.push_str("], to_move: ");
    out.push_str(side_name(p.to_move()));
    out.push_str(", round: ");
    out.push_str(p.round());
    out.push('}');
}

/// A hole of a position that holds more than seeds, or seeds out of play: the map of its
/// pile's keys and its own.
#[inline(never)]
fn hole_map(out: &mut String, h: &HoleState) {
    out.push_str("{seeds: ");
    push_u32(out, h.pile.seeds);
    if !h.pile.muzi.is_empty() {
        out.push_str(", muzi: ");
        muzi(h.pile.muzi, out);
    }
    if let Some(owner) = h.owner {
        out.push_str(", owner: ");
        out.push_str(side_name(owner));
    }
    if h.out_of_play {
        out.push_str(", out_of_play: true");
    }
    out.push('}');
}

/// Two piles: each its number, or the map of `seeds` and `muzi` when it holds a muzi.
fn piles(piles: &[Pile; 2], out: &mut String) {
    push_list(out, piles, |out, pile| {
        if pile.muzi.is_empty() {
            return push_u32(out, pile.seeds);
        }
        out.push_str("{seeds: ");
        push_u32(out, pile.seeds);
        out.push_str(", muzi: ");
        muzi(pile.muzi, out);
        out.push('}');
    });
}

/// Which muzi, a key for each one there (never written empty).
fn muzi(m: Muzi, out: &mut String) {
    out.push_str(match (m.a, m.b) {
        (true, true) => "{a: true, b: true}",
        (true, false) => "{a: true}",
        (false, true) => "{b: true}",
        (false, false) => "{}",
    });
}

fn side_name(side: Side) -> &'static str {
    match side {
        Side::A => "A",
        Side::B => "B",
    }
}

/// A number: one or two digits, most of a position's, where it is written (a call to
/// `push_number` for each was a fifth of its cost), larger ones by `push_number`.
#[inline(always)]
fn push_u32(out: &mut String, n: u32) {
    if n < 10 {
        out.push(char::from(b'0' + n as u8));
    } else if n < 100 {
        out.push(char::from(b'0' + (n / 10) as u8));
        out.push(char::from(b'0' + (n % 10) as u8));
    } else {
        push_number(out, u64::from(n));
    }
}

/// A hole's name, which is plain ([`hole_or_side`]).
fn push_hole(out: &mut String, hole: &Hole) {
    out.push_str(side_name(hole.side));
    push_u32(out, hole.number);
}

/// A flow sequence, `[a, b]`, each item written by `write`.
fn push_list<T>(out: &mut String, items: &[T], mut write: impl FnMut(&mut String, &T)) {
    out.push('[');
    for (i, item) in items.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        write(out, item);
    }
    out.push(']');
}

fn write_text(text: &str, out: &mut String) {
    if hole_or_side(text) || plain(text) {
        out.push_str(text);
    } else if text.chars().all(|c| printable(c) && !line_break(c)) {
        out.push('\'');
        if text.contains('\'') {
            out.push_str(&text.replace('\'', "''"));
        } else {
            out.push_str(text);
        }
        out.push('\'');
    } else {
        double_quoted(text, out);
    }
}

/// Whether `text` can stand unquoted, in a flow collection too, and read back as this text:
/// ASCII that starts with no indicator, holds none of the characters that end or open a node
/// in flow style (`,[]{}`, `:`, `#`, quotes), has no space at either end, and is not what the
/// reader takes as null, a boolean or a number.
fn plain(text: &str) -> bool {
    let bytes = text.as_bytes();
    let (Some(&first), Some(&last)) = (bytes.first(), bytes.last()) else {
        return false;
    };
    // One pass over the bytes: a character not ASCII is bytes of 0x80 and above, none safe.
    let safe = |b: &u8| {
        (b.is_ascii_graphic() || *b == b' ')
            && !matches!(
                b,
                b',' | b'[' | b']' | b'{' | b'}' | b':' | b'#' | b'\'' | b'"'
            )
    };
    !b"-?:,[]{}#&*!|>'\"%@`".contains(&first)
        && first != b' '
        && last != b' '
        && bytes.iter().all(safe)
        && !yaml_11_special(text)
        && reads_as_text(text)
}

/// Whether the plain-scalar reader takes `text` (not empty) as this text, not as null, a
/// boolean or a number. A text that begins with an ASCII letter is a number to none of its
/// readers (a number begins with a digit, a sign or a dot, `0x` and its kin with a zero; `inf`
/// and `nan`, which Rust's float reader takes, it refuses), so of such a text, every key and
/// most of a header's values, only the keywords are asked here: asking the reader (its integer
/// and float parsers, a `String` made and dropped) was most of the time of a game's header.
fn reads_as_text(text: &str) -> bool {
    if text.as_bytes()[0].is_ascii_alphabetic() {
        return !matches!(
            text,
            "null" | "Null" | "NULL" | "true" | "True" | "TRUE" | "false" | "False" | "FALSE"
        );
    }
    matches!(
        super::yaml::plain_scalar(text),
        Ok(serde_json::Value::String(_))
    )
}

/// Whether `text` is a side (`A`, `B`) or a hole's name (`B12`): plain, known without the
/// reader [`plain`] asks, which was most of the time of a position's text. (A letter alone
/// may be a boolean to a YAML 1.1 reader, `y` or `N`; a letter then digits is no keyword, and
/// no number.)
fn hole_or_side(text: &str) -> bool {
    match text.as_bytes() {
        [b'A' | b'B'] => true,
        [first, digits @ ..] => {
            first.is_ascii_alphabetic()
                && !digits.is_empty()
                && digits.iter().all(u8::is_ascii_digit)
        }
        [] => false,
    }
}

/// `.inf`, `.nan` and their kin, which mgn's reader takes as text but YAML 1.1 and 1.2 readers
/// (yaml_serde, PyYAML) read as numbers: quoted, so that every reader gets the text back.
fn yaml_11_special(text: &str) -> bool {
    let unsigned = text.trim_start_matches(['+', '-']);
    unsigned.eq_ignore_ascii_case(".inf") || unsigned.eq_ignore_ascii_case(".nan")
}

/// A character YAML reads as the end of a line, which a quoted text would fold into a space.
fn line_break(c: char) -> bool {
    matches!(c, '\n' | '\r' | '\u{85}' | '\u{2028}' | '\u{2029}')
}

/// A character YAML lets stand in a document as it is (YAML 1.1, "Character Set").
fn printable(c: char) -> bool {
    matches!(c, '\t' | '\n' | '\r' | '\u{85}')
        || (!c.is_control() && !matches!(c, '\u{feff}' | '\u{fffe}' | '\u{ffff}'))
}

fn double_quoted(text: &str, out: &mut String) {
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            c if !printable(c) || line_break(c) => {
                let code = c as u32;
                if code <= 0xff {
                    let _ = write!(out, "\\x{code:02x}");
                } else {
                    let _ = write!(out, "\\u{code:04x}");
                }
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::{json, Value as Json};

    /// What libyaml, as yaml_serde drives it, makes of a flow value.
    fn read_back(yaml: &str) -> Json {
        serde_yaml::from_str(&format!("value: {yaml}\n"))
            .map(|map: std::collections::BTreeMap<String, Json>| map["value"].clone())
            .unwrap_or_else(|error| panic!("{yaml}: {error}"))
    }

    #[test]
    fn a_checkpoint_stands_on_one_line() {
        let checkpoint: Value =
            serde_yaml::from_str("holes: [[0, 6], [6, 0]]\nstores: [0, 8]\nto_move: A\n").unwrap();
        assert_eq!(
            flow(&checkpoint),
            "{holes: [[0, 6], [6, 0]], stores: [0, 8], to_move: A}"
        );
    }

    #[test]
    fn texts_that_would_read_as_something_else_are_quoted() {
        for (text, written) in [
            ("B3", "B3"),
            ("0-1", "0-1"),
            ("*", "'*'"),
            ("1", "'1'"),
            ("true", "'true'"),
            ("~", "'~'"),
            ("", "''"),
            ("a, b", "'a, b'"),
            ("B's store: five", "'B''s store: five'"),
            ("[x]", "'[x]'"),
            (" lead", "' lead'"),
            ("- x", "'- x'"),
            ("two\nlines", "\"two\\nlines\""),
            ("a\rb", "\"a\\rb\""),
            ("a\u{2028}b", "\"a\\u2028b\""),
            ("\ttab", "'\ttab'"),
            ("bell\u{7}", "\"bell\\x07\""),
            ("é", "'é'"),
            // Numbers to yaml_serde and PyYAML, though mgn's reader takes them as text.
            (".inf", "'.inf'"),
            ("-.Inf", "'-.Inf'"),
            (".NaN", "'.NaN'"),
        ] {
            assert_eq!(text_of(text), written, "{text:?}");
            assert_eq!(read_back(written), json!(text), "{written}");
            let in_flow = format!("[{written}, {{k: {written}}}]");
            assert_eq!(read_back(&in_flow), json!([text, {"k": text}]), "{in_flow}");
        }
    }

    #[test]
    fn sides_and_hole_names_are_plain_as_the_reader_says() {
        for text in ["A", "B", "A1", "B12", "x0", "Z99"] {
            assert!(hole_or_side(text), "{text}");
            assert!(plain(text), "{text}");
        }
        for text in ["N", "y", "", "B", "1", "B1a", "B-1", "é1"] {
            assert!(!hole_or_side(text) || plain(text), "{text}");
        }
        for number in [0u64, 7, 10, 255, 1_000_000, u64::MAX] {
            let mut written = String::new();
            push_number(&mut written, number);
            assert_eq!(written, number.to_string());
        }
    }

    /// `reads_as_text` answers as the plain-scalar reader, which it asks only of texts that do
    /// not begin with a letter.
    #[test]
    fn texts_that_begin_with_a_letter_are_numbers_to_no_reader() {
        let mut texts: Vec<String> = [
            "null", "Null", "NULL", "nULL", "nulls", "true", "True", "TRUE", "tRUE", "false",
            "False", "FALSE", "falsey", "inf", "Inf", "INF", "infinity", "Infinity", "nan", "NaN",
            "NAN", "e5", "E5", "e", "x", "y", "n", "yes", "No", "on", "Off", "B4", "a1.5", "x0x1",
            "b0", "o7", "ccw", "take-two", "1-0", "0x1", "0o7", "0b1", ".5", "+1", "-1", "1e5",
            "~", "0", "01", "1.0", ".inf", "-.nan",
        ]
        .map(str::to_owned)
        .to_vec();
        let mut rng = crate::generate::Rng::new(36);
        const PIECES: &[&str] = &[
            "a", "e", "E", "i", "n", "f", "N", "x", "0", "1", "9", ".", "+", "-", "_", "inf",
            "nan", "ull", "rue", "alse", "0x", " ",
        ];
        for _ in 0..20_000 {
            texts.push(
                (0..1 + rng.below(4))
                    .map(|_| PIECES[rng.below(PIECES.len())])
                    .collect(),
            );
        }
        for text in texts {
            let reader = super::super::yaml::plain_scalar(&text)
                == Ok(serde_json::Value::String(text.clone()));
            assert_eq!(reads_as_text(&text), reader, "{text:?}");
        }
    }

    fn text_of(text: &str) -> String {
        flow(&Value::String(text.to_owned()))
    }

    /// Random items of every shape (`random_items`): each is written here, none left to serde,
    /// and written as serde's value of it is, through `untag`, `item_lines` and `as_item`.
    #[test]
    fn direct_items_of_every_shape_write_as_serde_writes_them() {
        use super::super::items::{items, Item};
        use super::super::{random_items, untag};
        use crate::generate::Rng;
        let elements = random_items::elements(&mut Rng::new(36), 40_000);
        let mut count = 0;
        for item in items(&elements) {
            let mut ours = String::new();
            direct_item(item, &mut ours);
            let value = untag(serde_yaml::to_value(Item(item)).unwrap());
            assert_eq!(ours, as_item(&item_lines(&value), 0), "{item:?}");
            count += 1;
        }
        assert!(count > 10_000, "{count} items");
    }
}
