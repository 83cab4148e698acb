//! `document::read_games`: YAML and JSON documents read a game at a time. Games are handed over
//! in order as they are read; nesting is limited, with a clear error, in time linear in the
//! input; every record and generated game reads back equal; documents written differently (keys
//! in another order, comments, flow and block styles mixed, a byte-order mark, CRLF) read as the
//! reader before this one read them.

use mgn::document::{
    from_json, from_yaml, read_games, read_games_by_element, to_json, to_yaml, Document,
    DocumentError, DocumentWriter, Format, GameVisitor, ReadError, MAX_DEPTH,
};
use mgn::generate::{random_game, GenerateOptions, Rng};
use mgn::notation::{
    parse_games, Comment, CommentStyle, Element, Game, GameKind, Header, Outcome, Side, Span,
    Spanned,
};
use mgn::rules::{game_def, with_rules, RulesExt, WithRules};
use serde_json::Value;
use std::cell::Cell;
use std::convert::Infallible;
use std::io::{self, BufRead, Read};
use std::path::Path;
use std::rc::Rc;

const FORMATS: [Format; 2] = [Format::Json, Format::Yaml];

/// Every game of `text`, or the error that stopped the reading.
fn read(text: &str, format: Format) -> Result<Vec<Game>, DocumentError> {
    let mut games = Vec::new();
    let read = read_games(text.as_bytes(), format, |k, game| {
        assert_eq!(k, games.len(), "games are handed over in order");
        games.push(game);
        Ok::<(), Infallible>(())
    });
    match read {
        Ok(n) => {
            assert_eq!(n, games.len());
            Ok(games)
        }
        Err(ReadError::Document(error)) => Err(error),
        Err(other) => panic!("not a document error: {other:?}"),
    }
}

/// The reader before this one: the whole text as a `serde_json::Value` (through yaml_serde for
/// YAML), then a [`Document`]. It did the same checks after that; the games these tests give it
/// pass them unchanged.
fn read_before(text: &str, format: Format) -> Result<Vec<Game>, String> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let document: Document = match format {
        Format::Json => serde_json::from_str(text).map_err(|e| e.to_string())?,
        Format::Yaml => {
            let value: Value = serde_yaml::from_str(text).map_err(|e| e.to_string())?;
            serde_json::from_value(value).map_err(|e| e.to_string())?
        }
    };
    Ok(document.games)
}

fn written(games: &[Game], format: Format) -> String {
    match format {
        Format::Json => to_json(games),
        Format::Yaml => to_yaml(games),
    }
}

fn refused(text: &str, format: Format) -> DocumentError {
    match read(text, format) {
        Ok(games) => panic!("{format:?} read {} games from:\n{text}", games.len()),
        Err(error) => error,
    }
}

fn sp<T>(value: T) -> Spanned<T> {
    Spanned::new(value, Span::default())
}

// ---------------------------------------------------------------------------------------------
// The games: every record, and generated games of every board and preset

fn records() -> Vec<Game> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("records");
    let mut games = Vec::new();
    for path in mgn::suite::cases(&root).unwrap() {
        let text = std::fs::read_to_string(&path).unwrap();
        for game in parse_games(&text) {
            games.push(game.unwrap_or_else(|e| panic!("{}: {e}", path.display())));
        }
    }
    assert!(games.len() > 20, "records/ holds the project's records");
    games
}

struct Generate {
    header: Header,
    seed: u64,
    max_plies: usize,
}

impl WithRules for Generate {
    type Output = Game;
    fn run<R: RulesExt>(self, rules: &R) -> Game {
        let mut rng = Rng::new(self.seed);
        random_game(
            rules,
            self.header,
            rules.start(Side::B),
            &mut rng,
            GenerateOptions {
                checkpoints: true,
                max_plies: self.max_plies,
            },
        )
    }
}

/// Two games of every implemented game on each of its boards and with each of its presets, of at
/// most `max_plies` plies, with a checkpoint after every move.
fn generated(max_plies: usize) -> Vec<Game> {
    let mut headers = Vec::new();
    for kind in GameKind::ALL {
        let def = game_def(kind);
        for &board in def.boards {
            let mut header = Header::new(kind);
            header.board = Some(sp(board));
            headers.push(header);
        }
        for preset in def.presets {
            let mut header = Header::new(kind);
            header.preset = Some(sp(preset.name.to_string()));
            headers.push(header);
        }
    }
    let mut games = Vec::new();
    for header in headers {
        for seed in [1, 2] {
            let work = Generate {
                header: header.clone(),
                seed,
                max_plies,
            };
            games.push(with_rules(&header, work).unwrap());
        }
    }
    games
}

#[test]
fn every_record_and_generated_game_reads_back_equal() {
    for games in [records(), generated(120)] {
        for format in FORMATS {
            let text = written(&games, format);
            assert_eq!(read(&text, format).unwrap(), games, "{format:?}");
        }
    }
}

/// The depth a document of these games needs, which [`MAX_DEPTH`] must leave room above.
#[test]
fn documents_of_every_game_need_ten_levels() {
    fn depth(v: &Value) -> usize {
        match v {
            Value::Array(items) => 1 + items.iter().map(depth).max().unwrap_or(0),
            Value::Object(map) => 1 + map.values().map(depth).max().unwrap_or(0),
            _ => 0,
        }
    }
    let mut games = records();
    games.extend(generated(120));
    let value: Value = serde_json::from_str(&to_json(&games)).unwrap();
    assert_eq!(depth(&value), 10);
    // Room to spare: the shape may grow deeper with the limit where it is.
    const { assert!(MAX_DEPTH >= 6 * 10) };
}

// ---------------------------------------------------------------------------------------------
// The same document written otherwise

/// How [`yaml_of`] writes a value.
#[derive(Clone, Copy)]
struct Style {
    /// Collections this deep and deeper are written in flow style (`{a: 1}`, `[1, 2]`).
    flow_from: usize,
    /// `# ...` comments on lines of their own and after values.
    comments: bool,
    /// Text that YAML reads as text written plain (`B4`), else double-quoted.
    plain: bool,
}

