//! The MancalaGames importer (`mgn::import::mancala_games`, docs/import.md) on logs MancalaGames
//! itself saved (tests/import/mancala-games/real/: its own code playing random Dakon games, saved
//! as its "Save log" writes them; ../shared/peers/README.md says how they were made), and on
//! edits of them that change one number each: every board the log draws outside the middle of a
//! turn is a claim, so a changed number never passes.

use mgn::check::{check_game, CheckOptions, Verdict};
use mgn::import::{import_games, Format};
use mgn::parse_games;

const REAL: &[(&str, &str)] = &[
    (
        "2025-04-gui-2x5-round1",
        include_str!("import/mancala-games/real/2025-04-gui-2x5-round1.txt"),
    ),
    (
        "2025-04-gui-2x7-later-round",
        include_str!("import/mancala-games/real/2025-04-gui-2x7-later-round.txt"),
    ),
    (
        "2025-04-whole-2x5-ends-mid-round",
        include_str!("import/mancala-games/real/2025-04-whole-2x5-ends-mid-round.txt"),
    ),
    (
        "current-gui-2x5-round1",
        include_str!("import/mancala-games/real/current-gui-2x5-round1.txt"),
    ),
    (
        "current-gui-2x7-later-round",
        include_str!("import/mancala-games/real/current-gui-2x7-later-round.txt"),
    ),
    (
        "current-gui-2x5-round-tie",
        include_str!("import/mancala-games/real/current-gui-2x5-round-tie.txt"),
    ),
    (
        "current-gui-2x5-pass-after-store",
        include_str!("import/mancala-games/real/current-gui-2x5-pass-after-store.txt"),
    ),
    (
        "current-whole-2x5",
        include_str!("import/mancala-games/real/current-whole-2x5.txt"),
    ),
    (
        "current-whole-2x5-ends-in-store",
        include_str!("import/mancala-games/real/current-whole-2x5-ends-in-store.txt"),
    ),
    (
        "current-whole-2x5-ends-row-emptied",
        include_str!("import/mancala-games/real/current-whole-2x5-ends-row-emptied.txt"),
    ),
];

fn real(name: &str) -> &'static str {
    REAL.iter().find(|(n, _)| *n == name).expect("a real log").1
}

/// The MGN of the log's one game, or why the importer refused it.
fn import(text: &str) -> Result<String, String> {
    let mut games = import_games(Format::MancalaGames, text, "log.txt");
    assert_eq!(games.len(), 1, "one game a log");
    games.remove(0).map(|g| g.mgn).map_err(|e| e.to_string())
}

/// Whether the log imports and its game passes `mgn check`; the report when not.
fn passes(text: &str) -> Result<(), String> {
    let mgn = import(text)?;
    let game = parse_games(&mgn).remove(0).map_err(|e| format!("{e:?}"))?;
    match check_game(&game, &CheckOptions::default()) {
        Verdict::Passed => Ok(()),
        verdict => Err(format!("{verdict:?}\n{mgn}")),
    }
}

#[test]
fn every_real_log_imports_and_passes() {
    for (name, text) in REAL {
        passes(text).unwrap_or_else(|e| panic!("{name}: {e}"));
    }
}

/// A log of a later round starts from the refilled board (the GUI clears its log at every new
/// round), holes out of play written `x`: a game from that position, numbered round 2 since
/// the log does not say which round it is.
#[test]
fn a_later_rounds_log_starts_from_its_board() {
    let mgn = import(real("2025-04-gui-2x7-later-round")).unwrap();
    assert!(
        mgn.contains("[Start \"x,x,7,7,7,7,7/7,7,7,7,7,7,7 4/10 B 2\"]"),
        "{mgn}"
    );
    assert!(mgn.contains("[SourceRound \"a later round"), "{mgn}");
    // Round 1's log starts from the usual board: a checkpoint before the first ply checks it.
    let mgn = import(real("current-gui-2x5-round1")).unwrap();
    assert!(!mgn.contains("[Start "), "{mgn}");
    assert!(mgn.contains("[5,5,5,5,5/5,5,5,5,5 0/0 "), "{mgn}");
}

