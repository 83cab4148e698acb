//! A YAML document read as a stream of libyaml events: the document map, the `games` sequence,
//! each game's map and its `moves` are walked event by event. Each other value of a game (its
//! header, its result, its comments) and each element of its moves is built into a JSON value
//! alone, deserialized as in a JSON document, and handed over before the next is read: no value
//! is ever built of a whole game.
//!
//! libyaml (the parser yaml_serde drives, so a document is read with the same syntax and the
//! same messages as before) reads its input through a callback, a buffer at a time, and scans
//! at most a line or 1024 characters ahead of the event it hands over. Stopping at
//! [`MAX_DEPTH`] levels therefore bounds both its work and its memory: its quadratic cost in the
//! depth of flow collections (each token looks at every open level) never sets in.

use super::items::ItemSeed;
use super::{
    in_game_error, unknown_key, DocumentError, GameKey, ReadError, Reading, DOCUMENT_FIELDS,
    GAME_FIELDS, MAX_DEPTH,
};
use crate::notation::{Comment, Game, Header, Outcome, Spanned};
use libyaml_rs as sys;
use serde::de::DeserializeOwned;
use serde::de::DeserializeSeed;
use serde_json::{Map, Number, Value};
use std::ffi::{c_void, CStr};
use std::io::{self, Read};
use std::mem::MaybeUninit;

pub(super) fn read<R: Read, E>(input: R, reading: &mut Reading<'_, E>) -> Result<(), ReadError<E>> {
    let mut parser = Parser::new(input);
    match read_document(&mut parser, reading) {
        Ok(()) => Ok(()),
        Err(Failure::Read(why)) => Err(why),
        Err(Failure::Document(error)) => Err(ReadError::Document(error)),
        Err(Failure::Io(error)) => Err(ReadError::Io(error)),
    }
}

/// Why reading stopped.
enum Failure<E> {
    Document(DocumentError),
    Io(io::Error),
    /// A refusal of a game, or the caller's own error, already in its final form.
    Read(ReadError<E>),
}

impl<E> Failure<E> {
    fn in_game(self, k: usize) -> Failure<E> {
        match self {
            Failure::Document(error) => Failure::Document(in_game_error(k, error)),
            other => other,
        }
    }
}

fn placed<E>(message: String, mark: Mark) -> Failure<E> {
    Failure::Document(DocumentError {
        message,
        line: Some(mark.line),
        column: Some(mark.column),
    })
}

fn read_document<R: Read, E>(
    parser: &mut Parser<R>,
    reading: &mut Reading<'_, E>,
) -> Result<(), Failure<E>> {
    let (event, mark) = parser.next()?;
    debug_assert!(matches!(event, Event::StreamStart));
    let (event, mark) = match parser.next()? {
        (Event::StreamEnd, _) => {
            return Err(placed(
                "the document is empty: expected a map of `mgn` and `games`".into(),
                mark,
            ))
        }
        _ => parser.next()?,
    };
    match event {
        Event::MappingStart { tag } => refuse_tag(tag, mark)?,
        other => {
            return Err(placed(
                format!(
                    "invalid type: {}, expected a map of `mgn` and `games`",
                    other.what()
                ),
                mark,
            ))
        }
    }
    // A problem of the whole document is placed at its map.
    let top = mark;
    let mut games_seen = false;
    loop {
        let (event, mark) = parser.next()?;
        let key = match event {
            Event::MappingEnd => break,
            Event::Scalar { value, tag, .. } => {
                refuse_tag(tag, mark)?;
                value
            }
            other => return Err(other.as_key(mark)),
        };
        match key.as_str() {
            "mgn" => {
                if reading.version.is_some() {
                    return Err(placed("duplicate field `mgn`".into(), mark));
                }
                let (value, mark) = parser.node(1)?;
                let version = serde_json::from_value::<u32>(value)
                    .map_err(|e| placed(DocumentError::from_json(e).message, mark))?;
                reading
                    .version(version)
                    .map_err(|e| Failure::Document(e.or_at(mark.line, mark.column)))?;
            }
            "games" => {
                if games_seen {
                    return Err(placed("duplicate field `games`".into(), mark));
                }
                games_seen = true;
                read_games(parser, reading)?;
            }
            _ => return Err(placed(unknown_key(&key, DOCUMENT_FIELDS), mark)),
        }
    }
    reading
        .end(games_seen)
        .map_err(|e| Failure::Document(e.or_at(top.line, top.column)))?;
    let (event, _) = parser.next()?;
    debug_assert!(matches!(event, Event::DocumentEnd));
    match parser.next()? {
        (Event::StreamEnd, _) => Ok(()),
        (_, mark) => Err(placed(
            "a second YAML document: a file holds one document".into(),
            mark,
        )),
    }
}

