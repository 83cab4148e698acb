//! Dong Wo between rounds: the hole the round's winner takes, the muzi bought back, the fill,
//! borrowing and repaying, purchases and swaps; and the owner actions on won and bought holes
//! (`^A4`, `+A4`, `^^A4`). See docs/rules/dong-wo.md, "The whole game".
//!
//! Every transaction is checked against a copy of the state, so a refused one changes nothing.
//! The steps the rules make compulsory and that leave no choice (the muzi bought back, the
//! fill) may be left out of a record: a later transaction, or the first move of the round,
//! makes them first, in their order.

use super::*;
use crate::code::Code;
use crate::notation::{ActionKind, FillTarget, HoleAction, Transaction};
use crate::rules::general;

/// The price of a hole, bought or bought back (both sources).
const HOLE_PRICE: u32 = 10;
/// Stones put into a hole bought back (both sources), and into every regular hole by the fill.
const FILL_STONES: u32 = 5;
/// The price of a lost muzi (both sources).
const MUZI_PRICE: u32 = 5;
/// Stones the fill puts into an empty won or bought hole (`dong-wo.owned.top-up=one-stone`).
const TOP_UP_STONES: u32 = 1;

fn refuse(rule: Code, message: String) -> Diagnostic {
    Diagnostic::new(rule, message)
}

/// The ring index of a hole a transaction names, refused when the board has no such hole.
fn board_index(hole: Hole) -> Result<usize, Diagnostic> {
    ring_index(hole).ok_or_else(|| refuse(BOARD, format!("{hole} is not a hole of the 2x5 board")))
}

impl DongWo {
    /// What `side` still has to pay or put before the round starts: his lost muzi's price and
    /// 5 stones for each regular hole not yet filled.
    fn need(&self, state: &DongWoState, side: Side) -> u32 {
        let filled = state.between.as_ref().map_or(u16::MAX, |b| b.filled);
        let end = self.end_hole(side);
        let holes = holes_of(state.board.regular(side) & !filled)
            .filter(|&i| i != end)
            .count() as u32;
        let muzi = if self.muzi_lost(state, side) {
            MUZI_PRICE
        } else {
            0
        };
        let top_ups = self.top_ups(state, side).count_ones();
        FILL_STONES * holes + TOP_UP_STONES * top_ups + muzi
    }

    /// The won and bought holes of `side` that his fill tops up to one stone: under
    /// `dong-wo.owned.top-up=one-stone`, those that are empty and not yet topped up.
    fn top_ups(&self, state: &DongWoState, side: Side) -> u16 {
        let Some(between) = &state.between else {
            return 0;
        };
        if self.config.owned_top_up == OwnedTopUp::AsTheyAre {
            return 0;
        }
        holes_of(row_mask(side.other()) & state.board.owned & !between.filled)
            .filter(|&i| state.board.holes[i] == 0)
            .fold(0, |mask, i| mask | 1 << i)
    }

    /// The holes `side`'s fill has still to fill: his regular holes not yet filled, and the
    /// won or bought holes it tops up.
    fn to_fill(&self, state: &DongWoState, side: Side) -> u16 {
        let filled = state.between.as_ref().map_or(u16::MAX, |b| b.filled);
        state.board.regular(side) & !filled | self.top_ups(state, side)
    }

    fn muzi_lost(&self, state: &DongWoState, side: Side) -> bool {
        state.winnings[side.other().index()].muzi.has(side)
    }

    /// Stones `side` can lend: what he has beyond his own needs.
    fn surplus(&self, state: &DongWoState, side: Side) -> u32 {
        state.winnings[side.index()]
            .seeds
            .saturating_sub(self.need(state, side))
    }

    /// `side` borrows `stones` from the opponent, whose debt it becomes; refused, changing
    /// nothing, when the debt would pass `u32::MAX`.
    pub(super) fn lend<S: EventSink>(
        state: &mut DongWoState,
        side: Side,
        stones: u32,
        rule: Code,
        events: &mut S,
    ) -> Result<(), Diagnostic> {
        if stones == 0 {
            return Ok(());
        }
        owe(&mut state.debts, side, stones, rule)?;
        state.winnings[side.other().index()].seeds -= stones;
        state.winnings[side.index()].seeds += stones;
        events.event(Event::Transfer {
            from: side.other(),
            to: side,
            seeds: stones,
            rule,
        });
        Ok(())
    }

    /// Put up to `stones` small stones from `from`'s winnings into ring hole `i`.
    fn place(
        state: &mut DongWoState,
        i: usize,
        from: Side,
        stones: u32,
        rule: Code,
        events: &mut impl EventSink,
    ) {
        // At most the game's 40 small stones from here on, whatever `stones` a record wrote
        // (`buy:B2=4294967295`), so that the hole's `u8` holds them.
        let stones = stones.min(state.winnings[from.index()].seeds);
        if stones == 0 {
            return;
        }
        state.winnings[from.index()].seeds -= stones;
        state.board.holes[i] += stones as u8;
        events.event(Event::Place {
            hole: ring_hole(i),
            pile: Pile {
                seeds: stones,
                muzi: Muzi::NONE,
            },
            from,
            rule,
        });
    }

    /// The small stones of ring hole `i` go to `to`'s winnings.
    fn empty_into(
        state: &mut DongWoState,
        i: usize,
        to: Side,
        rule: Code,
        events: &mut impl EventSink,
    ) {
        let seeds = state.board.holes[i] as u32;
        if seeds == 0 {
            return;
        }
        state.board.holes[i] = 0;
        state.winnings[to.index()].seeds += seeds;
        events.event(Event::Gather {
            hole: ring_hole(i),
            seeds,
            by: to,
            rule,
        });
    }

