//! A converter never drops what it was given: a key a YAML or JSON document does not define is
//! refused wherever it stands (the document's map, a game's map, every map of the syntax tree),
//! naming the game, the key and the keys allowed, where it used to be skipped and the game
//! written without it, with exit 0. A YAML scalar that reads as a float YAML cannot give a number
//! of (`.inf`, `.nan`) no longer becomes null, which an optional field took as absent.

mod support;

use mgn::document::{from_json, from_yaml, to_json, DocumentError, Format};
use mgn::notation::{parse_games, Game};
use serde_json::Value;
use std::fs;
use std::path::Path;
use support::*;

const FORMATS: [Format; 2] = [Format::Json, Format::Yaml];

/// A game with a value at every place a document has a map: each level of the syntax tree. It is
/// written in the long forms of version 1, which version 2 still reads: every hole, pile,
/// sowing and comment a map, every element an item of its own.
const BASE: &str = r#"{"mgn": 1, "games": [{
  "before": [{"text": "b", "style": "brace"}],
  "header": {
    "game": "dong-wo",
    "options": [{"code": "dongwo.x", "value": "y"}],
    "event": "Final",
    "start": {"holes": [[{"seeds": 4, "muzi": {"a": true}}, {"seeds": 0, "owner": "B"}],
                        [{"seeds": 4}, {"seeds": 0, "out_of_play": true}]],
              "stores": [{"seeds": 0}, {"seeds": 0, "muzi": {"b": true}}],
              "to_move": "A", "round": 1, "debts": [0, 2]},
    "other": [{"name": "Annotator", "value": "Siti"}],
    "comments": [{"text": "c", "style": "brace"}]
  },
  "moves": [
    {"move": {"sowings": [{"hole": "A2", "direction": "cw", "muzi_drops": [{"hole": "A5", "visit": 2}]},
                          {"hole": "B1"}],
              "extra_captures": ["B5"],
              "actions": [{"step": 3, "action": {"kind": "lift", "hole": "A4"}}],
              "stopped_after_lap": 17}},
    {"move": {"sowings": [{"hole": "B8", "transfer_to": "B2"}]}},
    {"captures": {"count": 6, "holes": ["B3"]}},
    {"score": [{"seeds": 1}, {"seeds": 2, "muzi": {"a": true}}]},
    {"action": {"kind": "put", "hole": "A4"}},
    {"pass": null},
    {"checkpoint": {"holes": [[{"seeds": 1}], [{"seeds": 2, "owner": "A"}]],
                    "stores": [{"seeds": 0}, {"seeds": 0}], "to_move": "B", "round": 2}},
    {"round": 2},
    {"transaction": {"kind": "buy", "hole": "B2", "stones": 3}},
    {"transaction": {"kind": "fill", "target": {"side": "A"}}},
    {"comment": {"text": "x", "style": "line"}}
  ],
  "outcome": "*",
  "after": [{"text": "a", "style": "brace"}]
}]}"#;

/// The document of the report: keys misspelt at every level of a Dong Wo game.
const TYPO_JSON: &str = r#"{"mgn":1,"games":[{"header":{"game":"dong-wo","Event":"Final","player_A":"Siti","first":"A","Result":"1-0"},
"moves":[{"move":{"sowings":[{"hole":"A2","dir":"cw","muzi_drop":[{"hole":"A5"}]}],"stopped_after":17}},{"captures":{"count":6,"hole":["B3"]}}],
"outcome":"*","after_comments":[{"text":"x","style":"brace"}]}]}
"#;

const TYPO_YAML: &str = "mgn: 1
games:
- header:
    game: dong-wo
    Event: Final
    player_A: Siti
    first: A
    Result: 1-0
  moves:
  - move:
      sowings:
      - hole: A2
        dir: cw
        muzi_drop:
        - hole: A5
      stopped_after: 17
  - captures:
      count: 6
      hole: [B3]
  outcome: '*'
  after_comments:
  - text: x
    style: brace
";

fn read(text: &str, format: Format) -> Result<Vec<Game>, DocumentError> {
    match format {
        Format::Json => from_json(text),
        Format::Yaml => from_yaml(text),
    }
}

fn refused(text: &str, format: Format) -> DocumentError {
    match read(text, format) {
        Ok(games) => panic!(
            "{format:?} read {} games from:\n{text}\nas:\n{}",
            games.len(),
            to_json(&games)
        ),
        Err(error) => error,
    }
}

