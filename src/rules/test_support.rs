//! What the games' unit tests share (the integration tests' auditor, which rebuilds every
//! position from the events under every option value, is `tests/replay.rs`).

use super::Event;
use crate::code::Code;

/// The captures among `events`: the hole, its seeds and the rule that took them.
pub fn captures(events: &[Event]) -> Vec<(String, u32, Code)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Capture {
                hole, pile, rule, ..
            } => Some((hole.to_string(), pile.seeds, *rule)),
            _ => None,
        })
        .collect()
}