    fn set_owner(
        state: &mut DongWoState,
        i: usize,
        owner: Option<Side>,
        rule: Code,
        events: &mut impl EventSink,
    ) {
        match owner {
            Some(_) => state.board.owned |= 1 << i,
            None => state.board.owned &= !(1 << i),
        }
        events.event(Event::Owner {
            hole: ring_hole(i),
            owner,
            rule,
        });
    }

    /// Funds for a purchase: the winnings, less the debts under `dong-wo.buy.funds=after-debts`.
    fn funds(&self, state: &DongWoState, side: Side) -> u32 {
        let seeds = state.winnings[side.index()].seeds;
        if self.config.buy_funds == BuyFunds::AfterDebts {
            seeds.saturating_sub(state.debts[side.index()])
        } else {
            seeds
        }
    }

    /// `needed` is a `u64`: a purchase's stones are written in the record, and the price
    /// added to `buy:B2=4294967295` would wrap a `u32` round to 9. `what` is put in words only
    /// for a refusal.
    fn check_funds(
        &self,
        state: &DongWoState,
        side: Side,
        needed: u64,
        what: fmt::Arguments,
    ) -> Result<(), Diagnostic> {
        let funds = self.funds(state, side);
        if u64::from(funds) >= needed {
            return Ok(());
        }
        let debts =
            if self.config.buy_funds == BuyFunds::AfterDebts && state.debts[side.index()] > 0 {
                format!(
                    " ({} in winnings less {} of debts, dong-wo.buy.funds=after-debts)",
                    state.winnings[side.index()].seeds,
                    state.debts[side.index()]
                )
            } else {
                String::new()
            };
        Err(refuse(
            BuyFunds::CODE,
            format!("{what} needs {needed} stones and {side} has {funds}{debts}"),
        ))
    }

    /// The game ends when a player is reduced to a single regular hole.
    fn check_game_end(&self, state: &mut DongWoState, events: &mut impl EventSink) {
        if state.over.is_some() {
            return;
        }
        for side in [Side::A, Side::B] {
            if state.board.regular(side).count_ones() <= 1 {
                let winner = Some(side.other());
                state.over = Some(winner);
                state.between = None;
                events.event(Event::GameEnd {
                    winner,
                    rule: GAME_END,
                });
                return;
            }
        }
    }

    /// The holes whose pieces go to `side`'s winnings when a round ends: his regular holes,
    /// and under `dong-wo.round.owned-holes=gather` the holes he owns in the other row too.
    pub(super) fn gathered_by(&self, board: &Board, side: Side) -> u16 {
        match self.config.round_owned_holes {
            RoundOwnedHoles::Keep => board.regular(side),
            RoundOwnedHoles::Gather => board.sector(side),
        }
    }

    /// The rule a round's end gathers hole `i` under: an owned hole is emptied only by
    /// `dong-wo.round.owned-holes=gather`, and the trace says so.
    pub(super) fn gather_rule(board: &Board, i: usize) -> Code {
        if board.owner(i).is_some() {
            RoundOwnedHoles::CODE
        } else {
            ROUND_GATHER
        }
    }

    /// Who gets muzi `m`, left on the board at a round's end in a hole `side` gathers under
    /// `rule`, and under which rule: its owner (`dong-wo.round.muzi-left=home`), or `side`
    /// (`sector-owner`), from whom its owner then buys it back.
    pub(super) fn muzi_gathered_to(&self, m: Side, side: Side, rule: Code) -> (Side, Code) {
        match self.config.round_muzi_left {
            RoundMuziLeft::Home => (m, rule),
            RoundMuziLeft::SectorOwner if side != m => (side, RoundMuziLeft::CODE),
            RoundMuziLeft::SectorOwner => (m, rule),
        }
    }

    /// The round's winner takes ring hole `i` of the loser's row and puts a stone in it.
    pub(super) fn take_hole(
        &self,
        state: &mut DongWoState,
        winner: Side,
        i: usize,
        events: &mut impl EventSink,
    ) -> Result<(), Diagnostic> {
        Self::set_owner(state, i, Some(winner), ROUND_WIN, events);
        if state.winnings[winner.index()].seeds == 0 {
            let lend = 1.min(state.winnings[winner.other().index()].seeds);
            Self::lend(state, winner, lend, BORROW, events)?;
        }
        Self::place(state, i, winner, 1, ROUND_WIN, events);
        if let Some(between) = &mut state.between {
            between.winner = None;
            between.just_won = Some(i as u8);
        }
        self.check_game_end(state, events);
        Ok(())
    }

    /// The winner's hole, when it is still to be taken: taken here when only one hole
    /// qualifies, else a refusal naming the holes.
    fn win_first(
        &self,
        state: &mut DongWoState,
        events: &mut impl EventSink,
    ) -> Result<(), Diagnostic> {
        let Some(winner) = state.between.as_ref().and_then(|b| b.winner) else {
            return Ok(());
        };
        let holes: Vec<usize> = self.winnable(&state.board, winner).collect();
        if let [only] = holes[..] {
            return self.take_hole(state, winner, only, events);
        }
        Err(refuse(
            ROUND_WIN,
            format!(
                "{winner} won the round and takes a hole of {}'s row first: win:{}",
                winner.other(),
                holes
                    .iter()
                    .map(|&i| ring_hole(i).to_string())
                    .collect::<Vec<_>>()
                    .join(" or win:")
            ),
        ))
    }

