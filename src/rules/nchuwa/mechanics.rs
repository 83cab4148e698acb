//! Nchuwa's play: the laps of a move and the search for their cycle, captures and the extra
//! ones, the opening transfer, and the end of the game.

use super::*;
use crate::code::Code;
use crate::rules::general;

/// Laps a walk follows before it looks for a cycle (see [`Nchuwa::walk`]).
const PLAIN_LAPS: u64 = 64;

/// A key of a move from `start` with the mover's `ring`: its start and its first holes.
#[inline(always)]
fn memo_key(ring: &Ring, start: usize) -> u64 {
    let mut first = [0u8; 8];
    first.copy_from_slice(&ring[..8]);
    u64::from_le_bytes(first) ^ (start as u64) << 56
}

// A set of ring indices is a `u32`, a bit for each hole of the longest ring.
const _: () = assert!(super::MAX_RING <= 32);

/// The ring indices in a set of them, bit i for index i ([`Nchuwa::starts`]), in order.
fn indices(mut set: u32) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        let index = set.trailing_zeros() as usize;
        set &= set.wrapping_sub(1);
        (index < 32).then_some(index)
    })
}

impl Nchuwa {
    /// Nchuwa's rules on `board` under `settings`: refused on a board the game is not played
    /// on (four rows of 6, 9, 12 or 15 holes).
    pub fn new(board: BoardSize, settings: &Settings) -> Result<Nchuwa, Diagnostic> {
        if !DEF.boards.contains(&board) {
            return Err(Diagnostic::new(
                BOARD,
                format!("Nchuwa is played on 4x6, 4x9, 4x12 and 4x15 boards, not {board}"),
            ));
        }
        let config = Config::new(settings);
        Ok(Nchuwa {
            n: board.columns as usize,
            config,
            removals: match config.removals {
                OpeningRemovals::One => 1,
                OpeningRemovals::Two => 2,
            },
            max_laps: settings.max_laps(),
        })
    }

    /// The opening's plies: the two transfers (with their removals), or under
    /// `nchuwa.opening.order=interleaved` the two transfers and then each removal alone.
    pub(super) fn opening_plies(&self) -> u8 {
        match self.config.order {
            OpeningOrder::ByPlayer => 2,
            OpeningOrder::Interleaved => 2 + 2 * self.removals as u8,
        }
    }

    /// The opening's next ply is a removal of its own (`*A5`): both transfers are made.
    pub(super) fn removal_due(&self, state: &NchuwaState) -> bool {
        self.config.order == OpeningOrder::Interleaved
            && state.opening > 0
            && usize::from(state.opening) <= 2 * self.removals
    }

    /// An occupied hole of `side`'s, for examples in messages.
    pub(super) fn occupied_example(&self, state: &NchuwaState, side: Side) -> Option<Hole> {
        let ring = &state.rings[side.index()][..self.ring_len()];
        let index = ring.iter().position(|&seeds| seeds > 0)?;
        Some(self.hole(side, index))
    }

    pub(super) fn ring_len(&self) -> usize {
        2 * self.n
    }

    pub(super) fn total_seeds(&self) -> u32 {
        8 * self.n as u32
    }

    pub(super) fn hole(&self, side: Side, index: usize) -> Hole {
        Hole::new(side, index as u32 + 1)
    }

    /// The ring index of `hole` if it is one of `side`'s holes.
    pub(super) fn index(&self, side: Side, hole: Hole) -> Option<usize> {
        let number = hole.number as usize;
        (hole.side == side && (1..=self.ring_len()).contains(&number)).then(|| number - 1)
    }

    pub(super) fn is_inner(&self, index: usize) -> bool {
        index >= self.n
    }

    /// The opponent's inner hole facing inner hole `index`: B(N+k) faces A(2N+1-k).
    pub(super) fn facing(&self, index: usize) -> usize {
        3 * self.n - 1 - index
    }

    /// The opponent's outer hole behind the one facing inner hole `index`: A(k) for B(N+k).
    pub(super) fn behind(&self, index: usize) -> usize {
        index - self.n
    }

    pub(super) fn next(&self, index: usize) -> usize {
        if index + 1 == self.ring_len() {
            0
        } else {
            index + 1
        }
    }

    /// Whether `ring` holds a seed, all the rules ask of a player's seeds: the first occupied
    /// hole answers, where a count of them added up every hole.
    pub(super) fn has_seeds(&self, ring: &Ring) -> bool {
        ring[..self.ring_len()].iter().any(|&s| s > 0)
    }

    /// Every hole N+1+3j round the ring empty, the others 3: each player's gambit.
    pub(super) fn gambit_ring(&self) -> Ring {
        let mut ring = [0; MAX_RING];
        for (i, seeds) in ring.iter_mut().take(self.ring_len()).enumerate() {
            *seeds = if i % 3 == 0 { 0 } else { 3 };
        }
        ring
    }

    /// One lap from `from`: every seed taken up and sown on; returns the hole of the last seed.
    pub(super) fn lap<S: EventSink>(
        &self,
        side: Side,
        ring: &mut Ring,
        from: usize,
        lap: u32,
        sink: &mut S,
    ) -> usize {
        let mut seeds = std::mem::take(&mut ring[from]);
        sink.event(Event::PickUp {
            hole: self.hole(side, from),
            pile: pile(seeds as u32),
            lap,
        });
        let mut at = from;
        while seeds > 0 {
            at = self.next(at);
            if at == from && self.config.origin == SowOrigin::Skip {
                sink.event(Event::Skip {
                    hole: self.hole(side, at),
                    rule: SowOrigin::CODE,
                });
                continue;
            }
            ring[at] += 1;
            seeds -= 1;
            sink.event(Event::Sow {
                hole: self.hole(side, at),
            });
        }
        at
    }

