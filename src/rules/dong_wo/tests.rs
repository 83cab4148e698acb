//! Unit tests, each named after the rule or option it checks.

use super::*;
use crate::code::Code;
use crate::notation::write_position;

fn rules_with(preset: &str, options: &[(&str, &str)]) -> DongWo {
    let mut settings = Settings::defaults(&DEF);
    for (code, value) in DEF.preset(preset).unwrap().settings {
        settings.set(code, value).unwrap();
    }
    for (code, value) in options {
        settings.set(code, value).unwrap();
    }
    DongWo::new(
        BoardSize {
            rows: 2,
            columns: 5,
        },
        &settings,
    )
    .unwrap()
}

impl DongWo {
    /// The start of a move, and under `dong-wo.endless=illegal` whether it can end, checked
    /// before playing it.
    fn legal_sow(
        &self,
        board: &Board,
        side: Side,
        hole: Hole,
        ccw: bool,
    ) -> Result<InMove, Diagnostic> {
        let index = ring_index(hole)
            .ok_or_else(|| self.refusal_violation(board, side, hole, ccw, Refusal::NotSector))?;
        match self.sow_refusal(board, side, index, ccw, &mut Default::default()) {
            None => Ok(self.start_turn(side, index, ccw)),
            Some(refusal) => Err(self.refusal_violation(board, side, hole, ccw, refusal)),
        }
    }
}

fn rules(preset: &str) -> DongWo {
    rules_with(preset, &[])
}

fn state(r: &DongWo, text: &str) -> DongWoState {
    let position = crate::notation::parse_position(text).unwrap();
    r.state_from_position(&position).unwrap()
}

/// A round-1 state with this board, B to move, nothing won yet (its pieces need not add up:
/// the tests that use it only play one move).
fn bare_state(board: Board) -> DongWoState {
    DongWoState {
        board,
        winnings: [Pile::default(); 2],
        debts: [0; 2],
        to_move: Side::B,
        turn: None,
        seen: Vec::new(),
        over: None,
        round: 1,
        first: Side::B,
        between: None,
        pending: Vec::new(),
        stuck: false,
    }
}

fn text(r: &DongWo, s: &DongWoState) -> String {
    write_position(&r.position(s))
}

fn sow(hole: &str, ccw: bool) -> DongWoDecision {
    let side = if hole.starts_with('A') {
        Side::A
    } else {
        Side::B
    };
    DongWoDecision::Sow {
        hole: Hole::new(side, hole[1..].parse().unwrap()),
        direction: direction(ccw),
    }
}

fn drop(hole: &str, visit: u32) -> DongWoDecision {
    let side = if hole.starts_with('A') {
        Side::A
    } else {
        Side::B
    };
    DongWoDecision::Drop {
        drop: MuziDrop {
            hole: Hole::new(side, hole[1..].parse().unwrap()),
            visit,
            takes: None,
        },
    }
}

fn play(r: &DongWo, s: &mut DongWoState, ds: &[DongWoDecision]) -> Vec<Event> {
    let mut events = Vec::new();
    for d in ds {
        r.apply(s, d, &mut Default::default(), &mut events).unwrap();
    }
    events
}

fn decisions(r: &DongWo, s: &DongWoState) -> Vec<String> {
    let mut out = Vec::new();
    r.decisions(s, &mut Default::default(), &mut out);
    out.iter().map(|d| d.to_string()).collect()
}

#[test]
fn dong_wo_start_muzi_end() {
    let r = rules("catalan");
    assert_eq!(text(&r, &r.start(Side::B)), "5,5,5,5,mA/mB,5,5,5,5 0/0 B 1");
    let r = rules_with("catalan", &[("dong-wo.start.muzi-end", "right")]);
    assert_eq!(text(&r, &r.start(Side::A)), "mA,5,5,5,5/5,5,5,5,mB 0/0 A 1");
}

#[test]
fn dong_wo_muzi_singleton_first_lap() {
    let r = rules("mancala-world");
    let s = r.start(Side::B);
    // B1 holds B's muzi alone, and A5 (clockwise from B1) holds A's.
    let d = decisions(&r, &s);
    assert!(d.contains(&"B1>".to_string()));
    assert!(!d.contains(&"B1<".to_string()));
    let mut s2 = s.clone();
    let err = r
        .apply(&mut s2, &sow("B1", false), &mut Default::default(), &mut ())
        .unwrap_err();
    assert_eq!(err.rule, "dong-wo.muzi.singleton");
    assert_eq!(s2, s, "a refused decision changes nothing");
}

#[test]
fn dong_wo_lap_relay_and_capture_chain() {
    let r = rules("catalan");
    let mut s = r.start(Side::B);
    let events = play(&r, &mut s, &[sow("B4", false)]);
    let captures: Vec<_> = events
        .iter()
        .filter_map(|e| match e {
            Event::Capture {
                hole, pile, rule, ..
            } => Some((hole.to_string(), pile.seeds, *rule)),
            _ => None,
        })
        .collect();
    assert_eq!(
        captures,
        vec![
            ("A2".to_string(), 8, CAPTURE),
            ("B5".to_string(), 1, CAPTURE_CHAIN)
        ]
    );
    assert_eq!(text(&r, &s), "0,0,0,9,4mA/4mB,2,9,3,0 0/9 A 1");
}

#[test]
fn dong_wo_muzi_drop_is_a_decision() {
    let r = rules("catalan");
    let mut s = r.start(Side::B);
    play(&r, &mut s, &[sow("B4", false)]);
    // A5 holds 4 stones and A's muzi: 5 pieces, A4..B5 clockwise, all open.
    play(&r, &mut s, &[sow("A5", false)]);
    assert!(matches!(
        r.phase(&s),
        Phase::Continue { rule, .. } if rule == "dong-wo.muzi.drop"
    ));
    assert_eq!(decisions(&r, &s), ["@A4", "@A3", "@A2", "@A1", "@B5"]);
    assert_eq!(r.implied(&s, None), None);
    let err = r
        .apply(
            &mut s.clone(),
            &drop("B4", 1),
            &mut Default::default(),
            &mut (),
        )
        .unwrap_err();
    assert_eq!(err.rule, "dong-wo.muzi.drop");
    play(&r, &mut s, &[drop("A2", 1)]);
    assert_eq!(text(&r, &s), "1,mA,1,0,0/5mB,3,10,0,1 10/9 B 1");
}

#[test]
fn dong_wo_muzi_meeting() {
    // A plays A5>: its stone falls in B1; B2 holds B's muzi alone, so lap 2 is that singleton,
    // which drops into B3, the hole of A's muzi: a meeting in a later lap, which captures.
    let start = "0,0,0,0,1/0,mB,mA,0,0 19/20 A 1";
    for (preset, taken, after) in [
        ("resident", Side::A, "1,1,1,1,1/1,0,mB,0,0 14mA/20 B 1"),
        ("opponents", Side::B, "1,1,1,1,1/1,0,mA,0,0 14mB/20 B 1"),
    ] {
        let r = rules_with("catalan", &[("dong-wo.muzi.meeting", preset)]);
        let mut s = state(&r, start);
        let events = play(&r, &mut s, &[sow("A5", true)]);
        // The singleton's drop is forced: the replay may leave it out.
        assert_eq!(r.implied(&s, None), Some(drop("B3", 1)), "{preset}");
        let more = play(&r, &mut s, &[drop("B3", 1)]);
        let meeting: Vec<_> = events
            .iter()
            .chain(&more)
            .filter_map(|e| match e {
                Event::Capture { pile, rule, by, .. } if *rule == "dong-wo.muzi.meeting" => {
                    Some((pile.muzi, *by))
                }
                _ => None,
            })
            .collect();
        assert_eq!(meeting, vec![(Muzi::of(taken), Side::A)], "{preset}");
        assert_eq!(text(&r, &s), after, "{preset}");
    }
}

