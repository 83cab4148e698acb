//! Dong Wo behind the [`Rules`] interface: positions and decisions read from and written as MGN.

use super::*;
use crate::notation::PositionText;
use crate::rules::general;

impl Rules for DongWo {
    type State = DongWoState;
    type Decision = DongWoDecision;
    type Scratch = DongWoScratch;

    fn def(&self) -> &'static GameDef {
        &DEF
    }

    fn start(&self, first: Side) -> DongWoState {
        let (a, b) = match self.config.muzi_end {
            StartMuziEnd::Left => (9, 0),
            StartMuziEnd::Right => (5, 4),
        };
        let mut holes = [5u8; N];
        holes[a] = 0;
        holes[b] = 0;
        DongWoState {
            board: Board {
                holes,
                muzi: [Some(a as u8), Some(b as u8)],
                owned: 0,
                banked: [0; 2],
            },
            winnings: [Pile::default(); 2],
            debts: [0, 0],
            to_move: first,
            turn: None,
            seen: Vec::new(),
            over: None,
            round: 1,
            first,
            between: None,
            pending: Vec::new(),
            stuck: false,
        }
    }

    fn state_from_position(&self, position: &Position) -> Result<DongWoState, Diagnostic> {
        // The form checks all but the end hole, whose place is an option's.
        check_position_form_with(
            position,
            &POSITION_FORM,
            PositionSize {
                board: DEF.default_board,
                row: N / 2,
                total: SMALL_STONES,
            },
            |hole, h| match h.owner {
                Some(_) if ring_index(hole) == Some(self.end_hole(hole.side)) => {
                    Err(Diagnostic::new(
                        POSITION_SHAPE,
                        format!("{hole}: the muzi's end hole is never won or bought"),
                    ))
                }
                _ => Ok(()),
            },
        )?;
        let mut board = Board {
            holes: [0; N],
            muzi: [None, None],
            owned: 0,
            banked: [0; 2],
        };
        for side in [Side::A, Side::B] {
            for (n, h) in position.holes.row(side).iter().enumerate() {
                let i = ring_index(Hole::new(side, n as u32 + 1)).expect("1..5");
                // At most the game's small stones (the form's bound), which a byte holds.
                board.holes[i] = h.pile.seeds as u8;
                if h.owner.is_some() {
                    board.owned |= 1 << i;
                }
                for m in [Side::A, Side::B] {
                    if h.pile.muzi.has(m) {
                        board.muzi[m.index()] = Some(i as u8);
                    }
                }
            }
        }
        // A scratch of its own: asked once a game, and a fresh one allocates nothing.
        let scratch = &mut DongWoScratch::default();
        let stuck = self.has_move(&board, position.to_move, scratch) == Reach::No;
        // The round ended at the move that reached such a position (rule `dong-wo.turn`): set
        // as it is, both players would pass for ever.
        if stuck && self.has_move(&board, position.to_move.other(), scratch) == Reach::No {
            return Err(Diagnostic::new(
                POSITION_SHAPE,
                "neither player can move from this position: its round ended at the move that reached it (dong-wo.turn)",
            ));
        }
        Ok(DongWoState {
            board,
            winnings: position.stores,
            debts: position.debts,
            to_move: position.to_move,
            turn: None,
            seen: Vec::new(),
            over: None,
            round: position.round,
            first: position.to_move,
            between: None,
            pending: Vec::new(),
            stuck,
        })
    }

    fn row_states<'a>(
        &'a self,
        state: &'a DongWoState,
        side: Side,
    ) -> impl ExactSizeIterator<Item = HoleState> + 'a {
        row(side).map(|i| state.board.hole_state(i))
    }

    fn position_head(&self, state: &DongWoState) -> PositionHead {
        PositionHead {
            stores: state.winnings,
            to_move: state.to_move,
            round: state.round,
            debts: state.debts,
        }
    }

    // `#[inline]` here and on `apply` and the decisions of an owner action or a transaction:
    // the replay asks them at every ply and step from another codegen unit, and a value
    // returned through memory (a decision, a phase) was read back as words wider than the
    // writes that made it, a store-forwarding stall; inlined, it stays in registers.
    #[inline]
    fn phase(&self, state: &DongWoState) -> Phase {
        if let Some(winner) = state.over {
            return Phase::Over { winner };
        }
        // Owner actions written in the move about to be played wait for its sowing, also in
        // a round's first move, whose transactions that move closes.
        if state.turn.is_none() && !state.pending.is_empty() {
            return Phase::Continue {
                side: state.to_move,
                rule: OWNED,
            };
        }
        if let Some(between) = &state.between {
            // The transactions and the fill come before the round's first move.
            return if between.begun {
                Phase::ToMove(state.to_move)
            } else {
                Phase::RoundOver { round: state.round }
            };
        }
        if let Some(t) = &state.turn {
            return Phase::Continue {
                side: t.mover,
                rule: if t.stop.is_some() || t.park.is_some() {
                    EndlessMove::CODE
                } else if self.config.meeting == MuziMeeting::MoverChooses
                    && self.meeting_choice_ahead(&state.board, t)
                {
                    // The drop is forced; what it captures is the mover's to write.
                    MuziMeeting::CODE
                } else {
                    MUZI_DROP
                },
            };
        }
        if state.stuck {
            return Phase::MustPass {
                side: state.to_move,
                rule: TURN,
            };
        }
        Phase::ToMove(state.to_move)
    }

    fn round(&self, state: &DongWoState) -> u32 {
        state.round
    }

    fn decisions(
        &self,
        state: &DongWoState,
        scratch: &mut DongWoScratch,
        out: &mut Vec<DongWoDecision>,
    ) {
        out.clear();
        if state.over.is_some() {
            return;
        }
        if let Some(t) = &state.turn {
            self.decisions_in_turn(state, t, out, scratch);
            return;
        }
        let ready;
        let mut board = &state.board;
        if state.between.is_some() {
            let Some(completed) = self.deals(state, out) else {
                return;
            };
            ready = completed;
            if out.iter().any(|d| {
                matches!(
                    d,
                    DongWoDecision::Deal {
                        deal: Transaction::Win { .. }
                    }
                )
            }) || ready.over.is_some()
            {
                return;
            }
            // Owner actions written for the round's first move wait for it: only moves follow.
            if !state.pending.is_empty() {
                out.clear();
            }
            board = &ready.board;
        }
        let side = state.to_move;
        let moves = out.len();
        for i in holes_of(board.sector(side)) {
            for ccw in [true, false] {
                // A move whose end was not decided within the lap budget is listed: it may be
                // legal, and `apply` refuses it under `mgn.limit.laps`.
                if let None | Some(Refusal::Undecided) =
                    self.sow_refusal(board, side, i, ccw, scratch)
                {
                    out.push(DongWoDecision::Sow {
                        hole: ring_hole(i),
                        direction: direction(ccw),
                    });
                }
            }
        }
        if out.len() == moves {
            out.push(DongWoDecision::Pass);
        }
    }

    fn random_decisions(
        &self,
        state: &DongWoState,
        scratch: &mut DongWoScratch,
        out: &mut Vec<DongWoDecision>,
    ) {
        self.decisions(state, scratch, out);
        self.voluntary(state, out, scratch);
    }

    fn free_steps(
        &self,
        state: &DongWoState,
        scratch: &mut DongWoScratch,
        out: &mut Vec<DongWoDecision>,
    ) {
        out.clear();
        self.free_steps_into(state, out, scratch);
    }

    fn alternatives(&self, state: &DongWoState, scratch: &mut DongWoScratch) -> Vec<String> {
        if let Some((t, park)) = parked(state) {
            // The laps the move may stop after as one entry, whatever their number.
            let mut out = vec![if park.first == park.last {
                format!("/{}", park.first)
            } else {
                format!("/{} to /{}", park.first, park.last)
            }];
            if let Some((board, t, node)) = Self::at_node(&state.board, t, park) {
                let mut drops = Vec::new();
                let seen = [&state.seen[..], &[node]].concat();
                self.drops_listed(&board, &t, &seen, &mut drops, scratch);
                out.extend(drops.iter().map(|d| d.to_string()));
            }
            return out;
        }
        let mut decisions = Vec::new();
        self.decisions(state, scratch, &mut decisions);
        let in_play = state.turn.is_none() && state.between.is_none();
        decisions
            .iter()
            .map(|d| match *d {
                // A move listed because whether it can end was not decided within the budget.
                DongWoDecision::Sow { hole, direction }
                    if in_play
                        && ring_index(hole).is_some_and(|i| {
                            let ccw = direction == Direction::CounterClockwise;
                            self.sow_refusal(&state.board, state.to_move, i, ccw, scratch)
                                == Some(Refusal::Undecided)
                        }) =>
                {
                    format!("{d} (not decided within {} laps)", self.max_laps)
                }
                _ => d.to_string(),
            })
            .collect()
    }

    #[inline]
    fn apply<S: EventSink>(
        &self,
        state: &mut DongWoState,
        decision: &DongWoDecision,
        scratch: &mut DongWoScratch,
        sink: &mut S,
    ) -> Result<(), Diagnostic> {
        self.apply_with_lookahead(state, decision, Lookahead::Ahead, scratch, sink)
    }

    fn actions_waiting(&self, state: &DongWoState) -> bool {
        !state.pending.is_empty()
    }

    fn implied(
        &self,
        state: &DongWoState,
        written: Option<&DongWoDecision>,
    ) -> Option<DongWoDecision> {
        let t = state.turn.as_ref()?;
        if t.stop.is_some() {
            return None;
        }
        if let Some(park) = &t.park {
            // A parked move goes on only when the written decision is a later one: a stop
            // after the muzi lap ahead, or a drop not in it; the muzi lap's drop, when forced,
            // was left out.
            let (board, at, _) = Self::at_node(&state.board, t, park)?;
            let later = match written {
                Some(DongWoDecision::Stop { lap }) => *lap > park.last,
                Some(DongWoDecision::Drop { drop }) => {
                    let pieces = board.holes[at.next as usize] as usize + 1;
                    self.offset_of(&at, pieces, *drop).is_none()
                }
                _ => false,
            };
            return later.then(|| self.forced_drop(&board, &at)).flatten();
        }
        // A written drop into a hole of this lap is this lap's drop, legal or not; one that is
        // not in this lap belongs to a later lap, and this lap's forced drop was left out.
        if let Some(DongWoDecision::Drop { drop }) = written {
            let pieces = state.board.holes[t.next as usize] as usize + 1;
            if self.offset_of(t, pieces, *drop).is_some() {
                return None;
            }
        }
        self.forced_drop(&state.board, t)
    }

    fn decisions_from_move_into(
        &self,
        written: &Move,
        out: &mut Vec<(DongWoDecision, MovePart)>,
    ) -> Result<(), Diagnostic> {
        check_move_form(written, &MOVE_FORM)?;
        out.clear();
        let sowing = &written.sowings[0];
        let direction = sowing
            .direction
            .expect("the move form requires a direction");
        // Owner actions inside the move are queued first; each applies at its piece.
        out.extend(written.actions.iter().enumerate().map(|(i, a)| {
            (
                DongWoDecision::Act {
                    action: a.value.action,
                    step: Some(a.value.step),
                },
                MovePart::Action(i),
            )
        }));
        out.push((
            DongWoDecision::Sow {
                hole: sowing.hole.value,
                direction,
            },
            MovePart::Sowing(0),
        ));
        out.extend(sowing.muzi_drops.iter().enumerate().map(|(i, drop)| {
            (
                DongWoDecision::Drop { drop: drop.value },
                MovePart::MuziDrop(i),
            )
        }));
        if let Some(lap) = written.stopped_after_lap {
            out.push((DongWoDecision::Stop { lap }, MovePart::Whole));
        }
        Ok(())
    }

    fn compulsory_before(
        &self,
        state: &DongWoState,
        decision: &DongWoDecision,
    ) -> Vec<DongWoDecision> {
        self.deferred_before(state, decision)
            .into_iter()
            .map(|deal| DongWoDecision::Deal { deal })
            .collect()
    }

    fn begin_round<S: EventSink>(
        &self,
        state: &mut DongWoState,
        sink: &mut S,
    ) -> Result<(), Diagnostic> {
        match &mut state.between {
            Some(between) if !between.begun => {
                // Refused before the round is begun, so that a refusal changes nothing.
                state.round = next_round(state.round)?;
                between.begun = true;
            }
            _ => {
                return Err(Diagnostic::new(
                    general::ROUND_MARKER,
                    format!("round {} is not over", state.round),
                ))
            }
        }
        // dong-wo.next-round.first: «En les rondes posteriors alternen l'ordre».
        state.first = state.first.other();
        state.to_move = state.first;
        sink.event(Event::RoundStart {
            round: state.round,
            first: state.first,
        });
        Ok(())
    }

    #[inline]
    fn decision_from_action(&self, action: &HoleAction) -> Result<DongWoDecision, Diagnostic> {
        Ok(DongWoDecision::Act {
            action: *action,
            step: None,
        })
    }

    #[inline]
    fn decision_from_transaction(&self, deal: &Transaction) -> Result<DongWoDecision, Diagnostic> {
        Ok(DongWoDecision::Deal { deal: *deal })
    }

    fn pass_decision(&self) -> Option<DongWoDecision> {
        Some(DongWoDecision::Pass)
    }

    fn move_from_decisions(&self, turn: &[DongWoDecision]) -> Element {
        let spanned = |hole: Hole| Spanned::new(hole, Default::default());
        let anchored: Vec<_> = turn
            .iter()
            .map_while(|d| match *d {
                DongWoDecision::Act {
                    action,
                    step: Some(step),
                } => Some(Spanned::new(
                    AnchoredAction { step, action },
                    Default::default(),
                )),
                _ => None,
            })
            .collect();
        let turn = &turn[anchored.len()..];
        let (hole, direction) = match turn.first() {
            Some(&DongWoDecision::Sow { hole, direction }) => (hole, direction),
            Some(&DongWoDecision::Deal { deal }) => {
                return Element::Transaction(Spanned::new(deal, Default::default()))
            }
            Some(&DongWoDecision::Act { action, .. }) => {
                return Element::Action(Spanned::new(action, Default::default()))
            }
            _ => return Element::Pass(Spanned::new((), Default::default())),
        };
        let mut drops = Vec::new();
        let mut stop = None;
        for d in &turn[1..] {
            match *d {
                DongWoDecision::Drop { drop } => drops.push(Spanned::new(drop, Default::default())),
                DongWoDecision::Stop { lap } => stop = Some(lap),
                _ => {}
            }
        }
        Element::Move(Spanned::new(
            Move {
                sowings: Sowing {
                    hole: spanned(hole),
                    direction: Some(direction),
                    transfer_to: None,
                    muzi_drops: drops.into(),
                }
                .into(),
                extra_captures: Few::new(),
                actions: anchored.into(),
                stopped_after_lap: stop,
            },
            Default::default(),
        ))
    }
}

