//! `mgn show --format html` and `mgn check --format html`: the page to step through a game, as
//! a user opens it. The page loads nothing, escapes what the record says, opens a failing game
//! at its failure, and is bounded over a run of many failures; in a real browser (skipped,
//! saying so, when none is installed) it loads without a console message, a `#ply=N` fragment
//! steps its board, and its screenshot matches the one kept in tests/pictures/ (`MGN_BLESS=1`
//! rewrites it and the README's docs/images/show-html.png and check-html.png).

mod support;

use std::fs;
use std::path::Path;
use support::*;

const REAL_GAME: &str = "records/dakon/notation-example.mgn";

/// A game whose tags and comment try to break out of the page, and whose checkpoint is false.
const HOSTILE: &str = "crates/cli/tests/data/html/hostile.mgn";

/// A good game, then one whose checkpoint after its first ply is false.
const ONE_BAD: &str = "crates/cli/tests/data/html/one-bad.mgn";

fn page_of(args: &[&str]) -> (String, std::process::Output) {
    let output = mgn(args);
    (stdout(&output), output)
}

/// A run that could not read an input never says on its page that no game fails.
#[test]
fn check_html_of_an_incomplete_run_says_so() {
    let (page, output) = page_of(&[
        "check",
        "--format",
        "html",
        "records/dakon/rounds-2x5.mgn",
        "no-such-file.mgn",
    ]);
    assert_eq!(code(&output), 2, "{}", shown(&output));
    assert!(!page.contains("No game fails."), "{page}");
    assert!(page.contains("did not read every input"), "{page}");
}

/// --diff and --before, which choose one board, are refused with the page rather than ignored.
#[test]
fn show_html_refuses_the_options_it_cannot_honour() {
    for option in ["--diff", "--before"] {
        let output = mgn(&[
            "show",
            "records/dakon/rounds-2x5.mgn",
            "--format",
            "html",
            "--ply",
            "2",
            option,
        ]);
        assert_eq!(code(&output), 2, "{option}: {}", shown(&output));
        assert!(stderr(&output).contains(option), "{}", shown(&output));
        assert!(stdout(&output).is_empty(), "{option}");
    }
}

/// A game whose rules cannot be made has no board: --ply past it opens the page, not a panic.
#[test]
fn show_html_of_a_game_without_rules_does_not_panic() {
    let dir = scratch("html", "no-rules");
    let record = dir.join("nopreset.mgn");
    std::fs::write(
        &record,
        "[Game \"dakon\"]\n[Preset \"nonesuch\"]\n\n1. B1-B3 *\n",
    )
    .unwrap();
    let output = mgn(&["show", path_str(&record), "--format", "html", "--ply", "3"]);
    assert_ne!(code(&output), 101, "{}", shown(&output));
    assert!(!stderr(&output).contains("panicked"), "{}", shown(&output));
}

#[test]
fn show_html_is_one_page_that_loads_nothing() {
    let (page, output) = page_of(&["show", "--format", "html", REAL_GAME]);
    assert_eq!(code(&output), 0, "{}", shown(&output));
    assert!(page.starts_with("<!DOCTYPE html>"));
    for fetch in ["<link", " src=", "@import", "https://"] {
        assert!(!page.contains(fetch), "the page loads something: {fetch}");
    }
    // The arrows' heads are the page's own.
    assert_eq!(page.matches("url(").count(), page.matches("url(#").count());
    // The one address is the SVG namespace, which is a name and never fetched.
    assert_eq!(
        page.matches("http://").count(),
        page.matches("http://www.w3.org/2000/svg").count()
    );
    // A board for each step: the start and every ply and round start of the game.
    let steps = page.matches("\"step\":").count();
    assert!(steps > 50, "{steps} steps");
    assert!(page.contains("<input type=\"range\" class=\"slider\" min=\"0\""));
}

#[test]
fn show_html_marks_each_move_of_the_move_text_as_a_step() {
    let (page, _) = page_of(&["show", "--format", "html", "--ply", "3", REAL_GAME]);
    assert!(page.contains("value=\"3\""), "the slider opens at ply 3");
    assert!(page.contains("<a class=\"step\" href=\"#\" data-step=\"3\">B3</a>"));
    // The move numbers of the move text are kept as written.
    assert!(page.contains("2. <a class=\"step\""));
    assert!(page.contains("<span class=\"comment\">{eleven laps"));
}

