//! A game's `moves` in a document: one item per ply, so that a person reads a ply as one map.
//!
//! A ply's item is its decision (`move`, `pass` or an owner's `action`) with, in the same map,
//! the claims and comments written after it, under keys that say where each stands: `comment`
//! (right after the decision), `captures`, `score`, `checkpoint`, then `comment_after` (after a
//! claim or a first comment), each at most once. A map's keys have no order (JSON's objects have
//! none): the record's order is the order of these keys, and a ply's item holds only elements
//! that follow it in that order (`{move: [B4], comment: ..., captures: {count: 7}, score:
//! [0, 8]}`). Whatever cannot join a ply stands as an item of its own, a map of one key, its kind:
//! a round marker, a transaction, what comes before the first ply, and a claim or a comment out
//! of that order. So the items put back in order are the elements of the move text, one for one:
//! the document is as lossless as the list of elements it replaces.

use crate::notation::{
    CaptureClaim, Comment, Element, HoleAction, Move, Pile, Position, Spanned, Transaction,
};
use serde::de::{self, DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};
use serde::ser::{SerializeMap, SerializeSeq};
use serde::{Deserialize, Serialize, Serializer};
use std::fmt;

use super::ELEMENT_KINDS;

/// The key of an element in an item of `moves`: its kind, or `comment_after`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Key {
    Move,
    Pass,
    Action,
    Captures,
    Score,
    Checkpoint,
    Round,
    Transaction,
    Comment,
    CommentAfter,
}

impl Key {
    const ALL: [Key; 10] = [
        Key::Move,
        Key::Pass,
        Key::Action,
        Key::Captures,
        Key::Score,
        Key::Checkpoint,
        Key::Round,
        Key::Transaction,
        Key::Comment,
        Key::CommentAfter,
    ];

    /// The key of that name.
    fn named(name: &str) -> Option<Key> {
        Key::ALL.into_iter().find(|key| key.name() == name)
    }

    /// The kind of `element`, the key it stands under alone.
    pub(super) fn of(element: &Element) -> Key {
        match element {
            Element::Move(_) => Key::Move,
            Element::Pass(_) => Key::Pass,
            Element::Action(_) => Key::Action,
            Element::Captures(_) => Key::Captures,
            Element::Score(_) => Key::Score,
            Element::Checkpoint(_) => Key::Checkpoint,
            Element::Round(_) => Key::Round,
            Element::Transaction(_) => Key::Transaction,
            Element::Comment(_) => Key::Comment,
        }
    }

    pub(super) fn name(self) -> &'static str {
        match self {
            Key::CommentAfter => "comment_after",
            kind => ELEMENT_KINDS[kind as usize],
        }
    }

    /// Where the key stands in a ply's item, as the record has it: its decision first, then
    /// `comment`, `captures`, `score`, `checkpoint` and `comment_after`; `None` for a kind that
    /// stands alone.
    fn rank(self) -> Option<u8> {
        match self {
            Key::Move | Key::Pass | Key::Action => Some(0),
            Key::Comment => Some(1),
            Key::Captures => Some(2),
            Key::Score => Some(3),
            Key::Checkpoint => Some(4),
            Key::CommentAfter => Some(5),
            Key::Round | Key::Transaction => None,
        }
    }
}

/// The key an element of `kind` has after `before` elements of its item: its kind, but a
/// comment after a claim or after the first comment is `comment_after`.
pub(super) fn key_in(before: usize, kind: Key) -> Key {
    match kind {
        Key::Comment if before > 1 => Key::CommentAfter,
        kind => kind,
    }
}

/// An item of `moves` put together an element at a time: what it needs to know of the elements
/// it holds to tell whether the next joins it, and under which key.
#[derive(Clone, Copy, Debug)]
pub(super) struct OpenItem {
    /// Elements so far.
    len: usize,
    /// The rank of its last key while it is a ply's (begun by a decision); `None` when nothing
    /// can join it.
    last: Option<u8>,
}

impl OpenItem {
    /// An item begun by an element of `kind` (the key it stands under).
    pub(super) fn begin(kind: Key) -> OpenItem {
        OpenItem {
            len: 1,
            last: kind.rank().filter(|&rank| rank == 0),
        }
    }