    fn buy_back_muzi(
        &self,
        state: &mut DongWoState,
        side: Side,
        events: &mut impl EventSink,
    ) -> Result<(), Diagnostic> {
        let holder = side.other();
        let paid = MUZI_PRICE.min(state.winnings[side.index()].seeds);
        // What he cannot pay he owes: the lender would be the seller himself.
        owe(&mut state.debts, side, MUZI_PRICE - paid, MUZI_BUY_BACK)?;
        state.winnings[side.index()].seeds -= paid;
        state.winnings[holder.index()].seeds += paid;
        if paid > 0 {
            events.event(Event::Transfer {
                from: side,
                to: holder,
                seeds: paid,
                rule: MUZI_BUY_BACK,
            });
        }
        let w = &mut state.winnings[holder.index()];
        match side {
            Side::A => w.muzi.a = false,
            Side::B => w.muzi.b = false,
        }
        set_muzi(&mut state.winnings[side.index()], side);
        events.event(Event::MuziSale {
            muzi: side,
            from: holder,
            to: side,
            rule: MUZI_BUY_BACK,
        });
        Ok(())
    }

    /// Fill the holes of `mask` (holes waiting for `side`'s fill): the muzi into its end hole,
    /// 5 stones into each other regular hole, then one into each won or bought hole it tops up
    /// (`dong-wo.owned.top-up=one-stone`), borrowing what he lacks from the opponent's surplus.
    fn fill(
        &self,
        state: &mut DongWoState,
        side: Side,
        mask: u16,
        events: &mut impl EventSink,
    ) -> Result<(), Diagnostic> {
        // Both muzi are bought back before either fill (000: «després de vendre la llavor
        // laomuzi [...] els jugadors omplen»): what each may lend depends on both.
        for side in [Side::A, Side::B] {
            if self.muzi_lost(state, side) {
                self.buy_back_muzi(state, side, events)?;
            }
        }
        if let Some(between) = &mut state.between {
            between.fill_made = true;
            between.just_won = None;
        }
        let end = self.end_hole(side);
        let regular = state.board.regular(side);
        for i in holes_of(mask & regular).chain(holes_of(mask & !regular)) {
            if i == end {
                if state.winnings[side.index()].muzi.has(side) {
                    match side {
                        Side::A => state.winnings[0].muzi.a = false,
                        Side::B => state.winnings[1].muzi.b = false,
                    }
                    state.board.muzi[side.index()] = Some(i as u8);
                    events.event(Event::Place {
                        hole: ring_hole(i),
                        pile: Pile {
                            seeds: 0,
                            muzi: Muzi::of(side),
                        },
                        from: side,
                        rule: FILL,
                    });
                }
            } else {
                // A won or bought hole in the mask is one the fill tops up.
                let (stones, rule) = if state.board.owner(i) == Some(side) {
                    (TOP_UP_STONES, OwnedTopUp::CODE)
                } else {
                    (FILL_STONES, FILL)
                };
                let lack = stones.saturating_sub(state.winnings[side.index()].seeds);
                let lend = lack.min(self.surplus(state, side.other()));
                Self::lend(state, side, lend, BORROW, events)?;
                Self::place(state, i, side, stones, rule, events);
            }
            if let Some(between) = &mut state.between {
                between.filled |= 1 << i;
            }
        }
        Ok(())
    }

    /// The steps before purchases: the winner's hole, then the muzi bought back, and under
    /// `dong-wo.buy.when=after-fill` the fills; under `before-fill` a fill already made
    /// closes the purchases.
    fn before_purchase(
        &self,
        state: &mut DongWoState,
        what: &str,
        events: &mut impl EventSink,
    ) -> Result<(), Diagnostic> {
        if self.config.buy_when == BuyWhen::AfterFill {
            return self.complete(state, events);
        }
        self.win_first(state, events)?;
        if state.between.as_ref().is_some_and(|b| b.fill_made) {
            return Err(refuse(
                BuyWhen::CODE,
                format!("{what} comes before the fill (dong-wo.buy.when=before-fill), and a fill has been made"),
            ));
        }
        for side in [Side::A, Side::B] {
            if self.muzi_lost(state, side) {
                self.buy_back_muzi(state, side, events)?;
            }
        }
        Ok(())
    }

    /// Every compulsory step still to do: the winner's hole (when only one qualifies), the
    /// muzi bought back, both players' fills.
    fn complete(
        &self,
        state: &mut DongWoState,
        events: &mut impl EventSink,
    ) -> Result<(), Diagnostic> {
        self.win_first(state, events)?;
        for side in [Side::A, Side::B] {
            if state.between.is_none() {
                return Ok(());
            }
            let mask = self.to_fill(state, side);
            self.fill(state, side, mask, events)?;
        }
        Ok(())
    }

    /// One transaction, on `state` (a copy: the caller keeps it only when this succeeds).
    pub(super) fn transact(
        &self,
        state: &mut DongWoState,
        deal: &Transaction,
        events: &mut impl EventSink,
    ) -> Result<(), Diagnostic> {
        self.deal(state, deal, events)?;
        self.check_game_end(state, events);
        Ok(())
    }

    fn deal(
        &self,
        state: &mut DongWoState,
        deal: &Transaction,
        events: &mut impl EventSink,
    ) -> Result<(), Diagnostic> {
        if state.between.is_none() || state.turn.is_some() {
            return Err(refuse(
                BETWEEN,
                format!("{} is a transaction between rounds: it comes after a round's last move and before the next round's first", DongWoDecision::Deal { deal: *deal }),
            ));
        }
        if state.between.as_ref().is_some_and(|b| !b.begun) {
            return Err(refuse(
                general::ROUND_MARKER,
                format!(
                    "{}: round {} is over, and its transactions come after the `round {}` marker",
                    DongWoDecision::Deal { deal: *deal },
                    state.round,
                    state.round + 1
                ),
            ));
        }
        match *deal {
            Transaction::Win { hole } => self.win_hole(state, hole, events),
            Transaction::Muzi { side } => self.buy_muzi_back(state, side, events),
            Transaction::Fill { target } => self.fill_named(state, target, events),
            Transaction::Borrow { side, stones } => self.borrow(state, side, stones, events),
            Transaction::Repay { side, stones } => self.repay(state, side, stones, events),
            Transaction::Buy { hole, stones } => self.buy(state, hole, stones, events),
            Transaction::Rebuy { hole } => self.rebuy(state, hole, events),
            Transaction::Swap { first, second } => self.swap(state, (first, second), events),
        }
    }

