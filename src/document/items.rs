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

use super::{element_kind, ELEMENT_KINDS};

/// The kinds that begin a ply's item.
pub const DECISIONS: &[&str] = &["move", "pass", "action"];

/// The keys of a ply's item after its decision, in the order of the record.
pub const PLY_KEYS: &[&str] = &[
    "comment",
    "captures",
    "score",
    "checkpoint",
    "comment_after",
];

/// Where a key of a ply's item stands in the record: its decision first, then [`PLY_KEYS`].
fn rank(key: &str) -> Option<usize> {
    if DECISIONS.contains(&key) {
        return Some(0);
    }
    PLY_KEYS.iter().position(|k| *k == key).map(|i| i + 1)
}

/// What an item of `moves` is made of, as far as its keys go: an element's kind.
pub(super) trait Kind {
    /// The element's kind (`move`, `checkpoint`, ...), the key it stands under alone.
    fn kind(&self) -> &'static str;
}

impl Kind for Element {
    fn kind(&self) -> &'static str {
        element_kind(self)
    }
}

/// An element of an item as the document's writer holds it until the item is complete: read,
/// or a checkpoint whose value is already written in the document's format (when it came, from
/// a position the writer does not keep). An item holds at most one checkpoint ([`joins`]), so
/// that value is kept beside the item, not in it.
pub(super) enum Piece {
    Element(Element),
    Written,
}

impl Kind for Piece {
    fn kind(&self) -> &'static str {
        match self {
            Piece::Element(element) => element_kind(element),
            Piece::Written => "checkpoint",
        }
    }
}

/// The key `next` would have in a ply's item that holds `item` so far: its kind, but a comment
/// after a claim or after the first comment is `comment_after`.
pub(super) fn key_in<T: Kind>(item: &[T], next: &T) -> &'static str {
    match next.kind() {
        "comment" if item.len() > 1 => "comment_after",
        kind => kind,
    }
}

/// Whether `next` joins the item `item` holds so far: a ply's, begun by its decision, whose
/// last key stands before `next`'s. Of elements, or of a writer's pieces.
pub(super) fn joins<T: Kind>(item: &[T], next: &T) -> bool {
    let Some(first) = item.first() else {
        return false;
    };
    if !DECISIONS.contains(&first.kind()) {
        return false;
    }
    let last = key_in(&item[..item.len() - 1], &item[item.len() - 1]);
    matches!((rank(key_in(item, next)), rank(last)), (Some(k), Some(l)) if k > l)
}

/// The elements of an item read from its map, `(key, element)` in the map's order: in the
/// record's order, or why the map is not an item.
pub fn in_order(mut read: Vec<(&'static str, Element)>) -> Result<Vec<Element>, String> {
    let Some(decision) = read
        .iter()
        .find(|(k, _)| DECISIONS.contains(k))
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
            map.serialize_entry(key_in(&self.0[..i], element), &Content(element))?;
        }
        map.end()
    }
}

/// The items of a move text, each a ply's elements or one element.
pub fn items(elements: &[Element]) -> impl Iterator<Item = &[Element]> {
    let mut rest = elements;
    std::iter::from_fn(move || {
        rest.first()?;
        let mut end = 1;
        while end < rest.len() && joins(&rest[..end], &rest[end]) {
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
