//! The game logs MancalaGames' GUI saves (StoneShark/MancalaGames, "Save log"): its Dakon,
//! configured from Russ 1984 (docs/import.md).
//!
//! A log is the game's parameters (`game_class`, `GameConsts(nbr_start=.., holes=..)`, then
//! `GameInfo` and a pretty-printed dict of one `'key': value` a line), the line
//! `***** Game history. Moves = N`, `*** New game`, and one entry per sowing:
//!
//! ```text
//! 3: Bottom move 2 REPEAT_TURN
//!   5  5  6  6  0     4
//!   6  0  7  7  7  *  3
//! ```
//!
//! The move is the hole's column on the screen counted from 0 at the left, for both rows; the
//! drawing shows the top row left to right (A's holes N..1) and the bottom row (B1..BN), a
//! hole out of play as `x`, a `*` after the row of the player to move, and a store when it is
//! not empty. MancalaGames logs each sowing of a Dakon turn as its own entry (`REPEAT_TURN`
//! when the lap ended in the mover's store), which MGN writes as one move `B3-B1`.

use super::{importer_tag, Format, ImportError, Imported, Places};
use crate::notation::{
    BoardSize, Element, Game, GameKind, Header, Hole, HoleState, Move, Outcome, Pile, Position,
    Rows, RuleSetting, Side, Sowing, Span, Spanned, Tag,
};

/// One parameter of the log's `GameInfo`, with its line.
struct Param {
    line: usize,
    /// Where the value starts on its line.
    column: usize,
    value: String,
}

/// A parameter's value as a number: an int, a bool, or an enum's value (`<Enum.NAME: 2>`).
fn number(value: &str) -> Option<i64> {
    match value {
        "True" => Some(1),
        "False" => Some(0),
        _ if value.starts_with('<') => value
            .trim_end_matches('>')
            .rsplit(':')
            .next()?
            .trim()
            .parse()
            .ok(),
        _ => value.parse().ok(),
    }
}

/// Whether a parameter is at MancalaGames' default: nothing of it to read.
fn neutral(value: &str) -> bool {
    matches!(value, "[]" | "''" | "None" | "{}") || number(value) == Some(0)
}

/// The members of MancalaGames' enums at the values its Dakon logs hold (`<Class.NAME: value>`,
/// as every real log writes them): a log that names another member for one of these values was
/// edited. Other values are the parameter checks' to refuse or keep.
const ENUM_NAMES: &[(&str, i64, &str)] = &[
    ("AllowRule", 0, "NONE"),
    ("CaptDir", 0, "OPP_SOW"),
    ("CaptExtraPick", 0, "NONE"),
    ("CaptRTurn", 0, "NO_REPEAT"),
    ("CaptSide", 1, "OPP_SIDE"),
    ("CaptType", 0, "NONE"),
    ("ChildLocs", 0, "ANYWHERE"),
    ("ChildRule", 0, "NONE"),
    ("ChildType", 0, "NOCHILD"),
    ("CrossCaptOwn", 1, "PICK_ON_CAPT"),
    ("Direct", 1, "CCW"),
    ("EndGameCond", 0, "NO_ADDTL"),
    ("EndGameSeeds", 0, "HOLE_OWNER"),
    ("EndGameSeeds", 4, "DIVVIED"),
    ("Goal", 0, "MAX_SEEDS"),
    ("GrandSlam", 0, "LEGAL"),
    ("LapSower", 1, "LAPPER"),
    ("PlayLocs", 0, "BOARD_ONLY"),
    ("PreSowCapt", 0, "NONE"),
    ("RoundFill", 2, "RIGHT_FILL"),
    ("RoundStarter", 2, "WINNER"),
    ("RoundStarter", 3, "LAST_MOVER"),
    ("Rounds", 2, "NO_MOVES"),
    ("SowLapCont", 0, "NONE"),
    ("SowPrescribed", 0, "NONE"),
    ("SowRule", 0, "NONE"),
    ("SowStores", 1, "OWN"),
    ("StartPattern", 0, "ALL_EQUAL"),
    ("XCaptType", 1, "ONE_ZEROS"),
];

/// The member MancalaGames names for an enum value `<Class.NAME: value>` where the log names
/// another (`None` when they agree, or the value is no enum of [`ENUM_NAMES`]).
fn misnamed(value: &str) -> Option<&'static str> {
    let inner = value.strip_prefix('<')?.strip_suffix('>')?;
    let (path, v) = inner.rsplit_once(':')?;
    let (class, name) = path.split_once('.')?;
    let v: i64 = v.trim().parse().ok()?;
    let (_, _, known) = ENUM_NAMES.iter().find(|(c, n, _)| *c == class && *n == v)?;
    (*known != name).then_some(*known)
}

/// Parameters that say nothing of the rules.
const WORDS: &[&str] = &["name", "help_file", "about", "udirect", "mlength"];

/// What the log's parameters make of the game: mgn's options, and MancalaGames' own end rule.
struct Config {
    holes: u32,
    options: Vec<(&'static str, &'static str)>,
    /// A round ends, and the game with it, when a store holds more than the total minus
    /// `goal_param` holes' worth of seeds: the other player cannot fill `goal_param` holes.
    goal_param: i64,
    name: String,
    /// Parameters that play no part in a log mgn reads, kept as tags.
    tags: Vec<(String, String)>,
    /// Who starts the next round.
    round_starter: RoundStarter,
    /// The `*` of the board drawn at the game's end is on the player who would move next:
    /// MancalaGames does so since 2025-06-09 (d592ce8), before it left the `*` on the last
    /// mover. `capt_dir`, added on 2025-06-17 (47464f8), or `sow_stores` (2025-09), tells a log
    /// of a version that does.
    draws_next_mover: bool,
    /// How MancalaGames shares out the seeds of a game a user ends (`quitter`), for the message
    /// that refuses such an end.
    quitter: String,
}

fn refuse(param: &Param, name: &str, why: &str) -> ImportError {
    ImportError::new(
        param.line,
        param.column,
        format!("MancalaGames parameter {name} = {}: {why}", param.value),
    )
}

/// MancalaGames' `round_starter`, of the values mgn reads.
#[derive(Clone, Copy)]
enum RoundStarter {
    LastMover,
    Winner,
}