/// Text YAML reads back as the same text when written plain.
fn plain_safe(text: &str) -> bool {
    let mut chars = text.chars();
    chars.next().is_some_and(|c| c.is_ascii_alphabetic())
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
        && !matches!(
            text.to_ascii_lowercase().as_str(),
            "true" | "false" | "null" | "nan" | "inf" | "infinity" | "y" | "n" | "yes" | "no"
        )
}

/// Double-quoted YAML, escaping what YAML does not allow raw.
fn quoted(text: &str) -> String {
    let mut out = String::from("\"");
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' | ' '..='~' => out.push(c),
            '\u{a0}'..='\u{d7ff}' | '\u{e000}'..='\u{fffd}' if c != '\u{feff}' => out.push(c),
            c if (c as u32) < 0x10000 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c if (c as u32) > 0xffff => out.push(c),
            c => out.push_str(&format!("\\U{:08x}", c as u32)),
        }
    }
    out.push('"');
    out
}

fn scalar(v: &Value, style: Style) -> String {
    match v {
        Value::String(s) if style.plain && plain_safe(s) => s.clone(),
        Value::String(s) => quoted(s),
        other => other.to_string(),
    }
}

/// Keys last first: serde_json's map gives them sorted, the writers in declaration order.
fn reversed(map: &serde_json::Map<String, Value>) -> Vec<(&String, &Value)> {
    let mut entries: Vec<_> = map.iter().collect();
    entries.reverse();
    entries
}

fn flow(v: &Value, style: Style) -> String {
    match v {
        Value::Array(items) => {
            let items: Vec<String> = items.iter().map(|v| flow(v, style)).collect();
            format!("[{}]", items.join(", "))
        }
        Value::Object(map) => {
            let entries: Vec<String> = reversed(map)
                .into_iter()
                .map(|(k, v)| {
                    format!(
                        "{}: {}",
                        scalar(&Value::String(k.clone()), style),
                        flow(v, style)
                    )
                })
                .collect();
            format!("{{{}}}", entries.join(", "))
        }
        other => scalar(other, style),
    }
}

/// `v` as YAML: block style above `style.flow_from` levels, flow style from there on.
fn yaml_of(v: &Value, style: Style) -> String {
    fn block(v: &Value, style: Style, depth: usize, indent: usize, out: &mut String) {
        let pad = " ".repeat(indent);
        let inline = |v: &Value| match v {
            Value::Array(a) => a.is_empty() || depth + 1 >= style.flow_from,
            Value::Object(m) => m.is_empty() || depth + 1 >= style.flow_from,
            _ => true,
        };
        match v {
            Value::Object(map) => {
                for (n, (k, v)) in reversed(map).into_iter().enumerate() {
                    if style.comments && n % 2 == 0 {
                        out.push_str(&format!(
                            "{pad}# before {k}: \"quoted\" [not a list] {{nor a map}}\n"
                        ));
                    }
                    let key = scalar(&Value::String(k.clone()), style);
                    if inline(v) {
                        out.push_str(&format!("{pad}{key}: {}", flow(v, style)));
                        if style.comments {
                            out.push_str("  # after a value");
                        }
                        out.push('\n');
                    } else {
                        out.push_str(&format!("{pad}{key}:\n"));
                        block(v, style, depth + 1, indent + 2, out);
                    }
                }
            }
            Value::Array(items) => {
                for v in items {
                    if inline(v) {
                        out.push_str(&format!("{pad}- {}\n", flow(v, style)));
                    } else {
                        out.push_str(&format!("{pad}-\n"));
                        block(v, style, depth + 1, indent + 2, out);
                    }
                }
            }
            other => out.push_str(&format!("{pad}{}\n", scalar(other, style))),
        }
    }
    let mut out = String::new();
    if style.comments {
        out.push_str("# A document written by hand\n");
    }
    block(v, style, 0, 0, &mut out);
    out
}

/// Compact JSON with every map's keys last first.
fn json_reversed(v: &Value) -> String {
    match v {
        Value::Array(items) => {
            let items: Vec<String> = items.iter().map(json_reversed).collect();
            format!("[{}]", items.join(","))
        }
        Value::Object(map) => {
            let entries: Vec<String> = reversed(map)
                .into_iter()
                .map(|(k, v)| format!("{}:{}", Value::String(k.clone()), json_reversed(v)))
                .collect();
            format!("{{\n{}}}", entries.join(",\n "))
        }
        other => other.to_string(),
    }
}

/// The same document, written in every way the tests try, in `format`.
fn variants(games: &[Game], format: Format) -> Vec<(String, String)> {
    let canonical = written(games, format);
    let value: Value = serde_json::from_str(&to_json(games)).unwrap();
    let mut texts = vec![("canonical".to_string(), canonical.clone())];
    match format {
        Format::Json => texts.push(("keys last first".into(), json_reversed(&value))),
        Format::Yaml => {
            for flow_from in [0, 2, 4, 7, 99] {
                for (comments, plain) in [(false, false), (true, true)] {
                    let style = Style {
                        flow_from,
                        comments,
                        plain,
                    };
                    texts.push((
                        format!("keys last first, flow from level {flow_from}, comments {comments}, plain {plain}"),
                        yaml_of(&value, style),
                    ));
                }
            }
        }
    }
    let mut more = Vec::new();
    for (what, text) in &texts {
        more.push((format!("{what}, with a BOM"), format!("\u{feff}{text}")));
        more.push((format!("{what}, CRLF"), text.replace('\n', "\r\n")));
    }
    texts.extend(more);
    texts
}

