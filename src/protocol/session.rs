//! One game under mgn's rules, answering the requests about play: what `mgn engine` serves,
//! and mgn's side of a referee's comparison.

use super::{Answer, Captured, ErrorKind, Request, Setup, Status};
use crate::notation::{parse_games, write_move, Element, Outcome, Side};
use crate::perft::{divide, perft};
use crate::replay::PlyLog;
use crate::rules::general;
use crate::rules::{Phase, Rules, RulesExt};

/// The status a phase gives after a decision.
pub fn status_of(phase: Phase) -> Status {
    match phase {
        Phase::Continue { .. } => Status::Continue,
        Phase::ToMove(_) | Phase::MustPass { .. } => Status::TurnOver,
        Phase::RoundOver { .. } => Status::RoundOver,
        Phase::Over { winner } => Status::GameOver(match winner {
            Some(Side::A) => Outcome::AWins,
            Some(Side::B) => Outcome::BWins,
            None => Outcome::Draw,
        }),
    }
}

/// One game under mgn's rules, and where play stands: what answers a game's requests.
pub struct Session<'r, R: Rules> {
    rules: &'r R,
    state: R::State,
    /// The rules' room for the decisions played ([`Rules::Scratch`]); the questions asked of
    /// `&self` (what is open, what would a decision do) bring their own, which for one
    /// question allocates nothing.
    scratch: R::Scratch,
    /// The events of the last decision played, for its trace.
    log: PlyLog,
    /// List decisions in the reverse of the rules' order (a test of clients that must not
    /// depend on the order).
    pub reverse_moves: bool,
    /// Answer `perft` and `divide`; when false, `error unsupported perft`, as an engine that
    /// does not count answers.
    pub counts: bool,
    /// Answer `actions`; when false, `error unsupported actions`, as an engine that does not
    /// list the steps perft does not count answers.
    pub lists_actions: bool,
    /// Play the steps perft does not count; when false, `play` takes only what `moves` lists,
    /// as protocol 1 first did (a test of a client facing an engine without them).
    pub plays_free_steps: bool,
}

impl<'r, R: RulesExt> Session<'r, R> {
    /// At the rules' start, B to move.
    pub fn new(rules: &'r R) -> Session<'r, R> {
        Session {
            rules,
            state: rules.start(Side::B),
            scratch: R::Scratch::default(),
            log: PlyLog::new(rules.def()),
            reverse_moves: false,
            counts: true,
            lists_actions: true,
            plays_free_steps: true,
        }
    }

    /// The rules the session plays by, for a caller that asks them about its state (its
    /// phase, its position) beside the requests.
    pub fn rules(&self) -> &'r R {
        self.rules
    }

    /// Where play stands, with all the rules remember (more than its position says).
    pub fn state(&self) -> &R::State {
        &self.state
    }

    /// Put play at `state` without a request: a referee shrinking a difference sets a state
    /// the rules made from a position, as a `Start` tag sets it.
    pub fn set_state(&mut self, state: R::State) {
        self.state = state;
    }

    /// The events of the last decision played (or refused: none).
    pub fn log(&self) -> &PlyLog {
        &self.log
    }

    /// The decisions open now, in the rules' order; an error between rounds.
    pub fn decisions(&self) -> Result<Vec<R::Decision>, Answer> {
        if let Phase::RoundOver { .. } = self.rules.phase(&self.state) {
            return Err(Answer::error(
                ErrorKind::State,
                "the round is over: next-round starts the next one",
            ));
        }
        let mut out = Vec::new();
        self.rules
            .decisions(&self.state, &mut R::Scratch::default(), &mut out);
        Ok(out)
    }

    /// The decision written `text`, if it is open now; else why not.
    pub fn find(&self, text: &str) -> Result<R::Decision, Answer> {
        let open = self.decisions()?;
        if let Some(found) = open.iter().find(|d| d.to_string() == text) {
            return Ok(found.clone());
        }
        let why = self.refusal(text).unwrap_or_else(|| {
            format!(
                "`{text}` is not a decision open here; open: {}",
                self.rules
                    .alternatives(&self.state, &mut R::Scratch::default())
                    .join(" ")
            )
        });
        Err(Answer::error(ErrorKind::Illegal, why))
    }

