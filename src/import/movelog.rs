//! mgn's plain move log: JSON Lines, one object per line (docs/import.md, the schema
//! docs/movelog.schema.json). A game is a header line (`game`, board, rules, players), then
//! its turns (`player`, `move` in MGN move syntax, and what the writer knows after it: the
//! captures, the stores, the position), `round` lines where a new round starts, and an `end`
//! line with the writer's verdict. A new header line starts the next game.
//!
//! Every string that holds notation (a move, a hole, a position, a transaction) is read by
//! MGN's own reader, so that what is imported is exactly what MGN would read; the rules are
//! applied by `mgn check`, not here. [`write_game`] writes a game the other way, from a replay.

use super::{importer_tag, Format, ImportError, Imported, Places};
use crate::notation::{
    parse_games, parse_position, write_game as write_mgn, write_move, write_position, BoardSize,
    CaptureClaim, Element, Game, GameKind, Header, Hole, Outcome, Pile, Position, RuleSetting,
    Side, Span, Spanned, Tag,
};
use crate::rules::{game_def, Event};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The first line of a game.
#[derive(Debug, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
struct HeaderLine {
    game: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    board: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    preset: Option<String>,
    /// `code=value`, as the `Option` tag and `--option` write them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    options: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    players: Option<Players>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    first: Option<String>,
    /// A start position other than the usual one, in MGN's position form.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    start: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    event: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    site: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    date: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    source: Option<String>,
    /// Any other MGN tags, kept as they are.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    tags: BTreeMap<String, String>,
}

#[derive(Debug, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
struct Players {
    #[serde(rename = "A", default, skip_serializing_if = "Option::is_none")]
    a: Option<String>,
    #[serde(rename = "B", default, skip_serializing_if = "Option::is_none")]
    b: Option<String>,
}

/// One turn of one player.
#[derive(Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
struct TurnLine {
    player: String,
    /// The whole turn as one MGN move (`B4-B2`, `B9*A5`, `B3>@A2`), or `pass`.
    #[serde(rename = "move")]
    mv: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    captures: Option<CapturesField>,
    /// A's and B's stores (or winnings) after the move, as seed counts.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    score: Option<[u32; 2]>,
    /// Dong Wo's owner actions after the move, before the next turn (`^A4`, `+A4`, `^^A4`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    actions: Vec<String>,
    /// The position after the move and its actions: the one the next turn starts from.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    position: Option<String>,
}

#[derive(Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
struct CapturesField {
    points: u32,
    /// Absent: the claim is the points alone (`x7`). Present, even empty, it claims the holes:
    /// an empty list is a claim too, and is not taken for an absent one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    holes: Option<Vec<String>>,
}

/// The start of a new round.
#[derive(Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
struct RoundLine {
    round: u32,
    /// Dong Wo's transactions between rounds (`win:B3`, `buy:B2=2`), in order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    transactions: Vec<String>,
    /// Owner actions after the transactions, before the round's first move.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    actions: Vec<String>,
    /// The position the round starts from, after the transactions and actions.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    position: Option<String>,
}

/// The writer's verdict.
#[derive(Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
struct EndLine {
    /// `A`, `B` or `draw`; absent when the game has no winner (yet).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    winner: Option<String>,
    /// How the game ended: `normal`, `abandoned`, `unfinished`, ... (MGN's `Termination`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    end: Option<String>,
}

/// What each kind of line is known by: its first key of these.
const KINDS: &str =
    "`game` (a game's first line), `player` (a turn), `round` (a new round) or `winner`/`end` (the game's end)";

/// One line of the file, with its number.
struct Line<'t> {
    number: usize,
    text: &'t str,
}

impl Line<'_> {
    fn error(&self, column: usize, message: impl Into<String>) -> ImportError {
        ImportError::new(self.number, column, message)
    }

    /// An error about the value of `key`, placed at that value.
    fn at_key(&self, key: &str, message: impl Into<String>) -> ImportError {
        self.error(key_column(self.text, key), message)
    }

    /// What the game pushes next came from the value of `key` on this line.
    fn mark(&self, building: &mut Building, key: &str) {
        let at = building.game.moves.len();
        building
            .places
            .mark(at, self.number, key_column(self.text, key));
    }
}

