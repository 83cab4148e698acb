//! `mgn perft`: count the legal decision sequences of D plies from the start position.

use super::args::PerftArgs;
use super::generate::run_rules;
use super::output::{print, say};
use super::Status;
use mgn::notation::Side;
use mgn::perft::{divide, perft};
use mgn::rules::{Rules, WithRules};
use std::time::Instant;

struct Count {
    depth: u32,
    divide: bool,
    first: Side,
}

impl WithRules for Count {
    type Output = (Vec<(String, u64)>, u64);
    fn run<R: Rules>(self, rules: &R) -> Self::Output {
        let start = rules.start(self.first);
        if self.divide {
            let parts = divide(rules, &start, self.depth);
            let total = parts.iter().map(|(_, n)| n).sum();
            (parts, total)
        } else {
            (Vec::new(), perft(rules, &start, self.depth))
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
        let (parts, total) = match run_rules(&header, work) {
            Ok(counted) => counted,
            Err(message) => {
                say(&message);
                return Status::Error;
            }
        };
        for (decision, count) in parts {
            print(&format!("{decision}: {count}"));
        }
        let seconds = started.elapsed().as_secs_f64();
        print(&format!("perft({depth}) = {total}  ({seconds:.3} s)"));
    }
    Status::Success
}
