//! `mgn check`: read every record of the inputs and report the bad ones.
//!
//! Inputs are read a part at a time ([`mgn::notation::parts`]: a file cut before each line that
//! starts a game), by a reader thread that hands batches of parts over; each batch is checked
//! on every core and reported in file order. Memory holds a few batches, whatever the size of
//! a file or the number of files; one large file is checked on every core like many small
//! ones.

use super::args::CheckArgs;
use super::input::{self, InputError, Origin};
use super::output;
use super::report::{self, Report, Source};
use super::Status;
use indicatif::{ProgressBar, ProgressStyle};
use mgn::check::{check_part, no_game, CheckOptions, RecordResult};
use mgn::notation::{parts, Part};
use rayon::prelude::*;
use std::io::{self, IsTerminal};
use std::num::NonZeroUsize;
use std::sync::mpsc;
use std::time::Instant;

/// The text a batch gathers before it is checked: enough parts to keep every core busy, few
/// enough that memory stays small (the reader fills one batch while another is checked).
const BATCH_BYTES: usize = 4 << 20;
const BATCH_PARTS: usize = 4096;

/// What the reader hands over, in file order.
enum Unit {
    Part {
        file: usize,
        part: Part,
    },
    /// Every part of the file has been handed over.
    End {
        file: usize,
    },
    /// The file could not be read, or not to its end.
    Error {
        file: usize,
        error: InputError,
    },
}

pub fn run(args: &CheckArgs) -> Status {
    let started = Instant::now();
    let mut options = CheckOptions::default();
    options.max_laps = args.max_laps;
    let mut report = Report::with_format(output::stdout(), args.format, args.quiet);
    let origins = input::expand(&args.paths);
    let names: Vec<String> = origins
        .iter()
        .map(|o| match o {
            Ok(origin) => origin.name(),
            Err(_) => String::new(),
        })
        .collect();
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
    let mut status = Status::Success;
    let mut reported = Reported::default();

    let written = std::thread::scope(|scope| -> io::Result<()> {
        // One batch waits while another is checked: the reader stays a batch ahead.
        let (batches, arrived) = mpsc::sync_channel::<Vec<Unit>>(1);
        scope.spawn(move || read_all(origins, batches));
        for batch in arrived {
            let checked: Vec<(Unit, Vec<RecordResult>)> = batch
                .into_par_iter()
                .map(|unit| {
                    let results = match &unit {
                        Unit::Part { part, .. } => check_part(part, &options),
                        _ => Vec::new(),
                    };
                    (unit, results)
                })
                .collect();
            for (unit, results) in checked {
                if report.failed() >= limit {
                    output::say(&format!(
                        "stopped after {limit} bad records (--max-failures)"
                    ));
                    // Dropping `arrived` ends the reader at its next batch.
                    return Ok(());
                }
                match unit {
                    Unit::Part { file, part } => bar.suspend(|| {
                        reported.part(&mut report, &names[file], &part, &results, limit)
                    })?,
                    Unit::End { file } => {
                        bar.inc(1);
                        bar.suspend(|| reported.end(&mut report, &names[file]))?;
                    }
                    Unit::Error { file, error } => {
                        bar.inc(1);
                        reported.forget(file);
                        output::say(&report::input_error(&error));
                        status = status.max(Status::Error);
                    }
                }
            }
        }
        Ok(())
    });
    bar.finish_and_clear();
    if let Err(error) = written {
        output::say(&format!("cannot write the report: {error}"));
        return Status::Error;
    }
    if report.failed() > 0 {
        status = status.max(Status::Failed);
    }
    match report.finish() {
        Ok((passed, failed)) => {
            tracing::info!(
                files = reported.files,
                passed,
                failed,
                elapsed = ?started.elapsed(),
                "check done"
            );
            status
        }
        Err(error) => {
            output::say(&format!("cannot write the report: {error}"));
            Status::Error
        }
    }
}

/// Reads every input a part at a time and hands the parts over in batches, in order. Stops
/// when the receiver has gone (`--max-failures`).
fn read_all(origins: Vec<Result<Origin, InputError>>, batches: mpsc::SyncSender<Vec<Unit>>) {
    let mut batch = Vec::new();
    let mut bytes = 0;
    let hand_over = |batch: &mut Vec<Unit>, bytes: &mut usize, force: bool| {
        if force || *bytes >= BATCH_BYTES || batch.len() >= BATCH_PARTS {
            *bytes = 0;
            batches.send(std::mem::take(batch)).is_ok()
        } else {
            true
        }
    };
    for (file, origin) in origins.into_iter().enumerate() {
        let opened = origin.and_then(|origin| Ok((origin.name(), input::open(&origin)?)));
        let (name, reader) = match opened {
            Ok(opened) => opened,
            Err(error) => {
                batch.push(Unit::Error { file, error });
                if !hand_over(&mut batch, &mut bytes, false) {
                    return;
                }
                continue;
            }
        };
        let started = Instant::now();
        for part in parts(reader) {
            match part {
                Ok(part) => {
                    bytes += part.bytes.len();
                    batch.push(Unit::Part { file, part });
                }
                Err(error) => {
                    batch.push(Unit::Error {
                        file,
                        error: InputError::Io {
                            name: name.clone(),
                            error,
                        },
                    });
                    break;
                }
            }
            if !hand_over(&mut batch, &mut bytes, false) {
                return;
            }
        }
        tracing::debug!(file, elapsed = ?started.elapsed(), "read");
        batch.push(Unit::End { file });
    }
    hand_over(&mut batch, &mut bytes, true);
}

/// What the report has been told of the file being reported.
#[derive(Default)]
struct Reported {
    files: usize,
    /// Records of the current file so far.
    records: usize,
    /// The last part of a file that has held no record yet: its end is where a file without a
    /// game is reported.
    empty_tail: Option<Part>,
}

impl Reported {
    fn part<W: io::Write>(
        &mut self,
        report: &mut Report<W>,
        name: &str,
        part: &Part,
        results: &[RecordResult],
        limit: usize,
    ) -> io::Result<()> {
        let lossy;
        let text = match part.text() {
            Ok(text) => text,
            Err(_) => {
                lossy = String::from_utf8_lossy(&part.bytes);
                &lossy
            }
        };
        let source = Source {
            name,
            text,
            first_line: part.line,
            offset: part.offset,
        };
        for result in results {
            if report.failed() >= limit {
                break;
            }
            self.records += 1;
            report.record(&source, self.records, result)?;
        }
        self.empty_tail = (self.records == 0).then(|| part.clone());
        Ok(())
    }

    /// The end of a file: one that held no game is one bad record, at its end.
    fn end<W: io::Write>(&mut self, report: &mut Report<W>, name: &str) -> io::Result<()> {
        self.files += 1;
        let written = if self.records == 0 {
            let tail = self.empty_tail.take();
            let text = tail
                .as_ref()
                .map(|p| String::from_utf8_lossy(&p.bytes).into_owned())
                .unwrap_or_default();
            let source = Source {
                name,
                text: &text,
                first_line: tail.as_ref().map_or(1, |p| p.line),
                offset: tail.as_ref().map_or(0, |p| p.offset),
            };
            report.record(&source, 1, &RecordResult::Syntax(no_game(&text)))
        } else {
            Ok(())
        };
        self.forget(0);
        written
    }

    /// Starts afresh for the next file.
    fn forget(&mut self, _file: usize) {
        self.records = 0;
        self.empty_tail = None;
    }
}
