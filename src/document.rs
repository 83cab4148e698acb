//! MGN records as YAML or JSON documents, for programs that would rather not read MGN.
//!
//! A document is one object holding a format version and the games of a file, in order:
//!
//! ```yaml
//! mgn: 2
//! games:
//! - header:
//!     game: dakon
//!   moves:
//!   - move:
//!     - B4
//!     captures:
//!       count: 7
//!   outcome: '*'
//! ```
//!
//! Each game is the serde form of [`Game`], without source spans, in the short forms of
//! `notation/compact.rs` (a hole holding only seeds is its number) and with its moves one item per
//! ply (`src/document/items.rs`). The shape is published as `docs/mgn-document.schema.json` and described in
//! docs/notation.md, "YAML and JSON". The YAML and the JSON of a file have the same structure: an
//! enum variant is a one-key map in both, never a YAML `!tag`, so a program that reads one reads
//! the other. Version 1's long forms still read.
//!
//! A document holds the keys of this shape and no other: a key it does not define (a misspelt
//! tag, data a program adds of its own) is refused wherever it stands, naming the game, the key
//! and the keys allowed, since what the document converts to would not hold it.
//!
//! A document may hold what MGN cannot: a brace comment holding `}`, a tag named `Result` among
//! the other tags. Written as MGN, such a game would read back as a different game, or as
//! several. So reading a document refuses it, naming the game and what cannot be written; and
//! as a net under those checks it writes every piece of a game as MGN (its head, each element,
//! its end), reads the text back, and refuses the document if any piece reads back different
//! (why that is as good as writing the whole game: `Net`, in this file). A game whose header
//! holds comments but no tag after `Game` is the one case put right rather than refused: MGN
//! reads such comments as the first comments of the move text, so they are moved there.
//!
//! A document is read a game at a time ([`read_games`]), or a game a piece at a time
//! ([`read_games_by_element`]: its start, each element, its end), and written so
//! ([`DocumentWriter`]): a game of millions of moves is read, checked and converted in the
//! memory of one element.

#[cfg(doc)]
use crate::notation::write_head;
use crate::notation::{
    games as mgn_games, settle_comment_places, write_game, Comment, CommentStyle, Element, Game,
    GameKind, Header, MovetextWriter, Outcome, Position, Side, Span, Spanned,
};
use serde::{Deserialize, Serialize};
use std::convert::Infallible;
use std::fmt;
use std::io::{self, BufRead, Read};

pub(crate) mod items;
mod json;
mod json_items;
mod yaml;

mod flow;
#[cfg(test)]
mod random_items;
mod writer;
pub use writer::{DocumentWriter, GameEnd, Indented, ItemLines, CHUNK};

/// The version of the document shape that is written: 2, with short forms and one item per ply
/// (docs/notation.md, "YAML and JSON"; docs/mgn-document.schema.json). A reader also reads
/// version 1, whose long forms version 2 still reads, and refuses any other rather than guess.
pub const FORMAT_VERSION: u32 = 2;

/// The oldest version a reader reads: version 1 wrote every hole, sowing and comment as a map and
/// every element as an item of its own, forms version 2 reads as they are.
pub const OLDEST_VERSION: u32 = 1;

/// A whole document: its format version and its games, as serde reads and writes it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Document {
    /// The format version, [`FORMAT_VERSION`].
    pub mgn: u32,
    /// The games, in order.
    pub games: Vec<Game>,
}

impl Document {
    /// A document of `games` at this mgn's [`FORMAT_VERSION`].
    pub fn new(games: Vec<Game>) -> Document {
        Document {
            mgn: FORMAT_VERSION,
            games,
        }
    }
}

/// Why a YAML or JSON text is not a document. `line` and `column` are 1-based, when known.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DocumentError {
    /// What is wrong, in words.
    pub message: String,
    /// The line of the text it was found at, if known.
    pub line: Option<usize>,
    /// The column of that line, if known.
    pub column: Option<usize>,
}

impl fmt::Display for DocumentError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.line, self.column) {
            (Some(line), Some(column)) => write!(f, "{line}:{column}: {}", self.message),
            _ => f.write_str(&self.message),
        }
    }
}

impl std::error::Error for DocumentError {}

impl DocumentError {
    fn message(message: String) -> DocumentError {
        DocumentError {
            message,
            line: None,
            column: None,
        }
    }

    /// Placed at `line` and `column`, unless it is placed already.
    pub(crate) fn or_at(mut self, line: usize, column: usize) -> DocumentError {
        if self.line.is_none() {
            self.line = Some(line);
            self.column = Some(column);
        }
        self
    }

    /// The message in the words of the document, not of the Rust types it is read into: serde
    /// says `expected struct Header` and `expected u32` where a person wants `expected a header
    /// map` and `expected a whole number`.
    fn in_plain_words(mut self) -> DocumentError {
        self.message = plain_words(&self.message);
        self
    }

    fn from_json(error: serde_json::Error) -> DocumentError {
        // serde_json reports line 0 for errors that have no place in the text.
        let placed = error.line() > 0;
        let mut message = error.to_string();
        // The Display form ends in " at line L column C"; the position is kept apart instead.
        if let Some(cut) = message.rfind(" at line ") {
            message.truncate(cut);
        }
        DocumentError {
            message,
            line: placed.then(|| error.line()),
            column: placed.then(|| error.column()),
        }
    }
}