    /// The key an element of `kind` joins the item under, which then holds it: it joins a ply's
    /// item whose last key stands before its own. `None`, and the item unchanged, when it does
    /// not join: it begins an item of its own.
    pub(super) fn join(&mut self, kind: Key) -> Option<Key> {
        let last = self.last?;
        let key = key_in(self.len, kind);
        let rank = key.rank().filter(|&rank| rank > last)?;
        self.len += 1;
        self.last = Some(rank);
        Some(key)
    }
}

/// [`Key::rank`] of a key read from a map.
fn rank(key: &str) -> Option<u8> {
    Key::named(key).and_then(Key::rank)
}

/// The elements of an item read from its map, `(key, element)` in the map's order: in the
/// record's order, or why the map is not an item.
pub fn in_order(mut read: Vec<(&'static str, Element)>) -> Result<Vec<Element>, String> {
    let Some(decision) = read
        .iter()
        .find(|(k, _)| rank(k) == Some(0))
        .map(|(k, _)| *k)
    else {
        return match read.as_slice() {
            [] => Err("an empty map: an item of `moves` is a ply (`move`, `pass` or `action`, with its claims and comments) or one element".to_string()),
            [("comment_after", _)] => Err("`comment_after` alone: it stands in a ply, after a claim or a first comment".to_string()),
            [(_, element)] => Ok(vec![element.clone()]),
            [(first, _), (second, _), ..] => Err(format!(
                "unknown field `{second}` beside `{first}`: an item of `moves` that is not a ply (`move`, `pass` or `action`) is a map of one key, its kind"
            )),
        };
    };
    for (key, _) in &read {
        if rank(key).is_none() {
            return Err(format!(
                "`{key}` in the ply of `{decision}`: a ply's map is its decision, then `comment`, `captures`, `score`, `checkpoint` and `comment_after`, each once; a `{key}` stands as an item of its own"
            ));
        }
    }
    read.sort_by_key(|(key, _)| rank(key));
    if let Some(pair) = read.windows(2).find(|p| rank(p[0].0) == rank(p[1].0)) {
        return Err(format!(
            "`{}` and `{}` in one ply: a ply has one decision and each of its other keys once",
            pair[0].0, pair[1].0
        ));
    }
    Ok(read.into_iter().map(|(_, element)| element).collect())
}

/// The value of an element, as it stands under its kind's key.
struct Content<'e>(&'e Element);

impl Serialize for Content<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self.0 {
            Element::Move(m) => m.serialize(serializer),
            Element::Pass(p) => p.serialize(serializer),
            Element::Action(a) => a.serialize(serializer),
            Element::Captures(c) => c.serialize(serializer),
            Element::Score(s) => s.serialize(serializer),
            Element::Checkpoint(p) => p.serialize(serializer),
            Element::Round(r) => r.serialize(serializer),
            Element::Transaction(t) => t.serialize(serializer),
            Element::Comment(c) => c.serialize(serializer),
        }
    }
}

/// One item of `moves`: the elements of a ply, or one element, as one map.
pub struct Item<'e>(pub &'e [Element]);

impl Serialize for Item<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (i, element) in self.0.iter().enumerate() {
            map.serialize_entry(key_in(i, Key::of(element)).name(), &Content(element))?;
        }
        map.end()
    }
}

/// The items of a move text, each a ply's elements or one element.
pub fn items(elements: &[Element]) -> impl Iterator<Item = &[Element]> {
    let mut rest = elements;
    std::iter::from_fn(move || {
        let mut item = OpenItem::begin(Key::of(rest.first()?));
        let mut end = 1;
        while end < rest.len() && item.join(Key::of(&rest[end])).is_some() {
            end += 1;
        }
        let (item, after) = rest.split_at(end);
        rest = after;
        Some(item)
    })
}

/// `Game::moves` as its items.
pub fn serialize<S: Serializer>(elements: &[Element], serializer: S) -> Result<S::Ok, S::Error> {
    let mut seq = serializer.serialize_seq(None)?;
    for item in items(elements) {
        seq.serialize_element(&Item(item))?;
    }
    seq.end()
}