#[test]
fn documents_written_otherwise_read_as_the_reader_before_read_them() {
    // The records of the four games under 20 kB of YAML each (a dozen, with comments, scores,
    // captures and transactions), and generated games of a few boards and presets.
    let mut games: Vec<Game> = records()
        .into_iter()
        .filter(|g| to_yaml(std::slice::from_ref(g)).len() <= 20_000)
        .collect();
    games.extend(generated(16).into_iter().step_by(5));
    for format in FORMATS {
        for (what, text) in variants(&games, format) {
            let before = read_before(&text, format)
                .unwrap_or_else(|e| panic!("{format:?}, {what}: the reader before: {e}\n{text}"));
            let now =
                read(&text, format).unwrap_or_else(|e| panic!("{format:?}, {what}: {e}\n{text}"));
            assert_eq!(now, before, "{format:?}, {what}");
            assert_eq!(now, games, "{format:?}, {what}");
        }
    }
}

// ---------------------------------------------------------------------------------------------
// A game at a time

/// A reader that counts the bytes taken from it.
struct Counted<R> {
    input: R,
    taken: Rc<Cell<usize>>,
}

impl<R: Read> Read for Counted<R> {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        let n = self.input.read(out)?;
        self.taken.set(self.taken.get() + n);
        Ok(n)
    }
}

impl<R: BufRead> BufRead for Counted<R> {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        self.input.fill_buf()
    }
    fn consume(&mut self, n: usize) {
        self.taken.set(self.taken.get() + n);
        self.input.consume(n);
    }
}

/// 300 copies of a generated game of 10 plies with a checkpoint after every move.
fn many_games() -> Vec<Game> {
    let mut header = Header::new(GameKind::Nchuwa);
    header.board = Some(sp("4x6".parse().unwrap()));
    let work = Generate {
        header: header.clone(),
        seed: 3,
        max_plies: 10,
    };
    // Enough games that a reader's buffer (64 KiB for JSON) is a small part of the document.
    vec![with_rules(&header, work).unwrap(); 1000]
}

#[test]
fn each_game_is_handed_over_before_the_next_is_read() {
    let games = many_games();
    for format in FORMATS {
        let text = written(&games, format);
        let taken = Rc::new(Cell::new(0));
        let input = Counted {
            input: text.as_bytes(),
            taken: taken.clone(),
        };
        let mut when = Vec::new();
        let read = read_games(input, format, |k, game| {
            assert_eq!(game, games[k]);
            when.push(taken.get());
            Ok::<(), Infallible>(())
        });
        assert_eq!(read.unwrap(), games.len());
        let each = text.len() / games.len();
        // The reader has taken the game handed over, and at most a buffer (64 KiB) or a game
        // more.
        for (k, &taken) in when.iter().enumerate() {
            assert!(
                taken >= k * each,
                "{format:?}: game {k} handed over before it was read"
            );
            assert!(
                taken <= (k + 2) * each + 65536,
                "{format:?}: game {k} handed over after {taken} bytes of {}",
                text.len()
            );
        }
    }
}

#[test]
fn an_error_of_the_caller_stops_the_reading_at_once() {
    let games = many_games();
    for format in FORMATS {
        let text = written(&games, format);
        let taken = Rc::new(Cell::new(0));
        let input = Counted {
            input: text.as_bytes(),
            taken: taken.clone(),
        };
        let mut calls = 0;
        let read = read_games(input, format, |k, _| {
            calls += 1;
            if k == 2 {
                Err("full")
            } else {
                Ok(())
            }
        });
        assert!(
            matches!(read, Err(ReadError::Stopped("full"))),
            "{format:?}"
        );
        assert_eq!(calls, 3);
        assert!(
            taken.get() < text.len() / 20,
            "{format:?}: read on after the error"
        );
    }
}

/// A reader that fails after `left` bytes.
struct Failing<'a> {
    text: &'a [u8],
    left: usize,
}

impl Read for Failing<'_> {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        if self.left == 0 {
            return Err(io::Error::new(
                io::ErrorKind::ConnectionReset,
                "the disk went away",
            ));
        }
        let n = out.len().min(self.left).min(self.text.len());
        out[..n].copy_from_slice(&self.text[..n]);
        self.text = &self.text[n..];
        self.left -= n;
        Ok(n)
    }
}

#[test]
fn an_input_that_fails_is_an_io_error_after_the_games_read() {
    let games = many_games();
    for format in FORMATS {
        let text = written(&games[..40], format);
        let input = io::BufReader::with_capacity(
            100,
            Failing {
                text: text.as_bytes(),
                left: text.len() / 2,
            },
        );
        let mut handed = 0;
        let read = read_games(input, format, |_, _| {
            handed += 1;
            Ok::<(), Infallible>(())
        });
        match read {
            Err(ReadError::Io(error)) => {
                assert_eq!(error.kind(), io::ErrorKind::ConnectionReset, "{format:?}")
            }
            other => panic!("{format:?}: {other:?}"),
        }
        assert!((15..=20).contains(&handed), "{format:?}: {handed} games");
    }
}

// ---------------------------------------------------------------------------------------------
// Nesting: a limit, a clear error, and time linear in the input

const DEEP: usize = 64_000;

fn too_deep(error: &DocumentError) -> bool {
    error
        .message
        .ends_with(&format!("nested too deep: at most {MAX_DEPTH} levels"))
}

#[test]
fn flow_sequences_64000_deep_are_refused_at_the_limit() {
    let open = "[".repeat(DEEP);
    let close = "]".repeat(DEEP);
    // The document's map is a level, `games` the next: the 63rd `[` opens level 64.
    let yaml = format!("mgn: 1\ngames: {open}{close}\n");
    let error = refused(&yaml, Format::Yaml);
    assert!(too_deep(&error), "{error}");
    assert!(error.message.starts_with("game 1: "), "{error}");
    assert_eq!((error.line, error.column), (Some(2), Some(7 + 64)));
    // In JSON, a game is read as a map, and its values by serde, which refuses a value of the
    // wrong shape at its first byte. What serde reads whole before it knows its shape is a
    // transaction, whose `kind` may come last: the sequences stand there.
    let json = in_a_transaction(&format!("{open}{close}"));
    let error = refused(&json, Format::Json);
    assert!(too_deep(&error), "{error}");
    assert!(error.message.starts_with("game 1: "), "{error}");
    // The transaction's map is level 6: its first `[` (at column `first + 1`) opens level 7.
    let first = json.find("\"x\": ").unwrap() + 5;
    assert_eq!((error.line, error.column), (Some(1), Some(first + 59)));
    // Whole documents of brackets.
    for format in FORMATS {
        let error = refused(&format!("{open}{close}"), format);
        assert!(
            error
                .message
                .contains("expected a map of `mgn` and `games`"),
            "{error}"
        );
    }
}

