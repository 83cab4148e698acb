//! Nchuwa behind the [`Rules`] interface: positions and decisions read from and written as MGN.

use super::*;
use crate::rules::general;

impl Rules for Nchuwa {
    type State = NchuwaState;
    type Decision = NchuwaDecision;
    type Scratch = NchuwaScratch;

    fn def(&self) -> &'static GameDef {
        &DEF
    }

    fn start(&self, first: Side) -> NchuwaState {
        let gambit = self.gambit_ring();
        NchuwaState {
            rings: [gambit, gambit],
            won: [0, 0],
            to_move: first,
            opening: self.opening_plies(),
            must_pass: false,
            result: None,
        }
    }

    fn state_from_position(&self, position: &Position) -> Result<NchuwaState, Diagnostic> {
        check_position_form(
            position,
            &POSITION_FORM,
            PositionSize {
                board: BoardSize {
                    rows: 4,
                    columns: self.n as u32,
                },
                row: self.ring_len(),
                total: self.total_seeds(),
            },
        )?;
        // The state has no round: a position in round 2 was taken as round 1.
        if position.round != 1 {
            return Err(Diagnostic::new(
                POSITION_SHAPE,
                format!(
                    "the position is in round {}, and Nchuwa is played in one round",
                    position.round
                ),
            ));
        }
        let mut state = self.start(position.to_move);
        for side in [Side::A, Side::B] {
            for (i, hole) in position.holes.row(side).iter().enumerate() {
                // At most the game's seeds (the form's bound), which a byte holds.
                state.rings[side.index()][i] = hole.pile.seeds as u8;
            }
            state.won[side.index()] = position.stores[side.index()].seeds;
        }
        // Only the position after both gambits, with nothing captured, is in the opening.
        let gambit = self.gambit_ring();
        state.opening = if state.rings == [gambit, gambit] && state.won == [0, 0] {
            self.opening_plies()
        } else {
            0
        };
        let empty = [Side::A, Side::B].map(|s| !self.has_seeds(&state.rings[s.index()]));
        match empty {
            [true, true] => state.result = Some(None),
            [true, false] => state.result = Some(Some(Side::B)),
            [false, true] => state.result = Some(Some(Side::A)),
            // A scratch of its own: asked once a game, and a fresh one allocates nothing.
            [false, false] => {
                self.settle_no_move(&mut state, &mut (), false, &mut NchuwaScratch::default())
            }
        }
        Ok(state)
    }

    fn row_states<'a>(
        &'a self,
        state: &'a NchuwaState,
        side: Side,
    ) -> impl ExactSizeIterator<Item = HoleState> + 'a {
        state.rings[side.index()][..self.ring_len()]
            .iter()
            .map(|&seeds| HoleState {
                pile: pile(seeds as u32),
                owner: None,
                out_of_play: false,
            })
    }

    fn position_head(&self, state: &NchuwaState) -> PositionHead {
        PositionHead {
            stores: [pile(state.won[0]), pile(state.won[1])],
            to_move: state.to_move,
            round: 1,
            debts: [0, 0],
        }
    }

    fn phase(&self, state: &NchuwaState) -> Phase {
        match state.result {
            Some(winner) => Phase::Over { winner },
            None if state.must_pass => Phase::MustPass {
                side: state.to_move,
                rule: NoMove::CODE,
            },
            None => Phase::ToMove(state.to_move),
        }
    }

    fn round(&self, _: &NchuwaState) -> u32 {
        1
    }

    fn decisions(
        &self,
        state: &NchuwaState,
        scratch: &mut NchuwaScratch,
        out: &mut Vec<NchuwaDecision>,
    ) {
        out.clear();
        match self.phase(state) {
            Phase::Over { .. } | Phase::RoundOver { .. } => {}
            Phase::MustPass { .. } => out.push(NchuwaDecision::Pass),
            Phase::ToMove(side) | Phase::Continue { side, .. } => {
                if self.removal_due(state) {
                    self.removal_decisions(state, side, out);
                } else if state.opening > 0 {
                    self.transfer_decisions(state, side, out);
                } else {
                    self.play_decisions(state, side, out, scratch);
                }
            }
        }
    }

    fn alternatives(&self, state: &NchuwaState, scratch: &mut NchuwaScratch) -> Vec<String> {
        let side = match self.phase(state) {
            Phase::ToMove(side) | Phase::Continue { side, .. } if state.opening == 0 => side,
            _ => {
                let mut decisions = Vec::new();
                self.decisions(state, scratch, &mut decisions);
                return decisions.iter().map(|d| d.to_string()).collect();
            }
        };
        let mut out = Vec::new();
        let mut moves = Vec::new();
        // Listed after a refusal, which may be of the long move just walked: recalled.
        self.each_move(
            state,
            side,
            true,
            |hole, plan| match plan.walk {
                // One entry for every lap the move may stop after, however many.
                Walk::Endless { .. }
                    if matches!(self.config.endless, Endless::Stop | Endless::StopAnyLap) =>
                {
                    let laps = self.stop_laps(plan.walk);
                    let (first, last) = (*laps.start(), (*laps.end()).min(u64::from(u32::MAX)));
                    out.push(if first == last {
                        format!("{hole}/{first}")
                    } else {
                        format!("{hole}/{first} to /{last}")
                    });
                }
                Walk::Undecided => out.push(format!(
                    "{hole} (not decided within {} laps)",
                    self.max_laps
                )),
                _ => {
                    moves.clear();
                    self.push_moves(side, hole, plan, &mut moves);
                    out.extend(moves.iter().map(|d| d.to_string()));
                }
            },
            scratch,
        );
        out
    }

    fn apply<S: EventSink>(
        &self,
        state: &mut NchuwaState,
        decision: &NchuwaDecision,
        scratch: &mut NchuwaScratch,
        sink: &mut S,
    ) -> Result<(), Diagnostic> {
        let mover = match (self.phase(state), decision) {
            (Phase::Over { .. }, _) => {
                return Err(Diagnostic::new(
                    general::GAME_OVER,
                    "the game is already over",
                ))
            }
            (Phase::RoundOver { .. }, _) => {
                return Err(Diagnostic::new(
                    general::ROUND_MARKER,
                    "Nchuwa is played in one round",
                ))
            }
            (Phase::MustPass { side, .. }, NchuwaDecision::Pass) => {
                self.pass(state, side, sink, scratch);
                return Ok(());
            }
            (Phase::MustPass { side, .. }, _) => {
                return Err(Diagnostic::new(
                    NoMove::CODE,
                    format!("{side} has no legal move and must pass"),
                ))
            }
            (Phase::ToMove(side) | Phase::Continue { side, .. }, NchuwaDecision::Pass) => {
                return Err(self.refused_pass(state, side, scratch))
            }
            (Phase::ToMove(side) | Phase::Continue { side, .. }, _) => side,
        };
        self.apply_move(state, mover, decision, sink, scratch)
    }

    fn apply_cut<S: EventSink>(
        &self,
        state: &mut NchuwaState,
        decision: &NchuwaDecision,
        scratch: &mut NchuwaScratch,
        sink: &mut S,
    ) -> Result<(), Diagnostic> {
        let NchuwaDecision::Sow {
            hole,
            extras,
            stop: Some(lap),
        } = *decision
        else {
            return Err(Diagnostic::new(
                general::RECORD_CUT,
                format!(
                    "{decision} is not sown after the opening: only a move of play has laps to cut"
                ),
            ));
        };
        let mover = match self.phase(state) {
            Phase::ToMove(side) if state.opening == 0 => side,
            _ => {
                return Err(Diagnostic::new(
                    general::RECORD_CUT,
                    format!("{decision} cannot be played here, so it cannot be cut: only a move of play has laps to cut"),
                ))
            }
        };
        self.apply_cut_sow(state, mover, (hole, extras, lap), sink, scratch)
    }

    fn decisions_from_move_into(
        &self,
        written: &Move,
        out: &mut Vec<(NchuwaDecision, MovePart)>,
    ) -> Result<(), Diagnostic> {
        check_move_form(written, &MOVE_FORM)?;
        let Some(sowing) = written.sowings.first() else {
            // `*A5` alone: an opening removal.
            if written.stopped_after_lap.is_some() {
                return Err(Diagnostic::new(
                    general::MOVE_FORM,
                    "a removal is not sown, so it cannot be stopped after a lap",
                ));
            }
            return match &written.extra_captures[..] {
                [hole] => {
                    out.clear();
                    out.push((NchuwaDecision::Remove(hole.value), MovePart::ExtraCapture(0)));
                    Ok(())
                }
                _ => Err(Diagnostic::new(
                    OpeningOrder::CODE,
                    format!(
                        "{} holes named with `*` in one ply: each removal of the opening is a ply of its own",
                        written.extra_captures.len()
                    ),
                )
                .at(MovePart::ExtraCapture(1))),
            };
        };
        let extras = match &written.extra_captures[..] {
            [] => Some(Extras::NONE),
            [a] => Some(Extras::one(a.value)),
            [a, b] => Some(Extras([Some(a.value), Some(b.value)])),
            _ => None,
        };
        let Some(extras) = extras else {
            let (rule, limit) = match sowing.transfer_to {
                Some(_) => (OpeningRemovals::CODE, self.removals),
                None => (CAPTURE_EXTRA, 1),
            };
            return Err(Diagnostic::new(
                rule,
                format!(
                    "{} holes named with `*`: a Nchuwa turn takes {} by choice here",
                    written.extra_captures.len(),
                    if limit == 1 { "one hole" } else { "two holes" }
                ),
            )
            .at(MovePart::ExtraCapture(limit)));
        };
        let decision = match &sowing.transfer_to {
            Some(to) => {
                if written.stopped_after_lap.is_some() {
                    return Err(Diagnostic::new(
                        general::MOVE_FORM,
                        "an opening transfer is not sown, so it cannot be stopped after a lap",
                    ));
                }
                NchuwaDecision::Transfer {
                    from: sowing.hole.value,
                    to: to.value,
                    extras,
                }
            }
            None => NchuwaDecision::Sow {
                hole: sowing.hole.value,
                extras,
                stop: written.stopped_after_lap,
            },
        };
        out.clear();
        out.push((decision, MovePart::Sowing(0)));
        Ok(())
    }

    fn begin_round<S: EventSink>(&self, _: &mut NchuwaState, _: &mut S) -> Result<(), Diagnostic> {
        Err(Diagnostic::new(
            general::ROUND_MARKER,
            "Nchuwa is played in one round",
        ))
    }

    fn pass_decision(&self) -> Option<NchuwaDecision> {
        Some(NchuwaDecision::Pass)
    }

    fn move_from_decisions(&self, turn: &[NchuwaDecision]) -> Element {
        let spanned = |hole: Hole| Spanned::new(hole, Default::default());
        let (hole, to, extras, stop) = match turn.first() {
            None | Some(NchuwaDecision::Pass) => {
                return Element::Pass(Spanned::new((), Default::default()))
            }
            Some(&NchuwaDecision::Transfer { from, to, extras }) => (from, Some(to), extras, None),
            Some(&NchuwaDecision::Remove(hole)) => {
                return Element::Move(Spanned::new(
                    Move {
                        sowings: Default::default(),
                        extra_captures: std::iter::once(spanned(hole)).collect(),
                        actions: Few::new(),
                        stopped_after_lap: None,
                    },
                    Default::default(),
                ))
            }
            Some(&NchuwaDecision::Sow { hole, extras, stop }) => (hole, None, extras, stop),
        };
        Element::Move(Spanned::new(
            Move {
                sowings: Sowing {
                    hole: spanned(hole),
                    direction: None,
                    transfer_to: to.map(|to| Box::new(spanned(to))),
                    muzi_drops: Few::new(),
                }
                .into(),
                extra_captures: extras.iter().map(spanned).collect(),
                actions: Few::new(),
                stopped_after_lap: stop,
            },
            Default::default(),
        ))
    }
}

