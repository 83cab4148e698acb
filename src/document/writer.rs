//! Documents written a game at a time, each game a piece at a time: a file of any size, and a
//! game of millions of moves, are converted with memory for one element, the item being written
//! and a chunk of the document's text ([`CHUNK`], 512 KiB, written out whole), not for the
//! document.
//! The text is the one [`super::to_json`] and [`super::to_yaml`] give for the whole document.
//! The items of a game's `moves` are written straight from their elements (`json_items`,
//! `flow`), each element into its item as soon as it comes; the other pieces (a game's header,
//! outcome and comments) are serialized alone by serde and placed where the whole document's
//! writer puts them. In JSON, serde_json's pretty layout is started at the piece's level
//! ([`Indented`]); in YAML, whose block layout does not depend on how deep a node stands, the
//! piece's lines are shifted under the game's `- ` ([`ItemLines`]). The punctuation between the
//! pieces is written here.

use super::items::{Key, OpenItem};
use super::{flow, json_items, untag, Format, FORMAT_VERSION};
use crate::notation::{Comment, Element, Header, Outcome, PlainCheckpoint, Position, Spanned};
use serde::Serialize;
use std::borrow::Borrow;
use std::io::{self, Write};

/// A document written to `out` game by game, each game a piece at a time: pushed
/// ([`DocumentWriter::start_game`], [`DocumentWriter::element`], [`DocumentWriter::end_game`]),
/// or pulled from an iterator ([`DocumentWriter::game`]).
pub struct DocumentWriter<W: Write> {
    out: W,
    format: Format,
    games: usize,
    /// The game being written, if one is.
    open: Option<OpenGame>,
    /// The document's text not yet written to `out`: it goes out in whole chunks of [`CHUNK`]
    /// bytes ([`DocumentWriter::write_chunk`]), so that `out` needs no buffer of its own, and
    /// one that has one (a `BufWriter` of as many bytes or fewer) passes them on without a copy
    /// (a JSON document is many times the size of its record).
    text: Vec<u8>,
    /// YAML: the item of `moves` being put together, its lines already under the game's `- `.
    /// Its room is kept for the next item.
    yaml_item: String,
}

/// How many bytes of the document are written to the output at a time (or a multiple of it):
/// 512 KiB, a whole number of pages. A buffer of the output no larger passes each write on
/// without copying it (the CLI's is this size). Half the core's 2 MiB of L2: the text is written
/// here and then copied out of it by the kernel, and Dong Wo's 1.3 GB of JSON to a new file took
/// 2 to 5 % less CPU than in chunks of 1 MiB (four runs, each the best of five to eight, the
/// memory settled before each command as benches/ratios.sh does), with 256 KiB about the same
/// and 2 MiB twice as long (this virtual machine's kernel then took whole 2 MiB blocks that its
/// host had taken back, docs/performance.md).
pub const CHUNK: usize = 1 << 19;

/// Where a game being written stands.
struct OpenGame {
    /// Items of `moves` begun so far.
    elements: usize,
    /// JSON: fields written so far.
    fields: usize,
    /// YAML: where the lines of the game's item stand, carried from one piece to the next.
    lines: LineState,
    /// The item of `moves` being put together, if one is: a ply's decision and the claims and
    /// comments that join it so far, or an element that stands alone.
    item: Option<OpenItem>,
}

/// The end of a game, known once its move text is read: its result and the comments after it.
pub type GameEnd = (Spanned<Outcome>, Vec<Spanned<Comment>>);

/// How deep a game's fields stand in a JSON document (`{"games": [{"header": ...`), and its
/// elements (`"moves": [{...`): serde_json's pretty layout of the whole document, two spaces a
/// level.
const JSON_FIELD: usize = 3;
const JSON_ELEMENT: usize = 4;

