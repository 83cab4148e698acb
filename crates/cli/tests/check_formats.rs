//! `mgn check` for CI tools: every false claim of a game (`--all-claims`), GitHub Actions
//! annotations (`--format github`), a SARIF 2.1.0 log validated against the official schema
//! (`--format sarif`), and what a JSON verdict says of the game (its players, every departure).

mod support;

use serde_json::Value;
use std::fs;
use support::*;

/// Game 1: a false capture, score, checkpoint and result; game 2: a false checkpoint, then an
/// illegal pass; game 3: good.
const SEVERAL: &str = "crates/cli/tests/data/claims/several-false-claims.mgn";

fn json_lines(output: &std::process::Output) -> Vec<Value> {
    stdout(output)
        .lines()
        .map(|line| serde_json::from_str(line).expect("each line is JSON"))
        .collect()
}

#[test]
fn all_claims_reports_every_false_claim_and_stops_at_an_illegal_move() {
    let output = mgn(&["check", "--all-claims", "-q", SEVERAL]);
    assert_eq!(code(&output), 1);
    let places: Vec<String> = stdout(&output)
        .lines()
        .filter_map(|line| line.split(": ").next().map(str::to_string))
        .collect();
    assert_eq!(
        places,
        [
            format!("{SEVERAL}:11:7"),
            format!("{SEVERAL}:11:21"),
            format!("{SEVERAL}:12:68"),
            format!("{SEVERAL}:13:41"),
            format!("{SEVERAL}:18:29"),
            format!("{SEVERAL}:18:51"),
            "1 passed, 2 failed".to_string(),
        ],
    );
}

#[test]
fn without_all_claims_only_the_first_departure_is_reported() {
    let output = mgn(&["check", "-q", SEVERAL]);
    assert_eq!(code(&output), 1);
    let report = stdout(&output);
    let lines: Vec<&str> = report.lines().collect();
    assert_eq!(lines.len(), 3, "{report}");
    assert!(lines[0].starts_with(&format!("{SEVERAL}:11:7: ply 3: the record claims x2")));
    assert!(lines[1].starts_with(&format!("{SEVERAL}:18:29: ply 1: the checkpoint")));
    assert_eq!(lines[2], "1 passed, 2 failed");
}

#[test]
fn the_text_report_counts_each_games_false_claims() {
    let report = stdout(&mgn(&["check", "--all-claims", SEVERAL]));
    assert!(
        report.contains(&format!("\n{SEVERAL}: game 1: 4 false claims\n")),
        "{report}"
    );
    assert!(
        report.contains(&format!(
            "\n{SEVERAL}: game 2: 1 false claim, then the replay stopped at 18:51 (dakon.pass)\n"
        )),
        "{report}"
    );
    assert!(report.ends_with("1 passed, 2 failed\n"), "{report}");
}

#[test]
fn json_verdicts_carry_every_failure_the_players_and_the_count() {
    let output = mgn(&["check", "--all-claims", "--format", "json", SEVERAL]);
    assert_eq!(code(&output), 1);
    let lines = json_lines(&output);
    assert_eq!(lines.len(), 3);
    let game = &lines[0];
    assert_eq!(game["players"], serde_json::json!({"A": "Ada", "B": "Bob"}));
    assert_eq!(game["false_claims"], 4);
    // Today's fields are the first departure's, as without --all-claims.
    assert_eq!(game["rule"], "mgn.claim.captures");
    assert_eq!(game["ply"], 3);
    let failures = game["failures"].as_array().unwrap();
    let rules: Vec<&str> = failures
        .iter()
        .map(|f| f["rule"].as_str().unwrap())
        .collect();
    assert_eq!(
        rules,
        [
            "mgn.claim.captures",
            "mgn.claim.score",
            "mgn.claim.checkpoint",
            "mgn.claim.result"
        ]
    );
    let plies: Vec<Option<u64>> = failures.iter().map(|f| f["ply"].as_u64()).collect();
    assert_eq!(plies, [Some(3), Some(4), Some(5), None]);
    assert!(failures[2]["diff"]
        .as_str()
        .unwrap()
        .contains("-stores:  9/21"));
    assert_eq!(failures[2]["label"], "B's store: claimed 21, replayed 20");
    let second = &lines[1];
    assert_eq!(second["players"], serde_json::json!({"A": "Ada"}));
    assert_eq!(second["false_claims"], 1);
    let failures = second["failures"].as_array().unwrap();
    assert_eq!(failures.len(), 2);
    assert_eq!(failures[1]["rule"], "dakon.pass");
    assert_eq!(failures[1]["alternatives"].as_array().unwrap().len(), 5);
    let good = &lines[2];
    assert_eq!(good["verdict"], "passed");
    assert_eq!(good["false_claims"], 0);
    assert!(good.get("players").is_none() && good.get("failures").is_none());
}