/// The parameters mapped to mgn's Dakon, or the first one mgn has no reading for.
fn config(
    params: &[(String, Param)],
    consts: Option<(u32, u32, usize)>,
    header_end: usize,
) -> Result<Config, ImportError> {
    let holes = holes_of(consts, header_end)?;
    refuse_misnamed(params)?;
    let mut read = ParamReader {
        params,
        header_end,
        seen: vec!["game_class"],
    };
    for (name, value, why) in DAKON_RULES {
        read.need(name, &[*value], why)?;
    }
    // MancalaGames unblocks every hole at each round and blocks again those it cannot fill.
    let mut options = vec![(
        crate::rules::dakon::OutOfPlayReturn::CODE.as_str(),
        "refill",
    )];
    let round_starter = read.round_starter(&mut options)?;
    read.sowing(&mut options)?;
    // The quitter rule shares out the seeds when a user ends the game (the menu's End Game)
    // or MancalaGames finds a sowing that never ends: an entry `game Ended`, which mgn refuses
    // at its line. In any other log it plays no part: kept as a tag.
    let mut tags = Vec::new();
    let quitter = match read.get("quitter") {
        Some(param) => {
            tags.push(("MancalaGamesQuitter".to_string(), param.value.clone()));
            param.value.clone()
        }
        None => "not given".to_string(),
    };
    let goal_param = read.need(
        "goal_param",
        &(1..=i64::from(holes)).collect::<Vec<_>>(),
        "mgn reads goal_param as the holes a player must fill to go on (1 to the row's holes)",
    )?;
    read.seen.push("quitter");
    read.refuse_unread()?;
    let name = read
        .get("name")
        .map(|p| p.value.trim_matches('\'').to_string())
        .unwrap_or_default();
    Ok(Config {
        holes,
        options,
        goal_param,
        name,
        tags,
        quitter,
        round_starter,
        // `sow_stores` came in 2025-09, after `capt_dir`: a log that has it and not `capt_dir`
        // draws the next mover all the same.
        draws_next_mover: read.get("capt_dir").is_some() || read.get("sow_stores").is_some(),
    })
}

/// The holes a row of `GameConsts(nbr_start=.., holes=..)`, a board mgn's Dakon is played on.
fn holes_of(consts: Option<(u32, u32, usize)>, header_end: usize) -> Result<u32, ImportError> {
    let Some((nbr_start, holes, consts_line)) = consts else {
        return Err(ImportError::new(
            header_end,
            1,
            "the log's parameters have no `GameConsts(nbr_start=.., holes=..)` line: it is not a log MancalaGames saved",
        ));
    };
    if !(5..=10).contains(&holes) {
        return Err(ImportError::new(
            consts_line,
            1,
            format!("a board of {holes} holes a row: mgn's Dakon is played on 2x5 to 2x10"),
        ));
    }
    if nbr_start != holes {
        return Err(ImportError::new(
            consts_line,
            1,
            format!("{nbr_start} seeds a hole on {holes} holes a row: Dakon starts with as many seeds in each hole as a row has holes (dakon.start)"),
        ));
    }
    Ok(holes)
}

/// The first parameter whose enum value the log names otherwise than MancalaGames does.
fn refuse_misnamed(params: &[(String, Param)]) -> Result<(), ImportError> {
    for (name, param) in params {
        if let Some(known) = misnamed(&param.value) {
            return Err(refuse(
                param,
                name,
                &format!("MancalaGames names that value {known}: the log was edited"),
            ));
        }
    }
    Ok(())
}

/// The parameters whose one value is the Dakon configuration's, in the order they are checked:
/// the name, the value mgn reads, and why no other.
const DAKON_RULES: &[(&str, i64, &str)] = &[
    ("goal", 0, "only MAX_SEEDS, the most seeds, is Dakon's goal"),
    ("stores", 1, "Dakon is played with stores"),
    ("mlaps", 1, "Dakon relays every lap (LAPPER, dakon.lap.relay)"),
    (
        "crosscapt",
        1,
        "Dakon captures the opposite hole (dakon.capture.opposite)",
    ),
    (
        "xcpickown",
        1,
        "Dakon takes the last seed with the capture and only then (PICK_ON_CAPT, dakon.capture.opposite)",
    ),
    (
        "capt_side",
        1,
        "mgn reads only OPP_SIDE, the Dakon configuration's: a lap ending in the mover's own row captures the opponent's hole",
    ),
    (
        "sow_direct",
        1,
        "mgn imports only counter-clockwise sowing (CCW)",
    ),
    (
        "mustpass",
        1,
        "in Dakon a player with no seeds passes (dakon.pass)",
    ),
    (
        "rounds",
        2,
        "mgn's Dakon plays rounds until no seed is left to move (NO_MOVES, dakon.round.end=all-in-stores)",
    ),
    (
        "round_fill",
        2,
        "mgn's Dakon refills each row from the end next to its owner's store (RIGHT_FILL, dakon.round.refill)",
    ),
    (
        "blocks",
        1,
        "in mgn's Dakon the holes that cannot be filled are out of play (dakon.round.out-of-play)",
    ),
];

/// Reads the parameters mgn needs, noting each one read so that those left over are refused.
struct ParamReader<'p> {
    params: &'p [(String, Param)],
    /// The line after the parameters, where a missing one is reported.
    header_end: usize,
    seen: Vec<&'static str>,
}

impl<'p> ParamReader<'p> {
    fn get(&self, name: &str) -> Option<&'p Param> {
        self.params.iter().find(|(n, _)| n == name).map(|(_, p)| p)
    }

    /// The value of `name`, one of `accepted`; otherwise `why` mgn refuses it.
    fn need(
        &mut self,
        name: &'static str,
        accepted: &[i64],
        why: &str,
    ) -> Result<i64, ImportError> {
        self.seen.push(name);
        let Some(param) = self.get(name) else {
            return Err(ImportError::new(
                self.header_end,
                1,
                format!(
                    "the log's parameters do not give {name}, which mgn needs to read the game"
                ),
            ));
        };
        match number(&param.value) {
            Some(v) if accepted.contains(&v) => Ok(v),
            _ => Err(refuse(param, name, why)),
        }
    }

    /// `round_starter`, and the option of mgn's Dakon it stands for.
    fn round_starter(
        &mut self,
        options: &mut Vec<(&'static str, &'static str)>,
    ) -> Result<RoundStarter, ImportError> {
        let starter = self.need(
            "round_starter",
            &[2, 3],
            "mgn reads WINNER (dakon.next-round.first=round-winner) or LAST_MOVER (=last-mover)",
        )?;
        Ok(match starter {
            3 => {
                options.push((
                    crate::rules::dakon::NextRoundFirst::CODE.as_str(),
                    "last-mover",
                ));
                RoundStarter::LastMover
            }
            _ => {
                options.push((
                    crate::rules::dakon::NextRoundFirst::CODE.as_str(),
                    "round-winner",
                ));
                RoundStarter::Winner
            }
        })
    }

    /// The parameters of how a hole is sown: its origin skipped or not, the mover's store sown,
    /// a hole of one seed or more.
    fn sowing(
        &mut self,
        options: &mut Vec<(&'static str, &'static str)>,
    ) -> Result<(), ImportError> {
        if self.get("skip_start").is_some() && self.need("skip_start", &[0, 1], "a yes or no")? == 1
        {
            options.push((crate::rules::dakon::SowOrigin::CODE.as_str(), "skip"));
        }
        // Newer versions name the stores sown `sow_stores` (SowStores.OWN), older ones
        // `sow_own_store` (True).
        if self.get("sow_stores").is_some() {
            self.need(
                "sow_stores",
                &[1],
                "Dakon sows the mover's own store and repeats the turn there (OWN, dakon.sow.own-store)",
            )?;
        } else {
            self.need(
                "sow_own_store",
                &[1],
                "Dakon sows the mover's own store (dakon.sow.own-store)",
            )?;
        }
        self.need(
            "min_move",
            &[1],
            "a player may sow any hole of one seed or more in Dakon (dakon.sow: MancalaGames' min_move is the fewest seeds a hole sown may hold)",
        )?;
        Ok(())
    }

    /// The first parameter not read that says something mgn has no reading for.
    fn refuse_unread(&self) -> Result<(), ImportError> {
        for (name, param) in self.params {
            if self.seen.contains(&name.as_str())
                || WORDS.contains(&name.as_str())
                || neutral(&param.value)
            {
                continue;
            }
            return Err(refuse(
                param,
                name,
                "mgn's Dakon has no reading for it (docs/import.md lists the parameters it reads)",
            ));
        }
        Ok(())
    }
}

