//! Text forms of a replay for people: the step trace of a ply, a position one field a line
//! (what checkpoint diffs compare), and a drawing of the board.

use crate::code::Code;
use crate::notation::{write_position, HoleState, Pile, Position, Side};
use crate::rules::{Drawing, Event};
use std::fmt::Write;

/// The steps of one ply: each lap (where it started, how many seeds, where each fell, where it
/// ended and by which rule), each capture and the rule that made it, and what came after.
pub fn ply_trace(heading: &str, events: &[Event]) -> String {
    let mut out = heading.to_string();
    let mut lap_line = String::new();
    let flush = |out: &mut String, lap_line: &mut String| {
        if !lap_line.is_empty() {
            out.push_str("\n  ");
            out.push_str(lap_line);
            lap_line.clear();
        }
    };
    // The lap under way, whose line goes on after an event that interrupts it (a seed banked).
    let mut current = 0;
    let go_on = |lap_line: &mut String, lap: u32| {
        if lap_line.is_empty() {
            let _ = write!(lap_line, "lap {lap} (continued):");
        }
    };
    // Codes only: the words of the rule that decided stand once, above the trace.
    for event in events {
        match *event {
            Event::PickUp { hole, pile, lap } => {
                flush(&mut out, &mut lap_line);
                current = lap;
                let lead = if lap == 1 { "sowing" } else { "relay" };
                let _ = write!(
                    lap_line,
                    "lap {lap} ({lead}): {hole} takes {}:",
                    pile_words(pile)
                );
            }
            Event::Sow { hole } => {
                go_on(&mut lap_line, current);
                let _ = write!(lap_line, " {hole}");
            }
            Event::SowMuzi { hole, muzi } => {
                go_on(&mut lap_line, current);
                let _ = write!(lap_line, " {hole}(m{muzi})");
            }
            Event::Skip { hole, .. } => {
                go_on(&mut lap_line, current);
                let _ = write!(lap_line, " (skips {hole})");
            }
            Event::LapEnd {
                hole,
                lap,
                rule: code,
            } => {
                if lap_line.is_empty() && lap == current {
                    // The lap went on after an interruption, with no seed more.
                    let _ = write!(lap_line, "lap {lap} (continued): ends in {hole} [{code}]");
                } else {
                    if lap_line.is_empty() {
                        // The end of a lap whose start was left out of the trace.
                        let _ = write!(lap_line, "lap {lap}: ...");
                    }
                    let _ = write!(lap_line, "; ends in {hole} [{code}]");
                }
                flush(&mut out, &mut lap_line);
            }
            // Sown into a won or bought hole, a piece is banked at once, as into a store: the
            // lap goes on.
            Event::Bank { to, rule, .. } if !lap_line.is_empty() => {
                let _ = write!(lap_line, " (to {to}'s winnings [{rule}])");
            }
            _ => {
                flush(&mut out, &mut lap_line);
                let _ = write!(out, "\n  {}", step_words(event));
            }
        }
    }
    flush(&mut out, &mut lap_line);
    out
}

/// The steps of one ply, one event a line, each in words and in the notation's hole names:
/// `lap 1: lift 5 from B4`, `lap 1: sow 1 in B5`, `capture 6 from A2 for B [code]`. What
/// `mgn replay --trace` shows; [`ply_trace`] is the same steps a lap a line.
pub fn event_trace(heading: &str, events: &[Event]) -> String {
    let mut out = heading.to_string();
    // Sowing events do not carry their lap: it is the lap of the last pick-up.
    let mut lap = 0;
    for event in events {
        out.push_str("\n  ");
        let _ = match *event {
            Event::PickUp {
                hole,
                pile,
                lap: now,
            } => {
                lap = now;
                write!(out, "lap {lap}: lift {} from {hole}", pile_count(pile))
            }
            Event::Sow { hole } => write!(out, "lap {lap}: sow 1 in {hole}"),
            Event::SowMuzi { hole, muzi } => {
                write!(out, "lap {lap}: drop {muzi}'s muzi in {hole}")
            }
            Event::Skip { hole, rule } => write!(out, "lap {lap}: skip {hole} [{rule}]"),
            Event::LapEnd {
                hole,
                lap: now,
                rule,
            } => {
                lap = now;
                write!(out, "lap {lap}: ends in {hole} [{rule}]")
            }
            _ => write!(out, "{}", step_words(event)),
        };
    }
    out
}

