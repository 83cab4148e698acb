use super::*;
use crate::check::{check_game, CheckOptions, Verdict};
use crate::code::Code;
use crate::generate::{random_game, GenerateOptions, Rng};
use crate::notation::{parse_games, parse_position, write_game, write_position, GameKind, Header};
use crate::rules::general;
use crate::rules::test_support::captures;
use crate::Location;

fn nchuwa_with(columns: u32, options: &[(&str, &str)]) -> Nchuwa {
    let mut settings = Settings::defaults(&DEF);
    for (code, value) in options {
        settings.set(code, value).unwrap();
    }
    Nchuwa::new(board(columns), &settings).unwrap()
}

fn nchuwa() -> Nchuwa {
    nchuwa_with(6, &[])
}

fn at(d: &Nchuwa, text: &str) -> NchuwaState {
    d.state_from_position(&parse_position(text).unwrap())
        .unwrap()
}

fn hole(text: &str) -> Hole {
    text.parse().unwrap()
}

fn sow(text: &str, extra: Option<&str>, stop: Option<u32>) -> NchuwaDecision {
    NchuwaDecision::Sow {
        hole: hole(text),
        extras: extras(extra.as_slice()),
        stop,
    }
}

fn transfer(from: &str, to: &str, extra: Option<&str>) -> NchuwaDecision {
    NchuwaDecision::Transfer {
        from: hole(from),
        to: hole(to),
        extras: extras(extra.as_slice()),
    }
}

fn extras(holes: &[&str]) -> Extras {
    let holes: Vec<Hole> = holes.iter().map(|h| hole(h)).collect();
    Extras::from_holes(&holes).unwrap()
}

/// A transfer with its removals, any number of them.
fn transfer_taking(from: &str, to: &str, removals: &[&str]) -> NchuwaDecision {
    NchuwaDecision::Transfer {
        from: hole(from),
        to: hole(to),
        extras: extras(removals),
    }
}

/// The seeds in `ring`, counted.
fn seeds(d: &Nchuwa, ring: &Ring) -> u32 {
    ring[..d.ring_len()].iter().map(|&s| u32::from(s)).sum()
}

fn shown(d: &Nchuwa, state: &NchuwaState) -> String {
    write_position(&d.position(state))
}

/// Apply a decision that must be legal, with no events.
fn play(d: &Nchuwa, state: &mut NchuwaState, decision: &NchuwaDecision) {
    d.apply(state, decision, &mut Default::default(), &mut ())
        .unwrap();
}

/// Apply a decision that must be refused, check the rule, and that nothing changed.
fn refused(d: &Nchuwa, state: &NchuwaState, decision: NchuwaDecision) -> Diagnostic {
    let mut after = state.clone();
    let mut events = Vec::new();
    let error = d
        .apply(&mut after, &decision, &mut Default::default(), &mut events)
        .unwrap_err();
    assert_eq!(&after, state, "a refused decision changes nothing");
    assert!(events.is_empty(), "a refused decision reports no steps");
    error
}

/// «El jugador B agafa el contingut del forat de l’extrem dret de la seva fila interna (7)
/// [...] fins completar el circuit de les seves pròpies files»: every third hole from N+1
/// empty, the others 3, on every board.
#[test]
fn nchuwa_opening_gambit_leaves_every_third_hole_empty() {
    let expected = [
        (6, "0,3,3,0,3,3,0,3,3,0,3,3"),
        (9, "0,3,3,0,3,3,0,3,3,0,3,3,0,3,3,0,3,3"),
        (12, "0,3,3,0,3,3,0,3,3,0,3,3,0,3,3,0,3,3,0,3,3,0,3,3"),
        (
            15,
            "0,3,3,0,3,3,0,3,3,0,3,3,0,3,3,0,3,3,0,3,3,0,3,3,0,3,3,0,3,3",
        ),
    ];
    for (columns, row) in expected {
        let d = nchuwa_with(columns, &[]);
        // The gambit played seed by seed, as Sanderson describes it, gives the same ring.
        let len = 2 * columns as usize;
        let mut ring = vec![2u32; len];
        let mut i = columns as usize; // hole N+1
        for _ in 0..len / 3 {
            ring[i] = 0;
            ring[(i + 1) % len] += 1;
            ring[(i + 2) % len] += 1;
            i = (i + 3) % len;
        }
        let by_hand: Vec<String> = ring.iter().map(|s| s.to_string()).collect();
        assert_eq!(by_hand.join(","), row, "4x{columns}");
        let state = d.start(Side::B);
        assert_eq!(shown(&d, &state), format!("{row}/{row} 0/0 B 1"));
        assert_eq!(seeds(&d, &state.rings[0]) * 2, d.total_seeds());
        // The same position as a Start tag is the opening too.
        assert_eq!(at(&d, &format!("{row}/{row} 0/0 A 1")), d.start(Side::A));
    }
}

/// «Després el jugador B transfereix dues llavors des de qualsevol dels propis forats ocupats de
/// la fila interna a un forat buit de la pròpia fila externa i captura el contingut dels forats
/// ocupats oposats [...] A més a més, aquest jugador també captura el contingut de qualsevol
/// altre forat del costat de l’adversari.»
#[test]
fn nchuwa_opening_transfer_captures_the_opposite_holes_and_one_more() {
    let d = nchuwa();
    let mut state = d.start(Side::B);
    let mut events = Vec::new();
    d.apply(
        &mut state,
        &transfer("B8", "B1", Some("A5")),
        &mut Default::default(),
        &mut events,
    )
    .unwrap();
    assert!(events.contains(&Event::Shift {
        from: hole("B8"),
        to: hole("B1"),
        seeds: 2,
        rule: OPENING_TRANSFER
    }));
    assert_eq!(
        captures(&events),
        vec![
            ("A11".to_string(), 3, OPENING_CAPTURE),
            ("A2".to_string(), 3, OPENING_CAPTURE),
            ("A5".to_string(), 3, OPENING_EXTRA),
        ]
    );
    assert_eq!(
        shown(&d, &state),
        "0,0,3,0,0,3,0,3,3,0,0,3/2,3,3,0,3,3,0,1,3,0,3,3 0/9 A 1"
    );
    // A's transfer completes the opening; then only moves are played.
    let mut decisions = Vec::new();
    d.decisions(&state, &mut Default::default(), &mut decisions);
    assert!(decisions
        .iter()
        .all(|d| matches!(d, NchuwaDecision::Transfer { .. })));
    play(&d, &mut state, &transfer("A8", "A1", Some("B5")));
    assert_eq!(state.opening, 0);
    let error = refused(&d, &state, transfer("B9", "B4", Some("A3")));
    assert_eq!(error.rule, "nchuwa.opening.transfer");
    d.decisions(&state, &mut Default::default(), &mut decisions);
    assert!(decisions
        .iter()
        .all(|d| matches!(d, NchuwaDecision::Sow { .. })));
}

/// «els forats ocupats oposats»: with the facing inner hole empty, the outer hole behind is
/// still taken by default; `nchuwa.opening.capture=front-first` takes it only after the front.
#[test]
fn nchuwa_opening_capture_takes_the_hole_behind_an_empty_front_hole() {
    // B9 faces A10, empty after the gambit; behind it A3 holds 3.
    let d = nchuwa();
    let mut state = d.start(Side::B);
    let mut events = Vec::new();
    d.apply(
        &mut state,
        &transfer("B9", "B1", Some("A5")),
        &mut Default::default(),
        &mut events,
    )
    .unwrap();
    assert_eq!(
        captures(&events),
        vec![
            ("A3".to_string(), 3, OPENING_CAPTURE),
            ("A5".to_string(), 3, OPENING_EXTRA),
        ]
    );
    let d = nchuwa_with(6, &[("nchuwa.opening.capture", "front-first")]);
    let mut state = d.start(Side::B);
    let mut events = Vec::new();
    d.apply(
        &mut state,
        &transfer("B9", "B1", Some("A5")),
        &mut Default::default(),
        &mut events,
    )
    .unwrap();
    assert_eq!(
        captures(&events),
        vec![("A5".to_string(), 3, OPENING_EXTRA)]
    );
}

#[test]
fn nchuwa_opening_transfer_refuses_other_holes_and_moves() {
    let d = nchuwa();
    let state = d.start(Side::B);
    for (decision, rule, part) in [
        (sow("B9", None, None), OPENING_TRANSFER, MovePart::Whole),
        (
            transfer("B2", "B1", Some("A5")),
            OPENING_TRANSFER,
            MovePart::Whole,
        ),
        (
            transfer("B8", "B2", Some("A5")),
            OPENING_TRANSFER,
            MovePart::Whole,
        ),
        (
            transfer("B7", "B1", Some("A5")),
            OPENING_TRANSFER,
            MovePart::Whole,
        ),
        (
            transfer("B8", "B7", Some("A5")),
            OPENING_TRANSFER,
            MovePart::Whole,
        ),
        (
            transfer("A8", "A1", Some("B5")),
            OPENING_TRANSFER,
            MovePart::Whole,
        ),
        (
            transfer("B8", "B1", None),
            OPENING_EXTRA,
            MovePart::ExtraCapture(0),
        ),
        (
            transfer("B8", "B1", Some("A11")),
            CAPTURE_EXTRA,
            MovePart::ExtraCapture(0),
        ),
        (
            transfer("B8", "B1", Some("B5")),
            CAPTURE_EXTRA,
            MovePart::ExtraCapture(0),
        ),
        (NchuwaDecision::Pass, OPENING_TRANSFER, MovePart::Whole),
    ] {
        let error = refused(&d, &state, decision);
        assert_eq!(
            (error.rule, error.location),
            (rule, Location::Move(part)),
            "{decision}"
        );
    }
}