/// `Game::moves` read from its items, in order.
pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Vec<Element>, D::Error> {
    struct Items;
    impl<'de> Visitor<'de> for Items {
        type Value = Vec<Element>;
        fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
            f.write_str("a sequence of plies and elements")
        }
        fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<Element>, A::Error> {
            let mut elements = Vec::new();
            while let Some(item) = seq.next_element_seed(ItemSeed)? {
                elements.extend(item);
            }
            Ok(elements)
        }
    }
    deserializer.deserialize_seq(Items)
}

/// One item of `moves`, read into its elements in the order of its keys.
pub struct ItemSeed;

impl<'de> DeserializeSeed<'de> for ItemSeed {
    type Value = Vec<Element>;
    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Vec<Element>, D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for ItemSeed {
    type Value = Vec<Element>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a ply or an element: a map whose first key is its kind")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Vec<Element>, A::Error> {
        let mut read = Vec::new();
        while let Some(key) = map.next_key::<String>()? {
            let key = key_of(&key)?;
            read.push((key, map.next_value_seed(KindSeed(key))?));
        }
        in_order(read).map_err(de::Error::custom)
    }

    /// A kind's name alone, which serde's derive reads as a unit variant (and refuses, no
    /// element being one).
    fn visit_str<E: de::Error>(self, name: &str) -> Result<Vec<Element>, E> {
        Element::deserialize(de::value::StrDeserializer::new(name)).map(|e| vec![e])
    }
}

/// The key of an item's map, as `&'static str`: an element's kind or `comment_after`, or serde's
/// refusal of an unknown variant.
pub fn key_of<E: de::Error>(key: &str) -> Result<&'static str, E> {
    ELEMENT_KINDS
        .iter()
        .chain(&["comment_after"])
        .find(|k| **k == key)
        .copied()
        .ok_or_else(|| E::unknown_variant(key, ELEMENT_KINDS))
}

