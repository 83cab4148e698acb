//! The events of one ply, kept in bounded memory whatever the number of laps.
//!
//! A ply's events serve three readers: capture claims (what the move captured), the traces of
//! failures and `mgn replay`. A move can take millions of laps (a Nchuwa or Dong Wo move that
//! never ends, stopped after its cycle; a long relay that ends), and a list of every event
//! would take gigabytes. [`PlyLog`] keeps:
//!
//! - what the claims, the replay and the commands that count a collection ask of the whole
//!   ply, as counters: the points captured and how many times each hole was captured
//!   ([`Captures`]), the times each rule fired ([`RulesFired`]), the rule of the last lap, the
//!   rule that ended the game;
//! - the ply's first events ([`HEAD`], then to the end of that lap) and its last ([`TAIL`],
//!   from a lap's start), with an [`Event::Omitted`] between them that counts what is left out;
//! - and the [`Event::Cycle`] summaries a move that never ends reports, which are never left
//!   out (up to [`LANDMARKS`] of them).
//!
//! Rules that play a decision as they check it withdraw its events when it is refused
//! ([`EventSink::withdraw`]): the log then goes back exactly, counters included, even across
//! events it has left out, from what it saved at the mark.

use crate::code::Code;
use crate::notation::Hole;
use crate::rules::{Event, EventSink, GameDef};
use std::collections::VecDeque;

/// Events kept from a ply's start (then up to the end of the lap under way).
pub const HEAD: usize = 20_000;
/// Events kept at a ply's end.
pub const TAIL: usize = 2_000;
/// `Cycle` summaries kept in the middle of a ply, each with the events just before it.
pub const LANDMARKS: usize = 4;

/// What a capture claim is checked against: the points a ply captured and the holes it
/// captured from, each once (docs/notation.md, Claims). A ply captures from at most every
/// hole of the board, so this stays small whatever the ply's length.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Captures {
    /// Points captured (a muzi counts 5).
    pub points: u64,
    /// The holes captured from, each once, in the order of their first capture.
    pub holes: Vec<Hole>,
    /// Captures in all.
    pub count: u64,
}

impl Captures {
    fn add(&mut self, hole: Hole, points: u64) {
        self.points += points;
        self.count += 1;
        if !self.holes.contains(&hole) {
            self.holes.push(hole);
        }
    }

    /// The captured holes as a claim names them: sorted, each once.
    pub fn sorted_holes(&self) -> Vec<Hole> {
        let mut holes = self.holes.clone();
        holes.sort();
        holes
    }

    /// The holes for a message, in capture order.
    pub fn words(&self) -> Vec<String> {
        self.holes.iter().map(Hole::to_string).collect()
    }
}

/// The rules that fired in a ply, each with the times it fired: once for each event that names
/// it ([`Event::rule`]), those the log leaves out included. A ply fires at most every rule of its
/// game, so this stays small whatever the ply's length.
#[derive(Clone, Debug, Default)]
pub struct RulesFired {
    /// Each rule once, in the order it first fired, with its count.
    counts: Vec<(Code, u64)>,
    /// The entry of the rule counted last: a long move fires the same lap rule lap after lap.
    last: usize,
}

/// The same rules fired as often, first in the same order.
impl PartialEq for RulesFired {
    fn eq(&self, other: &RulesFired) -> bool {
        self.counts == other.counts
    }
}

impl Eq for RulesFired {}

impl RulesFired {
    /// The rules fired by `events`, a step's events all kept (a step that is no ply).
    pub fn of(events: &[Event]) -> RulesFired {
        let mut fired = RulesFired::default();
        for code in events.iter().filter_map(Event::rule) {
            fired.add(code);
        }
        fired
    }

    #[inline(always)]
    fn add(&mut self, code: Code) {
        if let Some((last, times)) = self.counts.get_mut(self.last) {
            // The same declaration is mostly at the same address: its text compared only when not.
            if std::ptr::eq(last.as_str(), code.as_str()) || *last == code {
                *times += 1;
                return;
            }
        }
        self.add_other(code);
    }

    fn add_other(&mut self, code: Code) {
        let at = self
            .counts
            .iter()
            .position(|(c, _)| std::ptr::eq(c.as_str(), code.as_str()))
            .or_else(|| self.counts.iter().position(|(c, _)| *c == code));
        match at {
            Some(at) => {
                self.counts[at].1 += 1;
                self.last = at;
            }
            None => {
                self.last = self.counts.len();
                self.counts.push((code, 1));
            }
        }
    }

