//! The `mgn` command. All of it lives in `cli`, outside the library, so that the library stays
//! free of argument parsing, terminals and exit codes.

mod cli;

/// mimalloc keeps freed memory for reuse where glibc's allocator hands pages back and faults
/// them in again: a record's syntax tree is built and freed game after game.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> std::process::ExitCode {
    cli::main()
}
