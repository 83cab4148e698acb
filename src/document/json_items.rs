//! The items of a game's `moves` written as JSON straight into a buffer, in the layout
//! serde_json gives them through [`Indented`](super::Indented): serde's path, a formatter call
//! for every key, bracket and number with the array items kept aside until their layout is
//! known, was most of the time `convert --to json` took. Every element of every shape is
//! written here, each as its `Serialize` writes it (the short forms of `notation::compact`, the
//! derives' maps, `Transaction`'s internally tagged map): moves with muzi drops and owner
//! actions, piles with muzi, transactions, `;` comments. serde writes only a game's header,
//! outcome and the comments outside `moves`. The tests compare both paths on every record, on
//! random games of every game and on random items of every shape.

use super::items::Key;
// The MGN writer's numbers, which are serde_json's.
use crate::notation::{extend_number as number, put_number};
use crate::notation::{
    ActionKind, AnchoredAction, CommentStyle, Direction, Element, FillTarget, Hole, HoleAction,
    HoleState, Move, Muzi, MuziDrop, Pile, PlainCheckpoint, Position, Side, Sowing, Spanned,
    Transaction,
};
use std::sync::OnceLock;

/// Writes `item` (the elements of one item of `moves`) as serde_json with
/// [`Indented::at(level)`](super::Indented::at) writes it, its opening bracket where the caller
/// stands: as a document's writer does, an element at a time.
#[cfg(test)]
pub(super) fn item(out: &mut Vec<u8>, elements: &[Element], level: usize) {
    out.push(b'{');
    for (i, element) in elements.iter().enumerate() {
        let key = super::items::key_in(i, Key::of(element));
        item_key(out, level, i == 0, key);
        content(out, element, level + 1);
    }
    end_item(out, level);
}

/// The key of an element in an item of `moves` `level` levels in (after the item's `{`, or
/// after the value before it), its value to follow.
pub(super) fn item_key(out: &mut Vec<u8>, level: usize, first: bool, key: Key) {
    // A key of its own length in each arm: a copy of a length known where it is made, where
    // one of the length chosen was a call to `memcpy`.
    let mut put = |quoted: &str| self::key(out, level, first, quoted);
    match key {
        Key::Move => put(quoted!("move")),
        Key::Pass => put(quoted!("pass")),
        Key::Action => put(quoted!("action")),
        Key::Captures => put(quoted!("captures")),
        Key::Score => put(quoted!("score")),
        Key::Checkpoint => put(quoted!("checkpoint")),
        Key::Round => put(quoted!("round")),
        Key::Transaction => put(quoted!("transaction")),
        Key::Comment => put(quoted!("comment")),
        Key::CommentAfter => put(quoted!("comment_after")),
    }
}

/// The end of an item of `moves` `level` levels in, which holds an element at least.
pub(super) fn end_item(out: &mut Vec<u8>, level: usize) {
    end_object(out, level, true);
}

/// The value under an element's key, `level` levels in.
pub(super) fn content(out: &mut Vec<u8>, element: &Element, level: usize) {
    match element {
        Element::Move(m) => moved(out, &m.value, level),
        Element::Pass(_) => out.extend_from_slice(b"null"),
        Element::Action(a) => action(out, &a.value, level),
        Element::Captures(c) => {
            out.push(b'{');
            key(out, level, true, quoted!("count"));
            number(out, c.value.count);
            if !c.value.holes.is_empty() {
                key(out, level, false, quoted!("holes"));
                scalars(out, &c.value.holes, hole);
            }
            end_object(out, level, true);
        }
        Element::Score(s) => piles(out, &s.value, level),
        Element::Checkpoint(p) => position(out, &p.value, level),
        Element::Round(r) => number(out, r.value),
        Element::Transaction(t) => transaction(out, &t.value, level),
        Element::Comment(c) => match c.value.style {
            CommentStyle::Brace => string(out, &c.value.text),
            CommentStyle::Line => {
                out.push(b'{');
                key(out, level, true, quoted!("text"));
                string(out, &c.value.text);
                key(out, level, false, quoted!("style"));
                out.extend_from_slice(b"\"line\"");
                end_object(out, level, true);
            }
        },
    }
}