    /// The times `code` fired.
    pub fn times(&self, code: Code) -> u64 {
        self.counts
            .iter()
            .find(|(c, _)| *c == code)
            .map_or(0, |&(_, times)| times)
    }

    /// Whether `code` fired.
    pub fn fired(&self, code: Code) -> bool {
        self.times(code) > 0
    }

    /// Each rule that fired with the times it did, in the order each first fired.
    pub fn iter(&self) -> impl Iterator<Item = (Code, u64)> + '_ {
        self.counts.iter().copied()
    }

    /// Whether no rule fired.
    pub fn is_empty(&self) -> bool {
        self.counts.is_empty()
    }
}

/// Events left out so far in one stretch.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Gap {
    events: u64,
    first_lap: u32,
    last_lap: u32,
}

impl Gap {
    fn add(&mut self, lap: u32) {
        if self.events == 0 {
            self.first_lap = lap;
        }
        self.events += 1;
        self.last_lap = lap;
    }

    fn event(self) -> Option<Event> {
        (self.events > 0).then_some(Event::Omitted {
            events: self.events,
            first_lap: self.first_lap,
            last_lap: self.last_lap,
        })
    }
}

/// Everything the log holds besides its head, as it was at a mark.
#[derive(Clone, Debug)]
struct Saved {
    seq: usize,
    head: usize,
    tailing: bool,
    middle: usize,
    tail: Option<VecDeque<Event>>,
    front_lap: u32,
    gap: Gap,
    lap: u32,
    captures: Captures,
    rules: RulesFired,
    last_lap_rule: Option<Code>,
    game_end_rule: Option<Code>,
}

/// The events of one ply, in bounded memory (see the module's words).
#[derive(Clone, Debug)]
pub struct PlyLog {
    /// The game's definitions: what a captured muzi is worth.
    def: &'static GameDef,
    /// Events reported since the ply started (withdrawn ones taken off).
    seq: usize,
    head: Vec<Event>,
    /// The head is full: new events go to the tail.
    tailing: bool,
    /// What came between the head and the tail and is kept: gaps and cycle summaries.
    middle: Vec<Event>,
    landmarks: usize,
    tail: VecDeque<Event>,
    /// The lap of the tail's first event: that of the last pick-up or lap end before it.
    front_lap: u32,
    /// Events left out since the last landmark (or the head).
    gap: Gap,
    /// The lap under way.
    lap: u32,
    captures: Captures,
    /// Counted only when asked ([`PlyLog::counting_rules`]): a capture claim needs none.
    rules: RulesFired,
    counting_rules: bool,
    last_lap_rule: Option<Code>,
    game_end_rule: Option<Code>,
    /// What to go back to when the decision under way is withdrawn (the marks it took).
    saved: Vec<Saved>,
}

impl PlyLog {
    /// An empty log for plies of the game `def` declares, which says what a muzi is worth in
    /// the points captured.
    pub fn new(def: &'static GameDef) -> PlyLog {
        PlyLog {
            def,
            seq: 0,
            head: Vec::new(),
            tailing: false,
            middle: Vec::new(),
            landmarks: 0,
            tail: VecDeque::new(),
            front_lap: 0,
            gap: Gap::default(),
            lap: 0,
            captures: Captures::default(),
            rules: RulesFired::default(),
            counting_rules: true,
            last_lap_rule: None,
            game_end_rule: None,
            saved: Vec::new(),
        }
    }

    /// The same, counting the rules fired ([`PlyLog::rules`]) only if `counting`: a replay
    /// that reads the events for capture claims alone spares counting them (3 % of checking
    /// a record with a capture claim after every move).
    pub fn counting_rules(self, counting: bool) -> PlyLog {
        PlyLog {
            counting_rules: counting,
            ..self
        }
    }

    /// Start a new ply (or a new round, of which no capture is claimed). Nearly free when
    /// nothing was reported (a replay that keeps no events clears it at every ply).
    #[inline]
    pub fn clear(&mut self) {
        if self.seq != 0 || self.tailing || !self.saved.is_empty() {
            self.reset();
        }
    }

    #[cold]
    fn reset(&mut self) {
        self.seq = 0;
        self.head.clear();
        self.tailing = false;
        self.middle.clear();
        self.landmarks = 0;
        self.tail.clear();
        self.front_lap = 0;
        self.gap = Gap::default();
        self.lap = 0;
        self.captures = Captures::default();
        self.rules = RulesFired::default();
        self.last_lap_rule = None;
        self.game_end_rule = None;
        self.saved.clear();
    }

