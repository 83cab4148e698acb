use super::*;
use crate::code::Code;
use crate::rules::general;

fn dakon(n: u32) -> Dakon {
    Dakon::new(
        BoardSize {
            rows: 2,
            columns: n,
        },
        &Settings::defaults(&DEF),
    )
    .unwrap()
}

fn sow(side: Side, number: u32) -> DakonDecision {
    DakonDecision::Sow(Hole::new(side, number))
}

fn holes(state: &DakonState, d: &Dakon, side: Side) -> Vec<u32> {
    d.row_slots(side).map(|s| state.slots[s]).collect()
}

/// No sowing takes more laps than `lap_bound` says (random positions of every board, all
/// seeds in the holes, every option that changes the circuit), so a budget at or above it
/// never binds Dakon; below it, a sowing past the budget is refused and changes nothing.
#[test]
fn a_sowing_never_takes_more_laps_than_the_board_allows() {
    let mut rng = crate::generate::Rng::new(5);
    let mut longest = 0;
    for n in 5..=10u32 {
        for origin in ["sow", "skip"] {
            let mut settings = Settings::defaults(&DEF);
            settings.set("dakon.sow.origin", origin).unwrap();
            let board = BoardSize {
                rows: 2,
                columns: n,
            };
            let d = Dakon::new(board, &settings).unwrap();
            for _ in 0..2000 {
                let mut state = d.start(Side::B);
                let total = d.total_seeds();
                for side in [Side::A, Side::B] {
                    for s in d.row_slots(side) {
                        state.slots[s] = 0;
                    }
                }
                state.slots[d.store(Side::A)] = 0;
                state.slots[d.store(Side::B)] = 0;
                let slots: Vec<usize> = d.row_slots(Side::A).chain(d.row_slots(Side::B)).collect();
                for _ in 0..total {
                    state.slots[slots[rng.below(slots.len())]] += 1;
                }
                for slot in d.row_slots(Side::B) {
                    if state.slots[slot] == 0 {
                        continue;
                    }
                    let (_, laps) = d.sow(&mut state.clone(), slot, &mut ());
                    assert!(u64::from(laps) <= d.lap_bound(), "{laps} laps on 2x{n}");
                    longest = longest.max(laps);
                }
            }
        }
    }
    assert!(longest > 10, "{longest}");
    // Under a budget of one lap, the worked example's B4 (two laps) is not decided.
    let mut settings = Settings::defaults(&DEF);
    settings.set_max_laps(1);
    let d = Dakon::new(
        BoardSize {
            rows: 2,
            columns: 5,
        },
        &settings,
    )
    .unwrap();
    let mut state = d.start(Side::B);
    let before = state.clone();
    let err = d
        .apply(
            &mut state,
            &sow(Side::B, 4),
            &mut Default::default(),
            &mut (),
        )
        .unwrap_err();
    assert_eq!(err.rule, "mgn.limit.laps");
    assert_eq!(state, before);
}

/// The seed's worked example: «Suposeu que sou el jugador B i decidiu moure des del forat
/// 4B» ... «guardeu aquestes 7 llavors en el vostre magatzem (6B) [...] Ara teniu 8 llavors
/// emmagatzemades».
#[test]
fn seed_example_b4_relays_from_a3_and_captures_a2() {
    let d = dakon(5);
    let mut state = d.start(Side::B);
    let mut events = Vec::new();
    d.apply(
        &mut state,
        &sow(Side::B, 4),
        &mut Default::default(),
        &mut events,
    )
    .unwrap();
    assert!(events.contains(&Event::PickUp {
        hole: Hole::new(Side::A, 3),
        pile: pile(6),
        lap: 2
    }));
    assert!(events.contains(&Event::Capture {
        hole: Hole::new(Side::A, 2),
        pile: pile(6),
        by: Side::B,
        rule: CAPTURE_OPPOSITE
    }));
    assert_eq!(state.slots[d.store(Side::B)], 8);
    assert_eq!(holes(&state, &d, Side::B), vec![6, 6, 6, 0, 6]);
    assert_eq!(holes(&state, &d, Side::A), vec![6, 0, 0, 6, 6]);
    assert_eq!(d.phase(&state), Phase::ToMove(Side::A));
}

