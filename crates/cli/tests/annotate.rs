//! `mgn annotate` as a user runs it: claims filled in and corrected, everything else kept byte
//! for byte, games that do not replay left as written, files rewritten in place atomically.

mod support;

use std::fs;
use std::path::{Path, PathBuf};
use support::*;

/// The user story: a Dakon game written by hand, moves and comments only, as a player records
/// it at the board (the game of records/dakon/notation-example.mgn).
const MOVES_ONLY: &str = "\
[Game \"dakon\"]
[Board \"2x5\"]
[Preset \"catalan\"]
[Event \"written at the board\"]
[First \"B\"]
[Result \"*\"]

1. B5 A5 2. B3 A2
3. B3-B5 {eleven laps, back to B's store, then B5: five more}
3... A2 4. B4 A5 5. B4 A2 6. B2 A4 7. B4 A5 8. B5-B3 pass 9. B5-B4 pass 10. B5
{round 1 is over}
round 2
1. B2-B5 A5 2. B2-B1-B2 A5 3. B4-B2-B5 A5 4. B4-B3 pass 5. B5 pass 6. B4 pass
7. B2 pass 8. B4 A5 9. B3 pass 10. B4 pass 11. B5
round 3
1. B4 pass 2. B2-B5 pass 3. B4 pass 4. B4 pass 5. B2 pass 6. B5-B4 pass 7. B3
pass 8. B5 A5 9. B4 pass 10. B5 {A cannot fill a hole: the game is over} *
";

/// The seed's worked example, B4, with a false capture claim, a false score and a false
/// checkpoint, and a comment between the move and its claims.
const FALSE_CLAIMS: &str = "\
[Game \"dakon\"]
[First \"B\"]

1. B4 {B relays from A3} x6(A2) =0/9
[6,0,0,6,6/6,6,6,0,6 0/7 A 1] 1... A1 *
";

/// A legal first move, then A sows from A3, which B4's lap left empty.
const ILLEGAL: &str = "[Game \"dakon\"]\n[First \"B\"]\n\n1. B4 =0/9 1... A3 *\n";

fn scratch(test: &str) -> PathBuf {
    support::scratch("annotate", test)
}

fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
    let path = dir.join(name);
    fs::write(&path, text).unwrap();
    path
}

/// `mgn annotate ARGS` on `input` given on standard input.
fn annotate(args: &[&str], input: &str) -> std::process::Output {
    let mut all = vec!["annotate"];
    all.extend_from_slice(args);
    all.push("-");
    run(&all, Some(input.as_bytes()))
}

fn passes_check(text: &str) -> bool {
    let checked = run(&["check", "-q", "-"], Some(text.as_bytes()));
    code(&checked) == 0
}

#[test]
fn a_hand_written_dakon_record_of_moves_only_is_annotated_into_one_that_passes() {
    let out = annotate(
        &["--captures", "--scores", "--checkpoints", "round"],
        MOVES_ONLY,
    );
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    assert_eq!(stderr(&out), "", "nothing to correct");
    let annotated = stdout(&out);
    assert!(passes_check(&annotated), "{annotated}");
    // The moves, comments and tags are where they were; the claims follow the replay.
    assert!(annotated.contains("1. B5 x7(A1,B5) =0/8 A5 =1/8 2. B3 =1/9 A2 =2/9\n"));
    assert!(annotated.contains(
        "3. B3-B5 x16(A3,B3) =2/33 {eleven laps, back to B's store, then B5: five more}\n"
    ));
    assert!(annotated.contains(
        "10. B5 =9/41 [0,0,0,0,0/0,0,0,0,0 9/41 B 1]\n{round 1 is over}\nround 2 [x,x,x,x,5/5,5,5,5,5 4/16 B 2]\n"
    ));
    // The rules ended the game: its result is filled in, in the tag too.
    assert!(annotated.contains("[Result \"0-1\"]"));
    assert!(annotated.ends_with(
        "10. B5 =4/46 [x,x,x,x,0/0,0,0,0,0 4/46 A 3] {A cannot fill a hole: the game is over} 0-1\n"
    ));
    // All of it is there: a second run changes nothing.
    let again = annotate(
        &["--captures", "--scores", "--checkpoints", "round"],
        &annotated,
    );
    assert_eq!(stdout(&again), annotated);
}

#[test]
fn with_no_flag_a_record_whose_claims_are_true_comes_back_byte_for_byte() {
    for name in [
        "records/dakon/notation-example.mgn",
        "records/mraw-imrujen/annotated-two-rounds.mgn",
        "records/nchuwa/annotated-4x6.mgn",
        "records/dong-wo/whole-game-catalan.mgn",
    ] {
        let out = mgn(&["annotate", name]);
        assert_eq!(code(&out), 0, "{name}: {}", stderr(&out));
        assert_eq!(stdout(&out), fs::read_to_string(repo().join(name)).unwrap());
        assert_eq!(stderr(&out), "");
    }
    // Nor does a record of moves only gain anything without a flag.
    assert_eq!(stdout(&annotate(&[], MOVES_ONLY)), MOVES_ONLY);
}

#[test]
fn each_flag_adds_its_claims_alone() {
    let record = "[Game \"dakon\"]\n[First \"B\"]\n\n1. B4 A1 2. B3 *\n";
    let added = |flags: &[&str]| {
        let out = annotate(flags, record);
        assert_eq!(code(&out), 0, "{flags:?}: {}", stderr(&out));
        let text = stdout(&out);
        assert!(passes_check(&text), "{flags:?}: {text}");
        text.lines().nth(3).unwrap().to_string()
    };
    assert_eq!(
        added(&["--captures"]),
        "1. B4 x7(A2,B4) A1 x2(B1,A5) 2. B3 *"
    );
    assert_eq!(added(&["--scores"]), "1. B4 =0/8 A1 =4/8 2. B3 =4/9 *");
    assert_eq!(
        added(&["--checkpoints", "end"]),
        "1. B4 A1 2. B3 [3,1,2,10,1/0,8,0,3,9 4/9 A 1] *"
    );
    assert_eq!(
        added(&["--checkpoints", "every"]),
        "1. B4 [6,0,0,6,6/6,6,6,0,6 0/8 A 1] A1 [2,0,1,9,0/0,8,8,2,8 4/8 B 1] 2. B3 [3,1,2,10,1/0,8,0,3,9 4/9 A 1] *"
    );
    // No round ends in this record: the round's checkpoint is the record's last.
    assert_eq!(
        added(&["--checkpoints", "round"]),
        "1. B4 A1 2. B3 [3,1,2,10,1/0,8,0,3,9 4/9 A 1] *"
    );
}

#[test]
fn false_claims_are_corrected_and_each_correction_reported() {
    let dir = scratch("false_claims");
    let path = write(&dir, "false.mgn", FALSE_CLAIMS);
    let out = mgn(&["annotate", path_str(&path)]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let annotated = stdout(&out);
    assert_eq!(
        annotated,
        FALSE_CLAIMS
            .replace("x6(A2)", "x7(A2,B4)")
            .replace("=0/9", "=0/8")
            .replace("0,6 0/7 A 1]", "0,6 0/8 A 1]")
    );
    assert!(passes_check(&annotated));
    let name = path_str(&path);
    assert_eq!(
        stderr(&out),
        format!(
            "{name}:4:26: claim x6(A2) corrected to x7(A2,B4) (rule mgn.claim.captures)\n\
             {name}:4:33: claim =0/9 corrected to =0/8 (rule mgn.claim.score)\n\
             {name}:5:1: claim [6,0,0,6,6/6,6,6,0,6 0/7 A 1] corrected to [6,0,0,6,6/6,6,6,0,6 0/8 A 1] (rule mgn.claim.checkpoint)\n"
        )
    );
}

#[test]
fn comments_between_moves_stay_where_they_were() {
    let record = "[Game \"dakon\"]\n[First \"B\"]\n\n{before}\n1. B4 ; B relays\n{between} 1... A1 {after A1} *\n{after the game}\n";
    let out = annotate(&["--scores"], record);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    assert_eq!(
        stdout(&out),
        "[Game \"dakon\"]\n[First \"B\"]\n\n{before}\n1. B4 =0/8 ; B relays\n{between} 1... A1 =4/8 {after A1} *\n{after the game}\n"
    );
}

#[test]
fn an_illegal_move_is_reported_and_the_game_written_as_it_was() {
    let dir = scratch("illegal");
    let path = write(&dir, "illegal.mgn", ILLEGAL);
    let good = write(&dir, "good.mgn", "[Game \"dakon\"]\n\n1. B4 *\n");
    let out = mgn(&["annotate", "--scores", path_str(&path), path_str(&good)]);
    assert_eq!(code(&out), 1);
    // The bad game as it was (its false score too), then the good one annotated.
    assert_eq!(
        stdout(&out),
        format!("{ILLEGAL}[Game \"dakon\"]\n\n1. B4 =0/8 *\n")
    );
    let said = stderr(&out);
    assert!(
        said.starts_with(&format!("{}:4:17: ply 2:", path_str(&path))),
        "{said}"
    );
    assert!(said.contains("rule dakon.sow.start"), "{said}");
    assert!(
        said.contains("game 1 is not annotated: written as it was"),
        "{said}"
    );
}

#[test]
fn a_game_that_does_not_read_is_reported_and_copied_unchanged() {
    let broken = "[Game \"dakon\"]\n\n1. B4 x(A2) *\n";
    let out = annotate(&["--scores"], &format!("{broken}\n{ILLEGAL}"));
    assert_eq!(code(&out), 1);
    assert_eq!(stdout(&out), format!("{broken}\n{ILLEGAL}"));
    assert!(
        stderr(&out).contains("<stdin>:3:8: expected"),
        "{}",
        stderr(&out)
    );
    assert!(stderr(&out).contains("game 1 does not read: written as it was"));
}

#[test]
fn several_files_are_written_one_after_another_to_the_output() {
    let dir = scratch("several");
    let first = write(&dir, "a.mgn", "[Game \"dakon\"]\n\n1. B4 *\n");
    let second = write(&dir, "b.mgn", "[Game \"dakon\"]\n\n1. B2 *\n");
    let out_path = dir.join("out.mgn");
    let out = mgn(&[
        "annotate",
        "--scores",
        path_str(&first),
        path_str(&second),
        "-o",
        path_str(&out_path),
    ]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    assert_eq!(stdout(&out), "");
    assert_eq!(
        fs::read_to_string(&out_path).unwrap(),
        "[Game \"dakon\"]\n\n1. B4 =0/8 *\n[Game \"dakon\"]\n\n1. B2 =0/8 *\n"
    );
}

#[test]
fn the_output_may_not_be_an_input() {
    let dir = scratch("output_is_input");
    let path = write(&dir, "game.mgn", FALSE_CLAIMS);
    let out = mgn(&["annotate", path_str(&path), "-o", path_str(&path)]);
    assert_eq!(code(&out), 2);
    assert!(
        stderr(&out).contains("it is also the input"),
        "{}",
        stderr(&out)
    );
    assert_eq!(fs::read_to_string(&path).unwrap(), FALSE_CLAIMS);
    // A file found in a folder given is an input too.
    let out = mgn(&["annotate", path_str(&dir), "-o", path_str(&path)]);
    assert_eq!(code(&out), 2);
    assert_eq!(fs::read_to_string(&path).unwrap(), FALSE_CLAIMS);
}

#[test]
fn in_place_and_an_output_together_are_a_usage_error() {
    let out = mgn(&[
        "annotate",
        "--in-place",
        "-o",
        "out.mgn",
        "records/dakon/notation-example.mgn",
    ]);
    assert_eq!(code(&out), 2);
    assert!(
        stderr(&out).contains("cannot be used with"),
        "{}",
        stderr(&out)
    );
    let out = run(
        &["annotate", "--in-place", "-"],
        Some(b"[Game \"dakon\"]\n\n*\n"),
    );
    assert_eq!(code(&out), 2);
    assert!(stderr(&out).contains("standard input"), "{}", stderr(&out));
}

#[cfg(unix)]
#[test]
fn in_place_rewrites_a_changed_file_whole_and_keeps_its_permissions() {
    use std::os::unix::fs::{MetadataExt, PermissionsExt};
    let dir = scratch("in_place");
    let path = write(&dir, "game.mgn", FALSE_CLAIMS);
    fs::set_permissions(&path, fs::Permissions::from_mode(0o640)).unwrap();
    let out = mgn(&["annotate", "--in-place", path_str(&path)]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    assert_eq!(stdout(&out), "");
    let rewritten = fs::read_to_string(&path).unwrap();
    assert!(rewritten.contains("x7(A2,B4) =0/8"), "{rewritten}");
    assert!(passes_check(&rewritten));
    assert_eq!(fs::metadata(&path).unwrap().mode() & 0o777, 0o640);
    // No temporary file is left beside it.
    let names: Vec<_> = fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(names, ["game.mgn"]);
}

#[cfg(unix)]
#[test]
fn in_place_leaves_a_file_none_of_whose_games_changed_alone() {
    use std::os::unix::fs::MetadataExt;
    let dir = scratch("in_place_unchanged");
    let path = write(&dir, "game.mgn", "[Game \"dakon\"]\n\n1. B4 x7(A2,B4) *\n");
    let before = fs::metadata(&path).unwrap().ino();
    let out = mgn(&["annotate", "--in-place", path_str(&path)]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    // The same file, not a copy renamed over it.
    assert_eq!(fs::metadata(&path).unwrap().ino(), before);
}

#[test]
fn in_place_keeps_a_game_that_does_not_replay_as_written() {
    let dir = scratch("in_place_failing");
    let text = format!("{ILLEGAL}\n[Game \"dakon\"]\n\n1. B4 =0/9 *\n");
    let path = write(&dir, "games.mgn", &text);
    let out = mgn(&["annotate", "--in-place", path_str(&path)]);
    assert_eq!(code(&out), 1);
    // The good game is corrected, the one that does not replay kept as it was.
    assert_eq!(
        fs::read_to_string(&path).unwrap(),
        format!("{ILLEGAL}\n[Game \"dakon\"]\n\n1. B4 =0/8 *\n")
    );
    assert!(
        stderr(&out).contains("game 1 is not annotated"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn in_place_never_writes_a_file_it_cannot_read_whole() {
    let dir = scratch("in_place_not_utf8");
    let mut bytes = b"[Game \"dakon\"]\n\n1. B4 =0/9 *\n".to_vec();
    bytes.extend_from_slice(b"[Game \"dakon\"]\n[Event \"\xff\"]\n\n1. B4 *\n");
    let path = dir.join("mixed.mgn");
    fs::write(&path, &bytes).unwrap();
    let out = mgn(&["annotate", "--in-place", path_str(&path)]);
    assert_eq!(code(&out), 1, "{}", stderr(&out));
    // The part that is not UTF-8 is copied as it was; the other game is corrected.
    let mut expected = b"[Game \"dakon\"]\n\n1. B4 =0/8 *\n".to_vec();
    expected.extend_from_slice(b"[Game \"dakon\"]\n[Event \"\xff\"]\n\n1. B4 *\n");
    assert_eq!(fs::read(&path).unwrap(), expected);
    assert!(stderr(&out).contains("not valid UTF-8"), "{}", stderr(&out));
}

/// A game is numbered among all the records of its file, those that do not read included (a
/// record that was not UTF-8 was skipped in the count, so game 3 was called game 2).
#[test]
fn games_are_numbered_past_a_record_that_does_not_read() {
    let dir = scratch("numbers");
    let mut bytes = b"[Game \"dakon\"]\n\n1. B4 *\n".to_vec();
    bytes.extend_from_slice(b"[Game \"dakon\"]\n[Event \"\xff\"]\n\n1. B4 *\n");
    bytes.extend_from_slice(b"[Game \"dakon\"]\n\n1. B9 *\n");
    let path = dir.join("mix.mgn");
    fs::write(&path, &bytes).unwrap();
    let out = mgn(&["annotate", path_str(&path)]);
    assert_eq!(code(&out), 1, "{}", stderr(&out));
    assert!(
        stderr(&out).contains("game 3 is not annotated"),
        "{}",
        stderr(&out)
    );
}

/// --in-place rewrites regular files only: a FIFO is refused at once (it waited for ever for a
/// reader of what it would write).
#[cfg(unix)]
#[test]
fn in_place_refuses_what_is_not_a_regular_file() {
    let dir = scratch("fifo");
    let fifo = dir.join("game.mgn");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    if !made.is_ok_and(|status| status.success()) {
        eprintln!("skipped: no mkfifo here");
        return;
    }
    let out = mgn(&["annotate", "--in-place", path_str(&fifo)]);
    assert_eq!(code(&out), 2, "{}", stderr(&out));
    assert!(
        stderr(&out).contains("rewrites regular files"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn every_shipped_record_stripped_of_its_claims_is_annotated_into_one_that_passes() {
    // The claims of the records are those the replay gives: annotating the records with every
    // flag adds only the claims they leave out, and what comes out passes and is stable.
    for name in mgn::suite::mgn_files(&repo().join("records")).map(Result::unwrap) {
        let flags = ["--captures", "--scores", "--checkpoints", "every"];
        let mut args = vec!["annotate"];
        args.extend_from_slice(&flags);
        args.push(path_str(&name));
        let out = mgn(&args);
        assert_eq!(code(&out), 0, "{}: {}", name.display(), stderr(&out));
        let annotated = stdout(&out);
        assert!(passes_check(&annotated), "{}", name.display());
        assert_eq!(stdout(&annotate(&flags, &annotated)), annotated);
    }
}

#[cfg(target_os = "linux")]
#[test]
fn in_place_that_fails_part_way_leaves_the_file_as_it_was() {
    let dir = scratch("in_place_full_disk");
    let original = fs::read_to_string(repo().join("records/dakon/notation-example.mgn")).unwrap();
    let path = write(&dir, "game.mgn", &original);
    let mut command = command(&[
        "annotate",
        "--checkpoints",
        "every",
        "--in-place",
        path_str(&path),
    ]);
    // 2 KiB, less than the record with a checkpoint after every step.
    limit_file_size(&mut command, 2048);
    let out = finish(command, None);
    assert_eq!(code(&out), 2, "{}", shown(&out));
    assert!(
        stderr(&out).contains("the file is as it was"),
        "{}",
        stderr(&out)
    );
    assert_eq!(fs::read_to_string(&path).unwrap(), original);
    let names: Vec<_> = fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(names, ["game.mgn"], "no temporary file is left behind");
}

#[cfg(target_os = "linux")]
#[test]
fn an_output_that_cannot_be_written_is_exit_2() {
    let full = fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .unwrap();
    let mut command = command(&["annotate", "--scores", "records/dakon/notation-example.mgn"]);
    command.stdout(std::process::Stdio::from(full));
    let out = finish(command, None);
    assert_eq!(code(&out), 2, "{}", shown(&out));
    assert!(stderr(&out).contains("cannot write to standard output"));
}

/// What a user sees of annotate, kept in `tests/golden/annotate.txt`: each case's output, its
/// report on standard error and its exit status. `MGN_BLESS=1` rewrites the file.
#[test]
fn annotate_reports_are_kept() {
    let cases: [(&str, &[&str], &str); 5] = [
        ("false claims corrected", &[], FALSE_CLAIMS),
        ("an illegal move", &["--scores"], ILLEGAL),
        (
            "a game that does not read",
            &["--scores"],
            "[Game \"dakon\"]\n\n1. B4 x(A2) *\n",
        ),
        (
            "a false result",
            &[],
            "[Game \"dakon\"]\n[Result \"1-0\"]\n\n1. B4 1-0\n",
        ),
        (
            "moves only, every claim",
            &["--captures", "--scores", "--checkpoints", "round"],
            MOVES_ONLY,
        ),
    ];
    let mut kept = String::new();
    for (title, flags, input) in cases {
        let out = annotate(flags, input);
        kept.push_str(&format!(
            "=== {title}: {}\n--- exit {}\n--- standard output\n{}--- standard error\n{}\n",
            [&["mgn", "annotate"], flags, &["-"]].concat().join(" "),
            code(&out),
            stdout(&out),
            stderr(&out)
        ));
    }
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden/annotate.txt");
    if std::env::var_os("MGN_BLESS").is_some() {
        fs::write(&path, &kept).unwrap();
        return;
    }
    let expected = fs::read_to_string(&path)
        .unwrap_or_else(|_| panic!("{} is missing: MGN_BLESS=1 writes it", path.display()));
    if expected != kept {
        let diff = similar::TextDiff::from_lines(expected.as_str(), kept.as_str())
            .unified_diff()
            .context_radius(2)
            .header("kept", "now")
            .to_string();
        panic!("annotate's reports differ from what users saw before:\n{diff}");
    }
}

#[test]
fn annotate_stops_when_the_reader_of_its_output_has_gone() {
    // 20,000 games with a false claim each: every one annotated is a line on standard error.
    let game = "[Game \"dakon\"]\n[First \"B\"]\n\n1. B4 x3(A2) *\n\n";
    let dir = scratch("reader-gone");
    let input = write(&dir, "many.mgn", &game.repeat(20_000));
    // Standard error goes to a file: a pipe nobody reads while the test waits on standard
    // output would fill, and stop mgn before it wrote anything.
    let said = dir.join("stderr.txt");
    let mut child = command(&["annotate", path_str(&input)])
        .stderr(fs::File::create(&said).unwrap())
        .spawn()
        .expect("mgn runs");
    // Read the first bytes, then go, as `mgn annotate big.mgn | head -1` does.
    let mut first = [0u8; 1];
    use std::io::Read;
    child.stdout.take().unwrap().read_exact(&mut first).unwrap();
    let output = child.wait_with_output().unwrap();
    // A closed pipe is no error, and the run ends soon after it: far fewer games reported
    // than the file holds.
    let said = fs::read_to_string(&said).unwrap();
    assert_eq!(code(&output), 0, "{}", said.lines().last().unwrap_or(""));
    let corrected = said.matches("corrected to").count();
    assert!(
        corrected < 10_000,
        "annotated {corrected} games for a reader that had gone"
    );
}
