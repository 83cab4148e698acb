//! The Ludii trial importer (`mgn::import::ludii`, docs/import.md, Ludii trials) on trials written for
//! the purpose in Ludii's format and on trials Ludii 1.3.12 wrote itself (tests/import/ludii/),
//! and on edits of them that break one thing each: the importer refuses what it does not
//! understand, or what disagrees with the rest of the trial, at the trial's line, and what it
//! writes makes `mgn check` fail a wrong move at its ply.

use mgn::check::{check_game, CheckOptions, Verdict};
use mgn::import::{Format, ImportError};
use mgn::parse_games;
use mgn::rules::general;

const COMPLETE: &str = include_str!("import/ludii/nchuwa-4x6-complete.txt");
const UNFINISHED: &str = include_str!("import/ludii/nchuwa-4x9-unfinished.txt");

/// The MGN of the Ludii trial `text`.
fn import(text: &str, source: &str) -> Result<String, ImportError> {
    mgn::import::import(Format::Ludii, text, source)
}

fn imported(text: &str) -> (String, mgn::Game) {
    let mgn = import(text, "test.txt").unwrap_or_else(|e| panic!("refused: {e}"));
    let game = parse_games(&mgn).remove(0).unwrap();
    (mgn, game)
}

fn refused(text: &str) -> ImportError {
    import(text, "test.txt").expect_err("the importer should refuse this trial")
}

/// The 1-based number of the first line of `text` that `pick` accepts.
fn line_of(text: &str, pick: impl Fn(&str) -> bool) -> usize {
    text.lines().position(pick).expect("a line to edit") + 1
}

/// `text` with its line `line` (1-based) replaced by `with` (deleted when `None`).
fn edited(text: &str, line: usize, with: Option<&str>) -> String {
    let mut lines: Vec<&str> = text.lines().collect();
    match with {
        Some(new) => lines[line - 1] = new,
        None => {
            lines.remove(line - 1);
        }
    }
    lines.join("\n") + "\n"
}

/// Every action kind of Ludii's Nchuwa: start placements, gambit laps, transfers, removals
/// (one of them of the hole A's transfer has just filled), laps that relay (SetNextPlayer) and
/// captures of one and of two holes. The MGN passes `mgn check`, with a checkpoint after every
/// ply, and keeps Ludii's verdict: player 1 (B) won.
#[test]
fn a_complete_trial_passes_with_its_verdict() {
    for kind in [
        "SetCount",
        "SetValueOfPlayer",
        "count=2,decision=true",
        "Remove:type=Vertex,to=20,decision=true",
        "SetNextPlayer",
        "],[Remove",
    ] {
        assert!(COMPLETE.contains(kind), "the test trial has {kind}");
    }
    let (mgn, game) = imported(COMPLETE);
    assert_eq!(check_game(&game, &CheckOptions::default()), Verdict::Passed);
    for tag in [
        "[Board \"4x6\"]",
        "[Preset \"ludii\"]",
        "[Result \"0-1\"]",
        "[Termination \"normal\"]",
        "[LudiiWinner \"1\"]",
        "[LudiiEndType \"NaturalEnd\"]",
        "[LudiiRankings \"0.0,1.0,2.0\"]",
        "[LudiiOption \"Board Size/6\"]",
        "[LudiiVersion \"1.2.11\"]",
    ] {
        assert!(mgn.contains(tag), "{tag} in\n{mgn}");
    }
    // The opening in Ludii's order: B removes A4 (site 20), which A's transfer filled.
    let words = mgn.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(words.contains("1... A8:A4"), "{mgn}");
    assert!(words.contains("2. *A4 x2(A4)"), "{mgn}");
    // A checkpoint after every ply: plies and checkpoints alternate.
    let plies = game
        .moves
        .iter()
        .filter(|e| matches!(e, mgn::notation::Element::Move(_)))
        .count();
    let checkpoints = game
        .moves
        .iter()
        .filter(|e| matches!(e, mgn::notation::Element::Checkpoint(_)))
        .count();
    assert_eq!(checkpoints, plies + 1, "the start, then one a ply");
}