/// `{"mgn": 1, "games": [game]}`, the game's one element a transaction that holds `deep` under
/// a key it does not have, before its `kind`.
fn in_a_transaction(deep: &str) -> String {
    format!(
        "{{\"mgn\": 1, \"games\": [{{\"header\": {{\"game\": \"dong-wo\"}}, \"moves\": \
         [{{\"transaction\": {{\"x\": {deep}, \"kind\": \"fill\"}}}}], \"outcome\": \"*\"}}]}}"
    )
}

#[test]
fn flow_maps_64000_deep_are_refused_at_the_limit() {
    // A document of maps in maps: its first key is not a document's, and nothing more is read.
    let yaml = format!("{}1{}\n", "{a: ".repeat(DEEP), "}".repeat(DEEP));
    let error = refused(&yaml, Format::Yaml);
    assert_eq!(
        error.message,
        "unknown field `a`, expected `mgn` or `games`"
    );
    assert_eq!((error.line, error.column), (Some(1), Some(2)));
    let json = format!("{}1{}\n", "{\"a\": ".repeat(DEEP), "}".repeat(DEEP));
    let error = refused(&json, Format::Json);
    assert_eq!(
        error.message,
        "unknown field `a`, expected `mgn` or `games`"
    );
    assert_eq!((error.line, error.column), (Some(1), Some(5)));
    // Where a value is read whole before its keys are known, the reading stops at the limit:
    // in a transaction, whose `kind` may come last; in YAML, any value of a game, which is
    // built before serde reads it (serde_json reads a header key by key, and stops at the first
    // it does not know).
    for format in FORMATS {
        let deep = match format {
            Format::Json => format!("{}1{}", "{\"a\": ".repeat(DEEP), "}".repeat(DEEP)),
            Format::Yaml => format!("{}1{}", "{a: ".repeat(DEEP), "}".repeat(DEEP)),
        };
        let error = refused(&in_a_transaction(&deep), format);
        assert!(too_deep(&error), "{format:?}: {error}");
        assert!(error.message.starts_with("game 1: "), "{format:?}: {error}");

        let text = format!(
            "{{\"mgn\": 1, \"games\": [{{\"header\": {{\"game\": \"dakon\"}}, \"moves\": [], \
             \"outcome\": \"*\"}}, {{\"header\": {{\"game\": \"dakon\", \"a\": {deep}}}}}]}}"
        );
        let error = refused(&text, format);
        match format {
            Format::Yaml => assert!(too_deep(&error), "{error}"),
            Format::Json => assert!(
                error
                    .message
                    .starts_with("game 2: unknown field `a`, expected one of"),
                "{error}"
            ),
        }
        assert!(error.message.starts_with("game 2: "), "{format:?}: {error}");
    }
}

#[test]
fn block_nesting_past_the_limit_is_refused() {
    // Each level a line deeper, under a tag value: `- ` items inside `- ` items, and maps
    // inside maps. The header is level 4: the first line below `event:` opens level 5.
    let mut seqs = String::from("mgn: 1\ngames:\n- header:\n    event:\n");
    let mut maps = seqs.clone();
    for level in 0..200 {
        seqs.push_str(&format!("{}-\n", " ".repeat(4 + level)));
        maps.push_str(&format!("{}a:\n", " ".repeat(5 + level)));
    }
    for text in [seqs, maps] {
        let error = refused(&text, Format::Yaml);
        assert!(too_deep(&error), "{error}");
        assert!(error.message.starts_with("game 1: "), "{error}");
        assert_eq!(error.line, Some(MAX_DEPTH + 1), "{error}");
    }
}

/// A value nested exactly to the limit is read (and refused for its shape: no document is so
/// deep); one level more is not read.
#[test]
fn the_limit_is_exactly_max_depth_levels() {
    for format in FORMATS {
        for (levels, read_whole) in [(MAX_DEPTH, true), (MAX_DEPTH + 1, false)] {
            // The transaction's map is level 6.
            let inner = levels - 6;
            let deep = format!("{}{}", "[".repeat(inner), "]".repeat(inner));
            let error = refused(&in_a_transaction(&deep), format);
            if read_whole {
                assert_eq!(
                    error.message, "game 1: unknown field `x`, expected `target`",
                    "{format:?} {levels}"
                );
            } else {
                assert!(too_deep(&error), "{format:?} {levels}: {error}");
            }
        }
    }
}

/// The count of levels follows JSON's strings: brackets in them are text.
#[test]
fn brackets_in_json_strings_are_not_nesting() {
    let text = format!(
        "{{\"mgn\": 1, \"games\": [{{\"header\": {{\"game\": \"dakon\", \"event\": \"{}\\\"{}\"}}, \
         \"moves\": [], \"outcome\": \"*\"}}]}}",
        "[{".repeat(1000),
        "\\\\[".repeat(100)
    );
    let games = read(&text, Format::Json).unwrap();
    let event = &games[0].header.event.as_ref().unwrap().value;
    assert_eq!(
        *event,
        format!("{}\"{}", "[{".repeat(1000), "\\[".repeat(100))
    );
}

