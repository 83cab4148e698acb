//! The MGN reader (nom). Placeholder signatures: implemented on the `notation` branch.

use super::ast::{Game, Position};

/// A syntax error: where, what was expected, what was found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SyntaxError {
    /// Byte offset into the text that was parsed.
    pub offset: usize,
    pub expected: String,
    pub found: String,
}

/// Every game of a file, in order; a broken game is an error and the reading goes on at the
/// next `[Game` line.
pub fn parse_games(_text: &str) -> Vec<Result<Game, SyntaxError>> {
    Vec::new()
}

/// A position string on its own (as in a `Start` tag).
pub fn parse_position(_text: &str) -> Result<Position, SyntaxError> {
    Err(SyntaxError {
        offset: 0,
        expected: String::new(),
        found: String::new(),
    })
}
