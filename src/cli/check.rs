//! `mgn check`: read every record of the inputs and report the bad ones.

use super::args::CheckArgs;
use super::input::{self, InputError};
use super::output::{self, PipeSafe};
use super::report::{self, Report};
use super::Status;
use indicatif::{ProgressBar, ProgressStyle};
use mgn::check::{check_text, CheckOptions};
use std::io::{self, IsTerminal};
use std::time::Instant;

pub fn run(args: &CheckArgs) -> Status {
    let started = Instant::now();
    let options = CheckOptions::default();
    let mut report =
        Report::with_format(PipeSafe::new(io::stdout().lock()), args.format, args.quiet);
    let mut status = Status::Success;
    let mut files = 0;
    let origins = input::expand(&args.paths);
    // A bar only for people watching a long run: indicatif draws nothing when standard error
    // is not a terminal, and a run over a few files is over before a bar would help.
    let bar = if origins.len() >= 20 && io::stderr().is_terminal() {
        ProgressBar::new(origins.len() as u64).with_style(
            ProgressStyle::with_template("{bar:40} {pos}/{len} files {msg}")
                .expect("a valid template"),
        )
    } else {
        ProgressBar::hidden()
    };
    let limit = args.max_failures.unwrap_or(usize::MAX);

    for origin in origins {
        if report.failed() >= limit {
            output::say(&format!(
                "stopped after {limit} bad records (--max-failures)"
            ));
            break;
        }
        bar.inc(1);
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
                bar.suspend(|| {
                    for (i, result) in results.iter().enumerate() {
                        if report.failed() >= limit {
                            break;
                        }
                        report.record(&name, &text, i + 1, result)?;
                    }
                    Ok(())
                })
            }
            Err(InputError::NotUtf8(error)) => bar.suspend(|| report.not_utf8(&error)),
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

    bar.finish_and_clear();
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