    /// `win:hole`: the round's winner takes a hole of the loser's row.
    #[inline]
    fn win_hole(
        &self,
        state: &mut DongWoState,
        hole: Hole,
        events: &mut impl EventSink,
    ) -> Result<(), Diagnostic> {
        let i = board_index(hole)?;
        let Some(winner) = state.between.as_ref().and_then(|b| b.winner) else {
            return Err(refuse(
                ROUND_WIN,
                "no hole is to be won now: the round was ping (even), or its winner has taken his hole".into(),
            ));
        };
        if !self.winnable(&state.board, winner).any(|w| w == i) {
            return Err(refuse(
                ROUND_WIN,
                format!(
                    "{winner} takes a hole of {}'s row that {} still holds, not the muzi's end hole: {} qualify, not {hole}",
                    winner.other(),
                    winner.other(),
                    self.winnable(&state.board, winner)
                        .map(|i| ring_hole(i).to_string())
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            ));
        }
        self.take_hole(state, winner, i, events)
    }

    /// `muzi:side`: `side` buys back his muzi from the opponent's winnings.
    #[inline]
    fn buy_muzi_back(
        &self,
        state: &mut DongWoState,
        side: Side,
        events: &mut impl EventSink,
    ) -> Result<(), Diagnostic> {
        self.win_first(state, events)?;
        if !self.muzi_lost(state, side) {
            return Err(refuse(
                MUZI_BUY_BACK,
                format!(
                    "{side}'s muzi is not in {}'s winnings: there is nothing to buy back",
                    side.other()
                ),
            ));
        }
        self.buy_back_muzi(state, side, events)
    }

    /// `fill:side` or `fill:hole`: a player's whole fill, or the fill of one hole.
    #[inline]
    fn fill_named(
        &self,
        state: &mut DongWoState,
        target: FillTarget,
        events: &mut impl EventSink,
    ) -> Result<(), Diagnostic> {
        self.win_first(state, events)?;
        let (side, mask) = match target {
            FillTarget::Side(side) => (side, self.to_fill(state, side)),
            FillTarget::Hole(hole) => {
                let i = board_index(hole)?;
                // A won or bought hole is filled by its owner when his fill tops it up.
                let side = state.board.owner(i).unwrap_or(hole.side);
                if self.to_fill(state, side) >> i & 1 == 0 {
                    let message = match self.config.owned_top_up {
                        OwnedTopUp::AsTheyAre => format!("{hole} is not a regular hole of {} waiting for its fill (a won or bought hole is not filled, and a hole is filled once)", hole.side),
                        OwnedTopUp::OneStone => format!("{hole} is not a hole waiting for {side}'s fill (a won or bought hole is topped up when it is empty, dong-wo.owned.top-up=one-stone; a hole is filled once)"),
                    };
                    return Err(refuse(FILL, message));
                }
                (side, 1 << i)
            }
        };
        if mask == 0 {
            let holes = match self.config.owned_top_up {
                OwnedTopUp::AsTheyAre => "regular holes are",
                OwnedTopUp::OneStone => "holes are",
            };
            return Err(refuse(FILL, format!("{side}'s {holes} filled already")));
        }
        self.fill(state, side, mask, events)
    }

    /// `borrow:side:stones`: `side` borrows from the opponent's surplus what he lacks.
    #[inline]
    fn borrow(
        &self,
        state: &mut DongWoState,
        side: Side,
        stones: u32,
        events: &mut impl EventSink,
    ) -> Result<(), Diagnostic> {
        self.win_first(state, events)?;
        let lack = self
            .need(state, side)
            .saturating_sub(state.winnings[side.index()].seeds);
        let surplus = self.surplus(state, side.other());
        if stones == 0 || stones > lack || stones > surplus {
            return Err(refuse(
                BORROW,
                format!(
                    "{side} borrows only what he lacks for his muzi and his fill ({lack} now), out of {}'s surplus ({surplus} now), not {stones}",
                    side.other()
                ),
            ));
        }
        Self::lend(state, side, stones, BORROW, events)
    }

    /// `repay:side:stones`: `side` pays back some of his debt out of his winnings.
    #[inline]
    fn repay(
        &self,
        state: &mut DongWoState,
        side: Side,
        stones: u32,
        events: &mut impl EventSink,
    ) -> Result<(), Diagnostic> {
        self.win_first(state, events)?;
        let debt = state.debts[side.index()];
        let has = state.winnings[side.index()].seeds;
        if stones == 0 || stones > debt || stones > has {
            return Err(refuse(
                REPAY,
                format!(
                    "{side} owes {debt} and has {has} in his winnings: he cannot pay back {stones}"
                ),
            ));
        }
        state.winnings[side.index()].seeds -= stones;
        state.winnings[side.other().index()].seeds += stones;
        state.debts[side.index()] -= stones;
        events.event(Event::Transfer {
            from: side,
            to: side.other(),
            seeds: stones,
            rule: REPAY,
        });
        Ok(())
    }

    /// `buy:hole`: the opponent of the hole's side buys it, with `stones` (one unless
    /// written) to put in it.
    #[inline]
    fn buy(
        &self,
        state: &mut DongWoState,
        hole: Hole,
        stones: Option<u32>,
        events: &mut impl EventSink,
    ) -> Result<(), Diagnostic> {
        self.before_purchase(state, "a purchase", events)?;
        let i = board_index(hole)?;
        let seller = hole.side;
        let buyer = seller.other();
        if state.board.owned >> i & 1 == 1 {
            return Err(refuse(BUY, format!("{hole} belongs to {buyer} already")));
        }
        if i == self.end_hole(seller) {
            return Err(refuse(
                BUY,
                format!("{hole} is the muzi's end hole, which is never sold"),
            ));
        }
        let held = row_mask(buyer) & state.board.owned;
        if held != 0 {
            return Err(refuse(
                BUY_REBUY_FIRST,
                format!(
                    "{seller} holds {} in {buyer}'s row: {buyer} buys his own holes back first (rebuy:{})",
                    holes_of(held).map(|i| ring_hole(i).to_string()).collect::<Vec<_>>().join(", "),
                    ring_hole(holes_of(held).next().expect("a held hole"))
                ),
            ));
        }
        let stones = stones.unwrap_or(1);
        if stones == 0 {
            return Err(refuse(
                BUY,
                "at least one stone is put into a bought hole".into(),
            ));
        }
        self.check_funds(
            state,
            buyer,
            u64::from(HOLE_PRICE) + u64::from(stones),
            format_args!("buying {hole} for {HOLE_PRICE} with {stones} stone(s) to put in it"),
        )?;
        state.winnings[buyer.index()].seeds -= HOLE_PRICE;
        state.winnings[seller.index()].seeds += HOLE_PRICE;
        events.event(Event::Transfer {
            from: buyer,
            to: seller,
            seeds: HOLE_PRICE,
            rule: BUY,
        });
        Self::empty_into(state, i, seller, BUY, events);
        Self::set_owner(state, i, Some(buyer), BUY, events);
        Self::place(state, i, buyer, stones, BUY, events);
        self.check_game_end(state, events);
        Ok(())
    }

    /// `rebuy:hole`: the hole's side buys back a hole of his row the opponent holds.
    #[inline]
    fn rebuy(
        &self,
        state: &mut DongWoState,
        hole: Hole,
        events: &mut impl EventSink,
    ) -> Result<(), Diagnostic> {
        self.win_first(state, events)?;
        let i = board_index(hole)?;
        // 000: «un forat que acaba de ser guanyat pot ser immediatament recomprat pel
        // perdedor de la ronda»: before anything else.
        let just_won = state.between.as_ref().and_then(|b| b.just_won) == Some(i as u8);
        let side = hole.side;
        // Under dong-wo.rebuy.order=muzi-first the muzi come first even for the hole
        // just won: what the buyer paid for his own muzi here is what may leave him short.
        let mut muzi_paid = 0;
        if !just_won {
            self.before_purchase(state, "buying a hole back", events)?;
        } else if self.config.rebuy_order == RebuyOrder::MuziFirst {
            for s in [Side::A, Side::B] {
                if self.muzi_lost(state, s) {
                    let before = state.winnings[s.index()].seeds;
                    self.buy_back_muzi(state, s, events)?;
                    if s == side {
                        muzi_paid = before - state.winnings[s.index()].seeds;
                    }
                }
            }
        }
        if state.board.owner(i) != Some(side.other()) {
            return Err(refuse(
                REBUY,
                format!(
                    "{hole} is not held by {}: there is nothing to buy back",
                    side.other()
                ),
            ));
        }
        self.check_funds(
            state,
            side,
            u64::from(HOLE_PRICE + FILL_STONES),
            format_args!("buying {hole} back for {HOLE_PRICE} with {FILL_STONES} stones to put in it"),
        )
        .map_err(|refused| {
            if muzi_paid == 0 {
                return refused;
            }
            refuse(
                RebuyOrder::CODE,
                format!(
                    "{side}'s muzi is bought back before the hole just won (dong-wo.rebuy.order=muzi-first), for {muzi_paid}: {}",
                    refused.message
                ),
            )
        })?;
        state.winnings[side.index()].seeds -= HOLE_PRICE;
        state.winnings[side.other().index()].seeds += HOLE_PRICE;
        events.event(Event::Transfer {
            from: side,
            to: side.other(),
            seeds: HOLE_PRICE,
            rule: REBUY,
        });
        Self::empty_into(state, i, side.other(), REBUY, events);
        Self::set_owner(state, i, None, REBUY, events);
        Self::place(state, i, side, FILL_STONES, REBUY, events);
        if let Some(between) = &mut state.between {
            between.filled |= 1 << i;
        }
        Ok(())
    }

    /// `swap:first:second`: two owned holes, one in each row, go back to their rows' players.
    #[inline]
    fn swap(
        &self,
        state: &mut DongWoState,
        (first, second): (Hole, Hole),
        events: &mut impl EventSink,
    ) -> Result<(), Diagnostic> {
        self.before_purchase(state, "a swap", events)?;
        if self.config.swaps == Swaps::Refused {
            return Err(refuse(
                Swaps::CODE,
                "holes are swapped only under dong-wo.swap=by-agreement (the Catalan page)".into(),
            ));
        }
        let (i, j) = (board_index(first)?, board_index(second)?);
        let owners = (state.board.owner(i), state.board.owner(j));
        let (Some(a), Some(b)) = owners else {
            return Err(refuse(
                Swaps::CODE,
                format!("a swap exchanges two won or bought holes, one in each row: {first} and {second} are not both owned"),
            ));
        };
        if a == b {
            return Err(refuse(
                Swaps::CODE,
                format!("{first} and {second} both belong to {a}: a swap gives each player back a hole of his row"),
            ));
        }
        for (k, owner) in [(i, a), (j, b)] {
            Self::empty_into(state, k, owner, Swaps::CODE, events);
            Self::set_owner(state, k, None, Swaps::CODE, events);
        }
        match self.config.swap_fill {
            // Regular holes again, waiting for the ordinary fill (under
            // `dong-wo.buy.when=after-fill` the fills were made: the round's first
            // move, or `fill:A2`, fills them).
            SwapFill::WithTheFill => {
                if let Some(between) = &mut state.between {
                    between.filled &= !(1 << i | 1 << j);
                }
            }
            SwapFill::AtOnce => {
                for (k, owner) in [(i, a), (j, b)] {
                    let side = owner.other();
                    let lack = FILL_STONES.saturating_sub(state.winnings[side.index()].seeds);
                    let lend = lack.min(self.surplus(state, owner));
                    Self::lend(state, side, lend, BORROW, events)?;
                    Self::place(state, k, side, FILL_STONES, Swaps::CODE, events);
                    if let Some(between) = &mut state.between {
                        between.filled |= 1 << k;
                    }
                }
            }
        }
        Ok(())
    }

    /// The compulsory steps still to make that `decision` makes first, from `state`, as the
    /// transactions a record writes for them: each lost muzi bought back (`muzi:A`), then
    /// each fill (`fill:A`), as far as `decision` needs them (`before_purchase`,
    /// `close_between`). None while the winner's hole is still to choose: it comes first.
    pub(super) fn deferred_before(
        &self,
        state: &DongWoState,
        decision: &DongWoDecision,
    ) -> Vec<Transaction> {
        let Some(between) = &state.between else {
            return Vec::new();
        };
        if !between.begun || between.winner.is_some() || state.turn.is_some() {
            return Vec::new();
        }
        let after_fill = self.config.buy_when == BuyWhen::AfterFill;
        let (muzi, fills) = match decision {
            DongWoDecision::Sow { .. } | DongWoDecision::Pass => (true, true),
            DongWoDecision::Deal { deal } => match *deal {
                Transaction::Rebuy { hole }
                    if ring_index(hole).is_some_and(|i| between.just_won == Some(i as u8)) =>
                {
                    (self.config.rebuy_order == RebuyOrder::MuziFirst, false)
                }
                Transaction::Buy { .. } | Transaction::Rebuy { .. } | Transaction::Swap { .. } => {
                    (true, after_fill)
                }
                // A fill buys both muzi back before it.
                Transaction::Fill { .. } => (true, false),
                _ => (false, false),
            },
            DongWoDecision::Act { .. }
            | DongWoDecision::Drop { .. }
            | DongWoDecision::Stop { .. } => (false, false),
        };
        let mut steps = Vec::new();
        if muzi {
            for side in [Side::A, Side::B] {
                if self.muzi_lost(state, side) {
                    steps.push(Transaction::Muzi { side });
                }
            }
        }
        if fills {
            for side in [Side::A, Side::B] {
                if self.to_fill(state, side) != 0 {
                    steps.push(Transaction::Fill {
                        target: FillTarget::Side(side),
                    });
                }
            }
        }
        steps
    }

    /// The new round's first move or pass closes the transactions: the compulsory steps left
    /// out are made now.
    pub(super) fn close_between(
        &self,
        state: &mut DongWoState,
        events: &mut impl EventSink,
    ) -> Result<(), Diagnostic> {
        if state.between.is_none() {
            return Ok(());
        }
        self.complete(state, events)?;
        state.between = None;
        Ok(())
    }

    /// An owner action between moves.
    pub(super) fn act(
        &self,
        state: &mut DongWoState,
        action: &HoleAction,
        events: &mut impl EventSink,
    ) -> Result<(), Diagnostic> {
        self.act_on(&mut state.board, &mut state.winnings, action, None, events)
    }

    /// An owner action on the board, between moves or (`step`) within one.
    fn act_on<S: EventSink>(
        &self,
        board: &mut Board,
        winnings: &mut [Pile; 2],
        action: &HoleAction,
        step: Option<u32>,
        sink: &mut S,
    ) -> Result<(), Diagnostic> {
        let hole = action.hole;
        let written = DongWoDecision::Act {
            action: *action,
            step,
        };
        let i = ring_index(hole)
            .ok_or_else(|| refuse(BOARD, format!("{hole} is not a hole of the 2x5 board")))?;
        let Some(owner) = board.owner(i) else {
            return Err(refuse(
                OWNED,
                format!(
                    "{written}: {hole} is nobody's won or bought hole; owner actions are for those"
                ),
            ));
        };
        let stones = board.holes[i] as u32;
        match action.kind {
            ActionKind::Lift => {
                if stones == 0 {
                    return Err(refuse(
                        OWNED_LIFT,
                        format!("{written}: {hole} holds no stone to lift"),
                    ));
                }
                board.holes[i] -= 1;
                winnings[owner.index()].seeds += 1;
                sink.event(Event::Gather {
                    hole,
                    seeds: 1,
                    by: owner,
                    rule: OWNED_LIFT,
                });
            }
            ActionKind::Put => {
                if !board.is_empty(i) {
                    return Err(refuse(
                        OWNED_PUT,
                        format!("{written}: {owner} puts a stone only into his hole when it is empty, and {hole} holds {stones}"),
                    ));
                }
                if winnings[owner.index()].seeds == 0 {
                    return Err(refuse(
                        OWNED_PUT,
                        format!("{written}: {owner} has no stone in his winnings to put in"),
                    ));
                }
                winnings[owner.index()].seeds -= 1;
                board.holes[i] = 1;
                sink.event(Event::Place {
                    hole,
                    pile: Pile {
                        seeds: 1,
                        muzi: Muzi::NONE,
                    },
                    from: owner,
                    rule: OWNED_PUT,
                });
            }
            ActionKind::TakeTwo => {
                if self.config.owned_sown == OwnedSown::Winnings {
                    return Err(refuse(
                        OWNED_TAKE_TWO,
                        format!("{written}: under dong-wo.owned.sown=winnings a stone sown into a won or bought hole goes to its owner at once; the opponent's right to take two is the Catalan rule (dong-wo.owned.sown=stays)"),
                    ));
                }
                if stones != 3 {
                    return Err(refuse(
                        OWNED_TAKE_TWO,
                        format!("{written}: {} takes two out of {hole} when a third stone has arrived, leaving one, and it holds {stones}", owner.other()),
                    ));
                }
                board.holes[i] -= 2;
                winnings[owner.other().index()].seeds += 2;
                sink.event(Event::Gather {
                    hole,
                    seeds: 2,
                    by: owner.other(),
                    rule: OWNED_TAKE_TWO,
                });
            }
        }
        Ok(())
    }

    /// The transactions open now, for perft and random play: the winner's hole while it is
    /// to be taken, else each purchase, buy-back, swap and full repayment the rules allow
    /// (one stone in a bought hole). Returns the state with every compulsory step made, as the
    /// round's first move would make them, for the list of moves; `None` when those steps are
    /// refused (a fill would take a debt past `u32::MAX`), so that the round's first move is
    /// too and no move is listed.
    pub(super) fn deals(
        &self,
        state: &DongWoState,
        out: &mut Vec<DongWoDecision>,
    ) -> Option<DongWoState> {
        let mut ready = state.clone();
        if let Some(winner) = state.between.as_ref().and_then(|b| b.winner) {
            let holes: Vec<usize> = self.winnable(&state.board, winner).collect();
            if holes.len() > 1 {
                for i in holes {
                    out.push(DongWoDecision::Deal {
                        deal: Transaction::Win { hole: ring_hole(i) },
                    });
                }
                return Some(ready);
            }
        }
        let completed = self.complete(&mut ready, &mut ()).is_ok();
        let mut candidates = Vec::new();
        for i in 0..N {
            let hole = ring_hole(i);
            candidates.push(Transaction::Buy { hole, stones: None });
            candidates.push(Transaction::Rebuy { hole });
        }
        for side in [Side::A, Side::B] {
            let debt = state.debts[side.index()].min(state.winnings[side.index()].seeds);
            if debt > 0 {
                candidates.push(Transaction::Repay { side, stones: debt });
            }
        }
        if self.config.swaps == Swaps::ByAgreement {
            for i in holes_of(state.board.owned & row_mask(Side::A)) {
                for j in holes_of(state.board.owned & row_mask(Side::B)) {
                    candidates.push(Transaction::Swap {
                        first: ring_hole(i),
                        second: ring_hole(j),
                    });
                }
            }
        }
        for deal in candidates {
            let mut probe = state.clone();
            if self.transact(&mut probe, &deal, &mut ()).is_ok() {
                out.push(DongWoDecision::Deal { deal });
            }
        }
        completed.then_some(ready)
    }
}

impl DongWo {
    /// Whether `ds`, played from `state`, is a decision random play may draw: each is
    /// applied, every owner action written for the move has had its piece (before the move's
    /// first muzi lap), and a turn that goes on has a decision to go on with.
    fn fits(
        &self,
        state: &DongWoState,
        ds: &[DongWoDecision],
        scratch: &mut DongWoScratch,
    ) -> bool {
        let mut probe = state.clone();
        if ds
            .iter()
            .any(|d| self.apply(&mut probe, d, scratch, &mut ()).is_err())
        {
            return false;
        }
        // An action still waiting, past a muzi lap, would be checked only by a later drop.
        if !probe.pending.is_empty() {
            return false;
        }
        if probe.turn.is_none() {
            return true;
        }
        let mut next = Vec::new();
        self.decisions(&probe, scratch, &mut next);
        !next.is_empty()
    }

