//! Documents written a game at a time, each game an element at a time: a file of any size, and a
//! game of millions of moves, are converted with memory for one element, not for the document.
//! The text is the one [`super::to_json`] and [`super::to_yaml`] give for the whole document.

use super::{untag, Format, FORMAT_VERSION};
use crate::notation::{Comment, Element, Header, Outcome, Spanned};
use serde::ser::{Error as _, SerializeSeq, SerializeStruct};
use serde::{Serialize, Serializer};
use std::borrow::Borrow;
use std::cell::RefCell;
use std::io::{self, Write};

/// A document written to `out` game by game.
pub struct DocumentWriter<W: Write> {
    out: W,
    format: Format,
    games: usize,
}

/// The end of a game, known once its move text is read: its result and the comments after it.
pub type GameEnd = (Spanned<Outcome>, Vec<Spanned<Comment>>);

impl<W: Write> DocumentWriter<W> {
    /// Writes the document's opening.
    pub fn new(mut out: W, format: Format) -> io::Result<DocumentWriter<W>> {
        match format {
            Format::Json => write!(out, "{{\n  \"mgn\": {FORMAT_VERSION},\n  \"games\": [")?,
            Format::Yaml => writeln!(out, "mgn: {FORMAT_VERSION}")?,
        }
        Ok(DocumentWriter {
            out,
            format,
            games: 0,
        })
    }

    /// One game: what stands before its move text, its elements as `elements` gives them, then
    /// its end, which `end` gives once they are all written. An element that cannot be had
    /// (`Err`) stops the game and is the error.
    pub fn game<E, I, F>(
        &mut self,
        before: &[Spanned<Comment>],
        header: &Header,
        elements: I,
        end: F,
    ) -> io::Result<()>
    where
        E: Borrow<Element>,
        I: Iterator<Item = io::Result<E>>,
        F: FnOnce() -> io::Result<GameEnd>,
    {
        let game = LazyGame {
            before,
            header,
            yaml: self.format == Format::Yaml,
            elements: RefCell::new(Some(elements)),
            end: RefCell::new(Some(end)),
        };
        let first = self.games == 0;
        self.games += 1;
        match self.format {
            Format::Json => {
                self.out
                    .write_all(if first { b"\n    " } else { b",\n    " })?;
                let mut json =
                    serde_json::Serializer::with_formatter(&mut self.out, Indented::at(2));
                game.serialize(&mut json).map_err(io_error)
            }
            Format::Yaml => {
                if first {
                    self.out.write_all(b"games:\n")?;
                }
                // A game alone, its lines shifted under a `- `, is that game as an item of the
                // document's `games`: the text the whole document gives.
                let item = ItemLines::new(&mut self.out, 0);
                let mut yaml = serde_yaml::Serializer::new(item);
                game.serialize(&mut yaml).map_err(io_error)?;
                yaml.into_inner().map_err(io_error)?;
                Ok(())
            }
        }
    }

    /// Writes the document's close and gives the output back.
    pub fn finish(mut self) -> io::Result<W> {
        match self.format {
            Format::Json => {
                let close: &[u8] = if self.games == 0 {
                    b"]\n}\n"
                } else {
                    b"\n  ]\n}\n"
                };
                self.out.write_all(close)?;
            }
            Format::Yaml if self.games == 0 => self.out.write_all(b"games: []\n")?,
            Format::Yaml => {}
        }
        Ok(self.out)
    }
}

fn io_error(error: impl std::fmt::Display) -> io::Error {
    io::Error::other(error.to_string())
}

/// A game serialized as [`crate::notation::Game`] is, its elements and end pulled as they are
/// written.
struct LazyGame<'g, I, F> {
    before: &'g [Spanned<Comment>],
    header: &'g Header,
    yaml: bool,
    elements: RefCell<Option<I>>,
    end: RefCell<Option<F>>,
}

impl<E, I, F> Serialize for LazyGame<'_, I, F>
where
    E: Borrow<Element>,
    I: Iterator<Item = io::Result<E>>,
    F: FnOnce() -> io::Result<GameEnd>,
{
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut game = serializer.serialize_struct("Game", 5)?;
        if self.before.is_empty() {
            game.skip_field("before")?;
        } else {
            game.serialize_field("before", self.before)?;
        }
        game.serialize_field("header", self.header)?;
        let elements = self.elements.borrow_mut().take();
        game.serialize_field(
            "moves",
            &Elements {
                elements: RefCell::new(elements),
                yaml: self.yaml,
            },
        )?;
        let end = self
            .end
            .borrow_mut()
            .take()
            .ok_or_else(|| S::Error::custom("written twice"))?;
        let (outcome, after) = end().map_err(S::Error::custom)?;
        game.serialize_field("outcome", &outcome)?;
        if after.is_empty() {
            game.skip_field("after")?;
        } else {
            game.serialize_field("after", &after)?;
        }
        game.end()
    }
}

struct Elements<I> {
    elements: RefCell<Option<I>>,
    yaml: bool,
}

impl<E, I> Serialize for Elements<I>
where
    E: Borrow<Element>,
    I: Iterator<Item = io::Result<E>>,
{
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut seq = serializer.serialize_seq(None)?;
        let elements = self.elements.borrow_mut().take();
        for element in elements.into_iter().flatten() {
            let element = element.map_err(S::Error::custom)?;
            if self.yaml {
                // yaml_serde writes an enum variant as a YAML tag; the document's shape is a
                // one-key map, as in JSON (see `to_yaml`).
                let value = serde_yaml::to_value(element.borrow()).map_err(S::Error::custom)?;
                seq.serialize_element(&untag(value))?;
            } else {
                seq.serialize_element(element.borrow())?;
            }
        }
        seq.end()
    }
}

