//! No false green, no lost data (issue 15): mgn is a gate in CI and a converter of people's only
//! copy of a record. It never says "fine" when it did not check or could not write, and never
//! loses or changes a record silently. Each test here reproduces a case that did one or the
//! other.

mod support;

use std::fs;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};
use support::*;

/// The seed's worked example, a legal Dakon game stopped after its first move.
const GOOD_DAKON: &str =
    "[Game \"dakon\"]\n[First \"B\"]\n[Result \"*\"]\n\n1. B4 x7(A2,B4) =0/8 *\n";
/// A Dakon game that does not read: a capture claim without its count.
const UNREADABLE_DAKON: &str = "[Game \"dakon\"]\n[First \"B\"]\n\n1. B4 x(A2) *\n";

fn scratch_for(test: &str) -> std::path::PathBuf {
    scratch("trust", test)
}

/// Standard output sent to `/dev/full`, where every write fails with "no space left".
fn to_full_disk(mut command: Command) -> std::process::Output {
    let full = fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .expect("/dev/full exists on Linux");
    command.stdout(Stdio::from(full));
    finish(command, None)
}

// ---------------------------------------------------------------------------------------------
// Writing output safely.

#[test]
fn converting_a_file_over_itself_with_an_unreadable_game_leaves_it_untouched() {
    let dir = scratch_for("convert-in-place");
    let file = dir.join("a.mgn");
    let original = format!("{GOOD_DAKON}\n{UNREADABLE_DAKON}");
    fs::write(&file, &original).unwrap();
    let output = mgn(&[
        "convert",
        "--to",
        "mgn",
        "-o",
        path_str(&file),
        path_str(&file),
    ]);
    assert_eq!(code(&output), 1, "{}", shown(&output));
    assert_eq!(
        fs::read_to_string(&file).unwrap(),
        original,
        "the file changed"
    );
    let said = stderr(&output);
    assert!(
        said.contains("a.mgn:10:8:"),
        "the bad game's place:\n{said}"
    );
    assert!(said.contains("game 2"), "the bad game's number:\n{said}");
    assert!(said.contains("nothing was written"), "{said}");
}

#[test]
fn converting_a_file_whose_games_all_fail_writes_nothing() {
    let dir = scratch_for("convert-all-bad");
    let input = dir.join("bad.mgn");
    let out = dir.join("out.mgn");
    fs::write(&input, format!("{UNREADABLE_DAKON}\n{UNREADABLE_DAKON}")).unwrap();
    fs::write(&out, GOOD_DAKON).unwrap();
    let output = mgn(&[
        "convert",
        "--to",
        "json",
        "-o",
        path_str(&out),
        path_str(&input),
    ]);
    assert_eq!(code(&output), 1, "{}", shown(&output));
    assert_eq!(fs::read_to_string(&out).unwrap(), GOOD_DAKON);
    // Nor to standard output.
    let output = mgn(&["convert", "--to", "yaml", path_str(&input)]);
    assert_eq!(code(&output), 1);
    assert_eq!(
        stdout(&output),
        "",
        "nothing is written when a game does not read"
    );
}

#[test]
fn skip_bad_writes_the_readable_games_and_names_the_others() {
    let dir = scratch_for("convert-skip-bad");
    let input = dir.join("mixed.mgn");
    fs::write(
        &input,
        format!("{GOOD_DAKON}\n{UNREADABLE_DAKON}\n{GOOD_DAKON}"),
    )
    .unwrap();
    let output = mgn(&["convert", "--to", "mgn", "--skip-bad", path_str(&input)]);
    assert_eq!(
        code(&output),
        1,
        "a record was left out: {}",
        shown(&output)
    );
    let written = stdout(&output);
    assert_eq!(written.matches("[Game ").count(), 2, "{written}");
    let said = stderr(&output);
    assert!(said.contains("left out game 2"), "{said}");
}

#[test]
fn convert_to_a_full_disk_exits_2() {
    let output = to_full_disk(command(&[
        "convert",
        "--to",
        "json",
        "records/dakon/notation-example.mgn",
    ]));
    assert_eq!(code(&output), 2, "{}", shown(&output));
    assert!(
        stderr(&output).contains("cannot write"),
        "{}",
        shown(&output)
    );
}

#[test]
fn an_output_file_that_cannot_be_made_exits_2() {
    let dir = scratch_for("convert-no-folder");
    let out = dir.join("missing-folder").join("out.json");
    let output = mgn(&[
        "convert",
        "--to",
        "json",
        "-o",
        path_str(&out),
        "records/dakon/notation-example.mgn",
    ]);
    assert_eq!(code(&output), 2, "{}", shown(&output));
    assert!(!out.exists());
}

/// A file size limit (`ulimit -f`) makes writes fail part way, as a full disk does; the valid
/// file that was there must survive.
#[cfg(target_os = "linux")]
#[test]
fn a_write_that_fails_part_way_never_replaces_the_output() {
    let dir = scratch_for("convert-fails-part-way");
    let out = dir.join("out.yaml");
    fs::write(&out, "precious\n").unwrap();
    let mut command = command(&[
        "convert",
        "--to",
        "yaml",
        "-o",
        path_str(&out),
        "records/dong-wo/whole-game-catalan.mgn",
    ]);
    // 4 KiB, far less than the YAML of a whole Dong Wo game.
    limit_file_size(&mut command, 4096);
    let output = finish(command, None);
    assert_eq!(code(&output), 2, "{}", shown(&output));
    assert_eq!(fs::read_to_string(&out).unwrap(), "precious\n");
    let left: Vec<_> = fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(left.len(), 1, "no temporary file is left behind: {left:?}");
}