fn read_games<R: Read, E>(
    parser: &mut Parser<R>,
    reading: &mut Reading<'_, E>,
) -> Result<(), Failure<E>> {
    let (event, mark) = parser.next()?;
    match event {
        Event::SequenceStart { tag } => refuse_tag(tag, mark)?,
        other => {
            return Err(placed(
                format!(
                    "invalid type: {}, expected a sequence of games",
                    other.what()
                ),
                mark,
            ))
        }
    }
    loop {
        reading.begin_game();
        let k = reading.games;
        let first = parser.next().map_err(|e| e.in_game(k))?;
        if matches!(first.0, Event::SequenceEnd) {
            reading.current = None;
            return Ok(());
        }
        read_game(parser, reading, first).map_err(|e| e.in_game(k))?;
    }
}

/// The levels open around a game's values: the document's map, `games`, the game's map.
const IN_GAME: usize = 3;

/// A game, from its first event: its map read key by key, each piece handed to the [`Reading`]
/// as it is read.
fn read_game<R: Read, E>(
    parser: &mut Parser<R>,
    reading: &mut Reading<'_, E>,
    first: (Event, Mark),
) -> Result<(), Failure<E>> {
    let start = first.1;
    match first.0 {
        Event::MappingStart { tag } => parser.open(tag, start, IN_GAME - 1)?,
        _ => {
            // Not a map: serde's derive says why, as it did when every game was read so (or
            // reads a sequence of the fields, which no writer writes, whole).
            let (value, _) = parser.node_from(first, IN_GAME - 1)?;
            let game = serde_json::from_value::<Game>(value)
                .map_err(|e| placed(DocumentError::from_json(e).message, start))?;
            return reading.whole_game(game).map_err(at(start));
        }
    }
    loop {
        let (event, mark) = parser.next()?;
        let key = match event {
            Event::MappingEnd => break,
            Event::Scalar { value, tag, .. } => {
                refuse_tag(tag, mark)?;
                value
            }
            other => return Err(other.as_key(mark)),
        };
        let Some(key) = GameKey::of(&key) else {
            return Err(placed(unknown_key(&key, GAME_FIELDS), mark));
        };
        if !reading.first_time(key) {
            return Err(placed(format!("duplicate field `{}`", key.name()), mark));
        }
        let read = match key {
            GameKey::Before => {
                let before = value::<Vec<Spanned<Comment>>, _, _>(parser)?;
                reading.before(before)
            }
            GameKey::Header => {
                reading.header(value::<Header, _, _>(parser)?);
                Ok(())
            }
            GameKey::Moves => {
                read_moves(parser, reading)?;
                Ok(())
            }
            GameKey::Outcome => {
                reading.outcome(value::<Spanned<Outcome>, _, _>(parser)?);
                Ok(())
            }
            GameKey::After => {
                reading.after(value::<Vec<Spanned<Comment>>, _, _>(parser)?);
                Ok(())
            }
        };
        read.map_err(at(mark))?;
    }
    if let Some(field) = reading.missing() {
        return Err(placed(format!("missing field `{field}`"), start));
    }
    reading.end_game().map_err(at(start))
}

/// A refusal of the [`Reading`], placed at `mark` unless it says where it is.
fn at<E>(mark: Mark) -> impl FnOnce(ReadError<E>) -> Failure<E> {
    move |error| match error {
        // Still a refusal of the reading, which names its game already.
        ReadError::Document(error) => {
            Failure::Read(ReadError::Document(error.or_at(mark.line, mark.column)))
        }
        other => Failure::Read(other),
    }
}

/// The next value of a game's map, as a `T`: an error of its shape points at where it starts.
fn value<T: DeserializeOwned, R: Read, E>(parser: &mut Parser<R>) -> Result<T, Failure<E>> {
    let (value, mark) = parser.node(IN_GAME)?;
    serde_json::from_value(value).map_err(|e| placed(DocumentError::from_json(e).message, mark))
}

