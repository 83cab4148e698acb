//! mgn: a game-record tool and replay validator for four mancala games (Dakon, Mraw imrujen,
//! Nchuwa and Dong Wo), around MGN, the Mancala Game Notation.

pub mod check;
mod diagnostic;
pub mod document;
pub mod generate;
pub mod notation;
pub mod perft;
pub mod replay;
pub mod rules;
pub mod source;
pub mod suite;
pub mod walk;

pub use diagnostic::{Diagnostic, Location};
