//! Moves of very many laps (issue "Bounded: every move decided in bounded time"): every move is
//! decided within a lap budget, exactly at its limit, and fails under `mgn.limit.laps` past
//! it, never passing; a refused endless move names the laps it may stop after as one range; a
//! long move's events take bounded room, its capture claims are still checked exactly, and
//! `mgn replay` summarises its cycle. docs/robustness.md ("Limits").

mod support;

use mgn::check::{check_game, CheckOptions, Verdict};
use mgn::notation::{parse_games, Game};
use mgn::replay::log::{HEAD, LANDMARKS, TAIL};
use mgn::replay::{replay_game, ReplayOptions};
use mgn::rules::{with_rules_within, Event, RulesExt, WithRules, DEFAULT_MAX_LAPS};
use std::fs;
use support::*;

/// Nchuwa 4x6: B1 comes back to its start after 72 laps (fixtures/nchuwa/endless-stop.mgn).
const NCHUWA_72: &str = "[Game \"nchuwa\"]\n[Board \"4x6\"]\n[Start \"0,0,0,0,0,0,3,0,0,0,0,3/2,0,1,0,1,0,1,0,1,0,2,1 15/18 B 1\"]\n[Option \"nchuwa.endless=stop\"]\n\n1. B1/143 x0 [0,0,0,0,0,0,3,0,0,0,0,3/1,0,1,0,1,0,1,0,1,3,1,0 15/18 A 1] *\n";

/// The same position under the default: B1 never ends, and is refused (once decided).
const NCHUWA_72_ILLEGAL: &str = "[Game \"nchuwa\"]\n[Board \"4x6\"]\n[Start \"0,0,0,0,0,0,3,0,0,0,0,3/2,0,1,0,1,0,1,0,1,0,2,1 15/18 B 1\"]\n\n1. B1 *\n";

/// Nchuwa 4x9: B8 relays for 571 laps, then ends (fixtures/nchuwa/long-move.mgn).
const NCHUWA_571: &str = "[Game \"nchuwa\"]\n[Board \"4x9\"]\n[Start \"0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,3/3,0,1,2,1,2,3,4,0,2,1,3,0,1,0,2,1,2 20/21 B 1\"]\n\n1. B8 x0 [0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,3/1,1,0,2,1,2,1,2,1,2,1,2,1,4,1,0,2,4 20/21 A 1] *\n";

/// Dong Wo: B5> comes back to its state after 75 laps (fixtures/dong-wo/endless.mgn).
const DONG_WO_75: &str = "[Game \"dong-wo\"]\n[Option \"dong-wo.game.length=one-round\"]\n[Start \"0,2,1,0,3/0,1,0,4,2 27mAmB/0 B 1\"]\n[Option \"dong-wo.endless=stop\"]\n\n1. B5>/75 x0 *\n";

/// Dakon: the seed's worked example, B4 and a relay from A3: two laps.
const DAKON_2: &str = "[Game \"dakon\"]\n[Preset \"catalan\"]\n[First \"B\"]\n\n1. B4 x7(A2,B4) =0/8 [6,0,0,6,6/6,6,6,0,6 0/8 A 1] *\n";

/// Nchuwa 4x9 under `stop`: B1 comes back to its start after 17208 laps.
fn long_cycle() -> String {
    fs::read_to_string(repo().join("fixtures/nchuwa/endless-long.mgn")).unwrap()
}

fn check_with_budget(test: &str, record: &str, budget: u64) -> std::process::Output {
    let dir = scratch("endless", test);
    let file = dir.join(format!("budget-{budget}.mgn"));
    fs::write(&file, record).unwrap();
    mgn(&[
        "check",
        "--max-laps",
        &budget.to_string(),
        file.to_str().unwrap(),
    ])
}