impl RulesExt for DongWo {
    fn position_matches(&self, state: &DongWoState, claim: &Position) -> bool {
        // Asked at every checkpoint of a record: each claimed hole is read once, branch-free,
        // into its count and a code of what else it holds (`hole_code`), compared with the
        // board's, whose codes are written once for the few holes with a muzi or an owner.
        let board = &state.board;
        let (Ok(a), Ok(b)) = (
            <&[HoleState; 5]>::try_from(claim.holes.row(Side::A)),
            <&[HoleState; 5]>::try_from(claim.holes.row(Side::B)),
        ) else {
            return false;
        };
        let expected = board_codes(board);
        let mut differ = 0;
        // In ring order: B's row (ring 0..5), then A's (5..10).
        for (first, row) in [(0, b), (5, a)] {
            for (k, c) in row.iter().enumerate() {
                let i = first + k;
                differ |= (c.pile.seeds ^ u32::from(board.holes[i])) | (hole_code(c) ^ expected[i]);
            }
        }
        differ == 0
            && claim.stores == state.winnings
            && claim.to_move == state.to_move
            && claim.round == state.round
            && claim.debts == state.debts
    }

    fn written_position_len(&self, state: &DongWoState, text: &str) -> Option<usize> {
        // Asked at every checkpoint a check reads: the position is written as MGN writes it,
        // its rows from the board's bytes and bits, on the stack, and compared with the text
        // at once, rather than compared field by field as each hole is built.
        let board = &state.board;
        let mut out = PositionText::default();
        let [muzi_a, muzi_b] = board.muzi_rings();
        let special = muzi_a | muzi_b | board.owned;
        // A's row is ring 5..10, B's 0..5; each hole is followed by a comma, which is then
        // the `/` after A's row and taken back after B's.
        for first in [5, 0] {
            for i in first..first + 5 {
                let n = board.holes[i];
                if special >> i & 1 == 0 {
                    out.count_then(n, b',');
                    continue;
                }
                // As `push_hole_state`: a hole holding a muzi alone is written without its
                // count.
                if n > 0 || (muzi_a | muzi_b) >> i & 1 == 0 {
                    out.number(u32::from(n));
                }
                if muzi_a >> i & 1 == 1 {
                    out.two(b'm', b'A');
                }
                if muzi_b >> i & 1 == 1 {
                    out.two(b'm', b'B');
                }
                // A won or bought hole's owner is the other row's player.
                if board.owned >> i & 1 == 1 {
                    out.two(b'@', if i < 5 { b'A' } else { b'B' });
                }
                out.byte(b',');
            }
            out.replace_last(b'/');
        }
        out.take_back();
        out.head(&state.winnings, state.to_move, state.round, state.debts);
        out.len_in(text)
    }