/// One logged entry: the `0: Start Game` that begins a log, or one sowing or pass.
struct Entry {
    line: usize,
    /// The entry's number: 0 for `Start Game`, then 1, 2, ... within a round.
    number: u64,
    side: Side,
    /// The player as the log names him (`Top`, `North`, ...), for messages.
    player: &'static str,
    hole: Hole,
    /// `0: Start Game`: the board a game or a round starts from; no move.
    start: bool,
    /// `REPEAT_TURN`: the lap ended in the mover's store and he sows again.
    repeat: bool,
    /// `ROUND_WIN by X`, `ROUND_TIE`: the round is over.
    round_end: bool,
    /// `WIN by X`, `TIE`: the game is over; the words as the log gives them.
    game_end: Option<(Outcome, String)>,
    /// `ROUND_WIN by X`: who won the round.
    round_winner: Option<Side>,
    pass: bool,
    board: Position,
    /// The line of the board drawing's top row.
    board_line: usize,
}

/// Every game of a MancalaGames log: see [`super::import_games`].
pub fn import_games(text: &str, source: &str) -> Vec<Result<Imported, ImportError>> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let lines: Vec<&str> = text
        .split('\n')
        .map(|l| l.strip_suffix('\r').unwrap_or(l))
        .collect();
    let header = parameters(&lines).and_then(|read| {
        let config = config(&read.params, read.consts, read.history)?;
        moves_counted(&lines, read.history)?;
        Ok((config, read.history))
    });
    match header {
        Ok((config, history)) => games(&lines, history + 1, &config, source),
        Err(error) => vec![Err(error)],
    }
}

/// The log's parameters, read up to its history.
struct Parameters {
    params: Vec<(String, Param)>,
    /// `GameConsts(nbr_start=.., holes=..)`: the seeds a hole, the holes a row, and its line.
    consts: Option<(u32, u32, usize)>,
    /// The line (0-based) of `***** Game history`.
    history: usize,
}

/// The parameters, up to the history.
fn parameters(lines: &[&str]) -> Result<Parameters, ImportError> {
    let mut params: Vec<(String, Param)> = Vec::new();
    let mut consts = None;
    let mut k = 0;
    let mut seen_class = false;
    while k < lines.len() && !lines[k].starts_with("***** Game history") {
        let line = lines[k].trim();
        let number = k + 1;
        k += 1;
        if line.is_empty() || line == "GameInfo" {
            continue;
        }
        if let Some(class) = line.strip_prefix("game_class:") {
            if class.trim() != "Mancala" {
                return Err(ImportError::new(
                    number,
                    1,
                    format!(
                        "game_class {}: mgn reads MancalaGames' Dakon, a Mancala game",
                        class.trim()
                    ),
                ));
            }
            seen_class = true;
            continue;
        }
        if let Some(inner) = line.strip_prefix("GameConsts(") {
            consts = Some(game_consts(inner, number)?);
            continue;
        }
        if let Some(param) = parameter(line, lines[number - 1], number) {
            params.push(param);
            continue;
        }
        // A value pretty-printed over several lines (a long list) goes on here.
        if let Some((_, last)) = params.last_mut() {
            if !line.starts_with('\'') {
                last.value.push(' ');
                last.value
                    .push_str(line.trim_end_matches(',').trim_end_matches('}'));
                continue;
            }
        }
        return Err(ImportError::new(
            number,
            1,
            format!("expected a parameter of the log (`'name': value`), found `{line}`"),
        ));
    }
    if !seen_class || k >= lines.len() {
        return Err(ImportError::new(
            k.min(lines.len()).max(1),
            1,
            "not a MancalaGames game log: it starts with the game's parameters (game_class: Mancala, GameConsts, GameInfo) and then `***** Game history`",
        ));
    }
    Ok(Parameters {
        params,
        consts,
        history: k,
    })
}

/// `nbr_start=N, holes=N)` of the `GameConsts(` on line `number`: the seeds a hole, the holes a
/// row, and the line.
fn game_consts(inner: &str, number: usize) -> Result<(u32, u32, usize), ImportError> {
    let field = |name: &str| -> Option<u32> {
        let at = inner.find(&format!("{name}="))? + name.len() + 1;
        let digits: String = inner[at..]
            .chars()
            .take_while(char::is_ascii_digit)
            .collect();
        digits.parse().ok()
    };
    match (field("nbr_start"), field("holes")) {
        (Some(start), Some(holes)) => Ok((start, holes, number)),
        _ => Err(ImportError::new(
            number,
            1,
            "expected GameConsts(nbr_start=N, holes=N)",
        )),
    }
}

/// A parameter's first line, `'name': value` of the dict (`{` before the first), trimmed as
/// `line`, `raw` as the log has it.
fn parameter(line: &str, raw: &str, number: usize) -> Option<(String, Param)> {
    let rest = line
        .trim_start_matches('{')
        .trim_start()
        .strip_prefix('\'')?;
    let (name, value) = rest.split_once("': ")?;
    let value = value.trim_end_matches(',').trim_end_matches('}').trim();
    let column = raw.find("': ").map_or(1, |b| raw[..b].chars().count() + 4);
    let param = Param {
        line: number,
        column,
        value: value.to_string(),
    };
    Some((name.to_string(), param))
}

/// The games of the history from line `k` (0-based, after its heading), each from its
/// `*** New game` line.
fn games(
    lines: &[&str],
    mut k: usize,
    config: &Config,
    source: &str,
) -> Vec<Result<Imported, ImportError>> {
    let mut results = Vec::new();
    while k < lines.len() {
        let line = lines[k].trim();
        if line.is_empty() {
            k += 1;
            continue;
        }
        if line != "*** New game" {
            results.push(Err(ImportError::new(
                k + 1,
                1,
                format!("expected `*** New game`, found `{line}`"),
            )));
            break;
        }
        if !results.is_empty() {
            results.push(Err(ImportError::new(
                k + 1,
                1,
                "a second `*** New game`: MancalaGames clears its log at every new game, so a log it saves holds one game; this one was joined or edited",
            )));
            break;
        }
        let start = k + 1;
        let mut end = k + 1;
        while end < lines.len() && lines[end].trim() != "*** New game" {
            end += 1;
        }
        results.push(game(lines, start, end, config, source));
        k = end;
    }
    if results.is_empty() {
        results.push(Err(ImportError::new(
            lines.len(),
            1,
            "the log holds no game (`*** New game` and its moves)",
        )));
    }
    results
}