/// A 4x9 trial (`Board Size/9`) in Ludii's older format (no endtype, no
/// numInitialPlacementMoves), stopped before the game was over: no winner, so `*`.
#[test]
fn an_unfinished_trial_on_4x9_passes_as_unfinished() {
    let (mgn, game) = imported(UNFINISHED);
    assert_eq!(check_game(&game, &CheckOptions::default()), Verdict::Passed);
    assert!(mgn.contains("[Board \"4x9\"]"));
    assert!(mgn.contains("[Termination \"unfinished\"]"));
    assert_eq!(game.outcome.value.token(), "*");
}

/// The verdict is checked: a trial that claims the other player won fails at the result.
#[test]
fn a_wrong_winner_fails_the_check() {
    let text = COMPLETE
        .replace("winner=1", "winner=2")
        .replace("rankings=0.0,1.0,2.0", "rankings=0.0,2.0,1.0");
    let (_, game) = imported(&text);
    let Verdict::Failed(diagnostics) = check_game(&game, &CheckOptions::default()) else {
        panic!("a wrong winner passed");
    };
    assert_eq!(diagnostics[0].rule, general::CLAIM_RESULT);
}

/// A capture in play that leaves the outer hole behind, which Ludii's rules code takes: the
/// import writes what the trial did, and `mgn check` fails that very ply, whose `{line N}`
/// comment names the trial's line.
#[test]
fn a_wrong_capture_fails_at_its_ply() {
    let line = line_of(COMPLETE, |l| l.contains("],[Remove"));
    let original = COMPLETE.lines().nth(line - 1).unwrap();
    let second = original.rfind(",[Remove").unwrap();
    let wrong = format!("{}]", &original[..second]);
    let (mgn, game) = imported(&edited(COMPLETE, line, Some(&wrong)));
    let Verdict::Failed(diagnostics) = check_game(&game, &CheckOptions::default()) else {
        panic!("a wrong capture passed");
    };
    let d = &diagnostics[0];
    assert_eq!(d.rule, "mgn.claim.captures", "{d:?}");
    // The ply that failed is the one imported from the edited line.
    let before = &mgn[..d.offset().unwrap()];
    let comment = &before[before
        .rfind("{line")
        .expect("a line comment before the ply")..];
    assert!(
        comment.starts_with(&format!("{{line {line}}}")) || comment.contains(&format!("-{line}}}")),
        "{comment}"
    );
}

/// B's first removal taking an empty hole of A's (A1, site 23, empty after the gambit):
/// imported as written, refused by the rules at that ply, the opening's third.
#[test]
fn a_removal_of_an_empty_hole_fails_at_its_ply() {
    let line = line_of(COMPLETE, |l| {
        l.starts_with("Move=[Move:mover=1")
            && l.contains("[Remove:type=Vertex,to=20,decision=true]")
    });
    let wrong =
        "Move=[Move:mover=1,from=23,to=23,actions=[Remove:type=Vertex,to=23,decision=true]]";
    let (_, game) = imported(&edited(COMPLETE, line, Some(wrong)));
    let Verdict::Failed(diagnostics) = check_game(&game, &CheckOptions::default()) else {
        panic!("a removal of an empty hole passed");
    };
    assert_eq!(diagnostics[0].rule, mgn::rules::nchuwa::OPENING_EXTRA);
    assert!(
        diagnostics[0].message.contains("A1 is empty"),
        "{}",
        diagnostics[0].message
    );
    assert_eq!(diagnostics[0].ply, Some(3));
}

#[test]
fn an_unknown_action_is_refused_at_its_line() {
    let line = line_of(COMPLETE, |l| l.contains("SetNextPlayer"));
    let text = edited(
        COMPLETE,
        line,
        Some(
            &COMPLETE
                .lines()
                .nth(line - 1)
                .unwrap()
                .replace("SetNextPlayer", "Promote"),
        ),
    );
    let e = refused(&text);
    assert_eq!(e.line, line);
    assert!(e.message.contains("`Promote`"), "{}", e.message);
}

#[test]
fn a_wrong_site_is_refused_at_its_line() {
    let line = line_of(COMPLETE, |l| l.contains("count=2,decision=true"));
    let text = edited(
        COMPLETE,
        line,
        Some("Move=[Move:mover=1,from=10,to=30,actions=[Move:typeFrom=Vertex,from=10,typeTo=Vertex,to=30,count=2,decision=true]]"),
    );
    let e = refused(&text);
    assert_eq!((e.line, e.column), (line, 42));
    assert!(
        e.message.contains("site 30 is not on the 4x6 board"),
        "{}",
        e.message
    );
}

