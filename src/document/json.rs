//! A JSON document read as a stream: serde_json deserializes the document map with a visitor of
//! our own, which reads each game's map key by key, and each item of its `moves` (a ply, or an
//! element) on its own, handed over before the next one is read.

use super::items::ItemSeed;
use super::{
    in_game_error, DocumentError, GameKey, ReadError, Reading, DOCUMENT_FIELDS, GAME_FIELDS,
    MAX_DEPTH,
};
use crate::notation::{Comment, Game, Header, Outcome, Spanned};
use serde::de::value::SeqAccessDeserializer;
use serde::de::{self, Deserialize, DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};
use std::cell::Cell;
use std::fmt;
use std::io::{self, BufRead, BufReader, Read};

pub(super) fn read<R: BufRead, E>(
    input: R,
    reading: &mut Reading<'_, E>,
) -> Result<(), ReadError<E>> {
    let stop = Cell::new(None);
    // serde_json reads a byte at a time, which std makes cheap from a `BufReader` only.
    let counted = BufReader::with_capacity(1 << 16, Counted::new(input, &stop));
    let mut de = serde_json::Deserializer::from_reader(counted);
    let mut failed = None;
    let read = DocumentSeed {
        reading: &mut *reading,
        failed: &mut failed,
    }
    .deserialize(&mut de)
    .and_then(|()| de.end());
    let Err(error) = read else {
        return Ok(());
    };
    // A refusal of the reading was handed to serde_json as an error of its own, which it placed
    // where it stood: the refusal is placed there, unless it says where it is.
    if let Some(failed) = failed {
        return Err(match failed {
            ReadError::Document(refused) if error.line() > 0 => {
                ReadError::Document(refused.or_at(error.line(), error.column().max(1)))
            }
            other => other,
        });
    }
    // The count reads ahead of serde_json: where it stopped is where the reading stopped only
    // if serde_json got that far, which its failing to read says.
    let error = match stop.get() {
        Some(stop) if error.is_io() => DocumentError {
            message: stop.why.message(),
            line: Some(stop.line),
            column: Some(stop.column),
        },
        _ if error.is_io() => return Err(ReadError::Io(error.into())),
        _ => DocumentError::from_json(error),
    };
    Err(ReadError::Document(match reading.current {
        Some(k) => in_game_error(k, error),
        None => error,
    }))
}

/// The document's keys. Any other is refused, as serde's `deny_unknown_fields` refuses it: a
/// document holds nothing a conversion would drop.
enum Key {
    Mgn,
    Games,
}

impl<'de> de::Deserialize<'de> for Key {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Key, D::Error> {
        struct KeyVisitor;
        impl Visitor<'_> for KeyVisitor {
            type Value = Key;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a key")
            }
            fn visit_str<E: de::Error>(self, key: &str) -> Result<Key, E> {
                match key {
                    "mgn" => Ok(Key::Mgn),
                    "games" => Ok(Key::Games),
                    _ => Err(de::Error::unknown_field(key, DOCUMENT_FIELDS)),
                }
            }
        }
        deserializer.deserialize_identifier(KeyVisitor)
    }
}

/// A refusal of ours (a game MGN cannot write, an unsupported version) or the caller's error
/// travels through serde as a bare error and is kept in `failed`, which takes precedence.
fn stop<E, F: de::Error>(failed: &mut Option<ReadError<E>>, why: ReadError<E>) -> F {
    *failed = Some(why);
    F::custom("stopped")
}

struct DocumentSeed<'s, 'f, E> {
    reading: &'s mut Reading<'f, E>,
    failed: &'s mut Option<ReadError<E>>,
}

impl<'de, E> DeserializeSeed<'de> for DocumentSeed<'_, '_, E> {
    type Value = ();
    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<(), D::Error> {
        deserializer.deserialize_map(self)
    }
}

impl<'de, E> Visitor<'de> for DocumentSeed<'_, '_, E> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a map of `mgn` and `games`")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        let mut games_seen = false;
        while let Some(key) = map.next_key::<Key>()? {
            match key {
                Key::Mgn => {
                    if self.reading.version.is_some() {
                        return Err(de::Error::duplicate_field("mgn"));
                    }
                    let version: u32 = map.next_value()?;
                    if let Err(e) = self.reading.version(version) {
                        return Err(stop(self.failed, ReadError::Document(e)));
                    }
                }
                Key::Games => {
                    if games_seen {
                        return Err(de::Error::duplicate_field("games"));
                    }
                    games_seen = true;
                    map.next_value_seed(GamesSeed {
                        reading: &mut *self.reading,
                        failed: &mut *self.failed,
                    })?;
                }
            }
        }
        match self.reading.end(games_seen) {
            Ok(()) => Ok(()),
            Err(e) => Err(stop(self.failed, ReadError::Document(e))),
        }
    }
}

