//! The engine protocol (docs/protocol.md): a line protocol through which a program that
//! implements a game (an engine) and a program that wants its rules (a client) talk, in
//! MGN's positions and decisions.
//!
//! [`Request`] and [`Answer`] are the lines, read and written; [`Session`] answers the requests
//! of one game under mgn's rules; [`serve`] is `mgn engine`'s loop over standard input and
//! output. A [`Referee`] asks a [`Session`] and another engine, an [`EngineProcess`], the same
//! requests, compares their answers with [`Answer::agrees`], and shrinks the line of play to the
//! first difference to a short record: `mgn referee` is it and its report.

mod engine;
mod referee;
mod session;

pub use engine::{EngineProcess, Misbehaviour};
pub use referee::{
    default_max_plies, Found, PerftSummary, Referee, RefereeOptions, RefereeProgress, Refereed,
    Verdict, DEFAULT_MAX_PLIES, DEFAULT_PERFT_BUDGET, DEFAULT_RESET_EVERY,
};
pub use session::{status_of, Session};

use crate::notation::{
    parse_position, write_position, BoardSize, GameKind, Header, Hole, Outcome, Position,
    RuleSetting, Side, Span, Spanned,
};
use crate::rules::{AnyRules, RulesExt, WithRules};
use std::fmt;
use std::io::{self, BufRead, Read, Write};

/// The protocol's version, which the handshake names: `ready mgn-protocol 1`.
pub const VERSION: u32 = 1;

/// The deepest `perft` or `divide` asked for ([`crate::perft::MAX_DEPTH`]).
pub const MAX_DEPTH: u32 = crate::perft::MAX_DEPTH;

/// The longest line, in bytes before its LF, that either side need read: far above any request
/// or answer (a `divide` of hundreds of decisions is a few kilobytes), and low enough that a
/// peer writing without end cannot grow the reader's memory.
pub const LINE_LIMIT: usize = 1024 * 1024;

/// The rules a `game` request names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameSpec {
    /// The game whose rules to play, named as the `Game` tag names it.
    pub game: GameKind,
    /// `board SIZE`; `None` for the game's default board, which an engine must then use.
    pub board: Option<BoardSize>,
    /// `preset P`, a named set of rule options, as the `Preset` tag names it; `None` for the
    /// game's defaults.
    pub preset: Option<String>,
    /// `option CODE=VALUE`, in order, each over the preset.
    pub options: Vec<(String, String)>,
}

impl GameSpec {
    /// The header of a record under these rules.
    pub fn header(&self) -> Header {
        fn spanned<T>(value: T) -> Spanned<T> {
            Spanned::new(value, Span::default())
        }
        let mut header = Header::new(self.game);
        header.board = self.board.map(spanned);
        header.preset = self.preset.clone().map(spanned);
        header.options = self
            .options
            .iter()
            .map(|(code, value)| {
                spanned(RuleSetting {
                    code: code.clone(),
                    value: value.clone(),
                })
            })
            .collect();
        header
    }
}

impl fmt::Display for GameSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "game {}", self.game)?;
        if let Some(board) = self.board {
            write!(f, " board {board}")?;
        }
        if let Some(preset) = &self.preset {
            write!(f, " preset {preset}")?;
        }
        for (code, value) in &self.options {
            write!(f, " option {code}={value}")?;
        }
        Ok(())
    }
}

/// Where a `position` request puts play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Setup {
    /// `position startpos [A|B]`: the rules' start, that side to move.
    Start(Side),
    /// `position POSITION`.
    Position(Position),
}

/// One request line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Request {
    /// `mgn`: the handshake, the client's first request, answered [`Answer::Ready`] with the
    /// protocol's version.
    Hello,
    /// `game ...`: the rules to play; the engine is then at their start, B to move.
    Game(GameSpec),
    /// `position ...`: where play stands from now on, answered with the position as the
    /// engine sets it, so that both sides' starts are compared too.
    Position(Setup),
    /// `moves`: every decision open to the player who decides now.
    Moves,
    /// `play DECISION`: one decision of the `moves` list, written as mgn writes it and
    /// compared as text.
    Play(String),
    /// `next-round`: what the rules do between rounds with no decision, as a record's
    /// `round N` marker does.
    NextRound,
    /// `actions`: the steps open now that `moves` leaves out because perft does not count
    /// them (Dong Wo's owner actions between moves, the transactions perft leaves out), each
    /// playable with `play`; optional for an engine.
    Actions,
    /// `perft D`: how many decision sequences of D plies there are from the position
    /// (docs/perft.md); optional for an engine.
    Perft(u32),
    /// `divide D`: the same count split by the first decision, which points at the decision
    /// where two counts part; optional for an engine.
    Divide(u32),
    /// `quit`: the engine exits, with no answer.
    Quit,
}

impl Request {
    /// Read a request line (without its line end). The error says what is wrong with it.
    pub fn parse(line: &str) -> Result<Request, String> {
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some((&first, rest)) = words.split_first() else {
            return Err("an empty line is not a request".to_string());
        };
        let none = |request: Request| {
            if rest.is_empty() {
                Ok(request)
            } else {
                Err(format!("`{first}` takes no words after it"))
            }
        };
        let depth = || -> Result<u32, String> {
            match rest {
                [d] => match d.parse::<u64>() {
                    Ok(depth) if depth <= u64::from(MAX_DEPTH) => Ok(depth as u32),
                    Ok(depth) => Err(format!(
                        "`{first} D`: the depth is at most {MAX_DEPTH}, and {depth} is more"
                    )),
                    Err(_) => Err(format!("`{first} D`: `{d}` is not a whole number")),
                },
                _ => Err(format!("`{first} D` takes one number, the depth")),
            }
        };
        match first {
            "mgn" => none(Request::Hello),
            "moves" => none(Request::Moves),
            "next-round" => none(Request::NextRound),
            "actions" => none(Request::Actions),
            "quit" => none(Request::Quit),
            "perft" => depth().map(Request::Perft),
            "divide" => depth().map(Request::Divide),
            "play" => match rest {
                [decision] => Ok(Request::Play(decision.to_string())),
                _ => Err("`play DECISION` takes one decision, written without spaces".to_string()),
            },
            "position" => match rest {
                ["startpos"] => Ok(Request::Position(Setup::Start(Side::B))),
                ["startpos", "A"] => Ok(Request::Position(Setup::Start(Side::A))),
                ["startpos", "B"] => Ok(Request::Position(Setup::Start(Side::B))),
                ["startpos", ..] => Err("`position startpos` takes A or B, the side to move".into()),
                [] => Err("`position` takes a position or startpos".to_string()),
                _ => parse_position(&rest.join(" "))
                    .map(|p| Request::Position(Setup::Position(p)))
                    .map_err(|e| format!("not a position: {}", e.message())),
            },
            "game" => parse_game(rest).map(Request::Game),
            _ => Err(format!(
                "`{first}` is not a request: the requests are mgn, game, position, moves, actions, play, next-round, perft, divide and quit"
            )),
        }
    }
}

