use super::*;
use crate::generate::{random_game, GenerateOptions, Rng};
use crate::notation::{parse_position, GameKind, Header};
use crate::rules::general;
use crate::rules::test_support::captures;

fn rules(options: &[(&str, &str)]) -> MrawImrujen {
    let mut settings = Settings::defaults(&DEF);
    for (code, value) in options {
        settings.set(code, value).unwrap();
    }
    MrawImrujen::new(BOARD_SIZE, &settings).unwrap()
}

fn at(d: &MrawImrujen, text: &str) -> MrawState {
    d.state_from_position(&parse_position(text).unwrap())
        .unwrap()
}

fn play(d: &MrawImrujen, state: &mut MrawState, hole: &str) -> Vec<Event> {
    let mut events = Vec::new();
    d.apply(
        state,
        &MrawMove(hole_named(hole)),
        &mut Default::default(),
        &mut events,
    )
    .unwrap_or_else(|v| panic!("{hole}: {v}"));
    events
}

fn refused(d: &MrawImrujen, state: &MrawState, hole: &str) -> Code {
    let mut after = state.clone();
    let violation = d
        .apply(
            &mut after,
            &MrawMove(hole_named(hole)),
            &mut Default::default(),
            &mut (),
        )
        .unwrap_err();
    assert_eq!(&after, state, "a refused move changes nothing");
    violation.rule
}

fn hole_named(name: &str) -> Hole {
    let side = if name.starts_with('A') {
        Side::A
    } else {
        Side::B
    };
    Hole::new(side, name[1..].parse().unwrap())
}

fn shown(d: &MrawImrujen, state: &MrawState) -> String {
    crate::notation::write_position(&d.position(state))
}

fn legal(d: &MrawImrujen, state: &MrawState) -> Vec<String> {
    let mut out = Vec::new();
    d.decisions(state, &mut Default::default(), &mut out);
    out.iter().map(|m| m.to_string()).collect()
}

#[test]
fn mraw_imrujen_start_puts_4_seeds_in_every_hole() {
    let d = rules(&[]);
    let state = d.start(Side::B);
    assert_eq!(shown(&d, &state), "4,4,4,4,4/4,4,4,4,4 0/0 B 1");
    assert_eq!(legal(&d, &state), ["B1", "B2", "B3", "B4", "B5"]);
}

/// «començant en el mateix forat des d’on s’han agafat»
#[test]
fn mraw_imrujen_sow_lap_puts_the_first_seed_back_into_the_emptied_hole() {
    let d = rules(&[]);
    let mut state = d.start(Side::B);
    let events = play(&d, &mut state, "B4");
    assert_eq!(shown(&d, &state), "5,5,4,4,4/4,4,4,1,5 0/0 A 1");
    assert!(events.contains(&Event::LapEnd {
        hole: hole_named("A2"),
        lap: 1,
        rule: SOW_LAP
    }));
    // A sows clockwise under the default: A5 toward A1, then B5.
    play(&d, &mut state, "A2");
    assert_eq!(shown(&d, &state), "6,1,4,4,4/4,4,5,2,6 0/0 B 1");
}

#[test]
fn mraw_imrujen_sow_direction_a_counter_clockwise_swaps_the_ways() {
    let d = rules(&[("mraw-imrujen.sow.direction", "a-counter-clockwise")]);
    let mut state = d.start(Side::B);
    play(&d, &mut state, "B2");
    assert_eq!(shown(&d, &state), "4,4,4,5,5/5,1,4,4,4 0/0 A 1");
    play(&d, &mut state, "A1");
    assert_eq!(shown(&d, &state), "1,5,5,6,5/5,1,4,4,4 0/0 B 1");
}

/// «Un jugador sembra en direcció horària i l’altre en direcció anti-horària.» read as: the
/// round's first player sows clockwise, so the ways swap when the first player changes.
#[test]
fn mraw_imrujen_sow_direction_first_player_clockwise_swaps_the_ways_between_rounds() {
    let d = rules(&[("mraw-imrujen.sow.direction", "first-player-clockwise")]);
    // Round 1, A first: A clockwise (A3: A3, A2), B counter-clockwise (B4: B4, B5).
    let mut state = at(&d, "0,0,2,0,2/1,0,0,2,0 17/16 A 1");
    play(&d, &mut state, "A3");
    assert_eq!(shown(&d, &state), "0,1,1,0,2/1,0,0,2,0 17/16 B 1");
    play(&d, &mut state, "B4");
    assert_eq!(d.phase(&state), Phase::RoundOver { round: 1 });
    d.begin_round(&mut state, &mut ()).unwrap();
    assert_eq!(shown(&d, &state), "2,2,2,2,2/2,2,2,2,2 17/3 B 2");
    // Round 2, B first: B clockwise (B2: B2, B1), A counter-clockwise (A2: A2, A3).
    play(&d, &mut state, "B2");
    assert_eq!(shown(&d, &state), "2,2,2,2,2/3,1,2,2,2 17/3 A 2");
    play(&d, &mut state, "A2");
    assert_eq!(shown(&d, &state), "2,1,3,2,2/3,1,2,2,2 17/3 B 2");
}

