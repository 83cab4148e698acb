use super::*;
use crate::check::{check_text, CheckOptions, RecordResult};
use crate::export::movelog::write_game;

fn one(text: &str) -> Result<String, ImportError> {
    let mut games = import_games(text, "t.jsonl");
    assert_eq!(games.len(), 1, "{games:?}");
    games.remove(0).map(|game| game.mgn)
}

fn passes(mgn: &str) {
    let results = check_text(mgn, &CheckOptions::default());
    for result in &results {
        assert!(
            matches!(result, RecordResult::Checked { verdict, .. } if verdict.passed()),
            "{mgn}\n{result:?}"
        );
    }
}

#[test]
fn a_turn_becomes_a_move_with_its_claims_and_checkpoint() {
    let log = concat!(
        r#"{"game": "dakon", "board": "2x5", "preset": "catalan", "players": {"A": "Ann", "B": "Bo"}}"#,
        "\n",
        r#"{"player": "B", "move": "B4", "captures": {"points": 7, "holes": ["A2", "B4"]}, "score": [0, 8], "position": "6,0,0,6,6/6,6,6,0,6 0/8 A 1"}"#,
        "\n",
        r#"{"end": "abandoned", "winner": "B"}"#,
        "\n"
    );
    let mgn = one(log).unwrap();
    assert!(mgn.contains("[First \"B\"]"), "{mgn}");
    assert!(mgn.contains("[Termination \"abandoned\"]"), "{mgn}");
    assert!(
        mgn.contains("[Importer \"mgn import --from movelog t.jsonl:1\"]"),
        "{mgn}"
    );
    assert!(
        mgn.contains("1. B4 x7(A2,B4) =0/8 [6,0,0,6,6/6,6,6,0,6 0/8 A 1] 0-1"),
        "{mgn}"
    );
    passes(&mgn);
}

#[test]
fn a_false_claim_of_the_log_fails_the_check() {
    let log = "{\"game\": \"dakon\"}\n{\"player\": \"B\", \"move\": \"B4\", \"captures\": {\"points\": 8}}\n";
    let mgn = one(log).unwrap();
    let results = check_text(&mgn, &CheckOptions::default());
    assert!(results[0].failed(), "{mgn}");
}

#[test]
fn an_unknown_game_is_refused_at_its_value() {
    let error = one("{\"game\": \"oware\"}\n").unwrap_err();
    assert_eq!((error.line, error.column), (1, 10));
    assert!(
        error.message.contains("does not know the game `oware`"),
        "{error}"
    );
}

#[test]
fn an_unknown_key_is_refused_at_its_line() {
    let log = "{\"game\": \"dakon\"}\n{\"player\": \"B\", \"move\": \"B4\", \"capture\": 7}\n";
    let error = one(log).unwrap_err();
    assert_eq!(error.line, 2);
    assert!(error.message.contains("unknown field `capture`"), "{error}");
}

#[test]
fn a_move_that_is_not_one_mgn_move_is_refused() {
    for bad in ["B4 x7", "B4]", "Q9", "x7", "", "B4{"] {
        let log = format!("{{\"game\": \"dakon\"}}\n{{\"player\": \"B\", \"move\": \"{bad}\"}}\n");
        let error = one(&log).unwrap_err();
        assert_eq!((error.line, error.column), (2, 25), "{bad}: {error}");
    }
}

#[test]
fn a_move_from_the_other_row_and_a_turn_out_of_order_are_refused() {
    let log = "{\"game\": \"dakon\"}\n{\"player\": \"B\", \"move\": \"A4\"}\n";
    assert!(one(log)
        .unwrap_err()
        .message
        .contains("B cannot move from A4"));
    let log = "{\"game\": \"dakon\", \"first\": \"A\"}\n{\"player\": \"B\", \"move\": \"B4\"}\n";
    assert!(one(log)
        .unwrap_err()
        .message
        .contains("expected a turn of A"));
    let log = "{\"game\": \"dakon\"}\n{\"player\": \"B\", \"move\": \"B4\"}\n{\"player\": \"B\", \"move\": \"B2\"}\n";
    let error = one(log).unwrap_err();
    assert_eq!(error.line, 3);
    assert!(error.message.contains("turns alternate"), "{error}");
}