/// `ROUND_TIE` on a line of its own, after a move line that ends in a space.
#[test]
fn a_tied_round_on_its_own_line_ends_the_round() {
    let text = real("current-gui-2x5-round-tie");
    assert!(text.contains(" \nROUND_TIE\n"));
    passes(text).unwrap();
}

/// `N: South move 4 REPEAT_TURN` that leaves South's row empty, then `N+1: South move PASS`:
/// in mgn's Dakon South's turn is over; the pass is no ply of its own.
#[test]
fn a_pass_after_a_lap_into_the_store_ends_the_turn() {
    let text = real("current-gui-2x5-pass-after-store");
    assert!(text.contains("28: South move 4 REPEAT_TURN\n"));
    assert!(text.contains("29: South move PASS\n"));
    let mgn = import(text).unwrap();
    assert!(!mgn.contains("pass"), "{mgn}");
    passes(text).unwrap();
}

/// Whether the entry whose move line is `line` ends a turn: its board is then a checkpoint.
/// A sowing marked REPEAT_TURN is followed by another of the same player (its board is in the
/// middle of the turn), unless that is a pass, whose board ends the turn.
fn ends_a_turn(lines: &[&str], line: usize) -> bool {
    !lines[line].contains("REPEAT_TURN")
}

/// The lines of the board drawings of entries that end a turn (and of `0: Start Game`), and of
/// the entries in the middle of a turn, apart.
fn board_lines(text: &str) -> (Vec<usize>, Vec<usize>) {
    let lines: Vec<&str> = text.lines().collect();
    let history = lines
        .iter()
        .position(|l| l.starts_with("*** New game"))
        .unwrap();
    let (mut claimed, mut within) = (Vec::new(), Vec::new());
    let mut k = history + 1;
    while k < lines.len() {
        let entry = lines[k];
        if entry
            .split_once(": ")
            .is_some_and(|(n, _)| n.chars().all(|c| c.is_ascii_digit()))
        {
            let mut board = k + 1;
            if lines[board].starts_with("WIN by")
                || lines[board].starts_with("ROUND_")
                || lines[board] == "TIE"
            {
                board += 1;
            }
            let into = if ends_a_turn(&lines, k) {
                &mut claimed
            } else {
                &mut within
            };
            into.extend([board, board + 1]);
            k = board + 2;
        } else {
            k += 1;
        }
    }
    (claimed, within)
}

/// `line` with one of its numbers changed: for each number, each value `changes` gives it that
/// MancalaGames could write (a u32; a number's own value is never among them).
fn numbers_changed(line: &str, changes: impl Fn(u64) -> Vec<u64>) -> Vec<String> {
    let mut out = Vec::new();
    let mut at = 0;
    while let Some(start) = line[at..]
        .find(|c: char| c.is_ascii_digit())
        .map(|s| s + at)
    {
        let end = line[start..]
            .find(|c: char| !c.is_ascii_digit())
            .map_or(line.len(), |e| e + start);
        let number: u64 = line[start..end].parse().unwrap();
        for changed in changes(number) {
            if changed != number && changed <= u64::from(u32::MAX) {
                out.push(format!("{}{changed}{}", &line[..start], &line[end..]));
            }
        }
        at = end;
    }
    out
}

/// The log `lines` with line `k` (0-based) replaced by `with`.
fn with_line(lines: &[&str], k: usize, with: &str) -> String {
    let mut edited: Vec<&str> = lines.to_vec();
    edited[k] = with;
    edited.join("\n") + "\n"
}

/// Each number of every board drawn outside the middle of a turn, one more or one less, and the
/// check fails (or the import refuses the log): the holes, the stores, the final board (a final
/// board of 51 seeds on a 50-seed board once passed), the start of a later round.
#[test]
fn every_number_of_a_board_outside_a_turn_is_a_claim() {
    let mut mutations = 0;
    for name in [
        "current-whole-2x5",
        "2025-04-gui-2x7-later-round",
        "current-whole-2x5-ends-in-store",
        "2025-04-whole-2x5-ends-mid-round",
    ] {
        let text = real(name);
        let (claimed, _) = board_lines(text);
        let lines: Vec<&str> = text.lines().collect();
        for &k in &claimed {
            for changed in numbers_changed(lines[k], |n| vec![n + 1, n.wrapping_sub(1)]) {
                let edited = with_line(&lines, k, &changed);
                assert!(
                    passes(&edited).is_err(),
                    "{name}: line {} `{changed}` passes",
                    k + 1
                );
                mutations += 1;
            }
        }
    }
    assert!(mutations > 500, "{mutations} mutations");
}

