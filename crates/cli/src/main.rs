//! The `mgn` command. All of it lives in `cli`, outside the library, so that the library stays
//! free of argument parsing, terminals and exit codes.

mod cli;

fn main() -> std::process::ExitCode {
    cli::main()
}