#[test]
fn show_html_escapes_what_the_record_says() {
    let (page, output) = page_of(&["show", "--format", "html", HOSTILE]);
    assert_eq!(
        code(&output),
        1,
        "the checkpoint is false: {}",
        shown(&output)
    );
    assert!(page.contains("&lt;b&gt;Ada&lt;/b&gt; &amp; co"));
    assert!(!page.contains("<b>Ada"));
    assert!(!page.contains("<script>document.title"));
    // The steps' JSON and the page's own script: no script the record wrote.
    assert_eq!(page.matches("</script>").count(), 2);
    assert_eq!(page.matches("<script").count(), 2);
}

#[test]
fn show_html_opens_a_failing_game_at_its_failure_with_both_boards() {
    let (page, output) = page_of(&["show", "--format", "html", "--game", "2", ONE_BAD]);
    assert_eq!(code(&output), 1);
    assert!(
        stderr(&output).contains("mgn.claim.checkpoint"),
        "the failure is said on standard error too: {}",
        stderr(&output)
    );
    assert!(page.contains("<details class=\"failure\" open data-step=\"1\">"));
    assert!(
        page.contains("value=\"1\""),
        "the slider opens at the failing ply"
    );
    let diff = &page[page.find("<div class=\"diff\">").expect("the two boards")..];
    assert!(diff.contains("claimed, after ply 1"));
    assert!(diff.contains("replayed, after ply 1"));
    assert!(diff.contains("differs"));
    // Its claims and comments are the step's notes.
    assert!(page.contains("\"notes\":[\"{B5 is claimed full}\",\"[8,8,0,8,8/1,9,0,1,1 0/7 A 1]\"]"));

    let (good, output) = page_of(&["show", "--format", "html", ONE_BAD]);
    assert_eq!(code(&output), 0);
    assert!(!good.contains("<details class=\"failure\""));
}

#[test]
fn show_html_is_chosen_by_the_output_name_and_never_replaces_the_input() {
    let dir = scratch("html", "output");
    let record = dir.join("game.mgn");
    fs::copy(repo().join(ONE_BAD), &record).unwrap();
    let page = dir.join("game.html");
    let output = mgn(&["show", path_str(&record), "-o", path_str(&page)]);
    assert_eq!(code(&output), 0, "{}", shown(&output));
    assert!(fs::read_to_string(&page)
        .unwrap()
        .starts_with("<!DOCTYPE html>"));

    let output = mgn(&[
        "show",
        "--format",
        "html",
        path_str(&record),
        "-o",
        path_str(&record),
    ]);
    assert_eq!(code(&output), 2);
    assert_eq!(
        fs::read(&record).unwrap(),
        fs::read(repo().join(ONE_BAD)).unwrap()
    );
}

#[test]
fn show_html_says_there_is_no_ply_past_the_game() {
    let output = mgn(&["show", "--format", "html", "--ply", "9", ONE_BAD]);
    assert_eq!(code(&output), 2);
    assert!(stderr(&output).contains("has no ply 9 to show: the game has 2 plies"));
    assert_eq!(
        stdout(&output),
        "",
        "no page opens at a ply that is not there"
    );
}

#[test]
fn show_html_has_no_page_for_a_lone_position() {
    let output = mgn(&[
        "show",
        "--format",
        "html",
        "--game",
        "dakon",
        "--position",
        "5,5,5,5,5/5,5,5,5,5 0/0",
    ]);
    assert_eq!(code(&output), 2);
    assert!(stderr(&output).contains("--position"));
}

#[test]
fn check_html_writes_a_page_of_the_failing_games() {
    let dir = scratch("html", "check");
    let page = dir.join("report.html");
    let output = mgn(&[
        "check",
        "--format",
        "html",
        "-o",
        path_str(&page),
        ONE_BAD,
        REAL_GAME,
    ]);
    assert_eq!(code(&output), 1, "{}", shown(&output));
    assert_eq!(stdout(&output), "", "the page goes to its file");
    assert!(stderr(&output).contains("2 passed, 1 failed"));
    let page = fs::read_to_string(&page).unwrap();
    assert_eq!(page.matches("<section class=\"game\"").count(), 1);
    assert!(page.contains("one-bad.mgn: game 2 (dakon, Cy (A) against Dee (B))"));
    assert!(page.contains("mgn.claim.checkpoint"));
    assert!(page.contains("mgn check: 2 passed, 1 failed."));
}

