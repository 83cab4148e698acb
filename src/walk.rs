//! The records under a folder: every `*.mgn` file, found the same way by `mgn check` and by
//! conformance suites.
//!
//! Links to folders are not followed below the folder named (a link back up would loop
//! forever), links to files are; hidden entries (`.git`, `.cache`) are skipped, as most tools
//! skip them; a subfolder that cannot be read is reported by its own path, and the walk goes on
//! beside it. Entries come sorted by name, folder by folder, so every run reports in the same
//! order.

use std::io;
use std::path::{Path, PathBuf};
use walkdir::WalkDir;

/// A folder or file under the walk that could not be read.
#[derive(Debug)]
pub struct WalkError {
    /// The folder or file.
    pub path: PathBuf,
    /// Why it could not be read.
    pub error: io::Error,
}

/// Every `*.mgn` file under `root` (or `root` itself when it is a file), and every subfolder
/// that could not be read, in order.
pub fn mgn_files(root: &Path) -> impl Iterator<Item = Result<PathBuf, WalkError>> {
    let root = root.to_path_buf();
    WalkDir::new(&root)
        .follow_links(false)
        .sort_by_file_name()
        .into_iter()
        .filter_entry(|entry| entry.depth() == 0 || !is_hidden(entry.file_name()))
        .filter_map(move |entry| match entry {
            Ok(entry) => {
                let path = entry.path();
                if !is_mgn(path) {
                    return None;
                }
                if entry.file_type().is_file() {
                    return Some(Ok(entry.into_path()));
                }
                // A link named like a record is one, or it is a record that cannot be read:
                // skipping it would pass a folder whose records are missing.
                match (entry.path_is_symlink(), std::fs::metadata(path)) {
                    (true, Ok(meta)) if meta.is_file() => Some(Ok(entry.into_path())),
                    (true, Err(error)) => Some(Err(WalkError {
                        path: entry.into_path(),
                        error,
                    })),
                    _ => None,
                }
            }
            Err(error) => {
                let path = error.path().map_or_else(|| root.clone(), Path::to_path_buf);
                let error = error
                    .into_io_error()
                    .unwrap_or_else(|| io::Error::other("a folder link loops"));
                Some(Err(WalkError { path, error }))
            }
        })
}

fn is_hidden(name: &std::ffi::OsStr) -> bool {
    name.as_encoded_bytes().first() == Some(&b'.')
}

/// Whether a path names an MGN file, by its extension in any case.
fn is_mgn(path: &Path) -> bool {
    path.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| e.eq_ignore_ascii_case("mgn"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn extensions_are_matched_without_case() {
        assert!(is_mgn(Path::new("x/a.mgn")));
        assert!(is_mgn(Path::new("a.MGN")));
        assert!(!is_mgn(Path::new("a.mgn.txt")));
        assert!(!is_mgn(Path::new("mgn")));
    }

    #[test]
    fn hidden_names_start_with_a_dot() {
        assert!(is_hidden(std::ffi::OsStr::new(".git")));
        assert!(!is_hidden(std::ffi::OsStr::new("records")));
    }
}
