//! What a report shows of a difference, and the shortest record that reproduces it: the
//! line of play to the difference cut at the latest turn start from which the engine, set
//! at that position, still differs.

use super::{Comparing, Difference, Found, Line, Step};
use crate::notation::{
    parse_games, write_game, write_move, CaptureClaim, Comment, CommentStyle, Element, Game,
    Header, Outcome, Side, Span, Spanned, Transaction,
};
use crate::protocol::{Answer, Captured, Request, Session, Setup, Status as Played};
use crate::replay::{draw, ply_trace};
use crate::rules::{Event, GameDef, Phase, RulesExt};
use crate::Code;
use std::collections::{HashMap, HashSet};

impl<R: RulesExt> Comparing<'_, '_, R> {
    /// mgn's session at the end of `line`, from its root.
    fn replayed(&self, line: &Line<R::Decision>, upto: usize) -> Session<'_, R> {
        let mut session = Session::new(self.mgn.rules());
        session.setup(&line.root);
        for step in &line.steps[..upto] {
            match step {
                Step::Decision(d) => {
                    session.play(d);
                }
                Step::Decisions(ds) => {
                    session.play_step(ds);
                }
                Step::NextRound => {
                    session.next_round();
                }
            }
        }
        session
    }

    /// Which of `candidates`, the decisions mgn lists alone at the end of `line`, leads where
    /// none of `theirs`, the decisions the engine lists alone, leads when the engine plays it:
    /// the record then shows what the engine cannot reach. `None` when every candidate leads
    /// somewhere the engine also goes, or the engine misbehaves.
    fn witness(
        &mut self,
        line: &Line<R::Decision>,
        candidates: &[String],
        theirs: &[String],
    ) -> Option<usize> {
        let mut reached = Vec::new();
        for text in theirs {
            // The line agreed up to here: walking it again only sets the engine there.
            self.goto("choosing the record's decision", line).ok()?;
            reached.push(self.engine.ask(&Request::Play(text.clone())).ok()?);
        }
        candidates.iter().position(|text| {
            let mut mine = self.replayed(line, line.steps.len());
            match mine.find_step(text) {
                Ok(step) => {
                    let played = mine.play_step(&step);
                    !reached.iter().any(|theirs| played.agrees(theirs))
                }
                Err(_) => false,
            }
        })
    }

    /// What the report shows of a difference, and the record that reproduces it.
    pub(super) fn analyse(&mut self, difference: Difference<R::Decision>) -> Found {
        let rules = self.mgn.rules();
        let def = rules.def();
        let Listed {
            mut mgn_only,
            engine_only,
            engine_twice,
        } = listed_apart(&difference.mgn, &difference.engine);
        // Of the decisions mgn lists alone, the record plays one that leads where none of the
        // engine's own decisions leads: a Dong Wo meeting's `@B1xmA` may be where the engine's
        // `@B1` goes (it reads `dong-wo.muzi.meeting=opponents`), and would not tell the
        // readings apart; `@B1xmB` does.
        if is_a_list(&difference.request) && mgn_only.len() > 1 {
            if let Some(i) = self.witness(&difference.line, &mgn_only, &engine_only) {
                mgn_only.swap(0, i);
            }
        }
        let at = self.replayed(&difference.line, difference.line.steps.len());
        let position = rules.position(at.state());
        let mid_turn = matches!(rules.phase(at.state()), Phase::Continue { .. });
        // The decision the trace is of: the one played, or the first mgn lists alone.
        let traced = match &difference.request {
            Request::Play(text) => Some(text.clone()),
            Request::Moves | Request::Actions => mgn_only.first().cloned(),
            _ => None,
        };
        let Traced {
            trace,
            rules: mut rule_codes,
            mut decisive,
        } = self.trace(&difference, traced.as_deref(), &at);
        let refusal = match (&difference.request, engine_only.first()) {
            (Request::Moves | Request::Actions, Some(extra)) => Some(
                at.refusal(extra)
                    .map(|why| format!("mgn refuses {extra}: {why}"))
                    .unwrap_or_else(|| format!("mgn lists no decision {extra} here")),
            ),
            _ => None,
        };
        if let Some(known) = refusal.as_deref().and_then(|r| code_named(def, r)) {
            decisive = decisive.or(Some(known));
            rule_codes.push(known);
        }
        if let Some(code) = decisive {
            rule_codes.retain(|c| *c != code);
            rule_codes.insert(0, code);
        }
        let (recorded, from) = self.shrink(&difference, &mgn_only, &engine_only);
        Found {
            during: difference.during.clone(),
            line: difference.line.words(),
            position: crate::notation::write_position(&position),
            drawing: draw(def.drawing, &position),
            mid_turn,
            request: difference.request.to_string(),
            mgn: difference.mgn.to_string(),
            engine: difference.engine.to_string(),
            mgn_only,
            engine_only,
            engine_twice,
            note: difference.note.clone(),
            refusal,
            trace,
            decisive: decisive.is_some(),
            rules: rule_codes
                .into_iter()
                .map(|code| (code, def.describe(code)))
                .collect(),
            record: recorded.text,
            record_plies: recorded.plies,
            record_difference_at: recorded.difference_at,
            record_from_start: from == 0,
            record_refused: recorded.plays_the_engine_decision,
        }
    }

    /// mgn's trace of the decision `traced` (or of the next round's start) at the end of the
    /// difference's line, where `at` stands; the rules it went through, and the one that
    /// decides the difference.
    fn trace(
        &self,
        difference: &Difference<R::Decision>,
        traced: Option<&str>,
        at: &Session<'_, R>,
    ) -> Traced {
        let rules = self.mgn.rules();
        let mut trace = None;
        let mut rule_codes = Vec::new();
        // The rule that decides the difference: where the turn goes on or must pass, that
        // rule; for a decision played, the rule that ended its last lap, or the round's or
        // game's end when the two disagree on where play stands.
        let mut decisive = match rules.phase(at.state()) {
            Phase::Continue { rule, .. } | Phase::MustPass { rule, .. }
                if difference.request == Request::Moves =>
            {
                Some(rule)
            }
            _ => None,
        };
        if let Some(text) = traced {
            let mut probe = self.replayed(&difference.line, difference.line.steps.len());
            if let Ok(step) = probe.find_step(text) {
                probe.play_step(&step);
                let events = probe.log().events();
                trace = Some(ply_trace(&format!("mgn plays {text}:"), &events));
                rule_codes = rules_of(&events);
                let ends = events.iter().rev().find_map(|e| match *e {
                    Event::GameEnd { rule, .. } | Event::RoundEnd { rule, .. } => Some(rule),
                    _ => None,
                });
                // Where play stands after the decision is the end's to say when either side
                // ends the round or the game there.
                let ending = |a: &Answer| {
                    matches!(
                        a,
                        Answer::Played {
                            status: Played::RoundOver | Played::GameOver(_),
                            ..
                        }
                    )
                };
                let at_an_end = ending(&difference.mgn) || ending(&difference.engine);
                if matches!(difference.request, Request::Play(_)) {
                    decisive = match ends {
                        Some(rule) if at_an_end => Some(rule),
                        _ => probe.log().last_lap_rule(),
                    };
                }
            }
        } else if difference.request == Request::NextRound {
            let mut probe = self.replayed(&difference.line, difference.line.steps.len());
            probe.next_round();
            let events = probe.log().events();
            trace = Some(ply_trace("mgn starts the next round:", &events));
            rule_codes = rules_of(&events);
        }
        Traced {
            trace,
            rules: rule_codes,
            decisive: decisive.map(Code::as_str),
        }
    }

    /// The indices of `line`'s steps from which a record may start at a `Start` position: the
    /// latest few turn starts, latest first; then the starts of the rounds before them, latest
    /// first, where a position holds more of the state (nothing captured in the round yet, its
    /// first player to move); the root last.
    fn record_starts(&self, line: &Line<R::Decision>) -> Vec<usize> {
        // A few tries bound the time: each replays the rest of the line in the engine.
        const LATEST_TURNS: usize = 12;
        let turns = self.turn_starts(line);
        let mut starts: Vec<usize> = turns.iter().copied().take(LATEST_TURNS).collect();
        let earliest_tried = starts.last().copied().unwrap_or(0);
        let rounds = line
            .steps
            .iter()
            .enumerate()
            .filter_map(|(i, step)| matches!(step, Step::NextRound).then_some(i + 1));
        let mut earlier_rounds: Vec<usize> = rounds
            .filter(|&start| start < earliest_tried && turns.contains(&start))
            .collect();
        earlier_rounds.reverse();
        starts.extend(earlier_rounds);
        if starts.last() != Some(&0) {
            starts.push(0);
        }
        starts
    }

    /// The indices of `line`'s steps where a turn starts, from which a record may start at a
    /// `Start` position: the latest first, the root last.
    fn turn_starts(&self, line: &Line<R::Decision>) -> Vec<usize> {
        let rules = self.mgn.rules();
        let mut session = Session::new(rules);
        session.setup(&line.root);
        let mut starts = vec![0];
        for (i, step) in line.steps.iter().enumerate() {
            match step {
                Step::Decision(d) => {
                    session.play(d);
                }
                Step::Decisions(ds) => {
                    session.play_step(ds);
                }
                Step::NextRound => {
                    session.next_round();
                }
            }
            if matches!(
                rules.phase(session.state()),
                Phase::ToMove(_) | Phase::MustPass { .. }
            ) {
                starts.push(i + 1);
            }
        }
        starts.reverse();
        starts
    }

    /// The record from the latest turn start that still shows the difference (in mgn's
    /// replay and in the engine's answers), else from the root; with the step it starts at.
    fn shrink(
        &mut self,
        difference: &Difference<R::Decision>,
        mgn_only: &[String],
        engine_only: &[String],
    ) -> (Recorded, usize) {
        for from in self.record_starts(&difference.line) {
            if from == 0 || self.reproduces(difference, from) {
                return (self.record(difference, from, mgn_only, engine_only), from);
            }
        }
        (self.record(difference, 0, mgn_only, engine_only), 0)
    }

    /// mgn's session at step `from` of `line` as a record sees it: replayed from the root,
    /// or (from > 0) set at the position reached there, as a `Start` tag sets it, forgetting
    /// what a position does not hold. None when the rules refuse that position.
    fn session_from(&self, line: &Line<R::Decision>, from: usize) -> Option<Session<'_, R>> {
        let at = self.replayed(line, from);
        if from == 0 {
            return Some(at);
        }
        let rules = self.mgn.rules();
        let state = rules
            .state_from_position(&rules.position(at.state()))
            .ok()?;
        let mut session = Session::new(rules);
        session.set_state(state);
        Some(session)
    }

    /// Whether a record from the position at step `from` shows the same difference: from it,
    /// mgn's rules give the answers they gave along the line and at the request, and the
    /// engine, set there, answers as mgn along the line, and otherwise at the request.
    fn reproduces(&mut self, difference: &Difference<R::Decision>, from: usize) -> bool {
        let line = &difference.line;
        let Some(mut session) = self.session_from(line, from) else {
            return false;
        };
        let start = self.mgn.rules().position(session.state());
        let mut original = self.replayed(line, from);
        let mut answers = Vec::new();
        for step in &line.steps[from..] {
            let (request, answer, before) = match step {
                Step::Decision(d) => (
                    Request::Play(d.to_string()),
                    session.play(d),
                    original.play(d),
                ),
                Step::Decisions(ds) => (
                    Request::Play(session.step_text(ds)),
                    session.play_step(ds),
                    original.play_step(ds),
                ),
                Step::NextRound => (
                    Request::NextRound,
                    session.next_round(),
                    original.next_round(),
                ),
            };
            if !before.agrees(&answer) {
                return false;
            }
            answers.push((request, answer));
        }
        let again = match &difference.request {
            Request::Play(text) => match session.find_step(text) {
                Ok(step) => session.play_step(&step),
                Err(refused) => refused,
            },
            request => session.answer(request),
        };
        if !again.agrees(&difference.mgn) {
            return false;
        }
        let setup = Request::Position(Setup::Position(start.clone()));
        if !matches!(self.engine.ask(&setup), Ok(Answer::Position(set)) if set == start) {
            return false;
        }
        for (request, mine) in answers {
            match self.engine.ask(&request) {
                Ok(theirs) if mine.agrees(&theirs) => {}
                _ => return false,
            }
        }
        matches!(self.engine.ask(&difference.request), Ok(theirs) if !difference.mgn.agrees(&theirs))
    }

    /// The record of `line` from step `from` (a `Start` position unless 0), then the turn of
    /// the difference as mgn plays it with its claims.
    fn record(
        &self,
        difference: &Difference<R::Decision>,
        from: usize,
        mgn_only: &[String],
        engine_only: &[String],
    ) -> Recorded {
        let rules = self.mgn.rules();
        let line = &difference.line;
        let Some(mut session) = self.session_from(line, from) else {
            return self.record(difference, 0, mgn_only, engine_only);
        };
        let mut header = self.record_header(difference, from, &session);
        let mut written = Written {
            rules,
            moves: vec![comment(&format!(
                "mgn referee: at the end of this record, to `{}` mgn answers `{}` and the engine `{}`",
                difference.request, difference.mgn, difference.engine
            ))],
            turn: Vec::new(),
            turn_captured: Captured::default(),
        };
        // The difference's round: its compulsory steps are written out where mgn made them.
        let round_begun = line.steps[from..]
            .iter()
            .rposition(|step| matches!(step, Step::NextRound))
            .map(|i| from + i);
        for (i, step) in line.steps.iter().enumerate().skip(from) {
            match step {
                Step::Decision(d) => {
                    if round_begun.is_some_and(|begun| i > begun) {
                        written.compulsory_steps(&mut session, d);
                    }
                    if let Answer::Played { captured, .. } = session.play(d) {
                        written.turn_captured.add(&captured);
                    }
                    written.turn.push(d.clone());
                    if !matches!(rules.phase(session.state()), Phase::Continue { .. }) {
                        written.push_turn();
                    }
                }
                Step::Decisions(ds) => {
                    if let Answer::Played { captured, .. } = session.play_step(ds) {
                        written.turn_captured.add(&captured);
                    }
                    written.turn.extend(ds.iter().cloned());
                    if !matches!(rules.phase(session.state()), Phase::Continue { .. }) {
                        written.push_turn();
                    }
                }
                Step::NextRound => written.next_round(&mut session),
            }
        }
        // The ply of the difference is the next element written: a turn begun along the line
        // is written with it, as one move.
        let difference_element = written.moves.len();
        let plays_the_engine_decision = self.write_difference(
            &mut session,
            &mut written,
            difference,
            mgn_only,
            engine_only,
        );
        // A turn left open: the record stops unfinished.
        written.push_turn();
        let moves = written.moves;
        let outcome = match rules.phase(session.state()) {
            Phase::Over { winner } => match winner {
                Some(Side::A) => Outcome::AWins,
                Some(Side::B) => Outcome::BWins,
                None => Outcome::Draw,
            },
            _ => Outcome::Unknown,
        };
        header.result = Some(Spanned::new(outcome, Span::default()));
        // The engine's move written with a lap (`A11/56`, its stop of a move that never ends)
        // would read, as the last ply of a record that stops unfinished, as the record cut
        // after that lap (`mgn.record.cut`), which mgn check passes: without the Termination
        // it keeps its meaning, the stop mgn's rules refuse.
        let engine_stop = plays_the_engine_decision
            && matches!(moves.last(), Some(Element::Move(m)) if m.value.stopped_after_lap.is_some());
        if outcome == Outcome::Unknown && !engine_stop {
            header.termination = Some(Spanned::new("unfinished".to_string(), Span::default()));
        }
        // A ply is a decision, as the random games count them: not the compulsory steps
        // written out (`muzi:A`, `fill:B`), which nobody chooses.
        let plies = moves
            .iter()
            .filter(|e| match e {
                Element::Move(_) | Element::Pass(_) => true,
                Element::Transaction(t) => {
                    !matches!(t.value, Transaction::Muzi { .. } | Transaction::Fill { .. })
                }
                _ => false,
            })
            .count();
        let text = write_game(&Game::new(header, moves, outcome));
        let difference_at = element_offset(&text, difference_element);
        Recorded {
            text,
            plies,
            difference_at,
            plays_the_engine_decision,
        }
    }

    /// The tags of a record of `difference` from step `from` of its line, where `session`
    /// stands.
    fn record_header(
        &self,
        difference: &Difference<R::Decision>,
        from: usize,
        session: &Session<'_, R>,
    ) -> Header {
        let mut header = self.spec.header();
        let spanned = |text: &str| Some(Spanned::new(text.to_string(), Span::default()));
        header.event = spanned("mgn referee: the first difference");
        header.source = spanned(&format!("mgn referee, {}", difference.during));
        if from > 0 || matches!(difference.line.root, Setup::Position(_)) {
            let start = self.mgn.rules().position(session.state());
            header.first = Some(Spanned::new(start.to_move, Span::default()));
            header.start = Some(Spanned::new(start, Span::default()));
        } else if let Setup::Start(side) = difference.line.root {
            header.first = Some(Spanned::new(side, Span::default()));
        }
        header
    }

    /// The end of a record: the request that differs, as mgn answers it, from where `session`
    /// stands; or a decision only the engine lists, played. Whether it played the engine's.
    fn write_difference(
        &self,
        session: &mut Session<'_, R>,
        written: &mut Written<'_, R>,
        difference: &Difference<R::Decision>,
        mgn_only: &[String],
        engine_only: &[String],
    ) -> bool {
        let rules = self.mgn.rules();
        // The steps mgn deferred between rounds are written out before the turn's first
        // decision only (docs/protocol.md, "Dong Wo between rounds").
        let turn_began = written.turn.is_empty();
        let played = match &difference.request {
            Request::Play(text) => Some(text.clone()),
            Request::Moves | Request::Actions => mgn_only.first().cloned(),
            _ => None,
        };
        match (&difference.request, played) {
            (_, Some(text)) => {
                if let Ok(step) = session.find_step(&text) {
                    if let (true, Some(first)) = (turn_began, step.first()) {
                        written.compulsory_steps(session, first);
                    }
                    // A capture claim counts the whole ply: the decisions of the turn before
                    // the difference's, and those that finish it (a Dong Wo move's muzi
                    // drops), capture too.
                    let mut captured = std::mem::take(&mut written.turn_captured);
                    if let Answer::Played {
                        captured: first, ..
                    } = session.play_step(&step)
                    {
                        captured.add(&first);
                    }
                    written.turn.extend(step);
                    captured.add(&self.finish_turn(session, &mut written.turn));
                    written.push_turn();
                    // Only a move takes a claim: a transaction is no move.
                    let wrote_a_move = matches!(written.moves.last(), Some(Element::Move(_)));
                    if wrote_a_move {
                        written.moves.push(Element::Captures(Spanned::new(
                            CaptureClaim {
                                count: captured.points as u32,
                                holes: captured.holes,
                            },
                            Span::default(),
                        )));
                    }
                    written
                        .moves
                        .push(checkpoint(rules.position(session.state())));
                    // A difference in where play stands shows in what comes next: mgn's next
                    // ply, which the engine's reading refuses.
                    let status_differs = match (&difference.mgn, &difference.engine) {
                        (Answer::Played { status: a, .. }, Answer::Played { status: b, .. }) => {
                            a != b
                        }
                        _ => false,
                    };
                    if status_differs {
                        if let Phase::RoundOver { round } = rules.phase(session.state()) {
                            session.next_round();
                            written
                                .moves
                                .push(Element::Round(Spanned::new(round + 1, Span::default())));
                        }
                        if !matches!(rules.phase(session.state()), Phase::Over { .. }) {
                            self.finish_turn(session, &mut written.turn);
                            written.push_turn();
                        }
                    }
                }
            }
            (Request::Moves | Request::Actions, None) => {
                if let Some(extra) = engine_only.first() {
                    if turn_began {
                        if let Some(decision) = decision_written(rules, extra) {
                            written.compulsory_steps(session, &decision);
                        }
                    }
                    return written.engine_decision(extra);
                }
            }
            (Request::NextRound, _) => {
                written.next_round(session);
                written
                    .moves
                    .push(checkpoint(rules.position(session.state())));
            }
            (Request::Position(_), _) => written
                .moves
                .push(checkpoint(rules.position(session.state()))),
            _ => written.push_turn(),
        }
        false
    }

    /// Play the rest of a turn under way with mgn's first decision that can be played.
    /// What the decisions it played captured.
    fn finish_turn(&self, session: &mut Session<'_, R>, turn: &mut Vec<R::Decision>) -> Captured {
        let rules = session.rules();
        let mut captured = Captured::default();
        // Bounded: a turn is finite, and a listing that never ends one is a defect of the rules.
        for _ in 0..100_000 {
            let phase = rules.phase(session.state());
            let open_turn = matches!(phase, Phase::Continue { .. });
            let new_turn =
                turn.is_empty() && matches!(phase, Phase::ToMove(_) | Phase::MustPass { .. });
            if !open_turn && !new_turn {
                return captured;
            }
            let open = session.decisions().unwrap_or_default();
            let Some(decision) = open
                .into_iter()
                .find(|d| matches!(session.try_play(d), Answer::Played { .. }))
            else {
                return captured;
            };
            if let Answer::Played { captured: more, .. } = session.play(&decision) {
                captured.add(&more);
            }
            turn.push(decision);
        }
        captured
    }
}