impl<W: Write> DocumentWriter<W> {
    /// A writer of a document to `out`. Nothing is written to `out` before the document's text
    /// holds a chunk ([`CHUNK`]) or its finish: a conversion that stops before then leaves its
    /// output untouched. [`DocumentWriter::finish`] writes the rest, and must be called.
    pub fn new(out: W, format: Format) -> io::Result<DocumentWriter<W>> {
        Ok(DocumentWriter {
            out,
            format,
            games: 0,
            open: None,
            text: Vec::new(),
            yaml_item: String::new(),
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
        self.start_game(before, header)?;
        for element in elements {
            self.element(element?.borrow())?;
        }
        let (outcome, after) = end()?;
        self.end_game(&outcome, &after)
    }

    /// A game begins: the comments before it and its header. Its elements follow, then its end.
    pub fn start_game(&mut self, before: &[Spanned<Comment>], header: &Header) -> io::Result<()> {
        assert!(
            self.open.is_none(),
            "a game starts after the one before ends"
        );
        let first = self.games == 0;
        if first {
            self.write_opening()?;
        }
        self.games += 1;
        self.open = Some(OpenGame {
            elements: 0,
            fields: 0,
            lines: LineState::item(),
            item: None,
        });
        match self.format {
            Format::Json => {
                self.text
                    .write_all(if first { b"\n    {" } else { b",\n    {" })?;
            }
            Format::Yaml if first => self.text.write_all(b"games:\n")?,
            Format::Yaml => {}
        }
        // The fields in the order of `Game`, `before` left out when empty, as serde's derive
        // writes them.
        if !before.is_empty() {
            self.field("before", &before)?;
        }
        self.field("header", header)
    }

    /// The next element of the game's move text: written at once into the item of the ply it
    /// belongs to, which ends once the next element does not join it (the document's text goes
    /// out in whole chunks as items and games end).
    pub fn element(&mut self, element: &Element) -> io::Result<()> {
        self.place(Key::of(element))?;
        self.value(
            |json| json_items::content(json, element, JSON_ELEMENT + 1),
            |yaml| flow::content(element, yaml),
        );
        Ok(())
    }

    /// [`DocumentWriter::element`] of a checkpoint, given by its position (as
    /// [`GameReader::skip_checkpoint_into`] reads it): no element is made of it.
    ///
    /// [`GameReader::skip_checkpoint_into`]: crate::notation::GameReader::skip_checkpoint_into
    pub fn checkpoint(&mut self, position: &Position) -> io::Result<()> {
        self.place(Key::Checkpoint)?;
        self.value(
            |json| json_items::position(json, position, JSON_ELEMENT + 1),
            |yaml| flow::direct_position(position, yaml),
        );
        Ok(())
    }

    /// [`DocumentWriter::checkpoint`] of a checkpoint of numbers alone, given by its fields as
    /// the record writes them ([`SkippedCheckpoint::Plain`]): its value is written from them,
    /// without a position.
    ///
    /// [`SkippedCheckpoint::Plain`]: crate::notation::SkippedCheckpoint::Plain
    pub fn plain_checkpoint(&mut self, checkpoint: &PlainCheckpoint<'_>) -> io::Result<()> {
        self.place(Key::Checkpoint)?;
        self.value(
            |json| json_items::plain_position(json, checkpoint, JSON_ELEMENT + 1),
            |yaml| flow::plain_position(checkpoint, yaml),
        );
        Ok(())
    }

    /// Places an element of `kind` in the game's moves, and writes the key its value stands
    /// under: in the item being put together if it joins it, else in an item of its own, once
    /// the item before is written. An item's text depends only on the elements it holds so far,
    /// so it is written as they come.
    fn place(&mut self, kind: Key) -> io::Result<()> {
        let open = self
            .open
            .as_mut()
            .expect("an element comes after its game's start");
        if let Some(key) = open.item.as_mut().and_then(|item| item.join(kind)) {
            match self.format {
                Format::Json => json_items::item_key(&mut self.text, JSON_ELEMENT, false, key),
                Format::Yaml => flow::item_key(&mut self.yaml_item, "    ", key),
            }
            return Ok(());
        }
        self.item()?;
        let open = self.open.as_mut().expect("an item belongs to a game");
        let first = open.elements == 0;
        open.elements += 1;
        open.item = Some(OpenItem::begin(kind));
        match self.format {
            Format::Json => {
                if first {
                    self.json_key("moves")?;
                }
                // The item's line and indentation, in one copy.
                const ITEM_LINE: &[u8] = b",\n        {";
                const _: () = assert!(ITEM_LINE.len() == 3 + 2 * JSON_ELEMENT);
                if first {
                    self.text.push(b'[');
                }
                self.text
                    .extend_from_slice(&ITEM_LINE[usize::from(first)..]);
                json_items::item_key(&mut self.text, JSON_ELEMENT, true, kind);
            }
            Format::Yaml => {
                if first {
                    self.yaml_lines(|lines| lines.write_all(b"moves:\n"))?;
                }
                // Past its first line (its header's, which every game has), a game's lines stand
                // two spaces in, under its `- `: an item's lines are written so, without the
                // line shifter's look at each ([`ItemLines`]).
                debug_assert!(
                    self.open
                        .as_ref()
                        .is_some_and(|open| open.lines.line_start && !open.lines.first_line),
                    "an item of moves comes after its game's header, on a line of its own"
                );
                self.yaml_item.clear();
                flow::item_key(&mut self.yaml_item, "  - ", kind);
            }
        }
        Ok(())
    }

    /// The value of the element just placed ([`DocumentWriter::place`]), in the document's
    /// format.
    fn value(&mut self, json: impl FnOnce(&mut Vec<u8>), yaml: impl FnOnce(&mut String)) {
        match self.format {
            Format::Json => json(&mut self.text),
            Format::Yaml => {
                yaml(&mut self.yaml_item);
                self.yaml_item.push('\n');
            }
        }
    }

    /// Ends the item of `moves` put together so far, if any.
    fn item(&mut self) -> io::Result<()> {
        let open = self.open.as_mut().expect("an item belongs to a game");
        if open.item.take().is_none() {
            return Ok(());
        }
        match self.format {
            Format::Json => json_items::end_item(&mut self.text, JSON_ELEMENT),
            Format::Yaml => self.text.extend_from_slice(self.yaml_item.as_bytes()),
        }
        self.write_chunk()
    }

    /// Writes the text kept so far to the output in whole chunks ([`CHUNK`]), and keeps the
    /// rest: writes of whole pages, each starting where a page of the file does, cost the
    /// kernel about a twentieth less than the same bytes cut anywhere (measured on Dong Wo's
    /// 1.3 GB of JSON).
    fn write_chunk(&mut self) -> io::Result<()> {
        let whole = self.text.len() / CHUNK * CHUNK;
        if whole > 0 {
            self.out.write_all(&self.text[..whole])?;
            self.text.drain(..whole);
        }
        Ok(())
    }

    /// The game ends: its result and the comments after it.
    pub fn end_game(
        &mut self,
        outcome: &Spanned<Outcome>,
        after: &[Spanned<Comment>],
    ) -> io::Result<()> {
        self.item()?;
        let open = self.open.as_ref().expect("a game ends after it starts");
        let elements = open.elements;
        match self.format {
            Format::Json if elements == 0 => {
                self.json_key("moves")?;
                self.text.write_all(b"[]")?;
            }
            Format::Json => {
                self.text.write_all(b"\n")?;
                indent(&mut self.text, JSON_FIELD)?;
                self.text.write_all(b"]")?;
            }
            Format::Yaml if elements == 0 => {
                self.yaml_lines(|lines| lines.write_all(b"moves: []\n"))?
            }
            Format::Yaml => {}
        }
        self.field("outcome", outcome)?;
        if !after.is_empty() {
            self.field("after", &after)?;
        }
        if self.format == Format::Json {
            self.text.write_all(b"\n")?;
            indent(&mut self.text, JSON_FIELD - 1)?;
            self.text.write_all(b"}")?;
        }
        self.open = None;
        self.write_chunk()
    }

    /// A field of the game being written, as the whole game's writer writes it.
    fn field<T: Serialize + ?Sized>(&mut self, key: &'static str, value: &T) -> io::Result<()> {
        match self.format {
            Format::Json => {
                self.json_key(key)?;
                let mut json = serde_json::Serializer::with_formatter(
                    &mut self.text,
                    Indented::at(JSON_FIELD),
                );
                value.serialize(&mut json).map_err(io_error)
            }
            Format::Yaml => {
                let value = untag(serde_yaml::to_value(value).map_err(io_error)?);
                let line = flow::field(&serde_yaml::Value::from(key), &value);
                self.yaml_lines(|out| out.write_all(line.as_bytes()))
            }
        }
    }

    /// `"key": ` on a line of its own, after the field before it, if any.
    fn json_key(&mut self, key: &str) -> io::Result<()> {
        let open = self.open.as_mut().expect("a game is being written");
        let first = open.fields == 0;
        open.fields += 1;
        self.text.write_all(if first { b"\n" } else { b",\n" })?;
        indent(&mut self.text, JSON_FIELD)?;
        write!(self.text, "\"{key}\": ")
    }

    /// Runs `write` on the lines of the game's item.
    fn yaml_lines(
        &mut self,
        write: impl FnOnce(&mut ItemLines<&mut Vec<u8>>) -> io::Result<()>,
    ) -> io::Result<()> {
        let open = self.open.as_mut().expect("a game is being written");
        let mut lines = ItemLines {
            out: &mut self.text,
            depth: 0,
            state: open.lines,
        };
        let written = write(&mut lines);
        open.lines = lines.state;
        written
    }
    fn write_opening(&mut self) -> io::Result<()> {
        match self.format {
            Format::Json => write!(
                self.text,
                "{{\n  \"mgn\": {FORMAT_VERSION},\n  \"games\": ["
            ),
            Format::Yaml => writeln!(self.text, "mgn: {FORMAT_VERSION}"),
        }
    }

    /// Writes the rest of the document's text and its close, and gives the output back. Until
    /// then the output holds only whole chunks of the document ([`CHUNK`] each): a writer dropped
    /// without its finish leaves out up to a chunk of its end.
    ///
    /// A game started and not ended (its elements stopped by an error, or its end never given)
    /// is an error, `InvalidInput`, and nothing more is written: the document would not read.
    pub fn finish(mut self) -> io::Result<W> {
        if self.open.is_some() {
            return Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                "the document's last game started and did not end: the document is not finished",
            ));
        }
        if self.games == 0 {
            self.write_opening()?;
        }
        match self.format {
            Format::Json => {
                let close: &[u8] = if self.games == 0 {
                    b"]\n}\n"
                } else {
                    b"\n  ]\n}\n"
                };
                self.text.write_all(close)?;
            }
            Format::Yaml if self.games == 0 => self.text.write_all(b"games: []\n")?,
            Format::Yaml => {}
        }
        self.out.write_all(&self.text)?;
        Ok(self.out)
    }
}

