//! MGN records as YAML or JSON documents, for programs that would rather not read MGN.
//!
//! A document is one object holding a format version and the games of a file, in order:
//!
//! ```yaml
//! mgn: 1
//! games:
//! - header:
//!     game:
//!       value: dakon
//!   moves:
//!   - move:
//!       value:
//!         sowings:
//!         - hole:
//!             value:
//!               side: B
//!               number: 4
//!   outcome:
//!     value: '*'
//! ```
//!
//! Each game is the serde form of [`Game`]; source spans are not part of it. The YAML and the
//! JSON of a file have the same structure: an enum variant is a one-key map (`move: ...`) in
//! both, never a YAML `!tag`, so a program that reads one reads the other.
//!
//! A document may hold what MGN cannot: a brace comment holding `}`, a tag named `Result` among
//! the other tags. Written as MGN, such a game would read back as a different game, or as
//! several. So reading a document refuses it, naming the game and what cannot be written; and
//! as a net under those checks it writes every game as MGN, reads the text back, and refuses the
//! document if any game reads back different. A game whose header holds comments but no tag
//! after `Game` is the one case put right rather than refused: MGN reads such comments as the
//! first comments of the move text, so they are moved there.

use crate::notation::{
    games as read_games, write_games, Comment, CommentStyle, Element, Game, Header, Position, Side,
};
use serde::{Deserialize, Serialize};
use std::fmt;

mod writer;
pub use writer::{DocumentFormat, DocumentWriter, GameEnd, Indented, ItemLines};

/// The version of the document shape. A reader refuses other versions rather than guess.
pub const FORMAT_VERSION: u32 = 1;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Document {
    /// The format version, [`FORMAT_VERSION`].
    pub mgn: u32,
    pub games: Vec<Game>,
}

impl Document {
    pub fn new(games: Vec<Game>) -> Document {
        Document {
            mgn: FORMAT_VERSION,
            games,
        }
    }
}

/// Why a YAML or JSON text is not a document. `line` and `column` are 1-based, when known.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DocumentError {
    pub message: String,
    pub line: Option<usize>,
    pub column: Option<usize>,
}

impl fmt::Display for DocumentError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.line, self.column) {
            (Some(line), Some(column)) => write!(f, "{line}:{column}: {}", self.message),
            _ => f.write_str(&self.message),
        }
    }
}

impl std::error::Error for DocumentError {}

impl DocumentError {
    fn message(message: String) -> DocumentError {
        DocumentError {
            message,
            line: None,
            column: None,
        }
    }

    fn from_json(error: serde_json::Error) -> DocumentError {
        // serde_json reports line 0 for errors that have no place in the text.
        let placed = error.line() > 0;
        let mut message = error.to_string();
        // The Display form ends in " at line L column C"; the position is kept apart instead.
        if let Some(cut) = message.rfind(" at line ") {
            message.truncate(cut);
        }
        DocumentError {
            message,
            line: placed.then(|| error.line()),
            column: placed.then(|| error.column()),
        }
    }

    fn from_yaml(error: serde_yaml::Error) -> DocumentError {
        let place = error.location();
        let mut message = error.to_string();
        if let Some(cut) = message.rfind(" at line ") {
            message.truncate(cut);
        }
        DocumentError {
            message,
            line: place.as_ref().map(|p| p.line()),
            column: place.as_ref().map(|p| p.column()),
        }
    }
}

/// The games as a pretty-printed JSON document, ending in a newline.
pub fn to_json(games: &[Game]) -> String {
    let mut text = serde_json::to_string_pretty(&Document::new(games.to_vec()))
        .expect("a syntax tree always serializes: its maps have string keys");
    text.push('\n');
    text
}

/// The games as a YAML document.
pub fn to_yaml(games: &[Game]) -> String {
    let value = serde_yaml::to_value(Document::new(games.to_vec()))
        .expect("a syntax tree always serializes: its maps have string keys");
    serde_yaml::to_string(&untag(value)).expect("a YAML value always serializes")
}

