//! `mgn perft`: count the legal decision sequences of D plies from the start position.
//!
//! The count is cut into parts below the root once ([`mgn::perft::split`]: equal states with
//! the same plies left merged), and the threads count the parts, each with its own rules and
//! its own share of the transposition table; `--layers` counts forward instead, a second
//! method. Every sum is checked: a count past 64 bits is refused (`mgn.limit.count`).

use super::args::{threads, PerftArgs};
use super::generate::{configure, run_rules};
use super::output::{self, say};
use super::progress;
use super::Status;
use indicatif::{ProgressBar, ProgressDrawTarget};
use mgn::notation::{Header, Side};
use mgn::perft::{
    add, count_part, divide, divide_with, perft, perft_layers, perft_with, reach, split, sum, Part,
    Table,
};
use mgn::rules::{RulesExt, WithRules};
use mgn::Diagnostic;
use std::io::Write;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

/// Parts for each thread: enough that a thread given the largest parts does not leave the
/// others idle for long. They are cut once, and shared.
const PARTS_PER_THREAD: usize = 1024;

/// How to count.
#[derive(Clone, Copy)]
struct Method {
    depth: u32,
    divide: bool,
    first: Side,
    threads: usize,
    /// The table's memory, for all threads; 0: no table.
    table_bytes: usize,
    layers: bool,
}

/// Counts below each first decision (one entry without a divide), and the count.
type Counted = (Vec<(String, u64)>, u64);

struct Count<'a> {
    method: Method,
    header: &'a Header,
    max_laps: u64,
}

impl WithRules for Count<'_> {
    type Output = Result<Counted, Diagnostic>;
    fn run<R: RulesExt>(self, rules: &R) -> Self::Output {
        let Method {
            depth,
            divide: by_first,
            first,
            threads,
            table_bytes,
            layers,
        } = self.method;
        let start = rules.start(first);
        if layers {
            return Ok((Vec::new(), perft_layers(rules, &start, depth)?));
        }
        // At depth 0 the position itself is the one sequence, and there is no first decision
        // to divide it by.
        let by_first = by_first && depth > 0;
        let parts = if threads == 1 {
            match (by_first, table_bytes) {
                (true, 0) => divide(rules, &start, depth)?,
                (true, bytes) => divide_with(rules, &start, depth, &mut Table::with_bytes(bytes))?,
                (false, 0) => vec![(String::new(), perft(rules, &start, depth)?)],
                (false, bytes) => vec![(
                    String::new(),
                    perft_with(rules, &start, depth, &mut Table::with_bytes(bytes))?,
                )],
            }
        } else {
            let parts = split(rules, &start, depth, PARTS_PER_THREAD * threads, by_first)?;
            tracing::info!(parts = parts.len(), threads, "the count cut into parts");
            // The threads configure rules of their own, whose states are of a type of their
            // own: they are given each part's line, and reach its state again.
            let lines: Vec<Part<()>> = parts.into_iter().map(Part::without_state).collect();
            let mut counts = self.on_threads(&lines)?;
            let mut names = Vec::new();
            rules.decisions(&start, &mut R::Scratch::default(), &mut names);
            // First decisions below which nothing was counted.
            counts.resize(names.len().max(1), 0);
            if by_first {
                names.iter().map(|d| d.to_string()).zip(counts).collect()
            } else {
                vec![(String::new(), sum(counts)?)]
            }
        };
        let total = sum(parts.iter().map(|(_, n)| *n))?;
        Ok((if by_first { parts } else { Vec::new() }, total))
    }
}

impl Count<'_> {
    /// The count below each first decision (or the count, alone), its parts counted on every
    /// thread. Each thread configures the rules, and claims the next part to count until none
    /// is left.
    fn on_threads(&self, parts: &[Part<()>]) -> Result<Vec<u64>, Diagnostic> {
        // On a terminal only (indicatif draws nothing on a pipe): how many parts are counted.
        let bar =
            ProgressBar::with_draw_target(Some(parts.len() as u64), ProgressDrawTarget::stderr());
        bar.set_style(progress::style("{pos}/{len} parts counted"));
        let shared = Shared {
            parts,
            next: AtomicUsize::new(0),
            counts: Mutex::new(Vec::new()),
            refused: Mutex::new(None),
            bar,
        };
        std::thread::scope(|scope| {
            for _ in 0..self.method.threads {
                let worker = Worker {
                    method: self.method,
                    shared: &shared,
                };
                let (header, max_laps) = (self.header, self.max_laps);
                scope.spawn(move || {
                    run_rules(header, max_laps, worker)
                        .expect("the rules were configured before the threads started")
                });
            }
        });
        shared.bar.finish_and_clear();
        match shared.refused.into_inner().expect("never poisoned") {
            Some((_, refusal)) => Err(refusal),
            None => Ok(shared.counts.into_inner().expect("never poisoned")),
        }
    }
}

struct Shared<'a> {
    /// The parts, without their states.
    parts: &'a [Part<()>],
    /// The next part to claim.
    next: AtomicUsize,
    /// The count so far below each first decision.
    counts: Mutex<Vec<u64>>,
    /// The first part (in the parts' order) whose count is not known, and why.
    refused: Mutex<Option<(usize, Diagnostic)>>,
    /// Moved on as each part is counted.
    bar: ProgressBar,
}