/// A move: its sowings' list, or a map when it names more than its sowings.
fn moved(out: &mut Vec<u8>, m: &Move, level: usize) {
    let short =
        m.extra_captures.is_empty() && m.actions.is_empty() && m.stopped_after_lap.is_none();
    if short {
        return sowings(out, &m.sowings, level);
    }
    out.push(b'{');
    key(out, level, true, quoted!("sowings"));
    sowings(out, &m.sowings, level + 1);
    if !m.extra_captures.is_empty() {
        key(out, level, false, quoted!("extra_captures"));
        scalars(out, &m.extra_captures, |out, h| hole(out, &h.value));
    }
    if !m.actions.is_empty() {
        key(out, level, false, quoted!("actions"));
        // Maps: each on a line of its own.
        compound(
            out,
            &m.actions,
            level + 1,
            |out, a: &Spanned<AnchoredAction>, level| {
                out.push(b'{');
                key(out, level, true, quoted!("step"));
                number(out, a.value.step);
                key(out, level, false, quoted!("action"));
                action(out, &a.value.action, level + 1);
                end_object(out, level, true);
            },
        );
    }
    if let Some(lap) = m.stopped_after_lap {
        key(out, level, false, quoted!("stopped_after_lap"));
        number(out, lap);
    }
    end_object(out, level, true);
}

/// A move's sowings, `level` levels in.
fn sowings(out: &mut Vec<u8>, sowings: &[Sowing], level: usize) {
    let plain =
        |s: &Sowing| s.direction.is_none() && s.transfer_to.is_none() && s.muzi_drops.is_empty();
    if sowings.iter().all(plain) {
        return scalars(out, sowings, |out, s| hole(out, &s.hole.value));
    }
    // Some sowing is a map: each stands on a line of its own.
    compound(out, sowings, level, |out, s, level| {
        if plain(s) {
            return hole(out, &s.hole.value);
        }
        out.push(b'{');
        key(out, level, true, quoted!("hole"));
        hole(out, &s.hole.value);
        if let Some(direction) = s.direction {
            key(out, level, false, quoted!("direction"));
            out.extend_from_slice(match direction {
                Direction::CounterClockwise => b"\"ccw\"",
                Direction::Clockwise => b"\"cw\"",
            });
        }
        if let Some(to) = &s.transfer_to {
            key(out, level, false, quoted!("transfer_to"));
            hole(out, &to.value);
        }
        if !s.muzi_drops.is_empty() {
            key(out, level, false, quoted!("muzi_drops"));
            muzi_drops(out, &s.muzi_drops, level + 1);
        }
        end_object(out, level, true);
    });
}

/// A sowing's muzi drops, `level` levels in: a first visit that says nothing of a capture is
/// its hole's name, any other drop a map.
fn muzi_drops(out: &mut Vec<u8>, drops: &[Spanned<MuziDrop>], level: usize) {
    let short = |d: &Spanned<MuziDrop>| d.value.visit == 1 && d.value.takes.is_none();
    if drops.iter().all(short) {
        return scalars(out, drops, |out, d| hole(out, &d.value.hole));
    }
    compound(out, drops, level, |out, d, level| {
        let d = &d.value;
        if d.visit == 1 && d.takes.is_none() {
            return hole(out, &d.hole);
        }
        out.push(b'{');
        key(out, level, true, quoted!("hole"));
        hole(out, &d.hole);
        if d.visit != 1 {
            key(out, level, false, quoted!("visit"));
            number(out, d.visit);
        }
        if let Some(takes) = d.takes {
            key(out, level, false, quoted!("takes"));
            side(out, takes);
        }
        end_object(out, level, true);
    });
}

fn action(out: &mut Vec<u8>, a: &HoleAction, level: usize) {
    out.push(b'{');
    key(out, level, true, quoted!("kind"));
    out.extend_from_slice(match a.kind {
        ActionKind::Lift => b"\"lift\"" as &[u8],
        ActionKind::Put => b"\"put\"",
        ActionKind::TakeTwo => b"\"take-two\"",
    });
    key(out, level, false, quoted!("hole"));
    hole(out, &a.hole);
    end_object(out, level, true);
}

