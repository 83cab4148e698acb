//! The syntax tree of an MGN record. It knows nothing of any game's rules: a hole is a row
//! letter and a number, whether or not that hole exists on the board the record names.
//!
//! Read from a YAML or JSON document, every map of the tree refuses a key it does not define
//! (`deny_unknown_fields`), so that no conversion drops what it was given.
//!
//! Every node that a diagnostic may point at carries a [`Span`]. Spans compare equal whatever
//! their offsets, so that `parse(write(r)) == r` states what it should: the writer changes
//! where things stand in the text, never what they are.

pub use super::small::{Few, OneInline, Rows};
use serde::{Deserialize, Serialize};
use std::fmt;

/// Byte offsets `[start, end)` into the source text a node was read from.
#[derive(Clone, Copy, Debug, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Span {
    /// Offset of the first byte.
    pub start: usize,
    /// Offset just past the last byte.
    pub end: usize,
}

impl Span {
    /// The span `[start, end)`.
    pub fn new(start: usize, end: usize) -> Span {
        Span { start, end }
    }
}

/// Spans are provenance, not content: two trees read from different texts of the same record
/// are equal.
impl PartialEq for Span {
    fn eq(&self, _: &Span) -> bool {
        true
    }
}
impl Eq for Span {}

/// A value and where it was written. Serialized as the bare value: spans are provenance.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Spanned<T> {
    /// The value read.
    pub value: T,
    /// Where it was written.
    #[serde(skip)]
    pub span: Span,
}

impl<T> Spanned<T> {
    /// `value`, written at `span`.
    pub fn new(value: T, span: Span) -> Spanned<T> {
        Spanned { value, span }
    }
}

/// The two players. Player A owns the top row (or the top two rows), player B the bottom.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Side {
    /// The player who plays from the top row of the diagram; `1-0` is his win.
    A,
    /// The player whose row is at the bottom, seen from his side; `0-1` is his win.
    B,
}

impl Side {
    /// 0 for A, 1 for B: the index of the side's row, store and debt in a [`Position`].
    pub fn index(self) -> usize {
        match self {
            Side::A => 0,
            Side::B => 1,
        }
    }
    /// The opponent.
    pub fn other(self) -> Side {
        match self {
            Side::A => Side::B,
            Side::B => Side::A,
        }
    }
    /// `A` or `B`, as MGN writes it.
    pub fn name(self) -> &'static str {
        match self {
            Side::A => "A",
            Side::B => "B",
        }
    }

    /// The side of index `i` ([`Side::index`]): 0 is A, anything else B.
    pub fn from_index(i: usize) -> Side {
        if i == 0 {
            Side::A
        } else {
            Side::B
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Side::A => "A",
            Side::B => "B",
        })
    }
}

/// The four games, by the names MGN and the command line use.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum GameKind {
    /// Dakon (`dakon`).
    #[serde(rename = "dakon")]
    Dakon,
    /// Mraw imrujen (`mraw-imrujen`).
    #[serde(rename = "mraw-imrujen")]
    MrawImrujen,
    /// Nchuwa (`nchuwa`).
    #[serde(rename = "nchuwa")]
    Nchuwa,
    /// Dong Wo (`dong-wo`).
    #[serde(rename = "dong-wo")]
    DongWo,
}

impl GameKind {
    /// The games' MGN names, in the order of [`GameKind::ALL`].
    pub const NAMES: [&'static str; 4] = ["dakon", "mraw-imrujen", "nchuwa", "dong-wo"];

    /// The four games, in the order of [`GameKind::NAMES`].
    pub const ALL: [GameKind; 4] = [
        GameKind::Dakon,
        GameKind::MrawImrujen,
        GameKind::Nchuwa,
        GameKind::DongWo,
    ];

    /// The game's MGN name (`dakon`), as in the `Game` tag.
    pub fn name(self) -> &'static str {
        match self {
            GameKind::Dakon => "dakon",
            GameKind::MrawImrujen => "mraw-imrujen",
            GameKind::Nchuwa => "nchuwa",
            GameKind::DongWo => "dong-wo",
        }
    }