/// `***** Game history. Moves = N` on line `k` (0-based) counts the log's moves: the entries
/// after it but the `0: Start Game`s. A log that holds another number was cut or edited.
fn moves_counted(lines: &[&str], k: usize) -> Result<(), ImportError> {
    let heading = lines[k];
    let Some(said) = heading
        .strip_prefix("***** Game history. Moves = ")
        .and_then(|n| n.trim().parse::<usize>().ok())
    else {
        return Err(ImportError::new(
            k + 1,
            1,
            format!("expected `***** Game history. Moves = N`, found `{heading}`"),
        ));
    };
    let held = lines[k + 1..]
        .iter()
        .filter(|l| {
            l.split_once(": ").is_some_and(|(n, rest)| {
                !n.is_empty()
                    && n.bytes().all(|b| b.is_ascii_digit())
                    && rest.trim_end() != "Start Game"
            })
        })
        .count();
    if said != held {
        return Err(ImportError::new(
            k + 1,
            heading.find('=').map_or(1, |b| b + 3),
            format!(
                "the log says it holds {said} moves, but {held} follow: it was cut short or edited"
            ),
        ));
    }
    Ok(())
}

/// The entries of one game, lines `from..to` (0-based) after its `*** New game`.
fn game(
    lines: &[&str],
    from: usize,
    to: usize,
    config: &Config,
    source: &str,
) -> Result<Imported, ImportError> {
    let entries = entries(lines, from, to, config)?;
    let mut record = Record {
        header: header(config, source, from),
        moves: Vec::new(),
        places: Places::new(from),
        round: 1,
    };
    let rest = record.start(&entries, config.holes);
    let Some(first) = rest.first() else {
        return Err(ImportError::new(
            from,
            1,
            "the game has no move: nothing to check",
        ));
    };
    if record.header.first.is_none() && record.header.start.is_none() {
        record.header.first = Some(spanned(first.side));
    }
    let mut outcome = Outcome::Unknown;
    // Who played the last turn of this round, so that turns are seen to alternate.
    let mut last_mover: Option<Side> = None;
    let mut i = 0;
    while i < rest.len() {
        let turn = turn(&rest[i..])?;
        let start = turn.start();
        i += turn.entries;
        if last_mover == Some(start.side) {
            return Err(ImportError::new(
                start.line,
                1,
                format!(
                    "{} moves twice: turns alternate within a round",
                    start.player
                ),
            ));
        }
        last_mover = Some(start.side);
        record.push_turn(&turn);
        let next = rest.get(i);
        if let Some((result, words)) = &turn.last.game_end {
            outcome = record.end_game(&turn, next, config, *result, words)?;
            break;
        }
        if record.close_turn(&turn, next, config) {
            last_mover = None;
        }
    }
    let Record {
        mut header,
        moves,
        places,
        ..
    } = record;
    if header.termination.is_none() {
        header.termination = Some(spanned("unfinished".to_string()));
    }
    header.result = Some(spanned(outcome));
    Ok(places.write(&Game::new(header, moves, outcome)))
}

/// The entries of lines `from..to`, numbered as MancalaGames numbers them, with the holes out
/// of play of their round.
fn entries(
    lines: &[&str],
    from: usize,
    to: usize,
    config: &Config,
) -> Result<Vec<Entry>, ImportError> {
    let mut entries: Vec<Entry> = Vec::new();
    let mut k = from;
    while k < to {
        if lines[k].trim().is_empty() {
            k += 1;
            continue;
        }
        let (entry, next) = entry(lines, k, to, config)?;
        if entry.start && !entries.is_empty() {
            return Err(ImportError::new(
                entry.line,
                1,
                "a `Start Game` entry in the middle of a game: MancalaGames writes it only as a log's first entry",
            ));
        }
        numbered_after(entries.last(), &entry)?;
        same_holes_out_of_play(entries.last(), &entry)?;
        entries.push(entry);
        k = next;
    }
    Ok(entries)
}

/// Entries are numbered from 1 in each round, the start entry 0.
fn numbered_after(before: Option<&Entry>, entry: &Entry) -> Result<(), ImportError> {
    let expected = match before {
        None if entry.start => 0,
        None => 1,
        Some(e) if e.round_end => 1,
        Some(e) => e.number + 1,
    };
    if entry.number != expected {
        return Err(ImportError::new(
            entry.line,
            1,
            format!(
                "entry {} where {expected} was due: MancalaGames numbers the entries of a round from 1 (its start 0), so one is missing or the log was edited",
                entry.number
            ),
        ));
    }
    Ok(())
}

/// Holes go out of play only when a round starts: each board of a round draws the same `x`s,
/// those between the sowings of a turn (no checkpoints) too.
fn same_holes_out_of_play(before: Option<&Entry>, entry: &Entry) -> Result<(), ImportError> {
    let out = |e: &Entry| -> Vec<bool> {
        e.board
            .holes
            .iter()
            .flatten()
            .map(|h| h.out_of_play)
            .collect()
    };
    if let Some(before) = before.filter(|e| !e.round_end) {
        if out(before) != out(entry) {
            return Err(ImportError::new(
                entry.board_line,
                1,
                format!(
                    "the holes out of play (`x`) are not those of the board on line {}: MancalaGames puts holes out of play only when a round starts",
                    before.board_line
                ),
            ));
        }
    }
    Ok(())
}

/// The header of a game the log's parameters configure, the Importer tag on line `from`.
fn header(config: &Config, source: &str, from: usize) -> Header {
    let size = BoardSize {
        rows: 2,
        columns: config.holes,
    };
    let mut header = Header::new(GameKind::Dakon);
    header.board = Some(spanned(size));
    for (code, value) in &config.options {
        header.options.push(spanned(RuleSetting {
            code: code.to_string(),
            value: value.to_string(),
        }));
    }
    header.source = Some(spanned(format!(
        "MancalaGames game log, game {}",
        config.name
    )));
    header
        .other
        .push(spanned(importer_tag(Format::MancalaGames, source, from)));
    for (name, value) in &config.tags {
        header.other.push(spanned(Tag {
            name: name.clone(),
            value: value.clone(),
        }));
    }
    header
}

/// One player's turn: the entries of his sowings, up to one that does not repeat.
struct Turn<'e> {
    sowings: Vec<&'e Entry>,
    /// The entry whose board ends the turn: its last sowing, or the pass MancalaGames logs for
    /// the same player when a lap into his store left his row empty.
    last: &'e Entry,
    /// The entries the turn takes: its sowings, and that pass.
    entries: usize,
}

impl Turn<'_> {
    fn start(&self) -> &Entry {
        self.sowings[0]
    }
}

/// The turn of the entries `rest` start with.
fn turn(rest: &[Entry]) -> Result<Turn<'_>, ImportError> {
    let start = &rest[0];
    let mut sowings = vec![start];
    let mut last = start;
    while last.repeat && last.game_end.is_none() {
        let Some(next) = rest.get(sowings.len()) else {
            break;
        };
        if next.side == start.side && next.pass {
            // mgn's Dakon: the turn is over when the mover has no seed left to sow, and the
            // opponent moves next; MancalaGames says so with a pass of the mover's.
            last = next;
            break;
        }
        if next.side != start.side || next.pass || next.start {
            return Err(ImportError::new(
                next.line,
                1,
                format!(
                    "the turn breaks off: line {} says {} sows again (REPEAT_TURN), but this is a move of {}",
                    last.line, start.player, next.player
                ),
            ));
        }
        sowings.push(next);
        last = next;
    }
    let entries =
        sowings.len() + usize::from(!std::ptr::eq(last, *sowings.last().expect("a sowing")));
    Ok(Turn {
        sowings,
        last,
        entries,
    })
}

