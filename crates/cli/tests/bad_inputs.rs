//! Malformed and hostile inputs (issue 10, docs/robustness.md): mgn answers each one clearly
//! and never crashes, hangs or loses a good game because of a bad one.
//!
//! `fixtures/bad/` is a suite (its `.verdict` files are checked by tests/fixtures.rs); here each
//! case's `name.expect` lists, one a line, texts that `mgn check name.mgn` must print: what was
//! expected and found, or the rule. Inputs too large to keep in the repository (long lines,
//! long files, too many games, a file over the size limit) are generated here.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

fn mgn() -> Command {
    Command::new(env!("CARGO_BIN_EXE_mgn"))
}

fn bad() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/bad")
}

fn shown(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned() + &String::from_utf8_lossy(&output.stderr)
}

/// Exit 0, 1 or 2, as documented; a panic exits 101 and a signal gives no code.
fn assert_clean_exit(output: &Output, what: &str) {
    let code = output.status.code();
    assert!(
        matches!(code, Some(0..=2)),
        "{what}: exit {code:?}\n{}",
        shown(output)
    );
    assert!(
        !shown(output).contains("panicked"),
        "{what}: panicked\n{}",
        shown(output)
    );
}

#[test]
fn every_bad_fixture_gets_its_expected_messages() {
    let cases = mgn::suite::cases(&bad()).unwrap();
    assert!(cases.len() >= 20, "fixtures/bad holds the catalogue");
    let mut missing = Vec::new();
    for case in cases {
        let expect = case.with_extension("expect");
        let wanted = std::fs::read_to_string(&expect)
            .unwrap_or_else(|_| panic!("{} has no .expect file", case.display()));
        let output = mgn().arg("check").arg(&case).output().unwrap();
        assert_clean_exit(&output, &case.display().to_string());
        let text = shown(&output);
        for line in wanted.lines().filter(|l| !l.trim().is_empty()) {
            if !text.contains(line) {
                missing.push(format!(
                    "{}: no `{line}` in\n{text}",
                    case.file_name().unwrap().to_string_lossy()
                ));
            }
        }
        let failed = !text.contains(" 0 failed");
        assert_eq!(
            output.status.code(),
            Some(if failed { 1 } else { 0 }),
            "{}",
            case.display()
        );
    }
    assert!(missing.is_empty(), "{}", missing.join("\n"));
}

fn check_text(text: &str) -> Vec<String> {
    mgn::suite::verdict_lines(text)
}

#[test]
fn a_very_long_line_is_read_in_full() {
    // Four megabytes on one line: a comment, then 200000 move numbers and passes would be
    // wrong, so a long run of comments and a claim, then the result.
    let mut text = String::from("[Game \"dakon\"]\n\n1. B4 {");
    text.push_str(&"a".repeat(4 << 20));
    text.push('}');
    text.push_str(&" {}".repeat(100_000));
    text.push_str(" x7 *\n[Game \"dakon\"]\n\n1. B4 x8 *\n");
    let started = Instant::now();
    let verdicts = check_text(&text);
    assert_eq!(verdicts[0], "game 1: passed");
    assert!(verdicts[1].starts_with("game 2: failed mgn.claim.captures"));
    // Only against a hang (a reader quadratic in the comments would take hours), never a
    // measure of speed: CI machines are busy.
    assert!(started.elapsed() < Duration::from_secs(300));
}

#[test]
fn a_very_long_unterminated_comment_is_reported_at_its_brace() {
    let mut text = String::from("[Game \"dakon\"]\n\n1. B4 {");
    text.push_str(&"{".repeat(1 << 20));
    text.push_str("\n\n[Game \"dakon\"]\n\n1. B4 *\n");
    let records = mgn::notation::parse_games(&text);
    let error = records[0].as_ref().unwrap_err();
    assert_eq!(error.offset, text.find('{').unwrap());
    assert!(
        error.to_string().contains("closing this comment"),
        "{error}"
    );
}

#[test]
fn a_deeply_nested_comment_does_not_grow_the_stack() {
    let depth = 1 << 20;
    let text = format!(
        "[Game \"dakon\"]\n\n1. B4 {}{} *\n",
        "{".repeat(depth),
        "}".repeat(depth)
    );
    let verdicts = check_text(&text);
    assert_eq!(verdicts.len(), 1);
    assert!(
        verdicts[0].starts_with("game 1: syntax error at 3:"),
        "{verdicts:?}"
    );
}

#[test]
fn a_long_file_keeps_every_good_game() {
    // Ten thousand games, every tenth one broken: the other nine thousand all pass.
    let good = "[Game \"dakon\"]\n\n1. B4 x7(A2,B4) =0/8 1... A1 *\n\n";
    let broken = "[Game \"dakon\"]\n\n1. B4 x7(A2,B4 =0/8 *\n\n";
    let text: String = (0..10_000)
        .map(|i| if i % 10 == 9 { broken } else { good })
        .collect();
    let verdicts = check_text(&text);
    assert_eq!(verdicts.len(), 10_000);
    assert_eq!(
        verdicts.iter().filter(|v| v.ends_with(": passed")).count(),
        9_000
    );
}

