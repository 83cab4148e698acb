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
            // One rule or option by its code, as `rustc --explain` gives one error.
            None => return explain(name),
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

/// `mgn rules CODE`: the one rule or option of that code, with the game it belongs to, its
/// values and the presets that set each, its source, and where the game's rules are written.
fn explain(code: &str) -> Status {
    let mut out = String::new();
    let general = GENERAL_RULES.iter().find(|r| r.code == code);
    if let Some(rule) = general {
        let _ = writeln!(
            out,
            "{}: a rule of every game (the form of a record)\n\n    {}\n    source: {}",
            rule.code, rule.summary, rule.source
        );
    }
    for kind in GameKind::ALL {
        let def = game_def(kind);
        if let Some(rule) = def.rules.iter().find(|r| r.code == code) {
            let _ = writeln!(
                out,
                "{}: a rule of {}\n\n    {}\n    source: {}\n\nAll of {}'s rules: mgn rules {}, and docs/rules/{}.md.",
                rule.code, def.kind, rule.summary, rule.source, def.kind, def.kind, def.kind
            );
        }
        if let Some(option) = def.options.iter().find(|o| o.code == code) {
            let _ = writeln!(
                out,
                "{}: an option of {}\n\n    {}",
                option.code, def.kind, option.summary
            );
            describe_values(&mut out, def, option);
            let _ = writeln!(
                out,
                "    source: {}\n\nSet it in a record with [Option \"{}=VALUE\"], or on the command line with --option {}=VALUE where a command plays a game. All of {}'s options: mgn rules {}, and docs/rules/{}.md (Open points).",
                option.source, option.code, option.code, def.kind, def.kind, def.kind
            );
        }
    }
    if out.is_empty() {
        let codes = GENERAL_RULES
            .iter()
            .map(|r| r.code)
            .chain(GameKind::ALL.into_iter().flat_map(|kind| {
                let def = game_def(kind);
                def.rules
                    .iter()
                    .map(|r| r.code)
                    .chain(def.options.iter().map(|o| o.code))
            }))
            .chain(GameKind::NAMES.iter().copied());
        say(&format!(
            "unknown game, rule or option `{code}`{}: name a game (dakon, mraw-imrujen, nchuwa, dong-wo) or the code of a rule or option, as `mgn rules GAME` lists them",
            mgn::did_you_mean(code, codes)
        ));
        return Status::Error;
    }
    let mut stdout = output::stdout();
    let written = writeln!(stdout, "{}", out.trim_end());
    output::finish(&mut stdout, written, Status::Success)
}

/// An option's values, each with what it means, whether it is the default, and the presets
/// that set it (a preset that does not name the option takes the default).
fn describe_values(out: &mut String, def: &GameDef, option: &mgn::rules::OptionDef) {
    for (i, (value, meaning)) in option.values.iter().enumerate() {
        let presets: Vec<&str> = def
            .presets
            .iter()
            .filter(
                |p| match p.settings.iter().find(|(c, _)| *c == option.code) {
                    Some((_, v)) => v == value,
                    None => i == 0,
                },
            )
            .map(|p| p.name)
            .collect();
        let mut marks = Vec::new();
        if i == 0 {
            marks.push("default".to_string());
        }
        if !presets.is_empty() {
            let word = if presets.len() == 1 {
                "preset"
            } else {
                "presets"
            };
            marks.push(format!("{word} {}", presets.join(", ")));
        }
        let marks = if marks.is_empty() {
            String::new()
        } else {
            format!(" ({})", marks.join("; "))
        };
        let _ = writeln!(out, "    = {value}{marks}: {meaning}");
    }
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
        describe_values(out, def, option);
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