/// A position in play on 4x6: B5 (2 seeds) ends in the empty inner hole B7, which faces A12
/// (2 seeds) with A1 (1 seed) behind it.
const CAPTURE: &str = "1,0,1,0,4,0,0,0,0,0,0,2/1,0,0,0,2,0,0,0,0,0,0,0 18/19 B 1";

/// «Quan la darrera llavor d’una volta cau en un forat buit de la fila interna, es mira si
/// l’altre jugador té llavors al mateix forat de la seva fila interna. En cas afirmatiu, es
/// cullen aquestes llavors. Si hi ha hagut captura a la fila interna de l’adversari i al forat
/// del darrera [...] també hi ha llavors, també es cullen. Cada vegada que un jugador fa una
/// captura també té dret de capturar el contingut de qualsevol forat de l’adversari»
#[test]
fn nchuwa_capture_inner_behind_and_extra() {
    let d = nchuwa();
    let state = at(&d, CAPTURE);
    let mut decisions = Vec::new();
    d.decisions(&state, &mut Default::default(), &mut decisions);
    let listed: Vec<String> = decisions.iter().map(|d| d.to_string()).collect();
    assert_eq!(listed, vec!["B5", "B5*A3", "B5*A5"]);
    let mut after = state.clone();
    let mut events = Vec::new();
    d.apply(
        &mut after,
        &sow("B5", Some("A5"), None),
        &mut Default::default(),
        &mut events,
    )
    .unwrap();
    assert_eq!(
        captures(&events),
        vec![
            ("A12".to_string(), 2, CAPTURE_INNER),
            ("A1".to_string(), 1, CAPTURE_BEHIND),
            ("A5".to_string(), 4, CAPTURE_EXTRA),
        ]
    );
    assert_eq!(
        shown(&d, &after),
        "0,0,1,0,0,0,0,0,0,0,0,0/1,0,0,0,0,1,1,0,0,0,0,0 18/26 A 1"
    );
    // Declining is allowed by default: «té dret».
    let mut declined = state.clone();
    play(&d, &mut declined, &sow("B5", None, None));
    assert_eq!(declined.won, [18, 22]);
    for (extra, rule) in [
        ("A2", CAPTURE_EXTRA),
        ("A12", CAPTURE_EXTRA),
        ("B1", CAPTURE_EXTRA),
        ("A13", CAPTURE_EXTRA),
    ] {
        let error = refused(&d, &state, sow("B5", Some(extra), None));
        assert_eq!(
            (error.rule, error.location),
            (rule, Location::Move(MovePart::ExtraCapture(0)))
        );
    }
}

#[test]
fn nchuwa_capture_extra_decline_forbidden_requires_the_extra_hole() {
    let d = nchuwa_with(6, &[("nchuwa.capture.extra-decline", "forbidden")]);
    let state = at(&d, CAPTURE);
    let error = refused(&d, &state, sow("B5", None, None));
    assert_eq!(error.rule, "nchuwa.capture.extra-decline");
    assert_eq!(error.location, Location::Move(MovePart::ExtraCapture(0)));
    let mut decisions = Vec::new();
    d.decisions(&state, &mut Default::default(), &mut decisions);
    let listed: Vec<String> = decisions.iter().map(|d| d.to_string()).collect();
    assert_eq!(listed, vec!["B5*A3", "B5*A5"]);
}

#[test]
fn nchuwa_capture_extra_when_back_empty_gives_no_extra_after_the_hole_behind() {
    let d = nchuwa_with(6, &[("nchuwa.capture.extra-when", "back-empty")]);
    let state = at(&d, CAPTURE);
    let error = refused(&d, &state, sow("B5", Some("A5"), None));
    assert_eq!(error.rule, "nchuwa.capture.extra-when");
    let mut after = state.clone();
    play(&d, &mut after, &sow("B5", None, None));
    assert_eq!(after.won, [18, 22]);
    // With A1 empty, the front hole and one other.
    let state = at(
        &d,
        "0,0,1,0,4,0,0,0,0,0,0,2/1,0,0,0,2,0,0,0,0,0,0,0 19/19 B 1",
    );
    let mut after = state.clone();
    play(&d, &mut after, &sow("B5", Some("A5"), None));
    assert_eq!(after.won, [19, 25]);
}

/// «Si l’última llavor d’una volta cau en un forat que contingui alguna llavor [...] el jugador
/// continua sembrant» and «Quan la darrera llavor cau en forat buit de la fila externa pròpia,
/// no hi ha captura i es passa el torn a l’altre jugador.»
#[test]
fn nchuwa_lap_relay_then_outer_empty_ends_the_turn() {
    let d = nchuwa();
    let mut state = at(
        &d,
        "0,0,0,0,0,0,3,0,0,0,0,0/2,0,1,0,0,0,0,0,0,0,0,0 21/21 B 1",
    );
    let error = refused(&d, &state, sow("B3", None, None));
    assert_eq!(error.rule, "nchuwa.sow.start");
    let error = refused(&d, &state, sow("B2", None, None));
    assert_eq!(error.rule, "nchuwa.sow.start");
    let mut events = Vec::new();
    d.apply(
        &mut state,
        &sow("B1", None, None),
        &mut Default::default(),
        &mut events,
    )
    .unwrap();
    let ends: Vec<Code> = events
        .iter()
        .filter_map(|e| match e {
            Event::LapEnd { rule, .. } => Some(*rule),
            _ => None,
        })
        .collect();
    assert_eq!(ends, vec![LAP_RELAY, LAP_OUTER_EMPTY]);
    assert_eq!(
        shown(&d, &state),
        "0,0,0,0,0,0,3,0,0,0,0,0/0,1,0,1,1,0,0,0,0,0,0,0 21/21 A 1"
    );
}

/// An empty inner hole facing an empty inner hole: no capture, the turn ends.
#[test]
fn nchuwa_lap_inner_empty_captures_nothing() {
    let d = nchuwa();
    let mut state = at(
        &d,
        "0,0,0,0,0,0,0,0,0,0,0,3/0,0,0,0,0,2,0,0,0,0,0,0 21/22 B 1",
    );
    let mut events = Vec::new();
    d.apply(
        &mut state,
        &sow("B6", None, None),
        &mut Default::default(),
        &mut events,
    )
    .unwrap();
    assert!(events.contains(&Event::LapEnd {
        hole: hole("B8"),
        lap: 1,
        rule: LAP_INNER_EMPTY
    }));
    assert!(captures(&events).is_empty());
    let error = refused(
        &d,
        &at(
            &d,
            "0,0,0,0,0,0,0,0,0,0,0,3/0,0,0,0,0,2,0,0,0,0,0,0 21/22 B 1",
        ),
        sow("B6", Some("A12"), None),
    );
    assert_eq!(error.rule, "nchuwa.capture.extra");
}

/// «Quan un jugador es queda només amb forats que tenen una o cap llavor, només les podrà
/// desplaçar a forats buits (no podrà acumular 2 llavors en un sol forat).» The last seed
/// taken by a single seed is «capturar totes les llavors de l’adversari»: the game ends.
#[test]
fn nchuwa_sow_singleton_moves_into_an_empty_hole_only() {
    let d = nchuwa();
    let state = at(
        &d,
        "0,0,0,0,1,0,0,0,0,0,0,3/1,1,0,0,0,1,0,0,0,0,0,0 20/21 B 1",
    );
    let mut decisions = Vec::new();
    d.decisions(&state, &mut Default::default(), &mut decisions);
    let listed: Vec<String> = decisions.iter().map(|d| d.to_string()).collect();
    assert_eq!(listed, vec!["B2", "B6", "B6*A5"]);
    let error = refused(&d, &state, sow("B1", None, None));
    assert_eq!(error.rule, "nchuwa.sow.singleton");
    let mut after = state.clone();
    let mut events = Vec::new();
    d.apply(
        &mut after,
        &sow("B6", Some("A5"), None),
        &mut Default::default(),
        &mut events,
    )
    .unwrap();
    assert_eq!(
        events.last(),
        Some(&Event::GameEnd {
            winner: Some(Side::B),
            rule: GAME_END
        })
    );
    assert_eq!(
        d.phase(&after),
        Phase::Over {
            winner: Some(Side::B)
        }
    );
    assert_eq!(
        refused(&d, &after, sow("A5", None, None)).rule,
        general::GAME_OVER
    );
}

/// The holes the decision lists start moves from, all at once ([`Nchuwa::starts`]), are the
/// holes a move may start from one by one (`check_start`, which says why not): an occupied
/// hole, and under `nchuwa.sow.singleton=empty-only` a hole of two or more, or a single seed
/// moving into an empty hole when the player has nothing else, the last hole's next being the
/// first. Random rings of few seeds on every board, where single seeds abound.
#[test]
fn nchuwa_sow_singleton_starts_listed_together_are_the_starts_checked_one_by_one() {
    let mut rng = Rng::new(30);
    for value in ["free", "empty-only"] {
        for columns in [6, 9, 12, 15] {
            let d = nchuwa_with(columns, &[("nchuwa.sow.singleton", value)]);
            let len = d.ring_len();
            for _ in 0..500 {
                let mut state = d.start(Side::B);
                let ring = &mut state.rings[Side::B.index()];
                *ring = [0; MAX_RING];
                for _ in 0..rng.below(2 * len) {
                    ring[rng.below(len)] += 1;
                }
                let starts = d.starts(ring);
                for index in 0..len {
                    let checked = d.check_start(&state, Side::B, d.hole(Side::B, index));
                    assert_eq!(
                        starts >> index & 1 == 1,
                        checked.is_ok(),
                        "{value} B{} of {:?}",
                        index + 1,
                        &state.rings[Side::B.index()][..len]
                    );
                }
                assert_eq!(starts >> len, 0);
            }
        }
    }
}