fn parse_game(words: &[&str]) -> Result<GameSpec, String> {
    let Some((&name, mut rest)) = words.split_first() else {
        return Err("`game GAME` names the game: dakon, mraw-imrujen, nchuwa or dong-wo".into());
    };
    let game = GameKind::from_name(name).ok_or_else(|| {
        format!("unknown game `{name}`: the games are dakon, mraw-imrujen, nchuwa and dong-wo")
    })?;
    let mut spec = GameSpec {
        game,
        board: None,
        preset: None,
        options: Vec::new(),
    };
    while let [key, value, more @ ..] = rest {
        match *key {
            "board" => spec.board = Some(value.parse()?),
            "preset" => spec.preset = Some(value.to_string()),
            "option" => {
                let (code, v) = value.split_once('=').ok_or_else(|| {
                    format!(
                        "`option {value}`: an option is CODE=VALUE, such as dakon.sow.origin=skip"
                    )
                })?;
                spec.options.push((code.to_string(), v.to_string()));
            }
            _ => {
                return Err(format!(
                    "`{key}`: after the game come board, preset and option"
                ))
            }
        }
        rest = more;
    }
    if let [key] = rest {
        return Err(format!("`{key}` wants a value after it"));
    }
    Ok(spec)
}

impl fmt::Display for Request {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Request::Hello => f.write_str("mgn"),
            Request::Game(spec) => write!(f, "{spec}"),
            Request::Position(Setup::Start(side)) => write!(f, "position startpos {side}"),
            Request::Position(Setup::Position(p)) => write!(f, "position {}", write_position(p)),
            Request::Moves => f.write_str("moves"),
            Request::Play(decision) => write!(f, "play {decision}"),
            Request::NextRound => f.write_str("next-round"),
            Request::Actions => f.write_str("actions"),
            Request::Perft(d) => write!(f, "perft {d}"),
            Request::Divide(d) => write!(f, "divide {d}"),
            Request::Quit => f.write_str("quit"),
        }
    }
}

/// Where play stands after a decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// The same player decides again in the same turn.
    Continue,
    /// The turn is over: the position's side to move starts the next (perhaps to pass).
    TurnOver,
    /// The round is over: `next-round` starts the next one, and no decision is open before it.
    RoundOver,
    /// The game is over, with its result. The position's side to move is then not compared,
    /// as no one moves in a finished game.
    GameOver(Outcome),
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Status::Continue => f.write_str("continue"),
            Status::TurnOver => f.write_str("turn-over"),
            Status::RoundOver => f.write_str("round-over"),
            Status::GameOver(outcome) => write!(f, "game-over {}", outcome.token()),
        }
    }
}

/// What one decision captured, as a capture claim writes it: `x7(A2,B4)`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Captured {
    /// The points the decision captured (a muzi counts 5); 0 when it captured nothing.
    pub points: u64,
    /// Sorted: compared as a set (a hole named twice differs).
    pub holes: Vec<Hole>,
}

impl Captured {
    /// Adds what a later decision of the same ply captured: the points summed, the holes each
    /// once, sorted.
    pub fn add(&mut self, more: &Captured) {
        self.points += more.points;
        for hole in &more.holes {
            if !self.holes.contains(hole) {
                self.holes.push(*hole);
            }
        }
        self.holes.sort();
    }
}

impl fmt::Display for Captured {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "x{}", self.points)?;
        if !self.holes.is_empty() {
            let holes: Vec<String> = self.holes.iter().map(Hole::to_string).collect();
            write!(f, "({})", holes.join(","))?;
        }
        Ok(())
    }
}

impl std::str::FromStr for Captured {
    type Err = String;
    fn from_str(text: &str) -> Result<Captured, String> {
        let bad = || format!("`{text}` is not a capture such as x0 or x7(A2,B4)");
        let body = text.strip_prefix('x').ok_or_else(bad)?;
        let (points, holes) = match body.split_once('(') {
            Some((points, holes)) => (points, Some(holes.strip_suffix(')').ok_or_else(bad)?)),
            None => (body, None),
        };
        let mut holes = match holes {
            Some(holes) => holes
                .split(',')
                .map(|h| h.parse::<Hole>())
                .collect::<Result<Vec<_>, _>>()
                .map_err(|_| bad())?,
            None => Vec::new(),
        };
        holes.sort();
        Ok(Captured {
            points: points.parse().map_err(|_| bad())?,
            holes,
        })
    }
}

/// Why an engine could not answer, as the `error` line's first word says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ErrorKind {
    /// The line is not a request of the protocol, or its words are wrong.
    Request,
    /// The engine does not implement what was asked (a game, board, preset, option, `perft`):
    /// its rules cannot be compared there.
    Unsupported,
    /// Not now: no `game` yet, or `moves` or `play` after a round's end before `next-round`.
    State,
    /// A position the rules refuse, as `mgn check` refuses a `Start` tag.
    Position,
    /// A decision that is not open: the position stays as it was.
    Illegal,
    /// A move the engine could not decide within its lap budget, which may be legal all the
    /// same.
    Undecided,
    /// A count past 64 bits (`mgn.limit.count`).
    Overflow,
}

impl ErrorKind {
    /// The word that names the kind in an `error` line (`error illegal ...`).
    pub fn word(self) -> &'static str {
        match self {
            ErrorKind::Request => "request",
            ErrorKind::Unsupported => "unsupported",
            ErrorKind::State => "state",
            ErrorKind::Position => "position",
            ErrorKind::Illegal => "illegal",
            ErrorKind::Undecided => "undecided",
            ErrorKind::Overflow => "overflow",
        }
    }

    fn from_word(word: &str) -> Option<ErrorKind> {
        [
            ErrorKind::Request,
            ErrorKind::Unsupported,
            ErrorKind::State,
            ErrorKind::Position,
            ErrorKind::Illegal,
            ErrorKind::Undecided,
            ErrorKind::Overflow,
        ]
        .into_iter()
        .find(|k| k.word() == word)
    }
}