#[test]
fn json_verdicts_without_all_claims_keep_their_fields() {
    let lines = json_lines(&mgn(&["check", "--format", "json", SEVERAL]));
    let game = &lines[0];
    assert_eq!(game["rule"], "mgn.claim.captures");
    assert_eq!(game["players"], serde_json::json!({"A": "Ada", "B": "Bob"}));
    assert!(game.get("failures").is_none() && game.get("false_claims").is_none());
}

#[test]
fn junit_carries_every_false_claim_in_its_failure() {
    let output = mgn(&["check", "--all-claims", "--format", "junit", SEVERAL]);
    let xml = stdout(&output);
    assert!(
        xml.contains("tests=\"3\" skipped=\"0\" failures=\"2\""),
        "{xml}"
    );
    assert!(
        xml.contains("the record claims x2 but the move captured x0 (and 3 more)"),
        "{xml}"
    );
    for place in ["11:7:", "11:21:", "12:68:", "13:41:", "18:29:", "18:51:"] {
        assert!(
            xml.contains(&format!("{SEVERAL}:{place}")),
            "{place}: {xml}"
        );
    }
}

#[test]
fn github_annotations_are_one_per_failure_then_the_count() {
    let output = mgn(&["check", "--all-claims", "--format", "github", SEVERAL]);
    assert_eq!(code(&output), 1);
    let report = stdout(&output);
    let lines: Vec<&str> = report.lines().collect();
    assert_eq!(lines.len(), 7, "{report}");
    assert_eq!(
        lines[0],
        format!(
            "::error file={SEVERAL},line=11,col=7,title=mgn.claim.captures::ply 3: the record \
             claims x2 but the move captured x0"
        )
    );
    assert_eq!(
        lines[5],
        format!(
            "::error file={SEVERAL},line=18,col=51,title=dakon.pass::ply 3: B cannot pass: he \
             has seeds in B1, B2, B3, B4, B5%0Alegal here: B1 B2 B3 B4 B5"
        )
    );
    assert_eq!(lines[6], "1 passed, 2 failed");
    let first_only = stdout(&mgn(&["check", "--format", "github", SEVERAL]));
    assert_eq!(first_only.lines().count(), 3, "{first_only}");
}

/// A file name and a message that would end an annotation early, or forge one, if they reached
/// the runner unescaped.
#[test]
fn github_annotations_escape_a_hostile_file_name_and_message() {
    let dir = scratch("check_formats", "github_escaping");
    let name = "50%,odd:name\nx.mgn";
    let record =
        "[Game \"dakon\"]\n[Preset \"99%, a:b\\n::warning::forged\"]\n[Frist \"A\"]\n\n1. B4 *\n";
    fs::write(dir.join(name), record).unwrap();
    let path = dir.join(name);
    let output = mgn(&["check", "--format", "github", path_str(&path)]);
    assert_eq!(code(&output), 1);
    let report = stdout(&output);
    let file = format!("{}/50%25%2Codd%3Aname%0Ax.mgn", dir.display())
        .replace(':', "%3A")
        .replace(',', "%2C");
    let lines: Vec<&str> = report.lines().collect();
    assert_eq!(lines.len(), 3, "{report}");
    assert_eq!(
        lines[0],
        format!(
            "::warning file={file},line=3,col=2,title=mgn.header.unknown-tag::unknown tag \
             `Frist` (did you mean `First`?): it is kept, but MGN gives it no meaning"
        )
    );
    assert_eq!(
        lines[1],
        format!(
            "::error file={file},line=2,col=10,title=mgn.header.preset::dakon has no preset \
             `99%25, a:b%0A::warning::forged`; its presets: catalan, catalan-clockwise, \
             catalan-neighbours"
        )
    );
    assert_eq!(lines[2], "0 passed, 1 failed");
}