/// Each move's hole changed to another column of the row, and the check fails or the import
/// refuses it: the move is a claim, even in the middle of a turn.
#[test]
fn every_moves_hole_is_a_claim() {
    for name in ["current-whole-2x5", "2025-04-gui-2x7-later-round"] {
        let text = real(name);
        let holes = if name.contains("2x7") { 7 } else { 5 };
        let lines: Vec<&str> = text.lines().collect();
        for (k, line) in lines.iter().enumerate() {
            let Some((head, rest)) = line.split_once(" move ") else {
                continue;
            };
            let Some((column, tail)) = rest.split_once(' ').or(Some((rest, ""))) else {
                continue;
            };
            let Ok(column) = column.parse::<u32>() else {
                continue;
            };
            for other in (0..holes).filter(|&c| c != column) {
                let changed = format!(
                    "{head} move {other}{}{tail}",
                    if tail.is_empty() { "" } else { " " }
                );
                let edited = with_line(&lines, k, &changed);
                assert!(
                    passes(&edited).is_err(),
                    "{name}: line {} `{}` passes",
                    k + 1,
                    edited.lines().nth(k).unwrap()
                );
            }
        }
    }
}

/// `min_move` is the fewest seeds a hole sown may hold: 1 in Dakon. 0 was once accepted.
#[test]
fn min_move_other_than_one_is_refused() {
    let text = real("current-gui-2x5-round1");
    for value in ["0", "2"] {
        let edited = text.replace("'min_move': 1,", &format!("'min_move': {value},"));
        let error = import(&edited).unwrap_err();
        assert!(error.contains("min_move"), "{error}");
    }
}

/// The current version's `quitter` shares out the seeds of a game the user ends: it plays no
/// part in a log of a game played out, and is kept as a tag; a log the user ended is refused at
/// its entry, naming it.
#[test]
fn the_quitter_is_a_tag_and_a_game_the_user_ended_is_refused() {
    let text = real("current-gui-2x5-round1");
    let mgn = import(text).unwrap();
    assert!(
        mgn.contains("[MancalaGamesQuitter \"<EndGameSeeds.DIVVIED: 4>\"]"),
        "{mgn}"
    );
    // What MancalaGames' window logs when the user ends the game (its end_game: `game Ended`,
    // then the winner, then the board).
    let cut = text.find("\n5: ").expect("an entry 5");
    let ended = format!(
        "{}\n5: game Ended \nWIN by North\n  0  0  0  0  0      30\n  0  0  0  0  0  *   20\n",
        &text[..cut].replace("Moves = 13", "Moves = 5")
    );
    let error = import(&ended).unwrap_err();
    assert!(
        error.contains("quitter") && error.contains("user's request"),
        "{error}"
    );
}

/// The log's count of its moves (`***** Game history. Moves = N`) and each entry's number (from
/// 1 in each round, the start entry 0) are claims too: a log cut short or with an entry left out
/// is refused at that line.
#[test]
fn the_move_count_and_every_entry_number_are_claims() {
    let text = real("current-whole-2x5");
    let error = import(&text.replace("Moves = 94", "Moves = 93")).unwrap_err();
    assert!(error.contains("holds 93 moves, but 94 follow"), "{error}");
    let lines: Vec<&str> = text.lines().collect();
    let mut entries = 0;
    for (k, line) in lines.iter().enumerate() {
        let Some((number, rest)) = line.split_once(": ") else {
            continue;
        };
        let Ok(number) = number.parse::<u64>() else {
            continue;
        };
        entries += 1;
        for changed in [number + 1, number + 2] {
            let error = import(&with_line(&lines, k, &format!("{changed}: {rest}"))).unwrap_err();
            assert!(error.contains("was due"), "line {}: {error}", k + 1);
        }
    }
    assert_eq!(entries, 95);
}

