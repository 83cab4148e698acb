//! The MGN writer. Placeholder signatures: implemented on the `notation` branch.

use super::ast::{Game, Position};

pub fn write_game(_game: &Game) -> String {
    String::new()
}

pub fn write_games(games: &[Game]) -> String {
    games.iter().map(write_game).collect::<Vec<_>>().join("\n")
}

pub fn write_position(_position: &Position) -> String {
    String::new()
}