#[test]
fn check_html_reports_a_game_that_does_not_read_without_a_board() {
    let dir = scratch("html", "unread");
    let record = dir.join("broken.mgn");
    fs::write(&record, "[Game \"dakon\"]\n\n1. B1-B3 <oops> *\n").unwrap();
    let output = mgn(&["check", "--format", "html", path_str(&record)]);
    assert_eq!(code(&output), 1);
    let page = stdout(&output);
    assert!(page.contains("it does not read, so there is no board"));
    assert!(page.contains("&lt;oops&gt;") || page.contains("mgn.syntax"));
}

#[test]
fn check_output_file_is_for_the_html_page_only() {
    let output = mgn(&["check", "--format", "json", "-o", "out.json", REAL_GAME]);
    assert_eq!(code(&output), 2);
    assert!(stderr(&output).contains("--format html"));
}

#[test]
fn check_html_keeps_a_run_of_many_failures_bounded() {
    let dir = scratch("html", "bounded");
    let text = fs::read_to_string(repo().join(ONE_BAD)).unwrap();
    let bad = text.split("\n\n[Game").nth(2).unwrap();
    let games: Vec<String> = (0..105).map(|_| format!("[Game{bad}")).collect();
    let record = dir.join("many.mgn");
    fs::write(&record, games.join("\n")).unwrap();
    let output = mgn(&["check", "--format", "html", path_str(&record)]);
    assert_eq!(code(&output), 1);
    let page = stdout(&output);
    assert_eq!(page.matches("<section class=\"game\"").count(), 100);
    assert!(page.contains("The page shows the first 100 failing games"));
    assert!(page.contains("5 more fail"));
    assert_eq!(page.matches("<li><code>").count(), 5);
}

/// A page as the browser leaves it once its script has run, and what the browser's console said
/// (the page says nothing there unless something is wrong).
fn loaded(browser: &str, profile: &Path, url: &str) -> (String, Vec<String>) {
    let output = headless(browser, profile)
        .args(["--enable-logging=stderr", "--v=0", "--dump-dom", url])
        .output()
        .unwrap();
    let console = String::from_utf8_lossy(&output.stderr)
        .lines()
        .filter(|l| l.contains(":CONSOLE"))
        .map(String::from)
        .collect();
    (
        String::from_utf8_lossy(&output.stdout).into_owned(),
        console,
    )
}

