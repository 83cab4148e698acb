//! The form of a written position (a `Start` tag), checked once for every game.
//!
//! Each game declares in its `defs.rs` a [`PositionForm`] (next to its [`super::MoveForm`]):
//! which markers its positions may hold (muzi, owned holes, holes out of play, debts), whether a
//! hole is bounded by the game's stones, and the game's own words for a row of the wrong length
//! and a wrong total. Its `state_from_position` calls [`check_position_form`] first, with the
//! board's [`PositionSize`], and reads the position after that knowing it fits: what it checks
//! itself is only what is truly its own. Every refusal is under `mgn.position.shape`.
//!
//! A `Start` tag read by `mgn check` and a `position` sent to `mgn engine` both become a state
//! through the game's `state_from_position`, and so through [`check_position_form_with`]: the
//! two cannot differ in what they accept. The round is part of the form ([`check_round`]).

use super::Diagnostic;
use crate::notation::{BoardSize, Hole, HoleState, Position, Side};
use crate::rules::general;
use std::fmt::{self, Write as _};

/// The rule every refusal of [`check_position_form`] is under, declared with the general rules.
pub use general::POSITION_SHAPE;

/// The last round mgn plays, whether a position is in it or a game reaches it: a round marker
/// or `next-round` past it is refused ([`next_round`]). Far below `u32::MAX`, so that no round
/// the replay or the rules add 1 to can wrap; far above any round a game is played to.
pub const MAX_ROUND: u32 = 1_000_000;

/// Refuse a position's round outside 1 ..= [`MAX_ROUND`], under `mgn.position.shape`: rounds
/// count from 1 (a round 0 was taken as round 1, and the report then spoke of a round the
/// record never wrote).
pub fn check_round(round: u32) -> Result<(), Diagnostic> {
    match round {
        0 => Err(Diagnostic::new(
            POSITION_SHAPE,
            "the position is in round 0: rounds count from 1",
        )),
        1..=MAX_ROUND => Ok(()),
        _ => Err(Diagnostic::new(
            POSITION_SHAPE,
            format!("the position is in round {round}; mgn plays rounds up to {MAX_ROUND}"),
        )),
    }
}

/// The round after `round`, which has ended, or the refusal of a round past [`MAX_ROUND`]
/// under `mgn.limit.rounds`: every game's `begin_round` counts its rounds with it, so that a
/// round is never wrapped round to 0, whatever state it is asked of.
pub fn next_round(round: u32) -> Result<u32, Diagnostic> {
    match round.checked_add(1) {
        Some(next) if next <= MAX_ROUND => Ok(next),
        _ => Err(Diagnostic::new(
            general::LIMIT_ROUNDS,
            format!(
                "round {round} is over, and mgn plays rounds up to {MAX_ROUND}: there is no round after it"
            ),
        )),
    }
}

/// What a game's positions may hold. [`check_position_form`] refuses everything else in one way
/// for all games, so that a game's `state_from_position` only reads what it has.
///
/// The words a game phrases its own way are templates: each `{name}` in them stands for a value
/// the check fills in, named where the template is.
#[derive(Debug)]
pub struct PositionForm {
    /// The game's name, for messages: "Dakon has no debts".
    pub game: &'static str,
    /// What the game's total counts, for messages: "seeds", or Dong Wo's "small stones".
    pub stones: &'static str,
    /// Each player's muzi stands once, in a hole or in a store, and no hole holds both. When
    /// false, no hole and no store holds a muzi.
    pub muzi: bool,
    /// A hole may be owned by the player across the board (`@B` on A's row); never by its own
    /// row's player.
    pub owned_holes: bool,
    /// A hole may be out of play (`x`), holding no seeds.
    pub out_of_play: bool,
    /// A player may owe stones (the debts after the side to move).
    pub debts: bool,
    /// No hole holds more than the game's total (the rules keep a hole in a byte).
    pub hole_bound: bool,
    /// A row of the wrong length: `{side}` whose row, `{holes}` how many it has, `{row}` how
    /// many the board has.
    pub row_words: &'static str,
    /// Said after "A3: Dong Wo has no holes out of play" when a hole holds a marker the game
    /// does not have: `{side}` the row's player, `{other}` the other player. Often empty.
    pub marker_hint: &'static str,
    /// A position that does not hold the game's stones (or, with muzi, each muzi once):
    /// `{total}` what it holds (summed without wrapping), `{expected}` the game's total,
    /// `{board}` the board (`2x5`), `{muzi_a}` and `{muzi_b}` how often each muzi stands.
    pub total_words: &'static str,
}

