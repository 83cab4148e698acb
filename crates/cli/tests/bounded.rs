//! Bounded (issue 16): files of any size are read a part at a time, checked on every core and
//! converted game by game, element by element, and give what reading them whole gave.

mod support;

use std::fs;
use support::*;

/// Every record and fixture that reads, with the games it holds.
fn readable_files() -> Vec<(std::path::PathBuf, Vec<mgn::notation::Game>)> {
    let mut files = Vec::new();
    for folder in ["records", "fixtures"] {
        for path in mgn::suite::mgn_files(&repo().join(folder)) {
            let path = path.unwrap();
            let Ok(text) = fs::read_to_string(&path) else {
                continue;
            };
            let read: Result<Vec<_>, _> = mgn::notation::parse_games(&text).into_iter().collect();
            if let Ok(games) = read {
                if !games.is_empty() {
                    files.push((path, games));
                }
            }
        }
    }
    assert!(files.len() > 100);
    files
}

#[test]
fn converting_game_by_game_writes_what_the_whole_document_writer_writes() {
    for (path, games) in readable_files() {
        let file = path_str(&path);
        for (to, whole) in [
            ("mgn", mgn::notation::write_games(&games)),
            ("json", mgn::document::to_json(&games)),
            ("yaml", mgn::document::to_yaml(&games)),
        ] {
            let output = mgn(&["convert", "--from", "mgn", "--to", to, file]);
            assert_eq!(code(&output), 0, "{file} to {to}: {}", shown(&output));
            assert_eq!(stdout(&output), whole, "{file} to {to}");
        }
    }
}

#[test]
fn a_file_checked_on_every_core_is_reported_in_file_order() {
    // Many games (more than one batch holds), every seventh broken in one way or another, checked on every
    // core: the report names them in file order, each at its own line.
    let good = "[Game \"dakon\"]\n[First \"B\"]\n\n1. B4 x7(A2,B4) =0/8 *\n";
    let mut text = String::new();
    let mut expected = Vec::new();
    let mut line = 1;
    for k in 0..9000 {
        let game = match k % 7 {
            3 => "[Game \"dakon\"]\n[First \"B\"]\n\n1. B4 x8 *\n",
            5 => "[Game \"dakon\"]\n[First \"B\"]\n\n1. B4 x(A2) *\n",
            _ => good,
        };
        match k % 7 {
            3 => expected.push(format!("<stdin>:{}:7: ", line + 3)),
            5 => expected.push(format!("<stdin>:{}:8: ", line + 3)),
            _ => {}
        }
        text.push_str(game);
        text.push('\n');
        line += game.lines().count() + 1;
    }
    let output = run(&["check", "-q", "-"], Some(text.as_bytes()));
    assert_eq!(code(&output), 1);
    let report = stdout(&output);
    let failures: Vec<&str> = report
        .lines()
        .filter(|l| l.starts_with("<stdin>:"))
        .collect();
    assert_eq!(failures.len(), expected.len());
    for (failure, place) in failures.iter().zip(&expected) {
        assert!(
            failure.starts_with(place.as_str()),
            "{failure} is not at {place}"
        );
    }
    assert_eq!(
        summary(&output),
        format!(
            "{} passed, {} failed",
            9000 - expected.len(),
            expected.len()
        )
    );
}

