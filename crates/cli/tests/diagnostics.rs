//! What mgn says when a record or a command line is wrong, as a user of rustc or pgn-extract
//! expects it: the name most likely meant, the game's own words, a line to go to.

mod support;

use support::*;

/// The record of the seed's worked example, with `tags` after its `Game` tag.
fn dakon_with(tags: &str) -> String {
    format!("[Game \"dakon\"]\n{tags}\n1. B4 x7(A2,B4) =0/8 *\n")
}

fn check_stdin(text: &str, args: &[&str]) -> std::process::Output {
    let mut all = vec!["check"];
    all.extend_from_slice(args);
    all.push("-");
    run(&all, Some(text.as_bytes()))
}

#[test]
fn a_misspelt_game_on_the_command_line_gets_the_name_meant() {
    for args in [
        &["perft", "--game", "dakn", "--depth", "1"][..],
        &["generate", "--game", "dakn"],
        &["rules", "dakn"],
    ] {
        let output = mgn(args);
        assert_eq!(code(&output), 2, "{args:?}");
        assert!(
            stderr(&output).contains("unknown game `dakn` (did you mean `dakon`?)"),
            "{args:?}: {}",
            stderr(&output)
        );
    }
    let output = mgn(&["rules", "chess"]);
    assert!(
        !stderr(&output).contains("did you mean"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn a_misspelt_game_tag_gets_the_name_meant() {
    let output = check_stdin("[Game \"nchwua\"]\n\n*\n", &[]);
    assert_eq!(code(&output), 1);
    assert!(
        stdout(&output).contains("found \"nchwua\" (did you mean `nchuwa`?)"),
        "{}",
        stdout(&output)
    );
}

/// mgn.header.preset and mgn.header.option: the nearest preset, option code or value.
#[test]
fn misspelt_presets_and_options_get_the_name_meant() {
    for (tags, said) in [
        (
            "[Preset \"catalen\"]",
            "dakon has no preset `catalen` (did you mean `catalan`?)",
        ),
        (
            "[Option \"dakon.round.endd=cannot-move\"]",
            "no rule option `dakon.round.endd` (did you mean `dakon.round.end`?)",
        ),
        (
            "[Option \"dakon.round.end=cannot-mov\"]",
            "cannot be `cannot-mov` (did you mean `cannot-move`?)",
        ),
        (
            "[Option \"nchuwa.endless=stop\"]",
            "no rule option `nchuwa.endless` (`nchuwa.endless` is an option of nchuwa)",
        ),
    ] {
        let output = check_stdin(&dakon_with(tags), &[]);
        assert_eq!(code(&output), 1, "{tags}");
        assert!(
            stdout(&output).contains(said),
            "{tags}: {}",
            stdout(&output)
        );
    }
    let output = mgn(&[
        "generate",
        "--game",
        "dakon",
        "--option",
        "dakon.sow.orign=skip",
    ]);
    assert_eq!(code(&output), 2);
    assert!(
        stderr(&output).contains("(did you mean `dakon.sow.origin`?)"),
        "{}",
        stderr(&output)
    );
}

/// mgn.header.unknown-tag: `[Frist "A"]` is kept as an unknown tag, so B moves first and the
/// record fails at its first move; the warning at the tag says why.
#[test]
fn an_unknown_tag_near_a_known_one_is_warned_of() {
    let text = "[Game \"dakon\"]\n[Frist \"A\"]\n\n1. A4 *\n";
    let output = check_stdin(text, &[]);
    let shown = stdout(&output);
    assert_eq!(code(&output), 1, "{shown}");
    assert!(
        shown.starts_with("<stdin>:2:2: warning: unknown tag `Frist` (did you mean `First`?)"),
        "{shown}"
    );
    assert!(shown.contains("rule mgn.header.unknown-tag"), "{shown}");

    let output = check_stdin(text, &["--format", "json"]);
    let verdict: serde_json::Value = serde_json::from_str(stdout(&output).trim()).unwrap();
    assert_eq!(verdict["warnings"][0]["line"], 2);
    assert_eq!(verdict["warnings"][0]["column"], 2);
    assert_eq!(verdict["warnings"][0]["rule"], "mgn.header.unknown-tag");

    // A warning leaves a good record good; -q leaves it out.
    let output = check_stdin(&dakon_with("[Evnet \"club\"]\n"), &[]);
    assert_eq!(code(&output), 0);
    assert!(
        stdout(&output).contains("did you mean `Event`?"),
        "{}",
        stdout(&output)
    );
    let output = check_stdin(&dakon_with("[Evnet \"club\"]\n"), &["-q"]);
    assert_eq!(stdout(&output), "1 passed, 0 failed\n");

    // A tag of the record's own, named like none of MGN's, is no typo.
    let output = check_stdin(&dakon_with("[Annotator \"R\"]\n[Round \"3\"]\n"), &[]);
    assert_eq!(stdout(&output), "1 passed, 0 failed\n");

    // replay says it too, on standard error.
    let output = run(&["replay", "-"], Some(text.as_bytes()));
    assert!(
        stderr(&output).contains("did you mean `First`?"),
        "{}",
        stderr(&output)
    );
}

/// A checkpoint whose `]` is missing, with the next move number after it: in Dakon, which keeps
/// no debts, the message asks for the `]`; only Dong Wo's speaks of debts.
#[test]
fn a_missing_bracket_is_said_in_the_games_words() {
    let dakon = "[Game \"dakon\"]\n\n1. B4 [6,0,0,6,6/6,6,6,0,6 0/8 A 1 2. A1 *\n";
    let output = check_stdin(dakon, &[]);
    let shown = stdout(&output);
    assert!(
        shown.starts_with("<stdin>:3:35: expected `]` closing the checkpoint, found a space"),
        "{shown}"
    );
    assert!(!shown.contains("debt"), "{shown}");
    let dong_wo = dakon.replace("dakon", "dong-wo");
    let output = check_stdin(&dong_wo, &[]);
    assert!(
        stdout(&output).contains("between the debts"),
        "{}",
        stdout(&output)
    );
}

/// What is wrong with a YAML or JSON input is said in the document's words, never in Rust's
/// (`struct HoleStateFields`, `u32`), and always with a line.
#[test]
fn document_errors_are_in_the_documents_words_with_a_line() {
    let scratch = scratch("diagnostics", "document_errors");
    let yaml = stdout(&mgn(&[
        "convert",
        "--to",
        "yaml",
        "records/dakon/seed-worked-example.mgn",
    ]));
    let json = stdout(&mgn(&[
        "convert",
        "--to",
        "json",
        "records/dakon/seed-worked-example.mgn",
    ]));
    let cases = [
        // A hole that is not a map, a count that is not a number.
        (
            "hole.yaml",
            yaml.replacen("- seeds: 6", "- six", 1),
            "expected a hole",
        ),
        (
            "count.json",
            json.replacen("\"count\": 7", "\"count\": \"seven\"", 1),
            "expected a whole number from 0 to 4294967295",
        ),
        (
            "header.json",
            json.replacen("\"header\": {", "\"header\": 3, \"x\": {", 1),
            "expected a header",
        ),
        // Refusals of the whole document or of a game, which serde does not place.
        (
            "version.yaml",
            yaml.replacen("mgn: 1", "mgn: 2", 1),
            "version 2 is not supported",
        ),
        (
            "no-version.json",
            json.replacen("\"mgn\": 1,", "", 1),
            "missing field `mgn`",
        ),
        (
            "result.yaml",
            yaml.replacen("result: '*'", "result: 1-0", 1),
            "the `Result` tag says `1-0`",
        ),
        (
            "cut.json",
            json[..json.len() / 2].to_string(),
            "the input ends inside",
        ),
    ];
    for (name, text, said) in cases {
        let path = scratch.join(name);
        std::fs::write(&path, &text).unwrap();
        let output = mgn(&["convert", "--to", "mgn", path_str(&path)]);
        let message = stderr(&output);
        assert_eq!(code(&output), 1, "{name}: {message}");
        assert!(message.contains(said), "{name}: {message}");
        for rust in ["struct", "u32", "EOF", "Fields"] {
            assert!(!message.contains(rust), "{name}: {message}");
        }
        // `mgn: FILE:LINE:COLUMN: ...`
        let place = message
            .strip_prefix(&format!("mgn: {}:", path_str(&path)))
            .unwrap_or_else(|| panic!("{name}: {message}"));
        let line = place.split(':').next().unwrap();
        assert!(
            line.parse::<usize>().is_ok(),
            "{name}: no line in {message}"
        );
    }
}

#[test]
fn converting_nothing_says_so() {
    for (input, from) in [
        ("", "json"),
        ("", "yaml"),
        ("\n  \n", "mgn"),
        ("\u{feff}", "json"),
    ] {
        let output = run(
            &["convert", "--from", from, "--to", "mgn", "-"],
            Some(input.as_bytes()),
        );
        assert_eq!(code(&output), 1, "{input:?}");
        assert!(
            stderr(&output).starts_with("mgn: <stdin>: the input is "),
            "{input:?}: {}",
            stderr(&output)
        );
        assert!(
            stderr(&output).contains("nothing to convert"),
            "{}",
            stderr(&output)
        );
        assert!(stdout(&output).is_empty());
    }
}
