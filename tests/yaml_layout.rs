//! The YAML mgn writes is the compact layout of the README ("Conversion"): a key a line down to
//! each item of a game's moves, and every value below in flow style, so that a move, a capture
//! and a checkpoint are each one line a person can read and edit. The block layout mgn wrote
//! before (and any other layout of the same data) still reads, as the same games.

use mgn::document::{from_yaml, to_yaml};
use mgn::notation::{parse_games, write_games, Game};
use std::fs;
use std::path::Path;

fn records() -> Vec<(String, Vec<Game>)> {
    let repo = Path::new(env!("CARGO_MANIFEST_DIR"));
    mgn::suite::mgn_files(&repo.join("records"))
        .map(Result::unwrap)
        .map(|path| {
            let text = fs::read_to_string(&path).unwrap();
            let games = parse_games(&text).into_iter().map(Result::unwrap).collect();
            (path.display().to_string(), games)
        })
        .collect()
}

/// The same data in yaml_serde's block layout: every map and sequence a line per entry.
fn block_layout(yaml: &str) -> String {
    let value: serde_yaml::Value = serde_yaml::from_str(yaml).unwrap();
    serde_yaml::to_string(&value).unwrap()
}

#[test]
fn a_move_a_capture_and_a_checkpoint_are_one_line_each() {
    let record = "[Game \"dakon\"]\n[Board \"2x5\"]\n[First \"B\"]\n\n\
                  1. B4 x7(A2,B4) =0/8 [6,0,0,6,6/6,6,6,0,6 0/8 A 1] *\n";
    let games: Vec<Game> = parse_games(record)
        .into_iter()
        .map(Result::unwrap)
        .collect();
    assert_eq!(
        to_yaml(&games),
        "mgn: 2\n\
         games:\n\
         - header: {game: dakon, board: 2x5, first: B}\n  \
           moves:\n  \
           - move: [B4]\n    \
             captures: {count: 7, holes: [A2, B4]}\n    \
             score: [0, 8]\n    \
             checkpoint: {holes: [[6, 0, 0, 6, 6], [6, 6, 6, 0, 6]], stores: [0, 8], to_move: A, round: 1}\n  \
           outcome: '*'\n"
    );
}

#[test]
fn every_record_round_trips_through_yaml_in_either_layout() {
    let records = records();
    assert!(records.len() >= 30, "{} records", records.len());
    for (name, games) in records {
        let compact = to_yaml(&games);
        let block = block_layout(&compact);
        assert!(
            compact.lines().count() < block.lines().count(),
            "{name}: the compact layout is no shorter"
        );
        assert_eq!(
            from_yaml(&compact).unwrap(),
            games,
            "{name}, compact layout"
        );
        assert_eq!(from_yaml(&block).unwrap(), games, "{name}, block layout");
        assert_eq!(
            write_games(&from_yaml(&compact).unwrap()),
            write_games(&games),
            "{name}: the MGN written back differs"
        );
    }
}

/// The Dakon record of docs/notation.md's example: where yaml_serde's block layout took 251
/// lines (a checkpoint sixteen), the compact layout takes 80.
#[test]
fn the_notation_example_is_a_third_of_the_lines_it_was() {
    let (_, games) = records()
        .into_iter()
        .find(|(name, _)| name.ends_with("notation-example.mgn"))
        .unwrap();
    let compact = to_yaml(&games);
    assert_eq!(block_layout(&compact).lines().count(), 251);
    assert_eq!(compact.lines().count(), 80);
}