/// How many holes and stones a position holds on the board being played: the game's
/// [`PositionForm`] says what a position may hold, this says how much, which may depend on
/// the board (Dakon's 2xN holds 2*N*N seeds).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PositionSize {
    /// The board, for messages (`{board}` in [`PositionForm::total_words`]).
    pub board: BoardSize,
    /// Holes in each player's row, as MGN writes it (Nchuwa's outer and inner row are one).
    pub row: usize,
    /// Seeds (or small stones) in holes and stores together.
    pub total: u32,
}

/// Refuse a position that does not fit `form` on a board of `size`, under `mgn.position.shape`.
///
/// The checks come in this order, and the first that fails is the refusal: the round
/// ([`check_round`]); for A's row, then
/// B's, the row's length, then each hole in turn (a marker the game does not have; a hole out
/// of play that holds seeds; a hole owned by its own row's player; two muzi in the hole; more
/// stones than the game has, where holes are bounded), then the row's store (a muzi where the
/// game has none); then debts the game does not have; then the total, summed in `u64` so that
/// counts near `u32::MAX` never wrap, with each muzi once where the game has them.
pub fn check_position_form(
    position: &Position,
    form: &PositionForm,
    size: PositionSize,
) -> Result<(), Diagnostic> {
    check_position_form_with(position, form, size, |_, _| Ok(()))
}

/// [`check_position_form`] with the game's own check of each hole, `own`, made after the
/// hole's markers and owner and before its muzi and its count (Dong Wo's end hole, never owned).
pub fn check_position_form_with(
    position: &Position,
    form: &PositionForm,
    size: PositionSize,
    mut own: impl FnMut(Hole, &HoleState) -> Result<(), Diagnostic>,
) -> Result<(), Diagnostic> {
    check_round(position.round)?;
    let refuse = |message: String| Err(Diagnostic::new(POSITION_SHAPE, message));
    let mut total = 0u64;
    let mut muzi = [0u32; 2];
    for side in [Side::A, Side::B] {
        let holes = position.holes.row(side);
        if holes.len() != size.row {
            return refuse(fill(
                form.row_words,
                &[("side", &side), ("holes", &holes.len()), ("row", &size.row)],
            ));
        }
        for (i, state) in holes.iter().enumerate() {
            let hole = Hole::new(side, i as u32 + 1);
            let pile = state.pile;
            if (!form.muzi && !pile.muzi.is_empty())
                || (!form.owned_holes && state.owner.is_some())
                || (!form.out_of_play && state.out_of_play)
            {
                return refuse(format!(
                    "{hole}: {} has {}{}",
                    form.game,
                    refused_markers(form),
                    fill(
                        form.marker_hint,
                        &[("side", &side), ("other", &side.other())]
                    )
                ));
            }
            if state.out_of_play && pile.seeds > 0 {
                return refuse(format!("{hole}: a hole out of play holds no seeds"));
            }
            if state.owner == Some(side) {
                return refuse(format!(
                    "{hole}: a hole of {side}'s row is his unless {} owns it; write no owner",
                    side.other()
                ));
            }
            own(hole, state)?;
            if pile.muzi.count() > 1 {
                return refuse(format!("{hole}: the two muzi never share a hole"));
            }
            if form.hole_bound && pile.seeds > size.total {
                return refuse(format!(
                    "{hole} holds {} {}; the game has {}",
                    pile.seeds, form.stones, size.total
                ));
            }
            total += u64::from(pile.seeds);
            for m in [Side::A, Side::B] {
                muzi[m.index()] += u32::from(pile.muzi.has(m));
            }
        }
        let store = position.stores[side.index()];
        if !form.muzi && !store.muzi.is_empty() {
            return refuse(format!("{} has no muzi", form.game));
        }
        total += u64::from(store.seeds);
        for m in [Side::A, Side::B] {
            muzi[m.index()] += u32::from(store.muzi.has(m));
        }
    }
    if !form.debts && position.debts != [0, 0] {
        return refuse(format!("{} has no debts", form.game));
    }
    if total != u64::from(size.total) || (form.muzi && muzi != [1, 1]) {
        return refuse(fill(
            form.total_words,
            &[
                ("total", &total),
                ("expected", &size.total),
                ("board", &size.board),
                ("muzi_a", &muzi[0]),
                ("muzi_b", &muzi[1]),
            ],
        ));
    }
    Ok(())
}

