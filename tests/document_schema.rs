//! The document's published schema, `docs/mgn-document.schema.json`, holds what mgn writes and
//! refuses what mgn refuses: every record of `records/` converted to JSON or YAML (and a document that
//! uses every map of the shape) is valid; a key the shape does not define, a ply of two
//! decisions and a hole out of pattern are not.

use mgn::document::{to_json, to_yaml};
use mgn::notation::{parse_games, Game};
use serde_json::Value;
use std::fs;
use std::path::Path;

fn repo() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn validator() -> jsonschema::Validator {
    let text = fs::read_to_string(repo().join("docs/mgn-document.schema.json")).unwrap();
    let schema: Value = serde_json::from_str(&text).unwrap();
    jsonschema::draft202012::new(&schema).expect("the schema is a valid draft 2020-12 schema")
}

fn records() -> Vec<(String, Vec<Game>)> {
    mgn::suite::mgn_files(&repo().join("records"))
        .map(Result::unwrap)
        .map(|path| {
            let text = fs::read_to_string(&path).unwrap();
            let games = parse_games(&text).into_iter().map(Result::unwrap).collect();
            (path.display().to_string(), games)
        })
        .collect()
}

fn errors(validator: &jsonschema::Validator, document: &Value) -> Vec<String> {
    validator
        .iter_errors(document)
        .map(|e| format!("{} at {}", e, e.instance_path()))
        .collect()
}

#[test]
fn every_record_converted_to_json_follows_the_schema() {
    let validator = validator();
    let records = records();
    assert!(records.len() >= 30, "{} records", records.len());
    for (name, games) in records {
        let document: Value = serde_json::from_str(&to_json(&games)).unwrap();
        let errors = errors(&validator, &document);
        assert!(errors.is_empty(), "{name}: {errors:#?}");
    }
}

/// The compact YAML layout (flow style under each key) is the same data as the JSON.
#[test]
fn every_record_converted_to_yaml_follows_the_schema() {
    let validator = validator();
    for (name, games) in records() {
        let document: Value = serde_yaml::from_str(&to_yaml(&games)).unwrap();
        let errors = errors(&validator, &document);
        assert!(errors.is_empty(), "{name}: {errors:#?}");
    }
}

/// A game with every kind of element and every map form: a Dong Wo move with directions, muzi
/// drops, extra captures and actions, a transfer, positions with markers, transactions, comments
/// of both styles.
const EVERY_FORM: &str = "{a}\n[Game \"dong-wo\"]\n{h}\n[Event \"x\"]\n[Start \"1@B,0,mA,3,0/mB,2,0,0,0 14/9 A 3 4/0\"]\n\n\
    1. B3>@A2@A2'*A5~12^A4/17 x7(A2,B4) =0/mA {c} ; line\n\
    1... A2:A8 pass ^A4 [1,x,1mA/1@A,2 3/4mB B 2] round 2 win:B3 muzi:A buy:B2=3 rebuy:A3 \
    swap:A2:B4 borrow:A:3 fill:A fill:A2 repay:A:3 1-0 {e}\n";

#[test]
fn a_document_of_every_form_follows_the_schema() {
    let games: Vec<Game> = parse_games(EVERY_FORM)
        .into_iter()
        .map(Result::unwrap)
        .collect();
    let document: Value = serde_json::from_str(&to_json(&games)).unwrap();
    let errors = errors(&validator(), &document);
    assert!(errors.is_empty(), "{errors:#?}\n{document:#}");
    // Version 1's long forms are in the schema too.
    let long = r#"{"mgn": 1, "games": [{"header": {"game": "dakon"},
        "moves": [{"move": {"sowings": [{"hole": "B4"}]}}, {"captures": {"count": 7}},
                  {"checkpoint": {"holes": [[{"seeds": 6}], [{"seeds": 0}]], "stores": [{"seeds": 0}, {"seeds": 8}], "to_move": "A", "round": 1}},
                  {"comment": {"text": "x", "style": "brace"}}],
        "outcome": "*"}]}"#;
    let document: Value = serde_json::from_str(long).unwrap();
    assert!(validator().is_valid(&document));
    assert_eq!(mgn::document::from_json(long).unwrap().len(), 1);
}

#[test]
fn the_schema_refuses_what_mgn_refuses() {
    let validator = validator();
    let game = |moves: &str| {
        let text = format!(
            r#"{{"mgn": 2, "games": [{{"header": {{"game": "dakon"}}, "moves": [{moves}], "outcome": "*"}}]}}"#
        );
        let value: Value = serde_json::from_str(&text).unwrap();
        (text, value)
    };
    for moves in [
        r#"{"move": ["B4"], "pass": null}"#,
        r#"{"move": ["B4"], "round": 2}"#,
        r#"{"round": 2, "comment": "x"}"#,
        r#"{"move": ["B4"], "note": "x"}"#,
        r#"{"move": ["C4"]}"#,
        r#"{"move": []}"#,
        r#"{"checkpoint": {"holes": [[-1], [0]], "stores": [0, 0], "to_move": "A", "round": 1}}"#,
    ] {
        let (text, value) = game(moves);
        assert!(!validator.is_valid(&value), "the schema takes {moves}");
        assert!(
            mgn::document::from_json(&text).is_err(),
            "mgn reads {moves}"
        );
    }
}