/// B's ring for an endless move from B1: 9 seeds, back to the start after 72 laps.
const ENDLESS: &str = "0,0,0,0,0,0,3,0,0,0,0,3/2,0,1,0,1,0,1,0,1,0,2,1 15/18 B 1";

/// The walk found by Brent's algorithm is the walk found by remembering every state.
#[test]
fn nchuwa_endless_detection_is_exact() {
    let d = nchuwa();
    let state = at(&d, ENDLESS);
    let mut ring = state.rings[Side::B.index()];
    let (walk, _) = d.walk(&mut ring, 0, false, &mut Default::default());
    assert_eq!(walk, Walk::Endless { mu: 0, lambda: 72 });
    assert_eq!(
        ring,
        state.rings[Side::B.index()],
        "an endless walk changes nothing"
    );
    let mut seen = vec![(state.rings[1], 0usize)];
    let (mut ring, mut from) = seen[0];
    loop {
        let last = d.lap(Side::B, &mut ring, from, 0, &mut ());
        assert!(ring[last] > 1, "the move never ends");
        from = last;
        if let Some(first) = seen.iter().position(|s| *s == (ring, from)) {
            assert_eq!((first, seen.len() - first), (0, 72));
            break;
        }
        seen.push((ring, from));
    }
}

#[test]
fn nchuwa_endless_illegal_refuses_a_move_that_never_ends() {
    let d = nchuwa();
    let state = at(&d, ENDLESS);
    let error = refused(&d, &state, sow("B1", None, None));
    assert_eq!(error.rule, "nchuwa.endless");
    assert!(error.message.contains("after lap 72"), "{}", error.message);
    let mut decisions = Vec::new();
    d.decisions(&state, &mut Default::default(), &mut decisions);
    assert!(!decisions.contains(&sow("B1", None, None)));
    let error = refused(&d, &state, sow("B1", None, Some(72)));
    assert_eq!(error.rule, "nchuwa.endless");
}

#[test]
fn nchuwa_endless_stop_lets_the_mover_stop_within_one_round_of_the_cycle() {
    let d = nchuwa_with(6, &[("nchuwa.endless", "stop")]);
    let state = at(&d, ENDLESS);
    let mut decisions = Vec::new();
    d.decisions(&state, &mut Default::default(), &mut decisions);
    let stops: Vec<u32> = decisions
        .iter()
        .filter_map(|d| match d {
            NchuwaDecision::Sow {
                hole,
                stop: Some(l),
                ..
            } if hole.number == 1 => Some(*l),
            _ => None,
        })
        .collect();
    assert_eq!(stops, (72..=143).collect::<Vec<_>>());
    for (decision, rule) in [
        (sow("B1", None, None), Endless::CODE),
        (sow("B1", None, Some(71)), Endless::CODE),
        (sow("B1", None, Some(144)), Endless::CODE),
        (sow("B1", Some("A7"), Some(72)), CAPTURE_EXTRA),
    ] {
        assert_eq!(refused(&d, &state, decision).rule, rule, "{decision}");
    }
    // Stopped after lap 72, the ring is back as it was; the turn passes.
    let mut after = state.clone();
    let mut events = Vec::new();
    d.apply(
        &mut after,
        &sow("B1", None, Some(72)),
        &mut Default::default(),
        &mut events,
    )
    .unwrap();
    let laps = events
        .iter()
        .filter(|e| matches!(e, Event::PickUp { .. }))
        .count();
    assert_eq!(laps, 72);
    assert!(events.iter().any(|e| matches!(
        e,
        Event::LapEnd {
            lap: 72,
            rule,
            ..
        } if *rule == "nchuwa.endless"
    )));
    assert_eq!(after.rings, state.rings);
    assert_eq!(after.to_move, Side::A);
    // A move that ends cannot be stopped.
    let d = nchuwa_with(6, &[("nchuwa.endless", "stop")]);
    let state = at(&d, CAPTURE);
    assert_eq!(
        refused(&d, &state, sow("B5", None, Some(1))).rule,
        Endless::CODE
    );
}

/// The laps `B1`'s stops are listed with, in order.
fn listed_stops(d: &Nchuwa, state: &NchuwaState) -> Vec<u32> {
    let mut decisions = Vec::new();
    d.decisions(state, &mut Default::default(), &mut decisions);
    decisions
        .iter()
        .filter_map(|d| match d {
            NchuwaDecision::Sow {
                hole,
                stop: Some(l),
                ..
            } if hole.number == 1 => Some(*l),
            _ => None,
        })
        .collect()
}

/// Option nchuwa.endless=stop-any-lap (another implementation's reading; the seed is silent:
/// «el jugador continua sembrant [...] fins que la darrera llavor d’una volta cau en un forat
/// buit»): the mover of a move that never ends may stop after any lap of it, from lap 1
/// through the last lap `stop` allows, μ+2λ−1.
#[test]
fn nchuwa_endless_stop_any_lap_lets_the_mover_stop_after_any_lap_up_to_one_more_round() {
    let d = nchuwa_with(6, &[("nchuwa.endless", "stop-any-lap")]);
    let state = at(&d, ENDLESS);
    assert_eq!(listed_stops(&d, &state), (1..=143).collect::<Vec<_>>());
    // Every lap `stop` allows is allowed, and every lap before it.
    let stop = nchuwa_with(6, &[("nchuwa.endless", "stop")]);
    assert_eq!(listed_stops(&stop, &state), (72..=143).collect::<Vec<_>>());
    let early = refused(&stop, &state, sow("B1", None, Some(5)));
    assert_eq!(early.rule, "nchuwa.endless");
    assert!(
        early.message.contains("after lap 72 to 143"),
        "{}",
        early.message
    );
    for (decision, rule, words) in [
        (sow("B1", None, None), Endless::CODE, "/1 to /143"),
        (sow("B1", None, Some(0)), Endless::CODE, "lap 1 to 143"),
        (sow("B1", None, Some(144)), Endless::CODE, "lap 1 to 143"),
        (sow("B1", Some("A7"), Some(5)), CAPTURE_EXTRA, ""),
    ] {
        let error = refused(&d, &state, decision);
        assert_eq!(error.rule, rule, "{decision}");
        assert!(error.message.contains(words), "{}", error.message);
    }
    assert_eq!(
        refused(&stop, &state, sow("B1", None, Some(144))).rule,
        Endless::CODE
    );
    // Stopped after lap 5: five laps played, the last ending in an occupied hole, no cycle
    // reported (the state has not repeated yet), the ring as five laps leave it.
    let mut after = state.clone();
    let mut events = Vec::new();
    d.apply(
        &mut after,
        &sow("B1", None, Some(5)),
        &mut Default::default(),
        &mut events,
    )
    .unwrap();
    let laps = events
        .iter()
        .filter(|e| matches!(e, Event::PickUp { .. }))
        .count();
    assert_eq!(laps, 5);
    assert!(events.iter().any(|e| matches!(
        e,
        Event::LapEnd {
            lap: 5,
            rule,
            ..
        } if *rule == "nchuwa.endless"
    )));
    assert!(!events.iter().any(|e| matches!(e, Event::Cycle { .. })));
    let mut ring = state.rings[Side::B.index()];
    let mut from = 0;
    for _ in 0..5 {
        from = d.lap(Side::B, &mut ring, from, 0, &mut ());
    }
    assert_eq!(after.rings[Side::B.index()], ring);
    assert_eq!(after.to_move, Side::A);
    // A move that ends cannot be stopped, whatever the lap.
    let state = at(&d, CAPTURE);
    assert_eq!(
        refused(&d, &state, sow("B5", None, Some(1))).rule,
        Endless::CODE
    );
}

/// Under stop-any-lap, a stop played without events agrees with it played lap by lap, in any
/// order of the laps, and the cycle is reported exactly when the move reaches lap μ+λ.
#[test]
fn nchuwa_stop_any_lap_stops_played_quietly_agree_with_stops_played_in_full() {
    let d = nchuwa_with(6, &[("nchuwa.endless", "stop-any-lap")]);
    let state = at(&d, ENDLESS);
    let mut order: Vec<u32> = (1..=143).collect();
    let mut rng = Rng::new(11);
    let mut shuffled = order.clone();
    for i in (1..shuffled.len()).rev() {
        shuffled.swap(i, rng.below(i + 1));
    }
    order.extend(shuffled);
    for lap in order {
        let decision = sow("B1", None, Some(lap));
        let mut quiet = state.clone();
        play(&d, &mut quiet, &decision);
        let mut full = state.clone();
        let mut events = Vec::new();
        d.apply(&mut full, &decision, &mut Default::default(), &mut events)
            .unwrap();
        assert_eq!(quiet, full, "/{lap}");
        let cycle = events.iter().find(|e| matches!(e, Event::Cycle { .. }));
        if lap >= 72 {
            assert_eq!(
                cycle,
                Some(&Event::Cycle {
                    mu: 0,
                    lambda: 72,
                    times: 1,
                    stop: lap,
                    rule: Endless::CODE,
                })
            );
        } else {
            assert_eq!(cycle, None, "/{lap}");
        }
    }
}

