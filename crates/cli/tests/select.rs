//! `mgn select`: each filter, the count, merging, the output file, bad games among good ones,
//! and games written back byte for byte.

mod support;

use std::fs;
use std::path::PathBuf;
use support::*;

/// The seed's worked example, a legal Dakon game stopped after its first move.
const GOOD_DAKON: &str = "[Game \"dakon\"]\n[First \"B\"]\n[Result \"*\"]\n[Termination \"unfinished\"]\n\n1. B4 x7(A2,B4) =0/8 *\n";
/// A legal Dakon game on 2x6, cut short after three plies.
const GOOD_DAKON_2X6: &str =
    "[Game \"dakon\"]\n[Board \"2x6\"]\n[First \"B\"]\n[Result \"*\"]\n\n1. B5 A5 2. B5 *\n";
/// A game whose move text does not read.
const BROKEN_NCHUWA: &str = "[Game \"nchuwa\"]\n[First \"B\"]\n\n1. B9*A5 x(A2) *\n";
/// A Dakon game that reads but breaks a rule: A has seeds and may not pass.
const ILLEGAL_PASS: &str = "[Game \"dakon\"]\n[First \"B\"]\n\n1. B4 x7(A2,B4) =0/8 1... pass *\n";

fn scratch(test: &str) -> PathBuf {
    support::scratch("select", test)
}

/// A file of `text` in a fresh scratch folder.
fn file_of(test: &str, text: &str) -> PathBuf {
    let path = scratch(test).join("games.mgn");
    fs::write(&path, text).unwrap();
    path
}

/// The `[Game ...]` lines of a text: one per game written.
fn game_lines(text: &str) -> Vec<&str> {
    text.lines().filter(|l| l.starts_with("[Game ")).collect()
}

/// What `mgn check -` says of `text`: every game selected still reads and keeps its verdict.
fn check_count(text: &str) -> String {
    summary(&run(&["check", "-"], Some(text.as_bytes())))
}

/// Runs select, expecting exit 0, and gives its standard output.
fn select(args: &[&str]) -> String {
    let mut all = vec!["select"];
    all.extend_from_slice(args);
    let output = mgn(&all);
    assert_eq!(code(&output), 0, "{}", shown(&output));
    stdout(&output)
}

#[test]
fn no_filter_gives_a_record_with_comments_back_byte_for_byte() {
    for record in [
        "records/dakon/notation-example.mgn",
        "records/nchuwa/annotated-4x6.mgn",
    ] {
        let written = mgn(&["select", record]);
        assert_eq!(code(&written), 0);
        assert_eq!(
            written.stdout,
            fs::read(repo().join(record)).unwrap(),
            "{record}"
        );
    }
    let text = format!(
        "{{before the first}}\n; a line comment\n{GOOD_DAKON}{{after the first}}\n\n{{before the second}}\n{GOOD_DAKON_2X6}\n\n\n{GOOD_DAKON}  {{at the end}}\n"
    );
    let file = file_of("byte-for-byte", &text);
    let written = mgn(&["select", path_str(&file)]);
    assert_eq!(String::from_utf8(written.stdout).unwrap(), text);
}

#[test]
fn a_game_keeps_its_own_comments_and_not_its_neighbours() {
    let text = format!(
        "{GOOD_DAKON}{{after the first}}\n\n{{before the second}}\n{GOOD_DAKON_2X6}{{after the second}}\n"
    );
    let file = file_of("own-comments", &text);
    let second = select(&["--number", "2", path_str(&file)]);
    assert_eq!(
        second,
        format!("{{before the second}}\n{GOOD_DAKON_2X6}{{after the second}}\n")
    );
    let first = select(&["--number", "1", path_str(&file)]);
    assert_eq!(first, format!("{GOOD_DAKON}{{after the first}}\n\n"));
}