#[test]
fn a_move_of_exactly_the_budgets_laps_is_decided_and_one_lap_more_fails() {
    for (game, record, laps, decided) in [
        ("nchuwa endless, stopped", NCHUWA_72, 72, 0),
        ("nchuwa endless, refused", NCHUWA_72_ILLEGAL, 72, 1),
        ("nchuwa, ends", NCHUWA_571, 571, 0),
        ("dong wo endless, stopped", DONG_WO_75, 75, 0),
        ("dakon", DAKON_2, 2, 0),
    ] {
        let test = game.replace([' ', ','], "-");
        // At the limit: decided, as without a budget (the refused move under its own rule).
        let at = check_with_budget(&test, record, laps);
        assert_eq!(code(&at), decided, "{game} at {laps}:\n{}", shown(&at));
        assert!(!shown(&at).contains("rule mgn.limit.laps"), "{game}");
        // One lap short: not decided, and the record fails, naming the budget and the flag.
        let past = check_with_budget(&test, record, laps - 1);
        let text = shown(&past);
        assert_eq!(code(&past), 1, "{game} at {}:\n{text}", laps - 1);
        assert!(text.contains("rule mgn.limit.laps"), "{game}:\n{text}");
        assert!(
            text.contains(&format!("within the lap budget of {} laps", laps - 1)),
            "{game}:\n{text}"
        );
        assert!(text.contains("--max-laps"), "{game}:\n{text}");
        assert!(text.contains("0 passed, 1 failed"), "{game}:\n{text}");
    }
}

#[test]
fn the_budget_reaches_replay_and_suite_and_its_flag_refuses_nonsense() {
    let dir = scratch("endless", "flags");
    let file = dir.join("stop.mgn");
    fs::write(&file, NCHUWA_72).unwrap();
    let file = file.to_str().unwrap();
    let replay = mgn(&["replay", "--max-laps", "71", file]);
    assert_eq!(code(&replay), 1, "{}", shown(&replay));
    assert!(shown(&replay).contains("mgn.limit.laps"));
    assert_eq!(code(&mgn(&["replay", "--max-laps", "72", file])), 0);
    fs::write(
        dir.join("stop.verdict"),
        "game 1: failed mgn.limit.laps at 6:4\n",
    )
    .unwrap();
    let suite = mgn(&["suite", "--max-laps", "71", dir.to_str().unwrap()]);
    assert_eq!(code(&suite), 0, "{}", shown(&suite));
    let suite = mgn(&["suite", dir.to_str().unwrap()]);
    assert_eq!(code(&suite), 1, "{}", shown(&suite));
    // The flag's limits, 1 and 4294967295 (laps are numbered in u32), are taken.
    for good in ["1", "4294967295"] {
        let output = mgn(&["check", "--max-laps", good, file]);
        assert_ne!(code(&output), 2, "--max-laps {good}: {}", shown(&output));
    }
    for bad in ["0", "4294967296", "ten", "-1"] {
        let output = mgn(&["check", "--max-laps", bad, file]);
        assert_eq!(code(&output), 2, "--max-laps {bad}: {}", shown(&output));
    }
    let help = stdout(&mgn(&["check", "--help"]));
    assert!(help.contains("--max-laps") && help.contains("mgn.limit.laps"));
}

#[test]
fn a_move_past_the_budget_never_passes_in_any_report() {
    let case = repo().join("fixtures/bad/endless-over-budget.mgn");
    let case = case.to_str().unwrap();
    let text = mgn(&["check", case]);
    assert_eq!(code(&text), 1);
    let json = mgn(&["check", "--format", "json", case]);
    assert_eq!(code(&json), 1);
    for line in stdout(&json).lines().filter(|l| l.contains("\"game\"")) {
        assert!(line.contains("\"mgn.limit.laps\""), "{line}");
        assert!(!line.contains("\"passed\""), "{line}");
    }
    let junit = mgn(&["check", "--format", "junit", case]);
    assert_eq!(code(&junit), 1);
    assert!(stdout(&junit).contains("mgn.limit.laps"));
    // Raised past the cycle (219526245 laps), it is decided: refused as a move that never
    // ends. Not run here: it takes seconds in a release build and minutes in a debug one.
}

