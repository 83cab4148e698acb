//! Properties of the replay engine, over random legal games of every implemented game and
//! preset: seeds are conserved at every step, the step events tell the whole story of each
//! decision, replay is deterministic, and a changed checkpoint is caught where it stands.

use mgn::check::{check_game, CheckOptions, Verdict};
use mgn::generate::{random_game, GenerateOptions, Rng};
use mgn::notation::{
    parse_games, write_game, BoardSize, Element, Game, GameKind, Header, Hole, Position,
    RuleSetting, Side, Span, Spanned,
};
use mgn::replay::ReplayOptions;
use mgn::rules::general;
use mgn::rules::{game_def, with_rules, Event, EventSink, Phase, RulesExt, WithRules};
use proptest::prelude::*;
use std::collections::BTreeMap;
use std::path::Path;

/// Where seeds can be: a hole, a store (a Dakon store is also its owner's hole N+1), or the
/// sower's hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Place {
    Hole(Side, u32),
    Store(Side),
}

/// A board rebuilt from events alone.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Ledger {
    places: BTreeMap<Place, i64>,
    hand: i64,
    row_length: u32,
}

impl Ledger {
    fn from_position(position: &Position) -> Ledger {
        let mut places = BTreeMap::new();
        for side in [Side::A, Side::B] {
            for (i, hole) in position.holes[side.index()].iter().enumerate() {
                let points = hole.pile.seeds as i64 + 5 * hole.pile.muzi.count() as i64;
                places.insert(Place::Hole(side, i as u32 + 1), points);
            }
            let store = position.stores[side.index()];
            places.insert(
                Place::Store(side),
                store.seeds as i64 + 5 * store.muzi.count() as i64,
            );
        }
        Ledger {
            places,
            hand: 0,
            row_length: position.holes[0].len() as u32,
        }
    }

    fn place(&self, hole: Hole) -> Place {
        if hole.number == self.row_length + 1 {
            Place::Store(hole.side)
        } else {
            Place::Hole(hole.side, hole.number)
        }
    }

    fn total(&self) -> i64 {
        self.places.values().sum::<i64>() + self.hand
    }

    fn shift(&mut self, from: Place, to: Option<Place>, amount: i64) {
        let left = self.places.entry(from).or_default();
        *left -= amount;
        assert!(*left >= 0, "{from:?} went below zero");
        match to {
            Some(to) => *self.places.entry(to).or_default() += amount,
            None => self.hand += amount,
        }
    }
}

/// Checks each event against the rebuilt board as it comes.
struct Auditor {
    ledger: Ledger,
    total: i64,
}

