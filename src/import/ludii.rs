//! Ludii's trial files (`saveTrialToTextFile`) of Nchuwa (`Nchuwa.lud`), read into MGN under
//! the preset `ludii` (docs/import.md, Ludii trials).
//!
//! A trial lists every action Ludii applied: the start placements by player 0, then one `Move`
//! per relay lap, each with the seeds it moved and the holes it emptied. The importer plays
//! those actions on a board of its own, literally, without Nchuwa's rules, and writes each
//! player's decision as an MGN ply followed by what the trial says it did: the holes it
//! emptied (a capture claim) and the board after it (a checkpoint). `mgn check` then replays
//! the decisions under the rules and compares, so every lap, capture and verdict of the trial
//! is checked, and none is taken on trust. The numbers nothing written for the replay carries
//! (who moves, a move's own from and to, the next player a lap names, the gambit's note) are
//! checked here against the rest of the trial, so no number of a move is read and dropped.
//! A trial Ludii's move limit stopped in the middle of a relay keeps its whole turns, and ends
//! with the cut turn written as a move cut after its last lap read (`B9/3`), with its board
//! after that lap: the record stops unfinished (`*`, Termination `unfinished`), which lets
//! `mgn check` replay that lap and no further (`mgn.record.cut`, docs/notation.md, Claims).
//! The one exception to playing without the rules: a cut relay that never ends, which Ludii
//! plays until its move limit and scores as a draw, is written as the game Ludii played, the
//! move whole and a draw (`nchuwa.endless=draw`); only the rules can tell that it never ends.
//!
//! Sites are numbered row by row from the bottom left, N a row: row 0 is player 1's outer row,
//! row 1 his inner row, row 2 player 2's inner row and row 3 his outer row. Player 1 is B, who
//! moves first; player 2 is A.

use super::{ImportError, Imported, Places, SourcePlace};
use crate::notation::{parse_games, push_tag, Side};
use std::fmt::Write as _;

/// The MGN text of the Ludii trial `text` (one game), `source` naming where it came from (its
/// file), with the trial's line of each ply (`super::import_games`), or the first thing in it
/// the importer does not understand, at its line.
pub fn import_placed(text: &str, source: &str) -> Result<Imported, ImportError> {
    let trial = read_trial(text)?;
    let (mgn, plies) = write_trial(&trial, source)?;
    // Read back and written again: the canonical form, and proof that the text is MGN.
    let games = parse_games(&mgn);
    match games.as_slice() {
        [Ok(game)] => {
            let mut places = Places::of_plies(game, 1, &plies);
            if let Some((line, _)) = trial.winner {
                places.mark(game.moves.len(), line, 1);
            }
            Ok(places.write(game))
        }
        _ => Err(ImportError::new(
            1,
            1,
            format!("internal error: the MGN written for this trial does not read back:\n{mgn}"),
        )),
    }
}

/// Everything of a trial file, read but not yet played.
#[derive(Debug, Default)]
struct Trial {
    game: String,
    options: Vec<(usize, String)>,
    rng: Option<String>,
    moves: Vec<LudiiMove>,
    legal_sizes: usize,
    initial_placements: Option<(usize, usize)>,
    winner: Option<(usize, i64)>,
    end_type: Option<(usize, String)>,
    rankings: Option<String>,
    sandbox: Option<String>,
    version: Option<String>,
    last_line: usize,
}

/// One `Move=` line: one decision of Ludii's, a relay lap or a step of the opening.
#[derive(Debug)]
struct LudiiMove {
    line: usize,
    mover: u32,
    /// The column of `mover=`.
    mover_column: usize,
    actions: Vec<Placed>,
}

/// An action and the column of its `[` in the line.
#[derive(Debug)]
struct Placed {
    column: usize,
    action: Action,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Action {
    /// `SetCount`: the start placements of player 0.
    SetCount { site: usize, count: u32 },
    /// `Select`: the hole a lap takes its seeds from.
    Select { site: usize },
    /// `Move`: seeds moved from one hole to another, one a sown seed, two the opening transfer.
    Shift {
        from: usize,
        to: usize,
        count: u32,
        decision: bool,
    },
    /// `Remove`: a hole emptied, by a capture or an opening removal.
    Remove { site: usize, decision: bool },
    /// `SetValueOfPlayer`: the gambit's note of the next site to sow, -1 (Ludii's `Off`) when
    /// the player's gambit is over. Ludii's Nchuwa keeps no score.
    SetValue { player: u64, value: i64 },
    /// `SetNextPlayer`: who moves next; the mover himself when his relay goes on.
    SetNextPlayer { player: u64 },
}

impl Action {
    fn kind(&self) -> &'static str {
        match self {
            Action::SetCount { .. } => "SetCount",
            Action::Select { .. } => "Select",
            Action::Shift { .. } => "Move",
            Action::Remove { .. } => "Remove",
            Action::SetValue { .. } => "SetValueOfPlayer",
            Action::SetNextPlayer { .. } => "SetNextPlayer",
        }
    }
}

fn read_trial(text: &str) -> Result<Trial, ImportError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut lines = text
        .split('\n')
        .map(|l| l.strip_suffix('\r').unwrap_or(l))
        .enumerate()
        .map(|(i, l)| (i + 1, l))
        .peekable();
    let Some((1, first)) = lines.next() else {
        return Err(ImportError::new(
            1,
            1,
            "an empty file: a Ludii trial starts with `game=`",
        ));
    };
    let mut trial = Trial {
        game: game_of(first)?,
        ..Trial::default()
    };
    let mut in_options = false;
    let mut in_legal_list = false;
    for (number, line) in lines {
        trial.last_line = number;
        if in_options {
            if line == "END GAME OPTIONS" {
                in_options = false;
            } else {
                trial.options.push((number, line.to_string()));
            }
            continue;
        }
        if in_legal_list {
            // The legal moves of one state, in Ludii's move format: read, not checked (they are
            // Ludii's laps, not MGN's turns).
            in_legal_list = line != "END LEGAL MOVES LIST";
            continue;
        }
        if line == "START GAME OPTIONS" {
            in_options = true;
        } else if line == "NEW LEGAL MOVES LIST" {
            in_legal_list = true;
        } else {
            trial.read_line(number, line)?;
        }
    }
    if in_options {
        return Err(ImportError::new(
            trial.last_line,
            1,
            "the options block is not closed: `END GAME OPTIONS` is missing",
        ));
    }
    Ok(trial)
}

