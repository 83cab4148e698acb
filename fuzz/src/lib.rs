//! The bodies of the fuzz targets, apart from libFuzzer so that mgn's own `cargo test` compiles
//! and runs them (tests/fuzz_bodies.rs): a change to the library that breaks a target breaks CI,
//! not the next fuzzing session. Each `fuzz_targets/*.rs` only hands libFuzzer's bytes to one
//! of these.

use mgn::check::{check_game, CheckOptions};
use mgn::document::{from_json, from_yaml, to_json, to_yaml};
use mgn::notation::{games, games_in_part, parse_games, parts, write_games};

/// The MGN reader on any bytes: it must never panic; read a part at a time (as `mgn check`
/// reads a file of any size) it must give the same records, errors and places; and what it
/// reads must print and read back.
pub fn parse(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let whole = parse_games(&text);
    let mut in_parts = Vec::new();
    let mut pending = Vec::new();
    for part in parts(text.as_bytes()) {
        let part = part.expect("bytes in memory read");
        let part_text = part.text().expect("a part of UTF-8 text is UTF-8");
        let mut read = games_in_part(part_text, std::mem::take(&mut pending), part.last);
        for record in read.by_ref() {
            in_parts.push(record.map_err(|mut e| {
                e.offset += part.offset as usize;
                e
            }));
        }
        pending = read.pending();
    }
    assert_eq!(in_parts, whole, "read in parts");
    let read: Vec<_> = whole.into_iter().filter_map(Result::ok).collect();
    // What reads prints, and the printed text reads again into as many games.
    let printed = write_games(&read);
    let again = parse_games(&printed);
    assert_eq!(again.len(), read.len(), "reprinted:\n{printed}");
    assert!(again.iter().all(Result::is_ok), "reprinted:\n{printed}");
}

/// YAML and JSON input (`mgn convert`): any text, read as both, must give a document or an
/// error, never a panic; the games it holds must print, convert back and replay without
/// panicking.
pub fn document(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for read in [from_yaml(text), from_json(text)].into_iter().flatten() {
        let _ = write_games(&read);
        let _ = to_yaml(&read);
        let _ = to_json(&read);
        for game in &read {
            let _ = check_game(game, &CheckOptions::default());
        }
    }
}

/// Replay of whatever reads: `mgn check` and `mgn replay --trace` on any bytes must give
/// verdicts, never a panic, an overflow or a hang.
pub fn replay(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    for game in games(&text).flatten() {
        let _ = check_game(&game, &CheckOptions::default());
        // The trace path (mgn replay) keeps every ply's events.
        let _ = mgn::replay::replay_game(&game, mgn::replay::ReplayOptions::plies());
    }
}