/// The count of levels reads ahead of serde_json: an error before the limit is still the one
/// said.
#[test]
fn a_syntax_error_before_deep_nesting_is_the_error_said() {
    let text = format!("{{\"mgn\": x, \"a\": {}", "[".repeat(DEEP));
    let error = refused(&text, Format::Json);
    assert!(error.message.starts_with("expected value"), "{error}");
    assert_eq!((error.line, error.column), (Some(1), Some(9)));
}

// ---------------------------------------------------------------------------------------------
// The document's shape

const GAME: &str = r#"{"header": {"game": "dakon"}, "moves": [{"move": {"sowings": [{"hole": "B4"}]}}], "outcome": "*"}"#;

#[test]
fn the_version_may_follow_the_games() {
    for format in FORMATS {
        let text = format!("{{\"games\": [{GAME}, {GAME}], \"mgn\": 1}}");
        assert_eq!(read(&text, format).unwrap().len(), 2, "{format:?}");

        // A wrong version after the games: they were handed over, and the error says so.
        let text = format!("{{\"games\": [{GAME}, {GAME}], \"mgn\": 3}}");
        let mut handed = 0;
        let read = read_games(text.as_bytes(), format, |_, _| {
            handed += 1;
            Ok::<(), Infallible>(())
        });
        let Err(ReadError::Document(error)) = read else {
            panic!("{format:?}: {read:?}")
        };
        assert_eq!(handed, 2);
        assert!(
            error.message.starts_with(
                "document format version 3 is not supported (this mgn reads versions 1 to 2); `mgn` \
                 follows `games` in this document, so its 2 games were read before the version \
                 was known"
            ),
            "{format:?}: {error}"
        );

        // A wrong version first: no game is read.
        let text = format!("{{\"mgn\": 3, \"games\": [{GAME}]}}");
        let mut handed = 0;
        let read = read_games(text.as_bytes(), format, |_, _| {
            handed += 1;
            Ok::<(), Infallible>(())
        });
        assert!(matches!(read, Err(ReadError::Document(_))), "{format:?}");
        assert_eq!(handed, 0);

        let error = refused(&format!("{{\"games\": [{GAME}]}}"), format);
        assert_eq!(
            error.message,
            "missing field `mgn`, the format version: write `mgn: 1` in the document's map"
        );
        assert!(error.line.is_some(), "{format:?}: {error:?}");
        let error = refused("{\"mgn\": 1}", format);
        assert_eq!(
            error.message,
            "missing field `games`, the sequence of the games"
        );
        assert!(error.line.is_some(), "{format:?}: {error:?}");
    }
}

/// A key the document does not define is refused, as a key given twice is: data a program adds
/// under a key of its own would not be in what the document converts to. Keys in a game and in
/// its values: `crates/cli/tests/document_keys.rs`.
#[test]
fn keys_given_twice_or_not_defined_are_refused() {
    for format in FORMATS {
        let error = refused(
            &format!("{{\"mgn\": 1, \"games\": [], \"games\": [{GAME}]}}"),
            format,
        );
        assert!(error.message.contains("duplicate field `games`"), "{error}");
        assert!(error.line.is_some(), "{format:?}");
        let error = refused("{\"mgn\": 1, \"mgn\": 1, \"games\": []}", format);
        assert!(error.message.contains("duplicate field `mgn`"), "{error}");
        let text = format!(
            "{{\"note\": {{\"by\": [\"a\", {{\"b\": null}}]}}, \"mgn\": 1, \"games\": [{GAME}]}}"
        );
        let error = refused(&text, format);
        assert_eq!(
            error.message,
            "unknown field `note`, expected `mgn` or `games`"
        );
        let at = match format {
            Format::Json => (Some(1), Some(8)),
            Format::Yaml => (Some(1), Some(2)),
        };
        assert_eq!((error.line, error.column), at, "{format:?}");
        // After the games, which were handed over: the reading fails all the same.
        let text = format!("{{\"mgn\": 1, \"games\": [{GAME}], \"end\": 3}}");
        let error = refused(&text, format);
        assert_eq!(
            error.message,
            "unknown field `end`, expected `mgn` or `games`"
        );
        assert!(error.line.is_some(), "{format:?}");
    }
    let error = refused("mgn: 1\ngames: []\n? [a]\n: b\n", Format::Yaml);
    assert_eq!(error.message, "a map key must be a scalar, not a sequence");
    assert_eq!((error.line, error.column), (Some(3), Some(3)));
    let error = refused("[1]", Format::Yaml);
    assert_eq!(
        error.message,
        "invalid type: sequence, expected a map of `mgn` and `games`"
    );
}

#[test]
fn yaml_aliases_and_tags_are_refused_and_anchors_ignored() {
    let error = refused(
        &format!("mgn: 1\ngames:\n- &g {GAME}\n- *g\n"),
        Format::Yaml,
    );
    assert!(
        error
            .message
            .starts_with("game 2: an alias (`*name`) is not read"),
        "{error}"
    );
    assert_eq!((error.line, error.column), (Some(4), Some(3)));
    // A bomb of aliases is refused at its first, before anything is expanded.
    let bomb =
        "mgn: 1\ngames:\n- header: {game: dakon}\n  before: &a [{text: a, style: brace}]\n  \
                after: &b [*a, *a, *a, *a, *a, *a, *a, *a]\n  moves: [*b, *b]\n";
    let error = refused(bomb, Format::Yaml);
    assert!(error.message.starts_with("game 1: an alias"), "{error}");
    assert_eq!(error.line, Some(5));

    let anchored = format!("mgn: &v 1\ngames: &all\n- &g {GAME}\n");
    assert_eq!(read(&anchored, Format::Yaml).unwrap().len(), 1);

    for (text, tag) in [
        (
            "mgn: 1\ngames:\n- !game {header: {game: dakon}, moves: [], outcome: '*'}\n",
            "!game",
        ),
        ("mgn: !!int 1\ngames: []\n", "tag:yaml.org,2002:int"),
        ("mgn: 1\ngames: !!seq []\n", "tag:yaml.org,2002:seq"),
        ("--- !doc\nmgn: 1\ngames: []\n", "!doc"),
    ] {
        let error = refused(text, Format::Yaml);
        assert!(
            error
                .message
                .contains(&format!("the YAML tag `{tag}` is not read")),
            "{text}: {error}"
        );
    }
}