/// The game's .lud file of a trial's first line, `game=...`: Nchuwa's.
fn game_of(first: &str) -> Result<String, ImportError> {
    let Some(game) = first.strip_prefix("game=") else {
        return Err(ImportError::new(
            1,
            1,
            "`game=` and the game's .lud file: a Ludii trial file (saveTrialToTextFile) starts with it",
        ));
    };
    let name = game.rsplit(['/', '\\']).next().unwrap_or(game);
    if name != "Nchuwa.lud" && name != "Nchuwa" {
        return Err(ImportError::new(
            1,
            6,
            format!(
                "this trial is of `{name}`: mgn imports Ludii's trials of Nchuwa (Nchuwa.lud) only, the one of its games Ludii also has"
            ),
        ));
    }
    Ok(game.to_string())
}

impl Trial {
    /// One `key=value` line of the trial, outside its blocks.
    fn read_line(&mut self, number: usize, line: &str) -> Result<(), ImportError> {
        let value = |key: &str| line.strip_prefix(key);
        if let Some(body) = value("Move=") {
            self.moves.push(read_move(number, body)?);
        } else if let Some(size) = value("LEGAL MOVES LIST SIZE = ") {
            number_at(number, 25, size, "the number of legal moves")?;
            self.legal_sizes += 1;
        } else if let Some(state) = value("RNG internal state=") {
            self.rng = Some(state.to_string());
        } else if let Some(n) = value("numInitialPlacementMoves=") {
            let n = number_at(number, 26, n, "the number of initial placement moves")?;
            self.initial_placements = Some((number, n as usize));
        } else if let Some(w) = value("winner=") {
            let w: i64 = w.trim().parse().map_err(|_| {
                ImportError::new(
                    number,
                    8,
                    format!("the winner's number after `winner=`, not `{w}`"),
                )
            })?;
            self.winner = Some((number, w));
        } else if let Some(e) = value("endtype=") {
            self.end_type = Some((number, e.to_string()));
        } else if let Some(r) = value("rankings=") {
            self.rankings = Some(r.to_string());
        } else if let Some(s) = value("SANDBOX=") {
            self.sandbox = Some(s.to_string());
        } else if let Some(v) = value("LUDII_VERSION=") {
            self.version = Some(v.to_string());
        } else if !line.trim().is_empty() {
            return Err(ImportError::new(
                number,
                1,
                format!(
                    "a line the importer does not know: `{}`; a Ludii trial holds `game=`, the options block, `RNG internal state=`, `Move=` lines, `LEGAL MOVES LIST SIZE = ` lines, `numInitialPlacementMoves=`, `winner=`, `endtype=`, `rankings=`, `SANDBOX=` and `LUDII_VERSION=`",
                    clip(line)
                ),
            ));
        }
        Ok(())
    }
}

/// A line shortened for a message.
fn clip(line: &str) -> String {
    match line.char_indices().nth(60) {
        Some((i, _)) => format!("{}...", &line[..i]),
        None => line.to_string(),
    }
}

fn number_at(line: usize, column: usize, text: &str, what: &str) -> Result<u64, ImportError> {
    text.trim()
        .parse()
        .map_err(|_| ImportError::new(line, column, format!("{what}, not `{text}`")))
}

/// A `Move=` line's body: `[Move:mover=1,from=11,to=11,actions=[Select:...],[Move:...]]`.
fn read_move(line: usize, body: &str) -> Result<LudiiMove, ImportError> {
    let text = MoveText { line, body };
    let Some(rest) = body.strip_prefix("[Move:") else {
        return Err(text.error(body, "`[Move:` opening the move"));
    };
    let Some((head, actions)) = rest.split_once("actions=") else {
        return Err(text.error(rest, "the move's `actions=` list"));
    };
    let (mover, ends) = text.head(rest, head)?;
    let Some((mover, mover_column)) = mover else {
        return Err(text.error(rest, "the move's `mover=`"));
    };
    let (Some(from), Some(to)) = (ends[0], ends[1]) else {
        return Err(text.error(
            rest,
            "the move's `from=` and `to=`: Ludii writes both for every move",
        ));
    };
    let Some(list) = actions.strip_suffix(']') else {
        return Err(text.error(&body[body.len()..], "`]` closing the move"));
    };
    let read = text.actions(list)?;
    check_ends(line, [from, to], &read)?;
    Ok(LudiiMove {
        line,
        mover,
        mover_column,
        actions: read,
    })
}

/// A field's value, and the column of the field.
type AtColumn<T> = Option<(T, usize)>;

/// The body of a `Move=` line, for the columns of what is read from it.
struct MoveText<'b> {
    line: usize,
    body: &'b str,
}

impl MoveText<'_> {
    /// The column of `rest`, a slice of the body, counted from the line's start (`Move=`
    /// included).
    fn col(&self, rest: &str) -> usize {
        "Move=".len() + (rest.as_ptr() as usize - self.body.as_ptr() as usize) + 1
    }

    fn error(&self, at: &str, message: impl Into<String>) -> ImportError {
        ImportError::new(self.line, self.col(at), message)
    }

    /// The move's fields before its actions, `head` of `rest`: its mover, its from and to.
    fn head(
        &self,
        rest: &str,
        head: &str,
    ) -> Result<(AtColumn<u32>, [AtColumn<usize>; 2]), ImportError> {
        let mut mover = None;
        let mut ends = [None, None];
        let mut at = rest;
        for field in head.split(',').filter(|f| !f.is_empty()) {
            let (key, value) = field
                .split_once('=')
                .ok_or_else(|| self.error(at, format!("`key=value`, not `{field}`")))?;
            match key {
                "mover" => {
                    let number = value.parse::<u32>().map_err(|_| {
                        self.error(at, format!("the mover's number, not `{value}`"))
                    })?;
                    mover = Some((number, self.col(at)));
                }
                // The move's own from and to repeat its first action's: checked once the
                // actions are read.
                "from" | "to" => {
                    let site = value.parse::<usize>().map_err(|_| {
                        self.error(at, format!("a site number after `{key}=`, not `{value}`"))
                    })?;
                    ends[usize::from(key == "to")] = Some((site, self.col(at)));
                }
                _ => {
                    return Err(self.error(
                        at,
                        format!("a field of a move the importer does not know: `{key}`"),
                    ))
                }
            }
            at = &at[field.len() + 1..];
        }
        Ok((mover, ends))
    }

    /// The actions of `list`, `[...],[...]` without the move's closing `]`.
    fn actions(&self, mut list: &str) -> Result<Vec<Placed>, ImportError> {
        let mut read = Vec::new();
        loop {
            let column = self.col(list);
            let Some(inner) = list.strip_prefix('[') else {
                return Err(self.error(list, "an action in brackets, such as [Select:...]"));
            };
            let Some(end) = inner.find(']') else {
                return Err(self.error(list, "`]` closing the action"));
            };
            let action = read_action(self.line, column, &inner[..end])?;
            read.push(Placed { column, action });
            list = &inner[end + 1..];
            match list.strip_prefix(',') {
                Some(next) => list = next,
                None if list.is_empty() => return Ok(read),
                None => return Err(self.error(list, "`,` between actions, or `]`")),
            }
        }
    }
}

