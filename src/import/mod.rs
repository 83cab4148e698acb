//! Other programs' game records, read into MGN so that `mgn check` tests every move, capture
//! and score they give (docs/import.md). Each format has its own module, which knows that
//! format's syntax and its mapping of sites and players to holes, and writes MGN text: the
//! rules are never applied here, the replay applies them to what the import wrote.

mod ludii;
mod mancala_games;
pub mod movelog;

use crate::notation::{parse_games, write_game, Element, Game};
use std::fmt;

/// The formats `mgn import --from` reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Format {
    /// Ludii's trial files (`saveTrialToTextFile`): Nchuwa.
    Ludii,
    /// The game logs MancalaGames' GUI saves: its Dakon.
    MancalaGames,
    /// mgn's plain move log: JSON Lines, one object per turn (docs/import.md).
    MoveLog,
}

/// Something in a source file the importer does not understand: never dropped, always an
/// error at the source's line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ImportError {
    /// 1-based line of the source file.
    pub line: usize,
    /// 1-based column (in characters) of the source line.
    pub column: usize,
    /// What was expected and why, in words for the person who wrote the file.
    pub message: String,
}

impl fmt::Display for ImportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.line, self.column, self.message)
    }
}

impl std::error::Error for ImportError {}

impl ImportError {
    /// An error at `line` and `column` of the source, saying `message`.
    pub fn new(line: usize, column: usize, message: impl Into<String>) -> ImportError {
        ImportError {
            line,
            column,
            message: message.into(),
        }
    }

    /// The byte offset of the error's line and column in the source `text`, so that a report
    /// can show that line with a caret under the column (clamped to the line's end).
    pub fn offset_in(&self, text: &str) -> usize {
        SourcePlace {
            line: self.line,
            column: self.column,
        }
        .offset_in(text)
    }
}

impl SourcePlace {
    /// The byte offset of this place in the source `text`, clamped to its line's end.
    pub fn offset_in(&self, text: &str) -> usize {
        let mut start = 0;
        for _ in 1..self.line {
            match text[start..].find('\n') {
                Some(k) => start += k + 1,
                None => return text.len(),
            }
        }
        let line = text[start..].split('\n').next().unwrap_or("");
        let within: usize = line
            .chars()
            .take(self.column.saturating_sub(1))
            .map(char::len_utf8)
            .sum();
        start + within
    }
}

impl Format {
    /// Every format, in the order the command line lists them.
    pub const ALL: [Format; 3] = [Format::Ludii, Format::MancalaGames, Format::MoveLog];

    /// The name `--from` takes.
    pub fn name(self) -> &'static str {
        match self {
            Format::Ludii => "ludii",
            Format::MancalaGames => "mancala-games",
            Format::MoveLog => "movelog",
        }
    }
}

/// Every game of `text`, a file of `format` named `source`, as MGN text (games separated by a
/// blank line), or the first thing the importer does not understand. [`import_games`] keeps
/// going past a bad game.
pub fn import(format: Format, text: &str, source: &str) -> Result<String, ImportError> {
    let mut out = String::new();
    for game in import_games(format, text, source) {
        if !out.is_empty() {
            out.push('\n');
        }
        out.push_str(&game?.mgn);
    }
    Ok(out)
}

/// Each game of `text` alone, in file order: its MGN and where each part of it came from, or
/// why that game could not be read. A bad game never stops the others, as a bad MGN game does
/// not stop `mgn check`. A file that holds no game is one error, so that an empty file never
/// passes.
pub fn import_games(
    format: Format,
    text: &str,
    source: &str,
) -> Vec<Result<Imported, ImportError>> {
    match format {
        // A trial file is one game.
        Format::Ludii => vec![ludii::import_placed(text, source)],
        Format::MancalaGames => mancala_games::import_games(text, source),
        Format::MoveLog => movelog::import_games(text, source),
    }
}