/// `message` with the names serde gives Rust types put in the document's words.
fn plain_words(message: &str) -> String {
    // serde_json's words for a document cut short, by what was being read.
    for (eof, inside) in [
        ("EOF while parsing a value", "where a value was expected"),
        (
            "EOF while parsing a list",
            "inside a sequence (`[` not closed)",
        ),
        (
            "EOF while parsing an object",
            "inside a map (`{` not closed)",
        ),
        (
            "EOF while parsing a string",
            "inside a string (`\"` not closed)",
        ),
    ] {
        if let Some(rest) = message.strip_suffix(eof) {
            return format!("{rest}the input ends {inside}");
        }
    }
    let mut out = String::with_capacity(message.len());
    let mut rest = message;
    while let Some(k) = rest.find(|c: char| c.is_ascii_alphabetic()) {
        out.push_str(&rest[..k]);
        rest = &rest[k..];
        let word_len = rest
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .unwrap_or(rest.len());
        let (word, after) = rest.split_at(word_len);
        let named = |after: &str| -> Option<(String, usize)> {
            // The type's name after `struct ` or `enum `.
            let after = after.strip_prefix(' ')?;
            let len = after
                .find(|c: char| !c.is_ascii_alphanumeric())
                .unwrap_or(after.len());
            let name = &after[..len];
            name.starts_with(|c: char| c.is_ascii_uppercase())
                .then(|| (type_words(name), len + 1))
        };
        match word {
            "u8" => out.push_str("a whole number from 0 to 255"),
            "u16" => out.push_str("a whole number from 0 to 65535"),
            "u32" => out.push_str("a whole number from 0 to 4294967295"),
            "u64" | "usize" => out.push_str("a whole number from 0"),
            "i32" | "i64" | "isize" => out.push_str("a whole number"),
            "struct" | "enum" => match named(after) {
                Some((words, skip)) => {
                    out.push_str(&words);
                    rest = &after[skip..];
                    continue;
                }
                None => out.push_str(word),
            },
            _ => out.push_str(word),
        }
        rest = after;
    }
    out.push_str(rest);
    out
}

/// What a value of the Rust type `name` is in a document, for [`plain_words`].
fn type_words(name: &str) -> String {
    match name {
        "Document" => return "a map of `mgn` and `games`".to_string(),
        "HoleStateFields" | "HoleState" => return "a hole, such as `{seeds: 6}`".to_string(),
        "Header" => return "a header, a map of tags such as `{game: dakon}`".to_string(),
        "Game" => return "a game, a map of `header`, `moves` and `outcome`".to_string(),
        "Element" => return "an element of the moves, such as `{move: ...}`".to_string(),
        _ => {}
    }
    // CaptureClaim: "a capture claim map".
    let mut words = String::new();
    for (k, c) in name.char_indices() {
        if c.is_ascii_uppercase() && k > 0 {
            words.push(' ');
        }
        words.push(c.to_ascii_lowercase());
    }
    let article = if words.starts_with(['a', 'e', 'i', 'o', 'u']) {
        "an"
    } else {
        "a"
    };
    format!("{article} {words} map")
}

/// The games as a pretty-printed JSON document, ending in a newline.
pub fn to_json(games: &[Game]) -> String {
    let mut out = Vec::new();
    let mut json = serde_json::Serializer::with_formatter(&mut out, Indented::at(0));
    Document::new(games.to_vec())
        .serialize(&mut json)
        .expect("a syntax tree always serializes: its maps have string keys");
    out.push(b'\n');
    String::from_utf8(out).expect("serde_json writes UTF-8")
}

/// The games as a YAML document.
pub fn to_yaml(games: &[Game]) -> String {
    let value = serde_yaml::to_value(Document::new(games.to_vec()))
        .expect("a syntax tree always serializes: its maps have string keys");
    flow::document(&untag(value))
}

/// The games of a JSON document, read by [`read_games`].
pub fn from_json(text: &str) -> Result<Vec<Game>, DocumentError> {
    every_game(text, Format::Json)
}

/// The games of a YAML document, read by [`read_games`].
pub fn from_yaml(text: &str) -> Result<Vec<Game>, DocumentError> {
    every_game(text, Format::Yaml)
}

fn every_game(text: &str, format: Format) -> Result<Vec<Game>, DocumentError> {
    let mut games = Vec::new();
    let read = read_games(text.as_bytes(), format, |_, game| {
        games.push(game);
        Ok::<(), Infallible>(())
    });
    match read {
        Ok(_) => Ok(games),
        Err(ReadError::Document(error)) => Err(error),
        // Bytes in memory read without fail; said as it is all the same.
        Err(ReadError::Io(error)) => Err(DocumentError::message(error.to_string())),
        Err(ReadError::Stopped(never)) => match never {},
    }
}

/// The two syntaxes of a document.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// JSON.
    Json,
    /// YAML.
    Yaml,
}

/// The deepest nesting a document may have, in maps and sequences, the document's own map
/// counting as one. A document's own shape needs 10 (a muzi drop in a sowing, a hole's muzi in
/// a checkpoint: `tests/document_stream.rs` measures it), and a key it does not define is
/// refused, but some values are read whole before their shape is checked: in YAML each value of
/// a game, built before serde reads it; in JSON a transaction, which serde reads whole before
/// its `kind` says which keys it has. The limit is what keeps reading linear and its memory
/// small whatever such a value holds: libyaml's work grows with the square of the depth of flow
/// collections (`[[[[...`), and a value read whole is read level by level. JSON and YAML have
/// the same limit, so a document reads in both or in neither.
pub const MAX_DEPTH: usize = 64;

fn too_deep_message() -> String {
    format!("nested too deep: at most {MAX_DEPTH} levels")
}

/// Why [`read_games`] stopped.
#[derive(Debug)]
pub enum ReadError<E> {
    /// The input is not a document this mgn reads, or holds a game MGN cannot write.
    Document(DocumentError),
    /// The input could not be read.
    Io(io::Error),
    /// The caller's `each` returned this error.
    Stopped(E),
}

impl<E: fmt::Display> fmt::Display for ReadError<E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadError::Document(error) => error.fmt(f),
            ReadError::Io(error) => error.fmt(f),
            ReadError::Stopped(error) => error.fmt(f),
        }
    }
}

impl<E: fmt::Debug + fmt::Display> std::error::Error for ReadError<E> {}

impl<E> From<DocumentError> for ReadError<E> {
    fn from(error: DocumentError) -> Self {
        ReadError::Document(error)
    }
}

