//! Every record `mgn referee` writes of a difference passes `mgn check` under mgn's rules, and
//! fails, at the ply that shows the difference, under the engine's (#35): at every kind of
//! decision of the four games. The engines are `mgn engine` reading one option otherwise
//! (`--override`), and a wrapper that drops a decision from mgn's lists inside a turn. A record
//! that plays a decision only the engine lists is the other way round: mgn check fails it there,
//! and the engine's reading passes it.
//!
//! Each comparison is kept within a budget of work (`--games`, `--max-plies`, no perft), found
//! to reach the difference; a comparison that finds none fails the test, which says so.

mod support;

use serde_json::Value;
use std::fs;
use std::path::Path;
use support::*;

const MGN: &str = env!("CARGO_BIN_EXE_mgn");

/// One engine's difference from mgn: the rules the referee is run under, the engine's reading
/// of them, and the kind of decision it differs at (for the failure's message).
struct Case<'a> {
    game: &'a str,
    preset: Option<&'a str>,
    /// The engine's option setting, `code=value`, which mgn check reads from an `Option` tag.
    option: &'a str,
    kind: &'a str,
    games: &'a str,
}

const fn case<'a>(game: &'a str, option: &'a str, kind: &'a str) -> Case<'a> {
    Case {
        game,
        preset: None,
        option,
        kind,
        games: "20",
    }
}

const fn under<'a>(preset: &'a str, c: Case<'a>) -> Case<'a> {
    Case {
        preset: Some(preset),
        ..c
    }
}

/// The referee's report of the difference of `engine` from mgn under `case`'s rules, and the
/// path of its record; `None` when it found none within the budget (exit 0).
fn referee_run(case: &Case, name: &str, engine: &[&str]) -> Option<(Value, std::path::PathBuf)> {
    let record = scratch("referee-records", name).join("difference.mgn");
    let mut args = vec!["referee", "--game", case.game];
    if let Some(preset) = case.preset {
        args.extend(["--preset", preset]);
    }
    args.extend(["--depth", "0", "--games", case.games, "--max-plies", "200"]);
    // Each case was found in the games' own play from the start: no position re-set (which
    // forgets a round's history, and so the difference a case depends on), no free step
    // (their records are tested in referee.rs).
    args.extend(["--reset-every", "0", "--no-free-steps"]);
    // Only against a hang: the budget is in games and plies.
    args.extend(["--timeout", "600", "--format", "json"]);
    args.extend(["--record", path_str(&record), "--"]);
    args.extend_from_slice(engine);
    let output = mgn(&args);
    match code(&output) {
        0 => None,
        1 => {
            let report: Value = serde_json::from_str(&stdout(&output)).unwrap();
            Some((report["difference"].clone(), record))
        }
        _ => panic!("{} ({}): {}", case.kind, case.option, shown(&output)),
    }
}

/// [`referee_run`], which must find a difference.
fn refereed(case: &Case, name: &str, engine: &[&str]) -> (Value, std::path::PathBuf) {
    referee_run(case, name, engine).unwrap_or_else(|| {
        panic!(
            "{} ({}): no difference found within the budget",
            case.kind, case.option
        )
    })
}

/// mgn check's first problem with `record`, as its JSON report gives it: the rule and the line;
/// `None` when it passes.
fn first_problem(record: &Path) -> Option<(String, u64)> {
    let output = mgn(&["check", "--format", "json", path_str(record)]);
    let first = stdout(&output)
        .lines()
        .next()
        .unwrap_or_default()
        .to_string();
    let verdict: Value = serde_json::from_str(&first).unwrap_or_else(|_| panic!("{first}"));
    if verdict["verdict"] == "passed" {
        assert_eq!(code(&output), 0);
        return None;
    }
    assert_eq!(code(&output), 1, "{}", shown(&output));
    let rule = verdict["rule"].as_str().unwrap_or_default().to_string();
    Some((
        rule,
        verdict["line"].as_u64().expect("a failure has a line"),
    ))
}

/// `record` with `option` set, as the engine reads the rules: the `Option` tag goes second, so
/// that every line after the first is one further down.
fn under_the_engine_reading(record: &Path, option: &str) -> std::path::PathBuf {
    let text = fs::read_to_string(record).unwrap();
    let (first, rest) = text.split_once('\n').unwrap();
    let other = record.with_extension("engine.mgn");
    fs::write(&other, format!("{first}\n[Option \"{option}\"]\n{rest}")).unwrap();
    other
}