#[test]
fn a_bad_game_does_not_stop_the_next() {
    let log = "{\"game\": \"dakon\"}\n{\"player\": \"B\", \"move\": \"B9\"\n{\"player\": \"A\", \"move\": \"A1\"}\n{\"game\": \"dakon\"}\n{\"player\": \"B\", \"move\": \"B4\"}\n";
    let games = import_games(log, "t.jsonl");
    assert_eq!(games.len(), 2, "{games:?}");
    let error = games[0].as_ref().unwrap_err();
    assert_eq!(error.line, 2);
    assert!(games[1].as_ref().unwrap().mgn.contains("1. B4 *"));
}

#[test]
fn an_empty_log_is_an_error() {
    let games = import_games("\n\n", "t.jsonl");
    assert_eq!(games.len(), 1);
    assert!(games[0].is_err());
}

#[test]
fn a_header_the_rules_refuse_is_refused_at_its_line() {
    let error = one("{\"game\": \"dakon\", \"preset\": \"nope\"}\n").unwrap_err();
    assert_eq!(error.line, 1);
    let error = one("{\"game\": \"dakon\", \"board\": \"4x6\"}\n").unwrap_err();
    assert!(error.message.contains("not played on 4x6"), "{error}");
}

/// Every record of records/ written as a move log and imported back is the same game: the
/// same header, the same moves, passes, rounds, transactions and owner actions, the same
/// result, and it passes, now with a checkpoint after every turn.
#[test]
fn every_record_round_trips_through_a_move_log() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/records");
    let mut files = 0;
    for game_dir in std::fs::read_dir(root).unwrap() {
        for file in std::fs::read_dir(game_dir.unwrap().path()).unwrap() {
            let path = file.unwrap().path();
            let text = std::fs::read_to_string(&path).unwrap();
            files += 1;
            for (k, game) in parse_games(&text).into_iter().enumerate() {
                let game = game.unwrap();
                let log = write_game(&game).unwrap_or_else(|e| {
                    panic!("{}: game {}: {}", path.display(), k + 1, e.message)
                });
                let mgn = one(&log).unwrap_or_else(|e| panic!("{}: {e}\n{log}", path.display()));
                passes(&mgn);
                let back = parse_games(&mgn).remove(0).unwrap();
                assert_eq!(bare(&back), bare(&game), "{}\n{log}", path.display());
                let turns = back
                    .moves
                    .iter()
                    .filter(|e| matches!(e, Element::Move(_) | Element::Pass(_)))
                    .count();
                let checkpoints = back
                    .moves
                    .iter()
                    .filter(|e| matches!(e, Element::Checkpoint(_)))
                    .count();
                assert!(checkpoints >= turns, "{}", path.display());
            }
        }
    }
    assert!(files >= 20, "records/ holds {files} files");
}

/// A game without its claims, comments and the importer's tag.
fn bare(game: &Game) -> String {
    let mut game = game.clone();
    game.before.clear();
    game.after.clear();
    game.header.comments.clear();
    // The Result tag only repeats the result, which is compared.
    game.header.result = None;
    game.header.other.retain(|t| t.value.name != "Importer");
    game.header
        .other
        .sort_by(|a, b| a.value.name.cmp(&b.value.name));
    game.moves.retain(|e| {
        matches!(
            e,
            Element::Move(_)
                | Element::Pass(_)
                | Element::Action(_)
                | Element::Round(_)
                | Element::Transaction(_)
        )
    });
    write_mgn(&game)
}

/// Every game the import writes must read back as MGN: a tag the reader would refuse (a name
/// that is no tag name, a tag mgn writes from another key or writes itself) is refused at the
/// log's line, not left for `mgn check` to find in text the user never wrote.
#[test]
fn a_tag_that_would_not_read_back_is_refused_at_its_line() {
    for tags in [
        r#"{"Bad\"Name": "x"}"#,
        r#"{"a b": "x"}"#,
        r#"{"": "x"}"#,
        r#"{"Result": "1-0"}"#,
        r#"{"Game": "dakon"}"#,
        r#"{"Importer": "another"}"#,
    ] {
        let log = format!("{{\"game\": \"dakon\", \"tags\": {tags}}}\n");
        let error = one(&log).unwrap_err();
        assert_eq!((error.line, error.column), (1, 27), "{tags}: {error}");
        assert!(error.message.contains("tag"), "{tags}: {error}");
    }
    // A value with quotes, backslashes and line ends is escaped, and reads back as it was.
    let mgn =
        one("{\"game\": \"dakon\", \"tags\": {\"Note\": \"a \\\"b\\\" \\\\ c\\nd\"}}\n").unwrap();
    let game = parse_games(&mgn).pop().unwrap().unwrap();
    assert_eq!(game.header.other[0].value.value, "a \"b\" \\ c\nd");
}