    /// Follow the move from `start` to its end, or find that it never ends. On an end, `ring`
    /// is left as the move leaves it, and the hole of the last seed is returned with the walk.
    pub(super) fn walk(
        &self,
        ring: &mut Ring,
        start: usize,
        recall: bool,
        scratch: &mut NchuwaScratch,
    ) -> (Walk, usize) {
        // Nearly every move ends within a few laps; the cycle search's copies and comparisons
        // would cost more than the laps. A walk is deterministic, so starting it over under
        // the search when it runs long gives the same answer.
        // Once a move did not end, the next walk may well be its own again (its next stop).
        if recall && scratch.key == Some(memo_key(ring, start)) {
            if let Some(walk) = Self::remembered(ring, start, scratch) {
                return (walk, start);
            }
        }
        let mut plain = *ring;
        let mut at = start;
        for laps in 1..=PLAIN_LAPS.min(self.max_laps) {
            at = self.lap(Side::B, &mut plain, at, 0, &mut ());
            if plain[at] <= 1 {
                *ring = plain;
                return (Walk::Ends { laps }, at);
            }
        }
        let mut state = InMove {
            ring: *ring,
            at: start as u8,
        };
        let walk = cycle::run(&mut state, self.max_laps, |s| {
            let at = self.lap(Side::B, &mut s.ring, s.at as usize, 0, &mut ());
            s.at = at as u8;
            s.ring[at] > 1
        });
        if let Walk::Endless { .. } | Walk::Undecided = walk {
            // The state is as it was: the move's start.
            Self::remember(&state, walk, scratch);
        }
        *ring = state.ring;
        (walk, state.at as usize)
    }

    /// The walk of the move from `start` if it is the one remembered.
    #[cold]
    #[inline(never)]
    pub(super) fn remembered(ring: &Ring, start: usize, scratch: &NchuwaScratch) -> Option<Walk> {
        let memo = scratch.memo.as_ref()?;
        (memo.from.at as usize == start && memo.from.ring == *ring).then_some(memo.walk)
    }

    /// Remember a move from `from` whose walk did not end.
    #[cold]
    #[inline(never)]
    pub(super) fn remember(from: &InMove, walk: Walk, scratch: &mut NchuwaScratch) {
        scratch.key = Some(memo_key(&from.ring, from.at as usize));
        scratch.memo = Some(Memo {
            from: from.clone(),
            walk,
            lap: 0,
            state: from.clone(),
        });
    }

    /// The mover's ring after the first `laps` laps of the move from `start` (a move that
    /// never ends: every lap relays), played without events, from the last state reached in
    /// it when that is not past them.
    pub(super) fn ring_after(
        &self,
        ring: &Ring,
        start: usize,
        laps: u64,
        scratch: &mut NchuwaScratch,
    ) -> Ring {
        let from = InMove {
            ring: *ring,
            at: start as u8,
        };
        let memo = scratch.memo.as_mut().filter(|m| m.from == from);
        let (mut state, done) = match &memo {
            Some(m) if m.lap <= laps => (m.state.clone(), m.lap),
            _ => (from, 0),
        };
        for _ in done..laps {
            state.at = self.lap(Side::B, &mut state.ring, state.at as usize, 0, &mut ()) as u8;
        }
        if let Some(m) = memo {
            m.lap = laps;
            m.state = state.clone();
        }
        state.ring
    }

    /// The inner capture a last seed in `last` makes against `opponent`: (front, back).
    pub(super) fn capture_holes(
        &self,
        last: usize,
        opponent: &Ring,
    ) -> (Option<usize>, Option<usize>) {
        if !self.is_inner(last) {
            return (None, None);
        }
        let front = self.facing(last);
        if opponent[front] == 0 {
            return (None, None);
        }
        let back = self.behind(last);
        (Some(front), (opponent[back] > 0).then_some(back))
    }

    /// Whether `side` has only holes of one seed or none.
    pub(super) fn singletons_only(&self, ring: &Ring) -> bool {
        ring[..self.ring_len()].iter().all(|&s| s <= 1)
    }

    /// The ring indices a move may start from, bit i for index i: [`Nchuwa::check_start`]'s
    /// test, without the words, for every hole of `ring` at once, as the decision lists ask it.
    pub(super) fn starts(&self, ring: &Ring) -> u32 {
        match self.config.singleton {
            SowSingleton::Free => self.holes_holding(ring, 1),
            SowSingleton::EmptyOnly => match self.holes_holding(ring, 2) {
                0 => {
                    // Only single seeds: each moves into an empty next hole. Bit i of
                    // `next_occupied` is bit `next(i)` of `occupied`.
                    let occupied = self.holes_holding(ring, 1);
                    let next_occupied = occupied >> 1 | (occupied & 1) << (self.ring_len() - 1);
                    occupied & !next_occupied
                }
                several => several,
            },
        }
    }

    /// The ring indices of `ring` holding `least` seeds or more, bit i for index i.
    #[inline]
    fn holes_holding(&self, ring: &Ring, least: u8) -> u32 {
        // Over the whole array, whose length the compiler knows: it tests the holes together.
        let mut set = 0u32;
        for (i, &seeds) in ring.iter().enumerate() {
            set |= u32::from(seeds >= least) << i;
        }
        set & ((1 << self.ring_len()) - 1)
    }

    /// Why a move may not start from ring index `index` of `side`, if it may not.
    pub(super) fn check_start(
        &self,
        state: &NchuwaState,
        side: Side,
        hole: Hole,
    ) -> Result<usize, Diagnostic> {
        let Some(index) = self.index(side, hole) else {
            return Err(Diagnostic::new(
                SOW_START,
                format!(
                    "{hole} is not a hole of {side}'s two rows ({side}1..{side}{})",
                    self.ring_len()
                ),
            ));
        };
        let ring = &state.rings[side.index()];
        match ring[index] {
            0 => Err(Diagnostic::new(
                SOW_START,
                format!("{hole} is empty"),
            )),
            1 if self.config.singleton == SowSingleton::Free => Ok(index),
            1 if !self.singletons_only(ring) => Err(Diagnostic::new(
                SOW_START,
                format!(
                    "{hole} holds one seed: a move starts from a hole of two or more while {side} has one"
                ),
            )),
            1 if ring[self.next(index)] > 0 => Err(Diagnostic::new(
                SOW_SINGLETON,
                format!(
                    "{hole} holds a single seed and the next hole, {}, is occupied: a single seed moves only into an empty hole",
                    self.hole(side, self.next(index))
                ),
            )),
            _ => Ok(index),
        }
    }