#[test]
fn dong_wo_muzi_meeting_mover_chooses() {
    // dong-wo.muzi.meeting=mover-chooses (000: «una de les llavors muzi és capturada pel
    // jugador que estava movent»): the forced drop into B3 meets A's muzi; the mover chooses
    // which muzi he captures, so the drop is not implied and is listed once for each muzi.
    let r = rules("catalan");
    let mut s = state(&r, "0,0,0,0,1/0,mB,mA,0,0 19/20 A 1");
    play(&r, &mut s, &[sow("A5", true)]);
    assert_eq!(r.implied(&s, None), None);
    let takes = |side| match drop("B3", 1) {
        DongWoDecision::Drop { drop } => DongWoDecision::Drop {
            drop: MuziDrop {
                takes: Some(side),
                ..drop
            },
        },
        _ => unreachable!(),
    };
    let mut listed = Vec::new();
    r.decisions(&s, &mut Default::default(), &mut listed);
    assert_eq!(listed, [takes(Side::A), takes(Side::B)]);
    // Without the choice, the drop is refused and changes nothing.
    let before = s.clone();
    let refused = r
        .apply(&mut s, &drop("B3", 1), &mut Default::default(), &mut ())
        .unwrap_err();
    assert_eq!(refused.rule, "dong-wo.muzi.meeting");
    assert_eq!(text(&r, &s), text(&r, &before));
    for (side, after) in [
        (Side::A, "1,1,1,1,1/1,0,mB,0,0 14mA/20 B 1"),
        (Side::B, "1,1,1,1,1/1,0,mA,0,0 14mB/20 B 1"),
    ] {
        let mut s = before.clone();
        play(&r, &mut s, &[takes(side)]);
        assert_eq!(text(&r, &s), after, "{side}");
    }
    // Under `opponents` a choice that is not the option's is refused; its own is accepted.
    let r = rules_with("catalan", &[("dong-wo.muzi.meeting", "opponents")]);
    let mut s = state(&r, "0,0,0,0,1/0,mB,mA,0,0 19/20 A 1");
    play(&r, &mut s, &[sow("A5", true)]);
    let refused = r
        .apply(
            &mut s.clone(),
            &takes(Side::A),
            &mut Default::default(),
            &mut (),
        )
        .unwrap_err();
    assert_eq!(refused.rule, "dong-wo.muzi.meeting");
    play(&r, &mut s, &[takes(Side::B)]);
    assert_eq!(text(&r, &s), "1,1,1,1,1/1,0,mA,0,0 14mB/20 B 1");
}

#[test]
fn dong_wo_muzi_other_hole() {
    // A's muzi with 2 stones in A3; B's muzi alone in A5: A3> sows A4 and A5 with three
    // pieces ... A3 holds 2 stones and the muzi: A4, A5, B1; the muzi may not drop in A5.
    let r = rules("catalan");
    let mut s = state(&r, "0,0,2mA,0,mB/0,0,0,0,1 19/18 A 1");
    play(&r, &mut s, &[sow("A3", true)]);
    assert_eq!(decisions(&r, &s), ["@A4", "@B1"]);
    let err = r
        .apply(
            &mut s.clone(),
            &drop("A5", 1),
            &mut Default::default(),
            &mut (),
        )
        .unwrap_err();
    assert_eq!(err.rule, "dong-wo.muzi.other-hole");
}

#[test]
fn dong_wo_muzi_drop_forced_is_implied() {
    let r = rules("catalan");
    // B's muzi with one stone in B2; A's muzi in B4: B2> sows B3 and B4; the muzi may not
    // drop in B4, so its drop is forced into B3.
    let mut s = state(&r, "0,0,0,0,0/0,1mB,0,mA,0 20/19 B 1");
    play(&r, &mut s, &[sow("B2", true)]);
    assert_eq!(decisions(&r, &s), ["@B3"]);
    assert_eq!(r.implied(&s, None), Some(drop("B3", 1)));
    let err = r
        .apply(
            &mut s.clone(),
            &drop("B4", 1),
            &mut Default::default(),
            &mut (),
        )
        .unwrap_err();
    assert_eq!(err.rule, "dong-wo.muzi.other-hole");
}

#[test]
fn dong_wo_tianzi_and_borrow() {
    let r = rules("mancala-world");
    // B4> sows B5; A1 is empty, so A2, A's last stone, is captured. A's row is empty and B
    // has 2 stones: A refills his five holes from his 3 stones and 2 borrowed from B.
    let mut s = state(&r, "0,1,0,0,0/1,0,0,1,0 3mA/34mB B 1");
    let events = play(&r, &mut s, &[sow("B4", true)]);
    assert!(events.iter().any(|e| matches!(
        e,
        Event::Transfer {
            seeds: 2,
            rule,
            ..
        } if *rule == "dong-wo.tianzi.borrow"
    )));
    assert_eq!(text(&r, &s), "1,1,1,1,1/1,0,0,0,1 mA/33mB A 1 2/0");
}

#[test]
fn dong_wo_tianzi_borrow_past_u32_max_is_refused_and_changes_nothing() {
    let r = rules("mancala-world");
    // The move of dong_wo_tianzi_and_borrow, with A owing u32::MAX already: his 2 borrowed
    // would wrap the debt round to 1.
    for (debts, refused) in [("4294967293/0", false), ("4294967294/0", true)] {
        let mut s = state(&r, &format!("0,1,0,0,0/1,0,0,1,0 3mA/34mB B 1 {debts}"));
        let before = s.clone();
        let mut events = Vec::new();
        let played = r.apply(
            &mut s,
            &sow("B4", true),
            &mut Default::default(),
            &mut events,
        );
        if refused {
            let violation = played.unwrap_err();
            assert_eq!(violation.rule, "dong-wo.tianzi.borrow");
            assert!(
                violation.message.contains("would owe 2 more"),
                "{violation}"
            );
            assert_eq!(s, before);
            assert!(events.is_empty(), "{events:?}");
        } else {
            played.unwrap();
            assert_eq!(text(&r, &s), "1,1,1,1,1/1,0,0,0,1 mA/33mB A 1 4294967295/0");
        }
    }
}

#[test]
fn dong_wo_borrow_past_u32_max_leaves_no_move_to_list() {
    // A owes u32::MAX, wins round 1 and takes B3: his fills would lend him what he lacks,
    // so the round's first move, which makes them, is refused, and is not listed either.
    let r = rules("catalan");
    let mut s = state(&r, "0,0,1,0,0/1,0,0,0,0 0mA/38mB B 1 4294967295/0");
    play(&r, &mut s, &[sow("B1", false)]);
    r.begin_round(&mut s, &mut ()).unwrap();
    let win = DongWoDecision::Deal {
        deal: Transaction::Win {
            hole: Hole::new(Side::B, 3),
        },
    };
    play(&r, &mut s, &[win]);
    assert_eq!(decisions(&r, &s), ["rebuy:B3"]);
    let refused = r.apply(
        &mut s.clone(),
        &sow("A1", true),
        &mut Default::default(),
        &mut (),
    );
    assert_eq!(refused.unwrap_err().rule, "dong-wo.borrow");
}

#[test]
fn dong_wo_round_end_wordings_agree() {
    // On every position of at most one piece per row (a muzi counting one), both wordings
    // give the same verdict; and under dong-wo.round-end.holes=sector, with owned holes, on
    // every position of at most one piece per sector.
    let holes = [("regular", 0), ("sector", 0), ("sector", 1 << 1 | 1 << 8)];
    for (value, owned) in holes {
        let with = [("dong-wo.round-end.holes", value)];
        let cat = rules_with("catalan", &with);
        let mw = rules_with("mancala-world", &with);
        let pieces: Vec<Option<(usize, Option<Side>)>> = std::iter::once(None)
            .chain((0..N).flat_map(|i| [None, Some(Side::A), Some(Side::B)].map(|m| Some((i, m)))))
            .collect();
        let mut checked = 0;
        for a in &pieces {
            for b in &pieces {
                let mut board = Board {
                    holes: [0; N],
                    muzi: [None, None],
                    owned,
                    banked: [0; 2],
                };
                let mut ok = true;
                for p in [a, b].into_iter().flatten() {
                    let (i, m) = *p;
                    if !board.is_empty(i) {
                        ok = false;
                    }
                    match m {
                        Some(side) if board.muzi[side.index()].is_none() => {
                            board.muzi[side.index()] = Some(i as u8)
                        }
                        Some(_) => ok = false,
                        None => board.holes[i] += 1,
                    }
                }
                if !ok {
                    continue;
                }
                let verdict = |r: &DongWo| r.round_end(&board).unwrap().map(|(winner, _)| winner);
                assert_eq!(verdict(&cat), verdict(&mw), "{value} {board:?}");
                checked += 1;
            }
        }
        assert!(checked > 100);
    }
}

#[test]
fn dong_wo_round_end_muzi_counts() {
    // A lone muzi against nothing: under `one` the muzi's row wins (after tianzi, which a
    // lone muzi triggers: so build it with no winnings to refill from... winnings are
    // never empty of stones here); test the count itself.
    let board = Board {
        holes: [0; N],
        muzi: [Some(2), None],
        owned: 0,
        banked: [0; 2],
    };
    assert_eq!(board.count(Side::B, 1), 1);
    assert_eq!(board.count(Side::B, 5), 5);
    let r = rules("mancala-world");
    assert_eq!(
        r.round_end(&board),
        Ok(Some((Some(Side::B), RoundEnd::CODE)))
    );
    let r5 = rules_with("mancala-world", &[("dong-wo.round-end.muzi", "five")]);
    assert_eq!(r5.round_end(&board), Ok(None));
}

#[test]
fn dong_wo_round_end_capture_test() {
    // One stone each, three holes apart: the mover can capture, the round goes on.
    let r = rules("catalan");
    let mut board = Board {
        holes: [0; N],
        muzi: [None, None],
        owned: 0,
        banked: [0; 2],
    };
    board.holes[0] = 1; // B1
    board.holes[7] = 1; // A3: B1< sows A5, A4 empty, A3 occupied: a capture
    assert_eq!(
        r.capture_possible(&board, &mut Default::default()),
        Reach::Yes
    );
    assert_eq!(r.round_end(&board), Ok(None));
    board.holes[7] = 0;
    board.holes[6] = 1; // A2: no move of either captures
    assert_eq!(
        r.capture_possible(&board, &mut Default::default()),
        Reach::No
    );
    assert_eq!(
        r.round_end(&board),
        Ok(Some((None, ROUND_END_CAPTURE_TEST)))
    );
}