/// Under `first-player-clockwise` a round B starts is played as under `a-counter-clockwise`,
/// and one A starts as under `b-counter-clockwise`.
#[test]
fn mraw_imrujen_sow_direction_first_player_clockwise_is_a_fixed_way_each_round() {
    let d = rules(&[("mraw-imrujen.sow.direction", "first-player-clockwise")]);
    let a_ccw = rules(&[("mraw-imrujen.sow.direction", "a-counter-clockwise")]);
    let b_ccw = rules(&[]);
    let mut rounds_by = [0, 0];
    for seed in 0..30 {
        let mut rng = Rng::new(seed);
        let mut state = d.start(if seed % 2 == 0 { Side::A } else { Side::B });
        let (mut mine, mut theirs) = (Vec::new(), Vec::new());
        loop {
            match d.phase(&state) {
                Phase::Over { .. } => break,
                Phase::RoundOver { .. } => {
                    d.begin_round(&mut state, &mut ()).unwrap();
                    rounds_by[state.round_first.index()] += 1;
                }
                _ => {
                    let fixed = match state.round_first {
                        Side::B => &a_ccw,
                        Side::A => &b_ccw,
                    };
                    d.decisions(&state, &mut Default::default(), &mut mine);
                    fixed.decisions(&state, &mut Default::default(), &mut theirs);
                    assert_eq!(mine, theirs);
                    let mv = mine[rng.below(mine.len())];
                    let mut other = state.clone();
                    d.apply(&mut state, &mv, &mut Default::default(), &mut ())
                        .unwrap();
                    fixed
                        .apply(&mut other, &mv, &mut Default::default(), &mut ())
                        .unwrap();
                    assert_eq!(shown(&d, &state), shown(fixed, &other));
                }
            }
        }
    }
    assert!(rounds_by[0] > 0 && rounds_by[1] > 0, "{rounds_by:?}");
}

#[test]
fn mraw_imrujen_sow_start_and_sow_single_refuse_what_cannot_be_played() {
    let d = rules(&[]);
    let state = at(&d, "4,4,4,4,4/1,0,4,4,11 0/0 B 1");
    assert_eq!(refused(&d, &state, "A1"), SOW_START);
    assert_eq!(refused(&d, &state, "B6"), SOW_START);
    assert_eq!(refused(&d, &state, "B2"), SOW_START);
    assert_eq!(refused(&d, &state, "B1"), SOW_SINGLE);
}

/// «El jugador captura el contingut d’un forat propi si hi ha 2 o 4 llavors» and «Si el
/// forat precedent també conté 2 o 4 llavors [...] creuant, fins i tot, el límit de la fila»
#[test]
fn mraw_imrujen_capture_chain_runs_back_across_the_row_boundary() {
    let d = rules(&[]);
    // B4's 8 seeds: B4 B5 A1 A2 A3 A4 A5 B1; B1 2, A5 2, A4 4, A3 1 stops the chain.
    let mut state = at(&d, "2,2,0,3,1/1,2,2,8,2 10/7 B 1");
    let events = play(&d, &mut state, "B4");
    assert_eq!(
        captures(&events),
        [
            ("B1".to_string(), 2, CAPTURE_START),
            ("A5".to_string(), 2, CAPTURE_CHAIN),
            ("A4".to_string(), 4, CAPTURE_CHAIN),
        ]
    );
    assert_eq!(shown(&d, &state), "3,3,1,0,0/0,2,2,1,3 10/15 A 1");
    let own_row = rules(&[("mraw-imrujen.capture.reach", "own-row")]);
    let mut state = at(&own_row, "2,2,0,3,1/1,2,2,8,2 10/7 B 1");
    let events = play(&own_row, &mut state, "B4");
    assert_eq!(captures(&events).len(), 1, "the chain stops at B's row");
}