    /// Work out a move from a legal start, changing nothing.
    /// `recall`: the move may be the one remembered ([`Memo`]); a move being played may be, a
    /// move being listed is walked afresh (and remembered if it does not end).
    pub(super) fn plan_sow(
        &self,
        state: &NchuwaState,
        side: Side,
        index: usize,
        recall: bool,
        scratch: &mut NchuwaScratch,
    ) -> SowPlan {
        let mut ring = state.rings[side.index()];
        let mut opponent_after = state.rings[side.other().index()];
        let (walk, last) = self.walk(&mut ring, index, recall, scratch);
        let (front, back) = match walk {
            Walk::Ends { .. } => self.capture_holes(last, &opponent_after),
            Walk::Endless { .. } | Walk::Undecided => (None, None),
        };
        for taken in [front, back].into_iter().flatten() {
            opponent_after[taken] = 0;
        }
        let gives_extra = front.is_some()
            && match self.config.extra_when {
                CaptureExtraWhen::EveryCapture => true,
                CaptureExtraWhen::BackEmpty => back.is_none(),
                CaptureExtraWhen::Never => false,
            };
        SowPlan {
            walk,
            ring_after: ring,
            front,
            back,
            extra_open: gives_extra && self.has_seeds(&opponent_after),
            opponent_after,
        }
    }

    /// The laps a move that never ends may stop after: under `stop`, from the lap where the
    /// in-move state first repeats (mu + lambda) through one more round of the cycle; under
    /// `stop-any-lap`, from the first lap through the same last one. None under `illegal`,
    /// nor under `draw`, where the move is played whole and ends the game.
    pub(super) fn stop_laps(&self, walk: Walk) -> std::ops::RangeInclusive<u64> {
        match (walk, self.config.endless) {
            (Walk::Endless { mu, lambda }, Endless::Stop) => (mu + lambda)..=(mu + 2 * lambda - 1),
            (Walk::Endless { mu, lambda }, Endless::StopAnyLap) => 1..=(mu + 2 * lambda - 1),
            #[allow(clippy::reversed_empty_ranges)]
            (Walk::Endless { .. }, Endless::Illegal | Endless::Draw)
            | (Walk::Ends { .. } | Walk::Undecided, _) => 1..=0,
        }
    }

    /// The lap of the first pass through the move whose state the state after lap `stop` of
    /// a move that never ends (`walk`) is: `stop` itself up to the repetition, then the lap
    /// `mu + r` of the cycle, `r` being the laps past a whole number of rounds.
    pub(super) fn first_pass_lap(walk: Walk, stop: u64) -> u64 {
        match walk {
            Walk::Endless { mu, lambda } if stop > mu => mu + (stop - mu) % lambda,
            _ => stop,
        }
    }

    /// Whether `side` has a legal move in play: `Some(true)` if so, `Some(false)` if not, and
    /// `None` when he has none but a move not decided within the lap budget, which may be one.
    pub(super) fn has_move(
        &self,
        state: &NchuwaState,
        side: Side,
        scratch: &mut NchuwaScratch,
    ) -> Option<bool> {
        let ring = &state.rings[side.index()];
        let starts = self.starts(ring);
        // Only `nchuwa.endless=illegal` refuses a move that may start.
        if self.config.endless != Endless::Illegal {
            return Some(starts != 0);
        }
        let mut undecided = false;
        for i in indices(starts) {
            let mut copy = *ring;
            match self.walk(&mut copy, i, false, scratch).0 {
                Walk::Ends { .. } => return Some(true),
                Walk::Undecided => undecided = true,
                Walk::Endless { .. } => {}
            }
        }
        (!undecided).then_some(false)
    }

    /// The cycle `(mu, lambda)` of the move from `hole` by the side to move in play, when its
    /// relay never ends: after lap `mu + lambda` it is back where it was after lap `mu`. None
    /// when the move ends, is not decided within the lap budget, or may not start there (the
    /// opening, a finished game, a hole it may not start from). The importer of Ludii's trials
    /// asks it of a turn Ludii's move limit cut, which Ludii never ends when this is Some.
    pub fn endless_cycle(&self, state: &NchuwaState, hole: Hole) -> Option<(u64, u64)> {
        if state.opening > 0 || state.result.is_some() || state.must_pass {
            return None;
        }
        let side = state.to_move;
        let index = self.check_start(state, side, hole).ok()?;
        let mut ring = state.rings[side.index()];
        match self
            .walk(&mut ring, index, false, &mut NchuwaScratch::default())
            .0
        {
            Walk::Endless { mu, lambda } => Some((mu, lambda)),
            Walk::Ends { .. } | Walk::Undecided => None,
        }
    }

    /// The refusal of a move from `hole` not decided within the lap budget.
    pub(super) fn undecided_move(&self, hole: Hole) -> Diagnostic {
        undecided(
            hole,
            format_args!(
                "its relay neither ended nor came back to a state it was in by lap {}",
                self.max_laps
            ),
            self.max_laps,
        )
    }

