//! `mgn engine` and `mgn referee` (docs/protocol.md), run as a user runs them: the engine driven
//! through a pipe, the referee against mgn's own engine, against mgn's engine reading an option
//! otherwise, and against engines that crash, hang, print garbage or answer in another order.

mod support;

use std::fs;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};
use support::*;

const MGN: &str = env!("CARGO_BIN_EXE_mgn");

/// `mgn referee ARGS -- ENGINE...`.
fn referee(args: &[&str], engine: &[&str]) -> std::process::Output {
    let mut all: Vec<&str> = vec!["referee"];
    all.extend_from_slice(args);
    // The default --timeout (10 s an answer) is a wall clock: a Python engine's count on a busy
    // 2-core machine can take longer. A test that does not test the timeout gives a ceiling
    // only against a hang; the perft depth is chosen by the node budget, which is work.
    if !args.contains(&"--timeout") {
        all.extend_from_slice(&["--timeout", "600"]);
    }
    all.push("--");
    all.extend_from_slice(engine);
    mgn(&all)
}

/// Talk to `mgn engine` a line at a time, as a client does: each answer is read before the
/// next request is written, so an engine that buffered its answers would hang this test.
#[test]
fn mgn_engine_answers_each_request_through_a_pipe() {
    let mut child = Command::new(MGN)
        .arg("engine")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    let mut output = BufReader::new(child.stdout.take().unwrap());
    let mut ask = |request: &str| {
        writeln!(input, "{request}").unwrap();
        input.flush().unwrap();
        let mut line = String::new();
        output.read_line(&mut line).unwrap();
        line.trim_end().to_string()
    };
    assert!(ask("mgn").starts_with("ready mgn-protocol 1 mgn "));
    assert_eq!(
        ask("moves"),
        "error state no game yet: send game GAME first"
    );
    assert_eq!(ask("game dakon board 2x5"), "ok");
    assert_eq!(
        ask("position startpos B"),
        "position 5,5,5,5,5/5,5,5,5,5 0/0 B 1"
    );
    assert_eq!(ask("moves"), "moves B1 B2 B3 B4 B5");
    // dakon.capture.opposite: B4 ends in the empty B4 facing A2.
    assert_eq!(
        ask("play B4"),
        "played turn-over x7(A2,B4) 6,0,0,6,6/6,6,6,0,6 0/8 A 1"
    );
    assert_eq!(ask("divide 1"), "divide 3 A1 1 A4 1 A5 1");
    // dakon.lap.store: the turn goes on, one decision at a time.
    ask("position startpos B");
    assert_eq!(
        ask("play B1"),
        "played continue x0 5,5,5,5,5/0,6,6,6,6 0/1 B 1"
    );
    assert_eq!(ask("moves"), "moves B2 B3 B4 B5");
    assert!(ask("play A1").starts_with("error illegal "));
    assert!(ask("fly").starts_with("error request "));
    // Dong Wo: a hole and its direction, then the muzi's drop, each a decision.
    assert_eq!(ask("game dong-wo"), "ok");
    assert_eq!(
        ask("play B1>"),
        "played continue x0 5,5,5,5,mA/mB,5,5,5,5 0/0 B 1"
    );
    assert_eq!(ask("moves"), "moves @B2");
    assert!(ask("position 1,2/3 0/0 B 1").starts_with("error position "));
    writeln!(input, "quit").unwrap();
    drop(input);
    assert!(child.wait().unwrap().success());
}

/// An engine whose input ends without `quit` exits, and a blank line gets no answer.
#[test]
fn mgn_engine_exits_at_the_end_of_its_input() {
    let output = run(&["engine"], Some(b"mgn\n\n   \ngame nchuwa\nperft 1\n"));
    assert_eq!(code(&output), 0);
    let out = stdout(&output);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3, "{out}");
    assert_eq!(lines[2], "perft 52");
}

/// A request line past the protocol's line limit gets one `error request` (and is not echoed
/// back, nor held whole in memory), as does one that is not UTF-8; the engine goes on with the
/// next line.
#[test]
fn mgn_engine_refuses_an_overlong_request_line() {
    let mut input = b"mgn\ngame dakon\n".to_vec();
    input.extend(std::iter::repeat_n(b'x', 3_000_000));
    input.extend_from_slice(b"\n\xffx\nperft 1\nquit\n");
    let output = run(&["engine"], Some(&input));
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    let out = stdout(&output);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines[2],
        "error request the line is longer than 1048576 bytes, the protocol's limit",
        "{}",
        &out[..out.len().min(400)]
    );
    assert_eq!(lines[3], "error request the line is not UTF-8");
    assert_eq!(lines[4], "perft 1373");
    assert_eq!(lines.len(), 5);
}

/// A depth no count could reach is refused with `error request`, not recursed into until the
/// stack overflows; the engine goes on answering.
#[test]
fn mgn_engine_refuses_a_depth_past_the_limit() {
    let output = run(
        &["engine"],
        Some(b"mgn\ngame dakon\nperft 1000000\ndivide 65\nperft 1\nquit\n"),
    );
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    let out = stdout(&output);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines[2], "error request `perft D`: the depth is at most 64, and 1000000 is more",
        "{out}"
    );
    assert_eq!(
        lines[3], "error request `divide D`: the depth is at most 64, and 65 is more",
        "{out}"
    );
    // Dakon perft counts whole turns: 1373 at depth 1 from the 2x7 start.
    assert_eq!(lines[4], "perft 1373", "{out}");
}

/// The referee's own --depth has the protocol's limit: a usage error, not a crash.
#[test]
fn the_referee_refuses_a_depth_past_the_limit() {
    let output = referee(&["--game", "dakon", "--depth", "1000000"], &[MGN, "engine"]);
    assert_eq!(code(&output), 2, "{}", stderr(&output));
    assert!(
        stderr(&output).contains("at most 64"),
        "{}",
        stderr(&output)
    );
    assert!(stdout(&output).is_empty());
}

/// `mgn referee -- mgn engine` agrees with itself under every game and every preset.
#[test]
fn the_referee_agrees_with_mgn_engine_for_every_game_and_preset() {
    for kind in mgn::GameKind::ALL {
        let def = mgn::game_def(kind);
        for preset in def.presets {
            let output = referee(
                &[
                    "--game",
                    kind.name(),
                    "--preset",
                    preset.name,
                    "--depth",
                    "1",
                    "--games",
                    "2",
                    "--max-plies",
                    "40",
                ],
                &[MGN, "engine"],
            );
            assert_eq!(
                code(&output),
                0,
                "{} {}: {}{}",
                kind.name(),
                preset.name,
                stdout(&output),
                stderr(&output)
            );
            let out = stdout(&output);
            assert!(out.contains("random games: 2 of 2 agreed"), "{out}");
            assert!(out.contains("agreed: every answer"), "{out}");
        }
    }
}

/// An engine that reads dakon.capture.opponent-side as `neighbours` is caught by perft divide,
/// walked down to the decision where it captures; the record passes mgn check, and fails it
/// when read under the engine's option.
#[test]
fn a_wrong_engine_is_caught_and_its_record_fails_under_its_reading() {
    let (out, record) = against_override(
        "wrong-engine",
        &["--game", "dakon", "--games", "1"],
        "dakon.capture.opponent-side=neighbours",
    );
    assert!(out.contains("DIFFERENCE during perft divide 2"), "{out}");
    assert!(out.contains("request:  play "), "{out}");
    assert!(
        out.contains("decided by: dakon.lap.opponent-empty"),
        "{out}"
    );
    assert!(out.contains("lap 1 (sowing)"), "{out}");
    assert_check_splits(&record, "dakon.capture.opponent-side=neighbours");
}

/// When both sides list decisions the other does not (Dong Wo `catalan`, where the mover
/// chooses the muzi a meeting captures, `@B1xmA` or `@B1xmB`, against an engine reading
/// `dong-wo.muzi.meeting=opponents`, which lists `@B1`), the record plays the one that leads
/// where the engine's own decision does not: under the engine's reading it fails.
#[test]
fn of_two_answers_the_record_plays_the_one_the_engine_cannot_reach() {
    let (out, record) = against_override(
        "meeting-witness",
        &[
            "--game", "dong-wo", "--preset", "catalan", "--depth", "1", "--games", "1",
        ],
        "dong-wo.muzi.meeting=opponents",
    );
    assert!(out.contains("decided by: dong-wo.muzi.meeting"), "{out}");
    assert_check_splits(&record, "dong-wo.muzi.meeting=opponents");
}

/// Under the preset ludii a Nchuwa move that never ends is legal and draws the game
/// (`nchuwa.endless=draw`, Ludii's reading). Random game 2 of seed 3 plays one (A6, whose relay
/// comes back to its start): mgn's engine agrees with mgn there, answering `played game-over
/// 1/2-1/2`; an engine that refuses the move (`illegal`, which the preset read before) is
/// caught where mgn lists it, and the record passes `mgn check` and fails with its option.
#[cfg(unix)]
#[test]
fn a_move_that_never_ends_draws_the_referees_game_under_the_preset_ludii() {
    let args = [
        "--game", "nchuwa", "--preset", "ludii", "--depth", "1", "--games", "2", "--seed", "3",
    ];
    let dir = scratch("referee", "endless-draw-agreed");
    let answers = dir.join("answers.log");
    let engine = script_engine(
        "endless-draw-agreed",
        &format!("'{MGN}' engine | tee '{}'\n", path_str(&answers)),
    );
    let output = referee(&args, &["sh", &engine]);
    assert_eq!(code(&output), 0, "{}{}", stdout(&output), stderr(&output));
    assert!(
        stdout(&output).contains("random games: 2 of 2 agreed"),
        "{}",
        stdout(&output)
    );
    let answered = fs::read_to_string(&answers).unwrap();
    assert!(
        answered.contains("played game-over 1/2-1/2 x0 "),
        "no game drawn by a move that never ends:\n{answered}"
    );
    let (out, record) = against_override("endless-draw-illegal", &args, "nchuwa.endless=illegal");
    assert!(out.contains("only mgn lists:        A6"), "{out}");
    assert!(out.contains("nchuwa.endless"), "{out}");
    let text = fs::read_to_string(&record).unwrap();
    assert!(text.contains("1. A6 x0 ["), "{text}");
    assert!(text.contains("[Result \"1/2-1/2\"]"), "{text}");
    assert_check_splits(&record, "nchuwa.endless=illegal");
}

