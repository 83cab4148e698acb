//! `mgn check`: read every record of the inputs and report the bad ones.
//!
//! Inputs are read a part at a time ([`mgn::notation::parts`]: a file cut before each line that
//! starts a game) by a reader thread, which hands the parts to the thread pool in batches (at
//! once when the pool is idle); the parts are checked on every core and reported in file order. A window bounds the
//! text read and not yet reported, so memory holds that window whatever the size of a file or
//! the number of files, and one large part does not keep the other cores idle: they go on with
//! the parts after it, up to the window.

use super::args::CheckArgs;
use super::input::{self, InputError, Origin};
use super::output;
use super::progress;
use super::report::{self, Report, Source};
use super::Status;
use indicatif::ProgressBar;
use mgn::check::{check_part, no_game, CheckOptions, Players, RecordResult};
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
/// Batches in flight, at most, so that small ones cost no more bookkeeping than the window.
const WINDOW_BATCHES: usize = 8192;
/// Parts are handed to the thread pool in batches of about this many bytes (a part larger is a
/// batch of its own): a task and a message for each game woke a thread for each game, and on
/// games of a few kilobytes the waking took a fifth of the check's time, in the kernel.
const BATCH_BYTES: usize = 256 << 10;
/// Parts in a batch, at most, so that a batch of small parts is not kept back for long.
const BATCH_PARTS: usize = 64;

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
        error: InputError,
    },
}

impl Unit {
    /// The text it holds in the window.
    fn bytes(&self) -> usize {
        match self {
            Unit::Part { part, .. } => part.bytes.len(),
            _ => 0,
        }
    }
}

/// Units handed over together, in file order, each with its results.
type Batch = Vec<(Unit, Vec<RecordResult>)>;

/// The size from which the files of a run of a few files are large enough for a bar: some
/// seconds of checking at about 100 MiB/s (docs/performance.md).
const LARGE_INPUT: u64 = 256 * 1024 * 1024;

pub fn run(args: &CheckArgs) -> Status {
    let started = Instant::now();
    let mut options = CheckOptions::default();
    options.max_laps = args.max_laps;
    options.all_claims = args.all_claims;
    if args.output.is_some() && args.format != report::ReportFormat::Html {
        output::say("-o writes the page of --format html; the other formats go to standard output");
        return Status::Error;
    }
    let read = match args.output {
        Some(_) => input::files_read(&args.paths),
        None => Vec::new(),
    };
    let inputs: Vec<&std::path::Path> = read.iter().map(|p| p.as_path()).collect();
    if let Err(status) = output::refuse_an_input(args.output.as_deref(), &inputs) {
        return status;
    }
    let mut report = Report::with_format(output::stdout(), args.format, args.quiet)
        .all_claims(args.all_claims)
        .html_to(
            // `-o -` is standard output, as for every command.
            args.output.clone().filter(|path| path.as_os_str() != "-"),
            args.max_laps,
        );
    let origins = input::expand(&args.paths);
    let names: Vec<String> = origins
        .iter()
        .map(|o| match o {
            Ok(origin) => origin.name(),
            Err(_) => String::new(),
        })
        .collect();
    let bar = Bar::over(&origins);
    let limit = args.max_failures.map_or(usize::MAX, NonZeroUsize::get);
    let mut status = Status::Success;
    let mut reported = Reported::default();

    let window = Window::default();
    let written = std::thread::scope(|scope| -> io::Result<()> {
        let (done, arrived) = mpsc::channel::<(usize, Batch)>();
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
        for (index, batch) in arrived {
            waiting.insert(index, batch);
            while let Some(batch) = waiting.remove(&next) {
                next += 1;
                let in_batch: usize = batch.iter().map(|(unit, _)| unit.bytes()).sum();
                for (unit, results) in batch {
                    // Stopped only when records are left unchecked; the report says so.
                    if report.failed() >= limit && matches!(unit, Unit::Part { .. }) {
                        output::say(&format!(
                            "stopped after {limit} bad records (--max-failures)"
                        ));
                        report.stop();
                        window.stop();
                        return Ok(());
                    }
                    let unit_status = report_unit(
                        unit,
                        &results,
                        &mut report,
                        &mut reported,
                        &bar,
                        &names,
                        limit,
                    )?;
                    status = status.max(unit_status);
                }
                window.release(in_batch);
            }
        }
        Ok(())
    });
    // The reader may wait on the window when the report stops early.
    window.stop();
    bar.bar.finish_and_clear();
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

/// The progress bar of a run, and what it counts.
struct Bar {
    bar: ProgressBar,
    /// It counts the bytes of the parts checked, not files.
    by_bytes: bool,
}

impl Bar {
    fn over(origins: &[Result<Origin, InputError>]) -> Bar {
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
            ProgressBar::new(origins.len() as u64).with_style(progress::style("{pos}/{len} files"))
        } else if by_bytes {
            ProgressBar::new(input_bytes)
                .with_style(progress::style("{bytes}/{total_bytes} checked"))
        } else {
            ProgressBar::hidden()
        };
        Bar { bar, by_bytes }
    }
}