/// Reads a JSON or YAML document a game at a time, handing each game to `each` with its index
/// (from 0) as soon as it is read and checked, before the next one is read: memory holds one
/// game, however many the document has. Gives the number of games read. Built on
/// [`read_games_by_element`], which holds less: one element, not one game.
///
/// Each game is checked as [`from_json`] and [`from_yaml`] check them: a game MGN cannot write
/// is refused with its number and why, and every part of a game is written as MGN and read back
/// before it is handed over. The first refusal, syntax error or error of `each` ends the reading.
///
/// The document's `mgn` key (its format version) may stand before or after `games`. Before,
/// a version other than [`FORMAT_VERSION`] is refused before any game is read. After, the games
/// are handed over before their version is known, and a wrong or missing version is an error
/// at the end. Either way, what a caller made of the games is its own only once this returns
/// `Ok`: like any error, this one says that the games handed over do not make a document, and a
/// caller that writes them as it goes must discard what it wrote (as `mgn convert` writes to a
/// temporary file that it renames over the output only when done).
///
/// What is not read: a key the document's shape does not define, wherever it stands (the
/// document's map, a game's map, any map of a game: `unknown field `x`, expected ...`, naming
/// the game), since what the games are converted to would not hold it; nesting deeper than
/// [`MAX_DEPTH`] levels; in YAML, aliases (`*name`),
/// whose expansion could turn a few bytes into any amount of memory (anchors, `&name`, mean
/// nothing without aliases and are ignored), tags (`!name`: a document writes an enum variant
/// as a one-key map), and a second document in the same stream. A UTF-8 byte-order mark at the
/// start is skipped.
pub fn read_games<R: BufRead, E>(
    input: R,
    format: Format,
    each: impl FnMut(usize, Game) -> Result<(), E>,
) -> Result<usize, ReadError<E>> {
    let mut whole = WholeGames { each, game: None };
    read_games_by_element(input, format, &mut whole)
}

/// What a caller of [`read_games_by_element`] is handed: each game in three steps, in order.
/// A method that returns an error ends the reading with [`ReadError::Stopped`].
pub trait GameVisitor {
    /// What a method may stop the reading with ([`ReadError::Stopped`]).
    type Error;

    /// A game begins: its index (from 0), the comments before its `Game` tag and its header.
    fn start(
        &mut self,
        index: usize,
        before: Vec<Spanned<Comment>>,
        header: Header,
    ) -> Result<(), Self::Error>;

    /// The next element of its move text.
    fn element(&mut self, element: Element) -> Result<(), Self::Error>;

    /// The game ends: its result and the comments after it.
    fn end(
        &mut self,
        outcome: Spanned<Outcome>,
        after: Vec<Spanned<Comment>>,
    ) -> Result<(), Self::Error>;
}

/// Reads a JSON or YAML document as [`read_games`] does, but hands each game over in pieces:
/// its start, then each element of its move text as soon as it is read and checked, before the
/// next one is read, then its end. Memory holds one element and a game's header and comments,
/// not the game: a game of millions of moves is read in the memory of one move. Gives the
/// number of games read.
///
/// That holds when a game's keys come as a document writes them: `before` (if any) and `header`
/// before `moves`. Any order reads, but what must wait is held until it can be handed over in
/// order: when `moves` comes before `header`, memory then holds that game's elements (as
/// [`Element`]s) until the end of its map; `outcome` and `after` before `moves` are held as
/// they are small. One order cannot be read this way: a `before` that is not empty after the
/// `moves` of a game whose `header` came before them, since its elements were already handed
/// over; it is refused with a message that says so.
///
/// A key given twice in a game's map is refused, in YAML as in JSON (serde's derive refused it
/// in JSON; in YAML the last one used to win): what the first one held may have been handed
/// over already.
///
/// Every check of [`read_games`] is made, on each piece as it comes: a refusal names the game
/// (and the element, where it is one), as [`from_json`] and [`from_yaml`] do.
pub fn read_games_by_element<R: BufRead, V: GameVisitor>(
    input: R,
    format: Format,
    visitor: &mut V,
) -> Result<usize, ReadError<V::Error>> {
    let mut reading = Reading {
        visitor,
        games: 0,
        version: None,
        current: None,
        game: Parts::default(),
        net: Net::default(),
    };
    let input = WithoutBom::new(input);
    let read = match format {
        Format::Json => json::read(input, &mut reading),
        Format::Yaml => yaml::read(input, &mut reading),
    };
    read.map_err(|error| match error {
        ReadError::Document(error) => ReadError::Document(error.in_plain_words()),
        other => other,
    })?;
    Ok(reading.games)
}

/// [`read_games`]'s visitor: the pieces put together into games.
struct WholeGames<F> {
    each: F,
    game: Option<(usize, Game)>,
}

impl<F, E> GameVisitor for WholeGames<F>
where
    F: FnMut(usize, Game) -> Result<(), E>,
{
    type Error = E;

    fn start(
        &mut self,
        index: usize,
        before: Vec<Spanned<Comment>>,
        header: Header,
    ) -> Result<(), E> {
        let game = Game {
            before,
            header,
            moves: Vec::new(),
            outcome: Spanned::new(Outcome::Unknown, Span::default()),
            after: Vec::new(),
            span: Span::default(),
        };
        self.game = Some((index, game));
        Ok(())
    }

    fn element(&mut self, element: Element) -> Result<(), E> {
        let (_, game) = self
            .game
            .as_mut()
            .expect("an element comes after its game's start");
        game.moves.push(element);
        Ok(())
    }

    fn end(&mut self, outcome: Spanned<Outcome>, after: Vec<Spanned<Comment>>) -> Result<(), E> {
        let (index, mut game) = self.game.take().expect("a game ends after it starts");
        game.outcome = outcome;
        game.after = after;
        (self.each)(index, game)
    }
}

/// What the JSON and the YAML reader share: the document's version, and the game being read,
/// checked and handed over a piece at a time.
struct Reading<'v, E> {
    visitor: &'v mut dyn GameVisitor<Error = E>,
    /// Games handed over so far.
    games: usize,
    /// The `mgn` key's value, once read.
    version: Option<u32>,
    /// The index of the game being read, if one is: an error inside it names it.
    current: Option<usize>,
    game: Parts,
    net: Net,
}

/// The keys of the document's map. A reader refuses any other.
const DOCUMENT_FIELDS: &[&str] = &["mgn", "games"];

/// The keys of a game's map, in the order the writers write them. A reader refuses any other.
const GAME_FIELDS: &[&str] = &["before", "header", "moves", "outcome", "after"];

/// Why `key` is refused in a map whose keys are `fields`, said as serde's `deny_unknown_fields`
/// says it for the maps of a game: ``unknown field `x`, expected one of `a`, `b` ``.
fn unknown_key(key: &str, fields: &'static [&'static str]) -> String {
    <serde_json::Error as serde::de::Error>::unknown_field(key, fields).to_string()
}

