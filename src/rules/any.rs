//! The four games as one type, for code that handles any game and does not need each game's
//! own compiled copy of itself: [`AnyRules`] is a [`Rules`] whose state and decisions are
//! [`AnyState`] and [`AnyDecision`], each a game's own value in a variant named after the game.
//!
//! Every call matches on the game and hands the call to that game's rules, and the lists of
//! decisions are copied into the enum's, so a loop that plays millions of decisions (replay,
//! perft, generate) goes through [`super::with_rules`] instead (see the registry's module doc).
//!
//! A state or decision of one game handed to another game's rules is a programming error, not
//! a fault of a record: the types cannot rule it out (the game is chosen at run time), so the
//! call panics, naming both games, rather than answer for a game that is not being played.

use super::{
    dakon, dong_wo, mraw_imrujen, nchuwa, EventSink, GameDef, Lookahead, MovePart, Phase,
    PositionHead, Rules, RulesExt, Stores,
};
use crate::notation::{
    Element, GameKind, HoleAction, HoleState, Move, Position, Side, Transaction,
};
use crate::Diagnostic;
use std::fmt;

/// The game's value inside one of the enums (a state in [`AnyState`], a decision in
/// [`AnyDecision`]): how a call hands its arguments to the game's own rules.
trait Inner<Any>: Sized {
    fn inner(any: &Any) -> &Self;
    fn inner_mut(any: &mut Any) -> &mut Self;
}

#[cold]
#[track_caller]
fn mismatch(rules: GameKind, what: &str, given: GameKind) -> ! {
    panic!(
        "{what} of {given} given to the rules of {rules}: an AnyState or AnyDecision belongs to \
         the game whose rules made it"
    )
}

/// Write the decisions `list` gives, each wrapped in the enum, over `out`, as the games write
/// theirs: the room of a list of the game's own type cannot be lent to the enum's.
fn refill<D: Into<AnyDecision>>(out: &mut Vec<AnyDecision>, list: impl FnOnce(&mut Vec<D>)) {
    let mut own = Vec::new();
    list(&mut own);
    out.clear();
    out.extend(own.into_iter().map(Into::into));
}