#[test]
fn dong_wo_game_length() {
    // B1< sows A5, A4 is empty, A3 is captured: A5 holds B's last stone... in A's row: A
    // has one stone, B none, and no capture is left: A wins the round.
    let one = rules_with("catalan", &[("dong-wo.game.length", "one-round")]);
    let mut s = state(&one, "0,0,1,0,0/1,0,0,0,0 19mA/19mB B 1");
    play(&one, &mut s, &[sow("B1", false)]);
    assert_eq!(
        one.phase(&s),
        Phase::Over {
            winner: Some(Side::A)
        }
    );
    assert!(one.begin_round(&mut s.clone(), &mut ()).is_err());
    // The whole game goes on: round 2 starts at the marker, B moves first (the first
    // player alternates), and A takes a hole of B's row before anything else.
    let whole = rules("catalan");
    let mut s = state(&whole, "0,0,1,0,0/1,0,0,0,0 19mA/19mB B 1");
    play(&whole, &mut s, &[sow("B1", false)]);
    assert_eq!(whole.phase(&s), Phase::RoundOver { round: 1 });
    whole.begin_round(&mut s, &mut ()).unwrap();
    assert_eq!(whole.round(&s), 2);
    assert_eq!(whole.phase(&s), Phase::ToMove(Side::A));
    assert_eq!(
        decisions(&whole, &s),
        ["win:B2", "win:B3", "win:B4", "win:B5"]
    );
}

#[test]
fn dong_wo_endless() {
    // Search a few random positions for an endless move under each option.
    let illegal = rules("catalan");
    let stop = rules_with("catalan", &[("dong-wo.endless", "stop")]);
    let mut rng = crate::generate::Rng::new(7);
    let mut found = 0;
    for _ in 0..20000 {
        let mut holes = [0u8; N];
        let stones = 8 + rng.below(10);
        for _ in 0..stones {
            holes[rng.below(N)] += 1;
        }
        let board = Board {
            holes,
            muzi: [None, None],
            owned: 0,
            banked: [0; 2],
        };
        for i in 0..5 {
            if board.holes[i] == 0 {
                continue;
            }
            let t = stop.start_turn(Side::B, i, true);
            let mut snap = Snap {
                board,
                next: i as u8,
            };
            if let (RunEnd::Endless { mu, lambda }, _) = stop.run(&mut snap, t.ccw, u64::MAX) {
                let first_repeat = mu + lambda;
                assert!(illegal
                    .legal_sow(&board, Side::B, ring_hole(i), true)
                    .is_err());
                assert!(stop.legal_sow(&board, Side::B, ring_hole(i), true).is_ok());
                let mut s = bare_state(board);
                stop.apply(
                    &mut s,
                    &sow(&ring_hole(i).to_string(), true),
                    &mut Default::default(),
                    &mut (),
                )
                .unwrap();
                assert_eq!(decisions(&stop, &s), [format!("/{first_repeat}")]);
                found += 1;
            }
        }
        if found >= 3 {
            break;
        }
    }
    assert!(found > 0, "no endless move found");
}

#[test]
fn dong_wo_endless_through_muzi_laps() {
    // A move whose relay reaches muzi laps and can never end whatever the drops: illegal under
    // `illegal`; under `stop` the mover plays drops until he comes back to a muzi-lap state he
    // was in, and stops there. And a move with a loop that can be left is never refused.
    let illegal = rules("catalan");
    let stop = rules_with("catalan", &[("dong-wo.endless", "stop")]);
    let mut rng = crate::generate::Rng::new(11);
    let mut found = 0;
    for _ in 0..200_000 {
        let mut holes = [0u8; N];
        for _ in 0..6 + rng.below(10) {
            holes[rng.below(N)] += 1;
        }
        let board = Board {
            holes,
            muzi: [Some(rng.below(N) as u8), Some(rng.below(N) as u8)],
            owned: 0,
            banked: [0; 2],
        };
        if board.muzi[0] == board.muzi[1] {
            continue;
        }
        for i in 0..5 {
            let ccw = rng.below(2) == 0;
            let hole = ring_hole(i);
            let Ok(t) = stop.legal_sow(&board, Side::B, hole, ccw) else {
                continue;
            };
            let onward = stop.onward(
                Snap {
                    board,
                    next: t.next,
                },
                ccw,
                &mut Meter { left: u64::MAX },
            );
            if !matches!(onward, Onward::Node(_))
                || illegal.legal_sow(&board, Side::B, hole, ccw).is_ok()
            {
                continue;
            }
            let err = illegal.legal_sow(&board, Side::B, hole, ccw).unwrap_err();
            assert_eq!(err.rule, "dong-wo.endless");
            let mut s = bare_state(board);
            stop.apply(
                &mut s,
                &sow(&hole.to_string(), ccw),
                &mut Default::default(),
                &mut (),
            )
            .unwrap();
            let mut stopped = false;
            for _ in 0..10_000 {
                let ds = decisions(&stop, &s);
                if ds.is_empty() || s.turn.is_none() {
                    break;
                }
                let mut out = Vec::new();
                stop.decisions(&s, &mut Default::default(), &mut out);
                let d = out[rng.below(out.len())];
                stopped |= matches!(d, DongWoDecision::Stop { .. });
                stop.apply(&mut s, &d, &mut Default::default(), &mut ())
                    .unwrap();
            }
            assert!(s.turn.is_none(), "the move came to an end");
            assert!(stopped, "an endless move through muzi laps stops");
            found += 1;
        }
        if found >= 3 {
            break;
        }
    }
    assert!(found > 0, "no endless move through a muzi lap found");
}

#[test]
fn dong_wo_owned_action_after_the_move_changes_nothing() {
    // dong-wo.owned: an action anchored after the move's last piece is refused, and the
    // refused move leaves the state as it was (the move is played on a copy).
    let r = rules("catalan");
    let mut s = state(&r, "5,5,5,5,mA/mB,5,1@A,5,5 2/2 A 1");
    let lift = HoleAction {
        kind: crate::notation::ActionKind::Lift,
        hole: Hole::new(Side::B, 3),
    };
    r.apply(
        &mut s,
        &DongWoDecision::Act {
            action: lift,
            step: Some(500),
        },
        &mut Default::default(),
        &mut (),
    )
    .unwrap();
    let before = s.clone();
    let err = r
        .apply(&mut s, &sow("A1", true), &mut Default::default(), &mut ())
        .unwrap_err();
    assert_eq!(err.rule, "dong-wo.owned");
    assert_eq!(s, before);
}

#[test]
fn dong_wo_owned_refused_move_puts_back_the_actions_it_applied() {
    // dong-wo.owned: the move applies `~1` (A lifts B3's stone after its first piece), then is
    // refused for `~500`, after its end: the stone, the winnings and both actions written for
    // the move are as they were.
    let r = rules("catalan");
    let mut s = state(&r, "5,5,5,5,mA/mB,5,1@A,5,5 2/2 A 1");
    for step in [1, 500] {
        let lift = DongWoDecision::Act {
            action: HoleAction {
                kind: crate::notation::ActionKind::Lift,
                hole: Hole::new(Side::B, 3),
            },
            step: Some(step),
        };
        r.apply(&mut s, &lift, &mut Default::default(), &mut ())
            .unwrap();
    }
    let before = s.clone();
    let mut events = Vec::new();
    let err = r
        .apply(
            &mut s,
            &sow("A1", true),
            &mut Default::default(),
            &mut events,
        )
        .unwrap_err();
    assert_eq!(err.rule, "dong-wo.owned");
    assert!(err.message.contains("~500"), "{}", err.message);
    assert_eq!(s, before);
    assert_eq!(s.pending.len(), 2);
    assert!(events.is_empty(), "{events:?}");
    // Played without the action after its end, the move applies the other.
    s.pending.pop();
    r.apply(&mut s, &sow("A1", true), &mut Default::default(), &mut ())
        .unwrap();
    assert!(s.pending.is_empty());
    assert_eq!(s.board.holes[ring_index(Hole::new(Side::B, 3)).unwrap()], 0);
}

#[test]
fn dong_wo_owned_action_at_its_piece() {
    // dong-wo.owned.lift: `~0`: B lifts A2's stone after A's pick-up, before any piece,
    // and the move then ends otherwise than without it.
    let r = rules("catalan");
    let start = state(&r, "5,1@B,5,5,mA/mB,5,5,5,5 2/2 A 1");
    let lift = |step| DongWoDecision::Act {
        action: HoleAction {
            kind: crate::notation::ActionKind::Lift,
            hole: Hole::new(Side::A, 2),
        },
        step: Some(step),
    };
    let mut plain = start.clone();
    play(&r, &mut plain, &[sow("A1", true)]);
    let mut early = start.clone();
    play(&r, &mut early, &[lift(0), sow("A1", true)]);
    let mut before = start.clone();
    let between = DongWoDecision::Act {
        action: HoleAction {
            kind: crate::notation::ActionKind::Lift,
            hole: Hole::new(Side::A, 2),
        },
        step: None,
    };
    play(&r, &mut before, &[between, sow("A1", true)]);
    assert_ne!(text(&r, &plain), text(&r, &early));
    // Nothing is sown before `~0`: the same as lifting before the move.
    assert_eq!(text(&r, &early), text(&r, &before));
    assert!(early.pending.is_empty());
}

