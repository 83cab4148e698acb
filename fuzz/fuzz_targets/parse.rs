//! The MGN reader on any bytes: it must never panic, and what it reads must print and read back.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let games: Vec<_> = mgn::notation::parse_games(&text)
        .into_iter()
        .filter_map(Result::ok)
        .collect();
    // What reads prints, and the printed text reads again into as many games.
    let printed = mgn::notation::write_games(&games);
    let again = mgn::notation::parse_games(&printed);
    assert_eq!(again.len(), games.len(), "reprinted:\n{printed}");
    assert!(again.iter().all(Result::is_ok), "reprinted:\n{printed}");
});
