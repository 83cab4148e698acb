//! What a user sees, kept: the report and exit status of `mgn check` on every fixture and record,
//! the JSON report of the records, `mgn rules`, and the step trace of every record, compared
//! with `crates/cli/tests/golden/`. A change of the house that changes none of them is what it says; a
//! change that means to change one rewrites them with `MGN_BLESS=1 cargo test --test golden`,
//! and the diff shows what users will see differently.

mod support;

use std::fmt::Write as _;
use std::fs;
use std::path::Path;
use support::*;

/// Every `*.mgn` under `folder`, sorted.
fn files(folder: &str) -> Vec<std::path::PathBuf> {
    mgn::suite::mgn_files(&repo().join(folder))
        .map(Result::unwrap)
        .collect()
}

fn relative(path: &Path) -> &str {
    path_str(path.strip_prefix(repo()).unwrap())
}

/// FNV-1a: a digest that is the same on every machine and every Rust, for outputs too large to
/// keep whole.
fn digest(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &b| {
        (hash ^ b as u64).wrapping_mul(0x0100_0000_01b3)
    })
}

fn compare(name: &str, actual: &str) {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/golden")
        .join(name);
    if std::env::var_os("MGN_BLESS").is_some() {
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(&path, actual).unwrap();
        return;
    }
    let expected = fs::read_to_string(&path)
        .unwrap_or_else(|_| panic!("{} is missing: MGN_BLESS=1 writes it", path.display()));
    if expected != actual {
        let diff = similar::TextDiff::from_lines(expected.as_str(), actual)
            .unified_diff()
            .context_radius(2)
            .header("kept", "now")
            .to_string();
        panic!("{name} differs from what users saw before:\n{diff}");
    }
}

#[test]
fn check_reports_are_kept() {
    let mut kept = String::new();
    for folder in ["fixtures", "records"] {
        for file in files(folder) {
            let name = relative(&file);
            let output = mgn(&["check", name]);
            let _ = writeln!(kept, "## mgn check {name}: exit {}", code(&output));
            kept.push_str(&shown(&output));
        }
    }
    compare("check.txt", &kept);
}

/// `mgn check --all-claims` in each format on the records made to hold several false claims,
/// and on every fixture where it finds more: what a user sees when he asks for every false
/// claim of a game. (SARIF is left out: it names mgn's version; its test validates it.)
#[test]
fn all_claims_reports_are_kept() {
    let mut kept = String::new();
    let claims = files("crates/cli/tests/data/claims");
    assert!(claims.len() >= 2, "{claims:?}");
    for file in &claims {
        let name = relative(file);
        for format in ["text", "text -q", "json", "junit", "github"] {
            let mut args = vec!["check", "--all-claims", "--format"];
            args.extend(format.split(' '));
            args.push(name);
            let output = mgn(&args);
            let _ = writeln!(
                kept,
                "## mgn check --all-claims --format {format} {name}: exit {}",
                code(&output)
            );
            kept.push_str(&shown(&output));
        }
    }
    // A fixture is kept where --all-claims finds more than the first departure of a game (every
    // game with a false claim gains its count line besides).
    for file in files("fixtures") {
        let name = relative(&file);
        let all = mgn(&["check", "--all-claims", "-q", name]);
        if shown(&all) != shown(&mgn(&["check", "-q", name])) {
            let _ = writeln!(
                kept,
                "## mgn check --all-claims -q {name}: exit {}",
                code(&all)
            );
            kept.push_str(&shown(&all));
        }
    }
    compare("check-all-claims.txt", &kept);
}

#[test]
fn json_reports_and_rules_are_kept() {
    let mut kept = String::new();
    for file in files("records") {
        let name = relative(&file);
        let output = mgn(&["check", "--format", "json", name]);
        let _ = writeln!(
            kept,
            "## mgn check --format json {name}: exit {}",
            code(&output)
        );
        kept.push_str(&shown(&output));
    }
    let output = mgn(&["rules"]);
    let _ = writeln!(kept, "## mgn rules: exit {}", code(&output));
    kept.push_str(&stdout(&output));
    compare("json-and-rules.txt", &kept);
}

#[test]
fn replay_traces_are_kept() {
    let mut kept = String::new();
    for file in files("records") {
        let name = relative(&file);
        for format in ["text", "json", "text --trace"] {
            let mut args = vec!["replay", "--format"];
            args.extend(format.split(' '));
            args.push(name);
            let output = mgn(&args);
            let _ = writeln!(
                kept,
                "mgn replay --format {format} {name}: exit {}, {} bytes, digest {:016x}",
                code(&output),
                output.stdout.len(),
                digest(&output.stdout)
            );
        }
    }
    compare("replay.txt", &kept);
}

/// The games a seed gives are kept: the same bytes from one version to the next, on one thread
/// or two, a cut game's Termination tag aside (it named no cap before the default cap of 2000
/// plies; the digest is of the text with that tag as it was, so that the games themselves are
/// compared with those generate wrote then). The long Dakon games of a cap of 100000 plies are
/// larger than a run's text: they are handed to the writer in pieces.
#[test]
fn generated_games_are_kept() {
    let cut = "[Termination \"unfinished: cut by the generator at its cap of";
    let mut kept = String::new();
    for (game, games, max_plies, checkpoints) in [
        ("dakon", "20", "300", true),
        ("dakon", "4", "20000", false),
        ("mraw-imrujen", "60", "300", true),
        ("nchuwa", "300", "300", true),
        ("dong-wo", "30", "300", true),
    ] {
        for jobs in ["1", "2"] {
            let mut args = vec![
                "generate",
                "--game",
                game,
                "--games",
                games,
                "--seed",
                "5",
                "--max-plies",
                max_plies,
                "--jobs",
                jobs,
            ];
            if checkpoints {
                args.push("--checkpoints");
            }
            let output = mgn(&args);
            let text = stdout(&output);
            let cuts = text.matches(cut).count();
            let before: String = text
                .lines()
                .map(|line| {
                    if line.starts_with(cut) {
                        "[Termination \"unfinished\"]\n".to_string()
                    } else {
                        format!("{line}\n")
                    }
                })
                .collect();
            let _ = writeln!(
                kept,
                "mgn {}: exit {}, {} bytes, {cuts} cut, digest before the cap's tag {:016x}",
                args.join(" "),
                code(&output),
                output.stdout.len(),
                digest(before.as_bytes())
            );
            let _ = writeln!(kept, "{}", stderr(&output).trim_end());
        }
    }
    compare("generate.txt", &kept);
}
