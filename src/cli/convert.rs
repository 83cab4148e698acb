//! `mgn convert`: MGN, YAML and JSON into one another.

use super::args::{ConvertArgs, Format};
use super::input::{self, InputError, Origin};
use super::output;
use super::report::{self, Source};
use super::Status;
use mgn::check::no_game;
use mgn::document;
use mgn::notation::{parse_games, write_games, Game};
use std::io::Write;
use std::time::Instant;

pub fn run(args: &ConvertArgs) -> Status {
    let started = Instant::now();
    let origin = Origin::from_arg(&args.input);
    let name = origin.name();
    let text = match input::read(&origin) {
        Ok(text) => text,
        Err(InputError::NotUtf8(error)) => {
            output::show(&report::not_utf8(&error));
            return Status::Failed;
        }
        Err(error) => {
            output::say(&report::input_error(&error));
            return Status::Error;
        }
    };

    let from = args
        .from
        .or_else(|| match &origin {
            Origin::File(path) => Format::from_extension(path),
            Origin::Stdin => None,
        })
        .unwrap_or_else(|| {
            let guess = Format::sniff(&text);
            tracing::info!(file = %name, format = guess.name(), "input format guessed");
            guess
        });

    let mut status = Status::Success;
    let games: Vec<Game> = match from {
        Format::Mgn => {
            let mut games = Vec::new();
            let mut unreadable = Vec::new();
            for (index, result) in parse_games(&text).into_iter().enumerate() {
                match result {
                    Ok(game) => games.push(game),
                    Err(error) => {
                        output::show(&report::syntax_error(&Source::whole(&name, &text), &error));
                        unreadable.push(index + 1);
                    }
                }
            }
            if games.is_empty() && unreadable.is_empty() {
                output::show(&report::syntax_error(
                    &Source::whole(&name, &text),
                    &no_game(&text),
                ));
                return Status::Failed;
            }
            if !unreadable.is_empty() {
                // A converter never drops a record silently: without --skip-bad, a record
                // that does not read stops the whole conversion.
                let numbers = report::game_numbers(&unreadable);
                if !args.skip_bad {
                    output::say(&format!(
                        "{name}: {numbers} did not read: nothing was written (fix {}, or convert the others with --skip-bad)",
                        if unreadable.len() == 1 { "it" } else { "them" }
                    ));
                    return Status::Failed;
                }
                output::say(&format!(
                    "{name}: left out {numbers}, which did not read; the other {} written",
                    match games.len() {
                        1 => "game is".to_string(),
                        n => format!("{n} games are"),
                    }
                ));
                status = Status::Failed;
            }
            games
        }
        Format::Yaml | Format::Json => {
            let read = if from == Format::Yaml {
                document::from_yaml(&text)
            } else {
                document::from_json(&text)
            };
            match read {
                Ok(games) if games.is_empty() => {
                    output::say(&format!(
                        "{name}: the document holds no game: nothing to convert"
                    ));
                    return Status::Failed;
                }
                Ok(games) => games,
                Err(error) => {
                    output::say(&report::document_error(&name, from.name(), &error));
                    return Status::Failed;
                }
            }
        }
    };
    tracing::debug!(
        file = %name,
        games = games.len(),
        from = from.name(),
        elapsed = ?started.elapsed(),
        "read"
    );

    let converted = match args.to {
        Format::Mgn => write_games(&games),
        Format::Yaml => document::to_yaml(&games),
        Format::Json => document::to_json(&games),
    };

    match &args.output {
        Some(path) if path.as_os_str() != "-" => {
            if let Err(error) =
                output::write_file(path, |file| file.write_all(converted.as_bytes()))
            {
                output::say(&format!(
                    "cannot write {}: {error}; it was left as it was",
                    path.display()
                ));
                return Status::Error;
            }
        }
        _ => {
            let mut out = output::stdout();
            let written = out.write_all(converted.as_bytes());
            status = output::finish(&mut out, written, status);
        }
    }
    tracing::info!(
        file = %name,
        games = games.len(),
        to = args.to.name(),
        elapsed = ?started.elapsed(),
        "converted"
    );
    status
}