/// The enums and every delegation of [`Rules`] to the game in play, written once for the four
/// games (each `Variant: Rules, State, Decision`): a change to the trait is made here.
macro_rules! any_rules {
    ($($game:ident: $rules:ty, $state:ty, $decision:ty, $scratch:ident;)*) => {
        /// One game's configured rules, whichever game: see the module doc.
        #[derive(Clone, Debug)]
        pub enum AnyRules {
            $(
                #[doc = concat!("The configured rules of [`GameKind::", stringify!($game), "`].")]
                $game($rules),
            )*
        }

        /// A state of the game of the [`AnyRules`] that made it.
        #[derive(Clone, Debug, PartialEq, Eq, Hash)]
        pub enum AnyState {
            $(
                #[doc = concat!("A state of [`GameKind::", stringify!($game), "`].")]
                $game($state),
            )*
        }

        /// A decision in the game of the [`AnyRules`] that made it.
        #[derive(Clone, Debug, PartialEq, Eq, Hash)]
        pub enum AnyDecision {
            $(
                #[doc = concat!("A decision of [`GameKind::", stringify!($game), "`].")]
                $game($decision),
            )*
        }

        /// The room of whichever game's rules ([`Rules::Scratch`]): each game's own, side by
        /// side, since a scratch is made before it is known which game will use it.
        #[derive(Default)]
        pub struct AnyScratch {
            $($scratch: <$rules as Rules>::Scratch,)*
        }

        impl AnyRules {
            /// The game these rules are for.
            pub fn kind(&self) -> GameKind {
                match self { $(AnyRules::$game(_) => GameKind::$game,)* }
            }
        }

        impl AnyState {
            /// The game this state is of: a state goes only to its own game's rules.
            pub fn kind(&self) -> GameKind {
                match self { $(AnyState::$game(_) => GameKind::$game,)* }
            }
        }

        impl AnyDecision {
            /// The game this decision is of: a decision goes only to its own game's rules.
            pub fn kind(&self) -> GameKind {
                match self { $(AnyDecision::$game(_) => GameKind::$game,)* }
            }
        }

        impl fmt::Display for AnyDecision {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                match self { $(AnyDecision::$game(decision) => decision.fmt(f),)* }
            }
        }

        $(
            impl From<$rules> for AnyRules {
                fn from(rules: $rules) -> AnyRules {
                    AnyRules::$game(rules)
                }
            }
            impl From<$state> for AnyState {
                fn from(state: $state) -> AnyState {
                    AnyState::$game(state)
                }
            }
            impl From<$decision> for AnyDecision {
                fn from(decision: $decision) -> AnyDecision {
                    AnyDecision::$game(decision)
                }
            }
            impl Inner<AnyState> for $state {
                #[track_caller]
                fn inner(any: &AnyState) -> &Self {
                    match any {
                        AnyState::$game(state) => state,
                        other => mismatch(GameKind::$game, "a state", other.kind()),
                    }
                }
                #[track_caller]
                fn inner_mut(any: &mut AnyState) -> &mut Self {
                    match any {
                        AnyState::$game(state) => state,
                        other => mismatch(GameKind::$game, "a state", other.kind()),
                    }
                }
            }
            impl Inner<AnyDecision> for $decision {
                #[track_caller]
                fn inner(any: &AnyDecision) -> &Self {
                    match any {
                        AnyDecision::$game(decision) => decision,
                        other => mismatch(GameKind::$game, "a decision", other.kind()),
                    }
                }
                #[track_caller]
                fn inner_mut(any: &mut AnyDecision) -> &mut Self {
                    match any {
                        AnyDecision::$game(decision) => decision,
                        other => mismatch(GameKind::$game, "a decision", other.kind()),
                    }
                }
            }
        )*

        impl Rules for AnyRules {
            type State = AnyState;
            type Decision = AnyDecision;
            type Scratch = AnyScratch;

            fn def(&self) -> &'static GameDef {
                match self { $(AnyRules::$game(rules) => rules.def(),)* }
            }
            fn start(&self, first: Side) -> AnyState {
                match self { $(AnyRules::$game(rules) => rules.start(first).into(),)* }
            }
            fn state_from_position(&self, position: &Position) -> Result<AnyState, Diagnostic> {
                match self {
                    $(AnyRules::$game(rules) => rules.state_from_position(position).map(Into::into),)*
                }
            }
            fn row_states<'a>(
                &'a self,
                state: &'a AnyState,
                side: Side,
            ) -> impl ExactSizeIterator<Item = HoleState> + 'a {
                match self {
                    $(AnyRules::$game(rules) =>
                        AnyIter::$game(rules.row_states(<$state>::inner(state), side)),)*
                }
            }
            fn position_head(&self, state: &AnyState) -> PositionHead {
                match self {
                    $(AnyRules::$game(rules) => rules.position_head(<$state>::inner(state)),)*
                }
            }
            fn phase(&self, state: &AnyState) -> Phase {
                match self { $(AnyRules::$game(rules) => rules.phase(<$state>::inner(state)),)* }
            }
            fn round(&self, state: &AnyState) -> u32 {
                match self { $(AnyRules::$game(rules) => rules.round(<$state>::inner(state)),)* }
            }
            fn decisions(
                &self,
                state: &AnyState,
                scratch: &mut AnyScratch,
                out: &mut Vec<AnyDecision>,
            ) {
                match self {
                    $(AnyRules::$game(rules) => refill(out, |own| {
                        rules.decisions(<$state>::inner(state), &mut scratch.$scratch, own)
                    }),)*
                }
            }
            fn random_decisions(
                &self,
                state: &AnyState,
                scratch: &mut AnyScratch,
                out: &mut Vec<AnyDecision>,
            ) {
                match self {
                    $(AnyRules::$game(rules) => refill(out, |own| {
                        rules.random_decisions(<$state>::inner(state), &mut scratch.$scratch, own)
                    }),)*
                }
            }
            fn free_steps(
                &self,
                state: &AnyState,
                scratch: &mut AnyScratch,
                out: &mut Vec<AnyDecision>,
            ) {
                match self {
                    $(AnyRules::$game(rules) => refill(out, |own| {
                        rules.free_steps(<$state>::inner(state), &mut scratch.$scratch, own)
                    }),)*
                }
            }
            fn alternatives(&self, state: &AnyState, scratch: &mut AnyScratch) -> Vec<String> {
                match self {
                    $(AnyRules::$game(rules) =>
                        rules.alternatives(<$state>::inner(state), &mut scratch.$scratch),)*
                }
            }
            fn apply<S: EventSink>(
                &self,
                state: &mut AnyState,
                decision: &AnyDecision,
                scratch: &mut AnyScratch,
                sink: &mut S,
            ) -> Result<(), Diagnostic> {
                match self {
                    $(AnyRules::$game(rules) => rules.apply(
                        <$state>::inner_mut(state),
                        <$decision>::inner(decision),
                        &mut scratch.$scratch,
                        sink,
                    ),)*
                }
            }
            fn decisions_from_move_into(
                &self,
                written: &Move,
                out: &mut Vec<(AnyDecision, MovePart)>,
            ) -> Result<(), Diagnostic> {
                match self {
                    $(AnyRules::$game(rules) => {
                        let own = rules.decisions_from_move(written)?;
                        out.clear();
                        out.extend(own.into_iter().map(|(decision, part)| (decision.into(), part)));
                        Ok(())
                    })*
                }
            }
            fn begin_round<S: EventSink>(
                &self,
                state: &mut AnyState,
                sink: &mut S,
            ) -> Result<(), Diagnostic> {
                match self {
                    $(AnyRules::$game(rules) =>
                        rules.begin_round(<$state>::inner_mut(state), sink),)*
                }
            }
            fn actions_waiting(&self, state: &AnyState) -> bool {
                match self {
                    $(AnyRules::$game(rules) =>
                        rules.actions_waiting(<$state>::inner(state)),)*
                }
            }
            fn may_stop_in_open_turn(&self, state: &AnyState) -> bool {
                match self {
                    $(AnyRules::$game(rules) =>
                        rules.may_stop_in_open_turn(<$state>::inner(state)),)*
                }
            }
            fn apply_cut<S: EventSink>(
                &self,
                state: &mut AnyState,
                decision: &AnyDecision,
                scratch: &mut AnyScratch,
                sink: &mut S,
            ) -> Result<(), Diagnostic> {
                match self {
                    $(AnyRules::$game(rules) => rules.apply_cut(
                        <$state>::inner_mut(state),
                        <$decision>::inner(decision),
                        &mut scratch.$scratch,
                        sink,
                    ),)*
                }
            }
            fn implied(
                &self,
                state: &AnyState,
                written: Option<&AnyDecision>,
            ) -> Option<AnyDecision> {
                match self {
                    $(AnyRules::$game(rules) => rules
                        .implied(<$state>::inner(state), written.map(<$decision>::inner))
                        .map(Into::into),)*
                }
            }
            fn compulsory_before(
                &self,
                state: &AnyState,
                decision: &AnyDecision,
            ) -> Vec<AnyDecision> {
                match self {
                    $(AnyRules::$game(rules) => rules
                        .compulsory_before(<$state>::inner(state), <$decision>::inner(decision))
                        .into_iter()
                        .map(Into::into)
                        .collect(),)*
                }
            }
            fn decision_from_action(&self, action: &HoleAction) -> Result<AnyDecision, Diagnostic> {
                match self {
                    $(AnyRules::$game(rules) => rules.decision_from_action(action).map(Into::into),)*
                }
            }
            fn decision_from_transaction(
                &self,
                transaction: &Transaction,
            ) -> Result<AnyDecision, Diagnostic> {
                match self {
                    $(AnyRules::$game(rules) =>
                        rules.decision_from_transaction(transaction).map(Into::into),)*
                }
            }
            fn pass_decision(&self) -> Option<AnyDecision> {
                match self { $(AnyRules::$game(rules) => rules.pass_decision().map(Into::into),)* }
            }
            fn move_from_decisions(&self, turn: &[AnyDecision]) -> Element {
                match self {
                    $(AnyRules::$game(rules) => {
                        let turn: Vec<$decision> =
                            turn.iter().map(|d| <$decision>::inner(d).clone()).collect();
                        rules.move_from_decisions(&turn)
                    })*
                }
            }
            fn stores(&self) -> Stores {
                match self { $(AnyRules::$game(rules) => rules.stores(),)* }
            }
        }

        impl RulesExt for AnyRules {
            fn written_position_len(&self, state: &AnyState, text: &str) -> Option<usize> {
                match self {
                    $(AnyRules::$game(rules) =>
                        rules.written_position_len(<$state>::inner(state), text),)*
                }
            }
            fn position(&self, state: &AnyState) -> Position {
                match self {
                    $(AnyRules::$game(rules) => rules.position(<$state>::inner(state)),)*
                }
            }
            fn position_into(&self, state: &AnyState, out: &mut Position) {
                match self {
                    $(AnyRules::$game(rules) => rules.position_into(<$state>::inner(state), out),)*
                }
            }
            fn position_matches(&self, state: &AnyState, claim: &Position) -> bool {
                match self {
                    $(AnyRules::$game(rules) =>
                        rules.position_matches(<$state>::inner(state), claim),)*
                }
            }
            fn whole_turns(&self, state: &AnyState, scratch: &mut AnyScratch) -> Option<u64> {
                match self {
                    $(AnyRules::$game(rules) =>
                        rules.whole_turns(<$state>::inner(state), &mut scratch.$scratch),)*
                }
            }
            fn decision_runs(
                &self,
                state: &AnyState,
                scratch: &mut AnyScratch,
                out: &mut Vec<AnyDecision>,
                counts: &mut Vec<u64>,
            ) {
                match self {
                    $(AnyRules::$game(rules) => refill(out, |own| {
                        let scratch = &mut scratch.$scratch;
                        rules.decision_runs(<$state>::inner(state), scratch, own, counts)
                    }),)*
                }
            }
            fn decision_in_run(&self, first: &AnyDecision, i: u64) -> AnyDecision {
                match self {
                    $(AnyRules::$game(rules) =>
                        rules.decision_in_run(<$decision>::inner(first), i).into(),)*
                }
            }
            fn looks_ahead_to_end(&self) -> bool {
                match self { $(AnyRules::$game(rules) => rules.looks_ahead_to_end(),)* }
            }
            fn apply_with_lookahead<S: EventSink>(
                &self,
                state: &mut AnyState,
                decision: &AnyDecision,
                lookahead: Lookahead,
                scratch: &mut AnyScratch,
                sink: &mut S,
            ) -> Result<(), Diagnostic> {
                match self {
                    $(AnyRules::$game(rules) => rules.apply_with_lookahead(
                        <$state>::inner_mut(state),
                        <$decision>::inner(decision),
                        lookahead,
                        &mut scratch.$scratch,
                        sink,
                    ),)*
                }
            }
        }

        /// The holes of a row of whichever game: one iterator type for [`Rules::row_states`].
        enum AnyIter<$($game),*> {
            $($game($game),)*
        }

        impl<$($game: Iterator<Item = HoleState>),*> Iterator for AnyIter<$($game),*> {
            type Item = HoleState;
            fn next(&mut self) -> Option<HoleState> {
                match self { $(AnyIter::$game(holes) => holes.next(),)* }
            }
            fn size_hint(&self) -> (usize, Option<usize>) {
                match self { $(AnyIter::$game(holes) => holes.size_hint(),)* }
            }
        }

        impl<$($game: ExactSizeIterator<Item = HoleState>),*> ExactSizeIterator
            for AnyIter<$($game),*>
        {
        }
    };
}

