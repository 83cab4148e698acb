//! `mgn engine`: mgn's rules through the engine protocol (docs/protocol.md), one request a line
//! on standard input, one answer a line on standard output.

use super::args::{EngineArgs, Mutation};
use super::output::say;
use super::Status;
use mgn::protocol::{serve, ServeOptions};
use std::io::{self, ErrorKind};

pub fn run(args: &EngineArgs) -> Status {
    let mut overrides = Vec::new();
    for setting in &args.r#override {
        match setting.split_once('=') {
            Some((code, value)) => overrides.push((code.to_string(), value.to_string())),
            None => {
                say(&format!(
                    "`{setting}` is not an option setting such as dakon.sow.origin=skip"
                ));
                return Status::Error;
            }
        }
    }
    let options = ServeOptions {
        name: format!("mgn {}", env!("CARGO_PKG_VERSION")),
        max_laps: args.max_laps,
        overrides,
        reverse_moves: args.mutate.contains(&Mutation::ReverseMoves),
        counts: !args.mutate.contains(&Mutation::NoPerft),
        without_actions: args.mutate.contains(&Mutation::NoActions),
        without_free_steps: args.mutate.contains(&Mutation::NoFreeSteps),
    };
    // Each answer is flushed as it is written (serve does): a client waits for it.
    match serve(
        io::stdin().lock(),
        super::output::stdout_unbuffered(),
        &options,
    ) {
        Ok(()) => Status::Success,
        // The client went away without `quit`: nothing is left to answer.
        Err(error) if error.kind() == ErrorKind::BrokenPipe => Status::Success,
        Err(error) => {
            say(&format!("mgn engine: {error}"));
            Status::Error
        }
    }
}