    /// Check the extra holes a turn names against the holes they may take: `limit` holes at
    /// most (`too_many` gives the rule for more), each an occupied hole of the opponent's, no
    /// hole twice. `closed` gives the rule and the reason when no extra capture is open;
    /// `required` the rule that asks for as many as the opponent has, up to `limit`.
    pub(super) fn check_extras(
        &self,
        mover: Side,
        extras: Extras,
        (limit, too_many): (usize, Code),
        closed: Option<(Code, &str)>,
        required: Option<Code>,
        opponent_after: &Ring,
    ) -> Result<[Option<usize>; 2], Diagnostic> {
        let opponent = mover.other();
        let mut taken = [None; 2];
        if let Some((rule, why)) = closed {
            return match extras.iter().next() {
                None => Ok(taken),
                Some(hole) => Err(Diagnostic::new(
                    rule,
                    format!("no extra capture here: {why}, so *{hole} cannot be taken"),
                )
                .at(MovePart::ExtraCapture(0))),
            };
        }
        if let Some(hole) = extras.iter().nth(limit) {
            let allowed = match limit {
                1 => "one hole",
                _ => "two holes",
            };
            return Err(Diagnostic::new(
                too_many,
                format!("{mover} takes {allowed} of {opponent}'s by choice here, so *{hole} cannot be taken too"),
            )
            .at(MovePart::ExtraCapture(limit)));
        }
        for (i, hole) in extras.iter().enumerate() {
            let Some(index) = self.index(opponent, hole) else {
                return Err(Diagnostic::new(
                    CAPTURE_EXTRA,
                    format!(
                        "{hole} is not a hole of {opponent}'s ({opponent}1..{opponent}{}): the extra capture takes an opponent's hole",
                        self.ring_len()
                    ),
                )
                .at(MovePart::ExtraCapture(i)));
            };
            if opponent_after[index] == 0 {
                return Err(Diagnostic::new(
                    CAPTURE_EXTRA,
                    format!("{hole} is empty by then: the extra capture takes an occupied hole"),
                )
                .at(MovePart::ExtraCapture(i)));
            }
            if taken[..i].contains(&Some(index)) {
                return Err(Diagnostic::new(
                    CAPTURE_EXTRA,
                    format!("{hole} is named twice: the removals take two different holes"),
                )
                .at(MovePart::ExtraCapture(i)));
            }
            taken[i] = Some(index);
        }
        let occupied = (0..self.ring_len())
            .filter(|&i| opponent_after[i] > 0)
            .count();
        let wanted = limit.min(occupied);
        let written = extras.len();
        match required {
            Some(rule) if written < wanted => {
                let examples: String = (0..self.ring_len())
                    .filter(|&i| opponent_after[i] > 0 && !taken.contains(&Some(i)))
                    .take(wanted - written)
                    .map(|i| format!("*{}", self.hole(opponent, i)))
                    .collect();
                let what = match (wanted, written) {
                    (1, _) => "one more hole of",
                    (_, 0) => "two holes of",
                    _ => "a second hole of",
                };
                Err(Diagnostic::new(
                    rule,
                    format!(
                        "{mover} takes {what} {opponent}'s here, and must name {} with `*`, such as {examples}",
                        if wanted - written > 1 { "them" } else { "it" }
                    ),
                )
                .at(MovePart::ExtraCapture(written)))
            }
            _ => Ok(taken),
        }
    }

    /// The opponent's holes the opening transfer from inner ring index `from_index` captures
    /// before its removals.
    pub(super) fn transfer_captures(
        &self,
        from_index: usize,
        opponent: &Ring,
    ) -> [Option<usize>; 2] {
        let front = self.facing(from_index);
        let back = self.behind(from_index);
        let take_front = opponent[front] > 0;
        let take_back = opponent[back] > 0
            && match self.config.opening_capture {
                OpeningCapture::Occupied => true,
                OpeningCapture::FrontFirst => take_front,
                OpeningCapture::Neither => false,
            };
        let take_front = take_front && self.config.opening_capture != OpeningCapture::Neither;
        [take_front.then_some(front), take_back.then_some(back)]
    }

    pub(super) fn capture<S: EventSink>(
        &self,
        state: &mut NchuwaState,
        by: Side,
        index: usize,
        rule: Code,
        sink: &mut S,
    ) {
        let victim = by.other();
        let seeds = std::mem::take(&mut state.rings[victim.index()][index]);
        state.won[by.index()] += seeds as u32;
        sink.event(Event::Capture {
            hole: self.hole(victim, index),
            pile: pile(seeds as u32),
            by,
            rule,
        });
    }

    /// After `state.to_move`'s turn: end the game, or hand the turn over.
    pub(super) fn finish_turn<S: EventSink>(
        &self,
        state: &mut NchuwaState,
        sink: &mut S,
        scratch: &mut NchuwaScratch,
    ) {
        let mover = state.to_move;
        let next = mover.other();
        state.to_move = next;
        state.must_pass = false;
        if !self.has_seeds(&state.rings[next.index()]) {
            state.result = Some(Some(mover));
            sink.event(Event::GameEnd {
                winner: Some(mover),
                rule: GAME_END,
            });
            return;
        }
        sink.event(Event::TurnEnd { next });
        self.settle_no_move(state, sink, false, scratch);
    }

    /// The player to move has seeds but maybe no legal move: he passes or loses; after a pass
    /// (`after_pass`), neither player can move and the game is drawn.
    pub(super) fn settle_no_move<S: EventSink>(
        &self,
        state: &mut NchuwaState,
        sink: &mut S,
        after_pass: bool,
        scratch: &mut NchuwaScratch,
    ) {
        let side = state.to_move;
        // A move not decided within the budget may be legal: the player is not said to have
        // none (he is refused a pass instead, under `mgn.limit.laps`).
        if state.opening > 0 || self.has_move(state, side, scratch) != Some(false) {
            return;
        }
        if self.config.no_move == NoMove::Loses {
            state.result = Some(Some(side.other()));
            sink.event(Event::GameEnd {
                winner: Some(side.other()),
                rule: NoMove::CODE,
            });
        } else if after_pass {
            state.result = Some(None);
            sink.event(Event::GameEnd {
                winner: None,
                rule: NoMove::CODE,
            });
        } else {
            state.must_pass = true;
        }
    }