    fn decision_runs(
        &self,
        state: &DongWoState,
        scratch: &mut DongWoScratch,
        out: &mut Vec<DongWoDecision>,
        counts: &mut Vec<u64>,
    ) {
        counts.clear();
        let Some((t, park)) = parked(state) else {
            return self.random_decisions(state, scratch, out);
        };
        // A parked move's stops are one run, whatever the laps; then the drops ahead.
        out.clear();
        out.push(DongWoDecision::Stop { lap: park.first });
        if let Some((board, t, node)) = Self::at_node(&state.board, t, park) {
            self.drops_listed(
                &board,
                &t,
                &[&state.seen[..], &[node]].concat(),
                out,
                scratch,
            );
        }
        counts.push(u64::from(park.last - park.first) + 1);
        counts.resize(out.len(), 1);
    }

    fn decision_in_run(&self, first: &DongWoDecision, i: u64) -> DongWoDecision {
        match *first {
            // Within the run, whose last lap is a u32.
            DongWoDecision::Stop { lap } => DongWoDecision::Stop {
                lap: lap + i as u32,
            },
            decision => decision,
        }
    }

    /// Only under `dong-wo.endless=illegal`, the one value whose look-ahead refuses a move
    /// for never ending: under the others a move that never ends stops, and where it may stop
    /// is part of the move.
    fn looks_ahead_to_end(&self) -> bool {
        self.config.endless == EndlessMove::Illegal
    }