#[cfg(unix)]
#[test]
fn converting_over_a_file_keeps_its_permissions() {
    use std::os::unix::fs::PermissionsExt;
    let dir = scratch_for("convert-permissions");
    let out = dir.join("out.mgn");
    fs::write(&out, "old\n").unwrap();
    fs::set_permissions(&out, fs::Permissions::from_mode(0o640)).unwrap();
    let output = mgn(&[
        "convert",
        "--to",
        "mgn",
        "-o",
        path_str(&out),
        "records/dakon/notation-example.mgn",
    ]);
    assert_eq!(code(&output), 0, "{}", shown(&output));
    let mode = fs::metadata(&out).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o640);
    assert!(fs::read_to_string(&out)
        .unwrap()
        .starts_with("[Game \"dakon\"]"));
}

#[test]
fn every_command_that_cannot_write_its_output_exits_2() {
    for args in [
        &["check", "records/dakon"][..],
        &["check", "--format", "json", "records/dakon"],
        &[
            "convert",
            "--to",
            "mgn",
            "records/dakon/notation-example.mgn",
        ],
        &["replay", "records/dakon/notation-example.mgn"],
        &[
            "replay",
            "--format",
            "json",
            "records/dakon/notation-example.mgn",
        ],
        &["generate", "--game", "nchuwa", "--games", "3"],
        &["perft", "--game", "dakon", "--depth", "1"],
        &["perft", "--game", "dakon", "--depth", "1", "--divide"],
        &["rules"],
        &["rules", "dakon"],
        &["suite", "fixtures/dakon"],
    ] {
        let output = to_full_disk(command(args));
        assert_eq!(code(&output), 2, "{args:?}: {}", shown(&output));
        assert!(
            stderr(&output).contains("cannot write"),
            "{args:?}: {}",
            shown(&output)
        );
    }
}

#[test]
fn a_closed_pipe_ends_an_endless_generate_quietly() {
    let mut command = command(&[
        "generate",
        "--game",
        "nchuwa",
        "--games",
        "18446744073709551615",
    ]);
    let started = Instant::now();
    let mut child = command.spawn().unwrap();
    // Read one line, then hang up, as `| head -1` does.
    let mut out = child.stdout.take().unwrap();
    let mut first = [0u8; 64];
    std::io::Read::read_exact(&mut out, &mut first).unwrap();
    drop(out);
    let output = child.wait_with_output().unwrap();
    assert!(
        // Only against a hang: generate with no cap would go on for ever.
        started.elapsed() < Duration::from_secs(300),
        "generate went on"
    );
    assert_eq!(code(&output), 0, "{}", shown(&output));
    assert_eq!(stderr(&output), "", "a closed pipe is not an error");
}

#[test]
fn generate_writes_each_game_as_it_is_made() {
    // Every game at once would be a vector of 2^64 - 1 games: a capacity overflow.
    let output = to_full_disk(command(&[
        "generate",
        "--game",
        "dakon",
        "--games",
        "18446744073709551615",
        "--max-plies",
        "1",
    ]));
    assert_eq!(code(&output), 2, "{}", shown(&output));
}

// ---------------------------------------------------------------------------------------------
// No false green.

#[test]
fn max_failures_0_is_a_usage_error() {
    let output = mgn(&["check", "--max-failures", "0", "records/"]);
    assert_eq!(code(&output), 2, "{}", shown(&output));
    assert_eq!(stdout(&output), "", "nothing was checked");
}

#[test]
fn replaying_a_game_the_file_does_not_hold_is_an_error() {
    let output = mgn(&[
        "replay",
        "--game",
        "9",
        "records/dakon/notation-example.mgn",
    ]);
    assert_eq!(code(&output), 2, "{}", shown(&output));
    assert!(
        stderr(&output).contains("holds 1 game"),
        "{}",
        shown(&output)
    );
    let output = mgn(&[
        "replay",
        "--game",
        "0",
        "records/dakon/notation-example.mgn",
    ]);
    assert_eq!(code(&output), 2, "{}", shown(&output));
}

#[test]
fn a_file_without_a_game_is_a_bad_record() {
    let dir = scratch_for("no-game");
    let empty = dir.join("empty.mgn");
    fs::write(&empty, "").unwrap();
    let comments = dir.join("comments.mgn");
    fs::write(&comments, "{only a comment}\n; and another\n").unwrap();
    for file in [&empty, &comments] {
        let output = mgn(&["check", path_str(file)]);
        assert_eq!(code(&output), 1, "{}", shown(&output));
        assert_eq!(summary(&output), "0 passed, 1 failed");
        assert!(
            stdout(&output).contains("expected a game"),
            "{}",
            shown(&output)
        );
        let output = mgn(&["check", "--format", "json", path_str(file)]);
        assert_eq!(code(&output), 1);
        assert!(
            stdout(&output).contains("\"verdict\":\"failed\""),
            "{}",
            shown(&output)
        );
    }
    let output = run(&["check", "-"], Some(b""));
    assert_eq!(code(&output), 1, "empty standard input: {}", shown(&output));
}