fn io_error(error: impl std::fmt::Display) -> io::Error {
    io::Error::other(error.to_string())
}

fn indent<W: Write + ?Sized>(out: &mut W, level: usize) -> io::Result<()> {
    for _ in 0..level {
        out.write_all(b"  ")?;
    }
    Ok(())
}

/// The lines of a YAML node written alone, shifted to stand as an item of a block sequence
/// `depth` levels in: `- ` before the first line and two spaces before the others (but blank
/// ones), after two spaces a level.
pub struct ItemLines<W> {
    out: W,
    depth: usize,
    state: LineState,
}

/// Where the lines of an item stand: whether its first line is still to come (it takes the
/// `- `), and whether the next byte starts a line.
#[derive(Clone, Copy)]
struct LineState {
    first_line: bool,
    line_start: bool,
}

impl LineState {
    fn item() -> LineState {
        LineState {
            first_line: true,
            line_start: true,
        }
    }
}

impl<W: Write> ItemLines<W> {
    /// Lines written to `out` as an item `depth` levels in.
    pub fn new(out: W, depth: usize) -> ItemLines<W> {
        ItemLines {
            out,
            depth,
            state: LineState::item(),
        }
    }

    /// More lines of an item whose first line is already written.
    pub fn continued(out: W, depth: usize) -> ItemLines<W> {
        ItemLines {
            state: LineState {
                first_line: false,
                line_start: true,
            },
            ..ItemLines::new(out, depth)
        }
    }
}

impl<W: Write> Write for ItemLines<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let mut rest = buf;
        while !rest.is_empty() {
            if self.state.line_start && rest[0] != b'\n' {
                indent(&mut self.out, self.depth)?;
                self.out
                    .write_all(if self.state.first_line { b"- " } else { b"  " })?;
                self.state.first_line = false;
            }
            let line = match memchr::memchr(b'\n', rest) {
                Some(end) => &rest[..=end],
                None => rest,
            };
            self.out.write_all(line)?;
            self.state.line_start = line.ends_with(b"\n");
            rest = &rest[line.len()..];
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}

/// The document's JSON layout, starting `level` levels in, so that a value written alone stands
/// where the whole document's writer would put it: serde_json's pretty layout (two spaces a
/// level), except that an array of scalars stays on one line (`[0, 6, 6, 0, 6]`, `["B4"]`), so
/// that a position reads as its rows. An array that holds a map or an array has each item on a
/// line of its own. Each array's items are kept until its end, when its layout is known.
pub struct Indented {
    level: usize,
    has_value: bool,
    /// The arrays being written, innermost last.
    arrays: Vec<OpenArray>,
    /// The items of the arrays being written, one after another, the outermost array's first:
    /// one buffer for all of them, where a buffer for each item and each number made most of
    /// the cost of writing a document.
    items: Vec<u8>,
    /// Where each item of the arrays being written ends in `items`.
    item_ends: Vec<usize>,
    /// An array's text, laid out at its end.
    layout: Vec<u8>,
}