#[test]
fn yaml_streams_of_other_than_one_document_are_refused() {
    let error = refused("mgn: 1\ngames: []\n---\nmgn: 1\ngames: []\n", Format::Yaml);
    assert_eq!(
        error.message,
        "a second YAML document: a file holds one document"
    );
    assert_eq!(error.line, Some(3));
    for empty in ["", "# nothing\n", "\u{feff}"] {
        let error = refused(empty, Format::Yaml);
        assert!(
            error.message.starts_with("the document is empty"),
            "{error}"
        );
    }
    // An explicit start and end are one document.
    assert_eq!(
        read("---\nmgn: 1\ngames: []\n...\n", Format::Yaml).unwrap(),
        []
    );
}

#[test]
fn errors_name_the_game_and_keep_their_place() {
    let yaml = format!("mgn: 1\ngames:\n- {GAME}\n- {{header: {{game: chess}}}}\n");
    let error = refused(&yaml, Format::Yaml);
    assert!(
        error.message.starts_with("game 2: unknown variant `chess`"),
        "{error}"
    );
    // Each value of a YAML game (its header here) is checked alone, as it is read: the error
    // points at that value, not at the game, which may be millions of moves long.
    assert_eq!((error.line, error.column), (Some(4), Some(12)));

    let yaml = format!("mgn: 1\ngames:\n- {GAME}\n- {{header: [}}\n");
    let error = refused(&yaml, Format::Yaml);
    assert!(
        error
            .message
            .starts_with("game 2: did not find expected node content"),
        "{error}"
    );
    assert_eq!(error.line, Some(4));

    let json =
        format!("{{\"mgn\": 1, \"games\": [{GAME},\n  {{\"header\": {{\"game\": \"chess\"}}}}]}}");
    let error = refused(&json, Format::Json);
    assert!(
        error.message.starts_with("game 2: unknown variant `chess`"),
        "{error}"
    );
    assert_eq!(error.line, Some(2));

    // A game MGN cannot write is named, and placed where the reading of it stood (its map in
    // YAML, where serde_json stood in JSON): every refusal has a line to go to.
    let hostile = GAME.replace(
        r#""outcome""#,
        r#""after": [{"text": "}", "style": "brace"}], "outcome""#,
    );
    for format in FORMATS {
        let error = refused(
            &format!("{{\"mgn\": 1, \"games\": [{GAME}, {hostile}]}}"),
            format,
        );
        assert!(
            error
                .message
                .starts_with("game 2: the comment \"}\" after its result"),
            "{error}"
        );
        assert_eq!(error.line, Some(1), "{format:?}");
    }
}

#[test]
fn text_that_is_not_utf8_is_refused_with_where() {
    let yaml_before = "mgn: 1\ngames:\n- header: {game: dakon, event: \"";
    let mut bytes = yaml_before.as_bytes().to_vec();
    bytes.extend([0xff, b'"', b'}', b'\n']);
    let json_before = "{\"mgn\": 1, \"games\": [{\"header\": {\"game\": \"dakon\", \"event\": \"";
    for format in FORMATS {
        let mut json = json_before.as_bytes().to_vec();
        json.extend([0xff, b'"', b'}', b'}', b']', b'}']);
        let input: &[u8] = match format {
            Format::Yaml => &bytes,
            Format::Json => &json,
        };
        let read = read_games(input, format, |_, _| Ok::<(), Infallible>(()));
        let Err(ReadError::Document(error)) = read else {
            panic!("{format:?}: {read:?}")
        };
        match format {
            // libyaml checks its input as it reads it, ahead of the events: the error has the
            // byte's offset, and no game.
            Format::Yaml => assert!(
                error
                    .message
                    .ends_with(&format!("(at byte {})", yaml_before.len())),
                "{error}"
            ),
            Format::Json => {
                assert_eq!(error.message, "game 1: the text is not UTF-8 (byte 0xff)");
                assert_eq!(
                    (error.line, error.column),
                    (Some(1), Some(json_before.len() + 1))
                );
            }
        }
    }
}

/// The reader checks every byte of a JSON document as UTF-8 as it reads it, whatever serde_json
/// does with the string it stands in (it did not look at the text of a value it skipped, when
/// the values of unknown keys were skipped).
#[test]
fn json_text_is_utf8_throughout() {
    let text = "{\"mgn\": 1, \"games\": [{\"header\": {\"game\": \"dakon\", \"event\": \"é€😀\\u00e9\"}, \"moves\": [], \"outcome\": \"*\"}]}";
    let games = read(text, Format::Json).unwrap();
    assert_eq!(games[0].header.event.as_ref().unwrap().value, "é€😀é");
    // Overlong, a surrogate, past U+10FFFF, a lead byte with no continuation.
    for bad in [
        &[0xC0, 0xAF][..],
        &[0xED, 0xA0, 0x80],
        &[0xF4, 0x90, 0x80, 0x80],
        &[0xE2, b'"'],
    ] {
        let mut json =
            b"{\"mgn\": 1, \"games\": [{\"header\": {\"game\": \"dakon\", \"event\": \"".to_vec();
        json.extend(bad);
        json.extend(b"\"}, \"moves\": [], \"outcome\": \"*\"}]}");
        let read = read_games(&json[..], Format::Json, |_, _| Ok::<(), Infallible>(()));
        let Err(ReadError::Document(error)) = read else {
            panic!("{bad:?}: {read:?}")
        };
        assert!(
            error.message.starts_with("game 1: the text is not UTF-8"),
            "{bad:?}: {error}"
        );
    }
}