/// The element of one kind, read from the value under its key.
pub struct KindSeed(pub &'static str);

impl<'de> DeserializeSeed<'de> for KindSeed {
    type Value = Element;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Element, D::Error> {
        Ok(match self.0 {
            "move" => Element::Move(Spanned::<Move>::deserialize(d)?),
            "pass" => Element::Pass(Spanned::<()>::deserialize(d)?),
            "action" => Element::Action(Spanned::<HoleAction>::deserialize(d)?),
            "captures" => Element::Captures(Spanned::<CaptureClaim>::deserialize(d)?),
            "score" => Element::Score(Spanned::<[Pile; 2]>::deserialize(d)?),
            "checkpoint" => Element::Checkpoint(Spanned::<Position>::deserialize(d)?),
            "round" => Element::Round(Spanned::<u32>::deserialize(d)?),
            "transaction" => Element::Transaction(Spanned::<Transaction>::deserialize(d)?),
            "comment" | "comment_after" => Element::Comment(Spanned::<Comment>::deserialize(d)?),
            other => return Err(de::Error::unknown_variant(other, ELEMENT_KINDS)),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each key's name is the kind a document reads under it, and the keys of a ply stand in
    /// the record's order: its decision, then `comment`, `captures`, `score`, `checkpoint`,
    /// `comment_after`.
    #[test]
    fn keys_are_the_kinds_a_document_reads() {
        let names: Vec<&str> = Key::ALL.iter().map(|key| key.name()).collect();
        let mut kinds = ELEMENT_KINDS.to_vec();
        kinds.push("comment_after");
        assert_eq!(names, kinds);
        for key in Key::ALL {
            assert_eq!(Key::named(key.name()), Some(key));
            assert_eq!(key_of::<de::value::Error>(key.name()), Ok(key.name()));
        }
        let ranks: Vec<Option<u8>> = ["move", "pass", "action", "comment", "captures", "score"]
            .into_iter()
            .chain(["checkpoint", "comment_after", "round", "transaction"])
            .map(rank)
            .collect();
        let ply = [0, 0, 0, 1, 2, 3, 4, 5].map(Some);
        assert_eq!(ranks, [&ply[..], &[None, None]].concat());
    }

    /// An item put together an element at a time: a ply takes each key once, in the record's
    /// order; a comment after a claim or a first comment is `comment_after`; what is not a
    /// decision takes nothing.
    #[test]
    fn an_open_item_joins_what_the_record_orders_after_it() {
        let mut ply = OpenItem::begin(Key::Move);
        assert_eq!(ply.join(Key::Comment), Some(Key::Comment));
        assert_eq!(ply.join(Key::Comment), Some(Key::CommentAfter));
        assert_eq!(ply.join(Key::Comment), None, "comment_after once");
        assert_eq!(ply.join(Key::Score), None, "score before comment_after");

        let mut ply = OpenItem::begin(Key::Pass);
        assert_eq!(ply.join(Key::Checkpoint), Some(Key::Checkpoint));
        assert_eq!(ply.join(Key::Captures), None, "captures before checkpoint");
        assert_eq!(ply.join(Key::Move), None, "a second decision");

        let mut ply = OpenItem::begin(Key::Action);
        assert_eq!(ply.join(Key::Captures), Some(Key::Captures));
        assert_eq!(ply.join(Key::Comment), Some(Key::CommentAfter));
        assert_eq!(ply.join(Key::Round), None);

        for alone in [Key::Checkpoint, Key::Comment, Key::Round, Key::Transaction] {
            let mut item = OpenItem::begin(alone);
            for next in Key::ALL {
                assert_eq!(item.join(next), None, "{next:?} after {alone:?} alone");
            }
        }
    }

    /// The rule of a ply's item as it stood on the item's elements (a slice of kinds), before
    /// an item was put together an element at a time: the key `next` has after `item`, and
    /// whether it joins `item`.
    fn slice_key(item: &[&str], next: &str) -> &'static str {
        let kind = Key::named(next).unwrap().name();
        match kind {
            "comment" if item.len() > 1 => "comment_after",
            kind => kind,
        }
    }

    /// The kinds that began a ply's item.
    const DECISIONS: &[&str] = &["move", "pass", "action"];

    fn slice_rank(key: &str) -> Option<usize> {
        const PLY_KEYS: &[&str] = &[
            "comment",
            "captures",
            "score",
            "checkpoint",
            "comment_after",
        ];
        if DECISIONS.contains(&key) {
            return Some(0);
        }
        PLY_KEYS.iter().position(|k| *k == key).map(|i| i + 1)
    }

    fn slice_joins(item: &[&str], next: &str) -> bool {
        let Some(first) = item.first() else {
            return false;
        };
        if !DECISIONS.contains(first) {
            return false;
        }
        let last = slice_key(&item[..item.len() - 1], item[item.len() - 1]);
        matches!(
            (slice_rank(slice_key(item, next)), slice_rank(last)),
            (Some(k), Some(l)) if k > l
        )
    }

    /// Every item an element at a time can put together, from each kind first, and each kind
    /// after it: [`OpenItem::join`] takes what the rule on the item's elements took, under the
    /// key it gave, and refuses what it refused.
    #[test]
    fn an_open_item_joins_as_the_rule_on_its_elements_did() {
        fn walk(item: &mut Vec<&'static str>, open: OpenItem, seen: &mut usize) {
            *seen += 1;
            for next in ELEMENT_KINDS {
                let mut joined = open;
                let key = joined.join(Key::named(next).unwrap());
                let expected = slice_joins(item, next).then(|| slice_key(item, next));
                assert_eq!(key.map(Key::name), expected, "{next} after {item:?}");
                if key.is_some() {
                    item.push(next);
                    walk(item, joined, seen);
                    item.pop();
                } else {
                    assert_eq!(
                        format!("{joined:?}"),
                        format!("{open:?}"),
                        "refused, unchanged"
                    );
                }
            }
        }
        let mut seen = 0;
        for first in ELEMENT_KINDS {
            walk(
                &mut vec![first],
                OpenItem::begin(Key::named(first).unwrap()),
                &mut seen,
            );
        }
        // Each decision's items: every subset of the five keys after it, in their order, but
        // `comment_after` alone (a comment right after the decision is its `comment`); and the
        // six kinds that take nothing.
        assert_eq!(seen, 3 * (32 - 1) + 6, "items walked");
    }
}