/// A game's `moves`: each element built and deserialized alone, and handed over before the next
/// is read.
fn read_moves<R: Read, E>(
    parser: &mut Parser<R>,
    reading: &mut Reading<'_, E>,
) -> Result<(), Failure<E>> {
    let first = parser.next()?;
    match first.0 {
        Event::SequenceStart { tag } => parser.open(tag, first.1, IN_GAME)?,
        _ => {
            // Not a sequence: serde says why, as for a field of any other type.
            let (value, mark) = parser.node_from(first, IN_GAME)?;
            let elements = super::items::deserialize(value)
                .map_err(|e| placed(DocumentError::from_json(e).message, mark))?;
            reading.moves().map_err(at(mark))?;
            for element in elements {
                reading.element(element).map_err(at(mark))?;
            }
            return Ok(());
        }
    }
    reading.moves().map_err(at(first.1))?;
    loop {
        let next = parser.next()?;
        match next.0 {
            Event::SequenceEnd => return Ok(()),
            _ => {
                let (value, mark) = parser.node_from(next, IN_GAME + 1)?;
                let item = ItemSeed
                    .deserialize(value)
                    .map_err(|e| placed(DocumentError::from_json(e).message, mark))?;
                for element in item {
                    reading.element(element).map_err(at(mark))?;
                }
            }
        }
    }
}

/// A document writes an enum variant as a one-key map, never as a tag: a tag would be a
/// meaning this reader does not know, so it is refused rather than dropped.
fn refuse_tag<E>(tag: Option<String>, mark: Mark) -> Result<(), Failure<E>> {
    match tag {
        None => Ok(()),
        Some(tag) => Err(placed(
            format!(
                "the YAML tag `{tag}` is not read: a document writes an enum variant as a \
                 one-key map (`move: ...`), and its values untagged"
            ),
            mark,
        )),
    }
}

/// A place in the text, 1-based.
#[derive(Clone, Copy, Debug)]
struct Mark {
    line: usize,
    column: usize,
}

impl Mark {
    fn of(mark: sys::yaml_mark_t) -> Mark {
        Mark {
            line: mark.line as usize + 1,
            column: mark.column as usize + 1,
        }
    }
}

enum Event {
    StreamStart,
    StreamEnd,
    DocumentStart,
    DocumentEnd,
    Alias,
    Scalar {
        value: String,
        plain: bool,
        tag: Option<String>,
    },
    SequenceStart {
        tag: Option<String>,
    },
    SequenceEnd,
    MappingStart {
        tag: Option<String>,
    },
    MappingEnd,
}

impl Event {
    fn what(&self) -> &'static str {
        match self {
            Event::Scalar { .. } => "scalar",
            Event::SequenceStart { .. } => "sequence",
            Event::MappingStart { .. } => "map",
            Event::Alias => "alias",
            _ => "nothing",
        }
    }

    /// The error for a key that is not a scalar, or an alias anywhere.
    fn as_key<E>(&self, mark: Mark) -> Failure<E> {
        match self {
            Event::Alias => placed(
                "an alias (`*name`) is not read: write the value out in full (mgn writes no \
                 anchors or aliases)"
                    .into(),
                mark,
            ),
            other => placed(
                format!("a map key must be a scalar, not a {}", other.what()),
                mark,
            ),
        }
    }
}

/// A collection being built.
enum Open {
    Sequence(Vec<Value>),
    /// The map so far, and its key waiting for a value.
    Mapping(Map<String, Value>, Option<String>),
}

impl<R: Read> Parser<R> {
    /// Whether a collection may open at `mark` inside `levels` open ones.
    fn open<E>(&self, tag: Option<String>, mark: Mark, levels: usize) -> Result<(), Failure<E>> {
        refuse_tag(tag, mark)?;
        if levels >= MAX_DEPTH {
            return Err(placed(super::too_deep_message(), mark));
        }
        Ok(())
    }

    /// The next node, as a value, and where it starts. `levels` collections are open around it.
    fn node<E>(&mut self, levels: usize) -> Result<(Value, Mark), Failure<E>> {
        let first = self.next()?;
        self.node_from(first, levels)
    }