    /// The look-ahead of a move with owner actions in it is kept: they change its course.
    #[inline]
    fn apply_with_lookahead<S: EventSink>(
        &self,
        state: &mut DongWoState,
        decision: &DongWoDecision,
        lookahead: Lookahead,
        scratch: &mut DongWoScratch,
        sink: &mut S,
    ) -> Result<(), Diagnostic> {
        if state.over.is_some() {
            return Err(Diagnostic::new(general::GAME_OVER, "the game is over"));
        }
        if let DongWoDecision::Act { action, step: None } = decision {
            return self.act_between_moves(state, action, sink, scratch);
        }
        // Transactions and the first move after a round's transactions work on a copy, so that
        // a refusal half-way changes nothing. A move (with owner actions inside or not) is
        // played in place: `play` puts back what a refused one changed.
        let between_move = state.between.is_some()
            && matches!(decision, DongWoDecision::Sow { .. } | DongWoDecision::Pass);
        if between_move || matches!(decision, DongWoDecision::Deal { .. }) {
            return self.apply_on_clone(state, decision, sink, scratch, lookahead);
        }
        self.play(state, decision, sink, scratch, lookahead)
    }
}

/// The turn under way and its park, when a move that can no longer end waits for its stop
/// (`dong-wo.endless=stop-any-lap`).
fn parked(state: &DongWoState) -> Option<(&InMove, &Park)> {
    let t = state.turn.as_ref()?;
    Some((t, t.park.as_ref()?))
}