#[test]
fn dong_wo_owned_action_waits_for_a_move_not_a_pass() {
    // dong-wo.owned: an action anchored at a piece belongs to the move it is written in; a
    // pass after it is refused and leaves the state as it was.
    let r = rules("catalan");
    let mut s = state(&r, "5,5,5,5,mA/mB,5,1@A,5,5 2/2 A 1");
    let lift = DongWoDecision::Act {
        action: HoleAction {
            kind: crate::notation::ActionKind::Lift,
            hole: Hole::new(Side::B, 3),
        },
        step: Some(2),
    };
    r.apply(&mut s, &lift, &mut Default::default(), &mut ())
        .unwrap();
    let before = s.clone();
    let err = r
        .apply(
            &mut s,
            &DongWoDecision::Pass,
            &mut Default::default(),
            &mut (),
        )
        .unwrap_err();
    assert_eq!(err.rule, "dong-wo.owned");
    assert_eq!(s, before);
}

#[test]
fn dong_wo_lap_end_seen_without_playing_agrees_with_playing() {
    // dong-wo.lap.end: «si el forat següent és buit, el moviment s'acaba». The direct test
    // of a first lap's end (move lists ask it for every hole) must say what playing says.
    let mut rng = crate::generate::Rng::new(2026);
    let mut seen = 0;
    for rules in [
        rules("catalan"),
        rules_with("catalan", &[("dong-wo.owned.sown", "winnings")]),
    ] {
        for _ in 0..20000 {
            let mut holes = [0u8; N];
            for hole in &mut holes {
                if rng.below(3) > 0 {
                    *hole = rng.below(12) as u8;
                }
            }
            let muzi = [0, 1].map(|_| (rng.below(3) > 0).then(|| rng.below(N) as u8));
            let board = Board {
                holes,
                muzi,
                owned: (rng.below(1 << N) & rng.below(1 << N)) as u16,
                banked: [0; 2],
            };
            let occupied = (0..N)
                .filter(|&i| !board.is_empty(i))
                .fold(0, |m, i| m | 1 << i);
            assert_eq!(board.occupied(), occupied, "{board:?}");
            // The same for a muzi lap, wherever its muzi drops.
            for (m, ccw) in [(0, true), (1, false)] {
                let Some(from) = board.muzi[m] else { continue };
                let t = rules.start_turn(Side::B, from as usize, ccw);
                if board.muzi[0] != board.muzi[1] && DongWo::muzi_lap_ends(&board, &t) {
                    let node = Snap { board, next: from };
                    for k in rules.drop_offsets(&board, &t).iter() {
                        let (_, onward) = rules.after_drop(
                            &node,
                            &t,
                            k,
                            &mut Meter { left: u64::MAX },
                            &mut Default::default(),
                        );
                        assert!(matches!(onward, Onward::Ends { .. }), "{board:?} {m} {k}");
                        seen += 1;
                    }
                }
            }
            for index in 0..N {
                for ccw in [true, false] {
                    let Some(captures) = rules.first_lap_ends(&board, index, ccw) else {
                        continue;
                    };
                    let played = rules.onward(
                        Snap {
                            board,
                            next: index as u8,
                        },
                        ccw,
                        &mut Meter { left: u64::MAX },
                    );
                    // `onward` goes on from an occupied hole with a plain lap.
                    assert_eq!(
                        played,
                        Onward::Ends { captures },
                        "{board:?} from {index} ccw={ccw}"
                    );
                    seen += 1;
                }
            }
        }
    }
    assert!(seen > 10000);
}

#[test]
fn dong_wo_checkpoint_compared_in_place_agrees_with_the_written_position() {
    // mgn.claim.checkpoint: the replay compares each checkpoint in place; it must accept
    // exactly the position `position` writes, whatever is in the holes or owned.
    let r = rules("mancala-world");
    let mut rng = crate::generate::Rng::new(5);
    let mut s = r.start(Side::B);
    let mut decisions_open = Vec::new();
    let mut owned = 0;
    for _ in 0..3000 {
        let written = r.position(&s);
        assert!(r.position_matches(&s, &written));
        owned += usize::from(s.board.owned != 0);
        let mut changed = written.clone();
        let side = rng.below(2);
        let hole = rng.below(5);
        let changed_hole = &mut changed.holes[side][hole];
        match rng.below(8) {
            0 => changed_hole.pile.seeds += 1,
            1 => changed_hole.pile.muzi.a ^= true,
            2 => changed_hole.pile.muzi.b ^= true,
            3 => changed_hole.owner = Some(Side::A),
            4 => changed_hole.owner = Some(Side::B),
            5 => changed_hole.owner = None,
            6 => changed_hole.out_of_play ^= true,
            _ => changed.debts[side] += 1,
        }
        assert_eq!(
            r.position_matches(&s, &changed),
            changed == written,
            "{}",
            write_position(&changed)
        );
        // `mgn check` steps over a checkpoint written as mgn writes the position, through
        // Dong Wo's own `written_position_len` (its text written from the board's bytes and
        // bits on the stack, then compared at once): it must accept the
        // writer's text whole, nothing else, as the holes built one by one do.
        let (written_text, changed_text) = (write_position(&written), write_position(&changed));
        for text in [&written_text, &changed_text] {
            let checkpoint = format!("{text}]");
            let len = r.written_position_len(&s, &checkpoint);
            assert_eq!(
                len,
                crate::rules::written_position_len_by_holes(&r, &s, &checkpoint),
                "{checkpoint}"
            );
            assert_eq!(
                len.is_some_and(|n| checkpoint[n..].starts_with(']')),
                *text == written_text,
                "{checkpoint} against {written_text}"
            );
        }
        match r.phase(&s) {
            Phase::Over { .. } => s = r.start(Side::A),
            Phase::RoundOver { .. } => r.begin_round(&mut s, &mut ()).unwrap(),
            _ => {
                r.decisions(&s, &mut Default::default(), &mut decisions_open);
                let d = decisions_open[rng.below(decisions_open.len())];
                r.apply(&mut s, &d, &mut Default::default(), &mut ())
                    .unwrap();
            }
        }
    }
    assert!(owned > 100, "only {owned} states with an owned hole");
}

#[test]
fn dong_wo_endless_checked_while_playing_refuses_what_the_look_ahead_refuses() {
    // dong-wo.endless=illegal: a move, or a muzi drop, that no choice of drops can end is
    // refused. `apply` finds that out while playing; it must refuse exactly what playing
    // ahead refuses, and a refusal must leave the state and the events as they were.
    let r = rules("catalan");
    let mut rng = crate::generate::Rng::new(29);
    let (mut refused_sows, mut refused_drops, mut drops) = (0, 0, 0);
    for _ in 0..40_000 {
        let mut holes = [0u8; N];
        for _ in 0..6 + rng.below(12) {
            holes[rng.below(N)] += 1;
        }
        let muzi = if rng.below(2) == 0 {
            [None, None]
        } else {
            [Some(rng.below(N) as u8), Some(rng.below(N) as u8)]
        };
        let board = Board {
            holes,
            muzi,
            owned: 0,
            banked: [0; 2],
        };
        if board.muzi[0].is_some() && board.muzi[0] == board.muzi[1] {
            continue;
        }
        for i in 0..5 {
            let ccw = rng.below(2) == 0;
            let before = bare_state(board);
            let mut s = before.clone();
            let mut events = vec![Event::Pass {
                side: Side::A,
                rule: TURN,
            }];
            let looked_ahead = r.sow_refusal(&board, Side::B, i, ccw, &mut Default::default());
            let played = r.apply(
                &mut s,
                &sow(&ring_hole(i).to_string(), ccw),
                &mut Default::default(),
                &mut events,
            );
            assert_eq!(
                played.is_ok(),
                looked_ahead.is_none(),
                "{board:?} {i} {ccw}"
            );
            if let Err(refusal) = played {
                if looked_ahead == Some(Refusal::Endless) {
                    assert_eq!(refusal.rule, "dong-wo.endless");
                    refused_sows += 1;
                }
                assert_eq!(s, before);
                assert_eq!(events.len(), 1);
                continue;
            }
            // At a muzi lap: every drop, as the look-ahead judges it and as played.
            let Some(t) = s.turn else { continue };
            let node = Snap {
                board: s.board,
                next: t.next,
            };
            for k in r.drop_offsets(&s.board, &t).iter() {
                let mut meter = Meter { left: u64::MAX };
                let (_, onward) = r.after_drop(&node, &t, k, &mut meter, &mut Default::default());
                let can_end = r.leads_to_end(
                    onward,
                    &t,
                    (false, Goal::Finish),
                    &[],
                    &mut meter,
                    &mut Default::default(),
                ) == Reach::Yes;
                // A meeting under `mover-chooses` is two drops, which end the move alike.
                let mut choices = Vec::new();
                r.drops_at(&s.board, &t, k, &mut choices);
                for drop in choices {
                    let mut after = s.clone();
                    let mark = events.len();
                    let played = r.apply(&mut after, &drop, &mut Default::default(), &mut events);
                    assert_eq!(played.is_ok(), can_end, "{board:?} {i} {ccw} {drop}");
                    drops += 1;
                    if played.is_err() {
                        assert_eq!(after, s);
                        assert_eq!(events.len(), mark);
                        refused_drops += 1;
                    }
                }
            }
        }
    }
    assert!(
        refused_sows > 0 && refused_drops > 0 && drops > 1000,
        "{refused_sows} {refused_drops} {drops}"
    );
}

