//! `mgn convert`: MGN, YAML and JSON into one another.

use super::args::{ConvertArgs, Format};
use super::input::{self, InputError, Origin};
use super::output::{self, PipeSafe};
use super::report;
use super::Status;
use mgn::document;
use mgn::notation::{parse_games, write_games, Game};
use std::fs;
use std::io::{self, Write};
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
            let parsed = parse_games(&text);
            let total = parsed.len();
            let mut games = Vec::with_capacity(total);
            for result in parsed {
                match result {
                    Ok(game) => games.push(game),
                    Err(error) => output::show(&report::syntax_error(&name, &text, &error)),
                }
            }
            if games.len() < total {
                output::say(&report::partial_conversion(
                    &name,
                    total - games.len(),
                    total,
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

    let written = match &args.output {
        Some(path) if path.as_os_str() != "-" => fs::write(path, &converted)
            .map_err(|error| format!("cannot write {}: {error}", path.display())),
        _ => {
            let mut out = PipeSafe::new(io::stdout().lock());
            out.write_all(converted.as_bytes())
                .and_then(|()| out.flush())
                .map_err(|error| format!("cannot write to standard output: {error}"))
        }
    };
    if let Err(message) = written {
        output::say(&message);
        return Status::Error;
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
