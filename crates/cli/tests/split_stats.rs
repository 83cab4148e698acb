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

/// Compares `actual` with crates/cli/tests/golden/NAME, or writes it there under MGN_BLESS.
fn compare(name: &str, actual: &str) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/golden")
        .join(name);
    if std::env::var_os("MGN_BLESS").is_some() {
        fs::write(&path, actual).unwrap();
        return;
    }
    let expected = fs::read_to_string(&path)
        .unwrap_or_else(|_| panic!("{} is missing: MGN_BLESS=1 writes it", path.display()));
    if expected != actual {
        let diff = similar::TextDiff::from_lines(expected.as_str(), actual)
            .unified_diff()
            .context_radius(2)
            .header("kept", "now")
            .to_string();
        panic!("{name} differs from what users saw before:\n{diff}");
    }
}

#[test]
fn stats_of_the_records_are_kept() {
    let text = mgn(&["stats", "records/"]);
    assert_eq!(code(&text), 0, "{}", shown(&text));
    compare("stats.txt", &stdout(&text));
    let by = mgn(&["stats", "--by", "Preset", "records/dakon/"]);
    assert_eq!(code(&by), 0, "{}", shown(&by));
    compare("stats-by-preset.txt", &stdout(&by));
    let fast = mgn(&["stats", "--no-replay", "records/"]);
    assert_eq!(code(&fast), 0, "{}", shown(&fast));
    compare("stats-no-replay.txt", &stdout(&fast));
    let json = mgn(&["stats", "--format", "json", "--by", "Game", "records/"]);
    assert_eq!(code(&json), 0, "{}", shown(&json));
    compare("stats.json", &stdout(&json));
}