    /// The voluntary decisions random play draws besides those of `decisions` (which perft
    /// counts, docs/perft.md), added to `out`: owner actions between moves (`^A4`, `+A4`,
    /// `^^A4`), owner actions inside the move to come (`~12^A4`, offered right after the
    /// first piece the move sows into each owned hole, where 000's «Cada vegada que una llavor
    /// és sembrada en un forat capturat» puts them), and between rounds the transactions
    /// perft leaves out: part of a debt paid back, a hole bought with more than one stone, a
    /// loan taken before the fill. While actions wait for the move, `out` keeps only the
    /// moves they fit. Everything listed is legal (`fits`).
    pub(super) fn voluntary(
        &self,
        state: &DongWoState,
        out: &mut Vec<DongWoDecision>,
        scratch: &mut DongWoScratch,
    ) {
        if state.over.is_some() || state.turn.is_some() {
            return;
        }
        if !state.pending.is_empty() {
            out.retain(|d| {
                matches!(d, DongWoDecision::Sow { .. }) && self.fits(state, &[*d], scratch)
            });
        } else {
            self.free_steps_into(state, out, scratch);
        }
        self.anchored_actions(state, out, scratch);
    }

    /// The owner actions between moves and the transactions perft leaves out, added to `out`
    /// ([`Rules::free_steps`]); none while a move is under way or actions wait for one.
    pub(super) fn free_steps_into(
        &self,
        state: &DongWoState,
        out: &mut Vec<DongWoDecision>,
        scratch: &mut DongWoScratch,
    ) {
        if state.over.is_some() || state.turn.is_some() || !state.pending.is_empty() {
            return;
        }
        self.actions_between_moves(state, out, scratch);
        if state.between.as_ref().is_some_and(|b| b.begun) {
            self.voluntary_deals(state, out, scratch);
        }
    }