#[test]
fn several_inputs_with_no_filter_merge_in_order() {
    let dir = scratch("merge");
    let (a, b) = (dir.join("a.mgn"), dir.join("b.mgn"));
    // The first file ends without a line end, after a comment of its game.
    fs::write(&a, format!("{GOOD_DAKON_2X6}{{last of a}}")).unwrap();
    fs::write(&b, format!("{{first of b}}\n{GOOD_DAKON}")).unwrap();
    let merged = select(&[path_str(&a), path_str(&b)]);
    assert_eq!(
        merged,
        format!("{GOOD_DAKON_2X6}{{last of a}}\n\n{{first of b}}\n{GOOD_DAKON}")
    );
    assert_eq!(check_count(&merged), "2 passed, 0 failed");
    // Read back, each comment is still its own game's.
    let yaml = run(
        &["convert", "--from", "mgn", "--to", "yaml", "-"],
        Some(merged.as_bytes()),
    );
    let yaml = stdout(&yaml);
    let last_of_a = yaml.find("last of a").unwrap();
    let second_game = yaml
        .find("dakon")
        .and_then(|first| yaml[first + 5..].find("dakon").map(|at| at + first + 5))
        .unwrap();
    assert!(last_of_a < second_game, "{yaml}");
}

#[test]
fn game_picks_one_of_the_four() {
    let out = select(&["--game", "Dong Wo", "records/"]);
    let games = game_lines(&out);
    assert_eq!(games.len(), 8, "{out}");
    assert!(games.iter().all(|g| *g == "[Game \"dong-wo\"]"));
    let wrong = mgn(&["select", "--game", "dakn", "records/"]);
    assert_eq!(code(&wrong), 2);
    assert!(
        stderr(&wrong).contains("did you mean `dakon`"),
        "{}",
        stderr(&wrong)
    );
}

#[test]
fn tag_values_match_globs_and_every_tag_must_match() {
    let out = select(&[
        "--tag",
        "Event=mgn generate --seed 3?4, *",
        "records/dakon/",
    ]);
    assert_eq!(game_lines(&out).len(), 1, "{out}");
    assert!(out.contains("--seed 354"));
    let both = select(&[
        "--tag",
        "Preset=catalan*",
        "--tag",
        "First=B",
        "records/dakon/",
    ]);
    for game in both.split("[Game ").skip(1) {
        assert!(game.contains("[Preset \"catalan"), "{game}");
        assert!(game.contains("[First \"B\"]"), "{game}");
    }
    let none = select(&["--tag", "PlayerA=*", "records/dakon/"]);
    assert_eq!(none, "");
    let wrong = mgn(&["select", "--tag", "Event", "records/"]);
    assert_eq!(code(&wrong), 2);
    assert!(stderr(&wrong).contains("NAME=VALUE"));
}

#[test]
fn result_is_the_games_terminator() {
    let out = select(&["--result", "0-1", "records/dakon/"]);
    assert!(!game_lines(&out).is_empty());
    for game in out.split("[Game ").skip(1) {
        assert!(game.trim_end().ends_with("0-1"), "{game}");
    }
    let unfinished = select(&["--result", "*", "--count", "records/"]);
    let all = select(&["--count", "records/"]);
    assert!(unfinished.trim().parse::<u32>().unwrap() < all.trim().parse::<u32>().unwrap());
}

#[test]
fn plies_and_rounds_take_ranges_open_at_either_end() {
    let file = file_of("plies", &format!("{GOOD_DAKON}\n{GOOD_DAKON_2X6}"));
    let one = select(&["--plies", "..1", path_str(&file)]);
    assert_eq!(one, format!("{GOOD_DAKON}\n"));
    let three = select(&["--plies", "2..", path_str(&file)]);
    assert_eq!(three, GOOD_DAKON_2X6);
    assert_eq!(select(&["--plies", "2..2", path_str(&file)]), "");
    // notation-example plays three rounds.
    let rounds = select(&["--rounds", "3..3", "records/dakon/notation-example.mgn"]);
    assert_eq!(game_lines(&rounds).len(), 1);
    assert_eq!(
        select(&["--rounds", "4..", "records/dakon/notation-example.mgn"]),
        ""
    );
    for bad in ["7..3", "a..", "..", "1-4"] {
        let output = mgn(&["select", "--plies", bad, path_str(&file)]);
        assert_eq!(code(&output), 2, "{bad}");
        assert!(stderr(&output).contains(bad), "{}", stderr(&output));
    }
}

