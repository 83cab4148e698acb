//! Every rule code the engine can raise is declared with its words (`GENERAL_RULES` or a
//! game's tables), so that `mgn rules` lists it and every failure's report can quote it.

use mgn::notation::GameKind;
use mgn::rules::{game_def, general_rule};
use std::path::Path;

/// The whole string literals of `text` that look like rule codes: `"nchuwa.endless"`.
fn codes(text: &str) -> Vec<String> {
    let prefixes = ["mgn.", "dakon.", "mraw-imrujen.", "nchuwa.", "dong-wo."];
    let mut found = Vec::new();
    for (i, _) in text.match_indices('"') {
        let rest = &text[i + 1..];
        let Some(end) = rest.find('"') else { continue };
        let literal = &rest[..end];
        let is_code = prefixes.iter().any(|p| literal.starts_with(p))
            && literal
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '.' || c == '-')
            && !literal.ends_with('.');
        if is_code {
            found.push(literal.to_string());
        }
    }
    found
}

fn sources(dir: &Path, found: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            sources(&path, found);
        } else if path.extension().is_some_and(|e| e == "rs")
            && !path.ends_with("tests.rs")
            && !path.to_string_lossy().contains("/cli/")
        {
            found.push(path);
        }
    }
}

#[test]
fn every_rule_code_in_the_engine_is_declared() {
    let mut files = Vec::new();
    // The library and the command line, which names codes in its reports.
    for folder in ["src", "crates/cli/src"] {
        sources(
            &Path::new(env!("CARGO_MANIFEST_DIR")).join(folder),
            &mut files,
        );
    }
    let declared = |code: &str| {
        general_rule(code).is_some()
            || GameKind::ALL.into_iter().any(|kind| {
                let def = game_def(kind);
                def.rule(code).is_some() || def.option(code).is_some()
            })
    };
    let mut missing = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap();
        // Unit tests name codes of their own making.
        let text = text.split("#[cfg(test)]").next().unwrap();
        for code in codes(text) {
            if !declared(&code) {
                missing.push(format!("{}: {code}", file.display()));
            }
        }
    }
    missing.sort();
    missing.dedup();
    assert!(
        missing.is_empty(),
        "undeclared rule codes:\n{}",
        missing.join("\n")
    );
}