/// The games of a JSON document.
pub fn from_json(text: &str) -> Result<Vec<Game>, DocumentError> {
    let document: Document =
        serde_json::from_str(strip_bom(text)).map_err(DocumentError::from_json)?;
    versioned(document)
}

/// The games of a YAML document.
pub fn from_yaml(text: &str) -> Result<Vec<Game>, DocumentError> {
    // yaml_serde reads enums only from `!tag`s, and not at all inside serde's internally tagged
    // enums (`Transaction`); the document writes one-key maps, as JSON does, so it is read
    // through a JSON value, which takes them the same way JSON does.
    let value: serde_json::Value =
        serde_yaml::from_str(strip_bom(text)).map_err(DocumentError::from_yaml)?;
    let document: Document = serde_json::from_value(value).map_err(DocumentError::from_json)?;
    versioned(document)
}

fn versioned(document: Document) -> Result<Vec<Game>, DocumentError> {
    if document.mgn != FORMAT_VERSION {
        return Err(DocumentError::message(format!(
            "document format version {} is not supported (this mgn reads version {FORMAT_VERSION})",
            document.mgn
        )));
    }
    let mut games = document.games;
    for (k, game) in games.iter_mut().enumerate() {
        // Checked first, so that what a refusal points at is where the document has it.
        writable(game).map_err(|problem| in_game(k, &problem))?;
        header_comments_to_move_text(game);
    }
    reads_back(&games)?;
    Ok(games)
}

fn in_game(k: usize, problem: &str) -> DocumentError {
    DocumentError::message(format!("game {}: {problem}", k + 1))
}

/// MGN reads comments between tags only when a tag follows them: in a header with no tag after
/// `Game`, the header's comments are read as the move text's first ones, so they go there.
fn header_comments_to_move_text(game: &mut Game) {
    if game.header.comments.is_empty() || has_tags_after_game(&game.header) {
        return;
    }
    let comments = std::mem::take(&mut game.header.comments);
    game.moves
        .splice(0..0, comments.into_iter().map(Element::Comment));
}

fn has_tags_after_game(h: &Header) -> bool {
    h.board.is_some()
        || h.preset.is_some()
        || !h.options.is_empty()
        || h.player_a.is_some()
        || h.player_b.is_some()
        || h.event.is_some()
        || h.site.is_some()
        || h.date.is_some()
        || h.source.is_some()
        || h.first.is_some()
        || h.result.is_some()
        || h.termination.is_some()
        || h.start.is_some()
        || !h.other.is_empty()
}