/// B5> never ends: 27 stones on the board, both muzi in the winnings, and the state after
/// lap 75 repeats the state before lap 1 (fixtures/dong-wo/endless.mgn).
const ENDLESS_75: &str = "0,2,1,0,3/0,1,0,4,2 27mAmB/0 B 1";

fn stop_laps(ds: &[DongWoDecision]) -> Vec<u32> {
    ds.iter()
        .filter_map(|d| match d {
            DongWoDecision::Stop { lap } => Some(*lap),
            _ => None,
        })
        .collect()
}

/// The decisions of a state as `decision_runs` gives them, each run spelt out.
fn runs_spelt_out(r: &DongWo, s: &DongWoState) -> Vec<DongWoDecision> {
    let (mut out, mut counts) = (Vec::new(), Vec::new());
    r.decision_runs(s, &mut Default::default(), &mut out, &mut counts);
    if counts.is_empty() {
        return out;
    }
    assert_eq!(counts.len(), out.len());
    out.iter()
        .zip(&counts)
        .flat_map(|(first, &count)| (0..count).map(|i| r.decision_in_run(first, i)))
        .collect()
}

#[test]
fn dong_wo_endless_stop_any_lap_stops_a_cycle_after_any_lap_up_to_the_repetition() {
    // dong-wo.endless=stop-any-lap (another implementation's reading; both seeds are silent:
    // 003 "When the last stone is sown, the contents of the next hole are distributed in
    // another lap."): B5> can never end, so the mover may stop after any lap from 1 through
    // 75, the lap where `stop` stops it.
    let any = rules_with("catalan", &[("dong-wo.endless", "stop-any-lap")]);
    let stop = rules_with("catalan", &[("dong-wo.endless", "stop")]);
    let start = state(&any, ENDLESS_75);
    let mut s = start.clone();
    play(&any, &mut s, &[sow("B5", true)]);
    let mut ds = Vec::new();
    any.decisions(&s, &mut Default::default(), &mut ds);
    assert_eq!(stop_laps(&ds), (1..=75).collect::<Vec<_>>());
    assert_eq!(ds.len(), 75, "no drop: the laps ahead carry no muzi");
    assert_eq!(runs_spelt_out(&any, &s), ds);
    assert_eq!(any.alternatives(&s, &mut Default::default()), ["/1 to /75"]);
    let mut under_stop = start.clone();
    play(&stop, &mut under_stop, &[sow("B5", true)]);
    assert_eq!(decisions(&stop, &under_stop), ["/75"]);
    // Refused: a lap past 75 (under both), lap 0, any other decision; under `stop`, lap 5.
    for (r, s, lap) in [(&any, &s, 76), (&any, &s, 0), (&stop, &under_stop, 76)] {
        let mut after = s.clone();
        let error = r
            .apply(
                &mut after,
                &DongWoDecision::Stop { lap },
                &mut Default::default(),
                &mut Vec::new(),
            )
            .unwrap_err();
        assert_eq!(error.rule, "dong-wo.endless");
        assert_eq!(&after, s, "a refused stop changes nothing");
    }
    let error = any
        .apply(
            &mut s.clone(),
            &DongWoDecision::Stop { lap: 76 },
            &mut Default::default(),
            &mut (),
        )
        .unwrap_err();
    assert!(
        error
            .message
            .contains("after lap 1 to 75, written /1 to /75"),
        "{}",
        error.message
    );
    let error = any
        .apply(
            &mut s.clone(),
            &drop("A1", 1),
            &mut Default::default(),
            &mut (),
        )
        .unwrap_err();
    assert_eq!(error.rule, "dong-wo.endless");
    assert!(stop
        .apply(
            &mut under_stop.clone(),
            &DongWoDecision::Stop { lap: 5 },
            &mut Default::default(),
            &mut ()
        )
        .is_err());
    // Every stop, played with and without events, in order, backwards and shuffled: the same
    // state; five laps for /5, the last one the stop; the cycle reported for /75 only.
    let mut order: Vec<u32> = (1..=75).collect();
    let mut backwards = order.clone();
    backwards.reverse();
    let mut rng = crate::generate::Rng::new(3);
    let mut shuffled = order.clone();
    for i in (1..shuffled.len()).rev() {
        shuffled.swap(i, rng.below(i + 1));
    }
    order.extend(backwards);
    order.extend(shuffled);
    for lap in order {
        let stopped = DongWoDecision::Stop { lap };
        let mut quiet = s.clone();
        any.apply(&mut quiet, &stopped, &mut Default::default(), &mut ())
            .unwrap();
        let mut full = s.clone();
        let mut events = Vec::new();
        any.apply(&mut full, &stopped, &mut Default::default(), &mut events)
            .unwrap();
        assert_eq!(quiet, full, "/{lap}");
        let laps: Vec<(u32, Code)> = events
            .iter()
            .filter_map(|e| match e {
                Event::LapEnd { lap, rule, .. } => Some((*lap, *rule)),
                _ => None,
            })
            .collect();
        assert_eq!(laps.len(), lap as usize, "/{lap}");
        assert_eq!(laps.last(), Some(&(lap, EndlessMove::CODE)));
        let cycle = events.iter().find(|e| matches!(e, Event::Cycle { .. }));
        if lap == 75 {
            assert_eq!(
                cycle,
                Some(&Event::Cycle {
                    mu: 0,
                    lambda: 75,
                    times: 1,
                    stop: 75,
                    rule: EndlessMove::CODE,
                })
            );
            // As `stop` leaves it.
            let mut by_stop = under_stop.clone();
            stop.apply(&mut by_stop, &stopped, &mut Default::default(), &mut ())
                .unwrap();
            assert_eq!(quiet, by_stop);
        } else {
            assert_eq!(cycle, None, "/{lap}");
        }
        assert!(quiet.turn.is_none() && quiet.to_move == Side::A);
    }
    // perft counts each stop as a decision of its own (docs/perft.md): 74 more than `stop`.
    let counted = |r: &DongWo| crate::perft::perft(r, &start, 1).unwrap();
    assert_eq!(counted(&any), counted(&stop) + 74);
}