/// The words of an event that is not a step of a sowing, the same in both traces.
fn step_words(event: &Event) -> String {
    match *event {
        Event::PickUp { hole, pile, lap } => {
            format!("lap {lap}: lift {} from {hole}", pile_count(pile))
        }
        Event::Sow { hole } => format!("sow 1 in {hole}"),
        Event::SowMuzi { hole, muzi } => format!("drop {muzi}'s muzi in {hole}"),
        Event::Skip { hole, rule } => format!("skip {hole} [{rule}]"),
        Event::LapEnd { hole, lap, rule } => format!("lap {lap}: ends in {hole} [{rule}]"),
        Event::Shift {
            from,
            to,
            seeds,
            rule: code,
        } => format!(
            "transfer: {} from {from} to {to} [{code}]",
            pile_words(Pile {
                seeds,
                muzi: Default::default()
            })
        ),
        Event::Cycle {
            mu,
            lambda,
            times,
            stop,
            rule: code,
        } => cycle_words(mu, lambda, times, stop, code),
        Event::Omitted {
            events,
            first_lap,
            last_lap,
        } => omitted_words(events, first_lap, last_lap),
        Event::Capture {
            hole,
            pile,
            by,
            rule: code,
        } => format!("capture: {hole} ({}) to {by} [{code}]", pile_words(pile)),
        Event::Bank {
            hole,
            pile,
            to,
            rule: code,
        } => format!(
            "{hole}: {} to {to}'s winnings, no capture [{code}]",
            pile_words(pile)
        ),
        Event::Pass { side, rule: code } => format!("{side} passes [{code}]"),
        Event::TurnEnd { next } => format!("{next} to move"),
        Event::RoundEnd {
            round,
            winner,
            rule: code,
        } => {
            let who = winner.map_or("drawn".to_string(), |w| format!("won by {w}"));
            format!("round {round} over, {who} [{code}]")
        }
        Event::Gather {
            hole,
            seeds,
            by,
            rule: code,
        } => format!("{hole}: {seeds} left on the board go to {by} [{code}]"),
        Event::Transfer {
            from,
            to,
            seeds,
            rule: code,
        } => format!("{from} hands {seeds} to {to} [{code}]"),
        Event::Refill { hole, seeds } => format!("refill {hole} with {seeds}"),
        Event::Remove {
            from,
            seeds,
            rule: code,
        } => format!("{from} puts {seeds} out of the game [{code}]"),
        Event::Place {
            hole,
            pile,
            from,
            rule: code,
        } => format!(
            "{hole}: {} put in from {from}'s winnings [{code}]",
            pile_words(pile)
        ),
        Event::Owner {
            hole,
            owner,
            rule: code,
        } => match owner {
            Some(owner) => format!("{hole} now belongs to {owner} [{code}]"),
            None => format!("{hole} is back with {} [{code}]", hole.side),
        },
        Event::MuziSale {
            muzi,
            from,
            to,
            rule: code,
        } => format!("{muzi}'s muzi goes from {from} to {to} [{code}]"),
        Event::OutOfPlay { hole, rule: code } => format!("{hole} out of play [{code}]"),
        Event::RoundStart { round, first } => format!("round {round} starts, {first} to move"),
        Event::GameEnd { winner, rule: code } => {
            let who = winner.map_or("a draw".to_string(), |w| format!("{w} wins"));
            format!("game over: {who} [{code}]")
        }
    }
}

