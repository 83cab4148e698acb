//! `mgn check`: read every record of the inputs and report the bad ones.
//!
//! Inputs are read a part at a time ([`mgn::notation::parts`]: a file cut before each line that
//! starts a game) by a reader thread, which hands each part to the thread pool as soon as it is
//! read; the parts are checked on every core and reported in file order. A window bounds the
//! text read and not yet reported, so memory holds that window whatever the size of a file or
//! the number of files, and one large part does not keep the other cores idle: they go on with
//! the parts after it, up to the window.

use super::args::CheckArgs;
use super::input::{self, InputError, Origin};
use super::output;
use super::report::{self, Report, Source};
use super::Status;
use indicatif::{ProgressBar, ProgressStyle};
use mgn::check::{check_part, no_game, CheckOptions, RecordResult};
use mgn::notation::{parts, Part};
use std::collections::BTreeMap;
use std::io::{self, IsTerminal};
use std::num::NonZeroUsize;
use std::sync::{mpsc, Condvar, Mutex};
use std::time::Instant;

/// The text read and not yet reported, at most: enough parts to keep every core busy past a
/// large one, little enough that memory stays small. A part larger than the window is read
/// alone.
const WINDOW_BYTES: usize = 16 << 20;
/// Parts in flight, at most, so that small parts cost no more bookkeeping than the window.
const WINDOW_PARTS: usize = 8192;

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

/// The size from which the files of a run of a few files are large enough for a bar: some
/// seconds of checking at about 100 MiB/s (docs/performance.md).
const LARGE_INPUT: u64 = 256 * 1024 * 1024;

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
    // is not a terminal, and a run over a few small files is over before a bar would help.
    // Over many files it counts files; over a few large ones (a file of many games), bytes.
    let input_bytes: u64 = origins
        .iter()
        .filter_map(|o| match o {
            Ok(input::Origin::File(path)) => std::fs::metadata(path).ok().map(|m| m.len()),
            _ => None,
        })
        .sum();
    let by_bytes = origins.len() < 20 && input_bytes >= LARGE_INPUT;
    let bar = if !io::stderr().is_terminal() {
        ProgressBar::hidden()
    } else if origins.len() >= 20 {
        ProgressBar::new(origins.len() as u64).with_style(
            ProgressStyle::with_template("{bar:40} {pos}/{len} files {msg}")
                .expect("a valid template"),
        )
    } else if by_bytes {
        ProgressBar::new(input_bytes).with_style(
            ProgressStyle::with_template("{bar:40} {bytes}/{total_bytes} checked, {elapsed}")
                .expect("a valid template"),
        )
    } else {
        ProgressBar::hidden()
    };
    let limit = args.max_failures.map_or(usize::MAX, NonZeroUsize::get);
    let mut status = Status::Success;
    let mut reported = Reported::default();

    let window = Window::default();
    let written = std::thread::scope(|scope| -> io::Result<()> {
        let (done, arrived) = mpsc::channel::<(usize, Unit, Vec<RecordResult>)>();
        let window = &window;
        let options = &options;
        scope.spawn(move || read_all(origins, window, done, options));
        // Whatever ends the report (its end, --max-failures, an output that cannot be
        // written), the reader may be waiting for room in the window: let it go, or the scope
        // would wait for it for ever.
        let _release = Release(window);
        // Results come as they are checked; they are reported in the order they were read.
        let mut waiting = BTreeMap::new();
        let mut next = 0;
        for (index, unit, results) in arrived {
            waiting.insert(index, (unit, results));
            while let Some((unit, results)) = waiting.remove(&next) {
                next += 1;
                // Stopped only when records are left unchecked; the report says so.
                if report.failed() >= limit && matches!(unit, Unit::Part { .. }) {
                    output::say(&format!(
                        "stopped after {limit} bad records (--max-failures)"
                    ));
                    window.stop();
                    return Ok(());
                }
                let bytes = match &unit {
                    Unit::Part { part, .. } => part.bytes.len(),
                    _ => 0,
                };
                // The bar moves by files, or by the bytes of the parts checked.
                let (per_part, per_file) = if by_bytes { (bytes as u64, 0) } else { (0, 1) };
                match unit {
                    Unit::Part { file, part } => {
                        bar.suspend(|| {
                            reported.part(&mut report, &names[file], &part, &results, limit)
                        })?;
                        bar.inc(per_part);
                    }
                    // Past the limit, a file's end says nothing more.
                    Unit::End { .. } if report.failed() >= limit => bar.inc(per_file),
                    Unit::End { file } => {
                        bar.inc(per_file);
                        bar.suspend(|| reported.end(&mut report, &names[file]))?;
                    }
                    Unit::Error { file, error } => {
                        bar.inc(per_file);
                        reported.forget(file);
                        output::say(&report::input_error(&error));
                        status = status.max(Status::Error);
                    }
                }
                window.release(bytes);
            }
        }
        Ok(())
    });
    // The reader may wait on the window when the report stops early.
    window.stop();
    bar.finish_and_clear();
    let (status, counts) = report.conclude(written, status);
    if let Some((passed, failed)) = counts {
        tracing::info!(
            files = reported.files,
            passed,
            failed,
            elapsed = ?started.elapsed(),
            "check done"
        );
    }
    status
}