/// «collita: s’inicia en el territori propi»
#[test]
fn mraw_imrujen_capture_start_takes_nothing_in_the_opponents_row_or_without_2_or_4() {
    let d = rules(&[]);
    // B5's 2 seeds end in A1, which then holds 2: not B's, so nothing is taken.
    let mut state = at(&d, "1,2,2,2,2/2,2,2,2,2 10/11 B 1");
    assert!(captures(&play(&d, &mut state, "B5")).is_empty());
    assert_eq!(shown(&d, &state), "2,2,2,2,2/2,2,2,2,1 10/11 A 1");
    // B1's 3 seeds end in B3, which then holds 3.
    let mut state = at(&d, "2,2,2,2,2/3,2,2,2,2 9/10 B 1");
    assert!(captures(&play(&d, &mut state, "B1")).is_empty());
    // B1's 3 seeds end in B3, which then holds 4; B2 then holds 3 and stops the chain.
    let mut state = at(&d, "2,2,2,2,2/3,2,3,2,2 8/10 B 1");
    assert_eq!(
        captures(&play(&d, &mut state, "B1")),
        [("B3".to_string(), 4, CAPTURE_START)]
    );
}

/// «Un jugador no pot fer un moviment que provoqui una captura que deixi a l’adversari sense
/// llavors en el seus forats.»: the three readings.
#[test]
fn mraw_imrujen_capture_no_empty_readings() {
    // B5's 7 seeds: B5 A1 A2 A3 A4 A5 B1 -> A 4,2,2,2,2 and B1 2: the chain would take
    // B1 and every seed of A's row.
    let start = "3,1,1,1,1/1,2,2,2,7 10/9 B 1";
    let d = rules(&[]);
    let state = at(&d, start);
    assert_eq!(refused(&d, &state, "B5"), CaptureNoEmpty::CODE);
    assert_eq!(legal(&d, &state), ["B2", "B3", "B4"]);

    let d = rules(&[("mraw-imrujen.capture.no-empty", "no-capture")]);
    let mut state = at(&d, start);
    let events = play(&d, &mut state, "B5");
    assert!(captures(&events).is_empty());
    assert!(events.iter().any(|e| matches!(
        e,
        Event::LapEnd { rule, .. } if *rule == "mraw-imrujen.capture.no-empty"
    )));
    assert_eq!(shown(&d, &state), "4,2,2,2,2/2,2,2,2,1 10/9 A 1");

    let d = rules(&[("mraw-imrujen.capture.no-empty", "chain-stops")]);
    let mut state = at(&d, start);
    let taken: Vec<String> = captures(&play(&d, &mut state, "B5"))
        .into_iter()
        .map(|c| c.0)
        .collect();
    assert_eq!(taken, ["B1", "A5", "A4", "A3", "A2"]);
    assert_eq!(shown(&d, &state), "4,0,0,0,0/0,2,2,2,1 10/19 A 1");
}

/// «Els jugadors han “d’alimentar l’oponent”, quan aquest jugador no pot jugar.»
#[test]
fn mraw_imrujen_feed_when_the_opponent_cannot_play() {
    let d = rules(&[]);
    // A has only singletons: B must reach A's row, and only B5 does.
    let state = at(&d, "1,0,1,0,1/2,3,0,0,2 15/15 B 1");
    assert_eq!(legal(&d, &state), ["B5"]);
    assert_eq!(refused(&d, &state, "B1"), FEED);
    // A can play: no obligation under the default reach, one under `always`.
    let state = at(&d, "2,0,1,0,0/2,3,0,0,2 15/15 B 1");
    assert_eq!(legal(&d, &state), ["B1", "B2", "B5"]);
    let always = rules(&[("mraw-imrujen.feed.reach", "always")]);
    let state = at(&always, "2,0,1,0,0/2,3,0,0,2 15/15 B 1");
    assert_eq!(legal(&always, &state), ["B5"]);
    assert_eq!(refused(&always, &state, "B2"), FEED);
}

#[test]
fn mraw_imrujen_feed_impossible_ends_the_round_or_lapses() {
    // A1's 2 seeds: A1, B5. A is left with singletons and B's B1 and B2 cannot reach A.
    let start = "2,0,1,0,1/2,3,0,0,0 16/15 A 1";
    let d = rules(&[]);
    let mut state = at(&d, start);
    let events = play(&d, &mut state, "A1");
    assert!(events.contains(&Event::RoundEnd {
        round: 1,
        winner: Some(Side::A),
        rule: FeedImpossible::CODE
    }));
    assert_eq!(d.phase(&state), Phase::RoundOver { round: 1 });
    let any = rules(&[("mraw-imrujen.feed.impossible", "any-move")]);
    let mut state = at(&any, start);
    play(&any, &mut state, "A1");
    assert_eq!(legal(&any, &state), ["B1", "B2"]);
}