/// The winner a log names at a round's or the game's end is a claim: the player whose store
/// holds more (MancalaGames' Dakon, goal MAX_SEEDS). A winner changed in the log passed
/// unread, and at an early end it is the only verdict the record keeps (`SourceResult`).
#[test]
fn the_winner_named_is_a_claim() {
    let text = real("current-whole-2x5");
    for (from, to) in [
        ("ROUND_WIN by North", "ROUND_WIN by South"),
        ("\nWIN by South\n", "\nWIN by North\n"),
        ("\nWIN by South\n", "\nTIE\n"),
        ("ROUND_WIN by South\n", "ROUND_TIE\n"),
    ] {
        assert!(text.contains(from), "{from}");
        let error = import(&text.replacen(from, to, 1)).unwrap_err();
        assert!(
            error.contains("names the player whose store holds more"),
            "{to}: {error}"
        );
    }
    let text = real("current-gui-2x5-round-tie");
    let error = import(&text.replace("\nROUND_TIE\n", "\nROUND_WIN by North\n")).unwrap_err();
    assert!(
        error.contains("names the player whose store holds more"),
        "{error}"
    );
}

/// The log with its entries numbered again from 1 in each round and its `Moves = N` counted
/// again, as MancalaGames would number it: an edit that keeps the log's own count and numbers.
fn renumbered(text: &str) -> String {
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    let history = lines
        .iter()
        .position(|l| l.starts_with("***** Game history"))
        .unwrap();
    let (mut number, mut moves, mut round_over) = (0u64, 0usize, false);
    for line in &mut lines[history + 1..] {
        if line.starts_with("ROUND_") {
            round_over = true;
            continue;
        }
        let Some((n, rest)) = line.split_once(": ") else {
            continue;
        };
        if !n.bytes().all(|b| b.is_ascii_digit()) {
            continue;
        }
        if rest.trim_end() == "Start Game" {
            number = 0;
        } else {
            number = if round_over { 1 } else { number + 1 };
            moves += 1;
        }
        round_over = false;
        *line = format!("{number}: {rest}");
    }
    lines[history] = format!("***** Game history. Moves = {moves}");
    lines.join("\n") + "\n"
}

/// Whether a round or the game ends at an entry is a claim: MancalaGames' Dakon ends the round
/// when every seed is in a store (`ROUND_WIN`, `ROUND_TIE`), and the game as soon as a store
/// holds more than the total less `goal_param` holes' worth (`WIN`, `TIE`), checking before a
/// turn repeats. A round's end written after a sowing that repeats (the rest of the turn
/// joined on, the round's end dropped), a `WIN` where no store holds so much, a round's end
/// taken out of a log whose board is empty, a `goal_param` changed: each passed.
#[test]
fn where_a_round_or_the_game_ends_is_a_claim() {
    let refused = |edited: String, what: &str| {
        let error = import(&edited).expect_err(what);
        assert!(error.contains("MancalaGames"), "{what}: {error}");
    };
    let text = real("current-whole-2x5");
    // A round's end, or the game's, after a sowing marked REPEAT_TURN.
    for end in ["ROUND_WIN by North", "ROUND_TIE", "WIN by North"] {
        refused(
            renumbered(&text.replacen(
                "2: North move 0 REPEAT_TURN\n",
                &format!("2: North move 0 REPEAT_TURN\n{end}\n"),
                1,
            )),
            end,
        );
    }
    // REPEAT_TURN on the entry that ends the game.
    refused(
        text.replace(
            "14: South move 2\nWIN by South",
            "14: South move 2 REPEAT_TURN\nWIN by South",
        ),
        "REPEAT_TURN at the game's end",
    );
    // The game's end in the middle of a round, where no store holds more than 50 - 4 x 5.
    refused(
        renumbered(&text.replacen("10: North move 0\n", "10: North move 0\nWIN by North\n", 1)),
        "WIN mid-round",
    );
    // A round's end where seeds are left on the board.
    refused(
        renumbered(&text.replacen(
            "10: North move 0\n",
            "10: North move 0\nROUND_WIN by North\n",
            1,
        )),
        "ROUND_WIN with seeds on the board",
    );
    // The round's end taken out where every seed is in a store.
    refused(
        text.replacen(
            "24: South move 4\nROUND_WIN by North\n",
            "24: South move 4\n",
            1,
        ),
        "an empty board without the round's end",
    );
    refused(
        real("2025-04-gui-2x5-round1").replace("\nROUND_WIN by Top\n", "\n"),
        "an empty board without the round's end",
    );
    refused(
        real("current-gui-2x5-round-tie").replace("\nROUND_TIE\n", "\n"),
        "an empty board without the round's tie",
    );
    // goal_param moves the game's end: another value contradicts where the log ends it.
    for value in ["3", "5"] {
        for name in [
            "current-whole-2x5",
            "current-gui-2x5-round1",
            "2025-04-whole-2x5-ends-mid-round",
        ] {
            refused(
                real(name).replace("'goal_param': 4,", &format!("'goal_param': {value},")),
                &format!("{name}: goal_param {value}"),
            );
        }
    }
}