/// A relay announced (SetNextPlayer naming the mover) whose next lap is missing: the turn
/// breaks off, at the line that should have been its lap; at the end of the file, at the lap
/// that announced it.
#[test]
fn a_turn_that_breaks_off_is_refused() {
    let line = line_of(COMPLETE, |l| {
        l.contains("SetNextPlayer:player=1") && l.starts_with("Move=[Move:mover=1")
    });
    let e = refused(&edited(COMPLETE, line + 1, None));
    assert_eq!(e.line, line + 1);
    assert!(
        e.message.contains("breaks off") || e.message.contains("ended in SetNextPlayer"),
        "{}",
        e.message
    );
    let truncated: String = COMPLETE
        .lines()
        .take(line)
        .map(|l| format!("{l}\n"))
        .collect();
    let e = refused(&truncated);
    assert_eq!(e.line, line);
    assert!(
        e.message.contains("in the middle of B's turn"),
        "{}",
        e.message
    );
}

#[test]
fn another_game_is_refused_at_line_1() {
    let text = COMPLETE.replacen("Nchuwa.lud", "Bao Ki Arabu (Zanzibar 1).lud", 1);
    let e = refused(&text);
    assert_eq!(e.line, 1);
    assert!(e.message.contains("Nchuwa"), "{}", e.message);
    let e = refused("Move=[Move:mover=0]\n");
    assert_eq!(e.line, 1);
}

#[test]
fn unknown_options_and_lines_are_refused_at_their_line() {
    let text = COMPLETE.replacen("Board Size/6", "Board Size/7", 1);
    let e = refused(&text);
    assert_eq!(e.line, 3);
    let text = COMPLETE.replacen("Board Size/6", "Capture Rule/Any", 1);
    assert_eq!(refused(&text).line, 3);
    let line = line_of(COMPLETE, |l| l.starts_with("winner="));
    let e = refused(&edited(COMPLETE, line, Some("loser=2")));
    assert_eq!(e.line, line);
    // A mover the game does not have.
    let line = line_of(COMPLETE, |l| l.contains("count=2,decision=true"));
    let wrong = COMPLETE
        .lines()
        .nth(line - 1)
        .unwrap()
        .replace("mover=1", "mover=3");
    assert_eq!(refused(&edited(COMPLETE, line, Some(&wrong))).line, line);
}

/// Seed counts at their largest: a count past what a hole can hold in mgn (u32) is refused at
/// its line rather than cut down to another number, and seeds that would add up past it are
/// refused rather than overflow.
#[test]
fn counts_past_the_largest_are_refused_at_their_line() {
    let at = line_of(UNFINISHED, |l| l.contains("SetCount:type=Vertex,to=5,"));
    let line = UNFINISHED.lines().nth(at - 1).unwrap();
    let too_big = edited(
        UNFINISHED,
        at,
        Some(&line.replace("count=2]", "count=4294967296]")),
    );
    let error = refused(&too_big);
    assert_eq!(error.line, at, "{error}");
    assert!(error.message.contains("4294967296"), "{error}");
    let every = UNFINISHED.replace("count=2]]", "count=4294967295]]");
    let error = refused(&every);
    assert!(error.message.contains("4294967295"), "{error}");
    assert!(
        UNFINISHED
            .lines()
            .nth(error.line - 1)
            .unwrap()
            .starts_with("Move="),
        "{error}"
    );
}

// Trials Ludii 1.3.12 wrote itself (`Trial.saveTrialToTextFile` after random playouts of
// Nchuwa.lud, each board its `Board Size` option): two that end naturally, and two that Ludii's
// move limit cut in the middle of a relay.
const NATURAL_4X6: &str = include_str!("import/ludii/ludii-4x6-natural.txt");
const NATURAL_4X12: &str = include_str!("import/ludii/ludii-4x12-natural.txt");
const CUT_4X6: &str = include_str!("import/ludii/ludii-4x6-move-limit-cut.txt");
const CUT_4X9: &str = include_str!("import/ludii/ludii-4x9-move-limit-cut.txt");