#[test]
fn verdict_takes_the_games_check_passes_or_fails() {
    let file = file_of(
        "verdict",
        &format!("{GOOD_DAKON}\n{ILLEGAL_PASS}\n{GOOD_DAKON_2X6}"),
    );
    let failed = select(&["--verdict", "fail", path_str(&file)]);
    assert_eq!(failed, format!("{ILLEGAL_PASS}\n"));
    let passed = select(&["--verdict", "pass", path_str(&file)]);
    assert_eq!(game_lines(&passed).len(), 2);
    assert_eq!(check_count(&passed), "2 passed, 0 failed");
}

#[test]
fn position_is_reached_at_any_step_side_and_round_only_when_written() {
    // After B4 in the seed example; the side to move is A.
    let file = file_of("position", &format!("{GOOD_DAKON}\n{GOOD_DAKON_2X6}"));
    let after_b4 = "6,0,0,6,6/6,6,6,0,6 0/8";
    assert_eq!(
        select(&["--position", after_b4, path_str(&file)]),
        format!("{GOOD_DAKON}\n")
    );
    let with_side = format!("[{after_b4} A 1]");
    assert_eq!(
        select(&["--position", &with_side, path_str(&file)]),
        format!("{GOOD_DAKON}\n")
    );
    assert_eq!(
        select(&["--position", &format!("{after_b4} B"), path_str(&file)]),
        ""
    );
    // The start position counts.
    let start = select(&[
        "--position",
        "5,5,5,5,5/5,5,5,5,5 0/0",
        "--count",
        path_str(&file),
    ]);
    assert_eq!(start.trim(), "1");
    let wrong = mgn(&["select", "--position", "5,5/5", path_str(&file)]);
    assert_eq!(code(&wrong), 2);
}

#[test]
fn rule_takes_the_games_in_which_it_fired() {
    let out = select(&["--rule", "dong-wo.tianzi.borrow", "records/"]);
    let games = game_lines(&out);
    assert_eq!(games.len(), 2, "{out}");
    assert!(out.contains("[Game \"dong-wo\"]"));
    let nchuwa_extra = select(&["--rule", "nchuwa.capture.extra", "--count", "records/"]);
    assert_ne!(nchuwa_extra.trim(), "0");
    let wrong = mgn(&["select", "--rule", "dong-wo.tianz", "records/"]);
    assert_eq!(code(&wrong), 2);
    assert!(
        stderr(&wrong).contains("did you mean `dong-wo.tianzi`"),
        "{}",
        stderr(&wrong)
    );
}

#[test]
fn number_counts_the_records_of_the_whole_input_from_one() {
    let dir = scratch("number");
    let (a, b) = (dir.join("a.mgn"), dir.join("b.mgn"));
    fs::write(&a, format!("{GOOD_DAKON}\n{GOOD_DAKON_2X6}")).unwrap();
    fs::write(&b, format!("{ILLEGAL_PASS}\n{GOOD_DAKON}")).unwrap();
    let third = select(&["--number", "3", path_str(&a), path_str(&b)]);
    assert_eq!(third, format!("{ILLEGAL_PASS}\n"));
    let range = select(&["--number", "2..3", path_str(&a), path_str(&b)]);
    assert_eq!(range, format!("{GOOD_DAKON_2X6}\n{ILLEGAL_PASS}\n"));
    let zero = mgn(&["select", "--number", "0", path_str(&a)]);
    assert_eq!(code(&zero), 2);
    assert!(stderr(&zero).contains("from 1"));
}

#[test]
fn dedupe_keeps_the_first_of_each_move_text_whatever_its_comments_and_claims() {
    let claimed = "[Game \"dakon\"]\n[First \"B\"]\n[Event \"again\"]\n\n{same moves} 1. B4 [6,0,0,6,6/6,6,6,0,6 0/8 A 1] *\n";
    let bare = "[Game \"dakon\"]\n[First \"B\"]\n\n1. B4 *\n";
    let other_board = "[Game \"dakon\"]\n[Board \"2x6\"]\n[First \"B\"]\n\n1. B4 *\n";
    let file = file_of(
        "dedupe",
        &format!("{GOOD_DAKON}\n{claimed}\n{bare}\n{other_board}"),
    );
    let out = select(&["--dedupe", path_str(&file)]);
    assert_eq!(out, format!("{GOOD_DAKON}\n{other_board}"));
    // The first kept is the first that matches the other filters.
    let tagged = select(&["--dedupe", "--tag", "Event=again", path_str(&file)]);
    assert_eq!(tagged, format!("{claimed}\n"));
}