#[test]
fn dakon_sow_skip_opponent_store_is_never_sown() {
    let d = dakon(5);
    let mut state = d.start(Side::B);
    let mut events = Vec::new();
    d.apply(
        &mut state,
        &sow(Side::B, 4),
        &mut Default::default(),
        &mut events,
    )
    .unwrap();
    assert!(events.contains(&Event::Skip {
        hole: Hole::new(Side::A, 6),
        rule: SOW_SKIP_OPPONENT_STORE
    }));
    assert_eq!(state.slots[d.store(Side::A)], 0);
}

#[test]
fn dakon_lap_store_gives_the_mover_another_sowing() {
    let d = dakon(5);
    let mut state = d.start(Side::B);
    // B1 holds 5: B2..B5 and the store; the lap ends in B's store.
    d.apply(
        &mut state,
        &sow(Side::B, 1),
        &mut Default::default(),
        &mut (),
    )
    .unwrap();
    assert_eq!(
        d.phase(&state),
        Phase::Continue {
            side: Side::B,
            rule: LAP_STORE
        }
    );
    let err = d
        .apply(
            &mut state,
            &DakonDecision::Pass,
            &mut Default::default(),
            &mut (),
        )
        .unwrap_err();
    assert_eq!(err.rule, "dakon.lap.store");
    // B4 (6 seeds now) relays from A4 and the turn ends in A's row: A moves next.
    d.apply(
        &mut state,
        &sow(Side::B, 4),
        &mut Default::default(),
        &mut (),
    )
    .unwrap();
    assert_eq!(d.phase(&state), Phase::ToMove(Side::A));
}

#[test]
fn dakon_sow_start_only_from_own_nonempty_holes() {
    let d = dakon(5);
    let mut state = d.start(Side::B);
    for (decision, rule) in [
        (sow(Side::A, 3), SOW_START),
        (sow(Side::B, 6), SOW_START),
        (sow(Side::B, 0), SOW_START),
        (DakonDecision::Pass, PASS),
    ] {
        let before = state.clone();
        let err = d
            .apply(&mut state, &decision, &mut Default::default(), &mut ())
            .unwrap_err();
        assert_eq!(err.rule, rule, "{decision}");
        assert_eq!(state, before, "a refused decision changes nothing");
    }
}

#[test]
fn every_decision_of_the_first_turns_conserves_seeds() {
    for n in 5..=10 {
        let d = dakon(n);
        let mut frontier = vec![d.start(Side::B)];
        let mut decisions = Vec::new();
        for _ in 0..3 {
            let mut next = Vec::new();
            for state in &frontier {
                d.decisions(state, &mut Default::default(), &mut decisions);
                for decision in decisions.clone() {
                    let mut after = state.clone();
                    d.apply(&mut after, &decision, &mut Default::default(), &mut ())
                        .unwrap();
                    assert_eq!(after.slots.iter().sum::<u32>(), d.total_seeds());
                    next.push(after);
                }
            }
            next.truncate(200);
            frontier = next;
        }
    }
}

/// Each game of `text` checked both ways a record is replayed, streamed as `mgn check` reads
/// it and from its syntax tree (`mgn replay`, `mgn convert`): `None` for a pass, else the
/// failure's rule, message and offset, which both ways agree on.
fn verdicts(text: &str) -> Vec<Option<(Code, String, Option<usize>)>> {
    use crate::check::{check_text, CheckOptions, RecordResult, Verdict};
    let shown = |failure: Option<&crate::Diagnostic>| {
        failure.map(|f| (f.rule, f.message.clone(), f.offset()))
    };
    let streamed: Vec<_> = check_text(text, &CheckOptions::default())
        .into_iter()
        .map(|result| match result {
            RecordResult::Checked { verdict, .. } => match verdict {
                Verdict::Passed => None,
                Verdict::Failed(failures) => shown(failures.first()),
            },
            other => panic!("{other:?}"),
        })
        .collect();
    let from_tree: Vec<_> = crate::notation::parse_games(text)
        .into_iter()
        .map(|game| {
            shown(
                crate::replay::replay_game(&game.unwrap(), crate::replay::ReplayOptions::plies())
                    .failure
                    .as_ref(),
            )
        })
        .collect();
    assert_eq!(streamed, from_tree);
    streamed
}