/// One unit checked, reported: its records, its file's end, or the error that stopped reading
/// its file; the status it gives the run.
fn report_unit<W: io::Write>(
    unit: Unit,
    results: &[RecordResult],
    report: &mut Report<W>,
    reported: &mut Reported,
    bar: &Bar,
    names: &[String],
    limit: usize,
) -> io::Result<Status> {
    let bytes = unit.bytes();
    // The bar moves by files, or by the bytes of the parts checked.
    let (per_part, per_file) = if bar.by_bytes {
        (bytes as u64, 0)
    } else {
        (0, 1)
    };
    let bar = &bar.bar;
    match unit {
        Unit::Part { file, part } => {
            bar.suspend(|| reported.part(report, &names[file], &part, results, limit))?;
            bar.inc(per_part);
        }
        // Past the limit, a file's end says nothing more.
        Unit::End { .. } if report.failed() >= limit => bar.inc(per_file),
        Unit::End { file } => {
            bar.inc(per_file);
            bar.suspend(|| reported.end(report, &names[file]))?;
        }
        Unit::Error { error } => {
            bar.inc(per_file);
            reported.forget();
            output::say(&report::input_error(&error));
            return Ok(Status::Error);
        }
    }
    Ok(Status::Success)
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
    batches: usize,
    stopped: bool,
}

impl Window {
    /// Waits until `bytes` more fit (or nothing is in flight); false once the report has
    /// stopped.
    fn admit(&self, bytes: usize) -> bool {
        let mut state = self.state.lock().expect("the window is never poisoned");
        while !state.stopped
            && state.batches > 0
            && (state.bytes + bytes > WINDOW_BYTES || state.batches >= WINDOW_BATCHES)
        {
            state = self
                .changed
                .wait(state)
                .expect("the window is never poisoned");
        }
        state.bytes += bytes;
        state.batches += 1;
        !state.stopped
    }

    /// Nothing is in flight: the pool has nothing to check and the report nothing to write.
    fn idle(&self) -> bool {
        self.state
            .lock()
            .expect("the window is never poisoned")
            .batches
            == 0
    }

    fn release(&self, bytes: usize) {
        let mut state = self.state.lock().expect("the window is never poisoned");
        state.bytes -= bytes;
        state.batches -= 1;
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

/// Reads every input a part at a time and hands the parts to the thread pool in batches,
/// numbered in the order read; markers for a file's end and for an input that cannot be read
/// come in the same numbering, each after the batch of the parts before it. Stops when the
/// report has stopped (`--max-failures`).
fn read_all(
    origins: Vec<Result<Origin, InputError>>,
    window: &Window,
    done: mpsc::Sender<(usize, Batch)>,
    options: &CheckOptions,
) {
    let mut handing = Handing {
        window,
        done,
        options,
        index: 0,
        parts: Vec::new(),
        bytes: 0,
    };
    'files: for (file, origin) in origins.into_iter().enumerate() {
        let opened = origin.and_then(|origin| Ok((origin.name(), input::open(&origin)?)));
        let (name, reader) = match opened {
            Ok(opened) => opened,
            Err(error) => {
                if !handing.marker(Unit::Error { error }) {
                    return;
                }
                continue;
            }
        };
        let started = Instant::now();
        for part in parts(reader) {
            let handed = match part {
                Ok(part) => handing.part(file, part),
                Err(error) => {
                    let error = InputError::Io {
                        name: name.clone(),
                        error,
                    };
                    if !handing.marker(Unit::Error { error }) {
                        return;
                    }
                    // A file read part way has no end to report: whether it held a game is
                    // not known.
                    continue 'files;
                }
            };
            if !handed {
                return;
            }
        }
        tracing::debug!(file, elapsed = ?started.elapsed(), "read");
        if !handing.marker(Unit::End { file }) {
            return;
        }
    }
    handing.flush();
}

/// The reader's side of the hand-over: the batch being gathered, and the next number.
struct Handing<'a> {
    window: &'a Window,
    done: mpsc::Sender<(usize, Batch)>,
    options: &'a CheckOptions,
    index: usize,
    parts: Vec<(usize, Part)>,
    bytes: usize,
}

impl Handing<'_> {
    /// Adds a part to the batch, which goes once full, or at once when nothing is in flight
    /// (a slow stream, a game at a time, is checked as each comes); false once the report has
    /// stopped.
    fn part(&mut self, file: usize, part: Part) -> bool {
        // A part that would overfill the batch starts the next one.
        if !self.parts.is_empty() && self.bytes + part.bytes.len() > BATCH_BYTES && !self.flush() {
            return false;
        }
        self.bytes += part.bytes.len();
        self.parts.push((file, part));
        if self.parts.len() >= BATCH_PARTS || self.bytes >= BATCH_BYTES || self.window.idle() {
            return self.flush();
        }
        true
    }

    /// Hands over the batch gathered, to be checked on the pool; false once the report has
    /// stopped. The window is waited on only here, with nothing kept back, so the report
    /// always has what it waits for.
    fn flush(&mut self) -> bool {
        if self.parts.is_empty() {
            return true;
        }
        let parts = std::mem::take(&mut self.parts);
        if !self.window.admit(std::mem::take(&mut self.bytes)) {
            return false;
        }
        let numbered = self.index;
        self.index += 1;
        let done = self.done.clone();
        let options = self.options.clone();
        rayon::spawn(move || {
            let batch = parts
                .into_iter()
                .map(|(file, part)| {
                    let results = check_part(&part, &options);
                    (Unit::Part { file, part }, results)
                })
                .collect();
            // The report has gone when it stopped early.
            let _ = done.send((numbered, batch));
        });
        true
    }

    /// Hands over a file's end or an input error, after the parts before it.
    fn marker(&mut self, unit: Unit) -> bool {
        if !self.flush() || !self.window.admit(0) {
            return false;
        }
        let numbered = self.index;
        self.index += 1;
        self.done.send((numbered, vec![(unit, Vec::new())])).is_ok()
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
                    players: Players::default(),
                },
            )
        } else {
            Ok(())
        };
        self.forget();
        written
    }

    /// Starts afresh for the next file.
    fn forget(&mut self) {
        self.records = 0;
        self.empty_tail = None;
    }
}