/// perft counts each lap a move that never ends may stop after as a decision of its own
/// (docs/perft.md): B1's 72-lap cycle gives 72 stops under `stop`, 143 under
/// `stop-any-lap`, none under `illegal`, and one move under `draw`, which ends the game; B11
/// ends, and is one move under each.
#[test]
fn nchuwa_perft_counts_each_stop_of_a_move_that_never_ends() {
    for (value, count) in [
        ("illegal", 1),
        ("stop", 1 + 72),
        ("stop-any-lap", 1 + 143),
        ("draw", 1 + 1),
    ] {
        let d = nchuwa_with(6, &[("nchuwa.endless", value)]);
        let state = at(&d, ENDLESS);
        assert_eq!(crate::perft::perft(&d, &state, 1), Ok(count), "{value}");
    }
}

/// The position of issue 35 where Ludii 1.3.12 lists B4, whose relay comes back to its start
/// after 240 laps.
const LUDII_ENDLESS: &str = "3,3,0,2,1,0,0,0,1,1,0,2/1,0,1,2,5,1,0,4,1,0,1,0 8/11 B 1";

/// Option nchuwa.endless=draw (Ludii's reading: it sows on until its move limit ends the game,
/// scored as a draw): the move is listed and played whole, and ends the game at once, drawn,
/// with the board its relay came back to.
#[test]
fn nchuwa_endless_draw_plays_the_move_whole_and_draws_the_game() {
    let d = nchuwa_with(6, &[("nchuwa.endless", "draw")]);
    let state = at(&d, LUDII_ENDLESS);
    let mut decisions = Vec::new();
    d.decisions(&state, &mut Default::default(), &mut decisions);
    assert!(decisions.contains(&sow("B4", None, None)), "{decisions:?}");
    let mut after = state.clone();
    let mut events = Vec::new();
    d.apply(
        &mut after,
        &sow("B4", None, None),
        &mut Default::default(),
        &mut events,
    )
    .unwrap();
    assert_eq!(d.phase(&after), Phase::Over { winner: None });
    assert_eq!(
        shown(&d, &after),
        "3,3,0,2,1,0,0,0,1,1,0,2/1,0,1,2,5,1,0,4,1,0,1,0 8/11 A 1",
        "the relay comes back to the board before it, and the turn passes"
    );
    let laps = events
        .iter()
        .filter(|e| matches!(e, Event::LapEnd { .. }))
        .count();
    assert_eq!(laps, 240, "the trace runs the cycle once");
    assert!(matches!(
        events.last(),
        Some(Event::GameEnd {
            winner: None,
            rule
        }) if *rule == "nchuwa.endless"
    ));
    // Played without events, straight to the board the relay comes back to.
    let mut quiet = state.clone();
    play(&d, &mut quiet, &sow("B4", None, None));
    assert_eq!(quiet, after);
}

/// perft under `draw` counts a move that never ends once, and nothing below it: the game is
/// over (docs/perft.md). Ludii lists 8 moves here; under `illegal` B4 is not one of them.
#[test]
fn nchuwa_perft_counts_a_drawing_move_once_and_nothing_below_it() {
    for (value, count) in [("draw", 8), ("illegal", 7)] {
        let d = nchuwa_with(6, &[("nchuwa.endless", value)]);
        let state = at(&d, LUDII_ENDLESS);
        assert_eq!(crate::perft::perft(&d, &state, 1), Ok(count), "{value}");
    }
    let d = nchuwa_with(6, &[("nchuwa.endless", "draw")]);
    let mut after = at(&d, LUDII_ENDLESS);
    play(&d, &mut after, &sow("B4", None, None));
    assert_eq!(crate::perft::perft(&d, &after, 1), Ok(0));
}

#[test]
fn nchuwa_endless_draw_refuses_a_stop_or_an_extra_capture_on_the_move() {
    let d = nchuwa_with(6, &[("nchuwa.endless", "draw")]);
    let state = at(&d, LUDII_ENDLESS);
    let error = refused(&d, &state, sow("B4", None, Some(240)));
    assert_eq!(error.rule, "nchuwa.endless");
    assert!(
        error.message.contains("draws the game"),
        "{}",
        error.message
    );
    let error = refused(&d, &state, sow("B4", Some("A1"), None));
    assert_eq!(error.rule, CAPTURE_EXTRA);
    // Under the other values the same move is refused, or must be stopped.
    for value in ["illegal", "stop", "stop-any-lap"] {
        let other = nchuwa_with(6, &[("nchuwa.endless", value)]);
        let error = refused(&other, &at(&other, LUDII_ENDLESS), sow("B4", None, None));
        assert_eq!(error.rule, "nchuwa.endless", "{value}");
    }
}

/// The lap of the first pass whose state a stop's state is, with a cycle that starts late
/// (μ > 0; every endless Nchuwa move found so far has μ = 0).
#[test]
fn nchuwa_a_stop_past_the_cycle_is_played_as_its_lap_of_the_first_pass() {
    let walk = Walk::Endless { mu: 3, lambda: 5 };
    let laps: Vec<u64> = (1..=12).map(|l| Nchuwa::first_pass_lap(walk, l)).collect();
    assert_eq!(laps, [1, 2, 3, 4, 5, 6, 7, 3, 4, 5, 6, 7]);
    let walk = Walk::Endless { mu: 0, lambda: 72 };
    assert_eq!(Nchuwa::first_pass_lap(walk, 72), 0);
    assert_eq!(Nchuwa::first_pass_lap(walk, 143), 71);
    assert_eq!(Nchuwa::first_pass_lap(walk, 5), 5);
}

/// What a refusal lists as legal under each value: the stops of a move that never ends as
/// one range, whatever its laps.
#[test]
fn nchuwa_endless_alternatives_name_the_stops_as_one_range() {
    for (value, range) in [
        ("illegal", None),
        ("stop", Some("B1/72 to /143")),
        ("stop-any-lap", Some("B1/1 to /143")),
        ("draw", Some("B1")),
    ] {
        let d = nchuwa_with(6, &[("nchuwa.endless", value)]);
        let state = at(&d, ENDLESS);
        let listed = d.alternatives(&state, &mut Default::default());
        let b1: Vec<&String> = listed
            .iter()
            .filter(|a| a.split('/').next() == Some("B1"))
            .collect();
        match range {
            Some(range) => assert_eq!(b1, [range], "{value}"),
            None => assert!(b1.is_empty(), "{value}: {listed:?}"),
        }
    }
}

/// The runs random play draws from are the decisions, in order, a move that never ends
/// being one run of its stops.
#[test]
fn nchuwa_decision_runs_stand_for_the_decisions_in_order() {
    for value in ["illegal", "stop", "stop-any-lap", "draw"] {
        let d = nchuwa_with(6, &[("nchuwa.endless", value)]);
        for position in [ENDLESS, CAPTURE] {
            let state = at(&d, position);
            let mut decisions = Vec::new();
            d.decisions(&state, &mut Default::default(), &mut decisions);
            let (mut runs, mut counts) = (Vec::new(), Vec::new());
            d.decision_runs(&state, &mut Default::default(), &mut runs, &mut counts);
            let flat: Vec<NchuwaDecision> = if counts.is_empty() {
                runs.clone()
            } else {
                assert_eq!(counts.len(), runs.len());
                runs.iter()
                    .zip(&counts)
                    .flat_map(|(first, &count)| (0..count).map(|i| d.decision_in_run(first, i)))
                    .collect()
            };
            assert_eq!(flat, decisions, "{value} {position}");
            if value != "illegal" && position == ENDLESS {
                assert!(runs.len() < 20, "{value}: {} runs", runs.len());
            }
        }
    }
}

/// Random play from runs draws what a draw from the whole list would: the same seed gives
/// the same decisions.
#[test]
fn nchuwa_random_play_from_runs_draws_as_from_the_whole_list() {
    for value in ["stop", "stop-any-lap"] {
        let d = nchuwa_with(6, &[("nchuwa.endless", value)]);
        let start = at(&d, ENDLESS);
        let mut header = Header::new(GameKind::Nchuwa);
        header.board = Some(Spanned::new(board(6), Default::default()));
        let game = random_game(
            &d,
            header,
            start.clone(),
            &mut Rng::new(5),
            GenerateOptions {
                checkpoints: false,
                max_plies: 30,
            },
        );
        let written: Vec<String> = game
            .moves
            .iter()
            .filter_map(|e| match e {
                Element::Move(m) => Some(crate::notation::write_move(&m.value)),
                Element::Pass(_) => Some("pass".to_string()),
                _ => None,
            })
            .collect();
        let mut rng = Rng::new(5);
        let mut state = start;
        let mut decisions = Vec::new();
        let mut expected = Vec::new();
        while expected.len() < 30 && !matches!(d.phase(&state), Phase::Over { .. }) {
            d.decisions(&state, &mut Default::default(), &mut decisions);
            let decision = decisions[rng.below(decisions.len())];
            play(&d, &mut state, &decision);
            expected.push(decision.to_string());
        }
        assert_eq!(written, expected, "{value}");
        assert!(
            written.iter().any(|m| m.contains('/')),
            "{value}: a stop was drawn: {written:?}"
        );
    }
}