/// The game being made of a log's entries: its header, its elements with the lines they came
/// from, and the round they are in.
struct Record {
    header: Header,
    moves: Vec<Element>,
    places: Places,
    round: u32,
}

impl Record {
    /// The `0: Start Game` entry, when `entries` begin with one: the board the log starts
    /// from. The usual start is round 1, checked by a checkpoint; any other board starts a
    /// later round (the GUI clears its log at every new round), which the log does not
    /// number. The entries after it.
    fn start<'e>(&mut self, entries: &'e [Entry], holes: u32) -> &'e [Entry] {
        let Some((first, after)) = entries.split_first().filter(|(e, _)| e.start) else {
            return entries;
        };
        let mut board = first.board.clone();
        if is_first_round_start(&board, holes) {
            self.header.first = Some(spanned(board.to_move));
            self.places.mark(self.moves.len(), first.board_line, 1);
            self.moves.push(Element::Checkpoint(spanned(board)));
        } else {
            self.round = LATER_ROUND;
            board.round = self.round;
            self.header.start = Some(spanned(board));
            self.header.other.push(spanned(Tag {
                name: "SourceRound".to_string(),
                value: format!(
                    "a later round, not numbered in the log (line {}: its board is not the usual start); numbered {LATER_ROUND} here",
                    first.line
                ),
            }));
        }
        after
    }

    /// The turn's move, or pass, placed at its first entry.
    fn push_turn(&mut self, turn: &Turn) {
        let start = turn.start();
        self.places.mark(self.moves.len(), start.line, 1);
        if start.pass {
            self.moves.push(Element::Pass(spanned(())));
        } else {
            let m = Move {
                sowings: turn
                    .sowings
                    .iter()
                    .map(|e| Sowing {
                        hole: spanned(e.hole),
                        direction: None,
                        transfer_to: None,
                        muzi_drops: Default::default(),
                    })
                    .collect(),
                extra_captures: Default::default(),
                actions: Default::default(),
                stopped_after_lap: None,
            };
            self.moves.push(Element::Move(spanned(m)));
        }
        // The claims after the turn are of the board drawn after its last sowing.
        self.places.mark(self.moves.len(), turn.last.board_line, 1);
    }

    /// The board drawn after the turn, in the round it is played in.
    fn board_after(&self, turn: &Turn) -> Position {
        let mut board = turn.last.board.clone();
        board.round = self.round;
        board
    }

    /// The checkpoint after a turn that does not end the game, and, where the turn ends a
    /// round that another follows, the next round's marker: whether it is there.
    fn close_turn(&mut self, turn: &Turn, next: Option<&Entry>, config: &Config) -> bool {
        let mut board = self.board_after(turn);
        if !turn.last.round_end {
            self.moves.push(Element::Checkpoint(spanned(board)));
            return false;
        }
        // The `*` MancalaGames draws at a round's end is whose turn it would have been, not
        // who starts the next round: that is the next entry's player, or, where the log stops
        // with the round, the player its round_starter names.
        board.to_move = match next {
            Some(next) => next.side,
            None => next_round_starter(
                config.round_starter,
                turn.start().side,
                turn.last,
                board.to_move,
            ),
        };
        self.moves.push(Element::Checkpoint(spanned(board)));
        if next.is_none() {
            return false;
        }
        // Saturating: a round past mgn's limit is refused by the check, not wrapped here.
        self.round = self.round.saturating_add(1);
        self.moves.push(Element::Round(spanned(self.round)));
        true
    }

    /// The end of the game after a turn whose last entry says so (`WIN by X`, `TIE`): the
    /// score and board it ends with, the result the log gives, and the outcome mgn checks.
    fn end_game(
        &mut self,
        turn: &Turn,
        next: Option<&Entry>,
        config: &Config,
        result: Outcome,
        words: &str,
    ) -> Result<Outcome, ImportError> {
        if let Some(next) = next {
            return Err(ImportError::new(
                next.line,
                1,
                format!("a move after the game's end ({words})"),
            ));
        }
        let mut board = self.board_after(turn);
        // MancalaGames ends the game at once when a store passes the total minus goal_param
        // holes' worth; mgn plays the round out. Only a game whose board is empty at the end
        // of a round, under goal_param 1, ends as mgn ends it.
        let early = config.goal_param != 1 || !board_empty(&board);
        board.to_move = self.to_move_at_game_end(turn, &board, config)?;
        self.moves.push(Element::Score(spanned(board.stores)));
        self.moves.push(Element::Checkpoint(spanned(board)));
        self.header.other.push(spanned(Tag {
            name: "SourceResult".to_string(),
            value: format!(
                "{words} ({})",
                match result {
                    Outcome::AWins => format!("{}, A, won", winner_word(words)),
                    Outcome::BWins => format!("{}, B, won", winner_word(words)),
                    _ => "a draw".to_string(),
                }
            ),
        }));
        if early {
            self.header.termination = Some(spanned("abandoned".to_string()));
            Ok(Outcome::Unknown)
        } else {
            self.header.termination = Some(spanned("normal".to_string()));
            Ok(result)
        }
    }

    /// The side the board drawn at the game's end is checked with. The board is checked whole.
    /// Its `*`: where the round is over, as at any round's end, the next round's starter
    /// stands for it; within a round, MancalaGames since 2025-06 draws it on the player who
    /// would move next (a claim), before that on the last mover whatever follows, and mgn's
    /// replay gives the side, so that the checkpoint checks the holes and stores only.
    fn to_move_at_game_end(
        &self,
        turn: &Turn,
        board: &Position,
        config: &Config,
    ) -> Result<Side, ImportError> {
        let (start, last) = (turn.start(), turn.last);
        if board_empty(board) {
            return Ok(next_round_starter(
                config.round_starter,
                start.side,
                last,
                board.to_move,
            ));
        }
        let so_far = || Game::new(self.header.clone(), self.moves.clone(), Outcome::Unknown);
        if !config.draws_next_mover {
            let replayed =
                crate::replay::replay_game(&so_far(), crate::replay::ReplayOptions::plies());
            return Ok(replayed
                .plies
                .last()
                .map_or(board.to_move, |ply| ply.after.to_move));
        }
        // The last lap left the mover's row empty: MancalaGames draws him to move when it
        // ended in his store (he would sow again, and then pass), the other player when not.
        // In mgn's Dakon his turn is over either way, so that the checkpoint cannot tell them
        // apart: the replay's last lap does.
        if !row_empty(board, start.side) {
            return Ok(board.to_move);
        }
        if let Some(in_store) = last_lap_in_store(&so_far(), start.side, config.holes) {
            let drawn = board.to_move;
            let due = if in_store {
                start.side
            } else {
                start.side.other()
            };
            if drawn != due {
                return Err(ImportError::new(
                    last.board_line,
                    1,
                    format!(
                        "the `*` is after {}'s row, but the last lap of {} ended in {}: MancalaGames draws the player to move next, the mover when his lap ended in his store, the other player when not",
                        if drawn == Side::A { "the top" } else { "the bottom" },
                        start.player,
                        if in_store { "his store" } else { "a hole" },
                    ),
                ));
            }
        }
        Ok(start.side.other())
    }
}