/// The record of a difference, as written.
struct Recorded {
    text: String,
    /// Its plies.
    plies: usize,
    /// The byte offset in `text` of the ply that shows the difference; `None` when the
    /// difference shows in no element of its own (the record only leads to its position).
    difference_at: Option<usize>,
    /// Its last ply is a decision only the engine lists.
    plays_the_engine_decision: bool,
}

/// Where the `index`th element of the moves of the one game of `text` begins, as read back.
fn element_offset(text: &str, index: usize) -> Option<usize> {
    let game = parse_games(text).into_iter().next()?.ok()?;
    game.moves.get(index).map(|element| element.span().start)
}

/// A record's moves as they are written: the elements so far, and the turn under way.
struct Written<'r, R: RulesExt> {
    rules: &'r R,
    moves: Vec<Element>,
    turn: Vec<R::Decision>,
    /// What the decisions of the turn under way captured.
    turn_captured: Captured,
}

impl<R: RulesExt> Written<'_, R> {
    /// The turn under way, if any, written as one move.
    fn push_turn(&mut self) {
        if !self.turn.is_empty() {
            self.moves.push(self.rules.move_from_decisions(&self.turn));
            self.turn.clear();
        }
        self.turn_captured = Captured::default();
    }

    /// The steps without a choice that `decision` would make first where `session` stands
    /// (Dong Wo's muzi bought back and fill, which mgn makes only when a decision after them
    /// comes), played and written out with a checkpoint after them: the record shows the
    /// position the decision starts from, as mgn has it.
    fn compulsory_steps(&mut self, session: &mut Session<'_, R>, decision: &R::Decision) {
        let steps = self.rules.compulsory_before(session.state(), decision);
        if steps.is_empty() {
            return;
        }
        self.push_turn();
        for step in &steps {
            session.play(step);
            self.moves
                .push(self.rules.move_from_decisions(std::slice::from_ref(step)));
        }
        self.moves
            .push(checkpoint(self.rules.position(session.state())));
    }

    /// The next round started in `session`, and written.
    fn next_round(&mut self, session: &mut Session<'_, R>) {
        let round = self.rules.round(session.state());
        session.next_round();
        self.moves
            .push(Element::Round(Spanned::new(round + 1, Span::default())));
    }

    /// `extra`, a decision only the engine lists, written into the turn under way: mgn's
    /// check refuses it there. Whether it could be: one that is not MGN is only named, in a
    /// comment.
    fn engine_decision(&mut self, extra: &str) -> bool {
        let before = if self.turn.is_empty() {
            String::new()
        } else {
            match self.rules.move_from_decisions(&self.turn) {
                Element::Move(m) => write_move(&m.value),
                _ => String::new(),
            }
        };
        let chained = !before.is_empty() && extra.starts_with(['A', 'B']);
        let text = format!("{before}{}{extra}", if chained { "-" } else { "" });
        let record = format!("[Game \"{}\"]\n\n{text} *\n", self.rules.def().kind);
        let element = parse_games(&record)
            .into_iter()
            .next()
            .and_then(|g| g.ok())
            .and_then(|g| {
                g.moves.into_iter().find(|e| {
                    matches!(
                        e,
                        Element::Move(_)
                            | Element::Pass(_)
                            | Element::Transaction(_)
                            | Element::Action(_)
                    )
                })
            });
        self.turn.clear();
        match element {
            Some(m) => {
                self.moves.push(m);
                true
            }
            None => {
                self.moves.push(comment(&format!(
                    "the engine lists {extra} here, which does not read as a decision of MGN"
                )));
                false
            }
        }
    }
}

