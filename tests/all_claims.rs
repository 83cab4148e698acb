//! `CheckOptions::all_claims`: the replay goes on past false claims and finds each, and changes
//! nothing else. Over every fixture and record, a game's verdict with it begins with the
//! departure found without it, holds nothing but false claims before its last departure, and is
//! the same verdict where the first departure is no claim's.

use mgn::check::{check_text, CheckOptions, RecordResult, Verdict};
use mgn::replay::{is_claim_rule, replay_game, ReplayOptions};
use std::path::Path;

fn verdicts(text: &str, all_claims: bool) -> Vec<Option<Verdict>> {
    let mut options = CheckOptions::default();
    options.all_claims = all_claims;
    check_text(text, &options)
        .into_iter()
        .map(|result| match result {
            RecordResult::Checked { verdict, .. } => Some(verdict),
            RecordResult::Syntax { .. } | RecordResult::NotUtf8 { .. } => None,
        })
        .collect()
}

#[test]
fn all_claims_only_adds_false_claims_to_the_first_departure() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut games = 0;
    let mut more = 0;
    for folder in ["fixtures", "records", "crates/cli/tests/data/claims"] {
        for path in mgn::suite::mgn_files(&root.join(folder)) {
            let path = path.unwrap();
            let Ok(text) = std::fs::read_to_string(&path) else {
                continue;
            };
            let first = verdicts(&text, false);
            let all = verdicts(&text, true);
            assert_eq!(first.len(), all.len(), "{}", path.display());
            for (k, (first, all)) in first.iter().zip(&all).enumerate() {
                let name = format!("{} game {}", path.display(), k + 1);
                let (Some(first), Some(all)) = (first, all) else {
                    assert_eq!(first.is_none(), all.is_none(), "{name}");
                    continue;
                };
                games += 1;
                assert_eq!(first.passed(), all.passed(), "{name}");
                let (first, all) = (first.problems(), all.problems());
                if first.is_empty() {
                    continue;
                }
                assert_eq!(first.len(), 1, "{name}");
                assert_eq!(all[0], first[0], "{name}");
                if !is_claim_rule(first[0].rule) {
                    assert_eq!(all, first, "{name}");
                }
                // Only the last may be no claim's: the departure that ended the replay.
                let before_last = &all[..all.len() - 1];
                assert!(
                    before_last.iter().all(|p| is_claim_rule(p.rule)),
                    "{name}: {all:#?}"
                );
                more += usize::from(all.len() > 1);
            }
        }
    }
    assert!(games > 300, "{games} games");
    assert!(more >= 4, "{more} games with more than one departure");
}

#[test]
fn a_replay_keeps_the_later_failures_apart_from_the_first() {
    let text = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("crates/cli/tests/data/claims/several-false-claims.mgn"),
    )
    .unwrap();
    let game = mgn::parse_games(&text).remove(0).unwrap();
    let first = replay_game(&game, ReplayOptions::verdict());
    assert_eq!(first.failure.as_ref().unwrap().rule, "mgn.claim.captures");
    assert!(first.later_failures.is_empty());
    let all = replay_game(&game, ReplayOptions::verdict().all_claims(true));
    assert_eq!(all.failure, first.failure);
    let rules: Vec<&str> = all.failures().map(|f| f.rule.as_str()).collect();
    assert_eq!(
        rules,
        [
            "mgn.claim.captures",
            "mgn.claim.score",
            "mgn.claim.checkpoint",
            "mgn.claim.result"
        ]
    );
    // Going on past the claims is going on to the game's end: the same final state.
    assert_eq!(all.winner, first.winner);
    let kept = replay_game(&game, ReplayOptions::plies().all_claims(true));
    assert_eq!(kept.failures().count(), 4);
    assert_eq!(kept.plies.len(), 6);
}
