//! `mgn rules`: each game's rules, options, defaults and presets, with their codes and sources.

use super::args::RulesArgs;
use super::output::{self, say};
use super::Status;
use mgn::notation::GameKind;
use mgn::rules::{game_def, GameDef, GENERAL_RULES};
use std::fmt::Write;
use std::io::Write as _;

pub fn run(args: &RulesArgs) -> Status {
    let kinds: Vec<GameKind> = match &args.game {
        None => GameKind::ALL.to_vec(),
        Some(name) => match GameKind::from_name(name) {
            Some(kind) => vec![kind],
            None => {
                say(&super::args::unknown_game(name));
                return Status::Error;
            }
        },
    };
    let mut out = String::new();
    for kind in kinds {
        describe(&mut out, game_def(kind));
    }
    if args.game.is_none() {
        let _ = writeln!(out, "# every game: the form of a record\n");
        for rule in GENERAL_RULES {
            let _ = writeln!(
                out,
                "{}\n    {}\n    source: {}",
                rule.code, rule.summary, rule.source
            );
        }
    }
    let mut stdout = output::stdout();
    let written = writeln!(stdout, "{}", out.trim_end());
    output::finish(&mut stdout, written, Status::Success)
}

fn describe(out: &mut String, def: &GameDef) {
    let boards: Vec<String> = def.boards.iter().map(|b| b.to_string()).collect();
    let _ = writeln!(
        out,
        "# {}\n\nboards: {} (default {})\n\n## rules\n",
        def.kind,
        boards.join(", "),
        def.default_board
    );
    for rule in def.rules {
        let _ = writeln!(
            out,
            "{}\n    {}\n    source: {}",
            rule.code, rule.summary, rule.source
        );
    }
    let _ = writeln!(out, "\n## options (the first value is the default)\n");
    for option in def.options {
        let _ = writeln!(out, "{}\n    {}", option.code, option.summary);
        for (i, (value, meaning)) in option.values.iter().enumerate() {
            let mark = if i == 0 { " (default)" } else { "" };
            let _ = writeln!(out, "    = {value}{mark}: {meaning}");
        }
        let _ = writeln!(out, "    source: {}", option.source);
    }
    let _ = writeln!(out, "\n## presets\n");
    for preset in def.presets {
        let settings: Vec<String> = preset
            .settings
            .iter()
            .map(|(c, v)| format!("{c}={v}"))
            .collect();
        let settings = if settings.is_empty() {
            "every option at its default".to_string()
        } else {
            settings.join(", ")
        };
        let _ = writeln!(
            out,
            "{}\n    {}\n    {}",
            preset.name, preset.summary, settings
        );
    }
    out.push('\n');
}