#[test]
fn dong_wo_endless_stop_any_lap_through_muzi_laps() {
    // Moves that reach muzi laps and cannot end, or that a drop makes unable to end: under
    // stop-any-lap every listed decision is legal and the move comes to an end; a stop played
    // with or without events leaves the same state; the runs random play draws from spell
    // out the decisions; and every move `stop` plays, drop for drop up to its stop, is
    // accepted as it is and leaves the same state.
    let any = rules_with("catalan", &[("dong-wo.endless", "stop-any-lap")]);
    let stop = rules_with("catalan", &[("dong-wo.endless", "stop")]);
    let mut rng = crate::generate::Rng::new(11);
    let (mut found, mut parked_at_muzi, mut early) = (0, 0, 0);
    for _ in 0..200_000 {
        let mut holes = [0u8; N];
        for _ in 0..6 + rng.below(10) {
            holes[rng.below(N)] += 1;
        }
        let board = Board {
            holes,
            muzi: [Some(rng.below(N) as u8), Some(rng.below(N) as u8)],
            owned: 0,
            banked: [0; 2],
        };
        if board.muzi[0] == board.muzi[1] {
            continue;
        }
        for i in 0..5 {
            let ccw = rng.below(2) == 0;
            let hole = ring_hole(i);
            if stop.legal_sow(&board, Side::B, hole, ccw).is_err() {
                continue;
            }
            // Under `stop`: random drops to the end of the move.
            let start = bare_state(board);
            let mut s = start.clone();
            let mut turn = vec![sow(&hole.to_string(), ccw)];
            stop.apply(&mut s, &turn[0], &mut Default::default(), &mut ())
                .unwrap();
            let mut stopped = false;
            while s.turn.is_some() {
                let mut out = Vec::new();
                stop.decisions(&s, &mut Default::default(), &mut out);
                // A muzi lap whose every drop loops back to a state the move was in lists
                // none (see `drops_listed`; dong_wo_endless_through_muzi_laps stops there too).
                if out.is_empty() {
                    break;
                }
                let d = out[rng.below(out.len())];
                stopped |= matches!(d, DongWoDecision::Stop { .. });
                stop.apply(&mut s, &d, &mut Default::default(), &mut ())
                    .unwrap();
                turn.push(d);
            }
            if !stopped || s.turn.is_some() {
                continue;
            }
            found += 1;
            // The same decisions under stop-any-lap: accepted, the same state.
            let mut same = start.clone();
            for d in &turn {
                any.apply(&mut same, d, &mut Default::default(), &mut ())
                    .unwrap();
            }
            assert_eq!(same, s, "{board:?} {turn:?}");
            // Random play under stop-any-lap, checking each state's decisions.
            let mut s = start.clone();
            any.apply(&mut s, &turn[0], &mut Default::default(), &mut ())
                .unwrap();
            while s.turn.is_some() {
                let mut out = Vec::new();
                any.decisions(&s, &mut Default::default(), &mut out);
                assert_eq!(runs_spelt_out(&any, &s), out);
                if out.is_empty() {
                    assert!(
                        s.turn.as_ref().unwrap().park.is_none(),
                        "a parked move stops"
                    );
                    break;
                }
                let t = s.turn.as_ref().unwrap();
                if let Some(park) = t.park {
                    if matches!(park.ahead, Ahead::Node { .. }) {
                        parked_at_muzi += 1;
                    }
                    let stops = stop_laps(&out);
                    assert_eq!(stops, (park.first..=park.last).collect::<Vec<_>>());
                }
                let d = out[rng.below(out.len())];
                let mut quiet = s.clone();
                any.apply(&mut quiet, &d, &mut Default::default(), &mut ())
                    .unwrap();
                let mut full = s.clone();
                any.apply(&mut full, &d, &mut Default::default(), &mut Vec::new())
                    .unwrap();
                assert_eq!(quiet, full, "{board:?} {d}");
                if let (DongWoDecision::Stop { lap }, Some(park)) = (d, t.park) {
                    early += usize::from(lap < park.last);
                }
                s = quiet;
            }
        }
        if found >= 20 && parked_at_muzi > 0 {
            break;
        }
    }
    assert!(
        found >= 20 && parked_at_muzi > 0 && early > 0,
        "{found} {parked_at_muzi} {early}"
    );
}

#[test]
fn dong_wo_random_games_under_stop_and_stop_any_lap_replay() {
    // Random play draws among every decision, a parked move's stops as one run: from the
    // start and from two positions whose moves cannot end, the records written replay as
    // passed under the option they were played under.
    use crate::check::{check_game, CheckOptions, Verdict};
    use crate::generate::{random_game, GenerateOptions, Rng};
    use crate::notation::{parse_games, write_game, Header, RuleSetting};
    let mut rng = Rng::new(21);
    for value in ["stop", "stop-any-lap", "stop-any-lap-first-drops"] {
        let mut stops = 0;
        let options = [
            ("dong-wo.game.length", "one-round"),
            ("dong-wo.endless", value),
        ];
        let r = rules_with("mancala-world", &options);
        for start in [
            None,
            Some(ENDLESS_75),
            Some("1,2,1,0,3/2,1,mB,1mA,0 29/0 B 1"),
        ] {
            for _ in 0..12 {
                let mut header = Header::new(crate::notation::GameKind::DongWo);
                for (code, value) in options {
                    header.options.push(Spanned::new(
                        RuleSetting {
                            code: code.to_string(),
                            value: value.to_string(),
                        },
                        Default::default(),
                    ));
                }
                let state = match start {
                    Some(text) => {
                        let position = crate::notation::parse_position(text).unwrap();
                        header.start = Some(Spanned::new(position, Default::default()));
                        state(&r, text)
                    }
                    None => r.start(Side::B),
                };
                let game = random_game(
                    &r,
                    header,
                    state,
                    &mut rng,
                    GenerateOptions {
                        checkpoints: true,
                        max_plies: 60,
                    },
                );
                stops += game
                    .moves
                    .iter()
                    .filter(|e| {
                        matches!(e, crate::notation::Element::Move(m) if m.value.stopped_after_lap.is_some())
                    })
                    .count();
                let text = write_game(&game);
                let reread = parse_games(&text).remove(0).unwrap();
                assert_eq!(
                    check_game(&reread, &CheckOptions::default()),
                    Verdict::Passed,
                    "{text}"
                );
            }
        }
        assert!(stops > 0, "{value}: no move stopped");
    }
}

#[test]
fn dong_wo_owned_actions_and_voluntary_deals_in_random_play_only() {
    // dong-wo.owned.lift, dong-wo.owned.put, dong-wo.owned.take-two, dong-wo.repay,
    // dong-wo.buy, dong-wo.borrow: random play draws the voluntary decisions that perft
    // leaves out (docs/perft.md), and each it lists is legal.
    let r = rules("catalan");
    let legal = |s: &DongWoState, ds: &[DongWoDecision]| {
        for d in ds {
            let mut probe = s.clone();
            r.apply(&mut probe, d, &mut Default::default(), &mut ())
                .unwrap_or_else(|e| panic!("{d} is listed and refused: {}", e.message));
        }
    };
    let s = state(&r, "5,5,5,5,mA/mB,5,1@A,5,5 2/2 A 1");
    let mut counted = Vec::new();
    r.decisions(&s, &mut Default::default(), &mut counted);
    let mut drawn = Vec::new();
    r.random_decisions(&s, &mut Default::default(), &mut drawn);
    assert!(counted
        .iter()
        .all(|d| !matches!(d, DongWoDecision::Act { .. })));
    assert!(counted.iter().all(|d| drawn.contains(d)));
    let words: Vec<String> = drawn.iter().map(|d| d.to_string()).collect();
    assert!(words.contains(&"^B3".to_string()), "{words:?}");
    let anchored: Vec<DongWoDecision> = drawn
        .iter()
        .copied()
        .filter(|d| matches!(d, DongWoDecision::Act { step: Some(_), .. }))
        .collect();
    assert!(!anchored.is_empty(), "{words:?}");
    legal(&s, &drawn);
    // With an action written for the move, only the moves it fits are drawn, each playable.
    for act in anchored {
        let mut waiting = s.clone();
        r.apply(&mut waiting, &act, &mut Default::default(), &mut ())
            .unwrap();
        let mut moves = Vec::new();
        r.random_decisions(&waiting, &mut Default::default(), &mut moves);
        assert!(!moves.is_empty());
        for m in moves
            .iter()
            .filter(|m| matches!(m, DongWoDecision::Sow { .. }))
        {
            let mut probe = waiting.clone();
            r.apply(&mut probe, m, &mut Default::default(), &mut ())
                .unwrap();
            assert!(probe.pending.is_empty(), "{act} {m}");
        }
    }
    // Between rounds: a hole bought with two stones, and a loan before the fill.
    let mut s = state(&r, "0,0,1,0,0/1,0,0,0,0 19mA/19mB B 1");
    play(&r, &mut s, &[sow("B1", false)]);
    r.begin_round(&mut s, &mut ()).unwrap();
    let win = DongWoDecision::Deal {
        deal: Transaction::Win {
            hole: Hole::new(Side::B, 3),
        },
    };
    play(&r, &mut s, &[win]);
    let mut counted = Vec::new();
    r.decisions(&s, &mut Default::default(), &mut counted);
    let mut drawn = Vec::new();
    r.random_decisions(&s, &mut Default::default(), &mut drawn);
    let words: Vec<String> = drawn.iter().map(|d| d.to_string()).collect();
    for voluntary in ["borrow:A:1", "buy:B2=2"] {
        assert!(words.contains(&voluntary.to_string()), "{words:?}");
        assert!(!counted.iter().any(|d| d.to_string() == voluntary));
    }
    legal(&s, &drawn);
}

/// Random drop sequences of `B1<` from `2mB,0,1,3,4/2,1,1mA,1,0 25/0 B 1` under `rules`: the
/// first state met whose turn is open but whose listing is empty, with the decisions to it.
fn open_turn_listing_nothing(r: &DongWo) -> Option<(DongWoState, Vec<DongWoDecision>)> {
    let start = state(r, "2mB,0,1,3,4/2,1,1mA,1,0 25/0 B 1");
    let mut rng = crate::generate::Rng::new(7);
    for _ in 0..4 {
        let mut s = start.clone();
        let mut turn = vec![sow("B1", false)];
        r.apply(&mut s, &turn[0], &mut Default::default(), &mut ())
            .unwrap();
        while matches!(r.phase(&s), Phase::Continue { .. }) {
            let mut out = Vec::new();
            r.decisions(&s, &mut Default::default(), &mut out);
            if out.is_empty() {
                return Some((s, turn));
            }
            let d = out[rng.below(out.len())];
            r.apply(&mut s, &d, &mut Default::default(), &mut ())
                .unwrap();
            turn.push(d);
        }
    }
    None
}