impl Nchuwa {
    /// The pass of `side`, who has no legal move: the turn goes to the opponent, who may have
    /// none either.
    #[inline]
    fn pass<S: EventSink>(
        &self,
        state: &mut NchuwaState,
        side: Side,
        sink: &mut S,
        scratch: &mut NchuwaScratch,
    ) {
        sink.event(Event::Pass {
            side,
            rule: NoMove::CODE,
        });
        state.must_pass = false;
        state.to_move = side.other();
        sink.event(Event::TurnEnd { next: side.other() });
        self.settle_no_move(state, sink, true, scratch);
    }

    /// The refusal of a pass by `side`, who is to move: he has a legal move, or cannot be
    /// shown to have none within the lap budget.
    #[cold]
    fn refused_pass(
        &self,
        state: &NchuwaState,
        side: Side,
        scratch: &mut NchuwaScratch,
    ) -> Diagnostic {
        if state.opening == 0 && self.has_move(state, side, scratch).is_none() {
            return undecided(
                format_args!("whether {side} has a legal move"),
                format_args!(
                    "every move he has that ends or stops is one whose relay went on past lap {} without ending or coming back to a state it was in",
                    self.max_laps
                ),
                self.max_laps,
            );
        }
        Diagnostic::new(
            if state.opening > 0 {
                OPENING_TRANSFER
            } else {
                NoMove::CODE
            },
            format!("{side} has a legal move and cannot pass"),
        )
    }