/// The kinds of element, each the one key of an element's map (`move: ...`).
const ELEMENT_KINDS: &[&str] = &[
    "move",
    "pass",
    "action",
    "captures",
    "score",
    "checkpoint",
    "round",
    "transaction",
    "comment",
];

/// The keys of a game's map: what a game must have, and what a reader refuses twice.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum GameKey {
    Before,
    Header,
    Moves,
    Outcome,
    After,
}

impl GameKey {
    fn of(key: &str) -> Option<GameKey> {
        Some(match key {
            "before" => GameKey::Before,
            "header" => GameKey::Header,
            "moves" => GameKey::Moves,
            "outcome" => GameKey::Outcome,
            "after" => GameKey::After,
            _ => return None,
        })
    }

    fn name(self) -> &'static str {
        match self {
            GameKey::Before => "before",
            GameKey::Header => "header",
            GameKey::Moves => "moves",
            GameKey::Outcome => "outcome",
            GameKey::After => "after",
        }
    }
}

/// What is known of the game being read.
#[derive(Default)]
struct Parts {
    /// The keys read so far.
    seen: Vec<GameKey>,
    before: Option<Vec<Spanned<Comment>>>,
    header: Option<Header>,
    /// Whether the visitor has the game's start: elements then go to it as they are read.
    started: bool,
    /// The `Result` tag, kept from the header handed over, to check the result against.
    said: Option<Outcome>,
    /// Elements read before the header: they wait for the game's end.
    waiting: Vec<Element>,
    /// Elements of the document's `moves` checked so far: a refusal names one by its number.
    elements: usize,
    outcome: Option<Spanned<Outcome>>,
    after: Option<Vec<Spanned<Comment>>>,
}

impl<E> Reading<'_, E> {
    fn version(&mut self, version: u32) -> Result<(), DocumentError> {
        self.version = Some(version);
        if (OLDEST_VERSION..=FORMAT_VERSION).contains(&version) {
            return Ok(());
        }
        let mut message = format!(
            "document format version {version} is not supported (this mgn reads versions \
             {OLDEST_VERSION} to {FORMAT_VERSION})"
        );
        if self.games > 0 {
            message.push_str(&format!(
                "; `mgn` follows `games` in this document, so its {} read before the \
                 version was known",
                match self.games {
                    1 => "game was".to_owned(),
                    n => format!("{n} games were"),
                }
            ));
        }
        Err(DocumentError::message(message))
    }

    /// The next game's map begins.
    fn begin_game(&mut self) {
        self.current = Some(self.games);
        self.game = Parts::default();
    }

    /// Notes that the game's map has `key`: false if it had it already.
    fn first_time(&mut self, key: GameKey) -> bool {
        if self.game.seen.contains(&key) {
            return false;
        }
        self.game.seen.push(key);
        true
    }

    /// The first key a game must have and does not, once its map is read, in the order serde's
    /// derive looks for them.
    fn missing(&self) -> Option<&'static str> {
        [GameKey::Header, GameKey::Moves, GameKey::Outcome]
            .into_iter()
            .find(|key| !self.game.seen.contains(key))
            .map(GameKey::name)
    }

    fn refused(&self, problem: &str) -> ReadError<E> {
        ReadError::Document(in_game(self.games, problem))
    }

    fn before(&mut self, before: Vec<Spanned<Comment>>) -> Result<(), ReadError<E>> {
        if self.game.started && !before.is_empty() {
            return Err(self.refused(
                "its `before` follows its `moves`, whose elements were handed over after its \
                 header without them: write `before` before `moves`",
            ));
        }
        self.game.before = Some(before);
        Ok(())
    }

    fn header(&mut self, header: Header) {
        self.game.header = Some(header);
    }

    /// The game's `moves` begin: with its header read, the game is handed over from here on.
    fn moves(&mut self) -> Result<(), ReadError<E>> {
        if self.game.header.is_some() {
            self.start()?;
        }
        Ok(())
    }

    fn element(&mut self, element: Element) -> Result<(), ReadError<E>> {
        if self.game.started {
            self.hand_over(element)
        } else {
            self.game.waiting.push(element);
            Ok(())
        }
    }

    fn outcome(&mut self, outcome: Spanned<Outcome>) {
        self.game.outcome = Some(outcome);
    }

    fn after(&mut self, after: Vec<Spanned<Comment>>) {
        self.game.after = Some(after);
    }

    /// Checks the game's head, hands it over, and the comments of its header that open its
    /// move text after it.
    fn start(&mut self) -> Result<(), ReadError<E>> {
        let k = self.games;
        let before = self.game.before.take().unwrap_or_default();
        let mut header = self
            .game
            .header
            .take()
            .expect("a game starts once its header is read");
        head_writable(&before, &header).map_err(|problem| self.refused(&problem))?;
        let opening = header_comments_to_move_text(&mut header);
        settle_comment_places(&mut header);
        self.net
            .head(&before, &header)
            .map_err(|problem| self.refused(&problem))?;
        self.game.said = header.result.as_ref().map(|said| said.value);
        self.game.started = true;
        self.visitor
            .start(k, before, header)
            .map_err(ReadError::Stopped)?;
        for comment in opening {
            let element = Element::Comment(comment);
            self.net
                .element(&element)
                .map_err(|problem| self.refused(&problem))?;
            self.visitor.element(element).map_err(ReadError::Stopped)?;
        }
        Ok(())
    }

    /// Checks an element of the document's `moves` and hands it over.
    fn hand_over(&mut self, element: Element) -> Result<(), ReadError<E>> {
        let n = self.game.elements;
        self.game.elements += 1;
        element_writable(&element, n).map_err(|problem| self.refused(&problem))?;
        self.net
            .element(&element)
            .map_err(|problem| self.refused(&problem))?;
        self.visitor.element(element).map_err(ReadError::Stopped)
    }

    /// The game's map is read, with every key it must have ([`Reading::missing`]): what waited
    /// is handed over, then its end.
    fn end_game(&mut self) -> Result<(), ReadError<E>> {
        if !self.game.started {
            self.start()?;
            for element in std::mem::take(&mut self.game.waiting) {
                self.hand_over(element)?;
            }
        }
        let outcome = self
            .game
            .outcome
            .take()
            .expect("a game read has its result");
        let after = self.game.after.take().unwrap_or_default();
        end_writable(&after, self.game.said, &outcome).map_err(|problem| self.refused(&problem))?;
        self.net
            .end(&outcome, &after)
            .map_err(|problem| self.refused(&problem))?;
        self.games += 1;
        self.visitor.end(outcome, after).map_err(ReadError::Stopped)
    }

    /// A game read whole (a form only serde's derive reads, such as a JSON array of its
    /// fields), handed over as the pieces of a map are.
    fn whole_game(&mut self, game: Game) -> Result<(), ReadError<E>> {
        self.game.seen = vec![GameKey::Header, GameKey::Moves, GameKey::Outcome];
        self.before(game.before)?;
        self.header(game.header);
        self.moves()?;
        for element in game.moves {
            self.element(element)?;
        }
        self.outcome(game.outcome);
        self.after(game.after);
        self.end_game()
    }

    /// The checks of a whole document, at its end.
    fn end(&self, games_seen: bool) -> Result<(), DocumentError> {
        if self.version.is_none() {
            return Err(DocumentError::message(
                "missing field `mgn`, the format version: write `mgn: 1` in the document's map"
                    .to_owned(),
            ));
        }
        if !games_seen {
            return Err(DocumentError::message(
                "missing field `games`, the sequence of the games".to_owned(),
            ));
        }
        Ok(())
    }
}

