//! Finding and reading the inputs: files, folders of `*.mgn` files, standard input.

use crate::cli::source::displayable_name;
use std::collections::HashSet;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

/// Where a text comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Origin {
    Stdin,
    File(PathBuf),
}

impl Origin {
    pub fn from_arg(path: &Path) -> Origin {
        if path.as_os_str() == "-" {
            Origin::Stdin
        } else {
            Origin::File(path.to_path_buf())
        }
    }

    /// The name diagnostics use: the path as the user wrote it (or as found under the folder
    /// he named), so that `file:line:column` can be pasted into an editor.
    pub fn name(&self) -> String {
        match self {
            Origin::Stdin => "<stdin>".to_string(),
            Origin::File(path) => path.display().to_string(),
        }
    }
}

/// Why an input gave no text.
#[derive(Debug)]
pub enum InputError {
    /// The path could not be read: a usage or I/O error.
    Io { name: String, error: io::Error },
    /// A folder named on the command line holds no `*.mgn` file, which is almost always a
    /// wrong path rather than an empty collection.
    NoRecords { name: String },
}

/// Every file the paths stand for, a folder's files included, and standard input as `-`: what
/// an output must not be ([`super::output::refuse_an_input`]). A folder named on the command
/// line is not itself a file anything is written to.
pub fn files_read(paths: &[PathBuf]) -> Vec<PathBuf> {
    expand(paths)
        .into_iter()
        .filter_map(|origin| match origin {
            Ok(Origin::File(path)) => Some(path),
            Ok(Origin::Stdin) => Some(PathBuf::from("-")),
            Err(_) => None,
        })
        .collect()
}

/// The files the paths stand for, in order: a folder stands for its `*.mgn` files
/// ([`mgn::suite::mgn_files`]). A file reached twice (named twice, or through a link) is read once, under
/// the name it was first reached by.
pub fn expand(paths: &[PathBuf]) -> Vec<Result<Origin, InputError>> {
    let mut origins = Vec::new();
    let mut seen = HashSet::new();
    let mut first_time = |origin: &Origin| {
        let key = match origin {
            Origin::Stdin => None,
            Origin::File(path) => Some(fs::canonicalize(path).unwrap_or_else(|_| path.clone())),
        };
        let new = seen.insert(key);
        if !new {
            tracing::debug!(file = %displayable_name(&origin.name()), "already read: skipped");
        }
        new
    };
    for path in paths {
        let origin = Origin::from_arg(path);
        let Origin::File(path) = origin else {
            if first_time(&Origin::Stdin) {
                origins.push(Ok(Origin::Stdin));
            }
            continue;
        };
        match fs::metadata(&path) {
            Err(error) => origins.push(Err(InputError::Io {
                name: path.display().to_string(),
                error,
            })),
            Ok(meta) if meta.is_dir() => {
                let (mut found, mut unreadable) = (0, 0);
                for entry in mgn::suite::mgn_files(&path) {
                    match entry {
                        Ok(file) => {
                            found += 1;
                            let origin = Origin::File(file);
                            if first_time(&origin) {
                                origins.push(Ok(origin));
                            }
                        }
                        Err(error) => {
                            unreadable += 1;
                            origins.push(Err(InputError::Io {
                                name: error.path.display().to_string(),
                                error: error.error,
                            }));
                        }
                    }
                }
                tracing::debug!(folder = %displayable_name(&path.display().to_string()), files = found, "searched");
                if found == 0 && unreadable == 0 {
                    origins.push(Err(InputError::NoRecords {
                        name: path.display().to_string(),
                    }));
                }
            }
            Ok(_) => {
                let origin = Origin::File(path);
                if first_time(&origin) {
                    origins.push(Ok(origin));
                }
            }
        }
    }
    origins
}

/// An input to read a part at a time, whatever its size.
pub fn open(origin: &Origin) -> Result<Box<dyn io::BufRead + Send>, InputError> {
    const BUFFER: usize = 1 << 20;
    match origin {
        Origin::Stdin => Ok(Box::new(io::BufReader::with_capacity(BUFFER, io::stdin()))),
        Origin::File(path) => match fs::File::open(path) {
            Ok(file) => Ok(Box::new(io::BufReader::with_capacity(BUFFER, file))),
            Err(error) => Err(InputError::Io {
                name: origin.name(),
                error,
            }),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_dash_is_standard_input() {
        assert_eq!(Origin::from_arg(Path::new("-")), Origin::Stdin);
        assert_eq!(Origin::Stdin.name(), "<stdin>");
        assert_eq!(
            Origin::from_arg(Path::new("a.mgn")),
            Origin::File(PathBuf::from("a.mgn"))
        );
    }
}