    /// The game a name stands for: its MGN name, or the same words in other case or with
    /// spaces or underscores for hyphens, as people write them (`Dong Wo`, `Mraw Imrujen`).
    pub fn from_name(name: &str) -> Option<GameKind> {
        let same = |g: &GameKind| {
            let canonical = g.name().bytes();
            let written = name.trim().bytes().map(|b| match b {
                b' ' | b'_' => b'-',
                b => b.to_ascii_lowercase(),
            });
            canonical.eq(written)
        };
        GameKind::ALL.into_iter().find(same)
    }
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A hole name: `B4` is hole 4 of player B, numbered counter-clockwise from B's left.
/// A Dakon store is hole N+1 of its owner. YAML and JSON write it as MGN does: `"B4"`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Hole {
    /// Whose row the hole is in.
    pub side: Side,
    /// Its number in that row, from 1.
    pub number: u32,
}

impl Hole {
    /// Hole `number` of `side`'s row.
    pub fn new(side: Side, number: u32) -> Hole {
        Hole { side, number }
    }
}

impl std::str::FromStr for Hole {
    type Err = String;
    fn from_str(text: &str) -> Result<Hole, String> {
        let side = match text.as_bytes().first() {
            Some(b'A') => Side::A,
            Some(b'B') => Side::B,
            _ => return Err(format!("`{text}` is not a hole such as B4")),
        };
        let number = text[1..]
            .parse()
            .map_err(|_| format!("`{text}` is not a hole such as B4"))?;
        Ok(Hole { side, number })
    }
}

impl Serialize for Hole {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Hole {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Hole, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

impl fmt::Display for Hole {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.side, self.number)
    }
}

/// Board dimensions as written in the `Board` tag: `2x5`, `4x9` (also in YAML and JSON).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardSize {
    /// Rows of holes: 2, or 4 for Nchuwa.
    pub rows: u32,
    /// Holes in each row.
    pub columns: u32,
}

impl std::str::FromStr for BoardSize {
    type Err = String;
    fn from_str(text: &str) -> Result<BoardSize, String> {
        let bad = || format!("`{text}` is not a board size such as 2x5");
        let (rows, columns) = text.split_once('x').ok_or_else(bad)?;
        Ok(BoardSize {
            rows: rows.parse().map_err(|_| bad())?,
            columns: columns.parse().map_err(|_| bad())?,
        })
    }
}

impl Serialize for BoardSize {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for BoardSize {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<BoardSize, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

impl fmt::Display for BoardSize {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.rows, self.columns)
    }
}

/// A game's outcome, PGN style: `1-0` means player A won, `0-1` player B, `1/2-1/2` a draw
/// (Dong Wo's "ping"), `*` unknown or unfinished.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Outcome {
    /// `1-0`: A won.
    #[serde(rename = "1-0")]
    AWins,
    /// `0-1`: B won.
    #[serde(rename = "0-1")]
    BWins,
    /// `1/2-1/2`: a draw.
    #[serde(rename = "1/2-1/2")]
    Draw,
    /// `*`: unknown or unfinished.
    #[serde(rename = "*")]
    Unknown,
}

impl Outcome {
    /// The result as MGN writes it (`1-0`).
    pub fn token(self) -> &'static str {
        match self {
            Outcome::AWins => "1-0",
            Outcome::BWins => "0-1",
            Outcome::Draw => "1/2-1/2",
            Outcome::Unknown => "*",
        }
    }

    /// The outcome a result token writes, if it is one.
    pub fn from_token(token: &str) -> Option<Outcome> {
        match token {
            "1-0" => Some(Outcome::AWins),
            "0-1" => Some(Outcome::BWins),
            "1/2-1/2" => Some(Outcome::Draw),
            "*" => Some(Outcome::Unknown),
            _ => None,
        }
    }

    /// The side that won, if one did.
    pub fn winner(self) -> Option<Side> {
        match self {
            Outcome::AWins => Some(Side::A),
            Outcome::BWins => Some(Side::B),
            _ => None,
        }
    }
}

