//! Mraw imrujen's play: the lap, the capture chain and what forbids it, the feeding obligation,
//! the end of a round and the sharing out.

use super::*;
use crate::code::Code;

impl MrawImrujen {
    /// Mraw imrujen's rules under `settings`; any board but 2x5 is refused under
    /// `mraw-imrujen.board`.
    pub fn new(board: BoardSize, settings: &Settings) -> Result<MrawImrujen, Diagnostic> {
        if board != BOARD_SIZE {
            return Err(Diagnostic::new(
                BOARD,
                format!("Mraw imrujen is played on a 2x5 board, not {board}"),
            ));
        }
        let config = Config::new(settings);
        // By the round's first player, then by the mover; A's index is 0, B's 1.
        let steps = match config.direction {
            SowDirection::BCounterClockwise => [[9, 1], [9, 1]],
            SowDirection::ACounterClockwise => [[1, 9], [1, 9]],
            SowDirection::FirstPlayerClockwise => [[9, 1], [1, 9]],
        };
        debug_assert_eq!((Side::A.index(), Side::B.index()), (0, 1));
        Ok(MrawImrujen {
            steps,
            config,
            max_crossings: match config.capture_reach {
                CaptureReach::CrossOnce => 1,
                CaptureReach::OwnRow => 0,
            },
        })
    }

    /// The slot of hole `number` (1..=5) of `side`.
    pub(super) fn slot(side: Side, number: usize) -> usize {
        match side {
            Side::B => number - 1,
            Side::A => ROW + number - 1,
        }
    }

    pub(super) fn hole(slot: usize) -> Hole {
        if slot < ROW {
            Hole::new(Side::B, slot as u32 + 1)
        } else {
            Hole::new(Side::A, (slot - ROW) as u32 + 1)
        }
    }

    pub(super) fn owner(slot: usize) -> Side {
        if slot < ROW {
            Side::B
        } else {
            Side::A
        }
    }

    pub(super) fn row(side: Side) -> std::ops::Range<usize> {
        let first = Self::slot(side, 1);
        first..first + ROW
    }

    /// `mover`'s step round the ring in a round that `first` started: 1 counter-clockwise, 9
    /// clockwise.
    pub(super) fn step(&self, first: Side, mover: Side) -> usize {
        self.steps[first.index()][mover.index()]
    }

    // A subtraction rather than `%`: these run for every seed of every move tried.
    pub(super) fn next(step: usize, slot: usize) -> usize {
        let next = slot + step;
        if next >= HOLES {
            next - HOLES
        } else {
            next
        }
    }

    fn prev(step: usize, slot: usize) -> usize {
        let prev = slot + HOLES - step;
        if prev >= HOLES {
            prev - HOLES
        } else {
            prev
        }
    }

    fn row_seeds(board: &[u32; HOLES], side: Side) -> u32 {
        Self::row(side).map(|s| board[s]).sum()
    }

    /// A player can play at all: a hole of his with two seeds or more.
    fn has_playable_hole(board: &[u32; HOLES], side: Side) -> bool {
        Self::row(side).any(|s| board[s] >= 2)
    }

