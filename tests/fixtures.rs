//! The conformance cases in fixtures/: every case gets exactly the verdicts its .verdict file
//! names (see src/suite.rs; `mgn suite fixtures/ --bless` rewrites them).

use std::path::Path;

#[test]
fn every_fixture_gets_its_expected_verdict() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures");
    let options = mgn::check::CheckOptions::default();
    let report = mgn::suite::run_suite(&root, false, &options).expect("fixtures/ is readable");
    assert!(report.cases > 0, "fixtures/ holds cases");
    let shown: Vec<String> = report
        .mismatches
        .iter()
        .map(|m| {
            format!(
                "{}:\n  expected {:?}\n  actual   {:?}",
                m.case.display(),
                m.expected,
                m.actual
            )
        })
        .collect();
    assert!(shown.is_empty(), "{}", shown.join("\n"));
}

#[test]
fn every_fixture_has_a_verdict_file() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures");
    for case in mgn::suite::cases(&root).unwrap() {
        assert!(
            case.with_extension("verdict").exists(),
            "{} has no .verdict file",
            case.display()
        );
    }
}

/// Every value of every rule option is exercised by at least one fixture game: the settings a
/// game plays under are resolved from its Preset and Option tags, as the replay resolves them.
#[test]
fn every_option_value_has_a_fixture() {
    use mgn::rules::{game_def, Settings};
    use std::collections::BTreeSet;
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures");
    let mut used = BTreeSet::new();
    for case in mgn::suite::cases(&root).unwrap() {
        let Ok(text) = std::fs::read_to_string(&case) else {
            continue; // the catalogue of bad inputs holds a file that is not UTF-8
        };
        for game in mgn::notation::parse_games(&text).into_iter().flatten() {
            let def = game_def(game.header.game.value);
            let Ok(settings) =
                Settings::resolve(def, game.header.preset.as_ref(), &game.header.options)
            else {
                continue;
            };
            for option in def.options {
                used.insert(format!("{}={}", option.code, settings.get(option.code)));
            }
        }
    }
    let mut missing = Vec::new();
    for kind in mgn::notation::GameKind::ALL {
        let def = game_def(kind);
        for option in def.options {
            for (value, _) in option.values {
                let setting = format!("{}={value}", option.code);
                if !used.contains(&setting) {
                    missing.push(setting);
                }
            }
        }
    }
    assert!(missing.is_empty(), "no fixture plays under: {missing:?}");
}

/// The whole-game records of Dong Wo, together, write every transaction and every owner
/// action (between moves and inside a move), so that `mgn check records/` replays them all.
#[test]
fn dong_wo_records_use_every_transaction_and_owner_action() {
    use mgn::notation::{parse_games, Element, FillTarget, Transaction};
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("records/dong-wo");
    let mut seen = std::collections::BTreeSet::new();
    for entry in std::fs::read_dir(&folder).unwrap() {
        let text = std::fs::read_to_string(entry.unwrap().path()).unwrap();
        for game in parse_games(&text).into_iter().flatten() {
            for element in &game.moves {
                let kind = match element {
                    Element::Transaction(t) => match t.value {
                        Transaction::Win { .. } => "win",
                        Transaction::Muzi { .. } => "muzi",
                        Transaction::Buy { stones: None, .. } => "buy",
                        Transaction::Buy {
                            stones: Some(_), ..
                        } => "buy=N",
                        Transaction::Rebuy { .. } => "rebuy",
                        Transaction::Swap { .. } => "swap",
                        Transaction::Borrow { .. } => "borrow",
                        Transaction::Fill {
                            target: FillTarget::Side(_),
                        } => "fill side",
                        Transaction::Fill {
                            target: FillTarget::Hole(_),
                        } => "fill hole",
                        Transaction::Repay { .. } => "repay",
                    },
                    Element::Action(a) => a.value.kind.sigil(),
                    Element::Move(m) if !m.value.actions.is_empty() => "~N",
                    _ => continue,
                };
                seen.insert(kind);
            }
        }
    }
    let every = [
        "win",
        "muzi",
        "buy",
        "buy=N",
        "rebuy",
        "swap",
        "borrow",
        "fill side",
        "fill hole",
        "repay",
        "^",
        "+",
        "^^",
        "~N",
    ];
    let missing: Vec<_> = every.iter().filter(|k| !seen.contains(*k)).collect();
    assert!(missing.is_empty(), "no Dong Wo record writes {missing:?}");
}