/// The column of the value of `key` in a line of JSON (1 when it cannot be found).
fn key_column(text: &str, key: &str) -> usize {
    let quoted = format!("\"{key}\"");
    let Some(at) = text.find(&quoted) else {
        return 1;
    };
    let rest = &text[at + quoted.len()..];
    let colon = rest.find(':').map_or(0, |k| k + 1);
    let value = rest[colon..].len() - rest[colon..].trim_start().len();
    let byte = at + quoted.len() + colon + value;
    text[..byte].chars().count() + 1
}

/// A serde_json error in a line: its column, and its words without serde's own place.
fn json_error(line: &Line, error: serde_json::Error) -> ImportError {
    let message = error.to_string();
    let message = match message.rfind(" at line ") {
        Some(k) => message[..k].to_string(),
        None => message,
    };
    // serde_json counts bytes; a report counts characters.
    let byte = error.column().saturating_sub(1).min(line.text.len());
    let column = line
        .text
        .char_indices()
        .take_while(|&(at, _)| at < byte)
        .count();
    line.error(column + 1, format!("not a move-log object: {message}"))
}

/// The game being read.
struct Building {
    game: Game,
    /// The player of the last turn in this round.
    last: Option<Side>,
    /// The player who must make the round's first turn, when the header or the start says.
    first: Option<Side>,
    turns: usize,
    ended: bool,
    /// Where each of the game's elements came from, for `mgn check` to report at.
    places: Places,
}

/// Every game of a move log, each on its own: see [`super::import_games`].
pub fn import_games(text: &str, source: &str) -> Vec<Result<Imported, ImportError>> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut results = Vec::new();
    let mut current: Option<Building> = None;
    // After an error, the rest of that game is skipped, up to the next header line.
    let mut skipping = false;
    for (k, raw) in text.split('\n').enumerate() {
        let line = Line {
            number: k + 1,
            text: raw.strip_suffix('\r').unwrap_or(raw),
        };
        if line.text.trim().is_empty() {
            continue;
        }
        let object: serde_json::Map<String, serde_json::Value> =
            match serde_json::from_str(line.text) {
                Ok(serde_json::Value::Object(object)) => object,
                Ok(_) => {
                    if !skipping {
                        results.push(Err(
                            line.error(1, format!("expected a JSON object holding {KINDS}"))
                        ));
                        current = None;
                        skipping = true;
                    }
                    continue;
                }
                Err(error) => {
                    if !skipping {
                        results.push(Err(json_error(&line, error)));
                        current = None;
                        skipping = true;
                    }
                    continue;
                }
            };
        if object.contains_key("game") {
            if let Some(done) = current.take() {
                results.push(Ok(finish(done)));
            }
            skipping = false;
            match start_game(&line, source) {
                Ok(building) => current = Some(building),
                Err(error) => {
                    results.push(Err(error));
                    skipping = true;
                }
            }
            continue;
        }
        if skipping {
            continue;
        }
        let Some(building) = current.as_mut() else {
            results.push(Err(line.error(
                1,
                "expected a game's first line, holding `game` (the move log starts every game with it)",
            )));
            skipping = true;
            continue;
        };
        let read = if building.ended {
            Err(line.error(
                1,
                "the game has ended (its `end` line is above): a new game starts with a line holding `game`",
            ))
        } else if object.contains_key("player") || object.contains_key("move") {
            turn(&line, building)
        } else if object.contains_key("round") {
            round(&line, building)
        } else if object.contains_key("winner") || object.contains_key("end") {
            end(&line, building)
        } else {
            Err(line.error(1, format!("expected an object holding {KINDS}")))
        };
        if let Err(error) = read {
            results.push(Err(error));
            current = None;
            skipping = true;
        }
    }
    if let Some(done) = current.take() {
        results.push(Ok(finish(done)));
    }
    if results.is_empty() {
        let lines = text.split('\n').count();
        results.push(Err(ImportError::new(
            lines,
            1,
            "no game: a move log holds at least one game, starting with a line holding `game`",
        )));
    }
    results
}

fn seeds(seeds: u32) -> Pile {
    Pile {
        seeds,
        ..Pile::default()
    }
}

