//! Other programs' game records, read into MGN so that `mgn check` tests every move, capture
//! and score they give (docs/import.md). Each format has its own module, which knows that
//! format's syntax and its mapping of sites and players to holes, and writes MGN text: the
//! rules are never applied here, the replay applies them to what the import wrote.

pub mod ludii;
pub mod mancala_games;
pub mod movelog;

use std::fmt;

/// The formats `mgn import --from` reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
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
        out.push_str(&game?);
    }
    Ok(out)
}

/// Each game of `text` alone, in file order: MGN text, or why that game could not be read. A
/// bad game never stops the others, as a bad MGN game does not stop `mgn check`. A file that
/// holds no game is one error, so that an empty file never passes.
pub fn import_games(format: Format, text: &str, source: &str) -> Vec<Result<String, ImportError>> {
    match format {
        // A trial file is one game.
        Format::Ludii => vec![ludii::import(text, source)],
        Format::MancalaGames => mancala_games::import_games(text, source),
        Format::MoveLog => movelog::import_games(text, source),
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
