//! MGN, the Mancala Game Notation: syntax only. This layer reads and writes records; it knows
//! the names of the four games but none of their rules (see `docs/notation.md`).

mod ast;
mod compact;
mod line_index;
pub use compact::pile_map;
pub use line_index::LineIndex;
mod parse;
mod parts;
mod small;
mod write;

pub use ast::*;
pub use parse::{
    games, games_in_part, parse_games, parse_position, position_fields, GameReader, Games,
    PositionFields, SyntaxError,
};
pub use parts::{parts, Part, Parts, MAX_PART_BYTES};
pub use write::{
    push_action, push_game, push_tag, push_transaction, settle_comment_places, tag_present,
    write_game, write_games, write_head, write_hole, write_move, write_pile, write_position,
    written_position_len, MovetextWriter, PositionText,
};