struct Worker<'a> {
    method: Method,
    shared: &'a Shared<'a>,
}

impl WithRules for Worker<'_> {
    type Output = ();
    fn run<R: RulesExt>(self, rules: &R) {
        let Method {
            first,
            threads,
            table_bytes,
            ..
        } = self.method;
        let start = rules.start(first);
        let mut table = (table_bytes > 0).then(|| Table::with_bytes(table_bytes / threads));
        self.count(rules, &start, &mut table);
        if let Some(table) = table {
            let (lookups, found) = table.lookups();
            tracing::info!(lookups, found, "transposition table");
        }
    }
}

impl Worker<'_> {
    fn count<R: RulesExt>(&self, rules: &R, start: &R::State, table: &mut Option<Table<R::State>>) {
        loop {
            let i = self.shared.next.fetch_add(1, Ordering::Relaxed);
            let Some(part) = self.shared.parts.get(i) else {
                break;
            };
            let counted = reach(rules, start, &part.line)
                .and_then(|state| count_part(rules, part, &state, table.as_mut()))
                .and_then(|count| {
                    let mut counts = self.shared.counts.lock().expect("never poisoned");
                    if counts.len() <= part.first {
                        counts.resize(part.first + 1, 0);
                    }
                    counts[part.first] = add(counts[part.first], count)?;
                    Ok(())
                });
            match counted {
                Ok(()) => self.shared.bar.inc(1),
                Err(refusal) => return self.refuse(i, refusal),
            }
        }
    }

    /// Part `i` cannot be counted: the count is not known, and the threads stop claiming.
    fn refuse(&self, i: usize, refusal: Diagnostic) {
        self.shared.next.store(usize::MAX / 2, Ordering::Relaxed);
        let mut refused = self.shared.refused.lock().expect("never poisoned");
        if refused.as_ref().is_none_or(|(j, _)| i < *j) {
            *refused = Some((i, refusal));
        }
    }
}

pub fn run(args: &PerftArgs) -> Status {
    let header = match args.rules.header() {
        Ok(header) => header,
        Err(message) => {
            say(&message);
            return Status::Error;
        }
    };
    if let Err(message) = configure(&header, args.rules.max_laps) {
        say(&message);
        return Status::Error;
    }
    let table_bytes = match table_bytes(args.hash) {
        Ok(bytes) => bytes,
        Err(message) => {
            say(&message);
            return Status::Error;
        }
    };
    let first = if args.first == "A" { Side::A } else { Side::B };
    let threads = if args.layers { 1 } else { threads(args.jobs) };
    let mut out = output::stdout();
    for depth in if args.all {
        1..=args.depth
    } else {
        args.depth..=args.depth
    } {
        let started = Instant::now();
        let work = Count {
            method: Method {
                depth,
                divide: args.divide,
                first,
                threads,
                table_bytes,
                layers: args.layers,
            },
            header: &header,
            max_laps: args.rules.max_laps,
        };
        let (parts, total) = match run_rules(&header, args.rules.max_laps, work) {
            Ok(Ok(counted)) => counted,
            Ok(Err(refusal)) => {
                // A move not decided within the lap budget, or a count past 64 bits: the count
                // is unknown, and no number is given for it.
                let what = if refusal.rule == mgn::rules::general::LIMIT_COUNT {
                    "is too large to count in 64 bits"
                } else {
                    "is not known"
                };
                say(&format!(
                    "perft({depth}) {what}: {} ({})",
                    refusal.message, refusal.rule
                ));
                return output::finish(&mut out, Ok(()), Status::Failed);
            }
            Err(message) => {
                say(&message);
                return Status::Error;
            }
        };
        let mut written = Ok(());
        for (decision, count) in parts {
            written = written.and_then(|()| writeln!(out, "{decision}: {count}"));
        }
        let seconds = started.elapsed().as_secs_f64();
        written =
            written.and_then(|()| writeln!(out, "perft({depth}) = {total}  ({seconds:.3} s)"));
        // Each depth's count is shown as soon as it is known: deeper ones take much longer.
        if let Err(error) = written.and_then(|()| out.flush()) {
            return output::finish(&mut out, Err(error), Status::Error);
        }
    }
    output::finish(&mut out, Ok(()), Status::Success)
}

/// The table's bytes for `--hash MIB`, refused before any count when the allocator cannot give
/// that much: the threads' tables, made later, would otherwise abort the process. A reservation
/// is only address space, so the probe costs nothing; the tables together take no more.
fn table_bytes(mib: usize) -> Result<usize, String> {
    let refused = |why: &str| {
        format!("--hash {mib}: a transposition table of {mib} MiB {why}; give a smaller --hash (or 0, for none)")
    };
    let bytes = mib
        .checked_mul(1 << 20)
        .ok_or_else(|| refused("does not fit in the address space"))?;
    Vec::<u8>::new()
        .try_reserve_exact(bytes)
        .map_err(|_| refused("cannot be allocated"))?;
    Ok(bytes)
}
