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
            // `mgn rules` also takes a rule's or option's code: "unknown game, rule or option".
            stderr(&output).contains("unknown game")
                && stderr(&output).contains("`dakn` (did you mean `dakon`?)"),
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
            yaml.replacen("holes: [[6,", "holes: [[six,", 1),
            "expected a number of seeds",
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
            yaml.replacen("mgn: 2", "mgn: 3", 1),
            "version 3 is not supported",
        ),
        (
            "no-version.json",
            json.replacen("\"mgn\": 2,", "", 1),
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

/// mgn.claim.checkpoint: a false checkpoint names each field that differs and points at it,
/// the first one underlined (`^`), the others marked (`-`) with their words.
#[test]
fn a_false_checkpoint_names_and_points_at_the_fields_that_differ() {
    let text = "[Game \"dakon\"]\n\n1. B4 x7(A2,B4) [6,0,0,6,6/6,6,6,0,7 1/8 A 1] *\n";
    let output = check_stdin(text, &[]);
    let shown = stdout(&output);
    let expected = "<stdin>:3:36: ply 1: the checkpoint differs from the replay at B5: claimed 7, replayed 6; A's store: claimed 1, replayed 0 (replayed position 6,0,0,6,6/6,6,6,0,6 0/8 A 1)
  |
3 | 1. B4 x7(A2,B4) [6,0,0,6,6/6,6,6,0,7 1/8 A 1] *
  |                                    ^ - A's store: claimed 1, replayed 0
  |                                    |
  |                                    B5: claimed 7, replayed 6
  |
  = rule mgn.claim.checkpoint: a checkpoint must equal the replayed position
";
    assert!(shown.starts_with(expected), "{shown}");

    let output = check_stdin(text, &["--format", "json"]);
    let verdict: serde_json::Value = serde_json::from_str(stdout(&output).trim()).unwrap();
    assert_eq!(
        (verdict["line"].clone(), verdict["column"].clone()),
        (3.into(), 36.into())
    );
    assert_eq!(verdict["end_column"], 37);
    assert_eq!(verdict["label"], "B5: claimed 7, replayed 6");
    assert_eq!(verdict["labels"][0]["column"], 38);
    assert_eq!(
        verdict["labels"][0]["message"],
        "A's store: claimed 1, replayed 0"
    );

    // A row of the wrong length is said as such: its holes cannot be compared one by one.
    let text = "[Game \"dakon\"]\n[Board \"2x6\"]\n\n1. B4 [7,7,0,7,7/7,7,7,1,7,7 0/1 A 1] *\n";
    let output = check_stdin(text, &[]);
    let shown = stdout(&output);
    assert!(
        shown.starts_with("<stdin>:4:8: ply 1: the checkpoint differs from the replay at row A: 5 holes, the board has 6"),
        "{shown}"
    );
    assert!(
        shown.contains("  |        ^^^^^^^^^ row A: 5 holes, the board has 6\n"),
        "{shown}"
    );
}

/// The whole span is underlined: a move, a tag value.
#[test]
fn the_whole_span_is_underlined() {
    let output = check_stdin("[Game \"dakon\"]\n\n1. B4 1... A3 *\n", &[]);
    assert!(
        stdout(&output).contains("\n3 | 1. B4 1... A3 *\n  |            ^^\n"),
        "{}",
        stdout(&output)
    );
    let output = check_stdin(&dakon_with("[Preset \"catalen\"]"), &[]);
    assert!(
        stdout(&output).contains("  |          ^^^^^^^\n"),
        "{}",
        stdout(&output)
    );
}

fn colour_in(output: &std::process::Output) -> bool {
    output.stdout.contains(&0x1b) || output.stderr.contains(&0x1b)
}

/// `--color always` colours a pipe, `never` and `auto` (the default) do not; JSON is never
/// coloured.
#[test]
fn colour_is_for_terminals_unless_asked() {
    let bad = "[Game \"dakon\"]\n\n1. B4 1... A3 *\n";
    assert!(colour_in(&check_stdin(bad, &["--color", "always"])));
    assert!(!colour_in(&check_stdin(bad, &["--color", "never"])));
    assert!(!colour_in(&check_stdin(bad, &["--color", "auto"])));
    assert!(!colour_in(&check_stdin(bad, &[])));
    assert!(!colour_in(&check_stdin(
        bad,
        &["--color", "always", "--format", "json"]
    )));
    // replay shows a syntax error on standard error, coloured when asked.
    let output = run(
        &["--color", "always", "replay", "-"],
        Some(b"[Game \"dakn\"]\n*\n"),
    );
    assert!(output.stderr.contains(&0x1b), "{}", stderr(&output));
}

/// On a terminal (a pseudo-terminal from util-linux's `script`), `auto` colours, and NO_COLOR
/// turns it off.
#[test]
fn a_terminal_is_coloured_unless_no_color_is_set() {
    let have_script = std::process::Command::new("script")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !have_script {
        eprintln!("skipped: no `script` to run mgn on a pseudo-terminal");
        return;
    }
    let scratch = scratch("diagnostics", "terminal");
    let record = scratch.join("bad.mgn");
    std::fs::write(&record, "[Game \"dakon\"]\n\n1. B4 1... A3 *\n").unwrap();
    let line = format!("{} check {}", env!("CARGO_BIN_EXE_mgn"), path_str(&record));
    let on_terminal = |no_color: Option<&str>| {
        let mut command = std::process::Command::new("script");
        command
            .args(["-qec", &line, "/dev/null"])
            .env_remove("NO_COLOR");
        if let Some(value) = no_color {
            command.env("NO_COLOR", value);
        }
        command.output().unwrap()
    };
    let output = on_terminal(None);
    assert!(
        output.stdout.contains(&0x1b),
        "{}",
        String::from_utf8_lossy(&output.stdout)
    );
    let output = on_terminal(Some("1"));
    assert!(
        !output.stdout.contains(&0x1b),
        "{}",
        String::from_utf8_lossy(&output.stdout)
    );
    assert!(String::from_utf8_lossy(&output.stdout).contains("0 passed, 1 failed"));
}

/// Progress bars are for people at a terminal: never a byte of one on a pipe (what CI and these
/// tests read), and on a pseudo-terminal, a bar for perft (by first decision) and generate.
#[test]
fn progress_bars_show_on_a_terminal_only() {
    let output = mgn(&["perft", "--game", "dakon", "--depth", "2"]);
    assert_eq!(
        stdout(&output).lines().last().unwrap().split("  ").next(),
        Some("perft(2) = 65293")
    );
    assert!(output.stderr.is_empty(), "{}", stderr(&output));
    // Games that end by themselves: standard error would count the games the cap cut.
    let output = mgn(&["generate", "--game", "mraw-imrujen", "--games", "3"]);
    assert!(output.stderr.is_empty(), "{}", stderr(&output));

    let have_script = std::process::Command::new("script")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !have_script {
        eprintln!("skipped: no `script` to run mgn on a pseudo-terminal");
        return;
    }
    let on_terminal = |args: &str| {
        let line = format!("{} {args}", env!("CARGO_BIN_EXE_mgn"));
        let output = std::process::Command::new("script")
            .args(["-qec", &line, "/dev/null"])
            .output()
            .unwrap();
        String::from_utf8_lossy(&output.stdout).into_owned()
    };
    // Two threads, so that the count is cut into parts whatever the machine's cores.
    let shown = on_terminal("perft --game dakon --depth 2 --jobs 2");
    assert!(
        shown.contains(" parts counted"),
        "no bar for perft ({} bytes)",
        shown.len()
    );
    assert!(
        shown.contains("perft(2) = 65293"),
        "no count ({} bytes)",
        shown.len()
    );
    let shown = on_terminal("generate --game dakon --games 3 --max-plies 5 > /dev/null");
    assert!(
        shown.contains("/3 games"),
        "no bar for generate ({} bytes)",
        shown.len()
    );
}

/// A claim after a Dong Wo step that is no ply (`win:B2` at a round's start) is about that
/// step: labelled with it and traced by it, not by the ply before; and a Dong Wo player's
/// captures are his winnings, not a store.
#[test]
fn a_checkpoint_after_a_step_is_about_that_step() {
    let record =
        std::fs::read_to_string(repo().join("records/dong-wo/whole-game-catalan.mgn")).unwrap();
    let good = "win:B2\n[0@B,0,0,0,0/0,1@A,0,0,0 30/9mAmB B 4 0/19]";
    assert!(record.contains(good), "the record changed");
    let bad = record.replace(good, "win:B2\n[0@B,0,0,0,0/0,1@A,0,0,0 31/9mAmB B 4 0/19]");
    let output = check_stdin(&bad, &[]);
    let shown = stdout(&output);
    let first = shown.lines().next().unwrap();
    assert!(
        first.ends_with(": after win:B2: the checkpoint differs from the replay at A's winnings: claimed 31, replayed 30 (replayed position 0@B,0,0,0,0/0,1@A,0,0,0 30/9mAmB B 4 0/19)"),
        "{first}"
    );
    assert!(!first.contains("ply"), "{first}");
    assert!(shown.contains("= trace: win:B2\n"), "{shown}");
    assert!(
        shown.contains("B2 now belongs to A [dong-wo.round.win]"),
        "{shown}"
    );
}

/// What a syntax error's JSON says: the game it is in when its `Game` tag read, and a message
/// without a place (line and column are fields of their own), as for every other message.
#[test]
fn json_messages_have_no_place_and_syntax_errors_name_their_game() {
    let text = "[Game \"dakon\"]\n[First \"C\"]\n\n1. B4 *\n";
    let output = check_stdin(text, &["--format", "json"]);
    let verdict: serde_json::Value = serde_json::from_str(stdout(&output).trim()).unwrap();
    assert_eq!(verdict["game_kind"], "dakon");
    assert_eq!(verdict["rule"], "mgn.syntax");
    assert_eq!(
        verdict["message"],
        "expected the first player, A or B, found \"C\""
    );
    let output = check_stdin("[Game \"dakn\"]\n\n*\n", &["--format", "json"]);
    let verdict: serde_json::Value = serde_json::from_str(stdout(&output).trim()).unwrap();
    assert!(verdict.get("game_kind").is_none(), "{verdict}");

    let latin1 = b"[Game \"dakon\"]\n[PlayerA \"Ren\xe9\"]\n\n1. B4 *\n";
    let output = run(&["check", "--format", "json", "-"], Some(latin1));
    let verdict: serde_json::Value = serde_json::from_str(stdout(&output).trim()).unwrap();
    assert_eq!(
        verdict["message"],
        "not valid UTF-8: byte 0xe9 at byte offset 28"
    );
    assert_eq!(
        (verdict["line"].clone(), verdict["column"].clone()),
        (2.into(), 14.into())
    );
}

/// `convert --from yaml` (or json) of an MGN file says what it is and what to do.
#[test]
fn converting_mgn_as_a_document_says_it_is_mgn() {
    for from in ["yaml", "json"] {
        let output = mgn(&[
            "convert",
            "--from",
            from,
            "--to",
            "json",
            "records/dakon/seed-worked-example.mgn",
        ]);
        assert_eq!(code(&output), 1);
        assert!(
            stderr(&output)
                .contains("looks like MGN (it has a `[Game` tag): convert it with --from mgn"),
            "{}",
            stderr(&output)
        );
        assert!(stdout(&output).is_empty());
    }
}