/// An endless move's cycle: after `mu` laps, laps repeat every `lambda`; the move ran the
/// cycle `times` times and stopped after lap `stop`, perhaps part-way into one more, by the
/// rule `code`.
fn cycle_words(mu: u32, lambda: u32, times: u32, stop: u32, code: Code) -> String {
    let repeat = u64::from(mu) + u64::from(lambda);
    let more = u64::from(stop) - u64::from(mu) - u64::from(times) * u64::from(lambda);
    format!(
        "cycle: after lap {repeat} the move is back where it was after lap {mu}; laps {} to {repeat} repeat every {lambda} lap{} for ever. It ran them {times} time{}{}, stopping after lap {stop} [{code}]",
        u64::from(mu) + 1,
        plural(u64::from(lambda)),
        plural(u64::from(times)),
        if more > 0 {
            format!(" and {more} lap{} more", plural(more))
        } else {
            String::new()
        },
    )
}

/// The steps of a very long ply left out of its trace, and the laps they were in.
fn omitted_words(events: u64, first_lap: u32, last_lap: u32) -> String {
    let laps = if first_lap == last_lap {
        format!("lap {first_lap}")
    } else {
        format!("laps {first_lap} to {last_lap}")
    };
    format!(
        "... {events} step{} of {laps} not shown ...",
        plural(events)
    )
}

/// A pile lifted, as a count: `5`, `5 and A's muzi`, `A's muzi` (muzi only where a game has
/// them).
fn pile_count(pile: Pile) -> String {
    let muzi = match (pile.muzi.a, pile.muzi.b) {
        (false, false) => return pile.seeds.to_string(),
        (true, false) => "A's muzi",
        (false, true) => "B's muzi",
        (true, true) => "both muzi",
    };
    if pile.seeds == 0 {
        muzi.to_string()
    } else {
        format!("{} and {muzi}", pile.seeds)
    }
}

fn plural(n: u64) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

fn pile_words(pile: Pile) -> String {
    let seeds = if pile.seeds == 1 {
        "1 seed".to_string()
    } else {
        format!("{} seeds", pile.seeds)
    };
    match (pile.muzi.a, pile.muzi.b) {
        (false, false) => seeds,
        (true, false) => format!("{seeds} and A's muzi"),
        (false, true) => format!("{seeds} and B's muzi"),
        (true, true) => format!("{seeds} and both muzi"),
    }
}

/// The canonical position string with one field a line, so that a diff of two positions
/// points at the field that differs.
pub fn position_lines(position: &Position) -> String {
    let text = write_position(position);
    let mut fields = text.split(' ');
    let mut out = String::new();
    let (holes, stores) = (fields.next().unwrap_or(""), fields.next().unwrap_or(""));
    let (a, b) = holes.split_once('/').unwrap_or((holes, ""));
    let _ = writeln!(out, "holes A: {a}");
    let _ = writeln!(out, "holes B: {b}");
    let _ = writeln!(out, "stores:  {stores}");
    let _ = writeln!(out, "to move: {}", fields.next().unwrap_or(""));
    let _ = writeln!(out, "round:   {}", fields.next().unwrap_or(""));
    if let Some(debts) = fields.next() {
        let _ = writeln!(out, "debts:   {debts}");
    }
    out
}

fn cell(hole: &HoleState) -> String {
    if hole.out_of_play {
        return "x".to_string();
    }
    let mut text = if hole.pile.seeds == 0 && !hole.pile.muzi.is_empty() {
        String::new()
    } else {
        hole.pile.seeds.to_string()
    };
    if hole.pile.muzi.a {
        text.push_str("mA");
    }
    if hole.pile.muzi.b {
        text.push_str("mB");
    }
    if let Some(owner) = hole.owner {
        let _ = write!(text, "@{owner}");
    }
    text
}

/// The board of `position` drawn as the game's definitions say ([`crate::rules::GameDef`]).
pub fn draw(drawing: Drawing, position: &Position) -> String {
    match drawing {
        Drawing::TwoRows => draw_board(position),
        Drawing::FourRows => draw_four_rows(position),
    }
}