    /// Sow `from` for `mover`, whose step round the ring is `step`, on `board` and work out the
    /// capture, without playing it.
    pub(super) fn simulate(
        &self,
        board: &[u32; HOLES],
        step: usize,
        mover: Side,
        from: usize,
    ) -> Outcome {
        let mut sown = *board;
        let seeds = std::mem::take(&mut sown[from]);
        let mut at = from;
        let mut feeds = false;
        for i in 0..seeds {
            if i > 0 {
                at = Self::next(step, at);
            }
            sown[at] += 1;
            feeds |= Self::owner(at) != mover;
        }
        let last = at;
        let mut chain = Chain::EMPTY;
        if Self::owner(last) == mover && matches!(sown[last], 2 | 4) {
            chain.push(last);
            let mut crossings = 0;
            loop {
                let before = Self::prev(step, at);
                if before == last {
                    break;
                }
                if Self::owner(before) != Self::owner(at) {
                    crossings += 1;
                    if crossings > self.max_crossings {
                        break;
                    }
                }
                if !matches!(sown[before], 2 | 4) {
                    break;
                }
                chain.push(before);
                at = before;
            }
        }
        let opponent = mover.other();
        // Counted only for a capture: most moves tried capture nothing.
        let opponent_seeds = if chain.is_empty() {
            0
        } else {
            Self::row_seeds(&sown, opponent)
        };
        let mut taken = 0;
        let mut stop_at = None;
        for (i, slot) in chain.iter().enumerate() {
            if Self::owner(slot) == opponent {
                taken += sown[slot];
                if taken == opponent_seeds && stop_at.is_none() {
                    stop_at = Some(i);
                }
            }
        }
        let empties_opponent = opponent_seeds > 0 && stop_at.is_some();
        let mut lap_rule = if chain.is_empty() {
            SOW_LAP
        } else {
            CAPTURE_START
        };
        if empties_opponent {
            match self.config.no_empty {
                CaptureNoEmpty::Illegal => {}
                CaptureNoEmpty::NoCapture => {
                    chain.clear();
                    lap_rule = CaptureNoEmpty::CODE;
                }
                CaptureNoEmpty::ChainStops => chain.truncate(stop_at.unwrap_or(chain.len())),
            }
        }
        Outcome {
            sown,
            last,
            chain,
            feeds,
            empties_opponent,
            lap_rule,
        }
    }

    /// What [`simulate`](Self::simulate) says of sowing `from` when the move captures nothing,
    /// worked out without sowing: whether it feeds (a seed falls in the opponent's row). `None`
    /// when it may capture, and only a simulation tells. The legal moves are listed after
    /// every move, and most holes capture nothing: sowing each of them was most of a check.
    pub(super) fn feeds_without_capture(
        board: &[u32; HOLES],
        step: usize,
        mover: Side,
        from: usize,
    ) -> Option<bool> {
        let seeds = board[from] as usize;
        // Seed i falls i steps on from `from` (the first back into it), so the last one falls
        // (seeds - 1) steps on, on its ((seeds - 1) / 10 + 1)th visit of that hole.
        let turns = (seeds - 1) / HOLES;
        let last = (from + (seeds - 1 - turns * HOLES) * step) % HOLES;
        let before = if last == from { 0 } else { board[last] };
        let last_holds = before as usize + turns + 1;
        if Self::owner(last) == mover && matches!(last_holds, 2 | 4) {
            return None;
        }
        // The holes of the mover's row from `from` on, in his direction, take the first seeds.
        let first = Self::slot(mover, 1);
        let own_ahead = if step == 1 {
            first + ROW - from
        } else {
            from - first + 1
        };
        Some(seeds > own_ahead)
    }

    /// The holes the player to move in `state` may play, in hole order; when there are none,
    /// the rule that says so.
    pub(super) fn legal(&self, state: &MrawState) -> Result<Slots, Code> {
        let (board, side) = (&state.board, state.to_move);
        let step = self.step(state.round_first, side);
        let mut candidates = false;
        let mut allowed = Slots::default();
        let mut feeding = Slots::default();
        // Some hole holds enough seeds to reach, allowed or not (for `any-move-if-none-reaches`).
        let mut reaches = false;
        for slot in Self::row(side).filter(|&s| board[s] >= 2) {
            candidates = true;
            // A move that captures nothing cannot empty the opponent's row.
            let (feeds, empties_opponent) =
                match Self::feeds_without_capture(board, step, side, slot) {
                    Some(feeds) => (feeds, false),
                    None => {
                        let outcome = self.simulate(board, step, side, slot);
                        (outcome.feeds, outcome.empties_opponent)
                    }
                };
            reaches |= feeds;
            if self.config.no_empty == CaptureNoEmpty::Illegal && empties_opponent {
                continue;
            }
            allowed.insert(slot);
            if feeds {
                feeding.insert(slot);
            }
        }
        if !candidates {
            return Err(ROUND_END);
        }
        if allowed.is_empty() {
            return Err(CaptureNoEmpty::CODE);
        }
        if self.feeding_applies(board, side) {
            if !feeding.is_empty() {
                return Ok(feeding);
            }
            match self.config.feed_impossible {
                FeedImpossible::RoundEnds => return Err(FeedImpossible::CODE),
                FeedImpossible::AnyMove => {}
                // A hole reaches, but mraw-imrujen.capture.no-empty forbids it: the obligation
                // holds, and with it no move is left.
                FeedImpossible::AnyMoveIfNoneReaches if reaches => {
                    return Err(FeedImpossible::CODE)
                }
                FeedImpossible::AnyMoveIfNoneReaches => {}
            }
        }
        Ok(allowed)
    }