impl EventSink for Auditor {
    fn event(&mut self, event: Event) {
        match event {
            Event::PickUp { hole, pile, .. } => {
                let place = self.ledger.place(hole);
                assert_eq!(
                    self.ledger.places.get(&place).copied().unwrap_or(0),
                    pile.seeds as i64 + 5 * pile.muzi.count() as i64,
                    "a pick-up takes the whole hole {hole}"
                );
                self.ledger.shift(
                    place,
                    None,
                    pile.seeds as i64 + 5 * pile.muzi.count() as i64,
                );
            }
            Event::Sow { hole } => {
                assert!(
                    self.ledger.hand > 0,
                    "a seed sown into {hole} from an empty hand"
                );
                self.ledger.hand -= 1;
                *self
                    .ledger
                    .places
                    .entry(self.ledger.place(hole))
                    .or_default() += 1;
            }
            Event::SowMuzi { hole, .. } => {
                assert!(
                    self.ledger.hand >= 5,
                    "a muzi sown into {hole} from a hand without one"
                );
                self.ledger.hand -= 5;
                *self
                    .ledger
                    .places
                    .entry(self.ledger.place(hole))
                    .or_default() += 5;
            }
            Event::Capture { hole, pile, by, .. } => {
                let amount = pile.seeds as i64 + 5 * pile.muzi.count() as i64;
                let from = self.ledger.place(hole);
                self.ledger.shift(from, Some(Place::Store(by)), amount);
            }
            Event::Bank { hole, pile, to, .. } => {
                let amount = pile.seeds as i64 + 5 * pile.muzi.count() as i64;
                let from = self.ledger.place(hole);
                self.ledger.shift(from, Some(Place::Store(to)), amount);
            }
            Event::Gather {
                hole, seeds, by, ..
            } => {
                let from = self.ledger.place(hole);
                self.ledger
                    .shift(from, Some(Place::Store(by)), seeds as i64);
            }
            Event::Transfer {
                from, to, seeds, ..
            } => {
                self.ledger
                    .shift(Place::Store(from), Some(Place::Store(to)), seeds as i64);
            }
            Event::Refill { hole, seeds } => {
                let to = self.ledger.place(hole);
                self.ledger
                    .shift(Place::Store(hole.side), Some(to), seeds as i64);
            }
            Event::Remove { from, seeds, .. } => {
                // The seeds leave the game: the total to conserve from here on is smaller.
                self.ledger.shift(Place::Store(from), None, seeds as i64);
                self.ledger.hand -= seeds as i64;
                self.total -= seeds as i64;
            }
            Event::Place {
                hole, pile, from, ..
            } => {
                let to = self.ledger.place(hole);
                self.ledger.shift(
                    Place::Store(from),
                    Some(to),
                    pile.seeds as i64 + 5 * pile.muzi.count() as i64,
                );
            }
            Event::MuziSale { from, to, .. } => {
                self.ledger
                    .shift(Place::Store(from), Some(Place::Store(to)), 5);
            }
            Event::Shift {
                from, to, seeds, ..
            } => {
                let (from, to) = (self.ledger.place(from), self.ledger.place(to));
                self.ledger.shift(from, Some(to), seeds as i64);
            }
            Event::Skip { .. }
            | Event::LapEnd { .. }
            | Event::Pass { .. }
            | Event::TurnEnd { .. }
            | Event::RoundEnd { .. }
            | Event::OutOfPlay { .. }
            | Event::Owner { .. }
            | Event::RoundStart { .. }
            | Event::GameEnd { .. }
            | Event::Cycle { .. } => {}
            Event::Omitted { .. } => panic!("the rules report every event: only a replay omits"),
        }
        assert_eq!(
            self.ledger.total(),
            self.total,
            "seeds conserved at {event:?}"
        );
    }
    fn mark(&mut self) -> usize {
        0
    }
    fn withdraw(&mut self, _: usize) {
        panic!("the auditor is fed decisions the rules accept: none is withdrawn");
    }
}

/// Plays a random game decision by decision, auditing every event.
struct AuditedPlayout {
    seed: u64,
    max_decisions: usize,
}

impl WithRules for AuditedPlayout {
    type Output = usize;
    fn run<R: RulesExt>(self, rules: &R) -> usize {
        let mut rng = Rng::new(self.seed);
        let first = if rng.below(2) == 0 { Side::A } else { Side::B };
        let mut state = rules.start(first);
        let mut scratch = R::Scratch::default();
        let start = rules.position(&state);
        let mut total = Ledger::from_position(&start).total();
        let mut decisions = Vec::new();
        let mut played = 0;
        while played < self.max_decisions {
            let mut auditor = Auditor {
                ledger: Ledger::from_position(&rules.position(&state)),
                total,
            };
            match rules.phase(&state) {
                Phase::Over { .. } => break,
                Phase::RoundOver { .. } => rules.begin_round(&mut state, &mut auditor).unwrap(),
                _ => {
                    // Random play's decisions: the voluntary ones too (Dong Wo's owner actions).
                    rules.random_decisions(&state, &mut scratch, &mut decisions);
                    assert!(!decisions.is_empty(), "a player to move has a decision");
                    let decision = decisions[rng.below(decisions.len())].clone();
                    rules
                        .apply(&mut state, &decision, &mut scratch, &mut auditor)
                        .unwrap();
                }
            }
            assert_eq!(
                auditor.ledger.hand, 0,
                "nothing stays in hand between decisions"
            );
            total = auditor.total;
            assert_eq!(
                auditor.ledger,
                Ledger::from_position(&rules.position(&state)),
                "the events describe the whole decision"
            );
            played += 1;
        }
        played
    }
}

