//! Import Ludii trial files of Nchuwa to MGN: `cargo run --example ludii_import -- TRIAL...`
//! writes each trial's MGN to standard output (docs/import-ludii.md); `mgn check` checks it.

use std::process::ExitCode;

fn main() -> ExitCode {
    let mut failed = false;
    for path in std::env::args().skip(1) {
        let text = match std::fs::read_to_string(&path) {
            Ok(text) => text,
            Err(e) => {
                eprintln!("{path}: {e}");
                failed = true;
                continue;
            }
        };
        match mgn::import::import(mgn::import::Format::Ludii, &text, &path) {
            Ok(mgn) => print!("{mgn}"),
            Err(e) => {
                eprintln!("{path}:{e}");
                failed = true;
            }
        }
    }
    if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}