    /// The decision under way was played: its marks will not be withdrawn to.
    pub fn settle(&mut self) {
        self.saved.clear();
    }

    /// What the ply captured so far, for its capture claim.
    pub fn captures(&self) -> &Captures {
        &self.captures
    }

    /// The rules the ply fired so far, each with the times it fired; none when the log was
    /// made not to count them ([`PlyLog::counting_rules`]).
    pub fn rules(&self) -> &RulesFired {
        &self.rules
    }

    /// The rule that ended the last lap of the ply (or its pass).
    pub fn last_lap_rule(&self) -> Option<Code> {
        self.last_lap_rule
    }

    /// The rule that ended the game, if the ply did.
    pub fn game_end_rule(&self) -> Option<Code> {
        self.game_end_rule
    }

    /// Events reported in the ply, those left out included.
    pub fn len(&self) -> usize {
        self.seq
    }

    /// Whether the ply reported no event yet.
    pub fn is_empty(&self) -> bool {
        self.seq == 0
    }

    /// The events kept, in order, with an [`Event::Omitted`] wherever some were left out:
    /// bounded by [`HEAD`], [`TAIL`] and [`LANDMARKS`], whatever the ply's length.
    pub fn events(&self) -> Vec<Event> {
        let mut out = Vec::with_capacity(self.head.len() + self.middle.len() + self.tail.len() + 1);
        out.extend_from_slice(&self.head);
        out.extend_from_slice(&self.middle);
        let (gap, tail) = Self::aligned(self.gap, &self.tail, self.front_lap);
        out.extend(gap.event());
        out.extend(tail);
        out
    }

    /// The lap of `event`, `lap` being that of the events before it.
    #[inline(always)]
    fn lap_of(event: &Event, lap: u32) -> u32 {
        match *event {
            Event::PickUp { lap, .. } | Event::LapEnd { lap, .. } => lap,
            _ => lap,
        }
    }

    /// A tail shown from the start of a lap: the events before it (the end of a lap whose
    /// start was left out) are counted with the gap before them.
    fn aligned(
        mut gap: Gap,
        tail: &VecDeque<Event>,
        front_lap: u32,
    ) -> (Gap, impl Iterator<Item = Event> + '_) {
        let mut skip = 0;
        if gap.events > 0 {
            for (i, event) in tail.iter().enumerate() {
                match event {
                    Event::PickUp { .. } => {
                        skip = i;
                        break;
                    }
                    Event::LapEnd { .. } => {
                        skip = i + 1;
                        break;
                    }
                    _ => {}
                }
            }
        }
        let mut lap = front_lap;
        for event in tail.iter().take(skip) {
            lap = Self::lap_of(event, lap);
            gap.add(lap);
        }
        (gap, tail.iter().skip(skip).copied())
    }

    #[inline(always)]
    fn count(&mut self, event: &Event) {
        if self.counting_rules {
            if let Some(code) = event.rule() {
                self.rules.add(code);
            }
        }
        match *event {
            Event::PickUp { lap, .. } => self.lap = lap,
            Event::LapEnd { lap, rule, .. } => {
                self.lap = lap;
                self.last_lap_rule = Some(rule);
            }
            Event::Pass { rule, .. } => self.last_lap_rule = Some(rule),
            Event::Capture { hole, pile, .. } => {
                self.captures.add(hole, self.def.pile_points(pile));
            }
            Event::GameEnd { rule, .. } if self.game_end_rule.is_none() => {
                self.game_end_rule = Some(rule);
            }
            _ => {}
        }
    }

    /// Recount everything from the events, when all of them are in the head.
    fn recount(&mut self) {
        self.lap = 0;
        self.captures = Captures::default();
        self.rules = RulesFired::default();
        self.last_lap_rule = None;
        self.game_end_rule = None;
        let head = std::mem::take(&mut self.head);
        for event in &head {
            self.count(event);
        }
        self.head = head;
    }
}

impl PlyLog {
    /// A cycle's summary met past the head: it stays, with the events just before it.
    #[cold]
    fn landmark(&mut self, event: Event) {
        let (gap, tail) = Self::aligned(self.gap, &self.tail, self.front_lap);
        let kept: Vec<Event> = tail.collect();
        self.middle.extend(gap.event());
        self.middle.extend(kept);
        self.middle.push(event);
        self.tail.clear();
        self.gap = Gap::default();
        self.landmarks += 1;
    }
}