/// A move that ends only after 571 laps: a lap cap would misjudge it.
#[test]
fn nchuwa_long_move_ends_after_hundreds_of_laps() {
    let d = nchuwa_with(9, &[]);
    let mut state = at(
        &d,
        "0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,3/3,0,1,2,1,2,3,4,0,2,1,3,0,1,0,2,1,2 20/21 B 1",
    );
    let mut events = Vec::new();
    d.apply(
        &mut state,
        &sow("B8", None, None),
        &mut Default::default(),
        &mut events,
    )
    .unwrap();
    let laps = events
        .iter()
        .filter(|e| matches!(e, Event::PickUp { .. }))
        .count();
    assert_eq!(laps, 571);
}

/// `nchuwa.no-move`: a player with seeds but no legal move passes (or loses); when neither can
/// move the game is drawn.
#[test]
fn nchuwa_no_move_pass_and_loses() {
    let all_ones = "1,1,1,1,1,1,1,1,1,1,1,1/1,1,1,1,1,1,1,1,1,1,1,1 12/12 B 1";
    let d = nchuwa();
    let mut state = at(&d, all_ones);
    assert_eq!(
        d.phase(&state),
        Phase::MustPass {
            side: Side::B,
            rule: NoMove::CODE
        }
    );
    assert_eq!(
        refused(&d, &state, sow("B1", None, None)).rule,
        NoMove::CODE
    );
    play(&d, &mut state, &NchuwaDecision::Pass);
    assert_eq!(d.phase(&state), Phase::Over { winner: None });
    // A passes, B can move.
    let mut state = at(
        &d,
        "1,1,1,1,1,1,1,1,1,1,1,1/2,0,0,0,0,0,0,0,0,0,0,0 17/17 A 1",
    );
    play(&d, &mut state, &NchuwaDecision::Pass);
    assert_eq!(d.phase(&state), Phase::ToMove(Side::B));
    assert_eq!(refused(&d, &state, NchuwaDecision::Pass).rule, NoMove::CODE);
    let d = nchuwa_with(6, &[("nchuwa.no-move", "loses")]);
    let state = at(&d, all_ones);
    assert_eq!(
        d.phase(&state),
        Phase::Over {
            winner: Some(Side::A)
        }
    );
}

/// Under `nchuwa.endless=illegal`, a player whose every move never ends has no legal move.
#[test]
fn nchuwa_no_move_when_every_move_is_endless() {
    let d = nchuwa();
    let state = at(&d, ENDLESS);
    let mut decisions = Vec::new();
    d.decisions(&state, &mut Default::default(), &mut decisions);
    let endless_only = decisions.is_empty() || decisions == [NchuwaDecision::Pass];
    assert_eq!(
        endless_only,
        matches!(d.phase(&state), Phase::MustPass { .. }),
        "{decisions:?}"
    );
}

#[test]
fn nchuwa_sow_origin_skip_passes_over_the_emptied_hole() {
    let position = "0,0,0,0,0,0,0,0,0,0,0,3/13,0,0,0,0,0,0,0,0,0,0,0 16/16 B 1";
    for (value, skips) in [("sow", false), ("skip", true)] {
        let d = nchuwa_with(6, &[("nchuwa.sow.origin", value)]);
        let mut state = at(&d, position);
        let mut events = Vec::new();
        d.apply(
            &mut state,
            &sow("B1", None, None),
            &mut Default::default(),
            &mut events,
        )
        .unwrap();
        assert_eq!(
            events.contains(&Event::Skip {
                hole: hole("B1"),
                rule: SowOrigin::CODE
            }),
            skips
        );
    }
}

#[test]
fn nchuwa_board_and_positions_are_checked() {
    let settings = Settings::defaults(&DEF);
    assert_eq!(Nchuwa::new(board(8), &settings).unwrap_err().rule, BOARD);
    let d = nchuwa();
    for bad in [
        "0,3,3/0,3,3 0/0 B 1",
        "0,3,3,0,3,3,0,3,3,0,3,3/0,3,3,0,3,3,0,3,3,0,3,3 1/0 B 1",
        "0,3,3,0,3,3,0,3,3,0,3,3/0,3,3,0,3,3,0,3,3,0,3,2mA 1/0 B 1",
    ] {
        let error = d
            .state_from_position(&parse_position(bad).unwrap())
            .unwrap_err();
        assert_eq!(error.rule, "mgn.position.shape", "{bad}");
    }
    // A Start position other than the gambit is in play.
    assert_eq!(at(&d, CAPTURE).opening, 0);
}

#[test]
fn nchuwa_moves_are_read_as_one_decision() {
    let d = nchuwa();
    let read = |text: &str| {
        let record = format!("[Game \"nchuwa\"]\n\n{text} *\n");
        let game = parse_games(&record).remove(0).unwrap();
        let Element::Move(m) = &game.moves[0] else {
            panic!("{text} is a move")
        };
        d.decisions_from_move(&m.value)
    };
    assert_eq!(
        read("B8:B2*A5").unwrap(),
        vec![(transfer("B8", "B2", Some("A5")), MovePart::Sowing(0))]
    );
    assert_eq!(
        read("B9/17").unwrap(),
        vec![(sow("B9", None, Some(17)), MovePart::Sowing(0))]
    );
    for (text, part) in [
        ("B9>", MovePart::Sowing(0)),
        ("B9-B3", MovePart::Sowing(1)),
        ("B8:B2/3", MovePart::Whole),
        ("B3@A2", MovePart::Sowing(0)),
    ] {
        let error = read(text).unwrap_err();
        assert_eq!(
            (error.rule, error.location),
            (general::MOVE_FORM, Location::Move(part)),
            "{text}"
        );
    }
    // And written back the same way.
    for decision in [
        transfer("B8", "B2", Some("A5")),
        sow("B9", Some("A5"), None),
        sow("B9", None, Some(17)),
    ] {
        let Element::Move(m) = d.move_from_decisions(&[decision]) else {
            panic!()
        };
        assert_eq!(crate::notation::write_move(&m.value), decision.to_string());
    }
}

/// Random games under every board and several option sets: every listed decision is legal,
/// seeds are conserved after every decision, and the records written replay as passed.
#[test]
fn nchuwa_random_games_conserve_seeds_and_replay() {
    let option_sets: &[&[(&str, &str)]] = &[
        &[],
        &[("nchuwa.endless", "stop")],
        &[("nchuwa.endless", "stop-any-lap")],
        &[
            ("nchuwa.capture.extra-decline", "forbidden"),
            ("nchuwa.capture.extra-when", "back-empty"),
        ],
        &[
            ("nchuwa.sow.origin", "skip"),
            ("nchuwa.opening.capture", "front-first"),
            ("nchuwa.no-move", "loses"),
        ],
    ];
    let mut rng = Rng::new(2024);
    let mut games = 0;
    for columns in [6, 9, 12, 15] {
        for options in option_sets {
            let d = nchuwa_with(columns, options);
            for _ in 0..3 {
                let first = if rng.below(2) == 0 { Side::A } else { Side::B };
                let mut state = d.start(first);
                let mut decisions = Vec::new();
                for _ in 0..300 {
                    d.decisions(&state, &mut Default::default(), &mut decisions);
                    if decisions.is_empty() {
                        assert!(matches!(d.phase(&state), Phase::Over { .. }));
                        break;
                    }
                    let decision = decisions[rng.below(decisions.len())];
                    play(&d, &mut state, &decision);
                    let on_board: u32 = [Side::A, Side::B]
                        .iter()
                        .map(|&s| seeds(&d, &state.rings[s.index()]))
                        .sum();
                    assert_eq!(on_board + state.won[0] + state.won[1], d.total_seeds());
                }
                let mut header = Header::new(GameKind::Nchuwa);
                header.board = Some(Spanned::new(board(columns), Default::default()));
                for (code, value) in options.iter() {
                    header.options.push(Spanned::new(
                        crate::notation::RuleSetting {
                            code: code.to_string(),
                            value: value.to_string(),
                        },
                        Default::default(),
                    ));
                }
                header.first = Some(Spanned::new(first, Default::default()));
                let game = random_game(
                    &d,
                    header,
                    d.start(first),
                    &mut rng,
                    GenerateOptions {
                        checkpoints: true,
                        max_plies: 400,
                    },
                );
                let text = write_game(&game);
                let reread = parse_games(&text).remove(0).unwrap();
                assert_eq!(
                    check_game(&reread, &CheckOptions::default()),
                    Verdict::Passed,
                    "{text}"
                );
                games += 1;
            }
        }
    }
    assert_eq!(games, 60);
}