/// The decision `text` is written for, read as a record reads it, where it begins a turn or
/// is a transaction (its first decision, for a move of several); None when it does not read.
fn decision_written<R: RulesExt>(rules: &R, text: &str) -> Option<R::Decision> {
    let record = format!("[Game \"{}\"]\n\n{text} *\n", rules.def().kind);
    let game = parse_games(&record).into_iter().next()?.ok()?;
    game.moves.iter().find_map(|element| match element {
        Element::Move(m) => rules
            .decisions_from_move(&m.value)
            .ok()?
            .into_iter()
            .next()
            .map(|(decision, _)| decision),
        Element::Transaction(t) => rules.decision_from_transaction(&t.value).ok(),
        Element::Pass(_) => rules.pass_decision(),
        _ => None,
    })
}

/// mgn's trace of a difference's decision, the rules it went through, and the one that
/// decides the difference.
struct Traced {
    trace: Option<String>,
    rules: Vec<&'static str>,
    decisive: Option<&'static str>,
}

/// How two move lists differ, decision by decision.
#[derive(Debug, Default, PartialEq)]
struct Listed {
    /// The decisions only mgn lists.
    mgn_only: Vec<String>,
    /// The decisions only the engine lists.
    engine_only: Vec<String>,
    /// The decisions the engine lists more than once, each once (mgn lists each once).
    engine_twice: Vec<String>,
}

