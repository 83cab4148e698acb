//! Every rule code the engine can raise is declared with its words (`GENERAL_RULES` or a
//! game's tables), so that `mgn rules` lists it and every failure's report can quote it.

use mgn::check::{check_text, CheckOptions, RecordResult, Verdict};
use mgn::generate::{playout, Rng};
use mgn::notation::{parse_games, GameKind, Header, Side, Span, Spanned};
use mgn::replay::replay_game;
use mgn::rules::{game_def, general_rule, with_rules, Event, EventSink, RulesExt, WithRules};
use std::collections::BTreeSet;
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

/// The codes named anywhere in a value: every `rule` field of an event, however nested.
fn rule_fields(value: &serde_json::Value, found: &mut Vec<String>) {
    match value {
        serde_json::Value::Object(map) => {
            for (key, inner) in map {
                match inner {
                    serde_json::Value::String(code) if key == "rule" => found.push(code.clone()),
                    _ => rule_fields(inner, found),
                }
            }
        }
        serde_json::Value::Array(items) => items.iter().for_each(|item| rule_fields(item, found)),
        _ => {}
    }
}

/// A sink that keeps the codes the rules name in their events.
#[derive(Default)]
struct Codes(Vec<Event>);

impl EventSink for Codes {
    fn event(&mut self, event: Event) {
        self.0.push(event);
    }
    fn mark(&mut self) -> usize {
        self.0.len()
    }
    fn withdraw(&mut self, mark: usize) {
        self.0.truncate(mark);
    }
}

struct RandomGames;

impl WithRules for RandomGames {
    type Output = Vec<Event>;
    fn run<R: RulesExt>(self, rules: &R) -> Vec<Event> {
        let mut sink = Codes::default();
        let mut rng = Rng::new(7);
        for _ in 0..30 {
            let start = rules.start(Side::B);
            playout(rules, start, &mut rng, 300, &mut sink);
        }
        sink.0
    }
}

/// The words `mgn check` and `mgn rules` give a code: empty when it is not declared.
fn words(kind: GameKind, code: &str) -> &'static str {
    game_def(kind).describe(code)
}

/// Every code the engine raised, at run time, on every fixture and record (the verdicts and
/// every step event of their replays) and in random games under every preset of every game,
/// is declared with words: a report never names a rule it cannot explain.
#[test]
fn every_rule_code_raised_is_declared_with_words() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut raised: BTreeSet<(&'static str, String)> = BTreeSet::new();
    for folder in ["fixtures", "records"] {
        for file in mgn::walk::mgn_files(&root.join(folder)) {
            let Ok(text) = std::fs::read_to_string(file.unwrap()) else {
                continue; // the catalogue of bad inputs holds a file that is not UTF-8
            };
            for result in check_text(&text, &CheckOptions::default()) {
                if let RecordResult::Checked {
                    kind,
                    verdict: Verdict::Failed(problems),
                    ..
                } = result
                {
                    for problem in problems {
                        raised.insert((kind.name(), problem.rule.to_string()));
                    }
                }
            }
            for game in parse_games(&text).into_iter().flatten() {
                let kind = game.header.game.value;
                let replayed = replay_game(&game, true);
                let mut found = Vec::new();
                for ply in &replayed.plies {
                    rule_fields(&serde_json::to_value(&ply.events).unwrap(), &mut found);
                }
                raised.extend(found.into_iter().map(|code| (kind.name(), code)));
            }
        }
    }
    for kind in GameKind::ALL {
        let def = game_def(kind);
        let presets = std::iter::once(None).chain(def.presets.iter().map(|p| Some(p.name)));
        for preset in presets {
            let mut header = Header::new(kind);
            header.preset = preset.map(|p| Spanned::new(p.to_string(), Span::default()));
            let events = with_rules(&header, RandomGames).expect("a preset of the game");
            let mut found = Vec::new();
            rule_fields(&serde_json::to_value(&events).unwrap(), &mut found);
            raised.extend(found.into_iter().map(|code| (kind.name(), code)));
        }
    }
    let games = raised
        .iter()
        .map(|(kind, _)| *kind)
        .collect::<BTreeSet<_>>();
    assert_eq!(games.len(), 4, "codes were raised in every game");
    assert!(raised.len() > 100, "{} codes raised", raised.len());
    let unexplained: Vec<String> = raised
        .iter()
        .filter(|(game, code)| words(GameKind::from_name(game).unwrap(), code).is_empty())
        .map(|(game, code)| format!("{game}: {code}"))
        .collect();
    assert!(
        unexplained.is_empty(),
        "codes raised without words:\n{}",
        unexplained.join("\n")
    );
}