/// A drawing of a two-row board seen from B's side: A's row on top (A1 at the right), B's row
/// below (B1 at the left), A's store or winnings at the left and B's at the right.
pub fn draw_board(position: &Position) -> String {
    let width = position
        .holes
        .iter()
        .flatten()
        .map(|h| cell(h).len())
        .max()
        .unwrap_or(1)
        .max(3);
    let row = |side: Side, reversed: bool| -> (String, String) {
        let holes = &position.holes[side.index()];
        let order: Vec<usize> = if reversed {
            (0..holes.len()).rev().collect()
        } else {
            (0..holes.len()).collect()
        };
        let names = order
            .iter()
            .map(|&i| format!("{:>width$}", format!("{side}{}", i + 1)))
            .collect::<Vec<_>>()
            .join(" ");
        let cells = order
            .iter()
            .map(|&i| format!("{:>width$}", cell(&holes[i])))
            .collect::<Vec<_>>()
            .join(" ");
        (names, cells)
    };
    let store = |side: Side| {
        let pile = position.stores[side.index()];
        cell(&HoleState {
            pile,
            owner: None,
            out_of_play: false,
        })
    };
    let (a_names, a_cells) = row(Side::A, true);
    let (b_names, b_cells) = row(Side::B, false);
    let margin = store(Side::A).len().max(5);
    let pad = " ".repeat(margin + 2);
    format!(
        "{pad}{a_names}\n{pad}{a_cells}\n{:>margin$}  {}  {}\n{pad}{b_cells}\n{pad}{b_names}\n",
        store(Side::A),
        " ".repeat(a_cells.len()),
        store(Side::B),
    )
}

/// A drawing of a four-row Nchuwa board seen from B's side: each player's outer row farthest
/// from the middle, his inner row next to it (holes numbered as in docs/notation.md), A's
/// winnings at the left and B's at the right.
pub fn draw_four_rows(position: &Position) -> String {
    let n = position.holes[0].len() / 2;
    let width = position
        .holes
        .iter()
        .flatten()
        .map(|h| cell(h).len())
        .max()
        .unwrap_or(1)
        .max(3);
    let line = |side: Side, numbers: &[usize], names: bool| -> String {
        numbers
            .iter()
            .map(|&k| {
                let text = if names {
                    format!("{side}{k}")
                } else {
                    cell(&position.holes[side.index()][k - 1])
                };
                format!("{text:>width$}")
            })
            .collect::<Vec<_>>()
            .join(" ")
    };
    let a_outer: Vec<usize> = (1..=n).rev().collect();
    let a_inner: Vec<usize> = (n + 1..=2 * n).collect();
    let b_inner: Vec<usize> = (n + 1..=2 * n).rev().collect();
    let b_outer: Vec<usize> = (1..=n).collect();
    let store = |side: Side| {
        cell(&HoleState {
            pile: position.stores[side.index()],
            owner: None,
            out_of_play: false,
        })
    };
    let margin = store(Side::A).len().max(5);
    let pad = " ".repeat(margin + 2);
    let rows = [
        line(Side::A, &a_outer, true),
        line(Side::A, &a_outer, false),
        line(Side::A, &a_inner, false),
        line(Side::A, &a_inner, true),
    ];
    let lower = [
        line(Side::B, &b_inner, true),
        line(Side::B, &b_inner, false),
        line(Side::B, &b_outer, false),
        line(Side::B, &b_outer, true),
    ];
    let mut out = String::new();
    for row in &rows {
        let _ = writeln!(out, "{pad}{row}");
    }
    let _ = writeln!(
        out,
        "{:>margin$}  {}  {}",
        store(Side::A),
        " ".repeat(rows[0].len()),
        store(Side::B)
    );
    for row in &lower {
        let _ = writeln!(out, "{pad}{row}");
    }
    out
}