/// How the lists differ, when both answered `moves` (or both `actions`): in linear time, as a
/// list of a few hundred Dong Wo decisions is compared at every decision of a game.
fn listed_apart(mgn: &Answer, engine: &Answer) -> Listed {
    let ((Answer::Moves(m), Answer::Moves(e)) | (Answer::Actions(m), Answer::Actions(e))) =
        (mgn, engine)
    else {
        return Listed::default();
    };
    let mine: HashSet<&str> = m.iter().map(String::as_str).collect();
    let mut times: HashMap<&str, usize> = HashMap::new();
    for d in e {
        *times.entry(d.as_str()).or_default() += 1;
    }
    let mut listed = Listed {
        mgn_only: m
            .iter()
            .filter(|d| !times.contains_key(d.as_str()))
            .cloned()
            .collect(),
        ..Listed::default()
    };
    // In the engine's order, each decision once.
    let mut seen = HashSet::new();
    for d in e {
        if !seen.insert(d.as_str()) {
            continue;
        }
        if !mine.contains(d.as_str()) {
            listed.engine_only.push(d.clone());
        } else if times[d.as_str()] > 1 {
            listed.engine_twice.push(d.clone());
        }
    }
    listed
}

/// The code of a rule or option of `def` (or a general rule) that `refusal` names at its end,
/// in brackets.
fn code_named(def: &GameDef, refusal: &str) -> Option<&'static str> {
    let code = refusal
        .rsplit_once('(')
        .and_then(|(_, c)| c.strip_suffix(')'))?;
    def.rules
        .iter()
        .map(|r| r.code)
        .chain(def.options.iter().map(|o| o.code))
        .chain(crate::rules::GENERAL_RULES.iter().map(|r| r.code))
        .find(|k| *k == code)
}