impl EventSink for PlyLog {
    // Inlined into the rules' laps: an event built and passed to a call was read back
    // before it was all written, which cost a fifth of a long move's replay.
    #[inline(always)]
    fn event(&mut self, event: Event) {
        self.count(&event);
        self.seq += 1;
        if !self.tailing {
            self.head.push(event);
            // The head ends with a lap (or, failing one, at twice its size).
            let at_lap_end = matches!(event, Event::LapEnd { .. } | Event::TurnEnd { .. });
            if (self.head.len() >= HEAD && at_lap_end) || self.head.len() >= 2 * HEAD {
                self.tailing = true;
            }
            return;
        }
        if matches!(event, Event::Cycle { .. }) && self.landmarks < LANDMARKS {
            self.landmark(event);
            return;
        }
        if self.tail.len() == TAIL {
            let dropped = self.tail.pop_front().expect("a full tail");
            self.front_lap = Self::lap_of(&dropped, self.front_lap);
            self.gap.add(self.front_lap);
        } else if self.tail.is_empty() {
            self.front_lap = self.lap;
        }
        self.tail.push_back(event);
    }

    fn mark(&mut self) -> usize {
        // Within the head, the events themselves are enough to go back; past it, what would be
        // lost (the tail as it is, the counters) is saved.
        self.saved.push(Saved {
            seq: self.seq,
            head: self.head.len(),
            tailing: self.tailing,
            middle: self.middle.len(),
            tail: self.tailing.then(|| self.tail.clone()),
            front_lap: self.front_lap,
            gap: self.gap,
            lap: self.lap,
            captures: if self.tailing {
                self.captures.clone()
            } else {
                Captures::default()
            },
            rules: if self.tailing && self.counting_rules {
                self.rules.clone()
            } else {
                RulesFired::default()
            },
            last_lap_rule: self.last_lap_rule,
            game_end_rule: self.game_end_rule,
        });
        self.seq
    }