    /// The node whose first event is `first`. A loop over the events, not a recursion, so that
    /// nothing but [`MAX_DEPTH`] bounds the nesting.
    fn node_from<E>(
        &mut self,
        first: (Event, Mark),
        levels: usize,
    ) -> Result<(Value, Mark), Failure<E>> {
        let start = first.1;
        let mut open: Vec<Open> = Vec::new();
        let mut next = Some(first);
        loop {
            let (event, mark) = match next.take() {
                Some(event) => event,
                None => self.next()?,
            };
            let wants_key = matches!(open.last(), Some(Open::Mapping(_, None)));
            let done = match event {
                Event::Scalar { value, plain, tag } => {
                    refuse_tag(tag, mark)?;
                    if wants_key {
                        if let Some(Open::Mapping(_, key)) = open.last_mut() {
                            *key = Some(value);
                        }
                        continue;
                    }
                    if plain {
                        plain_scalar(&value).map_err(|message| placed(message, mark))?
                    } else {
                        Value::String(value)
                    }
                }
                Event::SequenceStart { tag } if !wants_key => {
                    self.open(tag, mark, levels + open.len())?;
                    open.push(Open::Sequence(Vec::new()));
                    continue;
                }
                Event::MappingStart { tag } if !wants_key => {
                    self.open(tag, mark, levels + open.len())?;
                    open.push(Open::Mapping(Map::new(), None));
                    continue;
                }
                Event::SequenceEnd | Event::MappingEnd => match open.pop() {
                    Some(Open::Sequence(items)) => Value::Array(items),
                    Some(Open::Mapping(map, _)) => Value::Object(map),
                    None => unreachable!("libyaml ends only the collections it started"),
                },
                other => return Err(other.as_key(mark)),
            };
            match open.last_mut() {
                None => return Ok((done, start)),
                Some(Open::Sequence(items)) => items.push(done),
                Some(Open::Mapping(map, key)) => {
                    let key = key.take().expect("a map's value follows its key");
                    // The last of two equal keys wins, as it did through yaml_serde.
                    map.insert(key, done);
                }
            }
        }
    }
}

/// A plain scalar as yaml_serde resolves it into a JSON value, so that a document reads as
/// it did: null, a boolean, an integer (decimal, `0x`, `0o`, `0b`), a finite float, or else
/// text. Non-finite floats are text, where yaml_serde's JSON value made them null ([`float`]).
///
/// Null (`~`, `null`, nothing) stays null: an optional field reads it as absent, as serde's
/// `Option` reads JSON's `null` and yaml_serde reads `~`; a field that must have a value refuses
/// it. The writers never write null: they leave an absent field out.
pub(super) fn plain_scalar(text: &str) -> Result<Value, String> {
    if text.is_empty() || matches!(text, "~" | "null" | "Null" | "NULL") {
        return Ok(Value::Null);
    }
    match text {
        "true" | "True" | "TRUE" => return Ok(Value::Bool(true)),
        "false" | "False" | "FALSE" => return Ok(Value::Bool(false)),
        _ => {}
    }
    if let Some(n) = unsigned(text) {
        return Ok(match u64::try_from(n) {
            Ok(n) => Value::Number(n.into()),
            Err(_) => return Err("number out of range".into()),
        });
    }
    if let Some(n) = negative(text) {
        return Ok(match i64::try_from(n) {
            Ok(n) => Value::Number(n.into()),
            Err(_) => return Err("number out of range".into()),
        });
    }
    if !digits_but_not_number(text) {
        if let Some(number) = float(text).and_then(Number::from_f64) {
            return Ok(Value::Number(number));
        }
    }
    Ok(Value::String(text.to_owned()))
}

/// Leading zeros followed by digits make text, as YAML 1.2 says.
fn digits_but_not_number(text: &str) -> bool {
    let text = text.strip_prefix(['-', '+']).unwrap_or(text);
    text.len() > 1 && text.starts_with('0') && text[1..].bytes().all(|b| b.is_ascii_digit())
}

fn radix(text: &str) -> Option<u128> {
    for (prefix, radix) in [("0x", 16), ("0o", 8), ("0b", 2)] {
        if let Some(rest) = text.strip_prefix(prefix) {
            if rest.starts_with(['+', '-']) {
                return None;
            }
            if let Ok(n) = u128::from_str_radix(rest, radix) {
                return Some(n);
            }
        }
    }
    None
}

