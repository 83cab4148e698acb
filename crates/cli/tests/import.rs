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

/// A board of the log that is not the replay's is reported at the log's line that draws it
/// (the board after entry 3, line 41), the imported MGN shown after it.
#[test]
fn a_false_board_of_the_log_fails_the_check_at_the_log_line() {
    let path = format!("{MANCALA}/bad-board.txt");
    let output = check("mancala-games", &path);
    let report = stdout(&output);
    assert_eq!(code(&output), 1, "{report}");
    assert!(
        report.starts_with(&format!("{path}:41:1: ply 3: the checkpoint differs")),
        "{report}"
    );
    assert!(report.contains("41 |  11  5  0  3  2"), "{report}");
    assert!(report.contains("mgn.claim.checkpoint"), "{report}");
    assert!(
        report.contains(&format!("{path} (imported game 1):12:2")),
        "{report}"
    );
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

/// A game that imports but does not pass is reported at the source line its failing move or
/// claim came from, at the claim's column (`bad-claim.jsonl:5:38`, not a place in MGN text the
/// user never wrote), then the imported MGN around it, as context.
#[test]
fn a_false_claim_of_a_move_log_is_reported_at_the_log_line() {
    let path = format!("{MOVELOG}/bad-claim.jsonl");
    let output = check("movelog", &path);
    let report = stdout(&output);
    assert_eq!(code(&output), 1, "{report}");
    assert!(
        report.starts_with(&format!(
            "{path}:5:38: ply 4: the record claims x2(B3) but the move captured x0"
        )),
        "{report}"
    );
    assert!(
        report.contains(r#"5 | {"player":"A","move":"A2","captures":{"points":2"#),
        "{report}"
    );
    assert!(report.contains("mgn.claim.captures"), "{report}");
    // The MGN the claim was imported as, at its own place.
    assert!(
        report.contains(&format!("{path} (imported game 1):10:75")),
        "{report}"
    );
    assert!(report.contains("2... A2 x2(B3)"), "{report}");
    // Programs read the same place.
    let output = mgn(&["check", "--from", "movelog", "--format", "json", &path]);
    let line = stdout(&output);
    assert!(
        line.contains(&format!(r#""file":"{path}","game":1"#)),
        "{line}"
    );
    assert!(line.contains(r#""line":5,"column":38"#), "{line}");
    // The move of a later game is placed at its own line too.
    let path = format!("{MOVELOG}/two-games-one-bad.jsonl");
    let report = stdout(&check("movelog", &path));
    assert!(
        report.starts_with(&format!("{path}:3:25: ply 2: A9 is not a hole of A's row")),
        "{report}"
    );
}

/// A Ludii trial whose move the rules refuse (B's first removal taking an empty hole) is
/// reported at the trial's line of that move.
#[test]
fn a_wrong_move_of_a_ludii_trial_is_reported_at_the_trial_line() {
    let trial =
        std::fs::read_to_string(repo().join("tests/import/ludii/nchuwa-4x6-complete.txt")).unwrap();
    let mut lines: Vec<&str> = trial.lines().collect();
    let at = lines
        .iter()
        .position(|l| {
            l.starts_with("Move=[Move:mover=1")
                && l.contains("[Remove:type=Vertex,to=20,decision=true]")
        })
        .unwrap();
    lines[at] =
        "Move=[Move:mover=1,from=23,to=23,actions=[Remove:type=Vertex,to=23,decision=true]]";
    let dir = scratch("import", "ludii_wrong_move");
    let file = dir.join("trial.txt");
    std::fs::write(&file, lines.join("\n") + "\n").unwrap();
    let path = path_str(&file);
    let output = check("ludii", path);
    let report = stdout(&output);
    assert_eq!(code(&output), 1, "{report}");
    assert!(
        report.starts_with(&format!("{path}:{}:1: ply 3:", at + 1)),
        "{report}"
    );
    assert!(report.contains("nchuwa.opening.extra"), "{report}");
    assert!(
        report.contains(&format!("{path} (imported game 1):")),
        "{report}"
    );
}
