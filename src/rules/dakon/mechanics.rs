//! Dakon's play: sowing with its laps and relays, captures, the end of a round and the refill.

use super::*;
use crate::code::Code;

impl Dakon {
    /// Dakon's rules on `board` under `settings`; a board the game is not played on is
    /// refused under `dakon.board`.
    pub fn new(board: BoardSize, settings: &Settings) -> Result<Dakon, Diagnostic> {
        if !DEF.boards.contains(&board) {
            return Err(Diagnostic::new(
                BOARD,
                format!("Dakon is played on 2x5 to 2x10 boards, not {board}"),
            ));
        }
        let n = board.columns as usize;
        let config = Config::new(settings);
        let clockwise = config.direction == SowDirection::Clockwise;
        let mut order: Vec<usize> = Vec::with_capacity(2 * n + 2);
        if clockwise {
            order.extend((0..n).rev());
            order.push(n);
            order.extend((n + 1..=2 * n).rev());
            order.push(2 * n + 1);
        } else {
            order.extend(0..2 * n + 2);
        }
        let mut next = [0u8; MAX_SLOTS];
        for (i, &slot) in order.iter().enumerate() {
            next[slot] = order[(i + 1) % order.len()] as u8;
        }
        Ok(Dakon {
            n,
            next,
            config,
            refill_order: if clockwise && config.refill_start == RefillStart::StoreSide {
                (1..=n).collect()
            } else {
                (1..=n).rev().collect()
            },
            max_laps: settings.max_laps(),
            budget_binds: false,
        })
        .map(|mut dakon| {
            dakon.budget_binds = dakon.max_laps < dakon.lap_bound();
            dakon
        })
    }

    /// More laps than any sowing on this board can take: every time round the circuit (the
    /// mover's row and store, the opponent's row, the opponent's store skipped) drops a seed
    /// in the mover's store or ends the sowing there, and each lap sows a seed at least, so a
    /// sowing of S seeds on the board takes at most (2N + 2) (S + 1) laps, S <= 2 N^2.
    pub(super) fn lap_bound(&self) -> u64 {
        let n = self.n as u64;
        (2 * n + 2) * (2 * n * n + 1)
    }

    pub(super) fn store(&self, side: Side) -> usize {
        match side {
            Side::B => self.n,
            Side::A => 2 * self.n + 1,
        }
    }

    /// The slot of hole `number` (1..=N, or N+1 for the store) of `side`.
    pub(super) fn slot(&self, side: Side, number: usize) -> usize {
        match side {
            Side::B => number - 1,
            Side::A => self.n + number,
        }
    }

    pub(super) fn hole(&self, slot: usize) -> Hole {
        if slot <= self.n {
            Hole::new(Side::B, slot as u32 + 1)
        } else {
            Hole::new(Side::A, (slot - self.n) as u32)
        }
    }

    pub(super) fn owner(&self, slot: usize) -> Side {
        if slot <= self.n {
            Side::B
        } else {
            Side::A
        }
    }

    pub(super) fn row_slots(&self, side: Side) -> std::ops::Range<usize> {
        let first = self.slot(side, 1);
        first..first + self.n
    }

    pub(super) fn opposite(&self, slot: usize) -> usize {
        let hole = self.hole(slot);
        self.slot(hole.side.other(), self.n + 1 - hole.number as usize)
    }

    pub(super) fn row_seeds(&self, state: &DakonState, side: Side) -> u32 {
        self.row_slots(side).map(|s| state.slots[s]).sum()
    }

    pub(super) fn total_seeds(&self) -> u32 {
        2 * (self.n * self.n) as u32
    }