/// The referee against `mgn engine --override OPTION`, writing the record of the difference to
/// a scratch file named for the test: it must find a difference (exit status 1). The report on
/// standard output and the record's path.
fn against_override(name: &str, args: &[&str], option: &str) -> (String, PathBuf) {
    let record = scratch("referee", name).join("difference.mgn");
    let mut all = args.to_vec();
    all.extend(["--record", path_str(&record)]);
    let output = referee(&all, &[MGN, "engine", "--override", option]);
    assert_eq!(code(&output), 1, "{}", stderr(&output));
    (stdout(&output), record)
}

/// mgn check passes `record` under mgn's rules, and fails it with `option` set.
fn assert_check_splits(record: &Path, option: &str) {
    let checked = mgn(&["check", path_str(record)]);
    assert_eq!(code(&checked), 0, "{}", shown(&checked));
    let text = fs::read_to_string(record).unwrap();
    let reading = text.replacen("]\n", &format!("]\n[Option \"{option}\"]\n"), 1);
    let other = record.with_extension("engine.mgn");
    fs::write(&other, reading).unwrap();
    let checked = mgn(&["check", path_str(&other)]);
    assert_eq!(code(&checked), 1, "{}", shown(&checked));
}

/// A difference only a random game reaches (who starts round 2 after B wins round 1 with A's
/// last move, dakon.next-round.first) gets a record of one ply from a Start position.
#[test]
fn a_difference_in_a_random_game_is_shrunk_to_a_start_position() {
    let (out, record) = against_override(
        "shrunk",
        &[
            "--game", "dakon", "--depth", "0", "--games", "3", "--format", "json",
        ],
        "dakon.next-round.first=last-mover",
    );
    let report: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(report["schema"], "mgn-referee/1");
    assert_eq!(report["verdict"], "differ");
    let difference = &report["difference"];
    assert!(difference["during"]
        .as_str()
        .unwrap()
        .starts_with("random game 1"));
    assert_eq!(difference["record_plies"], 1, "{difference}");
    assert!(fs::read_to_string(&record).unwrap().contains("[Start \""));
    assert_check_splits(&record, "dakon.next-round.first=last-mover");
}

/// The record of a difference inside a Dong Wo turn claims what the whole ply captured (the
/// muzi drops that finish the turn capture too: it claimed the first decision's `x0`), and a
/// difference at a transaction writes no capture claim after it (#35). Both pass mgn check, as
/// the report says.
#[test]
fn a_record_that_ends_in_a_dong_wo_turn_or_transaction_passes_check() {
    for (name, option) in [
        ("dong-wo-turn", "dong-wo.owned.sown=stays"),
        ("dong-wo-transaction", "dong-wo.buy.when=after-fill"),
    ] {
        let (out, record) = against_override(
            name,
            &[
                "--game",
                "dong-wo",
                "--depth",
                "0",
                "--games",
                "30",
                // The transactions alone, as the game's own play reaches them.
                "--no-free-steps",
                "--reset-every",
                "0",
            ],
            option,
        );
        assert!(
            out.contains("mgn check passes it under mgn's rules"),
            "{out}"
        );
        assert_check_splits(&record, option);
    }
}

/// Random Dong Wo games are refereed whole under each preset (the default --max-plies is
/// Dong Wo's 3000): every game ends, and on the way both sides are asked `next-round`, `moves`
/// between rounds, and the `play` of the winner's hole and of purchases (#35). The engine is
/// mgn's own behind a shell that keeps what it is asked and answers.
#[cfg(unix)]
#[test]
fn dong_wo_random_games_are_refereed_whole_through_rounds_and_transactions() {
    for preset in ["mancala-world", "catalan"] {
        let dir = scratch("referee", &format!("dong-wo-whole-{preset}"));
        let (asked, answered) = (dir.join("asked.txt"), dir.join("answered.txt"));
        let engine = format!(
            "tee '{}' | '{MGN}' engine | tee '{}'",
            path_str(&asked),
            path_str(&answered)
        );
        let output = referee(
            &[
                "--game", "dong-wo", "--preset", preset, "--depth", "0", "--games", "3",
            ],
            &["sh", "-c", &engine],
        );
        assert_eq!(code(&output), 0, "{preset}: {}", shown(&output));
        assert!(
            stdout(&output).contains("random games: 3 of 3 agreed"),
            "{}",
            stdout(&output)
        );
        let answered = fs::read_to_string(&answered).unwrap();
        let ended = answered
            .lines()
            .filter(|l| l.starts_with("played game-over"))
            .count();
        assert_eq!(ended, 3, "{preset}: not every game was played to its end");
        let asked = fs::read_to_string(&asked).unwrap();
        let requests: Vec<&str> = asked.lines().collect();
        for wanted in ["next-round", "play win:", "play buy:"] {
            assert!(
                requests.iter().any(|r| r.starts_with(wanted)),
                "{preset}: no `{wanted}` asked"
            );
        }
        // `moves` is compared right after `next-round`, before the round's transactions.
        assert!(
            requests
                .windows(2)
                .any(|pair| pair == ["next-round", "moves"]),
            "{preset}: no `moves` between rounds"
        );
    }
}

/// An engine that buys the muzi back before the hole just won (`dong-wo.rebuy.order=muzi-first`)
/// is caught at that purchase: the report names the transaction, and the record (the round's
/// end, its marker, the winner's hole and the buying back) passes mgn check and fails under the
/// engine's reading.
#[test]
fn an_engine_that_differs_between_rounds_is_caught_at_the_transaction() {
    let (out, record) = against_override(
        "rebuy-order",
        &[
            "--game",
            "dong-wo",
            "--depth",
            "0",
            "--games",
            "30",
            // The transactions alone, as the game's own play reaches them.
            "--no-free-steps",
            "--reset-every",
            "0",
        ],
        "dong-wo.rebuy.order=muzi-first",
    );
    assert!(out.contains("  request:  play rebuy:"), "{out}");
    assert!(
        out.contains("mgn check passes it under mgn's rules"),
        "{out}"
    );
    let text = fs::read_to_string(&record).unwrap();
    assert!(text.contains("round 2 win:"), "{text}");
    assert_check_splits(&record, "dong-wo.rebuy.order=muzi-first");
}

/// The record of a difference between rounds writes out what mgn had deferred to the decision
/// of the difference: the muzi bought back before a purchase, the fill before the round's first
/// move, each followed by a checkpoint of mgn's position there. With `dong-wo.buy.when=after-fill`
/// the record buys back the muzi and buys, and passes mgn check; with
/// `dong-wo.owned.top-up=one-stone` the engine sows from a won hole that mgn's fill left empty,
/// and the record fills both rows, shows the empty hole, and plays the engine's move, which mgn
/// check refuses there.
#[test]
fn a_record_between_rounds_writes_out_the_steps_mgn_deferred() {
    let (out, record) = against_override(
        "deferred-buy-back",
        &[
            "--game",
            "dong-wo",
            "--depth",
            "0",
            "--games",
            "30",
            // The transactions alone, as the game's own play reaches them.
            "--no-free-steps",
            "--reset-every",
            "0",
        ],
        "dong-wo.buy.when=after-fill",
    );
    assert!(
        out.contains("mgn check passes it under mgn's rules"),
        "{out}"
    );
    let text = fs::read_to_string(&record).unwrap();
    assert!(
        text.contains(" muzi:A [") || text.contains(" muzi:B ["),
        "{text}"
    );
    assert_check_splits(&record, "dong-wo.buy.when=after-fill");

    let (out, record) = against_override(
        "deferred-fill",
        &[
            "--game",
            "dong-wo",
            "--depth",
            "0",
            "--games",
            "30",
            // The transactions alone, as the game's own play reaches them.
            "--no-free-steps",
            "--reset-every",
            "0",
        ],
        "dong-wo.owned.top-up=one-stone",
    );
    assert!(
        out.contains("mgn check fails it at the engine's decision"),
        "{out}"
    );
    let text = fs::read_to_string(&record).unwrap();
    assert!(text.contains(" fill:A fill:B ["), "{text}");
    // The fills written out are no plies (docs/notation.md): the record's plies are its moves,
    // `1. A2<` and the engine's `1. A1>`.
    assert!(
        out.contains("record (2 plies from a Start position"),
        "{out}"
    );
    let checked = mgn(&["check", path_str(&record)]);
    assert_eq!(code(&checked), 1, "{}", shown(&checked));
    assert!(
        shown(&checked).contains("dong-wo.sow.start"),
        "{}",
        shown(&checked)
    );
}

/// mgn's engine behind a proxy that buys each lost muzi back as soon as `next-round` is
/// answered, as an engine that makes the sources' steps eagerly would (docs/protocol.md, "Dong
/// Wo between rounds", holds them until a decision calls for them): the muzi goes home and its
/// price, or what its owner has of it, goes to the holder.
const EAGER_BUY_BACK: &str = r#"
import subprocess, sys