/// `value` in the syntax of `format`: JSON as written, YAML in block style.
fn text_of(value: &Value, format: Format) -> String {
    match format {
        Format::Json => serde_json::to_string_pretty(value).unwrap(),
        Format::Yaml => serde_yaml::to_string(value).unwrap(),
    }
}

fn base() -> Value {
    serde_json::from_str(BASE).unwrap()
}

/// [`BASE`] as mgn writes it (version 2): a hole, a pile, a sowing, a move and a brace comment in
/// their short forms where they have one, a ply's claims in its map.
const BASE_V2: &str = r#"{"mgn": 2, "games": [{"before": ["b"], "header": {"game": "dong-wo",
  "options": [{"code": "dongwo.x", "value": "y"}], "event": "Final",
  "start": {"holes": [[{"seeds": 4, "muzi": {"a": true}}, {"seeds": 0, "owner": "B"}],
                      [4, "x"]],
            "stores": [0, {"seeds": 0, "muzi": {"b": true}}], "to_move": "A", "round": 1, "debts": [0, 2]},
  "other": [{"name": "Annotator", "value": "Siti"}], "comments": ["c"]},
  "moves": [
    {"move": {"sowings": [{"hole": "A2", "direction": "cw", "muzi_drops": [{"hole": "A5", "visit": 2}]}, "B1"],
              "extra_captures": ["B5"], "actions": [{"step": 3, "action": {"kind": "lift", "hole": "A4"}}],
              "stopped_after_lap": 17}},
    {"move": [{"hole": "B8", "transfer_to": "B2"}], "captures": {"count": 6, "holes": ["B3"]},
     "score": [1, {"seeds": 2, "muzi": {"a": true}}]},
    {"action": {"kind": "put", "hole": "A4"}},
    {"pass": null, "checkpoint": {"holes": [[1], [{"seeds": 2, "owner": "A"}]], "stores": [0, 0], "to_move": "B", "round": 2}},
    {"round": 2},
    {"transaction": {"kind": "buy", "hole": "B2", "stones": 3}},
    {"transaction": {"kind": "fill", "target": {"side": "A"}}},
    {"comment": {"text": "x", "style": "line"}}],
  "outcome": "*", "after": ["a"]}]}"#;

#[test]
fn the_base_document_reads_whole() {
    for format in FORMATS {
        let games = read(&text_of(&base(), format), format).unwrap();
        assert_eq!(games.len(), 1);
        let back: Value = serde_json::from_str(&to_json(&games)).unwrap();
        let v2: Value = serde_json::from_str(BASE_V2).unwrap();
        assert_eq!(
            back, v2,
            "{format:?}: every value is kept, in its short form"
        );
        assert_eq!(read(&text_of(&v2, format), format).unwrap(), games);
    }
}

#[test]
fn the_reported_document_is_refused_by_its_first_unknown_key() {
    for (text, format) in [(TYPO_JSON, Format::Json), (TYPO_YAML, Format::Yaml)] {
        let error = refused(text, format);
        assert!(
            error.message.starts_with(
                "game 1: unknown field `Event`, expected one of `game`, `board`, `preset`, \
                 `options`, `player_a`, `player_b`, `event`,"
            ),
            "{format:?}: {error}"
        );
        assert!(error.line.is_some() && error.column.is_some(), "{error:?}");
    }
    // JSON points at the key; YAML at the start of the header that holds it.
    assert_eq!(refused(TYPO_JSON, Format::Json).line, Some(1));
    let error = refused(TYPO_YAML, Format::Yaml);
    assert_eq!((error.line, error.column), (Some(4), Some(5)));
}