/// The markers `form` refuses, in words: "no muzi, no owned holes and no holes out of play".
fn refused_markers(form: &PositionForm) -> String {
    let refused: Vec<&str> = [
        (form.muzi, "no muzi"),
        (form.owned_holes, "no owned holes"),
        (form.out_of_play, "no holes out of play"),
    ]
    .into_iter()
    .filter(|(has, _)| !has)
    .map(|(_, words)| words)
    .collect();
    match refused.split_last() {
        Some((last, [])) => last.to_string(),
        Some((last, others)) => format!("{} and {last}", others.join(", ")),
        None => String::new(),
    }
}

/// `template` with each `{name}` replaced by the value `fields` gives it. A name the fields do
/// not have is a mistake in a game's form, which the tests of every game's form would show.
fn fill(template: &str, fields: &[(&str, &dyn fmt::Display)]) -> String {
    let mut out = String::with_capacity(template.len() + 16);
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        let close = after
            .find('}')
            .unwrap_or_else(|| panic!("an unclosed `{{` in the words `{template}`"));
        let name = &after[..close];
        let (_, value) = fields
            .iter()
            .find(|(field, _)| *field == name)
            .unwrap_or_else(|| panic!("`{{{name}}}` is not a field of the words `{template}`"));
        let _ = write!(out, "{value}");
        rest = &after[close + 1..];
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::parse_position;
    use crate::rules::{dakon, dong_wo, mraw_imrujen, nchuwa};

    /// A game with none of the markers, its holes unbounded.
    static PLAIN: PositionForm = PositionForm {
        game: "Plain",
        stones: "seeds",
        muzi: false,
        owned_holes: false,
        out_of_play: false,
        debts: false,
        hole_bound: false,
        row_words: "row {side} has {holes} holes; the board has {row}",
        marker_hint: "",
        total_words: "{total} seeds; a {board} game has {expected}",
    };

    /// A game with every marker, its holes bounded.
    static FULL: PositionForm = PositionForm {
        game: "Full",
        stones: "small stones",
        muzi: true,
        owned_holes: true,
        out_of_play: true,
        debts: true,
        hole_bound: true,
        row_words: "row {side} has {holes} holes; the board has {row}",
        marker_hint: "",
        total_words: "{total} small stones, A's muzi {muzi_a} times and B's {muzi_b}; {expected}",
    };

    const SIZE: PositionSize = PositionSize {
        board: BoardSize {
            rows: 2,
            columns: 3,
        },
        row: 3,
        total: 12,
    };

    fn check(form: &PositionForm, text: &str) -> Result<(), String> {
        let position = parse_position(text).unwrap();
        check_position_form(&position, form, SIZE).map_err(|v| {
            assert_eq!(v.rule, "mgn.position.shape");
            v.message
        })
    }

    #[test]
    fn mgn_position_shape_round_counts_from_1_to_max_round() {
        assert_eq!(check(&PLAIN, "2,2,2/2,2,2 0/0 B 1"), Ok(()));
        assert_eq!(check(&PLAIN, "2,2,2/2,2,2 0/0 B 1000000"), Ok(()));
        assert_eq!(
            check(&PLAIN, "2,2,2/2,2,2 0/0 B 0"),
            Err("the position is in round 0: rounds count from 1".into())
        );
        for round in [1_000_001, u32::MAX] {
            assert_eq!(
                check(&PLAIN, &format!("2,2,2/2,2,2 0/0 B {round}")),
                Err(format!(
                    "the position is in round {round}; mgn plays rounds up to 1000000"
                ))
            );
        }
        // The round is refused first, whatever else is wrong.
        assert_eq!(
            check(&PLAIN, "2,2/2 0/0 B 0"),
            Err("the position is in round 0: rounds count from 1".into())
        );
    }

    #[test]
    fn the_round_after_max_round_is_refused_not_wrapped() {
        assert_eq!(next_round(1), Ok(2));
        assert_eq!(next_round(MAX_ROUND - 1), Ok(MAX_ROUND));
        for round in [MAX_ROUND, u32::MAX] {
            let refused = next_round(round).unwrap_err();
            assert_eq!(refused.rule, "mgn.limit.rounds");
            assert_eq!(
                refused.message,
                format!("round {round} is over, and mgn plays rounds up to 1000000: there is no round after it")
            );
        }
    }

    #[test]
    fn mgn_position_shape_row_length() {
        assert_eq!(check(&PLAIN, "2,2,2/2,2,2 0/0 B 1"), Ok(()));
        assert_eq!(
            check(&PLAIN, "2,2,2,0/2,2,2 0/0 B 1"),
            Err("row A has 4 holes; the board has 3".into())
        );
        assert_eq!(
            check(&PLAIN, "3,3,3/3,3 0/0 B 1"),
            Err("row B has 2 holes; the board has 3".into())
        );
    }

    #[test]
    fn mgn_position_shape_markers_the_game_has_not() {
        assert_eq!(
            check(&PLAIN, "2,2mA,2/2,2,2 0/0 B 1"),
            Err("A2: Plain has no muzi, no owned holes and no holes out of play".into())
        );
        assert_eq!(
            check(&PLAIN, "2,2,2/2,2,2@A 0/0 B 1"),
            Err("B3: Plain has no muzi, no owned holes and no holes out of play".into())
        );
        assert_eq!(
            check(&PLAIN, "2,2,2/x,4,2 0/0 B 1"),
            Err("B1: Plain has no muzi, no owned holes and no holes out of play".into())
        );
        assert_eq!(
            check(&PLAIN, "2,2,2/2,2,2 0mB/0 B 1"),
            Err("Plain has no muzi".into())
        );
        assert_eq!(
            check(&PLAIN, "2,2,2/2,2,2 0/0 B 1 1/0"),
            Err("Plain has no debts".into())
        );
        // What a game refuses is listed whichever marker is found.
        let dakon = PositionForm {
            out_of_play: true,
            marker_hint: "; see {side} and {other}",
            ..PLAIN
        };
        assert_eq!(
            check(&dakon, "2,2,2@B/2,2,2 0/0 B 1"),
            Err("A3: Plain has no muzi and no owned holes; see A and B".into())
        );
        let dong_wo = PositionForm {
            muzi: true,
            owned_holes: true,
            ..PLAIN
        };
        assert_eq!(
            check(&dong_wo, "2,2,2/2,x,2 0/0 B 1"),
            Err("B2: Plain has no holes out of play".into())
        );
    }

    #[test]
    fn mgn_position_shape_markers_the_game_has() {
        assert_eq!(check(&FULL, "2,x,2mA/0@A,6mB,2 0/0 B 1 1/3"), Ok(()));
        assert_eq!(check(&FULL, "2,2,2/2,2,2 0mA/0mB B 1"), Ok(()));
    }

    #[test]
    fn mgn_position_shape_out_of_play_holds_no_seeds() {
        // MGN writes a hole out of play `x`, empty: one that holds seeds is built here.
        let mut position = parse_position("2,2,2mA/x,4mB,2 0/0 B 1").unwrap();
        assert_eq!(check_position_form(&position, &FULL, SIZE), Ok(()));
        let mut holes: Vec<HoleState> = position.holes.iter().flatten().copied().collect();
        holes[3].pile.seeds = 2;
        holes[4].pile.seeds = 2;
        position.holes = crate::notation::Rows::from_parts(holes, 3);
        assert_eq!(
            check_position_form(&position, &FULL, SIZE)
                .unwrap_err()
                .message,
            "B1: a hole out of play holds no seeds"
        );
    }

    #[test]
    fn mgn_position_shape_owner_of_the_own_row() {
        assert_eq!(
            check(&FULL, "2,2@A,2mA/2,2,2mB 0/0 B 1"),
            Err("A2: a hole of A's row is his unless B owns it; write no owner".into())
        );
        assert_eq!(check(&FULL, "2,2@B,2mA/2,2,2mB 0/0 B 1"), Ok(()));
    }

    #[test]
    fn mgn_position_shape_muzi_once_each() {
        assert_eq!(
            check(&FULL, "2,2,2mAmB/2,2,2 0/0 B 1"),
            Err("A3: the two muzi never share a hole".into())
        );
        assert_eq!(
            check(&FULL, "2,2,2mA/2,2,2 0/0 B 1"),
            Err("12 small stones, A's muzi 1 times and B's 0; 12".into())
        );
        assert_eq!(
            check(&FULL, "2,2,2mA/2,2,2mA 0/0 B 1"),
            Err("12 small stones, A's muzi 2 times and B's 0; 12".into())
        );
        assert_eq!(
            check(&FULL, "2,2,2mA/2,2,2 0/0mA B 1"),
            Err("12 small stones, A's muzi 2 times and B's 0; 12".into())
        );
        assert_eq!(check(&FULL, "2,2,2mA/2,2,2 0/0mB B 1"), Ok(()));
    }

    #[test]
    fn mgn_position_shape_hole_bound() {
        assert_eq!(
            check(&FULL, "2,2,2mA/0,0,13mB 0/0 B 1"),
            Err("B3 holds 13 small stones; the game has 12".into())
        );
        assert_eq!(check(&FULL, "0,0,0mA/0,0,12mB 0/0 B 1"), Ok(()));
        // Holes that are not bounded are counted in the total.
        assert_eq!(
            check(&PLAIN, "0,0,0/0,0,13 0/0 B 1"),
            Err("13 seeds; a 2x3 game has 12".into())
        );
    }

    #[test]
    fn mgn_position_shape_own_check_of_a_hole() {
        let position = parse_position("2,2@B,2mA/2,2mAmB,2mB 0/0 B 1").unwrap();
        let mut seen = Vec::new();
        let refused = check_position_form_with(&position, &FULL, SIZE, |hole, state| {
            seen.push(hole);
            if state.owner.is_some() {
                return Err(Diagnostic::new(
                    POSITION_SHAPE,
                    format!("{hole}: never owned"),
                ));
            }
            Ok(())
        });
        assert_eq!(refused.unwrap_err().message, "A2: never owned");
        assert_eq!(seen, [Hole::new(Side::A, 1), Hole::new(Side::A, 2)]);
        // Made after the owner, before the muzi.
        let position = parse_position("2,2,2mA/2,2mAmB,2@B 0/0 B 1").unwrap();
        let refused = check_position_form_with(&position, &FULL, SIZE, |hole, _| {
            if hole == Hole::new(Side::B, 2) {
                return Err(Diagnostic::new(POSITION_SHAPE, "own"));
            }
            Ok(())
        });
        assert_eq!(refused.unwrap_err().message, "own");
    }

    #[test]
    fn mgn_position_shape_total() {
        assert_eq!(
            check(&PLAIN, "2,2,2/2,2,1 0/0 B 1"),
            Err("11 seeds; a 2x3 game has 12".into())
        );
        assert_eq!(check(&PLAIN, "2,2,2/2,2,1 0/1 B 1"), Ok(()));
        assert_eq!(
            check(&PLAIN, "2,2,2/2,2,1 1/1 B 1"),
            Err("13 seeds; a 2x3 game has 12".into())
        );
    }

    #[test]
    fn mgn_position_shape_total_past_u32_max_does_not_wrap() {
        // Summed in u32, u32::MAX + 13 seeds would wrap round to 12.
        let max = u32::MAX;
        assert_eq!(
            check(&PLAIN, &format!("{max},0,0/0,0,0 13/0 B 1")),
            Err(format!("{} seeds; a 2x3 game has 12", u64::from(max) + 13))
        );
        assert_eq!(
            check(&PLAIN, &format!("{max},{max},{max}/{max},0,0 0/16 B 1")),
            Err(format!(
                "{} seeds; a 2x3 game has 12",
                4 * u64::from(max) + 16
            ))
        );
        // A bounded hole is refused by its bound before its count.
        assert_eq!(
            check(&FULL, &format!("{max},0,0mA/0,0,0mB 0/0 B 1")),
            Err(format!("A1 holds {max} small stones; the game has 12"))
        );
    }

    /// Each game's words, filled in as its records' refusals show them.
    #[test]
    fn mgn_position_shape_in_each_game_s_words() {
        let refuse = |form: &PositionForm, size: PositionSize, text: &str| {
            check_position_form(&parse_position(text).unwrap(), form, size)
                .unwrap_err()
                .message
        };
        let board = |rows, columns| BoardSize { rows, columns };
        let size = |rows, columns, row, total| PositionSize {
            board: board(rows, columns),
            row,
            total,
        };
        let (dakon, mraw, nchuwa, dong_wo) = (
            &dakon::POSITION_FORM,
            &mraw_imrujen::POSITION_FORM,
            &nchuwa::POSITION_FORM,
            &dong_wo::POSITION_FORM,
        );
        let two = size(2, 2, 2, 8);
        let four = size(4, 2, 4, 16);
        assert_eq!(
            refuse(dakon, two, "2,2,2/2,2 0/0 B 1"),
            "row A has 3 holes; this board has 2"
        );
        assert_eq!(
            refuse(mraw, two, "2,2/2 0/0 B 1"),
            "row B has 1 holes; a Mraw imrujen board has 2"
        );
        assert_eq!(
            refuse(nchuwa, four, "2,2,2/2,2,2,2 0/0 B 1"),
            "A has 3 holes; on this board each player has 4 (A1..A4: outer row, then inner row)"
        );
        assert_eq!(
            refuse(dong_wo, two, "2,2/2,2,2 0/0 B 1"),
            "Dong Wo rows have 2 holes; B's has 3"
        );
        assert_eq!(
            refuse(dakon, two, "2,2/2,2@A 0/0 B 1"),
            "B2: Dakon has no muzi and no owned holes"
        );
        assert_eq!(
            refuse(mraw, two, "x,2/2,2 0/0 B 1"),
            "A1: Mraw imrujen has no muzi, no owned holes and no holes out of play"
        );
        assert_eq!(
            refuse(nchuwa, four, "2,2,2,2/2,2,mB,2 0/0 B 1"),
            "B3: Nchuwa has no muzi, no owned holes and no holes out of play"
        );
        assert_eq!(
            refuse(dong_wo, two, "2,2/x,mB 0/0mA B 1"),
            "B1: Dong Wo has no holes out of play; a lost hole is owned by the other player (`@A`)"
        );
        assert_eq!(refuse(dakon, two, "2,2/2,2 0mA/0 B 1"), "Dakon has no muzi");
        assert_eq!(
            refuse(mraw, two, "2,2/2,2 0/0 B 1 0/1"),
            "Mraw imrujen has no debts"
        );
        assert_eq!(
            refuse(nchuwa, four, "2,2,2,17/2,2,2,2 0/0 B 1"),
            "A4 holds 17 seeds; the game has 16"
        );
        assert_eq!(
            refuse(dong_wo, two, "2,2/9,mB 0/0mA B 1"),
            "B1 holds 9 small stones; the game has 8"
        );
        assert_eq!(
            refuse(dakon, two, "2,2/2,2 0/1 B 1"),
            "the position holds 9 seeds; a 2x2 Dakon game has 8"
        );
        assert_eq!(
            refuse(mraw, two, "2,2/2,1 0/0 B 1"),
            "the position holds 7 seeds; a Mraw imrujen game has 8"
        );
        assert_eq!(
            refuse(nchuwa, four, "2,2,2,2/2,2,2,2 1/0 B 1"),
            "the position holds 17 seeds; a 4x2 Nchuwa game has 16"
        );
        assert_eq!(
            refuse(dong_wo, two, "2,2/2,2mB 0/0mB B 1 4/0"),
            "a Dong Wo position holds 8 small stones and each muzi once (holes and winnings); this one has 8 small stones, A's muzi 0 times and B's 2"
        );
    }
}