/// A move's own `from=` and `to=` (each with its column) against its first action's sites,
/// which Ludii copies them from: the hole a lap selects (from and to both), the two holes of a
/// transfer, the hole a removal or a start placement names. Nothing else reads them, so a
/// changed one would otherwise pass unseen.
fn check_ends(
    line: usize,
    ends: [(usize, usize); 2],
    actions: &[Placed],
) -> Result<(), ImportError> {
    let Some(first) = actions.first() else {
        return Ok(());
    };
    let expected = match first.action {
        Action::Select { site } | Action::Remove { site, .. } | Action::SetCount { site, .. } => {
            [site, site]
        }
        Action::Shift { from, to, .. } => [from, to],
        // Not the first action of any move of Ludii's Nchuwa: the move is refused by its kind.
        Action::SetValue { .. } | Action::SetNextPlayer { .. } => return Ok(()),
    };
    for (i, ((site, column), want)) in ends.into_iter().zip(expected).enumerate() {
        if site != want {
            let key = ["from", "to"][i];
            return Err(ImportError::new(
                line,
                column,
                format!(
                    "`{key}={site}`, but the move's first action ({}, column {}) gives site {want}: Ludii writes a move's own {key} from its first action",
                    first.action.kind(),
                    first.column
                ),
            ));
        }
    }
    Ok(())
}

/// One action, `Kind:key=value,...`, its `[` at `column`.
fn read_action(line: usize, column: usize, text: &str) -> Result<Action, ImportError> {
    let (kind, fields) = text.split_once(':').unwrap_or((text, ""));
    let error = |message: String| ImportError::new(line, column, message);
    let mut values: Vec<(&str, &str)> = Vec::new();
    for field in fields.split(',').filter(|f| !f.is_empty()) {
        let Some(pair) = field.split_once('=') else {
            return Err(error(format!(
                "`key=value` in the {kind} action, not `{field}`"
            )));
        };
        values.push(pair);
    }
    let action = ActionFields {
        line,
        column,
        kind,
        values,
    };
    action.check_keys()?;
    let decision = match action.get("decision") {
        None | Some("false") => false,
        Some("true") => true,
        Some(other) => return Err(error(format!("`decision=true` or `false`, not `{other}`"))),
    };
    // Nchuwa.lud has one piece, the seed (`(piece "Seed" Shared)`), Ludii's component 1.
    if kind == "SetCount" && action.get("what") != Some("1") {
        return Err(error(format!(
            "`what={}` in the SetCount action: Nchuwa's one piece, the seed, is Ludii's component 1",
            action.get("what").unwrap_or("")
        )));
    }
    action.read(decision)
}

/// The fields of one action, read as its kind wants them.
struct ActionFields<'t> {
    line: usize,
    /// The column of the action's `[`, where every fault of it is placed.
    column: usize,
    kind: &'t str,
    values: Vec<(&'t str, &'t str)>,
}

impl<'t> ActionFields<'t> {
    fn error(&self, message: String) -> ImportError {
        ImportError::new(self.line, self.column, message)
    }

    /// The kind is one Ludii's Nchuwa writes, with no field it does not, and on vertices.
    fn check_keys(&self) -> Result<(), ImportError> {
        let kind = self.kind;
        let known: &[&str] = match kind {
            "SetCount" => &["type", "to", "what", "count", "decision"],
            "Select" => &["typeFrom", "from", "decision"],
            "Move" => &["typeFrom", "from", "typeTo", "to", "count", "decision"],
            "Remove" => &["type", "to", "decision"],
            "SetValueOfPlayer" => &["player", "value", "decision"],
            "SetNextPlayer" => &["player", "decision"],
            _ => {
                return Err(self.error(format!(
                    "an action the importer does not know: `{kind}`; Ludii's Nchuwa writes SetCount, Select, Move, Remove, SetValueOfPlayer and SetNextPlayer"
                )))
            }
        };
        if let Some((key, _)) = self.values.iter().find(|(k, _)| !known.contains(k)) {
            return Err(self.error(format!(
                "a field the importer does not know in the {kind} action: `{key}`"
            )));
        }
        for key in ["type", "typeFrom", "typeTo"] {
            if let Some(t) = self.get(key).filter(|&t| t != "Vertex") {
                return Err(self.error(format!(
                    "`{key}={t}` in the {kind} action: Nchuwa's holes are Ludii's vertices (`Vertex`)"
                )));
            }
        }
        Ok(())
    }

    fn get(&self, key: &str) -> Option<&'t str> {
        self.values.iter().find(|(k, _)| *k == key).map(|(_, v)| *v)
    }

    fn number(&self, key: &str) -> Result<u64, ImportError> {
        let kind = self.kind;
        let value = self
            .get(key)
            .ok_or_else(|| self.error(format!("`{key}=` in the {kind} action")))?;
        value.parse().map_err(|_| {
            self.error(format!(
                "a number after `{key}=` in the {kind} action, not `{value}`"
            ))
        })
    }

    fn site(&self, key: &str) -> Result<usize, ImportError> {
        self.number(key)
            .map(|n| usize::try_from(n).unwrap_or(usize::MAX))
    }

    /// A hole holds at most u32::MAX seeds in mgn: a larger count is refused, never cut down.
    fn count(&self, key: &str) -> Result<u32, ImportError> {
        let n = self.number(key)?;
        u32::try_from(n).map_err(|_| {
            self.error(format!(
                "`{key}={n}` in the {} action: mgn counts at most {} seeds",
                self.kind,
                u32::MAX
            ))
        })
    }

    /// The action of a kind [`Self::check_keys`] knows.
    fn read(&self, decision: bool) -> Result<Action, ImportError> {
        Ok(match self.kind {
            "SetCount" => Action::SetCount {
                site: self.site("to")?,
                count: self.count("count")?,
            },
            "Select" => Action::Select {
                site: self.site("from")?,
            },
            "Move" => Action::Shift {
                from: self.site("from")?,
                to: self.site("to")?,
                count: match self.get("count") {
                    None => 1,
                    Some(_) => self.count("count")?,
                },
                decision,
            },
            "Remove" => Action::Remove {
                site: self.site("to")?,
                decision,
            },
            "SetValueOfPlayer" => {
                let player = self.number("player")?;
                let value = self.get("value").unwrap_or("");
                let value = value
                    .parse::<i64>()
                    .map_err(|_| self.error(format!("a number after `value=`, not `{value}`")))?;
                Action::SetValue { player, value }
            }
            _ => Action::SetNextPlayer {
                player: self.number("player")?,
            },
        })
    }
}

/// What one `Move=` line is, by its actions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Placement,
    Gambit,
    Transfer { from: usize, to: usize },
    Removal { site: usize },
    Lap { from: usize },
}