    /// A transfer, removal or sowing by `mover`, each in the part of the game that has it:
    /// the opening's transfers, the removal that follows them, then play.
    #[inline]
    fn apply_move<S: EventSink>(
        &self,
        state: &mut NchuwaState,
        mover: Side,
        decision: &NchuwaDecision,
        sink: &mut S,
        scratch: &mut NchuwaScratch,
    ) -> Result<(), Diagnostic> {
        match *decision {
            NchuwaDecision::Transfer { .. } | NchuwaDecision::Sow { .. }
                if self.removal_due(state) =>
            {
                Err(self.removal_owed(state, mover))
            }
            NchuwaDecision::Transfer { from, to, extras } if state.opening > 0 => {
                self.apply_transfer(state, mover, (from, to, extras), sink, scratch)
            }
            NchuwaDecision::Transfer { .. } => Err(Diagnostic::new(
                OPENING_TRANSFER,
                "the opening is over: a transfer `from:to` is made only once by each player, before any other move",
            )),
            NchuwaDecision::Remove(hole) => self.apply_remove(state, mover, hole, sink, scratch),
            NchuwaDecision::Sow { .. } if state.opening > 0 => Err(self.transfer_owed(mover)),
            NchuwaDecision::Sow { hole, extras, stop } => {
                self.apply_sow(state, mover, (hole, extras, stop), sink, scratch)
            }
            NchuwaDecision::Pass => unreachable!("passes are handled by apply"),
        }
    }