    /// One sowing from `start`, with its relays, up to the end of the turn or the own store,
    /// and its laps. Inlined into `apply`, the hot path of Dakon's replay.
    #[inline(always)]
    pub(super) fn sow<S: EventSink>(
        &self,
        state: &mut DakonState,
        start: usize,
        sink: &mut S,
    ) -> (SowingEnd, u32) {
        let mover = state.to_move;
        let own_store = self.store(mover);
        let opponent_store = self.store(mover.other());
        let mut origin = start;
        let mut lap = 1;
        loop {
            let mut seeds = std::mem::take(&mut state.slots[origin]);
            sink.event(Event::PickUp {
                hole: self.hole(origin),
                pile: pile(seeds),
                lap,
            });
            let mut at = origin;
            while seeds > 0 {
                at = self.next[at] as usize;
                let skip_rule = if at == opponent_store {
                    Some(SOW_SKIP_OPPONENT_STORE)
                } else if state.out_of_play & (1 << at) != 0 {
                    Some(SOW_SKIP_OUT_OF_PLAY)
                } else if at == origin && self.config.origin == SowOrigin::Skip {
                    Some(SowOrigin::CODE)
                } else {
                    None
                };
                if let Some(rule) = skip_rule {
                    sink.event(Event::Skip {
                        hole: self.hole(at),
                        rule,
                    });
                    continue;
                }
                state.slots[at] += 1;
                seeds -= 1;
                sink.event(Event::Sow {
                    hole: self.hole(at),
                });
            }
            let hole = self.hole(at);
            if at == own_store {
                sink.event(Event::LapEnd {
                    hole,
                    lap,
                    rule: LAP_STORE,
                });
                return (SowingEnd::InOwnStore, lap);
            }
            if state.slots[at] > 1 {
                sink.event(Event::LapEnd {
                    hole,
                    lap,
                    rule: LAP_RELAY,
                });
                origin = at;
                lap += 1;
                continue;
            }
            if self.owner(at) == mover {
                let opposite = self.opposite(at);
                if state.slots[opposite] > 0 {
                    sink.event(Event::LapEnd {
                        hole,
                        lap,
                        rule: CAPTURE_OPPOSITE,
                    });
                    self.capture(state, opposite, mover, CAPTURE_OPPOSITE, sink);
                    self.capture(state, at, mover, CAPTURE_OPPOSITE, sink);
                } else {
                    sink.event(Event::LapEnd {
                        hole,
                        lap,
                        rule: LAP_OWN_EMPTY,
                    });
                }
            } else {
                sink.event(Event::LapEnd {
                    hole,
                    lap,
                    rule: LAP_OPPONENT_EMPTY,
                });
                if self.config.opponent_side == CaptureOpponentSide::Neighbours {
                    let number = hole.number as usize;
                    for beside in [number - 1, number + 1] {
                        if (1..=self.n).contains(&beside) {
                            let slot = self.slot(hole.side, beside);
                            if state.slots[slot] > 0 {
                                self.capture(state, slot, mover, CaptureOpponentSide::CODE, sink);
                            }
                        }
                    }
                }
            }
            return (SowingEnd::TurnOver, lap);
        }
    }

    /// The ways `mover` can finish his turn from `state`, as `apply` plays it: a sowing that
    /// ends in his store with seeds left in his row goes on (LAP_STORE), any other ends the
    /// turn. None past u64. The turn is a tree: its states after a lap in the store hardly
    /// ever repeat (docs/perft.md), so nothing is kept.
    pub(super) fn turn_endings(&self, state: &DakonState, mover: Side) -> Option<u64> {
        let mut count: u64 = 0;
        for slot in self.row_slots(mover) {
            if state.slots[slot] == 0 {
                continue;
            }
            let mut next = state.clone();
            let endings = match self.sow(&mut next, slot, &mut ()).0 {
                SowingEnd::InOwnStore if self.row_seeds(&next, mover) > 0 => {
                    self.turn_endings(&next, mover)?
                }
                _ => 1,
            };
            count = count.checked_add(endings)?;
        }
        Some(count)
    }

    /// Under a budget below what a sowing may take on this board: the sowing's laps counted
    /// first, and refused past the budget.
    #[cold]
    #[inline(never)]
    pub(super) fn within_budget(
        &self,
        state: &DakonState,
        slot: usize,
        hole: Hole,
    ) -> Result<(), Diagnostic> {
        let (_, laps) = self.sow(&mut state.clone(), slot, &mut ());
        if u64::from(laps) > self.max_laps {
            return Err(undecided(
                hole,
                format_args!("its sowing goes on past lap {}", self.max_laps),
                self.max_laps,
            ));
        }
        Ok(())
    }

    pub(super) fn capture<S: EventSink>(
        &self,
        state: &mut DakonState,
        slot: usize,
        by: Side,
        rule: Code,
        sink: &mut S,
    ) {
        let seeds = std::mem::take(&mut state.slots[slot]);
        state.slots[self.store(by)] += seeds;
        sink.event(Event::Capture {
            hole: self.hole(slot),
            pile: pile(seeds),
            by,
            rule,
        });
    }

    /// Why `hole` cannot start a sowing of `mover`, if it cannot.
    pub(super) fn check_start(
        &self,
        state: &DakonState,
        mover: Side,
        hole: Hole,
    ) -> Result<usize, Diagnostic> {
        let number = hole.number as usize;
        if hole.side != mover || !(1..=self.n).contains(&number) {
            return Err(Diagnostic::new(
                SOW_START,
                format!(
                    "{hole} is not a hole of {mover}'s row ({mover}1..{mover}{})",
                    self.n
                ),
            ));
        }
        let slot = self.slot(mover, number);
        if state.out_of_play & (1 << slot) != 0 {
            return Err(Diagnostic::new(
                ROUND_OUT_OF_PLAY,
                format!("{hole} is out of play"),
            ));
        }
        if state.slots[slot] == 0 {
            return Err(Diagnostic::new(SOW_START, format!("{hole} is empty")));
        }
        Ok(slot)
    }