/// An array being written.
struct OpenArray {
    /// Where its items start in [`Indented::items`], and its first item's end in
    /// [`Indented::item_ends`].
    start: usize,
    first_end: usize,
    /// Whether some item is a map or an array.
    compound: bool,
    /// Whether the item being written has begun.
    begun: bool,
}

impl Indented {
    /// The layout of a value `level` levels in.
    pub fn at(level: usize) -> Indented {
        Indented {
            level,
            has_value: false,
            arrays: Vec::new(),
            items: Vec::new(),
            item_ends: Vec::new(),
            layout: Vec::new(),
        }
    }

    /// Writes `bytes` where they go: into the array item being written, if any, else out.
    fn put<W: ?Sized + Write>(&mut self, out: &mut W, bytes: &[u8]) -> io::Result<()> {
        if self.arrays.is_empty() {
            out.write_all(bytes)
        } else {
            self.items.extend_from_slice(bytes);
            Ok(())
        }
    }

    /// A value begins: an array's item notes whether it is a scalar.
    fn value(&mut self, compound: bool) {
        if let Some(array) = self.arrays.last_mut() {
            if !array.begun {
                array.begun = true;
                array.compound |= compound;
            }
        }
    }

    fn newline_indent<W: ?Sized + Write>(&mut self, out: &mut W) -> io::Result<()> {
        if self.arrays.is_empty() {
            out.write_all(b"\n")?;
            indent(out, self.level)
        } else {
            self.items.push(b'\n');
            indent(&mut self.items, self.level)
        }
    }

    /// A scalar, written by `write` where it goes.
    fn scalar<W: ?Sized + Write>(
        &mut self,
        out: &mut W,
        write: impl FnOnce(&mut dyn Write) -> io::Result<()>,
    ) -> io::Result<()> {
        self.value(false);
        if self.arrays.is_empty() {
            let mut out = out;
            write(&mut out)
        } else {
            write(&mut self.items)
        }
    }
}

/// The scalar writers of serde_json's formatter, as its compact formatter writes them.
macro_rules! scalars {
    ($($name:ident: $t:ty),* $(,)?) => {$(
        fn $name<W: ?Sized + Write>(&mut self, out: &mut W, value: $t) -> io::Result<()> {
            self.scalar(out, |text| serde_json::ser::CompactFormatter.$name(text, value))
        }
    )*};
}

impl serde_json::ser::Formatter for Indented {
    scalars! {
        write_bool: bool, write_i8: i8, write_i16: i16, write_i32: i32, write_i64: i64,
        write_i128: i128, write_u8: u8, write_u16: u16, write_u32: u32, write_u64: u64,
        write_u128: u128, write_f32: f32, write_f64: f64, write_number_str: &str,
    }

    fn write_null<W: ?Sized + Write>(&mut self, out: &mut W) -> io::Result<()> {
        self.scalar(out, |text| text.write_all(b"null"))
    }

    fn begin_string<W: ?Sized + Write>(&mut self, out: &mut W) -> io::Result<()> {
        self.scalar(out, |text| text.write_all(b"\""))
    }

    fn end_string<W: ?Sized + Write>(&mut self, out: &mut W) -> io::Result<()> {
        self.put(out, b"\"")
    }

    fn write_string_fragment<W: ?Sized + Write>(
        &mut self,
        out: &mut W,
        fragment: &str,
    ) -> io::Result<()> {
        self.put(out, fragment.as_bytes())
    }

    fn write_char_escape<W: ?Sized + Write>(
        &mut self,
        out: &mut W,
        escape: serde_json::ser::CharEscape,
    ) -> io::Result<()> {
        if self.arrays.is_empty() {
            serde_json::ser::CompactFormatter.write_char_escape(out, escape)
        } else {
            serde_json::ser::CompactFormatter.write_char_escape(&mut self.items, escape)
        }
    }

    fn write_byte_array<W: ?Sized + Write>(&mut self, out: &mut W, value: &[u8]) -> io::Result<()> {
        self.value(true);
        if self.arrays.is_empty() {
            serde_json::ser::CompactFormatter.write_byte_array(out, value)
        } else {
            serde_json::ser::CompactFormatter.write_byte_array(&mut self.items, value)
        }
    }

    fn write_raw_fragment<W: ?Sized + Write>(
        &mut self,
        out: &mut W,
        fragment: &str,
    ) -> io::Result<()> {
        self.scalar(out, |text| text.write_all(fragment.as_bytes()))
    }

    fn begin_array<W: ?Sized + Write>(&mut self, out: &mut W) -> io::Result<()> {
        self.value(true);
        self.put(out, b"[")?;
        self.level += 1;
        self.has_value = false;
        self.arrays.push(OpenArray {
            start: self.items.len(),
            first_end: self.item_ends.len(),
            compound: false,
            begun: false,
        });
        Ok(())
    }

    fn end_array<W: ?Sized + Write>(&mut self, out: &mut W) -> io::Result<()> {
        let Some(array) = self.arrays.pop() else {
            return Ok(());
        };
        let mut text = std::mem::take(&mut self.layout);
        text.clear();
        let ends = &self.item_ends[array.first_end..];
        let mut from = array.start;
        for (i, &end) in ends.iter().enumerate() {
            if array.compound {
                text.extend_from_slice(if i == 0 { b"\n" } else { b",\n" });
                indent(&mut text, self.level)?;
            } else if i > 0 {
                text.extend_from_slice(b", ");
            }
            text.extend_from_slice(&self.items[from..end]);
            from = end;
        }
        let empty = ends.is_empty();
        self.item_ends.truncate(array.first_end);
        self.items.truncate(array.start);
        self.level -= 1;
        if array.compound && !empty {
            text.push(b'\n');
            indent(&mut text, self.level)?;
        }
        text.push(b']');
        let written = self.put(out, &text);
        self.layout = text;
        written
    }