fn unsigned(text: &str) -> Option<u128> {
    let unsigned = text.strip_prefix('+').unwrap_or(text);
    if let Some(n) = radix(unsigned) {
        return Some(n);
    }
    if unsigned.starts_with(['+', '-']) || digits_but_not_number(text) {
        return None;
    }
    unsigned.parse().ok()
}

/// A negative integer's magnitude as a signed number.
fn negative(text: &str) -> Option<i128> {
    let rest = text.strip_prefix('-')?;
    if let Some(n) = radix(rest) {
        return i128::try_from(n).ok().map(|n| -n);
    }
    if rest.starts_with(['+', '-']) || digits_but_not_number(text) {
        return None;
    }
    text.parse().ok()
}

/// The float `text` is, if it is a finite one.
///
/// YAML's other floats, `.inf`, `-.inf` and `.nan` (and `+.inf`, `.Inf`, `.NAN` and the other
/// spellings of its core schema), have no JSON number: resolved as floats, they became null, and
/// an optional field took null as absent, so that `event: .inf` lost the tag with no word. They
/// are read as the text they are written as, which is what yaml_serde gives a `String` field for
/// them (it reads any plain scalar into a `String`): a tag value or a comment keeps `.inf`, and a
/// field of another type refuses it as it refuses any text there (`invalid type: string
/// ".inf", expected u32`). So is a float too large for an `f64` (`1e400`), as it always was.
fn float(text: &str) -> Option<f64> {
    let unsigned = match text.strip_prefix('+') {
        Some(rest) if rest.starts_with(['+', '-']) => return None,
        Some(rest) => rest,
        None => text,
    };
    // Rust reads `inf`, `infinity` and `nan`, which YAML does not: they are filtered out too.
    unsigned.parse::<f64>().ok().filter(|f| f.is_finite())
}

// ---------------------------------------------------------------------------------------------
// libyaml

/// What libyaml's read callback reads from.
struct Source<R> {
    input: R,
    /// The error that made the callback fail, which libyaml reports only as "input error".
    error: Option<io::Error>,
}

/// libyaml's parser, reading from `R`. Both are boxed: libyaml keeps pointers to the parser's
/// own fields and to the source, so neither may move.
struct Parser<R> {
    sys: Box<MaybeUninit<sys::yaml_parser_t>>,
    source: Box<Source<R>>,
}

/// libyaml's read callback: fills `buffer` with up to `size` bytes of the source; 0 bytes read
/// is the end of the input.
///
/// # Safety
/// `data` is the `Source<R>` the parser was set up with, and `buffer` holds `size` bytes.
unsafe fn read_handler<R: Read>(
    data: *mut c_void,
    buffer: *mut u8,
    size: u64,
    size_read: *mut u64,
) -> i32 {
    let source = unsafe { &mut *data.cast::<Source<R>>() };
    let buffer = unsafe { std::slice::from_raw_parts_mut(buffer, size as usize) };
    loop {
        match source.input.read(buffer) {
            Ok(n) => {
                unsafe { *size_read = n as u64 };
                return 1;
            }
            Err(error) if error.kind() == io::ErrorKind::Interrupted => {}
            Err(error) => {
                source.error = Some(error);
                return 0;
            }
        }
    }
}

impl<R: Read> Parser<R> {
    fn new(input: R) -> Parser<R> {
        let mut parser = Parser {
            sys: Box::new(MaybeUninit::uninit()),
            source: Box::new(Source { input, error: None }),
        };
        let sys = parser.sys.as_mut_ptr();
        let source: *mut Source<R> = &mut *parser.source;
        // SAFETY: `sys` points to memory the parser owns for its whole life, which
        // `yaml_parser_initialize` sets up; the source outlives the parser's use of it (both are
        // dropped together, the parser first, see `Drop`).
        unsafe {
            if sys::yaml_parser_initialize(sys).fail {
                panic!("libyaml could not allocate its parser");
            }
            sys::yaml_parser_set_encoding(sys, sys::YAML_UTF8_ENCODING);
            sys::yaml_parser_set_input(sys, read_handler::<R>, source.cast());
        }
        parser
    }

