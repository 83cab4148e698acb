//! `mgn import --from FORMAT` and `mgn check --from FORMAT`: other programs' games read into
//! MGN ([`mgn::import`]), written out or checked at once.
//!
//! Source files are small (a game or a few a file), so each is read whole: an import error
//! names the source's line and column, which the report shows with that line.

use super::args::{CheckArgs, ImportArgs, SourceFormat};
use super::input::{InputError, Origin};
use super::output;
use super::render::Paint;
use super::report::{self, Report, Source};
use super::Status;
use mgn::check::{check_text, CheckOptions};
use mgn::import::import_games;
use std::io::{self, Read, Write};
use std::path::Path;

/// A source file read whole, or why it could not be.
fn read(path: &Path) -> Result<(String, String), Status> {
    let origin = Origin::from_arg(path);
    let name = origin.name();
    let mut bytes = Vec::new();
    let read = match &origin {
        Origin::Stdin => io::stdin().lock().read_to_end(&mut bytes).map(drop),
        Origin::File(path) if path.is_dir() => Err(io::Error::new(
            io::ErrorKind::IsADirectory,
            "it is a folder: name the files to import",
        )),
        Origin::File(path) => std::fs::read(path).map(|b| bytes = b),
    };
    if let Err(error) = read {
        output::say(&report::input_error(&InputError::Io { name, error }));
        return Err(Status::Error);
    }
    match String::from_utf8(bytes) {
        Ok(text) => Ok((name, text)),
        Err(error) => {
            let at = error.utf8_error().valid_up_to();
            let lossy = String::from_utf8_lossy(error.as_bytes()).into_owned();
            let byte = error.as_bytes()[at];
            output::show_rendered(&report::not_utf8_at(
                &Source::whole(&name, &lossy),
                at,
                byte,
                Paint::Stderr,
            ));
            Err(Status::Failed)
        }
    }
}

pub fn run(args: &ImportArgs) -> Status {
    let inputs: Vec<&Path> = args.files.iter().map(|path| path.as_path()).collect();
    if let Err(status) = output::refuse_an_input(args.output.as_deref(), &inputs) {
        return status;
    }
    let format = args.from.format();
    let mut status = Status::Success;
    let mut text = String::new();
    let (mut imported, mut refused) = (0, 0);
    for path in &args.files {
        let (name, source) = match read(path) {
            Ok(read) => read,
            Err(failed) => {
                status = status.max(failed);
                continue;
            }
        };
        for game in import_games(format, &source, &name) {
            match game {
                Ok(game) => {
                    if !text.is_empty() {
                        text.push('\n');
                    }
                    text.push_str(&game.mgn);
                    imported += 1;
                }
                Err(error) => {
                    let shown = Source::whole(&name, &source);
                    output::show_rendered(&report::import_error(&shown, &error, Paint::Stderr));
                    refused += 1;
                    status = status.max(Status::Failed);
                }
            }
        }
    }
    if refused > 0 {
        output::say(&format!(
            "{refused} {} could not be imported (above); {imported} imported",
            if refused == 1 { "game" } else { "games" }
        ));
    }
    if imported == 0 {
        // An empty output would pass for an import of nothing.
        output::say("nothing was imported: nothing written");
        return status.max(Status::Failed);
    }
    let written = match &args.output {
        Some(path) if path.as_os_str() != "-" => {
            output::write_file(path, |out| out.write_all(text.as_bytes())).map_err(|error| {
                output::say(&format!(
                    "cannot write {}: {error}; it was left as it was",
                    path.display()
                ))
            })
        }
        _ => {
            let mut out = output::stdout();
            let written = out.write_all(text.as_bytes()).and_then(|()| out.flush());
            written
                .map_err(|error| output::say(&format!("cannot write to standard output: {error}")))
        }
    };
    match written {
        Ok(()) => status,
        Err(()) => Status::Error,
    }
}

/// `mgn check --from`: each file imported, each game it gives checked. An import error is a
/// bad record at the source's line; what the check finds in a game is reported at the source's
/// line it came from, the imported MGN shown after it, under the source file's name and the
/// game's number (`games.jsonl (imported game 2)`), as `mgn import` writes it out to look at.
pub fn check(args: &CheckArgs, from: SourceFormat) -> Status {
    let mut options = CheckOptions::default();
    options.max_laps = args.max_laps;
    options.all_claims = args.all_claims;
    let mut report =
        Report::with_format(output::stdout(), args.format, args.quiet).all_claims(args.all_claims);
    let limit = args.max_failures.map_or(usize::MAX, |n| n.get());
    let mut status = Status::Success;
    let written = (|| -> io::Result<()> {
        for path in &args.paths {
            let (name, source) = match read(path) {
                Ok(read) => read,
                Err(failed) => {
                    status = status.max(failed);
                    continue;
                }
            };
            let file = Source::whole(&name, &source);
            let mut index = 0;
            for game in import_games(from.format(), &source, &name) {
                if report.failed() >= limit {
                    output::say(&format!(
                        "stopped after {limit} bad records (--max-failures)"
                    ));
                    return Ok(());
                }
                match game {
                    Err(error) => {
                        index += 1;
                        report.import_error(&file, index, &error)?;
                    }
                    Ok(game) => {
                        for result in check_text(&game.mgn, &options) {
                            index += 1;
                            let shown = format!("{name} (imported game {index})");
                            report.record(
                                &Source::imported(&shown, &game, &file),
                                index,
                                &result,
                            )?;
                        }
                    }
                }
            }
        }
        Ok(())
    })();
    report.conclude(written, status).0
}
