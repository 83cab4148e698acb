//! `mgn perft`: count the legal decision sequences of D plies from the start position.

use super::args::PerftArgs;
use super::generate::run_rules;
use super::output::{self, say};
use super::Status;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use mgn::notation::Side;
use mgn::perft::{divide_watched, perft};
use mgn::rules::{Rules, WithRules};
use mgn::Diagnostic;
use std::io::Write;
use std::time::{Duration, Instant};

struct Count<'b> {
    depth: u32,
    divide: bool,
    first: Side,
    /// Moved on as each first decision is counted (drawn only on a terminal).
    bar: &'b ProgressBar,
}

impl WithRules for Count<'_> {
    type Output = Result<(Vec<(String, u64)>, u64), Diagnostic>;
    fn run<R: Rules>(self, rules: &R) -> Self::Output {
        let start = rules.start(self.first);
        // At depth 0 the position itself is the one sequence, and there is no first decision
        // to divide it by.
        if self.depth == 0 {
            return Ok((Vec::new(), perft(rules, &start, 0)?));
        }
        // Counted first decision by first decision, so that a bar can say how far it has come.
        let parts = divide_watched(rules, &start, self.depth, |counted, of| {
            self.bar.set_length(of as u64);
            self.bar.set_position(counted as u64);
        })?;
        let total = parts.iter().map(|(_, n)| n).sum();
        Ok((if self.divide { parts } else { Vec::new() }, total))
    }
}

/// A bar on standard error for a count that may take minutes: by first decision, with the
/// time taken. indicatif draws nothing when standard error is not a terminal (a pipe, a test).
fn bar(depth: u32) -> ProgressBar {
    let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
    bar.set_style(
        ProgressStyle::with_template(
            "{spinner} perft({msg}) {bar:30} {pos}/{len} first decisions, {elapsed}",
        )
        .expect("a valid template"),
    );
    bar.set_message(depth.to_string());
    bar.enable_steady_tick(Duration::from_millis(200));
    bar
}

pub fn run(args: &PerftArgs) -> Status {
    let header = match args.rules.header() {
        Ok(header) => header,
        Err(message) => {
            say(&message);
            return Status::Error;
        }
    };
    let first = if args.first == "A" { Side::A } else { Side::B };
    let mut out = output::stdout();
    for depth in if args.all {
        1..=args.depth
    } else {
        args.depth..=args.depth
    } {
        let started = Instant::now();
        let bar = bar(depth);
        let work = Count {
            depth,
            divide: args.divide,
            first,
            bar: &bar,
        };
        let counted = run_rules(&header, args.rules.max_laps, work);
        bar.finish_and_clear();
        let (parts, total) = match counted {
            Ok(Ok(counted)) => counted,
            Ok(Err(undecided)) => {
                // A move not decided within the lap budget: the count is unknown.
                say(&format!(
                    "perft({depth}) is not known: {} ({})",
                    undecided.message, undecided.rule
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