    pub(super) fn apply_transfer<S: EventSink>(
        &self,
        state: &mut NchuwaState,
        mover: Side,
        (from, to, extras): (Hole, Hole, Extras),
        sink: &mut S,
        scratch: &mut NchuwaScratch,
    ) -> Result<(), Diagnostic> {
        let ring = &state.rings[mover.index()];
        let from_index = match self.index(mover, from) {
            Some(i) if self.is_inner(i) => i,
            _ => {
                return Err(Diagnostic::new(
                    OPENING_TRANSFER,
                    format!(
                        "{from} is not an inner hole of {mover}'s ({mover}{}..{mover}{}): the two seeds come from the inner row",
                        self.n + 1,
                        self.ring_len()
                    ),
                ))
            }
        };
        if ring[from_index] < 2 {
            return Err(Diagnostic::new(
                OPENING_TRANSFER,
                if ring[from_index] == 0 {
                    format!(
                        "{from} is empty: two seeds are transferred from an occupied inner hole"
                    )
                } else {
                    format!("{from} holds one seed: two seeds are transferred")
                },
            ));
        }
        let to_index = match self.index(mover, to) {
            Some(i) if !self.is_inner(i) => i,
            _ => {
                return Err(Diagnostic::new(
                    OPENING_TRANSFER,
                    format!(
                        "{to} is not an outer hole of {mover}'s ({mover}1..{mover}{}): the two seeds go to the outer row",
                        self.n
                    ),
                ))
            }
        };
        if ring[to_index] > 0 {
            return Err(Diagnostic::new(
                OPENING_TRANSFER,
                format!("{to} is not empty: the two seeds go to an empty outer hole"),
            ));
        }
        let opponent = &state.rings[mover.other().index()];
        let opposite = self.transfer_captures(from_index, opponent);
        let mut opponent_after = *opponent;
        for index in opposite.into_iter().flatten() {
            opponent_after[index] = 0;
        }
        let closed = if self.config.order == OpeningOrder::Interleaved {
            Some((
                OpeningOrder::CODE,
                "under nchuwa.opening.order=interleaved each removal is a ply of its own, written `*hole` at the player's turn once both transfers are made",
            ))
        } else {
            (!self.has_seeds(&opponent_after))
                .then_some((OPENING_EXTRA, "the opponent has no seeds left"))
        };
        let removals = self.check_extras(
            mover,
            extras,
            (self.removals, OpeningRemovals::CODE),
            closed,
            Some(OPENING_EXTRA),
            &opponent_after,
        )?;
        // Everything checked: play it.
        state.rings[mover.index()][from_index] -= 2;
        state.rings[mover.index()][to_index] += 2;
        sink.event(Event::Shift {
            from,
            to,
            seeds: 2,
            rule: OPENING_TRANSFER,
        });
        for index in opposite.into_iter().flatten() {
            self.capture(state, mover, index, OPENING_CAPTURE, sink);
        }
        for index in removals.into_iter().flatten() {
            self.capture(state, mover, index, OPENING_EXTRA, sink);
        }
        state.opening -= 1;
        self.finish_turn(state, sink, scratch);
        Ok(())
    }

    /// One of the opening's removals, a ply of its own under
    /// `nchuwa.opening.order=interleaved`: `*A5`.
    pub(super) fn apply_remove<S: EventSink>(
        &self,
        state: &mut NchuwaState,
        mover: Side,
        hole: Hole,
        sink: &mut S,
        scratch: &mut NchuwaScratch,
    ) -> Result<(), Diagnostic> {
        let opponent = mover.other();
        if !self.removal_due(state) {
            let inner = self.n + 2;
            return Err(if state.opening == 0 {
                Diagnostic::new(
                    CAPTURE_EXTRA,
                    format!(
                        "a hole is taken alone (`*{hole}`) only in the opening's removals under nchuwa.opening.order=interleaved; in play the extra capture follows the move that captured, such as {mover}{inner}*{hole}"
                    ),
                )
            } else if self.config.order == OpeningOrder::ByPlayer {
                Diagnostic::new(
                    OpeningOrder::CODE,
                    format!(
                        "a removal is a ply of its own (`*{hole}`) only under nchuwa.opening.order=interleaved (the preset ludii); here the transfer names the holes it takes, such as {mover}{inner}:{mover}1*{hole}"
                    ),
                )
            } else {
                Diagnostic::new(
                    OPENING_TRANSFER,
                    format!(
                        "{mover} makes his opening transfer before the removals: two seeds from an inner hole to an empty outer hole, written from:to, such as {mover}{inner}:{mover}1"
                    ),
                )
            });
        }
        let Some(index) = self.index(opponent, hole) else {
            return Err(Diagnostic::new(
                OPENING_EXTRA,
                format!(
                    "{hole} is not a hole of {opponent}'s ({opponent}1..{opponent}{}): a removal takes one of the opponent's holes",
                    self.ring_len()
                ),
            )
            .at(MovePart::ExtraCapture(0)));
        };
        if state.rings[opponent.index()][index] == 0 {
            return Err(Diagnostic::new(
                OPENING_EXTRA,
                format!("{hole} is empty: a removal takes an occupied hole"),
            )
            .at(MovePart::ExtraCapture(0)));
        }
        self.capture(state, mover, index, OPENING_EXTRA, sink);
        state.opening -= 1;
        self.finish_turn(state, sink, scratch);
        Ok(())
    }

    /// The removals open to `side` when one is due: each occupied hole of the opponent's.
    pub(super) fn removal_decisions(
        &self,
        state: &NchuwaState,
        side: Side,
        out: &mut Vec<NchuwaDecision>,
    ) {
        let opponent = side.other();
        let ring = &state.rings[opponent.index()][..self.ring_len()];
        out.extend(
            ring.iter()
                .enumerate()
                .filter(|(_, &seeds)| seeds > 0)
                .map(|(i, _)| NchuwaDecision::Remove(self.hole(opponent, i))),
        );
    }

    /// A move of play: checked whole (its start, how it ends, its extra capture) before
    /// anything changes, then sown, its captures taken and the turn finished.
    pub(super) fn apply_sow<S: EventSink>(
        &self,
        state: &mut NchuwaState,
        mover: Side,
        (hole, extras, stop): (Hole, Extras, Option<u32>),
        sink: &mut S,
        scratch: &mut NchuwaScratch,
    ) -> Result<(), Diagnostic> {
        let index = self.check_start(state, mover, hole)?;
        let plan = self.plan_sow(state, mover, index, true, scratch);
        let (laps, extra) = match (plan.walk, stop) {
            (Walk::Undecided, _) => return Err(self.undecided_move(hole)),
            (Walk::Endless { mu, lambda }, stop) if self.config.endless == Endless::Draw => {
                Self::check_draw(hole, extras, (mu, lambda), stop)?;
                self.sow(
                    state,
                    mover,
                    index,
                    (&plan, Some(mu + lambda)),
                    sink,
                    scratch,
                );
                self.draw_by_endless_move(state, sink);
                return Ok(());
            }
            (Walk::Endless { mu, lambda }, stop) => (
                Some(self.check_stop(hole, extras, plan.walk, (mu, lambda), stop)?),
                None,
            ),
            (Walk::Ends { laps }, Some(lap)) => return Err(Self::stop_of_ending(hole, laps, lap)),
            (Walk::Ends { .. }, None) => (None, self.check_sow_extra(mover, extras, &plan)?),
        };
        self.sow(state, mover, index, (&plan, laps), sink, scratch);
        if let Some(front) = plan.front {
            self.capture(state, mover, front, CAPTURE_INNER, sink);
            if let Some(back) = plan.back {
                self.capture(state, mover, back, CAPTURE_BEHIND, sink);
            }
            if let Some(index) = extra {
                self.capture(state, mover, index, CAPTURE_EXTRA, sink);
            }
        }
        self.finish_turn(state, sink, scratch);
        Ok(())
    }