fn record(termination: Option<&str>, moves: &str) -> String {
    let tag = termination.map_or(String::new(), |t| format!("[Termination \"{t}\"]\n"));
    format!("[Game \"dakon\"]\n[First \"B\"]\n{tag}\n{moves}\n")
}

/// dakon.lap.store: B1 (5 seeds) ends in B's store, so B sows again in the same turn. A record
/// that stops unfinished (`*`, Termination `unfinished` or `abandoned`) may end there, before
/// the next sowing («comença un altre moviment»), and its claims speak of the position
/// reached, B still to move.
#[test]
fn dakon_lap_store_an_unfinished_record_may_stop_before_the_next_sowing() {
    for termination in ["unfinished", "abandoned"] {
        for moves in [
            "1. B1 *",
            "1. B1 {B sows again} *",
            "1. B1 x0 =0/1 [5,5,5,5,5/0,6,6,6,6 0/1 B 1] *",
        ] {
            assert_eq!(
                verdicts(&record(Some(termination), moves)),
                [None],
                "{termination}: {moves}"
            );
        }
    }
    // The half turn is a ply of `mgn replay`, with the position it reached.
    let text = record(Some("unfinished"), "1. B1 *");
    let game = crate::notation::parse_games(&text).remove(0).unwrap();
    let replayed = crate::replay::replay_game(&game, crate::replay::ReplayOptions::plies());
    assert_eq!(replayed.plies.len(), 1);
    assert_eq!(
        crate::notation::write_position(&replayed.plies[0].after),
        "5,5,5,5,5/0,6,6,6,6 0/1 B 1"
    );
    // A chain whose last lap ends in the store again (A5 into A6, then A4 into A5 and A6).
    let chained = "[Game \"dakon\"]\n[Start \"5,5,5,2,1/5,5,5,5,5 4/3 A 1\"]\n\
                   [Termination \"unfinished\"]\n\n1. A5-A4 [5,5,5,0,1/5,5,5,5,5 6/3 A 1] *\n";
    assert_eq!(verdicts(chained), [None]);
}

/// dakon.lap.store: a record that does not stop unfinished must write the whole turn, and
/// fails at the move as it always has; so does one that goes on with the other player's move.
/// Claims after a half turn are checked against the replay.
#[test]
fn dakon_lap_store_a_record_not_unfinished_must_write_the_whole_turn() {
    let refused = |termination: Option<&str>, moves: &str| {
        let text = record(termination, moves);
        let at_b1 = text.find("B1").unwrap();
        let verdict = verdicts(&text).remove(0).expect("a failure");
        assert_eq!(verdict.0, LAP_STORE, "{text}");
        assert_eq!(
            verdict.1,
            "the turn is not over: the move must write its next decision (a lap ending in the \
             own store: the mover sows again, from any hole of his row with seeds (if he has \
             none, the turn ends))"
        );
        assert_eq!(verdict.2, Some(at_b1), "{text}");
    };
    refused(None, "1. B1 *");
    refused(Some("normal"), "1. B1 *");
    refused(Some("agreement"), "1. B1 *");
    refused(Some("unfinished"), "1. B1 1-0");
    refused(Some("abandoned"), "1. B1 0-1");
    refused(Some("abandoned"), "1. B1 1/2-1/2");
    refused(Some("unfinished"), "1. B1 1... A1 *");
    refused(Some("unfinished"), "1. B1 pass *");
    refused(
        Some("unfinished"),
        "1. B1 [5,5,5,5,5/0,6,6,6,6 0/1 A 1] 1... A1 *",
    );
    refused(Some("unfinished"), "1. B1 =0/1 round 2 *");
    // Unfinished, a wrong claim after the half turn fails at that claim.
    for (moves, rule) in [
        (
            "1. B1 [5,5,5,5,5/0,6,6,6,6 0/1 A 1] *",
            general::CLAIM_CHECKPOINT,
        ),
        ("1. B1 =1/0 *", general::CLAIM_SCORE),
        ("1. B1 x1 *", general::CLAIM_CAPTURES),
        (
            "1. B1 =0/1 [5,5,5,5,5/0,6,6,6,6 0/1 A 1] =1/0 *",
            general::CLAIM_CHECKPOINT,
        ),
    ] {
        let text = record(Some("unfinished"), moves);
        let verdict = verdicts(&text).remove(0).expect("a failure");
        assert_eq!(verdict.0, rule, "{moves}");
    }
}

