//! Every rule code is a `Code`, which only a declaration makes, so the compiler sees that the
//! engine names no undeclared code. What it cannot see is checked here: that each code is
//! declared once, and that every code the engine raises is listed in its game's tables (or the
//! general rules), so that `mgn rules` shows it and every failure's report can quote it.

use mgn::check::{check_text, CheckOptions, RecordResult, Verdict};
use mgn::generate::{playout, Rng};
use mgn::notation::{parse_games, GameKind, Header, Side, Span, Spanned};
use mgn::replay::{replay_game, ReplayOptions};
use mgn::rules::{game_def, with_rules, Event, EventSink, RulesExt, WithRules, GENERAL_RULES};
use mgn::Code;
use std::collections::BTreeSet;
use std::path::Path;

/// Every code is declared once among the rules and once among the options, and a code that
/// is both is a rule of a game and the option that varies it (`nchuwa.sow.singleton`): a code
/// read from a record or the command line (`Code::find`) names one rule, the rule when it is
/// both.
#[test]
fn every_code_is_declared_once() {
    let mut rules: Vec<(&str, &str)> = GENERAL_RULES.iter().map(|r| ("mgn", r.code)).collect();
    let mut options: Vec<(&str, &str)> = Vec::new();
    for kind in GameKind::ALL {
        let def = game_def(kind);
        rules.extend(def.rules.iter().map(|r| (kind.name(), r.code)));
        options.extend(def.options.iter().map(|o| (kind.name(), o.code)));
    }
    for declared in [&rules, &options] {
        let mut seen = BTreeSet::new();
        let twice: Vec<&str> = declared
            .iter()
            .map(|(_, code)| *code)
            .filter(|code| !seen.insert(*code))
            .collect();
        assert!(twice.is_empty(), "declared twice: {twice:?}");
    }
    for (game, code) in &options {
        if let Some((other, _)) = rules.iter().find(|(_, rule)| rule == code) {
            assert_eq!(other, game, "{code} is a rule of another game");
        }
    }
    for (game, code) in rules.iter().chain(&options) {
        let found = Code::find(code).expect("a declared code is found");
        assert_eq!(found, *code);
        assert!(
            !found.words().is_empty() && !found.source().is_empty(),
            "{code}"
        );
        let rule = rules.iter().any(|(_, rule)| rule == code);
        assert_eq!(found.option().is_none(), rule, "{game}: {code}");
    }
    assert_eq!(Code::find("mgn.no-such-rule"), None);
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

/// The words `mgn check` and `mgn rules` give a code in a game: empty when neither the game's
/// tables nor the general rules list it (an option type left out of the game's options).
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
        for file in mgn::suite::mgn_files(&root.join(folder)) {
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
                let replayed = replay_game(&game, ReplayOptions::plies());
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