    /// The next event and where it starts.
    fn next<E>(&mut self) -> Result<(Event, Mark), Failure<E>> {
        let sys = self.sys.as_mut_ptr();
        let mut event = MaybeUninit::<sys::yaml_event_t>::uninit();
        // SAFETY: the parser was initialized in `new`; an event that `yaml_parser_parse` fills
        // is read, then deleted, here, and nothing of it is kept but copies.
        unsafe {
            if (&*sys).error != sys::YAML_NO_ERROR
                || sys::yaml_parser_parse(sys, event.as_mut_ptr()).fail
            {
                return Err(self.error());
            }
            let event = event.as_mut_ptr();
            let mark = Mark::of((*event).start_mark);
            let read = convert(&*event);
            sys::yaml_event_delete(event);
            Ok((read, mark))
        }
    }

    /// The error libyaml stopped at.
    fn error<E>(&mut self) -> Failure<E> {
        // SAFETY: the parser is initialized; its problem and context are static C strings or
        // null.
        let parser = unsafe { &*self.sys.as_ptr() };
        if parser.error == sys::YAML_READER_ERROR {
            if let Some(error) = self.source.error.take() {
                return Failure::Io(error);
            }
        }
        let text = |p: *const i8| {
            (!p.is_null()).then(|| unsafe { CStr::from_ptr(p) }.to_string_lossy().into_owned())
        };
        let mut message =
            text(parser.problem).unwrap_or_else(|| "the YAML parser failed".to_owned());
        if let Some(context) = text(parser.context) {
            message.push_str(", ");
            message.push_str(&context);
        }
        if parser.error == sys::YAML_READER_ERROR {
            // A reader error (bytes that are not UTF-8, a control character) has a byte offset
            // and no line.
            message.push_str(&format!(" (at byte {})", parser.problem_offset));
            return Failure::Document(DocumentError {
                message,
                line: None,
                column: None,
            });
        }
        placed(message, Mark::of(parser.problem_mark))
    }
}

impl<R> Drop for Parser<R> {
    fn drop(&mut self) {
        // SAFETY: initialized in `new`, deleted once.
        unsafe { sys::yaml_parser_delete(self.sys.as_mut_ptr()) }
    }
}

/// An owned copy of what the event says.
///
/// # Safety
/// `event` is an event `yaml_parser_parse` filled: its union is the one its type says, and its
/// strings are null or NUL-terminated, the scalar's value `length` bytes long.
unsafe fn convert(event: &sys::yaml_event_t) -> Event {
    let owned = |p: *const u8| -> Option<String> {
        (!p.is_null()).then(|| {
            unsafe { CStr::from_ptr(p.cast()) }
                .to_string_lossy()
                .into_owned()
        })
    };
    match event.type_ {
        sys::YAML_STREAM_START_EVENT => Event::StreamStart,
        sys::YAML_STREAM_END_EVENT => Event::StreamEnd,
        sys::YAML_DOCUMENT_START_EVENT => Event::DocumentStart,
        sys::YAML_DOCUMENT_END_EVENT => Event::DocumentEnd,
        sys::YAML_ALIAS_EVENT => Event::Alias,
        sys::YAML_SCALAR_EVENT => {
            let scalar = unsafe { event.data.scalar };
            let bytes = unsafe { std::slice::from_raw_parts(scalar.value, scalar.length as usize) };
            Event::Scalar {
                // libyaml checks that its input is UTF-8 and writes escapes as UTF-8.
                value: String::from_utf8_lossy(bytes).into_owned(),
                plain: scalar.style == sys::YAML_PLAIN_SCALAR_STYLE,
                tag: owned(scalar.tag),
            }
        }
        sys::YAML_SEQUENCE_START_EVENT => Event::SequenceStart {
            tag: owned(unsafe { event.data.sequence_start.tag }),
        },
        sys::YAML_SEQUENCE_END_EVENT => Event::SequenceEnd,
        sys::YAML_MAPPING_START_EVENT => Event::MappingStart {
            tag: owned(unsafe { event.data.mapping_start.tag }),
        },
        sys::YAML_MAPPING_END_EVENT => Event::MappingEnd,
        _ => unreachable!("libyaml's parser gives no other event"),
    }
}