#[test]
fn a_refused_stop_names_its_laps_as_one_range_whatever_the_cycle() {
    let output = mgn(&["check", "fixtures/bad/endless-stop-range.mgn"]);
    let text = shown(&output);
    assert_eq!(code(&output), 1);
    assert!(
        text.contains("legal here: B2 B3 B4 B5 B8 B9/1055109 to /2110217 B10 B11 B14 B16"),
        "{text}"
    );
    // The report was 12.6 MB: one alternative for each lap the move could stop after.
    assert!(text.len() < 2_000, "{} bytes:\n{text}", text.len());
    let json = stdout(&mgn(&[
        "check",
        "--format",
        "json",
        "fixtures/bad/endless-stop-range.mgn",
    ]));
    assert!(json.len() < 2_000, "{} bytes", json.len());
    // Every refusal of a long cycle's stop names the range.
    let output = mgn(&["check", "fixtures/nchuwa/endless-long.mgn"]);
    let text = shown(&output);
    assert!(
        text.contains("can be stopped after lap 17208 to 34415")
            && text.contains("B1/17208 to /34415 B2"),
        "{text}"
    );
}

#[test]
fn under_stop_any_lap_a_refused_stop_names_its_laps_as_one_range_too() {
    // nchuwa.endless=stop-any-lap: the same cycle of 1,055,109 laps may be stopped after any
    // lap from 1 to 2,110,217; the report names them as one range, not 2 million moves.
    let case = "fixtures/bad/endless-stop-any-lap-range.mgn";
    let output = mgn(&["check", case]);
    let text = shown(&output);
    assert_eq!(code(&output), 1);
    assert!(
        text.contains("legal here: B2 B3 B4 B5 B8 B9/1 to /2110217 B10 B11 B14 B16"),
        "{text}"
    );
    assert!(
        text.contains("B9 can be stopped after lap 1 to 2110217"),
        "{text}"
    );
    assert!(text.len() < 4_000, "{} bytes:\n{text}", text.len());
    let json = stdout(&mgn(&["check", "--format", "json", case]));
    assert!(json.len() < 4_000, "{} bytes", json.len());
}

#[test]
fn under_stop_any_lap_perft_counts_every_lap_and_random_play_draws_among_them() {
    // The cycle of 17208 laps under stop-any-lap: B1 may stop after any of laps 1 to 34415,
    // each a decision (and the other 11 moves).
    let text = long_cycle().replace("nchuwa.endless=stop", "nchuwa.endless=stop-any-lap");
    let game = parse_games(&text).remove(0).unwrap();
    let counted =
        with_rules_within(&game.header, DEFAULT_MAX_LAPS, PerftFrom(game.clone(), 1)).unwrap();
    assert_eq!(counted, Ok(11 + 34415));
    let plies =
        with_rules_within(&game.header.clone(), DEFAULT_MAX_LAPS, PlayoutFrom(game)).unwrap();
    assert!(plies > 0);
}

#[test]
fn under_stop_any_lap_a_dong_wo_cycle_is_counted_lap_by_lap_and_named_as_one_range() {
    // dong-wo.endless=stop-any-lap: A4> comes back to where it started after 72150 laps
    // (fixtures/dong-wo/endless-long.mgn); it may be stopped after any of them.
    let stop = fs::read_to_string(repo().join("fixtures/dong-wo/endless-long.mgn")).unwrap();
    let any = stop.replace("dong-wo.endless=stop", "dong-wo.endless=stop-any-lap");
    let count = |text: &str| {
        let game = parse_games(text).remove(0).unwrap();
        with_rules_within(&game.header, DEFAULT_MAX_LAPS, PerftFrom(game.clone(), 1))
            .unwrap()
            .unwrap()
    };
    assert_eq!(count(&any), count(&stop) + 72149);
    let game = parse_games(&any).remove(0).unwrap();
    let plies =
        with_rules_within(&game.header.clone(), DEFAULT_MAX_LAPS, PlayoutFrom(game)).unwrap();
    assert!(plies > 0);
    // Written without its lap, and one lap too far: the stops are named as one range.
    let dir = scratch("endless", "dong-wo-any-lap");
    let file = dir.join("any.mgn");
    let record = "[Game \"dong-wo\"]\n[Option \"dong-wo.game.length=one-round\"]\n[Option \"dong-wo.endless=stop-any-lap\"]\n[Start \"1,2,3,5,2/1,5,1,11,4 5mAmB/0 A 1\"]\n\n1. A4> *\n";
    fs::write(
        &file,
        format!("{record}\n{}", record.replace("A4> *", "A4>/72151 *")),
    )
    .unwrap();
    let output = mgn(&["check", file.to_str().unwrap()]);
    let text = shown(&output);
    assert_eq!(code(&output), 1);
    assert!(text.contains("legal here: /1 to /72150"), "{text}");
    assert!(
        text.contains(
            "it can be stopped after lap 1 to 72150, written /1 to /72150; not lap 72151"
        ),
        "{text}"
    );
    assert!(text.contains("0 passed, 2 failed"), "{text}");
    assert!(text.len() < 4_000, "{} bytes", text.len());
}