    /// The refusal of a transfer or a sowing when both transfers are made and `mover` owes
    /// the removal of one of the opponent's holes.
    #[cold]
    fn removal_owed(&self, state: &NchuwaState, mover: Side) -> Diagnostic {
        let opponent = mover.other();
        let example = self
            .occupied_example(state, opponent)
            .map_or_else(String::new, |hole| format!(", such as *{hole}"));
        Diagnostic::new(
            OPENING_EXTRA,
            format!(
                "both transfers are made: {mover} now removes one of {opponent}'s occupied holes, written `*hole`{example}"
            ),
        )
    }

    /// The refusal of a sowing by `mover` before his opening transfer.
    #[cold]
    fn transfer_owed(&self, mover: Side) -> Diagnostic {
        Diagnostic::new(
            OPENING_TRANSFER,
            match self.config.order {
                OpeningOrder::ByPlayer => format!(
                    "{mover} makes his opening transfer first: two seeds from an inner hole to an empty outer hole, written from:to*hole, such as {mover}{}:{mover}1*{}{}",
                    self.n + 2,
                    mover.other(),
                    self.ring_len()
                ),
                OpeningOrder::Interleaved => format!(
                    "{mover} makes his opening transfer first: two seeds from an inner hole to an empty outer hole, written from:to, such as {mover}{}:{mover}1",
                    self.n + 2,
                ),
            },
        )
    }
}