/// Random play under the preset ludii (`nchuwa.endless=draw`) draws a move that never ends as
/// any other decision, and the game ends there: among 2,000 random games on 4x6 (seed 7 of
/// `mgn generate`) 12 do so. Games stay bounded, each drawn game's last ply is such a move, and
/// the record, checkpoints and all, passes `mgn check`.
#[test]
fn nchuwa_random_games_under_the_preset_ludii_may_end_drawn_by_a_move_that_never_ends() {
    let mut settings = Settings::defaults(&DEF);
    for (code, value) in DEF.preset("ludii").unwrap().settings {
        settings.set(code, value).unwrap();
    }
    let d = Nchuwa::new(board(6), &settings).unwrap();
    let mut rng = Rng::new(35);
    let mut drawn = 0;
    for _ in 0..400 {
        let mut header = Header::new(GameKind::Nchuwa);
        header.preset = Some(Spanned::new("ludii".to_string(), Default::default()));
        let game = random_game(
            &d,
            header,
            d.start(Side::B),
            &mut rng,
            GenerateOptions {
                checkpoints: true,
                max_plies: 1000,
            },
        );
        if game.outcome.value.token() != "1/2-1/2" {
            continue;
        }
        drawn += 1;
        let text = write_game(&game);
        let reread = parse_games(&text).remove(0).unwrap();
        assert_eq!(
            check_game(&reread, &CheckOptions::default()),
            Verdict::Passed,
            "{text}"
        );
        // Replayed to its last ply: that ply's move never ends.
        let mut state = d.start(Side::B);
        let mut decisions = Vec::new();
        let moves: Vec<&Move> = game
            .moves
            .iter()
            .filter_map(|e| match e {
                Element::Move(m) => Some(&m.value),
                _ => None,
            })
            .collect();
        let (last, before) = moves.split_last().unwrap();
        for written in before {
            let mut parts = Vec::new();
            d.decisions_from_move_into(written, &mut parts).unwrap();
            play(&d, &mut state, &parts[0].0);
        }
        let hole = last.sowings.first().unwrap().hole.value;
        assert!(d.endless_cycle(&state, hole).is_some(), "{text}");
        d.decisions(&state, &mut Default::default(), &mut decisions);
        assert!(decisions.contains(&sow(&hole.to_string(), None, None)));
    }
    assert!(drawn > 0, "no random game drawn by a move that never ends");
}

/// Under `nchuwa.endless=draw` a move that never ends is listed as one that ends, and under
/// `nchuwa.capture.extra-when=never` no capture opens an extra one: every move is listed as its
/// hole alone, whatever its walk. The list made without the walks is the list of the walked
/// moves, on the positions of the tests with captures and moves that never end, and along
/// random games on every board.
#[test]
fn nchuwa_moves_listed_without_their_walks_under_draw_and_no_extra_capture_are_the_walked_ones() {
    let option_sets: &[&[(&str, &str)]] = &[
        DEF.preset("ludii").unwrap().settings,
        &[
            ("nchuwa.endless", "draw"),
            ("nchuwa.capture.extra-when", "never"),
        ],
        &[
            ("nchuwa.endless", "draw"),
            ("nchuwa.capture.extra-when", "never"),
            ("nchuwa.sow.origin", "skip"),
            ("nchuwa.no-move", "loses"),
        ],
    ];
    let walked = |d: &Nchuwa, state: &NchuwaState| {
        let mut out = Vec::new();
        let side = state.to_move;
        let push = |hole, plan: &SowPlan| d.push_moves(side, hole, plan, &mut out);
        d.each_move(state, side, false, push, &mut Default::default());
        out
    };
    let mut rng = Rng::new(18);
    let mut compared = 0;
    for options in option_sets {
        let d = nchuwa_with(6, options);
        assert!(!d.walk_changes_list());
        for position in [CAPTURE, ENDLESS, LUDII_ENDLESS] {
            let state = at(&d, position);
            let mut decisions = Vec::new();
            d.decisions(&state, &mut Default::default(), &mut decisions);
            assert_eq!(decisions, walked(&d, &state), "{position}");
        }
        for columns in [6, 9, 12, 15] {
            let d = nchuwa_with(columns, options);
            for _ in 0..5 {
                let mut state = d.start(Side::B);
                let mut decisions = Vec::new();
                for _ in 0..300 {
                    d.decisions(&state, &mut Default::default(), &mut decisions);
                    if decisions.is_empty() {
                        break;
                    }
                    if state.opening == 0 && d.phase(&state) == Phase::ToMove(state.to_move) {
                        assert_eq!(decisions, walked(&d, &state), "{}", shown(&d, &state));
                        compared += 1;
                    }
                    let decision = decisions[rng.below(decisions.len())];
                    play(&d, &mut state, &decision);
                }
            }
        }
    }
    assert!(compared > 1000, "{compared} positions compared");
}

/// How the endless and the long moves of the tests, fixtures and docs were found: random rings
/// of 4 to 33 seeds, every legal start followed to its end or its cycle. Run with
/// `cargo test --release --lib search_relays -- --ignored --nocapture`.
#[test]
#[ignore]
fn search_relays() {
    for columns in [6u32, 9] {
        let d = nchuwa_with(columns, &[]);
        let len = d.ring_len();
        let mut rng = Rng::new(columns as u64);
        let mut fewest_endless = u32::MAX;
        let mut most_laps = 0;
        for _ in 0..2_000_000 {
            let seeds = 4 + rng.below(30) as u32;
            let mut ring = [0u8; MAX_RING];
            for _ in 0..seeds {
                ring[rng.below(len)] += 1;
            }
            for start in 0..len {
                if ring[start] < 2 {
                    continue;
                }
                let mut copy = ring;
                match d.walk(&mut copy, start, false, &mut Default::default()).0 {
                    Walk::Endless { mu, lambda } if seeds < fewest_endless => {
                        fewest_endless = seeds;
                        println!(
                            "4x{columns}: endless with {seeds} seeds: {:?} from {}, mu {mu} lambda {lambda}",
                            &ring[..len],
                            start + 1
                        );
                    }
                    Walk::Ends { laps } if laps > most_laps => {
                        most_laps = laps;
                        println!(
                            "4x{columns}: ends after {laps} laps with {seeds} seeds: {:?} from {}",
                            &ring[..len],
                            start + 1
                        );
                    }
                    _ => {}
                }
            }
        }
    }
}

fn ludii() -> Nchuwa {
    let preset = DEF.preset("ludii").unwrap();
    nchuwa_with(6, preset.settings)
}

fn listed(d: &Nchuwa, state: &NchuwaState) -> Vec<String> {
    let mut decisions = Vec::new();
    d.decisions(state, &mut Default::default(), &mut decisions);
    decisions.iter().map(|d| d.to_string()).collect()
}

/// Ludii's Nchuwa.lud (not a seed), phase Opening3: the transfer captures nothing facing it.
#[test]
fn nchuwa_opening_capture_none_takes_nothing_opposite() {
    let d = nchuwa_with(6, &[("nchuwa.opening.capture", "none")]);
    let mut state = d.start(Side::B);
    let mut events = Vec::new();
    d.apply(
        &mut state,
        &transfer("B8", "B1", Some("A11")),
        &mut Default::default(),
        &mut events,
    )
    .unwrap();
    assert_eq!(
        captures(&events),
        vec![("A11".to_string(), 3, OPENING_EXTRA)]
    );
    assert_eq!(state.won, [0, 3]);
}

/// Ludii's Nchuwa.lud (not a seed), phases Opening4 and Opening5: two removals of the
/// opponent's holes, distinct and occupied, in either order; listed once, in hole order.
#[test]
fn nchuwa_opening_removals_two_takes_two_holes_of_the_players_choice() {
    let d = nchuwa_with(6, &[("nchuwa.opening.removals", "two")]);
    let state = d.start(Side::B);
    let all = listed(&d, &state);
    // B8 captures A11 and A2: A has 6 occupied holes left, 15 pairs; 2 empty outer holes of
    // B's to go to.
    let b8_to_b1: Vec<&String> = all.iter().filter(|t| t.starts_with("B8:B1")).collect();
    assert_eq!(b8_to_b1.len(), 15);
    assert_eq!(b8_to_b1[0], "B8:B1*A3*A5");
    for written in [["A5", "A9"], ["A9", "A5"]] {
        let mut after = state.clone();
        let mut events = Vec::new();
        d.apply(
            &mut after,
            &transfer_taking("B8", "B1", &written),
            &mut Default::default(),
            &mut events,
        )
        .unwrap();
        assert_eq!(
            captures(&events),
            vec![
                ("A11".to_string(), 3, OPENING_CAPTURE),
                ("A2".to_string(), 3, OPENING_CAPTURE),
                (written[0].to_string(), 3, OPENING_EXTRA),
                (written[1].to_string(), 3, OPENING_EXTRA),
            ]
        );
        assert_eq!(after.won, [0, 12]);
    }
    for (removals, rule, part) in [
        (&["A5"][..], OPENING_EXTRA, MovePart::ExtraCapture(1)),
        (&[][..], OPENING_EXTRA, MovePart::ExtraCapture(0)),
        (&["A5", "A5"][..], CAPTURE_EXTRA, MovePart::ExtraCapture(1)),
        (&["A5", "A11"][..], CAPTURE_EXTRA, MovePart::ExtraCapture(1)),
        (&["A1", "A5"][..], CAPTURE_EXTRA, MovePart::ExtraCapture(0)),
    ] {
        let error = refused(&d, &state, transfer_taking("B8", "B1", removals));
        assert_eq!(
            (error.rule, error.location),
            (rule, Location::Move(part)),
            "{removals:?}"
        );
    }
    // Under the default, a second removal is refused.
    let error = refused(
        &nchuwa(),
        &state,
        transfer_taking("B8", "B1", &["A5", "A9"]),
    );
    assert_eq!(
        (error.rule, error.location),
        (
            OpeningRemovals::CODE,
            Location::Move(MovePart::ExtraCapture(1))
        )
    );
}

/// In play a capture gives one extra hole at most, whatever nchuwa.opening.removals says.
#[test]
fn nchuwa_capture_extra_is_one_hole_in_play() {
    let d = nchuwa_with(6, &[("nchuwa.opening.removals", "two")]);
    let state = at(&d, CAPTURE);
    let error = refused(
        &d,
        &state,
        NchuwaDecision::Sow {
            hole: hole("B5"),
            extras: extras(&["A3", "A5"]),
            stop: None,
        },
    );
    assert_eq!(
        (error.rule, error.location),
        (CAPTURE_EXTRA, Location::Move(MovePart::ExtraCapture(1)))
    );
}