/// MGN holds one `Option` per code, each with a code and a value: a log giving a code twice,
/// or one without its value, is refused at its `options`, not written as a game mgn cannot read.
#[test]
fn an_option_given_twice_or_without_value_is_refused_at_its_line() {
    for options in [
        r#"["dakon.next-round.first=last-mover", "dakon.next-round.first=last-mover"]"#,
        r#"["dakon.next-round.first="]"#,
    ] {
        let log = format!("{{\"game\": \"dakon\", \"options\": {options}}}\n");
        let error = one(&log).unwrap_err();
        assert_eq!((error.line, error.column), (1, 30), "{options}: {error}");
    }
}

/// serde_json counts a line's columns in bytes; an import error's column is in characters, as
/// every mgn report's is, so that the caret stands under the fault on a line with accents.
#[test]
fn a_json_error_after_non_ascii_text_is_placed_in_characters() {
    let error = one("{\"game\": \"dakon\", \"event\": \"Évora été\",}\n").unwrap_err();
    assert!(error.message.contains("trailing comma"), "{error}");
    assert_eq!((error.line, error.column), (1, 40), "{error}");
}

/// `"holes": []` claims the points came from no hole, which MGN cannot write (`x7` claims the
/// count alone, `x7()` is not MGN) and no capture does (a capture empties the holes it names):
/// refused at the list, never written as `x7`, which would leave the claim of no hole unchecked.
/// `x0` with no hole is what a ply that captured nothing claims.
#[test]
fn points_captured_from_no_hole_are_refused_at_the_list() {
    let log = "{\"game\": \"dakon\"}\n{\"player\": \"B\", \"move\": \"B4\", \"captures\": {\"points\": 7, \"holes\": []}}\n";
    let error = one(log).unwrap_err();
    assert_eq!((error.line, error.column), (2, 66), "{error}");
    assert!(error.message.contains("7 points from no hole"), "{error}");
    let log = "{\"game\": \"dakon\"}\n{\"player\": \"B\", \"move\": \"B1\", \"captures\": {\"points\": 0, \"holes\": []}}\n";
    let mgn = one(log).unwrap();
    assert!(mgn.contains("1. B1 x0 *"), "{mgn}");
    // Without `holes`, the claim is the count alone, as `x7` is.
    let log = "{\"game\": \"dakon\"}\n{\"player\": \"B\", \"move\": \"B4\", \"captures\": {\"points\": 7}}\n";
    assert!(one(log).unwrap().contains("1. B4 x7 *"));
}

/// Each part of the MGN written is placed at the value of the log it came from, for `mgn check`
/// to report there: the move, each claim, a round and its position, the result at the end line,
/// the tags at the header line.
#[test]
fn each_part_of_the_mgn_is_placed_at_its_value_in_the_log() {
    let log = concat!(
        r#"{"game": "dakon", "board": "2x5", "preset": "catalan"}"#,
        "\n",
        r#"{"player": "B", "move": "B4", "captures": {"points": 7, "holes": ["A2", "B4"]}, "score": [0, 8], "position": "6,0,0,6,6/6,6,6,0,6 0/8 A 1"}"#,
        "\n\n",
        r#"{"round": 2, "position": "x,x,x,x,5/5,5,5,5,5 4/16 B 2"}"#,
        "\n",
        r#"{"end": "abandoned", "winner": "B"}"#,
        "\n"
    );
    let mut games = import_games(log, "t.jsonl");
    let game = games.remove(0).unwrap();
    let place = |token: &str| {
        let at = game
            .mgn
            .find(token)
            .unwrap_or_else(|| panic!("{token}\n{}", game.mgn));
        let place = game.place_of(at);
        (place.line, place.column)
    };
    let line = |n: usize| log.split('\n').nth(n - 1).unwrap();
    let column = |n: usize, key: &str| (n, key_column(line(n), key));
    assert_eq!(place("[Game"), (1, 1));
    assert_eq!(place("B4 "), column(2, "move"));
    assert_eq!(place("x7("), column(2, "captures"));
    assert_eq!(place("=0/8"), column(2, "score"));
    assert_eq!(place("[6,0,0"), column(2, "position"));
    assert_eq!(place("round 2"), column(4, "round"));
    assert_eq!(place("[x,x"), column(4, "position"));
    assert_eq!(place("0-1\n"), column(5, "winner"));
    assert_eq!(column(2, "captures"), (2, 43));
}