/// The maps of [`BASE`], by their JSON pointer, and the keys each allows as serde says them.
const LEVELS: &[(&str, &str, &str)] = &[
    ("document", "", "expected `mgn` or `games`"),
    (
        "game",
        "/games/0",
        "expected one of `before`, `header`, `moves`, `outcome`, `after`",
    ),
    (
        "header",
        "/games/0/header",
        "expected one of `game`, `board`, `preset`, `options`, `player_a`, `player_b`, `event`, \
         `site`, `date`, `source`, `first`, `result`, `termination`, `start`, `other`, \
         `comments`",
    ),
    (
        "move",
        "/games/0/moves/0/move",
        "expected one of `sowings`, `extra_captures`, `actions`, `stopped_after_lap`",
    ),
    (
        "sowing",
        "/games/0/moves/0/move/sowings/0",
        "expected one of `hole`, `direction`, `transfer_to`, `muzi_drops`",
    ),
    (
        "muzi drop",
        "/games/0/moves/0/move/sowings/0/muzi_drops/0",
        "expected one of `hole`, `visit`, `takes`",
    ),
    (
        "owner action in a move",
        "/games/0/moves/0/move/actions/0",
        "expected `step` or `action`",
    ),
    (
        "owner action",
        "/games/0/moves/0/move/actions/0/action",
        "expected `kind` or `hole`",
    ),
    (
        "owner action between moves",
        "/games/0/moves/4/action",
        "expected `kind` or `hole`",
    ),
    (
        "capture claim",
        "/games/0/moves/2/captures",
        "expected `count` or `holes`",
    ),
    (
        "score pile",
        "/games/0/moves/3/score/1",
        "expected `seeds` or `muzi`",
    ),
    (
        "position (start)",
        "/games/0/header/start",
        "expected one of `holes`, `stores`, `to_move`, `round`, `debts`",
    ),
    (
        "position (checkpoint)",
        "/games/0/moves/6/checkpoint",
        "expected one of `holes`, `stores`, `to_move`, `round`, `debts`",
    ),
    (
        "hole",
        "/games/0/header/start/holes/0/1",
        "expected one of `seeds`, `muzi`, `owner`, `out_of_play`",
    ),
    (
        "hole of a checkpoint",
        "/games/0/moves/6/checkpoint/holes/1/0",
        "expected one of `seeds`, `muzi`, `owner`, `out_of_play`",
    ),
    (
        "store pile",
        "/games/0/header/start/stores/1",
        "expected `seeds` or `muzi`",
    ),
    (
        "muzi of a hole",
        "/games/0/header/start/holes/0/0/muzi",
        "expected `a` or `b`",
    ),
    (
        "muzi of a pile",
        "/games/0/header/start/stores/1/muzi",
        "expected `a` or `b`",
    ),
    (
        "comment before",
        "/games/0/before/0",
        "expected `text` or `style`",
    ),
    (
        "comment between tags",
        "/games/0/header/comments/0",
        "expected one of `text`, `style`, `after`",
    ),
    (
        "comment in the move text",
        "/games/0/moves/10/comment",
        "expected `text` or `style`",
    ),
    (
        "comment after",
        "/games/0/after/0",
        "expected `text` or `style`",
    ),
    (
        "transaction",
        "/games/0/moves/8/transaction",
        "expected `hole` or `stones`",
    ),
    (
        "fill transaction",
        "/games/0/moves/9/transaction",
        "expected `target`",
    ),
    (
        "option",
        "/games/0/header/options/0",
        "expected `code` or `value`",
    ),
    (
        "other tag",
        "/games/0/header/other/0",
        "expected `name` or `value`",
    ),
];

/// [`BASE`] with `key` added, holding a value of its own, to the map at `pointer`.
fn with_key(pointer: &str, key: &str) -> Value {
    let mut value = base();
    let map = value
        .pointer_mut(pointer)
        .and_then(Value::as_object_mut)
        .unwrap_or_else(|| panic!("{pointer} is a map of the base document"));
    map.insert(
        key.to_owned(),
        serde_json::json!({"by": "a program", "stones": [1, 2]}),
    );
    value
}

#[test]
fn an_unknown_key_is_refused_at_every_level() {
    for &(level, pointer, expected) in LEVELS {
        for format in FORMATS {
            let text = text_of(&with_key(pointer, "note"), format);
            let error = refused(&text, format);
            let said = format!("unknown field `note`, {expected}");
            match level {
                "document" => assert_eq!(error.message, said, "{format:?}"),
                _ => assert_eq!(
                    error.message,
                    format!("game 1: {said}"),
                    "{level} {format:?}"
                ),
            }
            assert!(
                error.line.is_some() && error.column.is_some(),
                "{level} {format:?}: {error:?}"
            );
        }
    }
}

/// Every map of [`BASE`], by its JSON pointer.
fn maps(value: &Value, at: String, out: &mut Vec<String>) {
    match value {
        Value::Object(map) => {
            for (key, inner) in map {
                maps(inner, format!("{at}/{key}"), out);
            }
            out.push(at);
        }
        Value::Array(items) => {
            for (k, inner) in items.iter().enumerate() {
                maps(inner, format!("{at}/{k}"), out);
            }
        }
        _ => {}
    }
}