#[test]
fn dong_wo_endless_stop_lists_a_continuation_at_every_muzi_lap() {
    // dong-wo.endless=stop: in the middle of a move there is always a legal continuation (a
    // drop, or the stop of a move that can no longer end), and the listing offers one.
    let stop = rules_with("catalan", &[("dong-wo.endless", "stop")]);
    if let Some((s, turn)) = open_turn_listing_nothing(&stop) {
        let written: Vec<String> = turn.iter().map(|d| d.to_string()).collect();
        panic!(
            "an open turn lists nothing after {}: {}",
            written.join(" "),
            text(&stop, &s)
        );
    }
}

/// Dong Wo whose listing is empty in a turn under way: random play's second net.
struct ListsNothingInATurn(DongWo);

impl Rules for ListsNothingInATurn {
    type State = DongWoState;
    type Decision = DongWoDecision;
    type Scratch = DongWoScratch;
    fn def(&self) -> &'static GameDef {
        self.0.def()
    }
    fn start(&self, first: Side) -> DongWoState {
        self.0.start(first)
    }
    fn state_from_position(&self, position: &Position) -> Result<DongWoState, Diagnostic> {
        self.0.state_from_position(position)
    }
    fn row_states<'a>(
        &'a self,
        state: &'a DongWoState,
        side: Side,
    ) -> impl ExactSizeIterator<Item = HoleState> + 'a {
        self.0.row_states(state, side)
    }
    fn position_head(&self, state: &DongWoState) -> PositionHead {
        self.0.position_head(state)
    }
    fn phase(&self, state: &DongWoState) -> Phase {
        self.0.phase(state)
    }
    fn round(&self, state: &DongWoState) -> u32 {
        self.0.round(state)
    }
    fn decisions(
        &self,
        state: &DongWoState,
        scratch: &mut DongWoScratch,
        out: &mut Vec<DongWoDecision>,
    ) {
        self.0.decisions(state, scratch, out);
        if state.turn.is_some() {
            out.clear();
        }
    }
    fn apply<S: EventSink>(
        &self,
        state: &mut DongWoState,
        decision: &DongWoDecision,
        scratch: &mut DongWoScratch,
        sink: &mut S,
    ) -> Result<(), Diagnostic> {
        self.0.apply(state, decision, scratch, sink)
    }
    fn decisions_from_move_into(
        &self,
        written: &crate::notation::Move,
        out: &mut Vec<(DongWoDecision, MovePart)>,
    ) -> Result<(), Diagnostic> {
        self.0.decisions_from_move_into(written, out)
    }
    fn begin_round<S: EventSink>(
        &self,
        state: &mut DongWoState,
        sink: &mut S,
    ) -> Result<(), Diagnostic> {
        self.0.begin_round(state, sink)
    }
    fn pass_decision(&self) -> Option<DongWoDecision> {
        self.0.pass_decision()
    }
    fn move_from_decisions(&self, turn: &[DongWoDecision]) -> Element {
        self.0.move_from_decisions(turn)
    }
}

/// Nothing listed faster: random play's turns go the plain way.
impl RulesExt for ListsNothingInATurn {}

#[test]
fn dong_wo_random_play_stops_at_an_open_turn_listing_nothing() {
    // Random play never draws from an empty list: should the rules list nothing in a turn
    // under way, the game stops there, unfinished (`*`, with a comment), and a playout ends.
    use crate::generate::{playout, random_game, GenerateOptions, Rng};
    use crate::notation::{Header, Outcome};
    let r = ListsNothingInATurn(rules_with("catalan", &[("dong-wo.endless", "stop")]));
    let mut stopped = 0;
    for seed in 0..20 {
        let start = r.start(Side::B);
        let game = random_game(
            &r,
            Header::new(crate::notation::GameKind::DongWo),
            start.clone(),
            &mut Rng::new(seed),
            GenerateOptions::default(),
        );
        if game.outcome.value == Outcome::Unknown {
            let Some(Element::Comment(comment)) = game.moves.last() else {
                panic!(
                    "an unfinished game ends with a comment: {:?}",
                    game.moves.last()
                );
            };
            assert!(
                comment.value.text.contains("no decision"),
                "{}",
                comment.value.text
            );
            stopped += 1;
        }
        playout(&r, start, &mut Rng::new(seed), 1_000, &mut ());
    }
    assert!(stopped > 0, "no game reached a muzi lap");
}

#[test]
fn dong_wo_muzi_drop_names_its_lap_offset() {
    // dong-wo.muzi.drop: `@A2` (visit 1) or `@A2.2` names one piece of the lap; its offset is
    // the piece whose hole and visit it is, as the lap sows them one by one, or none.
    let r = rules("catalan");
    for from in 0..N {
        for ccw in [true, false] {
            let t = r.start_turn(Side::B, from, ccw);
            for pieces in 1..=41 {
                for i in 0..N {
                    for visit in 0..=6 {
                        let drop = MuziDrop {
                            hole: ring_hole(i),
                            visit,
                            takes: None,
                        };
                        let sown = (0..pieces)
                            .find(|&k| step(from, ccw, k + 1) == i && (k / N) as u32 + 1 == visit);
                        assert_eq!(
                            r.offset_of(&t, pieces, drop),
                            sown,
                            "{from} {ccw} {pieces} {drop}"
                        );
                        if let Some(k) = sown {
                            assert_eq!(r.drop_at(&t, k), drop);
                        }
                    }
                }
            }
        }
    }
}

/// The muzi drops a lap allows, piece by piece as the lap sows them: what `drop_offsets` reads
/// from the board as bits.
fn drop_offsets_piece_by_piece(board: &Board, t: &InMove) -> Offsets {
    let from = t.next as usize;
    let Some(m) = board.muzi_at(from) else {
        return Offsets(0);
    };
    let pieces = board.holes[from] as usize + 1;
    let other = board.muzi[m.other().index()].map(|o| o as usize);
    let mut offsets = 0u64;
    let mut own = 0u64;
    let mut at = from;
    for k in 0..pieces {
        at = next_hole(at, t.ccw);
        if Some(at) != other || (pieces == 1 && t.lap > 0) {
            offsets |= 1 << k;
            if board.owned != 0 && board.owner(at) == Some(t.mover) {
                own |= 1 << k;
            }
        }
    }
    // dong-wo.owned.muzi: the mover drops a muzi into a hole he owns only when nothing
    // else is left, in a later lap.
    if own != 0 {
        if offsets == own {
            if t.lap == 0 {
                offsets = 0;
            }
        } else {
            offsets &= !own;
        }
    }
    Offsets(offsets)
}

#[test]
fn dong_wo_muzi_drop_offsets() {
    // dong-wo.muzi.other-hole and dong-wo.owned.muzi: every board of a few stones, each muzi
    // anywhere, some holes owned, each turn and lap.
    let r = rules("catalan");
    let mut boards = 0;
    for from in 0..N {
        for stones in [0u8, 1, 4, 9, 10, 19, 40] {
            for other in [None, Some(0u8), Some(3), Some(9), Some(BANKED)] {
                for owned in [0u16, 0b10_0001_0010, 0b01_1100_0011, 0x3ff] {
                    // The muzi of the lap is A's, then B's.
                    for muzi in [[Some(from as u8), other], [other, Some(from as u8)]] {
                        let mut board = Board {
                            holes: [1; N],
                            muzi,
                            owned,
                            banked: [0; 2],
                        };
                        board.holes[from] = stones;
                        if other == Some(from as u8) {
                            continue;
                        }
                        for (mover, ccw, lap) in [
                            (Side::A, true, 0),
                            (Side::B, false, 0),
                            (Side::A, false, 3),
                            (Side::B, true, 1),
                        ] {
                            let t = InMove {
                                lap,
                                ..r.start_turn(mover, from, ccw)
                            };
                            assert_eq!(
                                r.drop_offsets(&board, &t),
                                drop_offsets_piece_by_piece(&board, &t),
                                "{board:?} {t:?}"
                            );
                            boards += 1;
                        }
                    }
                }
            }
        }
    }
    assert!(boards > 1000);
}

/// dong-wo.endless=illegal: the replay asks the rules to leave out the look-ahead of whether a
/// move can still end while it plays a written move that will show it by ending
/// (`Lookahead::Witnessed`). Left out, a sowing that never ends is not refused at its
/// start; the next decision played as any is refused again (fixtures/dong-wo/endless-muzi.mgn,
/// game 1): the argument of one call switches nothing for the next. Under `stop`, where a move
/// that never ends stops rather than being refused, nothing is left out.
#[test]
fn dong_wo_end_lookahead_left_out_for_one_decision() {
    let r = rules("catalan");
    let start = state(&r, "0,1,0,1,1mB/3,mA,0,1,2 31/0 B 1");
    let never_ends = sow("B1", false);
    let mut scratch = DongWoScratch::default();
    let mut refused = |r: &DongWo, lookahead| {
        r.apply_with_lookahead(
            &mut start.clone(),
            &never_ends,
            lookahead,
            &mut scratch,
            &mut (),
        )
        .err()
        .map(|e| e.rule)
    };
    assert!(r.looks_ahead_to_end());
    assert_eq!(refused(&r, Lookahead::Ahead), Some(EndlessMove::CODE));
    assert_eq!(
        refused(&r, Lookahead::Witnessed),
        None,
        "left out, the sowing is played"
    );
    assert_eq!(refused(&r, Lookahead::Ahead), Some(EndlessMove::CODE));

    let stop = rules_with("catalan", &[("dong-wo.endless", "stop")]);
    assert!(!stop.looks_ahead_to_end());
}

