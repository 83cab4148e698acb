//! The `mgn` binary as a user runs it: exit statuses, reports, conversions.

mod support;

use std::fs;
use std::path::{Path, PathBuf};
use support::*;

/// The seed's worked example, a legal Dakon game stopped after its first move.
const GOOD_DAKON: &str = "[Game \"dakon\"]\n[First \"B\"]\n[Result \"*\"]\n[Termination \"unfinished\"]\n\n1. B4 x7(A2,B4) =0/8 *\n";
const BROKEN_NCHUWA: &str = "[Game \"nchuwa\"]\n[First \"B\"]\n\n1. B9*A5 x(A2) *\n";
/// The line of `BROKEN_NCHUWA` that holds the error, counted within that text.
const BROKEN_LINE: usize = 4;
/// A second legal Dakon game, on 2x6, cut short after three plies (from `mgn generate --game
/// dakon --board 2x6 --max-plies 3 --seed 2`).
const GOOD_DAKON_2X6: &str =
    "[Game \"dakon\"]\n[Board \"2x6\"]\n[First \"B\"]\n[Result \"*\"]\n\n1. B5 A5 2. B5 *\n";
/// A Dakon game that reads but breaks a rule: A has seeds and may not pass.
const ILLEGAL_PASS: &str = "[Game \"dakon\"]\n[First \"B\"]\n\n1. B4 x7(A2,B4) =0/8 1... pass *\n";
/// A Dakon game that reads but sows from a hole the seed example left empty.
const ILLEGAL_EMPTY_HOLE: &str = "[Game \"dakon\"]\n[First \"B\"]\n\n1. B4 1... A3 *\n";

/// A fresh scratch folder for one test.
fn scratch(test: &str) -> PathBuf {
    support::scratch("cli", test)
}

/// Every record shipped in `records/`, sorted.
fn records() -> Vec<PathBuf> {
    fn walk(dir: &Path, found: &mut Vec<PathBuf>) {
        for entry in fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                walk(&path, found);
            } else if path.extension().is_some_and(|e| e == "mgn") {
                found.push(path);
            }
        }
    }
    let mut found = Vec::new();
    walk(&repo().join("records"), &mut found);
    found.sort();
    found
}

#[test]
fn help_shows_examples() {
    for args in [
        &["--help"][..],
        &["-h"],
        &["check", "--help"],
        &["convert", "--help"],
        &["help", "convert"],
    ] {
        let output = mgn(args);
        assert_eq!(code(&output), 0, "{args:?}");
        let text = stdout(&output);
        assert!(text.contains("Examples:"), "{args:?}:\n{text}");
        assert!(text.contains("mgn "), "{args:?}:\n{text}");
    }
}

#[test]
fn usage_errors_exit_2() {
    for args in [
        &[][..],
        &["check"],
        &["frobnicate"],
        &["convert", "x.mgn"],
        &["convert", "--to", "xml", "x.mgn"],
    ] {
        let output = mgn(args);
        assert_eq!(code(&output), 2, "{args:?}: {}", stderr(&output));
    }
}

/// The `Game` tag values of the games of one record file, in order.
fn games_in(record: &Path) -> Vec<String> {
    fs::read_to_string(record)
        .unwrap()
        .lines()
        .filter_map(|line| line.strip_prefix("[Game \""))
        .map(|rest| rest.trim_end_matches("\"]").to_string())
        .collect()
}

#[test]
fn shipped_records_all_pass() {
    let output = mgn(&["check", "records/"]);
    assert_eq!(code(&output), 0, "{}{}", stdout(&output), stderr(&output));
    let games: Vec<String> = records().iter().flat_map(|r| games_in(r)).collect();
    assert!(games.len() >= 4, "one record per game at least");
    // Every game is replayed under its rules: each record is counted as passed.
    assert_eq!(
        summary(&output),
        format!("{} passed, 0 failed", games.len()),
        "{}",
        stdout(&output)
    );
}

#[test]
fn every_game_has_a_record_folder() {
    for game in ["dakon", "mraw-imrujen", "nchuwa", "dong-wo"] {
        let folder = repo().join("records").join(game);
        let output = mgn(&["check", path_str(&folder)]);
        assert_eq!(code(&output), 0, "{game}: {}", stdout(&output));
        let last = summary(&output);
        assert!(last.ends_with(" passed, 0 failed"), "{game}: {last}");
        assert!(!last.starts_with("0 passed"), "{game}: {last}");
    }
}

#[test]
fn a_broken_game_between_two_good_ones() {
    let dir = scratch("broken-between");
    let file = dir.join("three.mgn");
    let text = format!("{GOOD_DAKON}\n{BROKEN_NCHUWA}\n{GOOD_DAKON_2X6}");
    fs::write(&file, &text).unwrap();
    let output = mgn(&["check", path_str(&file)]);
    let report = stdout(&output);
    assert_eq!(code(&output), 1, "{report}");
    assert_eq!(summary(&output), "2 passed, 1 failed", "{report}");

    let line = GOOD_DAKON.lines().count() + 1 + BROKEN_LINE;
    let place = format!("{}:{line}:", file.display());
    let error = report
        .lines()
        .find(|l| l.starts_with(&place))
        .unwrap_or_else(|| panic!("no error at {place} in:\n{report}"));
    let column = error[place.len()..].split(':').next().unwrap();
    assert!(column.parse::<usize>().is_ok(), "{error}");
    assert!(error.contains("expected"), "{error}");
    assert!(error.contains("found"), "{error}");
    // The source line and a caret follow the headline.
    assert!(report.contains("1. B9*A5 x(A2) *"), "{report}");
    assert!(report
        .lines()
        .any(|l| l.trim_start().starts_with("| ") && l.ends_with('^')));
}