/// Ludii's Nchuwa.lud (not a seed): its play phase takes the two opposite holes, nothing more.
#[test]
fn nchuwa_capture_extra_when_never_takes_the_opposite_holes_only() {
    let d = nchuwa_with(6, &[("nchuwa.capture.extra-when", "never")]);
    let state = at(&d, CAPTURE);
    assert_eq!(listed(&d, &state), vec!["B5"]);
    let error = refused(&d, &state, sow("B5", Some("A5"), None));
    assert_eq!(
        (error.rule, error.location),
        (
            CaptureExtraWhen::CODE,
            Location::Move(MovePart::ExtraCapture(0))
        )
    );
    let mut after = state.clone();
    play(&d, &mut after, &sow("B5", None, None));
    assert_eq!(after.won, [18, 22]);
}

/// Ludii's Nchuwa.lud (not a seed): a move starts from any occupied hole, a single seed
/// included, and a single seed landing on an occupied hole relays.
#[test]
fn nchuwa_sow_singleton_free_moves_single_seeds_anywhere() {
    let position = "0,0,0,0,1,0,0,0,0,0,0,3/1,1,0,0,0,1,0,0,0,0,0,0 20/21 B 1";
    let d = nchuwa_with(6, &[("nchuwa.sow.singleton", "free")]);
    let state = at(&d, position);
    assert_eq!(listed(&d, &state), vec!["B1", "B2", "B6", "B6*A5"]);
    let mut after = state.clone();
    let mut events = Vec::new();
    d.apply(
        &mut after,
        &sow("B1", None, None),
        &mut Default::default(),
        &mut events,
    )
    .unwrap();
    // B1's seed joins B2's, and the two are sown on into B3 and B4.
    assert_eq!(
        shown(&d, &after),
        "0,0,0,0,1,0,0,0,0,0,0,3/0,0,1,1,0,1,0,0,0,0,0,0 20/21 A 1"
    );
    // With a hole of two, a single seed still moves.
    let state = at(
        &d,
        "0,0,0,0,1,0,0,0,0,0,0,3/1,0,0,2,0,0,0,0,0,0,0,0 20/21 B 1",
    );
    assert_eq!(listed(&d, &state), vec!["B1", "B4"]);
    assert_eq!(
        refused(&nchuwa(), &state, sow("B1", None, None)).rule,
        SOW_START
    );
}

/// The preset bundles Ludii's rules, with its opening played step by step in Ludii's order
/// (`nchuwa.opening.order=interleaved`): B's transfer alone (8 of them), A's, then the
/// removals B, A, B, A, each a ply that takes one occupied hole. B may remove the hole A's
/// transfer has just filled, which the by-player order cannot write.
#[test]
fn nchuwa_ludii_preset_opening_is_played_step_by_step() {
    let d = ludii();
    let mut state = d.start(Side::B);
    let all = listed(&d, &state);
    assert_eq!(all.len(), 8);
    assert_eq!(all[0], "B8:B1");
    // A removal before the transfers, and a transfer that names its removals, are refused.
    assert_eq!(
        refused(&d, &state, NchuwaDecision::Remove(hole("A2"))).rule,
        OPENING_TRANSFER
    );
    let error = refused(&d, &state, transfer("B12", "B4", Some("A2")));
    assert_eq!(
        (error.rule, error.location),
        (
            OpeningOrder::CODE,
            Location::Move(MovePart::ExtraCapture(0))
        )
    );
    play(&d, &mut state, &transfer("B12", "B4", None));
    assert_eq!(listed(&d, &state).len(), 8);
    play(&d, &mut state, &transfer("A8", "A4", None));
    // Both transfers made: B removes one of A's 9 occupied holes, A4 among them.
    let removals = listed(&d, &state);
    assert_eq!(removals.len(), 9);
    assert!(removals.contains(&"*A4".to_string()));
    for decision in [transfer("B8", "B1", None), sow("B8", None, None)] {
        assert_eq!(refused(&d, &state, decision).rule, OPENING_EXTRA);
    }
    let mut events = Vec::new();
    d.apply(
        &mut state,
        &NchuwaDecision::Remove(hole("A4")),
        &mut Default::default(),
        &mut events,
    )
    .unwrap();
    assert_eq!(
        captures(&events),
        vec![("A4".to_string(), 2, OPENING_EXTRA)]
    );
    // A's turn: a hole of his own, or an empty one of B's, is refused.
    for (decision, rule) in [
        (NchuwaDecision::Remove(hole("A5")), OPENING_EXTRA),
        (NchuwaDecision::Remove(hole("B1")), OPENING_EXTRA),
    ] {
        let error = refused(&d, &state, decision);
        assert_eq!(
            (error.rule, error.location),
            (rule, Location::Move(MovePart::ExtraCapture(0)))
        );
    }
    for removal in ["B4", "A6", "B6"] {
        play(&d, &mut state, &NchuwaDecision::Remove(hole(removal)));
    }
    assert_eq!(
        shown(&d, &state),
        "0,3,3,0,3,0,0,1,3,0,3,3/0,3,3,0,3,0,0,3,3,0,3,1 5/5 B 1"
    );
    // The opening is over: moves now, and a removal alone is refused.
    assert!(listed(&d, &state).iter().all(|m| !m.starts_with('*')));
    assert_eq!(
        refused(&d, &state, NchuwaDecision::Remove(hole("A2"))).rule,
        CAPTURE_EXTRA
    );
}

/// Under the default `nchuwa.opening.order=by-player` a removal is written in the transfer's
/// token, and `*A5` alone is refused under the option's code.
#[test]
fn nchuwa_opening_order_by_player_refuses_a_removal_alone() {
    let d = nchuwa_with(
        6,
        &[
            ("nchuwa.opening.capture", "none"),
            ("nchuwa.opening.removals", "two"),
        ],
    );
    let state = d.start(Side::B);
    assert_eq!(listed(&d, &state).len(), 8 * 28);
    assert_eq!(
        refused(&d, &state, NchuwaDecision::Remove(hole("A2"))).rule,
        OpeningOrder::CODE
    );
    let mut after = state.clone();
    let mut events = Vec::new();
    d.apply(
        &mut after,
        &transfer_taking("B8", "B1", &["A12", "A2"]),
        &mut Default::default(),
        &mut events,
    )
    .unwrap();
    assert_eq!(
        captures(&events),
        vec![
            ("A12".to_string(), 3, OPENING_EXTRA),
            ("A2".to_string(), 3, OPENING_EXTRA),
        ]
    );
}

/// `*A5` reads as a move with no sowing; Nchuwa takes it as a removal, and writes it back.
#[test]
fn nchuwa_removal_reads_and_writes_as_a_ply() {
    let d = ludii();
    let text = "[Game \"nchuwa\"]\n[Preset \"ludii\"]\n\n1. B12:B4 1... A8:A4 2. *A4 *\n";
    let game = parse_games(text).remove(0).unwrap();
    let Element::Move(m) = &game.moves[2] else {
        panic!("a move: {:?}", game.moves[2])
    };
    let mut out = Vec::new();
    d.decisions_from_move_into(&m.value, &mut out).unwrap();
    assert_eq!(out[0].0, NchuwaDecision::Remove(hole("A4")));
    let Element::Move(back) = d.move_from_decisions(&[NchuwaDecision::Remove(hole("A4"))]) else {
        panic!("a move")
    };
    assert_eq!(back.value, m.value);
    assert!(write_game(&game).contains("2. *A4 *"));
}

/// A stop played without events (from the move remembered, a lap a stop when they come in
/// order, perft's) leaves the state a stop played lap by lap with its events leaves, in any
/// order, and the Cycle event says where the cycle is.
#[test]
fn nchuwa_stops_played_from_the_remembered_move_agree_with_stops_played_in_full() {
    let d = nchuwa_with(6, &[("nchuwa.endless", "stop")]);
    let state = at(&d, ENDLESS);
    let mut decisions = Vec::new();
    d.decisions(&state, &mut Default::default(), &mut decisions);
    let mut order: Vec<u32> = (72..=143).collect();
    // In order, backwards, then shuffled, on the same rules.
    let mut rng = Rng::new(9);
    let mut shuffled = order.clone();
    for i in (1..shuffled.len()).rev() {
        shuffled.swap(i, rng.below(i + 1));
    }
    let mut backwards = order.clone();
    backwards.reverse();
    order.extend(backwards);
    order.extend(shuffled);
    for lap in order {
        let decision = sow("B1", None, Some(lap));
        let mut quiet = state.clone();
        play(&d, &mut quiet, &decision);
        let mut full = state.clone();
        let mut events = Vec::new();
        d.apply(&mut full, &decision, &mut Default::default(), &mut events)
            .unwrap();
        assert_eq!(quiet, full, "/{lap}");
        assert!(events.contains(&Event::Cycle {
            mu: 0,
            lambda: 72,
            times: (lap / 72),
            stop: lap,
            rule: Endless::CODE,
        }));
    }
}