    /// A move from `hole` that never ends (its cycle `mu`, `lambda`) as
    /// `nchuwa.endless=draw` plays it: written whole, since no lap of it is its last, and with
    /// no extra capture, since it captures nothing.
    #[cold]
    fn check_draw(
        hole: Hole,
        extras: Extras,
        (mu, lambda): (u64, u64),
        stop: Option<u32>,
    ) -> Result<(), Diagnostic> {
        if let Some(lap) = stop {
            return Err(Diagnostic::new(
                Endless::CODE,
                format!(
                    "{hole} never ends (after lap {} it is back where it was after lap {mu}, and repeats every {lambda}): it is played whole and draws the game, so it is written {hole}, not stopped after lap {lap}",
                    mu + lambda
                ),
            ));
        }
        if !extras.is_empty() {
            return Err(Diagnostic::new(
                CAPTURE_EXTRA,
                "a move that never ends captures nothing, so it has no extra capture",
            )
            .at(MovePart::ExtraCapture(0)));
        }
        Ok(())
    }

    /// The end of the game after a move that never ends, under `nchuwa.endless=draw`: drawn
    /// at once, as Ludii ends it (its move limit, scored as a draw); the board is the one the
    /// move's relay came back to, and the turn passes as after any move.
    #[cold]
    fn draw_by_endless_move<S: EventSink>(&self, state: &mut NchuwaState, sink: &mut S) {
        state.to_move = state.to_move.other();
        state.must_pass = false;
        state.result = Some(None);
        sink.event(Event::GameEnd {
            winner: None,
            rule: Endless::CODE,
        });
    }

    /// The lap a move from `hole` that never ends (its cycle `mu`, `lambda`) is stopped
    /// after: one the rules allow (`stop_laps`), with no extra capture, since a stopped move
    /// captures nothing.
    #[inline]
    fn check_stop(
        &self,
        hole: Hole,
        extras: Extras,
        walk: Walk,
        (mu, lambda): (u64, u64),
        stop: Option<u32>,
    ) -> Result<u64, Diagnostic> {
        if self.config.endless == Endless::Illegal {
            return Err(Diagnostic::new(
                Endless::CODE,
                format!(
                    "{hole} never ends: after lap {} the sowing is back where it was after lap {mu} and repeats every {lambda} lap{}; such a move is not allowed",
                    mu + lambda,
                    if lambda == 1 { "" } else { "s" }
                ),
            ));
        }
        let laps = self.stop_laps(walk);
        let Some(lap) = stop else {
            return Err(Diagnostic::new(
                Endless::CODE,
                format!(
                    "{hole} never ends (after lap {} it is back where it was after lap {mu}, and repeats every {lambda}): write the lap the mover stops after, /{} to /{}",
                    mu + lambda,
                    laps.start(),
                    laps.end()
                ),
            ));
        };
        if !laps.contains(&(lap as u64)) {
            let range = if self.config.endless == Endless::StopAnyLap {
                format!(
                    "any lap up to one more round of the cycle after its state first repeats (after lap {}, as after lap {mu}; it repeats every {lambda})",
                    mu + lambda
                )
            } else {
                "from the lap where its state first repeats through one more round of the cycle"
                    .to_string()
            };
            return Err(Diagnostic::new(
                Endless::CODE,
                format!(
                    "{hole} can be stopped after lap {} to {}, {range}, not after lap {lap}",
                    laps.start(),
                    laps.end()
                ),
            ));
        }
        if !extras.is_empty() {
            return Err(Diagnostic::new(
                CAPTURE_EXTRA,
                "a stopped move captures nothing, so it has no extra capture",
            )
            .at(MovePart::ExtraCapture(0)));
        }
        Ok(lap as u64)
    }

    /// The refusal of a stop `/lap` written on a move from `hole` that ends by itself after
    /// `laps` laps.
    #[cold]
    fn stop_of_ending(hole: Hole, laps: u64, lap: u32) -> Diagnostic {
        Diagnostic::new(
            Endless::CODE,
            format!(
                "{hole} ends by itself after {laps} lap{}: /{lap} stops only a move that never ends",
                if laps == 1 { "" } else { "s" }
            ),
        )
    }

    /// The extra capture a move that ends names, checked against the one its capture opens
    /// (`plan`): the opponent's hole it takes, if any.
    #[inline]
    fn check_sow_extra(
        &self,
        mover: Side,
        extras: Extras,
        plan: &SowPlan,
    ) -> Result<Option<usize>, Diagnostic> {
        if !plan.extra_open && extras.is_empty() {
            // Nearly every move: nothing to take and nothing named, whatever the reason.
            return Ok(None);
        }
        let closed = if plan.extra_open {
            None
        } else if plan.front.is_none() {
            Some((CAPTURE_EXTRA, "the move captured nothing"))
        } else if self.config.extra_when == CaptureExtraWhen::Never {
            Some((
                CaptureExtraWhen::CODE,
                "a capture in play takes the two opposite holes and nothing more (nchuwa.capture.extra-when=never)",
            ))
        } else if self.config.extra_when == CaptureExtraWhen::BackEmpty && plan.back.is_some() {
            Some((
                CaptureExtraWhen::CODE,
                "the capture took the hole behind, and only a capture whose hole behind was empty gives one more",
            ))
        } else {
            Some((CAPTURE_EXTRA, "the opponent has no seeds left"))
        };
        let required = match self.config.extra_decline {
            CaptureExtraDecline::Allowed => None,
            CaptureExtraDecline::Forbidden => Some(CaptureExtraDecline::CODE),
        };
        Ok(self.check_extras(
            mover,
            extras,
            (1, CAPTURE_EXTRA),
            closed,
            required,
            &plan.opponent_after,
        )?[0])
    }