fn screenshot(browser: &str, profile: &Path, url: &str, shot: &Path, size: (u32, u32)) -> Vec<u8> {
    let output = headless(browser, profile)
        .arg(format!("--screenshot={}", shot.display()))
        .arg(format!("--window-size={},{}", size.0, size.1))
        .arg(url)
        .output()
        .unwrap();
    assert!(
        output.status.success() && shot.exists(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    fs::read(shot).unwrap()
}

/// The share of pixels far apart, and the mean difference, of two images of one size.
fn difference(one: &[u8], other: &[u8]) -> (f64, f64) {
    let (w, h, one) = decode(one);
    let (ow, oh, other) = decode(other);
    assert_eq!((w, h), (ow, oh), "the screenshots' sizes differ");
    let pixels = (w * h) as f64;
    let (mut far, mut total) = (0usize, 0u64);
    for (a, b) in one.chunks(4).zip(other.chunks(4)) {
        let d = (0..4).map(|i| a[i].abs_diff(b[i])).max().unwrap();
        total += u64::from(d);
        if d > 64 {
            far += 1;
        }
    }
    (far as f64 / pixels, total as f64 / pixels)
}

/// A screenshot compared with the one kept, loosely: another machine's fonts draw the words a
/// little differently. `MGN_BLESS=1` keeps it, and puts it in docs/images/ for the README.
fn matches_the_kept_picture(name: &str, png: &[u8]) {
    let kept = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/pictures")
        .join(format!("{name}.png"));
    if std::env::var_os("MGN_BLESS").is_some() {
        fs::write(&kept, png).unwrap();
        fs::write(repo().join("docs/images").join(format!("{name}.png")), png).unwrap();
        return;
    }
    let expected = fs::read(&kept)
        .unwrap_or_else(|_| panic!("{} is missing: MGN_BLESS=1 writes it", kept.display()));
    let (far, mean) = difference(png, &expected);
    assert!(
        far < 0.03 && mean < 6.0,
        "{name}: {:.2}% of the pixels differ from {} (mean difference {mean:.2})",
        far * 100.0,
        kept.display()
    );
}

#[test]
fn the_show_page_steps_in_a_browser() {
    let Some(browser) = chromium() else {
        eprintln!("skipped: no browser (chromium) is installed; MGN_CHROMIUM names one");
        return;
    };
    let dir = scratch("html", "browser-show");
    let profile = dir.join("profile");
    let page = dir.join("show.html");
    let output = mgn(&["show", "--format", "html", "-o", path_str(&page), REAL_GAME]);
    assert_eq!(code(&output), 0, "{}", shown(&output));
    let url = |fragment: &str| format!("file://{}{fragment}", page.display());

    let (start, console) = loaded(&browser, &profile, &url(""));
    assert!(console.is_empty(), "the console says: {console:?}");
    assert!(
        start.contains("data-step=\"0\" data-lap=\"0\""),
        "the page opens at the start"
    );
    assert!(start.contains("<svg"), "a board is drawn");

    let (third, console) = loaded(&browser, &profile, &url("#ply=3"));
    assert!(console.is_empty(), "the console says: {console:?}");
    assert!(third.contains("data-step=\"3\" data-lap=\"0\""));
    assert!(third.contains("<a class=\"step current\" href=\"#\" data-step=\"3\">B3</a>"));
    assert!(third.contains("step 3 of"));

    let (lap, _) = loaded(&browser, &profile, &url("#ply=3&lap=1"));
    assert!(lap.contains("data-step=\"3\" data-lap=\"1\""));
    assert!(lap.contains("lap 1 of 1"));

    let size = (1100, 640);
    let at_start = screenshot(&browser, &profile, &url("#ply=0"), &dir.join("0.png"), size);
    let at_third = screenshot(&browser, &profile, &url("#ply=3"), &dir.join("3.png"), size);
    let (far, _) = difference(&at_start, &at_third);
    assert!(
        far > 0.001,
        "stepping to ply 3 changed nothing on the screen"
    );
    matches_the_kept_picture("show-html", &at_third);
}

#[test]
fn the_check_page_and_a_hostile_record_load_cleanly_in_a_browser() {
    let Some(browser) = chromium() else {
        eprintln!("skipped: no browser (chromium) is installed; MGN_CHROMIUM names one");
        return;
    };
    let dir = scratch("html", "browser-check");
    let profile = dir.join("profile");
    let hostile_page = dir.join("hostile.html");
    mgn(&[
        "show",
        "--format",
        "html",
        "-o",
        path_str(&hostile_page),
        HOSTILE,
    ]);
    let (dom, console) = loaded(
        &browser,
        &profile,
        &format!("file://{}", hostile_page.display()),
    );
    assert!(console.is_empty(), "the console says: {console:?}");
    assert!(
        !dom.contains("<title>broken out"),
        "the record's script ran"
    );
    assert!(
        dom.contains("<li>{&lt;/script&gt;&lt;script&gt;"),
        "the comment is a note"
    );
    assert!(dom.contains("data-step=\"1\""), "the page's own script ran");

    let report = dir.join("report.html");
    let output = mgn(&[
        "check",
        "--format",
        "html",
        "-o",
        path_str(&report),
        ONE_BAD,
    ]);
    assert_eq!(code(&output), 1, "{}", shown(&output));
    let url = format!("file://{}", report.display());
    let (dom, console) = loaded(&browser, &profile, &url);
    assert!(console.is_empty(), "the console says: {console:?}");
    assert!(dom.contains("<details class=\"failure\" open"));
    let shot = screenshot(
        &browser,
        &profile,
        &url,
        &dir.join("check.png"),
        (1100, 1300),
    );
    matches_the_kept_picture("check-html", &shot);
}