/// Who starts the round after one whose last turn was `mover`'s and ended with `last`, where
/// the log does not show it: the player its round_starter names. On a tie under WINNER,
/// MancalaGames leaves the turn as it is: `drawn`, the `*` of the round's last board.
fn next_round_starter(starter: RoundStarter, mover: Side, last: &Entry, drawn: Side) -> Side {
    match starter {
        RoundStarter::LastMover => mover,
        RoundStarter::Winner => last.round_winner.unwrap_or(drawn),
    }
}

/// Whether the last lap of the game's last ply, `mover`'s, ended in his store (a Dakon store
/// is its owner's hole N+1), by the replay of `game`; `None` when the replay does not reach that
/// ply (the check reports why).
fn last_lap_in_store(game: &Game, mover: Side, holes: u32) -> Option<bool> {
    let plies = game
        .moves
        .iter()
        .filter(|e| matches!(e, Element::Move(_) | Element::Pass(_)))
        .count();
    let replayed = crate::replay::replay_game(game, crate::replay::ReplayOptions::plies());
    let last = replayed
        .plies
        .iter()
        .rev()
        .find(|p| matches!(p.label, crate::replay::StepLabel::Ply { .. }))?;
    match last.label {
        crate::replay::StepLabel::Ply { ply, side, .. } if ply == plies && side == mover => {}
        _ => return None,
    }
    last.events.iter().rev().find_map(|event| match event {
        crate::rules::Event::LapEnd { hole, .. } => Some(*hole == Hole::new(mover, holes + 1)),
        _ => None,
    })
}

/// The round a log is numbered when it starts from a board other than the usual start: the
/// GUI's log of a later round does not say which round it is.
const LATER_ROUND: u32 = 2;

/// Whether `board` is Dakon's usual start: every hole holds as many seeds as a row has holes,
/// none is out of play, the stores are empty.
fn is_first_round_start(board: &Position, holes: u32) -> bool {
    board.stores.iter().all(|s| s.seeds == 0)
        && board
            .holes
            .iter()
            .flatten()
            .all(|h| !h.out_of_play && h.pile.seeds == holes)
}

/// `South` of `WIN by South`.
fn winner_word(words: &str) -> &str {
    words.rsplit(' ').next().unwrap_or(words)
}

fn row_empty(board: &Position, side: Side) -> bool {
    board.holes.row(side).iter().all(|h| h.pile.seeds == 0)
}

fn board_empty(board: &Position) -> bool {
    board.holes.iter().flatten().all(|h| h.pile.seeds == 0)
}

fn spanned<T>(value: T) -> Spanned<T> {
    Spanned::new(value, Span::default())
}

/// The player a log names: `Top`/`Bottom` before 2025-05, `North`/`South` since. Top (North)
/// is A, Bottom (South) is B.
fn player(word: &str) -> Option<(Side, &'static str)> {
    match word {
        "Top" => Some((Side::A, "Top")),
        "North" => Some((Side::A, "North")),
        "Bottom" => Some((Side::B, "Bottom")),
        "South" => Some((Side::B, "South")),
        _ => None,
    }
}

/// One entry from line `k`: the move line, the game's or round's end, the two board lines.
fn entry(
    lines: &[&str],
    k: usize,
    to: usize,
    config: &Config,
) -> Result<(Entry, usize), ImportError> {
    let line = lines[k];
    let number = k + 1;
    let (entry_number, column, rest) = entry_number(line, number)?;
    let start = rest.trim_end() == "Start Game";
    let (side, name, rest) = if start {
        (Side::A, "", "")
    } else {
        mover(rest, number, column, config)?
    };
    let mut words = rest.split(' ');
    let token = words.next().unwrap_or("");
    let hole_column = column + line[column - 1..].find(token).unwrap_or(0);
    let (pass, hole) = if start || token == "PASS" {
        (!start, Hole::new(side, 1))
    } else {
        (false, hole_sown(token, side, number, hole_column, config)?)
    };
    let mut ends = Ends::default();
    ends.read_words_after_move(words, line, number)?;
    let next = ends.read_line_after_move(lines, k + 1, to)?;
    if start && (ends.round_end || ends.game_end.is_some()) {
        return Err(ImportError::new(
            number,
            column,
            "a `Start Game` entry cannot end a round or the game".to_string(),
        ));
    }
    let board = board_drawn(lines, number, next, to, config)?;
    // A sowing that repeats the turn leaves it with the mover: MancalaGames draws him to move.
    if ends.repeat && board.to_move != side {
        return Err(ImportError::new(
            next + 1,
            1,
            format!(
                "the `*` is after the other player's row, but {name} sows again (REPEAT_TURN): MancalaGames draws the `*` after the row of the player to move"
            ),
        ));
    }
    winner_named_by_stores(lines, number, &ends, &board)?;
    let Ends {
        repeat,
        round_end,
        game_end,
        round_winner,
    } = ends;
    ends_where_mancala_games_ends(line, number, &board, repeat, round_end, &game_end, config)?;
    let side = if start { board.to_move } else { side };
    Ok((
        Entry {
            line: number,
            number: entry_number,
            side,
            player: name,
            hole,
            start,
            repeat,
            round_end,
            game_end,
            round_winner,
            pass,
            board,
            board_line: next + 1,
        },
        next + 2,
    ))
}

/// `N: ` of the entry on line `number`: the entry's number, the column after it, and the rest
/// of the line.
fn entry_number(line: &str, number: usize) -> Result<(u64, usize, &str), ImportError> {
    let Some((count, rest)) = line.split_once(": ") else {
        return Err(ImportError::new(
            number,
            1,
            format!(
                "expected a move (`12: South move 3`), found `{}`",
                line.trim()
            ),
        ));
    };
    let Some(entry_number) = Some(count)
        .filter(|c| !c.is_empty() && c.bytes().all(|b| b.is_ascii_digit()))
        .and_then(|c| c.parse::<u64>().ok())
    else {
        return Err(ImportError::new(
            number,
            1,
            format!("expected a move number, found `{count}`"),
        ));
    };
    Ok((entry_number, count.len() + 3, rest))
}

/// `South move ` of an entry, at `column` of line `number`: the mover, his name as the log
/// gives it, and the rest of the line.
fn mover<'l>(
    rest: &'l str,
    number: usize,
    column: usize,
    config: &Config,
) -> Result<(Side, &'static str, &'l str), ImportError> {
    if let Some(found) = rest
        .split_once(" move ")
        .and_then(|(who, rest)| player(who).map(|(side, name)| (side, name, rest)))
    {
        return Ok(found);
    }
    let message = if rest.starts_with("game Ended") || rest.starts_with("round Ended") {
        format!(
            "`{}`: the game was ended at the user's request, and MancalaGames shared out the seeds left on the board by its own rule (quitter = {}); no rule of mgn's Dakon ends a game so",
            rest.trim(),
            config.quitter
        )
    } else {
        format!("expected `Start Game`, or a move of North, South, Top or Bottom (`South move 3`), found `{rest}`")
    };
    Err(ImportError::new(number, column, message))
}