/// «Els jugadors han “d’alimentar l’oponent”, quan aquest jugador no pot jugar.» against «Un
/// jugador no pot fer un moviment que provoqui una captura que deixi a l’adversari sense
/// llavors en el seus forats.»: the only hole that reaches would take all the opponent's seeds.
#[test]
fn mraw_imrujen_feed_impossible_when_the_only_feeding_move_would_empty_the_opponent() {
    // A1's 2 seeds: A1, B5; A is left with singletons. B4 does not reach A's row; B5's 7 seeds
    // do, but the chain would take B1 and all of A's row (capture.no-empty=illegal).
    let start = "2,1,1,1,1/1,0,0,2,6 13/12 A 1";
    for (value, ends) in [
        ("round-ends", true),
        ("any-move", false),
        ("any-move-if-none-reaches", true),
    ] {
        let d = rules(&[("mraw-imrujen.feed.impossible", value)]);
        let mut state = at(&d, start);
        let events = play(&d, &mut state, "A1");
        let round_ended = events.contains(&Event::RoundEnd {
            round: 1,
            winner: Some(Side::A),
            rule: FeedImpossible::CODE,
        });
        assert_eq!(round_ended, ends, "{value}");
        if !ends {
            assert_eq!(legal(&d, &state), ["B4"], "{value}");
            assert_eq!(refused(&d, &state, "B5"), CaptureNoEmpty::CODE);
        }
    }
    // Where the capture rule lets B5 be played, it feeds and nothing lapses or ends.
    for no_empty in ["no-capture", "chain-stops"] {
        let d = rules(&[
            ("mraw-imrujen.feed.impossible", "any-move-if-none-reaches"),
            ("mraw-imrujen.capture.no-empty", no_empty),
        ]);
        let mut state = at(&d, start);
        play(&d, &mut state, "A1");
        assert_eq!(legal(&d, &state), ["B5"], "{no_empty}");
    }
    // When no hole reaches at all, the new value lapses like any-move.
    let d = rules(&[("mraw-imrujen.feed.impossible", "any-move-if-none-reaches")]);
    let mut state = at(&d, "2,0,1,0,1/2,3,0,0,0 16/15 A 1");
    play(&d, &mut state, "A1");
    assert_eq!(legal(&d, &state), ["B1", "B2"]);
}

/// «El jugador que ha guanyat més llavors, se les queda. Les restants [...] es reparteixen
/// equitativament en els deu forats i, sempre, posant-ne un nombre parell a cada un.»
#[test]
fn mraw_imrujen_round_share_keeps_the_larger_captures_and_shares_the_rest_evenly() {
    let start = "2,0,1,0,1/2,3,0,0,0 16/15 A 1";
    let cases: &[(&[(&str, &str)], &str)] = &[
        // A keeps 16; 24 are shared: 2 a hole, 4 left over to B (who captured fewer).
        (&[], "2,2,2,2,2/2,2,2,2,2 16/4 B 2"),
        (
            &[("mraw-imrujen.round.leftover", "more")],
            "2,2,2,2,2/2,2,2,2,2 20/0 B 2",
        ),
        (
            &[("mraw-imrujen.next-round.first", "round-winner")],
            "2,2,2,2,2/2,2,2,2,2 16/4 A 2",
        ),
        (
            &[("mraw-imrujen.next-round.first", "round-loser")],
            "2,2,2,2,2/2,2,2,2,2 16/4 B 2",
        ),
    ];
    for (options, after) in cases {
        let d = rules(options);
        let mut state = at(&d, start);
        play(&d, &mut state, "A1");
        let mut events = Vec::new();
        d.begin_round(&mut state, &mut events).unwrap();
        assert_eq!(shown(&d, &state), *after, "{options:?}");
        assert!(events.iter().any(|e| matches!(e, Event::Transfer { .. })));
    }
    let d = rules(&[("mraw-imrujen.game.end", "after-round-1")]);
    let mut state = at(&d, start);
    play(&d, &mut state, "A1");
    assert_eq!(
        d.phase(&state),
        Phase::Over {
            winner: Some(Side::A)
        }
    );
}

