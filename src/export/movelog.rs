//! mgn's plain move log written from a game (docs/import.md): the lines
//! [`crate::import::movelog`] reads, one JSON object a line, with what the replay gives after
//! each turn.

use crate::import::movelog::{CapturesField, EndLine, HeaderLine, Players, RoundLine, TurnLine};
use crate::notation::{
    push_action, push_transaction, write_move, write_position, Element, Game, Header, Hole,
    HoleAction, Outcome, Transaction,
};
use crate::replay::{PlyRecord, StepLabel};
use crate::rules::{game_def, Event, GameDef};
use serde::Serialize;

/// Why a game cannot be written as a move log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WriteError {
    /// What the move log cannot hold, in words.
    pub message: String,
}

/// One game as a move log: its header line, a line per turn with the captures and the
/// position the replay gives after it, a line per round, and its end. The record's own
/// claims and comments are not written: what the replay gives stands in for the claims, and
/// a move log has no comments. A game that does not replay is refused: a move log of it would
/// hold positions no rules give.
pub fn write_game(game: &Game) -> Result<String, WriteError> {
    let replayed = crate::replay::replay_game(game, crate::replay::ReplayOptions::plies());
    if let Some(failure) = &replayed.failure {
        return Err(WriteError {
            message: format!(
                "the game does not replay ({}: {}): check it with mgn check",
                failure.rule, failure.message
            ),
        });
    }
    let mut log = LogWriter {
        def: game_def(game.header.game.value),
        steps: replayed.plies.iter(),
        open: None,
        lines: vec![json_line(&header_line(&game.header))],
    };
    for element in &game.moves {
        log.element(element)?;
    }
    log.close();
    let mut lines = log.lines;
    if let Some(end) = end_line(game) {
        lines.push(json_line(&end));
    }
    let mut out = lines.join("\n");
    out.push('\n');
    Ok(out)
}

fn header_line(header: &Header) -> HeaderLine {
    HeaderLine {
        game: header.game.value.name().to_string(),
        board: header.board.as_ref().map(|b| b.value.to_string()),
        preset: header.preset.as_ref().map(|p| p.value.clone()),
        options: header
            .options
            .iter()
            .map(|o| format!("{}={}", o.value.code, o.value.value))
            .collect(),
        players: (header.player_a.is_some() || header.player_b.is_some()).then(|| Players {
            a: header.player_a.as_ref().map(|p| p.value.clone()),
            b: header.player_b.as_ref().map(|p| p.value.clone()),
        }),
        first: header.first.as_ref().map(|f| f.value.name().to_string()),
        start: header.start.as_ref().map(|s| write_position(&s.value)),
        event: header.event.as_ref().map(|v| v.value.clone()),
        site: header.site.as_ref().map(|v| v.value.clone()),
        date: header.date.as_ref().map(|v| v.value.clone()),
        source: header.source.as_ref().map(|v| v.value.clone()),
        tags: header
            .other
            .iter()
            .map(|t| (t.value.name.clone(), t.value.value.clone()))
            .collect(),
    }
}

/// The end line, when the record says who won or how the game ended.
fn end_line(game: &Game) -> Option<EndLine> {
    let winner = match game.outcome.value {
        Outcome::AWins => Some("A"),
        Outcome::BWins => Some("B"),
        Outcome::Draw => Some("draw"),
        Outcome::Unknown => None,
    };
    let termination = game.header.termination.as_ref().map(|t| t.value.clone());
    (winner.is_some() || termination.is_some()).then(|| EndLine {
        winner: winner.map(str::to_string),
        end: termination,
    })
}

/// The move log as it is written, element by element of the record, each beside the step of
/// the replay that played it.
struct LogWriter<'r> {
    def: &'static GameDef,
    /// The replay's steps not yet written.
    steps: std::slice::Iter<'r, PlyRecord>,
    /// The line being built: a turn or a round, to which the actions after it belong.
    open: Option<Open>,
    /// The lines closed so far.
    lines: Vec<String>,
}