#[test]
fn count_prints_only_how_many_match() {
    let out = select(&["--count", "--game", "nchuwa", "records/"]);
    assert_eq!(out, "8\n");
    assert_eq!(
        select(&["--count", "--game", "nchuwa", "records/dakon/"]),
        "0\n"
    );
}

#[test]
fn output_goes_to_a_file_that_is_never_an_input() {
    let dir = scratch("output");
    let input = dir.join("in.mgn");
    fs::write(&input, format!("{GOOD_DAKON}\n{GOOD_DAKON_2X6}")).unwrap();
    let out = dir.join("out.mgn");
    let written = mgn(&[
        "select",
        "--plies",
        "2..",
        path_str(&input),
        "-o",
        path_str(&out),
    ]);
    assert_eq!(code(&written), 0, "{}", shown(&written));
    assert_eq!(fs::read_to_string(&out).unwrap(), GOOD_DAKON_2X6);
    // Over its own input, directly or as a file of a folder it reads: refused, nothing written.
    for input_arg in [path_str(&input), path_str(&dir)] {
        let refused = mgn(&["select", input_arg, "-o", path_str(&input)]);
        assert_eq!(code(&refused), 2);
        assert!(
            stderr(&refused).contains("it is also the input"),
            "{}",
            stderr(&refused)
        );
    }
    assert_eq!(
        fs::read_to_string(&input).unwrap(),
        format!("{GOOD_DAKON}\n{GOOD_DAKON_2X6}")
    );
}

#[test]
fn a_bad_game_among_good_ones_is_reported_and_the_others_selected() {
    let text = format!("{GOOD_DAKON}\n{BROKEN_NCHUWA}\n{GOOD_DAKON_2X6}");
    let file = file_of("bad-among-good", &text);
    let output = mgn(&["select", path_str(&file)]);
    assert_eq!(code(&output), 1);
    assert_eq!(
        stdout(&output),
        format!("{GOOD_DAKON}\n{GOOD_DAKON_2X6}"),
        "the broken game is never written"
    );
    let errors = stderr(&output);
    let line = GOOD_DAKON.lines().count() + 1 + 4;
    assert!(
        errors.contains(&format!("{}:{line}:", file.display())),
        "{errors}"
    );
    assert!(errors.contains("1 record does not read"), "{errors}");
    // The count says the same, with the same status.
    let counted = mgn(&["select", "--count", path_str(&file)]);
    assert_eq!((code(&counted), stdout(&counted)), (1, "2\n".to_string()));
}

#[test]
fn a_missing_file_exits_2_after_selecting_from_the_others() {
    let file = file_of("missing", GOOD_DAKON);
    let output = mgn(&["select", "no-such-file.mgn", path_str(&file)]);
    assert_eq!(code(&output), 2);
    assert_eq!(stdout(&output), GOOD_DAKON);
    assert!(stderr(&output).contains("cannot read no-such-file.mgn"));
}

#[test]
fn help_shows_examples_and_the_exit_status() {
    let help = stdout(&mgn(&["select", "--help"]));
    assert!(help.contains("Examples:"), "{help}");
    assert!(help.contains("mgn select --dedupe"), "{help}");
    assert!(
        help.contains("0 when every record read, whether or not any matched"),
        "{help}"
    );
}