/// The input with a UTF-8 byte-order mark at its start skipped: serde_json refuses one, and the
/// text of a document read before this reader had its mark stripped too.
struct WithoutBom<R> {
    input: R,
    /// The first bytes, read to look for the mark, and not a mark.
    head: [u8; 3],
    head_len: usize,
    head_read: usize,
    checked: bool,
}

impl<R: BufRead> WithoutBom<R> {
    fn new(input: R) -> Self {
        WithoutBom {
            input,
            head: [0; 3],
            head_len: 0,
            head_read: 0,
            checked: false,
        }
    }

    fn check(&mut self) -> io::Result<()> {
        while self.head_len < 3 {
            match self.input.read(&mut self.head[self.head_len..]) {
                Ok(0) => break,
                Ok(n) => self.head_len += n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e),
            }
        }
        if self.head[..self.head_len] == [0xEF, 0xBB, 0xBF] {
            self.head_len = 0;
        }
        self.checked = true;
        Ok(())
    }
}

impl<R: BufRead> BufRead for WithoutBom<R> {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        if !self.checked {
            self.check()?;
        }
        if self.head_read < self.head_len {
            return Ok(&self.head[self.head_read..self.head_len]);
        }
        self.input.fill_buf()
    }

    fn consume(&mut self, amount: usize) {
        if self.head_read < self.head_len {
            self.head_read += amount;
        } else {
            self.input.consume(amount);
        }
    }
}

impl<R: BufRead> Read for WithoutBom<R> {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        let available = self.fill_buf()?;
        let n = available.len().min(out.len());
        out[..n].copy_from_slice(&available[..n]);
        self.consume(n);
        Ok(n)
    }
}

fn in_game(k: usize, problem: &str) -> DocumentError {
    DocumentError::message(format!("game {}: {problem}", k + 1))
}

/// `error`, met while reading game `k`, said of that game.
fn in_game_error(k: usize, error: DocumentError) -> DocumentError {
    DocumentError {
        message: format!("game {}: {}", k + 1, error.message),
        ..error
    }
}

/// MGN reads comments between tags only when a tag follows them: in a header with no tag after
/// `Game`, the header's comments are read as the move text's first ones, so they go there: they
/// are taken out of the header and given back, to open the move text.
fn header_comments_to_move_text(header: &mut Header) -> Vec<Spanned<Comment>> {
    if header.comments.is_empty() || has_tags_after_game(header) {
        return Vec::new();
    }
    std::mem::take(&mut header.comments)
        .into_iter()
        .map(|c| Spanned::new(c.value.comment(), c.span))
        .collect()
}

fn has_tags_after_game(h: &Header) -> bool {
    h.board.is_some()
        || h.preset.is_some()
        || !h.options.is_empty()
        || h.player_a.is_some()
        || h.player_b.is_some()
        || h.event.is_some()
        || h.site.is_some()
        || h.date.is_some()
        || h.source.is_some()
        || h.first.is_some()
        || h.result.is_some()
        || h.termination.is_some()
        || h.start.is_some()
        || !h.other.is_empty()
}

/// The tags MGN gives a meaning to: another tag of one of these names would be read back as
/// that tag (`Game` as a second game).
use crate::notation::TAG_NAMES as KNOWN_TAGS;

/// Why `game` cannot be written as MGN that reads back as itself, said for a person, if it
/// cannot. Tag values need no check: every text has a tag value that reads back as itself. The
/// reader makes the same checks a piece at a time, in this order.
#[cfg(test)]
fn writable(game: &Game) -> Result<(), String> {
    head_writable(&game.before, &game.header)?;
    for (n, element) in game.moves.iter().enumerate() {
        element_writable(element, n)?;
    }
    end_writable(
        &game.after,
        game.header.result.as_ref().map(|said| said.value),
        &game.outcome,
    )
}

/// The checks of [`writable`] on what stands before the move text.
fn head_writable(before: &[Spanned<Comment>], header: &Header) -> Result<(), String> {
    for c in before {
        comment_writable(&c.value, "before its `Game` tag")?;
    }
    header_writable(header)
}

/// The checks of [`writable`] on the element at index `n` of the move text.
fn element_writable(element: &Element, n: usize) -> Result<(), String> {
    let at = || format!("at element {} of its move text", n + 1);
    match element {
        Element::Comment(c) => comment_writable(&c.value, &at()),
        Element::Checkpoint(p) => position_writable(&p.value, &format!("the checkpoint {}", at())),
        Element::Move(m) => {
            let m = &m.value;
            if m.sowings.is_empty() && m.extra_captures.is_empty() {
                return Err(format!(
                    "the move {} has no sowing and takes no hole (`*A5`)",
                    at()
                ));
            }
            for s in m.sowings.iter() {
                for d in &s.muzi_drops {
                    if d.value.visit == 0 {
                        return Err(format!(
                            "the move {} drops a muzi at {} on visit 0: visits count from 1",
                            at(),
                            d.value.hole
                        ));
                    }
                }
            }
            Ok(())
        }
        _ => Ok(()),
    }
}

