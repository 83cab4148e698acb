//! Dakon behind the [`Rules`] interface: positions and decisions read from and written as MGN.

use super::*;
use crate::rules::general;

impl Rules for Dakon {
    type State = DakonState;
    type Decision = DakonDecision;
    type Scratch = ();

    fn def(&self) -> &'static GameDef {
        &DEF
    }

    fn start(&self, first: Side) -> DakonState {
        let mut slots = [0; MAX_SLOTS];
        for side in [Side::A, Side::B] {
            for slot in self.row_slots(side) {
                slots[slot] = self.n as u32;
            }
        }
        DakonState {
            slots,
            out_of_play: 0,
            to_move: first,
            round: 1,
            rounds_won: [0, 0],
            last_mover: None,
            result: None,
            sows_again: false,
            round_over: false,
        }
    }

    fn state_from_position(&self, position: &Position) -> Result<DakonState, Diagnostic> {
        check_position_form(
            position,
            &POSITION_FORM,
            PositionSize {
                board: BoardSize {
                    rows: 2,
                    columns: self.n as u32,
                },
                row: self.n,
                total: self.total_seeds(),
            },
        )?;
        // Holes go out of play only at a refill, when a round after the first begins: a round-1
        // position with one is no position of the game.
        if position.round == 1 {
            let out = [Side::A, Side::B].into_iter().find_map(|side| {
                let row = position.holes.row(side);
                let at = row.iter().position(|hole| hole.out_of_play)?;
                Some(crate::notation::Hole {
                    side,
                    number: at as u32 + 1,
                })
            });
            if let Some(hole) = out {
                return Err(Diagnostic::new(
                    crate::rules::POSITION_SHAPE,
                    format!(
                        "{hole} is out of play in round 1: holes go out of play only when a later round begins, those its owner cannot fill at the refill ({})",
                        ROUND_OUT_OF_PLAY
                    ),
                ));
            }
        }
        let mut state = self.start(position.to_move);
        state.round = position.round;
        for side in [Side::A, Side::B] {
            for (i, hole) in position.holes.row(side).iter().enumerate() {
                let slot = self.slot(side, i + 1);
                state.slots[slot] = hole.pile.seeds;
                if hole.out_of_play {
                    state.out_of_play |= 1 << slot;
                }
            }
            state.slots[self.store(side)] = position.stores[side.index()].seeds;
        }
        // Every seed in the stores: a position between rounds, which `round N` continues (the
        // side to move is the next round's first player), unless a store cannot fill a hole:
        // then the game ended there (dakon.game.end), and no round follows.
        if self.row_seeds(&state, Side::A) + self.row_seeds(&state, Side::B) == 0 {
            match self.finished_game_winner(&state) {
                Some(winner) => state.result = Some(winner),
                None => state.round_over = true,
            }
        }
        Ok(state)
    }

    fn row_states<'a>(
        &'a self,
        state: &'a DakonState,
        side: Side,
    ) -> impl ExactSizeIterator<Item = HoleState> + 'a {
        let (slots, out_of_play) = (state.slots, state.out_of_play);
        self.row_slots(side).map(move |slot| HoleState {
            pile: pile(slots[slot]),
            owner: None,
            out_of_play: out_of_play & (1 << slot) != 0,
        })
    }

    fn position_head(&self, state: &DakonState) -> PositionHead {
        PositionHead {
            stores: [
                pile(state.slots[self.store(Side::A)]),
                pile(state.slots[self.store(Side::B)]),
            ],
            to_move: state.to_move,
            round: state.round,
            debts: [0, 0],
        }
    }

    fn phase(&self, state: &DakonState) -> Phase {
        match state.result {
            Some(winner) => Phase::Over { winner },
            None if state.round_over => Phase::RoundOver { round: state.round },
            None if state.sows_again => Phase::Continue {
                side: state.to_move,
                rule: LAP_STORE,
            },
            None if self.row_seeds(state, state.to_move) == 0 => Phase::MustPass {
                side: state.to_move,
                rule: PASS,
            },
            None => Phase::ToMove(state.to_move),
        }
    }

    fn round(&self, state: &DakonState) -> u32 {
        state.round
    }

    fn decisions(&self, state: &DakonState, _scratch: &mut (), out: &mut Vec<DakonDecision>) {
        out.clear();
        match self.phase(state) {
            Phase::Over { .. } | Phase::RoundOver { .. } => {}
            Phase::MustPass { .. } => out.push(DakonDecision::Pass),
            Phase::ToMove(side) | Phase::Continue { side, .. } => out.extend(
                self.row_slots(side)
                    .filter(|&slot| state.slots[slot] > 0)
                    .map(|slot| DakonDecision::Sow(self.hole(slot))),
            ),
        }
    }

    fn decisions_from_move_into(
        &self,
        written: &Move,
        out: &mut Vec<(DakonDecision, MovePart)>,
    ) -> Result<(), Diagnostic> {
        check_move_form(written, &MOVE_FORM)?;
        out.clear();
        out.extend(
            written
                .sowings
                .iter()
                .enumerate()
                .map(|(i, s)| (DakonDecision::Sow(s.hole.value), MovePart::Sowing(i))),
        );
        Ok(())
    }

    fn begin_round<S: EventSink>(
        &self,
        state: &mut DakonState,
        sink: &mut S,
    ) -> Result<(), Diagnostic> {
        if state.result.is_some() {
            return Err(Diagnostic::new(
                general::ROUND_MARKER,
                format!(
                    "the game is over after round {}: no round follows",
                    state.round
                ),
            ));
        }
        if !state.round_over {
            return Err(Diagnostic::new(
                general::ROUND_MARKER,
                format!("round {} is not over", state.round),
            ));
        }
        // Refused before the refill, so that a refusal changes nothing.
        let next = next_round(state.round)?;
        self.refill(state, sink);
        state.round = next;
        state.round_over = false;
        state.last_mover = None;
        sink.event(Event::RoundStart {
            round: state.round,
            first: state.to_move,
        });
        Ok(())
    }

    /// After a lap in the own store the mover «comença un altre moviment» (starts another
    /// move): a record that stops unfinished may stop before it (docs/rules/dakon.md).
    fn may_stop_in_open_turn(&self, state: &DakonState) -> bool {
        state.sows_again
    }

    fn pass_decision(&self) -> Option<DakonDecision> {
        Some(DakonDecision::Pass)
    }

    fn move_from_decisions(&self, turn: &[DakonDecision]) -> Element {
        if turn == [DakonDecision::Pass] {
            return Element::Pass(Spanned::new((), Default::default()));
        }
        let sowings = turn
            .iter()
            .filter_map(|d| match d {
                DakonDecision::Sow(hole) => Some(Sowing {
                    hole: Spanned::new(*hole, Default::default()),
                    direction: None,
                    transfer_to: None,
                    muzi_drops: Few::new(),
                }),
                DakonDecision::Pass => None,
            })
            .collect();
        Element::Move(Spanned::new(
            Move {
                sowings,
                extra_captures: Few::new(),
                actions: Few::new(),
                stopped_after_lap: None,
            },
            Default::default(),
        ))
    }

    fn apply<S: EventSink>(
        &self,
        state: &mut DakonState,
        decision: &DakonDecision,
        _scratch: &mut (),
        sink: &mut S,
    ) -> Result<(), Diagnostic> {
        let mover = match (self.phase(state), decision) {
            (Phase::Over { .. }, _) => {
                return Err(Diagnostic::new(
                    general::GAME_OVER,
                    "the game is already over",
                ))
            }
            (Phase::RoundOver { round }, _) => {
                return Err(Diagnostic::new(
                    general::ROUND_MARKER,
                    format!(
                        "round {round} is over: round {} starts with its marker",
                        round + 1
                    ),
                ))
            }
            (Phase::MustPass { side, .. }, DakonDecision::Pass) => {
                sink.event(Event::Pass { side, rule: PASS });
                self.finish_turn(state, sink);
                return Ok(());
            }
            (Phase::MustPass { side, .. }, DakonDecision::Sow(_)) => {
                return Err(Diagnostic::new(
                    PASS,
                    format!("{side} has no seeds in his row and must pass"),
                ))
            }
            (Phase::Continue { side, .. }, DakonDecision::Pass) => {
                return Err(Diagnostic::new(
                    LAP_STORE,
                    format!("{side}'s last lap ended in his store: he sows again and cannot pass"),
                ))
            }
            (Phase::ToMove(side), DakonDecision::Pass) => {
                let with_seeds: Vec<String> = self
                    .row_slots(side)
                    .filter(|&s| state.slots[s] > 0)
                    .map(|s| self.hole(s).to_string())
                    .collect();
                return Err(Diagnostic::new(
                    PASS,
                    format!(
                        "{side} cannot pass: he has seeds in {}",
                        with_seeds.join(", ")
                    ),
                ));
            }
            (Phase::ToMove(side) | Phase::Continue { side, .. }, DakonDecision::Sow(_)) => side,
        };
        let DakonDecision::Sow(hole) = *decision else {
            unreachable!("passes are handled above")
        };
        let slot = self.check_start(state, mover, hole)?;
        if self.budget_binds {
            self.within_budget(state, slot, hole)?;
        }
        match self.sow(state, slot, sink).0 {
            SowingEnd::InOwnStore if self.row_seeds(state, mover) > 0 => {
                state.sows_again = true;
            }
            _ => {
                state.sows_again = false;
                state.last_mover = Some(mover);
                self.finish_turn(state, sink);
            }
        }
        Ok(())
    }

    /// Each store at its owner's right counter-clockwise (A's at the board's left, as A faces
    /// B), at his left clockwise: where his row's sowing runs into it.
    fn stores(&self) -> Stores {
        Stores::Ends {
            a_left: self.config.direction == SowDirection::CounterClockwise,
        }
    }
}

impl RulesExt for Dakon {
    /// A turn's sowings counted in place rather than played through `apply`: a Dakon turn on
    /// 2x6 has millions of ways to be played (docs/perft.md). None when the lap budget binds
    /// (a sowing may then be refused, which only `apply` says) or the count passes u64: perft
    /// then plays them, and says why.
    fn whole_turns(&self, state: &DakonState, _scratch: &mut ()) -> Option<u64> {
        if self.budget_binds {
            return None;
        }
        match self.phase(state) {
            Phase::MustPass { .. } => Some(1),
            Phase::ToMove(side) | Phase::Continue { side, .. } => self.turn_endings(state, side),
            Phase::RoundOver { .. } | Phase::Over { .. } => None,
        }
    }
}