#[test]
fn good_files_exit_0() {
    let dir = scratch("good");
    let file = dir.join("two.mgn");
    fs::write(&file, format!("{GOOD_DAKON}\n{GOOD_DAKON_2X6}")).unwrap();
    let output = mgn(&["check", path_str(&file)]);
    assert_eq!(code(&output), 0, "{}", stdout(&output));
    assert_eq!(stdout(&output), "2 passed, 0 failed\n");
}

#[test]
fn a_missing_file_is_named_and_exits_2_after_checking_the_rest() {
    let dir = scratch("missing");
    let good = dir.join("good.mgn");
    fs::write(&good, GOOD_DAKON).unwrap();
    let missing = dir.join("no-such-file.mgn");
    let output = mgn(&["check", path_str(&missing), path_str(&good)]);
    assert_eq!(code(&output), 2);
    assert!(
        stderr(&output).contains(path_str(&missing)),
        "{}",
        stderr(&output)
    );
    assert_eq!(summary(&output), "1 passed, 0 failed");
}

#[test]
fn a_folder_without_records_exits_2() {
    let dir = scratch("empty-folder");
    fs::write(dir.join("notes.txt"), "not a record").unwrap();
    let output = mgn(&["check", path_str(&dir)]);
    assert_eq!(code(&output), 2);
    assert!(
        stderr(&output).contains("no *.mgn file"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn invalid_utf8_is_one_failed_record_placed_at_its_first_bad_byte() {
    let dir = scratch("not-utf8");
    let file = dir.join("latin1.mgn");
    fs::write(&file, b"[Game \"dakon\"]\n[PlayerA \"Ren\xe9\"]\n\n*\n").unwrap();
    let good = dir.join("good.mgn");
    fs::write(&good, GOOD_DAKON).unwrap();
    let output = mgn(&["check", path_str(&dir)]);
    assert_eq!(code(&output), 1);
    let report = stdout(&output);
    assert!(
        report.contains(&format!("{}:2:14: not valid UTF-8", file.display())),
        "{report}"
    );
    assert!(report.contains("byte offset 28"), "{report}");
    assert_eq!(summary(&output), "1 passed, 1 failed");
}

#[test]
fn folders_are_searched_recursively_in_sorted_order() {
    let dir = scratch("folders");
    fs::create_dir_all(dir.join("b/deeper")).unwrap();
    fs::create_dir_all(dir.join("a")).unwrap();
    fs::write(dir.join("b/deeper/z.mgn"), BROKEN_NCHUWA).unwrap();
    fs::write(dir.join("b/one.mgn"), GOOD_DAKON).unwrap();
    fs::write(dir.join("a/two.mgn"), BROKEN_NCHUWA).unwrap();
    fs::write(dir.join("c.mgn"), GOOD_DAKON_2X6).unwrap();
    // Only *.mgn files are records.
    fs::write(dir.join("a/readme.txt"), BROKEN_NCHUWA).unwrap();

    let output = mgn(&["check", path_str(&dir)]);
    assert_eq!(code(&output), 1);
    assert_eq!(summary(&output), "2 passed, 2 failed");
    let report = stdout(&output);
    let first = report.find("two.mgn:").expect("a/two.mgn reported");
    let second = report.find("z.mgn:").expect("b/deeper/z.mgn reported");
    assert!(first < second, "a/ before b/:\n{report}");
    assert!(!report.contains("readme.txt"));

    // The same run twice gives the same report.
    assert_eq!(stdout(&mgn(&["check", path_str(&dir)])), report);
}

#[test]
fn standard_input_is_read_for_a_dash() {
    let output = run(&["check", "-"], Some(GOOD_DAKON.as_bytes()));
    assert_eq!(code(&output), 0, "{}", stdout(&output));
    assert_eq!(summary(&output), "1 passed, 0 failed");

    let output = run(&["check", "-"], Some(BROKEN_NCHUWA.as_bytes()));
    assert_eq!(code(&output), 1);
    assert!(
        stdout(&output).contains(&format!("<stdin>:{BROKEN_LINE}:")),
        "{}",
        stdout(&output)
    );
}

#[test]
fn verbose_logs_go_to_standard_error() {
    let quiet = mgn(&["check", "records/"]);
    let loud = mgn(&["-vv", "check", "records/"]);
    assert_eq!(stdout(&quiet), stdout(&loud));
    assert!(stderr(&quiet).is_empty(), "{}", stderr(&quiet));
    assert!(stderr(&loud).contains("read"), "{}", stderr(&loud));
}

/// `mgn convert` with the given arguments, expected to succeed.
fn convert(args: &[&str], stdin: Option<&[u8]>) -> String {
    let mut all = vec!["convert"];
    all.extend_from_slice(args);
    let output = run(&all, stdin);
    assert_eq!(code(&output), 0, "{all:?}: {}", stderr(&output));
    stdout(&output)
}

#[test]
fn records_round_trip_through_yaml_and_json() {
    for record in records() {
        let file = path_str(&record);
        let canonical = convert(&["--to", "mgn", file], None);
        assert!(canonical.contains("[Game "), "{file}: {canonical}");
        // The canonical text is its own canonical form.
        let again = convert(
            &["--from", "mgn", "--to", "mgn", "-"],
            Some(canonical.as_bytes()),
        );
        assert_eq!(again, canonical, "{file}: canonical form is not stable");

        for format in ["yaml", "json"] {
            let document = convert(&["--to", format, file], None);
            assert!(document.contains("mgn"), "{file}: {document}");
            let back = convert(
                &["--from", format, "--to", "mgn", "-"],
                Some(document.as_bytes()),
            );
            assert_eq!(back, canonical, "{file}: MGN -> {format} -> MGN");
        }
    }
}

/// `count` random games of `game` as `mgn generate` writes them, a checkpoint after every ply
/// (seed 36, at most 300 plies a game).
fn generated_with_checkpoints(game: &str, count: usize) -> String {
    let count = count.to_string();
    let output = mgn(&[
        "generate",
        "--game",
        game,
        "--games",
        &count,
        "--checkpoints",
        "--seed",
        "36",
        "--max-plies",
        "300",
    ]);
    assert_eq!(code(&output), 0, "{game}: {}", stderr(&output));
    stdout(&output)
}

/// `convert --to mgn` copies a checkpoint already written as mgn writes it rather than reading
/// its position and writing it again: the output is the writer's text of the games either way,
/// for checkpoints written otherwise (a tab between fields) too, to a file and to standard output.
#[test]
fn converted_checkpoints_are_the_writers_text_whether_copied_or_rewritten() {
    let dir = scratch("convert-checkpoints");
    let mut generated = String::new();
    for game in ["dakon", "mraw-imrujen", "nchuwa", "dong-wo"] {
        if !generated.is_empty() {
            generated.push('\n');
        }
        generated.push_str(&generated_with_checkpoints(game, 4));
    }
    let games: Vec<mgn::Game> = mgn::parse_games(&generated)
        .into_iter()
        .map(Result::unwrap)
        .collect();
    let canonical = mgn::notation::write_games(&games);
    assert_eq!(
        canonical, generated,
        "generated games are in the canonical form"
    );
    // The single-pass canonical scan agrees with writing what the reader read, on every
    // checkpoint of the generated games of the four games.
    let mut checkpoints = 0;
    for (at, _) in generated.match_indices('[') {
        let text = &generated[at + 1..];
        let Some(len) = mgn::notation::position_len(text) else {
            continue;
        };
        checkpoints += 1;
        let written =
            mgn::notation::write_position(&mgn::notation::parse_position(&text[..len]).unwrap());
        let by_writing = (written == text[..len]).then_some(len);
        assert_eq!(
            mgn::notation::canonical_position_len(text),
            by_writing,
            "{}",
            &text[..len]
        );
    }
    assert!(checkpoints > 1000, "only {checkpoints} checkpoints");
    let otherwise = generated
        .replace(" A 1]", "\tA 1]")
        .replace(" B 1]", "\tB 1]");
    assert_ne!(otherwise, generated);
    for (name, text) in [("canonical.mgn", &generated), ("otherwise.mgn", &otherwise)] {
        let file = dir.join(name);
        fs::write(&file, text).unwrap();
        assert_eq!(
            convert(&["--to", "mgn", path_str(&file)], None),
            canonical,
            "{name}"
        );
        let written = dir.join(format!("written-{name}"));
        convert(
            &["--to", "mgn", "-o", path_str(&written), path_str(&file)],
            None,
        );
        assert_eq!(
            fs::read_to_string(&written).unwrap(),
            canonical,
            "{name}, -o"
        );
    }
}

#[test]
fn convert_reads_the_format_from_the_extension_and_writes_files() {
    let dir = scratch("convert-files");
    let source = dir.join("games.mgn");
    fs::write(&source, format!("{GOOD_DAKON}\n{GOOD_DAKON_2X6}")).unwrap();
    let canonical = convert(&["--to", "mgn", path_str(&source)], None);
    for (format, extension) in [("yaml", "yml"), ("yaml", "yaml"), ("json", "json")] {
        let document = dir.join(format!("games.{extension}"));
        let written = convert(
            &["--to", format, "-o", path_str(&document), path_str(&source)],
            None,
        );
        assert!(written.is_empty(), "-o writes nothing to standard output");
        let back = convert(&["--to", "mgn", path_str(&document)], None);
        assert_eq!(back, canonical, "{extension}");
        // Without --from or an extension the content tells the format.
        let text = fs::read(&document).unwrap();
        let sniffed = convert(&["--to", "mgn", "-"], Some(&text));
        assert_eq!(sniffed, canonical, "{extension} from standard input");
    }
}

#[test]
fn documents_have_a_version_and_a_list_of_games() {
    let two = format!("{GOOD_DAKON}\n{GOOD_DAKON_2X6}");
    let json = convert(
        &["--from", "mgn", "--to", "json", "-"],
        Some(two.as_bytes()),
    );
    let value: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(value["mgn"], 2);
    assert_eq!(value["games"].as_array().map(Vec::len), Some(2));
    let yaml = convert(
        &["--from", "mgn", "--to", "yaml", "-"],
        Some(two.as_bytes()),
    );
    assert!(yaml.starts_with("mgn: 2\ngames:\n"), "{yaml}");
}

#[test]
fn converting_a_file_with_a_broken_game_with_skip_bad_reports_it_and_keeps_the_others() {
    let dir = scratch("convert-broken");
    let file = dir.join("three.mgn");
    fs::write(
        &file,
        format!("{GOOD_DAKON}\n{BROKEN_NCHUWA}\n{GOOD_DAKON_2X6}"),
    )
    .unwrap();
    let output = mgn(&["convert", "--to", "json", "--skip-bad", path_str(&file)]);
    assert_eq!(code(&output), 1);
    let errors = stderr(&output);
    let line = GOOD_DAKON.lines().count() + 1 + BROKEN_LINE;
    assert!(
        errors.contains(&format!("{}:{line}:", file.display())),
        "{errors}"
    );
    assert!(
        errors.contains("left out game 2, which did not read; the other 2 games are written"),
        "{errors}"
    );
    let value: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(value["games"].as_array().map(Vec::len), Some(2));
}

#[test]
fn a_bad_document_is_placed_and_exits_1() {
    let output = run(
        &["convert", "--from", "json", "--to", "mgn", "-"],
        Some(b"{\"mgn\": 1,\n \"games\": [}"),
    );
    assert_eq!(code(&output), 1);
    assert!(
        stderr(&output).contains("<stdin>:2:"),
        "{}",
        stderr(&output)
    );

    let output = run(
        &["convert", "--from", "yaml", "--to", "mgn", "-"],
        Some(b"mgn: 7\ngames: []\n"),
    );
    assert_eq!(code(&output), 1);
    assert!(stderr(&output).contains("version 7"), "{}", stderr(&output));
}

#[test]
fn a_document_mgn_cannot_hold_is_refused_by_game_and_writes_nothing() {
    let game = |comment: &str| {
        format!(
            r#"{{"header": {{"game": "dakon"}}, "moves": [{{"comment": {{"text": "{comment}", "style": "brace"}}}}], "outcome": "*"}}"#
        )
    };
    let json = format!(
        r#"{{"mgn": 1, "games": [{}, {}]}}"#,
        game("fine"),
        game("} 1-0 {")
    );
    let output = run(
        &["convert", "--from", "json", "--to", "mgn", "-"],
        Some(json.as_bytes()),
    );
    assert_eq!(code(&output), 1, "{}", stderr(&output));
    assert!(stdout(&output).is_empty(), "{}", stdout(&output));
    assert!(
        stderr(&output).contains("game 2: the comment \"} 1-0 {\" at element 1 of its move text: a brace comment cannot hold `}`"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn a_missing_input_exits_2() {
    let output = mgn(&["convert", "--to", "yaml", "no/such/file.mgn"]);
    assert_eq!(code(&output), 2);
    assert!(stderr(&output).contains("no/such/file.mgn"));
}

#[test]
fn a_closed_pipe_does_not_panic() {
    // Far more output than a pipe buffers, read by nobody.
    let many = GOOD_DAKON_2X6.repeat(2000);
    let mut child = command(&["convert", "--from", "mgn", "--to", "yaml", "-"])
        .stdin(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let mut pipe = child.stdin.take().unwrap();
    std::thread::spawn(move || {
        let _ = std::io::Write::write_all(&mut pipe, many.as_bytes());
    });
    let output = child.wait_with_output().unwrap();
    let errors = String::from_utf8_lossy(&output.stderr);
    assert!(!errors.contains("panicked"), "{errors}");
    assert_eq!(output.status.code(), Some(0), "{errors}");
}

#[test]
fn the_readme_example_replays() {
    let readme = fs::read_to_string(repo().join("README.md")).unwrap();
    let example = readme
        .split("## MGN in brief")
        .nth(1)
        .and_then(|s| s.split("```\n").nth(1))
        .expect("an MGN example in the README");
    assert!(example.starts_with("[Game "), "{example}");
    let output = run(&["check", "-"], Some(example.as_bytes()));
    assert_eq!(code(&output), 0, "{}", stdout(&output));
    assert_eq!(summary(&output), "1 passed, 0 failed");
}

/// The first report line that starts with `place` (`file:line:`), and the column number that
/// must follow it.
fn placed_error<'a>(report: &'a str, place: &str) -> (&'a str, usize) {
    let error = report
        .lines()
        .find(|l| l.starts_with(place))
        .unwrap_or_else(|| panic!("no error at {place} in:\n{report}"));
    let column = error[place.len()..].split(':').next().unwrap();
    let column = column
        .parse::<usize>()
        .unwrap_or_else(|_| panic!("no column in {error}"));
    (error, column)
}

#[test]
fn an_illegal_dakon_move_names_its_place_its_rule_and_the_legal_moves() {
    let dir = scratch("illegal-move");
    for (name, text, rule, column, legal) in [
        ("pass.mgn", ILLEGAL_PASS, "dakon.pass", 27, "A1 A4 A5"),
        (
            "empty.mgn",
            ILLEGAL_EMPTY_HOLE,
            "dakon.sow.start",
            12,
            "A1 A4 A5",
        ),
    ] {
        let file = dir.join(name);
        fs::write(&file, text).unwrap();
        let output = mgn(&["check", path_str(&file)]);
        let report = stdout(&output);
        assert_eq!(code(&output), 1, "{name}: {report}");
        assert_eq!(summary(&output), "0 passed, 1 failed", "{name}: {report}");
        // The record reads: the failure is the replay's, on line 4 at the offending ply.
        let (error, at) = placed_error(&report, &format!("{}:4:", file.display()));
        assert_eq!(at, column, "{name}: {error}");
        assert!(error.contains("ply 2"), "{name}: {error}");
        assert!(
            report.contains(&format!("rule {rule}:")),
            "{name}: {report}"
        );
        assert!(
            report.contains(&format!("legal here: {legal}")),
            "{name}: {report}"
        );
        // The source line and the move underlined from its column follow the headline.
        let caret = report
            .lines()
            .find(|l| l.trim_start().starts_with("| ") && l.ends_with('^'))
            .unwrap_or_else(|| panic!("{name}: no caret in:\n{report}"));
        let bar = caret.find('|').unwrap();
        assert_eq!(
            caret.find('^').unwrap() - bar - 1,
            column,
            "{name}: {report}"
        );
    }
}

#[test]
fn a_false_claim_is_a_failure() {
    // The seed example captures 7 from A2 and B4, not 6 from A2.
    let text = GOOD_DAKON.replace("x7(A2,B4)", "x6(A2)");
    let output = run(&["check", "-"], Some(text.as_bytes()));
    assert_eq!(code(&output), 1, "{}", stdout(&output));
    assert!(
        stdout(&output).contains("mgn.claim.captures"),
        "{}",
        stdout(&output)
    );
    assert_eq!(summary(&output), "0 passed, 1 failed");
}

/// `replay --trace` writes every event as a person reads it, with the notation's hole names, and
/// speaks of muzi only in a game that has them (never Rust's `Debug` form).
#[test]
fn replay_trace_writes_each_event_in_words() {
    let output = mgn(&["replay", "--trace", "records/dakon/seed-worked-example.mgn"]);
    let text = stdout(&output);
    assert_eq!(code(&output), 0, "{text}{}", stderr(&output));
    let expected = "ply 1, B: B4
  lap 1: lift 5 from B4
  lap 1: sow 1 in B5
  lap 1: sow 1 in B6
  lap 1: sow 1 in A1
  lap 1: sow 1 in A2
  lap 1: sow 1 in A3
  lap 1: ends in A3 [dakon.lap.relay]
  lap 2: lift 6 from A3
  lap 2: sow 1 in A4
  lap 2: sow 1 in A5
  lap 2: skip A6 [dakon.sow.skip-opponent-store]
  lap 2: sow 1 in B1
  lap 2: sow 1 in B2
  lap 2: sow 1 in B3
  lap 2: sow 1 in B4
  lap 2: ends in B4 [dakon.capture.opposite]
  capture: A2 (6 seeds) to B [dakon.capture.opposite]
  capture: B4 (1 seed) to B [dakon.capture.opposite]
  A to move
";
    assert!(text.contains(expected), "{text}");
    for debug in ["{", "Hole", "Pile", "muzi"] {
        assert!(!text.contains(debug), "{debug:?} in:\n{text}");
    }
    // Dong Wo's muzi travel with the seeds, and their drops are named.
    let output = mgn(&["replay", "--trace", "records/dong-wo/rounds-catalan.mgn"]);
    let text = stdout(&output);
    assert_eq!(code(&output), 0, "{text}{}", stderr(&output));
    assert!(
        text.contains("lap 3: lift 1 and B's muzi from B1\n"),
        "{text}"
    );
    assert!(text.contains("lap 3: drop B's muzi in A4\n"), "{text}");
    assert!(!text.contains("Hole {"), "{text}");
}

#[test]
fn replay_prints_the_trace_and_the_board() {
    let output = mgn(&["replay", "records/dakon/seed-worked-example.mgn"]);
    let text = stdout(&output);
    assert_eq!(code(&output), 0, "{text}{}", stderr(&output));
    for expected in [
        "ply 1, B: B4",
        "B4 takes 5 seeds",
        "dakon.lap.relay",
        "A3 takes 6 seeds",
        "(skips A6)",
        "dakon.capture.opposite",
        "capture: A2 (6 seeds) to B",
        "A to move",
    ] {
        assert!(
            text.contains(expected),
            "{expected:?} missing from:\n{text}"
        );
    }
    // The board after the move: A's row (A5 .. A1), each store by its owner's name, B's row
    // (B1 .. B5); each hole the move sowed into marked `'`, where it started `^`, a capture `*`.
    let after = text
        .split("after ply 1, B: B4\n")
        .nth(1)
        .expect("a board after ply 1");
    let rows: Vec<Vec<&str>> = after
        .lines()
        .map(|l| l.split_whitespace().collect())
        .collect();
    let board = [
        vec!["A5", "A4", "A3", "A2", "A1"],
        vec!["6'", "6'", "0'", "0'*", "6'"],
        vec!["A", "0", "8'", "B"],
        vec!["6'", "6'", "6'", "0^'*", "6'"],
        vec!["B1", "B2", "B3", "B4", "B5"],
    ];
    assert!(
        rows.windows(board.len()).any(|w| w == board),
        "no board after ply 1 in:\n{text}"
    );
}

#[test]
fn replay_of_an_illegal_move_exits_1() {
    let output = run(&["replay", "-"], Some(ILLEGAL_PASS.as_bytes()));
    assert_eq!(code(&output), 1, "{}", stdout(&output));
    assert!(
        stdout(&output).contains("<stdin>:4:27:"),
        "{}",
        stdout(&output)
    );
    assert!(
        stdout(&output).contains("dakon.pass"),
        "{}",
        stdout(&output)
    );
}

#[test]
fn rules_lists_every_option_with_its_default() {
    let output = mgn(&["rules", "dakon"]);
    let text = stdout(&output);
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    let lines: Vec<&str> = text.lines().collect();
    let default_of = |code: &str| -> String {
        let at = lines
            .iter()
            .position(|l| *l == code)
            .unwrap_or_else(|| panic!("{code} not listed in:\n{text}"));
        lines[at + 1..]
            .iter()
            .take_while(|l| l.starts_with("    "))
            .find_map(|l| {
                l.trim_start()
                    .strip_prefix("= ")
                    .and_then(|v| v.split_once(" (default"))
            })
            .map(|(value, _)| value.to_string())
            .unwrap_or_else(|| panic!("{code} has no default in:\n{text}"))
    };
    // The options and defaults docs/rules/dakon.md documents.
    for (code, default) in [
        ("dakon.sow.direction", "counter-clockwise"),
        ("dakon.capture.opponent-side", "none"),
        ("dakon.sow.origin", "sow"),
        ("dakon.round.end", "all-in-stores"),
        ("dakon.next-round.first", "round-winner"),
        ("dakon.out-of-play.return", "never"),
        ("dakon.game.winner", "most-rounds"),
    ] {
        assert_eq!(default_of(code), default, "{code}");
    }
    // And every option the rules define, whatever it is.
    let def = mgn::rules::game_def(mgn::notation::GameKind::Dakon);
    for option in def.options {
        assert_eq!(
            default_of(option.code),
            option.values[0].0,
            "{}",
            option.code
        );
    }
    for rule in def.rules {
        assert!(lines.contains(&rule.code), "{} not listed", rule.code);
    }
    for preset in def.presets {
        assert!(lines.contains(&preset.name), "{} not listed", preset.name);
    }
}

#[test]
fn generated_games_pass_the_check_and_a_seed_repeats_them() {
    let args = [
        "generate",
        "--game",
        "dakon",
        "--games",
        "5",
        "--seed",
        "9",
        "--checkpoints",
    ];
    let output = mgn(&args);
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    let games = stdout(&output);
    assert_eq!(games.matches("[Game \"dakon\"]").count(), 5, "{games}");
    // Checkpoints after the moves.
    assert!(games.contains(" 1] "), "{games}");

    let checked = run(&["check", "-"], Some(games.as_bytes()));
    assert_eq!(code(&checked), 0, "{}", stdout(&checked));
    assert_eq!(stdout(&checked), "5 passed, 0 failed\n");

    // The same seed gives the same text; another seed gives other games.
    assert_eq!(stdout(&mgn(&args)), games);
    let mut other = args;
    other[6] = "10";
    assert_ne!(stdout(&mgn(&other)), games);
}

/// A game the ply cap cuts is an unfinished record that says so: result `*`, a Termination tag
/// naming the cap, the check passes it; standard error counts the games cut. Random Dakon games
/// mostly run to the cap, and the default cap keeps them small.
#[test]
fn a_game_the_cap_cuts_says_so_and_is_counted() {
    let output = mgn(&[
        "generate", "--game", "dakon", "--games", "10", "--seed", "2",
    ]);
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    let games = stdout(&output);
    let cut = games
        .matches("[Termination \"unfinished: cut by the generator at its cap of 2000 plies\"]")
        .count();
    assert!(cut > 0 && cut < 10, "{cut} cut: {games}");
    assert_eq!(
        games
            .matches("{stopped by the generator after 2000 plies} *")
            .count(),
        cut
    );
    assert!(games.len() < 10 * 40_000, "{} bytes", games.len());
    assert_eq!(
        stderr(&output),
        format!(
            "mgn: {cut} of 10 games did not end within 2000 plies and were cut there (result *, \
             Termination \"unfinished: cut by the generator at its cap of 2000 plies\"); \
             --max-plies sets the cap\n"
        )
    );
    let checked = run(&["check", "-"], Some(games.as_bytes()));
    assert_eq!(stdout(&checked), "10 passed, 0 failed\n");
}

/// `generate --jobs N`: each game is drawn from the seed and its number alone and the games are
/// written in order, so the output is the same bytes on one thread or many, for every game; and
/// the first games of a longer run are the games of a shorter one.
#[test]
fn generated_games_do_not_depend_on_the_number_of_threads() {
    for (game, games) in [
        ("dakon", "12"),
        ("mraw-imrujen", "60"),
        ("nchuwa", "300"),
        ("dong-wo", "30"),
    ] {
        let run = |jobs: &str, games: &str| {
            let output = mgn(&[
                "generate",
                "--game",
                game,
                "--games",
                games,
                "--seed",
                "5",
                "--checkpoints",
                "--max-plies",
                "300",
                "--jobs",
                jobs,
            ]);
            assert_eq!(
                code(&output),
                0,
                "{game} --jobs {jobs}: {}",
                stderr(&output)
            );
            stdout(&output)
        };
        let one = run("1", games);
        assert_eq!(
            one.matches("[Game ").count().to_string(),
            games,
            "{game}: {one}"
        );
        for jobs in ["2", "3", "16"] {
            assert!(
                run(jobs, games) == one,
                "{game}: --jobs {jobs} wrote other bytes"
            );
        }
        let first_two = run("16", "2");
        assert!(one.starts_with(&first_two), "{game}: {first_two}");
        assert_eq!(first_two.matches("[Game ").count(), 2, "{game}");
    }
    let zero = mgn(&["generate", "--game", "nchuwa", "--jobs", "0"]);
    assert_eq!(code(&zero), 2, "{}", stderr(&zero));
}

/// The threads a `-v` run says it started (`threads=N` in its log).
fn threads_logged(output: &std::process::Output) -> Vec<usize> {
    stderr(output)
        .split("threads=")
        .skip(1)
        .map(|rest| {
            let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
            digits.parse().expect("a number of threads")
        })
        .collect()
}

/// `generate --jobs` far over the cores makes games on the cores (as perft does): the same
/// bytes as on one thread, without starting 100,000 threads (a million took half a minute).
#[test]
fn generate_makes_games_on_at_most_the_cores() {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let run = |jobs: &str| {
        let output = mgn(&[
            "-v", "generate", "--game", "dakon", "--games", "5", "--seed", "3", "--jobs", jobs,
        ]);
        assert_eq!(code(&output), 0, "--jobs {jobs}: {}", stderr(&output));
        output
    };
    let one = run("1");
    assert_eq!(threads_logged(&one), [1], "{}", stderr(&one));
    let many = run("100000");
    assert_eq!(threads_logged(&many), [cores], "{}", stderr(&many));
    assert!(
        stdout(&many) == stdout(&one),
        "--jobs 100000 wrote other bytes"
    );
}

/// `perft` on several threads cuts the count into parts once, for all of them (every thread
/// cut the same parts again: memory grew with the square of the threads).
#[test]
fn perft_cuts_a_count_into_parts_once() {
    let output = mgn(&[
        "-v", "perft", "--game", "dakon", "--depth", "3", "--all", "--jobs", "2",
    ]);
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    if cores >= 2 {
        let cuts = stderr(&output).matches("the count cut into parts").count();
        assert_eq!(cuts, 3, "one cut a depth: {}", stderr(&output));
        assert_eq!(threads_logged(&output), [2, 2, 2], "{}", stderr(&output));
    }
    assert!(
        stdout(&output).contains("perft(3) = 937259 "),
        "{}",
        stdout(&output)
    );
}

/// `perft` gives the same counts on one thread or several, with a transposition table of any
/// size or none, and counted forward ply by ply (`--layers`); a divide on several threads
/// gives the same lines as on one. Only the times differ.
#[test]
fn perft_counts_the_same_on_any_number_of_threads_and_every_way() {
    let counts = |args: &[&str]| -> String {
        let output = mgn(args);
        assert_eq!(code(&output), 0, "{args:?}: {}", stderr(&output));
        // Each count line ends with the time taken.
        stdout(&output)
            .lines()
            .map(|line| line.split("  (").next().unwrap().to_string() + "\n")
            .collect()
    };
    for (game, depth) in [
        ("dakon", "3"),
        ("mraw-imrujen", "7"),
        ("nchuwa", "3"),
        ("dong-wo", "2"),
    ] {
        let base = ["perft", "--game", game, "--depth", depth, "--all"];
        let one = counts(&[&base[..], &["--jobs", "1", "--hash", "0"]].concat());
        assert!(one.contains(&format!("perft({depth}) = ")), "{one}");
        for way in [
            &["--jobs", "1"][..],
            &["--jobs", "2"],
            &["--jobs", "3", "--hash", "0"],
            &["--jobs", "2", "--hash", "1"],
            &["--layers"],
        ] {
            assert_eq!(counts(&[&base[..], way].concat()), one, "{game} {way:?}");
        }
        let divide = ["perft", "--game", game, "--depth", depth, "--divide"];
        assert_eq!(
            counts(&[&divide[..], &["--jobs", "3"]].concat()),
            counts(&[&divide[..], &["--jobs", "1", "--hash", "0"]].concat()),
            "{game} --divide"
        );
    }
}

/// A count that meets a move not decided within the lap budget is not known, whichever way
/// it is counted.
#[test]
fn perft_says_a_count_is_not_known_every_way() {
    for way in [
        &["--jobs", "1", "--hash", "0"][..],
        &["--jobs", "2"],
        &["--layers"],
    ] {
        let args = [
            &[
                "perft",
                "--game",
                "nchuwa",
                "--depth",
                "3",
                "--max-laps",
                "1",
            ][..],
            way,
        ]
        .concat();
        let output = mgn(&args);
        assert_eq!(code(&output), 1, "{way:?}: {}", stderr(&output));
        assert!(
            stderr(&output).contains("perft(3) is not known")
                && stderr(&output).contains("mgn.limit.laps"),
            "{way:?}: {}",
            stderr(&output)
        );
    }
}

/// `--jobs` far over the cores counts on the cores: each thread cuts the count into parts of
/// its own (1,024 per thread), so 100,000 threads held gigabytes and did not end in a minute.
#[test]
fn perft_counts_with_more_jobs_than_cores() {
    let output = mgn(&[
        "perft", "--game", "dakon", "--depth", "2", "--jobs", "100000",
    ]);
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    assert!(
        stdout(&output).starts_with("perft(2) = 65293 "),
        "{}",
        stdout(&output)
    );
}

/// A transposition table larger than memory (or than the address space, in MiB) is refused
/// with a message naming `--hash`, on one thread or several, never an abort on allocation.
#[test]
fn perft_refuses_a_table_it_cannot_allocate() {
    for hash in ["100000000", &usize::MAX.to_string()] {
        for jobs in ["1", "2"] {
            let args = [
                "perft", "--game", "dakon", "--depth", "2", "--jobs", jobs, "--hash", hash,
            ];
            let output = mgn(&args);
            assert_eq!(code(&output), 2, "{args:?}: {}", stderr(&output));
            assert!(
                stderr(&output).contains("--hash") && stdout(&output).is_empty(),
                "{args:?}: {}",
                stderr(&output)
            );
        }
    }
}

/// A depth no count could reach is refused before counting, as `mgn engine` and the referee
/// refuse it: a depth of a million overflowed the recursion's stack (exit 134).
#[test]
fn perft_refuses_a_depth_past_the_limit() {
    let output = mgn(&["perft", "--game", "dakon", "--depth", "1000000"]);
    assert_eq!(code(&output), 2, "{}", stderr(&output));
    assert!(
        stderr(&output).contains("the depth is at most 64") && stdout(&output).is_empty(),
        "{}",
        stderr(&output)
    );
}

/// Each replayed game's example in docs/notation.md is a shipped record, complete, and passes.
#[test]
fn the_notation_s_example_games_are_shipped_records_that_replay() {
    let spec = fs::read_to_string(repo().join("docs/notation.md")).unwrap();
    for (heading, record, last_round) in [
        ("Dakon", "records/dakon/notation-example.mgn", "round 3"),
        (
            "Mraw imrujen",
            "records/mraw-imrujen/annotated-two-rounds.mgn",
            "round 2",
        ),
        ("Nchuwa", "records/nchuwa/annotated-4x6.mgn", ""),
        ("Dong Wo", "records/dong-wo/rounds-catalan.mgn", ""),
    ] {
        let example = spec
            .split(&format!("\n### {heading}\n"))
            .nth(1)
            .and_then(|s| s.split("```\n").nth(1))
            .unwrap_or_else(|| panic!("a {heading} example game in docs/notation.md"));
        let shipped = fs::read_to_string(repo().join(record)).unwrap();
        assert_eq!(
            example.trim_end(),
            shipped.trim_end(),
            "the example is {record}"
        );
        let output = run(&["check", "-"], Some(example.as_bytes()));
        assert_eq!(code(&output), 0, "{}", stdout(&output));
        assert_eq!(summary(&output), "1 passed, 0 failed", "{heading}");
        assert!(
            example.contains(last_round),
            "{heading}: a game of several rounds"
        );
        let result = example.split_whitespace().last().unwrap();
        assert!(
            ["1-0", "0-1", "1/2-1/2"].contains(&result),
            "{heading}: a complete game, not {result}"
        );
    }
}

#[test]
fn the_dakon_rules_page_has_a_section_for_every_rule_and_option() {
    let page = fs::read_to_string(repo().join("docs/rules/dakon.md")).unwrap();
    let def = mgn::rules::game_def(mgn::notation::GameKind::Dakon);
    let codes: Vec<&str> = def
        .rules
        .iter()
        .map(|r| r.code)
        .chain(def.options.iter().map(|o| o.code))
        .collect();
    for code in &codes {
        assert!(
            page.contains(&format!("\n### `{code}`\n")),
            "docs/rules/dakon.md has no section for {code}"
        );
    }
    // And no section for a code the rules do not have (a renamed or removed option).
    for line in page.lines() {
        if let Some(code) = line
            .strip_prefix("### `")
            .and_then(|rest| rest.strip_suffix('`'))
        {
            assert!(
                codes.contains(&code),
                "docs/rules/dakon.md: {code} is not a code"
            );
        }
    }
    for option in def.options {
        for (value, _) in option.values {
            assert!(
                page.contains(&format!("| `{value}`")),
                "docs/rules/dakon.md: {}={value} is not in a table",
                option.code
            );
        }
    }
}

/// Every game's rules page names every rule and option code the game defines.
#[test]
fn every_rules_page_names_every_rule_and_option_code() {
    for kind in mgn::notation::GameKind::ALL {
        let def = mgn::rules::game_def(kind);
        let page = fs::read_to_string(repo().join(format!("docs/rules/{}.md", kind.name())))
            .unwrap_or_else(|_| panic!("docs/rules/{}.md exists", kind.name()));
        for code in def
            .rules
            .iter()
            .map(|r| r.code)
            .chain(def.options.iter().map(|o| o.code))
        {
            assert!(
                page.contains(&format!("`{code}`")),
                "docs/rules/{}.md does not name {code}",
                kind.name()
            );
        }
    }
}

/// `convert` keeps each comment among the tags beside the tag it followed, through MGN and
/// through YAML and JSON: it once gathered them all after the `Game` tag.
#[test]
fn convert_keeps_comments_beside_their_tags() {
    let record = b"[Game \"dakon\"]\n[Event \"Cup\"]\n{the final}\n[Board \"2x5\"]\n{a small board}\n[Site \"Solo\"]\n\n1. B4 *\n";
    let canonical = "[Game \"dakon\"]\n[Board \"2x5\"]\n{a small board}\n[Event \"Cup\"]\n{the final}\n[Site \"Solo\"]\n\n1. B4 *\n";
    assert_eq!(convert(&["--to", "mgn", "-"], Some(record)), canonical);
    for format in ["yaml", "json"] {
        let document = convert(&["--to", format, "-"], Some(record));
        assert!(document.contains("after"), "{document}");
        let back = convert(
            &["--to", "mgn", "--from", format, "-"],
            Some(document.as_bytes()),
        );
        assert_eq!(back, canonical, "through {format}");
    }
}

/// `mgn rules CODE` explains one rule or option, as `rustc --explain` does one error: its game,
/// its values and the presets that set each, its source; a misspelt code gets a suggestion.
#[test]
fn rules_explains_one_code() {
    let output = mgn(&["rules", "dong-wo.tianzi"]);
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    let text = stdout(&output);
    assert!(
        text.starts_with("dong-wo.tianzi: a rule of dong-wo\n"),
        "{text}"
    );
    assert!(text.contains("source: 000:"), "{text}");
    let output = mgn(&["rules", "dakon.next-round.first"]);
    let text = stdout(&output);
    assert!(
        text.contains("= round-winner (default; presets catalan"),
        "{text}"
    );
    assert!(
        text.contains("[Option \"dakon.next-round.first=VALUE\"]"),
        "{text}"
    );
    let output = mgn(&["rules", "mgn.claim.captures"]);
    assert!(stdout(&output).starts_with("mgn.claim.captures: a rule of every game"));
    let output = mgn(&["rules", "dakon.next-round.frist"]);
    assert_eq!(code(&output), 2);
    assert!(
        stderr(&output).contains("did you mean `dakon.next-round.first`?"),
        "{}",
        stderr(&output)
    );
    // `mgn rules GAME` says for every value which presets set it.
    let text = stdout(&mgn(&["rules", "dong-wo"]));
    assert!(text.contains("(preset catalan)"), "{text}");
}

/// The YAML writer writes every item of `moves` straight from its elements (`flow::direct_item`)
/// and the rest of a game through serde's value: the document streamed game by game is
/// byte for byte the one `to_yaml` builds whole through serde, on every record of records/ and
/// on generated games of every game, checkpoints after every ply.
#[test]
fn yaml_written_directly_is_the_yaml_written_through_serde() {
    let mut texts = Vec::new();
    for dir in fs::read_dir(repo().join("records")).unwrap() {
        for file in fs::read_dir(dir.unwrap().path()).unwrap() {
            let path = file.unwrap().path();
            if path.extension().is_some_and(|e| e == "mgn") {
                texts.push(fs::read_to_string(&path).unwrap());
            }
        }
    }
    for game in ["dakon", "mraw-imrujen", "nchuwa", "dong-wo"] {
        texts.push(generated_with_checkpoints(game, 20));
    }
    for text in texts {
        // Every game reads (records/ passes mgn check): one left out would be compared by
        // neither writer.
        let games: Vec<mgn::Game> = mgn::parse_games(&text)
            .into_iter()
            .map(Result::unwrap)
            .collect();
        assert!(!games.is_empty());
        let mut writer =
            mgn::document::DocumentWriter::new(Vec::new(), mgn::document::Format::Yaml).unwrap();
        for game in &games {
            let end = || Ok((game.outcome.clone(), game.after.clone()));
            writer
                .game(&game.before, &game.header, game.moves.iter().map(Ok), end)
                .unwrap();
        }
        let streamed = String::from_utf8(writer.finish().unwrap()).unwrap();
        assert_eq!(streamed, mgn::document::to_yaml(&games));
    }
}