/// The tags MGN gives a meaning to: another tag of one of these names would be read back as
/// that tag (`Game` as a second game).
const KNOWN_TAGS: [&str; 14] = [
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

/// Why `game` cannot be written as MGN that reads back as itself, said for a person, if it
/// cannot. Tag values need no check: every text has a tag value that reads back as itself.
fn writable(game: &Game) -> Result<(), String> {
    for c in &game.before {
        comment_writable(&c.value, "before its `Game` tag")?;
    }
    header_writable(&game.header)?;
    for (k, element) in game.moves.iter().enumerate() {
        let at = || format!("at element {} of its move text", k + 1);
        match element {
            Element::Comment(c) => comment_writable(&c.value, &at())?,
            Element::Checkpoint(p) => {
                position_writable(&p.value, &format!("the checkpoint {}", at()))?
            }
            Element::Move(m) => {
                let m = &m.value;
                if m.sowings.is_empty() {
                    return Err(format!("the move {} has no sowing", at()));
                }
                for s in m.sowings.iter() {
                    for d in &s.muzi_drops {
                        if d.value.visit == 0 {
                            return Err(format!(
                                "the move {} drops a muzi at {} on visit 0: visits count from 1",
                                at(),
                                d.value.hole
                            ));
                        }
                    }
                }
            }
            _ => {}
        }
    }
    for c in &game.after {
        comment_writable(&c.value, "after its result")?;
    }
    if let Some(said) = &game.header.result {
        if said.value != game.outcome.value {
            return Err(format!(
                "the `Result` tag says `{}` but the result is `{}`: they must agree",
                said.value.token(),
                game.outcome.value.token()
            ));
        }
    }
    Ok(())
}

/// Whether a comment's text holds a line that starts with `[Game` (docs/notation.md, "Files").
fn starts_a_game_line(text: &str) -> bool {
    text.match_indices('\n')
        .any(|(k, _)| text[k + 1..].starts_with("[Game ") || text[k + 1..].starts_with("[Game\t"))
}

fn comment_writable(c: &Comment, place: &str) -> Result<(), String> {
    let problem = match c.style {
        CommentStyle::Brace if c.text.contains('}') => {
            "a brace comment cannot hold `}`, which would end it; write it as a `;` comment or \
             split it"
        }
        CommentStyle::Brace if starts_a_game_line(&c.text) => {
            "a brace comment cannot hold a line that starts with `[Game`, which starts a game; \
             indent that line or split the comment"
        }
        CommentStyle::Line if c.text.contains(['\n', '\r']) => {
            "a `;` comment cannot hold a line end, which would end it; write it as a brace \
             comment or split it"
        }
        _ => return Ok(()),
    };
    Err(format!(
        "the comment {} {place}: {problem}",
        quoted(&c.text)
    ))
}

fn header_writable(h: &Header) -> Result<(), String> {
    for c in &h.comments {
        comment_writable(&c.value, "between its tags")?;
    }
    for (k, o) in h.options.iter().enumerate() {
        let o = &o.value;
        if o.code.is_empty() || o.code.contains('=') {
            return Err(format!(
                "an `Option` code cannot be empty or hold `=`, which ends it: {}",
                quoted(&o.code)
            ));
        }
        if o.value.is_empty() {
            return Err(format!(
                "the `Option` `{}` cannot have an empty value",
                o.code
            ));
        }
        if h.options[..k].iter().any(|p| p.value.code == o.code) {
            return Err(format!(
                "two `Option`s for `{}`: give each code once",
                o.code
            ));
        }
    }
    for t in &h.other {
        let name = &t.value.name;
        if KNOWN_TAGS.contains(&name.as_str()) {
            return Err(format!(
                "another tag cannot be named `{name}`, a tag MGN defines: it would be read back \
                 as that tag"
            ));
        }
        let mut chars = name.chars();
        let is_name = chars.next().is_some_and(|c| c.is_ascii_alphabetic())
            && chars.all(|c| c.is_ascii_alphanumeric() || c == '_');
        if !is_name {
            return Err(format!(
                "the tag name {} is not a tag name: a letter, then letters, digits or `_`",
                quoted(name)
            ));
        }
    }
    if let Some(start) = &h.start {
        position_writable(&start.value, "the `Start` position")?;
    }
    Ok(())
}

fn position_writable(p: &Position, what: &str) -> Result<(), String> {
    for side in [Side::A, Side::B] {
        let row = p.holes.row(side);
        if row.is_empty() {
            return Err(format!("{what} has no hole in {side}'s row"));
        }
        for (k, hole) in row.iter().enumerate() {
            if hole.out_of_play && (hole.pile != Default::default() || hole.owner.is_some()) {
                return Err(format!(
                    "{what}: hole {} of {side}'s row is out of play, so it holds nothing and \
                     has no owner",
                    k + 1
                ));
            }
        }
    }
    Ok(())
}

/// `text` in quotes, escaped, and cut short: enough to find it in the document.
fn quoted(text: &str) -> String {
    const MAX: usize = 30;
    match text.char_indices().nth(MAX) {
        Some((cut, _)) => format!("{:?}…", &text[..cut]),
        None => format!("{text:?}"),
    }
}

/// The net under [`writable`]: the games, written as MGN, must read back as themselves, so that
/// no game the checks above miss becomes a different record. One write and one read of each.
fn reads_back(games: &[Game]) -> Result<(), DocumentError> {
    let text = write_games(games);
    let mut read = read_games(&text);
    for (k, game) in games.iter().enumerate() {
        let problem = match read.next() {
            Some(Ok(back)) if back == *game => continue,
            Some(Ok(back)) => format!(
                "written as MGN, it would read back as a different game ({} differ)",
                difference(game, &back)
            ),
            Some(Err(error)) => format!("written as MGN, it would not read back: {error}"),
            None => "written as MGN, it would be read as part of the game before it".to_owned(),
        };
        return Err(in_game(k, &problem));
    }
    if read.next().is_some() {
        let last = games.len().saturating_sub(1);
        return Err(in_game(
            last,
            "written as MGN, it would read back as more than one game",
        ));
    }
    Ok(())
}

/// Which part of a game differs from the same game read back.
fn difference(game: &Game, back: &Game) -> &'static str {
    if game.before != back.before {
        "its comments before the `Game` tag"
    } else if game.header.comments != back.header.comments {
        "its comments between the tags"
    } else if game.header != back.header {
        "its tags"
    } else if game.moves != back.moves {
        "its move text"
    } else if game.outcome != back.outcome {
        "its result"
    } else {
        "its comments after the result"
    }
}