/// Which muzi (Dong Wo's large stone, worth 5) a hole or a pile holds: A's, B's, or both.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Muzi {
    /// A's muzi.
    #[serde(default, skip_serializing_if = "is_false")]
    pub a: bool,
    /// B's muzi.
    #[serde(default, skip_serializing_if = "is_false")]
    pub b: bool,
}

fn no_muzi(m: &Muzi) -> bool {
    m.is_empty()
}

fn is_false(b: &bool) -> bool {
    !*b
}

impl Muzi {
    /// No muzi.
    pub const NONE: Muzi = Muzi { a: false, b: false };

    /// `side`'s muzi alone.
    pub fn of(side: Side) -> Muzi {
        match side {
            Side::A => Muzi { a: true, b: false },
            Side::B => Muzi { a: false, b: true },
        }
    }

    /// Whether `side`'s muzi is here.
    pub fn has(self, side: Side) -> bool {
        match side {
            Side::A => self.a,
            Side::B => self.b,
        }
    }

    /// How many muzi: 0, 1 or 2.
    pub fn count(self) -> u32 {
        self.a as u32 + self.b as u32
    }

    /// Whether neither muzi is here.
    pub fn is_empty(self) -> bool {
        !self.a && !self.b
    }
}

/// A count of small seeds plus any muzi: a store, a player's winnings, or a hole's contents.
///
/// A document writes a pile without muzi as its number (`8`), any other as a map (`{seeds: 9,
/// muzi: {a: true}}`), and reads both (`compact.rs`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(remote = "Self", deny_unknown_fields)]
pub struct Pile {
    /// Small seeds, each worth 1.
    pub seeds: u32,
    /// The muzi, each worth 5.
    #[serde(default, skip_serializing_if = "no_muzi")]
    pub muzi: Muzi,
}

/// One hole in a position string: its pile, who owns it when that is not the row's player
/// (a Dong Wo hole won or bought), and whether it is out of play (a Dakon hole that could not be
/// refilled).
///
/// Serialized as its number of seeds when it holds only seeds, else as one map, the pile's keys
/// among the others (`{seeds: 3, owner: A}`). It reads that map through a helper of the same
/// keys, which refuses any other: serde's `deny_unknown_fields` does not combine with `flatten`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize)]
#[serde(remote = "Self")]
pub struct HoleState {
    /// What the hole holds.
    #[serde(flatten, serialize_with = "crate::notation::pile_map")]
    pub pile: Pile,
    /// Dong Wo: the player who won or bought the hole, if it is owned.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub owner: Option<Side>,
    /// Dong Wo: the hole is out of play for the round (not sown into).
    #[serde(default, skip_serializing_if = "is_false")]
    pub out_of_play: bool,
}

/// The keys of a [`HoleState`]'s map, as it is serialized: those of its pile, then its own.
#[derive(Deserialize)]
#[serde(rename = "HoleState", deny_unknown_fields)]
pub(super) struct HoleStateFields {
    seeds: u32,
    #[serde(default)]
    muzi: Muzi,
    #[serde(default)]
    owner: Option<Side>,
    #[serde(default)]
    out_of_play: bool,
}

impl HoleStateFields {
    pub(super) fn state(self) -> HoleState {
        HoleState {
            pile: Pile {
                seeds: self.seeds,
                muzi: self.muzi,
            },
            owner: self.owner,
            out_of_play: self.out_of_play,
        }
    }
}

/// A whole position, as in a `Start` tag or a checkpoint: each player's holes in his own
/// numbering order (Dakon stores are not holes here: they are the `stores` field), each
/// player's store or winnings, the side to move, the round, and each player's debt (Dong Wo
/// stones borrowed and not yet repaid).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Position {
    /// `holes[0]` is A's holes 1..=n, `holes[1]` is B's.
    pub holes: Rows,
    /// Each player's store or winnings, A's first.
    pub stores: [Pile; 2],
    /// The side to move.
    pub to_move: Side,
    /// The round, from 1.
    pub round: u32,
    /// Dong Wo: the stones each player borrowed and has not repaid, A's first.
    #[serde(default, skip_serializing_if = "no_debts")]
    pub debts: [u32; 2],
}