struct GamesSeed<'s, 'f, E> {
    reading: &'s mut Reading<'f, E>,
    failed: &'s mut Option<ReadError<E>>,
}

impl<'de, E> DeserializeSeed<'de> for GamesSeed<'_, '_, E> {
    type Value = ();
    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<(), D::Error> {
        deserializer.deserialize_seq(self)
    }
}

impl<'de, E> Visitor<'de> for GamesSeed<'_, '_, E> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a sequence of games")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        loop {
            self.reading.begin_game();
            let game = GameSeed {
                reading: &mut *self.reading,
                failed: &mut *self.failed,
            };
            if seq.next_element_seed(game)?.is_none() {
                break;
            }
        }
        self.reading.current = None;
        Ok(())
    }
}

/// A key of a game's map. Any other is refused, as serde's `deny_unknown_fields` refuses it.
impl<'de> Deserialize<'de> for GameKey {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct KeyVisitor;
        impl Visitor<'_> for KeyVisitor {
            type Value = GameKey;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("field identifier")
            }
            fn visit_str<E: de::Error>(self, key: &str) -> Result<GameKey, E> {
                GameKey::of(key).ok_or_else(|| de::Error::unknown_field(key, GAME_FIELDS))
            }
        }
        deserializer.deserialize_identifier(KeyVisitor)
    }
}

/// One game: its map read key by key, each piece handed to the [`Reading`] as it is read.
struct GameSeed<'s, 'f, E> {
    reading: &'s mut Reading<'f, E>,
    failed: &'s mut Option<ReadError<E>>,
}

impl<'de, E> DeserializeSeed<'de> for GameSeed<'_, '_, E> {
    type Value = ();
    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<(), D::Error> {
        deserializer.deserialize_struct("Game", GAME_FIELDS, self)
    }
}

impl<'de, E> Visitor<'de> for GameSeed<'_, '_, E> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("struct Game")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        while let Some(key) = map.next_key::<GameKey>()? {
            if !self.reading.first_time(key) {
                return Err(de::Error::duplicate_field(key.name()));
            }
            let read = match key {
                GameKey::Before => {
                    let before = map.next_value::<Vec<Spanned<Comment>>>()?;
                    self.reading.before(before)
                }
                GameKey::Header => {
                    let header = map.next_value::<Header>()?;
                    self.reading.header(header);
                    Ok(())
                }
                GameKey::Moves => {
                    map.next_value_seed(MovesSeed {
                        reading: &mut *self.reading,
                        failed: &mut *self.failed,
                    })?;
                    Ok(())
                }
                GameKey::Outcome => {
                    let outcome = map.next_value::<Spanned<Outcome>>()?;
                    self.reading.outcome(outcome);
                    Ok(())
                }
                GameKey::After => {
                    let after = map.next_value::<Vec<Spanned<Comment>>>()?;
                    self.reading.after(after);
                    Ok(())
                }
            };
            if let Err(why) = read {
                return Err(stop(self.failed, why));
            }
        }
        if let Some(field) = self.reading.missing() {
            return Err(de::Error::missing_field(field));
        }
        self.reading
            .end_game()
            .map_err(|why| stop(self.failed, why))
    }

    /// serde's derive also reads a struct from a sequence of its fields, in order. No writer
    /// writes a game so: it is read whole, as it was before, and handed over in pieces.
    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<(), A::Error> {
        let game = Game::deserialize(SeqAccessDeserializer::new(seq))?;
        self.reading
            .whole_game(game)
            .map_err(|why| stop(self.failed, why))
    }
}

/// A game's `moves`: each element deserialized alone and handed over before the next is read.
struct MovesSeed<'s, 'f, E> {
    reading: &'s mut Reading<'f, E>,
    failed: &'s mut Option<ReadError<E>>,
}

impl<'de, E> DeserializeSeed<'de> for MovesSeed<'_, '_, E> {
    type Value = ();
    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<(), D::Error> {
        deserializer.deserialize_seq(self)
    }
}

impl<'de, E> Visitor<'de> for MovesSeed<'_, '_, E> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a sequence")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        if let Err(why) = self.reading.moves() {
            return Err(stop(self.failed, why));
        }
        // Each item (a ply's elements, or one element) is read whole, then handed over an
        // element at a time.
        while let Some(item) = seq.next_element_seed(ItemSeed)? {
            for element in item {
                if let Err(why) = self.reading.element(element) {
                    return Err(stop(self.failed, why));
                }
            }
        }
        Ok(())
    }
}

/// The input as serde_json reads it, counted on the way: a value nested deeper than
/// [`MAX_DEPTH`] ends the reading there, wherever it stands (serde_json's own limit is 128
/// levels, and serde reads a transaction whole before it checks its keys), and so does a byte
/// that is not UTF-8, wherever it stands (serde_json looks only at the strings it keeps). Where
/// and why is left in `stop`, the bytes before it are read, and the read after them fails.
struct Counted<'p, R> {
    input: R,
    count: Count<'p>,
}