impl RulesExt for Nchuwa {
    /// Every decision is a whole turn; the listed ones are legal but for a move not decided
    /// within the lap budget, which only playing it refuses.
    fn whole_turns(&self, state: &NchuwaState, scratch: &mut NchuwaScratch) -> Option<u64> {
        match self.phase(state) {
            Phase::MustPass { .. } => Some(1),
            Phase::ToMove(_) | Phase::Continue { .. } if state.opening > 0 => {
                let mut transfers = Vec::new();
                self.decisions(state, scratch, &mut transfers);
                Some(transfers.len() as u64)
            }
            Phase::ToMove(side) | Phase::Continue { side, .. } => {
                let (mut count, mut undecided) = (0, false);
                let mut moves = Vec::new();
                self.each_move(
                    state,
                    side,
                    false,
                    |hole, plan| {
                        undecided |= matches!(plan.walk, Walk::Undecided);
                        moves.clear();
                        self.push_moves(side, hole, plan, &mut moves);
                        count += moves.len() as u64;
                    },
                    scratch,
                );
                (!undecided).then_some(count)
            }
            Phase::RoundOver { .. } | Phase::Over { .. } => None,
        }
    }

    fn decision_runs(
        &self,
        state: &NchuwaState,
        scratch: &mut NchuwaScratch,
        out: &mut Vec<NchuwaDecision>,
        counts: &mut Vec<u64>,
    ) {
        counts.clear();
        let side = match self.phase(state) {
            Phase::ToMove(side) | Phase::Continue { side, .. }
                if state.opening == 0
                    && matches!(self.config.endless, Endless::Stop | Endless::StopAnyLap) =>
            {
                side
            }
            _ => return self.decisions(state, scratch, out),
        };
        out.clear();
        // The stops of a move that never ends are one run, whatever the laps; `counts` is
        // filled only once there is one.
        self.each_move(
            state,
            side,
            false,
            |hole, plan| match plan.walk {
                Walk::Endless { .. } => {
                    let laps = self.stop_laps(plan.walk);
                    let (first, last) = (*laps.start(), (*laps.end()).min(u64::from(u32::MAX)));
                    if first <= last {
                        counts.resize(out.len(), 1);
                        out.push(NchuwaDecision::Sow {
                            hole,
                            extras: Extras::NONE,
                            stop: Some(first as u32),
                        });
                        counts.push(last - first + 1);
                    }
                }
                _ => {
                    self.push_moves(side, hole, plan, out);
                    if !counts.is_empty() {
                        counts.resize(out.len(), 1);
                    }
                }
            },
            scratch,
        );
    }

    fn decision_in_run(&self, first: &NchuwaDecision, i: u64) -> NchuwaDecision {
        match *first {
            NchuwaDecision::Sow {
                hole,
                extras,
                stop: Some(lap),
            } => NchuwaDecision::Sow {
                hole,
                extras,
                // Within the run, whose last lap is a u32.
                stop: Some(lap + i as u32),
            },
            decision => decision,
        }
    }
}