engine = subprocess.Popen([sys.argv[1], "engine"], stdin=subprocess.PIPE,
                          stdout=subprocess.PIPE, text=True)

def pile(text):
    digits = text[:len(text) - len(text.lstrip("0123456789"))]
    return int(digits or 0), text[len(digits):]

def bought_back(position):
    words = position.split(" ")
    stores = [pile(s) for s in words[1].split("/")]
    for owner, muzi in ((0, "mA"), (1, "mB")):
        holder = 1 - owner
        if muzi in stores[holder][1]:
            paid = min(5, stores[owner][0])
            stores[holder] = (stores[holder][0] + paid, stores[holder][1].replace(muzi, ""))
            stores[owner] = (stores[owner][0] - paid, stores[owner][1] + muzi)
    words[1] = "/".join(str(n) + markers for n, markers in stores)
    return " ".join(words)

for line in sys.stdin:
    engine.stdin.write(line)
    engine.stdin.flush()
    if line.strip() == "quit":
        break
    answer = engine.stdout.readline().rstrip("\n")
    if line.strip() == "next-round" and answer.startswith("position "):
        answer = "position " + bought_back(answer[len("position "):])
    print(answer, flush=True)
"#;

/// An engine that buys the muzi back at the round's start, not when a decision calls for it,
/// differs at `next-round`; the record ends at the round marker with a checkpoint of mgn's
/// position there (the muzi still in its capturer's winnings), and passes mgn check.
#[test]
fn an_engine_that_buys_back_at_the_round_start_differs_at_next_round() {
    if !python3("an eager buy-back") {
        return;
    }
    let dir = scratch("referee", "eager-buy-back");
    let proxy = dir.join("eager.py");
    fs::write(&proxy, EAGER_BUY_BACK).unwrap();
    let record = dir.join("difference.mgn");
    let output = referee(
        &[
            "--game",
            "dong-wo",
            "--depth",
            "0",
            "--games",
            "10",
            "--record",
            path_str(&record),
        ],
        &["python3", path_str(&proxy), MGN],
    );
    let out = stdout(&output);
    assert_eq!(code(&output), 1, "{out}{}", stderr(&output));
    assert!(out.contains("  request:  next-round"), "{out}");
    assert!(
        out.contains("mgn check passes it under mgn's rules"),
        "{out}"
    );
    let text = fs::read_to_string(&record).unwrap();
    let marker = text
        .split_whitespace()
        .position(|w| w == "round")
        .expect("a round marker");
    let after: Vec<&str> = text.split_whitespace().skip(marker + 2).collect();
    assert!(
        after[0].starts_with('['),
        "no checkpoint after the marker: {text}"
    );
    let checked = mgn(&["check", path_str(&record)]);
    assert_eq!(code(&checked), 0, "{}", shown(&checked));
}

/// A record that cannot be written is never reported as written.
#[cfg(unix)]
#[test]
fn a_record_that_cannot_be_written_is_not_said_to_be() {
    let output = referee(
        &["--game", "dakon", "--games", "1", "--record", "/dev/full"],
        &[
            MGN,
            "engine",
            "--override",
            "dakon.capture.opponent-side=neighbours",
        ],
    );
    assert_eq!(code(&output), 2, "{}", shown(&output));
    let said = stderr(&output);
    assert!(
        said.contains("cannot write the record to /dev/full"),
        "{said}"
    );
    assert!(!said.contains(", written to /dev/full"), "{said}");
    assert!(said.contains("not written to /dev/full"), "{said}");
}

/// An engine that lists a decision mgn refuses (every Mraw imrujen move allowed where the
/// preset must feed): the record plays it, and mgn check shows the rule that refuses it.
#[test]
fn a_decision_only_the_engine_lists_is_written_for_mgn_check_to_refuse() {
    let (out, record) = against_override(
        "engine-only",
        &["--game", "mraw-imrujen", "--preset", "catalan-always-feed"],
        "mraw-imrujen.feed.reach=opponent-cannot-play",
    );
    assert!(out.contains("only the engine lists: B1 B2"), "{out}");
    assert!(out.contains("(mraw-imrujen.feed)"), "{out}");
    assert!(out.contains("decided by: mraw-imrujen.feed"), "{out}");
    let checked = mgn(&["check", path_str(&record)]);
    assert_eq!(code(&checked), 1);
    assert!(shown(&checked).contains("rule mraw-imrujen.feed"));
}

/// An engine that lists one of mgn's decisions twice differs (a decision listed twice differs,
/// docs/protocol.md), and the report says so: not that mgn lists no such decision, nor that the
/// record is a defect of the referee's.
#[cfg(unix)]
#[test]
fn a_decision_listed_twice_is_reported_as_listed_twice() {
    let engine = script_engine(
        "listed-twice",
        &format!("'{MGN}' engine | sed -u 's/^moves B1 /moves B1 B1 /'\n"),
    );
    let output = referee(
        &["--game", "dakon", "--depth", "0", "--games", "1"],
        &["sh", &engine],
    );
    assert_eq!(code(&output), 1, "{}", shown(&output));
    let out = stdout(&output);
    assert!(out.contains("request:  moves"), "{out}");
    assert!(out.contains("the engine lists twice: B1"), "{out}");
    assert!(!out.contains("only the engine lists"), "{out}");
    assert!(!out.contains("mgn lists no decision"), "{out}");
    assert!(!out.contains("defect"), "{out}");
}

/// A decision only the engine lists that is not MGN (`Z9`) cannot be played by the record: it
/// is named in a comment, and the report says the record passes mgn check, not that playing
/// the engine's decision passed (which called the referee defective).
#[cfg(unix)]
#[test]
fn a_decision_that_is_not_mgn_is_named_in_the_record_not_played() {
    let engine = script_engine(
        "not-mgn",
        &format!("'{MGN}' engine | sed -u 's/^moves B1 /moves B1 Z9 /'\n"),
    );
    let record = scratch("referee", "not-mgn-record").join("difference.mgn");
    let output = referee(
        &[
            "--game",
            "dakon",
            "--depth",
            "0",
            "--games",
            "1",
            "--record",
            path_str(&record),
        ],
        &["sh", &engine],
    );
    assert_eq!(code(&output), 1, "{}", shown(&output));
    let out = stdout(&output);
    assert!(out.contains("only the engine lists: Z9"), "{out}");
    assert!(
        out.contains("mgn check passes it under mgn's rules"),
        "{out}"
    );
    assert!(!out.contains("defect"), "{out}");
    let text = fs::read_to_string(&record).unwrap();
    assert!(
        text.contains("{the engine lists Z9 here, which does not read as a decision of MGN}"),
        "{text}"
    );
}

/// The order of a move list is the engine's own; an engine without perft is walked with moves
/// and play, which compares every node.
#[test]
fn another_order_and_no_perft_agree() {
    let output = referee(
        &[
            "--game",
            "dakon",
            "--depth",
            "1",
            "--games",
            "1",
            "--max-plies",
            "30",
        ],
        &[
            MGN,
            "engine",
            "--mutate",
            "reverse-moves",
            "--mutate",
            "no-perft",
        ],
    );
    assert_eq!(code(&output), 0, "{}{}", stdout(&output), stderr(&output));
    let out = stdout(&output);
    assert!(
        out.contains(
            "perft through moves and play (the engine has no perft) 1: agreed, 1373 sequences"
        ),
        "{out}"
    );
}

/// `--first A` fixes the first player of the perft tree and of every random game, for an
/// engine whose first player is fixed (Ludii's, #35); left out, perft starts with B and the games
/// draw their first player. What the engine is told is read from its own input.
#[cfg(unix)]
#[test]
fn the_first_player_can_be_fixed() {
    let positions = |name: &str, more: &[&str]| -> Vec<String> {
        let dir = scratch("referee", name);
        let log = dir.join("requests.log");
        let engine = script_engine(
            name,
            &format!("tee '{}' | '{MGN}' engine\n", path_str(&log)),
        );
        let mut args = vec![
            "--game",
            "nchuwa",
            "--depth",
            "2",
            "--games",
            "8",
            "--max-plies",
            "10",
        ];
        args.extend_from_slice(more);
        let output = referee(&args, &["sh", &engine]);
        assert_eq!(code(&output), 0, "{}{}", stdout(&output), stderr(&output));
        let requests = fs::read_to_string(&log).unwrap();
        let mut starts: Vec<String> = requests
            .lines()
            .filter(|line| line.starts_with("position startpos"))
            .map(str::to_string)
            .collect();
        starts.sort();
        starts.dedup();
        starts
    };
    assert_eq!(
        positions("first-drawn", &[]),
        ["position startpos A", "position startpos B"]
    );
    assert_eq!(
        positions("first-a", &["--first", "A"]),
        ["position startpos A"]
    );
    assert_eq!(
        positions("first-b", &["--first", "B"]),
        ["position startpos B"]
    );
}

/// A shell script as the engine (unix only): each misbehaves after the handshake.
#[cfg(unix)]
fn script_engine(name: &str, body: &str) -> String {
    let dir = scratch("referee", name);
    let path = dir.join("engine.sh");
    fs::write(&path, body).unwrap();
    path_str(&path).to_string()
}

#[cfg(unix)]
const HANDSHAKE: &str = "read line; echo 'ready mgn-protocol 1 script'\nread line; echo ok\n";

/// Runs the referee against a script; it must end within a few seconds, exit 2, and say why.
#[cfg(unix)]
fn misbehaving(name: &str, body: &str, timeout: &str) -> String {
    misbehaving_with(name, body, timeout, &[])
}

