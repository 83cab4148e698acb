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