/// The events of a game's first ply as the replay keeps them (as `mgn replay` shows them).
fn first_ply_events(game: &Game) -> Vec<Event> {
    let replayed = replay_game(game, ReplayOptions::plies());
    assert_eq!(replayed.failure, None);
    replayed.plies[0].events.clone()
}

#[test]
fn a_long_move_keeps_bounded_events_with_its_cycle_and_its_claims_checked() {
    let text = long_cycle();
    let games: Vec<Game> = parse_games(&text).into_iter().map(Result::unwrap).collect();
    let (head, tail, landmarks) = (HEAD, TAIL, LANDMARKS);
    // Stopped after 34415 laps of about five events each: far more events than are kept.
    let events = first_ply_events(&games[1]);
    assert!(
        events.len() <= head + (2 * landmarks + 1) * tail + 16,
        "{} events kept",
        events.len()
    );
    let omitted: u64 = events
        .iter()
        .map(|e| match e {
            Event::Omitted { events, .. } => *events,
            _ => 0,
        })
        .sum();
    assert!(omitted > 100_000, "{omitted} events left out");
    let cycle = events
        .iter()
        .find(|e| matches!(e, Event::Cycle { .. }))
        .copied();
    assert_eq!(
        cycle,
        Some(Event::Cycle {
            mu: 0,
            lambda: 17208,
            times: 1,
            stop: 34415,
            rule: mgn::rules::nchuwa::Endless::CODE,
        })
    );
    // The last lap is shown, and its lap end is the stop.
    assert!(matches!(
        events
            .iter()
            .rev()
            .find(|e| matches!(e, Event::LapEnd { .. })),
        Some(Event::LapEnd {
            lap: 34415,
            rule,
            ..
        }) if *rule == "nchuwa.endless"
    ));
    // The claims of the whole move are checked: x0 holds (games 1 and 2), x1 does not (6).
    let options = CheckOptions::default();
    assert_eq!(check_game(&games[0], &options), Verdict::Passed);
    assert_eq!(check_game(&games[1], &options), Verdict::Passed);
    let Verdict::Failed(problems) = check_game(&games[5], &options) else {
        panic!("x1 is refused")
    };
    assert_eq!(problems[0].rule, "mgn.claim.captures");
    // The failure's trace is the ply's bounded events.
    assert!(problems[0].trace.as_ref().unwrap().len() < 2_000_000);
}

