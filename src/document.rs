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

use crate::notation::Game;
use serde::{Deserialize, Serialize};
use std::fmt;

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
    Ok(document.games)
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
                        text: " yes: {a} \"b\" ".to_string(),
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