    fn begin_array_value<W: ?Sized + Write>(
        &mut self,
        _out: &mut W,
        _first: bool,
    ) -> io::Result<()> {
        if let Some(array) = self.arrays.last_mut() {
            array.begun = false;
        }
        Ok(())
    }

    fn end_array_value<W: ?Sized + Write>(&mut self, _out: &mut W) -> io::Result<()> {
        self.has_value = true;
        if !self.arrays.is_empty() {
            self.item_ends.push(self.items.len());
        }
        Ok(())
    }

    fn begin_object<W: ?Sized + Write>(&mut self, out: &mut W) -> io::Result<()> {
        self.value(true);
        self.level += 1;
        self.has_value = false;
        self.put(out, b"{")
    }

    fn end_object<W: ?Sized + Write>(&mut self, out: &mut W) -> io::Result<()> {
        self.level -= 1;
        if self.has_value {
            self.newline_indent(out)?;
        }
        self.put(out, b"}")
    }

    fn begin_object_key<W: ?Sized + Write>(&mut self, out: &mut W, first: bool) -> io::Result<()> {
        if !first {
            self.put(out, b",")?;
        }
        self.newline_indent(out)
    }

    fn end_object_key<W: ?Sized + Write>(&mut self, _out: &mut W) -> io::Result<()> {
        Ok(())
    }

