//! The limits of positions and rounds, at the limit and just past it, for `mgn check` (a
//! `Start` tag) and `mgn engine` (a `position` request) alike: both make a state through the
//! game's `state_from_position`, which checks the form (`check_position_form_with`), and this
//! shows that they agree case for case. docs/robustness.md, "Limits".

use mgn::check::{check_text, CheckOptions, RecordResult, Verdict};
use mgn::generate::Rng;
use mgn::notation::{GameKind, Header, Side};
use mgn::protocol::{serve, Answer, ServeOptions, Session, Setup};
use mgn::replay::MAX_ROUND;
use mgn::rules::general;
use mgn::rules::{with_rules, Phase, RulesExt, WithRules};

fn engine(requests: &str) -> Vec<String> {
    let mut out = Vec::new();
    let options = ServeOptions {
        name: "test".into(),
        max_laps: mgn::rules::DEFAULT_MAX_LAPS,
        counts: true,
        ..ServeOptions::default()
    };
    serve(requests.as_bytes(), &mut out, &options).unwrap();
    String::from_utf8(out)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect()
}

/// What the engine says of `position TEXT` in the game `game` names, and what check says of a
/// record whose `Start` is TEXT: `Ok` for a position taken, or the refusal as `MESSAGE (RULE)`.
fn both(game: &str, tags: &str, text: &str) -> (Result<(), String>, Result<(), String>) {
    let answers = engine(&format!("{game}\nposition {text}\n"));
    assert_eq!(answers[0], "ok", "{game}");
    let engine = match answers[1].strip_prefix("error position ") {
        Some(refused) => Err(refused.to_string()),
        // The position as mgn writes it (debts of 0/0 left out).
        None if answers[1].starts_with("position ") => Ok(()),
        None => panic!("{game}, position {text}: {}", answers[1]),
    };
    let record = format!("{tags}\n[Start \"{text}\"]\n\n*\n");
    let results = check_text(&record, &CheckOptions::default());
    let check = match &results[..] {
        // A position taken may still end the record in a failure of another rule (a `*` after
        // a game that is over): only the position's own refusal is compared.
        [RecordResult::Checked {
            verdict: Verdict::Failed(failures),
            ..
        }] if failures[0].rule == "mgn.position.shape" => {
            Err(format!("{} ({})", failures[0].message, failures[0].rule))
        }
        [RecordResult::Checked { .. }] => Ok(()),
        other => panic!("{record}: {other:?}"),
    };
    (engine, check)
}

/// Each case: the position, and whether it is taken.
fn agree(game: &str, tags: &str, cases: &[(String, bool)]) {
    for (text, taken) in cases {
        let (engine, check) = both(game, tags, text);
        assert_eq!(engine, check, "{game}, {text}: the engine and check differ");
        assert_eq!(engine.is_ok(), *taken, "{game}, {text}: {engine:?}");
    }
}

const ROUNDS: [(u32, bool); 6] = [
    (0, false),
    (1, true),
    (2, true),
    (MAX_ROUND, true),
    (MAX_ROUND + 1, false),
    (u32::MAX, false),
];

fn rounds(head: &str, tail: &str) -> Vec<(String, bool)> {
    ROUNDS
        .iter()
        .map(|&(round, taken)| (format!("{head} {round}{tail}"), taken))
        .collect()
}

fn case(text: &str, taken: bool) -> (String, bool) {
    (text.to_string(), taken)
}

#[test]
fn dakon_positions_are_refused_alike_by_the_engine_and_check() {
    let mut cases = rounds("5,5,5,5,5/5,5,5,5,5 0/0 B", "");
    cases.extend(rounds("0,0,0,0,0/0,0,0,0,0 20/30 B", ""));
    let max = u32::MAX;
    cases.extend([
        // The game's seeds, 50 on 2x5; one more and one fewer.
        case("50,0,0,0,0/0,0,0,0,0 0/0 B 1", true),
        case("5,5,5,5,5/5,5,5,5,5 0/1 B 1", false),
        case("5,5,5,5,5/5,5,5,5,4 0/0 B 1", false),
        case(&format!("{max},0,0,0,0/0,0,0,0,0 0/51 B 1"), false),
        case(&format!("0,0,0,0,0/0,0,0,0,0 {max}/51 B 1"), false),
        case("5,5,5,5,5/5,5,5,5,5 0/0 B 1 0/0", true),
        case("5,5,5,5,5/5,5,5,5,5 0/0 B 1 1/0", false),
        case(&format!("5,5,5,5,5/5,5,5,5,5 0/0 B 1 0/{max}"), false),
        case("5,5,5,5/5,5,5,5,5 0/5 B 1", false),
        // Holes go out of play at a later round's refill (dakon.round.out-of-play): never in
        // round 1.
        case("5,5,5,5,5/x,5,5,5,5 0/5 B 1", false),
        case("5,5,5,5,5/x,5,5,5,5 0/5 B 2", true),
    ]);
    agree(
        "game dakon board 2x5",
        "[Game \"dakon\"]\n[Board \"2x5\"]",
        &cases,
    );
}