/// Whether `request` asks a list of steps (`moves`, `actions`), whose answers differ by the
/// steps one side lists alone.
fn is_a_list(request: &Request) -> bool {
    matches!(request, Request::Moves | Request::Actions)
}

fn comment(text: &str) -> Element {
    Element::Comment(Spanned::new(
        Comment {
            text: text.to_string(),
            style: CommentStyle::Brace,
        },
        Span::default(),
    ))
}

fn checkpoint(position: crate::notation::Position) -> Element {
    Element::Checkpoint(Spanned::new(position, Span::default()))
}

/// The codes of the rules that decided the steps of `events`, each once, in order.
fn rules_of(events: &[Event]) -> Vec<&'static str> {
    let mut codes: Vec<&'static str> = Vec::new();
    for event in events {
        let Some(code) = event.rule().map(|rule| rule.as_str()) else {
            continue;
        };
        if !codes.contains(&code) {
            codes.push(code);
        }
    }
    codes
}

#[cfg(test)]
mod tests {
    use super::*;

    fn moves(list: &[&str]) -> Answer {
        Answer::Moves(list.iter().map(|d| d.to_string()).collect())
    }

    /// A decision both list, the engine twice, is not one only the engine lists: the report
    /// said "mgn lists no decision B1" of a decision mgn lists.
    #[test]
    fn a_decision_the_engine_lists_twice_is_not_one_only_the_engine_lists() {
        let listed = listed_apart(&moves(&["B1", "B2"]), &moves(&["B1", "B2", "B1"]));
        assert_eq!(
            listed,
            Listed {
                engine_twice: vec!["B1".to_string()],
                ..Listed::default()
            }
        );
    }

    /// Each side's decisions apart are kept in the engine's order, each once.
    #[test]
    fn decisions_listed_apart_keep_the_engine_order() {
        let listed = listed_apart(
            &moves(&["B1", "B2", "B3"]),
            &moves(&["B5", "B3", "B4", "B3", "B5", "B1"]),
        );
        assert_eq!(listed.mgn_only, ["B2"]);
        assert_eq!(listed.engine_only, ["B5", "B4"]);
        assert_eq!(listed.engine_twice, ["B3"]);
    }
}