/// The lines of a YAML node written alone, shifted to stand as an item of a block sequence
/// `depth` levels in: `- ` before the first line and two spaces before the others (but blank
/// ones), after two spaces a level.
pub struct ItemLines<W> {
    out: W,
    depth: usize,
    first_line: bool,
    line_start: bool,
}

impl<W: Write> ItemLines<W> {
    pub fn new(out: W, depth: usize) -> ItemLines<W> {
        ItemLines {
            out,
            depth,
            first_line: true,
            line_start: true,
        }
    }

    /// More lines of an item whose first line is already written.
    pub fn continued(out: W, depth: usize) -> ItemLines<W> {
        ItemLines {
            first_line: false,
            ..ItemLines::new(out, depth)
        }
    }
}

impl<W: Write> Write for ItemLines<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let mut rest = buf;
        while !rest.is_empty() {
            if self.line_start && rest[0] != b'\n' {
                for _ in 0..self.depth {
                    self.out.write_all(b"  ")?;
                }
                self.out
                    .write_all(if self.first_line { b"- " } else { b"  " })?;
                self.first_line = false;
            }
            let line = match memchr::memchr(b'\n', rest) {
                Some(end) => &rest[..=end],
                None => rest,
            };
            self.out.write_all(line)?;
            self.line_start = line.ends_with(b"\n");
            rest = &rest[line.len()..];
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}

/// serde_json's pretty layout (two spaces a level), starting `level` levels in: a value written
/// alone stands where the whole document's writer would put it.
pub struct Indented {
    level: usize,
    has_value: bool,
}

impl Indented {
    pub fn at(level: usize) -> Indented {
        Indented {
            level,
            has_value: false,
        }
    }

    fn indent<W: ?Sized + Write>(&self, out: &mut W) -> io::Result<()> {
        for _ in 0..self.level {
            out.write_all(b"  ")?;
        }
        Ok(())
    }
}

impl serde_json::ser::Formatter for Indented {
    fn begin_array<W: ?Sized + Write>(&mut self, out: &mut W) -> io::Result<()> {
        self.level += 1;
        self.has_value = false;
        out.write_all(b"[")
    }

    fn end_array<W: ?Sized + Write>(&mut self, out: &mut W) -> io::Result<()> {
        self.level -= 1;
        if self.has_value {
            out.write_all(b"\n")?;
            self.indent(out)?;
        }
        out.write_all(b"]")
    }

    fn begin_array_value<W: ?Sized + Write>(&mut self, out: &mut W, first: bool) -> io::Result<()> {
        out.write_all(if first { b"\n" } else { b",\n" })?;
        self.indent(out)
    }

    fn end_array_value<W: ?Sized + Write>(&mut self, _out: &mut W) -> io::Result<()> {
        self.has_value = true;
        Ok(())
    }

    fn begin_object<W: ?Sized + Write>(&mut self, out: &mut W) -> io::Result<()> {
        self.level += 1;
        self.has_value = false;
        out.write_all(b"{")
    }

    fn end_object<W: ?Sized + Write>(&mut self, out: &mut W) -> io::Result<()> {
        self.level -= 1;
        if self.has_value {
            out.write_all(b"\n")?;
            self.indent(out)?;
        }
        out.write_all(b"}")
    }

    fn begin_object_key<W: ?Sized + Write>(&mut self, out: &mut W, first: bool) -> io::Result<()> {
        out.write_all(if first { b"\n" } else { b",\n" })?;
        self.indent(out)
    }

    fn begin_object_value<W: ?Sized + Write>(&mut self, out: &mut W) -> io::Result<()> {
        out.write_all(b": ")
    }

    fn end_object_value<W: ?Sized + Write>(&mut self, _out: &mut W) -> io::Result<()> {
        self.has_value = true;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::{parse_games, Game};

    fn streamed(games: &[Game], format: Format) -> String {
        let mut writer = DocumentWriter::new(Vec::new(), format).unwrap();
        for game in games {
            let elements = game.moves.iter().map(Ok);
            let end = || Ok((game.outcome.clone(), game.after.clone()));
            writer
                .game(&game.before, &game.header, elements, end)
                .unwrap();
        }
        String::from_utf8(writer.finish().unwrap()).unwrap()
    }

    #[test]
    fn a_document_written_game_by_game_is_the_one_written_whole() {
        let text = "{a}\n[Game \"dong-wo\"]\n{h}\n[Event \"x\\ny: 'z'\"]\n\n\
                    1. B3>@A2'~12^A4/17 x7(A2,B4) =0/mA {c\n\nd} round 2 fill:A2 swap:A2:B4 \
                    buy:B2=3 1-0 {e}\n\n[Game \"dakon\"]\n\n1. B4 *\n";
        let games: Vec<Game> = parse_games(text).into_iter().map(Result::unwrap).collect();
        for games in [&games[..], &games[..1], &[][..]] {
            assert_eq!(streamed(games, Format::Json), super::super::to_json(games));
            assert_eq!(streamed(games, Format::Yaml), super::super::to_yaml(games));
        }
    }
}