/// Every record and fixture in which every game reads: with no filter, select writes it back
/// as it is, but for the blanks (and byte order mark) before its first game.
#[test]
fn every_file_that_reads_is_written_back_as_it_is() {
    let mut files = 0;
    for folder in ["records", "fixtures"] {
        for path in mgn::suite::mgn_files(&repo().join(folder)) {
            let path = path.unwrap();
            let Ok(text) = fs::read_to_string(&path) else {
                continue;
            };
            let games = mgn::notation::parse_games(&text);
            if games.is_empty() || games.iter().any(Result::is_err) {
                continue;
            }
            files += 1;
            let output = mgn(&["select", path_str(&path)]);
            assert_eq!(code(&output), 0, "{}", path.display());
            let expected = text.trim_start_matches(['\u{feff}', ' ', '\t', '\r', '\n']);
            assert_eq!(stdout(&output), expected, "{}", path.display());
        }
    }
    assert!(files > 100, "{files}");
}

#[test]
fn a_tag_name_near_a_known_one_is_warned_of() {
    let output = mgn(&["select", "--tag", "event=*", "--count", "records/dakon/"]);
    assert_eq!((code(&output), stdout(&output)), (0, "0\n".to_string()));
    assert!(
        stderr(&output).contains("did you mean `Event`?"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn games_of_crlf_files_are_kept_apart_by_crlf_blank_lines() {
    let game = "[Game \"dakon\"]\r\n[First \"B\"]\r\n\r\n1. B4 x7(A2,B4) =0/8 *\r\n{after}";
    let dir = scratch("crlf");
    let (a, b) = (dir.join("a.mgn"), dir.join("b.mgn"));
    fs::write(&a, game).unwrap();
    fs::write(&b, game).unwrap();
    let merged = select(&[path_str(&a), path_str(&b)]);
    assert_eq!(merged, format!("{game}\r\n\r\n{game}"));
    assert_eq!(check_count(&merged), "2 passed, 0 failed");
}

/// Select streams: 48 MB of games on standard input go through within a data limit of 32 MiB,
/// the selected games written out, so memory does not grow with the input.
#[cfg(unix)]
#[test]
fn a_large_input_is_selected_in_bounded_memory() {
    use std::os::unix::process::CommandExt;
    let mut text = String::new();
    let mut games: usize = 0;
    while text.len() < 48_000_000 {
        let event = if games.is_multiple_of(10) {
            "kept"
        } else {
            "other"
        };
        text.push_str(&format!(
            "[Game \"dakon\"]\n[Event \"{event} {games}\"]\n[First \"B\"]\n\n{{a comment}} 1. B4 x7(A2,B4) =0/8 [6,0,0,6,6/6,6,6,0,6 0/8 A 1] *\n\n"
        ));
        games += 1;
    }
    let mut command = command(&["select", "--tag", "Event=kept *", "-"]);
    unsafe {
        command.pre_exec(|| {
            let limit = libc::rlimit {
                rlim_cur: 32 << 20,
                rlim_max: 32 << 20,
            };
            if libc::setrlimit(libc::RLIMIT_DATA, &limit) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            Ok(())
        });
    }
    let output = finish(command, Some(text.as_bytes()));
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    let written = stdout(&output);
    assert_eq!(game_lines(&written).len(), games.div_ceil(10));
    assert!(written.starts_with("[Game \"dakon\"]\n[Event \"kept 0\"]"));
}

/// --rule reads the rules a ply fired as counted over all its events, not from the first and
/// last events its trace keeps: a game of a very long ply needs no note of what was not seen.
#[test]
fn rule_sees_a_ply_too_long_for_its_trace_whole() {
    let file = "fixtures/nchuwa/endless-long.mgn";
    let output = mgn(&["select", "--rule", "dakon.pass", "--count", file]);
    assert_eq!((code(&output), stdout(&output)), (0, "0\n".to_string()));
    assert_eq!(stderr(&output), "");
    let taken = mgn(&["select", "--rule", "nchuwa.lap.relay", "--count", file]);
    assert_eq!(stdout(&taken), "3\n", "{}", stderr(&taken));
    assert_eq!(stderr(&taken), "");
    // The endless rule names the lap the mover stops after, at the end of the 17,208 laps.
    let stopped = mgn(&["select", "--rule", "nchuwa.endless", "--count", file]);
    assert_eq!(stdout(&stopped), "3\n", "{}", stderr(&stopped));
}