#[test]
fn mraw_imrujen_positions_are_refused_alike_by_the_engine_and_check() {
    let mut cases = rounds("4,4,4,4,4/4,4,4,4,4 0/0 B", "");
    let max = u32::MAX;
    cases.extend([
        case("4,4,4,4,4/4,4,4,4,4 0/1 B 1", false),
        case("4,4,4,4,4/4,4,4,4,3 0/0 B 1", false),
        case(&format!("{max},4,4,4,4/4,4,4,4,4 0/0 B 1"), false),
        case("4,4,4,4,4/4,4,4,4,4 0/0 B 1 1/0", false),
    ]);
    agree("game mraw-imrujen", "[Game \"mraw-imrujen\"]", &cases);
}

#[test]
fn nchuwa_positions_are_refused_alike_by_the_engine_and_check() {
    let row = "0,3,3,0,3,3,0,3,3,0,3,3";
    // Nchuwa is played in one round: round 1 only, and 0 and past 1000000 as in every game.
    let mut cases: Vec<(String, bool)> = rounds(&format!("{row}/{row} 0/0 B"), "")
        .into_iter()
        .map(|(text, taken)| (text.clone(), taken && text.ends_with(" 1")))
        .collect();
    let empty = "0,0,0,0,0,0,0,0,0,0,0,0";
    cases.extend([
        // A hole holds at most the game's 48 seeds (a byte keeps it).
        case(&format!("48,0,0,0,0,0,0,0,0,0,0,0/{empty} 0/0 B 1"), true),
        case(&format!("49,0,0,0,0,0,0,0,0,0,0,0/{empty} 0/0 B 1"), false),
        case(&format!("256,0,0,0,0,0,0,0,0,0,0,0/{empty} 0/0 B 1"), false),
        case(&format!("{row}/{row} 0/1 B 1"), false),
        case(&format!("{row}/{row} 0/0 B 1 0/1"), false),
    ]);
    agree(
        "game nchuwa board 4x6",
        "[Game \"nchuwa\"]\n[Board \"4x6\"]",
        &cases,
    );
}

#[test]
fn dong_wo_positions_are_refused_alike_by_the_engine_and_check() {
    let mut cases = rounds("0,0,1,0,0/1,0,0,0,0 19mA/19mB B", "");
    cases.extend(rounds("0,0,1,0,0/1,0,0,0,0 19mA/19mB B", " 0/3"));
    let max = u32::MAX;
    cases.extend([
        // A hole holds at most the game's 40 small stones (a byte keeps it).
        case("0,0,0,0,0/0,0,40,0,0 0mA/0mB B 1", true),
        case("0,0,0,0,0/0,0,41,0,0 0mA/0mB B 1", false),
        case("0,0,0,0,0/0,0,256,0,0 0mA/0mB B 1", false),
        case("0,0,1,0,0/1,0,0,0,0 19mA/20mB B 1", false),
        // A debt is at most u32::MAX, the reader's limit.
        case(&format!("0,0,1,0,0/1,0,0,0,0 19mA/19mB B 1 {max}/0"), true),
        case(&format!("0,0,1,0,0/1,0,0,0,0 {max}mA/19mB B 1"), false),
    ]);
    agree("game dong-wo", "[Game \"dong-wo\"]", &cases);
}

/// The case: the engine took round 4294967295, and after the round ended `next-round`
/// answered round 0 (release) or panicked (debug, as this test runs).
#[test]
fn the_engine_refuses_round_4294967295_and_round_0() {
    for (game, position) in [
        ("dakon board 2x5", "0,0,0,0,0/0,0,0,0,0 25/25 B"),
        ("mraw-imrujen", "0,1,1,0,1/1,5,3,3,1 16/8 B"),
        ("dong-wo", "0,0,1,0,0/1,0,0,0,0 19mA/19mB B"),
    ] {
        let answers = engine(&format!(
            "game {game}\nposition {position} 4294967295\nnext-round\nposition {position} 0\n"
        ));
        assert_eq!(
            answers[1..],
            [
                "error position the position is in round 4294967295; mgn plays rounds up to 1000000 (mgn.position.shape)",
                "error state the round is not over",
                "error position the position is in round 0: rounds count from 1 (mgn.position.shape)",
            ],
            "{game}"
        );
    }
}