fn kind_of(m: &LudiiMove) -> Result<Kind, ImportError> {
    let kinds: Vec<&str> = m.actions.iter().map(|a| a.action.kind()).collect();
    let unknown = || {
        ImportError::new(
            m.line,
            1,
            format!(
                "a move of player {} made of [{}], which is none of Ludii's Nchuwa moves the importer knows: start placements (SetCount), a gambit lap (Select, Move..., SetValueOfPlayer), the opening transfer (one Move of two seeds), a removal (one Remove), or a lap of play (Select, Move..., then Remove or SetNextPlayer)",
                m.mover,
                kinds.join(", ")
            ),
        )
    };
    let actions: Vec<Action> = m.actions.iter().map(|a| a.action).collect();
    if m.mover == 0 {
        return match actions.iter().all(|a| matches!(a, Action::SetCount { .. })) {
            true => Ok(Kind::Placement),
            false => Err(unknown()),
        };
    }
    if actions.iter().any(|a| matches!(a, Action::SetCount { .. })) {
        return Err(unknown());
    }
    match actions.as_slice() {
        [Action::Shift {
            from,
            to,
            decision: true,
            ..
        }] => {
            return Ok(Kind::Transfer {
                from: *from,
                to: *to,
            })
        }
        [Action::Remove {
            site,
            decision: true,
        }] => return Ok(Kind::Removal { site: *site }),
        _ => {}
    }
    let Some(Action::Select { site: from }) = actions.first() else {
        return Err(unknown());
    };
    // A lap: the seeds of `from` sown, then what the lap's end does.
    let mut stage = 0;
    for (i, placed) in m.actions.iter().enumerate().skip(1) {
        let step = match placed.action {
            Action::Shift { from: f, .. } if f != *from => {
                return Err(ImportError::new(
                    m.line,
                    placed.column,
                    format!(
                        "a seed sown from site {f} in a lap that takes its seeds from site {from}"
                    ),
                ))
            }
            Action::Shift { .. } => 0,
            Action::SetValue { .. } => 1,
            Action::Remove { .. } => 1,
            Action::SetNextPlayer { .. } if i == m.actions.len() - 1 => 2,
            _ => return Err(unknown()),
        };
        if step < stage {
            return Err(unknown());
        }
        stage = step;
    }
    let gambit = actions.iter().any(|a| matches!(a, Action::SetValue { .. }));
    let removes = actions.iter().any(|a| matches!(a, Action::Remove { .. }));
    match (gambit, removes) {
        (true, true) => Err(unknown()),
        (true, false) => Ok(Kind::Gambit),
        (false, _) => Ok(Kind::Lap { from: *from }),
    }
}

/// The board as the trial's actions leave it: seeds per site, and the seeds each player has
/// had removed from his opponent's holes (A's, B's).
struct Board {
    n: usize,
    sites: Vec<u32>,
    won: [u32; 2],
}

impl Board {
    /// The MGN hole of a site.
    fn hole(&self, site: usize) -> (Side, usize) {
        let n = self.n;
        let (row, column) = (site / n, site % n);
        match row {
            0 => (Side::B, column + 1),
            1 => (Side::B, 2 * n - column),
            2 => (Side::A, n + 1 + column),
            _ => (Side::A, n - column),
        }
    }

    fn name(&self, site: usize) -> String {
        let (side, number) = self.hole(site);
        format!("{side}{number}")
    }

    /// The site of MGN hole `number` of `side`.
    fn site(&self, side: Side, number: usize) -> usize {
        let n = self.n;
        match (side, number) {
            (Side::B, k) if k <= n => k - 1,
            (Side::B, k) => n + (2 * n - k),
            (Side::A, k) if k <= n => 3 * n + (n - k),
            (Side::A, k) => 2 * n + (k - n - 1),
        }
    }

    fn check_site(&self, line: usize, column: usize, site: usize) -> Result<(), ImportError> {
        if site < self.sites.len() {
            return Ok(());
        }
        Err(ImportError::new(
            line,
            column,
            format!(
                "site {site} is not on the 4x{} board (sites 0 to {}); the board is the trial's `Board Size` option, 6 when it names none",
                self.n,
                self.sites.len() - 1
            ),
        ))
    }

    /// `a + b` seeds, or an error at the action when they pass what mgn counts.
    fn add(&self, line: usize, column: usize, a: u32, b: u32) -> Result<u32, ImportError> {
        a.checked_add(b).ok_or_else(|| {
            ImportError::new(
                line,
                column,
                format!(
                    "{a} and {b} seeds together: mgn counts at most {} seeds",
                    u32::MAX
                ),
            )
        })
    }

    /// Play one line's actions on the board; the holes it emptied, with their seeds.
    fn play(
        &mut self,
        m: &LudiiMove,
        side: Option<Side>,
    ) -> Result<Vec<(usize, u32)>, ImportError> {
        let mut removed = Vec::new();
        for placed in &m.actions {
            let at = |site| self.check_site(m.line, placed.column, site);
            match placed.action {
                Action::SetCount { site, count } => {
                    at(site)?;
                    self.sites[site] = count;
                }
                Action::Select { site } => at(site)?,
                Action::Shift {
                    from, to, count, ..
                } => {
                    at(from)?;
                    at(to)?;
                    if self.sites[from] < count {
                        return Err(ImportError::new(
                            m.line,
                            placed.column,
                            format!(
                                "site {from} ({}) holds {} seeds here, and the trial moves {count} from it",
                                self.name(from),
                                self.sites[from]
                            ),
                        ));
                    }
                    self.sites[from] -= count;
                    self.sites[to] = self.add(m.line, placed.column, self.sites[to], count)?;
                }
                Action::Remove { site, .. } => {
                    at(site)?;
                    let seeds = std::mem::take(&mut self.sites[site]);
                    if let Some(side) = side {
                        let won = self.won[side.index()];
                        self.won[side.index()] = self.add(m.line, placed.column, won, seeds)?;
                    }
                    removed.push((site, seeds));
                }
                Action::SetValue { .. } | Action::SetNextPlayer { .. } => {}
            }
        }
        Ok(removed)
    }

    /// The MGN position string, `to_move` to move.
    fn position(&self, to_move: Side) -> String {
        let row = |side: Side| {
            (1..=2 * self.n)
                .map(|k| self.sites[self.site(side, k)].to_string())
                .collect::<Vec<_>>()
                .join(",")
        };
        format!(
            "{}/{} {}/{} {to_move} 1",
            row(Side::A),
            row(Side::B),
            self.won[0],
            self.won[1]
        )
    }
}