#[test]
fn mraw_imrujen_round_keep_and_tie_in_a_later_round() {
    // Round 2: A kept 16 and B 3 before, and each has captured 4 since. A1's 2 seeds
    // (A1, B5) leave A with singletons, and none of B's holes reaches A's row.
    let start = "2,0,1,0,1/2,3,3,1,0 20/7 A 2";
    let after_a1 = |options: &[(&str, &str)]| {
        let d = rules(options);
        let mut state = at(&d, start);
        state.banked = [16, 3];
        let events = play(&d, &mut state, "A1");
        assert!(events.iter().any(|e| matches!(
            e,
            Event::RoundEnd {
                round: 2,
                rule,
                ..
            } if *rule == "mraw-imrujen.feed.impossible"
        )));
        (d, state)
    };
    // A tie in round captures: nobody keeps them; 21 are shared, 2 a hole, and the one
    // left over goes to B, who could not play; B starts (alternate).
    let (d, mut state) = after_a1(&[]);
    d.begin_round(&mut state, &mut ()).unwrap();
    assert_eq!(shown(&d, &state), "2,2,2,2,2/2,2,2,2,2 16/4 B 3");
    // Both keep: only the 13 on the board are left: the game is over, A holds more.
    let (d, state) = after_a1(&[("mraw-imrujen.round.tie", "both-keep")]);
    assert_eq!(
        d.phase(&state),
        Phase::Over {
            winner: Some(Side::A)
        }
    );
    // All winnings compared: A's 20 against B's 7; B's 7 go back with the board's 13.
    let (d, mut state) = after_a1(&[("mraw-imrujen.round.keep", "all-winnings")]);
    d.begin_round(&mut state, &mut ()).unwrap();
    assert_eq!(shown(&d, &state), "2,2,2,2,2/2,2,2,2,2 20/0 B 3");
}

/// «es reparteixen equitativament en els deu forats i, sempre, posant-ne un nombre parell a cada
/// un. La segona ronda es juga amb aquest nombre de llavors.»: under `out-of-game` the seeds the
/// even split cannot place leave the game, after a tied round or any other.
#[test]
fn mraw_imrujen_round_leftover_out_of_game_takes_the_leftover_out() {
    type Case<'a> = (&'a [(&'a str, &'a str)], &'a str, &'a str);
    let cases: &[Case] = &[
        // Tied 9-9, both keep: the 22 on the board make 2 a hole and 2 over.
        (
            &[("mraw-imrujen.round.tie", "both-keep")],
            "2,4,4,4,4/1,1,1,1,0 9/9 A 1",
            "2,2,2,2,2/2,2,2,2,2 9/9 B 2",
        ),
        // A keeps 16; 24 shared: 2 a hole and 4 over.
        (
            &[],
            "2,0,1,0,1/2,3,0,0,0 16/15 A 1",
            "2,2,2,2,2/2,2,2,2,2 16/0 B 2",
        ),
    ];
    for (options, start, after) in cases {
        let mut options = options.to_vec();
        options.push(("mraw-imrujen.round.leftover", "out-of-game"));
        let d = rules(&options);
        let mut state = at(&d, start);
        play(&d, &mut state, "A1");
        let mut events = Vec::new();
        d.begin_round(&mut state, &mut events).unwrap();
        assert_eq!(shown(&d, &state), *after, "{options:?}");
        let removed: u32 = events
            .iter()
            .filter_map(|e| match e {
                Event::Remove { seeds, rule, .. } => {
                    assert_eq!(*rule, RoundLeftover::CODE);
                    Some(*seeds)
                }
                _ => None,
            })
            .sum();
        let held: u32 = state.board.iter().sum::<u32>() + state.winnings[0] + state.winnings[1];
        assert_eq!(held + removed, SEEDS, "{options:?}");
    }
    // The other values never take a seed out.
    for value in ["fewer", "more"] {
        let d = rules(&[
            ("mraw-imrujen.round.tie", "both-keep"),
            ("mraw-imrujen.round.leftover", value),
        ]);
        let mut state = at(&d, "2,4,4,4,4/1,1,1,1,0 9/9 A 1");
        play(&d, &mut state, "A1");
        let mut events = Vec::new();
        d.begin_round(&mut state, &mut events).unwrap();
        assert!(!events.iter().any(|e| matches!(e, Event::Remove { .. })));
    }
}