    fn withdraw(&mut self, mark: usize) {
        while let Some(saved) = self.saved.pop() {
            if saved.seq < mark {
                // A mark older than this one: keep it for its own withdrawal.
                self.saved.push(saved);
                break;
            }
            if saved.seq > mark {
                continue;
            }
            self.seq = saved.seq;
            self.head.truncate(saved.head);
            self.tailing = saved.tailing;
            self.middle.truncate(saved.middle);
            self.landmarks = self
                .middle
                .iter()
                .filter(|e| matches!(e, Event::Cycle { .. }))
                .count();
            match saved.tail {
                Some(tail) => {
                    self.tail = tail;
                    self.front_lap = saved.front_lap;
                    self.gap = saved.gap;
                    self.lap = saved.lap;
                    self.captures = saved.captures;
                    self.rules = saved.rules;
                    self.last_lap_rule = saved.last_lap_rule;
                    self.game_end_rule = saved.game_end_rule;
                }
                None => {
                    // Every event up to the mark is in the head.
                    self.tail.clear();
                    self.gap = Gap::default();
                    self.recount();
                }
            }
            return;
        }
        // No mark saved at `mark` (the sink's contract: withdraw to a mark it took).
        debug_assert!(mark >= self.seq, "withdrawn to a mark never taken: {mark}");
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::{Pile, Side};
    use crate::rules::dong_wo;

    fn hole(n: u32) -> Hole {
        Hole::new(Side::B, n)
    }

    /// A lap of `seeds` sowings from B1, as the rules report it.
    fn lap(log: &mut impl EventSink, lap: u32, seeds: u32) {
        log.event(Event::PickUp {
            hole: hole(1),
            pile: Pile {
                seeds,
                muzi: Default::default(),
            },
            lap,
        });
        for n in 0..seeds {
            log.event(Event::Sow {
                hole: hole(2 + n % 5),
            });
        }
        log.event(Event::LapEnd {
            hole: hole(3),
            lap,
            rule: dong_wo::LAP_RELAY,
        });
    }

    fn capture(log: &mut impl EventSink, n: u32, seeds: u32) {
        log.event(Event::Capture {
            hole: hole(n),
            pile: Pile {
                seeds,
                muzi: Default::default(),
            },
            by: Side::B,
            rule: dong_wo::CAPTURE,
        });
    }

    #[test]
    fn a_short_ply_is_kept_whole() {
        let mut log = PlyLog::new(&crate::rules::dong_wo::DEF);
        let mut all = Vec::new();
        for n in 1..=10 {
            lap(&mut log, n, 3);
            lap(&mut all, n, 3);
        }
        assert_eq!(log.events(), all);
        assert_eq!(log.len(), all.len());
        assert_eq!(log.last_lap_rule(), Some(dong_wo::LAP_RELAY));
    }

    #[test]
    fn a_long_ply_keeps_its_start_its_end_and_its_cycle_in_bounded_room() {
        let mut log = PlyLog::new(&crate::rules::dong_wo::DEF);
        let laps = 1_000_000;
        for n in 1..=laps {
            lap(&mut log, n, 4);
            if n == laps / 2 {
                log.event(Event::Cycle {
                    mu: 0,
                    lambda: laps / 2,
                    times: 2,
                    stop: laps,
                    rule: dong_wo::EndlessMove::CODE,
                });
            }
            if n % 1000 == 0 {
                capture(&mut log, 1 + n % 3, 2);
            }
        }
        let events = log.events();
        assert!(
            events.len() <= HEAD + 2 * LANDMARKS * TAIL + 10,
            "{}",
            events.len()
        );
        let omitted: u64 = events
            .iter()
            .filter_map(|e| match e {
                Event::Omitted { events, .. } => Some(*events),
                _ => None,
            })
            .sum();
        let shown = events
            .iter()
            .filter(|e| !matches!(e, Event::Omitted { .. }))
            .count() as u64;
        assert_eq!(omitted + shown, log.len() as u64);
        assert!(events.iter().any(|e| matches!(e, Event::Cycle { .. })));
        // The kept tail starts a lap and ends the ply's last.
        assert!(matches!(
            events.iter().rev().find(|e| matches!(e, Event::LapEnd { .. })),
            Some(Event::LapEnd { lap, .. }) if *lap == laps
        ));
        let after_gap = events
            .iter()
            .rposition(|e| matches!(e, Event::Omitted { .. }))
            .unwrap();
        assert!(matches!(events[after_gap + 1], Event::PickUp { .. }));
        // Every capture and every lap's rule is counted.
        assert_eq!(log.rules().times(dong_wo::LAP_RELAY), u64::from(laps));
        assert_eq!(log.rules().times(dong_wo::CAPTURE), 1000);
        assert_eq!(log.rules().times(dong_wo::EndlessMove::CODE), 1);
        assert_eq!(log.captures().count, 1000);
        assert_eq!(log.captures().points, 2000);
        assert_eq!(
            log.captures().sorted_holes(),
            vec![hole(1), hole(2), hole(3)]
        );
    }

    #[test]
    fn withdrawing_goes_back_exactly_within_and_past_the_head() {
        for before in [10u32, 3_000, 9_000] {
            let mut log = PlyLog::new(&crate::rules::dong_wo::DEF);
            for n in 1..=before {
                lap(&mut log, n, 3);
            }
            capture(&mut log, 2, 1);
            let kept = (
                log.events(),
                log.len(),
                log.captures().clone(),
                log.rules().clone(),
            );
            let mark = log.mark();
            for n in before + 1..=before + 5_000 {
                lap(&mut log, n, 3);
                capture(&mut log, 4, 1);
            }
            log.event(Event::GameEnd {
                winner: None,
                rule: dong_wo::GAME_END,
            });
            log.withdraw(mark);
            assert_eq!(
                (
                    log.events(),
                    log.len(),
                    log.captures().clone(),
                    log.rules().clone()
                ),
                kept,
                "{before}"
            );
            assert_eq!(log.rules().times(dong_wo::LAP_RELAY), u64::from(before));
            assert!(!log.rules().fired(dong_wo::GAME_END));
            assert_eq!(log.game_end_rule(), None);
            assert_eq!(log.last_lap_rule(), Some(dong_wo::LAP_RELAY));
        }
    }

    #[test]
    fn nested_marks_go_back_to_their_own_place() {
        let mut log = PlyLog::new(&crate::rules::dong_wo::DEF);
        lap(&mut log, 1, 2);
        let outer = log.mark();
        lap(&mut log, 2, 2);
        let after_two = log.events();
        let inner = log.mark();
        lap(&mut log, 3, 2);
        log.withdraw(inner);
        assert_eq!(log.events(), after_two);
        log.withdraw(outer);
        assert_eq!(log.len(), 4);
    }

    #[test]
    fn claims_see_each_capture_by_hole() {
        let mut log = PlyLog::new(&crate::rules::dong_wo::DEF);
        capture(&mut log, 3, 2);
        capture(&mut log, 1, 1);
        capture(&mut log, 3, 4);
        let c = log.captures();
        assert_eq!(c.points, 7);
        // Each hole once, though B3 was captured from twice (docs/notation.md, Claims).
        assert_eq!(c.sorted_holes(), vec![hole(1), hole(3)]);
        assert_eq!(c.words(), ["B3", "B1"]);
    }
}
