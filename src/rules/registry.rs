//! The four games, and the two ways code outside the rules reaches one without naming it.
//!
//! - [`AnyRules`] (from [`AnyRules::from_header`]) is one type for every game: a value to keep,
//!   pass around and call like any other, for work done a few times a record or a request
//!   (reading a header, laying out a board, answering a protocol session). Each call matches
//!   on the game, and lists of decisions are copied into the enum's.
//! - [`with_rules`] runs a [`WithRules`] visitor with the game's own rules type, compiled once
//!   per game: for loops over millions of decisions (check, replay, perft, generate), where
//!   the match and the copies of [`AnyRules`] would cost.
//!
//! Both configure the rules in one place, [`AnyRules::from_header`].

use super::{
    dakon, dong_wo, mraw_imrujen, nchuwa, AnyRules, GameDef, RulesExt, Settings, DEFAULT_MAX_LAPS,
};
use crate::notation::{BoardSize, GameKind, Header};
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

impl AnyRules {
    /// The rules of game `kind` on `board` under `settings`; a board or option value the game
    /// refuses is a [`Diagnostic`] of the game's.
    pub fn new(
        kind: GameKind,
        board: BoardSize,
        settings: &Settings,
    ) -> Result<AnyRules, Diagnostic> {
        Ok(match kind {
            GameKind::Dakon => dakon::Dakon::new(board, settings)?.into(),
            GameKind::MrawImrujen => mraw_imrujen::MrawImrujen::new(board, settings)?.into(),
            GameKind::Nchuwa => nchuwa::Nchuwa::new(board, settings)?.into(),
            GameKind::DongWo => dong_wo::DongWo::new(board, settings)?.into(),
        })
    }

    /// Configure the rules a header names (game, board, preset, options) under a lap budget of
    /// `max_laps` (at least 1, at most [`super::MAX_MAX_LAPS`]). A header that names a preset,
    /// an option or a board the game lacks is a [`Diagnostic`] placed at the tag that names it.
    pub fn from_header(header: &Header, max_laps: u64) -> Result<AnyRules, Diagnostic> {
        let def = game_def(header.game.value);
        let mut settings = Settings::resolve(def, header.preset.as_ref(), &header.options)?;
        settings.set_max_laps(max_laps);
        let (board, span) = match &header.board {
            Some(board) => (board.value, board.span),
            None => (def.default_board, header.game.span),
        };
        AnyRules::new(header.game.value, board, &settings).map_err(|refusal| {
            // A board or option value the game refuses: point at the Option tag that names it,
            // if any.
            let at = header
                .options
                .iter()
                .find(|o| o.value.code == refusal.rule)
                .map_or(span, |o| o.span);
            refusal.at_span(at.start, at.end)
        })
    }

    /// Run `work` with the game's own rules type (see the module doc for when).
    pub fn run<W: WithRules>(&self, work: W) -> W::Output {
        match self {
            AnyRules::Dakon(rules) => work.run(rules),
            AnyRules::MrawImrujen(rules) => work.run(rules),
            AnyRules::Nchuwa(rules) => work.run(rules),
            AnyRules::DongWo(rules) => work.run(rules),
        }
    }
}

/// Work to do with one game's configured rules, whichever game it is, compiled for each game's
/// own rules type: see the module doc for when to use it rather than [`AnyRules`].
pub trait WithRules {
    /// What the work gives back, the same whichever game ran it.
    type Output;
    /// Do the work with `rules`, one game's own type, so that its calls are compiled for it.
    fn run<R: RulesExt>(self, rules: &R) -> Self::Output;
}

/// Configure the rules a header names (game, board, preset, options) and run `work` with them.
/// A header that names a preset, an option or a board the game lacks is a [`Diagnostic`]
/// placed at the tag that names it.
pub fn with_rules<W: WithRules>(header: &Header, work: W) -> Result<W::Output, Diagnostic> {
    with_rules_within(header, DEFAULT_MAX_LAPS, work)
}

/// [`with_rules`] under a lap budget of `max_laps` (at least 1, at most
/// [`super::MAX_MAX_LAPS`]).
pub fn with_rules_within<W: WithRules>(
    header: &Header,
    max_laps: u64,
    work: W,
) -> Result<W::Output, Diagnostic> {
    AnyRules::from_header(header, max_laps).map(|rules| rules.run(work))
}
