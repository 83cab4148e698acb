//! `mgn split` and `mgn stats`, run as a user runs them: each option and format, the names a
//! split gives files, what it refuses to replace, a bad game among good ones, and the stats
//! reports of records/, kept in crates/cli/tests/golden/ (`MGN_BLESS=1` rewrites them).

mod support;

use std::fs;
use std::path::Path;
use support::*;

const TWO_EVENTS: &str = "\
{the first game's own note}
[Game \"dakon\"]
[Event \"../../x\"]

1. B4 *
{after the first}

[Game \"dakon\"]
[Event \"spring cup\"]

1. B5 *

[Game \"dakon\"]

1. B2 *

[Game \"dakon\"]
[Event \"../../x\"]

1. B3 *
";

fn write(folder: &Path, name: &str, text: &str) -> String {
    let path = folder.join(name);
    fs::write(&path, text).unwrap();
    path_str(&path).to_string()
}

fn names(folder: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(folder)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    names
}

#[test]
fn split_per_n_numbers_the_files_and_keeps_every_byte_of_each_game() {
    let dir = scratch("split", "per");
    let input = write(&dir, "in.mgn", TWO_EVENTS);
    let out = dir.join("out");
    let output = mgn(&["split", "--per", "3", "-o", path_str(&out), &input]);
    assert_eq!(code(&output), 0, "{}", shown(&output));
    assert_eq!(names(&out), ["0001.mgn", "0002.mgn"]);
    let first = fs::read_to_string(out.join("0001.mgn")).unwrap();
    assert!(first.starts_with("{the first game's own note}\n[Game \"dakon\"]\n[Event \"../../x\"]\n\n1. B4 *\n{after the first}\n\n[Game"), "{first}");
    assert_eq!(
        fs::read_to_string(out.join("0002.mgn")).unwrap(),
        "[Game \"dakon\"]\n[Event \"../../x\"]\n\n1. B3 *\n"
    );
    // What was split reads back as the same games.
    let check = mgn(&["check", path_str(&out)]);
    assert_eq!(summary(&check), "4 passed, 0 failed");
}

#[test]
fn split_by_tag_names_files_only_inside_the_folder() {
    let dir = scratch("split", "by-tag");
    let input = write(&dir, "in.mgn", TWO_EVENTS);
    let out = dir.join("deep/out");
    let output = mgn(&["split", "--by-tag", "Event", "-o", path_str(&out), &input]);
    assert_eq!(code(&output), 0, "{}", shown(&output));
    assert_eq!(
        names(&out),
        ["_untagged.mgn", "spring_cup.mgn", "tag-.._.._x.mgn"]
    );
    assert!(!dir.join("x.mgn").exists() && !dir.join("deep/x.mgn").exists());
    let hostile = fs::read_to_string(out.join("tag-.._.._x.mgn")).unwrap();
    assert_eq!(hostile.matches("[Game").count(), 2, "{hostile}");
    assert!(fs::read_to_string(out.join("_untagged.mgn"))
        .unwrap()
        .contains("1. B2 *"));
}

#[test]
fn split_by_tag_gives_values_of_one_safe_name_their_own_files() {
    let dir = scratch("split", "same-name");
    let text = "[Game \"dakon\"]\n[Site \"a/b\"]\n\n1. B5 *\n\n[Game \"dakon\"]\n[Site \"a b\"]\n\n1. B2 *\n\n[Game \"dakon\"]\n[Site \"a/b\"]\n\n1. B3 *\n";
    let input = write(&dir, "in.mgn", text);
    let out = dir.join("out");
    let output = mgn(&["split", "--by-tag", "Site", "-o", path_str(&out), &input]);
    assert_eq!(code(&output), 0, "{}", shown(&output));
    assert_eq!(names(&out), ["a_b-2.mgn", "a_b.mgn"]);
    let a_b = fs::read_to_string(out.join("a_b.mgn")).unwrap();
    assert!(a_b.contains("1. B5 *") && a_b.contains("1. B3 *") && !a_b.contains("B2"));
}

#[test]
fn split_never_replaces_a_file_without_force() {
    let dir = scratch("split", "force");
    let input = write(&dir, "in.mgn", TWO_EVENTS);
    let out = dir.join("out");
    fs::create_dir_all(&out).unwrap();
    write(&out, "0001.mgn", "mine\n");
    let output = mgn(&["split", "--per", "10", "-o", path_str(&out), &input]);
    assert_eq!(code(&output), 2, "{}", shown(&output));
    assert!(
        stderr(&output).contains("exists already"),
        "{}",
        shown(&output)
    );
    assert_eq!(fs::read_to_string(out.join("0001.mgn")).unwrap(), "mine\n");

    let forced = mgn(&[
        "split",
        "--per",
        "10",
        "--force",
        "-o",
        path_str(&out),
        &input,
    ]);
    assert_eq!(code(&forced), 0, "{}", shown(&forced));
    assert_eq!(
        fs::read_to_string(out.join("0001.mgn"))
            .unwrap()
            .matches("[Game")
            .count(),
        4
    );
}

#[test]
fn split_reports_a_bad_game_and_writes_the_others() {
    let dir = scratch("split", "bad");
    let text = "[Game \"dakon\"]\n\n1. B5 *\n\n[Game \"dakon\"]\n\n1. B9? *\n\n[Game \"dakon\"]\n\n1. B3 *\n";
    let input = write(&dir, "in.mgn", text);
    let out = dir.join("out");
    let output = mgn(&["split", "--per", "1", "-o", path_str(&out), &input]);
    assert_eq!(code(&output), 1, "{}", shown(&output));
    assert!(stderr(&output).contains("in.mgn:7:"), "{}", shown(&output));
    assert_eq!(names(&out), ["0001.mgn", "0002.mgn"]);
    assert!(fs::read_to_string(out.join("0002.mgn"))
        .unwrap()
        .contains("1. B3 *"));
}

#[test]
fn split_reads_standard_input_and_needs_a_grouping() {
    let dir = scratch("split", "stdin");
    let out = dir.join("out");
    let output = run(
        &["split", "--per", "2", "-o", path_str(&out), "-"],
        Some(TWO_EVENTS.as_bytes()),
    );
    assert_eq!(code(&output), 0, "{}", shown(&output));
    assert_eq!(names(&out), ["0001.mgn", "0002.mgn"]);
    let neither = mgn(&["split", "-o", path_str(&out), "records/"]);
    assert_eq!(code(&neither), 2);
}