/// A transaction, as its internally tagged derive writes it: its `kind`, then its fields.
fn transaction(out: &mut Vec<u8>, t: &Transaction, level: usize) {
    let kind: &[u8] = match t {
        Transaction::Win { .. } => b"\"win\"",
        Transaction::Muzi { .. } => b"\"muzi\"",
        Transaction::Buy { .. } => b"\"buy\"",
        Transaction::Rebuy { .. } => b"\"rebuy\"",
        Transaction::Swap { .. } => b"\"swap\"",
        Transaction::Borrow { .. } => b"\"borrow\"",
        Transaction::Fill { .. } => b"\"fill\"",
        Transaction::Repay { .. } => b"\"repay\"",
    };
    out.push(b'{');
    key(out, level, true, quoted!("kind"));
    out.extend_from_slice(kind);
    match *t {
        Transaction::Win { hole: h } | Transaction::Rebuy { hole: h } => {
            key(out, level, false, quoted!("hole"));
            hole(out, &h);
        }
        Transaction::Muzi { side: s } => {
            key(out, level, false, quoted!("side"));
            side(out, s);
        }
        Transaction::Buy { hole: h, stones } => {
            key(out, level, false, quoted!("hole"));
            hole(out, &h);
            if let Some(stones) = stones {
                key(out, level, false, quoted!("stones"));
                number(out, stones);
            }
        }
        Transaction::Swap { first, second } => {
            key(out, level, false, quoted!("first"));
            hole(out, &first);
            key(out, level, false, quoted!("second"));
            hole(out, &second);
        }
        Transaction::Borrow { side: s, stones } | Transaction::Repay { side: s, stones } => {
            key(out, level, false, quoted!("side"));
            side(out, s);
            key(out, level, false, quoted!("stones"));
            number(out, stones);
        }
        Transaction::Fill { target } => {
            key(out, level, false, quoted!("target"));
            // An externally tagged enum: a map of one key, its variant.
            out.push(b'{');
            match target {
                FillTarget::Side(s) => {
                    key(out, level + 1, true, quoted!("side"));
                    side(out, s);
                }
                FillTarget::Hole(h) => {
                    key(out, level + 1, true, quoted!("hole"));
                    hole(out, &h);
                }
            }
            end_object(out, level + 1, true);
        }
    }
    end_object(out, level, true);
}

/// Two piles (a score, a position's stores), `level` levels in: their numbers on one line, or,
/// when one holds muzi and so is a map, each on a line of its own.
fn piles(out: &mut Vec<u8>, piles: &[Pile; 2], level: usize) {
    if piles.iter().all(|pile| pile.muzi.is_empty()) {
        return scalars(out, piles, |out, pile| number(out, pile.seeds));
    }
    compound(out, piles, level, |out, pile, level| {
        if pile.muzi.is_empty() {
            return number(out, pile.seeds);
        }
        MapText::with(level, |text| {
            text.open.put(out);
            number(out, pile.seeds);
            text.muzi(pile.muzi).put(out);
            text.close.put(out);
        });
    });
}

pub(super) fn position(out: &mut Vec<u8>, p: &Position, level: usize) {
    out.push(b'{');
    key(out, level, true, quoted!("holes"));
    // The two rows: an array of arrays, so each row on a line of its own.
    let rows = [&p.holes[0], &p.holes[1]];
    compound(out, &rows, level + 1, |out, row, level| {
        // Most rows of the positions written here (Dong Wo's) hold a map: a look for one
        // first spares them a row written on one line and taken back.
        if row.iter().any(is_map) || !plain_row(out, row) {
            compound(out, row, level, hole_state);
        }
    });
    key(out, level, false, quoted!("stores"));
    piles(out, &p.stores, level + 1);
    key(out, level, false, quoted!("to_move"));
    side(out, p.to_move);
    key(out, level, false, quoted!("round"));
    number(out, p.round);
    if p.debts != [0, 0] {
        key(out, level, false, quoted!("debts"));
        scalars(out, &p.debts, |out, d| number(out, *d));
    }
    end_object(out, level, true);
}