fn sarif_validator() -> jsonschema::Validator {
    let path = repo().join("crates/cli/tests/data/sarif/sarif-schema-2.1.0.json");
    let schema: Value = serde_json::from_str(&fs::read_to_string(path).unwrap()).unwrap();
    jsonschema::draft4::options()
        .should_validate_formats(true)
        .build(&schema)
        .expect("the SARIF schema is a valid draft-04 schema")
}

fn sarif_of(args: &[&str]) -> (std::process::Output, Value) {
    let output = mgn(args);
    let log = serde_json::from_slice(&output.stdout).expect("the SARIF log is JSON");
    (output, log)
}

fn assert_valid(log: &Value) {
    let validator = sarif_validator();
    let errors: Vec<String> = validator
        .iter_errors(log)
        .map(|e| format!("{e} at {}", e.instance_path()))
        .collect();
    assert!(errors.is_empty(), "{errors:#?}\n{log:#}");
}

/// A syntax error, an illegal move, false claims, a warning, a file that is not UTF-8 and a
/// good game, in one log.
#[test]
fn the_sarif_log_follows_the_sarif_2_1_0_schema() {
    let dir = scratch("check_formats", "sarif_schema");
    let syntax = dir.join("syntax error.mgn");
    fs::write(&syntax, "[Game \"dakon\"]\n\n1. B4 x(A2) *\n").unwrap();
    let misspelt = dir.join("misspelt.mgn");
    fs::write(&misspelt, "[Game \"dakon\"]\n[Frist \"B\"]\n\n1. B4 *\n").unwrap();
    let not_utf8 = dir.join("latin1.mgn");
    fs::write(
        &not_utf8,
        b"[Game \"dakon\"]\n[PlayerA \"Ren\xe9\"]\n\n1. B4 *\n",
    )
    .unwrap();
    let (output, log) = sarif_of(&[
        "check",
        "--all-claims",
        "--format",
        "sarif",
        SEVERAL,
        path_str(&syntax),
        path_str(&not_utf8),
        path_str(&misspelt),
    ]);
    assert_eq!(code(&output), 1, "{}", stderr(&output));
    assert_valid(&log);
    // The schema does refuse what SARIF does not allow.
    let mut broken = log.clone();
    broken["runs"][0]["results"][0]["level"] = serde_json::json!("fatal");
    assert!(!sarif_validator().is_valid(&broken));
    let run = &log["runs"][0];
    let results = run["results"].as_array().unwrap();
    let rules: Vec<&str> = results
        .iter()
        .map(|r| r["ruleId"].as_str().unwrap())
        .collect();
    assert_eq!(
        rules,
        [
            "mgn.claim.captures",
            "mgn.claim.score",
            "mgn.claim.checkpoint",
            "mgn.claim.result",
            "mgn.claim.checkpoint",
            "dakon.pass",
            "mgn.syntax",
            "mgn.syntax",
            "mgn.header.unknown-tag",
        ]
    );
    let listed: Vec<&str> = run["tool"]["driver"]["rules"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["id"].as_str().unwrap())
        .collect();
    // Each rule once, in the order first reported; each result names it by its index.
    assert_eq!(
        listed,
        [
            "mgn.claim.captures",
            "mgn.claim.score",
            "mgn.claim.checkpoint",
            "mgn.claim.result",
            "dakon.pass",
            "mgn.syntax",
            "mgn.header.unknown-tag",
        ]
    );
    for result in results {
        let index = result["ruleIndex"].as_u64().unwrap() as usize;
        assert_eq!(listed[index], result["ruleId"]);
    }
    let pass = &run["tool"]["driver"]["rules"][4];
    assert_eq!(
        pass["shortDescription"]["text"],
        "a player with no seeds in his row passes, and only then"
    );
    assert!(pass["help"]["text"]
        .as_str()
        .unwrap()
        .starts_with("source: "));
    assert_eq!(results[5]["level"], "error");
    assert_eq!(results[8]["level"], "warning");
    let place = &results[2]["locations"][0]["physicalLocation"];
    assert_eq!(place["artifactLocation"]["uri"], SEVERAL);
    assert_eq!(
        place["region"],
        serde_json::json!({"startLine": 12, "startColumn": 68, "endLine": 12, "endColumn": 70})
    );
    let uri = results[6]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
        .as_str()
        .unwrap();
    assert!(
        uri.starts_with("file:///") && uri.ends_with("/syntax%20error.mgn"),
        "{uri}"
    );
    assert_eq!(results[5]["properties"]["ply"], 3);
    assert_eq!(run["invocations"][0]["executionSuccessful"], true);
    assert_eq!(stderr(&output), "2 passed, 4 failed\n");
}

