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

/// `mgn man --dir` writes a page for each command, which `man` reads without a warning: the
/// examples keep their lines, and every page the page of mgn names is there.
#[test]
fn a_manual_page_for_each_command_reads_in_man() {
    let dir = scratch("conventions", "man-pages").join("share/man/man1");
    let output = mgn(&["man", "--dir", path_str(&dir)]);
    assert_eq!(code(&output), 0, "{}", shown(&output));
    let main_page = std::fs::read_to_string(dir.join("mgn.1")).unwrap();
    for command in [
        "check", "convert", "select", "annotate", "split", "stats", "man",
    ] {
        let page = dir.join(format!("mgn-{command}.1"));
        assert!(page.exists(), "no page for {command}");
        assert!(
            main_page.contains(&format!("mgn\\-{command}\\fR(1)")),
            "{command}"
        );
    }
    let check_page = std::fs::read_to_string(dir.join("mgn-check.1")).unwrap();
    assert!(check_page.contains(".SH EXAMPLES\n.nf\n"), "{check_page}");
    let man = std::process::Command::new("man").arg("--version").output();
    if !man.is_ok_and(|man| man.status.success()) {
        eprintln!("skipped: no man(1) on this machine to read the pages with");
        return;
    }
    for entry in std::fs::read_dir(&dir).unwrap() {
        let page = entry.unwrap().path();
        let read = std::process::Command::new("man")
            .args(["--warnings", "-l"])
            .arg(&page)
            .env("MANWIDTH", "80")
            .env("MAN_KEEP_FORMATTING", "0")
            .output()
            .unwrap();
        assert!(
            read.status.success(),
            "{}: {}",
            page.display(),
            stderr(&read)
        );
        assert_eq!(stderr(&read), "", "{}", page.display());
        if page.ends_with("mgn-check.1") {
            let text = stdout(&read);
            // An example and what it does stay on one line, as --help shows them.
            assert!(
                text.lines().any(
                    |line| line.trim_start().starts_with("mgn check - < game.mgn")
                        && line.trim_end().ends_with("standard input")
                ),
                "{text}"
            );
        }
    }
}

/// The page `mgn man` writes alone names no page that is not there.
#[test]
fn the_lone_manual_page_names_no_missing_page() {
    let output = mgn(&["man"]);
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    let page = stdout(&output);
    assert!(!page.contains("(1)"), "{page}");
    assert!(page.contains("\\fBmgn check\\fR"), "{page}");
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
