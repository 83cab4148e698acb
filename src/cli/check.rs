//! `mgn check`: read every record of the inputs and report the bad ones.

use super::args::CheckArgs;
use super::input::{self, InputError};
use super::output;
use super::report::{self, Report};
use super::Status;
use indicatif::{ProgressBar, ProgressStyle};
use mgn::check::{check_text, CheckOptions};
use rayon::prelude::*;
use std::io::{self, IsTerminal};
use std::num::NonZeroUsize;
use std::time::Instant;

pub fn run(args: &CheckArgs) -> Status {
    let started = Instant::now();
    let options = CheckOptions::default();
    let mut report = Report::with_format(output::stdout(), args.format, args.quiet);
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
    let limit = args.max_failures.map_or(usize::MAX, NonZeroUsize::get);

    // Files are read and checked on every core, a batch at a time, and reported in order:
    // memory holds one batch, whatever the number of files.
    let batch_size = 4 * rayon::current_num_threads().max(1);
    let mut origins = origins.into_iter().peekable();
    'batches: while origins.peek().is_some() {
        let batch: Vec<_> = origins.by_ref().take(batch_size).collect();
        files += batch.iter().filter(|o| o.is_ok()).count();
        let checked: Vec<_> = batch
            .into_par_iter()
            .map(|origin| {
                let origin = origin?;
                let text = input::read(&origin)?;
                let started = Instant::now();
                let results = check_text(&text, &options);
                tracing::info!(
                    file = %origin.name(),
                    records = results.len(),
                    elapsed = ?started.elapsed(),
                    "checked"
                );
                Ok((origin.name(), text, results))
            })
            .collect();
        for outcome in checked {
            if report.failed() >= limit {
                output::say(&format!(
                    "stopped after {limit} bad records (--max-failures)"
                ));
                break 'batches;
            }
            bar.inc(1);
            let written = match outcome {
                Ok((name, text, results)) => bar.suspend(|| {
                    for (i, result) in results.iter().enumerate() {
                        if report.failed() >= limit {
                            break;
                        }
                        report.record(&name, &text, i + 1, result)?;
                    }
                    Ok(())
                }),
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