impl Position {
    /// No holes, empty stores, A to move in round 1: room that a reader fills again and again
    /// ([`GameReader::skip_checkpoint_into`](super::GameReader::skip_checkpoint_into)), its
    /// rows keeping their room.
    pub fn empty() -> Position {
        Position {
            holes: Rows::new(),
            stores: Default::default(),
            to_move: Side::A,
            round: 1,
            debts: [0, 0],
        }
    }
}

fn no_debts(d: &[u32; 2]) -> bool {
    d[0] == 0 && d[1] == 0
}

/// A named rule option as written in an `Option` tag: `dakon.capture.opposite=both`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RuleSetting {
    /// The option's code (`dakon.capture.opposite`).
    pub code: String,
    /// The value chosen (`both`).
    pub value: String,
}

/// A tag MGN does not define, kept as written so that no conversion loses it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Tag {
    /// The tag's name, as written.
    pub name: String,
    /// The tag's value, unquoted.
    pub value: String,
}

/// The tags MGN gives a meaning to, in the order they are written. Any other tag is kept as
/// it is ([`Header::other`]).
pub const TAG_NAMES: [&str; 14] = [
    "Game",
    "Board",
    "Preset",
    "Option",
    "PlayerA",
    "PlayerB",
    "Event",
    "Site",
    "Date",
    "Source",
    "First",
    "Result",
    "Termination",
    "Start",
];

/// The tag section. Known tags are typed; any other tag is kept in `other`, in order: its span
/// runs from its name to the end of its value.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Header {
    /// `Game`: which of the four games.
    pub game: Spanned<GameKind>,
    /// `Board`: the board's size, where the record gives it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub board: Option<Spanned<BoardSize>>,
    /// `Preset`: a named set of rule options.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub preset: Option<Spanned<String>>,
    /// `Option`: each rule option set, in the order written.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub options: Vec<Spanned<RuleSetting>>,
    /// `PlayerA`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub player_a: Option<Spanned<String>>,
    /// `PlayerB`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub player_b: Option<Spanned<String>>,
    /// `Event`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub event: Option<Spanned<String>>,
    /// `Site`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub site: Option<Spanned<String>>,
    /// `Date`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub date: Option<Spanned<String>>,
    /// `Source`: where the record comes from.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source: Option<Spanned<String>>,
    /// `First`: the side that moves first.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first: Option<Spanned<Side>>,
    /// `Result`: the outcome the record claims.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<Spanned<Outcome>>,
    /// `Termination`: how the game ended, in words.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub termination: Option<Spanned<String>>,
    /// `Start`: a position to play from instead of the game's start.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start: Option<Spanned<Position>>,
    /// Every tag MGN does not define, in order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub other: Vec<Spanned<Tag>>,
    /// The comments between the tags, in order, each with the tag it followed: MGN writes the
    /// tags in its own order, and each comment right after the tag it followed.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub comments: Vec<Spanned<HeaderComment>>,
}

impl Header {
    /// The header of a game of `game` with no other tag.
    pub fn new(game: GameKind) -> Header {
        Header {
            game: Spanned::new(game, Span::default()),
            board: None,
            preset: None,
            options: Vec::new(),
            player_a: None,
            player_b: None,
            event: None,
            site: None,
            date: None,
            source: None,
            first: None,
            result: None,
            termination: None,
            start: None,
            other: Vec::new(),
            comments: Vec::new(),
        }
    }
}

/// Sowing direction, for games where the mover chooses it (Dong Wo). Every row is numbered
/// counter-clockwise, so `>` (toward higher numbers) is counter-clockwise everywhere.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Direction {
    /// `>`: toward higher hole numbers.
    #[serde(rename = "ccw")]
    CounterClockwise,
    /// `<`: toward lower hole numbers.
    #[serde(rename = "cw")]
    Clockwise,
}

impl Direction {
    /// `>` or `<`, as a move writes it after its hole (`B3>`).
    pub fn symbol(self) -> char {
        match self {
            Direction::CounterClockwise => '>',
            Direction::Clockwise => '<',
        }
    }
}