/// The YAML scalars a game's numbers and texts may be written as read as yaml_serde read them.
#[test]
fn yaml_scalars_read_as_before() {
    for count in [
        "7",
        "0x7",
        "0o7",
        "+7",
        "007",
        "7.0",
        "-7",
        "1e400",
        "99999999999999999999",
        "~",
        "'7'",
        "true",
        ".nan",
    ] {
        let yaml = format!(
            "mgn: 1\ngames:\n- header: {{game: dakon}}\n  moves: [{{move: {{sowings: [{{hole: B4}}]}}}}, {{captures: {{count: {count}}}}}]\n  outcome: '*'\n"
        );
        let now = read(&yaml, Format::Yaml).map_err(|e| e.message);
        let before = read_before(&yaml, Format::Yaml);
        match (&now, &before) {
            (Ok(now), Ok(before)) => assert_eq!(now, before, "{count}"),
            (Err(_), Err(_)) => {}
            _ => panic!("{count}: now {now:?}, before {before:?}"),
        }
    }
}

#[test]
fn from_json_and_from_yaml_read_through_the_same_reader() {
    let games = many_games();
    assert_eq!(from_json(&to_json(&games[..3])).unwrap(), games[..3]);
    assert_eq!(from_yaml(&to_yaml(&games[..3])).unwrap(), games[..3]);
    let error = from_yaml(&format!("mgn: 1\ngames: {}\n", "[".repeat(DEEP))).unwrap_err();
    assert!(too_deep(&error), "{error}");
}

// ---------------------------------------------------------------------------------------------
// An element at a time

/// A visitor that puts the pieces handed over back together, checking that they come in order:
/// a start, its elements, its end.
#[derive(Default)]
struct Pieces {
    games: Vec<Game>,
    open: Option<Game>,
    /// For each element handed over, what the input had given by then.
    taken_at: Vec<usize>,
    taken: Option<Rc<Cell<usize>>>,
}

impl GameVisitor for Pieces {
    type Error = Infallible;

    fn start(
        &mut self,
        index: usize,
        before: Vec<Spanned<Comment>>,
        header: Header,
    ) -> Result<(), Infallible> {
        assert!(
            self.open.is_none(),
            "a game starts after the one before ends"
        );
        assert_eq!(index, self.games.len(), "games are handed over in order");
        self.open = Some(Game {
            before,
            header,
            moves: Vec::new(),
            outcome: sp(Outcome::Unknown),
            after: Vec::new(),
            span: Span::default(),
        });
        Ok(())
    }

    fn element(&mut self, element: Element) -> Result<(), Infallible> {
        let game = self
            .open
            .as_mut()
            .expect("an element comes after its game's start");
        game.moves.push(element);
        if let Some(taken) = &self.taken {
            self.taken_at.push(taken.get());
        }
        Ok(())
    }

    fn end(
        &mut self,
        outcome: Spanned<Outcome>,
        after: Vec<Spanned<Comment>>,
    ) -> Result<(), Infallible> {
        let mut game = self.open.take().expect("a game ends after it starts");
        game.outcome = outcome;
        game.after = after;
        self.games.push(game);
        Ok(())
    }
}

/// The games of `text` as [`read_games_by_element`] hands them over, put back together.
fn read_by_element(text: &str, format: Format) -> Result<Vec<Game>, DocumentError> {
    let mut pieces = Pieces::default();
    match read_games_by_element(text.as_bytes(), format, &mut pieces) {
        Ok(n) => {
            assert!(pieces.open.is_none(), "every game handed over ended");
            assert_eq!(n, pieces.games.len());
            Ok(pieces.games)
        }
        Err(ReadError::Document(error)) => Err(error),
        Err(other) => panic!("not a document error: {other:?}"),
    }
}

/// Every game of every fixture that reads (fixtures/ holds broken records too).
fn fixtures() -> Vec<Game> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures");
    let mut games = Vec::new();
    for path in mgn::suite::cases(&root).unwrap() {
        let Ok(text) = std::fs::read_to_string(&path) else {
            continue;
        };
        games.extend(parse_games(&text).into_iter().filter_map(Result::ok));
    }
    assert!(games.len() > 100, "fixtures/ holds the conformance cases");
    games
}

#[test]
fn every_record_and_fixture_reads_back_element_by_element() {
    for games in [records(), fixtures(), generated(120)] {
        for format in FORMATS {
            let text = written(&games, format);
            assert_eq!(read_by_element(&text, format).unwrap(), games, "{format:?}");
        }
    }
}

/// The writer that takes a game a piece at a time writes what the whole document's writer
/// writes, for every record and fixture.
#[test]
fn every_record_and_fixture_is_written_a_piece_at_a_time_as_whole() {
    for games in [records(), fixtures()] {
        for format in FORMATS {
            let mut writer = DocumentWriter::new(Vec::new(), format).unwrap();
            for game in &games {
                writer.start_game(&game.before, &game.header).unwrap();
                for element in &game.moves {
                    writer.element(element).unwrap();
                }
                writer.end_game(&game.outcome, &game.after).unwrap();
            }
            let text = String::from_utf8(writer.finish().unwrap()).unwrap();
            assert!(text == written(&games, format), "{format:?}");
        }
    }
}

fn brace(text: &str) -> Spanned<Comment> {
    sp(Comment {
        text: text.into(),
        style: CommentStyle::Brace,
    })
}

/// A game with every key: comments before it, in its header, in and after its move text.
fn game_with_every_key(tags: bool) -> Game {
    let mut game = records()
        .into_iter()
        .find(|g| g.moves.len() > 20)
        .expect("a record of some length");
    game.before = vec![brace("before")];
    game.header.comments = vec![brace("between").into()];
    if !tags {
        game.header = Header {
            comments: game.header.comments,
            ..Header::new(game.header.game.value)
        };
    }
    game.moves.insert(3, Element::Comment(brace("inside")));
    game.after = vec![brace("after")];
    game
}