fn side_of(m: &LudiiMove) -> Result<Side, ImportError> {
    match m.mover {
        1 => Ok(Side::B),
        2 => Ok(Side::A),
        other => Err(ImportError::new(
            m.line,
            m.mover_column,
            format!("mover={other}: Nchuwa's players are 1 (B, the bottom rows, who moves first) and 2 (A); 0 makes only the start placements"),
        )),
    }
}

/// The board size the options name: `Board Size/9`.
fn columns(trial: &Trial) -> Result<usize, ImportError> {
    let mut n = 6;
    for (line, option) in &trial.options {
        match option.split_once('/') {
            Some(("Board Size", size)) => {
                n = match size {
                    "6" => 6,
                    "9" => 9,
                    "12" => 12,
                    "15" => 15,
                    _ => {
                        return Err(ImportError::new(
                            *line,
                            12,
                            format!("Board Size/{size}: Ludii's Nchuwa has 6, 9, 12 or 15 columns"),
                        ))
                    }
                }
            }
            Some(("Ruleset", "Atonga (Described)")) => {}
            _ => {
                return Err(ImportError::new(
                    *line,
                    1,
                    format!(
                        "an option of Nchuwa.lud the importer does not know: `{option}`; it reads `Board Size/6`, `/9`, `/12` or `/15`, and `Ruleset/Atonga (Described)`"
                    ),
                ))
            }
        }
    }
    Ok(n)
}

/// A turn being read: its laps so far.
struct Turn {
    side: Side,
    token: String,
    lines: (usize, usize),
    removed: Vec<(usize, u32)>,
    /// The site the last lap's last seed fell in.
    last_to: Option<usize>,
    /// The last lap ended in SetNextPlayer naming the mover: another lap must follow.
    goes_on: bool,
    /// The laps read so far: for a turn Ludii's move limit cut, the lap it stopped after.
    laps: u32,
    /// The position before the turn, its mover to move: where mgn's rules follow a cut relay
    /// further than Ludii did ([`endless_draw`]).
    before: String,
}

/// Where a player's gambit stands, by the notes of his gambit laps (SetValueOfPlayer).
#[derive(Clone, Copy)]
enum Gambit {
    NotStarted,
    /// His last gambit lap (at `line`) noted `site` as the one his next lap sows.
    Next {
        line: usize,
        site: usize,
    },
    /// His gambit lap at `line` noted -1, Ludii's `Off`: the gambit is over.
    Over {
        line: usize,
    },
}

/// Ludii's `Off`, the note of a gambit that is over (`Constants.OFF`).
const OFF: i64 = -1;

/// The turn order, the next player a move names and the gambit's note, checked against one
/// another: each is a number of the trial that nothing else reads, so a changed one would
/// otherwise pass unseen. `to_move` is whose turn Ludii gave (player 1 first, as in every
/// trial of Nchuwa.lud); the player whose turn comes after this move is returned. None of
/// this is Nchuwa's rules: it is how Ludii's turns and its gambit's note work, which the rules
/// code of Nchuwa.lud uses.
fn check_turn(
    board: &Board,
    m: &LudiiMove,
    kind: Kind,
    (to_move, after): (u32, Option<usize>),
    gambits: &mut [Gambit; 2],
) -> Result<u32, ImportError> {
    let next = next_player(m, to_move, after)?;
    let gambit = &mut gambits[m.mover as usize - 1];
    gambit_goes_on(board, m, kind, *gambit)?;
    if kind == Kind::Gambit {
        *gambit = gambit_noted(board, m, *gambit)?;
    }
    Ok(next)
}

/// The player whose turn comes after `m`, made in `to_move`'s turn (given after line
/// `after`): the other one, unless the move names its mover next (SetNextPlayer).
fn next_player(m: &LudiiMove, to_move: u32, after: Option<usize>) -> Result<u32, ImportError> {
    if m.mover != to_move {
        return Err(ImportError::new(
            m.line,
            m.mover_column,
            format!(
                "mover={}, but it is player {to_move}'s turn{}: Ludii's players move in turn, and only a lap that relays gives its mover the next move too (SetNextPlayer naming him)",
                m.mover,
                after.map_or(String::new(), |line| format!(" after line {line}"))
            ),
        ));
    }
    let mut next = if m.mover == 1 { 2 } else { 1 };
    for placed in &m.actions {
        match placed.action {
            Action::SetNextPlayer { player } if player != u64::from(m.mover) => {
                return Err(ImportError::new(
                    m.line,
                    placed.column,
                    format!(
                        "SetNextPlayer names player {player} in a move of player {}: Ludii's Nchuwa names the next player only to give the mover another lap (moveAgain, a relay), so it names the mover",
                        m.mover
                    ),
                ))
            }
            Action::SetNextPlayer { .. } => next = m.mover,
            _ => {}
        }
    }
    Ok(next)
}

/// A move of the kind the mover's gambit, where it stands, allows: a gambit lap from the site
/// his last one noted while it goes on, no gambit lap once it is over.
fn gambit_goes_on(
    board: &Board,
    m: &LudiiMove,
    kind: Kind,
    gambit: Gambit,
) -> Result<(), ImportError> {
    let select = m.actions.first().and_then(|a| match a.action {
        Action::Select { site } => Some((site, a.column)),
        _ => None,
    });
    match (gambit, kind, select) {
        (Gambit::Next { line, site }, Kind::Gambit, Some((from, column))) if from != site => {
            Err(ImportError::new(
                m.line,
                column,
                format!(
                    "this gambit lap takes its seeds from site {from} ({}), but player {}'s gambit lap at line {line} noted site {site} ({}) as the next to sow (SetValueOfPlayer): Ludii's gambit goes on from the site it noted",
                    board.name(from),
                    m.mover,
                    board.name(site)
                ),
            ))
        }
        (Gambit::Next { line, site }, Kind::Transfer { .. } | Kind::Removal { .. } | Kind::Lap { .. }, _) => {
            Err(ImportError::new(
                m.line,
                1,
                format!(
                    "player {}'s gambit is not over: his gambit lap at line {line} noted site {site} ({}) as the next to sow (SetValueOfPlayer), and this move is no gambit lap; a gambit ends with the note -1 (Ludii's Off)",
                    m.mover,
                    board.name(site)
                ),
            ))
        }
        (Gambit::Over { line }, Kind::Gambit, _) => {
            Err(ImportError::new(
                m.line,
                1,
                format!(
                    "player {}'s gambit ended at line {line} (SetValueOfPlayer noted -1, Ludii's Off), and this is another gambit lap",
                    m.mover
                ),
            ))
        }
        _ => Ok(()),
    }
}

