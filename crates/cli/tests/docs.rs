//! Every sample of mgn's output in README.md and docs/ is what mgn prints now: a sample that
//! drifts from the program (a report format that changed, a message reworded) fails here, so
//! the docs never show a user what mgn no longer says.
//!
//! Two kinds of fenced block are samples, and this test finds every one of them:
//!
//! - a ```` ```console ```` block: lines `$ mgn ARGS` (or `$ cat FILE`, to show a file the
//!   commands read), each followed by what it prints, standard output then standard error. A
//!   command may read its standard input from a file with `< FILE`. Commands run from the
//!   repository root, so their files are the repository's (records/, fixtures/,
//!   docs/examples/).
//! - a block right after the line `<!-- transcript: mgn ARGS -->`: a session of the engine
//!   protocol, `> REQUEST` the lines fed to the command, `< ANSWER` the lines it answered.
//!
//! A line `...` (spaces around it allowed) in a console sample stands for any number of lines
//! of output, so that a long report can be shown cut; it is the only placeholder. No other
//! output is normalised: the samples need none (no timings, temporary paths or colour in
//! them; the version is mgn's own).
//!
//! `MGN_BLESS=1 cargo test -p mgn-cli --test docs` rewrites each sample that differs with what
//! mgn prints (whole: a cut sample that no longer matches is written uncut, to be cut again
//! by hand).

mod support;

use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};
use support::*;

/// The Markdown files whose samples are checked: README.md and everything under docs/.
fn markdown_files() -> Vec<PathBuf> {
    fn walk(folder: &Path, found: &mut Vec<PathBuf>) {
        let mut entries: Vec<PathBuf> = fs::read_dir(folder)
            .unwrap()
            .map(|entry| entry.unwrap().path())
            .collect();
        entries.sort();
        for path in entries {
            if path.is_dir() {
                walk(&path, found);
            } else if path.extension().is_some_and(|ext| ext == "md") {
                found.push(path);
            }
        }
    }
    let mut found = vec![repo().join("README.md")];
    walk(&repo().join("docs"), &mut found);
    found
}

#[derive(Debug, PartialEq)]
enum Kind {
    Console,
    /// The command whose standard input is the `>` lines.
    Transcript(String),
}

/// A sample: the lines between its fences, `body` the line numbers (from 0) of its first line
/// and one past its last; `indent` the fence's, which every line of a block in a list item has.
#[derive(Debug)]
struct Sample {
    kind: Kind,
    body: std::ops::Range<usize>,
    indent: String,
}

/// The fenced blocks of a Markdown file: for each, its opening line's info string and
/// indentation, and the line numbers of its fences.
fn fences<'a>(lines: &[&'a str]) -> Vec<(&'a str, &'a str, usize, usize)> {
    let mut found = Vec::new();
    let mut line = 0;
    while line < lines.len() {
        let text = lines[line];
        let indent = &text[..text.len() - text.trim_start().len()];
        let Some(info) = text.trim_start().strip_prefix("```") else {
            line += 1;
            continue;
        };
        let close = (line + 1..lines.len())
            .find(|&end| lines[end].trim() == "```")
            .unwrap_or_else(|| panic!("the block at line {} is never closed", line + 1));
        found.push((info.trim(), indent, line, close));
        line = close + 1;
    }
    found
}

const TRANSCRIPT_MARK: &str = "<!-- transcript: ";

fn samples(lines: &[&str]) -> Vec<Sample> {
    let mut found = Vec::new();
    for (info, indent, open, close) in fences(lines) {
        let transcript = open
            .checked_sub(1)
            .and_then(|before| lines[before].trim_start().strip_prefix(TRANSCRIPT_MARK))
            .map(|rest| rest.trim_end().trim_end_matches("-->").trim().to_string());
        let kind = match (info, transcript) {
            (_, Some(command)) => Some(Kind::Transcript(command)),
            ("console", None) => Some(Kind::Console),
            _ => None,
        };
        if let Some(kind) = kind {
            found.push(Sample {
                kind,
                body: open + 1..close,
                indent: indent.to_string(),
            });
        }
    }
    found
}