    /// After a turn: end the round (and maybe the game), or hand the turn over.
    pub(super) fn finish_turn<S: EventSink>(&self, state: &mut DakonState, sink: &mut S) {
        let next = state.to_move.other();
        let round_over = if self.config.round_end == RoundEnd::CannotMove {
            self.row_seeds(state, next) == 0
        } else {
            self.row_seeds(state, Side::A) + self.row_seeds(state, Side::B) == 0
        };
        if !round_over {
            state.to_move = next;
            sink.event(Event::TurnEnd { next });
            return;
        }
        // Under "cannot-move" seeds may still lie in the other row: they are its owner's.
        for side in [Side::A, Side::B] {
            for slot in self.row_slots(side) {
                let seeds = std::mem::take(&mut state.slots[slot]);
                if seeds > 0 {
                    state.slots[self.store(side)] += seeds;
                    sink.event(Event::Gather {
                        hole: self.hole(slot),
                        seeds,
                        by: side,
                        rule: RoundEnd::CODE,
                    });
                }
            }
        }
        let stores = [
            state.slots[self.store(Side::A)],
            state.slots[self.store(Side::B)],
        ];
        let winner = match stores[0].cmp(&stores[1]) {
            std::cmp::Ordering::Greater => Some(Side::A),
            std::cmp::Ordering::Less => Some(Side::B),
            std::cmp::Ordering::Equal => None,
        };
        if let Some(w) = winner {
            state.rounds_won[w.index()] += 1;
        }
        sink.event(Event::RoundEnd {
            round: state.round,
            winner,
            rule: ROUND_WINNER,
        });
        if let Some(game_winner) = self.finished_game_winner(state) {
            state.result = Some(game_winner);
            state.to_move = next;
            sink.event(Event::GameEnd {
                winner: game_winner,
                rule: if self.config.winner == GameWinner::MostRounds {
                    GameWinner::CODE
                } else {
                    GAME_END
                },
            });
            return;
        }
        // The position between rounds already names who starts the next one.
        let last_mover = state.last_mover.unwrap_or(next);
        state.to_move = match winner {
            Some(w) if self.config.next_first == NextRoundFirst::RoundWinner => w,
            _ => last_mover,
        };
        state.round_over = true;
    }

    /// With every seed in the stores: the game's winner (`Some(None)`, a draw) when a store
    /// cannot fill a hole, so that the game ends there (dakon.game.end); `None` when another
    /// round follows. Rounds are counted as the state holds them (from 0/0 at a `Start`
    /// position).
    pub(super) fn finished_game_winner(&self, state: &DakonState) -> Option<Option<Side>> {
        let threshold = self.n as u32;
        let stores = [
            state.slots[self.store(Side::A)],
            state.slots[self.store(Side::B)],
        ];
        if stores.iter().all(|&s| s >= threshold) {
            return None;
        }
        Some(if self.config.winner == GameWinner::MostRounds {
            match state.rounds_won[0].cmp(&state.rounds_won[1]) {
                std::cmp::Ordering::Greater => Some(Side::A),
                std::cmp::Ordering::Less => Some(Side::B),
                std::cmp::Ordering::Equal => None,
            }
        } else if stores[0] >= threshold {
            Some(Side::A)
        } else if stores[1] >= threshold {
            Some(Side::B)
        } else {
            None
        })
    }

    pub(super) fn refill<S: EventSink>(&self, state: &mut DakonState, sink: &mut S) {
        let per_hole = self.n as u32;
        for side in [Side::A, Side::B] {
            let store = self.store(side);
            for &number in &self.refill_order {
                let slot = self.slot(side, number);
                let was_out = state.out_of_play & (1 << slot) != 0;
                if was_out && self.config.out_of_play == OutOfPlayReturn::Never {
                    continue;
                }
                if state.slots[store] >= per_hole {
                    state.slots[store] -= per_hole;
                    state.slots[slot] = per_hole;
                    state.out_of_play &= !(1 << slot);
                    sink.event(Event::Refill {
                        hole: self.hole(slot),
                        seeds: per_hole,
                    });
                } else {
                    state.out_of_play |= 1 << slot;
                    if !was_out {
                        sink.event(Event::OutOfPlay {
                            hole: self.hole(slot),
                            rule: ROUND_OUT_OF_PLAY,
                        });
                    }
                }
            }
        }
    }
}