/// Not only the levels named above: a key added to any map of the document is refused. An item
/// of `moves` has only the keys of elements, so another is refused as an unknown kind. A
/// fill's target (`{"side": "A"}`) is refused as serde refuses a second key of a variant's map.
#[test]
fn a_key_added_to_any_map_is_refused() {
    let mut all = Vec::new();
    maps(&base(), String::new(), &mut all);
    assert!(all.len() > 40, "{}", all.len());
    for pointer in all {
        let element = pointer
            .strip_prefix("/games/0/moves/")
            .is_some_and(|rest| !rest.contains('/'));
        for format in FORMATS {
            let error = refused(&text_of(&with_key(&pointer, "zz"), format), format);
            let says = if element {
                "unknown variant `zz`, expected one of `move`"
            } else if pointer.ends_with("/target") {
                "invalid value: map, expected map with a single key"
            } else {
                "unknown field `zz`, expected"
            };
            assert!(
                error.message.contains(says),
                "{pointer} {format:?}: {error}"
            );
            assert!(error.line.is_some(), "{pointer} {format:?}: {error:?}");
        }
    }
}

fn moves_document(items: &str) -> String {
    format!(
        "{{\"mgn\": 2, \"games\": [{{\"header\": {{\"game\": \"dakon\"}}, \"moves\": [{items}], \"outcome\": \"*\"}}]}}"
    )
}

