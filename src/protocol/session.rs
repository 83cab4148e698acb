//! One game under mgn's rules, answering the requests about play: what `mgn engine` serves,
//! and mgn's side of a referee's comparison.

use super::{Answer, Captured, ErrorKind, Request, Setup, Status};
use crate::notation::{parse_games, Element, Outcome, Side};
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

    /// mgn's refusal of a decision written as a move on its own (`B3`, `B9*A5`), with its
    /// rule's code: the reason a record holding it fails.
    pub fn refusal(&self, text: &str) -> Option<String> {
        let record = format!("[Game \"{}\"]\n\n{text} *\n", self.rules.def().kind);
        let game = parse_games(&record).into_iter().next()?.ok()?;
        let written = game.moves.iter().find_map(|e| match e {
            Element::Move(m) => Some(&m.value),
            _ => None,
        })?;
        let decisions = match self.rules.decisions_from_move(written) {
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
        self.log.clear();
        let mut next = self.state.clone();
        let played = self
            .rules
            .apply(&mut next, decision, &mut self.scratch, &mut self.log);
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
            Request::Play(text) => match self.find(text) {
                Ok(decision) => self.play(&decision),
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