#[test]
fn a_suite_case_without_a_game_fails_and_a_suite_without_cases_exits_2() {
    let dir = scratch_for("suite-no-game");
    fs::write(dir.join("empty.mgn"), "").unwrap();
    fs::write(dir.join("empty.verdict"), "").unwrap();
    let output = mgn(&["suite", path_str(&dir)]);
    assert_eq!(code(&output), 1, "{}", shown(&output));
    assert!(
        stdout(&output).contains("+game 1: syntax error at 1:1"),
        "{}",
        shown(&output)
    );

    let none = scratch_for("suite-no-cases");
    fs::write(none.join("notes.txt"), "no cases here").unwrap();
    let output = mgn(&["suite", path_str(&none)]);
    assert_eq!(code(&output), 2, "{}", shown(&output));
    assert!(
        stderr(&output).contains("no *.mgn file"),
        "{}",
        shown(&output)
    );
}

/// A folder nested so deep that its path is longer than the system allows (PATH_MAX, 4096
/// bytes on Linux) cannot be read by its path, even by root: a subfolder that cannot be read.
/// It is made one level at a time relative to the one above (`mkdirat`, `openat`), which is
/// how such a tree comes to be.
#[cfg(target_os = "linux")]
fn too_deep(dir: &Path) {
    use std::ffi::CString;
    use std::os::unix::ffi::OsStrExt;
    let name = CString::new("d".repeat(200)).unwrap();
    let path = CString::new(dir.as_os_str().as_bytes()).unwrap();
    unsafe {
        let mut fd = libc::open(path.as_ptr(), libc::O_DIRECTORY | libc::O_RDONLY);
        assert!(fd >= 0);
        for _ in 0..30 {
            assert_eq!(libc::mkdirat(fd, name.as_ptr(), 0o755), 0);
            let inner = libc::openat(fd, name.as_ptr(), libc::O_DIRECTORY | libc::O_RDONLY);
            assert!(inner >= 0);
            libc::close(fd);
            fd = inner;
        }
        let file = CString::new("deep.mgn").unwrap();
        let made = libc::openat(fd, file.as_ptr(), libc::O_CREAT | libc::O_WRONLY, 0o644);
        assert!(made >= 0);
        libc::close(made);
        libc::close(fd);
    }
}

#[cfg(target_os = "linux")]
#[test]
fn an_unreadable_subfolder_is_named_and_the_records_beside_it_are_checked() {
    let dir = scratch_for("unreadable-subfolder");
    fs::write(dir.join("good.mgn"), GOOD_DAKON).unwrap();
    let deep = dir.join("deep");
    fs::create_dir(&deep).unwrap();
    too_deep(&deep);
    let output = mgn(&["check", path_str(&dir)]);
    assert_eq!(code(&output), 2, "{}", shown(&output));
    assert_eq!(summary(&output), "1 passed, 0 failed", "{}", shown(&output));
    let said = stderr(&output);
    assert!(said.contains("cannot read"), "{said}");
    assert!(
        said.contains("/deep/ddd"),
        "the subfolder is named, not its parent: {said}"
    );

    let output = mgn(&["suite", path_str(&dir)]);
    assert_eq!(code(&output), 2, "{}", shown(&output));
    assert!(stderr(&output).contains("/deep/ddd"), "{}", shown(&output));
}