/// Whether the trial is refused by the importer or its MGN fails `mgn check`.
fn fails(text: &str) -> bool {
    match import(text, "test.txt") {
        Err(_) => true,
        Ok(mgn) => match parse_games(&mgn).remove(0) {
            Err(_) => true,
            Ok(game) => check_game(&game, &CheckOptions::default()) != Verdict::Passed,
        },
    }
}

/// `text` with the first `old` of its line `line` (1-based) replaced by `new`.
fn with_field(text: &str, line: usize, old: &str, new: &str) -> String {
    let original = text.lines().nth(line - 1).expect("the line to edit");
    assert!(
        original.contains(old),
        "line {line} holds {old}: {original}"
    );
    edited(text, line, Some(&original.replacen(old, new, 1)))
}

#[test]
fn real_trials_that_end_naturally_pass() {
    for (text, board) in [(NATURAL_4X6, "4x6"), (NATURAL_4X12, "4x12")] {
        let (mgn, game) = imported(text);
        assert_eq!(
            check_game(&game, &CheckOptions::default()),
            Verdict::Passed,
            "{mgn}"
        );
        assert!(mgn.contains(&format!("[Board \"{board}\"]")), "{mgn}");
        assert!(mgn.contains("[Termination \"normal\"]"), "{mgn}");
    }
}

/// A gambit lap of B's (line 30, mover 1) attributed to A: Ludii's players move in turn, and
/// only a lap ending in SetNextPlayer gives the mover another; before, the mover of a gambit
/// lap was read and never checked, and the trial passed.
#[test]
fn a_lap_attributed_to_the_other_player_is_refused() {
    let line = line_of(NATURAL_4X6, |l| {
        l.starts_with("Move=[Move:mover=1") && l.contains("SetValueOfPlayer")
    });
    let e = refused(&with_field(NATURAL_4X6, line, "mover=1", "mover=2"));
    assert_eq!((e.line, e.column), (line, 12), "{e}");
    assert!(e.message.contains("player 1's turn"), "{e}");
    // A relay lap of A's attributed to B: refused at that lap, as it was before.
    let line = line_of(NATURAL_4X6, |l| {
        l.starts_with("Move=[Move:mover=2") && l.ends_with("[SetNextPlayer:player=2]]")
    });
    let e = refused(&with_field(NATURAL_4X6, line + 1, "mover=2", "mover=1"));
    assert_eq!(e.line, line + 1, "{e}");
}

/// SetValueOfPlayer is no score in Ludii's Nchuwa: it is the gambit's note of the next site to
/// sow (Nchuwa.lud, phases Opening1 and Opening2), -1 (Ludii's Off) when the gambit is over.
/// Its value and its player were read and dropped; a note changed, or naming another player or
/// player 6, passed.
#[test]
fn a_changed_gambit_note_is_refused() {
    let line = line_of(NATURAL_4X6, |l| {
        l.contains("SetValueOfPlayer:player=1,value=8]")
    });
    for (old, new, says) in [
        ("value=8]", "value=9]", "site 8"),
        ("value=8]", "value=18]", "site 8"),
        ("player=1,value", "player=2,value", "player 1"),
        ("player=1,value", "player=6,value", "player 1"),
    ] {
        let e = refused(&with_field(NATURAL_4X6, line, old, new));
        assert_eq!(e.line, line, "{old} -> {new}: {e}");
        assert!(e.message.contains(says), "{old} -> {new}: {e}");
    }
    // A note of -1 (Ludii's Off) ends the gambit: the player's next gambit lap is refused,
    // naming the line of the note.
    let next = line + 2;
    let e = refused(&with_field(NATURAL_4X6, line, "value=8]", "value=-1]"));
    assert_eq!(e.line, next, "{e}");
    assert!(e.message.contains(&format!("line {line}")), "{e}");
    // The last note, Off: a site instead says the gambit goes on, and the player's next move
    // is his transfer.
    let last = line_of(NATURAL_4X12, |l| {
        l.contains("SetValueOfPlayer:player=2,value=-1]")
    });
    assert!(fails(&with_field(
        NATURAL_4X12,
        last,
        "value=-1]",
        "value=34]"
    )));
}