/// MancalaGames writes an enum parameter as `<Class.NAME: value>`, the name and the value of
/// one member: a name that is not the value's is an edit, refused at the parameter. The value
/// alone was read, so `<RoundStarter.LAST_MOVER: 2>` passed as WINNER.
#[test]
fn an_enum_parameter_whose_name_is_not_its_values_is_refused() {
    let text = real("current-gui-2x5-round1");
    for (from, to) in [
        (
            "<RoundStarter.LAST_MOVER: 3>",
            "<RoundStarter.LAST_MOVER: 2>",
        ),
        ("<RoundStarter.LAST_MOVER: 3>", "<RoundStarter.WINNER: 3>"),
        ("<LapSower.LAPPER: 1>", "<LapSower.OTHER: 1>"),
        ("<GrandSlam.LEGAL: 0>", "<GrandSlam.NOT_LEGAL: 0>"),
        ("<XCaptType.ONE_ZEROS: 1>", "<XCaptType.TWO_OUT: 1>"),
    ] {
        assert!(text.contains(from), "{from}");
        let error = import(&text.replace(from, to)).expect_err(to);
        assert!(
            error.contains(to) && error.contains("edited"),
            "{to}: {error}"
        );
    }
    passes(text).unwrap();
}

/// The `*` at the game's end within a round, where the last lap left the mover's row empty: a
/// version with `capt_dir` draws it on the mover when that lap ended in his store (he would
/// sow again, and then pass), on the other player when not. In mgn's Dakon the turn is over
/// either way, so the checkpoint cannot tell: the importer checks it against the replay's last
/// lap. Moved to the other row, it passed (397 of the real logs end so).
#[test]
fn the_star_at_the_games_end_by_a_row_emptied_is_a_claim() {
    let text = real("current-whole-2x5-ends-in-store");
    let end = "WIN by North\n  0  0  0  0  0  *   31\n  0  0  0  0  1      18";
    assert!(text.contains(end));
    let moved = "WIN by North\n  0  0  0  0  0      31\n  0  0  0  0  1  *   18";
    let error = import(&text.replace(end, moved)).unwrap_err();
    assert!(error.contains("ended in"), "{error}");
    passes(text).unwrap();
    // The last lap ended in a hole, North's row empty: the `*` is on South.
    let text = real("current-whole-2x5-ends-row-emptied");
    let end = "WIN by North\n  0  0  0  0  0      31\n  4  1  0  1  0  *   13";
    assert!(text.contains(end));
    let moved = "WIN by North\n  0  0  0  0  0  *   31\n  4  1  0  1  0      13";
    let error = import(&text.replace(end, moved)).unwrap_err();
    assert!(error.contains("ended in"), "{error}");
    passes(text).unwrap();
}

/// A log of a version since 2025-09 (`sow_stores`) draws the `*` at the game's end as the
/// versions with `capt_dir` do: taking the `capt_dir` line out of it does not make that `*`
/// unchecked, as in the logs before 2025-06.
#[test]
fn a_log_with_sow_stores_draws_the_next_mover_without_capt_dir() {
    let text = real("current-whole-2x5-ends-in-store")
        .replace("    'capt_dir': <CaptDir.OPP_SOW: 0>,\n", "");
    passes(&text).unwrap();
    let end = "WIN by North\n  0  0  0  0  0  *   31\n  0  0  0  0  1      18";
    let moved = "WIN by North\n  0  0  0  0  0      31\n  0  0  0  0  1  *   18";
    assert!(text.contains(end));
    assert!(passes(&text.replace(end, moved)).is_err());
}