/// The record of `case`'s difference passes mgn check under mgn's rules and fails under the
/// engine's at or after the line of the ply that shows the difference; or, when it plays the
/// engine's decision, the other way round.
fn assert_record_shows_the_difference(case: &Case) {
    assert!(
        record_shows_the_difference(case),
        "{} ({}): no difference found within the budget",
        case.kind,
        case.option
    );
}

/// [`assert_record_shows_the_difference`] when the referee finds a difference within the
/// budget; whether it did.
fn record_shows_the_difference(case: &Case) -> bool {
    let name = format!(
        "{}-{}-{}",
        case.game,
        case.preset.unwrap_or("default"),
        case.option
    )
    .replace(['.', '='], "-");
    let engine = [MGN, "engine", "--override", case.option];
    let Some((difference, record)) = referee_run(case, &name, &engine) else {
        return false;
    };
    let what = format!(
        "{} ({}{}): {difference:#}",
        case.kind,
        case.preset
            .map(|p| format!("preset {p}, "))
            .unwrap_or_default(),
        case.option
    );
    let at = difference["record_difference_line"]
        .as_u64()
        .unwrap_or_else(|| panic!("the record shows the difference in a ply: {what}"));
    let plays_the_engine_decision = difference["request"] == "moves"
        && difference["mgn_only"].as_array().unwrap().is_empty()
        && !difference["engine_only"].as_array().unwrap().is_empty();
    let mine = first_problem(&record);
    let theirs = first_problem(&under_the_engine_reading(&record, case.option))
        .map(|(rule, line)| (rule, line - 1));
    if plays_the_engine_decision {
        assert_eq!(difference["record_passes_mgn_check"], false, "{what}");
        let (rule, line) = mine.unwrap_or_else(|| panic!("mgn check passes it: {what}"));
        assert!(
            line >= at,
            "mgn check fails it at line {line} ({rule}), before the difference at {at}: {what}"
        );
        // Under the engine's reading its decision is legal; a record that writes out what mgn
        // deferred to it (Dong Wo's fill, with mgn's position after it) may fail there, at the
        // difference itself, never before it.
        if let Some((rule, line)) = theirs {
            assert!(
                line >= at,
                "the engine's reading fails it at line {line} ({rule}), before the difference at {at}: {what}"
            );
        }
    } else {
        assert_eq!(mine, None, "{what}");
        assert_eq!(difference["record_passes_mgn_check"], true, "{what}");
        let (rule, line) =
            theirs.unwrap_or_else(|| panic!("the engine's reading passes it: {what}"));
        assert!(
            line >= at,
            "the engine's reading fails it at line {line} ({rule}), before the difference at {at}: {what}"
        );
    }
    true
}

/// Every value of every option of `game` other than its default, read by the engine: each
/// difference the referee finds within the budget is recorded so that mgn check passes it and
/// the engine's reading fails it at the difference (or the other way round). The values that
/// make none within the budget (a rule of late rounds, a rare move that never ends) are left
/// to the cases above. How many differed.
fn every_option_value(game: mgn::GameKind) -> usize {
    let mut differed = 0;
    for option in mgn::game_def(game).options {
        for (value, _) in &option.values[1..] {
            let setting = format!("{}={value}", option.code);
            let case = Case {
                game: game.name(),
                preset: None,
                option: &setting,
                kind: "an option value",
                games: "10",
            };
            if record_shows_the_difference(&case) {
                differed += 1;
            }
        }
    }
    differed
}

#[test]
fn every_dakon_option_value_that_differs_is_recorded_to_show_it() {
    assert!(every_option_value(mgn::GameKind::Dakon) >= 5);
}

#[test]
fn every_mraw_imrujen_option_value_that_differs_is_recorded_to_show_it() {
    assert!(every_option_value(mgn::GameKind::MrawImrujen) >= 12);
}

#[test]
fn every_nchuwa_option_value_that_differs_is_recorded_to_show_it() {
    assert!(every_option_value(mgn::GameKind::Nchuwa) >= 8);
}

#[test]
fn every_dong_wo_option_value_that_differs_is_recorded_to_show_it() {
    assert!(every_option_value(mgn::GameKind::DongWo) >= 10);
}

#[test]
fn dakon_records_show_a_difference_at_a_hole_a_pass_and_a_round_marker() {
    for case in [
        case("dakon", "dakon.sow.origin=skip", "a hole"),
        case("dakon", "dakon.sow.direction=clockwise", "a hole"),
        under(
            "catalan-neighbours",
            case("dakon", "dakon.capture.opponent-side=none", "a hole"),
        ),
        // The engine ends the round where mgn's player passes: mgn's pass follows.
        case("dakon", "dakon.round.end=cannot-move", "a pass"),
        case(
            "dakon",
            "dakon.next-round.first=last-mover",
            "the round over",
        ),
        // The engine refills out-of-play holes at next-round.
        case("dakon", "dakon.out-of-play.return=refill", "next-round"),
    ] {
        assert_record_shows_the_difference(&case);
    }
}