/// Where the mover's gambit stands after his gambit lap `m`, by its note (SetValueOfPlayer).
fn gambit_noted(board: &Board, m: &LudiiMove, mut gambit: Gambit) -> Result<Gambit, ImportError> {
    // The note is the site after the lap's last seed on its track (Nchuwa.lud's "NextSite"),
    // or Off: the track runs along the holes' MGN numbers, so the next site is the next hole.
    let (last, column) = m
        .actions
        .iter()
        .rev()
        .find_map(|a| match a.action {
            Action::Shift { to, .. } => Some((to, a.column)),
            Action::Select { site } => Some((site, a.column)),
            _ => None,
        })
        .unwrap_or((0, 1));
    // A site off the board is refused as such, before any note is read against it.
    board.check_site(m.line, column, last)?;
    let (side, number) = board.hole(last);
    let following = board.site(side, number % (2 * board.n) + 1);
    for placed in &m.actions {
        let Action::SetValue { player, value } = placed.action else {
            continue;
        };
        let refuse = |what: String| Err(ImportError::new(m.line, placed.column, what));
        if player != u64::from(m.mover) {
            return refuse(format!(
                "SetValueOfPlayer names player {player} in a gambit lap of player {}: the gambit's note is the mover's own (`set Value Mover`)",
                m.mover
            ));
        }
        gambit = match value {
            OFF => Gambit::Over { line: m.line },
            v if v == following as i64 => Gambit::Next {
                line: m.line,
                site: following,
            },
            v => {
                return refuse(format!(
                    "SetValueOfPlayer notes {v}, but the site after the lap's last seed (site {last}, {}) on its track is site {following} ({}): the gambit's note is the next site to sow, or -1 (Ludii's Off) when the gambit is over",
                    board.name(last),
                    board.name(following)
                ))
            }
        };
    }
    Ok(gambit)
}

/// The MGN text of a trial read, and the line of each of its plies.
fn write_trial(trial: &Trial, source: &str) -> Result<(String, Vec<SourcePlace>), ImportError> {
    let n = columns(trial)?;
    let mut played = Played {
        board: Board {
            n,
            sites: vec![0; 4 * n],
            won: [0, 0],
        },
        plies: Vec::new(),
        ply_lines: Vec::new(),
        first: None,
        placements: 0,
        turn: None,
        start: None,
        to_move: (1, None),
        gambits: [Gambit::NotStarted; 2],
    };
    for m in &trial.moves {
        played.play(m)?;
    }
    let Played {
        board,
        plies,
        mut ply_lines,
        first,
        placements,
        turn,
        start,
        ..
    } = played;
    let cut = cut_turn(trial, turn)?;
    if let Some(t) = &cut {
        ply_lines.push(SourcePlace {
            line: t.lines.0,
            column: 1,
        });
    }
    if let Some((line, count)) = trial.initial_placements {
        if count != placements {
            return Err(ImportError::new(
                line,
                1,
                format!("numInitialPlacementMoves={count}, but the trial has {placements} start placements (moves of mover 0)"),
            ));
        }
    }
    let start = start.unwrap_or_else(|| board.position(Side::B));
    let (outcome, termination) = verdict(trial)?;
    let drawn = cut
        .as_ref()
        .filter(|_| matches!(trial.winner, None | Some((_, 0))))
        .and_then(|t| endless_draw(&board, t));
    let (outcome, termination, cut_reason) = match (&cut, &drawn) {
        // Ludii plays a relay that never ends until its move limit, and ranks nobody first:
        // the game Ludii played, which the preset reads as the move and a draw.
        (Some(t), Some(draw)) => (
            "1/2-1/2",
            "normal".to_string(),
            Some(format!(
                "Ludii's move limit stopped the game after lap {} of {}'s turn {}, a relay that never ends (after lap {} it is back where it was after lap {}, and repeats every {} laps): the preset ludii plays it whole, and it draws the game (nchuwa.endless=draw)",
                t.laps,
                t.side,
                t.token,
                draw.mu + draw.lambda,
                draw.mu,
                draw.lambda
            )),
        ),
        // However Ludii ranked the players, the game was not over: the turn under way had
        // not ended. `unfinished` is the Termination that lets the record end in a cut turn;
        // why it is cut is the tag LudiiCut's.
        (Some(t), None) => (
            "*",
            "unfinished".to_string(),
            Some(format!(
                "Ludii's move limit stopped the game after lap {} of {}'s turn {}, which had not ended",
                t.laps, t.side, t.token
            )),
        ),
        (None, _) => (outcome, termination.to_string(), None),
    };
    let mut out = tags(
        trial,
        source,
        n,
        first,
        (outcome, &termination, cut_reason.as_deref()),
    );
    out.push('\n');
    let _ = write!(
        out,
        "{{the position after the start placements and both gambits}} [{start}]"
    );
    for ply in &plies {
        out.push(' ');
        out.push_str(ply);
    }
    match (&cut, drawn) {
        (Some(t), Some(draw)) => {
            // Written whole, with the board the rules leave after it: Ludii's board at its
            // limit is some lap of the cycle, which `endless_draw` checked.
            let _ = write!(
                out,
                " {{lines {}-{}}} {} x0 [{}]",
                t.lines.0, t.lines.1, t.token, draw.after
            );
        }
        (Some(t), None) => {
            // Cut after its last lap read, the mover still to move: his turn had not ended.
            let token = format!("{}/{}", t.token, t.laps);
            let _ = write!(out, " {}", ply_text(&board, t, &token, t.side));
        }
        (None, _) => {}
    }
    let _ = writeln!(out, " {outcome}");
    Ok((out, ply_lines))
}

/// A trial's moves played on the importer's board, in order.
struct Played {
    board: Board,
    /// The MGN text of each whole turn.
    plies: Vec<String>,
    ply_lines: Vec<SourcePlace>,
    first: Option<Side>,
    /// The start placements (moves of mover 0).
    placements: usize,
    /// The turn being read, while its laps relay.
    turn: Option<Turn>,
    /// The position after the placements and the gambits: the record's start.
    start: Option<String>,
    /// Whose turn Ludii gives, and the line of the move that gave it.
    to_move: (u32, Option<usize>),
    gambits: [Gambit; 2],
}