fn header(kind: GameKind, board: BoardSize, preset: Option<&str>) -> Header {
    let mut header = Header::new(kind);
    header.board = Some(Spanned::new(board, Span::default()));
    header.preset = preset.map(|p| Spanned::new(p.to_string(), Span::default()));
    header
}

/// Every implemented game with each of its boards and presets.
fn variants() -> Vec<Header> {
    let mut all = Vec::new();
    for kind in GameKind::ALL {
        let def = game_def(kind);
        for &board in def.boards {
            all.push(header(kind, board, None));
        }
        for preset in def.presets {
            all.push(header(kind, def.default_board, Some(preset.name)));
        }
    }
    all
}

/// Every game on its default board with one option at each of its other values.
fn option_variants() -> Vec<Header> {
    let mut all = Vec::new();
    for kind in GameKind::ALL {
        let def = game_def(kind);
        for option in def.options {
            for (value, _) in &option.values[1..] {
                let mut header = header(kind, def.default_board, None);
                header.options.push(Spanned::new(
                    RuleSetting {
                        code: option.code.to_string(),
                        value: value.to_string(),
                    },
                    Span::default(),
                ));
                all.push(header);
            }
        }
    }
    all
}

/// Under every value of every option: seeds are conserved at every step of every decision, and
/// the step events alone rebuild the position each decision leaves.
#[test]
fn every_option_value_conserves_seeds_at_every_step() {
    let variants = option_variants();
    assert!(variants.len() > 30, "{} option values", variants.len());
    let mut decisions = 0;
    for header in &variants {
        for seed in 0..4 {
            let work = AuditedPlayout {
                seed,
                max_decisions: 600,
            };
            let played = with_rules(header, work).expect("configured");
            assert!(played > 0);
            decisions += played;
        }
    }
    assert!(decisions > 10_000, "{decisions} decisions audited");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Seeds are conserved at every step of every decision, and the step events alone rebuild
    /// the position each decision leaves.
    #[test]
    fn seeds_are_conserved_at_every_step(variant in 0usize..64, seed in any::<u64>()) {
        let variants = variants();
        let header = &variants[variant % variants.len()];
        let work = AuditedPlayout { seed, max_decisions: 600 };
        let played = with_rules(header, work).expect("configured");
        prop_assert!(played > 0);
    }

    /// The same game replays to the same plies and positions, and the generator gives the same
    /// record for the same seed.
    #[test]
    fn replay_is_deterministic(variant in 0usize..64, seed in any::<u64>()) {
        let variants = variants();
        let header = variants[variant % variants.len()].clone();
        let game = generated(&header, seed, 300);
        let again = generated(&header, seed, 300);
        prop_assert_eq!(write_game(&game), write_game(&again));
        let first = mgn::replay::replay_game(&game, ReplayOptions::plies());
        let second = mgn::replay::replay_game(&game, ReplayOptions::plies());
        prop_assert!(first.failure.is_none(), "{:?}", first.failure);
        prop_assert_eq!(format!("{:?}", first.plies), format!("{:?}", second.plies));
    }

    /// Any generated game survives print -> parse -> replay unchanged.
    #[test]
    fn printed_games_parse_back_and_pass(variant in 0usize..64, seed in any::<u64>()) {
        let variants = variants();
        let header = variants[variant % variants.len()].clone();
        let game = generated(&header, seed, 300);
        let text = write_game(&game);
        let parsed = parse_games(&text);
        prop_assert_eq!(parsed.len(), 1);
        let reread = parsed.into_iter().next().unwrap().unwrap();
        prop_assert_eq!(&reread, &game);
        prop_assert_eq!(check_game(&reread, &CheckOptions::default()), Verdict::Passed);
    }

    /// The YAML and JSON round trips are lossless: any generated game comes back printing the
    /// same text, and still passes.
    #[test]
    fn documents_keep_every_game(variant in 0usize..64, seed in any::<u64>()) {
        let variants = variants();
        let header = variants[variant % variants.len()].clone();
        let game = generated(&header, seed, 300);
        let text = write_game(&game);
        let from_yaml = mgn::document::from_yaml(&mgn::document::to_yaml(std::slice::from_ref(&game)));
        let from_json = mgn::document::from_json(&mgn::document::to_json(std::slice::from_ref(&game)));
        for back in [from_yaml, from_json] {
            let back = back.map_err(|e| TestCaseError::fail(e.to_string()))?;
            prop_assert_eq!(back.len(), 1);
            prop_assert_eq!(write_game(&back[0]), text.clone());
            prop_assert_eq!(check_game(&back[0], &CheckOptions::default()), Verdict::Passed);
        }
    }
}