#[test]
fn replay_summarises_a_long_cycle_in_text_json_and_yaml() {
    let dir = scratch("endless", "replay");
    let file = dir.join("long.mgn");
    fs::write(&file, long_cycle()).unwrap();
    let file = file.to_str().unwrap();
    let text = mgn(&["replay", "--game", "2", file]);
    assert_eq!(code(&text), 0, "{}", shown(&text));
    let text = stdout(&text);
    assert!(
        text.contains(
            "cycle: after lap 17208 the move is back where it was after lap 0; laps 1 to 17208 repeat every 17208 laps for ever. It ran them 1 time and 17207 laps more, stopping after lap 34415 [nchuwa.endless]"
        ),
        "{}",
        &text[..2000.min(text.len())]
    );
    assert!(text.contains(" not shown ..."));
    assert!(text.contains("lap 34415 (relay):"));
    assert!(text.len() < 1_000_000, "{} bytes of text", text.len());
    let json = mgn(&["replay", "--format", "json", "--game", "2", file]);
    assert_eq!(code(&json), 0);
    let json: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    let events = json["games"][0]["steps"][0]["events"].as_array().unwrap();
    let cycle = events.iter().find(|e| e["event"] == "cycle").unwrap();
    assert_eq!(cycle["mu"], 0);
    assert_eq!(cycle["lambda"], 17208);
    assert_eq!(cycle["times"], 1);
    assert_eq!(cycle["stop"], 34415);
    assert_eq!(cycle["rule"], "nchuwa.endless");
    let omitted: Vec<_> = events.iter().filter(|e| e["event"] == "omitted").collect();
    let left_out: u64 = omitted.iter().map(|e| e["events"].as_u64().unwrap()).sum();
    assert!(left_out > 100_000, "{left_out}");
    for gap in omitted {
        assert!(gap["first_lap"].as_u64().unwrap() < gap["last_lap"].as_u64().unwrap());
    }
    let yaml = stdout(&mgn(&["replay", "--format", "yaml", "--game", "2", file]));
    assert!(yaml.contains("event: cycle") && yaml.contains("event: omitted"));
}

#[test]
fn mgn_rules_declares_the_lap_budget() {
    let rules = stdout(&mgn(&["rules"]));
    assert!(rules.contains("mgn.limit.laps\n    every move is decided within the lap budget"));
    let def = mgn::rules::general_rule("mgn.limit.laps").unwrap();
    assert!(
        def.summary.contains(&DEFAULT_MAX_LAPS.to_string()),
        "the words name the default budget: {}",
        def.summary
    );
}

#[test]
fn a_pass_is_refused_when_a_move_was_not_decided() {
    // B's only move, B2, never ends (its cycle is 72 laps): under the default he must pass.
    // With a budget of 50 laps, whether he has a move is not decided: neither his pass nor
    // B2 is passed.
    let position = "0,0,0,0,0,0,3,0,0,0,0,3/1,3,1,0,1,0,1,0,1,0,1,0 15/18 B 1";
    let record = |moves: &str| {
        format!("[Game \"nchuwa\"]\n[Board \"4x6\"]\n[Start \"{position}\"]\n\n1. {moves} *\n")
    };
    let pass = record("pass");
    assert_eq!(code(&check_with_budget("pass", &pass, DEFAULT_MAX_LAPS)), 0);
    let refused = check_with_budget("pass", &pass, 50);
    let text = shown(&refused);
    assert_eq!(code(&refused), 1, "{text}");
    assert!(
        text.contains(
            "whether B has a legal move was not decided within the lap budget of 50 laps"
        ),
        "{text}"
    );
    let sown = check_with_budget("sown", &record("B2"), 50);
    assert!(shown(&sown).contains("rule mgn.limit.laps"));
}

#[test]
fn a_dong_wo_move_past_the_budget_is_not_refused_as_endless() {
    // A4> comes back to its start after 72150 laps (fixtures/dong-wo/endless-long.mgn).
    let record = "[Game \"dong-wo\"]\n[Option \"dong-wo.game.length=one-round\"]\n[Start \"1,2,3,5,2/1,5,1,11,4 5mAmB/0 A 1\"]\n\n1. A4> *\n";
    let decided = check_with_budget("dong-wo", record, 72150);
    assert!(shown(&decided).contains("rule dong-wo.endless"));
    let past = check_with_budget("dong-wo", record, 72149);
    let text = shown(&past);
    assert_eq!(code(&past), 1);
    assert!(text.contains("rule mgn.limit.laps"), "{text}");
    assert!(text.contains("A4> (not decided"), "{text}");
}