/// «Les restants (les que ha capturat el jugador que n’ha capturat menys, més les que resten al
/// tauler) es reparteixen […]»: after a tied round nobody «n’ha capturat menys», and under
/// `round.tie-leftover=out-of-game` that round's leftover leaves the game, under that rule,
/// whatever `round.leftover` says; after a decided round `round.leftover` still decides.
#[test]
fn mraw_imrujen_round_tie_leftover_out_of_game_only_after_a_tie() {
    for leftover in ["fewer", "more"] {
        let d = rules(&[
            ("mraw-imrujen.round.tie", "both-keep"),
            ("mraw-imrujen.round.leftover", leftover),
            ("mraw-imrujen.round.tie-leftover", "out-of-game"),
        ]);
        let mut state = at(&d, "2,4,4,4,4/1,1,1,1,0 9/9 A 1");
        play(&d, &mut state, "A1");
        let mut events = Vec::new();
        d.begin_round(&mut state, &mut events).unwrap();
        assert_eq!(
            shown(&d, &state),
            "2,2,2,2,2/2,2,2,2,2 9/9 B 2",
            "{leftover}"
        );
        let removed: Vec<_> = events
            .iter()
            .filter_map(|e| match e {
                Event::Remove { seeds, rule, .. } => Some((*seeds, *rule)),
                _ => None,
            })
            .collect();
        assert_eq!(removed, [(2, TieLeftover::CODE)], "{leftover}");
    }
    // A decided round: the 4 over go to B, who captured fewer, as under tie-break.
    for tie_leftover in ["tie-break", "out-of-game"] {
        let d = rules(&[("mraw-imrujen.round.tie-leftover", tie_leftover)]);
        let mut state = at(&d, "2,0,1,0,1/2,3,0,0,0 16/15 A 1");
        play(&d, &mut state, "A1");
        let mut events = Vec::new();
        d.begin_round(&mut state, &mut events).unwrap();
        assert_eq!(shown(&d, &state), "2,2,2,2,2/2,2,2,2,2 16/4 B 2");
        assert!(!events.iter().any(|e| matches!(e, Event::Remove { .. })));
    }
}

/// A position with fewer than 40 seeds is one of a later round under `out-of-game`, and only
/// that.
#[test]
fn mraw_imrujen_positions_hold_fewer_than_40_only_after_seeds_left_the_game() {
    let out = rules(&[("mraw-imrujen.round.leftover", "out-of-game")]);
    let accepted =
        |d: &MrawImrujen, text: &str| d.state_from_position(&parse_position(text).unwrap());
    assert!(accepted(&out, "2,2,2,2,2/2,2,2,1,3 9/9 A 2").is_ok());
    assert!(accepted(&out, "4,4,4,4,4/4,4,4,4,4 0/0 A 2").is_ok());
    for (d, text) in [
        (&out, "2,2,2,2,2/2,2,2,1,3 9/9 A 1"),
        (&out, "2,2,2,2,2/2,2,2,1,3 9/12 A 2"),
        (&rules(&[]), "2,2,2,2,2/2,2,2,1,3 9/9 A 2"),
    ] {
        assert_eq!(
            accepted(d, text).unwrap_err().rule,
            general::POSITION_SHAPE,
            "{text}"
        );
    }
    // A later round taken at its start shares out what it holds, not 40.
    let mut state = accepted(&out, "2,0,1,0,1/2,3,0,0,0 14/10 A 2").unwrap();
    play(&out, &mut state, "A1");
    // Nobody captured in round 2: the 9 on the board make 0 a hole; the game is over.
    assert_eq!(
        out.phase(&state),
        Phase::Over {
            winner: Some(Side::A)
        }
    );
}

#[test]
fn mraw_imrujen_game_end_when_the_rest_cannot_put_two_in_every_hole() {
    let d = rules(&[]);
    // B5/A1 forced: A 10, B 21 captured in round 1; B keeps 21, 19 cannot be shared.
    let mut state = at(&d, "1,1,0,1,1/1,1,1,0,2 10/21 B 1");
    play(&d, &mut state, "B5");
    play(&d, &mut state, "A1");
    play(&d, &mut state, "B5");
    let events = play(&d, &mut state, "A1");
    assert!(events.contains(&Event::GameEnd {
        winner: Some(Side::B),
        rule: GameEnd::CODE
    }));
}

/// «El joc es juga a diverses rondes»: a round after which nobody keeps more than he held when
/// it began is followed by the next, like any round whose seeds can be shared out
/// (`mraw-imrujen.game.end=cannot-share`); the game does not end there.
#[test]
fn mraw_imrujen_game_end_cannot_share_plays_on_after_a_round_that_keeps_nothing_new() {
    // Round 2 began with A holding 16 and B 4; each captures 3 (a tie), so nobody keeps them:
    // round 3 is played, and B starts it (the position has A starting round 2).
    let d = rules(&[]);
    let mut state = at(&d, "2,0,1,0,1/2,3,3,2,0 19/7 A 2");
    state.banked = [16, 4];
    let events = play(&d, &mut state, "A1");
    assert!(!events.iter().any(|e| matches!(e, Event::GameEnd { .. })));
    assert!(matches!(d.phase(&state), Phase::RoundOver { .. }));
    d.begin_round(&mut state, &mut ()).unwrap();
    assert_eq!(shown(&d, &state), "2,2,2,2,2/2,2,2,2,2 16/4 B 3");
}

