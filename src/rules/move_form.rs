//! The parts of a written move each game uses, refused alike for all games where unused.

use crate::diagnostic::MovePart;
use crate::notation::Move;
use crate::rules::general;
use crate::Diagnostic;

/// Which parts of a written move a game uses. [`check_move_form`] refuses every other part in
/// one way for all games, so that a game's `decisions_from_move` only reads what it uses.
#[derive(Debug)]
pub struct MoveForm {
    /// The game's name as messages write it ("Dakon").
    pub game: &'static str,
    /// How the game writes a move, for messages: "a hole, or holes chained with `-`".
    pub shape: &'static str,
    /// Several sowings chained with `-` (Dakon's further sowings).
    pub chained: bool,
    /// A direction after the hole: required when true, refused when false.
    pub direction: bool,
    /// `from:to` (Nchuwa's opening transfer).
    pub transfer: bool,
    /// `@hole` after the sowing: where the mover drops the muzi a lap carries (Dong Wo).
    pub muzi_drops: bool,
    /// `*hole` (how many is the game's own rule).
    pub extra_captures: bool,
    /// A move of `*hole` alone, with no sowing (Nchuwa's opening removal, when a rule option
    /// makes it a ply of its own).
    pub removal: bool,
    /// Owner actions taken in the middle of the move (Dong Wo's `~12^A4`).
    pub owner_actions: bool,
    /// `/L`, a move stopped after a lap.
    pub stopped: bool,
}

impl MoveForm {
    /// One hole and nothing more: each game's form names itself and adds what its moves use
    /// (`MoveForm { game, shape, chained: true, ..MoveForm::ONE_HOLE }`).
    pub const ONE_HOLE: MoveForm = MoveForm {
        game: "",
        shape: "",
        chained: false,
        direction: false,
        transfer: false,
        muzi_drops: false,
        extra_captures: false,
        removal: false,
        owner_actions: false,
        stopped: false,
    };
}

/// Refuse the parts of `written` that `form` does not use, with the part to point at.
pub fn check_move_form(written: &Move, form: &MoveForm) -> Result<(), Diagnostic> {
    let refuse = |what: &str, part: MovePart| {
        Err(Diagnostic::new(
            general::MOVE_FORM,
            format!(
                "{what} is not part of a {} move, which is {}",
                form.game, form.shape
            ),
        )
        .at(part))
    };
    if written.sowings.is_empty() && !form.removal {
        return refuse("a move of `*hole` alone, with no sowing,", MovePart::Whole);
    }
    if !form.chained && written.sowings.len() > 1 {
        return refuse("a further sowing chained with `-`", MovePart::Sowing(1));
    }
    for (i, sowing) in written.sowings.iter().enumerate() {
        if form.direction && sowing.direction.is_none() {
            return Err(Diagnostic::new(
                general::MOVE_FORM,
                format!("a {} move names its direction: {}", form.game, form.shape),
            )
            .at(MovePart::Sowing(i)));
        }
        if !form.direction && sowing.direction.is_some() {
            return refuse("a direction", MovePart::Sowing(i));
        }
        if !form.transfer && sowing.transfer_to.is_some() {
            return refuse("a transfer `:hole`", MovePart::Sowing(i));
        }
        if !form.muzi_drops && !sowing.muzi_drops.is_empty() {
            return refuse("a muzi drop `@hole`", MovePart::Sowing(i));
        }
    }
    if !form.extra_captures && !written.extra_captures.is_empty() {
        return refuse("an extra capture `*hole`", MovePart::ExtraCapture(0));
    }
    if !form.owner_actions && !written.actions.is_empty() {
        return refuse("an owner action", MovePart::Whole);
    }
    if !form.stopped && written.stopped_after_lap.is_some() {
        return refuse("a stopped move `/lap`", MovePart::Whole);
    }
    Ok(())
}
