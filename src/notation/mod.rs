//! MGN, the Mancala Game Notation: syntax only. This layer reads and writes records; it knows
//! the names of the four games but none of their rules (see `docs/notation.md`).

mod ast;
mod compact;
mod line_index;
mod parse;
mod parts;
mod small;
mod write;

pub use ast::*;
pub use line_index::LineIndex;
pub use parse::{
    canonical_position_len, games, games_in_part, parse_games, parse_position, position_len,
    CanonicalCheckpoint, GameReader, Games, PlainCheckpoint, SkippedCheckpoint, SyntaxError,
};
pub use parts::{parts, Part, Parts, MAX_PART_BYTES};
pub use write::{
    push_game, write_game, write_games, write_head, write_hole, write_move, write_pile,
    write_position, written_position_len, MovetextWriter, PositionText,
};

// The library's own layers write and point at MGN with these; a user has the whole-game writer.
pub(crate) use compact::pile_map;
pub(crate) use parse::{position_fields, PositionFields};
#[cfg(feature = "import")]
pub(crate) use write::push_tag;
#[cfg(feature = "document")]
pub(crate) use write::settle_comment_places;
#[cfg(feature = "document")]
pub(crate) use write::{extend_number, push_number, put_number};
pub(crate) use write::{push_action, push_transaction};
