//! The rules that hold for every game: the form of a record rather than the play.

use super::options::rule_table;

rule_table! {
    pub static GENERAL_RULES;
    HEADER_FIRST = "mgn.header.first" {
        summary: "the First tag and the Start position's side to move must agree",
        source: "docs/notation.md, Tags",
    }
    HEADER_PRESET = "mgn.header.preset" {
        summary: "a preset must be one the game defines",
        source: "docs/notation.md, Tags",
    }
    HEADER_UNKNOWN_TAG = "mgn.header.unknown-tag" {
        summary: "a tag MGN does not define is kept as written; one named like a defined tag is likely misspelt (a warning)",
        source: "docs/notation.md, Tags",
    }
    HEADER_OPTION = "mgn.header.option" {
        summary: "an option must be one the game defines, with one of its values",
        source: "docs/notation.md, Tags",
    }
    POSITION_SHAPE = "mgn.position.shape" {
        summary: "a position must fit the board, hold the game's seeds and be in a round from 1 to 1000000",
        source: "docs/notation.md, Positions",
    }
    MOVE_FORM = "mgn.move.form" {
        summary: "a move must be written in the form the game uses",
        source: "docs/notation.md, Moves",
    }
    GAME_OVER = "mgn.game.over" {
        summary: "nothing is played after the game has ended",
        source: "docs/notation.md, Move text",
    }
    ROUND_MARKER = "mgn.round.marker" {
        summary: "a `round N` marker stands where round N starts, and only there",
        source: "docs/notation.md, Rounds and transactions",
    }
    RECORD_CUT = "mgn.record.cut" {
        summary: "a record that stops unfinished (result `*`, Termination `unfinished` or `abandoned`) may end with a move cut after lap N (`B9/3`), in a game whose moves are laps the record can cut (Nchuwa): its laps through lap N are played and checked, nothing after them (no capture, the same player still to move), and the claims after it speak of that point; only as the record's last ply, and only before the move's own last lap",
        source: "docs/notation.md, Claims",
    }
    CLAIM_CHECKPOINT = "mgn.claim.checkpoint" {
        summary: "a checkpoint must equal the replayed position",
        source: "docs/notation.md, Move text",
    }
    CLAIM_CAPTURES = "mgn.claim.captures" {
        summary: "a capture claim must equal what the move captured",
        source: "docs/notation.md, Move text",
    }
    CLAIM_SCORE = "mgn.claim.score" {
        summary: "a score claim must equal the replayed stores or winnings",
        source: "docs/notation.md, Move text",
    }
    CLAIM_RESULT = "mgn.claim.result" {
        summary: "the result must be the one the rules give",
        source: "docs/notation.md, Tags",
    }
    LIMIT_LAPS = "mgn.limit.laps" {
        summary: "every move is decided within the lap budget (--max-laps, 10000000 unless told otherwise): a move that has neither ended nor come back to an in-move state it was in by its last lap, or a look-ahead that has not found whether a move can end within that many laps, is not decided, and the record fails; it does not pass",
        source: "docs/robustness.md, Limits",
    }
    LIMIT_ROUNDS = "mgn.limit.rounds" {
        summary: "a game is played to round 1000000 at most: the round after it is refused, never wrapped round to 0 (a Start or engine position is in rounds 1 to 1000000, under mgn.position.shape)",
        source: "docs/robustness.md, Limits",
    }
    LIMIT_COUNT = "mgn.limit.count" {
        summary: "a count (perft, divide) is exact or not given: one past 18446744073709551615, the most 64 bits hold, is refused, never wrapped round to a smaller number",
        source: "docs/perft.md, The convention",
    }
    GENERATE_STUCK = "mgn.generate.stuck" {
        summary: "random play stops a game, unfinished, where the rules list no decision for a turn under way, rather than draw from an empty list (a defect of the rules' listing: a turn under way always has a continuation)",
        source: "docs/robustness.md, Trust",
    }
    SYNTAX = "mgn.syntax" {
        summary: "the record must follow the MGN grammar",
        source: "docs/notation.md, Grammar",
    }
}