impl Played {
    /// One `Move=` line: a start placement, a gambit lap, or a lap, transfer or removal of a
    /// turn, written once the turn is whole.
    fn play(&mut self, m: &LudiiMove) -> Result<(), ImportError> {
        let kind = kind_of(m)?;
        if let Some(t) = self.turn.as_ref().filter(|t| t.goes_on) {
            relay_goes_on(&self.board, t, m, kind)?;
        }
        if kind == Kind::Placement {
            if self.start.is_some() {
                return Err(ImportError::new(
                    m.line,
                    1,
                    "a start placement (mover 0) after the players have moved",
                ));
            }
            self.placements += 1;
            self.board.play(m, None)?;
            return Ok(());
        }
        side_of(m)?;
        self.to_move = (
            check_turn(&self.board, m, kind, self.to_move, &mut self.gambits)?,
            Some(m.line),
        );
        if kind == Kind::Gambit {
            if self.start.is_some() {
                return Err(ImportError::new(
                    m.line,
                    1,
                    "a gambit lap (SetValueOfPlayer) after the opening's transfers: the gambit comes first, and MGN's start position is the position after it",
                ));
            }
            self.board.play(m, None)?;
            return Ok(());
        }
        let side = side_of(m)?;
        if self.start.is_none() {
            self.start = Some(self.board.position(side));
            self.first = Some(side);
        }
        let continuing = self.turn.as_ref().is_some_and(|t| t.goes_on);
        let before = if continuing {
            String::new()
        } else {
            self.board.position(side)
        };
        let removed = self.board.play(m, Some(side))?;
        let t = self.turn_with(m, kind, side, (continuing, before), removed);
        if t.goes_on {
            self.turn = Some(t);
            return Ok(());
        }
        self.plies
            .push(ply_text(&self.board, &t, &t.token, t.side.other()));
        self.ply_lines.push(SourcePlace {
            line: t.lines.0,
            column: 1,
        });
        Ok(())
    }

    /// The turn with the move `m` of `side` played, which emptied `removed`: the relayed turn
    /// it goes on with, when `continuing`, or a turn it starts from the position `before`.
    fn turn_with(
        &mut self,
        m: &LudiiMove,
        kind: Kind,
        side: Side,
        (continuing, before): (bool, String),
        removed: Vec<(usize, u32)>,
    ) -> Turn {
        let last_to = m.actions.iter().rev().find_map(|a| match a.action {
            Action::Shift { to, .. } => Some(to),
            _ => None,
        });
        let goes_on = m
            .actions
            .iter()
            .any(|a| matches!(a.action, Action::SetNextPlayer { .. }));
        let board = &self.board;
        match (kind, self.turn.take()) {
            (Kind::Lap { .. }, Some(mut t)) if continuing => {
                t.lines.1 = m.line;
                t.removed.extend(removed);
                t.last_to = last_to;
                t.goes_on = goes_on;
                t.laps += 1;
                t
            }
            (kind, _) => Turn {
                side,
                token: match kind {
                    Kind::Transfer { from, to } => {
                        format!("{}:{}", board.name(from), board.name(to))
                    }
                    Kind::Removal { site } => format!("*{}", board.name(site)),
                    Kind::Lap { from } => board.name(from),
                    Kind::Placement | Kind::Gambit => unreachable!("handled above"),
                },
                lines: (m.line, m.line),
                removed,
                last_to,
                goes_on: goes_on && matches!(kind, Kind::Lap { .. }),
                laps: 1,
                before,
            },
        }
    }
}

/// A turn whose last lap named its mover next (SetNextPlayer) goes on with `m`: his next lap,
/// from the hole that lap's last seed fell in.
fn relay_goes_on(board: &Board, t: &Turn, m: &LudiiMove, kind: Kind) -> Result<(), ImportError> {
    let breaks = match kind {
        Kind::Lap { from } if m.mover != 0 && side_of(m)? == t.side => {
            (t.last_to != Some(from)).then(|| {
                format!(
                    "this lap takes its seeds from site {from} ({}), but {}'s lap before it (line {}) ended in SetNextPlayer naming him at site {}: a relay goes on from the hole its last seed fell in",
                    board.name(from),
                    t.side,
                    t.lines.1,
                    t.last_to.map_or("?".into(), |s| format!("{s} ({})", board.name(s)))
                )
            })
        }
        _ => Some(format!(
            "the turn of {} breaks off: its lap at line {} ended in SetNextPlayer naming him, so his next lap must follow, and this line is not one",
            t.side, t.lines.1
        )),
    };
    match breaks {
        Some(message) => Err(ImportError::new(m.line, 1, message)),
        None => Ok(()),
    }
}

/// The turn under way when the trial ends, which only Ludii's move limit may leave so.
///
/// A turn Ludii's move limit cut: its laps were read and played on the importer's board, each
/// checked as any lap is (its mover, its sites, the seeds it moves, the hole it relays from).
/// It is the record's last ply, cut after its last lap read (`B9/3`), so that `mgn check`
/// replays those laps and compares their board with the importer's: a record that stops
/// unfinished may end so (`mgn.record.cut`). The cut is not the mover's stop of a move that
/// never ends, which the preset refuses.
fn cut_turn(trial: &Trial, turn: Option<Turn>) -> Result<Option<Turn>, ImportError> {
    match turn.filter(|t| t.goes_on) {
        Some(t) if stopped_by_limit(trial) => Ok(Some(t)),
        Some(t) => Err(ImportError::new(
            t.lines.1,
            1,
            format!(
                "the trial ends in the middle of {}'s turn: this lap ended in SetNextPlayer naming him, and no lap follows; MGN writes whole turns of Nchuwa, and only a trial Ludii's move limit stopped (`endtype=MoveLimit`) may end in one",
                t.side
            ),
        )),
        None => Ok(None),
    }
}

/// A turn Ludii's move limit cut that mgn's rules, under the preset ludii, find never ends.
struct EndlessDraw {
    /// The relay's cycle: after lap `mu + lambda` it is back where it was after lap `mu`.
    mu: u64,
    lambda: u64,
    /// The position after the move, which draws the game: the board it comes back to.
    after: String,
}

/// The cut turn `t` as the game Ludii played: a relay that never ends, which Ludii sows until
/// its move limit and then scores as a draw, and which the preset ludii plays whole as a draw
/// (`nchuwa.endless=draw`). This is the one question the importer asks Nchuwa's rules, since no
/// trial can show that a relay never ends (one cut after 17 laps of a 51-lap cycle has not come
/// round once). The laps the trial did play are still claims: mgn's rules replay them
/// (`mgn.record.cut`), and only when they leave the importer's `board` is the turn taken as
/// that move; otherwise, or when the relay ends, None, and the turn is written cut as before,
/// so that `mgn check` shows where Ludii's laps and mgn's part.
fn endless_draw(board: &Board, t: &Turn) -> Option<EndlessDraw> {
    use crate::notation::{parse_position, write_position, BoardSize, Hole};
    use crate::rules::nchuwa::{self, Extras, Nchuwa, NchuwaDecision};
    use crate::rules::{Rules, RulesExt, Settings};
    if !t.removed.is_empty() {
        return None;
    }
    let mut settings = Settings::defaults(&nchuwa::DEF);
    for (code, value) in nchuwa::DEF.preset("ludii")?.settings {
        settings.set(code, value).ok()?;
    }
    let columns = u32::try_from(board.n).ok()?;
    let rules = Nchuwa::new(BoardSize { rows: 4, columns }, &settings).ok()?;
    let state = rules
        .state_from_position(&parse_position(&t.before).ok()?)
        .ok()?;
    let hole: Hole = t.token.parse().ok()?;
    let (mu, lambda) = rules.endless_cycle(&state, hole)?;
    let mut scratch = Default::default();
    let mut cut = state.clone();
    let laps = NchuwaDecision::Sow {
        hole,
        extras: Extras::NONE,
        stop: Some(t.laps),
    };
    rules
        .apply_cut(&mut cut, &laps, &mut scratch, &mut ())
        .ok()?;
    if write_position(&rules.position(&cut)) != board.position(t.side) {
        return None;
    }
    let mut drawn = state;
    let whole = NchuwaDecision::Sow {
        hole,
        extras: Extras::NONE,
        stop: None,
    };
    rules
        .apply(&mut drawn, &whole, &mut scratch, &mut ())
        .ok()?;
    Some(EndlessDraw {
        mu,
        lambda,
        after: write_position(&rules.position(&drawn)),
    })
}