fn strip_bom(text: &str) -> &str {
    text.strip_prefix('\u{feff}').unwrap_or(text)
}

/// yaml_serde writes an enum variant as a YAML tag (`!move`), which it cannot read back inside
/// an internally tagged enum; a one-key map says the same in the shape JSON uses.
fn untag(value: serde_yaml::Value) -> serde_yaml::Value {
    use serde_yaml::Value;
    match value {
        Value::Tagged(tagged) => {
            let tagged = *tagged;
            let name = tagged.tag.to_string();
            let name = name.strip_prefix('!').unwrap_or(&name).to_string();
            let mut map = serde_yaml::Mapping::new();
            map.insert(Value::String(name), untag(tagged.value));
            Value::Mapping(map)
        }
        Value::Sequence(items) => Value::Sequence(items.into_iter().map(untag).collect()),
        Value::Mapping(map) => {
            Value::Mapping(map.into_iter().map(|(k, v)| (k, untag(v))).collect())
        }
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::*;

    fn sample() -> Game {
        let at = Span::default();
        let mut header = Header::new(GameKind::DongWo);
        header.player_a = Some(Spanned::new("No".to_string(), at));
        header.first = Some(Spanned::new(Side::B, at));
        let drop = MuziDrop {
            hole: Hole::new(Side::A, 2),
            visit: 2,
        };
        let lift = AnchoredAction {
            step: 12,
            action: HoleAction {
                kind: ActionKind::Lift,
                hole: Hole::new(Side::A, 4),
            },
        };
        Game {
            before: Vec::new(),
            header,
            moves: vec![
                Element::Move(Spanned::new(
                    Move {
                        sowings: Sowing {
                            hole: Spanned::new(Hole::new(Side::B, 1), at),
                            direction: Some(Direction::Clockwise),
                            transfer_to: None,
                            muzi_drops: vec![Spanned::new(drop, at)].into(),
                        }
                        .into(),
                        extra_captures: Few::new(),
                        actions: vec![Spanned::new(lift, at)].into(),
                        stopped_after_lap: None,
                    },
                    at,
                )),
                Element::Pass(Spanned::new((), at)),
                Element::Round(Spanned::new(2, at)),
                Element::Transaction(Spanned::new(
                    Transaction::Fill {
                        target: FillTarget::Side(Side::A),
                    },
                    at,
                )),
                Element::Transaction(Spanned::new(
                    Transaction::Fill {
                        target: FillTarget::Hole(Hole::new(Side::A, 2)),
                    },
                    at,
                )),
                Element::Comment(Spanned::new(
                    Comment {
                        text: " yes: {a \"b\" ".to_string(),
                        style: CommentStyle::Brace,
                    },
                    at,
                )),
            ],
            outcome: Spanned::new(Outcome::Draw, at),
            after: Vec::new(),
            span: at,
        }
    }

    #[test]
    fn yaml_round_trip_keeps_every_element() {
        let games = vec![sample(), sample()];
        let text = to_yaml(&games);
        assert!(text.starts_with("mgn: 1\n"), "{text}");
        assert!(!text.contains('!'), "no YAML tags expected:\n{text}");
        assert_eq!(from_yaml(&text).unwrap(), games);
    }

    #[test]
    fn json_round_trip_keeps_every_element() {
        let games = vec![sample()];
        let text = to_json(&games);
        assert_eq!(from_json(&text).unwrap(), games);
    }

    #[test]
    fn yaml_and_json_have_the_same_structure() {
        let games = vec![sample()];
        let from_yaml: serde_json::Value = serde_yaml::from_str(&to_yaml(&games)).unwrap();
        let from_json: serde_json::Value = serde_json::from_str(&to_json(&games)).unwrap();
        assert_eq!(from_yaml, from_json);
    }

    fn brace(text: &str) -> Spanned<Comment> {
        Spanned::new(
            Comment {
                text: text.to_string(),
                style: CommentStyle::Brace,
            },
            Span::default(),
        )
    }

    #[test]
    fn comments_in_every_place_round_trip() {
        let mut g = sample();
        g.before.push(brace("before"));
        g.header.comments.push(brace("between"));
        g.after.push(brace("after"));
        let games = vec![g.clone(), g];
        assert_eq!(from_json(&to_json(&games)).unwrap(), games);
        assert_eq!(from_yaml(&to_yaml(&games)).unwrap(), games);
    }

    /// The net alone, under games the checks would refuse first: each reads back as something
    /// else, and is refused by name.
    #[test]
    fn the_net_refuses_games_that_read_back_different() {
        let mut closing_brace = sample();
        closing_brace.after.push(brace("} 1-0 {"));
        let mut second_game = sample();
        second_game.header.other.push(Spanned::new(
            Tag {
                name: "Game".into(),
                value: "dakon".into(),
            },
            Span::default(),
        ));
        let mut tag_in_a_name = sample();
        tag_in_a_name.header.other.push(Spanned::new(
            Tag {
                name: "Event \"e\"]\n[Site".into(),
                value: "s".into(),
            },
            Span::default(),
        ));
        for (hostile, says) in [
            (
                closing_brace,
                "would read back as a different game (its comments after the result differ)",
            ),
            (second_game, "would not read back"),
            (
                tag_in_a_name,
                "would read back as a different game (its tags differ)",
            ),
        ] {
            assert!(writable(&hostile).is_err());
            let games = [sample(), hostile];
            let error = reads_back(&games).unwrap_err();
            assert!(error.message.starts_with("game 2: "), "{error}");
            assert!(error.message.contains(says), "{error}");
        }
        assert_eq!(reads_back(&[sample(), sample()]), Ok(()));
    }

    #[test]
    fn other_versions_are_refused() {
        let error = from_json(r#"{"mgn": 2, "games": []}"#).unwrap_err();
        assert!(error.message.contains("version 2"), "{error}");
    }

    #[test]
    fn json_errors_carry_their_place() {
        let error = from_json("{\"mgn\": 1,\n \"games\": [}").unwrap_err();
        assert_eq!(error.line, Some(2));
        let error = from_yaml("mgn: 1\ngames:\n- header: {game: chess}\n").unwrap_err();
        assert!(error.message.contains("chess"), "{error}");
    }
}