/// A command line split as a shell splits it, for the few forms the samples use: words, single
/// and double quotes, and `< FILE`.
fn words(command: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word: Option<String> = None;
    let mut quote = None;
    for c in command.chars() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), c) => word.get_or_insert_with(String::new).push(c),
            (None, '\'' | '"') => {
                quote = Some(c);
                word.get_or_insert_with(String::new);
            }
            (None, c) if c.is_whitespace() => words.extend(word.take()),
            (None, c) => word.get_or_insert_with(String::new).push(c),
        }
    }
    assert!(quote.is_none(), "unclosed quote in `{command}`");
    words.extend(word);
    words
}

/// What `command` (a sample's `$` line) prints: standard output, then standard error.
fn printed(command: &str) -> String {
    let mut words = words(command);
    let stdin = match words.iter().position(|word| word == "<") {
        Some(at) => {
            let file = words.get(at + 1).expect("`<` names a file").clone();
            words.truncate(at);
            Some(fs::read(repo().join(&file)).unwrap_or_else(|e| panic!("{file}: {e}")))
        }
        None => None,
    };
    match words.first().map(String::as_str) {
        Some("cat") => words[1..]
            .iter()
            .map(|file| {
                fs::read_to_string(repo().join(file)).unwrap_or_else(|e| panic!("{file}: {e}"))
            })
            .collect(),
        Some("mgn") => {
            let args: Vec<&str> = words[1..].iter().map(String::as_str).collect();
            shown(&run(&args, stdin.as_deref()))
        }
        _ => panic!("a sample runs `mgn` or `cat`, not `{command}`"),
    }
}

/// Whether the programs a sample's commands start besides mgn (the Python engine of
/// `mgn referee`) are installed: a sample that needs one is skipped, saying so, where it is
/// not, as the referee's own tests are.
fn programs_installed(lines: &[&str]) -> bool {
    let needs_python = lines.iter().any(|line| {
        line.strip_prefix("$ ")
            .is_some_and(|c| words(c).iter().any(|w| w == "python3"))
    });
    !needs_python
        || std::process::Command::new("python3")
            .arg("--version")
            .output()
            .is_ok_and(|output| output.status.success())
}

/// The console sample's text as mgn prints it now, from its `$` lines.
fn console_now(lines: &[&str]) -> Vec<String> {
    let mut now = Vec::new();
    for line in lines {
        if let Some(command) = line.strip_prefix("$ ") {
            now.push(line.to_string());
            now.extend(printed(command).lines().map(str::to_string));
        }
    }
    now
}

/// The transcript as the engine answers now: each request followed by the lines it answered.
/// The answers to the first N requests are the output of a run fed those N alone (the engine
/// answers each request before it reads the next), so each request's own are what the run of
/// N adds to the run of N - 1.
fn transcript_now(command: &str, lines: &[&str]) -> Vec<String> {
    let args_owned = words(command);
    assert_eq!(
        args_owned.first().map(String::as_str),
        Some("mgn"),
        "{command}"
    );
    let args: Vec<&str> = args_owned[1..].iter().map(String::as_str).collect();
    let requests: Vec<&str> = lines
        .iter()
        .filter_map(|line| line.strip_prefix("> "))
        .collect();
    let mut now = Vec::new();
    let mut answered = 0;
    for count in 1..=requests.len() {
        let input: String = requests[..count].iter().map(|r| format!("{r}\n")).collect();
        let output = stdout(&run(&args, Some(input.as_bytes())));
        let answers: Vec<&str> = output.lines().collect();
        now.push(format!("> {}", requests[count - 1]));
        now.extend(
            answers[answered.min(answers.len())..]
                .iter()
                .map(|a| format!("< {a}")),
        );
        answered = answers.len();
    }
    now
}

/// Whether the sample's lines show `now`, a line `...` standing for any lines.
fn shows(sample: &[&str], now: &[String]) -> bool {
    match sample.split_first() {
        None => now.is_empty(),
        Some((first, rest)) if first.trim() == "..." => {
            (0..=now.len()).any(|skip| shows(rest, &now[skip..]))
        }
        Some((first, rest)) => now
            .split_first()
            .is_some_and(|(line, now_rest)| line == first && shows(rest, now_rest)),
    }
}