    fn actions_between_moves(
        &self,
        state: &DongWoState,
        out: &mut Vec<DongWoDecision>,
        scratch: &mut DongWoScratch,
    ) {
        if state.between.as_ref().is_some_and(|b| !b.begun) {
            return;
        }
        for i in holes_of(state.board.owned) {
            for kind in [ActionKind::Lift, ActionKind::Put, ActionKind::TakeTwo] {
                let d = DongWoDecision::Act {
                    action: HoleAction {
                        kind,
                        hole: ring_hole(i),
                    },
                    step: None,
                };
                if self.fits(state, &[d], scratch) {
                    out.push(d);
                }
            }
        }
    }

    fn voluntary_deals(
        &self,
        state: &DongWoState,
        out: &mut Vec<DongWoDecision>,
        scratch: &mut DongWoScratch,
    ) {
        let mut candidates = Vec::new();
        for side in [Side::A, Side::B] {
            // The whole debt (what he can pay of it) is among `decisions`.
            let full = state.debts[side.index()].min(state.winnings[side.index()].seeds);
            for stones in 1..full {
                candidates.push(Transaction::Repay { side, stones });
            }
            let lack = self
                .need(state, side)
                .saturating_sub(state.winnings[side.index()].seeds);
            for stones in 1..=lack.min(self.surplus(state, side.other())) {
                candidates.push(Transaction::Borrow { side, stones });
            }
        }
        for i in 0..N {
            let hole = ring_hole(i);
            let funds = self.funds(state, hole.side.other());
            // One stone is among `decisions`.
            for stones in 2..=funds.saturating_sub(HOLE_PRICE) {
                candidates.push(Transaction::Buy {
                    hole,
                    stones: Some(stones),
                });
            }
        }
        for deal in candidates {
            let d = DongWoDecision::Deal { deal };
            if self.fits(state, &[d], scratch) {
                out.push(d);
            }
        }
    }