/// Stops the window when dropped.
struct Release<'w>(&'w Window);

impl Drop for Release<'_> {
    fn drop(&mut self) {
        self.0.stop();
    }
}

/// The text read and not yet reported.
#[derive(Default)]
struct Window {
    state: Mutex<InFlight>,
    changed: Condvar,
}

#[derive(Default)]
struct InFlight {
    bytes: usize,
    parts: usize,
    stopped: bool,
}

impl Window {
    /// Waits until `bytes` more fit (or nothing is in flight); false once the report has
    /// stopped.
    fn admit(&self, bytes: usize) -> bool {
        let mut state = self.state.lock().expect("the window is never poisoned");
        while !state.stopped
            && state.parts > 0
            && (state.bytes + bytes > WINDOW_BYTES || state.parts >= WINDOW_PARTS)
        {
            state = self
                .changed
                .wait(state)
                .expect("the window is never poisoned");
        }
        state.bytes += bytes;
        state.parts += 1;
        !state.stopped
    }

    fn release(&self, bytes: usize) {
        let mut state = self.state.lock().expect("the window is never poisoned");
        state.bytes -= bytes;
        state.parts -= 1;
        self.changed.notify_all();
    }

    fn stop(&self) {
        self.state
            .lock()
            .expect("the window is never poisoned")
            .stopped = true;
        self.changed.notify_all();
    }
}

/// Reads every input a part at a time and hands each part to the thread pool, numbered in the
/// order read; markers for a file's end and for an input that cannot be read come in the same
/// numbering. Stops when the report has stopped (`--max-failures`).
fn read_all(
    origins: Vec<Result<Origin, InputError>>,
    window: &Window,
    done: mpsc::Sender<(usize, Unit, Vec<RecordResult>)>,
    options: &CheckOptions,
) {
    let mut index = 0;
    let mut hand_over = |unit: Unit| -> bool {
        let bytes = match &unit {
            Unit::Part { part, .. } => part.bytes.len(),
            _ => 0,
        };
        if !window.admit(bytes) {
            return false;
        }
        let numbered = index;
        index += 1;
        match unit {
            Unit::Part { .. } => {
                let done = done.clone();
                let options = options.clone();
                rayon::spawn(move || {
                    let results = match &unit {
                        Unit::Part { part, .. } => check_part(part, &options),
                        _ => Vec::new(),
                    };
                    // The report has gone when it stopped early.
                    let _ = done.send((numbered, unit, results));
                });
                true
            }
            unit => done.send((numbered, unit, Vec::new())).is_ok(),
        }
    };
    'files: for (file, origin) in origins.into_iter().enumerate() {
        let opened = origin.and_then(|origin| Ok((origin.name(), input::open(&origin)?)));
        let (name, reader) = match opened {
            Ok(opened) => opened,
            Err(error) => {
                if !hand_over(Unit::Error { file, error }) {
                    return;
                }
                continue;
            }
        };
        let started = Instant::now();
        for part in parts(reader) {
            let unit = match part {
                Ok(part) => Unit::Part { file, part },
                Err(error) => Unit::Error {
                    file,
                    error: InputError::Io {
                        name: name.clone(),
                        error,
                    },
                },
            };
            let failed = matches!(unit, Unit::Error { .. });
            if !hand_over(unit) {
                return;
            }
            if failed {
                // A file read part way has no end to report: whether it held a game is not
                // known.
                continue 'files;
            }
        }
        tracing::debug!(file, elapsed = ?started.elapsed(), "read");
        if !hand_over(Unit::End { file }) {
            return;
        }
    }
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
        let source = Source::of_part(name, text, part);
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
            let source = tail.as_ref().map_or(Source::whole(name, &text), |p| {
                Source::of_part(name, &text, p)
            });
            report.record(
                &source,
                1,
                &RecordResult::Syntax {
                    error: no_game(&text),
                    kind: None,
                },
            )
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
