//! Replay of whatever reads: `mgn check` and `mgn replay --trace` on any bytes must give
//! verdicts, never a panic, an overflow or a hang.
#![no_main]

use libfuzzer_sys::fuzz_target;
use mgn::check::{check_text, CheckOptions};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    for result in check_text(&text, &CheckOptions::default()) {
        if let mgn::check::RecordResult::Checked { game, .. } = result {
            // The trace path (mgn replay) keeps every ply's events.
            let _ = mgn::replay::replay_game(&game, true);
        }
    }
});