/// Every order of a game's five keys reads as the game, in JSON and YAML, but one: `before`
/// after `moves` after `header`, when the elements were already handed over.
#[test]
fn a_game_reads_whatever_the_order_of_its_keys() {
    for tags in [true, false] {
        let game = game_with_every_key(tags);
        let value: Value = serde_json::from_str(&to_json(std::slice::from_ref(&game))).unwrap();
        let fields = value["games"][0].as_object().unwrap().clone();
        let keys: Vec<String> = fields.keys().cloned().collect();
        assert_eq!(keys.len(), 5);
        let mut expected = game.clone();
        if !tags {
            let comments = std::mem::take(&mut expected.header.comments);
            expected.moves.splice(
                0..0,
                comments
                    .into_iter()
                    .map(|c| Element::Comment(Spanned::new(c.value.comment(), c.span))),
            );
        }
        let mut orders = 0;
        for order in permutations(&keys) {
            let entries: Vec<String> = order
                .iter()
                .map(|k| format!("{}: {}", Value::String(k.clone()), fields[k.as_str()]))
                .collect();
            let text = format!("{{\"mgn\": 1, \"games\": [{{{}}}]}}", entries.join(", "));
            let at = |key: &str| order.iter().position(|k| k == key).unwrap();
            let refused = at("header") < at("moves") && at("moves") < at("before");
            for format in FORMATS {
                for read in [read_by_element(&text, format), read(&text, format)] {
                    match read {
                        Ok(games) => {
                            assert!(!refused, "{format:?} {order:?}");
                            assert_eq!(games, [expected.clone()], "{format:?} {order:?}");
                        }
                        Err(error) => {
                            assert!(refused, "{format:?} {order:?}: {error}");
                            assert_eq!(
                                error.message,
                                "game 1: its `before` follows its `moves`, whose elements were \
                                 handed over after its header without them: write `before` \
                                 before `moves`"
                            );
                        }
                    }
                }
            }
            orders += 1;
        }
        assert_eq!(orders, 120);
    }
}

fn permutations(items: &[String]) -> Vec<Vec<String>> {
    if items.len() <= 1 {
        return vec![items.to_vec()];
    }
    let mut all = Vec::new();
    for k in 0..items.len() {
        let mut rest = items.to_vec();
        let first = rest.remove(k);
        for mut tail in permutations(&rest) {
            tail.insert(0, first.clone());
            all.push(tail);
        }
    }
    all
}

#[test]
fn keys_of_a_game_given_twice_are_refused() {
    let game = r#"{"header": {"game": "dakon"}, "moves": [], "outcome": "*""#;
    for (key, value) in [
        ("header", r#"{"game": "dakon"}"#),
        ("moves", "[]"),
        ("outcome", r#""*""#),
        ("before", "[]"),
        ("after", "[]"),
    ] {
        let twice = match key {
            "before" | "after" => format!(r#"{game}, "{key}": {value}, "{key}": {value}}}"#),
            _ => format!(r#"{game}, "{key}": {value}}}"#),
        };
        for format in FORMATS {
            let error = refused(&format!("{{\"mgn\": 1, \"games\": [{twice}]}}"), format);
            assert!(
                error
                    .message
                    .starts_with(&format!("game 1: duplicate field `{key}`")),
                "{format:?}: {error}"
            );
            assert!(error.line.is_some(), "{format:?}: {error}");
        }
    }
    for (text, missing) in [
        (r#"{"moves": [], "outcome": "*"}"#, "header"),
        (r#"{"header": {"game": "dakon"}, "outcome": "*"}"#, "moves"),
        (r#"{"header": {"game": "dakon"}, "moves": []}"#, "outcome"),
    ] {
        for format in FORMATS {
            let error = refused(&format!("{{\"mgn\": 1, \"games\": [{text}]}}"), format);
            assert!(
                error
                    .message
                    .starts_with(&format!("game 1: missing field `{missing}`")),
                "{format:?}: {error}"
            );
        }
    }
}

/// One Dakon game of `plies` plies, `B4` and `A1` in turn.
fn long_game(plies: usize) -> Game {
    let text = "[Game \"dakon\"]\n\n1. B4 A1 *\n";
    let template = parse_games(text).remove(0).unwrap();
    let mut game = template.clone();
    game.moves.clear();
    for n in 0..plies {
        game.moves.push(template.moves[n % 2].clone());
    }
    game
}

#[test]
fn each_element_is_handed_over_before_the_next_is_read() {
    let game = long_game(30_000);
    for format in FORMATS {
        let text = written(std::slice::from_ref(&game), format);
        // Where each element's text ends: every element is written in the same bytes (but the
        // separator after the last).
        let empty = written(std::slice::from_ref(&long_game(0)), format);
        let each = (text.len() - empty.len()) / game.moves.len();
        let opening = match format {
            Format::Json => "\"moves\": [",
            Format::Yaml => "moves:\n",
        };
        let first = text.find(opening).unwrap() + opening.len();
        let taken = Rc::new(Cell::new(0));
        let input = Counted {
            input: text.as_bytes(),
            taken: taken.clone(),
        };
        let mut pieces = Pieces {
            taken: Some(taken.clone()),
            ..Pieces::default()
        };
        read_games_by_element(input, format, &mut pieces).unwrap();
        assert_eq!(pieces.games, std::slice::from_ref(&game));
        assert_eq!(pieces.taken_at.len(), game.moves.len());
        // The reader has taken the element handed over, and at most its buffers more: 64 KiB
        // for JSON (serde_json reads through a `BufReader` of that size), and as much for YAML
        // (libyaml's buffers: 16 KiB of input, 48 KiB decoded; 45 KB ahead at most here).
        let ahead = 65_536;
        for (k, &taken) in pieces.taken_at.iter().enumerate() {
            let end = first + (k + 1) * each;
            assert!(
                taken + 2 * each >= end,
                "{format:?}: element {k} handed over at {taken} before it was read ({end})"
            );
            assert!(
                taken <= end + each + ahead,
                "{format:?}: element {k} handed over after {taken} bytes of {}",
                text.len()
            );
        }
    }
}
