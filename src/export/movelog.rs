//! mgn's plain move log written from a game (docs/import.md): the lines
//! [`crate::import::movelog`] reads, one JSON object a line, with what the replay gives after
//! each turn.

use crate::import::movelog::{CapturesField, EndLine, HeaderLine, Players, RoundLine, TurnLine};
use crate::notation::{write_move, write_position, Element, Game, Hole, Outcome};
use crate::rules::{game_def, Event};
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
    let header = &game.header;
    let def = game_def(header.game.value);
    let head = HeaderLine {
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
    };
    let mut lines = vec![json_line(&head)];
    let mut steps = replayed.plies.iter();
    // The line being built: a turn or a round, to which the actions after it belong.
    enum Open {
        Turn(TurnLine),
        Round(RoundLine),
    }
    let mut open: Option<Open> = None;
    let close = |open: &mut Option<Open>, lines: &mut Vec<String>| match open.take() {
        Some(Open::Turn(t)) => lines.push(json_line(&t)),
        Some(Open::Round(r)) => lines.push(json_line(&r)),
        None => {}
    };
    for element in &game.moves {
        let written = match element {
            Element::Move(m) => Some(write_move(&m.value)),
            Element::Pass(_) => Some("pass".to_string()),
            _ => None,
        };
        if let Some(written) = written {
            close(&mut open, &mut lines);
            let step = steps.next().ok_or_else(replay_short)?;
            let crate::replay::StepLabel::Ply { side, .. } = &step.label else {
                return Err(replay_short());
            };
            open = Some(Open::Turn(TurnLine {
                player: side.name().to_string(),
                mv: written,
                captures: captures(def, &step.events),
                score: None,
                actions: Vec::new(),
                position: Some(write_position(&step.after)),
            }));
            continue;
        }
        match element {
            Element::Round(r) => {
                close(&mut open, &mut lines);
                let step = steps.next().ok_or_else(replay_short)?;
                open = Some(Open::Round(RoundLine {
                    round: r.value,
                    transactions: Vec::new(),
                    actions: Vec::new(),
                    position: Some(write_position(&step.after)),
                }));
            }
            Element::Transaction(t) => {
                let step = steps.next().ok_or_else(replay_short)?;
                let Some(Open::Round(round)) = &mut open else {
                    return Err(WriteError {
                        message: "a transaction outside the start of a round".to_string(),
                    });
                };
                let mut token = String::new();
                crate::notation::push_transaction(&mut token, &t.value);
                round.transactions.push(token);
                round.position = Some(write_position(&step.after));
            }
            Element::Action(a) => {
                let step = steps.next().ok_or_else(replay_short)?;
                let mut token = String::new();
                crate::notation::push_action(&mut token, &a.value);
                match &mut open {
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
            }
            _ => {}
        }
    }
    close(&mut open, &mut lines);
    let winner = match game.outcome.value {
        Outcome::AWins => Some("A"),
        Outcome::BWins => Some("B"),
        Outcome::Draw => Some("draw"),
        Outcome::Unknown => None,
    };
    let termination = header.termination.as_ref().map(|t| t.value.clone());
    if winner.is_some() || termination.is_some() {
        lines.push(json_line(&EndLine {
            winner: winner.map(str::to_string),
            end: termination,
        }));
    }
    let mut out = lines.join("\n");
    out.push('\n');
    Ok(out)
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
fn captures(def: &crate::rules::GameDef, events: &[Event]) -> Option<CapturesField> {
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