/// Where a muzi drops in one lap that carries it (`@A2`, or `@A2'` for the lap's second visit
/// to A2, when a lap goes round the board), and, when it meets the other muzi there, which of
/// the two the mover captures (`@A2xmB`).
///
/// A document writes a first visit that says nothing of a capture as the hole's name alone
/// (`A2`), another as a map.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(remote = "Self", deny_unknown_fields)]
pub struct MuziDrop {
    /// The hole the muzi drops in.
    pub hole: Hole,
    /// 1 for the lap's first visit to `hole`, 2 for its second, and so on.
    #[serde(default = "one", skip_serializing_if = "is_one")]
    pub visit: u32,
    /// The muzi (whose owner) a meeting in `hole` captures, where the record says.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub takes: Option<Side>,
}

/// Written without its `@`: `A2`, `A2'`, `A2xmB`.
impl fmt::Display for MuziDrop {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.hole)?;
        for _ in 1..self.visit {
            f.write_str("'")?;
        }
        match self.takes {
            Some(side) => write!(f, "xm{side}"),
            None => Ok(()),
        }
    }
}

fn one() -> u32 {
    1
}
fn is_one(n: &u32) -> bool {
    *n == 1
}

/// One sowing of a move: the hole it starts from, and what the mover decides about it.
///
/// A document writes a sowing that is only its hole as the hole's name (`B4`), another as a map.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(remote = "Self", deny_unknown_fields)]
pub struct Sowing {
    /// The hole sown from.
    pub hole: Spanned<Hole>,
    /// Dong Wo: the direction the mover chose (`B3>`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub direction: Option<Direction>,
    /// Nchuwa's opening transfer: the empty outer hole the two seeds go to (`B8:B2`). Boxed
    /// because only Nchuwa's opening moves have one: every other sowing saves 16 bytes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub transfer_to: Option<Box<Spanned<Hole>>>,
    /// Dong Wo: the muzi's drop in each lap of this sowing that carries one, in lap order.
    #[serde(default, skip_serializing_if = "Few::is_empty")]
    pub muzi_drops: Few<Spanned<MuziDrop>>,
}

/// What the owner of a won or bought Dong Wo hole does to it, at any moment.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Hash)]
pub enum ActionKind {
    /// `^A4`: the owner lifts a stone out of his hole into his winnings.
    #[serde(rename = "lift")]
    Lift,
    /// `+A4`: the owner puts a stone from his winnings into his empty hole.
    #[serde(rename = "put")]
    Put,
    /// `^^A4`: when a third stone arrives in an owned hole, the owner's opponent takes two out
    /// (Catalan source).
    #[serde(rename = "take-two")]
    TakeTwo,
}

impl ActionKind {
    /// The action's mark as a record writes it before the hole (`^`, `+`, `^^`).
    pub fn sigil(self) -> &'static str {
        match self {
            ActionKind::Lift => "^",
            ActionKind::Put => "+",
            ActionKind::TakeTwo => "^^",
        }
    }
}

/// An owner's action on a hole (`^A4`): what he does, and to which hole.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Hash)]
#[serde(deny_unknown_fields)]
pub struct HoleAction {
    /// What the owner does.
    pub kind: ActionKind,
    /// The owned hole acted on.
    pub hole: Hole,
}

/// An owner action taken in the middle of a move, after `step` pieces of the move were sown
/// (`~12^A4`). It applies before whatever the rules do next (relay, end of sowing, capture).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AnchoredAction {
    /// Pieces of the move sown before the action.
    pub step: u32,
    /// The action.
    pub action: HoleAction,
}

/// One ply: a whole turn of one player.
///
/// A document writes a move that is only its sowings as their list (`[B1, B3]`), another as a
/// map.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(remote = "Self", deny_unknown_fields)]
pub struct Move {
    /// The sowings of the turn: one, or several when a Dakon lap ends in the own store
    /// (`B4-B2-B1`).
    pub sowings: OneInline<Sowing>,
    /// Nchuwa: the opponent's holes the mover chooses to take, in the order written (`*A5`,
    /// `*A5*A7`).
    #[serde(default, skip_serializing_if = "Few::is_empty")]
    pub extra_captures: Few<Spanned<Hole>>,
    /// Dong Wo: the owner actions taken in the middle of the move (`~12^A4`), in order.
    #[serde(default, skip_serializing_if = "Few::is_empty")]
    pub actions: Few<Spanned<AnchoredAction>>,
    /// A move that would never end, stopped by the mover after this lap (`/17`), where a rule
    /// option allows that.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stopped_after_lap: Option<u32>,
}

