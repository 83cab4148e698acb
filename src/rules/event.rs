//! The steps of play the rules report, and where they go.

use crate::code::Code;
use crate::notation::{Hole, Pile, Side};

/// One step of play, as the replay engine reports it. Each step that a rule decides names the
/// rule's code (or the code of the option that decided it). Serialized for `mgn replay --trace`
/// with its kind under `event` (schema `mgn-trace/1`, docs/ci.md), a pile always as the map of
/// `seeds` and `muzi` (a document's short form, a number, came after that schema).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(tag = "event", rename_all = "kebab-case")]
pub enum Event {
    /// A lap starts: the mover (or a relay) takes every seed of `hole`.
    PickUp {
        /// The hole emptied.
        hole: Hole,
        /// What it held, the seeds the lap sows.
        #[serde(serialize_with = "crate::notation::pile_map")]
        pile: Pile,
        /// The lap's number within the move, from 1: what a step trace and `/L` count.
        lap: u32,
    },
    /// One seed dropped in `hole` (a Dakon store is its owner's hole N+1).
    Sow {
        /// Where the seed fell.
        hole: Hole,
    },
    /// `muzi`'s muzi (Dong Wo's large stone, worth 5) dropped in `hole`, where the mover chose.
    SowMuzi {
        /// Where the muzi fell.
        hole: Hole,
        /// Whose muzi it is (each player has one).
        muzi: Side,
    },
    /// `seeds` seeds moved from one hole to another without sowing (Nchuwa's opening
    /// transfer of two seeds from an inner hole to an empty outer hole).
    Shift {
        /// The hole the seeds leave.
        from: Hole,
        /// The hole they go to.
        to: Hole,
        /// How many go.
        seeds: u32,
        /// The rule that moves them.
        rule: Code,
    },
    /// A hole or store the sowing passes over, and the rule that says so.
    Skip {
        /// The hole passed over, which gets no seed.
        hole: Hole,
        /// The rule (or option) that keeps the seed out.
        rule: Code,
    },
    /// A lap's last seed fell in `hole`; `rule` is what happens next.
    LapEnd {
        /// Where the last seed fell.
        hole: Hole,
        /// The lap that ends, from 1.
        lap: u32,
        /// The rule that decides what follows: a relay, a capture, the end of the move.
        rule: Code,
    },
    /// The mover `by` captures the pile of `hole` into his store or winnings: what a capture
    /// claim (`x7(A2,B4)`) counts.
    Capture {
        /// The hole emptied.
        hole: Hole,
        /// What it held, all of it captured.
        #[serde(serialize_with = "crate::notation::pile_map")]
        pile: Pile,
        /// The capturer, whose store or winnings gain the pile.
        by: Side,
        /// The rule (or option) that makes the capture.
        rule: Code,
    },
    /// A pile goes from `hole` to `to`'s store or winnings by a rule that is not a capture by
    /// the mover, so that no capture claim counts it: Dong Wo's piece sown into a won or
    /// bought hole, which "function\[s\] similar to acquired stores", and a muzi sent home at a
    /// round's end.
    Bank {
        /// The hole the pile leaves.
        hole: Hole,
        /// What leaves it.
        #[serde(serialize_with = "crate::notation::pile_map")]
        pile: Pile,
        /// The player whose store or winnings gain it.
        to: Side,
        /// The rule that sends it there.
        rule: Code,
    },
    /// The mover has nothing to play and loses his turn.
    Pass {
        /// The player who cannot move.
        side: Side,
        /// The rule that makes him pass.
        rule: Code,
    },
    /// The turn is over; `next` moves.
    TurnEnd {
        /// The player to move after the turn.
        next: Side,
    },
    /// The round is over; `winner` is None for a drawn round.
    RoundEnd {
        /// The round that ends, from 1 (MGN's round markers count the same way).
        round: u32,
        /// Who won it, or None when it is drawn.
        winner: Option<Side>,
        /// The rule (or option) that ends it.
        rule: Code,
    },
    /// Seeds passed between rounds from `from`'s store or winnings to `to`'s (Mraw imrujen's
    /// sharing out, where one player's captures fill the other's row).
    Transfer {
        /// The player who gives.
        from: Side,
        /// The player who receives.
        to: Side,
        /// How many pass.
        seeds: u32,
        /// The rule (or option) of the sharing out.
        rule: Code,
    },
    /// Seeds put into a hole from its owner's store between rounds.
    Refill {
        /// The hole filled.
        hole: Hole,
        /// How many it gets.
        seeds: u32,
    },
    /// Seeds taken out of the game from `from`'s store or winnings: nobody has them any more
    /// (Mraw imrujen's leftover under `mraw-imrujen.round.leftover=out-of-game`, or a tied
    /// round's under `mraw-imrujen.round.tie-leftover=out-of-game`).
    Remove {
        /// The player who loses them.
        from: Side,
        /// How many leave the game.
        seeds: u32,
        /// The option that takes them out.
        rule: Code,
    },
    /// A hole that stays empty and out of play from now on.
    OutOfPlay {
        /// The hole that leaves play.
        hole: Hole,
        /// The rule that takes it out (a hole that could not be refilled).
        rule: Code,
    },
    /// Seeds left in a hole at the end of a round, gathered into `by`'s store.
    Gather {
        /// The hole emptied.
        hole: Hole,
        /// What it held.
        seeds: u32,
        /// The player whose store or winnings gain them.
        by: Side,
        /// The rule (or option) that says whose they are.
        rule: Code,
    },
    /// A pile put into `hole` from `from`'s store or winnings (Dong Wo: a won hole's stone, a
    /// bought hole's stones, the fill between rounds, an owner's `+A4`, a muzi back home).
    Place {
        /// The hole that receives it.
        hole: Hole,
        /// What is put there.
        #[serde(serialize_with = "crate::notation::pile_map")]
        pile: Pile,
        /// The player whose store or winnings give it.
        from: Side,
        /// The rule that puts it there.
        rule: Code,
    },
    /// `hole` changes hands: `owner` won or bought it, or (None) it is back with its row's
    /// player.
    Owner {
        /// The hole that changes hands.
        hole: Hole,
        /// Its new owner, or None when it goes back to the player of its row.
        owner: Option<Side>,
        /// The rule that hands it over.
        rule: Code,
    },
    /// `muzi`'s muzi passes from `from`'s winnings to `to`'s (Dong Wo's muzi bought back).
    MuziSale {
        /// Whose muzi it is (its owner at the start of the game).
        muzi: Side,
        /// The player who had it in his winnings.
        from: Side,
        /// The player who buys it back.
        to: Side,
        /// The rule of the sale.
        rule: Code,
    },
    /// A new round starts with `first` to move.
    RoundStart {
        /// The round that starts, from 1.
        round: u32,
        /// Who moves first in it.
        first: Side,
    },
    /// The game is over; `winner` is None for a draw.
    GameEnd {
        /// Who won the game, or None when it is drawn.
        winner: Option<Side>,
        /// The rule (or option) that ends it.
        rule: Code,
    },
    /// A move that never ends has come back to an in-move state it was in: the state after lap
    /// `mu + lambda` is the state after lap `mu`, so laps `mu + 1 ..= mu + lambda` repeat for
    /// as long as the move goes on. Reported after lap `mu + lambda`. The move stops after lap
    /// `stop`: it runs the cycle `times` times whole and `stop - mu - times * lambda` laps
    /// more, each reported like the laps before.
    Cycle {
        /// The laps played before the cycle starts.
        mu: u32,
        /// The cycle's length, in laps.
        lambda: u32,
        /// How many times the stopped move runs the cycle whole.
        times: u32,
        /// The lap after which the move stops.
        stop: u32,
        /// The option that says what an endless move does (`dong-wo.endless`, `nchuwa.endless`).
        rule: Code,
    },
    /// No step of play: the replay left out `events` events of laps `first_lap ..= last_lap`
    /// of a very long ply, keeping its first and last laps, so that a ply's trace takes bounded
    /// room whatever its laps (docs/ci.md). The board cannot be rebuilt from the events across
    /// it; the step's position after it can be read from the trace.
    Omitted {
        /// How many events were left out.
        events: u64,
        /// The first lap left out.
        first_lap: u32,
        /// The last lap left out.
        last_lap: u32,
    },
}