/// [`position`] of a checkpoint of numbers alone (and holes out of play), from its fields as the
/// record writes them: an MGN number in its canonical form is the JSON number, so each row's
/// text is copied with a space after each comma (and `"x"` for `x`), and no hole is read or
/// written again.
pub(super) fn plain_position(out: &mut Vec<u8>, p: &PlainCheckpoint<'_>, level: usize) {
    out.push(b'{');
    key(out, level, true, quoted!("holes"));
    // The two rows, each on a line of its own, as `compound` puts them.
    out.push(b'[');
    for (i, row_side) in [Side::A, Side::B].into_iter().enumerate() {
        line(out, level + 2, i > 0);
        spaced_row(p.row(row_side), b"\"x\"", |row| out.extend_from_slice(row));
    }
    line(out, level + 1, false);
    out.push(b']');
    key(out, level, false, quoted!("stores"));
    let [store_a, store_b] = p.stores();
    out.push(b'[');
    out.extend_from_slice(store_a.as_bytes());
    out.extend_from_slice(b", ");
    out.extend_from_slice(store_b.as_bytes());
    out.push(b']');
    key(out, level, false, quoted!("to_move"));
    side(out, p.to_move());
    key(out, level, false, quoted!("round"));
    out.extend_from_slice(p.round().as_bytes());
    end_object(out, level, true);
}

/// A row of numbers and holes out of play joined by commas (`x,0,12`, [`PlainCheckpoint::row`])
/// as JSON and YAML's flow both write an array of them on one line (`["x", 0, 12]`, with
/// `out_of_play` for each `x`), handed to `write`: put together on the stack (a row of most
/// boards) and given at once, a digit and the comma after it at a time (each comma follows a
/// digit or an `x`, and most numbers have one digit), where a byte at a time was most of the
/// row's time.
#[inline(always)]
pub(super) fn spaced_row<R>(row: &str, out_of_play: &[u8], write: impl FnOnce(&[u8]) -> R) -> R {
    const ROOM: usize = 128;
    let row = row.as_bytes();
    let mut stack = [0u8; ROOM];
    let mut heap = Vec::new();
    // `[`, the row with each `x` as `out_of_play` and a space after each comma, and `]`: at
    // most `out_of_play.len() + 1` bytes for each of the row's (a digit one, a comma two, an
    // `x` `out_of_play.len()`, which is not empty).
    debug_assert!(!out_of_play.is_empty());
    let needed = row.len() * (out_of_play.len() + 1) + 2;
    let buf: &mut [u8] = if needed <= ROOM {
        &mut stack
    } else {
        heap.resize(needed, 0);
        &mut heap
    };
    buf[0] = b'[';
    let mut at = 1;
    let mut i = 0;
    while let Some(&byte) = row.get(i) {
        if row.get(i + 1) == Some(&b',') && byte != b'x' {
            buf[at..at + 3].copy_from_slice(&[byte, b',', b' ']);
            at += 3;
            i += 2;
        } else if byte == b'x' {
            buf[at..at + out_of_play.len()].copy_from_slice(out_of_play);
            at += out_of_play.len();
            i += 1;
        } else if byte == b',' {
            buf[at..at + 2].copy_from_slice(b", ");
            at += 2;
            i += 1;
        } else {
            buf[at] = byte;
            at += 1;
            i += 1;
        }
    }
    buf[at] = b']';
    write(&buf[..at + 1])
}

/// Whether a hole is written as a map (else as its number of seeds, or `"x"` out of play).
#[inline]
fn is_map(h: &HoleState) -> bool {
    let plain = h.pile.muzi.is_empty() && h.owner.is_none();
    !(plain && (!h.out_of_play || h.pile.seeds == 0))
}

/// A hole that is not a map ([`is_map`]): its number of seeds, or `"x"` out of play. Inlined
/// in a row's loop, where a call for each hole was a sixth of the writer's time on Nchuwa.
#[inline(always)]
fn plain_hole(out: &mut Vec<u8>, h: &HoleState) {
    if h.out_of_play {
        return out.extend_from_slice(b"\"x\"");
    }
    number(out, h.pile.seeds)
}

