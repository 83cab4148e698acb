//! Mraw imrujen behind the [`Rules`] interface: positions and decisions read from and written as
//! MGN.

use super::*;
use crate::rules::general;

impl Rules for MrawImrujen {
    type State = MrawState;
    type Decision = MrawMove;
    type Scratch = ();

    fn def(&self) -> &'static GameDef {
        &DEF
    }

    fn start(&self, first: Side) -> MrawState {
        let mut state = MrawState {
            board: [4; HOLES],
            winnings: [0, 0],
            banked: [0, 0],
            to_move: first,
            round: 1,
            round_first: first,
            stage: Stage::Playing,
            // Room for a round's usual run of moves without a capture, so that a game's
            // first stretch does not grow the record step by step.
            history: Vec::with_capacity(match self.config.repetition {
                Repetition::EndsRound => 64,
                Repetition::Allowed => 0,
            }),
            moves: Slots::default(),
        };
        state.moves = self.legal(&state).expect("every hole holds 4 at the start");
        self.reset_history(&mut state);
        state
    }

    fn state_from_position(&self, position: &Position) -> Result<MrawState, Diagnostic> {
        // Under round.leftover=out-of-game (round.tie-leftover=out-of-game: after a tied round)
        // seeds leave the game between rounds: a later round's
        // position holds what is left, at most 40, and nothing says how many left, so the total
        // it must hold is the one it holds. Round 1 always holds 40.
        let out_of_game = if self.config.leftover == RoundLeftover::OutOfGame {
            Some(&POSITION_FORM_OUT_OF_GAME)
        } else if self.config.tie_leftover == TieLeftover::OutOfGame {
            Some(&POSITION_FORM_TIE_OUT_OF_GAME)
        } else {
            None
        };
        let (form, total) = if let Some(form) = out_of_game {
            let held: u64 = [Side::A, Side::B]
                .iter()
                .map(|&side| {
                    let row: u64 = position
                        .holes
                        .row(side)
                        .iter()
                        .map(|hole| u64::from(hole.pile.seeds))
                        .sum();
                    row + u64::from(position.stores[side.index()].seeds)
                })
                .sum();
            let total = match u32::try_from(held) {
                Ok(held) if position.round > 1 && held <= SEEDS => held,
                _ => SEEDS,
            };
            (form, total)
        } else {
            (&POSITION_FORM, SEEDS)
        };
        check_position_form(
            position,
            form,
            PositionSize {
                board: BOARD_SIZE,
                row: ROW,
                total,
            },
        )?;
        let mut state = self.start(position.to_move);
        state.round = position.round;
        for side in [Side::A, Side::B] {
            for (i, hole) in position.holes.row(side).iter().enumerate() {
                state.board[Self::slot(side, i + 1)] = hole.pile.seeds;
            }
            state.winnings[side.index()] = position.stores[side.index()].seeds;
        }
        // In round 1 nothing was kept before; in a later round the position is taken at the
        // round's start, so the winnings are what the players kept.
        if state.round > 1 {
            state.banked = state.winnings;
        }
        match self.legal(&state) {
            Ok(moves) => state.moves = moves,
            Err(rule) => {
                return Err(Diagnostic::new(
                    rule,
                    format!(
                        "{} is to move and cannot play: the round would already be over",
                        state.to_move
                    ),
                ))
            }
        }
        self.reset_history(&mut state);
        Ok(state)
    }

    fn row_states<'a>(
        &'a self,
        state: &'a MrawState,
        side: Side,
    ) -> impl ExactSizeIterator<Item = HoleState> + 'a {
        Self::row(side).map(move |slot| HoleState {
            pile: pile(state.board[slot]),
            owner: None,
            out_of_play: false,
        })
    }

    fn position_head(&self, state: &MrawState) -> PositionHead {
        PositionHead {
            stores: [pile(state.winnings[0]), pile(state.winnings[1])],
            to_move: state.to_move,
            round: state.round,
            debts: [0, 0],
        }
    }

    fn phase(&self, state: &MrawState) -> Phase {
        match state.stage {
            Stage::Over(winner) => Phase::Over { winner },
            Stage::RoundOver { .. } => Phase::RoundOver { round: state.round },
            Stage::Playing => Phase::ToMove(state.to_move),
        }
    }

    fn round(&self, state: &MrawState) -> u32 {
        state.round
    }

    fn decisions(&self, state: &MrawState, _scratch: &mut (), out: &mut Vec<MrawMove>) {
        out.clear();
        if state.stage != Stage::Playing {
            return;
        }
        debug_assert_eq!(self.legal(state), Ok(state.moves));
        out.extend(state.moves.iter().map(|s| MrawMove(Self::hole(s))));
    }

    fn apply<S: EventSink>(
        &self,
        state: &mut MrawState,
        decision: &MrawMove,
        _scratch: &mut (),
        sink: &mut S,
    ) -> Result<(), Diagnostic> {
        match state.stage {
            Stage::Over(_) => {
                return Err(Diagnostic::new(
                    general::GAME_OVER,
                    "the game is already over",
                ))
            }
            Stage::RoundOver { .. } => {
                return Err(Diagnostic::new(
                    general::ROUND_MARKER,
                    format!(
                        "round {} is over: round {} starts with its marker",
                        state.round,
                        state.round + 1
                    ),
                ))
            }
            Stage::Playing => {}
        }
        let mover = state.to_move;
        let from = self.check_move(state, mover, decision.0)?;
        let step = self.step(state.round_first, mover);
        let outcome = self.simulate(&state.board, step, mover, from);
        let seeds = state.board[from];
        sink.event(Event::PickUp {
            hole: Self::hole(from),
            pile: pile(seeds),
            lap: 1,
        });
        let mut at = from;
        for i in 0..seeds {
            if i > 0 {
                at = Self::next(step, at);
            }
            sink.event(Event::Sow {
                hole: Self::hole(at),
            });
        }
        state.board = outcome.sown;
        sink.event(Event::LapEnd {
            hole: Self::hole(outcome.last),
            lap: 1,
            rule: outcome.lap_rule,
        });
        for (i, slot) in outcome.chain.iter().enumerate() {
            let taken = std::mem::take(&mut state.board[slot]);
            state.winnings[mover.index()] += taken;
            sink.event(Event::Capture {
                hole: Self::hole(slot),
                pile: pile(taken),
                by: mover,
                rule: if i == 0 { CAPTURE_START } else { CAPTURE_CHAIN },
            });
        }
        self.finish_turn(state, !outcome.chain.is_empty(), sink);
        Ok(())
    }

    fn decisions_from_move_into(
        &self,
        written: &Move,
        out: &mut Vec<(MrawMove, MovePart)>,
    ) -> Result<(), Diagnostic> {
        check_move_form(written, &MOVE_FORM)?;
        let sowing = &written.sowings[0];
        out.clear();
        out.push((MrawMove(sowing.hole.value), MovePart::Sowing(0)));
        Ok(())
    }

    fn begin_round<S: EventSink>(
        &self,
        state: &mut MrawState,
        sink: &mut S,
    ) -> Result<(), Diagnostic> {
        let Stage::RoundOver { stuck } = state.stage else {
            return Err(Diagnostic::new(
                general::ROUND_MARKER,
                format!("round {} is not over", state.round),
            ));
        };
        // Refused before the sharing out, so that a refusal changes nothing.
        let next = next_round(state.round)?;
        let plan = self.share_plan(state, stuck);
        // The seeds on the board are gathered, each row into its owner's pile; then the piles
        // are evened out so that each holds what its owner keeps plus what his row takes.
        for slot in 0..HOLES {
            let seeds = std::mem::take(&mut state.board[slot]);
            if seeds > 0 {
                let by = Self::owner(slot);
                state.winnings[by.index()] += seeds;
                sink.event(Event::Gather {
                    hole: Self::hole(slot),
                    seeds,
                    by,
                    rule: ROUND_SHARE,
                });
            }
        }
        let row_takes = ROW as u32 * plan.per_hole;
        let need = [plan.target[0] + row_takes, plan.target[1] + row_takes];
        for from in [Side::A, Side::B] {
            let (i, j) = (from.index(), from.other().index());
            if state.winnings[i] > need[i] && state.winnings[j] < need[j] {
                let seeds = (state.winnings[i] - need[i]).min(need[j] - state.winnings[j]);
                state.winnings[i] -= seeds;
                state.winnings[j] += seeds;
                sink.event(Event::Transfer {
                    from,
                    to: from.other(),
                    seeds,
                    rule: ROUND_SHARE,
                });
            }
        }
        // What is still over is the leftover nobody gets (round.leftover=out-of-game, or
        // round.tie-leftover=out-of-game after a tie): it leaves the game, under the rule that
        // sent it out.
        let removed_by =
            if plan.winner.is_none() && self.config.tie_leftover == TieLeftover::OutOfGame {
                TieLeftover::CODE
            } else {
                RoundLeftover::CODE
            };
        for from in [Side::A, Side::B] {
            let i = from.index();
            if state.winnings[i] > need[i] {
                let seeds = state.winnings[i] - need[i];
                state.winnings[i] -= seeds;
                sink.event(Event::Remove {
                    from,
                    seeds,
                    rule: removed_by,
                });
            }
        }
        for slot in 0..HOLES {
            state.winnings[Self::owner(slot).index()] -= plan.per_hole;
            state.board[slot] = plan.per_hole;
            sink.event(Event::Refill {
                hole: Self::hole(slot),
                seeds: plan.per_hole,
            });
        }
        debug_assert_eq!(state.winnings, plan.target);
        state.banked = state.winnings;
        state.round = next;
        state.round_first = state.to_move;
        state.stage = Stage::Playing;
        self.reset_history(state);
        sink.event(Event::RoundStart {
            round: state.round,
            first: state.to_move,
        });
        // Every hole holds 2 or 4 and no first move can capture, so the first player can
        // always play; this keeps the rule whole all the same.
        match self.legal(state) {
            Ok(moves) => state.moves = moves,
            Err(rule) => {
                let stuck = state.to_move;
                self.end_round(state, stuck, rule, sink);
            }
        }
        Ok(())
    }

    fn pass_decision(&self) -> Option<MrawMove> {
        None
    }

    fn move_from_decisions(&self, turn: &[MrawMove]) -> Element {
        let sowings = turn
            .iter()
            .map(|m| Sowing {
                hole: Spanned::new(m.0, Default::default()),
                direction: None,
                transfer_to: None,
                muzi_drops: Few::new(),
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
}

impl RulesExt for MrawImrujen {
    /// Every move is a whole turn, and the moves listed are the legal ones.
    fn whole_turns(&self, state: &MrawState, _scratch: &mut ()) -> Option<u64> {
        (state.stage == Stage::Playing).then(|| state.moves.iter().count() as u64)
    }
}