    /// The steps open now that `moves` leaves out because perft does not count them, in the
    /// rules' order ([`crate::rules::Rules::free_steps`]): the answer to `actions`; an error
    /// between rounds.
    pub fn free_steps(&self) -> Result<Vec<R::Decision>, Answer> {
        self.decisions()?;
        let mut out = Vec::new();
        self.rules
            .free_steps(&self.state, &mut R::Scratch::default(), &mut out);
        Ok(out)
    }

    /// The answer to `actions`: the free steps open, written as a record writes them.
    pub fn actions(&self) -> Answer {
        if !self.lists_actions {
            return Answer::error(ErrorKind::Unsupported, "actions");
        }
        match self.free_steps() {
            Ok(open) => {
                let mut list: Vec<String> = open.iter().map(|d| d.to_string()).collect();
                if self.reverse_moves {
                    list.reverse();
                }
                Answer::Actions(list)
            }
            Err(error) => error,
        }
    }

    /// The decisions `play TEXT` plays, in order, if they are open now; else why not: a
    /// decision of `moves`, a step of `actions`, or a move's first decision with owner actions
    /// inside (`A4>~2^A2`: the actions, queued for their pieces, then the move's decision).
    pub fn find_step(&self, text: &str) -> Result<Vec<R::Decision>, Answer> {
        let refused = match self.find(text) {
            Ok(decision) => return Ok(vec![decision]),
            Err(refused) if !self.plays_free_steps => return Err(refused),
            Err(refused) => refused,
        };
        if let Some(free) = self
            .free_steps()?
            .into_iter()
            .find(|d| d.to_string() == text)
        {
            return Ok(vec![free]);
        }
        let Some(written) = written_element(self.rules.def().kind, text) else {
            return Err(refused);
        };
        let Element::Move(m) = &written else {
            // An owner action or a transaction written as a record would, and not open here.
            let why = self.refusal(text).unwrap_or_else(|| {
                format!("`{text}` is not a step open here (see moves and actions)")
            });
            return Err(Answer::error(ErrorKind::Illegal, why));
        };
        if m.value.actions.is_empty() {
            return Err(refused);
        }
        let parts = self.rules.decisions_from_move(&m.value).map_err(|e| {
            Answer::error(ErrorKind::Illegal, format!("{} ({})", e.message, e.rule))
        })?;
        let actions = m.value.actions.len();
        // The move's own decision, then nothing: its muzi drops and stop are played one
        // decision at a time, as any move's are.
        if parts.len() != actions + 1 {
            return Err(Answer::error(
                ErrorKind::Illegal,
                format!("`{text}`: a move with owner actions is played as its first decision with the actions after it (A4>~2^A2); its muzi drops and stop are decisions of their own"),
            ));
        }
        let first = parts[actions].0.to_string();
        self.find(&first)?;
        let step: Vec<R::Decision> = parts.into_iter().map(|(d, _)| d).collect();
        // Compared as text, as every decision is: `1.A4>~2^A2` or `A4>~2^A2{x}` reads as the
        // same move, and is not how it is written.
        if self.step_text(&step) != text {
            return Err(refused);
        }
        Ok(step)
    }

    /// The text `play` sends for `step`, decisions [`Session::find_step`] reads back: one
    /// decision as it is written; owner actions then a move's first decision as the move with
    /// the actions inside (`A4>~2^A2`).
    pub fn step_text(&self, step: &[R::Decision]) -> String {
        match step {
            [decision] => decision.to_string(),
            _ => match self.rules.move_from_decisions(step) {
                Element::Move(m) => write_move(&m.value),
                _ => step.iter().map(|d| d.to_string()).collect(),
            },
        }
    }