/// The ways to finish a turn, counted by playing every decision through `apply`.
fn endings_by_playing(d: &Dakon, state: &DakonState) -> u64 {
    let mut decisions = Vec::new();
    d.decisions(state, &mut Default::default(), &mut decisions);
    decisions
        .iter()
        .map(|decision| {
            let mut next = state.clone();
            d.apply(&mut next, decision, &mut Default::default(), &mut ())
                .unwrap();
            match d.phase(&next) {
                Phase::Continue { .. } => endings_by_playing(d, &next),
                _ => 1,
            }
        })
        .sum()
}

/// perft's last ply counts a Dakon turn in place (`RulesExt::whole_turns`), without `apply`: it
/// must count exactly the sowings `apply` plays, after a lap in the store (dakon.lap.store)
/// as at a turn's start, with holes out of play, and under every option that changes a
/// sowing or a round's end.
#[test]
fn a_turn_counted_in_place_is_the_turn_played() {
    let options: [&[(&str, &str)]; 5] = [
        &[],
        &[("dakon.capture.opponent-side", "neighbours")],
        &[("dakon.sow.origin", "skip")],
        &[("dakon.sow.direction", "clockwise")],
        &[
            ("dakon.round.end", "cannot-move"),
            ("dakon.out-of-play.return", "refill"),
        ],
    ];
    let (mut states, mut continued, mut out_of_play) = (0, 0, 0);
    for (i, values) in options.iter().enumerate() {
        let mut settings = Settings::defaults(&DEF);
        for (code, value) in *values {
            settings.set(code, value).unwrap();
        }
        let board = BoardSize {
            rows: 2,
            columns: 5,
        };
        let d = Dakon::new(board, &settings).unwrap();
        let mut rng = crate::generate::Rng::new(i as u64 + 11);
        for _ in 0..6 {
            let mut state = d.start(Side::B);
            let mut decisions = Vec::new();
            for _ in 0..400 {
                match d.phase(&state) {
                    Phase::Over { .. } => break,
                    Phase::RoundOver { .. } => {
                        d.begin_round(&mut state, &mut ()).unwrap();
                        continue;
                    }
                    Phase::Continue { .. } => continued += 1,
                    _ => {}
                }
                out_of_play += usize::from(state.out_of_play != 0);
                states += 1;
                assert_eq!(
                    d.whole_turns(&state, &mut Default::default()),
                    Some(endings_by_playing(&d, &state)),
                    "{values:?} {state:?}"
                );
                d.decisions(&state, &mut Default::default(), &mut decisions);
                let decision = decisions[rng.below(decisions.len())];
                d.apply(&mut state, &decision, &mut Default::default(), &mut ())
                    .unwrap();
            }
        }
    }
    assert!(
        states > 500 && continued > 50 && out_of_play > 20,
        "{states} {continued} {out_of_play}"
    );
}