#[test]
fn dong_wo_random_play_reaches_where_the_holes_options_differ() {
    // dong-wo.tianzi.count, dong-wo.tianzi.holes, dong-wo.round-end.holes: random play under
    // each `sector` value writes records that pass under it, and some of them are refused
    // under `regular`: random play reaches the owned holes where the two readings part.
    use crate::check::{check_game, CheckOptions, Verdict};
    use crate::generate::{random_game, GenerateOptions, Rng};
    use crate::notation::{Header, RuleSetting};
    for code in [TianziCount::CODE, TianziHoles::CODE, RoundEndHoles::CODE] {
        let r = rules_with("mancala-world", &[(code.as_str(), "sector")]);
        let mut refused = 0;
        for seed in 0..16 {
            let mut header = Header::new(crate::notation::GameKind::DongWo);
            header.options.push(Spanned::new(
                RuleSetting {
                    code: code.to_string(),
                    value: "sector".to_string(),
                },
                Default::default(),
            ));
            let mut game = random_game(
                &r,
                header,
                r.start(Side::B),
                &mut Rng::new(seed),
                GenerateOptions {
                    checkpoints: true,
                    max_plies: 2_000,
                },
            );
            let options = CheckOptions::default();
            assert_eq!(
                check_game(&game, &options),
                Verdict::Passed,
                "{code} {seed}"
            );
            game.header.options.clear();
            if check_game(&game, &options) != Verdict::Passed {
                refused += 1;
            }
        }
        assert!(refused > 0, "{code}: no game tells sector from regular");
    }
}

/// The steps a decision between rounds makes first (`compulsory_before`, which a referee's
/// record writes out: `muzi:A fill:A fill:B` before a round's first move), played one by one
/// and then the decision, leave the state the decision alone leaves; under each preset and each
/// order of buying and buying back, over every decision random play draws between rounds.
#[test]
fn dong_wo_steps_written_out_before_a_decision_leave_what_it_leaves_alone() {
    for (preset, options) in [
        ("mancala-world", &[][..]),
        ("catalan", &[][..]),
        (
            "mancala-world",
            &[("dong-wo.rebuy.order", "muzi-first")][..],
        ),
        ("mancala-world", &[("dong-wo.buy.when", "after-fill")][..]),
        ("catalan", &[("dong-wo.owned.top-up", "one-stone")][..]),
    ] {
        let r = rules_with(preset, options);
        let scratch = &mut DongWoScratch::default();
        let (mut checked, mut fills) = (0, 0);
        for seed in 0..6 {
            let mut rng = crate::generate::Rng::new(seed);
            let mut state = r.start(Side::B);
            for _ in 0..3000 {
                match r.phase(&state) {
                    Phase::Over { .. } => break,
                    Phase::RoundOver { .. } => {
                        r.begin_round(&mut state, &mut ()).unwrap();
                        continue;
                    }
                    _ => {}
                }
                let mut open = Vec::new();
                r.random_decisions(&state, scratch, &mut open);
                for decision in &open {
                    let steps = r.compulsory_before(&state, decision);
                    if steps.is_empty() {
                        continue;
                    }
                    let mut alone = state.clone();
                    if r.apply(&mut alone, decision, scratch, &mut ()).is_err() {
                        continue;
                    }
                    let mut stepwise = state.clone();
                    for step in steps.iter().chain([decision]) {
                        r.apply(&mut stepwise, step, scratch, &mut ())
                            .unwrap_or_else(|e| panic!("{preset} {options:?}: {step}: {e:?}"));
                    }
                    assert_eq!(
                        r.position(&stepwise),
                        r.position(&alone),
                        "{preset} {options:?}: {steps:?} then {decision}"
                    );
                    assert_eq!(r.phase(&stepwise), r.phase(&alone));
                    checked += 1;
                    fills += steps
                        .iter()
                        .filter(|s| {
                            matches!(
                                s,
                                DongWoDecision::Deal {
                                    deal: Transaction::Fill { .. }
                                }
                            )
                        })
                        .count();
                }
                if open.is_empty() {
                    break;
                }
                let drawn = open[rng.below(open.len())];
                if r.apply(&mut state, &drawn, scratch, &mut ()).is_err() {
                    break;
                }
            }
        }
        assert!(
            checked > 0 && fills > 0,
            "{preset} {options:?}: {checked} {fills}"
        );
    }
}

/// `Rules::free_steps` (the protocol's `actions`) is random play's list less what perft
/// counts and less the owner actions drawn for the move to come: every one is legal on its
/// own, none is counted, and each, written as a record writes it and read back, is itself.
#[test]
fn dong_wo_free_steps_are_the_voluntary_steps_between_moves() {
    use crate::generate::Rng;
    use crate::notation::{parse_games, Element};
    let read_back = |r: &DongWo, text: &str| -> DongWoDecision {
        let record = format!("[Game \"dong-wo\"]\n\n{text} *\n");
        let game = parse_games(&record).remove(0).unwrap();
        match &game.moves[0] {
            Element::Action(a) => r.decision_from_action(&a.value).unwrap(),
            Element::Transaction(t) => r.decision_from_transaction(&t.value).unwrap(),
            other => panic!("{text} read as {other:?}"),
        }
    };
    let mut rng = Rng::new(35);
    let (mut actions, mut deals) = (0, 0);
    for preset in ["catalan", "mancala-world"] {
        let r = rules(preset);
        let scratch = &mut DongWoScratch::default();
        for _ in 0..6 {
            let mut s = r.start(Side::B);
            for _ in 0..400 {
                match r.phase(&s) {
                    Phase::Over { .. } => break,
                    Phase::RoundOver { .. } => {
                        r.begin_round(&mut s, &mut ()).unwrap();
                        continue;
                    }
                    _ => {}
                }
                let (mut counted, mut drawn, mut free) = (Vec::new(), Vec::new(), Vec::new());
                r.decisions(&s, scratch, &mut counted);
                r.random_decisions(&s, scratch, &mut drawn);
                r.free_steps(&s, scratch, &mut free);
                for step in &free {
                    assert!(drawn.contains(step) && !counted.contains(step), "{step}");
                    let mut after = s.clone();
                    r.apply(&mut after, step, scratch, &mut ()).unwrap();
                    assert_eq!(read_back(&r, &step.to_string()), *step);
                    match step {
                        DongWoDecision::Act { step: None, .. } => actions += 1,
                        DongWoDecision::Deal { .. } => deals += 1,
                        other => panic!("{other} is no free step"),
                    }
                }
                for other in drawn
                    .iter()
                    .filter(|d| !counted.contains(d) && !free.contains(d))
                {
                    assert!(
                        matches!(other, DongWoDecision::Act { step: Some(_), .. }),
                        "{other}"
                    );
                }
                if matches!(r.phase(&s), Phase::Continue { .. }) {
                    assert!(free.is_empty(), "a turn under way has no free step");
                }
                let pick = drawn[rng.below(drawn.len())];
                // A move not decided within the lap budget is listed, and refused.
                if r.apply(&mut s, &pick, scratch, &mut ()).is_err() {
                    break;
                }
                // An action drawn for the move to come is followed by a move it fits.
                if !s.pending.is_empty() && s.turn.is_none() {
                    let mut moves = Vec::new();
                    r.random_decisions(&s, scratch, &mut moves);
                    moves.retain(|d| matches!(d, DongWoDecision::Sow { .. }));
                    let m = moves[rng.below(moves.len())];
                    r.apply(&mut s, &m, scratch, &mut ()).unwrap();
                }
            }
        }
    }
    assert!(
        actions > 0 && deals > 0,
        "{actions} actions, {deals} transactions"
    );
}

/// A position from which neither player can move is refused: its round ended at the move that
/// reached it (rule `dong-wo.turn`, "when neither player can move, the round ends"), and set as
/// it is, both players would pass for ever.
#[test]
fn a_position_nobody_can_move_from_is_refused() {
    for preset in ["mancala-world", "catalan"] {
        let r = rules(preset);
        for text in [
            "0,0,0,0,0/0,0,0,0,0 20mA/20mB A 1",
            "0,0,0,0,0/0,0,0,0,0 20mA/20mB B 3",
        ] {
            let position = crate::notation::parse_position(text).unwrap();
            let error = r.state_from_position(&position).unwrap_err();
            assert_eq!(error.rule, "mgn.position.shape", "{preset} {text}");
            assert!(
                error.message.contains("neither player can move"),
                "{error:?}"
            );
        }
        // One player stuck is a pass, not a refusal.
        state(&r, "0,0,0,0,0/1,0,0,0,0 19mA/20mB A 1");
    }
}
