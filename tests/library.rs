//! The library stands alone: a program that depends on `mgn` compiles none of the command
//! line's crates, which live in `crates/cli`.

use std::process::Command;

#[test]
fn depending_on_the_library_compiles_none_of_the_command_lines_crates() {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_string());
    let output = Command::new(cargo)
        .args([
            "tree",
            "--package",
            "mgn",
            "--edges",
            "normal",
            "--prefix",
            "none",
            "--offline",
        ])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("cargo runs");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let tree = String::from_utf8(output.stdout).unwrap();
    let crates: Vec<&str> = tree
        .lines()
        .filter_map(|line| line.split_whitespace().next())
        .collect();
    assert!(
        crates.contains(&"nom"),
        "the tree lists the library's crates:\n{tree}"
    );
    for cli_only in [
        "clap",
        "rayon",
        "indicatif",
        "tracing-subscriber",
        "tempfile",
        "ctrlc",
        "mimalloc",
        "quick-junit",
    ] {
        assert!(
            !crates.contains(&cli_only),
            "the library depends on {cli_only}:\n{tree}"
        );
    }
}