/// The checks of [`writable`] on the end: the comments after the result, and the result
/// against the `Result` tag (`said`), if the header has one.
fn end_writable(
    after: &[Spanned<Comment>],
    said: Option<Outcome>,
    outcome: &Spanned<Outcome>,
) -> Result<(), String> {
    for c in after {
        comment_writable(&c.value, "after its result")?;
    }
    if let Some(said) = said {
        if said != outcome.value {
            return Err(format!(
                "the `Result` tag says `{}` but the result is `{}`: they must agree",
                said.token(),
                outcome.value.token()
            ));
        }
    }
    Ok(())
}

/// Whether a comment's text holds a line that starts with `[Game` (docs/notation.md, "Files").
fn starts_a_game_line(text: &str) -> bool {
    text.match_indices('\n')
        .any(|(k, _)| text[k + 1..].starts_with("[Game ") || text[k + 1..].starts_with("[Game\t"))
}

fn comment_writable(c: &Comment, place: &str) -> Result<(), String> {
    let problem = match c.style {
        CommentStyle::Brace if c.text.contains('}') => {
            "a brace comment cannot hold `}`, which would end it; write it as a `;` comment or \
             split it"
        }
        CommentStyle::Brace if starts_a_game_line(&c.text) => {
            "a brace comment cannot hold a line that starts with `[Game`, which starts a game; \
             indent that line or split the comment"
        }
        CommentStyle::Line if c.text.contains(['\n', '\r']) => {
            "a `;` comment cannot hold a line end, which would end it; write it as a brace \
             comment or split it"
        }
        _ => return Ok(()),
    };
    Err(format!(
        "the comment {} {place}: {problem}",
        quoted(&c.text)
    ))
}

fn header_writable(h: &Header) -> Result<(), String> {
    for c in &h.comments {
        comment_writable(&c.value.comment(), "between its tags")?;
    }
    for (k, o) in h.options.iter().enumerate() {
        let o = &o.value;
        if o.code.is_empty() || o.code.contains('=') {
            return Err(format!(
                "an `Option` code cannot be empty or hold `=`, which ends it: {}",
                quoted(&o.code)
            ));
        }
        if o.value.is_empty() {
            return Err(format!(
                "the `Option` `{}` cannot have an empty value",
                o.code
            ));
        }
        if h.options[..k].iter().any(|p| p.value.code == o.code) {
            return Err(format!(
                "two `Option`s for `{}`: give each code once",
                o.code
            ));
        }
    }
    for t in &h.other {
        let name = &t.value.name;
        if KNOWN_TAGS.contains(&name.as_str()) {
            return Err(format!(
                "another tag cannot be named `{name}`, a tag MGN defines: it would be read back \
                 as that tag"
            ));
        }
        let mut chars = name.chars();
        let is_name = chars.next().is_some_and(|c| c.is_ascii_alphabetic())
            && chars.all(|c| c.is_ascii_alphanumeric() || c == '_');
        if !is_name {
            return Err(format!(
                "the tag name {} is not a tag name: a letter, then letters, digits or `_`",
                quoted(name)
            ));
        }
    }
    if let Some(start) = &h.start {
        position_writable(&start.value, "the `Start` position")?;
    }
    Ok(())
}

fn position_writable(p: &Position, what: &str) -> Result<(), String> {
    for side in [Side::A, Side::B] {
        let row = p.holes.row(side);
        if row.is_empty() {
            return Err(format!("{what} has no hole in {side}'s row"));
        }
        for (k, hole) in row.iter().enumerate() {
            if hole.out_of_play && (hole.pile != Default::default() || hole.owner.is_some()) {
                return Err(format!(
                    "{what}: hole {} of {side}'s row is out of play, so it holds nothing and \
                     has no owner",
                    k + 1
                ));
            }
        }
    }
    Ok(())
}

/// `text` in quotes, escaped, and cut short: enough to find it in the document.
fn quoted(text: &str) -> String {
    const MAX: usize = 30;
    match text.char_indices().nth(MAX) {
        Some((cut, _)) => format!("{:?}…", &text[..cut]),
        None => format!("{text:?}"),
    }
}

/// The net under the checks ([`head_writable`], [`element_writable`], [`end_writable`]): what
/// a document holds, written as MGN, must read back as itself, so that no game the checks miss
/// becomes a different record. It is cast over a game a piece at a time, so that a game is
/// never held whole: its head (the comments before it and its header, over no move), each
/// element alone, and its end (its result and the comments after it, under a bare header).
///
/// Why the pieces reading back imply that the whole game does. The writer puts a game together
/// from the same pieces in the same way: the head's lines ([`write_head`]), then each element's
/// token ([`MovetextWriter`]), separated by one space or one line end, then the result and the
/// comments after it. What the reader makes of a token depends only on the token and on these:
/// - what separates it from the next. The reader takes a space and a line end alike between
///   tokens, and a token's end is found within the token: every token must be followed by a
///   blank, a comment or the end, and a comment ends at its own `}` or line end, which the
///   checks keep out of its text (a `;` comment is always followed by a line end). Alone, a
///   token is followed by a space and a result, as it is by the next token in the game.
/// - where a line starts. A line that starts with `[Game` starts a game, and a wrapped line may
///   start with any token; but no token starts so: a checkpoint is `[` and a number, `x` or
///   `m`, and a comment's text may not hold such a line (the checks), wherever it is written.
/// - the move number before a ply, which the reader checks against the plies it has read. The
///   writer numbers plies as the reader counts them (a move and `pass` count, `round` starts
///   again), from the kinds of the elements alone; an element read back as itself is of the
///   same kind, so the numbers of the game agree as the numbers of each piece do. A checkpoint
///   is read with a hint from the one before it, to go faster; the careful reader it falls
///   back to gives the same position (`the_fast_and_careful_position_readers_agree`).
/// - the comments at the start of the move text, which the reader takes as the header's if a
///   tag follows them: none can, since no element is a tag (the element alone is read in
///   that same place, after a header). The header's own comments are written after the `Game`
///   tag and read back as the header's only when a tag follows, so those of a header with no
///   other tag are moved to the move text before the head is tried
///   ([`header_comments_to_move_text`]).
/// - the `Result` tag, which the result must agree with: [`end_writable`] checks it, so the
///   head is tried with the result its tag says.
/// - the comments after the result, read as the game's up to a blank line between two
///   comments (the writer writes none there), and all of them at the end of the text.
///
/// A game reads the same alone as among others: MGN reads a file's games apart (a game never
/// spans a line that starts with `[Game`, which no comment may hold), and the writer puts a
/// blank line between a game's last comments and the next game's first. `tests/documents.rs`
/// holds all of this: documents of hostile text in every field are refused exactly when MGN
/// cannot hold them, and every game accepted is written whole, read back, and equal.
#[derive(Default)]
struct Net {
    /// The text of the last element tried, kept for its capacity.
    text: String,
}

