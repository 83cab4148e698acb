//! mgn: a game-record tool and replay validator for four mancala games (Dakon, Mraw imrujen,
//! Nchuwa and Dong Wo), around MGN, the Mancala Game Notation.

pub mod check;
pub mod document;
pub mod notation;
pub mod rules;
pub mod source;