struct Generate {
    header: Header,
    seed: u64,
    max_plies: usize,
}

impl WithRules for Generate {
    type Output = Game;
    fn run<R: RulesExt>(self, rules: &R) -> Game {
        let mut rng = Rng::new(self.seed);
        random_game(
            rules,
            self.header,
            rules.start(Side::B),
            &mut rng,
            GenerateOptions {
                checkpoints: true,
                max_plies: self.max_plies,
            },
        )
    }
}

fn generated(header: &Header, seed: u64, max_plies: usize) -> Game {
    let work = Generate {
        header: header.clone(),
        seed,
        max_plies,
    };
    with_rules(header, work).unwrap()
}

/// Changing one number in any checkpoint of a record turns it to failed, with the annotated
/// diff pointing at that checkpoint.
#[test]
fn a_changed_checkpoint_number_fails_at_that_checkpoint() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("records");
    let mut checked = 0;
    for case in mgn::suite::cases(&root).unwrap() {
        let text = std::fs::read_to_string(&case).unwrap();
        for (game_index, parsed) in parse_games(&text).into_iter().enumerate() {
            let game = parsed.unwrap();
            if check_game(&game, &CheckOptions::default()) != Verdict::Passed {
                continue; // a game mgn does not replay yet
            }
            for (i, element) in game.moves.iter().enumerate() {
                let Element::Checkpoint(checkpoint) = element else {
                    continue;
                };
                let mut changed = game.clone();
                let Element::Checkpoint(claim) = &mut changed.moves[i] else {
                    unreachable!()
                };
                // One number: a hole's count, one more seed.
                let hole = claim
                    .value
                    .holes
                    .iter_mut()
                    .flatten()
                    .find(|h| !h.out_of_play)
                    .expect("a hole in play");
                hole.pile.seeds += 1;
                let Verdict::Failed(problems) = check_game(&changed, &CheckOptions::default())
                else {
                    panic!(
                        "{} game {}: a changed checkpoint passed",
                        case.display(),
                        game_index + 1
                    );
                };
                let problem = &problems[0];
                assert_eq!(problem.rule, "mgn.claim.checkpoint");
                // Placed at the field that differs (the first hole in play), inside the
                // checkpoint.
                let at = problem.offset().expect("placed");
                assert!(
                    (checkpoint.span.start..checkpoint.span.end).contains(&at),
                    "{at} is not in {:?}",
                    checkpoint.span
                );
                assert!(
                    problem.label().is_some_and(|l| l.contains("claimed")),
                    "{problem:?}"
                );
                let diff = problem.diff.as_deref().expect("a diff");
                assert!(diff.contains("--- claimed"), "{diff}");
                assert!(diff.contains("+++ replayed"));
                let after_a_move = game.moves[..i]
                    .iter()
                    .any(|e| matches!(e, Element::Move(_) | Element::Pass(_)));
                assert_eq!(
                    problem.trace.is_some(),
                    after_a_move,
                    "the move's step trace"
                );
                checked += 1;
            }
        }
    }
    assert!(checked > 100, "only {checked} checkpoints were tried");
}