/// A row of holes none of which is a map, on one line (`[0, 6, "x", 6]`): put together in a
/// buffer on the stack and copied out at once, where a check of the output's room for each
/// number and each `, ` was most of the time a row took; `false`, and nothing written, when a
/// hole is a map ([`is_map`]). Whether one is is seen in the same pass: a pass of its own
/// before was a tenth of a position's time.
fn plain_row(out: &mut Vec<u8>, row: &[HoleState]) -> bool {
    const ROOM: usize = 64;
    // The most a hole adds: `, ` and a number of 10 digits, or `]` at the end.
    const HOLE: usize = 12;
    let start = out.len();
    let mut buf = [0u8; ROOM];
    buf[0] = b'[';
    let mut at = 1;
    for (i, h) in row.iter().enumerate() {
        if is_map(h) {
            out.truncate(start);
            return false;
        }
        if at > ROOM - HOLE - 1 {
            out.extend_from_slice(&buf[..at]);
            at = 0;
        }
        if i > 0 {
            buf[at..at + 2].copy_from_slice(b", ");
            at += 2;
        }
        if h.out_of_play {
            buf[at..at + 3].copy_from_slice(b"\"x\"");
            at += 3;
        } else {
            at = put_number(&mut buf, at, h.pile.seeds);
        }
    }
    buf[at] = b']';
    out.extend_from_slice(&buf[..at + 1]);
    true
}

/// A hole of a position, `level` levels in, as `HoleState`'s serializer writes it.
fn hole_state(out: &mut Vec<u8>, h: &HoleState, level: usize) {
    if !is_map(h) {
        return plain_hole(out, h);
    }
    MapText::with(level, |text| {
        text.open.put(out);
        number(out, h.pile.seeds);
        if !h.pile.muzi.is_empty() {
            text.muzi(h.pile.muzi).put(out);
        }
        if let Some(owner) = h.owner {
            text.owner[owner.index()].put(out);
        }
        if h.out_of_play {
            text.out_of_play.put(out);
        }
        text.close.put(out);
    });
}

/// The fixed text of a map of seeds (a hole's or a pile's) `level` levels in, around its number
/// of seeds, as `HoleState`'s and `Pile`'s serializers write it: the one place that lays a map
/// out, made once for each level a document's maps stand at and copied a part at a time, where
/// writing each key and line of each map was most of the time a Dong Wo position took (a muzi
/// or an owner in two or three holes of most of them).
struct MapText {
    /// `{` and the line of `"seeds": `.
    open: Part<64>,
    /// The line of `"muzi"` and its map: of A's muzi, B's, both.
    muzi: [Part<128>; 3],
    /// The line of `"owner"`: A, B.
    owner: [Part<64>; 2],
    /// The line of `"out_of_play": true`.
    out_of_play: Part<64>,
    /// The map's end.
    close: Part<64>,
}

/// A part of [`MapText`], copied as [`line`] copies its spaces: `N` bytes whatever its length,
/// cut to it after, when it has `N` or fewer (those of the levels a document's maps stand at).
/// A call to `memcpy` for each part, of as many lengths as there are parts, was a tenth of the
/// branches the processor guessed wrong in a Dong Wo position.
struct Part<const N: usize> {
    text: Vec<u8>,
    /// `text` and zeros after it, when it fits.
    fixed: Option<[u8; N]>,
}

impl<const N: usize> Part<N> {
    fn new(text: Vec<u8>) -> Part<N> {
        let fixed = (text.len() <= N).then(|| {
            let mut fixed = [0; N];
            fixed[..text.len()].copy_from_slice(&text);
            fixed
        });
        Part { text, fixed }
    }

    #[inline(always)]
    fn put(&self, out: &mut Vec<u8>) {
        match &self.fixed {
            Some(fixed) => {
                let end = out.len() + self.text.len();
                out.extend_from_slice(&fixed[..]);
                out.truncate(end);
            }
            None => out.extend_from_slice(&self.text),
        }
    }
}

impl MapText {
    /// The levels whose text is kept: deeper than any document's maps.
    const KEPT: usize = 16;

    /// Runs `write` with the text of maps `level` levels in: kept from its first use for the
    /// levels a document's maps stand at, made for the call past them.
    #[inline]
    fn with<R>(level: usize, write: impl FnOnce(&MapText) -> R) -> R {
        static TEXTS: [OnceLock<MapText>; MapText::KEPT] =
            [const { OnceLock::new() }; MapText::KEPT];
        match TEXTS.get(level) {
            Some(text) => write(text.get_or_init(|| MapText::new(level))),
            None => write(&MapText::new(level)),
        }
    }