#[test]
fn stats_json_is_one_object_of_the_documented_fields() {
    let output = mgn(&["stats", "--format", "json", "records/nchuwa/"]);
    let value: serde_json::Value = serde_json::from_str(&stdout(&output)).unwrap();
    assert_eq!(value["schema"], "mgn-stats/1");
    assert_eq!(value["replayed"], true);
    assert_eq!(value["files"], 8);
    assert!(value["groups"].is_null());
    let total = &value["total"];
    assert_eq!(total["games"], 8);
    assert_eq!(total["by_game"]["nchuwa"], 8);
    let results = &total["results"];
    let sum: u64 = ["1-0", "0-1", "1/2-1/2", "*", "fails check"]
        .iter()
        .map(|k| results[k].as_u64().unwrap())
        .sum();
    assert_eq!(sum, 8);
    let first = &total["first_player"];
    assert_eq!(first["interval_method"], "wilson");
    let interval = first["interval_95"].as_array().unwrap();
    let rate = first["rate"].as_f64().unwrap();
    assert!(interval[0].as_f64().unwrap() <= rate && rate <= interval[1].as_f64().unwrap());
    let plies = &total["plies"];
    let counted: u64 = plies["counts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|pair| pair[1].as_u64().unwrap())
        .sum();
    assert_eq!(counted, 8);
    assert!(
        total["rules"]["nchuwa.capture.inner"]["fired"]
            .as_u64()
            .unwrap()
            > 0
    );
    for key in ["unreadable", "failed_check", "by_preset", "rounds"] {
        assert!(total.get(key).is_some(), "{key}");
    }
}

#[test]
fn stats_counts_the_replayed_result_not_a_false_claim() {
    let dir = scratch("stats", "false-claim");
    // B4 alone does not end the game: its result 1-0 is a claim the replay does not bear out.
    let text = "[Game \"dakon\"]\n[Result \"1-0\"]\n\n1. B4 1-0\n\n[Game \"dakon\"]\n\n1. B4 *\n";
    let input = write(&dir, "claims.mgn", text);
    let replayed = mgn(&["stats", "--format", "json", &input]);
    assert_eq!(code(&replayed), 1, "{}", shown(&replayed));
    let value: serde_json::Value = serde_json::from_str(&stdout(&replayed)).unwrap();
    assert_eq!(value["total"]["results"]["1-0"], 0);
    assert_eq!(value["total"]["results"]["fails check"], 1);
    assert_eq!(value["total"]["failed_check"], 1);
    let failure = &value["failures"][0];
    assert!(failure["file"].as_str().unwrap().ends_with("claims.mgn"));
    assert_eq!(failure["line"], 4);
    assert!(failure["rule"].is_string());

    let claimed = mgn(&["stats", "--no-replay", "--format", "json", &input]);
    assert_eq!(code(&claimed), 0, "{}", shown(&claimed));
    let value: serde_json::Value = serde_json::from_str(&stdout(&claimed)).unwrap();
    assert_eq!(value["total"]["results"]["1-0"], 1);
    assert!(value["total"]["failed_check"].is_null());
    assert!(value["total"]["rules"].is_null());
}

#[test]
fn stats_reports_a_bad_game_and_counts_the_others() {
    let dir = scratch("stats", "bad");
    let text = "[Game \"dakon\"]\n\n1. B5 *\n\n[Game \"dakon\"]\n\n1. B9? *\n\n[Game \"dakon\"]\n\n1. B3 *\n";
    let input = write(&dir, "in.mgn", text);
    let output = mgn(&["stats", &input]);
    assert_eq!(code(&output), 1, "{}", shown(&output));
    assert!(stderr(&output).contains("in.mgn:7:"), "{}", shown(&output));
    let report = stdout(&output);
    assert!(
        report.contains("games        2 read, 1 do not read, 0 fail check"),
        "{report}"
    );
    assert!(report.contains("in.mgn:7:"), "{report}");
}

#[test]
fn stats_by_tag_summarises_each_value() {
    let dir = scratch("stats", "by");
    let input = write(&dir, "in.mgn", TWO_EVENTS);
    let output = mgn(&["stats", "--by", "Event", "--format", "json", &input]);
    assert_eq!(code(&output), 0, "{}", shown(&output));
    let value: serde_json::Value = serde_json::from_str(&stdout(&output)).unwrap();
    let groups = value["groups"].as_array().unwrap();
    let games: Vec<(serde_json::Value, u64)> = groups
        .iter()
        .map(|g| (g["value"].clone(), g["stats"]["games"].as_u64().unwrap()))
        .collect();
    assert_eq!(
        games,
        [
            (serde_json::Value::Null, 1),
            (serde_json::json!("../../x"), 2),
            (serde_json::json!("spring cup"), 1)
        ]
    );
}

/// The SVG's text stays on the page: every label starts inside it, and a label anchored at its
/// end has room before it.
#[test]
fn stats_svg_keeps_its_text_on_the_page() {
    let output = mgn(&["stats", "--format", "svg", "--by", "Preset", "records/"]);
    assert_eq!(code(&output), 0, "{}", shown(&output));
    let svg = stdout(&output);
    let document = roxmltree::Document::parse(&svg).expect("the SVG is XML");
    let root = document.root_element();
    let width: f64 = root.attribute("width").unwrap().parse().unwrap();
    let height: f64 = root.attribute("height").unwrap().parse().unwrap();
    let mut texts = 0;
    for text in root.descendants().filter(|n| n.has_tag_name("text")) {
        texts += 1;
        let x: f64 = text.attribute("x").unwrap().parse().unwrap();
        let y: f64 = text.attribute("y").unwrap().parse().unwrap();
        let chars = text.text().unwrap_or("").chars().count() as f64;
        let (left, right) = match text.attribute("text-anchor") {
            Some("end") => (x - chars * 7.6, x),
            Some("middle") => (x - chars * 3.8, x + chars * 3.8),
            _ => (x, x + chars * 7.6),
        };
        assert!(
            left >= 0.0 && right <= width && y > 0.0 && y <= height,
            "{:?} at {x},{y} leaves the page",
            text.text()
        );
    }
    assert!(texts > 20);
}

/// The stats page rendered in a real browser: it parses (no error page) and the screenshot
/// shows the charts, not a blank page.
#[test]
fn stats_svg_renders_in_a_browser() {
    let Some(browser) = chromium() else {
        eprintln!("skipped: no browser (chromium) is installed; MGN_CHROMIUM names one");
        return;
    };
    let dir = scratch("stats", "browser");
    let svg = dir.join("stats.svg");
    let output = mgn(&["stats", "--format", "svg", "-o", path_str(&svg), "records/"]);
    assert_eq!(code(&output), 0, "{}", shown(&output));

    let dom = headless(&browser, &dir.join("profile"))
        .arg("--dump-dom")
        .arg(&svg)
        .output()
        .unwrap();
    let dom = String::from_utf8_lossy(&dom.stdout);
    assert!(
        dom.contains("<svg"),
        "the browser did not load the page: {dom}"
    );
    assert!(
        !dom.contains("parsererror"),
        "the browser could not parse the SVG: {dom}"
    );

    // The window is the page's size, so that the screenshot is the page and nothing else.
    let page = fs::read_to_string(&svg).unwrap();
    let page = roxmltree::Document::parse(&page).unwrap();
    let size = |name| -> u32 {
        page.root_element()
            .attribute(name)
            .unwrap()
            .parse()
            .unwrap()
    };
    let (page_width, page_height) = (size("width"), size("height"));
    let shot = dir.join("stats.png");
    let rendered = headless(&browser, &dir.join("profile"))
        .arg(format!("--screenshot={}", shot.display()))
        .arg(format!("--window-size={page_width},{page_height}"))
        .arg(&svg)
        .output()
        .unwrap();
    assert!(
        rendered.status.success() && shot.exists(),
        "{}",
        String::from_utf8_lossy(&rendered.stderr)
    );
    let (width, height, pixels) = decode(&fs::read(&shot).unwrap());
    assert_eq!((width, height), (page_width, page_height));
    let painted = pixels
        .chunks(4)
        .filter(|p| p[0] < 200 || p[1] < 200 || p[2] < 200)
        .count();
    assert!(
        painted > pixels.len() / 4 / 50,
        "the screenshot is nearly blank: {painted} pixels painted"
    );
    // The results' bars are drawn in their colour, #4e79a7.
    let result_bars = pixels
        .chunks(4)
        .filter(|p| p[0].abs_diff(0x4e) < 8 && p[1].abs_diff(0x79) < 8 && p[2].abs_diff(0xa7) < 8)
        .count();
    assert!(result_bars > 1000, "no result bars: {result_bars} pixels");
    if std::env::var_os("MGN_BLESS").is_some() {
        fs::copy(&shot, repo().join("docs/images/stats.png")).unwrap();
    }
}

#[test]
fn stats_writes_to_a_file_but_never_over_an_input() {
    let dir = scratch("stats", "output");
    let input = write(&dir, "in.mgn", TWO_EVENTS);
    let output = mgn(&["stats", "-o", &input, &input]);
    assert_eq!(code(&output), 2, "{}", shown(&output));
    assert_eq!(fs::read_to_string(&input).unwrap(), TWO_EVENTS);
    let out = dir.join("stats.txt");
    let written = mgn(&["stats", "-o", path_str(&out), &input]);
    assert_eq!(code(&written), 0, "{}", shown(&written));
    assert!(fs::read_to_string(&out)
        .unwrap()
        .starts_with("1 file, every game replayed"));
}

/// More values than files kept open: a file closed to make room is opened again to append.
#[test]
fn split_by_tag_of_many_values_appends_to_files_it_closed() {
    let dir = scratch("split", "many");
    let mut text = String::new();
    for n in (0..100).chain([0, 1]) {
        text.push_str(&format!(
            "[Game \"dakon\"]\n[Round \"r{n}\"]\n\n1. B5 *\n\n"
        ));
    }
    let input = write(&dir, "in.mgn", &text);
    let out = dir.join("out");
    let output = mgn(&["split", "--by-tag", "Round", "-o", path_str(&out), &input]);
    assert_eq!(code(&output), 0, "{}", shown(&output));
    assert_eq!(names(&out).len(), 100);
    assert_eq!(
        fs::read_to_string(out.join("r0.mgn")).unwrap(),
        "[Game \"dakon\"]\n[Round \"r0\"]\n\n1. B5 *\n\n[Game \"dakon\"]\n[Round \"r0\"]\n\n1. B5 *\n"
    );
    let check = mgn(&["check", path_str(&out)]);
    assert_eq!(summary(&check), "102 passed, 0 failed");
}

#[test]
fn split_and_stats_help_show_examples() {
    for command in ["split", "stats"] {
        let output = mgn(&[command, "--help"]);
        assert_eq!(code(&output), 0);
        let text = stdout(&output);
        assert!(text.contains("Examples:"), "{command}:\n{text}");
        assert!(text.contains("Exit status:"), "{command}:\n{text}");
    }
}

/// A tag of a value for each game does not hold a summary for each game: past the first 1000
/// values, the games are summarised together.
#[test]
fn stats_by_a_tag_of_many_values_keeps_the_first_thousand() {
    let dir = scratch("stats", "many-values");
    let mut text = String::new();
    for n in 0..1003 {
        text.push_str(&format!("[Game \"dakon\"]\n[Site \"s{n}\"]\n\n1. B5 *\n\n"));
    }
    let input = write(&dir, "in.mgn", &text);
    let output = mgn(&[
        "stats",
        "--no-replay",
        "--by",
        "Site",
        "--format",
        "json",
        &input,
    ]);
    assert_eq!(code(&output), 0, "{}", shown(&output));
    let value: serde_json::Value = serde_json::from_str(&stdout(&output)).unwrap();
    assert_eq!(value["groups"].as_array().unwrap().len(), 1000);
    assert_eq!(value["other_values"]["games"], 3);
    assert_eq!(value["total"]["games"], 1003);
}

/// A folder given as input stands for its files: none of them is replaced, by split --force
/// writing into that folder or by stats -o naming one of them (the refusal compared the
/// output with the folder, so `b.mgn` was truncated before it was read).
#[test]
fn a_file_a_folder_stands_for_is_never_replaced() {
    let dir = scratch("split", "folder-input");
    let first = write(
        &dir,
        "a.mgn",
        "[Game \"dakon\"]\n[Event \"b\"]\n\n1. B4 *\n",
    );
    let second = write(
        &dir,
        "b.mgn",
        "[Game \"dakon\"]\n[Event \"x\"]\n\n1. B5 *\n",
    );
    let before = [
        fs::read_to_string(&first).unwrap(),
        fs::read_to_string(&second).unwrap(),
    ];
    let output = mgn(&[
        "split",
        "--by-tag",
        "Event",
        "--force",
        "-o",
        path_str(&dir),
        path_str(&dir),
    ]);
    assert_eq!(code(&output), 2, "{}", shown(&output));
    assert!(
        stderr(&output).contains("is also the input"),
        "{}",
        shown(&output)
    );
    let output = mgn(&["stats", "-o", &second, path_str(&dir)]);
    assert_eq!(code(&output), 2, "{}", shown(&output));
    let output = mgn(&["check", "--format", "html", "-o", &second, path_str(&dir)]);
    assert_eq!(code(&output), 2, "{}", shown(&output));
    let after = [
        fs::read_to_string(&first).unwrap(),
        fs::read_to_string(&second).unwrap(),
    ];
    assert_eq!(after, before);
}

/// `-o -` is standard output for stats and check's page, as for every command (it wrote a
/// file named `-`).
#[test]
fn a_dash_output_is_standard_output() {
    let record = repo().join("records/nchuwa");
    let output = mgn(&["stats", "-o", "-", path_str(&record)]);
    assert_eq!(code(&output), 0, "{}", shown(&output));
    assert!(
        stdout(&output).contains("every game replayed"),
        "{}",
        shown(&output)
    );
    let output = mgn(&["check", "--format", "html", "-o", "-", path_str(&record)]);
    assert_eq!(code(&output), 0, "{}", shown(&output));
    assert!(
        stdout(&output).starts_with("<!DOCTYPE html>"),
        "{}",
        shown(&output)
    );
}

#[test]
fn split_never_replaces_its_input_even_with_force() {
    let dir = scratch("split", "input");
    let input = write(&dir, "0001.mgn", TWO_EVENTS);
    let output = mgn(&[
        "split",
        "--per",
        "2",
        "--force",
        "-o",
        path_str(&dir),
        &input,
    ]);
    assert_eq!(code(&output), 2, "{}", shown(&output));
    assert!(
        stderr(&output).contains("is also the input"),
        "{}",
        shown(&output)
    );
    assert_eq!(fs::read_to_string(&input).unwrap(), TWO_EVENTS);
}

#[test]
fn stats_counts_every_lap_of_a_ply_too_long_for_its_trace() {
    // B1/17208: a stopped endless move of 17,208 laps, of which a step's trace keeps the first
    // and the last laps only.
    let dir = scratch("stats", "long-ply");
    let long = fs::read_to_string(repo().join("fixtures/nchuwa/endless-long.mgn")).unwrap();
    let second = long.match_indices("[Game").nth(1).unwrap().0;
    let first_game = &long[..second];
    let input = write(&dir, "long.mgn", first_game);
    let output = mgn(&["stats", "--format", "json", &input]);
    assert_eq!(code(&output), 0, "{}", shown(&output));
    let value: serde_json::Value = serde_json::from_str(&stdout(&output)).unwrap();
    let rules = &value["total"]["rules"];
    // Every lap but the last, where the mover stops (with the cycle's summary, the endless rule).
    assert_eq!(rules["nchuwa.lap.relay"]["fired"], 17207, "{rules}");
    assert_eq!(rules["nchuwa.endless"]["fired"], 2, "{rules}");
    assert!(value["total"].get("omitted").is_none());
    let text = mgn(&["stats", &input]);
    assert!(!stdout(&text).contains("not counted"), "{}", shown(&text));
}

#[cfg(unix)]
#[test]
fn split_that_cannot_write_leaves_whole_games_and_says_how_many() {
    let dir = scratch("split", "full-disk");
    let game = |n: usize| {
        format!(
            "[Game \"dakon\"]\n[Event \"game {n} of a collection too big for the disk\"]\n\n1. B4 *\n\n"
        )
    };
    // About 170 KB: more than one 64 KiB buffer fits under the limit of 96 KiB, not all.
    let text: String = (1..=2000).map(game).collect();
    let input = write(&dir, "in.mgn", &text);
    let out = dir.join("out");
    let mut command = command(&["split", "--per", "5000", "-o", path_str(&out), &input]);
    limit_file_size(&mut command, 96 * 1024);
    let output = finish(command, None);
    assert_eq!(code(&output), 2, "{}", shown(&output));
    let said = stderr(&output);
    assert!(
        said.contains("cannot write") && said.contains("0001.mgn"),
        "{said}"
    );
    assert!(said.contains("games written before it are kept"), "{said}");
    let written = fs::read_to_string(out.join("0001.mgn")).unwrap();
    assert!(
        !written.is_empty() && written.len() < text.len(),
        "{}",
        written.len()
    );
    // Whole games only: the file is the input's first games, byte for byte, ending where one
    // of them ends.
    assert!(
        text.starts_with(&written),
        "the file is not a prefix of the input"
    );
    assert!(
        written.ends_with("*\n"),
        "the file ends inside a game: {:?}",
        &written[written.len().saturating_sub(40)..]
    );
    let kept = written.matches("[Game").count();
    assert!(said.contains(&format!("{kept} games")), "{said}");
    let check = mgn(&["check", path_str(&out.join("0001.mgn"))]);
    assert_eq!(summary(&check), format!("{kept} passed, 0 failed"));
}

#[test]
fn split_with_force_names_the_files_of_an_earlier_split_it_left() {
    let dir = scratch("split", "force-leftovers");
    let input = write(&dir, "in.mgn", TWO_EVENTS);
    let out = dir.join("out");
    let first = mgn(&["split", "--per", "1", "-o", path_str(&out), &input]);
    assert_eq!(code(&first), 0, "{}", shown(&first));
    assert_eq!(names(&out).len(), 4);
    let again = mgn(&[
        "split",
        "--per",
        "3",
        "--force",
        "-o",
        path_str(&out),
        &input,
    ]);
    assert_eq!(code(&again), 0, "{}", shown(&again));
    // 0003.mgn and 0004.mgn are the first run's: a split never deletes a file, but it says so.
    assert_eq!(
        names(&out),
        ["0001.mgn", "0002.mgn", "0003.mgn", "0004.mgn"]
    );
    let said = stderr(&again);
    assert!(
        said.contains("0003.mgn")
            && said.contains("0004.mgn")
            && said.contains("not written by this split"),
        "{said}"
    );
    assert!(!said.contains("0001.mgn"), "{said}");
}

#[test]
fn stats_places_bytes_that_are_not_utf8_as_check_does_and_escapes_file_names() {
    let dir = scratch("stats", "hostile-names");
    write(
        &dir,
        "latin1.mgn",
        "[Game \"dakon\"]\n[Event \"caf\u{e9}\"]\n\n1. B4 *\n",
    );
    // The name holds a line break and an escape sequence that would recolour a terminal.
    fs::write(
        dir.join("latin1.mgn"),
        b"[Game \"dakon\"]\n[Event \"caf\xe9\"]\n\n1. B4 *\n",
    )
    .unwrap();
    write(
        &dir,
        "bad\nname\u{1b}[31m.mgn",
        "[Game \"dakon\"]\n\n1. B4 x3(A2) *\n",
    );
    let output = mgn(&["stats", path_str(&dir)]);
    assert_eq!(code(&output), 1, "{}", shown(&output));
    let report = stdout(&output);
    let check = mgn(&["check", "-q", path_str(&dir)]);
    let checked = stdout(&check);
    // Where check puts the bad byte, with the same words and rule.
    let utf8 = checked
        .lines()
        .find(|l| l.contains("latin1.mgn"))
        .expect("check reports the Latin-1 file");
    let place = utf8.split(": ").next().unwrap();
    assert!(place.ends_with("latin1.mgn:2:12"), "{utf8}");
    assert!(
        report.contains(&format!(
            "{place}: not valid UTF-8: byte 0xe9 at byte offset 26 [mgn.syntax]"
        )),
        "{report}"
    );
    assert!(!report.contains('\u{1b}'), "{report:?}");
    assert!(
        report.contains("bad\\u{a}name\\u{1b}[31m.mgn:3:7"),
        "{report}"
    );
}