fn spanned<T>(value: T) -> Spanned<T> {
    Spanned::new(value, Span::default())
}

fn side(text: &str) -> Option<Side> {
    match text {
        "A" => Some(Side::A),
        "B" => Some(Side::B),
        _ => None,
    }
}

fn start_game(line: &Line, source: &str) -> Result<Building, ImportError> {
    let head: HeaderLine = serde_json::from_str(line.text).map_err(|e| json_error(line, e))?;
    let kind = GameKind::from_name(&head.game).ok_or_else(|| {
        line.at_key(
            "game",
            format!(
                "mgn does not know the game `{}`: it knows dakon, mraw-imrujen, nchuwa and dong-wo",
                head.game
            ),
        )
    })?;
    let mut header = Header::new(kind);
    if let Some(board) = &head.board {
        let size: BoardSize = board.parse().map_err(|_| {
            line.at_key(
                "board",
                format!("expected a board size such as 2x7, found `{board}`"),
            )
        })?;
        let def = game_def(kind);
        if !def.boards.contains(&size) {
            let known: Vec<String> = def.boards.iter().map(ToString::to_string).collect();
            return Err(line.at_key(
                "board",
                format!(
                    "{kind} is not played on {size}: its boards are {}",
                    known.join(", ")
                ),
            ));
        }
        header.board = Some(spanned(size));
    }
    header.preset = head.preset.map(spanned);
    for option in &head.options {
        // As MGN's `Option` tag holds them: a code and a value, one setting per code.
        let Some((code, value)) = option
            .split_once('=')
            .filter(|(c, v)| !c.is_empty() && !v.is_empty())
        else {
            return Err(line.at_key(
                "options",
                format!("expected each option as code=value, found `{option}`"),
            ));
        };
        if header.options.iter().any(|o| o.value.code == code) {
            return Err(line.at_key(
                "options",
                format!("`{code}` is set twice: a game has one setting of each option"),
            ));
        }
        header.options.push(spanned(RuleSetting {
            code: code.to_string(),
            value: value.to_string(),
        }));
    }
    // The rules are the replay's, but a header they refuse is refused here, at its line.
    crate::rules::with_rules(&header, Accept).map_err(|d| {
        line.at_key(
            if head.options.is_empty() {
                "preset"
            } else {
                "options"
            },
            format!("{} ({})", d.message, d.rule),
        )
    })?;
    if let Some(players) = head.players {
        header.player_a = players.a.map(spanned);
        header.player_b = players.b.map(spanned);
    }
    let mut first = None;
    if let Some(text) = &head.first {
        let who = side(text)
            .ok_or_else(|| line.at_key("first", format!("expected A or B, found `{text}`")))?;
        header.first = Some(spanned(who));
        first = Some(who);
    }
    if let Some(text) = &head.start {
        let position = parse_position(text)
            .map_err(|e| line.at_key("start", format!("not an MGN position: {}", e.message())))?;
        if first.is_some_and(|f| f != position.to_move) {
            return Err(line.at_key(
                "first",
                "`first` and the start position's side to move differ",
            ));
        }
        first = Some(position.to_move);
        header.start = Some(spanned(position));
    }
    header.event = head.event.map(spanned);
    header.site = head.site.map(spanned);
    header.date = head.date.map(spanned);
    header.source = head.source.map(spanned);
    for (name, value) in head.tags {
        header
            .other
            .push(spanned(other_tag(line, Tag { name, value })?));
    }
    header
        .other
        .push(spanned(importer_tag(Format::MoveLog, source, line.number)));
    Ok(Building {
        game: Game::new(header, Vec::new(), Outcome::Unknown),
        last: None,
        first,
        turns: 0,
        ended: false,
        places: Places::new(line.number),
    })
}

