//! `mgn replay`: the step-by-step trace of each game of a file, with the board after each move.

use super::args::ReplayArgs;
use super::input::{self, Origin};
use super::output::{print, say};
use super::report;
use super::Status;
use mgn::check::{check_game, CheckOptions, Verdict};
use mgn::notation::parse_games;
use mgn::notation::GameKind;
use mgn::replay::{draw_board, draw_four_rows, ply_trace, replay_game};

pub fn run(args: &ReplayArgs) -> Status {
    let origin = Origin::from_arg(&args.file);
    let name = origin.name();
    let text = match input::read(&origin) {
        Ok(text) => text,
        Err(error) => {
            say(&report::input_error(&error));
            return Status::Error;
        }
    };
    let mut status = Status::Success;
    for (index, parsed) in parse_games(&text).into_iter().enumerate() {
        let number = index + 1;
        if args.game.is_some_and(|wanted| wanted != number) {
            continue;
        }
        let game = match parsed {
            Ok(game) => game,
            Err(error) => {
                print(&report::syntax_error(&name, &text, &error));
                status = Status::Failed;
                continue;
            }
        };
        let kind = game.header.game.value;
        print(&format!("game {number} ({kind})"));
        let Some(replayed) = replay_game(&game, true) else {
            print(&format!("  mgn does not replay {kind} yet"));
            continue;
        };
        let draw = if kind == GameKind::Nchuwa {
            draw_four_rows
        } else {
            draw_board
        };
        if let Some(start) = &replayed.start {
            print(&format!("start\n{}", draw(start)));
        }
        for ply in &replayed.plies {
            print(&ply_trace(&ply.heading, &ply.events));
            print(&draw(&ply.after));
        }
        if let Verdict::Failed(problems) = check_game(&game, &CheckOptions::default()) {
            for problem in &problems {
                print(&report::problem(&name, &text, problem));
            }
            status = Status::Failed;
        } else if let Some(winner) = replayed.winner {
            print(&match winner {
                Some(side) => format!("game over: {side} wins"),
                None => "game over: a draw".to_string(),
            });
        }
    }
    status
}
