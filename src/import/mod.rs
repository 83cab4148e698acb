//! Other programs' game records, read into MGN so that `mgn check` tests every move, capture
//! and score they give (docs/import.md). Each format has its own module, which knows that
//! format's syntax and its mapping of sites and players to holes, and writes MGN text: the
//! rules are never applied here, the replay applies them to what the import wrote.

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