/// A tag of the log's `tags`, if MGN's reader reads it back as itself: a tag of no meaning to
/// mgn, so that it neither stands for a key of the header line (`Result`, `Event`) nor breaks
/// the written game (a name with a blank). `Importer` is the import's own.
fn other_tag(line: &Line, tag: Tag) -> Result<Tag, ImportError> {
    let mut game = Game::new(Header::new(GameKind::Dakon), Vec::new(), Outcome::Unknown);
    game.header.other.push(spanned(tag.clone()));
    let read = parse_games(&write_mgn(&game)).pop();
    let reads_back = matches!(read, Some(Ok(g))
        if g.header.other.len() == 1 && g.header.other[0].value == tag);
    if reads_back && tag.name != "Importer" {
        return Ok(tag);
    }
    Err(line.at_key(
        "tags",
        format!(
            "`{}` cannot be a tag of `tags`: a tag's name is a letter then letters, digits or _, and not one mgn reads itself (Game, Board, Result, Event, ...: write those with their own keys) or writes (Importer)",
            tag.name
        ),
    ))
}

/// Rules that resolve: all the header check needs.
struct Accept;

impl crate::rules::WithRules for Accept {
    type Output = ();
    fn run<R: crate::rules::Rules>(self, _: &R) {}
}

/// One MGN element from a token of the log, which must be exactly one element of the kind
/// `wanted` accepts (a move, a transaction, ...): a token never brings in more than itself.
fn element(kind: GameKind, token: &str) -> Option<Element> {
    if token.is_empty()
        || token
            .chars()
            .any(|c| c.is_whitespace() || matches!(c, '{' | '}' | ';' | '[' | ']' | '"'))
    {
        return None;
    }
    let text = format!("[Game \"{}\"]\n\n{token} *\n", kind.name());
    let mut games = parse_games(&text);
    match games.pop()? {
        Ok(game) if game.moves.len() == 1 => game.moves.into_iter().next(),
        _ => None,
    }
}

fn turn(line: &Line, building: &mut Building) -> Result<(), ImportError> {
    let turn: TurnLine = serde_json::from_str(line.text).map_err(|e| json_error(line, e))?;
    let kind = building.game.header.game.value;
    let player = side(&turn.player).ok_or_else(|| {
        line.at_key(
            "player",
            format!("expected A or B, found `{}`", turn.player),
        )
    })?;
    // Turns alternate within a round (a player who cannot move passes); who starts a round
    // after the first is the rules' to say, and the replay checks it.
    let expected = building.last.map(Side::other).or(building.first);
    if let Some(expected) = expected {
        if player != expected {
            return Err(line.at_key(
                "player",
                format!(
                    "expected a turn of {expected}, found one of {player}: turns alternate (a player who cannot move passes: write his turn with \"move\": \"pass\"){}",
                    if building.last.is_none() { ", and the header's `first` or `start` says who starts" } else { "" }
                ),
            ));
        }
    }
    if building.turns == 0
        && building.game.header.first.is_none()
        && building.game.header.start.is_none()
    {
        building.game.header.first = Some(spanned(player));
    }
    let played = element(kind, &turn.mv);
    let played = match played {
        Some(Element::Move(m)) => {
            // In these games a player sows only from his own row (a Nchuwa removal, `*A5`
            // under `nchuwa.opening.order=interleaved`, sows nothing).
            let from = m.value.sowings.first().map(|s| s.hole.value);
            if let Some(from) = from.filter(|f| kind != GameKind::DongWo && f.side != player) {
                return Err(line.at_key(
                    "move",
                    format!(
                        "{player} cannot move from {from}, a hole of {}'s row",
                        from.side
                    ),
                ));
            }
            Element::Move(m)
        }
        Some(Element::Pass(p)) => Element::Pass(p),
        _ => {
            return Err(line.at_key(
                "move",
                format!(
                    "expected one MGN move (such as B4, B4-B2, B9*A5, B3>@A2) or pass, found `{}`",
                    turn.mv
                ),
            ))
        }
    };
    line.mark(building, "move");
    building.game.moves.push(played);
    if let Some(captures) = turn.captures {
        // MGN has no claim of points from no hole (`x7` leaves the holes unclaimed, `x7()` is
        // not MGN), and no rule captures without emptying a hole: written as `x7`, the claim of
        // no hole would pass unchecked.
        if captures.points > 0 && captures.holes.as_ref().is_some_and(Vec::is_empty) {
            return Err(line.at_key(
                "holes",
                format!(
                    "{} points from no hole: a capture takes its points from the holes it empties; name them (\"holes\": [\"A2\", \"B4\"]), or leave out `holes` to claim the points alone",
                    captures.points
                ),
            ));
        }
        let mut holes = Vec::new();
        for hole in captures.holes.iter().flatten() {
            let parsed: Hole = hole.parse().map_err(|_| {
                line.at_key(
                    "captures",
                    format!("expected a hole such as A2, found `{hole}`"),
                )
            })?;
            holes.push(parsed);
        }
        line.mark(building, "captures");
        building
            .game
            .moves
            .push(Element::Captures(spanned(CaptureClaim {
                count: captures.points,
                holes,
            })));
    }
    if let Some([a, b]) = turn.score {
        line.mark(building, "score");
        building
            .game
            .moves
            .push(Element::Score(spanned([seeds(a), seeds(b)])));
    }
    if !turn.actions.is_empty() {
        line.mark(building, "actions");
    }
    actions(line, kind, &turn.actions, &mut building.game.moves)?;
    if let Some(text) = &turn.position {
        line.mark(building, "position");
        building
            .game
            .moves
            .push(Element::Checkpoint(spanned(position(line, text)?)));
    }
    building.last = Some(player);
    building.turns += 1;
    Ok(())
}

