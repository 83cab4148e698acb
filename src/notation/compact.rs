//! The short forms of the syntax tree in a YAML or JSON document (docs/notation.md, "YAML and
//! JSON"), so that a person can read and write one by hand: a pile or a hole that holds only
//! seeds is its number (and an empty hole out of play `x`, as MGN writes it), a sowing that is only its hole and a muzi's first-visit drop are the
//! hole's name, a move that is only its sowings is their list, a brace comment is its text.
//! Every other value is the map serde's derive writes (each type's derive is `remote = "Self"`:
//! its functions are the map form, called here), and a reader takes either form, so that the
//! maps of documents written before the short forms still read.

use super::ast::{
    Comment, CommentStyle, HeaderComment, Hole, HoleState, HoleStateFields, Move, MuziDrop, Pile,
};
use super::ast::{Muzi, OneInline, Sowing, Spanned};
use serde::de::value::{MapAccessDeserializer, SeqAccessDeserializer};
use serde::de::{self, MapAccess, SeqAccess, Unexpected, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::marker::PhantomData;

/// A pile always as the map of `seeds` and `muzi`, never the short form: for a hole's map,
/// which holds its keys among its own, and for the events of `mgn-trace/1` (docs/ci.md), whose
/// shape came before the short forms.
pub fn pile_map<S: Serializer>(pile: &Pile, serializer: S) -> Result<S::Ok, S::Error> {
    Pile::serialize(pile, serializer)
}

/// A count as serde reads a `u32`, refusing what does not fit with serde's own words.
fn count<E: de::Error>(n: u64) -> Result<u32, E> {
    u32::try_from(n).map_err(|_| E::invalid_value(Unexpected::Unsigned(n), &"u32"))
}

/// The short form a value may take besides its map.
trait Short: Sized {
    /// What a reader expects, for messages: "a number of seeds, or a map of ...".
    const EXPECTING: &'static str;
    fn from_map<'de, A: MapAccess<'de>>(map: A) -> Result<Self, A::Error>;
    fn from_number<E: de::Error>(n: u64) -> Result<Self, E> {
        Err(E::invalid_type(Unexpected::Unsigned(n), &Self::EXPECTING))
    }
    fn from_text<E: de::Error>(text: &str) -> Result<Self, E> {
        Err(E::invalid_type(Unexpected::Str(text), &Self::EXPECTING))
    }
    fn from_seq<'de, A: SeqAccess<'de>>(_: A) -> Result<Self, A::Error> {
        Err(de::Error::invalid_type(Unexpected::Seq, &Self::EXPECTING))
    }
}

struct ShortOrMap<T>(PhantomData<T>);

impl<'de, T: Short> Visitor<'de> for ShortOrMap<T> {
    type Value = T;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(T::EXPECTING)
    }

    fn visit_u64<E: de::Error>(self, n: u64) -> Result<T, E> {
        T::from_number(n)
    }

    fn visit_i64<E: de::Error>(self, n: i64) -> Result<T, E> {
        match u64::try_from(n) {
            Ok(n) => T::from_number(n),
            Err(_) => Err(E::invalid_value(Unexpected::Signed(n), &"u32")),
        }
    }

    fn visit_str<E: de::Error>(self, text: &str) -> Result<T, E> {
        T::from_text(text)
    }

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<T, A::Error> {
        T::from_map(map)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<T, A::Error> {
        T::from_seq(seq)
    }
}

fn short_or_map<'de, T: Short, D: Deserializer<'de>>(deserializer: D) -> Result<T, D::Error> {
    deserializer.deserialize_any(ShortOrMap(PhantomData))
}

fn hole<E: de::Error>(text: &str) -> Result<Hole, E> {
    text.parse().map_err(E::custom)
}

impl Short for Pile {
    const EXPECTING: &'static str = "a number of seeds, or a map of `seeds` and `muzi`";
    fn from_map<'de, A: MapAccess<'de>>(map: A) -> Result<Pile, A::Error> {
        Pile::deserialize(MapAccessDeserializer::new(map))
    }
    fn from_number<E: de::Error>(n: u64) -> Result<Pile, E> {
        Ok(Pile {
            seeds: count(n)?,
            muzi: Muzi::NONE,
        })
    }
}

impl Serialize for Pile {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        if self.muzi.is_empty() {
            serializer.serialize_u32(self.seeds)
        } else {
            Pile::serialize(self, serializer)
        }
    }
}

impl<'de> Deserialize<'de> for Pile {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Pile, D::Error> {
        short_or_map(deserializer)
    }
}

impl Short for HoleState {
    const EXPECTING: &'static str =
        "a number of seeds, `x` (out of play), or a map of `seeds`, `muzi`, `owner` and `out_of_play`";
    fn from_text<E: de::Error>(text: &str) -> Result<HoleState, E> {
        match text {
            "x" => Ok(HoleState {
                pile: Pile::default(),
                owner: None,
                out_of_play: true,
            }),
            _ => Err(E::invalid_value(Unexpected::Str(text), &Self::EXPECTING)),
        }
    }
    fn from_map<'de, A: MapAccess<'de>>(map: A) -> Result<HoleState, A::Error> {
        HoleStateFields::deserialize(MapAccessDeserializer::new(map)).map(HoleStateFields::state)
    }
    fn from_number<E: de::Error>(n: u64) -> Result<HoleState, E> {
        Ok(HoleState {
            pile: Pile::from_number(n)?,
            owner: None,
            out_of_play: false,
        })
    }
}