#[test]
fn mraw_imrujen_records_show_a_difference_at_a_hole_and_the_turn_round_or_game_over() {
    for case in [
        case(
            "mraw-imrujen",
            "mraw-imrujen.capture.reach=own-row",
            "a hole",
        ),
        case("mraw-imrujen", "mraw-imrujen.feed.reach=always", "a hole"),
        under(
            "catalan-always-feed",
            case(
                "mraw-imrujen",
                "mraw-imrujen.feed.reach=opponent-cannot-play",
                "a hole only the engine lists",
            ),
        ),
        case(
            "mraw-imrujen",
            "mraw-imrujen.capture.no-empty=no-capture",
            "a hole only the engine lists",
        ),
        case(
            "mraw-imrujen",
            "mraw-imrujen.feed.impossible=any-move",
            "the game over",
        ),
        case(
            "mraw-imrujen",
            "mraw-imrujen.repetition=allowed",
            "the round over",
        ),
        case(
            "mraw-imrujen",
            "mraw-imrujen.next-round.first=round-loser",
            "the round's first player",
        ),
        case(
            "mraw-imrujen",
            "mraw-imrujen.round.leftover=more",
            "next-round",
        ),
    ] {
        assert_record_shows_the_difference(&case);
    }
}

#[test]
fn nchuwa_records_show_a_difference_at_an_extra_capture_a_stop_lap_and_the_opening() {
    for case in [
        case(
            "nchuwa",
            "nchuwa.capture.extra-when=back-empty",
            "an extra capture",
        ),
        case(
            "nchuwa",
            "nchuwa.capture.extra-decline=forbidden",
            "an extra capture declined",
        ),
        under(
            "ludii",
            case(
                "nchuwa",
                "nchuwa.capture.extra-when=every-capture",
                "an extra capture only the engine lists",
            ),
        ),
        // mgn refuses a move that never ends; the engine stops it after a lap (`A11/56`).
        case(
            "nchuwa",
            "nchuwa.endless=stop",
            "a stop lap only the engine lists",
        ),
        under(
            "sanderson",
            case(
                "nchuwa",
                "nchuwa.endless=stop-any-lap",
                "a stop lap only the engine lists",
            ),
        ),
        case(
            "nchuwa",
            "nchuwa.opening.capture=none",
            "an opening transfer only the engine lists",
        ),
        under(
            "ludii",
            case(
                "nchuwa",
                "nchuwa.opening.capture=occupied",
                "an opening transfer",
            ),
        ),
        under(
            "ludii",
            case(
                "nchuwa",
                "nchuwa.opening.order=by-player",
                "an interleaved removal",
            ),
        ),
        case(
            "nchuwa",
            "nchuwa.opening.order=interleaved",
            "an opening removal",
        ),
        under(
            "ludii",
            case(
                "nchuwa",
                "nchuwa.sow.singleton=empty-only",
                "a hole of one seed",
            ),
        ),
    ] {
        assert_record_shows_the_difference(&case);
    }
}

#[test]
fn dong_wo_records_show_a_difference_at_a_direction_a_muzi_and_a_transaction() {
    for case in [
        case("dong-wo", "dong-wo.tianzi.holes=sector", "a direction"),
        case(
            "dong-wo",
            "dong-wo.round.muzi-left=sector-owner",
            "a muzi drop",
        ),
        case("dong-wo", "dong-wo.round-end.muzi=five", "a muzi drop"),
        case(
            "dong-wo",
            "dong-wo.muzi.meeting=mover-chooses",
            "a muzi meeting",
        ),
        under(
            "catalan",
            case(
                "dong-wo",
                "dong-wo.muzi.meeting=opponents",
                "a muzi meeting",
            ),
        ),
        case(
            "dong-wo",
            "dong-wo.owned.sown=stays",
            "a hole sown into an owned one",
        ),
        case("dong-wo", "dong-wo.buy.funds=after-debts", "a purchase"),
        under(
            "catalan",
            case(
                "dong-wo",
                "dong-wo.buy.funds=winnings",
                "a purchase only the engine lists",
            ),
        ),
        case("dong-wo", "dong-wo.rebuy.order=muzi-first", "a buy-back"),
        case(
            "dong-wo",
            "dong-wo.swap=by-agreement",
            "a swap only the engine lists",
        ),
        case("dong-wo", "dong-wo.buy.when=after-fill", "next-round"),
        case("dong-wo", "dong-wo.game.length=one-round", "the game over"),
        case("dong-wo", "dong-wo.start.muzi-end=right", "the start"),
    ] {
        assert_record_shows_the_difference(&case);
    }
}

