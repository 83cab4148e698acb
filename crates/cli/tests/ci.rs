//! mgn as a CI tool: machine-readable verdicts (JSON lines, JUnit), --max-failures, --quiet,
//! the event trace of `mgn replay`, and `mgn suite`.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const SEED_EXAMPLE: &str = "[Game \"dakon\"]\n\n1. B4 x7(A2,B4) =0/8 *\n";
/// A pass while A still has seeds: dakon.pass at 3:7.
const ILLEGAL_PASS: &str = "[Game \"dakon\"]\n\n1. B4 pass *\n";
/// A checkpoint with one number changed: mgn.claim.checkpoint at 3:7.
const WRONG_CHECKPOINT: &str = "[Game \"dakon\"]\n\n1. B4 [6,0,0,6,6/6,6,7,0,6 0/8 A 1] *\n";

fn mgn(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_mgn"))
        .args(args)
        .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
        .env_remove("RUST_LOG")
        .output()
        .expect("the mgn binary runs")
}

fn scratch(test: &str, files: &[(&str, &str)]) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("mgn-ci-{test}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    for (name, text) in files {
        fs::write(dir.join(name), text).unwrap();
    }
    dir
}

fn out(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).unwrap()
}

fn path(p: &Path) -> &str {
    p.to_str().unwrap()
}

#[test]
fn json_verdicts_are_one_object_per_game_per_line() {
    let dir = scratch(
        "json",
        &[(
            "g.mgn",
            &format!("{ILLEGAL_PASS}\n{SEED_EXAMPLE}\n{WRONG_CHECKPOINT}"),
        )],
    );
    let output = mgn(&["check", "--format", "json", path(&dir.join("g.mgn"))]);
    assert_eq!(output.status.code(), Some(1));
    let lines: Vec<serde_json::Value> = out(&output)
        .lines()
        .map(|l| serde_json::from_str(l).expect("each line is JSON"))
        .collect();
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[0]["schema"], "mgn-check/1");
    assert_eq!(lines[0]["verdict"], "failed");
    assert_eq!(lines[0]["rule"], "dakon.pass");
    assert_eq!(
        (lines[0]["line"].as_u64(), lines[0]["column"].as_u64()),
        (Some(3), Some(7))
    );
    assert_eq!(lines[0]["ply"], 2);
    assert_eq!(
        lines[0]["alternatives"],
        serde_json::json!(["A1", "A4", "A5"])
    );
    assert_eq!(lines[1]["verdict"], "passed");
    assert_eq!(lines[1]["game"], 2);
    assert_eq!(lines[2]["rule"], "mgn.claim.checkpoint");
    assert!(lines[2]["diff"]
        .as_str()
        .unwrap()
        .contains("-holes B: 6,6,7,0,6"));
    assert!(lines[2]["trace"]
        .as_str()
        .unwrap()
        .contains("dakon.capture.opposite"));
    let count = String::from_utf8(output.stderr).unwrap();
    assert!(count.contains("1 passed, 2 failed"), "{count}");
}

#[test]
fn junit_has_a_suite_per_file_and_a_case_per_game() {
    let dir = scratch("junit", &[("a.mgn", ILLEGAL_PASS), ("b.mgn", SEED_EXAMPLE)]);
    let output = mgn(&["check", "--format", "junit", path(&dir)]);
    assert_eq!(output.status.code(), Some(1));
    let xml = out(&output);
    assert!(xml.starts_with("<?xml"), "{xml}");
    assert!(xml.contains("tests=\"2\""), "{xml}");
    assert!(xml.contains("failures=\"1\""), "{xml}");
    assert_eq!(xml.matches("<testsuite ").count(), 2);
    assert!(xml.contains("type=\"dakon.pass\""), "{xml}");
}

#[test]
fn max_failures_stops_and_quiet_keeps_one_line_per_bad_record() {
    let dir = scratch(
        "max",
        &[
            ("a.mgn", ILLEGAL_PASS),
            ("b.mgn", WRONG_CHECKPOINT),
            ("c.mgn", ILLEGAL_PASS),
        ],
    );
    let output = mgn(&["check", "-q", "--max-failures", "2", path(&dir)]);
    assert_eq!(output.status.code(), Some(1));
    let text = out(&output);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3, "{text}");
    assert!(lines[0].contains("a.mgn:3:7: ply 2: A cannot pass"));
    // A false checkpoint is placed at the field that differs, B3, not at its `[`.
    assert!(lines[1].contains("b.mgn:3:22:"), "{text}");
    assert!(lines[1].contains("B3: claimed 7, replayed 6"), "{text}");
    assert_eq!(lines[2], "0 passed, 2 failed");
}

#[test]
fn replay_trace_lists_every_event_as_json() {
    let dir = scratch("trace", &[("g.mgn", SEED_EXAMPLE)]);
    let output = mgn(&[
        "replay",
        "--trace",
        "--format",
        "json",
        path(&dir.join("g.mgn")),
    ]);
    assert_eq!(output.status.code(), Some(0));
    let trace: serde_json::Value = serde_json::from_str(&out(&output)).unwrap();
    assert_eq!(trace["schema"], "mgn-trace/1");
    let step = &trace["games"][0]["steps"][0];
    assert_eq!(step["move"], "B4");
    let events = step["events"].as_array().unwrap();
    let sown = events.iter().filter(|e| e["event"] == "sow").count();
    assert_eq!(sown, 11, "5 seeds from B4, then 6 from A3");
    assert!(events.iter().any(|e| e["event"] == "capture"
        && e["hole"] == "A2"
        && e["rule"] == "dakon.capture.opposite"));
    assert_eq!(step["after"], "6,0,0,6,6/6,6,6,0,6 0/8 A 1");
}

#[test]
fn suite_reports_differences_and_bless_rewrites_verdicts() {
    let dir = scratch(
        "suite",
        &[
            ("pass.mgn", ILLEGAL_PASS),
            ("pass.verdict", "# an illegal pass\ngame 1: passed\n"),
        ],
    );
    let output = mgn(&["suite", path(&dir)]);
    assert_eq!(output.status.code(), Some(1));
    assert!(
        out(&output).contains("+game 1: failed dakon.pass at 3:7"),
        "{}",
        out(&output)
    );
    let output = mgn(&["suite", "--bless", path(&dir)]);
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(
        fs::read_to_string(dir.join("pass.verdict")).unwrap(),
        "# an illegal pass\ngame 1: failed dakon.pass at 3:7\n"
    );
    assert_eq!(mgn(&["suite", path(&dir)]).status.code(), Some(0));
}