/// The hole a move's `token` names, its column on the screen, on the mover's side.
fn hole_sown(
    token: &str,
    side: Side,
    number: usize,
    column: usize,
    config: &Config,
) -> Result<Hole, ImportError> {
    let pos: u32 = token.parse().map_err(|_| {
        ImportError::new(
            number,
            column,
            format!("expected the hole's column (0 to {}) or PASS, found `{token}`: MancalaGames' Dakon moves name a hole only", config.holes - 1),
        )
    })?;
    if pos >= config.holes {
        return Err(ImportError::new(
            number,
            column,
            format!(
                "hole {pos} is off the board: a row has columns 0 to {}",
                config.holes - 1
            ),
        ));
    }
    let hole = match side {
        Side::B => pos + 1,
        Side::A => config.holes - pos,
    };
    Ok(Hole::new(side, hole))
}

/// What an entry says of the turn, the round and the game after its move.
#[derive(Default)]
struct Ends {
    repeat: bool,
    round_end: bool,
    game_end: Option<(Outcome, String)>,
    round_winner: Option<Side>,
}

impl Ends {
    /// The words after the move on its line `number`: `REPEAT_TURN`, or a tie.
    fn read_words_after_move<'l>(
        &mut self,
        words: impl Iterator<Item = &'l str>,
        line: &str,
        number: usize,
    ) -> Result<(), ImportError> {
        for word in words.filter(|w| !w.is_empty()) {
            match word {
                "REPEAT_TURN" => self.repeat = true,
                "ROUND_TIE" => self.round_end = true,
                "TIE" => self.game_end = Some((Outcome::Draw, "TIE".to_string())),
                _ => {
                    return Err(ImportError::new(
                        number,
                        line.find(word).map_or(1, |b| line[..b].chars().count() + 1),
                        format!("`{word}` after the move: mgn knows REPEAT_TURN here, and ROUND_WIN or WIN by a player, ROUND_TIE or TIE on the next line"),
                    ))
                }
            }
        }
        Ok(())
    }

    /// The line `next` (0-based) after the move, when it ends the round or the game; the line
    /// the board drawing starts on.
    fn read_line_after_move(
        &mut self,
        lines: &[&str],
        mut next: usize,
        to: usize,
    ) -> Result<usize, ImportError> {
        let Some(words) = lines.get(next).filter(|_| next < to).map(|l| l.trim()) else {
            return Ok(next);
        };
        let won = |by: &str, column: usize| match player(by) {
            Some((Side::A, _)) => Ok(Outcome::AWins),
            Some((Side::B, _)) => Ok(Outcome::BWins),
            None => Err(ImportError::new(
                next + 1,
                column,
                format!("expected North, South, Top or Bottom, found `{by}`"),
            )),
        };
        // A tie is written on a line of its own, after a move line that ends in a space.
        if let Some(by) = words.strip_prefix("ROUND_WIN by ") {
            self.round_winner = Some(match won(by, 14)? {
                Outcome::AWins => Side::A,
                _ => Side::B,
            });
            self.round_end = true;
            next += 1;
        } else if let Some(by) = words.strip_prefix("WIN by ") {
            let outcome = won(by, 8)?;
            self.game_end = Some((outcome, words.to_string()));
            next += 1;
        } else if words == "ROUND_TIE" {
            self.round_end = true;
            next += 1;
        } else if words == "TIE" {
            self.game_end = Some((Outcome::Draw, "TIE".to_string()));
            next += 1;
        }
        Ok(next)
    }
}

/// The board drawn on lines `next` and `next + 1` (0-based) after the entry on line `number`.
fn board_drawn(
    lines: &[&str],
    number: usize,
    next: usize,
    to: usize,
    config: &Config,
) -> Result<Position, ImportError> {
    if next + 2 > to || lines[next].trim().is_empty() || lines[next + 1].trim().is_empty() {
        return Err(ImportError::new(
            (next + 1).min(lines.len()),
            1,
            format!(
                "the entry on line {number} has no board drawing after it: the log is cut short"
            ),
        ));
    }
    let top = row(lines[next], next + 1, config.holes)?;
    let bottom = row(lines[next + 1], next + 2, config.holes)?;
    let to_move = match (top.to_move, bottom.to_move) {
        (true, false) => Side::A,
        (false, true) => Side::B,
        _ => {
            return Err(ImportError::new(
                next + 1,
                1,
                "expected a `*` after exactly one row, that of the player to move",
            ))
        }
    };
    // Every board holds all the game's seeds, those between the sowings of a turn too, which
    // are no checkpoints: MancalaGames' Dakon neither adds nor takes one away.
    let seeds: u64 = [&top, &bottom]
        .iter()
        .flat_map(|r| r.holes.iter().map(|h| h.pile.seeds).chain([r.store.seeds]))
        .map(u64::from)
        .sum();
    let total = 2 * u64::from(config.holes) * u64::from(config.holes);
    if seeds != total {
        return Err(ImportError::new(
            next + 1,
            1,
            format!(
                "the board drawn holds {seeds} seeds: a game of {holes} holes a row holds {total} throughout (MancalaGames' Dakon neither adds nor takes away a seed)",
                holes = config.holes
            ),
        ));
    }
    let mut holes = Vec::with_capacity(2 * config.holes as usize);
    // MGN writes each player's holes in his own order: A's from A1 (the top row's right end).
    holes.extend(top.holes.iter().rev().copied());
    holes.extend(bottom.holes.iter().copied());
    Ok(Position {
        holes: Rows::from_parts(holes, config.holes as usize),
        stores: [top.store, bottom.store],
        to_move,
        round: 1,
        debts: [0, 0],
    })
}

/// The winner a log names is a claim: MancalaGames' Dakon (goal MAX_SEEDS) names the player
/// whose store holds more when the round or the game ends, a tie when they are equal. mgn
/// checks the stores; this checks the name against them.
fn winner_named_by_stores(
    lines: &[&str],
    number: usize,
    ends: &Ends,
    board: &Position,
) -> Result<(), ImportError> {
    let named = match (&ends.game_end, ends.round_winner) {
        (Some((outcome, _)), _) => *outcome,
        (None, Some(Side::A)) => Outcome::AWins,
        (None, Some(Side::B)) => Outcome::BWins,
        (None, None) if ends.round_end => Outcome::Draw,
        (None, None) => return Ok(()),
    };
    let (a, b) = (board.stores[0].seeds, board.stores[1].seeds);
    let by_stores = match a.cmp(&b) {
        std::cmp::Ordering::Greater => Outcome::AWins,
        std::cmp::Ordering::Less => Outcome::BWins,
        std::cmp::Ordering::Equal => Outcome::Draw,
    };
    if named != by_stores {
        return Err(ImportError::new(
            number + 1,
            1,
            format!(
                "`{}` with stores of {a} (A, the top row) and {b} (B): MancalaGames' Dakon (goal MAX_SEEDS) names the player whose store holds more, a tie when they are equal",
                lines[number].trim()
            ),
        ));
    }
    Ok(())
}