    /// Owner actions inside the move to come, after those already waiting: for each move in
    /// `out`, one of each kind right after the first piece it sows into each owned hole, kept
    /// when that move can be played with it.
    fn anchored_actions(
        &self,
        state: &DongWoState,
        out: &mut Vec<DongWoDecision>,
        scratch: &mut DongWoScratch,
    ) {
        let after = state.pending.last().map_or(0, |&(step, _)| step);
        let mut found: Vec<(DongWoDecision, DongWoDecision)> = Vec::new();
        let moves: Vec<DongWoDecision> = out
            .iter()
            .copied()
            .filter(|d| matches!(d, DongWoDecision::Sow { .. }))
            .collect();
        for m in moves {
            let mut probe = state.clone();
            let mut events = Vec::new();
            if self.apply(&mut probe, &m, scratch, &mut events).is_err() {
                continue;
            }
            let (mut pieces, mut seen) = (0u32, 0u16);
            for event in &events {
                let Event::Sow { hole } = *event else {
                    continue;
                };
                pieces += 1;
                let Some(i) = ring_index(hole) else { continue };
                if probe.board.owner(i).is_none() || seen >> i & 1 == 1 || pieces < after {
                    continue;
                }
                seen |= 1 << i;
                for kind in [ActionKind::Lift, ActionKind::Put, ActionKind::TakeTwo] {
                    let act = DongWoDecision::Act {
                        action: HoleAction { kind, hole },
                        step: Some(pieces),
                    };
                    if !found.iter().any(|&(a, _)| a == act) {
                        found.push((act, m));
                    }
                }
            }
        }
        for (act, m) in found {
            if self.fits(state, &[act, m], scratch) {
                out.push(act);
            }
        }
    }
}

/// What a lap does after its pick-up and after each piece it sows: nothing, while no owner
/// action waits; or the owner actions anchored at that piece of the move.
pub(super) trait PieceHook {
    /// `sowed`: a piece was just sown (else: the lap's pick-up).
    fn after<S: EventSink>(
        &mut self,
        rules: &DongWo,
        board: &mut Board,
        sowed: bool,
        sink: &mut S,
    ) -> Result<(), Diagnostic>;
}

impl PieceHook for () {
    #[inline(always)]
    fn after<S: EventSink>(
        &mut self,
        _: &DongWo,
        _: &mut Board,
        _: bool,
        _: &mut S,
    ) -> Result<(), Diagnostic> {
        Ok(())
    }
}

/// The owner actions written inside a move (`~12^A4`), waiting for their piece: each applies
/// right after the piece it names is sown (`~0`: after the move's first pick-up).
pub(super) struct Anchors<'s> {
    pub pending: &'s mut Vec<(u32, HoleAction)>,
    pub winnings: &'s mut [Pile; 2],
    /// Pieces of the move sown so far.
    pub sown: &'s mut u32,
}

impl PieceHook for Anchors<'_> {
    fn after<S: EventSink>(
        &mut self,
        rules: &DongWo,
        board: &mut Board,
        sowed: bool,
        sink: &mut S,
    ) -> Result<(), Diagnostic> {
        if sowed {
            *self.sown += 1;
        }
        while let Some(&(step, action)) = self.pending.first() {
            if step != *self.sown {
                break;
            }
            rules.act_on(board, self.winnings, &action, Some(step), sink)?;
            self.pending.remove(0);
        }
        Ok(())
    }
}
