//! What users of command-line tools expect of one: completions and a manual page generated from
//! the command line's own definitions, and a version that says which build it is.

mod support;

use support::*;

#[test]
fn completions_are_written_for_each_shell() {
    for (shell, marker) in [
        ("bash", "complete -F _mgn"),
        ("zsh", "#compdef mgn"),
        ("fish", "complete -c mgn"),
        ("elvish", "edit:completion:arg-completer[mgn]"),
        ("powershell", "Register-ArgumentCompleter"),
    ] {
        let output = mgn(&["completions", shell]);
        assert_eq!(code(&output), 0, "{shell}: {}", stderr(&output));
        let script = stdout(&output);
        assert!(script.contains(marker), "{shell}: no {marker:?}");
        // Every command and a flag of one are completed.
        for word in [
            "check",
            "convert",
            "replay",
            "perft",
            "completions",
            "max-laps",
        ] {
            assert!(script.contains(word), "{shell}: no {word}");
        }
    }
    let output = mgn(&["completions", "tcsh"]);
    assert_eq!(code(&output), 2);
}

#[test]
fn the_manual_page_is_roff_with_every_command() {
    let output = mgn(&["man"]);
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    let page = stdout(&output);
    assert!(page.contains(".TH mgn 1"), "{page}");
    assert!(page.contains("replay validator for Dakon"), "{page}");
    for command in [
        "check", "convert", "replay", "generate", "perft", "suite", "rules",
    ] {
        assert!(
            page.contains(&format!("mgn\\-{command}")) || page.contains(command),
            "{command}"
        );
    }
    assert!(page.contains("\\-\\-color"), "{page}");
}

/// `--version` names the build: the git revision (or that it is unknown, outside a checkout),
/// the profile and the target.
#[test]
fn the_version_says_which_build_it_is() {
    let output = mgn(&["--version"]);
    assert_eq!(code(&output), 0);
    let version = stdout(&output);
    let (name, build) = version
        .trim_end()
        .split_once(" (")
        .unwrap_or_else(|| panic!("{version}"));
    assert_eq!(name, format!("mgn {}", env!("CARGO_PKG_VERSION")));
    assert!(
        build.ends_with(')') && build.contains(" build for "),
        "{version}"
    );
    let revision = build.split(", ").next().unwrap();
    let is_hash = |r: &str| {
        let hash = r.strip_suffix("-dirty").unwrap_or(r);
        hash.len() == 12 && hash.chars().all(|c| c.is_ascii_hexdigit())
    };
    assert!(
        is_hash(revision) || revision == "unknown revision",
        "{version}"
    );
}
