//! `mgn import --from` and `mgn check --from`: other programs' games, from the test inputs of
//! tests/import/ (each written for its test).

mod support;

use support::*;

const MANCALA: &str = "tests/import/mancala-games";
const MOVELOG: &str = "tests/import/movelog";

fn check(from: &str, file: &str) -> std::process::Output {
    mgn(&["check", "--from", from, file])
}

#[test]
fn a_mancala_games_log_of_two_rounds_imports_and_passes() {
    let file = format!("{MANCALA}/two-rounds.txt");
    let output = mgn(&["import", "--from", "mancala-games", &file]);
    assert_eq!(code(&output), 0, "{}", shown(&output));
    let mgn_text = stdout(&output);
    // Sowings after REPEAT_TURN are one move; a checkpoint follows every turn.
    assert!(
        mgn_text.contains("2... B1-B3 [2,0,1,6,0/0,4,0,0,5 13/19 A 1]"),
        "{mgn_text}"
    );
    assert!(mgn_text.contains("round 2"), "{mgn_text}");
    assert!(
        mgn_text.contains("[Option \"dakon.next-round.first=last-mover\"]"),
        "{mgn_text}"
    );
    assert!(
        mgn_text.contains("[Importer \"mgn import --from mancala-games"),
        "{mgn_text}"
    );
    let output = check("mancala-games", &file);
    assert_eq!(code(&output), 0, "{}", shown(&output));
    assert_eq!(summary(&output), "1 passed, 0 failed");
}

/// MancalaGames' goal_param ends the game while seeds are still in play: the record stops
/// there, unfinished but checked, and keeps the source's verdict.
#[test]
fn a_goal_param_end_is_an_abandoned_record_with_the_source_verdict() {
    let file = format!("{MANCALA}/goal-param-end.txt");
    let output = mgn(&["import", "--from", "mancala-games", &file]);
    let text = stdout(&output);
    assert!(text.contains("[Termination \"abandoned\"]"), "{text}");
    assert!(
        text.contains("[SourceResult \"WIN by Bottom (Bottom, B, won)\"]"),
        "{text}"
    );
    // The final board is a checkpoint too (its side to move the replay's: this log's version
    // draws the `*` on the last mover at the game's end, whoever moves next).
    assert!(
        text.trim_end()
            .ends_with("=19/26 [3,0,0,2,0/0,0,0,0,0 19/26 A 1] *"),
        "{text}"
    );
    let output = check("mancala-games", &file);
    assert_eq!(code(&output), 0, "{}", shown(&output));
}

#[test]
fn bad_mancala_games_logs_are_refused_at_the_source_line() {
    for (file, place, words) in [
        ("bad-action.txt", ":40:15:", "`CAPTURE_ALL` after the move"),
        ("bad-hole.txt", ":36:16:", "hole 5 is off the board"),
        ("bad-breaks-off.txt", ":60:1:", "the turn breaks off"),
        ("bad-cut-short.txt", ":41:1:", "the log is cut short"),
        ("bad-kalah.txt", ":15:14:", "MancalaGames parameter mlaps"),
    ] {
        let path = format!("{MANCALA}/{file}");
        let output = check("mancala-games", &path);
        let report = stdout(&output);
        assert_eq!(code(&output), 1, "{file}: {report}");
        assert!(
            report.contains(&format!("{path}{place}")),
            "{file}: {report}"
        );
        assert!(report.contains(words), "{file}: {report}");
        assert_eq!(summary(&output), "0 passed, 1 failed", "{file}");
        // mgn import says the same on standard error and writes nothing.
        let output = mgn(&["import", "--from", "mancala-games", &path]);
        assert_eq!(code(&output), 1);
        assert!(stdout(&output).is_empty());
        assert!(stderr(&output).contains(words), "{file}");
    }
}

#[test]
fn a_false_board_of_the_log_fails_the_check_naming_the_imported_game() {
    let output = check("mancala-games", &format!("{MANCALA}/bad-board.txt"));
    let report = stdout(&output);
    assert_eq!(code(&output), 1, "{report}");
    assert!(
        report.contains("tests/import/mancala-games/bad-board.txt (imported game 1):"),
        "{report}"
    );
    assert!(report.contains("mgn.claim.checkpoint"), "{report}");
}

#[test]
fn a_bad_game_of_a_move_log_does_not_stop_the_next() {
    let output = check("movelog", &format!("{MOVELOG}/two-games-one-bad.jsonl"));
    let report = stdout(&output);
    assert_eq!(code(&output), 1, "{report}");
    assert!(report.contains("A9 is not a hole of A's row"), "{report}");
    assert_eq!(summary(&output), "1 passed, 1 failed");
    let output = mgn(&[
        "import",
        "--from",
        "movelog",
        &format!("{MOVELOG}/two-games-one-bad.jsonl"),
    ]);
    assert_eq!(code(&output), 0, "{}", shown(&output));
    assert_eq!(stdout(&output).matches("[Game ").count(), 2);
}

#[test]
fn bad_move_logs_are_refused_at_the_source_line() {
    for (file, place, words) in [
        (
            "bad-unknown-game.jsonl",
            ":1:10:",
            "does not know the game `oware`",
        ),
        ("bad-unknown-key.jsonl", ":2:39:", "unknown field `capture`"),
        ("bad-turn-order.jsonl", ":3:12:", "turns alternate"),
    ] {
        let path = format!("{MOVELOG}/{file}");
        let output = check("movelog", &path);
        let report = stdout(&output);
        assert_eq!(code(&output), 1, "{file}: {report}");
        assert!(
            report.contains(&format!("{path}{place}")),
            "{file}: {report}"
        );
        assert!(report.contains(words), "{file}: {report}");
    }
    let output = check("movelog", &format!("{MOVELOG}/bad-position.jsonl"));
    assert!(
        stdout(&output).contains("mgn.claim.checkpoint"),
        "{}",
        shown(&output)
    );
}

#[test]
fn a_record_converted_to_a_move_log_imports_back_and_passes() {
    let output = mgn(&[
        "convert",
        "--to",
        "movelog",
        "records/dakon/notation-example.mgn",
    ]);
    assert_eq!(code(&output), 0, "{}", shown(&output));
    let log = stdout(&output);
    let expected =
        std::fs::read_to_string(repo().join(MOVELOG).join("notation-example.jsonl")).unwrap();
    assert_eq!(log, expected);
    let output = run(&["check", "--from", "movelog", "-"], Some(log.as_bytes()));
    assert_eq!(summary(&output), "1 passed, 0 failed", "{}", shown(&output));
}

#[test]
fn the_help_names_the_formats() {
    let help = stdout(&mgn(&["--help"]));
    for name in ["ludii", "mancala-games", "movelog"] {
        assert!(help.contains(name), "{help}");
    }
    let help = stdout(&mgn(&["import", "--help"]));
    assert!(help.contains("docs/import.md"), "{help}");
}

#[test]
fn a_file_of_another_format_is_refused_as_a_ludii_trial_at_its_first_line() {
    let output = check("ludii", &format!("{MOVELOG}/notation-example.jsonl"));
    assert_eq!(code(&output), 1, "{}", shown(&output));
    assert!(
        shown(&output).contains("notation-example.jsonl:1:1: `game=`"),
        "{}",
        shown(&output)
    );
}
