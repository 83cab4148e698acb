//! `mgn perft`: count the legal decision sequences of D plies from the start position.

use super::args::PerftArgs;
use super::generate::run_rules;
use super::output::{self, say};
use super::Status;
use mgn::notation::Side;
use mgn::perft::{divide, perft};
use mgn::rules::{Rules, WithRules};
use mgn::Diagnostic;
use std::io::Write;
use std::time::Instant;

struct Count {
    depth: u32,
    divide: bool,
    first: Side,
}

impl WithRules for Count {
    type Output = Result<(Vec<(String, u64)>, u64), Diagnostic>;
    fn run<R: Rules>(self, rules: &R) -> Self::Output {
        let start = rules.start(self.first);
        // At depth 0 the position itself is the one sequence, and there is no first decision
        // to divide it by.
        if self.divide && self.depth > 0 {
            let parts = divide(rules, &start, self.depth)?;
            let total = parts.iter().map(|(_, n)| n).sum();
            Ok((parts, total))
        } else {
            Ok((Vec::new(), perft(rules, &start, self.depth)?))
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
    let first = if args.first == "A" { Side::A } else { Side::B };
    let mut out = output::stdout();
    for depth in if args.all {
        1..=args.depth
    } else {
        args.depth..=args.depth
    } {
        let started = Instant::now();
        let work = Count {
            depth,
            divide: args.divide,
            first,
        };
        let (parts, total) = match run_rules(&header, args.rules.max_laps, work) {
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
