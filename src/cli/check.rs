//! `mgn check`: read every record of the inputs and report the bad ones.

use super::args::CheckArgs;
use super::input::{self, InputError};
use super::output::{self, PipeSafe};
use super::report::{self, Report};
use super::Status;
use mgn::check::{check_text, CheckOptions};
use std::io;
use std::time::Instant;

pub fn run(args: &CheckArgs) -> Status {
    let started = Instant::now();
    let options = CheckOptions::default();
    let mut report = Report::new(PipeSafe::new(io::stdout().lock()));
    let mut status = Status::Success;
    let mut files = 0;

    for origin in input::expand(&args.paths) {
        let text = origin.and_then(|origin| {
            files += 1;
            input::read(&origin).map(|text| (origin.name(), text))
        });
        let written = match text {
            Ok((name, text)) => {
                let parsing = Instant::now();
                let results = check_text(&text, &options);
                tracing::info!(
                    file = %name,
                    records = results.len(),
                    elapsed = ?parsing.elapsed(),
                    "checked"
                );
                if results.is_empty() {
                    output::say(&format!("warning: {name}: no game found"));
                }
                results
                    .iter()
                    .enumerate()
                    .try_for_each(|(i, result)| report.record(&name, &text, i + 1, result))
            }
            Err(InputError::NotUtf8(error)) => report.not_utf8(&error),
            Err(error) => {
                output::say(&report::input_error(&error));
                status = status.max(Status::Error);
                Ok(())
            }
        };
        if let Err(error) = written {
            output::say(&format!("cannot write the report: {error}"));
            return Status::Error;
        }
    }

    if report.failed() > 0 {
        status = status.max(Status::Failed);
    }
    match report.finish() {
        Ok((passed, failed)) => {
            tracing::info!(files, passed, failed, elapsed = ?started.elapsed(), "check done");
            status
        }
        Err(error) => {
            output::say(&format!("cannot write the report: {error}"));
            Status::Error
        }
    }
}