impl Event {
    /// The rule (or option) that decided this step of play, when one did: what `mgn select
    /// --rule` and `mgn stats` count. Sowing, picking up, refills, turn ends and round starts
    /// follow from the move itself and name none.
    pub fn rule(&self) -> Option<Code> {
        match *self {
            Event::Shift { rule, .. }
            | Event::Skip { rule, .. }
            | Event::LapEnd { rule, .. }
            | Event::Capture { rule, .. }
            | Event::Bank { rule, .. }
            | Event::Pass { rule, .. }
            | Event::RoundEnd { rule, .. }
            | Event::Transfer { rule, .. }
            | Event::Remove { rule, .. }
            | Event::OutOfPlay { rule, .. }
            | Event::Gather { rule, .. }
            | Event::Place { rule, .. }
            | Event::Owner { rule, .. }
            | Event::MuziSale { rule, .. }
            | Event::GameEnd { rule, .. }
            | Event::Cycle { rule, .. } => Some(rule),
            Event::PickUp { .. }
            | Event::Sow { .. }
            | Event::SowMuzi { .. }
            | Event::TurnEnd { .. }
            | Event::Refill { .. }
            | Event::RoundStart { .. }
            | Event::Omitted { .. } => None,
        }
    }
}

/// Where events go. The unit type ignores them, so that generating and counting moves costs
/// nothing for the trace it does not need.
///
/// Rules may play a decision as they check it: when it turns out refused half-way, they
/// withdraw what it reported ([`EventSink::withdraw`]), and the sink must then forget those
/// events, so that a refused decision reports nothing. Each sink says how: a vector truncates
/// itself, a counter goes back, a sink that keeps nothing has nothing to forget, a sink that
/// keeps a bounded part of the events remembers at the mark what it would need to go back.
pub trait EventSink {
    /// Take one step of play, in the order the rules play them.
    fn event(&mut self, event: Event);
    /// Where the events reported so far end, for [`EventSink::withdraw`] (the last mark taken
    /// is the one withdrawn to).
    fn mark(&mut self) -> usize;
    /// Forget the events reported since `mark`.
    fn withdraw(&mut self, mark: usize);
    /// Whether the sink reads the events. When it does not, the rules may skip laps whose
    /// events alone they would change, never the state (a stopped endless move played to the
    /// lap of the cycle that leaves the same state).
    #[inline(always)]
    fn keeps_events(&self) -> bool {
        true
    }
}

impl EventSink for () {
    #[inline(always)]
    fn event(&mut self, _: Event) {}
    fn mark(&mut self) -> usize {
        0
    }
    fn withdraw(&mut self, _: usize) {}
    #[inline(always)]
    fn keeps_events(&self) -> bool {
        false
    }
}

impl EventSink for Vec<Event> {
    fn event(&mut self, event: Event) {
        self.push(event);
    }
    fn mark(&mut self) -> usize {
        self.len()
    }
    fn withdraw(&mut self, mark: usize) {
        self.truncate(mark);
    }
}