/// A move's own `from=` and `to=` are its first action's sites (the Select's for a lap, the
/// transfer's two, the removed hole): read and dropped before, a changed one passed.
#[test]
fn a_changed_outer_from_or_to_is_refused() {
    let lap = line_of(NATURAL_4X6, |l| {
        l.starts_with("Move=[Move:mover=1,from=11,to=11,")
    });
    let transfer = line_of(NATURAL_4X6, |l| l.contains("count=2,decision=true"));
    let removal = line_of(NATURAL_4X6, |l| {
        l.contains("[Remove:type=Vertex,to=") && l.contains("decision=true")
    });
    let cases = [
        (lap, "from=11,to=11,", "from=12,to=11,", 20),
        (lap, "from=11,to=11,", "from=11,to=10,", 28),
        (transfer, "from=7,to=3,", "from=7,to=4,", 27),
        (transfer, "from=7,to=3,", "from=6,to=3,", 20),
    ];
    for (line, old, new, column) in cases {
        let e = refused(&with_field(NATURAL_4X6, line, old, new));
        assert_eq!((e.line, e.column), (line, column), "{new}: {e}");
        assert!(e.message.contains("first action"), "{e}");
    }
    let original = NATURAL_4X6.lines().nth(removal - 1).unwrap();
    let from = &original[original.find("from=").unwrap()..original.find(",to=").unwrap()];
    let e = refused(&with_field(NATURAL_4X6, removal, from, "from=0"));
    assert_eq!(e.line, removal, "{e}");
}

const ENDLESS_4X6: &str = include_str!("import/ludii/ludii-4x6-endless-relay-cut.txt");

/// Trials Ludii stopped at its move limit (`endtype=MoveLimit`) in the middle of a relay that
/// ends: on 4x6 and 4x9 at a limit of 31 and 77 moves. Each is imported,
/// its whole turns written and checked, and the cut turn written as its last ply, a move cut
/// after its last lap read (`B3/2`, mgn.record.cut) with the board after that lap as its
/// checkpoint, the mover still to move: the record stops unfinished (`*`, Termination
/// `unfinished`), and the reason is in the tag LudiiCut; before, each was refused whole at its
/// last lap.
#[test]
fn a_trial_cut_by_the_move_limit_in_the_middle_of_a_turn_is_imported() {
    for (text, side, hole, laps) in [(CUT_4X6, "B", "B3", 2), (CUT_4X9, "B", "B5", 2)] {
        assert!(text.contains("endtype=MoveLimit"));
        let (mgn, game) = imported(text);
        assert_eq!(
            check_game(&game, &CheckOptions::default()),
            Verdict::Passed,
            "{mgn}"
        );
        assert_eq!(game.outcome.value.token(), "*");
        for tag in [
            "[Termination \"unfinished\"]".to_string(),
            format!(
                "[LudiiCut \"Ludii's move limit stopped the game after lap {laps} of {side}'s turn {hole}, which had not ended\"]"
            ),
            "[LudiiEndType \"MoveLimit\"]".to_string(),
        ] {
            assert!(mgn.contains(&tag), "{tag} in\n{mgn}");
        }
        // The cut turn is the last ply, the mover still to move in its checkpoint.
        let flat = mgn.replace('\n', " ");
        let tail = format!(" {hole}/{laps} [");
        let at = flat
            .rfind(&tail)
            .unwrap_or_else(|| panic!("{tail} in\n{mgn}"));
        let after = &flat[at + tail.len()..];
        let (position, rest) = after.split_once(']').unwrap();
        assert!(position.ends_with(&format!(" {side} 1")), "{position}");
        assert_eq!(rest.trim(), "*", "{mgn}");
    }
    // The same trial without Ludii's word that its limit stopped it ends in a turn that has
    // not ended: refused at its last lap, as any trial that breaks off.
    let line = line_of(CUT_4X9, |l| l == "endtype=MoveLimit");
    let e = refused(&edited(CUT_4X9, line, Some("endtype=NaturalEnd")));
    assert!(e.message.contains("in the middle of B's turn"), "{e}");
    // The cut turn's laps are read as any lap: its last lap given to A is refused.
    let last = line_of(CUT_4X9, |l| l.starts_with("numInitialPlacementMoves")) - 1;
    let e = refused(&with_field(CUT_4X9, last, "mover=1", "mover=2"));
    assert_eq!(e.line, last, "{e}");
}