    fn new(level: usize) -> MapText {
        fn part<const N: usize>(write: &dyn Fn(&mut Vec<u8>)) -> Part<N> {
            let mut text = Vec::new();
            write(&mut text);
            Part::new(text)
        }
        let muzi = |a, b| {
            part(&|out| {
                key(out, level, false, quoted!("muzi"));
                self::muzi(out, Muzi { a, b }, level + 1);
            })
        };
        let owner = |side| {
            part(&|out| {
                key(out, level, false, quoted!("owner"));
                self::side(out, side);
            })
        };
        MapText {
            open: part(&|out| {
                out.push(b'{');
                key(out, level, true, quoted!("seeds"));
            }),
            muzi: [muzi(true, false), muzi(false, true), muzi(true, true)],
            owner: [owner(Side::A), owner(Side::B)],
            out_of_play: part(&|out| {
                key(out, level, false, quoted!("out_of_play"));
                out.extend_from_slice(b"true");
            }),
            close: part(&|out| end_object(out, level, true)),
        }
    }

    /// The line of `"muzi"` and its map, for muzi that are not none.
    #[inline]
    fn muzi(&self, m: Muzi) -> &Part<128> {
        debug_assert!(!m.is_empty(), "a map's muzi are written when it has some");
        match (m.a, m.b) {
            (true, false) => &self.muzi[0],
            (false, true) => &self.muzi[1],
            _ => &self.muzi[2],
        }
    }
}

fn muzi(out: &mut Vec<u8>, m: Muzi, level: usize) {
    out.push(b'{');
    if m.a {
        key(out, level, true, quoted!("a"));
        out.extend_from_slice(b"true");
    }
    if m.b {
        key(out, level, !m.a, quoted!("b"));
        out.extend_from_slice(b"true");
    }
    end_object(out, level, m.a || m.b);
}

/// A key as a map writes it: `"seeds": `, one literal, so that [`key`] copies it at once.
macro_rules! quoted {
    ($name:literal) => {
        concat!("\"", $name, "\": ")
    };
}
use quoted;

/// A key ([`quoted!`]) on a line of its own in a map `level` levels in, after a comma unless
/// `first`. Inlined, so that the key's copy is of a length known where it is called.
#[inline(always)]
fn key(out: &mut Vec<u8>, level: usize, first: bool, quoted: &str) {
    line(out, level + 1, !first);
    out.extend_from_slice(quoted.as_bytes());
}

#[inline]
fn end_object(out: &mut Vec<u8>, level: usize, has_value: bool) {
    if has_value {
        line(out, level, false);
    }
    out.push(b'}');
}