/// One answer line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// `ready mgn-protocol VERSION [NAME...]`, the answer to the handshake.
    Ready {
        /// The protocol version the engine speaks: a client refuses one it does not know.
        version: u32,
        /// The engine's name and version, the words after the version, for the report: never
        /// compared, and empty when the engine gives none.
        name: String,
    },
    /// `ok`, alone: the answer to `game`, whose start a client asks with `position startpos`.
    Ok,
    /// `position POSITION`: where play stands after `position` or `next-round`.
    Position(Position),
    /// `moves [DECISION]...`: the decisions open, in any order; none when the game is over.
    Moves(Vec<String>),
    /// `actions [STEP]...`: the steps perft does not count that are open, in any order.
    Actions(Vec<String>),
    /// `played STATUS CAPTURES POSITION`: what one decision did.
    Played {
        /// Who decides next: the same player in the same turn, the next turn, a new round or
        /// no one.
        status: Status,
        /// What the decision captured, as a capture claim writes it.
        captured: Captured,
        /// The position after the decision, as a checkpoint would write it.
        position: Position,
    },
    /// `perft N`: the count asked for.
    Perft(u64),
    /// `divide N [DECISION N]...`: each open decision with its count, in any order. N is not
    /// kept: it must be their sum, and a line whose N is not is refused when read.
    Divide(Vec<(String, u64)>),
    /// `error KIND TEXT`: the engine could not answer the request, and is where it was.
    Error {
        /// Why, in one word a client compares.
        kind: ErrorKind,
        /// What went wrong, for a person (for mgn, with the rule's code).
        message: String,
    },
}

/// The longest error message an answer carries, in bytes, far within the protocol's line limit
/// of 1 MiB (a list of every decision open stays well below it).
const MAX_MESSAGE: usize = 64 * 1024;

impl Answer {
    /// An `error` answer, taking a `&str` message as well as a `String`, so that a fixed
    /// message needs no conversion.
    pub fn error(kind: ErrorKind, message: impl Into<String>) -> Answer {
        let mut message = message.into();
        // A message may quote the request (a word of a line up to 1 MiB long): cut, it keeps
        // the answer within the protocol's line limit.
        if message.len() > MAX_MESSAGE {
            let mut end = MAX_MESSAGE;
            while !message.is_char_boundary(end) {
                end -= 1;
            }
            message.truncate(end);
            message.push('…');
        }
        Answer::Error { kind, message }
    }

    /// Read an answer line. The error says why it is not one.
    pub fn parse(line: &str) -> Result<Answer, String> {
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some((&first, rest)) = words.split_first() else {
            return Err("an empty line".to_string());
        };
        let number = |w: &str| {
            w.parse::<u64>()
                .map_err(|_| format!("`{w}` is not a whole number"))
        };
        let position = |words: &[&str]| {
            parse_position(&words.join(" "))
                .map_err(|e| format!("`{}` is not a position: {}", words.join(" "), e.message()))
        };
        match first {
            "ready" => match rest {
                ["mgn-protocol", version, name @ ..] => Ok(Answer::Ready {
                    version: version
                        .parse()
                        .map_err(|_| format!("`{version}` is not a protocol version"))?,
                    name: name.join(" "),
                }),
                _ => Err("the handshake is `ready mgn-protocol VERSION [NAME]`".to_string()),
            },
            "ok" if rest.is_empty() => Ok(Answer::Ok),
            "ok" => Err("`ok` takes no words after it".to_string()),
            "position" => position(rest).map(Answer::Position),
            "moves" => Ok(Answer::Moves(rest.iter().map(|w| w.to_string()).collect())),
            "actions" => Ok(Answer::Actions(rest.iter().map(|w| w.to_string()).collect())),
            "perft" => match rest {
                [n] => number(n).map(Answer::Perft),
                _ => Err("`perft N` holds one count".to_string()),
            },
            "divide" => {
                let Some((total, pairs)) = rest.split_first() else {
                    return Err("`divide N [DECISION N]...` starts with the total".to_string());
                };
                if pairs.len() % 2 != 0 {
                    return Err("`divide N [DECISION N]...`: a decision without its count".into());
                }
                let parts = pairs
                    .chunks(2)
                    .map(|p| Ok((p[0].to_string(), number(p[1])?)))
                    .collect::<Result<Vec<_>, String>>()?;
                let total = number(total)?;
                // A sum that wrapped round could equal a wrong total.
                let sum = crate::perft::sum(parts.iter().map(|(_, n)| *n)).map_err(|_| {
                    "`divide`: the counts add up to more than 64 bits hold".to_string()
                })?;
                if sum != total {
                    return Err(format!(
                        "`divide`: the counts add up to {sum}, not to the total {total}"
                    ));
                }
                Ok(Answer::Divide(parts))
            }
            "played" => {
                let (status, rest) = match rest {
                    ["continue", rest @ ..] => (Status::Continue, rest),
                    ["turn-over", rest @ ..] => (Status::TurnOver, rest),
                    ["round-over", rest @ ..] => (Status::RoundOver, rest),
                    ["game-over", result, rest @ ..] => {
                        let outcome = Outcome::from_token(result)
                            .filter(|o| *o != Outcome::Unknown)
                            .ok_or_else(|| {
                                format!("`{result}` is not a result: 1-0, 0-1 or 1/2-1/2")
                            })?;
                        (Status::GameOver(outcome), rest)
                    }
                    _ => {
                        return Err(
                            "`played` is followed by continue, turn-over, round-over or game-over RESULT"
                                .to_string(),
                        )
                    }
                };
                let Some((captured, rest)) = rest.split_first() else {
                    return Err("`played STATUS CAPTURES POSITION`: the captures are missing".into());
                };
                Ok(Answer::Played {
                    status,
                    captured: captured.parse()?,
                    position: position(rest)?,
                })
            }
            "error" => match rest {
                [kind, message @ ..] => Ok(Answer::Error {
                    kind: ErrorKind::from_word(kind).ok_or_else(|| {
                        format!("`error {kind}`: the kinds are request, unsupported, state, position, illegal and undecided")
                    })?,
                    message: message.join(" "),
                }),
                [] => Err("`error KIND TEXT` names its kind".to_string()),
            },
            _ => Err(format!("`{first}` does not start an answer")),
        }
    }