fn actions(
    line: &Line,
    kind: GameKind,
    tokens: &[String],
    moves: &mut Vec<Element>,
) -> Result<(), ImportError> {
    for token in tokens {
        match element(kind, token) {
            Some(action @ Element::Action(_)) => moves.push(action),
            _ => {
                return Err(line.at_key(
                    "actions",
                    format!("expected an owner action such as ^A4, +A4 or ^^A4, found `{token}`"),
                ))
            }
        }
    }
    Ok(())
}

fn position(line: &Line, text: &str) -> Result<Position, ImportError> {
    parse_position(text)
        .map_err(|e| line.at_key("position", format!("not an MGN position: {}", e.message())))
}

fn round(line: &Line, building: &mut Building) -> Result<(), ImportError> {
    let round: RoundLine = serde_json::from_str(line.text).map_err(|e| json_error(line, e))?;
    let kind = building.game.header.game.value;
    line.mark(building, "round");
    building
        .game
        .moves
        .push(Element::Round(spanned(round.round)));
    if !round.transactions.is_empty() {
        line.mark(building, "transactions");
    }
    for token in &round.transactions {
        match element(kind, token) {
            Some(t @ Element::Transaction(_)) => building.game.moves.push(t),
            _ => {
                return Err(line.at_key(
                    "transactions",
                    format!("expected a transaction such as win:B3 or buy:B2=2, found `{token}`"),
                ))
            }
        }
    }
    if !round.actions.is_empty() {
        line.mark(building, "actions");
    }
    actions(line, kind, &round.actions, &mut building.game.moves)?;
    if let Some(text) = &round.position {
        let position = position(line, text)?;
        line.mark(building, "position");
        building.first = Some(position.to_move);
        building
            .game
            .moves
            .push(Element::Checkpoint(spanned(position)));
    } else {
        building.first = None;
    }
    building.last = None;
    Ok(())
}

fn end(line: &Line, building: &mut Building) -> Result<(), ImportError> {
    let end: EndLine = serde_json::from_str(line.text).map_err(|e| json_error(line, e))?;
    let outcome = match end.winner.as_deref() {
        None => Outcome::Unknown,
        Some("A") => Outcome::AWins,
        Some("B") => Outcome::BWins,
        Some("draw") => Outcome::Draw,
        Some(other) => {
            return Err(line.at_key("winner", format!("expected A, B or draw, found `{other}`")))
        }
    };
    // The result stands after the last move: its mark is at the end of the moves.
    line.mark(
        building,
        if end.winner.is_some() {
            "winner"
        } else {
            "end"
        },
    );
    building.game.outcome = spanned(outcome);
    building.game.header.result = Some(spanned(outcome));
    if let Some(termination) = end.end {
        building.game.header.termination = Some(spanned(termination));
    }
    building.ended = true;
    Ok(())
}

fn finish(building: Building) -> Imported {
    building.places.write(&building.game)
}

/// Why a game cannot be written as a move log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WriteError {
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

#[cfg(test)]
mod tests;