/// A claim that the replay checks: the captures the preceding ply made.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CaptureClaim {
    /// Points captured (a muzi counts 5).
    pub count: u32,
    /// The holes emptied by the capture, if the record names them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub holes: Vec<Hole>,
}

/// A transaction between Dong Wo rounds. The party is implied by the hole (or named).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Hash)]
#[serde(tag = "kind", rename_all = "kebab-case", deny_unknown_fields)]
pub enum Transaction {
    /// `win:B3`: the round's winner takes this hole of the loser's row.
    Win {
        /// The hole won.
        hole: Hole,
    },
    /// `muzi:A`: player A buys his captured muzi back for 5.
    Muzi {
        /// The muzi's owner, who buys it back.
        side: Side,
    },
    /// `buy:B2` or `buy:B2=3`: a hole of the other row bought for 10, with stones put in it.
    Buy {
        /// The hole bought.
        hole: Hole,
        /// The stones put in it, where the record says.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        stones: Option<u32>,
    },
    /// `rebuy:A3`: a player buys back his own hole held by the opponent.
    Rebuy {
        /// The hole bought back.
        hole: Hole,
    },
    /// `swap:A2:B4`: two owned holes exchanged by agreement.
    Swap {
        /// The hole written first.
        first: Hole,
        /// The hole written second.
        second: Hole,
    },
    /// `borrow:A:3`: player A borrows 3 stones from B.
    Borrow {
        /// The borrower.
        side: Side,
        /// The stones borrowed.
        stones: u32,
    },
    /// `fill:A`: player A fills his regular holes; `fill:A2` one hole.
    Fill {
        /// The row or the hole filled.
        target: FillTarget,
    },
    /// `repay:A:3`: player A pays back 3 stones of his debt.
    Repay {
        /// The debtor.
        side: Side,
        /// The stones paid back.
        stones: u32,
    },
}

/// What a `fill` transaction fills.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Hash)]
#[serde(rename_all = "kebab-case")]
pub enum FillTarget {
    /// Every regular hole of that side's row (`fill:A`).
    Side(Side),
    /// One hole (`fill:A2`).
    Hole(Hole),
}

/// How a comment is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum CommentStyle {
    /// `{ ... }`
    Brace,
    /// `; ...` up to the end of the line
    Line,
}

/// One element of the move text, in the order written.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Element {
    /// A move: the sowings of one ply.
    Move(Spanned<Move>),
    /// `pass`: the player to move has nothing to play.
    Pass(Spanned<()>),
    /// An owner action between moves (`^A4`, `+A4`, `^^A4`).
    Action(Spanned<HoleAction>),
    /// `x7` or `x7(A2,B4)`: what the preceding ply captured.
    Captures(Spanned<CaptureClaim>),
    /// `=0/8`: both players' stores or winnings after the preceding ply.
    Score(Spanned<[Pile; 2]>),
    /// `[...]`: the whole position at this point.
    Checkpoint(Spanned<Position>),
    /// `round 2`: a new round starts here.
    Round(Spanned<u32>),
    /// A transaction between Dong Wo rounds.
    Transaction(Spanned<Transaction>),
    /// A comment.
    Comment(Spanned<Comment>),
}

impl Element {
    /// Where the element was written.
    pub fn span(&self) -> Span {
        match self {
            Element::Move(e) => e.span,
            Element::Pass(e) => e.span,
            Element::Action(e) => e.span,
            Element::Captures(e) => e.span,
            Element::Score(e) => e.span,
            Element::Checkpoint(e) => e.span,
            Element::Round(e) => e.span,
            Element::Transaction(e) => e.span,
            Element::Comment(e) => e.span,
        }
    }
}