/// What an element is written after, to read it back as the move text of a game.
const ELEMENT_HEAD: &str = "[Game \"dakon\"]\n\n";

impl Net {
    /// The comments before a game and its header, over no move.
    fn head(&mut self, before: &[Spanned<Comment>], header: &Header) -> Result<(), String> {
        let outcome = header
            .result
            .as_ref()
            .map_or(Outcome::Unknown, |said| said.value);
        reads_back(&Game {
            before: before.to_vec(),
            header: header.clone(),
            moves: Vec::new(),
            outcome: Spanned::new(outcome, Span::default()),
            after: Vec::new(),
            span: Span::default(),
        })
    }

    /// One element, as the only one of a game.
    fn element(&mut self, element: &Element) -> Result<(), String> {
        let text = &mut self.text;
        text.clear();
        text.push_str(ELEMENT_HEAD);
        let mut movetext = MovetextWriter::new();
        movetext.element(text, element);
        movetext.end(text, Outcome::Unknown, &[]);
        let mut read = mgn_games(text);
        Err(match read.next() {
            Some(Ok(back)) if alone(&back, element) => match read.next() {
                None => return Ok(()),
                Some(_) => "written as MGN, it would read back as more than one game".to_owned(),
            },
            Some(Ok(_)) => {
                "written as MGN, it would read back as a different game (its move text differ)"
                    .to_owned()
            }
            Some(Err(error)) => format!(
                "written as MGN, it would not read back: {}",
                error.message()
            ),
            None => "written as MGN, it would read back as no game".to_owned(),
        })
    }

    /// A game's result and the comments after it, under a header of its `Game` tag alone.
    fn end(
        &mut self,
        outcome: &Spanned<Outcome>,
        after: &[Spanned<Comment>],
    ) -> Result<(), String> {
        reads_back(&Game {
            outcome: outcome.clone(),
            after: after.to_vec(),
            ..Game::new(Header::new(GameKind::Dakon), Vec::new(), Outcome::Unknown)
        })
    }
}

/// Whether `back` is the game [`Net::element`] wrote around `element`.
fn alone(back: &Game, element: &Element) -> bool {
    back.moves.len() == 1
        && back.moves[0] == *element
        && back.before.is_empty()
        && back.after.is_empty()
        && back.outcome.value == Outcome::Unknown
        && back.header == Header::new(GameKind::Dakon)
}

/// The game, written as MGN, reads back as itself: one write and one read. The net of a
/// game's head and end ([`Net`]), and of a whole game in the tests.
fn reads_back(game: &Game) -> Result<(), String> {
    let text = write_game(game);
    let mut read = mgn_games(&text);
    Err(match read.next() {
        Some(Ok(back)) if back == *game => match read.next() {
            None => return Ok(()),
            Some(_) => "written as MGN, it would read back as more than one game".to_owned(),
        },
        Some(Ok(back)) => format!(
            "written as MGN, it would read back as a different game ({} differ)",
            difference(game, &back)
        ),
        Some(Err(error)) => format!(
            "written as MGN, it would not read back: {}",
            error.message()
        ),
        None => "written as MGN, it would read back as no game".to_owned(),
    })
}

/// Which part of a game differs from the same game read back.
fn difference(game: &Game, back: &Game) -> &'static str {
    if game.before != back.before {
        "its comments before the `Game` tag"
    } else if game.header.comments != back.header.comments {
        "its comments between the tags"
    } else if game.header != back.header {
        "its tags"
    } else if game.moves != back.moves {
        "its move text"
    } else if game.outcome != back.outcome {
        "its result"
    } else {
        "its comments after the result"
    }
}