    fn begin_object_value<W: ?Sized + Write>(&mut self, out: &mut W) -> io::Result<()> {
        self.put(out, b": ")
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

    /// Elements of every kind and shape, in any order (claims and comments after a decision,
    /// out of the record's order, alone, twice), written an element at a time as they come:
    /// each item's text as serde's path writes the whole document, the items cut where it cuts
    /// them.
    #[test]
    fn random_elements_streamed_are_the_document_written_whole() {
        let games = random_games(17, (0..40).map(|k| k * 37 % 300));
        assert!(games.iter().map(|g| g.moves.len()).sum::<usize>() > 5000);
        assert_eq!(
            streamed(&games, Format::Json),
            super::super::to_json(&games)
        );
        assert_eq!(
            streamed(&games, Format::Yaml),
            super::super::to_yaml(&games)
        );
    }

    /// A document of several chunks goes out in whole chunks, each starting where a chunk
    /// does (pages of the file), then its rest at its finish; the bytes are the document's.
    #[test]
    fn a_long_document_goes_out_in_whole_chunks() {
        let games = random_games(5, [3000; 12]);
        for format in [Format::Json, Format::Yaml] {
            let (out, written) = written_to(&games, format, usize::MAX);
            written.unwrap();
            assert!(out.bytes == whole(&games, format).as_bytes(), "{format:?}");
            assert_whole_chunks(&out, &format!("{format:?}"));
            let (last, chunks) = out.sizes.split_last().unwrap();
            assert!(chunks.len() >= 2, "{format:?}: {:?}", out.sizes);
            assert!(*last < CHUNK);
        }
    }

    /// Games of every framing of `moves`: see
    /// [`the_items_of_moves_are_framed_as_serde_frames_them`].
    pub(super) const FRAMED: &str = "[Game \"dakon\"]\n\n*\n\n\
                    [Game \"dakon\"]\n\n{first} 1. B4 [x,12,5/x,x,0 3/7 B 2] A1 *\n\n\
                    {before}\n[Game \"dakon\"]\n\n1-0 {after}\n\n\
                    [Game \"dong-wo\"]\n\nround 2 1. A1 *\n\n\
                    [Game \"dong-wo\"]\n\nbuy:B2=3 1. A1 {c} *\n\n\
                    [Game \"dong-wo\"]\n\n[1@B,mA,3mAmB/mB,2@A,0 14/9mA A 3 4/0] 1. A1 \
                    [0,0,0/0,0,0 0/0 B 3] *\n\n\
                    [Game \"nchuwa\"]\n\n1. A1 *\n\n\
                    [Game \"nchuwa\"]\n\n{only} *\n\n\
                    [Game \"nchuwa\"]\n\n*\n";

    /// The framing of `moves` around its items (the first item's `[` and line, the line before
    /// each item after it, the close, `[]` for none) as serde's path writes it, whatever the
    /// first item is and however games of no moves stand among the others: a game of no moves
    /// first, between and last, a first item that is a comment, a round marker, a transaction or
    /// a checkpoint with maps in its rows (muzi, owners, holes out of play with and without
    /// seeds), a game of a single item.
    #[test]
    fn the_items_of_moves_are_framed_as_serde_frames_them() {
        let text = FRAMED;
        let games: Vec<Game> = parse_games(text).into_iter().map(Result::unwrap).collect();
        assert_eq!(games.len(), 9);
        for from in 0..games.len() {
            for to in from..=games.len() {
                let games = &games[from..to];
                let what = format!("games {from}..{to}");
                assert_eq!(
                    streamed(games, Format::Json),
                    super::super::to_json(games),
                    "{what}"
                );
                assert_eq!(
                    streamed(games, Format::Yaml),
                    super::super::to_yaml(games),
                    "{what}"
                );
            }
        }
    }

    /// An output that keeps what it is given and the size of each write, and refuses a write
    /// (an error, nothing taken) that would take it past `room` bytes.
    struct Output {
        bytes: Vec<u8>,
        sizes: Vec<usize>,
        room: usize,
    }

    impl Output {
        fn new() -> Output {
            Output::with_room(usize::MAX)
        }

        fn with_room(room: usize) -> Output {
            Output {
                bytes: Vec::new(),
                sizes: Vec::new(),
                room,
            }
        }
    }

    impl Write for Output {
        fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
            if self.bytes.len() + buf.len() > self.room {
                return Err(io::Error::other("no room left"));
            }
            self.bytes.extend_from_slice(buf);
            self.sizes.push(buf.len());
            Ok(buf.len())
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    /// Games of random elements of every kind and shape ([`random_items`]), one of each size.
    ///
    /// [`random_items`]: super::super::random_items
    fn random_games(seed: u64, sizes: impl IntoIterator<Item = usize>) -> Vec<Game> {
        use crate::generate::Rng;
        use crate::notation::{GameKind, Header, Outcome};
        let mut rng = Rng::new(seed);
        sizes
            .into_iter()
            .map(|size| {
                let moves = super::super::random_items::elements(&mut rng, size);
                Game::new(Header::new(GameKind::DongWo), moves, Outcome::Unknown)
            })
            .collect()
    }

    fn whole(games: &[Game], format: Format) -> String {
        match format {
            Format::Json => super::super::to_json(games),
            Format::Yaml => super::super::to_yaml(games),
        }
    }

    /// `games` written a game at a time to an [`Output`] of `room` bytes: the output, and the
    /// first error, if any (the writing stops there).
    fn written_to(games: &[Game], format: Format, room: usize) -> (Output, io::Result<()>) {
        let mut writer = DocumentWriter::new(Output::with_room(room), format).unwrap();
        for game in games {
            let elements = game.moves.iter().map(Ok);
            let end = || Ok((game.outcome.clone(), game.after.clone()));
            if let Err(error) = writer.game(&game.before, &game.header, elements, end) {
                return (
                    std::mem::replace(&mut writer.out, Output::new()),
                    Err(error),
                );
            }
        }
        match writer.finish() {
            Ok(out) => (out, Ok(())),
            Err(error) => (Output::new(), Err(error)),
        }
    }

    /// A text of `len` bytes for a comment or a tag of MGN: quotes, backslashes, tabs, line
    /// breaks and other scripts, which both formats escape or quote.
    fn long_text(len: usize) -> String {
        const PIECE: &str = "a \"quoted\" back\\slash\ttab\nline é ü 字 ";
        let mut text = String::with_capacity(len + PIECE.len());
        while text.len() < len {
            text.push_str(PIECE);
        }
        while text.len() > len {
            text.pop();
        }
        text
    }

    /// What goes out in whole chunks and the rest at the finish: each write but the last a
    /// whole number of chunks.
    fn assert_whole_chunks(out: &Output, what: &str) {
        let (_, chunks) = out.sizes.split_last().expect("something is written");
        assert!(
            chunks.iter().all(|size| size % CHUNK == 0),
            "{what}: {:?}",
            out.sizes
        );
    }

    /// A single item, and a single field, of several chunks (a comment of 3.5 MiB in a ply, as
    /// the first element of a game, a tag's value, the comments before and after a game) goes
    /// out whole, across the chunks, as serde's path writes it, each write a whole number of
    /// chunks but the last.
    #[test]
    fn an_item_or_a_field_larger_than_several_chunks_is_written_whole() {
        let huge = long_text(3 * CHUNK + CHUNK / 2);
        let comment = huge.replace('}', "");
        let tag = huge.replace(['"', '\\', '\n'], "");
        let texts = [
            format!("[Game \"dakon\"]\n\n1. B4 {{{comment}}} A1 *\n"),
            format!("[Game \"dakon\"]\n\n1. B4 x3 {{c}} {{{comment}}} *\n"),
            format!("[Game \"dakon\"]\n\n{{{comment}}} 1. B4 *\n"),
            format!("[Game \"dakon\"]\n[Event \"{tag}\"]\n\n1. B4 *\n"),
            format!("{{{comment}}}\n[Game \"dakon\"]\n\n*\n"),
            format!("[Game \"dakon\"]\n\n1. B4 * {{{comment}}}\n"),
        ];
        // Among games of a chunk's worth of small ones, before and after.
        let small: Vec<Game> = parse_games(&"[Game \"dakon\"]\n\n1. B4 {c} A1 *\n\n".repeat(9000))
            .into_iter()
            .map(Result::unwrap)
            .collect();
        for (shape, text) in texts.iter().enumerate() {
            let mut games: Vec<Game> = parse_games(text).into_iter().map(Result::unwrap).collect();
            games.splice(0..0, small.iter().cloned());
            games.extend(small.iter().cloned());
            for format in [Format::Json, Format::Yaml] {
                let what = format!("{format:?}, text {shape}");
                let (out, written) = written_to(&games, format, usize::MAX);
                written.unwrap();
                assert!(out.bytes == whole(&games, format).as_bytes(), "{what}");
                assert!(out.sizes.len() >= 3, "{what}: {:?}", out.sizes);
                assert_whole_chunks(&out, &what);
            }
        }
    }

    /// A document of exactly two chunks, and one whose text is two chunks before its close:
    /// written whole, nothing lost or written twice where the rest is empty.
    #[test]
    fn a_document_of_whole_chunks_is_written_whole() {
        let game = |len: usize| {
            let text = format!("[Game \"dakon\"]\n\n1. B4 {{{}}} *\n", "c".repeat(len));
            parse_games(&text)
                .into_iter()
                .map(Result::unwrap)
                .collect::<Vec<Game>>()
        };
        for format in [Format::Json, Format::Yaml] {
            let close = match format {
                Format::Json => "\n  ]\n}\n".len(),
                Format::Yaml => 0,
            };
            for target in [2 * CHUNK, 2 * CHUNK + close, 2 * CHUNK - 1, 2 * CHUNK + 1] {
                // A letter more in the comment is a byte more in the document.
                let mut len = CHUNK;
                let size = whole(&game(len), format).len();
                len = len + target - size;
                let games = game(len);
                let document = whole(&games, format);
                assert_eq!(document.len(), target, "{format:?}");
                let (out, written) = written_to(&games, format, usize::MAX);
                written.unwrap();
                assert!(out.bytes == document.as_bytes(), "{format:?} {target}");
                assert_whole_chunks(&out, &format!("{format:?} {target}"));
            }
        }
    }

    /// Games of many items written an element at a time: the text the writer keeps never holds
    /// a chunk and more than the item being written, and less than a chunk once a game ends.
    #[test]
    fn the_text_kept_is_less_than_a_chunk_and_an_item() {
        let games = random_games(41, [20_000; 3]);
        for format in [Format::Json, Format::Yaml] {
            let mut writer = DocumentWriter::new(Output::new(), format).unwrap();
            let mut most = 0;
            for game in &games {
                writer.start_game(&game.before, &game.header).unwrap();
                for element in &game.moves {
                    writer.element(element).unwrap();
                    most = most.max(writer.text.len());
                    // No random item comes near 64 KiB.
                    assert!(writer.text.len() < CHUNK + (1 << 16), "{format:?}");
                }
                writer.end_game(&game.outcome, &game.after).unwrap();
                assert!(writer.text.len() < CHUNK, "{format:?}");
            }
            assert!(most >= CHUNK / 2, "{format:?}: {most}");
            let out = writer.finish().unwrap();
            assert!(out.bytes == whole(&games, format).as_bytes(), "{format:?}");
            assert!(out.sizes.len() >= 3, "{format:?}: {:?}", out.sizes);
        }
    }

    /// An output that refuses a chunk in the middle of the document, or the rest at the
    /// finish, or the first chunk: the writer's error (no panic, no document said written), and
    /// what the output took is the document's start, in whole chunks.
    #[test]
    fn a_write_error_at_any_chunk_or_at_the_finish_is_the_writers_error() {
        let games = random_games(43, [3000; 16]);
        for format in [Format::Json, Format::Yaml] {
            let document = whole(&games, format);
            assert!(document.len() > 3 * CHUNK, "{format:?}: {}", document.len());
            let rest = document.len() / CHUNK * CHUNK;
            for room in [0, CHUNK - 1, CHUNK, 2 * CHUNK + 5, rest, document.len() - 1] {
                let (out, written) = written_to(&games, format, room);
                let error = written.expect_err(&format!("{format:?}, room for {room}"));
                assert_eq!(error.to_string(), "no room left");
                assert!(out.bytes.len() <= room && out.bytes.len() % CHUNK == 0);
                assert!(document.as_bytes().starts_with(&out.bytes), "{format:?}");
            }
            let (out, written) = written_to(&games, format, document.len());
            written.unwrap();
            assert!(out.bytes == document.as_bytes(), "{format:?}");
        }
    }

    /// A document whose last game started and did not end (its elements stopped by an error,
    /// or its end never given) is no document: `finish` refuses it, where it wrote the close
    /// after the half-written game (and now after the half-written item, which is in the
    /// text) and said the document was written.
    #[test]
    fn finish_refuses_a_game_that_did_not_end() {
        let games: Vec<Game> = parse_games(FRAMED)
            .into_iter()
            .map(Result::unwrap)
            .collect();
        let game = &games[1];
        for format in [Format::Json, Format::Yaml] {
            let mut writer = DocumentWriter::new(Output::new(), format).unwrap();
            let elements = game.moves[..1]
                .iter()
                .map(Ok)
                .chain(std::iter::once(Err(io::Error::other("unreadable"))));
            let end = || -> io::Result<GameEnd> { unreachable!("the game stopped") };
            assert!(writer
                .game(&game.before, &game.header, elements, end)
                .is_err());
            let refused = writer
                .finish()
                .map(|out| String::from_utf8(out.bytes).unwrap());
            let error = refused.expect_err(&format!("{format:?}: a stopped game finished"));
            assert_eq!(error.kind(), io::ErrorKind::InvalidInput, "{format:?}");

            let mut writer = DocumentWriter::new(Output::new(), format).unwrap();
            writer.start_game(&game.before, &game.header).unwrap();
            writer.element(&game.moves[0]).unwrap();
            let refused = writer
                .finish()
                .map(|out| String::from_utf8(out.bytes).unwrap());
            assert!(
                refused.is_err(),
                "{format:?}: a game without its end finished"
            );
        }
    }

    /// An element that cannot be had stops its game: `game` gives its error, and what went out
    /// before it is the start of the document the elements before it make.
    #[test]
    fn an_element_error_stops_the_game_and_is_its_error() {
        let text = "[Game \"dakon\"]\n\n1. B4 {c} A1 x3 {d} *\n";
        let games: Vec<Game> = parse_games(text).into_iter().map(Result::unwrap).collect();
        let game = &games[0];
        for format in [Format::Json, Format::Yaml] {
            for stop in 0..=game.moves.len() {
                let mut writer = DocumentWriter::new(Output::new(), format).unwrap();
                let elements = game.moves[..stop]
                    .iter()
                    .map(Ok)
                    .chain(std::iter::once(Err(io::Error::other("unreadable"))));
                let end = || -> io::Result<GameEnd> { unreachable!("the game stopped") };
                let error = writer
                    .game(&game.before, &game.header, elements, end)
                    .expect_err("an element error stops the game");
                assert_eq!(error.to_string(), "unreadable");
                let document = whole(&games, format);
                assert!(document.as_bytes().starts_with(&writer.out.bytes));
            }
        }
    }
}

#[cfg(test)]
mod checkpoint_tests {
    use super::super::{DocumentWriter, Format};
    use crate::generate::Rng;
    use crate::notation::{
        games, write_position, HoleState, Muzi, Pile, Position, Rows, Side, SkippedCheckpoint,
    };

    /// `text` (MGN games) written as a document through a reader's elements alone, and with
    /// the checkpoints stepped over and handed over by their fields or as one position: both
    /// documents, and how many checkpoints went each way (by their fields, as a position).
    fn both_ways(text: &str, format: Format) -> (String, String, [usize; 2]) {
        let write = |as_text: bool| {
            let mut writer = DocumentWriter::new(Vec::new(), format).unwrap();
            let mut games = games(text);
            let mut handed = [0, 0];
            let mut checkpoint = Position::empty();
            while let Some(reader) = games.next_game() {
                let mut reader = reader.unwrap();
                writer.start_game(&reader.before, &reader.header).unwrap();
                loop {
                    if as_text {
                        match reader.skip_checkpoint_into(&mut checkpoint) {
                            Some(SkippedCheckpoint::Plain(plain)) => {
                                writer.plain_checkpoint(&plain).unwrap();
                                handed[0] += 1;
                                continue;
                            }
                            Some(SkippedCheckpoint::Read) => {
                                writer.checkpoint(&checkpoint).unwrap();
                                handed[1] += 1;
                                continue;
                            }
                            None => {}
                        }
                    }
                    match reader.next() {
                        Some(element) => writer.element(&element.unwrap()).unwrap(),
                        None => break,
                    }
                }
                let outcome = reader.outcome().unwrap();
                let after = games.finish(reader).unwrap();
                writer.end_game(&outcome, &after).unwrap();
            }
            let out = writer.finish().unwrap();
            (String::from_utf8(out).unwrap(), handed)
        };
        let (read, _) = write(false);
        let (copied, handed) = write(true);
        (read, copied, handed)
    }

    fn pile(seeds: u32) -> Pile {
        Pile {
            seeds,
            muzi: Muzi::default(),
        }
    }

    /// Random positions of every shape (plain ones most often, some with holes out of play;
    /// muzi, owners, holes out of play, debts, numbers of one to nine digits, long rows), each
    /// in a game of its own, after a move and alone, with a comment after it.
    fn records(rng: &mut Rng) -> String {
        let mut text = String::new();
        for game in 0..300 {
            let plain = game % 3 > 0;
            let number = |rng: &mut Rng| match rng.below(8) {
                0 => 999_999_999,
                1 => rng.below(1_000_000) as u32,
                2 => rng.below(100) as u32,
                _ => rng.below(10) as u32,
            };
            let per_row = match rng.below(10) {
                0 => 150 + rng.below(100),
                _ => 1 + rng.below(16),
            };
            let mut holes = Vec::new();
            for _ in 0..2 * per_row {
                let mut hole = HoleState {
                    pile: pile(number(rng)),
                    ..HoleState::default()
                };
                // Holes out of play among numbers alone are still a plain checkpoint.
                if plain && game % 3 == 1 && rng.below(8) == 0 {
                    hole = HoleState {
                        out_of_play: true,
                        ..HoleState::default()
                    };
                }
                if !plain {
                    match rng.below(6) {
                        0 => hole.pile.muzi = Muzi::of(Side::A),
                        1 => hole.owner = Some(Side::B),
                        2 => {
                            hole = HoleState {
                                out_of_play: true,
                                ..HoleState::default()
                            }
                        }
                        _ => {}
                    }
                }
                holes.push(hole);
            }
            let mut stores = [pile(number(rng)), pile(number(rng))];
            if !plain && rng.below(2) == 0 {
                stores[1].muzi = Muzi { a: true, b: true };
            }
            let position = Position {
                holes: Rows::from_parts(holes, per_row),
                stores,
                to_move: if rng.below(2) == 0 { Side::A } else { Side::B },
                round: 1 + number(rng),
                debts: match rng.below(4) {
                    0 => [number(rng), 1 + number(rng)],
                    _ => [0, 0],
                },
            };
            let written = write_position(&position);
            text.push_str(&format!(
                "[Game \"dong-wo\"]\n\n1. A1 [{written}] {{after}} [{written}] *\n\n"
            ));
        }
        text
    }

    /// Checkpoints handed over (as positions, or by their fields), among games of every framing
    /// of `moves` ([`super::tests::FRAMED`]): the document is serde's, byte for byte.
    #[test]
    fn checkpoints_handed_over_frame_as_serde_frames_them() {
        let games: Vec<_> = crate::notation::parse_games(super::tests::FRAMED)
            .into_iter()
            .map(Result::unwrap)
            .collect();
        for (format, serde) in [
            (Format::Json, super::super::to_json(&games)),
            (Format::Yaml, super::super::to_yaml(&games)),
        ] {
            let (read, copied, [plain, position]) = both_ways(super::tests::FRAMED, format);
            assert_eq!(plain + position, 3, "{format:?}");
            assert_eq!(read, serde, "{format:?}");
            assert_eq!(copied, serde, "{format:?}");
        }
    }

    /// A checkpoint handed over as a position, or by its fields when they are numbers alone
    /// (its value written at once), is written as the element of that position would be, byte
    /// for byte, in both formats, on positions of every shape and on the records of records/.
    #[test]
    fn a_checkpoint_handed_over_as_a_position_is_written_as_its_element() {
        let mut rng = Rng::new(38);
        let mut inputs = vec![records(&mut rng)];
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("records");
        for game in std::fs::read_dir(root).unwrap() {
            for file in std::fs::read_dir(game.unwrap().path()).unwrap() {
                let path = file.unwrap().path();
                if path.extension().is_some_and(|e| e == "mgn") {
                    let text = std::fs::read_to_string(&path).unwrap();
                    if crate::notation::parse_games(&text)
                        .iter()
                        .all(Result::is_ok)
                    {
                        inputs.push(text);
                    }
                }
            }
        }
        for format in [Format::Json, Format::Yaml] {
            let mut handed = [0, 0];
            for input in &inputs {
                let (read, copied, [plain, position]) = both_ways(input, format);
                assert_eq!(copied, read, "{format:?}");
                handed[0] += plain;
                handed[1] += position;
            }
            // Every checkpoint of the random records went by its fields (a third of them are
            // plain with debts now and then) or as a position.
            let [plain, position] = handed;
            assert!(
                plain + position >= 600 && plain >= 200 && position >= 200,
                "{format:?}: {plain} by their fields, {position} as a position"
            );
        }
    }
}