    /// Whether `self` (mgn's answer) and `other` (an engine's) say the same, as
    /// docs/protocol.md compares them: move lists and captured holes as sets, positions as
    /// positions, errors by their kind.
    pub fn agrees(&self, other: &Answer) -> bool {
        let sorted = |list: &[String]| {
            let mut list = list.to_vec();
            list.sort();
            list
        };
        match (self, other) {
            (Answer::Moves(a), Answer::Moves(b)) | (Answer::Actions(a), Answer::Actions(b)) => {
                sorted(a) == sorted(b)
            }
            (Answer::Divide(a), Answer::Divide(b)) => {
                let mut a = a.clone();
                let mut b = b.clone();
                a.sort();
                b.sort();
                a == b
            }
            (Answer::Error { kind: a, .. }, Answer::Error { kind: b, .. }) => a == b,
            (Answer::Ready { version: a, .. }, Answer::Ready { version: b, .. }) => a == b,
            // No one moves in a finished game: its side to move is not compared.
            (
                Answer::Played {
                    status: Status::GameOver(a),
                    captured: c,
                    position: p,
                },
                Answer::Played {
                    status: Status::GameOver(b),
                    captured: d,
                    position: q,
                },
            ) => {
                let q = Position {
                    to_move: p.to_move,
                    ..q.clone()
                };
                a == b && c == d && *p == q
            }
            (a, b) => a == b,
        }
    }

    /// Whether this answer is of the kind `request` asks for (an error answers anything).
    pub fn answers(&self, request: &Request) -> bool {
        matches!(
            (request, self),
            (_, Answer::Error { .. })
                | (Request::Hello, Answer::Ready { .. })
                | (Request::Game(_), Answer::Ok)
                | (Request::Position(_), Answer::Position(_))
                | (Request::NextRound, Answer::Position(_))
                | (Request::Moves, Answer::Moves(_))
                | (Request::Actions, Answer::Actions(_))
                | (Request::Play(_), Answer::Played { .. })
                | (Request::Perft(_), Answer::Perft(_))
                | (Request::Divide(_), Answer::Divide(_))
        )
    }
}

impl fmt::Display for Answer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Answer::Ready { version, name } => {
                write!(f, "ready mgn-protocol {version}")?;
                if !name.is_empty() {
                    write!(f, " {name}")?;
                }
                Ok(())
            }
            Answer::Ok => f.write_str("ok"),
            Answer::Position(p) => write!(f, "position {}", write_position(p)),
            Answer::Moves(list) => {
                f.write_str("moves")?;
                list.iter().try_for_each(|d| write!(f, " {d}"))
            }
            Answer::Actions(list) => {
                f.write_str("actions")?;
                list.iter().try_for_each(|d| write!(f, " {d}"))
            }
            Answer::Played {
                status,
                captured,
                position,
            } => write!(f, "played {status} {captured} {}", write_position(position)),
            Answer::Perft(n) => write!(f, "perft {n}"),
            Answer::Divide(parts) => {
                // Exact whatever the parts: a divide mgn counted or read adds up within 64
                // bits, and one made otherwise is written as it adds up, never wrapped.
                let total: u128 = parts.iter().map(|(_, n)| u128::from(*n)).sum();
                write!(f, "divide {total}")?;
                parts.iter().try_for_each(|(d, n)| write!(f, " {d} {n}"))
            }
            Answer::Error { kind, message } => {
                // One line, whatever the message holds.
                let message = message.split_whitespace().collect::<Vec<_>>().join(" ");
                write!(f, "error {} {message}", kind.word())
            }
        }
    }
}

/// How `mgn engine` serves.
#[derive(Clone, Debug, Default)]
pub struct ServeOptions {
    /// What the handshake adds after the version.
    pub name: String,
    /// The lap budget of one move (`mgn.limit.laps`).
    pub max_laps: u64,
    /// Options set after those a `game` request names, whatever it names: an engine that reads
    /// the rules otherwise, to compare two readings.
    pub overrides: Vec<(String, String)>,
    /// See [`Session::reverse_moves`].
    pub reverse_moves: bool,
    /// See [`Session::counts`].
    pub counts: bool,
    /// Answer `actions` with `error unsupported` ([`Session::lists_actions`] false).
    pub without_actions: bool,
    /// Refuse the steps perft does not count ([`Session::plays_free_steps`] false).
    pub without_free_steps: bool,
}

/// What ended one game's service.
enum Next {
    /// A `game` request whose rules were had: they are served next.
    Game(AnyRules),
    Quit,
}

/// Read requests from `input` and write one answer a line to `output` (flushed), until `quit`
/// or the end of the input: `mgn engine`. Only a failure to read or write ends it early.
pub fn serve<I: BufRead, O: Write>(
    mut input: I,
    mut output: O,
    options: &ServeOptions,
) -> io::Result<()> {
    let mut io = Lines {
        input: &mut input,
        output: &mut output,
        line: Vec::new(),
    };
    // No game yet: only the handshake and `game` are answered.
    let mut next = loop {
        match io.request()? {
            None | Some(Request::Quit) => return Ok(()),
            Some(Request::Game(spec)) => match try_rules(&spec, options) {
                Ok(rules) => break rules,
                Err(refused) => io.answer(&refused)?,
            },
            Some(Request::Hello) => io.answer(&ready(options))?,
            Some(_) => io.answer(&Answer::error(
                ErrorKind::State,
                "no game yet: send game GAME first",
            ))?,
        }
    };
    loop {
        let serve = Serve {
            io: &mut io,
            options,
        };
        next = match next.run(serve)? {
            Next::Game(rules) => rules,
            Next::Quit => return Ok(()),
        };
    }
}

fn ready(options: &ServeOptions) -> Answer {
    Answer::Ready {
        version: VERSION,
        name: options.name.clone(),
    }
}

fn header_with(spec: &GameSpec, options: &ServeOptions) -> Header {
    let mut spec = spec.clone();
    spec.options.extend(options.overrides.iter().cloned());
    spec.header()
}

/// The rules a spec names; their refusal as an `error unsupported` answer.
fn try_rules(spec: &GameSpec, options: &ServeOptions) -> Result<AnyRules, Answer> {
    AnyRules::from_header(&header_with(spec, options), options.max_laps).map_err(|refused| {
        Answer::error(
            ErrorKind::Unsupported,
            format!("{} ({})", refused.message, refused.rule),
        )
    })
}