/// Tries every move form on every hole at each point of a random game: whatever the rules
/// refuse leaves the state exactly as it was (the replay lists the legal alternatives after a
/// refusal, from the state the refusal left).
struct RefusalsChangeNothing {
    seed: u64,
}

fn candidate_moves() -> Vec<mgn::notation::Move> {
    use mgn::notation::{Direction, Few, Move, Sowing};
    let mut moves = Vec::new();
    for side in [Side::A, Side::B] {
        for number in 0..=31 {
            for direction in [
                None,
                Some(Direction::CounterClockwise),
                Some(Direction::Clockwise),
            ] {
                moves.push(Move {
                    sowings: Sowing {
                        hole: Spanned::new(Hole::new(side, number), Span::default()),
                        direction,
                        transfer_to: None,
                        muzi_drops: Few::new(),
                    }
                    .into(),
                    extra_captures: Few::new(),
                    actions: Few::new(),
                    stopped_after_lap: None,
                });
            }
        }
    }
    moves
}

impl WithRules for RefusalsChangeNothing {
    type Output = usize;
    fn run<R: RulesExt>(self, rules: &R) -> usize {
        let mut rng = Rng::new(self.seed);
        let mut state = rules.start(Side::B);
        let candidates = candidate_moves();
        let mut decisions = Vec::new();
        let mut refused = 0;
        for _ in 0..120 {
            match rules.phase(&state) {
                Phase::Over { .. } => break,
                Phase::RoundOver { .. } => {
                    rules.begin_round(&mut state, &mut ()).unwrap();
                    continue;
                }
                _ => {}
            }
            for written in &candidates {
                let Ok(parts) = rules.decisions_from_move(written) else {
                    continue;
                };
                for (decision, _) in parts.iter().take(1) {
                    let mut tried = state.clone();
                    if rules
                        .apply(&mut tried, decision, &mut Default::default(), &mut ())
                        .is_err()
                    {
                        assert_eq!(tried, state, "refusing {decision} changed the state");
                        refused += 1;
                    }
                }
            }
            rules.decisions(&state, &mut Default::default(), &mut decisions);
            let decision = decisions[rng.below(decisions.len())].clone();
            rules
                .apply(&mut state, &decision, &mut Default::default(), &mut ())
                .unwrap();
        }
        refused
    }
}

#[test]
fn a_refused_decision_changes_nothing() {
    let mut refused = 0;
    for (i, header) in variants().iter().enumerate() {
        refused += with_rules(header, RefusalsChangeNothing { seed: i as u64 }).unwrap();
    }
    assert!(refused > 1000, "only {refused} refusals were tried");
}

/// A replay keeps a ply's events only when something reads them, and plays the ply whose
/// failure reads them again with them, from the state before it: the failure must be the one a
/// replay that kept every event from the start reports.
#[test]
fn a_failure_is_the_same_whether_or_not_events_were_kept_from_the_start() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures");
    let mut failures = 0;
    for case in mgn::suite::cases(&root).unwrap() {
        // Some bad fixtures are not even text.
        let Ok(text) = std::fs::read_to_string(&case) else {
            continue;
        };
        for parsed in parse_games(&text) {
            let Ok(game) = parsed else { continue };
            let quick = mgn::replay::replay_game(&game, ReplayOptions::verdict());
            let kept = mgn::replay::replay_game(&game, ReplayOptions::plies());
            assert_eq!(quick.failure, kept.failure, "{}", case.display());
            failures += usize::from(quick.failure.is_some_and(|f| f.trace.is_some()));
        }
    }
    assert!(failures > 10, "only {failures} failures with a trace");
}

/// `*A1` alone is a move with no sowing: Nchuwa's opening removal under
/// `nchuwa.opening.order=interleaved`. Every other game refuses it as a move form it does not
/// have (mgn.move.form), never panics on a move without a hole to sow.
#[test]
fn a_removal_alone_is_a_move_form_only_of_nchuwa() {
    for kind in GameKind::ALL {
        let name = game_def(kind).kind.name();
        let text = format!("[Game \"{name}\"]\n\n1. *A1 *\n");
        let game = parse_games(&text).remove(0).unwrap();
        let Verdict::Failed(diagnostics) = check_game(&game, &CheckOptions::default()) else {
            panic!("{name}: *A1 passed");
        };
        let expected = match kind {
            // The default order: the transfer names its removals.
            GameKind::Nchuwa => mgn::rules::nchuwa::OpeningOrder::CODE,
            _ => general::MOVE_FORM,
        };
        assert_eq!(diagnostics[0].rule, expected, "{name}");
    }
}

