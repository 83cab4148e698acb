//! The diagrams of `mgn show` and `mgn replay` as a person reads them on a terminal: coloured
//! with `--color always` (as on a terminal), plain in a pipe, with `--color never` and under
//! NO_COLOR, the colours moving no column; the replay's boards name each store's owner and the
//! replay ends with the last position as a `Start` tag that a record takes as it is.

mod support;

use support::*;

/// The text without its ANSI escapes: what the colours leave of it.
fn plain(text: &str) -> String {
    let mut out = String::new();
    let mut escape = false;
    for c in text.chars() {
        if escape {
            escape = c != 'm';
        } else if c == '\x1b' {
            escape = true;
        } else {
            out.push(c);
        }
    }
    out
}

fn shown_with(args: &[&str], no_color: bool) -> String {
    let mut command = command(args);
    if no_color {
        command.env("NO_COLOR", "1");
    } else {
        command.env_remove("NO_COLOR");
    }
    let output = finish(command, None);
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    stdout(&output)
}

const RECORD: &str = "records/dakon/notation-example.mgn";

#[test]
fn the_diagram_is_coloured_only_when_asked_or_on_a_terminal() {
    for command in [
        vec!["show", "--ply", "1", RECORD],
        vec!["replay", "--game", "1", RECORD],
    ] {
        let piped = shown_with(&command, false);
        assert!(!piped.contains('\x1b'), "a pipe is never coloured");
        let mut never = command.clone();
        never.extend(["--color", "never"]);
        assert_eq!(shown_with(&never, false), piped);
        let mut always = command.clone();
        always.extend(["--color", "always"]);
        let coloured = shown_with(&always, false);
        assert!(coloured.contains('\x1b'), "{command:?} --color always");
        assert_eq!(plain(&coloured), piped, "the colours move no column");
        // NO_COLOR rules `auto`, the default, which a pipe leaves plain anyway; `always` wins.
        assert_eq!(shown_with(&always, true), coloured);
    }
}

#[test]
fn the_colours_mark_each_players_holes_and_what_the_move_did() {
    let coloured = shown_with(&["show", "--ply", "1", "--color", "always", RECORD], false);
    let a_names = "\x1b[35mA5\x1b[0m";
    let b_names = "\x1b[36mB1\x1b[0m";
    assert!(coloured.contains(a_names), "{coloured}");
    assert!(coloured.contains(b_names), "{coloured}");
    // Ply 1, B5, captures A1 and B5 (bold red) and sows into A5 (bold); B's store is sown into.
    assert!(coloured.contains("\x1b[1;31m0'*\x1b[0m"), "{coloured}");
    assert!(coloured.contains("\x1b[1;31m0^'*\x1b[0m"), "{coloured}");
    assert!(coloured.contains("\x1b[1m6'\x1b[0m"), "{coloured}");
    assert!(
        coloured.contains("\x1b[1m8'\x1b[0m \x1b[36mB\x1b[0m"),
        "{coloured}"
    );
    assert!(
        coloured.contains("marks: \x1b[1m^\x1b[0m started"),
        "the legend shows each mark's colour: {coloured}"
    );
}

#[test]
fn the_replay_names_each_store_and_ends_with_a_start_tag() {
    let trace = shown_with(&["replay", RECORD], false);
    assert!(
        trace.contains("\nA 0                     0 B\n"),
        "the start's stores are named: {trace}"
    );
    assert!(
        trace.contains("\nA 4                          46' B\n"),
        "{trace}"
    );
    assert!(
        trace.ends_with(
            "game over: B wins\nfinal position in checkpoint form, to paste into a record: \
             [Start \"x,x,x,x,0/0,0,0,0,0 4/46 A 3\"]\n"
        ),
        "{trace}"
    );
}

#[test]
fn the_start_tag_of_an_unfinished_game_continues_it_in_a_record() {
    let record = "records/dakon/seed-worked-example.mgn";
    let trace = shown_with(&["replay", record], false);
    let last = trace.lines().last().unwrap();
    let tag = &last[last.find("[Start ").expect(last)..];
    assert_eq!(tag, "[Start \"6,0,0,6,6/6,6,6,0,6 0/8 A 1\"]");
    let dir = scratch("terminal", "start_tag");
    let continued = dir.join("continued.mgn");
    std::fs::write(
        &continued,
        format!("[Game \"dakon\"]\n[Board \"2x5\"]\n[Preset \"catalan\"]\n{tag}\n\n1. A1 *\n"),
    )
    .unwrap();
    let checked = mgn(&["check", path_str(&continued)]);
    assert_eq!(code(&checked), 0, "{}", shown(&checked));
}

#[test]
fn a_failing_game_ends_with_the_last_position_replayed() {
    let dir = scratch("terminal", "failing");
    let record = dir.join("false.mgn");
    std::fs::write(
        &record,
        "[Game \"dakon\"]\n[Board \"2x5\"]\n\n1. B4 x9(A2,B4) *\n",
    )
    .unwrap();
    let output = mgn(&["replay", path_str(&record)]);
    assert_eq!(code(&output), 1, "{}", shown(&output));
    let trace = stdout(&output);
    assert!(
        trace.trim_end().lines().last().unwrap().starts_with(
            "last position replayed in checkpoint form, to paste into a record: [Start \""
        ),
        "{trace}"
    );
}

#[test]
fn claimed_and_replayed_boards_keep_their_columns_when_coloured() {
    let dir = scratch("terminal", "diff");
    let record = dir.join("false.mgn");
    std::fs::write(
        &record,
        "[Game \"dakon\"]\n[Board \"2x5\"]\n\n1. B4 [6,0,0,6,6/6,6,6,0,7 0/8 A 1] *\n",
    )
    .unwrap();
    let piped = mgn(&["show", "--diff", path_str(&record)]);
    let coloured = mgn(&["show", "--diff", "--color", "always", path_str(&record)]);
    assert_eq!(code(&piped), code(&coloured));
    let coloured = stdout(&coloured);
    assert!(
        coloured.contains("\x1b[1;7m7!\x1b[0m"),
        "the hole that differs is in reverse video: {coloured}"
    );
    assert_eq!(plain(&coloured), stdout(&piped));
}