/// A comment's text and style. A document writes a brace comment as its text alone, a `;`
/// comment as a map (`{text: ..., style: line}`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(remote = "Self", deny_unknown_fields)]
pub struct Comment {
    /// The comment's text, without its delimiters.
    pub text: String,
    /// Braces or `;`.
    pub style: CommentStyle,
}

/// A comment among a game's tags, and the tag it followed, so that it stays beside that tag
/// when the tags are written in MGN's order: `after` is the tag's name (`Board`, `Event`, a
/// tag of the record's own), or `Option` and the option's code for an `Option` tag
/// (`Option dakon.sow.origin`). A document writes one after the `Game` tag that is a brace
/// comment as its text alone, any other as a map (`{text: ..., style: line, after: Board}`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(remote = "Self", deny_unknown_fields)]
pub struct HeaderComment {
    /// The comment's text, without its delimiters.
    pub text: String,
    /// Braces or `;`.
    pub style: CommentStyle,
    #[serde(
        default = "HeaderComment::game_tag",
        skip_serializing_if = "HeaderComment::after_game"
    )]
    /// The tag the comment followed: its name, or `Option` and the option's code.
    pub after: String,
}

impl HeaderComment {
    /// The place of a comment that followed the `Game` tag: the first of the header.
    pub const AFTER_GAME: &'static str = "Game";

    fn game_tag() -> String {
        HeaderComment::AFTER_GAME.to_string()
    }

    fn after_game(after: &str) -> bool {
        after == HeaderComment::AFTER_GAME
    }

    /// `comment` as it stood right after the tag `after` names.
    pub fn new(comment: Comment, after: impl Into<String>) -> HeaderComment {
        HeaderComment {
            text: comment.text,
            style: comment.style,
            after: after.into(),
        }
    }

    /// The comment alone, for the move text or a message.
    pub fn comment(&self) -> Comment {
        Comment {
            text: self.text.clone(),
            style: self.style,
        }
    }
}

/// A comment right after the `Game` tag.
impl From<Comment> for HeaderComment {
    fn from(comment: Comment) -> HeaderComment {
        HeaderComment::new(comment, HeaderComment::AFTER_GAME)
    }
}

/// A comment where it was written, right after the `Game` tag.
impl From<Spanned<Comment>> for Spanned<HeaderComment> {
    fn from(comment: Spanned<Comment>) -> Spanned<HeaderComment> {
        Spanned::new(comment.value.into(), comment.span)
    }
}

/// One game of a file.
///
/// A game is serialized as a game of a document, its moves one item per ply, so its serde
/// implementations come with the `document` feature, which holds that shape.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(
    feature = "document",
    derive(Serialize, Deserialize),
    serde(deny_unknown_fields)
)]
pub struct Game {
    /// The comments before the `Game` tag: before the file's first game, or after the blank line
    /// that follows the previous game's result and its own comments.
    #[cfg_attr(
        feature = "document",
        serde(default, skip_serializing_if = "Vec::is_empty")
    )]
    pub before: Vec<Spanned<Comment>>,
    /// The tag section.
    pub header: Header,
    /// In a document, one item per ply: its decision with the claims and comments after it
    /// (`crate::document::items`).
    #[cfg_attr(feature = "document", serde(with = "crate::document::items"))]
    pub moves: Vec<Element>,
    /// The result terminator that closes the move text.
    pub outcome: Spanned<Outcome>,
    /// The comments after the result, up to the first blank line; at the end of the file, all
    /// of them.
    #[cfg_attr(
        feature = "document",
        serde(default, skip_serializing_if = "Vec::is_empty")
    )]
    pub after: Vec<Spanned<Comment>>,
    /// Where the game stands in the text it was read from.
    #[cfg_attr(feature = "document", serde(skip))]
    pub span: Span,
}

impl Game {
    /// A game made rather than read (generated, imported, a referee's record): no comments
    /// around it and no place in a text. The `Result` tag is left as `header` has it.
    pub fn new(header: Header, moves: Vec<Element>, outcome: Outcome) -> Game {
        Game {
            before: Vec::new(),
            header,
            moves,
            outcome: Spanned::new(outcome, Span::default()),
            after: Vec::new(),
            span: Span::default(),
        }
    }
}