/// What a claimed hole holds besides its count, as `position_matches` compares it: a byte
/// each for A's muzi, B's muzi, its owner (0 A, 1 B, 2 none: `Option<Side>`'s own bytes) and
/// whether it is out of play. Built as two pairs of neighbouring fields, which the compiler
/// reads a pair at a time and, over the ten holes, four holes at a time: the claim's holes
/// gathered as bit masks were compared in about 280 instructions a checkpoint, this in 160.
#[inline(always)]
fn hole_code(c: &HoleState) -> u32 {
    let owner = c.owner.map_or(2, |side| side as u8);
    let muzi = u16::from(c.pile.muzi.a) | u16::from(c.pile.muzi.b) << 8;
    let rest = u16::from(owner) | u16::from(c.out_of_play) << 8;
    u32::from(muzi) | u32::from(rest) << 16
}

/// The codes of the board's ten holes (`hole_code` of each `Board::hole_state`), in ring order.
#[inline(always)]
fn board_codes(board: &Board) -> [u32; N] {
    // Branch-free, hole by hole: a loop over the owned holes alone, as many as there are,
    // mispredicted its end.
    let [muzi_a, muzi_b] = board.muzi_rings().map(u32::from);
    let owned = u32::from(board.owned);
    let mut codes = [0; N];
    for (i, code) in codes.iter_mut().enumerate() {
        // A won or bought hole's owner is the other row's player: A (0) for B's row, B (1)
        // for A's; 2 for none.
        let owned = owned >> i & 1;
        let owner = if i < 5 { 2 - 2 * owned } else { 2 - owned };
        *code = muzi_a >> i & 1 | (muzi_b >> i & 1) << 8 | owner << 16;
    }
    codes
}