impl Serialize for HoleState {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let plain = self.pile.muzi.is_empty() && self.owner.is_none();
        if plain && !self.out_of_play {
            serializer.serialize_u32(self.pile.seeds)
        } else if plain && self.pile.seeds == 0 {
            // As MGN writes a hole out of play.
            serializer.serialize_str("x")
        } else {
            HoleState::serialize(self, serializer)
        }
    }
}

impl<'de> Deserialize<'de> for HoleState {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<HoleState, D::Error> {
        short_or_map(deserializer)
    }
}

impl Short for MuziDrop {
    const EXPECTING: &'static str = "a hole such as A2, or a map of `hole`, `visit` and `takes`";
    fn from_map<'de, A: MapAccess<'de>>(map: A) -> Result<MuziDrop, A::Error> {
        MuziDrop::deserialize(MapAccessDeserializer::new(map))
    }
    fn from_text<E: de::Error>(text: &str) -> Result<MuziDrop, E> {
        Ok(MuziDrop {
            hole: hole(text)?,
            visit: 1,
            takes: None,
        })
    }
}

impl Serialize for MuziDrop {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        if self.visit == 1 && self.takes.is_none() {
            self.hole.serialize(serializer)
        } else {
            MuziDrop::serialize(self, serializer)
        }
    }
}

impl<'de> Deserialize<'de> for MuziDrop {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<MuziDrop, D::Error> {
        short_or_map(deserializer)
    }
}

impl Short for Sowing {
    const EXPECTING: &'static str =
        "a hole such as B4, or a map of `hole`, `direction`, `transfer_to` and `muzi_drops`";
    fn from_map<'de, A: MapAccess<'de>>(map: A) -> Result<Sowing, A::Error> {
        Sowing::deserialize(MapAccessDeserializer::new(map))
    }
    fn from_text<E: de::Error>(text: &str) -> Result<Sowing, E> {
        Ok(Sowing {
            hole: Spanned::new(hole(text)?, Default::default()),
            direction: None,
            transfer_to: None,
            muzi_drops: Default::default(),
        })
    }
}

impl Serialize for Sowing {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        if self.direction.is_none() && self.transfer_to.is_none() && self.muzi_drops.is_empty() {
            self.hole.serialize(serializer)
        } else {
            Sowing::serialize(self, serializer)
        }
    }
}

impl<'de> Deserialize<'de> for Sowing {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Sowing, D::Error> {
        short_or_map(deserializer)
    }
}

impl Short for Move {
    const EXPECTING: &'static str = "a list of sowings, or a map of `sowings`, `extra_captures`, `actions` and `stopped_after_lap`";
    fn from_map<'de, A: MapAccess<'de>>(map: A) -> Result<Move, A::Error> {
        Move::deserialize(MapAccessDeserializer::new(map))
    }
    fn from_seq<'de, A: SeqAccess<'de>>(seq: A) -> Result<Move, A::Error> {
        Ok(Move {
            sowings: OneInline::deserialize(SeqAccessDeserializer::new(seq))?,
            extra_captures: Default::default(),
            actions: Default::default(),
            stopped_after_lap: None,
        })
    }
}

impl Serialize for Move {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        if self.extra_captures.is_empty()
            && self.actions.is_empty()
            && self.stopped_after_lap.is_none()
        {
            self.sowings.serialize(serializer)
        } else {
            Move::serialize(self, serializer)
        }
    }
}

impl<'de> Deserialize<'de> for Move {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Move, D::Error> {
        short_or_map(deserializer)
    }
}

impl Short for Comment {
    const EXPECTING: &'static str =
        "a brace comment's text, or a map of `text` and `style` (brace or line)";
    fn from_map<'de, A: MapAccess<'de>>(map: A) -> Result<Comment, A::Error> {
        Comment::deserialize(MapAccessDeserializer::new(map))
    }
    fn from_text<E: de::Error>(text: &str) -> Result<Comment, E> {
        Ok(Comment {
            text: text.to_string(),
            style: CommentStyle::Brace,
        })
    }
}

impl Serialize for Comment {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self.style {
            CommentStyle::Brace => serializer.serialize_str(&self.text),
            CommentStyle::Line => Comment::serialize(self, serializer),
        }
    }
}

impl<'de> Deserialize<'de> for Comment {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Comment, D::Error> {
        short_or_map(deserializer)
    }
}

impl Short for HeaderComment {
    const EXPECTING: &'static str =
        "a brace comment's text, or a map of `text`, `style` (brace or line) and `after` (the tag it followed)";
    fn from_map<'de, A: MapAccess<'de>>(map: A) -> Result<HeaderComment, A::Error> {
        HeaderComment::deserialize(MapAccessDeserializer::new(map))
    }
    fn from_text<E: de::Error>(text: &str) -> Result<HeaderComment, E> {
        Comment::from_text(text).map(HeaderComment::from)
    }
}

impl Serialize for HeaderComment {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        if self.style == CommentStyle::Brace && self.after == HeaderComment::AFTER_GAME {
            serializer.serialize_str(&self.text)
        } else {
            HeaderComment::serialize(self, serializer)
        }
    }
}

impl<'de> Deserialize<'de> for HeaderComment {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<HeaderComment, D::Error> {
        short_or_map(deserializer)
    }
}
