//! The four games, and the way code outside the rules reaches one without naming it.

use super::{dakon, dong_wo, mraw_imrujen, nchuwa, GameDef, RulesExt, Settings, DEFAULT_MAX_LAPS};
use crate::notation::GameKind;
use crate::Diagnostic;

/// The definitions of a game.
pub fn game_def(kind: GameKind) -> &'static GameDef {
    match kind {
        GameKind::Dakon => &dakon::DEF,
        GameKind::MrawImrujen => &mraw_imrujen::DEF,
        GameKind::Nchuwa => &nchuwa::DEF,
        GameKind::DongWo => &dong_wo::DEF,
    }
}

/// Work to do with one game's configured rules, whichever game it is: the way code outside the
/// rules reaches a game without naming it.
pub trait WithRules {
    type Output;
    fn run<R: RulesExt>(self, rules: &R) -> Self::Output;
}

/// Configure the rules a header names (game, board, preset, options) and run `work` with them.
/// A header that names a preset, an option or a board the game lacks is a [`Diagnostic`]
/// placed at the tag that names it.
pub fn with_rules<W: WithRules>(
    header: &crate::notation::Header,
    work: W,
) -> Result<W::Output, Diagnostic> {
    with_rules_within(header, DEFAULT_MAX_LAPS, work)
}

/// [`with_rules`] under a lap budget of `max_laps` (at least 1, at most [`MAX_MAX_LAPS`]).
pub fn with_rules_within<W: WithRules>(
    header: &crate::notation::Header,
    max_laps: u64,
    work: W,
) -> Result<W::Output, Diagnostic> {
    let def = game_def(header.game.value);
    let mut settings = Settings::resolve(def, header.preset.as_ref(), &header.options)?;
    settings.set_max_laps(max_laps);
    let (board, span) = match &header.board {
        Some(board) => (board.value, board.span),
        None => (def.default_board, header.game.span),
    };
    // A board or option value the game refuses: point at the Option tag that names it, if any.
    let refused = |refusal: Diagnostic| {
        let at = header
            .options
            .iter()
            .find(|o| o.value.code == refusal.rule)
            .map_or(span, |o| o.span);
        refusal.at_span(at.start, at.end)
    };
    match header.game.value {
        GameKind::Dakon => dakon::Dakon::new(board, &settings)
            .map(|rules| work.run(&rules))
            .map_err(refused),
        GameKind::MrawImrujen => mraw_imrujen::MrawImrujen::new(board, &settings)
            .map(|rules| work.run(&rules))
            .map_err(refused),
        GameKind::Nchuwa => nchuwa::Nchuwa::new(board, &settings)
            .map(|rules| work.run(&rules))
            .map_err(refused),
        GameKind::DongWo => dong_wo::DongWo::new(board, &settings)
            .map(|rules| work.run(&rules))
            .map_err(refused),
    }
}