/// A capture claim is checked against the move's events, which a replay that keeps no plies
/// records only for the move the claim follows, played again with them from the state before
/// it. A
/// claim of nothing after a move that captured, which the move's events alone tell apart,
/// fails as surely as a wrong count, and the right claim passes.
#[test]
fn a_capture_claim_is_checked_by_a_replay_without_kept_events() {
    let game = |claim: &str| {
        let text = format!(
            "[Game \"dakon\"]\n[Start \"0,0,3,0,1/0,1,0,0,0 22/23 B 1\"]\n\n1. B2 {claim} =22/27 *\n"
        );
        parse_games(&text).remove(0).unwrap()
    };
    for keep_plies in [false, true] {
        let options = || match keep_plies {
            true => ReplayOptions::plies(),
            false => ReplayOptions::verdict(),
        };
        let replayed = mgn::replay::replay_game(&game("x4(A3,B3)"), options());
        assert_eq!(replayed.failure, None, "keep_plies {keep_plies}");
        for wrong in ["x0", "x3", "x4(A3,B4)"] {
            let failure = mgn::replay::replay_game(&game(wrong), options())
                .failure
                .unwrap_or_else(|| panic!("{wrong} passed (keep_plies {keep_plies})"));
            assert_eq!(failure.rule, "mgn.claim.captures", "{wrong}");
            assert!(
                failure.message.contains("but the move captured x4"),
                "{wrong}: {}",
                failure.message
            );
        }
    }
}

/// mgn.record.cut is Nchuwa's: in the other games a `/N` at the end of a record that stops
/// unfinished fails as anywhere else, under the game's own code, the cut's reason added. Dong
/// Wo's moves have laps, but mgn does not cut them; Mraw imrujen's and Dakon's moves are never
/// written with `/N`.
#[test]
fn a_move_cut_after_a_lap_ends_only_a_nchuwa_record() {
    for (text, rule) in [
        (
            "[Game \"dong-wo\"]\n[Option \"dong-wo.game.length=one-round\"]\n[Start \"0,2,1,0,3/0,1,0,4,2 27mAmB/0 B 1\"]\n[Option \"dong-wo.endless=stop\"]\n[Termination \"unfinished\"]\n\n1. B5>/74 *\n",
            mgn::rules::dong_wo::EndlessMove::CODE,
        ),
        (
            "[Game \"mraw-imrujen\"]\n[Termination \"unfinished\"]\n\n1. B1/1 *\n",
            general::MOVE_FORM,
        ),
        (
            "[Game \"dakon\"]\n[Termination \"abandoned\"]\n\n1. B1/1 *\n",
            general::MOVE_FORM,
        ),
    ] {
        let game = parse_games(text).remove(0).unwrap();
        match check_game(&game, &CheckOptions::default()) {
            Verdict::Failed(failures) => {
                assert_eq!(failures[0].rule, rule, "{text}: {}", failures[0].message);
                if rule != "mgn.move.form" {
                    assert!(
                        failures[0].message.contains("mgn cuts no move of this game"),
                        "{}",
                        failures[0].message
                    );
                }
            }
            Verdict::Passed => panic!("{text} passed"),
        }
    }
}

/// The rules a step fired, sorted by code, for comparing two counts of them.
fn fired_sorted(fired: &mgn::replay::RulesFired) -> Vec<(String, u64)> {
    let mut all: Vec<_> = fired
        .iter()
        .map(|(code, times)| (code.as_str().to_string(), times))
        .collect();
    all.sort();
    all
}