/// The replay's verdict on each record of `text`, streamed and from the parsed tree, which
/// must agree: None for a pass, else the first failure's rule and message.
fn record_verdicts(text: &str) -> Vec<Option<(Code, String)>> {
    use crate::check::{check_text, RecordResult};
    let streamed: Vec<_> = check_text(text, &CheckOptions::default())
        .into_iter()
        .map(|result| match result {
            RecordResult::Checked { verdict, .. } => match verdict {
                Verdict::Passed => None,
                Verdict::Failed(failures) => failures.first().map(|f| (f.rule, f.message.clone())),
            },
            other => panic!("{other:?}"),
        })
        .collect();
    let from_tree: Vec<_> = parse_games(text)
        .into_iter()
        .map(|game| {
            crate::replay::replay_game(&game.unwrap(), crate::replay::ReplayOptions::plies())
                .failure
                .map(|f| (f.rule, f.message.clone()))
        })
        .collect();
    assert_eq!(streamed, from_tree, "{text}");
    streamed
}

/// A Nchuwa record from `start`, with its Termination tag and options.
fn cut_record(start: &str, options: &[&str], termination: Option<&str>, moves: &str) -> String {
    let mut text = format!("[Game \"nchuwa\"]\n[Start \"{start}\"]\n");
    for option in options {
        text.push_str(&format!("[Option \"{option}\"]\n"));
    }
    if let Some(t) = termination {
        text.push_str(&format!("[Termination \"{t}\"]\n"));
    }
    format!("{text}\n{moves}\n")
}

/// B1 (2 seeds) relays from B3 after lap 1 and ends in B5 after lap 2.
const RELAY: &str = "0,0,0,0,0,0,3,0,0,0,0,0/2,0,1,0,0,0,0,0,0,0,0,0 21/21 B 1";
/// The board after lap 1 of B1 from RELAY: the turn is not over, B is still to move.
const RELAY_CUT_1: &str = "0,0,0,0,0,0,3,0,0,0,0,0/0,1,2,0,0,0,0,0,0,0,0,0 21/21 B 1";

/// mgn.record.cut: a record that stops unfinished (`*`, Termination `unfinished` or
/// `abandoned`) may end with a move cut after lap N (`B1/1`): its laps through N are played,
/// nothing after them, and the claims after it speak of that point, the same player to move.
#[test]
fn nchuwa_a_record_that_stops_unfinished_may_end_with_a_move_cut_after_a_lap() {
    for termination in ["unfinished", "abandoned"] {
        for moves in [
            "1. B1/1 *",
            "1. B1/1 {cut} *",
            &format!("1. B1/1 x0 =21/21 [{RELAY_CUT_1}] *"),
        ] {
            let text = cut_record(RELAY, &[], Some(termination), moves);
            assert_eq!(record_verdicts(&text), [None], "{text}");
        }
    }
    // Each seed of the cut lap is a claim: one seed moved fails the checkpoint.
    let moved = "0,0,0,0,0,0,3,0,0,0,0,0/0,2,1,0,0,0,0,0,0,0,0,0 21/21 B 1";
    let text = cut_record(
        RELAY,
        &[],
        Some("unfinished"),
        &format!("1. B1/1 [{moved}] *"),
    );
    let verdict = record_verdicts(&text);
    assert_eq!(
        verdict[0].as_ref().map(|v| v.0),
        Some(general::CLAIM_CHECKPOINT)
    );
    // So is the player to move: the turn is not over.
    let after = RELAY_CUT_1.replace(" B 1", " A 1");
    let text = cut_record(
        RELAY,
        &[],
        Some("unfinished"),
        &format!("1. B1/1 [{after}] *"),
    );
    let verdict = record_verdicts(&text);
    assert_eq!(
        verdict[0].as_ref().map(|v| v.0),
        Some(general::CLAIM_CHECKPOINT)
    );
    // The cut is a ply of `mgn replay`, with the position it reached.
    let text = cut_record(RELAY, &[], Some("unfinished"), "1. B1/1 *");
    let game = parse_games(&text).remove(0).unwrap();
    let replayed = crate::replay::replay_game(&game, crate::replay::ReplayOptions::plies());
    assert_eq!(replayed.plies.len(), 1);
    assert_eq!(write_position(&replayed.plies[0].after), RELAY_CUT_1);
    // Played by the rules: one lap, ended by the cut, nothing captured, B still to move.
    let d = nchuwa();
    let mut state = at(&d, RELAY);
    let mut events = Vec::new();
    d.apply_cut(
        &mut state,
        &sow("B1", None, Some(1)),
        &mut Default::default(),
        &mut events,
    )
    .unwrap();
    let ends: Vec<Code> = events
        .iter()
        .filter_map(|e| match e {
            Event::LapEnd { rule, .. } => Some(*rule),
            _ => None,
        })
        .collect();
    assert_eq!(ends, [general::RECORD_CUT]);
    assert!(captures(&events).is_empty());
    assert_eq!(shown(&d, &state), RELAY_CUT_1);
}

/// mgn.record.cut: anywhere else, `/N` keeps its meaning and its errors: a record without
/// such a Termination, one that goes on after the cut or ends with another result fails at the
/// move as it always has; a cut at or past the move's own last lap, or with an extra capture,
/// is refused.
#[test]
fn nchuwa_a_cut_is_only_the_last_ply_of_a_record_that_stops_unfinished() {
    let ends_by_itself = |verdict: &[Option<(Code, String)>]| matches!(&verdict[0], Some((code, m)) if *code == "nchuwa.endless" && m.contains("ends by itself after 2 laps"));
    for (termination, moves) in [
        (None, "1. B1/1 *"),
        (Some("normal"), "1. B1/1 *"),
        (Some("Ludii's move limit"), "1. B1/1 *"),
        (Some("unfinished"), "1. B1/1 1... A7 *"),
        (Some("unfinished"), "1. B1/1 pass *"),
        (Some("abandoned"), "1. B1/1 1-0"),
    ] {
        let text = cut_record(RELAY, &[], termination, moves);
        let verdict = record_verdicts(&text);
        assert!(ends_by_itself(&verdict), "{text}: {verdict:?}");
    }
    for stop in [2, 3] {
        let text = cut_record(RELAY, &[], Some("unfinished"), &format!("1. B1/{stop} *"));
        let verdict = record_verdicts(&text);
        assert!(ends_by_itself(&verdict), "{text}: {verdict:?}");
        let d = nchuwa();
        let error = refused_cut(&d, &at(&d, RELAY), sow("B1", None, Some(stop)));
        assert_eq!(error.rule, "mgn.record.cut");
        assert!(
            error.message.contains("after lap 1 only, /1"),
            "{}",
            error.message
        );
    }
    let d = nchuwa();
    let error = refused_cut(&d, &at(&d, RELAY), sow("B1", Some("A7"), Some(1)));
    assert_eq!(error.rule, "nchuwa.capture.extra");
    let error = refused_cut(&d, &at(&d, RELAY), sow("B2", None, Some(1)));
    assert_eq!(error.rule, "nchuwa.sow.start");
}

fn refused_cut(d: &Nchuwa, state: &NchuwaState, decision: NchuwaDecision) -> Diagnostic {
    let mut after = state.clone();
    let error = d
        .apply_cut(&mut after, &decision, &mut Default::default(), &mut ())
        .unwrap_err();
    assert_eq!(&after, state, "a refused cut changes nothing");
    error
}

/// mgn.record.cut on a move that never ends: under `nchuwa.endless=illegal` (the default and
/// the preset `ludii`'s) any lap, B still to move; where `/N` is a stop the rules allow, it
/// is that stop, the turn over, as in any record.
#[test]
fn nchuwa_a_move_that_never_ends_may_be_cut_after_any_lap() {
    let d = nchuwa();
    let start = at(&d, ENDLESS);
    for lap in [1, 5, 72, 210] {
        let mut cut = start.clone();
        cut.rings[Side::B.index()] = d.ring_after(
            &start.rings[Side::B.index()],
            0,
            lap,
            &mut Default::default(),
        );
        let position = shown(&d, &cut);
        assert!(position.ends_with(" B 1"));
        let moves = format!("1. B1/{lap} [{position}] *");
        let text = cut_record(ENDLESS, &[], Some("unfinished"), &moves);
        assert_eq!(record_verdicts(&text), [None], "{text}");
        let text = cut_record(ENDLESS, &["nchuwa.endless=illegal"], None, &moves);
        let verdict = record_verdicts(&text);
        assert_eq!(verdict[0].as_ref().map(|v| v.0), Some(Endless::CODE));
    }
    // Under `stop`, B1/72 is the mover's stop: the turn passes to A.
    let options = ["nchuwa.endless=stop"];
    let passed = ENDLESS.replace(" B 1", " A 1");
    let text = cut_record(
        ENDLESS,
        &options,
        Some("unfinished"),
        &format!("1. B1/72 [{passed}] *"),
    );
    assert_eq!(record_verdicts(&text), [None], "{text}");
    let text = cut_record(
        ENDLESS,
        &options,
        Some("unfinished"),
        &format!("1. B1/72 [{ENDLESS}] *"),
    );
    let verdict = record_verdicts(&text);
    assert_eq!(
        verdict[0].as_ref().map(|v| v.0),
        Some(general::CLAIM_CHECKPOINT)
    );
    // B1/5, which `stop` does not allow, is a cut.
    let mut cut = start.clone();
    cut.rings[Side::B.index()] =
        d.ring_after(&start.rings[Side::B.index()], 0, 5, &mut Default::default());
    let moves = format!("1. B1/5 [{}] *", shown(&d, &cut));
    let text = cut_record(ENDLESS, &options, Some("unfinished"), &moves);
    assert_eq!(record_verdicts(&text), [None], "{text}");
}