#[test]
fn mraw_imrujen_repetition_ends_the_round_at_the_third_occurrence() {
    let start = "1,1,0,1,1/1,1,1,1,2 10/20 B 1";
    let d = rules(&[]);
    let mut state = at(&d, start);
    for hole in ["B5", "A1", "B5"] {
        play(&d, &mut state, hole);
        assert_eq!(d.phase(&state), Phase::ToMove(state.to_move));
    }
    let events = play(&d, &mut state, "A1");
    assert!(events.contains(&Event::RoundEnd {
        round: 1,
        winner: Some(Side::B),
        rule: Repetition::CODE
    }));
    let allowed = rules(&[("mraw-imrujen.repetition", "allowed")]);
    let mut state = at(&allowed, start);
    for _ in 0..50 {
        play(&allowed, &mut state, "B5");
        play(&allowed, &mut state, "A1");
    }
    assert_eq!(allowed.phase(&state), Phase::ToMove(Side::B));
}

#[test]
fn mraw_imrujen_start_positions_are_checked() {
    let d = rules(&[]);
    let refuse = |text: &str| {
        d.state_from_position(&parse_position(text).unwrap())
            .unwrap_err()
            .rule
    };
    assert_eq!(refuse("4,4,4,4/4,4,4,4,4 4/0 B 1"), general::POSITION_SHAPE);
    assert_eq!(
        refuse("4,4,4,4,4/4,4,4,4,4 1/0 B 1"),
        general::POSITION_SHAPE
    );
    assert_eq!(
        refuse("4,4,4,4,mA/4,4,4,4,4 4/0 B 1"),
        general::POSITION_SHAPE
    );
    assert_eq!(
        refuse("4,4,4,4,x/4,4,4,4,4 4/0 B 1"),
        general::POSITION_SHAPE
    );
    assert_eq!(
        refuse("4,4,4,4,4@B/4,4,4,4,4 0/0 B 1"),
        general::POSITION_SHAPE
    );
    assert_eq!(
        refuse("4,4,4,4,4/4,4,4,4,4 0/0 B 1 1/0"),
        general::POSITION_SHAPE
    );
    assert_eq!(refuse("4,4,4,4,4/1,1,1,0,0 17/0 B 1"), ROUND_END);
}

#[test]
fn mraw_imrujen_moves_are_a_hole_alone() {
    let d = rules(&[]);
    let text = "[Game \"mraw-imrujen\"]\n\n1. B4> *\n\n[Game \"mraw-imrujen\"]\n\n1. B4-B2 *\n\n[Game \"mraw-imrujen\"]\n\n1. B4 *\n";
    let games: Vec<_> = crate::notation::parse_games(text)
        .into_iter()
        .map(|g| g.unwrap())
        .collect();
    let first_move = |g: &crate::notation::Game| match &g.moves[0] {
        Element::Move(m) => m.value.clone(),
        other => panic!("{other:?}"),
    };
    for game in &games[..2] {
        let err = d.decisions_from_move(&first_move(game)).unwrap_err();
        assert_eq!(err.rule, "mgn.move.form");
    }
    assert_eq!(
        d.decisions_from_move(&first_move(&games[2])).unwrap(),
        [(MrawMove(hole_named("B4")), MovePart::Sowing(0))]
    );
    assert_eq!(d.pass_decision(), None);
}

fn variants() -> Vec<MrawImrujen> {
    let mut all = vec![rules(&[])];
    for option in OPTIONS {
        for (value, _) in &option.values[1..] {
            all.push(rules(&[(option.code, value)]));
        }
    }
    all
}