/// A step's counters say what its events say, wherever the events are all kept (decisions
/// withdrawn half-way included), a step ends its round exactly where the next is a round
/// marker, and `on_counts` is given the counters `on_step` is.
#[test]
fn a_steps_counters_agree_with_its_events_and_its_round_end_with_the_next_marker() {
    for header in variants().iter().chain(&option_variants()) {
        for seed in 0..3 {
            let game = generated(header, seed, 300);
            let replayed = mgn::replay::replay_game(&game, ReplayOptions::plies());
            assert_eq!(replayed.failure, None, "{header:?} seed {seed}");
            let steps = &replayed.plies;
            // on_counts is given the same counts, without the steps' events and positions.
            let mut counted = Vec::new();
            let mut on_counts = |step: mgn::replay::StepCounts<'_>| {
                counted.push((
                    step.is_ply,
                    step.captures.clone(),
                    fired_sorted(step.rules),
                    step.ends_round,
                ));
            };
            let options = ReplayOptions::verdict().on_counts(&mut on_counts);
            assert_eq!(mgn::replay::replay_game(&game, options).failure, None);
            let from_steps: Vec<_> = steps
                .iter()
                .map(|step| {
                    let is_ply = matches!(step.label, mgn::replay::StepLabel::Ply { .. });
                    let rules = fired_sorted(&step.rules);
                    (is_ply, step.captures.clone(), rules, step.ends_round)
                })
                .collect();
            assert_eq!(counted, from_steps, "{header:?} seed {seed}");
            for (k, step) in steps.iter().enumerate() {
                assert!(!step
                    .events
                    .iter()
                    .any(|e| matches!(e, Event::Omitted { .. })));
                let from_events = mgn::replay::RulesFired::of(&step.events);
                assert_eq!(
                    fired_sorted(&step.rules),
                    fired_sorted(&from_events),
                    "{header:?} seed {seed}: {}",
                    step.heading()
                );
                let captures = step
                    .events
                    .iter()
                    .filter(|e| matches!(e, Event::Capture { .. }))
                    .count() as u64;
                assert_eq!(step.captures.count, captures, "{}", step.heading());
                let next_is_marker = steps
                    .get(k + 1)
                    .is_some_and(|next| matches!(next.label, mgn::replay::StepLabel::Round { .. }));
                assert_eq!(
                    step.ends_round,
                    next_is_marker,
                    "{header:?} seed {seed}: {}",
                    step.heading()
                );
            }
        }
    }
}

/// A move of 17,208 laps (fixtures/nchuwa/endless-long.mgn) keeps in its trace its first and
/// last laps only; its counters count every lap's rule.
#[test]
fn a_ply_too_long_for_its_trace_is_counted_whole() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/nchuwa/endless-long.mgn");
    let text = std::fs::read_to_string(path).unwrap();
    let game = parse_games(&text).remove(0).unwrap();
    let mut seen = Vec::new();
    let mut on_step = |progress: mgn::replay::Progress| {
        if let mgn::replay::Progress::Step(step) = progress {
            seen.push(step);
        }
    };
    let options = ReplayOptions::verdict().on_step(&mut on_step);
    assert_eq!(mgn::replay::replay_game(&game, options).failure, None);
    let [ply] = seen.as_slice() else {
        panic!("{} steps", seen.len())
    };
    assert!(ply
        .events
        .iter()
        .any(|e| matches!(e, Event::Omitted { .. })));
    let relay = game_def(GameKind::Nchuwa).code("nchuwa.lap.relay").unwrap();
    let endless = game_def(GameKind::Nchuwa).code("nchuwa.endless").unwrap();
    let kept = mgn::replay::RulesFired::of(&ply.events);
    assert!(kept.times(relay) < 17_207, "{}", kept.times(relay));
    // Each lap but the last ends in a relay; the last, where the mover stops, and the cycle's
    // summary name the endless rule.
    assert_eq!(ply.rules.times(relay), 17_207);
    assert_eq!(ply.rules.times(endless), 2);
    assert_eq!(ply.captures.count, 0);
    assert!(!ply.ends_round);
}