/// A trial whose last turn is a relay that never ends (B9 comes back where it was after 90
/// laps), cut after lap 210 by a limit of 250 moves: Ludii sows it until its move limit and
/// ranks nobody first (`winner=0`, rankings 1.5 and 1.5). It imports as the game Ludii played,
/// under the preset ludii (`nchuwa.endless=draw`): the move written whole, `B9`, and a draw,
/// with the board it comes back to; it passes `mgn check`.
#[test]
fn a_trial_whose_last_relay_never_ends_imports_as_the_move_and_a_draw() {
    assert!(ENDLESS_4X6.contains("endtype=MoveLimit") && ENDLESS_4X6.contains("winner=0"));
    let (mgn, game) = imported(ENDLESS_4X6);
    assert_eq!(
        check_game(&game, &CheckOptions::default()),
        Verdict::Passed,
        "{mgn}"
    );
    assert_eq!(game.outcome.value.token(), "1/2-1/2");
    for tag in [
        "[Result \"1/2-1/2\"]",
        "[Termination \"normal\"]",
        "[LudiiEndType \"MoveLimit\"]",
        "[LudiiCut \"Ludii's move limit stopped the game after lap 210 of B's turn B9, a relay that never ends (after lap 90 it is back where it was after lap 0, and repeats every 90 laps): the preset ludii plays it whole, and it draws the game (nchuwa.endless=draw)\"]",
    ] {
        assert!(mgn.contains(tag), "{tag} in\n{mgn}");
    }
    let flat = mgn.replace('\n', " ");
    let at = flat
        .rfind(" B9 x0 [")
        .unwrap_or_else(|| panic!("B9 whole in\n{mgn}"));
    let (position, rest) = flat[at + " B9 x0 [".len()..].split_once(']').unwrap();
    assert!(position.ends_with(" A 1"), "the turn passes: {position}");
    assert_eq!(rest.trim(), "1/2-1/2", "{mgn}");
    // The board after the move is the board before it: the relay comes back to its start.
    let before = flat[..at].rfind('[').map(|i| &flat[i + 1..]).unwrap();
    let before = &before[..before.find(']').unwrap()];
    assert_eq!(
        before.trim_end_matches(" A 1").trim_end_matches(" B 1"),
        position.trim_end_matches(" A 1"),
        "{mgn}"
    );
}

/// Ludii's laps of a relay that never ends are claims: the last lap's last seed moved from site
/// 2 to site 3 leaves a board mgn's rules do not reach after lap 210, so the turn is written
/// cut there, as before (`B9/210`, unfinished), and `mgn check` fails it at its checkpoint.
#[test]
fn a_changed_seed_of_a_relay_that_never_ends_fails_the_check() {
    let last = line_of(ENDLESS_4X6, |l| l.starts_with("numInitialPlacementMoves")) - 1;
    let original = ENDLESS_4X6.lines().nth(last - 1).unwrap();
    let final_to = original.rfind("typeTo=Vertex,to=").unwrap() + "typeTo=Vertex,to=".len();
    let digits = original[final_to..]
        .find(|c: char| !c.is_ascii_digit())
        .unwrap();
    let old: u32 = original[final_to..final_to + digits].parse().unwrap();
    let changed = format!(
        "{}{}{}",
        &original[..final_to],
        (old + 1) % 24,
        &original[final_to + digits..]
    );
    let (mgn, game) = imported(&edited(ENDLESS_4X6, last, Some(&changed)));
    assert!(mgn.replace('\n', " ").contains(" B9/210 ["), "{mgn}");
    assert!(mgn.contains("[Result \"*\"]"), "{mgn}");
    match check_game(&game, &CheckOptions::default()) {
        Verdict::Failed(failures) => {
            assert_eq!(failures[0].rule, general::CLAIM_CHECKPOINT, "{mgn}")
        }
        Verdict::Passed => panic!("a moved seed of the endless relay passed:\n{mgn}"),
    }
}