/// yaml_serde writes an enum variant as a YAML tag (`!move`), which it cannot read back inside
/// an internally tagged enum; a one-key map says the same in the shape JSON uses.
fn untag(value: serde_yaml::Value) -> serde_yaml::Value {
    use serde_yaml::Value;
    match value {
        Value::Tagged(tagged) => {
            let tagged = *tagged;
            let name = tagged.tag.to_string();
            let name = name.strip_prefix('!').unwrap_or(&name).to_string();
            let mut map = serde_yaml::Mapping::new();
            map.insert(Value::String(name), untag(tagged.value));
            Value::Mapping(map)
        }
        Value::Sequence(items) => Value::Sequence(items.into_iter().map(untag).collect()),
        Value::Mapping(map) => {
            Value::Mapping(map.into_iter().map(|(k, v)| (k, untag(v))).collect())
        }
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::*;

    fn sample() -> Game {
        let at = Span::default();
        let mut header = Header::new(GameKind::DongWo);
        header.player_a = Some(Spanned::new("No".to_string(), at));
        header.first = Some(Spanned::new(Side::B, at));
        let drop = MuziDrop {
            hole: Hole::new(Side::A, 2),
            visit: 2,
            takes: Some(Side::B),
        };
        let lift = AnchoredAction {
            step: 12,
            action: HoleAction {
                kind: ActionKind::Lift,
                hole: Hole::new(Side::A, 4),
            },
        };
        Game {
            before: Vec::new(),
            header,
            moves: vec![
                Element::Move(Spanned::new(
                    Move {
                        sowings: Sowing {
                            hole: Spanned::new(Hole::new(Side::B, 1), at),
                            direction: Some(Direction::Clockwise),
                            transfer_to: None,
                            muzi_drops: vec![Spanned::new(drop, at)].into(),
                        }
                        .into(),
                        extra_captures: Few::new(),
                        actions: vec![Spanned::new(lift, at)].into(),
                        stopped_after_lap: None,
                    },
                    at,
                )),
                Element::Pass(Spanned::new((), at)),
                Element::Round(Spanned::new(2, at)),
                Element::Transaction(Spanned::new(
                    Transaction::Fill {
                        target: FillTarget::Side(Side::A),
                    },
                    at,
                )),
                Element::Transaction(Spanned::new(
                    Transaction::Fill {
                        target: FillTarget::Hole(Hole::new(Side::A, 2)),
                    },
                    at,
                )),
                Element::Comment(Spanned::new(
                    Comment {
                        text: " yes: {a \"b\" ".to_string(),
                        style: CommentStyle::Brace,
                    },
                    at,
                )),
            ],
            outcome: Spanned::new(Outcome::Draw, at),
            after: Vec::new(),
            span: at,
        }
    }

    #[test]
    fn yaml_round_trip_keeps_every_element() {
        let games = vec![sample(), sample()];
        let text = to_yaml(&games);
        assert!(text.starts_with("mgn: 2\n"), "{text}");
        assert!(!text.contains('!'), "no YAML tags expected:\n{text}");
        assert_eq!(from_yaml(&text).unwrap(), games);
    }

    #[test]
    fn json_round_trip_keeps_every_element() {
        let games = vec![sample()];
        let text = to_json(&games);
        assert_eq!(from_json(&text).unwrap(), games);
    }

    #[test]
    fn yaml_and_json_have_the_same_structure() {
        let games = vec![sample()];
        let from_yaml: serde_json::Value = serde_yaml::from_str(&to_yaml(&games)).unwrap();
        let from_json: serde_json::Value = serde_json::from_str(&to_json(&games)).unwrap();
        assert_eq!(from_yaml, from_json);
    }

    fn brace(text: &str) -> Spanned<Comment> {
        Spanned::new(
            Comment {
                text: text.to_string(),
                style: CommentStyle::Brace,
            },
            Span::default(),
        )
    }

    #[test]
    fn comments_in_every_place_round_trip() {
        let mut g = sample();
        g.before.push(brace("before"));
        g.header.comments.push(brace("between").into());
        g.after.push(brace("after"));
        let games = vec![g.clone(), g];
        assert_eq!(from_json(&to_json(&games)).unwrap(), games);
        assert_eq!(from_yaml(&to_yaml(&games)).unwrap(), games);
    }

    /// The net alone, under games the checks would refuse first: each reads back as something
    /// else, and is refused by name.
    #[test]
    fn the_net_refuses_games_that_read_back_different() {
        let mut closing_brace = sample();
        closing_brace.after.push(brace("} 1-0 {"));
        let mut second_game = sample();
        second_game.header.other.push(Spanned::new(
            Tag {
                name: "Game".into(),
                value: "dakon".into(),
            },
            Span::default(),
        ));
        let mut tag_in_a_name = sample();
        tag_in_a_name.header.other.push(Spanned::new(
            Tag {
                name: "Event \"e\"]\n[Site".into(),
                value: "s".into(),
            },
            Span::default(),
        ));
        for (hostile, says) in [
            (
                closing_brace,
                "would read back as a different game (its comments after the result differ)",
            ),
            (second_game, "would not read back"),
            (
                tag_in_a_name,
                "would read back as a different game (its tags differ)",
            ),
        ] {
            assert!(writable(&hostile).is_err());
            let error = reads_back(&hostile).unwrap_err();
            assert!(error.contains(says), "{error}");
        }
        assert_eq!(reads_back(&sample()), Ok(()));
    }

    /// The net cast a piece at a time catches what the whole-game net catches, in the piece
    /// where it is.
    #[test]
    fn the_net_refuses_pieces_that_read_back_different() {
        let mut net = Net::default();
        let line = |text: &str| {
            Spanned::new(
                Comment {
                    text: text.to_string(),
                    style: CommentStyle::Line,
                },
                Span::default(),
            )
        };
        for (hostile, says) in [
            (
                Element::Comment(brace("} B4 {")),
                "would read back as a different game (its move text differ)",
            ),
            (
                Element::Comment(line("x\n1-0")),
                "would read back as a different game (its move text differ)",
            ),
            (
                Element::Comment(brace("a\n[Game \"dakon\"]\n")),
                "would not read back",
            ),
        ] {
            let error = net.element(&hostile).unwrap_err();
            assert!(error.contains(says), "{error}");
        }
        for element in &sample().moves {
            assert_eq!(net.element(element), Ok(()));
        }
        let at = Span::default();
        let error = net
            .end(&Spanned::new(Outcome::Draw, at), &[brace("} 1-0 {")])
            .unwrap_err();
        assert!(
            error.contains("a different game (its comments after the result differ)"),
            "{error}"
        );
        let mut header = sample().header;
        header.other.push(Spanned::new(
            Tag {
                name: "Event \"e\"]\n[Site".into(),
                value: "s".into(),
            },
            at,
        ));
        let error = net.head(&[], &header).unwrap_err();
        assert!(error.contains("(its tags differ)"), "{error}");
        assert_eq!(net.head(&[brace("b")], &sample().header), Ok(()));
    }

    #[test]
    fn other_versions_are_refused() {
        let error = from_json(r#"{"mgn": 3, "games": []}"#).unwrap_err();
        assert!(error.message.contains("version 3"), "{error}");
        assert!(error.message.contains("versions 1 to 2"), "{error}");
        // Version 1, whose long forms version 2 reads as they are, still reads.
        assert_eq!(from_json(r#"{"mgn": 1, "games": []}"#), Ok(Vec::new()));
    }

    #[test]
    fn json_errors_carry_their_place() {
        let error = from_json("{\"mgn\": 1,\n \"games\": [}").unwrap_err();
        assert_eq!(error.line, Some(2));
        let error = from_yaml("mgn: 1\ngames:\n- header: {game: chess}\n").unwrap_err();
        assert!(error.message.contains("chess"), "{error}");
    }
}
