//! The `mgn` command line: argument parsing, logging, exit status, and the two commands.

mod annotate;
mod args;
mod check;
mod collection;
mod convert;
mod engine;
mod generate;
mod github;
mod html;
mod import;
mod input;
mod junit;
mod man;
mod output;
mod perft;
mod progress;
mod referee;
mod render;
mod replay;
mod report;
mod rules;
mod sarif;
mod select;
mod show;
mod source;
mod split;
mod stats;
mod suite;

use args::{Cli, Command};
use clap::{CommandFactory, Parser};
use std::io::IsTerminal;
use std::process::ExitCode;
use tracing_subscriber::filter::{EnvFilter, LevelFilter};

/// How a run ended. Ordered so that the worst outcome of a run is its maximum.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Status {
    /// Every record is good.
    Success = 0,
    /// Some record is bad.
    Failed = 1,
    /// A usage or I/O error (clap uses 2 for usage errors too).
    Error = 2,
}

pub fn main() -> ExitCode {
    // clap prints help, version and usage errors itself, and exits 0 or 2 accordingly.
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(error) => return ExitCode::from(usage(&error) as u8),
    };
    render::choose(cli.color);
    init_logging(cli.verbose);
    let status = match &cli.command {
        Command::Check(args) => match args.from {
            Some(from) => import::check(args, from),
            None => check::run(args),
        },
        Command::Import(args) => import::run(args),
        Command::Convert(args) => convert::run(args),
        Command::Annotate(args) => annotate::run(args),
        Command::Replay(args) => replay::run(args),
        Command::Rules(args) => rules::run(args),
        Command::Generate(args) => generate::run(args),
        Command::Suite(args) => suite::run(args),
        Command::Perft(args) => perft::run(args),
        Command::Split(args) => split::run(args),
        Command::Stats(args) => stats::run(args),
        Command::Completions(args) => generated(|out| {
            clap_complete::generate(args.shell, &mut Cli::command(), "mgn", out);
            Ok(())
        }),
        Command::Man(args) => man::run(args),
        Command::Engine(args) => engine::run(args),
        Command::Referee(args) => referee::run(args),
        Command::Show(args) => show::run(args),
        Command::Select(args) => select::run(args),
    };
    ExitCode::from(status as u8)
}

/// Writes what clap generates from the command line's own definitions (a completion script, the
/// manual page) to standard output: exit 0, or 2 when it cannot be written.
fn generated(write: impl FnOnce(&mut dyn std::io::Write) -> std::io::Result<()>) -> Status {
    let mut out = output::stdout();
    let written = write(&mut out);
    output::finish(&mut out, written, Status::Success)
}

/// What clap has to say instead of running a command: help and the version on standard
/// output (exit 0, or 2 when it cannot be written), a usage error on standard error (exit 2).
fn usage(error: &clap::Error) -> Status {
    use clap::error::ErrorKind;
    use std::io::Write;
    match error.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
            let mut out = output::stdout();
            let rendered = error.render();
            let written = if std::io::stdout().is_terminal() {
                write!(out, "{}", rendered.ansi())
            } else {
                write!(out, "{rendered}")
            };
            output::finish(&mut out, written, Status::Success)
        }
        _ => {
            let _ = error.print();
            Status::Error
        }
    }
}

/// Logs go to standard error, so that they never mix with a report or a converted record.
/// `RUST_LOG` wins over `-v` when it is set, as users of other Rust tools expect.
fn init_logging(verbose: u8) {
    let level = match verbose {
        0 => LevelFilter::WARN,
        1 => LevelFilter::INFO,
        2 => LevelFilter::DEBUG,
        _ => LevelFilter::TRACE,
    };
    let filter = EnvFilter::builder()
        .with_default_directive(level.into())
        .from_env_lossy();
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .with_ansi(std::io::stderr().is_terminal())
        .with_target(false)
        .try_init();
}