#[test]
fn a_file_of_many_games_is_read_whole() {
    // More than the 100000 games one file was once limited to.
    let count = 100_005;
    let text = "[Game \"dakon\"]\n*\n".repeat(count);
    let records = mgn::notation::parse_games(&text);
    assert_eq!(records.len(), count);
    assert!(records.iter().all(Result::is_ok));
}

/// A game of more than 64 MiB (the size mgn once refused to read): one comment of that size,
/// which a file of any size may hold, read from a file and from standard input.
fn one_huge_game() -> Vec<u8> {
    let mut text = b"[Game \"dakon\"]\n\n1. B4 {".to_vec();
    text.resize(text.len() + (65 << 20), b'a');
    text.extend_from_slice(b"} x7(A2,B4) *\n[Game \"dakon\"]\n\n1. B4 x8 *\n");
    text
}

#[test]
fn a_file_over_64_mib_is_checked() {
    let dir = std::env::temp_dir().join(format!("mgn-huge-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("huge.mgn");
    std::fs::write(&path, one_huge_game()).unwrap();
    let output = mgn().arg("check").arg(&path).output().unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(output.status.code(), Some(1), "{}", shown(&output));
    assert!(
        shown(&output).contains(":6:7: ply 1: the record claims x8"),
        "{}",
        shown(&output)
    );
    assert!(
        shown(&output).ends_with("1 passed, 1 failed\n"),
        "{}",
        shown(&output)
    );
}

#[test]
fn standard_input_over_64_mib_is_checked() {
    let mut child = mgn()
        .args(["check", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || stdin.write_all(&one_huge_game()));
    let output = child.wait_with_output().unwrap();
    writer.join().unwrap().unwrap();
    assert_eq!(output.status.code(), Some(1), "{}", shown(&output));
    assert!(
        shown(&output).contains("<stdin>:6:7:"),
        "{}",
        shown(&output)
    );
}

#[test]
fn bytes_that_are_not_utf8_anywhere_never_crash() {
    // A game of every kind with an invalid byte at each place of its first line of moves.
    let text = b"[Game \"nchuwa\"]\n[Board \"4x6\"]\n\n1. B8:B2*A5 x6(A11,A5) =0/6 *\n";
    for at in (0..text.len()).step_by(3) {
        for byte in [0x80u8, 0xc3, 0xff] {
            let mut bytes = text.to_vec();
            bytes[at] = byte;
            let verdicts = mgn::suite::verdict_lines_of_bytes(&bytes);
            assert_eq!(verdicts.len(), 1);
            assert!(verdicts[0].starts_with("game 1: failed mgn.syntax at "));
        }
    }
}

#[test]
fn hostile_json_and_yaml_documents_are_refused_clearly() {
    let dir = std::env::temp_dir().join(format!("mgn-hostile-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let game = |count: &str, hole: &str, board: &str| {
        format!(
            r#"{{"mgn": 1, "games": [{{"header": {{"game": "dakon", "board": "{board}"}},
            "moves": [{{"move": {{"sowings": [{{"hole": "{hole}"}}]}}}},
                      {{"captures": {{"count": {count}}}}}],
            "outcome": "*"}}]}}"#
        )
    };
    let cases = [
        ("huge.json", game("99999999999999999999", "B4", "2x5"), 1),
        ("negative.json", game("-7", "B4", "2x5"), 1),
        ("float.json", game("1e400", "B4", "2x5"), 1),
        ("hole.json", game("7", "B99999999999", "2x5"), 1),
        ("board.json", game("7", "B4", "2x4294967296"), 1),
        ("deep.json", "[".repeat(100_000), 1),
        ("deep.yaml", "[".repeat(100_000) + &"]".repeat(100_000), 1),
        ("alias.yaml", "a: &a [1]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a]\nc: &c [*b, *b, *b, *b, *b, *b, *b, *b]\nd: [*c, *c, *c, *c, *c, *c, *c, *c]\n".to_string(), 1),
        ("u32.json", game("4294967295", "B4", "2x5"), 0),
    ];
    for (name, text, status) in cases {
        let path = dir.join(name);
        std::fs::write(&path, &text).unwrap();
        let output = mgn()
            .args(["convert", "--to", "mgn"])
            .arg(&path)
            .output()
            .unwrap();
        assert_clean_exit(&output, name);
        assert_eq!(
            output.status.code(),
            Some(status),
            "{name}: {}",
            shown(&output)
        );
        if status == 1 {
            assert!(
                shown(&output).contains("not an MGN"),
                "{name}: {}",
                shown(&output)
            );
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