    /// mgn's refusal of a decision written as a move on its own (`B3`, `B9*A5`), or of an
    /// owner action or transaction written on its own (`^A4`, `buy:B2=3`), with its rule's
    /// code: the reason a record holding it fails.
    pub fn refusal(&self, text: &str) -> Option<String> {
        let written = written_element(self.rules.def().kind, text)?;
        let decisions = match &written {
            Element::Move(m) => self.rules.decisions_from_move(&m.value),
            Element::Action(a) => self
                .rules
                .decision_from_action(&a.value)
                .map(|d| vec![(d, crate::rules::MovePart::Whole)]),
            Element::Transaction(t) => self
                .rules
                .decision_from_transaction(&t.value)
                .map(|d| vec![(d, crate::rules::MovePart::Whole)]),
            _ => return None,
        };
        let decisions = match decisions {
            Ok(decisions) => decisions,
            Err(refused) => return Some(format!("{} ({})", refused.message, refused.rule)),
        };
        let [(decision, _)] = decisions.as_slice() else {
            return None;
        };
        let mut state = self.state.clone();
        let scratch = &mut R::Scratch::default();
        match self.rules.apply(&mut state, decision, scratch, &mut ()) {
            Err(refused) => Some(format!("{} ({})", refused.message, refused.rule)),
            Ok(()) => None,
        }
    }

    /// The answer to `moves`: the decisions open, written as mgn writes them; `error state`
    /// between rounds.
    pub fn moves(&self) -> Answer {
        match self.decisions() {
            Ok(open) => {
                let mut list: Vec<String> = open.iter().map(|d| d.to_string()).collect();
                if self.reverse_moves {
                    list.reverse();
                }
                Answer::Moves(list)
            }
            Err(error) => error,
        }
    }

    /// Play an open decision; its events are kept in [`Session::log`].
    pub fn play(&mut self, decision: &R::Decision) -> Answer {
        self.play_step(std::slice::from_ref(decision))
    }

    /// Play the decisions of one `play` request in order ([`Session::find_step`]), as one:
    /// their events in one log, what they captured in one answer; a refusal of any of them
    /// leaves play where it was.
    pub fn play_step(&mut self, step: &[R::Decision]) -> Answer {
        self.log.clear();
        let mut next = self.state.clone();
        let played = step.iter().try_for_each(|decision| {
            self.rules
                .apply(&mut next, decision, &mut self.scratch, &mut self.log)
        });
        // Owner actions played with a move's first decision are made within the laps it plays:
        // one left waiting for a later lap would be judged at a later decision, which `moves`
        // lists and the rules could then refuse whatever the client chose.
        if played.is_ok() && step.len() > 1 && self.rules.actions_waiting(&next) {
            self.log.clear();
            return Answer::error(
                ErrorKind::Illegal,
                "an owner action written with the move's first decision comes after the laps it plays (the move waits for a muzi drop first): the protocol takes a move's actions up to its first muzi lap",
            );
        }
        if let Err(refused) = played {
            self.log.clear();
            let kind = if refused.rule == general::LIMIT_LAPS {
                ErrorKind::Undecided
            } else {
                ErrorKind::Illegal
            };
            return Answer::error(kind, format!("{} ({})", refused.message, refused.rule));
        }
        self.log.settle();
        self.state = next;
        let captures = self.log.captures();
        Answer::Played {
            status: status_of(self.rules.phase(&self.state)),
            captured: Captured {
                points: captures.points,
                holes: captures.sorted_holes(),
            },
            position: self.rules.position(&self.state),
        }
    }

    /// What playing `decision` would answer, leaving play where it is.
    pub fn try_play(&self, decision: &R::Decision) -> Answer {
        let mut state = self.state.clone();
        let scratch = &mut R::Scratch::default();
        match self.rules.apply(&mut state, decision, scratch, &mut ()) {
            Ok(()) => Answer::Played {
                status: status_of(self.rules.phase(&state)),
                captured: Captured::default(),
                position: self.rules.position(&state),
            },
            Err(refused) if refused.rule == general::LIMIT_LAPS => {
                Answer::error(ErrorKind::Undecided, refused.message)
            }
            Err(refused) => Answer::error(ErrorKind::Illegal, refused.message),
        }
    }