/// A comma if `comma`, a line break and the spaces of `level` levels: a copy of as many bytes
/// whatever the level, cut to its length after, where a copy of the line's own length was a
/// call to `memcpy` for each (a push for every two spaces was a tenth of the writer's time).
#[inline]
fn line(out: &mut Vec<u8>, level: usize, comma: bool) {
    const WIDTH: usize = 41;
    const LINE: &[u8; WIDTH + 1] = b",\n                                        ";
    let skip = usize::from(!comma);
    let len = 2 - skip + 2 * level;
    if len <= WIDTH {
        let end = out.len() + len;
        out.extend_from_slice(&LINE[skip..skip + WIDTH]);
        out.truncate(end);
    } else {
        out.extend_from_slice(&LINE[skip..2]);
        out.resize(out.len() + 2 * level, b' ');
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
        line(out, level + 1, i > 0);
        write(out, item, level + 1);
    }
    if !items.is_empty() {
        line(out, level, false);
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

    /// `item` written here and by serde's path, four levels in: (ours, serde's).
    fn both_ways(item: &[Element]) -> (String, String) {
        both_ways_at(item, 4)
    }

    /// [`both_ways`] `level` levels in.
    fn both_ways_at(item: &[Element], level: usize) -> (String, String) {
        let mut serde_text = Vec::new();
        let mut json = serde_json::Serializer::with_formatter(&mut serde_text, Indented::at(level));
        Item(item).serialize(&mut json).unwrap();
        let mut ours = Vec::new();
        super::item(&mut ours, item, level);
        (
            String::from_utf8(ours).unwrap(),
            String::from_utf8(serde_text).unwrap(),
        )
    }

    /// Every item of `game`'s moves, written here (none left to serde) and compared with
    /// serde's text. Returns how many there were.
    fn compare(game: &Game, what: &str) -> usize {
        let mut count = 0;
        for item in items(&game.moves) {
            let (ours, serde_text) = both_ways(item);
            assert_eq!(ours, serde_text, "{what}: {item:?}");
            count += 1;
        }
        count
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

    /// Maps of seeds (holes with muzi, an owner, out of play with seeds; stores and scores
    /// with A's muzi, B's, both) at every level [`MapText`] keeps the text of and past it, where
    /// they are written a key at a time: as serde's path writes them.
    #[test]
    fn maps_of_seeds_at_every_level_write_as_serde_writes_them() {
        use super::super::random_items;
        use crate::notation::{Rows, Span};
        let pile = |seeds, a, b| Pile {
            seeds,
            muzi: Muzi { a, b },
        };
        let hole = |seeds, muzi: Muzi, owner, out_of_play| HoleState {
            pile: Pile { seeds, muzi },
            owner,
            out_of_play,
        };
        let (a, b) = (Muzi { a: true, b: false }, Muzi { a: false, b: true });
        let both = Muzi { a: true, b: true };
        let holes = [
            hole(3, a, None, false),
            hole(0, b, Some(Side::A), false),
            hole(7, both, Some(Side::B), true),
            hole(2, Muzi::NONE, None, true),
            hole(0, Muzi::NONE, None, true),
            hole(5, Muzi::NONE, Some(Side::A), false),
            hole(1, Muzi::NONE, None, false),
        ];
        let position = Position {
            holes: Rows::from_parts(holes.iter().chain(holes.iter().rev()).copied().collect(), 7),
            stores: [pile(4, true, false), pile(9, false, true)],
            to_move: Side::B,
            round: 2,
            debts: [0, 3],
        };
        let mut elements = vec![
            Element::Checkpoint(Spanned::new(position, Span::default())),
            Element::Score(Spanned::new(
                [pile(1, true, true), pile(2, false, false)],
                Span::default(),
            )),
        ];
        elements.extend(
            random_items::elements(&mut Rng::new(44), 2000)
                .into_iter()
                .filter(|e| matches!(e, Element::Checkpoint(_) | Element::Score(_))),
        );
        // The levels whose text is kept, and as many past them, made for each map.
        let levels = 0..MapText::KEPT + 24;
        let mut maps = 0;
        for level in levels.clone() {
            for element in &elements {
                let item = std::slice::from_ref(element);
                let (ours, serde_text) = both_ways_at(item, level);
                assert_eq!(ours, serde_text, "level {level}: {element:?}");
                maps += serde_text.matches("\"seeds\": ").count();
            }
        }
        assert!(maps > levels.len() * 20, "{maps} maps");
    }

    /// A line at any depth, past the copy of fixed length too (deeper than the documents
    /// go): its comma if asked, a line break and two spaces a level, after what the output held.
    #[test]
    fn lines_at_every_level() {
        for level in 0..64 {
            for comma in [false, true] {
                let mut out = b"{".to_vec();
                line(&mut out, level, comma);
                let expected =
                    format!("{{{}\n{}", if comma { "," } else { "" }, "  ".repeat(level));
                assert_eq!(String::from_utf8(out).unwrap(), expected, "{level} {comma}");
            }
        }
    }

    /// A plain checkpoint's row (`x,0,12`) spaced for both formats, as its fields joined by
    /// `, ` write it: rows of every length on both sides of the stack's room (all `x`, all
    /// one-digit holes, nine-digit numbers, a mix), in the heap's room of just what `needed`
    /// reckons.
    #[test]
    fn spaced_rows_are_their_fields_joined() {
        let mut rng = Rng::new(39);
        for out_of_play in [b"\"x\"" as &[u8], b"x"] {
            for len in 1..300 {
                for shape in 0..4 {
                    let fields: Vec<String> = (0..len)
                        .map(|_| match (shape, rng.below(3)) {
                            (0, _) | (3, 0) => "x".to_owned(),
                            (1, _) | (3, 1) => rng.below(10).to_string(),
                            _ => (100_000_000 + rng.below(900_000_000)).to_string(),
                        })
                        .collect();
                    let row = fields.join(",");
                    let out_of_play_text = std::str::from_utf8(out_of_play).unwrap();
                    let joined: Vec<&str> = fields
                        .iter()
                        .map(|f| if f == "x" { out_of_play_text } else { f })
                        .collect();
                    let expected = format!("[{}]", joined.join(", "));
                    let spaced = spaced_row(&row, out_of_play, |r| r.to_vec());
                    assert_eq!(String::from_utf8(spaced).unwrap(), expected, "{row}");
                }
            }
        }
    }

    /// A row of plain holes, however long and whatever its numbers, put together on the stack
    /// as one number at a time writes it; a row with a map among them is refused, nothing
    /// written, wherever the map stands.
    #[test]
    fn plain_rows_are_their_holes_one_by_one() {
        let mut rng = Rng::new(7);
        for len in 0..60 {
            let mut row: Vec<HoleState> = (0..len)
                .map(|_| {
                    let out_of_play = rng.below(5) == 0;
                    HoleState {
                        pile: Pile {
                            // A hole out of play with seeds is a map.
                            seeds: match rng.below(4) {
                                _ if out_of_play => 0,
                                0 => u32::MAX - rng.below(10) as u32,
                                1 => rng.next_u64() as u32,
                                _ => rng.below(300) as u32,
                            },
                            muzi: Muzi::NONE,
                        },
                        owner: None,
                        out_of_play,
                    }
                })
                .collect();
            let (mut ours, mut one_by_one) = (b"x".to_vec(), b"x".to_vec());
            assert!(plain_row(&mut ours, &row));
            scalars(&mut one_by_one, &row, plain_hole);
            assert_eq!(
                String::from_utf8(ours).unwrap(),
                String::from_utf8(one_by_one).unwrap()
            );
            if len > 0 {
                let at = rng.below(len);
                row[at].owner = Some(Side::B);
                let mut refused = b"x".to_vec();
                assert!(!plain_row(&mut refused, &row), "a map at {at} of {len}");
                assert_eq!(refused, b"x");
            }
        }
    }

    /// Random items of every shape (`random_items`): the JSON writer here writes each as
    /// serde's path writes it, and the items hold every shape of the list below.
    #[test]
    fn random_items_write_as_serde_writes_them() {
        use super::super::random_items;
        const SHAPES: &[&str] = &[
            "\"muzi_drops\": [\"",
            "\"muzi_drops\": [\n",
            "\"visit\": ",
            "\"takes\": ",
            "\"direction\": ",
            "\"transfer_to\": ",
            "\"extra_captures\": ",
            "\"actions\": [\n",
            "\"stopped_after_lap\": ",
            "\"score\": [\n",
            "\"stores\": [\n",
            "\"muzi\": {",
            "\"owner\": ",
            "\"out_of_play\": ",
            "\"x\"",
            "\"debts\": ",
            "\"kind\": \"win\"",
            "\"kind\": \"muzi\"",
            "\"kind\": \"buy\"",
            "\"stones\": ",
            "\"kind\": \"rebuy\"",
            "\"kind\": \"swap\"",
            "\"kind\": \"borrow\"",
            "\"target\": {\n              \"side\": ",
            "\"target\": {\n              \"hole\": ",
            "\"kind\": \"repay\"",
            "\"kind\": \"take-two\"",
            "\"style\": \"line\"",
            "\"comment_after\": ",
            "\"round\": ",
            "\"pass\": null",
            "\"move\": []",
            "\"sowings\": []",
            "\"holes\": [\n              [],",
            "[],\n              [\n",
            ",\n              []\n",
        ];

        let mut seen = vec![false; SHAPES.len()];
        let elements = random_items::elements(&mut Rng::new(36), 40_000);
        let mut count = 0;
        for item in items(&elements) {
            let (ours, serde_text) = both_ways(item);
            for (seen, shape) in seen.iter_mut().zip(SHAPES) {
                *seen |= serde_text.contains(shape);
            }
            assert_eq!(ours, serde_text, "{item:?}");
            count += 1;
        }
        assert!(count > 1000, "{count}");
        let missed: Vec<&str> = SHAPES
            .iter()
            .zip(&seen)
            .filter(|(_, seen)| !**seen)
            .map(|(shape, _)| *shape)
            .collect();
        assert!(missed.is_empty(), "no item of these shapes: {missed:?}");
    }
}