/// Whether a round or the game ends after an entry is a claim of the log, checked against the
/// board drawn with it as MancalaGames' Dakon decides it (`end_move.py`, its win seeds for
/// rounds NO_MOVES and goal MAX_SEEDS): the game ends as soon as a store holds more than the
/// total less `goal_param` holes' worth (`WIN`), or both hold exactly that (`TIE`); otherwise
/// the round ends when every seed is in a store (`ROUND_WIN`, `ROUND_TIE`). It checks before a
/// turn repeats, so an entry marked REPEAT_TURN ends neither. (1.5 million entries of 15,000
/// real logs agree.)
fn ends_where_mancala_games_ends(
    line: &str,
    number: usize,
    board: &Position,
    repeat: bool,
    round_end: bool,
    game_end: &Option<(Outcome, String)>,
    config: &Config,
) -> Result<(), ImportError> {
    let holes = u64::from(config.holes);
    let total = 2 * holes * holes;
    // goal_param is 1 to the row's holes (checked with the parameters).
    let win_seeds = total - holes * config.goal_param.unsigned_abs();
    let (a, b) = (
        u64::from(board.stores[0].seeds),
        u64::from(board.stores[1].seeds),
    );
    let game_over = a.max(b) > win_seeds || (a == win_seeds && b == win_seeds);
    let board_empty = board_empty(board);
    let rule = format!(
        "MancalaGames' Dakon ends the game as soon as a store holds more than {win_seeds} seeds ({total} less goal_param {} holes of {holes}), and otherwise the round when every seed is in a store",
        config.goal_param
    );
    let bad = |column: usize, message: String| {
        Err(ImportError::new(
            number,
            column,
            format!("{message}: {rule}"),
        ))
    };
    if repeat && (round_end || game_end.is_some()) {
        let column = line
            .find("REPEAT_TURN")
            .map_or(1, |b| line[..b].chars().count() + 1);
        return bad(
            column,
            "REPEAT_TURN on an entry that ends the round or the game: MancalaGames checks for the end before the turn repeats".to_string(),
        );
    }
    match (game_end.is_some(), round_end) {
        (true, _) if !game_over => bad(
            1,
            format!("the game's end with stores of {a} (A) and {b} (B)"),
        ),
        (false, true) if game_over => bad(
            1,
            format!("a round's end, not the game's, with stores of {a} (A) and {b} (B)"),
        ),
        (false, true) if !board_empty => {
            bad(1, "a round's end with seeds left in the holes".to_string())
        }
        (false, false) if game_over => bad(
            1,
            format!("no end of the game after this entry, with stores of {a} (A) and {b} (B)"),
        ),
        (false, false) if board_empty => bad(
            1,
            "no end of the round after this entry, with every seed in a store".to_string(),
        ),
        _ => Ok(()),
    }
}

#[derive(Debug)]
struct Row {
    holes: Vec<HoleState>,
    to_move: bool,
    store: Pile,
}

/// A row of a board drawing: its holes left to right, the `*` of the player to move, the store.
fn row(line: &str, number: usize, holes: u32) -> Result<Row, ImportError> {
    let words: Vec<&str> = line.split_whitespace().collect();
    // Each word's column, in characters: every `word` is a slice of `line`.
    let at = |word: &str| {
        line[..word.as_ptr() as usize - line.as_ptr() as usize]
            .chars()
            .count()
            + 1
    };
    let bad = |column: usize, message: String| ImportError::new(number, column, message);
    if words.len() < holes as usize {
        return Err(bad(
            1,
            format!(
                "expected a row of the board drawing, {holes} holes (a number, or x out of play), found `{}`",
                line.trim()
            ),
        ));
    }
    let mut row = Row {
        holes: Vec::new(),
        to_move: false,
        store: Pile::default(),
    };
    for word in &words[..holes as usize] {
        let state = if *word == "x" {
            HoleState {
                out_of_play: true,
                ..HoleState::default()
            }
        } else {
            let seeds = word.parse().map_err(|_| {
                bad(
                    at(word),
                    format!("expected a hole's seeds or x, found `{word}`"),
                )
            })?;
            HoleState {
                pile: Pile {
                    seeds,
                    ..Pile::default()
                },
                ..HoleState::default()
            }
        };
        row.holes.push(state);
    }
    let mut rest = words[holes as usize..].iter();
    let mut word = rest.next();
    if word == Some(&"*") {
        row.to_move = true;
        word = rest.next();
    }
    if let Some(store) = word {
        row.store.seeds = store.parse().map_err(|_| {
            bad(
                at(store),
                format!("expected the row's store, found `{store}`"),
            )
        })?;
    }
    if let Some(extra) = rest.next() {
        return Err(bad(at(extra), format!("`{extra}` after the row's store")));
    }
    Ok(row)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parameter_values_read_as_numbers() {
        assert_eq!(number("<CaptSide.OPP_SIDE: 1>"), Some(1));
        assert_eq!(number("True"), Some(1));
        assert_eq!(number("4"), Some(4));
        assert_eq!(number("[2, 3]"), None);
        assert!(neutral("[]") && neutral("<ChildType.NOCHILD: 0>") && !neutral("[2]"));
    }

    /// A drawing's top row runs A5..A1 from the left; MGN writes A's holes from A1.
    #[test]
    fn the_top_row_is_read_from_a_n_to_a_1() {
        let top = row("  1  2  3  4  5  *   12", 1, 5).unwrap();
        assert!(top.to_move);
        assert_eq!(top.store.seeds, 12);
        let seeds: Vec<u32> = top.holes.iter().map(|h| h.pile.seeds).collect();
        assert_eq!(seeds, [1, 2, 3, 4, 5]);
        let bottom = row("  x  0  7  7  7", 2, 5).unwrap();
        assert!(bottom.holes[0].out_of_play && !bottom.to_move);
        assert!(row("  1  2  3  4", 3, 5).is_err());
        assert!(row("  1  2  3  4  5  *  12  9", 3, 5).is_err());
    }

    /// A fault in a row of the drawing is placed at its word, in characters: a seed count too
    /// large for mgn, a word that is no count, a word after the store.
    #[test]
    fn a_bad_word_of_a_row_is_placed_at_its_column() {
        let error = row("  1  2  4294967296  4  5     0", 7, 5).unwrap_err();
        assert_eq!((error.line, error.column), (7, 9), "{error}");
        let error = row("  1  2  3  4  5  é", 7, 5).unwrap_err();
        assert_eq!(error.column, 18, "{error}");
        let error = row(" é 1  2  3  4  5  0  9", 7, 5).unwrap_err();
        assert_eq!(error.column, 2, "{error}");
        let error = row("  1  2  3  4  5  *  0  é", 7, 5).unwrap_err();
        assert_eq!(error.column, 24, "{error}");
    }
}