/// A ply's map holds its decision, then its claims and comments, each under its own key; the
/// keys' order in the text does not matter (JSON's objects have none). Two elements that do not
/// make a ply in one map are refused, naming one beside the other (JSON said only `expected
/// value`, and YAML `expected map with a single key`), and so is a ply with a key of no ply.
#[test]
fn an_item_of_moves_is_a_ply_or_one_element() {
    let ply = r#"{"score": [0, 8], "comment_after": "after", "move": ["B4"], "comment": "before", "captures": {"count": 7}}"#;
    for format in FORMATS {
        let games = read(&moves_document(ply), format).unwrap();
        let text = mgn::notation::write_games(&games);
        assert!(
            text.contains("1. B4 {before} x7 =0/8 {after} *"),
            "{format:?}: {text}"
        );
    }
    let two = r#"{"round": 2, "comment": "x"}"#;
    let error = refused(&moves_document(two), Format::Json);
    assert_eq!(
        error.message,
        "game 1: unknown field `comment` beside `round`: an item of `moves` that is not a ply (`move`, `pass` or `action`) is a map of one key, its kind"
    );
    assert_eq!(error.line, Some(1));
    // YAML keeps no order of a map's keys: one is named beside the other.
    let error = refused(&moves_document(two), Format::Yaml);
    assert!(
        error.message.starts_with("game 1: unknown field `")
            && error.message.ends_with("is a map of one key, its kind"),
        "{error}"
    );
    for format in FORMATS {
        let error = refused(&moves_document(r#"{"move": ["B4"], "round": 2}"#), format);
        assert!(
            error
                .message
                .starts_with("game 1: `round` in the ply of `move`"),
            "{format:?}: {error}"
        );
        let error = refused(&moves_document(r#"{"move": ["B4"], "pass": null}"#), format);
        assert!(
            error.message.contains("one decision"),
            "{format:?}: {error}"
        );
        let error = refused(&moves_document(r#"{"comment_after": "x"}"#), format);
        assert!(
            error.message.contains("`comment_after` alone"),
            "{format:?}: {error}"
        );
    }
}

/// A game written as the sequence of its fields (a form serde reads) refuses what a map would.
#[test]
fn a_game_written_as_a_sequence_refuses_unknown_keys_within() {
    let game = r#"[[], {"game": "dakon", "Event": "x"}, [], "*", []]"#;
    for format in FORMATS {
        let error = refused(&format!("{{\"mgn\": 1, \"games\": [{game}]}}"), format);
        assert!(
            error.message.starts_with("game 1: unknown field `Event`"),
            "{format:?}: {error}"
        );
    }
}

// ---------------------------------------------------------------------------------------------
// YAML scalars that read as floats YAML cannot give a number of

fn yaml_game(header: &str, moves: &str) -> String {
    format!(
        "mgn: 1\ngames:\n- header: {{game: dong-wo{header}}}\n  moves: [{moves}]\n  outcome: '*'\n"
    )
}

/// `.inf` and `.nan` (in any of YAML's spellings) are floats with no JSON number: they used to
/// become null, and an optional tag then vanished with exit 0. Where text is expected they read
/// as the text they are written as, as yaml_serde reads any plain scalar into a `String`.
#[test]
fn non_finite_floats_in_a_tag_value_are_kept_as_written() {
    for written in [
        ".inf", ".Inf", ".INF", "+.inf", "-.inf", "-.Inf", "-.INF", ".nan", ".NaN", ".NAN",
    ] {
        let yaml = yaml_game(
            &format!(", event: {written}, termination: {written}, other: [{{name: Note, value: {written}}}]"),
            "",
        );
        let games = from_yaml(&yaml).unwrap_or_else(|e| panic!("{written}: {e}"));
        let header = &games[0].header;
        assert_eq!(header.event.as_ref().unwrap().value, written);
        assert_eq!(header.termination.as_ref().unwrap().value, written);
        assert_eq!(header.other[0].value.value, written);
        // And written so as MGN, which reads back the same.
        let mgn = mgn::notation::write_game(&games[0]);
        assert!(
            mgn.contains(&format!("[Event \"{written}\"]")),
            "{written}: {mgn}"
        );
        assert_eq!(parse_games(&mgn)[0].clone().unwrap(), games[0]);
    }
}

/// Where a number, a side or a variant is expected, a non-finite float is refused, as any text
/// there is: an optional one no longer reads as absent.
#[test]
fn non_finite_floats_where_text_is_not_expected_are_refused() {
    let sowing = "{move: {sowings: [{hole: A2}]}}";
    for (header, moves, says) in [
        (
            "",
            &*format!("{sowing}, {{captures: {{count: .inf}}}}"),
            "invalid type: string \".inf\", expected a whole number from 0 to 4294967295",
        ),
        (
            "",
            "{move: {sowings: [{hole: A2}], stopped_after_lap: .nan}}",
            "invalid type: string \".nan\", expected a whole number from 0 to 4294967295",
        ),
        (
            "",
            "{move: {sowings: [{hole: A2, direction: -.inf}]}}",
            "unknown variant `-.inf`, expected `ccw` or `cw`",
        ),
        (
            ", first: .NaN",
            "",
            "unknown variant `.NaN`, expected `A` or `B`",
        ),
        (
            ", result: .inf",
            "",
            "unknown variant `.inf`, expected one of `1-0`, `0-1`, `1/2-1/2`, `*`",
        ),
        (
            "",
            &*format!("{sowing}, {{round: .inf}}"),
            "expected a whole number from 0 to 4294967295",
        ),
    ] {
        let yaml = yaml_game(header, moves);
        let error = refused(&yaml, Format::Yaml);
        assert!(
            error.message.starts_with("game 1: ") && error.message.contains(says),
            "{yaml}: {error}"
        );
        assert!(error.line.is_some(), "{error:?}");
    }
}

/// Null (`~`, `null`, nothing) in an optional field is absent, as serde's `Option` and yaml_serde
/// read it, and as JSON's `null` is; the writers never write it. Where a value is required, it
/// is refused.
#[test]
fn null_is_absent_where_a_value_is_optional_and_refused_where_required() {
    for null in ["~", "null", "Null", "NULL", ""] {
        let yaml = yaml_game(&format!(", event: {null}"), "");
        let games = from_yaml(&yaml).unwrap_or_else(|e| panic!("{null:?}: {e}"));
        assert_eq!(games[0].header.event, None);
        let yaml = yaml_game(&format!(", other: [{{name: Note, value: {null}}}]"), "");
        let error = refused(&yaml, Format::Yaml);
        assert!(
            error
                .message
                .contains("invalid type: null, expected a string"),
            "{null:?}: {error}"
        );
    }
    let json = r#"{"mgn": 1, "games": [{"header": {"game": "dakon", "event": null}, "moves": [], "outcome": "*"}]}"#;
    assert_eq!(from_json(json).unwrap()[0].header.event, None);
}

// ---------------------------------------------------------------------------------------------
// The command

fn scratch_for(test: &str) -> std::path::PathBuf {
    scratch("document_keys", test)
}

/// `mgn convert` of `input` (named `name`) to each format: exit 1, nothing on standard output,
/// no output file, and a message on standard error that holds `says`.
fn convert_refuses(name: &str, input: &str, says: &str) {
    let dir = scratch_for(name);
    let file = dir.join(name);
    fs::write(&file, input).unwrap();
    for to in ["mgn", "json", "yaml"] {
        let output = mgn(&["convert", "--to", to, path_str(&file)]);
        assert_eq!(code(&output), 1, "{name} to {to}: {}", shown(&output));
        assert!(
            output.stdout.is_empty(),
            "{name} to {to}: {}",
            stdout(&output)
        );
        let said = stderr(&output);
        assert!(said.contains(says), "{name} to {to}: {said}");

        let out = dir.join(format!("out.{to}"));
        let output = mgn(&["convert", "--to", to, "-o", path_str(&out), path_str(&file)]);
        assert_eq!(code(&output), 1, "{name} -o {to}: {}", shown(&output));
        assert!(!out.exists(), "{name} -o {to}: the output was written");
        assert!(
            fs::read_dir(&dir).unwrap().count() == 1,
            "{name} -o {to}: a file was left beside the input"
        );
    }
}

#[test]
fn convert_refuses_the_reported_document() {
    convert_refuses(
        "typo.json",
        TYPO_JSON,
        "typo.json:1:54: not an MGN json document: game 1: unknown field `Event`, expected one of",
    );
    convert_refuses(
        "typo.yaml",
        TYPO_YAML,
        "typo.yaml:4:5: not an MGN yaml document: game 1: unknown field `Event`, expected one of",
    );
}

#[test]
fn convert_refuses_an_unknown_key_at_every_level() {
    for &(level, pointer, expected) in LEVELS {
        for (format, extension) in [(Format::Json, "json"), (Format::Yaml, "yaml")] {
            let name = format!("{}.{extension}", level.replace(' ', "-"));
            let text = text_of(&with_key(pointer, "note"), format);
            convert_refuses(&name, &text, &format!("unknown field `note`, {expected}"));
        }
    }
}

#[test]
fn convert_refuses_a_non_finite_float_where_a_number_is_expected() {
    convert_refuses(
        "lap.yaml",
        &yaml_game(
            "",
            "{move: {sowings: [{hole: A2}], stopped_after_lap: .inf}}",
        ),
        "game 1: invalid type: string \".inf\", expected a whole number from 0 to 4294967295",
    );
    convert_refuses(
        "first.yaml",
        &yaml_game(", first: .nan", ""),
        "game 1: unknown variant `.nan`, expected `A` or `B`",
    );
}

#[test]
fn convert_keeps_a_non_finite_float_in_a_tag_value_as_written() {
    let dir = scratch_for("inf-tag");
    let file = dir.join("inf.yaml");
    fs::write(&file, yaml_game(", event: .inf, site: -.NaN", "")).unwrap();
    let output = mgn(&["convert", "--to", "mgn", path_str(&file)]);
    assert_eq!(code(&output), 0, "{}", shown(&output));
    assert!(
        stdout(&output).contains("[Event \".inf\"]\n[Site \"-.NaN\"]\n"),
        "{}",
        stdout(&output)
    );
    let output = mgn(&["convert", "--to", "json", path_str(&file)]);
    assert_eq!(code(&output), 0, "{}", shown(&output));
    assert!(
        stdout(&output).contains("\"event\": \".inf\""),
        "{}",
        stdout(&output)
    );
}

/// What the writers write is read: every record converts to JSON and YAML and back to the same
/// MGN through the command (fixtures and generated games are read back in the library's tests,
/// `tests/document_stream.rs`).
#[test]
fn every_record_converts_through_json_and_yaml_and_back() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let dir = scratch_for("records");
    let files = mgn::suite::cases(&root.join("records")).unwrap();
    let mut converted = 0;
    for path in files {
        let text = fs::read_to_string(&path).unwrap();
        if parse_games(&text).iter().any(|game| game.is_err()) {
            continue;
        }
        let canonical = mgn(&["convert", "--to", "mgn", path_str(&path)]);
        assert_eq!(code(&canonical), 0, "{}", shown(&canonical));
        for to in ["json", "yaml"] {
            let document = mgn(&["convert", "--to", to, path_str(&path)]);
            assert_eq!(code(&document), 0, "{}", shown(&document));
            let file = dir.join(format!("game.{to}"));
            fs::write(&file, &document.stdout).unwrap();
            let back = mgn(&["convert", "--to", "mgn", path_str(&file)]);
            assert_eq!(
                code(&back),
                0,
                "{} via {to}: {}",
                path.display(),
                shown(&back)
            );
            assert_eq!(back.stdout, canonical.stdout, "{} via {to}", path.display());
        }
        converted += 1;
    }
    assert!(converted > 20, "{converted}");
}