/// MancalaGames clears its log at every new game (`GameLog.new`), so a log it saves holds one
/// `*** New game`: a second one (two logs joined, a game's history pasted twice, a round's log
/// cut in two) is refused at its line. Two copies of a game's history, the count made to match,
/// passed as two games.
#[test]
fn a_second_new_game_is_refused() {
    let text = real("current-whole-2x5");
    let history = &text[text.find("*** New game").unwrap()..];
    let twice = format!("{}\n{history}", text.replace("Moves = 94", "Moves = 188"));
    let games = import_games(Format::MancalaGames, &twice, "log.txt");
    let error = games
        .iter()
        .find_map(|g| g.as_ref().err())
        .expect("a second `*** New game` refused");
    assert!(error.to_string().contains("*** New game"), "{error}");
}

/// The boards between the sowings of one turn are no checkpoints (MGN holds a Dakon turn whole),
/// but every board MancalaGames draws holds all the game's seeds (2 x N x N: Dakon neither adds
/// nor takes one away), so a number of one changed, even to 4294967295, is refused. Any such
/// change passed.
#[test]
fn every_board_holds_all_the_seeds() {
    let mut mutations = 0;
    for name in ["current-whole-2x5", "2025-04-gui-2x7-later-round"] {
        let text = real(name);
        let (_, within) = board_lines(text);
        assert!(!within.is_empty());
        let lines: Vec<&str> = text.lines().collect();
        for &k in &within {
            let changes = |n: u64| vec![n + 1, n.wrapping_sub(1), 4294967295];
            for changed in numbers_changed(lines[k], changes) {
                let error = import(&with_line(&lines, k, &changed)).expect_err(&changed);
                assert!(error.contains("seeds"), "{error}");
                mutations += 1;
            }
        }
    }
    assert!(mutations > 100, "{mutations} mutations");
}

/// A sowing marked REPEAT_TURN is followed by another of the same player, and MancalaGames draws
/// its `*` on him (every such entry of the real logs does): the `*` of a board between the
/// sowings of a turn, which is no checkpoint, is checked so. Moved to the other row, it passed.
#[test]
fn the_star_between_the_sowings_of_a_turn_is_on_the_mover() {
    let text = real("current-whole-2x5");
    let (_, within) = board_lines(text);
    let lines: Vec<&str> = text.lines().collect();
    let mut mutations = 0;
    for &k in within.iter().step_by(2) {
        let (top, bottom) = (lines[k], lines[k + 1]);
        // The `*` stands after the fifth hole's column: swap the two rows' marks.
        let swap = |line: &str| -> String {
            let mut chars: Vec<char> = format!("{line:<18}").chars().collect();
            let at = 17;
            chars[at] = if chars[at] == '*' { ' ' } else { '*' };
            chars.into_iter().collect()
        };
        assert!(top.chars().nth(17) == Some('*') || bottom.chars().nth(17) == Some('*'));
        let mut edited: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
        edited[k] = swap(top);
        edited[k + 1] = swap(bottom);
        let error = import(&(edited.join("\n") + "\n")).expect_err(&edited[k]);
        assert!(error.contains("REPEAT_TURN"), "{error}");
        mutations += 1;
    }
    assert!(mutations > 10, "{mutations}");
}

/// MancalaGames puts holes out of play only when a round starts (`blocks`), so every board of a
/// round draws the same holes `x`; those between the sowings of a turn, no checkpoints, are
/// checked so. A `0` written `x` there, or an `x` written `0`, passed.
#[test]
fn the_holes_out_of_play_stay_so_within_a_round() {
    let text = real("2025-04-gui-2x7-later-round");
    let line = "\n  1 10  0 10  0  x  x       4\n";
    assert!(text.contains(line));
    for changed in [
        "\n  1 10  0 10  0  0  x       4\n",
        "\n  1 10  0 10  x  x  x       4\n",
    ] {
        let error = import(&text.replacen(line, changed, 1)).expect_err(changed);
        assert!(error.contains("out of play"), "{error}");
    }
}