    fn feeding_applies(&self, board: &[u32; HOLES], mover: Side) -> bool {
        self.config.feed_reach == FeedReach::Always
            || !Self::has_playable_hole(board, mover.other())
    }

    /// Why `mover` may not play `hole`, or its slot.
    pub(super) fn check_move(
        &self,
        state: &MrawState,
        mover: Side,
        hole: Hole,
    ) -> Result<usize, Diagnostic> {
        let number = hole.number as usize;
        if hole.side != mover || !(1..=ROW).contains(&number) {
            return Err(Diagnostic::new(
                SOW_START,
                format!("{hole} is not a hole of {mover}'s row ({mover}1..{mover}5)"),
            ));
        }
        let slot = Self::slot(mover, number);
        match state.board[slot] {
            0 => return Err(Diagnostic::new(SOW_START, format!("{hole} is empty"))),
            1 => {
                return Err(Diagnostic::new(
                    SOW_SINGLE,
                    format!("{hole} holds a single seed"),
                ))
            }
            _ => {}
        }
        debug_assert_eq!(self.legal(state), Ok(state.moves));
        let legal = state.moves;
        if legal.contains(slot) {
            return Ok(slot);
        }
        let names = |slots: &mut dyn Iterator<Item = usize>| {
            slots
                .map(|s| Self::hole(s).to_string())
                .collect::<Vec<_>>()
                .join(", ")
        };
        let step = self.step(state.round_first, mover);
        let outcome = self.simulate(&state.board, step, mover, slot);
        if self.config.no_empty == CaptureNoEmpty::Illegal && outcome.empties_opponent {
            return Err(Diagnostic::new(
                CaptureNoEmpty::CODE,
                format!(
                    "{hole} would capture {}, leaving {} no seeds in his row",
                    names(&mut outcome.chain.iter()),
                    mover.other()
                ),
            ));
        }
        let why = if self.config.feed_reach == FeedReach::Always {
            "every move must reach the opponent's row".to_string()
        } else {
            format!("{} cannot play, so {mover} must feed him", mover.other())
        };
        Err(Diagnostic::new(
            FEED,
            format!(
                "{hole} does not reach {}'s row: {why}; moves that do: {}",
                mover.other(),
                names(&mut legal.iter())
            ),
        ))
    }

    /// The counts compared at a round's end, by `Side::index`.
    fn compared(&self, state: &MrawState) -> [u32; 2] {
        if self.config.keep == RoundKeep::AllWinnings {
            state.winnings
        } else {
            [
                state.winnings[0] - state.banked[0],
                state.winnings[1] - state.banked[1],
            ]
        }
    }

    fn more(counts: [u32; 2]) -> Option<Side> {
        match counts[0].cmp(&counts[1]) {
            std::cmp::Ordering::Greater => Some(Side::A),
            std::cmp::Ordering::Less => Some(Side::B),
            std::cmp::Ordering::Equal => None,
        }
    }