/// Under a lap budget below what a sowing may take (mgn.limit.laps), the turn is not counted in
/// place: a sowing past the budget is not decided, and perft must say its count is not known
/// rather than count the sowing as a turn (a count would be a false green).
#[test]
fn a_turn_is_not_counted_in_place_under_a_binding_lap_budget() {
    let mut settings = Settings::defaults(&DEF);
    settings.set_max_laps(1);
    let board = BoardSize {
        rows: 2,
        columns: 5,
    };
    let d = Dakon::new(board, &settings).unwrap();
    let start = d.start(Side::B);
    assert_eq!(d.whole_turns(&start, &mut Default::default()), None);
    let refusal = crate::perft::perft(&d, &start, 1).unwrap_err();
    assert_eq!(refusal.rule, "mgn.limit.laps");
    let mut table = crate::perft::Table::with_bytes(1 << 20);
    let refusal = crate::perft::perft_with(&d, &start, 1, &mut table).unwrap_err();
    assert_eq!(refusal.rule, "mgn.limit.laps");
}

/// A position with every seed in the stores is between rounds when both stores can fill a
/// hole, and the game's end when one cannot (dakon.game.end): no round follows it, and the
/// winner is decided as at the end of a round, with the rounds won counted from the position.
#[test]
fn a_position_with_every_seed_stored_is_between_rounds_or_the_end() {
    let d = dakon(5);
    let set = |d: &Dakon, text: &str| {
        d.state_from_position(&crate::notation::parse_position(text).unwrap())
            .unwrap()
    };
    let between = set(&d, "0,0,0,0,0/0,0,0,0,0 25/25 B 1");
    assert_eq!(d.phase(&between), Phase::RoundOver { round: 1 });
    let ended = set(&d, "x,x,x,x,x/0,0,0,0,0 4/46 A 3");
    // No round won as far as the position says: most-rounds draws.
    assert_eq!(d.phase(&ended), Phase::Over { winner: None });
    let mut after = ended.clone();
    assert!(d.begin_round(&mut after, &mut ()).is_err());
    let mut settings = Settings::defaults(&DEF);
    settings.set("dakon.game.winner", "survivor").unwrap();
    let survivor = Dakon::new(
        BoardSize {
            rows: 2,
            columns: 5,
        },
        &settings,
    )
    .unwrap();
    let ended = set(&survivor, "x,x,x,x,x/0,0,0,0,0 4/46 A 3");
    assert_eq!(
        survivor.phase(&ended),
        Phase::Over {
            winner: Some(Side::B)
        }
    );
}

/// Holes go out of play only at a refill, when a round after the first begins (rule
/// `dakon.round.out-of-play`: «La segona i successives rondes es juguen amb les mateixes regles
/// que la primera excepte que els forats que no s'han pogut omplir queden anul·lats»): a round-1
/// position with a hole out of play is refused, as a `Start` tag or an engine's `position`,
/// under `mgn.position.shape`, and the same holes in round 2 are a position the rules reach.
#[test]
fn dakon_round_out_of_play_no_hole_is_out_of_play_in_round_1() {
    let d = dakon(5);
    let position = |text: &str| crate::notation::parse_position(text).unwrap();
    for text in [
        "x,5,5,5,5/5,5,5,5,5 5/0 A 1",
        "x,x,x,x,x/0,0,0,0,0 4/46 A 1",
        "5,5,5,5,5/5,5,5,5,x 0/5 B 1",
    ] {
        let error = d.state_from_position(&position(text)).unwrap_err();
        assert_eq!(error.rule, "mgn.position.shape", "{text}");
        assert!(
            error.message.contains("round 1") && error.message.contains("dakon.round.out-of-play"),
            "{text}: {error:?}"
        );
    }
    d.state_from_position(&position("x,5,5,5,5/5,5,5,5,5 5/0 A 2"))
        .unwrap();
    d.state_from_position(&position("x,x,x,x,x/0,0,0,0,0 4/46 A 3"))
        .unwrap();
}