/// [`misbehaving`], with more of the referee's arguments.
fn misbehaving_with(name: &str, body: &str, timeout: &str, more: &[&str]) -> String {
    let script = script_engine(name, body);
    let started = Instant::now();
    let mut args = vec!["--game", "dakon", "--timeout", timeout];
    args.extend_from_slice(more);
    let output = referee(&args, &["sh", &script]);
    // Only against a hang (the engines sleep 30 s): a busy CI machine may be many times slower
    // than a quiet one, and the referee's own waits are what the tests measure in work.
    assert!(
        started.elapsed() < Duration::from_secs(120),
        "the referee took {:?}",
        started.elapsed()
    );
    assert_eq!(code(&output), 2, "{}{}", stdout(&output), stderr(&output));
    stdout(&output)
}

#[cfg(unix)]
#[test]
fn an_engine_that_crashes_is_reported_with_its_standard_error() {
    let out = misbehaving(
        "crash",
        &format!("{HANDSHAKE}read line; echo 'Traceback: index out of range' >&2; exit 3\n"),
        "5",
    );
    assert!(
        out.contains("engine failed: the engine exited before answering `position startpos B` (exit status: 3)"),
        "{out}"
    );
    assert!(out.contains("  | Traceback: index out of range"), "{out}");
}

#[cfg(unix)]
#[test]
fn an_engine_that_hangs_is_stopped_at_the_timeout() {
    let out = misbehaving("hang", &format!("{HANDSHAKE}exec sleep 30\n"), "5");
    assert!(
        out.contains("did not answer `position startpos B` within 5 s (--timeout)"),
        "{out}"
    );
}

/// The start-up (up to the answer to `game`) is awaited --start-timeout, not --timeout: an
/// engine that takes longer than --timeout to say `ready` (Ludii takes seconds to start) is
/// refereed, and one that takes longer than --start-timeout is stopped, the report naming it.
#[cfg(unix)]
#[test]
fn the_start_up_has_its_own_timeout() {
    let slow = script_engine("slow-start", &format!("sleep 5\nexec '{MGN}' engine\n"));
    let budget = [
        "--game",
        "dakon",
        "--depth",
        "0",
        "--games",
        "1",
        "--max-plies",
        "4",
    ];
    let mut args = budget.to_vec();
    args.extend(["--timeout", "2"]);
    let output = referee(&args, &["sh", &slow]);
    assert_eq!(code(&output), 0, "{}", shown(&output));
    let hung = script_engine("hung-start", "exec sleep 30\n");
    let mut args = budget.to_vec();
    args.extend(["--timeout", "60", "--start-timeout", "1"]);
    let output = referee(&args, &["sh", &hung]);
    assert_eq!(code(&output), 2, "{}", shown(&output));
    assert!(
        stdout(&output).contains("did not answer `mgn` within 1 s (--start-timeout)"),
        "{}",
        shown(&output)
    );
}

/// An engine that hangs on a count mgn made in time did time out: the report says how long
/// mgn took for it. (The timeout is ten times what mgn's count takes in a debug build, a
/// ceiling against a loaded machine.)
#[cfg(unix)]
#[test]
fn an_engine_that_hangs_on_a_count_mgn_made_is_stopped() {
    // Depth 1: a count mgn makes at once however busy the machine, so that it is asked of the
    // engine (a count mgn could not make within the timeout would not be).
    let out = misbehaving_with(
        "hang-divide",
        &format!(
            "{HANDSHAKE}read line; echo 'position 5,5,5,5,5/5,5,5,5,5 0/0 B 1'\nexec sleep 30\n"
        ),
        "3",
        &["--depth", "1"],
    );
    assert!(
        out.contains("did not answer `divide 1` within 3 s (--timeout), a count mgn made in "),
        "{out}"
    );
}