/// From the start position set in `round`, random decisions to the round's end, then the next
/// round: its number, or the refusal.
struct NextRound {
    round: u32,
}

impl WithRules for NextRound {
    type Output = Result<u32, String>;
    fn run<R: RulesExt>(self, rules: &R) -> Result<u32, String> {
        let mut rng = Rng::new(11);
        for _ in 0..200 {
            let mut session = Session::new(rules);
            let mut position = rules.position(&rules.start(Side::B));
            position.round = self.round;
            let set = session.setup(&Setup::Position(position));
            assert!(matches!(set, Answer::Position(_)), "{set}");
            for _ in 0..5000 {
                match rules.phase(session.state()) {
                    Phase::RoundOver { round } => {
                        assert_eq!(round, self.round);
                        let before = session.state().clone();
                        return match session.next_round() {
                            Answer::Position(p) => Ok(p.round),
                            refused => {
                                // A refusal changes nothing.
                                assert_eq!(session.state(), &before);
                                Err(refused.to_string())
                            }
                        };
                    }
                    Phase::Over { .. } => break,
                    _ => {
                        let open = session.decisions().unwrap();
                        session.play(&open[rng.below(open.len())].clone());
                    }
                }
            }
        }
        panic!("no random game ended a round");
    }
}

/// The round after the last (1000000) is refused under `mgn.limit.rounds` in every game of
/// rounds, never wrapped round to 0.
#[test]
fn next_round_after_max_round_is_refused_in_every_game_of_rounds() {
    for game in [GameKind::Dakon, GameKind::MrawImrujen, GameKind::DongWo] {
        let header = Header::new(game);
        let next = |round| with_rules(&header, NextRound { round }).unwrap();
        assert_eq!(next(1), Ok(2), "{game}");
        assert_eq!(next(MAX_ROUND - 1), Ok(MAX_ROUND), "{game}");
        assert_eq!(
            next(MAX_ROUND),
            Err("error state round 1000000 is over, and mgn plays rounds up to 1000000: there is no round after it (mgn.limit.rounds)".into()),
            "{game}"
        );
    }
}

/// A round marker past the last round is refused where it stands, as `next-round` is.
#[test]
fn a_round_marker_past_max_round_is_refused() {
    let record = |round: u32| {
        format!(
            "[Game \"dakon\"]\n[Start \"0,0,0,0,0/0,0,0,0,0 20/30 B {round}\"]\n\nround {} *\n",
            round + 1
        )
    };
    let verdict = |text: &str| match &check_text(text, &CheckOptions::default())[..] {
        [RecordResult::Checked { verdict, .. }] => verdict.clone(),
        other => panic!("{other:?}"),
    };
    assert_eq!(verdict(&record(MAX_ROUND - 1)), Verdict::Passed);
    let Verdict::Failed(failures) = verdict(&record(MAX_ROUND)) else {
        panic!("round 1000001 passed");
    };
    assert_eq!(failures[0].rule, general::LIMIT_ROUNDS);
}

/// A misplaced `round N` marker says what differs. It said "`round 1` here, but the replay is
/// in round 1" both of a second marker of the round and of a marker of the round that is over.
#[test]
fn a_misplaced_round_marker_says_what_differs() {
    let refusal = |text: &str| match &check_text(text, &CheckOptions::default())[..] {
        [RecordResult::Checked {
            verdict: Verdict::Failed(failures),
            ..
        }] => {
            assert_eq!(failures[0].rule, general::ROUND_MARKER);
            failures[0].message.clone()
        }
        other => panic!("{text}: {other:?}"),
    };
    let dakon = "[Game \"dakon\"]\n[Start \"0,0,0,0,0/0,0,0,0,0 20/30 B 1\"]\n\n";
    assert_eq!(
        refusal(&format!("{dakon}round 1 *\n")),
        "`round 1` here, but round 1 is over and round 2 starts here"
    );
    let mraw = "[Game \"mraw-imrujen\"]\n\n";
    assert_eq!(
        refusal(&format!("{mraw}round 1 round 1 *\n")),
        "`round 1` here, but round 1 started at an earlier marker: a round has one marker"
    );
    assert_eq!(
        refusal(&format!("{mraw}1. B1 round 1 *\n")),
        "`round 1` here, but round 1 started 1 plies ago: its marker stands before its first ply"
    );
    assert_eq!(
        refusal(&format!("{mraw}1. B1 round 2 *\n")),
        "`round 2` here, but the replay is in round 1, which has not ended (after 1 plies)"
    );
}