any_rules! {
    Dakon: dakon::Dakon, dakon::DakonState, dakon::DakonDecision, dakon;
    MrawImrujen: mraw_imrujen::MrawImrujen, mraw_imrujen::MrawState, mraw_imrujen::MrawMove, mraw_imrujen;
    Nchuwa: nchuwa::Nchuwa, nchuwa::NchuwaState, nchuwa::NchuwaDecision, nchuwa;
    DongWo: dong_wo::DongWo, dong_wo::DongWoState, dong_wo::DongWoDecision, dong_wo;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::{random_game, GenerateOptions, Rng};
    use crate::notation::{parse_games, Header};
    use crate::perft::perft;
    use crate::replay::{replay_moves, replay_showing_under, GameMoves, Progress, ReplayOptions};
    use crate::rules::{with_rules, WithRules, DEFAULT_MAX_LAPS};

    fn any_rules(kind: GameKind) -> AnyRules {
        AnyRules::from_header(&Header::new(kind), DEFAULT_MAX_LAPS).unwrap()
    }

    #[test]
    fn perft_through_the_enum_counts_as_the_game_does() {
        struct Perft(u32);
        impl WithRules for Perft {
            type Output = u64;
            fn run<R: RulesExt>(self, rules: &R) -> u64 {
                perft(rules, &rules.start(Side::B), self.0).unwrap()
            }
        }
        // Depths whose counts an unoptimised test takes in seconds (Dong Wo's perft(3) is 33
        // million).
        let depths = [
            (GameKind::Dakon, 2),
            (GameKind::MrawImrujen, 6),
            (GameKind::Nchuwa, 3),
            (GameKind::DongWo, 2),
        ];
        for (kind, depth) in depths {
            let any = any_rules(kind);
            let own = with_rules(&Header::new(kind), Perft(depth)).unwrap();
            assert_eq!(
                perft(&any, &any.start(Side::B), depth).unwrap(),
                own,
                "{kind}"
            );
        }
    }

    #[test]
    fn a_random_game_through_the_enum_is_the_games_own() {
        struct Generate;
        impl WithRules for Generate {
            type Output = crate::Game;
            fn run<R: RulesExt>(self, rules: &R) -> crate::Game {
                let (header, start) = (Header::new(rules.def().kind), rules.start(Side::B));
                random_game(
                    rules,
                    header,
                    start,
                    &mut Rng::new(5),
                    GenerateOptions::default(),
                )
            }
        }
        for kind in GameKind::ALL {
            let own = with_rules(&Header::new(kind), Generate).unwrap();
            let any = Generate.run(&any_rules(kind));
            assert_eq!(
                crate::write_games(&[any]),
                crate::write_games(&[own]),
                "{kind}"
            );
        }
    }

    /// Every fixture's record, passing or not, replays through the enum step for step, event for
    /// event and to the same verdict as through its game's own rules.
    #[test]
    fn every_fixture_replays_through_the_enum_as_through_the_game() {
        fn replayed(game: &crate::Game, rules: Option<&AnyRules>) -> String {
            let mut steps = Vec::new();
            let mut keep = |progress: Progress| steps.push(format!("{progress:?}"));
            let moves = &mut GameMoves::new(game);
            let replayed = match rules {
                Some(rules) => replay_showing_under(rules, &game.header, moves, Some(&mut keep)),
                None => replay_moves(
                    &game.header,
                    moves,
                    ReplayOptions::verdict()
                        .max_laps(DEFAULT_MAX_LAPS)
                        .on_step(&mut keep),
                ),
            };
            format!("{replayed:?}\n{}", steps.join("\n"))
        }
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures");
        let mut compared = 0;
        for dir in ["dakon", "mraw-imrujen", "nchuwa", "dong-wo", "bad"] {
            for entry in std::fs::read_dir(root.join(dir)).unwrap() {
                let path = entry.unwrap().path();
                if path.extension().is_none_or(|e| e != "mgn") {
                    continue;
                }
                // A case of bytes that are not UTF-8 has no record to replay.
                let Ok(text) = std::fs::read_to_string(&path) else {
                    continue;
                };
                for game in parse_games(&text).into_iter().flatten() {
                    let Ok(rules) = AnyRules::from_header(&game.header, DEFAULT_MAX_LAPS) else {
                        continue;
                    };
                    let own = replayed(&game, None);
                    assert_eq!(replayed(&game, Some(&rules)), own, "{}", path.display());
                    compared += 1;
                }
            }
        }
        assert!(compared > 100, "{compared} records compared");
    }

    #[test]
    #[should_panic(expected = "a state of nchuwa given to the rules of dakon")]
    fn another_games_state_is_refused_loudly() {
        let nchuwa = any_rules(GameKind::Nchuwa).start(Side::B);
        any_rules(GameKind::Dakon).phase(&nchuwa);
    }

    #[test]
    #[should_panic(expected = "a decision of dakon given to the rules of nchuwa")]
    fn another_games_decision_is_refused_loudly() {
        let dakon = any_rules(GameKind::Dakon);
        let mut open = Vec::new();
        let scratch = &mut AnyScratch::default();
        dakon.decisions(&dakon.start(Side::B), scratch, &mut open);
        let nchuwa = any_rules(GameKind::Nchuwa);
        let mut state = nchuwa.start(Side::B);
        let _ = nchuwa.apply(&mut state, &open[0], scratch, &mut ());
    }
}