    /// The position now, as the answer to `position` and `next-round` gives it.
    pub fn position(&self) -> Answer {
        Answer::Position(self.rules.position(&self.state))
    }

    /// The answer to `position`: play set at the rules' start or at a position, which is then
    /// answered back; `error position` with the rule's code when the rules refuse it, play
    /// staying where it was.
    pub fn setup(&mut self, setup: &Setup) -> Answer {
        match setup {
            Setup::Start(side) => self.state = self.rules.start(*side),
            Setup::Position(p) => match self.rules.state_from_position(p) {
                Ok(state) => self.state = state,
                Err(refused) => {
                    return Answer::error(
                        ErrorKind::Position,
                        format!("{} ({})", refused.message, refused.rule),
                    )
                }
            },
        }
        self.position()
    }

    /// The answer to `next-round`: what the rules do between rounds, then the position it
    /// leaves; `error state` when the round is not over.
    pub fn next_round(&mut self) -> Answer {
        match self.rules.phase(&self.state) {
            Phase::RoundOver { .. } => {}
            Phase::Over { .. } => {
                return Answer::error(ErrorKind::State, "the game is over: no round follows")
            }
            _ => return Answer::error(ErrorKind::State, "the round is not over"),
        }
        self.log.clear();
        match self.rules.begin_round(&mut self.state, &mut self.log) {
            Ok(()) => self.position(),
            Err(refused) => Answer::error(
                ErrorKind::State,
                format!("{} ({})", refused.message, refused.rule),
            ),
        }
    }

    fn count(&self, depth: u32, split: bool) -> Answer {
        if !self.counts {
            return Answer::error(ErrorKind::Unsupported, "perft");
        }
        if let Phase::RoundOver { .. } = self.rules.phase(&self.state) {
            return Answer::error(
                ErrorKind::State,
                "the round is over: next-round starts the next one",
            );
        }
        let counted = if split {
            divide(self.rules, &self.state, depth).map(Answer::Divide)
        } else {
            perft(self.rules, &self.state, depth).map(Answer::Perft)
        };
        counted.unwrap_or_else(|refusal| {
            let kind = if refusal.rule == general::LIMIT_COUNT {
                ErrorKind::Overflow
            } else {
                ErrorKind::Undecided
            };
            Answer::error(kind, format!("{} ({})", refusal.message, refusal.rule))
        })
    }

    /// The answer to a request about play (not `mgn`, `game` or `quit`, which
    /// [`serve`](super::serve) answers).
    pub fn answer(&mut self, request: &Request) -> Answer {
        match request {
            Request::Position(setup) => self.setup(setup),
            Request::Moves => self.moves(),
            Request::Actions => self.actions(),
            Request::Play(text) => match self.find_step(text) {
                Ok(step) => self.play_step(&step),
                Err(refused) => refused,
            },
            Request::NextRound => self.next_round(),
            Request::Perft(depth) => self.count(*depth, false),
            Request::Divide(depth) => self.count(*depth, true),
            Request::Hello | Request::Game(_) | Request::Quit => {
                Answer::error(ErrorKind::Request, "not a request about play")
            }
        }
    }
}

/// `text` read as one element of a record of `game`: a move, an owner action, a transaction.
fn written_element(game: crate::notation::GameKind, text: &str) -> Option<Element> {
    let record = format!("[Game \"{game}\"]\n\n{text} *\n");
    let game = parse_games(&record).into_iter().next()?.ok()?;
    game.moves.into_iter().find(|e| {
        matches!(
            e,
            Element::Move(_) | Element::Action(_) | Element::Transaction(_) | Element::Pass(_)
        )
    })
}