struct Lines<'a, I, O> {
    input: &'a mut I,
    output: &'a mut O,
    line: Vec<u8>,
}

impl<I: BufRead, O: Write> Lines<'_, I, O> {
    /// The next request, answering a line that is not one; None at the end of the input.
    fn request(&mut self) -> io::Result<Option<Request>> {
        loop {
            self.line.clear();
            let limit = LINE_LIMIT as u64 + 1;
            if Read::take(&mut *self.input, limit).read_until(b'\n', &mut self.line)? == 0 {
                return Ok(None);
            }
            if self.line.last() != Some(&b'\n') && self.line.len() > LINE_LIMIT {
                // The rest of the line is read and dropped a piece at a time, never held whole.
                while self.line.last() != Some(&b'\n') {
                    self.line.clear();
                    if Read::take(&mut *self.input, limit).read_until(b'\n', &mut self.line)? == 0 {
                        break;
                    }
                }
                let why =
                    format!("the line is longer than {LINE_LIMIT} bytes, the protocol's limit");
                self.answer(&Answer::error(ErrorKind::Request, why))?;
                continue;
            }
            let Ok(line) = std::str::from_utf8(&self.line) else {
                self.answer(&Answer::error(ErrorKind::Request, "the line is not UTF-8"))?;
                continue;
            };
            let line = line.trim_end_matches(['\n', '\r']);
            if line.trim().is_empty() {
                continue;
            }
            match Request::parse(line) {
                Ok(request) => return Ok(Some(request)),
                Err(why) => {
                    let answer = Answer::error(ErrorKind::Request, why);
                    self.answer(&answer)?;
                }
            }
        }
    }

    fn answer(&mut self, answer: &Answer) -> io::Result<()> {
        writeln!(self.output, "{answer}")?;
        self.output.flush()
    }
}

/// Answer the requests of one game, from its `ok` to the next `game` or `quit`: with the
/// game's own rules type, since `perft` and `divide` through [`AnyRules`] took 4 to 13 % longer.
struct Serve<'a, 'b, I, O> {
    io: &'a mut Lines<'b, I, O>,
    options: &'a ServeOptions,
}