    /// Sow a checked move (`plan`, stopped after lap `laps` if it never ends) into the
    /// mover's ring: lap by lap, or straight to where it ends when no one reads the laps.
    #[inline]
    fn sow<S: EventSink>(
        &self,
        state: &mut NchuwaState,
        mover: Side,
        index: usize,
        (plan, laps): (&SowPlan, Option<u64>),
        sink: &mut S,
        scratch: &mut NchuwaScratch,
    ) {
        let mut ring = state.rings[mover.index()];
        match (plan.walk, laps) {
            (Walk::Ends { .. }, _) if !sink.keeps_events() => ring = plan.ring_after,
            (Walk::Endless { .. }, Some(stop)) if !sink.keeps_events() => {
                // Past lap mu, the state after lap `stop` is the state after lap
                // mu + (stop - mu) % lambda.
                ring =
                    self.ring_after(&ring, index, Self::first_pass_lap(plan.walk, stop), scratch);
            }
            _ => self.play_laps(&mut ring, mover, index, (plan.walk, laps, plan.front), sink),
        }
        state.rings[mover.index()] = ring;
    }

    /// A move of play cut after lap `lap` by the end of a record that stops unfinished
    /// ([`Rules::apply_cut`]): its laps through that one, each relaying into the next, and
    /// nothing after them. A move of one lap, or a cut at or past the move's own last lap,
    /// has no lap to cut after: the move is written whole.
    pub(super) fn apply_cut_sow<S: EventSink>(
        &self,
        state: &mut NchuwaState,
        mover: Side,
        (hole, extras, lap): (Hole, Extras, u32),
        sink: &mut S,
        scratch: &mut NchuwaScratch,
    ) -> Result<(), Diagnostic> {
        let index = self.check_start(state, mover, hole)?;
        if !extras.is_empty() {
            return Err(Diagnostic::new(
                CAPTURE_EXTRA,
                "a cut move captures nothing, so it has no extra capture",
            )
            .at(MovePart::ExtraCapture(0)));
        }
        let plan = self.plan_sow(state, mover, index, true, scratch);
        let before_end = |laps: u64| match laps {
            0 | 1 => "no lap to cut after".to_string(),
            2 => "after lap 1 only, /1".to_string(),
            _ => format!("after lap 1 to {}, /1 to /{}", laps - 1, laps - 1),
        };
        let lap64 = u64::from(lap);
        match plan.walk {
            _ if lap == 0 => {
                return Err(Diagnostic::new(
                    general::RECORD_CUT,
                    format!("{hole}/0: a move is cut after one of its laps, the first being lap 1"),
                ))
            }
            Walk::Ends { laps } if lap64 >= laps => {
                return Err(Diagnostic::new(
                    general::RECORD_CUT,
                    format!(
                        "a move is cut before its own last lap, and {hole} ends by itself after {laps} lap{}: {}",
                        if laps == 1 { "" } else { "s" },
                        before_end(laps)
                    ),
                ))
            }
            Walk::Ends { .. } => {}
            Walk::Endless { .. } | Walk::Undecided if lap64 > self.max_laps => {
                return Err(Diagnostic::new(
                    general::LIMIT_LAPS,
                    format!(
                        "{hole}/{lap} is cut past the lap budget of {} laps (raise the budget with --max-laps)",
                        self.max_laps
                    ),
                ))
            }
            Walk::Endless { .. } | Walk::Undecided => {}
        }
        let mut ring = state.rings[mover.index()];
        if sink.keeps_events() {
            let mut at = index;
            for n in 1..=lap {
                let last = self.lap(mover, &mut ring, at, n, sink);
                sink.event(Event::LapEnd {
                    hole: self.hole(mover, last),
                    lap: n,
                    rule: if n == lap {
                        general::RECORD_CUT
                    } else {
                        LAP_RELAY
                    },
                });
                at = last;
            }
        } else {
            ring = self.ring_after(
                &ring,
                index,
                Self::first_pass_lap(plan.walk, lap64),
                scratch,
            );
        }
        state.rings[mover.index()] = ring;
        Ok(())
    }

    /// Play a move's laps from ring index `index` with their events, up to its end or the lap
    /// `stop` it is stopped after; a stopped move reports its cycle after lap mu + lambda.
    pub(super) fn play_laps<S: EventSink>(
        &self,
        ring: &mut Ring,
        mover: Side,
        index: usize,
        (walk, stop, front): (Walk, Option<u64>, Option<usize>),
        sink: &mut S,
    ) {
        let laps = stop;
        let mut at = index;
        let mut lap: u32 = 1;
        loop {
            let last = self.lap(mover, ring, at, lap, sink);
            let relay = ring[last] > 1;
            let rule = if relay && laps == Some(lap as u64) {
                Endless::CODE
            } else if relay {
                LAP_RELAY
            } else if !self.is_inner(last) {
                LAP_OUTER_EMPTY
            } else if front.is_some() {
                CAPTURE_INNER
            } else {
                LAP_INNER_EMPTY
            };
            sink.event(Event::LapEnd {
                hole: self.hole(mover, last),
                lap,
                rule,
            });
            if let (Walk::Endless { mu, lambda }, Some(stop)) = (walk, laps) {
                if u64::from(lap) == mu + lambda {
                    // Laps, mu, lambda and the stop are within the budget, a u32.
                    sink.event(Event::Cycle {
                        mu: mu as u32,
                        lambda: lambda as u32,
                        times: ((stop - mu) / lambda) as u32,
                        stop: stop as u32,
                        rule: Endless::CODE,
                    });
                }
            }
            if !relay || rule == Endless::CODE {
                break;
            }
            at = last;
            lap += 1;
        }
    }