/// A difference at a later decision of a turn (a Dakon lap that ends in the store, `A5-A4`; a
/// Dong Wo muzi's drop) is shortened like any other, to the position where the turn began, and
/// the record finishes the turn with mgn's decision, and claims what the whole ply captured:
/// mgn check passes it. The engine is mgn's,
/// through a filter that drops the last decision of every list it answers inside a turn.
#[cfg(unix)]
#[test]
fn a_difference_inside_a_turn_is_recorded_from_the_turn_start() {
    let dir = scratch("referee-records", "inside-a-turn");
    let filter = dir.join("engine.sh");
    fs::write(
        &filter,
        format!(
            "'{MGN}' engine | {{
  continued=0
  while IFS= read -r line; do
    case \"$line\" in \"moves \"*\" \"*) [ $continued = 1 ] && line=${{line% *}};; esac
    case \"$line\" in \"played continue\"*) continued=1;; *) continued=0;; esac
    printf '%s\\n' \"$line\"
  done
}}
"
        ),
    )
    .unwrap();
    for game in ["dakon", "dong-wo"] {
        let case = Case {
            game,
            preset: None,
            option: "",
            kind: "a later decision of a turn",
            games: "5",
        };
        let name = format!("inside-a-turn-{game}");
        let (difference, record) = refereed(&case, &name, &["sh", path_str(&filter)]);
        assert_eq!(difference["request"], "moves", "{difference:#}");
        assert_eq!(difference["mid_turn"], true, "{difference:#}");
        assert_eq!(difference["record_plies"], 1, "{difference:#}");
        assert_eq!(
            difference["record_passes_mgn_check"], true,
            "{difference:#}"
        );
        assert!(difference["record_difference_line"].is_u64());
        let text = fs::read_to_string(&record).unwrap();
        assert!(text.contains("[Start \""), "{text}");
        // The capture claim counts the whole ply, the decisions before the difference's too.
        assert!(
            text.lines()
                .any(|l| l.starts_with("1. ") && l.contains(" x")),
            "{text}"
        );
        assert_eq!(first_problem(&record), None, "{text}");
    }
}

/// A difference many turns into a round whose earlier turns' positions do not reproduce it (a
/// Mraw imrujen position does not tell this round's captures from the seeds kept before) is
/// recorded from the start of its round, where the position holds the whole state, rather
/// than from the start of the game: the line of 110 steps gave a record of 110 plies.
#[test]
fn a_difference_late_in_a_round_is_recorded_from_the_start_of_its_round() {
    let case = case(
        "mraw-imrujen",
        "mraw-imrujen.game.end=after-round-3",
        "the game over after round 3",
    );
    let (difference, record) = refereed(
        &case,
        "from-the-round-start",
        &[MGN, "engine", "--override", case.option],
    );
    let text = fs::read_to_string(&record).unwrap();
    let plies = difference["record_plies"].as_u64().unwrap();
    assert!(plies < 40, "{plies} plies: {text}");
    let start = text
        .lines()
        .find(|l| l.starts_with("[Start \""))
        .unwrap_or_default();
    assert!(start.ends_with(" 3\"]"), "from round 3: {text}");
    assert_record_shows_the_difference(&case);
}