enum Open {
    Turn(TurnLine),
    Round(RoundLine),
}

impl<'r> LogWriter<'r> {
    fn element(&mut self, element: &Element) -> Result<(), WriteError> {
        match element {
            Element::Move(m) => self.turn(write_move(&m.value)),
            Element::Pass(_) => self.turn("pass".to_string()),
            Element::Round(r) => self.round(r.value),
            Element::Transaction(t) => self.transaction(&t.value),
            Element::Action(a) => self.action(&a.value),
            // Claims and comments: what the replay gives stands in for them.
            _ => Ok(()),
        }
    }

    fn next_step(&mut self) -> Result<&'r PlyRecord, WriteError> {
        self.steps.next().ok_or_else(replay_short)
    }

    fn close(&mut self) {
        match self.open.take() {
            Some(Open::Turn(t)) => self.lines.push(json_line(&t)),
            Some(Open::Round(r)) => self.lines.push(json_line(&r)),
            None => {}
        }
    }

    /// A move or a pass, `written` as the record has it.
    fn turn(&mut self, written: String) -> Result<(), WriteError> {
        self.close();
        let step = self.next_step()?;
        let StepLabel::Ply { side, .. } = &step.label else {
            return Err(replay_short());
        };
        self.open = Some(Open::Turn(TurnLine {
            player: side.name().to_string(),
            mv: written,
            captures: captures(self.def, &step.events),
            score: None,
            actions: Vec::new(),
            position: Some(write_position(&step.after)),
        }));
        Ok(())
    }

    fn round(&mut self, round: u32) -> Result<(), WriteError> {
        self.close();
        let step = self.next_step()?;
        self.open = Some(Open::Round(RoundLine {
            round,
            transactions: Vec::new(),
            actions: Vec::new(),
            position: Some(write_position(&step.after)),
        }));
        Ok(())
    }

    fn transaction(&mut self, transaction: &Transaction) -> Result<(), WriteError> {
        let step = self.next_step()?;
        let Some(Open::Round(round)) = &mut self.open else {
            return Err(WriteError {
                message: "a transaction outside the start of a round".to_string(),
            });
        };
        let mut token = String::new();
        push_transaction(&mut token, transaction);
        round.transactions.push(token);
        round.position = Some(write_position(&step.after));
        Ok(())
    }

    /// An owner action, which belongs to the turn or round line before it.
    fn action(&mut self, action: &HoleAction) -> Result<(), WriteError> {
        let step = self.next_step()?;
        let mut token = String::new();
        push_action(&mut token, action);
        match &mut self.open {
            Some(Open::Turn(turn)) => {
                turn.actions.push(token);
                turn.position = Some(write_position(&step.after));
            }
            Some(Open::Round(round)) => {
                round.actions.push(token);
                round.position = Some(write_position(&step.after));
            }
            None => {
                return Err(WriteError {
                    message: format!(
                        "the owner action {token} before the game's first move has no place in a move log"
                    ),
                })
            }
        }
        Ok(())
    }
}

fn replay_short() -> WriteError {
    WriteError {
        message: "the replay gave fewer steps than the record holds".to_string(),
    }
}

fn json_line<T: Serialize>(value: &T) -> String {
    serde_json::to_string(value).expect("a move-log line is plain data")
}

/// The captures of a ply, from its events; none when some of its events were left out (a
/// very long ply), as a count from part of them would be wrong.
fn captures(def: &GameDef, events: &[Event]) -> Option<CapturesField> {
    let mut points = 0u64;
    let mut holes: Vec<Hole> = Vec::new();
    for event in events {
        match event {
            Event::Omitted { .. } => return None,
            Event::Capture { hole, pile, .. } => {
                points += def.pile_points(*pile);
                if !holes.contains(hole) {
                    holes.push(*hole);
                }
            }
            _ => {}
        }
    }
    if holes.is_empty() {
        return None;
    }
    holes.sort();
    Some(CapturesField {
        points: u32::try_from(points).ok()?,
        holes: Some(holes.iter().map(ToString::to_string).collect()),
    })
}