/// A place in a source file: 1-based line, and 1-based column in characters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SourcePlace {
    /// 1-based line.
    pub line: usize,
    /// 1-based column, in characters.
    pub column: usize,
}

/// One imported game: its MGN text, and where in the source file each part of it came from,
/// so that what `mgn check` finds at a place of the MGN is reported at the line the user wrote.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Imported {
    /// The game's MGN text.
    pub mgn: String,
    /// The game's first line: the place of its tags and of what precedes the first mark.
    start: SourcePlace,
    /// From each byte offset of `mgn` on, up to the next, the text came from this place;
    /// ascending.
    places: Vec<(usize, SourcePlace)>,
}

impl Imported {
    /// The place of the source that the MGN at byte `offset` of [`Imported::mgn`] came from.
    pub fn place_of(&self, offset: usize) -> SourcePlace {
        let k = self.places.partition_point(|&(at, _)| at <= offset);
        k.checked_sub(1).map_or(self.start, |k| self.places[k].1)
    }
}

/// Where the elements of a game being imported came from, recorded as the importer pushes
/// them onto the game's moves; [`Places::write`] turns it into an [`Imported`].
#[derive(Clone, Debug)]
pub struct Places {
    start: SourcePlace,
    /// (index in the game's moves, place): that element and those after it, up to the next.
    marks: Vec<(usize, SourcePlace)>,
}

impl Places {
    /// A game whose first line (its header, where the Importer tag points) is `line`.
    pub fn new(line: usize) -> Places {
        Places {
            start: SourcePlace { line, column: 1 },
            marks: Vec::new(),
        }
    }

    /// The element the importer pushes next, `moves[at]` (pass `moves.len()`), and those after
    /// it up to the next mark came from `line` and `column` (1 when not known) of the source. A
    /// mark at the end of the moves places the result.
    pub fn mark(&mut self, at: usize, line: usize, column: usize) {
        self.marks.push((at, SourcePlace { line, column }));
    }

    /// For an importer that writes MGN text rather than elements: the k-th ply of `game` (its
    /// move or pass, and what follows it up to the next ply) came from `plies[k]`.
    pub fn of_plies(game: &Game, line: usize, plies: &[SourcePlace]) -> Places {
        let mut places = Places::new(line);
        let decisions = game
            .moves
            .iter()
            .enumerate()
            .filter(|(_, e)| matches!(e, Element::Move(_) | Element::Pass(_)));
        for ((at, _), place) in decisions.zip(plies) {
            places.mark(at, place.line, place.column);
        }
        places
    }

    /// `game` written as MGN, each mark placed at the MGN it became.
    pub fn write(self, game: &Game) -> Imported {
        let mgn = write_game(game);
        // Read back for the elements' places in the text written: the writer knows no spans.
        let read = parse_games(&mgn).pop().and_then(Result::ok);
        let mut places: Vec<(usize, SourcePlace)> = match read {
            Some(read) if read.moves.len() == game.moves.len() => self
                .marks
                .iter()
                .map(|&(at, place)| {
                    let element = read.moves.get(at);
                    (
                        element.map_or(read.outcome.span.start, |e| e.span().start),
                        place,
                    )
                })
                .collect(),
            // Not the game written (never so for MGN the importer wrote): every part at the
            // game's first line rather than at a wrong one.
            _ => Vec::new(),
        };
        // Stable: of two marks of one element, the later stands.
        places.sort_by_key(|&(offset, _)| offset);
        Imported {
            mgn,
            start: self.start,
            places,
        }
    }
}

/// The tag every import writes, saying what read the game and from where: the file and the
/// line the game starts on (`[Importer "mgn import --from movelog games.jsonl:12"]`).
pub fn importer_tag(format: Format, source: &str, line: usize) -> crate::notation::Tag {
    crate::notation::Tag {
        name: "Importer".to_string(),
        value: format!("mgn import --from {} {source}:{line}", format.name()),
    }
}
