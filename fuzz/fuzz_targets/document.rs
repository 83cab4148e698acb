//! YAML and JSON input (`mgn convert`, `mgn check` of a document): any text, read as both,
//! must give a document or an error, never a panic; the games it holds must print, convert
//! back and replay without panicking.
#![no_main]

use libfuzzer_sys::fuzz_target;
use mgn::check::{check_game, CheckOptions};
use mgn::document::{from_json, from_yaml, to_json, to_yaml};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for games in [from_yaml(text), from_json(text)].into_iter().flatten() {
        let _ = mgn::notation::write_games(&games);
        let _ = to_yaml(&games);
        let _ = to_json(&games);
        for game in &games {
            let _ = check_game(game, &CheckOptions::default());
        }
    }
});