/// The tags of a trial's record, on a board of `n` columns a row: what MGN reads, then what
/// the trial says that MGN has no tag for. The last argument is how the record ends: its
/// result, its termination, and why its last turn is cut, when it is.
fn tags(
    trial: &Trial,
    source: &str,
    n: usize,
    first: Option<Side>,
    (outcome, termination, cut_reason): (&str, &str, Option<&str>),
) -> String {
    let mut out = String::new();
    let mut tag = |name: &str, value: &str| {
        push_tag(&mut out, name, value);
    };
    tag("Game", "nchuwa");
    tag("Board", &format!("4x{n}"));
    tag("Preset", "ludii");
    let importer = super::importer_tag(super::Format::Ludii, source, 1);
    tag(&importer.name, &importer.value);
    tag("First", &first.unwrap_or(Side::B).to_string());
    tag("Result", outcome);
    tag("Termination", termination);
    tag("LudiiGame", &trial.game);
    for (_, option) in &trial.options {
        tag("LudiiOption", option);
    }
    let optional = [
        ("LudiiRngState", &trial.rng),
        ("LudiiRankings", &trial.rankings),
        ("LudiiSandbox", &trial.sandbox),
        ("LudiiVersion", &trial.version),
    ];
    if let Some((_, w)) = trial.winner {
        tag("LudiiWinner", &w.to_string());
    }
    if let Some((_, e)) = &trial.end_type {
        tag("LudiiEndType", e);
    }
    if let Some(reason) = cut_reason {
        tag("LudiiCut", reason);
    }
    for (name, value) in optional {
        if let Some(value) = value {
            tag(name, value);
        }
    }
    tag("LudiiLegalMovesListSizes", &trial.legal_sizes.to_string());
    out
}

/// A ply: where it stands in the trial, the decision, what it emptied and the board after it.
fn ply_text(board: &Board, t: &Turn, token: &str, to_move: Side) -> String {
    let lines = match t.lines {
        (a, b) if a == b => format!("line {a}"),
        (a, b) => format!("lines {a}-{b}"),
    };
    let mut text = format!("{{{lines}}} {token}");
    if !t.removed.is_empty() {
        let seeds: u64 = t.removed.iter().map(|&(_, s)| u64::from(s)).sum();
        let holes: Vec<String> = t.removed.iter().map(|&(s, _)| board.name(s)).collect();
        let _ = write!(text, " x{seeds}({})", holes.join(","));
    }
    let _ = write!(text, " [{}]", board.position(to_move));
    text
}

/// Whether Ludii ended the trial at one of its limits rather than by the rules' end.
fn stopped_by_limit(trial: &Trial) -> bool {
    matches!(&trial.end_type, Some((_, e)) if e == "MoveLimit" || e == "TurnLimit")
}

/// The result and Termination of the trial's own verdict.
fn verdict(trial: &Trial) -> Result<(&'static str, &'static str), ImportError> {
    let natural = match &trial.end_type {
        // Trials written before Ludii recorded how a game ended have no endtype line.
        None => true,
        Some((_, e)) if e == "NaturalEnd" || e == "Unknown" => true,
        Some((_, e)) if e == "MoveLimit" || e == "TurnLimit" => false,
        Some((line, e)) => {
            return Err(ImportError::new(
                *line,
                9,
                format!("an end type the importer does not know: `{e}`; Ludii writes NaturalEnd, MoveLimit, TurnLimit or Unknown"),
            ))
        }
    };
    let Some((line, winner)) = trial.winner else {
        // A trial of a game still in progress.
        return Ok(("*", "unfinished"));
    };
    let termination = if natural {
        "normal"
    } else {
        "Ludii's move limit"
    };
    match winner {
        1 => Ok(("0-1", termination)),
        2 => Ok(("1-0", termination)),
        0 if natural => Ok(("1/2-1/2", "normal")),
        0 => Ok(("*", "Ludii's move limit")),
        _ => Err(ImportError::new(
            line,
            8,
            format!("winner={winner}: Nchuwa's players are 1 and 2, and 0 is no winner"),
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(n: usize) -> Board {
        Board {
            n,
            sites: vec![0; 4 * n],
            won: [0, 0],
        }
    }

    /// Sites row by row from the bottom left: player 1 (B) owns rows 0 and 1, his outer row
    /// first; each player's holes follow his own sowing track, counter-clockwise.
    #[test]
    fn sites_map_to_holes_row_by_row_from_the_bottom_left() {
        let b = board(6);
        let names: Vec<String> = [0, 5, 6, 11, 12, 17, 18, 23]
            .iter()
            .map(|&s| b.name(s))
            .collect();
        assert_eq!(names, ["B1", "B6", "B12", "B7", "A7", "A12", "A6", "A1"]);
        for n in [6, 9, 12, 15] {
            let b = board(n);
            for site in 0..4 * n {
                let (side, number) = b.hole(site);
                assert_eq!(b.site(side, number), site, "4x{n} site {site}");
            }
            // Inner holes face each other in the same column: B(N+k) faces A(2N+1-k).
            for k in 1..=n {
                let inner_b = b.site(Side::B, n + k);
                let facing = b.site(Side::A, 2 * n + 1 - k);
                assert_eq!(inner_b % n, facing % n);
            }
        }
    }

    #[test]
    fn the_verdict_maps_to_a_result() {
        let mut trial = Trial::default();
        assert_eq!(verdict(&trial).unwrap(), ("*", "unfinished"));
        trial.winner = Some((9, 2));
        assert_eq!(verdict(&trial).unwrap(), ("1-0", "normal"));
        trial.winner = Some((9, 0));
        trial.end_type = Some((10, "MoveLimit".into()));
        assert_eq!(verdict(&trial).unwrap(), ("*", "Ludii's move limit"));
        trial.end_type = Some((10, "Resigned".into()));
        assert_eq!(verdict(&trial).unwrap_err().line, 10);
    }
}