/// Random games under every option value reach later rounds, and the written game replays and
/// passes. (That the events rebuild every position, every seed accounted for at every step (40,
/// less any a round's end put out of the game), under every value of every option of every game,
/// is `tests/replay.rs`'s auditor.)
#[test]
fn random_games_reach_later_rounds_and_replay() {
    let mut rounds_seen = 0;
    for (v, d) in variants().iter().enumerate() {
        for seed in 0..12u64 {
            let mut rng = Rng::new(seed * 97 + v as u64);
            let first = if seed % 2 == 0 { Side::A } else { Side::B };
            let mut state = d.start(first);
            let mut decisions = Vec::new();
            for _ in 0..2000 {
                match d.phase(&state) {
                    Phase::Over { .. } => break,
                    Phase::RoundOver { .. } => {
                        d.begin_round(&mut state, &mut ()).unwrap();
                        rounds_seen += 1;
                    }
                    _ => {
                        d.decisions(&state, &mut Default::default(), &mut decisions);
                        assert!(!decisions.is_empty(), "{state:?}");
                        let m = decisions[rng.below(decisions.len())];
                        d.apply(&mut state, &m, &mut Default::default(), &mut ())
                            .unwrap();
                    }
                }
            }
        }
    }
    assert!(rounds_seen > 50, "only {rounds_seen} later rounds");
    // The generator's records replay under the same settings.
    for seed in 0..40 {
        let mut header = Header::new(GameKind::MrawImrujen);
        let d = rules(&[]);
        header.first = Some(Spanned::new(Side::B, Default::default()));
        let game = random_game(
            &d,
            header,
            d.start(Side::B),
            &mut Rng::new(seed),
            GenerateOptions {
                checkpoints: true,
                max_plies: 5000,
            },
        );
        let replayed = crate::replay::replay_game(&game, crate::replay::ReplayOptions::verdict());
        assert!(replayed.failure.is_none(), "{:?}", replayed.failure);
    }
}

/// The two values of `mraw-imrujen.sow.direction` are mirror images: a game under one,
/// with every hole k renamed 6-k, is a game under the other.
#[test]
fn mraw_imrujen_sow_direction_values_mirror_each_other() {
    let d = rules(&[]);
    let m = rules(&[("mraw-imrujen.sow.direction", "a-counter-clockwise")]);
    let mirror = |h: Hole| Hole::new(h.side, 6 - h.number);
    let flip = |p: Position| {
        let mut p = p;
        for row in p.holes.iter_mut() {
            row.reverse();
        }
        p
    };
    for seed in 0..30 {
        let mut rng = Rng::new(seed);
        let mut s = d.start(Side::B);
        let mut t = m.start(Side::B);
        let mut decisions = Vec::new();
        loop {
            assert_eq!(flip(d.position(&s)), m.position(&t));
            match d.phase(&s) {
                Phase::Over { winner } => {
                    assert_eq!(m.phase(&t), Phase::Over { winner });
                    break;
                }
                Phase::RoundOver { .. } => {
                    d.begin_round(&mut s, &mut ()).unwrap();
                    m.begin_round(&mut t, &mut ()).unwrap();
                }
                _ => {
                    d.decisions(&s, &mut Default::default(), &mut decisions);
                    let mv = decisions[rng.below(decisions.len())];
                    d.apply(&mut s, &mv, &mut Default::default(), &mut ())
                        .unwrap();
                    m.apply(
                        &mut t,
                        &MrawMove(mirror(mv.0)),
                        &mut Default::default(),
                        &mut (),
                    )
                    .unwrap();
                }
            }
        }
    }
}

/// The legal moves are listed without sowing the holes that capture nothing
/// (`feeds_without_capture`): on every board, it must say what sowing says of them
/// (mraw-imrujen.feed.reach, mraw-imrujen.capture.start), and leave every capture to the sowing.
#[test]
fn mraw_imrujen_feeding_is_worked_out_without_sowing_as_sowing_gives_it() {
    let d = rules(&[]);
    let mut rng = Rng::new(11);
    let (mut quick, mut sown) = (0, 0);
    for _ in 0..4000 {
        // 40 seeds or fewer, dealt at random, sometimes all into a few holes.
        let mut board = [0u32; HOLES];
        let spread = 1 + rng.below(HOLES);
        for _ in 0..rng.below(41) {
            board[rng.below(spread)] += 1;
        }
        for step in [1, 9] {
            for mover in [Side::A, Side::B] {
                for from in MrawImrujen::row(mover).filter(|&s| board[s] > 0) {
                    let outcome = d.simulate(&board, step, mover, from);
                    match MrawImrujen::feeds_without_capture(&board, step, mover, from) {
                        Some(feeds) => {
                            quick += 1;
                            assert!(outcome.chain.is_empty(), "{board:?} {step} {from}");
                            assert_eq!(feeds, outcome.feeds, "{board:?} {step} {from}");
                        }
                        None => {
                            sown += 1;
                            assert!(!outcome.chain.is_empty(), "{board:?} {step} {from}");
                        }
                    }
                }
            }
        }
    }
    assert!(
        quick > 1000 && sown > 1000,
        "{quick} without sowing, {sown} sown"
    );
}