    /// What the end of the round in `state` keeps and shares out; `stuck` could not play.
    pub(super) fn share_plan(&self, state: &MrawState, stuck: Side) -> SharePlan {
        let winner = Self::more(self.compared(state));
        let base = if self.config.keep == RoundKeep::AllWinnings {
            [0, 0]
        } else {
            state.banked
        };
        let kept: [u32; 2] = std::array::from_fn(|i| {
            let side = Side::from_index(i);
            let keeps = match winner {
                Some(w) => w == side,
                None => self.config.tie == RoundTie::BothKeep,
            };
            if keeps {
                state.winnings[i]
            } else {
                base[i]
            }
        });
        // The seeds still in the game: 40, less what earlier rounds put out of it
        // (round.leftover=out-of-game, round.tie-leftover=out-of-game).
        let in_game = state.board.iter().sum::<u32>() + state.winnings[0] + state.winnings[1];
        let pot = in_game - kept[0] - kept[1];
        let per_hole = 2 * (pot / 20);
        let leftover = pot - HOLES as u32 * per_hole;
        let leftover_to = match (winner, self.config.leftover) {
            (None, _) if self.config.tie_leftover == TieLeftover::OutOfGame => None,
            (Some(w), RoundLeftover::Fewer) => Some(w.other()),
            (Some(w), RoundLeftover::More) => Some(w),
            (None, RoundLeftover::Fewer) => Some(stuck),
            (None, RoundLeftover::More) => Some(stuck.other()),
            (_, RoundLeftover::OutOfGame) => None,
        };
        let mut target = kept;
        if let Some(to) = leftover_to {
            target[to.index()] += leftover;
        }
        SharePlan {
            winner,
            per_hole,
            target,
        }
    }

    fn history_key(state: &MrawState) -> ([u8; HOLES], Side) {
        (state.board.map(|s| s as u8), state.to_move)
    }

    /// Start the repetition record of a round (or of a position loaded from a record).
    pub(super) fn reset_history(&self, state: &mut MrawState) {
        state.history.clear();
        if self.config.repetition == Repetition::EndsRound {
            state.history.push(Self::history_key(state));
        }
    }

    /// After a move: hand the turn over, or end the round.
    pub(super) fn finish_turn<S: EventSink>(
        &self,
        state: &mut MrawState,
        captured: bool,
        sink: &mut S,
    ) {
        let next = state.to_move.other();
        state.to_move = next;
        match self.legal(state) {
            Ok(moves) => state.moves = moves,
            Err(rule) => {
                self.end_round(state, next, rule, sink);
                return;
            }
        }
        if self.config.repetition == Repetition::EndsRound {
            if captured {
                // Winnings only grow within a round: nothing before a capture comes back.
                state.history.clear();
            }
            let key = Self::history_key(state);
            state.history.push(key);
            if state.history.iter().filter(|k| **k == key).count() >= 3 {
                self.end_round(state, next, Repetition::CODE, sink);
                return;
            }
        }
        sink.event(Event::TurnEnd { next });
    }

    /// The round is over with `stuck` to move: say who won it, and end the game or wait for
    /// the next round's marker.
    pub(super) fn end_round<S: EventSink>(
        &self,
        state: &mut MrawState,
        stuck: Side,
        rule: Code,
        sink: &mut S,
    ) {
        let plan = self.share_plan(state, stuck);
        sink.event(Event::RoundEnd {
            round: state.round,
            winner: plan.winner,
            rule,
        });
        let round_limit = match self.config.game_end {
            GameEnd::CannotShare => None,
            GameEnd::AfterRound1 => Some(1),
            GameEnd::AfterRound2 => Some(2),
            GameEnd::AfterRound3 => Some(3),
        };
        let limit_reached = round_limit.is_some_and(|limit| state.round >= limit);
        // A round after which nobody keeps more than he held when it began (a 0-0 round, a tie
        // under round.tie=nobody-keeps) is followed by the next like any other: the page gives
        // no other end, and the next round is not the same game (its first player changes).
        if plan.per_hole < 2 || limit_reached {
            let winner = Self::more(state.winnings);
            state.stage = Stage::Over(winner);
            sink.event(Event::GameEnd {
                winner,
                rule: GameEnd::CODE,
            });
            return;
        }
        state.stage = Stage::RoundOver { stuck };
        let alternate = state.round_first.other();
        state.to_move = match self.config.next_first {
            NextRoundFirst::Alternate => alternate,
            NextRoundFirst::RoundWinner => plan.winner.unwrap_or(alternate),
            NextRoundFirst::RoundLoser => plan.winner.map_or(alternate, Side::other),
        };
    }
}