#[cfg(unix)]
#[test]
fn links_never_loop_and_a_file_is_checked_once() {
    let dir = scratch_for("links");
    fs::write(dir.join("case.mgn"), GOOD_DAKON).unwrap();
    fs::write(dir.join("case.verdict"), "game 1: passed\n").unwrap();
    std::os::unix::fs::symlink(".", dir.join("loop")).unwrap();
    std::os::unix::fs::symlink("..", dir.join("up")).unwrap();
    std::os::unix::fs::symlink("case.mgn", dir.join("the-same-case.mgn")).unwrap();
    fs::create_dir(dir.join(".git")).unwrap();
    fs::write(dir.join(".git").join("hidden.mgn"), UNREADABLE_DAKON).unwrap();

    let mut child = command(&["suite", path_str(&dir)]).spawn().unwrap();
    let started = Instant::now();
    while child.try_wait().unwrap().is_none() {
        // Only against a hang, never a measure of speed.
        if started.elapsed() > Duration::from_secs(300) {
            let _ = child.kill();
            panic!("suite hangs on a link loop");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let output = child.wait_with_output().unwrap();
    assert_eq!(code(&output), 0, "{}", shown(&output));
    assert_eq!(summary(&output), "1 passed, 0 failed");

    let file = dir.join("case.mgn");
    let output = mgn(&[
        "check",
        path_str(&dir),
        path_str(&file),
        path_str(&dir.join("the-same-case.mgn")),
    ]);
    assert_eq!(code(&output), 0, "{}", shown(&output));
    assert_eq!(summary(&output), "1 passed, 0 failed", "{}", shown(&output));
}

#[test]
fn replay_of_a_file_that_is_not_utf8_exits_1_as_check_does() {
    let dir = scratch_for("replay-not-utf8");
    let file = dir.join("latin1.mgn");
    fs::write(
        &file,
        b"[Game \"dakon\"]\n[PlayerA \"Ren\xe9\"]\n\n1. B4 *\n",
    )
    .unwrap();
    let output = mgn(&["replay", path_str(&file)]);
    assert_eq!(code(&output), 1, "{}", shown(&output));
    assert!(
        shown(&output).contains("not valid UTF-8"),
        "{}",
        shown(&output)
    );
}

#[test]
fn perft_divide_at_depth_0_counts_the_position_itself() {
    let plain = mgn(&["perft", "--game", "dakon", "--depth", "0"]);
    let divided = mgn(&["perft", "--game", "dakon", "--depth", "0", "--divide"]);
    for output in [&plain, &divided] {
        assert_eq!(code(output), 0);
        assert!(
            stdout(output).starts_with("perft(0) = 1 "),
            "{}",
            shown(output)
        );
    }
}

#[test]
fn reports_never_copy_control_characters_to_the_terminal() {
    let dir = scratch_for("control-characters");
    let file = dir.join("esc.mgn");
    // An escape sequence that would turn a terminal red and clear it, in a game name, a tag
    // value the rules read, and a comment the error shows.
    fs::write(
        &file,
        "[Game \"\u{1b}[31mdakon\u{1b}[2J\"]\n\n1. B4 *\n\n[Game \"dakon\"]\n[Option \"dakon.sow\u{7}=\u{0}\"]\n\n1. B4 *\n\n[Game \"dakon\"]\n\n1. B4 {\u{1b}]0;title\u{7}} x(\u{9b}31m) *\n",
    )
    .unwrap();
    for format in ["text", "json", "junit"] {
        let output = mgn(&["check", "--format", format, path_str(&file)]);
        assert_eq!(code(&output), 1, "{}", shown(&output));
        for byte in output.stdout.iter().chain(&output.stderr) {
            assert!(
                *byte == b'\n' || *byte >= 0x20 && *byte != 0x7f,
                "{format}: a raw control byte 0x{byte:02x} in\n{}",
                shown(&output)
            );
        }
        assert!(
            !shown(&output).contains('\u{9b}'),
            "{format}: a raw C1 control"
        );
    }
    let text = stdout(&mgn(&["check", path_str(&file)]));
    assert!(
        text.contains("\\u{1b}[31mdakon"),
        "escaped, not dropped:\n{text}"
    );
}

#[cfg(unix)]
#[test]
fn converting_to_a_device_or_a_fifo_writes_through_it_and_leaves_it_in_place() {
    use std::os::unix::fs::FileTypeExt;
    // Renaming a file over /dev/null would replace the device for the whole machine.
    let output = mgn(&[
        "convert",
        "--to",
        "yaml",
        "-o",
        "/dev/null",
        "records/dakon/notation-example.mgn",
    ]);
    assert_eq!(code(&output), 0, "{}", shown(&output));
    assert!(fs::metadata("/dev/null")
        .unwrap()
        .file_type()
        .is_char_device());

    let dir = scratch_for("convert-to-fifo");
    let fifo = dir.join("out.fifo");
    let made = Command::new("mkfifo").arg(&fifo).status().unwrap();
    assert!(made.success());
    let reader = {
        let fifo = fifo.clone();
        std::thread::spawn(move || fs::read_to_string(fifo).unwrap())
    };
    let output = mgn(&[
        "convert",
        "--to",
        "mgn",
        "-o",
        path_str(&fifo),
        "records/dakon/notation-example.mgn",
    ]);
    assert_eq!(code(&output), 0, "{}", shown(&output));
    assert!(reader.join().unwrap().starts_with("[Game \"dakon\"]"));
    assert!(fs::symlink_metadata(&fifo).unwrap().file_type().is_fifo());
}

#[cfg(unix)]
#[test]
fn converting_through_a_link_writes_the_file_it_names_and_keeps_the_link() {
    let dir = scratch_for("convert-links");
    // A link to a file not made yet.
    std::os::unix::fs::symlink("made-later.mgn", dir.join("link.mgn")).unwrap();
    let output = mgn(&[
        "convert",
        "--to",
        "mgn",
        "-o",
        path_str(&dir.join("link.mgn")),
        "records/dakon/notation-example.mgn",
    ]);
    assert_eq!(code(&output), 0, "{}", shown(&output));
    assert!(fs::symlink_metadata(dir.join("link.mgn"))
        .unwrap()
        .file_type()
        .is_symlink());
    assert!(fs::read_to_string(dir.join("made-later.mgn"))
        .unwrap()
        .starts_with("[Game"));
    // A file of two names keeps both, with the new text.
    fs::write(dir.join("one.mgn"), "old\n").unwrap();
    fs::hard_link(dir.join("one.mgn"), dir.join("two.mgn")).unwrap();
    let output = mgn(&[
        "convert",
        "--to",
        "mgn",
        "-o",
        path_str(&dir.join("one.mgn")),
        "records/dakon/notation-example.mgn",
    ]);
    assert_eq!(code(&output), 0, "{}", shown(&output));
    assert_eq!(
        fs::read_to_string(dir.join("two.mgn")).unwrap(),
        fs::read_to_string(dir.join("one.mgn")).unwrap()
    );
    assert!(fs::read_to_string(dir.join("two.mgn"))
        .unwrap()
        .starts_with("[Game"));
}

#[test]
fn skip_bad_with_no_game_that_reads_writes_nothing() {
    let dir = scratch_for("skip-bad-nothing-reads");
    let file = dir.join("only.mgn");
    let original = UNREADABLE_DAKON;
    fs::write(&file, original).unwrap();
    let output = mgn(&[
        "convert",
        "--to",
        "mgn",
        "--skip-bad",
        "-o",
        path_str(&file),
        path_str(&file),
    ]);
    assert_eq!(code(&output), 1, "{}", shown(&output));
    assert_eq!(
        fs::read_to_string(&file).unwrap(),
        original,
        "the only copy is kept"
    );
    let output = mgn(&["convert", "--to", "yaml", "--skip-bad", path_str(&file)]);
    assert_eq!(code(&output), 1);
    assert_eq!(stdout(&output), "");
}

#[cfg(unix)]
#[test]
fn a_link_to_nothing_in_a_folder_is_an_input_that_cannot_be_read() {
    let dir = scratch_for("dangling-link");
    fs::write(dir.join("good.mgn"), GOOD_DAKON).unwrap();
    std::os::unix::fs::symlink("/nowhere/game2.mgn", dir.join("game2.mgn")).unwrap();
    let output = mgn(&["check", path_str(&dir)]);
    assert_eq!(code(&output), 2, "{}", shown(&output));
    assert!(stderr(&output).contains("game2.mgn"), "{}", shown(&output));
    assert_eq!(summary(&output), "1 passed, 0 failed");
}

#[test]
fn a_report_that_cannot_be_written_ends_even_when_the_window_is_full() {
    // Bad records of 32 KiB, more than the window (16 MiB) and the report's buffer (64 KiB,
    // a few hundred records) hold together: the report fails part way while the reader waits
    // for room, and the reader must be let go.
    let record = format!("[Game \"dakon\"]\n{{{}}}\n1. B9 *\n", "x".repeat(32 << 10));
    let text = record.repeat(800);
    let dir = scratch_for("report-full-window");
    let file = dir.join("bad.mgn");
    fs::write(&file, text).unwrap();
    for format in ["text", "json"] {
        let mut command = command(&["check", "--format", format, path_str(&file)]);
        let full = fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap();
        command.stdout(Stdio::from(full));
        let mut child = command.spawn().unwrap();
        let started = Instant::now();
        while child.try_wait().unwrap().is_none() {
            // Only against a hang, never a measure of speed.
            if started.elapsed() > Duration::from_secs(300) {
                let _ = child.kill();
                panic!("{format}: check hangs when its report cannot be written");
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        assert_eq!(child.wait().unwrap().code(), Some(2), "{format}");
    }
}

#[test]
fn help_that_cannot_be_written_exits_2() {
    for args in [&["--help"][..], &["--version"], &["help", "check"]] {
        let output = to_full_disk(command(args));
        assert_eq!(code(&output), 2, "{args:?}: {}", shown(&output));
    }
    let output = mgn(&["--help"]);
    assert_eq!(code(&output), 0);
    assert!(
        !stdout(&output).contains('\u{1b}'),
        "no colour through a pipe"
    );
}

#[test]
fn max_failures_says_it_stopped_only_when_records_are_left() {
    let dir = scratch_for("max-failures-stopped");
    let good = dir.join("good.mgn");
    let bad = dir.join("bad.mgn");
    fs::write(&good, GOOD_DAKON).unwrap();
    fs::write(&bad, UNREADABLE_DAKON).unwrap();
    let output = mgn(&[
        "check",
        "--max-failures",
        "1",
        path_str(&good),
        path_str(&bad),
    ]);
    assert_eq!(code(&output), 1);
    assert!(!stderr(&output).contains("stopped"), "{}", shown(&output));
    let output = mgn(&[
        "check",
        "--max-failures",
        "1",
        path_str(&bad),
        path_str(&good),
    ]);
    assert!(
        stderr(&output).contains("stopped after 1 bad records"),
        "{}",
        shown(&output)
    );
    assert_eq!(summary(&output), "0 passed, 1 failed");
}

#[test]
fn bad_records_in_many_batches_are_reported_in_file_order_at_their_lines() {
    // Games are checked in batches on every core: a thousand short games are many batches,
    // and each bad one must still be reported as the game and at the line it is, in order.
    let bad = |i: usize| i % 97 == 13;
    let text: String = (0..1000)
        .map(|i| match bad(i) {
            true => "[Game \"dakon\"]\n1. B9 *\n",
            false => "[Game \"dakon\"]\n*\n",
        })
        .collect();
    let dir = scratch_for("batches-in-order");
    let file = dir.join("games.mgn");
    fs::write(&file, text).unwrap();
    let output = mgn(&["check", "--format", "json", path_str(&file)]);
    assert_eq!(code(&output), 1, "{}", shown(&output));
    let lines: Vec<String> = stdout(&output).lines().map(str::to_owned).collect();
    assert_eq!(lines.len(), 1000, "{}", shown(&output));
    for (i, line) in lines.iter().enumerate() {
        assert!(line.contains(&format!("\"game\":{},", i + 1)), "{line}");
        let failed = line.contains("\"verdict\":\"failed\"");
        assert_eq!(failed, bad(i), "{line}");
        if failed {
            assert!(line.contains(&format!("\"line\":{},", 2 * i + 2)), "{line}");
            assert!(line.contains("\"rule\":\"dakon.sow.start\""), "{line}");
        }
    }
    // Stopping after three bad records stops at the third in the file, not the third checked.
    let output = mgn(&["check", "--max-failures", "3", "--quiet", path_str(&file)]);
    assert_eq!(code(&output), 1, "{}", shown(&output));
    let report = stdout(&output);
    let reported: Vec<&str> = report
        .lines()
        .filter(|l| l.contains("B9 is not a hole"))
        .collect();
    assert_eq!(reported.len(), 3, "{}", shown(&output));
    for (line, i) in reported.iter().zip([13, 110, 207]) {
        assert!(line.contains(&format!(":{}:", 2 * i + 2)), "{line}");
    }
    assert!(
        stderr(&output).contains("stopped after 3 bad records"),
        "{}",
        shown(&output)
    );
}

#[test]
fn a_line_end_in_a_value_never_starts_a_report_line() {
    let dir = scratch_for("line-ends");
    // A tag value with MGN's `\n` escape, and an option value a JSON document gave (as
    // `convert --to mgn` writes it), each breaking a message's line so that the rest reads as
    // a diagnostic or a count of mgn's own; then the other line ends, raw in a comment.
    let fake = "x.mgn:1:1: fake\\n9 passed, 0 failed";
    let record = format!(
        "[Game \"dakon\"]\n[Preset \"catalan\\n{fake}\"]\n[Result \"*\"]\n\n*\n\n\
         [Game \"dakon\"]\n[Option \"dakon.sow.direction=a\\n{fake}\"]\n[Result \"*\"]\n\n*\n\n\
         [Game \"dakon\"]\n[Option \"dakon.sow.direction=a\\r{fake}\u{85}{fake}\u{2028}{fake}\u{2029}{fake}\"]\n\n*\n"
    );
    let file = dir.join("lines.mgn");
    fs::write(&file, &record).unwrap();
    let json = dir.join("lines.json");
    fs::write(
        &json,
        r#"{"mgn": 2, "games": [{"header": {"game": "dakon", "options": [{"code": "dakon.sow.direction", "value": "a\nx.mgn:1:1: fake\n9 passed, 0 failed"}], "result": "*"}, "moves": [], "outcome": "*"}]}"#,
    )
    .unwrap();
    let from_json = mgn(&["convert", "--to", "mgn", path_str(&json)]);
    assert_eq!(code(&from_json), 0, "{}", shown(&from_json));
    let from_json = stdout(&from_json);
    let converted = dir.join("from-json.mgn");
    fs::write(&converted, from_json).unwrap();
    for file in [&file, &converted] {
        let file = path_str(file);
        for args in [
            &["check", file][..],
            &["check", "--quiet", file],
            &["check", "--format", "junit", file],
            &["replay", file],
            &["show", file],
        ] {
            let output = mgn(args);
            assert_ne!(code(&output), 0, "{args:?}: {}", shown(&output));
            let text = shown(&output);
            for line in text.split(['\n', '\r', '\u{85}', '\u{2028}', '\u{2029}']) {
                assert!(
                    !line.starts_with("x.mgn:") && !line.starts_with("9 passed"),
                    "{args:?}: a value's line end started a line of its own:\n{text}"
                );
            }
            assert!(
                text.contains("\\u{a}"),
                "{args:?}: escaped, not dropped:\n{text}"
            );
        }
    }
}

#[cfg(unix)]
#[test]
fn an_output_file_that_is_an_input_is_refused_under_any_name() {
    let dir = scratch_for("output-is-input");
    let record = fs::read_to_string(repo().join("records/dakon/notation-example.mgn")).unwrap();
    let log =
        fs::read_to_string(repo().join("tests/import/movelog/notation-example.jsonl")).unwrap();
    // Every command that takes -o, with the input it reads; convert only to another format:
    // over a file of its own format it rewrites the record in place.
    let commands: [(&str, &str, &[&str]); 4] = [
        ("show", &record, &["show"]),
        ("show-svg", &record, &["show", "--format", "svg"]),
        ("import", &log, &["import", "--from", "movelog"]),
        ("convert", &record, &["convert", "--to", "json"]),
    ];
    for (name, content, args) in commands {
        let file = dir.join(format!("{name}.in"));
        let hard = dir.join(format!("{name}.hard"));
        let soft = dir.join(format!("{name}.soft"));
        let _ = fs::remove_file(&hard);
        let _ = fs::remove_file(&soft);
        fs::write(&file, content).unwrap();
        fs::hard_link(&file, &hard).unwrap();
        std::os::unix::fs::symlink(&file, &soft).unwrap();
        let dotted = dir.join(".").join(format!("{name}.in"));
        let names = [&file, &dotted, &hard, &soft];
        for (output, input) in names
            .iter()
            .flat_map(|o| names.iter().map(move |i| (*o, Some(*i))))
            .chain(names.iter().map(|o| (*o, None)))
        {
            let mut full: Vec<&str> = args.to_vec();
            full.extend(["-o", path_str(output), input.map_or("-", |i| path_str(i))]);
            let mut command = command(&full);
            if input.is_none() {
                command.stdin(Stdio::from(fs::File::open(&file).unwrap()));
            }
            let output_run = finish(command, None);
            assert_eq!(code(&output_run), 2, "{full:?}: {}", shown(&output_run));
            let said = stderr(&output_run);
            assert!(
                said.contains(path_str(output)) && said.contains("input"),
                "{full:?}: names the file:\n{said}"
            );
            assert_eq!(fs::read_to_string(&file).unwrap(), content, "{full:?}");
        }
    }
    // The same-format rewrite still goes through, and another file is written.
    let file = dir.join("same.mgn");
    fs::write(&file, &record).unwrap();
    let output = mgn(&[
        "convert",
        "--to",
        "mgn",
        "-o",
        path_str(&file),
        path_str(&file),
    ]);
    assert_eq!(code(&output), 0, "{}", shown(&output));
    let other = dir.join("other.svg");
    let output = mgn(&["show", "-o", path_str(&other), path_str(&file)]);
    assert_eq!(code(&output), 0, "{}", shown(&output));
    assert!(fs::read_to_string(&other).unwrap().contains("<svg"));
}

/// `command` run with its standard output closed (`>&-`), not redirected anywhere.
#[cfg(unix)]
fn with_stdout_closed(mut command: Command, stdin: Option<&[u8]>) -> std::process::Output {
    use std::os::unix::process::CommandExt;
    unsafe {
        command.pre_exec(|| {
            if libc::close(1) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            Ok(())
        });
    }
    finish(command, stdin)
}

#[cfg(unix)]
#[test]
fn every_command_with_standard_output_closed_exits_2() {
    let mgn_binary = env!("CARGO_BIN_EXE_mgn");
    let record = "records/dakon/notation-example.mgn";
    let log = "tests/import/movelog/notation-example.jsonl";
    let engine: &[u8] = b"mgn\nquit\n";
    let commands: &[(&[&str], Option<&[u8]>)] = &[
        (&["check", record], None),
        (&["check", "--format", "junit", record], None),
        (&["convert", "--to", "json", record], None),
        (&["annotate", record], None),
        (&["replay", record], None),
        (&["show", record], None),
        (&["show", "--format", "svg", record], None),
        (&["generate", "--game", "nchuwa", "--games", "1"], None),
        (&["perft", "--game", "dakon", "--depth", "1"], None),
        (&["suite", "fixtures/dakon"], None),
        (&["import", "--from", "movelog", log], None),
        (&["engine"], Some(engine)),
        (
            &[
                "referee",
                "--game",
                "dakon",
                "--depth",
                "1",
                "--games",
                "1",
                "--timeout",
                "600",
                "--",
                mgn_binary,
                "engine",
            ],
            None,
        ),
        (&["rules", "dakon"], None),
        (&["stats", record], None),
        (&["select", record], None),
        (&["completions", "bash"], None),
        (&["man"], None),
        (&["help"], None),
        (&["--help"], None),
        (&["--version"], None),
    ];
    // Every command `mgn --help` lists is in the table.
    let help = stdout(&mgn(&["--help"]));
    let listed = help
        .lines()
        .skip_while(|line| !line.starts_with("Commands:"))
        .skip(1)
        .take_while(|line| line.starts_with("  "))
        .filter_map(|line| line.split_whitespace().next());
    // Commands that write files only, whose runs with standard output closed are below.
    let files_only = ["split"];
    for name in listed {
        assert!(
            files_only.contains(&name) || commands.iter().any(|(args, _)| args[0] == name),
            "mgn {name} is not in the table"
        );
    }
    for (args, stdin) in commands {
        let output = with_stdout_closed(command(args), *stdin);
        assert_eq!(code(&output), 2, "{args:?}: {}", shown(&output));
        assert!(
            stderr(&output).contains("standard output was closed"),
            "{args:?}: {}",
            shown(&output)
        );
    }
    // Output to a file needs no standard output.
    let dir = scratch_for("stdout-closed");
    let svg = dir.join("board.svg");
    let output = with_stdout_closed(command(&["show", "-o", path_str(&svg), record]), None);
    assert_eq!(code(&output), 0, "{}", shown(&output));
    assert!(fs::read_to_string(&svg).unwrap().contains("<svg"));
    let parts = dir.join("parts");
    let output = with_stdout_closed(
        command(&["split", "--per", "1", "-o", path_str(&parts), record]),
        None,
    );
    assert_eq!(code(&output), 0, "{}", shown(&output));
    assert!(parts.join("0001.mgn").exists());
    // A reader that went away (a broken pipe) is no error, as before.
    for args in [
        &["man"][..],
        &["show", record],
        &["import", "--from", "movelog", log],
    ] {
        let mut command = command(args);
        let mut child = command.spawn().unwrap();
        drop(child.stdout.take());
        let output = child.wait_with_output().unwrap();
        assert_eq!(code(&output), 0, "{args:?}: {}", shown(&output));
        assert_eq!(stderr(&output), "", "{args:?}");
    }
}

#[test]
fn max_failures_says_it_stopped_when_the_records_left_are_in_the_same_part() {
    // The bad record and the one after it are in one part of one file, the last: no later
    // part comes to say that the check stopped, and the records left were dropped silently.
    let dir = scratch_for("max-failures-same-part");
    let file = dir.join("both.mgn");
    let false_claim = GOOD_DAKON.replace("x7(A2,B4)", "x3(A2)");
    fs::write(&file, format!("{false_claim}\n{GOOD_DAKON}")).unwrap();
    let output = mgn(&["check", "--max-failures", "1", path_str(&file)]);
    assert_eq!(code(&output), 1, "{}", shown(&output));
    assert!(
        stderr(&output).contains("stopped after 1 bad records"),
        "{}",
        shown(&output)
    );
    assert_eq!(summary(&output), "0 passed, 1 failed");
}

/// MGN to standard output is converted once, into a temporary file copied out only when every
/// game read: a game that does not read, even the last, leaves standard output empty, and the
/// output of games that all read is the one written to a file.
#[test]
fn mgn_to_standard_output_is_written_only_when_every_game_reads() {
    let dir = scratch_for("convert-mgn-stdout");
    let input = dir.join("good-then-bad.mgn");
    fs::write(&input, format!("{GOOD_DAKON}\n{UNREADABLE_DAKON}")).unwrap();
    let output = mgn(&["convert", "--to", "mgn", path_str(&input)]);
    assert_eq!(code(&output), 1, "{}", shown(&output));
    assert_eq!(
        stdout(&output),
        "",
        "nothing is written when a game does not read"
    );
    let said = stderr(&output);
    assert!(
        said.contains("game 2 did not read: nothing was written"),
        "{said}"
    );
    // Without --skip-bad, every game failing is named as one failing is (it said "no game
    // reads" to a file before).
    let all_bad = dir.join("all-bad.mgn");
    fs::write(&all_bad, format!("{UNREADABLE_DAKON}\n{UNREADABLE_DAKON}")).unwrap();
    let out = dir.join("out.mgn");
    let output = mgn(&[
        "convert",
        "--to",
        "mgn",
        "-o",
        path_str(&out),
        path_str(&all_bad),
    ]);
    assert_eq!(code(&output), 1, "{}", shown(&output));
    assert!(
        stderr(&output).contains("games 1 and 2 did not read"),
        "{}",
        shown(&output)
    );
    // Games that all read: standard output is what a file gets.
    let good = dir.join("good.mgn");
    fs::write(&good, format!("{GOOD_DAKON}\n{GOOD_DAKON}")).unwrap();
    let output = mgn(&["convert", "--to", "mgn", path_str(&good)]);
    assert_eq!(code(&output), 0, "{}", shown(&output));
    let output_file = mgn(&[
        "convert",
        "--to",
        "mgn",
        "-o",
        path_str(&out),
        path_str(&good),
    ]);
    assert_eq!(code(&output_file), 0, "{}", shown(&output_file));
    assert_eq!(stdout(&output), fs::read_to_string(&out).unwrap());
    assert!(stdout(&output).contains("[Game \"dakon\"]"));
}

/// Conversion to standard output holds the games in a temporary file until every one reads:
/// when that file cannot be made, the error names it (exit 2), where it once said that the
/// input, which is there, could not be read.
#[test]
fn a_temporary_file_that_cannot_be_made_is_named_not_blamed_on_the_input() {
    let dir = scratch_for("convert-no-tmpdir");
    let input = dir.join("good.mgn");
    fs::write(&input, GOOD_DAKON).unwrap();
    let json = dir.join("good.json");
    fs::write(
        &json,
        stdout(&mgn(&["convert", "--to", "json", path_str(&input)])),
    )
    .unwrap();
    for (to, from) in [("mgn", &input), ("json", &input), ("mgn", &json)] {
        let mut command = command(&["convert", "--to", to, path_str(from)]);
        command.env("TMPDIR", dir.join("no such folder"));
        let output = finish(command, None);
        assert_eq!(code(&output), 2, "{to} from {from:?}: {}", shown(&output));
        let said = stderr(&output);
        assert!(said.contains("temporary file"), "{said}");
        assert!(!said.contains("cannot read"), "{said}");
        assert_eq!(stdout(&output), "");
    }
}

/// The temporary file that holds the games for standard output filling part way (a full disk
/// under TMPDIR, here a limit on the size of the files mgn may write, which a pipe does not
/// meet): exit 2, nothing on standard output, and the error names the temporary file without
/// saying that standard output, which was never written, could not be written to.
#[cfg(unix)]
#[test]
fn a_temporary_file_that_fills_part_way_is_not_blamed_on_standard_output() {
    let dir = scratch_for("convert-tmpdir-full");
    let input = dir.join("many.mgn");
    let generated = mgn(&[
        "generate",
        "--game",
        "dong-wo",
        "--games",
        "40",
        "--checkpoints",
    ]);
    assert_eq!(code(&generated), 0, "{}", shown(&generated));
    fs::write(&input, &generated.stdout).unwrap();
    let size = fs::metadata(&input).unwrap().len();
    assert!(
        size > 4 * 65536,
        "the input ({size} bytes) outgrows the limit"
    );
    for to in ["mgn", "json", "yaml"] {
        let mut command = command(&["convert", "--to", to, path_str(&input)]);
        limit_file_size(&mut command, 65536);
        let output = finish(command, None);
        assert_eq!(code(&output), 2, "{to}: {}", shown(&output));
        assert_eq!(stdout(&output), "", "{to}");
        let said = stderr(&output);
        assert!(said.contains("temporary file"), "{to}: {said}");
        assert!(!said.contains("standard output:"), "{to}: {said}");
        assert!(said.contains("nothing was written"), "{to}: {said}");
    }
}