impl<I: BufRead, O: Write> WithRules for Serve<'_, '_, I, O> {
    type Output = io::Result<Next>;
    fn run<R: RulesExt>(self, rules: &R) -> io::Result<Next> {
        let mut session = Session::new(rules);
        session.reverse_moves = self.options.reverse_moves;
        session.counts = self.options.counts;
        session.lists_actions = !self.options.without_actions;
        session.plays_free_steps = !self.options.without_free_steps;
        self.io.answer(&Answer::Ok)?;
        loop {
            let answer = match self.io.request()? {
                None | Some(Request::Quit) => return Ok(Next::Quit),
                Some(Request::Hello) => ready(self.options),
                // Refused rules leave this game where it is.
                Some(Request::Game(spec)) => match try_rules(&spec, self.options) {
                    Ok(rules) => return Ok(Next::Game(rules)),
                    Err(refused) => refused,
                },
                Some(request) => session.answer(&request),
            };
            self.io.answer(&answer)?;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{general, Phase, Rules};

    fn talk(requests: &str) -> String {
        let mut out = Vec::new();
        let options = ServeOptions {
            name: "test".into(),
            max_laps: crate::rules::DEFAULT_MAX_LAPS,
            counts: true,
            ..ServeOptions::default()
        };
        serve(requests.as_bytes(), &mut out, &options).unwrap();
        String::from_utf8(out).unwrap()
    }

    /// docs/protocol.md's first example, answer for answer.
    #[test]
    fn the_documented_exchange() {
        let answers = talk(
            "mgn\ngame dakon board 2x5\nposition startpos B\nmoves\nplay B4\ndivide 1\nquit\nmoves\n",
        );
        assert_eq!(
            answers,
            "ready mgn-protocol 1 test\nok\nposition 5,5,5,5,5/5,5,5,5,5 0/0 B 1\nmoves B1 B2 B3 B4 B5\nplayed turn-over x7(A2,B4) 6,0,0,6,6/6,6,6,0,6 0/8 A 1\ndivide 3 A1 1 A4 1 A5 1\n"
        );
    }

    /// A request line of LINE_LIMIT bytes (its line end not counted) is read; one byte more is
    /// refused, and a `\r` before the line feed is one of its bytes.
    #[test]
    fn a_line_of_the_limit_is_read_and_one_byte_more_is_refused() {
        let padded = |len: usize| format!("divide{}1", " ".repeat(len - 7));
        assert_eq!(padded(LINE_LIMIT).len(), LINE_LIMIT);
        let answers = talk(&format!(
            "game mraw-imrujen\n{}\n{}\n{}\r\n{}\r\n{}",
            padded(LINE_LIMIT),
            padded(LINE_LIMIT + 1),
            padded(LINE_LIMIT - 1),
            padded(LINE_LIMIT),
            padded(LINE_LIMIT),
        ));
        let refused = "error request the line is longer than 1048576 bytes, the protocol's limit";
        let lines: Vec<&str> = answers.lines().collect();
        assert_eq!(lines.len(), 6, "{answers}");
        assert!(lines[1].starts_with("divide "), "{}", lines[1]);
        assert_eq!(lines[2], refused);
        assert_eq!(lines[3], lines[1]);
        assert_eq!(lines[4], refused);
        // The last line, without a line end, at the limit.
        assert_eq!(lines[5], lines[1]);
    }

    /// An answer that quotes a request of the longest length allowed stays within the line
    /// limit itself: an unknown request word, and a decision of that length.
    #[test]
    fn an_error_that_quotes_a_long_request_stays_within_the_line_limit() {
        let word = "x".repeat(LINE_LIMIT);
        let play = format!("play {}", "B".repeat(LINE_LIMIT - 5));
        let answers = talk(&format!(
            "game dakon
{word}
{play}
"
        ));
        let lines: Vec<&str> = answers.lines().collect();
        assert_eq!(lines.len(), 3, "{}", answers.len());
        for line in &lines[1..] {
            assert!(line.starts_with("error "), "{}", &line[..40]);
            assert!(line.len() <= LINE_LIMIT, "{} bytes", line.len());
            assert!(
                line.ends_with('…') || line.contains("open:"),
                "{}",
                &line[line.len() - 40..]
            );
        }
    }

    /// The deepest count asked for is MAX_DEPTH; one more is refused before any counting.
    #[test]
    fn a_depth_of_the_limit_is_read_and_one_more_is_refused() {
        for request in ["perft", "divide"] {
            let depth = |d: u32| Request::parse(&format!("{request} {d}"));
            let asked = depth(64).unwrap();
            assert!(matches!(asked, Request::Perft(64) | Request::Divide(64)));
            assert_eq!(
                depth(65),
                Err(format!(
                    "`{request} D`: the depth is at most 64, and 65 is more"
                ))
            );
        }
    }

    /// A Dakon lap in the own store leaves the turn open (dakon.lap.store): one decision at a
    /// time, `continue` until the turn is over.
    #[test]
    fn a_turn_of_several_decisions() {
        let answers = talk("game dakon\nplay B1\nmoves\nplay B9\n");
        let lines: Vec<&str> = answers.lines().collect();
        assert_eq!(
            lines[1], "played continue x0 5,5,5,5,5/0,6,6,6,6 0/1 B 1",
            "{answers}"
        );
        assert_eq!(lines[2], "moves B2 B3 B4 B5");
        assert!(lines[3].starts_with("error illegal "), "{answers}");
    }

    /// Every line gets one answer: what is not a request gets an error, and the engine goes on.
    #[test]
    fn errors_are_answers() {
        let answers = talk("moves\nhello\ngame chess\ngame dakon option dakon.x=y\ngame dakon\nplay B\nnext-round\nperft x\nmoves\n");
        let kinds: Vec<&str> = answers
            .lines()
            .map(|l| l.split(' ').take(2).last().unwrap_or(l))
            .collect();
        assert_eq!(
            kinds,
            [
                "state",
                "request",
                "request",
                "unsupported",
                "ok",
                "illegal",
                "state",
                "request",
                "B1"
            ],
            "{answers}"
        );
    }

    #[test]
    fn answers_read_back_as_written() {
        for line in [
            "ready mgn-protocol 1 mgn 0.1.0",
            "ok",
            "moves",
            "moves B1 B2",
            "actions",
            "actions ^A2 +A1 ^^A3 buy:B2=3 repay:A:3 borrow:B:1",
            "played game-over 1/2-1/2 x7(A2,B4) 6,0,0,6,6/6,6,6,0,6 0/8 A 1",
            "played continue x0 5,5,5,5,5/0,6,6,6,6 0/1 B 1",
            "divide 3 B1 1 B2 2",
            "perft 5",
            "error illegal B9 is not open",
        ] {
            let answer = Answer::parse(line).unwrap();
            assert_eq!(answer.to_string(), line);
        }
        assert!(Answer::parse("divide 4 B1 1 B2 2").is_err());
        assert!(Answer::parse("played turn-over 5,5 0/0 B 1").is_err());
        assert!(Answer::parse("hello").is_err());
    }

    /// mgn.limit.count: an engine's divide whose counts add up past 64 bits is not read as
    /// the total they wrap round to (here 1).
    #[test]
    fn a_divide_past_64_bits_is_not_read() {
        let wrapped = format!("divide 1 B1 {} B2 2", u64::MAX);
        let refused = Answer::parse(&wrapped).unwrap_err();
        assert!(refused.contains("64 bits"), "{refused}");
        let fits = format!("divide {} B1 {} B2 1", u64::MAX, u64::MAX - 1);
        assert_eq!(Answer::parse(&fits).unwrap().to_string(), fits);
    }

    /// mgn.limit.count: `perft` and `divide` of a count past 64 bits answer an error that
    /// names the rule, never a wrapped number.
    #[test]
    fn a_count_past_64_bits_is_an_error() {
        use crate::perft::doubling::Doubling;
        let fits = Doubling { steps: 62 };
        let mut session = Session::new(&fits);
        assert_eq!(
            session.answer(&Request::Perft(2)).to_string(),
            format!("perft {}", 1u64 << 63)
        );
        let past = Doubling { steps: 63 };
        let mut session = Session::new(&past);
        for request in [Request::Perft(2), Request::Divide(2)] {
            let answer = session.answer(&request);
            assert!(
                matches!(&answer, Answer::Error { kind: ErrorKind::Overflow, message }
                    if message.contains(general::LIMIT_COUNT.as_str())),
                "{request}: {answer}"
            );
        }
    }

    /// Move lists are sets; captured holes too.
    #[test]
    fn agreement_ignores_order() {
        let a = Answer::parse("moves B1 B2 B3").unwrap();
        assert!(a.agrees(&Answer::parse("moves B3 B1 B2").unwrap()));
        assert!(!a.agrees(&Answer::parse("moves B3 B1 B2 B2").unwrap()));
        let p = Answer::parse("played turn-over x7(A2,B4) 6,0,0,6,6/6,6,6,0,6 0/8 A 1").unwrap();
        assert!(p.agrees(
            &Answer::parse("played turn-over x7(B4,A2) 6,0,0,6,6/6,6,6,0,6  0/8 A 1").unwrap()
        ));
    }
    /// docs/protocol.md: in a `game-over` answer of Dakon, Mraw imrujen and Nchuwa the
    /// position's side to move is the opponent of the player whose decision ended the game, as
    /// mgn's checkpoints write it; no client compares it (see `a_finished_game_has_no_mover`).
    #[test]
    fn a_finished_game_names_the_next_player() {
        let finished_games = |rules: &AnyRules| {
            let mut rng = crate::generate::Rng::new(7);
            let mut finished = 0;
            for _ in 0..40 {
                let mut session = Session::new(rules);
                let mut last = None;
                for _ in 0..5000 {
                    let phase = rules.phase(session.state());
                    let mover = match phase {
                        Phase::ToMove(s)
                        | Phase::Continue { side: s, .. }
                        | Phase::MustPass { side: s, .. } => s,
                        Phase::RoundOver { .. } => {
                            session.next_round();
                            continue;
                        }
                        Phase::Over { .. } => break,
                    };
                    let open = session.decisions().unwrap();
                    let decision = open[rng.below(open.len())].clone();
                    last = Some((mover, session.play(&decision)));
                }
                if let Some((
                    mover,
                    Answer::Played {
                        status: Status::GameOver(_),
                        position,
                        ..
                    },
                )) = last
                {
                    // Dong Wo's game ends between rounds, where the side to move is the
                    // next round's first player.
                    if rules.def().kind != GameKind::DongWo {
                        assert_eq!(
                            position.to_move,
                            mover.other(),
                            "{}",
                            write_position(&position)
                        );
                    }
                    finished += 1;
                }
            }
            finished
        };
        for game in GameKind::ALL {
            let header = Header::new(game);
            let rules = AnyRules::from_header(&header, crate::rules::DEFAULT_MAX_LAPS).unwrap();
            let finished = finished_games(&rules);
            assert!(finished > 0, "{game}: no random game finished");
        }
    }

    /// docs/protocol.md: the side to move of a `game-over` answer's position is not compared;
    /// everything else in it is.
    #[test]
    fn a_finished_game_has_no_mover() {
        let mgn = Answer::parse("played game-over 1-0 x0 0,0,0,0,0/0,0,0,0,0 47/3 A 1").unwrap();
        let other = Answer::parse("played game-over 1-0 x0 0,0,0,0,0/0,0,0,0,0 47/3 B 1").unwrap();
        assert!(mgn.agrees(&other));
        for differs in [
            "played game-over 0-1 x0 0,0,0,0,0/0,0,0,0,0 47/3 A 1",
            "played game-over 1-0 x0 0,0,0,0,0/0,0,0,0,0 46/4 B 1",
            "played game-over 1-0 x1(B1) 0,0,0,0,0/0,0,0,0,0 47/3 B 1",
            "played round-over x0 0,0,0,0,0/0,0,0,0,0 47/3 A 1",
        ] {
            assert!(!mgn.agrees(&Answer::parse(differs).unwrap()), "{differs}");
        }
        // Before the end, the side to move is compared.
        let turn = Answer::parse("played turn-over x0 5,5,5,5,5/0,0,0,0,0 12/13 A 1").unwrap();
        let wrong = Answer::parse("played turn-over x0 5,5,5,5,5/0,0,0,0,0 12/13 B 1").unwrap();
        assert!(!turn.agrees(&wrong));
    }

    /// The exchanges of docs/protocol.md that settle what an engine written from it had to
    /// guess, answer for answer.
    #[test]
    fn the_settled_points_answer_as_documented() {
        let exchanges: &[(&str, &str)] = &[
            // `game` with no board: the default board, which `position startpos` shows.
            (
                "game dakon\nposition startpos\ngame dakon board 2x7\nposition startpos\n",
                "ok\nposition 5,5,5,5,5/5,5,5,5,5 0/0 B 1\nok\nposition 7,7,7,7,7,7,7/7,7,7,7,7,7,7 0/0 B 1\n",
            ),
            // Rounds won are counted from 0/0 at the position.
            (
                "game dakon\nposition x,x,x,x,x/0,0,0,0,1 4/45 B 3\nplay B5\n",
                "ok\nposition x,x,x,x,x/0,0,0,0,1 4/45 B 3\nplayed game-over 0-1 x0 x,x,x,x,x/0,0,0,0,0 4/46 A 3\n",
            ),
            // The round's first player is the position's side to move.
            (
                "game mraw-imrujen\nposition 0,1,1,0,1/1,5,3,3,1 16/8 B 1\nplay B2\nnext-round\n",
                "ok\nposition 0,1,1,0,1/1,5,3,3,1 16/8 B 1\nplayed round-over x0 1,1,1,0,1/1,1,4,4,2 16/8 A 1\nposition 2,2,2,2,2/2,2,2,2,2 16/4 A 2\n",
            ),
            // The last mover is the player of the round's last sowing after the position; a
            // position between rounds names the next round's first player.
            (
                "game dakon board 2x5 option dakon.next-round.first=last-mover\nposition 0,0,0,0,1/0,0,0,0,0 24/25 A 1\nplay A5\nnext-round\nposition 0,0,0,0,0/0,0,0,0,0 25/25 B 1\nnext-round\n",
                "ok\nposition 0,0,0,0,1/0,0,0,0,0 24/25 A 1\nplayed round-over x0 0,0,0,0,0/0,0,0,0,0 25/25 A 1\nposition 5,5,5,5,5/5,5,5,5,5 0/0 A 2\nposition 0,0,0,0,0/0,0,0,0,0 25/25 B 1\nposition 5,5,5,5,5/5,5,5,5,5 0/0 B 2\n",
            ),
            // A lap into the mover's store that leaves his row empty ends his turn.
            (
                "game dakon\nposition 5,5,5,5,5/0,0,0,0,1 12/12 B 1\nplay B5\n",
                "ok\nposition 5,5,5,5,5/0,0,0,0,1 12/12 B 1\nplayed turn-over x0 5,5,5,5,5/0,0,0,0,0 12/13 A 1\n",
            ),
            // A finished Dakon game names the opponent of the last mover.
            (
                "game dakon\nposition 0,0,0,0,0/0,0,0,0,1 47/2 B 1\nplay B5\n",
                "ok\nposition 0,0,0,0,0/0,0,0,0,1 47/2 B 1\nplayed game-over 1-0 x0 0,0,0,0,0/0,0,0,0,0 47/3 A 1\n",
            ),
            // `divide 0` has no decision to split by; `perft 0` is the position itself.
            (
                "game dakon\nposition startpos\nperft 0\ndivide 0\n",
                "ok\nposition 5,5,5,5,5/5,5,5,5,5 0/0 B 1\nperft 1\ndivide 0\n",
            ),
        ];
        for (requests, answers) in exchanges {
            assert_eq!(&talk(requests), answers, "{requests}");
        }
    }

    /// docs/protocol.md, "`actions`: the steps perft does not count": Dong Wo's owner actions
    /// between moves and inside a move, and a loan between rounds, answer for answer.
    #[test]
    fn owner_actions_and_free_transactions_answer_as_documented() {
        let exchanges: &[(&str, &str)] = &[
            // B lifts the stone of his A2 in A's move, after its second piece, and puts it back.
            (
                "game dong-wo preset catalan\nposition 0@B,1@B,1,5,0/0,3,5,2,0 12/11mAmB A 2 0/9\nactions\nplay A4>~2^A2\nactions\nplay +A2\nmoves\n",
                "ok\nposition 0@B,1@B,1,5,0/0,3,5,2,0 12/11mAmB A 2 0/9\nactions +A1 ^A2\nplayed turn-over x0 0@B,0@B,1,0,1/1,4,6,3,0 12/12mAmB B 2 0/9\nactions +A1 +A2\nplayed turn-over x0 0@B,1@B,1,0,1/1,4,6,3,0 12/11mAmB B 2 0/9\nmoves B1> B1< B2> B2< B3> B3< B4> B4< A2> A2<\n",
            ),
            // The owner's opponent takes two out of a hole a third stone has arrived in.
            (
                "game dong-wo preset catalan\nposition 3@B,3@B,1,0,0/0,0,1,0,0 20/12mAmB B 2 0/9\nactions\nplay ^^A2\n",
                "ok\nposition 3@B,3@B,1,0,0/0,0,1,0,0 20/12mAmB B 2 0/9\nactions ^A1 ^^A1 ^A2 ^^A2\nplayed turn-over x0 3@B,1@B,1,0,0/0,0,1,0,0 22/12mAmB B 2 0/9\n",
            ),
            // Between rounds: none while the winner's hole is to be taken; then a loan.
            (
                "game dong-wo preset catalan\nposition 1,0,0,0,0/1,0,2,0,0 22mAmB/14 A 1 0/1\nplay A1<\nnext-round\nactions\nplay win:A4\nactions\nplay borrow:B:3\n",
                "ok\nposition 1,0,0,0,0/1,0,2,0,0 22mAmB/14 A 1 0/1\nplayed round-over x3(B1,B3) 0,0,0,0,0/0,0,0,0,0 25mAmB/15 B 1 0/1\nposition 0,0,0,0,0/0,0,0,0,0 25mAmB/15 B 2 0/1\nactions\nplayed turn-over x0 0,0,0,1@B,0/0,0,0,0,0 25mAmB/14 B 2 0/1\nactions ^A4 borrow:B:1 borrow:B:2 borrow:B:3 borrow:B:4 borrow:B:5 borrow:B:6 borrow:B:7 borrow:B:8 borrow:B:9 borrow:B:10\nplayed turn-over x0 0,0,0,1@B,0/0,0,0,0,0 22mAmB/17 B 2 0/4\n",
            ),
        ];
        for (requests, answers) in exchanges {
            assert_eq!(&talk(requests), answers, "{requests}");
        }
    }

    /// `actions` lists nothing in a turn under way, in a game without such steps or when the
    /// game is over, and is `error state` between a round's end and `next-round`, as `moves`.
    #[test]
    fn actions_are_open_between_moves_only() {
        let answers = talk(
            "game dong-wo\nplay B1>\nactions\ngame dakon\nactions\ngame dong-wo preset catalan\nposition 1,0,0,0,0/1,0,2,0,0 22mAmB/14 A 1 0/1\nplay A1<\nactions\nmoves\n",
        );
        let lines: Vec<&str> = answers.lines().collect();
        assert_eq!(lines[2], "actions", "{answers}");
        assert_eq!(lines[4], "actions", "{answers}");
        assert!(lines[8].starts_with("error state "), "{answers}");
        assert!(lines[9].starts_with("error state "), "{answers}");
    }

    /// A move with owner actions inside is refused whole, the position unchanged, when an
    /// action comes after its last piece, when the rules refuse it at its piece, or when the
    /// request writes more of the move than its first decision, or writes it otherwise than a
    /// record does; an owner action or transaction that is not open is refused with the rule's
    /// code.
    #[test]
    fn owner_actions_that_are_not_open_are_refused() {
        let answers = talk(
            "game dong-wo preset catalan\nposition 0@B,1@B,1,5,0/0,3,5,2,0 12/11mAmB A 2 0/9\nplay A4>~40^A2\nplay A4>~2+A2\nplay A4>@B1~2^A2\nplay ^A1\nplay buy:B2=3\nplay 1.A4>~2^A2\nplay A4>~2^A2\n",
        );
        let lines: Vec<&str> = answers.lines().collect();
        assert!(
            lines[2].starts_with("error illegal ") && lines[2].contains("dong-wo.owned"),
            "{answers}"
        );
        assert!(
            lines[3].starts_with("error illegal ") && lines[3].contains("dong-wo.owned.put"),
            "{answers}"
        );
        assert!(lines[4].starts_with("error illegal "), "{answers}");
        assert!(
            lines[5].starts_with("error illegal ") && lines[5].contains("dong-wo.owned.lift"),
            "{answers}"
        );
        assert!(
            lines[6].starts_with("error illegal ") && lines[6].contains("dong-wo.between"),
            "{answers}"
        );
        assert!(lines[7].starts_with("error illegal "), "{answers}");
        assert_eq!(
            lines[8], "played turn-over x0 0@B,0@B,1,0,1/1,4,6,3,0 12/12mAmB B 2 0/9",
            "{answers}"
        );
    }

    /// An owner action anchored past the laps a move's first decision plays (beyond its first
    /// muzi lap) is refused with the move, which stays open to be played.
    #[test]
    fn an_owner_action_past_the_first_muzi_lap_is_refused() {
        let answers = talk(
            "game dong-wo preset catalan\nposition 1@B,5,5,5,mA/mB,5,5,5,5 4/0 A 2\nplay A4>~30^A1\nmoves\nplay A4>~2^A1\nmoves\n",
        );
        let lines: Vec<&str> = answers.lines().collect();
        assert!(lines[2].starts_with("error illegal "), "{answers}");
        assert_eq!(lines[3], "moves A2> A2< A3> A3< A4> A4< A5<", "{answers}");
        assert_eq!(
            lines[4], "played continue x0 1@B,6,6,1,2mA/1mB,6,6,6,0 4/1 A 2",
            "{answers}"
        );
        assert_eq!(lines[5], "moves @B2 @B3", "{answers}");
    }

    /// `x0` has no brackets: `x0()` and `x7()` are not captures, and an answer holding one is
    /// not an answer (the referee stops the engine, as `mgn check` refuses the claim).
    #[test]
    fn empty_brackets_are_no_capture() {
        for bad in ["x0()", "x7()", "x0(", "x"] {
            assert!(bad.parse::<Captured>().is_err(), "{bad}");
            let line = format!("played turn-over {bad} 5,5,5,5,5/0,0,0,0,0 12/13 A 1");
            assert!(Answer::parse(&line).is_err(), "{line}");
        }
        assert_eq!("x0".parse::<Captured>(), Ok(Captured::default()));
    }
}