#[derive(Clone, Copy)]
struct Stop {
    why: Why,
    line: usize,
    column: usize,
}

#[derive(Clone, Copy)]
enum Why {
    TooDeep,
    NotUtf8(u8),
}

impl Why {
    fn message(self) -> String {
        match self {
            Why::TooDeep => super::too_deep_message(),
            Why::NotUtf8(byte) => format!("the text is not UTF-8 (byte {byte:#04x})"),
        }
    }
}

/// The bytes that change the count: all others are counted as a column.
static SPECIAL: [bool; 256] = {
    let mut special = [false; 256];
    let mut byte = 0;
    while byte < 256 {
        special[byte] =
            byte >= 0x80 || matches!(byte as u8, b'"' | b'\\' | b'[' | b']' | b'{' | b'}' | b'\n');
        byte += 1;
    }
    special
};

struct Count<'p> {
    depth: usize,
    in_string: bool,
    escaped: bool,
    /// Continuation bytes the current UTF-8 character still needs.
    continuations: u8,
    /// The range of the next continuation byte (narrower for the first after some leads).
    next: (u8, u8),
    line: usize,
    /// Bytes of the current line read so far.
    column: usize,
    stop: &'p Cell<Option<Stop>>,
}

impl<'p, R> Counted<'p, R> {
    fn new(input: R, stop: &'p Cell<Option<Stop>>) -> Self {
        Counted {
            input,
            count: Count {
                depth: 0,
                in_string: false,
                escaped: false,
                continuations: 0,
                next: (0x80, 0xBF),
                line: 1,
                column: 0,
                stop,
            },
        }
    }
}

impl Count<'_> {
    /// Counts `byte` in, unless it opens a level past the limit or breaks UTF-8.
    #[inline]
    fn admit(&mut self, byte: u8) -> bool {
        if !SPECIAL[byte as usize] && self.continuations == 0 {
            self.column += 1;
            return true;
        }
        self.admit_special(byte)
    }

    fn admit_special(&mut self, byte: u8) -> bool {
        if byte >= 0x80 || self.continuations > 0 {
            if !self.utf8(byte) {
                return self.refuse(Why::NotUtf8(byte));
            }
        } else if self.in_string {
            if self.escaped {
                self.escaped = false;
            } else if byte == b'\\' {
                self.escaped = true;
            } else if byte == b'"' {
                self.in_string = false;
            }
        } else {
            match byte {
                b'"' => self.in_string = true,
                b'[' | b'{' => {
                    if self.depth == MAX_DEPTH {
                        return self.refuse(Why::TooDeep);
                    }
                    self.depth += 1;
                }
                b']' | b'}' => self.depth = self.depth.saturating_sub(1),
                _ => {}
            }
        }
        if byte == b'\n' {
            self.line += 1;
            self.column = 0;
        } else {
            self.column += 1;
        }
        true
    }

    fn refuse(&mut self, why: Why) -> bool {
        self.stop.set(Some(Stop {
            why,
            line: self.line,
            column: self.column + 1,
        }));
        false
    }

    /// Whether `byte` may come next in UTF-8 (the ranges of the Unicode standard, table 3-7:
    /// no overlong form, no surrogate, nothing past U+10FFFF).
    fn utf8(&mut self, byte: u8) -> bool {
        if self.continuations > 0 {
            if !(self.next.0..=self.next.1).contains(&byte) {
                return false;
            }
            self.continuations -= 1;
            self.next = (0x80, 0xBF);
            return true;
        }
        let (continuations, next) = match byte {
            0xC2..=0xDF => (1, (0x80, 0xBF)),
            0xE0 => (2, (0xA0, 0xBF)),
            0xE1..=0xEC | 0xEE..=0xEF => (2, (0x80, 0xBF)),
            0xED => (2, (0x80, 0x9F)),
            0xF0 => (3, (0x90, 0xBF)),
            0xF1..=0xF3 => (3, (0x80, 0xBF)),
            0xF4 => (3, (0x80, 0x8F)),
            _ => return false,
        };
        self.continuations = continuations;
        self.next = next;
        true
    }
}

impl<R: BufRead> Read for Counted<'_, R> {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        let available = self.input.fill_buf()?;
        let offered = &available[..available.len().min(out.len())];
        let taken = offered
            .iter()
            .position(|&byte| !self.count.admit(byte))
            .unwrap_or(offered.len());
        out[..taken].copy_from_slice(&offered[..taken]);
        let refused = taken < out.len() && taken < available.len();
        self.input.consume(taken);
        if taken == 0 && refused {
            let why = self.count.stop.get().map(|stop| stop.why.message());
            return Err(io::Error::other(why.unwrap_or_default()));
        }
        Ok(taken)
    }
}