#[test]
fn a_sarif_log_of_good_games_has_no_result_and_one_of_an_unreadable_path_says_so() {
    let (output, log) = sarif_of(&["check", "--format", "sarif", "records/dakon"]);
    assert_eq!(code(&output), 0);
    assert_valid(&log);
    assert_eq!(log["runs"][0]["results"], serde_json::json!([]));
    let (output, log) = sarif_of(&["check", "--format", "sarif", "records/dakon", "no/such.mgn"]);
    assert_eq!(code(&output), 2);
    assert_valid(&log);
    assert_eq!(
        log["runs"][0]["invocations"][0]["executionSuccessful"],
        false
    );
}

/// A run stopped by --max-failures left records unchecked: its log is not a whole one.
#[test]
fn a_sarif_log_of_a_stopped_run_is_not_successful() {
    let (output, log) = sarif_of(&[
        "check",
        "--format",
        "sarif",
        "--max-failures",
        "1",
        "fixtures/bad",
    ]);
    assert_eq!(code(&output), 1, "{}", shown(&output));
    assert!(
        stderr(&output).contains("stopped after 1 bad records"),
        "{}",
        shown(&output)
    );
    assert_valid(&log);
    assert_eq!(
        log["runs"][0]["invocations"][0]["executionSuccessful"],
        false
    );
}

#[test]
fn check_help_shows_the_new_formats_and_all_claims() {
    let help = stdout(&mgn(&["check", "--help"]));
    for shown in [
        "mgn check --format github",
        "mgn check --format sarif",
        "mgn check --all-claims",
        "::error file=",
    ] {
        assert!(help.contains(shown), "{shown}: {help}");
    }
}

/// `mgn check --from`: a game that did not import is a result of `mgn.import`, which no rule
/// table declares (listed by its code alone), placed in the source file as every result of it.
#[test]
fn a_sarif_log_of_imported_games_places_them_in_the_source_file() {
    let unknown_key = "tests/import/movelog/bad-unknown-key.jsonl";
    let bad_position = "tests/import/movelog/bad-position.jsonl";
    let (output, log) = sarif_of(&[
        "check",
        "--from",
        "movelog",
        "--format",
        "sarif",
        unknown_key,
        bad_position,
    ]);
    assert_eq!(code(&output), 1);
    assert_valid(&log);
    let run = &log["runs"][0];
    assert_eq!(run["results"][0]["ruleId"], "mgn.import");
    assert_eq!(
        run["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"],
        unknown_key
    );
    assert_eq!(
        run["results"][1]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"],
        bad_position
    );
    assert_eq!(
        run["tool"]["driver"]["rules"][0],
        serde_json::json!({"id": "mgn.import"})
    );
}