/// A difference in the answer to `next-round` (here an engine that hands the new round to the
/// other player) gives a record that ends at the round marker with mgn's position after it, as
/// mgn starts the round (Dong Wo's buy-back and fill wait for the first transaction or move):
/// mgn check passes it. The engine is mgn's, behind a filter that reads each request.
#[cfg(unix)]
#[test]
fn a_difference_at_next_round_is_recorded_with_the_round_marker() {
    let dir = scratch("referee-records", "next-round");
    let filter = dir.join("engine.sh");
    fs::write(
        &filter,
        format!(
            "dir=$(mktemp -d)
mkfifo \"$dir/in\" \"$dir/out\"
'{MGN}' engine < \"$dir/in\" > \"$dir/out\" &
exec 3>\"$dir/in\" 4<\"$dir/out\"
rm -r \"$dir\"
while IFS= read -r request; do
  printf '%s\\n' \"$request\" >&3
  [ \"$request\" = quit ] && exit 0
  IFS= read -r answer <&4
  if [ \"$request\" = next-round ]; then
    case \"$answer\" in
      *' A '*) answer=$(printf '%s' \"$answer\" | sed 's/ A / B /') ;;
      *) answer=$(printf '%s' \"$answer\" | sed 's/ B / A /') ;;
    esac
  fi
  printf '%s\\n' \"$answer\"
done
"
        ),
    )
    .unwrap();
    for game in ["dakon", "mraw-imrujen", "dong-wo"] {
        let case = Case {
            game,
            preset: None,
            option: "",
            kind: "next-round",
            games: "5",
        };
        let name = format!("next-round-{game}");
        let (difference, record) = refereed(&case, &name, &["sh", path_str(&filter)]);
        assert_eq!(difference["request"], "next-round", "{difference:#}");
        let mgn_answer = difference["mgn"].as_str().unwrap();
        let position = mgn_answer.strip_prefix("position ").unwrap();
        let text = fs::read_to_string(&record).unwrap();
        let at = difference["record_difference_line"].as_u64().unwrap() as usize;
        let marked = text.lines().nth(at - 1).unwrap_or_default();
        assert!(
            marked.starts_with("round ") && marked.contains(&format!("[{position}]")),
            "{game}: {text}"
        );
        assert_eq!(first_problem(&record), None, "{game}: {text}");
    }
}

/// A difference on whether the turn is over (an engine that ends the turn where mgn's goes on,
/// or the other way round) is recorded with the turn as mgn plays it and mgn's next ply after
/// it: mgn check passes it. The engine is mgn's, its statuses rewritten.
#[cfg(unix)]
#[test]
fn a_difference_on_whether_the_turn_is_over_is_recorded_with_mgn_next_ply() {
    for (name, rewrite) in [
        ("ends-the-turn", "s/^played continue/played turn-over/"),
        ("goes-on", "s/^played turn-over/played continue/"),
    ] {
        let engine = scratch("referee-records", name).join("engine.sh");
        fs::write(&engine, format!("'{MGN}' engine | sed -u '{rewrite}'\n")).unwrap();
        for game in ["dakon", "dong-wo"] {
            let case = Case {
                game,
                preset: None,
                option: "",
                kind: "the turn over",
                games: "5",
            };
            let (difference, record) =
                refereed(&case, &format!("{name}-{game}"), &["sh", path_str(&engine)]);
            let text = fs::read_to_string(&record).unwrap();
            assert!(
                difference["request"].as_str().unwrap().starts_with("play "),
                "{difference:#}"
            );
            assert_eq!(difference["record_plies"], 2, "{text}");
            assert!(
                text.contains(" 1... "),
                "mgn's next ply, the other player's: {text}"
            );
            assert_eq!(first_problem(&record), None, "{name} {game}: {text}");
        }
    }
}

/// A Dong Wo stop after a lap that only the engine lists (`B1>/1`, as an engine reading
/// `dong-wo.endless=stop-any-lap` would list it, had the move no end) is written so that mgn
/// check refuses it there, under `dong-wo.endless`: as the last ply of a record that stops
/// unfinished, it would read as the record cut after that lap, which passes. Random games from
/// the start reach no Dong Wo move that never ends, so the engine is mgn's, through a filter
/// that adds the stop to its lists.
#[cfg(unix)]
#[test]
fn a_dong_wo_stop_lap_only_the_engine_lists_is_refused_at_it() {
    let engine = scratch("referee-records", "dong-wo-stop").join("engine.sh");
    fs::write(
        &engine,
        format!(
            "'{MGN}' engine | sed -u 's/^moves \\(B[1-5][<>]\\)\\(.*\\)$/moves \\1\\2 \\1\\/1/'\n"
        ),
    )
    .unwrap();
    let case = Case {
        game: "dong-wo",
        preset: None,
        option: "",
        kind: "a stop lap only the engine lists",
        games: "3",
    };
    let (difference, record) = refereed(&case, "dong-wo-stop-record", &["sh", path_str(&engine)]);
    assert_eq!(difference["engine_only"][0], "B1>/1", "{difference:#}");
    assert_eq!(
        difference["record_passes_mgn_check"], false,
        "{difference:#}"
    );
    let at = difference["record_difference_line"].as_u64().unwrap();
    let (rule, line) = first_problem(&record).expect("mgn check refuses the stop");
    assert_eq!((rule.as_str(), line), ("dong-wo.endless", at));
}
