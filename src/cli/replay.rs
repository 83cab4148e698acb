//! `mgn replay`: the step-by-step trace of each game of a file, with the board after each move;
//! or, with `--format yaml|json`, the complete event stream for other programs.

use super::args::{ReplayArgs, TraceFormat};
use super::input::{self, InputError, Origin};
use super::output::{self, say, show};
use super::report::{self, Source};
use super::Status;
use mgn::check::{check_game, CheckOptions, Verdict};
use mgn::notation::{parse_games, write_position, GameKind};
use mgn::replay::{draw_board, draw_four_rows, ply_trace, replay_game_within, PlyRecord};
use serde::Serialize;
use std::io::Write;

/// One game's trace in the `mgn-trace/1` schema (docs/ci.md).
#[derive(Serialize)]
struct GameTrace<'a> {
    game: usize,
    game_kind: &'static str,
    /// Absent when mgn does not replay this game yet.
    #[serde(skip_serializing_if = "Option::is_none")]
    start: Option<String>,
    steps: &'a [PlyRecord],
    /// The game's winner (`A`, `B`) or `draw`, once it is over.
    #[serde(skip_serializing_if = "Option::is_none")]
    result: Option<&'static str>,
    /// The first departure from the rules, rendered as `mgn check` shows it.
    #[serde(skip_serializing_if = "Option::is_none")]
    failure: Option<String>,
}

#[derive(Serialize)]
struct Trace<'a> {
    schema: &'static str,
    file: String,
    games: Vec<GameTrace<'a>>,
}

pub fn run(args: &ReplayArgs) -> Status {
    let origin = Origin::from_arg(&args.file);
    let name = origin.name();
    let text = match input::read(&origin) {
        Ok(text) => text,
        // A file that is not UTF-8 is a bad record, as for mgn check.
        Err(InputError::NotUtf8(error)) => {
            show(&report::not_utf8(&error));
            return Status::Failed;
        }
        Err(error) => {
            say(&report::input_error(&error));
            return Status::Error;
        }
    };
    let mut status = Status::Success;
    let mut replays = Vec::new();
    let mut options = CheckOptions::default();
    options.max_laps = args.max_laps;
    let parsed_games = parse_games(&text);
    if let Some(wanted) = args.game {
        if wanted.get() > parsed_games.len() {
            let games = parsed_games.len();
            let plural = if games == 1 { "" } else { "s" };
            say(&format!(
                "{name} holds {games} game{plural}: there is no game {wanted} to replay"
            ));
            return Status::Error;
        }
    }
    if parsed_games.is_empty() {
        show(&report::syntax_error(
            &Source::whole(&name, &text),
            &mgn::check::no_game(&text),
        ));
        return Status::Failed;
    }
    for (index, parsed) in parsed_games.into_iter().enumerate() {
        let number = index + 1;
        if args.game.is_some_and(|wanted| wanted.get() != number) {
            continue;
        }
        let game = match parsed {
            Ok(game) => game,
            Err(error) => {
                show(&report::syntax_error(&Source::whole(&name, &text), &error));
                status = Status::Failed;
                continue;
            }
        };
        let failure = match check_game(&game, &options) {
            Verdict::Failed(problems) => {
                status = Status::Failed;
                Some(
                    problems
                        .iter()
                        .map(|p| report::problem(&Source::whole(&name, &text), p))
                        .collect::<Vec<_>>()
                        .join("\n"),
                )
            }
            _ => None,
        };
        replays.push((
            number,
            game.header.game.value,
            replay_game_within(&game, true, args.max_laps),
            failure,
        ));
    }
    let mut out = output::stdout();
    let mut written = Ok(());
    let mut print = |text: &str| {
        if written.is_ok() {
            written = writeln!(out, "{text}");
        }
    };
    match args.format {
        TraceFormat::Text => {
            for (number, kind, replayed, failure) in &replays {
                print(&format!("game {number} ({kind})"));
                let Some(replayed) = replayed else {
                    print(&format!("  mgn does not replay {kind} yet"));
                    continue;
                };
                let draw = if *kind == GameKind::Nchuwa {
                    draw_four_rows
                } else {
                    draw_board
                };
                if let Some(start) = &replayed.start {
                    print(&format!("start\n{}", draw(start)));
                }
                for step in &replayed.plies {
                    if args.trace {
                        print(&step.heading());
                        for event in &step.events {
                            print(&format!("  {event:?}"));
                        }
                    } else {
                        print(&ply_trace(&step.heading(), &step.events));
                    }
                    print(&draw(&step.after));
                }
                match (failure, replayed.winner) {
                    (Some(failure), _) => print(failure),
                    (None, Some(Some(side))) => print(&format!("game over: {side} wins")),
                    (None, Some(None)) => print("game over: a draw"),
                    (None, None) => {}
                }
            }
        }
        TraceFormat::Yaml | TraceFormat::Json => {
            let trace = Trace {
                schema: "mgn-trace/1",
                file: name.clone(),
                games: replays
                    .iter()
                    .map(|(number, kind, replayed, failure)| GameTrace {
                        game: *number,
                        game_kind: kind.name(),
                        start: replayed
                            .as_ref()
                            .and_then(|r| r.start.as_ref())
                            .map(write_position),
                        steps: replayed.as_ref().map_or(&[][..], |r| &r.plies[..]),
                        result: replayed.as_ref().and_then(|r| r.winner).map(|w| match w {
                            Some(side) => side.name(),
                            None => "draw",
                        }),
                        failure: failure.clone(),
                    })
                    .collect(),
            };
            let written = if args.format == TraceFormat::Json {
                serde_json::to_string_pretty(&trace).map_err(|e| e.to_string())
            } else {
                serde_yaml::to_string(&trace).map_err(|e| e.to_string())
            };
            match written {
                Ok(written) => print(written.trim_end()),
                Err(error) => {
                    say(&format!("cannot write the trace: {error}"));
                    return Status::Error;
                }
            }
        }
    }
    output::finish(&mut out, written, status)
}