#[test]
fn every_sample_of_output_in_the_docs_is_what_mgn_prints() {
    let bless = std::env::var_os("MGN_BLESS").is_some();
    let mut drifted = String::new();
    let mut count = 0;
    for file in markdown_files() {
        let text = fs::read_to_string(&file).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        let name = file.strip_prefix(repo()).unwrap().display().to_string();
        let mut rewritten: Vec<String> = Vec::new();
        let mut copied = 0;
        for sample in samples(&lines) {
            count += 1;
            let shown_lines: Vec<&str> = lines[sample.body.clone()]
                .iter()
                .map(|line| {
                    line.strip_prefix(sample.indent.as_str())
                        .unwrap_or(line.trim_start())
                })
                .collect();
            let shown_lines = shown_lines.as_slice();
            if !programs_installed(shown_lines) {
                eprintln!(
                    "{name}:{}: skipped, python3 is not installed",
                    sample.body.start
                );
                continue;
            }
            let now = match &sample.kind {
                Kind::Console => console_now(shown_lines),
                Kind::Transcript(command) => transcript_now(command, shown_lines),
            };
            assert!(
                !now.is_empty(),
                "{name}:{}: a sample with no command",
                sample.body.start
            );
            if shows(shown_lines, &now) {
                continue;
            }
            let diff = similar::TextDiff::from_lines(
                &(shown_lines.join("\n") + "\n"),
                &(now.join("\n") + "\n"),
            )
            .unified_diff()
            .context_radius(2)
            .header("the docs", "mgn now")
            .to_string();
            let _ = writeln!(drifted, "{name}:{}:\n{diff}", sample.body.start);
            rewritten.extend(
                lines[copied..sample.body.start]
                    .iter()
                    .map(|l| l.to_string()),
            );
            rewritten.extend(now.iter().map(|line| {
                if line.is_empty() {
                    String::new()
                } else {
                    format!("{}{line}", sample.indent)
                }
            }));
            copied = sample.body.end;
        }
        if bless && copied > 0 {
            rewritten.extend(lines[copied..].iter().map(|l| l.to_string()));
            fs::write(&file, rewritten.join("\n") + "\n").unwrap();
        }
    }
    assert!(count > 0, "no sample found: the markers changed?");
    eprintln!("{count} samples of output checked");
    if !bless && !drifted.is_empty() {
        panic!("samples in the docs differ from what mgn prints (MGN_BLESS=1 rewrites them):\n{drifted}");
    }
}

/// A block that shows a `$ mgn` command with what it prints is a sample only when marked as
/// one (```` ```console ````): any other would escape the test above.
#[test]
fn every_block_that_shows_a_command_and_its_output_is_checked() {
    let mut unmarked = Vec::new();
    for file in markdown_files() {
        let text = fs::read_to_string(&file).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        let checked: Vec<usize> = samples(&lines).iter().map(|s| s.body.start).collect();
        for (_, _, open, close) in fences(&lines) {
            let shows_a_run = lines[open + 1..close].iter().any(|line| {
                let line = line.trim_start();
                line.starts_with("$ mgn") || line.starts_with("< ")
            });
            if shows_a_run && !checked.contains(&(open + 1)) {
                unmarked.push(format!("{}:{}", file.display(), open + 1));
            }
        }
    }
    assert!(
        unmarked.is_empty(),
        "blocks showing mgn's output that no test runs: {unmarked:?}"
    );
}

#[test]
fn a_cut_sample_matches_any_lines_where_it_is_cut() {
    let now: Vec<String> = ["a", "b", "c", "d"].map(String::from).to_vec();
    assert!(shows(&["a", "...", "d"], &now));
    assert!(shows(&["a", "  ...", "c", "d"], &now));
    assert!(shows(&["a", "b", "c", "d", "..."], &now));
    assert!(!shows(&["a", "...", "c"], &now));
    assert!(!shows(&["a", "c", "d"], &now));
}

#[test]
fn sample_commands_split_as_a_shell_splits_them() {
    assert_eq!(
        words(r#"mgn select --tag 'Event=*seed 8*' "a b".mgn < in.mgn"#),
        [
            "mgn",
            "select",
            "--tag",
            "Event=*seed 8*",
            "a b.mgn",
            "<",
            "in.mgn"
        ]
    );
}