/// The numbers of a trial's move lines, each as (line, start, end) of its digits: every value
/// after a `=` (mover, from, to, count, what, player, value).
fn numbers(text: &str) -> Vec<(usize, usize, usize)> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if !line.starts_with("Move=") {
            continue;
        }
        let bytes = line.as_bytes();
        for (at, _) in line.match_indices('=').skip(1) {
            let start = at + 1;
            let mut end = start + usize::from(bytes.get(start) == Some(&b'-'));
            while bytes.get(end).is_some_and(u8::is_ascii_digit) {
                end += 1;
            }
            if end > start && bytes[end - 1].is_ascii_digit() {
                out.push((i + 1, start, end));
            }
        }
    }
    out
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(512))]

    /// Any one number of a real trial's move lines changed: the importer refuses the trial or
    /// `mgn check` fails it. Where each seed of a turn cut by Ludii's move limit fell is a
    /// claim too: the cut turn is replayed through its last lap read (mgn.record.cut).
    #[test]
    fn any_changed_number_of_a_move_line_fails(
        which in 0usize..5,
        pick in proptest::prelude::any::<proptest::sample::Index>(),
        new in proptest::prop_oneof![-1i64..=70, 0i64..=3],
        shift in proptest::prop_oneof![proptest::strategy::Just(0i64), -1i64..=1],
    ) {
        let text = [NATURAL_4X6, NATURAL_4X12, CUT_4X6, CUT_4X9, ENDLESS_4X6][which];
        let all = numbers(text);
        let (line, start, end) = all[pick.index(all.len())];
        let original = text.lines().nth(line - 1).unwrap();
        let old: i64 = original[start..end].parse().unwrap();
        // Half the cases a neighbour of the old value, the likeliest slip.
        let new = if shift != 0 { old + shift } else { new };
        proptest::prop_assume!(new != old);
        let changed = format!("{}{new}{}", &original[..start], &original[end..]);
        let mutated = edited(text, line, Some(&changed));
        proptest::prop_assert!(
            fails(&mutated),
            "line {} changed from {} to {} passed: {}", line, old, new, changed
        );
    }
}

/// Where a seed of the turn Ludii's move limit cut fell is a claim: B3's last seed moved from
/// site 9 (B10) to site 8 (B9) in the 4x6 trial's last lap is imported, and fails `mgn check`
/// at the checkpoint after the cut (it passed when the cut turn was only a comment).
#[test]
fn a_changed_seed_of_the_cut_turn_fails_the_check() {
    let last = line_of(CUT_4X6, |l| l.starts_with("numInitialPlacementMoves")) - 1;
    let moved = with_field(CUT_4X6, last, "typeTo=Vertex,to=9]", "typeTo=Vertex,to=8]");
    let (mgn, game) = imported(&moved);
    match check_game(&game, &CheckOptions::default()) {
        Verdict::Failed(failures) => {
            assert_eq!(failures[0].rule, general::CLAIM_CHECKPOINT, "{mgn}")
        }
        Verdict::Passed => panic!("a moved seed of the cut turn passed:\n{mgn}"),
    }
}

/// Player 6, or the other player, named where Ludii's Nchuwa can only name the mover: as the
/// mover, in SetNextPlayer (a relay's next lap is the mover's), in the gambit's note; and a
/// start placement of another piece than the seed. Each is refused at its line and column.
#[test]
fn a_player_or_piece_nchuwa_does_not_have_is_refused_at_its_column() {
    let relay = line_of(NATURAL_4X6, |l| {
        l.starts_with("Move=[Move:mover=2") && l.ends_with("[SetNextPlayer:player=2]]")
    });
    let original = NATURAL_4X6.lines().nth(relay - 1).unwrap();
    let column = original.find("[SetNextPlayer").unwrap() + 1;
    for player in ["1", "6"] {
        let text = with_field(
            NATURAL_4X6,
            relay,
            "SetNextPlayer:player=2",
            &format!("SetNextPlayer:player={player}"),
        );
        let e = refused(&text);
        assert_eq!((e.line, e.column), (relay, column), "{e}");
        assert!(e.message.contains(&format!("names player {player}")), "{e}");
    }
    let e = refused(&with_field(NATURAL_4X6, relay, "mover=2", "mover=6"));
    assert_eq!((e.line, e.column), (relay, 12), "{e}");
    let placement = line_of(NATURAL_4X6, |l| l.contains("SetCount"));
    let e = refused(&with_field(NATURAL_4X6, placement, "what=1", "what=2"));
    assert_eq!(e.line, placement, "{e}");
    assert!(e.message.contains("what=2"), "{e}");
}