/// An engine run through a shell leaves its own children (the shell's `sleep` here, not
/// exec'd): they are stopped with it, not left running after the referee exits.
#[cfg(unix)]
#[test]
fn a_hung_engine_is_stopped_with_its_children() {
    let dir = scratch("referee", "hang-children");
    let pid_file = dir.join("child.pid");
    misbehaving(
        "hang-children-engine",
        &format!(
            "{HANDSHAKE}sleep 30 & echo $! > '{}'; wait\n",
            path_str(&pid_file)
        ),
        "5",
    );
    let pid: i32 = fs::read_to_string(&pid_file)
        .unwrap()
        .trim()
        .parse()
        .unwrap();
    // The referee has waited for the engine; its child may need a moment to be reaped by init.
    let deadline = Instant::now() + Duration::from_secs(30);
    let alive = loop {
        // SAFETY: signal 0 sends nothing, it only asks whether the process exists.
        let alive = unsafe { libc::kill(pid, 0) } == 0;
        if !alive || Instant::now() > deadline {
            break alive;
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    if alive {
        // SAFETY: the test's own leftover `sleep`, killed so as not to leave it behind.
        unsafe { libc::kill(pid, libc::SIGKILL) };
    }
    assert!(!alive, "the engine's child {pid} was left running");
}

#[cfg(unix)]
#[test]
fn an_engine_that_prints_garbage_breaks_the_protocol() {
    let out = misbehaving(
        "garbage",
        &format!("{HANDSHAKE}read line; echo 'the position is nice'; exec sleep 30\n"),
        "5",
    );
    assert!(
        out.contains("the engine broke the protocol: to `position startpos B` it answered `the position is nice`"),
        "{out}"
    );
    // An answer of the protocol, but to another request.
    let out = misbehaving(
        "wrong-answer",
        &format!("{HANDSHAKE}read line; echo 'moves B1'; exec sleep 30\n"),
        "5",
    );
    assert!(out.contains("an answer to another request"), "{out}");
}

/// An answer that never ends (no newline) is refused once it passes the line limit, long before
/// the timeout: the referee's memory stays bounded whatever the engine prints.
#[cfg(unix)]
#[test]
fn an_endless_line_is_refused_at_the_line_limit() {
    let out = misbehaving(
        "endless-line",
        &format!("{HANDSHAKE}read line; head -c 3000000 /dev/zero | tr '\\0' x; exec sleep 30\n"),
        "6",
    );
    assert!(
        out.contains("to `position startpos B` it answered a line longer than 1048576 bytes"),
        "{out}"
    );
}

/// Output that is not UTF-8 breaks the protocol; it is not mistaken for the engine exiting.
#[cfg(unix)]
#[test]
fn an_answer_that_is_not_utf8_breaks_the_protocol() {
    let out = misbehaving(
        "not-utf8",
        &format!("{HANDSHAKE}read line; printf 'position \\377\\n'; exec sleep 30\n"),
        "5",
    );
    assert!(
        out.contains("the engine broke the protocol: to `position startpos B` it answered `position \u{FFFD}`"),
        "{out}"
    );
    assert!(out.contains("not UTF-8"), "{out}");
}

#[cfg(unix)]
#[test]
fn an_engine_of_another_version_or_rules_is_refused() {
    let out = misbehaving(
        "version",
        "read line; echo 'ready mgn-protocol 2'; exec sleep 30\n",
        "5",
    );
    assert!(out.contains("speaks another protocol"), "{out}");
    let out = misbehaving(
        "refuses",
        "read line; echo 'ready mgn-protocol 1'; read line; echo 'error unsupported only chess'\n",
        "5",
    );
    assert!(out.contains("the engine refused the rules"), "{out}");
}

/// A run that would compare nothing does not report agreement.
#[test]
fn nothing_to_compare_is_a_usage_error() {
    let output = referee(
        &["--game", "dakon", "--depth", "0", "--games", "0"],
        &[MGN, "engine"],
    );
    assert_eq!(code(&output), 2);
    assert!(stderr(&output).contains("nothing to compare"));
    assert!(stdout(&output).is_empty());
}

/// Random games of no plies compare nothing either: --max-plies 0 is refused rather than
/// reported as agreement.
#[test]
fn games_of_no_plies_are_a_usage_error() {
    let output = referee(
        &[
            "--game",
            "dakon",
            "--depth",
            "0",
            "--games",
            "3",
            "--max-plies",
            "0",
        ],
        &[MGN, "engine"],
    );
    assert_eq!(code(&output), 2, "{}", stdout(&output));
    assert!(
        stderr(&output).contains("at least 1"),
        "{}",
        stderr(&output)
    );
    assert!(stdout(&output).is_empty());
}

#[test]
fn an_engine_that_cannot_start_is_reported() {
    let output = referee(
        &["--game", "dakon", "--format", "json"],
        &["/no/such/engine"],
    );
    assert_eq!(code(&output), 2);
    let report: serde_json::Value = serde_json::from_str(&stdout(&output)).unwrap();
    assert_eq!(report["verdict"], "engine-failed");
    assert_eq!(report["error"]["kind"], "start");
}

/// examples/engine.py, a Dakon engine in Python, agrees with mgn.
#[test]
fn the_python_example_engine_agrees() {
    if !python3("examples/engine.py under the referee") {
        return;
    }
    let output = referee(
        &[
            "--game",
            "dakon",
            "--depth",
            "2",
            "--games",
            "3",
            "--max-plies",
            "60",
        ],
        &["python3", "examples/engine.py"],
    );
    assert_eq!(code(&output), 0, "{}{}", stdout(&output), stderr(&output));
    assert!(stdout(&output).contains("perft divide 2: agreed, 65293 sequences"));
}

/// The referee works on every board with its defaults: it chooses the perft depth by a node
/// budget that mgn's own walk states, and on Dakon 2x7, whose first ply alone is 48 billion
/// sequences, it compares no perft rather than ask a count no engine makes in time (before,
/// its default depth 2 timed out and called mgn's own engine broken).
#[test]
fn the_perft_depth_is_chosen_by_a_node_budget() {
    let output = referee(&["--game", "dakon"], &[MGN, "engine"]);
    assert_eq!(code(&output), 0, "{}{}", stdout(&output), stderr(&output));
    let out = stdout(&output);
    assert!(
        out.contains("perft divide 2: agreed, 65293 sequences (depth chosen by the budget of 200000 nodes: 96392 walked; divide 3 walks more than 200000 nodes)"),
        "{out}"
    );
    let output = referee(&["--game", "dakon", "--board", "2x7"], &[MGN, "engine"]);
    assert_eq!(code(&output), 0, "{}{}", stdout(&output), stderr(&output));
    let out = stdout(&output);
    assert!(
        out.contains(
            "perft 1: not compared: divide 1 walks more than 200000 nodes (--perft-budget 200000)"
        ),
        "{out}"
    );
    assert!(out.contains("random games: 10 of 10 agreed"), "{out}");
    // A smaller budget, a shallower depth; the JSON report names both.
    let output = referee(
        &[
            "--game",
            "dakon",
            "--perft-budget",
            "5000",
            "--games",
            "1",
            "--format",
            "json",
        ],
        &[MGN, "engine"],
    );
    assert_eq!(code(&output), 0, "{}{}", stdout(&output), stderr(&output));
    let report: serde_json::Value = serde_json::from_str(&stdout(&output)).unwrap();
    assert_eq!(report["perft"]["depth"], 1, "{report}");
    assert_eq!(report["perft"]["budget"], 5000, "{report}");
    assert_eq!(report["perft"]["count"], 1373, "{report}");
    assert_eq!(report["perft"]["nodes"], 2011, "{report}");
    assert_eq!(
        report["perft"]["deeper"],
        "divide 2 walks more than 5000 nodes"
    );
    // An engine with no perft is walked with moves and play, a few requests a node: the
    // depth is chosen again by the requests (depth 2 would be 1.27 million of them).
    let output = referee(
        &["--game", "dakon", "--games", "0"],
        &[MGN, "engine", "--mutate", "no-perft"],
    );
    assert_eq!(code(&output), 0, "{}{}", stdout(&output), stderr(&output));
    assert!(
        stdout(&output).contains("perft through moves and play (the engine has no perft) 1: agreed, 1373 sequences (depth chosen by the budget of 200000 requests; through moves and play, depth 2 takes more than 200000 requests)"),
        "{}",
        stdout(&output)
    );
}

/// A count mgn itself does not make within --timeout is not asked of the engine: no engine is
/// called broken for what mgn could not answer in the time given. (No machine counts Dakon
/// 2x7's 48 billion first sequences in ten seconds.)
#[test]
fn a_count_mgn_cannot_make_in_time_is_not_asked() {
    let output = referee(
        &[
            "--game",
            "dakon",
            "--board",
            "2x7",
            "--depth",
            "1",
            // No machine counts 2x7's 48 billion first sequences in 10 s (4.8 billion a
            // second), and mgn's engine answers its requests well within it however busy the
            // machine: 0.5 s did not leave a loaded machine room to start the engine.
            "--timeout",
            "10",
            "--games",
            "1",
            "--max-plies",
            "20",
            "--format",
            "json",
        ],
        &[MGN, "engine"],
    );
    assert_eq!(code(&output), 0, "{}{}", stdout(&output), stderr(&output));
    let report: serde_json::Value = serde_json::from_str(&stdout(&output)).unwrap();
    assert_eq!(report["verdict"], "agreed");
    assert_eq!(report["perft"]["method"], "skipped");
    let note = report["perft"]["note"].as_str().unwrap();
    assert!(
        note.contains("mgn itself did not count divide 1 within --timeout"),
        "{note}"
    );
    // With no game to compare either, nothing was compared: no exit 0.
    let output = referee(
        &["--game", "dakon", "--board", "2x7", "--games", "0"],
        &[MGN, "engine"],
    );
    assert_eq!(code(&output), 2, "{}", stdout(&output));
    assert!(
        stdout(&output).contains("nothing compared"),
        "{}",
        stdout(&output)
    );
}

/// The referee names the board in `game` even when --board is left out: an engine need not
/// know mgn's default boards (docs/protocol.md, `game`).
#[cfg(unix)]
#[test]
fn the_referee_always_names_the_board() {
    let dir = scratch("referee", "names-the-board");
    let seen = dir.join("requests.txt");
    let script = script_engine(
        "names-the-board-engine",
        &format!("tee '{}' | '{MGN}' engine\n", path_str(&seen)),
    );
    let output = referee(
        &[
            "--game",
            "nchuwa",
            "--depth",
            "1",
            "--games",
            "1",
            "--max-plies",
            "5",
        ],
        &["sh", &script],
    );
    assert_eq!(code(&output), 0, "{}{}", stdout(&output), stderr(&output));
    let requests = fs::read_to_string(&seen).unwrap();
    assert_eq!(
        requests.lines().nth(1),
        Some("game nchuwa board 4x6"),
        "{requests}"
    );
}

/// Whether python3 runs here; a test that needs it says why it is skipped.
/// What the Python `script` prints, run from the repository (it must exit 0).
fn python_says(script: &str) -> String {
    let output = Command::new("python3")
        .args(["-c", script])
        .current_dir(repo())
        .output()
        .unwrap();
    assert!(output.status.success(), "{}", stderr(&output));
    stdout(&output)
}

fn python3(what: &str) -> bool {
    let python = Command::new("python3")
        .arg("--version")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status();
    let found = matches!(python, Ok(status) if status.success());
    if !found {
        eprintln!("skipped: python3 is not installed, so {what} is not tested");
    }
    found
}

/// examples/mgn_protocol.py, the Python helper, really speaks the protocol: examples/engine.py's
/// Dakon wrapped in its few functions agrees with mgn under the referee's defaults (perft by
/// the helper's walk on copies), without perft (the referee walks moves and play), on 2x7, and
/// an engine wrapped by it that claims the wrong capture is caught, not passed.
#[test]
fn the_python_protocol_helper_agrees() {
    if !python3("examples/mgn_protocol.py") {
        return;
    }
    let helper = ["python3", "examples/mgn_protocol.py"];
    let output = referee(&["--game", "dakon"], &helper);
    assert_eq!(code(&output), 0, "{}{}", stdout(&output), stderr(&output));
    let out = stdout(&output);
    assert!(
        out.contains("perft divide 2: agreed, 65293 sequences"),
        "{out}"
    );
    assert!(out.contains("random games: 10 of 10 agreed"), "{out}");

    let output = referee(
        &[
            "--game",
            "dakon",
            "--perft-budget",
            "30000",
            "--games",
            "2",
            "--max-plies",
            "40",
        ],
        &["python3", "examples/mgn_protocol.py", "--no-perft"],
    );
    assert_eq!(code(&output), 0, "{}{}", stdout(&output), stderr(&output));
    let out = stdout(&output);
    assert!(
        out.contains(
            "perft through moves and play (the engine has no perft) 1: agreed, 1373 sequences"
        ),
        "{out}"
    );

    let output = referee(
        &["--game", "dakon", "--board", "2x7", "--games", "2"],
        &helper,
    );
    assert_eq!(code(&output), 0, "{}{}", stdout(&output), stderr(&output));

    // A wrapped engine that forgets the holes of its captures differs, exit 1.
    let dir = scratch("referee", "python-helper-wrong");
    let wrong = dir.join("wrong.py");
    fs::write(
        &wrong,
        format!(
            "import sys\nsys.path.insert(0, {examples:?})\nimport mgn_protocol\n\
             class Wrong(mgn_protocol.WrappedDakon):\n    \
             def play(self, decision):\n        \
             status, points, holes = self.dakon.play(decision)\n        \
             return status, points, []\n\
             mgn_protocol.serve(Wrong(counts=False))\n",
            examples = path_str(&repo().join("examples")),
        ),
    )
    .unwrap();
    let output = referee(
        &["--game", "dakon", "--depth", "1", "--games", "1"],
        &["python3", path_str(&wrong)],
    );
    assert_eq!(code(&output), 1, "{}{}", stdout(&output), stderr(&output));
    assert!(
        stdout(&output).contains("DIFFERENCE"),
        "{}",
        stdout(&output)
    );
}

/// examples/engines, the Python engines for Dakon, Mraw imrujen and Nchuwa written from the
/// documents, agree with mgn under every preset of each game and on several boards: a perft
/// divide where Python counts it in a moment, and random games long enough to play Dakon's
/// rounds (a round takes some 15 plies on 2x5), whole Mraw imrujen games, and Nchuwa's opening
/// and play (under `ludii`, its relays that never end are left out as mgn leaves them out).
#[test]
fn the_python_engines_agree_with_mgn_for_each_game_and_preset() {
    if !python3("examples/engines under the referee") {
        return;
    }
    let runs = [
        "--game dakon --depth 1 --games 3 --max-plies 300",
        "--game dakon --board 2x10 --depth 0 --games 1 --max-plies 300",
        "--game dakon --preset catalan-clockwise --depth 1 --games 2 --max-plies 200",
        "--game dakon --preset catalan-clockwise --board 2x7 --depth 0 --games 2 --max-plies 400",
        "--game dakon --preset catalan-neighbours --depth 1 --games 2 --max-plies 200",
        // 2x8 games end within about 450 plies: whole games, rounds and holes out of play.
        "--game dakon --preset catalan-neighbours --board 2x8 --depth 0 --games 2 --max-plies 600",
        "--game dakon --board 2x6 --depth 0 --games 2 --max-plies 300 \
         --option dakon.round.end=cannot-move --option dakon.next-round.first=last-mover \
         --option dakon.out-of-play.return=refill --option dakon.game.winner=survivor \
         --option dakon.sow.origin=skip",
        "--game mraw-imrujen --depth 6 --games 5 --max-plies 300",
        "--game mraw-imrujen --preset catalan-always-feed --depth 6 --games 2 --max-plies 300",
        "--game mraw-imrujen --preset one-round --depth 6 --games 5 --max-plies 300",
        "--game nchuwa --depth 2 --games 4 --max-plies 200",
        "--game nchuwa --board 4x15 --depth 1 --games 2 --max-plies 200",
        "--game nchuwa --preset sanderson --board 4x9 --depth 1 --games 3 --max-plies 200",
        "--game nchuwa --preset sanderson --board 4x12 --depth 1 --games 2 --max-plies 200",
        "--game nchuwa --preset ludii --depth 4 --games 10 --max-plies 300",
        "--game nchuwa --preset ludii --board 4x9 --depth 2 --games 3 --max-plies 300",
        "--game nchuwa --preset ludii --board 4x15 --depth 2 --games 2 --max-plies 300",
        // The entry point serves examples/engines/dong_wo.py too (its own test plays it whole).
        // (It has no owner actions: --no-free-steps.)
        "--game dong-wo --preset catalan --depth 1 --games 1 --max-plies 200 --no-free-steps",
    ];
    for run in runs {
        let args: Vec<&str> = run.split_whitespace().collect();
        let mut all = args.clone();
        all.extend_from_slice(&["--format", "json"]);
        let output = referee(&all, &["python3", "examples/engines"]);
        let shown = format!("{args:?}: {}{}", stdout(&output), stderr(&output));
        assert_eq!(code(&output), 0, "{shown}");
        let report: serde_json::Value = serde_json::from_str(&stdout(&output)).unwrap();
        assert_eq!(report["verdict"], "agreed", "{shown}");
        assert_eq!(
            report["games"]["played"], report["games"]["requested"],
            "{shown}"
        );
        let depth = args[args.iter().position(|a| *a == "--depth").unwrap() + 1];
        if depth != "0" {
            assert_eq!(report["perft"]["method"], "divide", "{shown}");
        }
    }
}

/// The Python engines refuse what they do not play with `error unsupported`, as an engine
/// should (docs/protocol.md, `game`), so that the referee stops rather than compares rules that
/// are not the same.
#[test]
fn the_python_engines_refuse_what_they_do_not_play() {
    if !python3("examples/engines") {
        return;
    }
    let script = "import sys\nsys.path.insert(0, 'examples')\nimport mgn_protocol\n\
         with mgn_protocol.Client(['python3', 'examples/engines']) as engine:\n    \
         for request in ['game oware', 'game dakon board 2x11', 'game nchuwa preset angoni',\n        \
         'game nchuwa option nchuwa.endless=forever', 'game mraw-imrujen option mraw-imrujen.seeds=5',\n        \
         'game mraw-imrujen', 'position startpos']:\n        \
         print(engine.ask(request).split(' (')[0])\n";
    assert_eq!(
        python_says(script),
        "error unsupported game oware\n\
         error unsupported board 2x11\n\
         error unsupported preset angoni\n\
         error unsupported option nchuwa.endless=forever\n\
         error unsupported option mraw-imrujen.seeds: not an option of mraw-imrujen\n\
         ok\n\
         position 4,4,4,4,4/4,4,4,4,4 0/0 B 1\n"
    );
}

/// The Python Nchuwa engine finds a relay that never ends by its cycle, as mgn does: from the
/// position of issue 35, B4's relay repeats every 240 laps, so the `ludii` preset (under
/// `nchuwa.endless=draw`, Ludii's reading) lists it and `play B4` draws the game, and
/// `nchuwa.endless=stop` lists its stops after laps 240 to 479; mgn's engine gives the same
/// answers.
#[test]
fn the_python_nchuwa_engine_finds_a_relay_that_never_ends() {
    if !python3("examples/engines/nchuwa.py") {
        return;
    }
    let script = format!(
        "import sys\nsys.path.insert(0, 'examples')\nimport mgn_protocol\n\
         requests = ['game nchuwa preset ludii',\n    \
         'position 3,3,0,2,1,0,0,0,1,1,0,2/1,0,1,2,5,1,0,4,1,0,1,0 8/11 B 1', 'moves', 'play B4',\n    \
         'game nchuwa preset ludii option nchuwa.endless=stop',\n    \
         'position 3,3,0,2,1,0,0,0,1,1,0,2/1,0,1,2,5,1,0,4,1,0,1,0 8/11 B 1', 'moves', 'play B4/240']\n\
         answers = []\n\
         for command in [['python3', 'examples/engines'], [{MGN:?}, 'engine']]:\n    \
         with mgn_protocol.Client(command) as engine:\n        \
         answers.append([' '.join(sorted(engine.ask(r).split())) for r in requests])\n\
         assert answers[0] == answers[1], answers\n\
         print(answers[0][2])\n\
         print(answers[0][3])\n\
         stops = answers[0][6].split()\n\
         print(len(stops), 'B4/240' in stops, 'B4/479' in stops, 'B4/480' in stops)\n"
    );
    assert_eq!(
        python_says(&script),
        "B1 B11 B3 B4 B5 B6 B8 B9 moves\n\
         1 1/2-1/2 3,3,0,2,1,0,0,0,1,1,0,2/1,0,1,2,5,1,0,4,1,0,1,0 8/11 A game-over played x0\n\
         248 True True False\n"
    );
}

/// Each of `requests` asked of the Python engine `engine` (a command line) and of `mgn engine`
/// through the protocol helper: the answers' first two words agree (an `error position` says
/// nothing of its reason), and so do the whole answers to the requests in `whole`. Returns the
/// first two words of each answer, joined by ` | `.
fn python_engine_agrees_with_mgn(engine: &[&str], requests: &[&str], whole: &[&str]) -> String {
    let script = format!(
        "import sys\nsys.path.insert(0, 'examples')\nimport mgn_protocol\n\
         requests = {requests:?}\n\
         answers = []\n\
         for command in [{engine:?}, [{MGN:?}, 'engine']]:\n    \
         with mgn_protocol.Client(command) as engine:\n        \
         answers.append([engine.ask(r) for r in requests])\n\
         short = [[' '.join(a.split()[:2]) for a in both] for both in answers]\n\
         assert short[0] == short[1], answers\n\
         for request in {whole:?}:\n    \
         at = requests.index(request)\n    \
         assert answers[0][at] == answers[1][at], answers\n\
         print(' | '.join(short[0]))\n"
    );
    python_says(&script)
}

/// The Python Dakon engine sets and refuses the positions mgn's engine sets and refuses (a
/// refused position gets `error position`, docs/protocol.md): among them a hole out of play in
/// round 1, which no game reaches (holes go out of play at a later round's refill,
/// `dakon.round.out-of-play`), in either row, and the same holes in round 2, which one does.
#[test]
fn the_python_dakon_engine_refuses_the_positions_mgn_refuses() {
    if !python3("examples/engines/dakon.py") {
        return;
    }
    let requests = [
        "game dakon",
        "position x,5,5,5,5/5,5,5,5,5 5/0 B 1",
        "position 5,5,5,5,5/5,5,5,5,x 0/5 A 1",
        "position x,x,x,x,x/0,0,0,0,0 4/46 A 1",
        "position x,5,5,5,5/5,5,5,5,5 5/0 B 2",
        "position 5,5,5,5,5/5,5,5,5,x 0/5 A 3",
        "position 5,5,5,5,5/5,5,5,5,4 0/0 B 1",
        "position 5,5,5,5,5/5,5,5,5,5 0/0 B 1",
    ];
    assert_eq!(
        python_engine_agrees_with_mgn(&["python3", "examples/engines"], &requests, &[]),
        "ok | error position | error position | error position | \
         position x,5,5,5,5/5,5,5,5,5 | position 5,5,5,5,5/5,5,5,5,x | error position | \
         position 5,5,5,5,5/5,5,5,5,5\n"
    );
}

/// The minimal Python engine (examples/engine.py) refuses what mgn's engine refuses: a hole
/// out of play in round 1 (`dakon.round.out-of-play`: holes go out of play at a later round's
/// refill), in either row, round 0, a seed short; a refused position leaves the engine's as it
/// was (its moves are the start's); the same holes in round 2 are set.
#[test]
fn the_minimal_python_engine_refuses_the_positions_mgn_refuses() {
    if !python3("examples/engine.py") {
        return;
    }
    let requests = [
        "game dakon",
        "position x,5,5,5,5/5,5,5,5,5 5/0 B 1",
        "position 5,5,5,5,5/5,5,5,5,x 0/5 A 1",
        "position 5,5,5,5,5/5,5,5,5,4 0/0 B 1",
        "position 0,0,0,0,0/0,0,0,0,0 24/26 B 0",
        "moves",
        "position x,5,5,5,5/5,5,5,5,5 5/0 B 2",
        "position 5,5,5,5,5/5,5,5,5,5 0/0 B 1",
    ];
    assert_eq!(
        python_engine_agrees_with_mgn(&["python3", "examples/engine.py"], &requests, &["moves"]),
        "ok | error position | error position | error position | error position | moves B1 | \
         position x,5,5,5,5/5,5,5,5,5 | position 5,5,5,5,5/5,5,5,5,5\n"
    );
}

/// The helper's `Client` talks to `mgn engine` from Python.
#[test]
fn the_python_protocol_client_talks_to_mgn_engine() {
    if !python3("mgn_protocol.Client") {
        return;
    }
    let script = format!(
        "import sys\nsys.path.insert(0, 'examples')\nimport mgn_protocol\n\
         with mgn_protocol.Client([{MGN:?}, 'engine']) as rules:\n    \
         for request in ['game dakon board 2x5', 'moves', 'play B4', 'divide 1']:\n        \
         print(rules.ask(request))\n"
    );
    assert_eq!(
        python_says(&script),
        "ok\nmoves B1 B2 B3 B4 B5\nplayed turn-over x7(A2,B4) 6,0,0,6,6/6,6,6,0,6 0/8 A 1\ndivide 3 A1 1 A4 1 A5 1\n"
    );
}

/// examples/engines/dong_wo.py, a Dong Wo engine in Python written from the documents, agrees
/// with mgn under each preset over whole games: perft at depth 1 (every muzi drop and, under
/// `catalan`, every meeting's choice a decision), then random games that cross rounds, with the
/// winner's hole, purchases, buy-backs and repayments (and swaps under `catalan`) between them.
/// The engine is served through a wrapper that logs the requests, so that the test knows the
/// games reached those exchanges rather than ending in the first round.
#[test]
fn the_python_dong_wo_engine_agrees_over_whole_games() {
    if !python3("examples/engines/dong_wo.py under the referee") {
        return;
    }
    let dir = scratch("referee", "python-dong-wo");
    for (preset, first_ply, seen) in [
        (
            "mancala-world",
            2204,
            &[
                "next-round",
                "play win:",
                "play buy:",
                "play rebuy:",
                "play repay:",
            ][..],
        ),
        (
            "catalan",
            2207,
            &[
                "next-round",
                "play win:",
                "play buy:",
                "play rebuy:",
                "play repay:",
                "play swap:",
                "xmA",
            ][..],
        ),
    ] {
        let log = dir.join(format!("{preset}.requests"));
        let wrapper = dir.join(format!("{preset}.py"));
        fs::write(
            &wrapper,
            format!(
                "import sys\nsys.path.insert(0, {engines:?})\nimport dong_wo, mgn_protocol\n\
                 log = open({log:?}, 'wb')\n\
                 class Logged:\n    \
                 def readline(self, limit):\n        \
                 line = sys.stdin.buffer.readline(limit)\n        \
                 log.write(line)\n        \
                 log.flush()\n        \
                 return line\n\
                 mgn_protocol.serve(dong_wo.DongWo(), stdin=Logged())\n",
                engines = path_str(&repo().join("examples/engines")),
                log = path_str(&log),
            ),
        )
        .unwrap();
        let output = referee(
            &[
                "--game",
                "dong-wo",
                "--preset",
                preset,
                "--depth",
                "1",
                "--games",
                "4",
                // Seed 3's games reach every exchange below, under both presets, positions
                // re-set along the way included.
                "--seed",
                "3",
                // The engine implements the decisions `moves` lists, not the owner actions.
                "--no-free-steps",
                "--format",
                "json",
            ],
            &["python3", path_str(&wrapper)],
        );
        assert_eq!(code(&output), 0, "{}{}", stdout(&output), stderr(&output));
        let report: serde_json::Value = serde_json::from_str(&stdout(&output)).unwrap();
        assert_eq!(report["verdict"], "agreed", "{report}");
        assert_eq!(report["perft"]["count"], first_ply, "{report}");
        assert_eq!(report["games"]["played"], 4, "{report}");
        let requests = fs::read_to_string(&log).unwrap();
        for exchange in seen {
            assert!(
                requests.contains(exchange),
                "{preset}: the games never reached `{exchange}`"
            );
        }
    }
}
/// Positions of every kind a client may set (docs/protocol.md, "What a position does not say"),
/// each with its game and preset: mid-round in a later round, mid-opening in Nchuwa under
/// catalan and ludii, between rounds, and after the game's end.
const START_POSITIONS: &[(&str, &str, &str)] = &[
    ("dakon", "catalan", "x,5,5,5,5/5,5,5,5,5 0/5 B 2"),
    ("dakon", "catalan", "0,0,0,0,0/0,0,0,0,0 25/25 B 1"),
    ("dakon", "catalan", "x,x,x,x,x/0,0,0,0,0 4/46 A 3"),
    ("mraw-imrujen", "catalan", "2,3,1,3,1/2,1,3,1,3 18/2 A 2"),
    (
        "nchuwa",
        "catalan",
        "0,0,3,0,0,3,0,3,3,0,0,3/2,3,3,0,3,3,0,1,3,0,3,3 0/9 A 1",
    ),
    (
        "nchuwa",
        "ludii",
        "0,3,3,0,3,3,0,3,3,0,3,3/2,3,3,0,3,3,0,1,3,0,3,3 0/0 A 1",
    ),
    (
        "nchuwa",
        "catalan",
        "0,0,0,0,0,0,0,0,0,0,0,0/0,1,0,0,0,1,0,2,1,1,0,0 18/24 A 1",
    ),
    (
        "dong-wo",
        "catalan",
        "0,0,12,3,1/1,0,2,0,11mB 10mA/0 A 2 18/0",
    ),
];

/// mgn's engine agrees with itself from every kind of position, and in games re-set at the
/// positions they reach, in all four games.
#[test]
fn the_referee_agrees_with_mgn_engine_from_positions() {
    for (game, preset, start) in START_POSITIONS {
        let output = referee(
            &[
                "--game",
                game,
                "--preset",
                preset,
                "--start",
                start,
                "--depth",
                "1",
                "--games",
                "2",
                "--max-plies",
                "40",
                "--reset-every",
                "3",
            ],
            &[MGN, "engine"],
        );
        let out = stdout(&output);
        assert_eq!(code(&output), 0, "{game} {start}: {out}{}", stderr(&output));
        assert!(
            out.starts_with(&format!(
                "mgn referee: {game}, preset {preset} from {start} "
            )),
            "{out}"
        );
        assert!(out.contains("random games: 2 of 2 agreed"), "{out}");
    }
}

/// Every game re-sets both sides at least once by default, and --reset-every 0 never does.
#[test]
fn random_games_set_both_sides_again_unless_told_not_to() {
    for kind in mgn::GameKind::ALL {
        let count = |reset_every: &str| {
            let output = referee(
                &[
                    "--game",
                    kind.name(),
                    "--depth",
                    "0",
                    "--games",
                    "3",
                    "--max-plies",
                    "60",
                    "--reset-every",
                    reset_every,
                    "--format",
                    "json",
                ],
                &[MGN, "engine"],
            );
            assert_eq!(code(&output), 0, "{}", shown(&output));
            let report: serde_json::Value = serde_json::from_str(&stdout(&output)).unwrap();
            report["games"]["resets"].as_u64().unwrap()
        };
        assert!(count("10") > 0, "{}", kind.name());
        assert_eq!(count("0"), 0, "{}", kind.name());
    }
}

/// A position the rules refuse as a Start tag is refused before the engine starts, and --start
/// names the first player, so --first is not given with it.
#[test]
fn a_start_position_the_rules_refuse_is_a_usage_error() {
    let output = referee(
        &[
            "--game",
            "mraw-imrujen",
            "--start",
            "0,0,0,0,0/0,0,0,0,0 20/20 A 1",
        ],
        &[MGN, "engine"],
    );
    assert_eq!(code(&output), 2, "{}", shown(&output));
    assert!(
        stderr(&output).contains("the rules refuse it as a Start tag"),
        "{}",
        shown(&output)
    );
    assert!(stdout(&output).is_empty(), "{}", shown(&output));
    let output = referee(
        &[
            "--game",
            "dakon",
            "--first",
            "A",
            "--start",
            "x,5,5,5,5/5,5,5,5,5 0/5 B 2",
        ],
        &[MGN, "engine"],
    );
    assert_eq!(code(&output), 2, "{}", shown(&output));
}

/// With --depth 0 no perft is compared, and the JSON report says so with `perft: null`: the key
/// is there, as docs/protocol.md lists it, for a reader that looks up `perft.method`.
#[test]
fn a_json_report_without_perft_has_a_null_perft() {
    let output = referee(
        &[
            "--game", "dakon", "--depth", "0", "--games", "1", "--format", "json",
        ],
        &[MGN, "engine"],
    );
    assert_eq!(code(&output), 0, "{}", shown(&output));
    let report: serde_json::Value = serde_json::from_str(&stdout(&output)).unwrap();
    assert!(
        report.as_object().unwrap().contains_key("perft"),
        "{report}"
    );
    assert!(report["perft"].is_null(), "{report}");
}

/// From a --start position where the game is over (fixtures/dakon/start-at-the-end.mgn), the
/// perft compares divide 1, which counts nothing, and says the game is over there, not that
/// games end before ply 2.
#[test]
fn a_finished_start_position_says_the_game_is_over_there() {
    let output = referee(
        &[
            "--game",
            "dakon",
            "--start",
            "x,x,x,x,x/0,0,0,0,0 4/46 A 3",
            "--games",
            "1",
        ],
        &[MGN, "engine"],
    );
    assert_eq!(code(&output), 0, "{}", shown(&output));
    let out = stdout(&output);
    assert!(out.contains("perft divide 1: agreed, 0 sequences"), "{out}");
    assert!(
        out.contains("the game is over at the start: every game ends before ply 1"),
        "{out}"
    );
    assert!(!out.contains("before ply 2"), "{out}");
}

/// From a --start position in round 2, an engine with another rule for who starts the next
/// round is caught, and the record starts at a Start position at or after it: it passes mgn
/// check, and fails under the engine's reading.
#[test]
fn a_difference_from_a_start_position_is_recorded_from_it() {
    let (out, record) = against_override(
        "from-start",
        &[
            "--game",
            "dakon",
            "--start",
            "x,5,5,5,5/5,5,5,5,5 0/5 B 2",
            "--depth",
            "0",
            "--games",
            "5",
        ],
        "dakon.next-round.first=last-mover",
    );
    assert!(out.contains("from a Start position"), "{out}");
    assert!(
        out.contains("mgn check passes it under mgn's rules"),
        "{out}"
    );
    let text = fs::read_to_string(&record).unwrap();
    assert!(text.contains("[Start \""), "{text}");
    assert_check_splits(&record, "dakon.next-round.first=last-mover");
}

/// An engine that, set at the position it stands at, keeps what it played before (here
/// `mgn engine` behind a wrapper that answers such a `position` itself) breaks what a position
/// assumes: the round's captures and first player in Mraw imrujen, the opening in Nchuwa, the
/// round's first player in Dong Wo. The random games' resets catch it, and the record of the
/// difference passes mgn check.
#[test]
fn an_engine_that_keeps_its_history_at_a_position_is_caught() {
    if !python3("an engine that keeps its history") {
        return;
    }
    let dir = scratch("referee", "keeps-history");
    let wrapper = dir.join("keeps_history.py");
    fs::write(&wrapper, KEEPS_HISTORY).unwrap();
    for game in ["mraw-imrujen", "nchuwa", "dong-wo"] {
        let record = dir.join(format!("{game}.mgn"));
        let output = referee(
            &[
                "--game",
                game,
                "--depth",
                "0",
                "--games",
                "10",
                "--record",
                path_str(&record),
            ],
            &["python3", path_str(&wrapper), MGN, "engine"],
        );
        let out = stdout(&output);
        assert_eq!(code(&output), 1, "{game}: {}", shown(&output));
        assert!(
            out.contains("mgn check passes it under mgn's rules"),
            "{out}"
        );
        let checked = mgn(&["check", path_str(&record)]);
        assert_eq!(code(&checked), 0, "{game}: {}", shown(&checked));
    }
}

/// A proxy to an engine that answers `position P` itself, without passing it on, when P is the
/// position its last answer ended in: the engine keeps its history there.
const KEEPS_HISTORY: &str = r#"import subprocess, sys
engine = subprocess.Popen(sys.argv[1:], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
last = ""
for request in sys.stdin:
    request = request.rstrip("\n")
    if request.startswith("position ") and last.endswith(" " + request[len("position "):]):
        answer = request
    else:
        engine.stdin.write(request + "\n")
        engine.stdin.flush()
        if request == "quit":
            break
        answer = engine.stdout.readline().rstrip("\n")
    last = answer
    print(answer, flush=True)
"#;
/// Under `catalan`, the referee plays Dong Wo's owner actions (between moves, `^A4` `+A4`, and
/// inside a move, `A4>~2^A2`) and the transactions perft does not count, and compares `actions`
/// (docs/protocol.md, "`actions`: the steps perft does not count"): mgn's engine agrees with
/// mgn. What the engine was asked is read from its own input.
#[cfg(unix)]
#[test]
fn the_referee_plays_owner_actions_and_mgn_engine_agrees_under_catalan() {
    let name = "owner-actions-agree";
    let dir = scratch("referee", name);
    let log = dir.join("requests.log");
    let engine = script_engine(
        name,
        &format!("tee '{}' | '{MGN}' engine\n", path_str(&log)),
    );
    let output = referee(
        &[
            "--game", "dong-wo", "--preset", "catalan", "--depth", "0", "--games", "20",
        ],
        &["sh", &engine],
    );
    assert_eq!(code(&output), 0, "{}{}", stdout(&output), stderr(&output));
    let requests = fs::read_to_string(&log).unwrap();
    let played = |what: &dyn Fn(&str) -> bool| {
        requests
            .lines()
            .filter_map(|line| line.strip_prefix("play "))
            .filter(|step| what(step))
            .count()
    };
    let lifts = played(&|s| s.starts_with('^') && !s.starts_with("^^"));
    let puts = played(&|s| s.starts_with('+'));
    let take_twos = played(&|s| s.starts_with("^^"));
    let inside = played(&|s| s.contains('~'));
    let free_deals = played(&|s| s.starts_with("borrow:") || s.contains('='));
    assert!(
        lifts > 0 && puts > 0 && take_twos > 0 && inside > 0 && free_deals > 0,
        "lifts {lifts}, puts {puts}, take-twos {take_twos}, inside a move {inside}, free transactions {free_deals}"
    );
    assert!(
        requests.lines().any(|line| line == "actions"),
        "actions was never asked"
    );
}

/// An engine reading `dong-wo.owned.sown=winnings` under `catalan` is caught at an owner
/// action (the take-two it does not list, or an action it plays otherwise) in a random game of
/// one of the first seeds; the record writes the action as a record would, passes mgn check,
/// and fails it under the engine's reading.
#[test]
fn an_engine_reading_owned_holes_otherwise_is_caught_at_an_owner_action() {
    let option = "dong-wo.owned.sown=winnings";
    for seed in 1..=40 {
        let seed = seed.to_string();
        let (out, record) = against_override(
            "owner-action-difference",
            &[
                "--game", "dong-wo", "--preset", "catalan", "--depth", "0", "--games", "20",
                "--seed", &seed, "--format", "json",
            ],
            option,
        );
        let report: serde_json::Value = serde_json::from_str(&out).unwrap();
        let difference = &report["difference"];
        assert_eq!(difference["record_passes_mgn_check"], true, "{difference}");
        let request = difference["request"].as_str().unwrap();
        let at_an_action = request == "actions"
            || request.starts_with("play ") && request.contains(['^', '+', '~']);
        if !at_an_action {
            continue;
        }
        let text = fs::read_to_string(&record).unwrap();
        let written = difference["mgn_only"][0]
            .as_str()
            .unwrap_or_else(|| request.trim_start_matches("play "));
        assert!(text.contains(written), "{written}\n{text}");
        assert_check_splits(&record, option);
        return;
    }
    panic!("no difference at an owner action in seeds 1 to 40");
}

/// An engine that plays none of the steps perft does not count (as protocol 1 first did) is
/// caught at the first one mgn plays, with a record that writes it and passes mgn check, and
/// agrees with a referee told `--no-free-steps`; one that only declines `actions` (`error
/// unsupported`) is not asked it again, and agrees.
#[test]
fn an_engine_without_the_steps_is_caught_at_one_and_one_without_actions_agrees() {
    let record = scratch("referee", "without-steps").join("difference.mgn");
    let catalan = [
        "--game", "dong-wo", "--preset", "catalan", "--depth", "0", "--games", "5",
    ];
    let mut args = catalan.to_vec();
    args.extend(["--record", path_str(&record)]);
    let output = referee(
        &args,
        &[
            MGN,
            "engine",
            "--mutate",
            "no-actions",
            "--mutate",
            "no-free-steps",
        ],
    );
    assert_eq!(code(&output), 1, "{}{}", stdout(&output), stderr(&output));
    let out = stdout(&output);
    assert!(out.contains("request:  play "), "{out}");
    assert!(out.contains("engine:   error illegal"), "{out}");
    assert!(out.contains("mgn check passes it"), "{out}");
    let checked = mgn(&["check", path_str(&record)]);
    assert_eq!(code(&checked), 0, "{}", shown(&checked));
    let mut told = catalan.to_vec();
    told.push("--no-free-steps");
    let output = referee(
        &told,
        &[
            MGN,
            "engine",
            "--mutate",
            "no-actions",
            "--mutate",
            "no-free-steps",
        ],
    );
    assert_eq!(code(&output), 0, "{}{}", stdout(&output), stderr(&output));
    let output = referee(&catalan, &[MGN, "engine", "--mutate", "no-actions"]);
    assert_eq!(code(&output), 0, "{}{}", stdout(&output), stderr(&output));
}

/// A random game that ends compares `moves` there, re-set or not: an engine that plays on
/// after the end differs (a finished `--start`, with no position re-set, compared nothing but
/// the position before).
#[cfg(unix)]
#[test]
fn a_game_that_ends_compares_that_nothing_is_open() {
    let dir = scratch("referee", "ended");
    let engine = dir.join("plays-on.sh");
    fs::write(
        &engine,
        format!("'{MGN}' engine | sed -u 's/^moves$/moves B5/'\n"),
    )
    .unwrap();
    let output = referee(
        &[
            "--game",
            "dakon",
            "--start",
            "x,x,x,x,x/x,x,x,x,0 4/46 A 3",
            "--depth",
            "0",
            "--games",
            "1",
            "--reset-every",
            "0",
        ],
        &["sh", path_str(&engine)],
    );
    assert_eq!(code(&output), 1, "{}", shown(&output));
    assert!(
        stdout(&output).contains("  request:  moves"),
        "{}",
        shown(&output)
    );
}

/// A run whose games are all cut by --max-plies says so: no game's result was compared, nor
/// the rounds won that a position forgets (Dakon's games run for thousands of plies).
#[test]
fn a_run_whose_games_never_end_says_what_it_did_not_compare() {
    let output = referee(
        &[
            "--game",
            "dakon",
            "--depth",
            "0",
            "--games",
            "2",
            "--max-plies",
            "20",
        ],
        &[MGN, "engine"],
    );
    assert_eq!(code(&output), 0, "{}", shown(&output));
    assert!(
        stdout(&output).contains("0 ended\nnote: no game reached its end within --max-plies 20"),
        "{}",
        shown(&output)
    );
    let output = referee(
        &[
            "--game",
            "dakon",
            "--depth",
            "0",
            "--games",
            "2",
            "--max-plies",
            "20",
            "--format",
            "json",
        ],
        &[MGN, "engine"],
    );
    let report: serde_json::Value = serde_json::from_str(&stdout(&output)).unwrap();
    assert_eq!(report["games"]["ended"], 0);
}