#[test]
fn a_bad_part_in_the_middle_of_a_file_leaves_the_games_around_it_checked() {
    // Bytes that are not UTF-8 in the second of three games: that game is one bad record,
    // placed in the file, and the others are checked.
    let good = "[Game \"dakon\"]\n[First \"B\"]\n\n1. B4 x7(A2,B4) =0/8 *\n\n";
    let mut bytes = good.as_bytes().to_vec();
    bytes.extend_from_slice(b"[Game \"dakon\"]\n[PlayerA \"Ren\xe9\"]\n\n1. B4 *\n\n");
    bytes.extend_from_slice(good.as_bytes());
    let dir = scratch("bounded", "not-utf8-in-the-middle");
    let file = dir.join("three.mgn");
    fs::write(&file, &bytes).unwrap();
    let output = mgn(&["check", path_str(&file)]);
    assert_eq!(code(&output), 1, "{}", shown(&output));
    assert!(
        stdout(&output).contains("three.mgn:7:14: not valid UTF-8: byte 0xe9 at byte offset 80"),
        "{}",
        shown(&output)
    );
    assert_eq!(summary(&output), "2 passed, 1 failed");
    assert_eq!(
        mgn::suite::verdict_lines_of_bytes(&bytes),
        [
            "game 1: passed",
            "game 2: failed mgn.syntax at 7:14",
            "game 3: passed"
        ]
    );
}

#[cfg(unix)]
#[test]
fn suite_never_blocks_on_a_fifo() {
    // A FIFO named like a case (or its verdict file) would block a reader that opens it until
    // something writes to it: a suite reads regular files only.
    let dir = scratch("bounded", "suite-fifo");
    fs::write(dir.join("case.mgn"), "[Game \"dakon\"]\n\n1. B4 *\n").unwrap();
    fs::write(dir.join("case.verdict"), "game 1: passed\n").unwrap();
    for fifo in ["stuck.mgn", "other.mgn"] {
        let made = std::process::Command::new("mkfifo")
            .arg(dir.join(fifo))
            .status()
            .unwrap();
        assert!(made.success());
    }
    let made = std::process::Command::new("mkfifo")
        .arg(dir.join("other.verdict"))
        .status()
        .unwrap();
    assert!(made.success());
    let mut child = command(&["suite", path_str(&dir)]).spawn().unwrap();
    let started = std::time::Instant::now();
    while child.try_wait().unwrap().is_none() {
        // Only against a hang: a busy machine may take long to walk the folder.
        if started.elapsed() > std::time::Duration::from_secs(300) {
            let _ = child.kill();
            panic!("suite blocks on a FIFO");
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let output = child.wait_with_output().unwrap();
    assert_eq!(code(&output), 0, "{}", shown(&output));
    assert_eq!(summary(&output), "1 passed, 0 failed");
}

/// A game of one 16 MiB line whose second ply breaks the rules: check, replay and show report it
/// within a data limit of 128 MiB, whatever the machine's speed. The report showed the line by
/// first collecting its characters with their offsets, 16 bytes a character (256 MiB here; a
/// game of 64 MiB peaked at 1.1 GB), where a game that passes holds about twice its text.
#[cfg(unix)]
#[test]
fn a_failing_game_on_one_long_line_is_reported_in_bounded_memory() {
    use std::os::unix::process::CommandExt;
    let dir = scratch("bounded", "failing-long-line");
    let file = dir.join("one-line.mgn");
    let mut text = String::from("[Game \"dakon\"]\n\n");
    while text.len() < 16 << 20 {
        text.push_str("B4 ");
    }
    text.push_str("*\n");
    fs::write(&file, &text).unwrap();
    for args in [
        ["check", "--format", "text", path_str(&file)],
        ["replay", "--format", "text", path_str(&file)],
        ["show", "--format", "text", path_str(&file)],
    ] {
        let mut command = command(&args);
        // Thread stacks count as data: a machine of many cores starts no more threads than this.
        command.env("RAYON_NUM_THREADS", "2");
        unsafe {
            command.pre_exec(|| {
                let limit = libc::rlimit {
                    rlim_cur: 128 << 20,
                    rlim_max: 128 << 20,
                };
                if libc::setrlimit(libc::RLIMIT_DATA, &limit) != 0 {
                    return Err(std::io::Error::last_os_error());
                }
                Ok(())
            });
        }
        let output = finish(command, None);
        assert_eq!(code(&output), 1, "{args:?}: {}", shown(&output));
        assert!(
            shown(&output).contains("B4 is not a hole of A's row"),
            "{args:?}: {}",
            shown(&output)
        );
    }
}