/// perft from a position (its Start), under a budget.
struct PerftFrom(Game, u32);

impl WithRules for PerftFrom {
    type Output = Result<u64, mgn::Diagnostic>;
    fn run<R: RulesExt>(self, rules: &R) -> Self::Output {
        let start = rules
            .state_from_position(&self.0.header.start.unwrap().value)
            .unwrap();
        mgn::perft::perft(rules, &start, self.1)
    }
}

/// Random games from a position (its Start), under a budget: the plies played.
struct PlayoutFrom(Game);

impl WithRules for PlayoutFrom {
    type Output = usize;
    fn run<R: RulesExt>(self, rules: &R) -> usize {
        let start = rules
            .state_from_position(&self.0.header.start.unwrap().value)
            .unwrap();
        let mut rng = mgn::generate::Rng::new(1);
        (0..20)
            .map(|_| mgn::generate::playout(rules, start.clone(), &mut rng, 50, &mut ()))
            .sum()
    }
}

#[test]
fn perft_and_random_play_end_on_a_move_past_the_budget() {
    let text = long_cycle();
    let game = parse_games(&text).remove(0).unwrap();
    // B1's cycle of 17208 laps is past a budget of 1000: perft says so rather than count.
    let counted = with_rules_within(&game.header, 1000, PerftFrom(game.clone(), 1)).unwrap();
    let violation = counted.unwrap_err();
    assert_eq!(violation.rule, "mgn.limit.laps");
    assert!(violation
        .message
        .contains("B1 was not decided within the lap budget of 1000 laps"));
    // Within the budget, B1's 17208 stops are each counted.
    let counted =
        with_rules_within(&game.header, DEFAULT_MAX_LAPS, PerftFrom(game.clone(), 1)).unwrap();
    assert_eq!(counted, Ok(11 + 17208));
    // Random play puts the undecided move aside and plays the others.
    let plies = with_rules_within(&game.header.clone(), 1000, PlayoutFrom(game)).unwrap();
    assert!(plies > 0);
}

#[test]
fn perft_counts_the_stops_of_a_long_cycle_in_time_linear_in_them() {
    // B9 never ends: a cycle of 1,055,109 laps, each lap of which it may stop after. Each
    // stop played from the start would follow 10^12 laps in all; they are played one after
    // the other, a lap each.
    let text = fs::read_to_string(repo().join("fixtures/bad/endless-stop-range.mgn")).unwrap();
    let game = parse_games(&text).remove(0).unwrap();
    let started = std::time::Instant::now();
    let counted =
        with_rules_within(&game.header, DEFAULT_MAX_LAPS, PerftFrom(game.clone(), 1)).unwrap();
    assert_eq!(counted, Ok(9 + 1_055_109));
    assert!(
        // Only against a hang: each stop played from the start would be 10^12 laps, hours.
        started.elapsed().as_secs() < 600,
        "perft took {:?}",
        started.elapsed()
    );
}

#[test]
fn perft_and_generate_say_when_a_move_is_not_decided() {
    // From the start, Nchuwa's first moves end within a few laps; with a budget of one lap
    // some do not, and perft says so (exit 1) rather than count them or hang.
    let output = mgn(&[
        "perft",
        "--game",
        "nchuwa",
        "--depth",
        "3",
        "--max-laps",
        "1",
    ]);
    let text = shown(&output);
    assert_eq!(code(&output), 1, "{text}");
    assert!(text.contains("perft(3) is not known") && text.contains("mgn.limit.laps"));
    let output = mgn(&[
        "generate",
        "--game",
        "nchuwa",
        "--games",
        "3",
        "--max-laps",
        "1",
    ]);
    assert_eq!(code(&output), 0, "{}", shown(&output));
    // What it writes is legal under that budget.
    let dir = scratch("endless", "generate");
    let file = dir.join("generated.mgn");
    fs::write(&file, &output.stdout).unwrap();
    let checked = mgn(&["check", "--max-laps", "1", file.to_str().unwrap()]);
    assert_eq!(code(&checked), 0, "{}", shown(&checked));
}