    /// The legal moves of `side` in play, each with its extra capture or stopping lap.
    pub(super) fn play_decisions(
        &self,
        state: &NchuwaState,
        side: Side,
        out: &mut Vec<NchuwaDecision>,
        scratch: &mut NchuwaScratch,
    ) {
        if !self.walk_changes_list() {
            // Each hole a move may start from is one decision, its hole alone, whatever its
            // walk ([`Nchuwa::push_moves`]): the walks are left to the move played.
            #[cfg(debug_assertions)]
            let first = out.len();
            out.extend(
                indices(self.starts(&state.rings[side.index()])).map(|index| NchuwaDecision::Sow {
                    hole: self.hole(side, index),
                    extras: Extras::NONE,
                    stop: None,
                }),
            );
            // What keeps the shortcut in step with `push_moves` when an option comes to list
            // something else: every debug build (the tests) lists the walked moves too.
            #[cfg(debug_assertions)]
            {
                let mut walked = Vec::new();
                self.each_move(
                    state,
                    side,
                    false,
                    |hole, plan| self.push_moves(side, hole, plan, &mut walked),
                    scratch,
                );
                assert_eq!(
                    out[first..],
                    walked[..],
                    "the moves listed without their walks are not the walked ones"
                );
            }
            return;
        }
        self.each_move(
            state,
            side,
            false,
            |hole, plan| self.push_moves(side, hole, plan, out),
            scratch,
        );
    }

    /// Every hole `side` may start a move from in play, with the plan of its move (`recall`:
    /// [`Nchuwa::plan_sow`]'s).
    pub(super) fn each_move(
        &self,
        state: &NchuwaState,
        side: Side,
        recall: bool,
        mut f: impl FnMut(Hole, &SowPlan),
        scratch: &mut NchuwaScratch,
    ) {
        for index in indices(self.starts(&state.rings[side.index()])) {
            f(
                self.hole(side, index),
                &self.plan_sow(state, side, index, recall, scratch),
            );
        }
    }

    /// Whether the decisions a move lists ([`Nchuwa::push_moves`]) can depend on its walk:
    /// only a move that never ends, under an `nchuwa.endless` other than `draw` (refused, or
    /// one decision for each lap it may stop after), and a capture that opens an extra one,
    /// under an `nchuwa.capture.extra-when` other than `never`, list anything but the move's
    /// hole alone. A move not decided within the lap budget is listed as its hole alone too.
    pub(super) fn walk_changes_list(&self) -> bool {
        self.config.endless != Endless::Draw || self.config.extra_when != CaptureExtraWhen::Never
    }

    /// The legal moves from `hole`, planned as `plan`.
    pub(super) fn push_moves(
        &self,
        side: Side,
        hole: Hole,
        plan: &SowPlan,
        out: &mut Vec<NchuwaDecision>,
    ) {
        {
            match plan.walk {
                // Not decided within the budget: listed, so that no one takes it for refused;
                // `apply` refuses it under `mgn.limit.laps` (perft and generate say so).
                Walk::Undecided => out.push(NchuwaDecision::Sow {
                    hole,
                    extras: Extras::NONE,
                    stop: None,
                }),
                Walk::Endless { .. } if self.config.endless == Endless::Draw => {
                    out.push(NchuwaDecision::Sow {
                        hole,
                        extras: Extras::NONE,
                        stop: None,
                    })
                }
                Walk::Endless { .. } => {
                    if self.config.endless != Endless::Illegal {
                        for lap in self.stop_laps(plan.walk) {
                            let Ok(lap) = u32::try_from(lap) else { break };
                            out.push(NchuwaDecision::Sow {
                                hole,
                                extras: Extras::NONE,
                                stop: Some(lap),
                            });
                        }
                    }
                }
                Walk::Ends { .. } => {
                    if !plan.extra_open || self.config.extra_decline == CaptureExtraDecline::Allowed
                    {
                        out.push(NchuwaDecision::Sow {
                            hole,
                            extras: Extras::NONE,
                            stop: None,
                        });
                    }
                    if plan.extra_open {
                        self.push_extras(side, &plan.opponent_after, 1, out, |extras| {
                            NchuwaDecision::Sow {
                                hole,
                                extras,
                                stop: None,
                            }
                        });
                    }
                }
            }
        }
    }

    /// Every choice of `limit` distinct occupied holes in `opponent_after` (all of them when
    /// there are fewer), each set once, in hole order; nothing when the opponent has no seeds.
    pub(super) fn push_extras(
        &self,
        side: Side,
        opponent_after: &Ring,
        limit: usize,
        out: &mut Vec<NchuwaDecision>,
        make: impl Fn(Extras) -> NchuwaDecision,
    ) {
        // The occupied holes, listed once: every pair of them is pushed at the opening.
        let mut occupied = [Hole::new(side, 0); MAX_RING];
        let mut count = 0;
        for (i, &seeds) in opponent_after[..self.ring_len()].iter().enumerate() {
            if seeds > 0 {
                occupied[count] = self.hole(side.other(), i);
                count += 1;
            }
        }
        let occupied = &occupied[..count];
        if limit < 2 || count < 2 {
            match count {
                0 => out.push(make(Extras::NONE)),
                _ => out.extend(occupied.iter().map(|&hole| make(Extras::one(hole)))),
            }
            return;
        }
        out.reserve(count * (count - 1) / 2);
        for (i, &first) in occupied.iter().enumerate() {
            for &second in &occupied[i + 1..] {
                out.push(make(Extras([Some(first), Some(second)])));
            }
        }
    }

    /// The opening transfers open to `side`.
    pub(super) fn transfer_decisions(
        &self,
        state: &NchuwaState,
        side: Side,
        out: &mut Vec<NchuwaDecision>,
    ) {
        let ring = &state.rings[side.index()];
        let opponent = &state.rings[side.other().index()];
        for from_index in self.n..self.ring_len() {
            if ring[from_index] < 2 {
                continue;
            }
            let mut opponent_after = *opponent;
            for index in self
                .transfer_captures(from_index, opponent)
                .into_iter()
                .flatten()
            {
                opponent_after[index] = 0;
            }
            for to_index in (0..self.n).filter(|&i| ring[i] == 0) {
                let from = self.hole(side, from_index);
                let to = self.hole(side, to_index);
                if self.config.order == OpeningOrder::Interleaved {
                    // The removals are plies of their own, after both transfers.
                    out.push(NchuwaDecision::Transfer {
                        from,
                        to,
                        extras: Extras::NONE,
                    });
                    continue;
                }
                self.push_extras(side, &opponent_after, self.removals, out, |extras| {
                    NchuwaDecision::Transfer { from, to, extras }
                });
            }
        }
    }
}
