//! A file cut into parts at the lines that start with `[Game`, read one part at a time.
//!
//! A game never spans such a line (docs/notation.md, "Files"): a part holds at most the text of
//! one game, plus what stands before it (comments, or a broken record) and, where games share a
//! line, the games after it on that line. The first part holds what comes before the first such
//! line. Reading a part alone ([`super::games_in_part`]) gives what reading the whole file gives
//! for it, so a file of any size is read with memory for one part, and its parts can be read on
//! every core.

use std::io::{self, BufRead};

/// One part of a file, as bytes: a part that is not UTF-8 is one bad record, and the parts
/// around it are still read.
#[derive(Clone, Debug)]
pub struct Part {
    pub bytes: Vec<u8>,
    /// Where the part starts in the file, in bytes.
    pub offset: u64,
    /// The line of the file the part starts on, from 1.
    pub line: usize,
    /// Its place among the file's parts, from 0.
    pub index: usize,
    /// Whether the file ends with this part.
    pub last: bool,
}

impl Part {
    /// The part's text, or where its first byte that is not UTF-8 stands.
    pub fn text(&self) -> Result<&str, std::str::Utf8Error> {
        std::str::from_utf8(&self.bytes)
    }
}

/// The parts of a file, in order.
pub struct Parts<R> {
    input: R,
    /// The line that starts the next part, read ahead to know where this one ends.
    next: Vec<u8>,
    offset: u64,
    line: usize,
    index: usize,
    done: bool,
}

/// The parts of the text `input` gives. A file that holds nothing has no part.
pub fn parts<R: BufRead>(input: R) -> Parts<R> {
    Parts {
        input,
        next: Vec::new(),
        offset: 0,
        line: 1,
        index: 0,
        done: false,
    }
}

/// Whether a line starts a game (docs/notation.md, "Files").
pub fn starts_game(line: &[u8]) -> bool {
    line.starts_with(b"[Game ") || line.starts_with(b"[Game\t")
}

impl<R: BufRead> Iterator for Parts<R> {
    type Item = io::Result<Part>;

    fn next(&mut self) -> Option<io::Result<Part>> {
        if self.done && self.next.is_empty() {
            return None;
        }
        let mut bytes = std::mem::take(&mut self.next);
        while !self.done {
            let end = bytes.len();
            match self.input.read_until(b'\n', &mut bytes) {
                Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
                Err(error) => {
                    self.done = true;
                    return Some(Err(error));
                }
                Ok(0) => self.done = true,
                Ok(_) if end > 0 && starts_game(&bytes[end..]) => {
                    self.next = bytes.split_off(end);
                    break;
                }
                Ok(_) => {}
            }
        }
        if bytes.is_empty() {
            return None;
        }
        let part = Part {
            offset: self.offset,
            line: self.line,
            index: self.index,
            last: self.done && self.next.is_empty(),
            bytes,
        };
        self.offset += part.bytes.len() as u64;
        self.line += part.bytes.iter().filter(|&&b| b == b'\n').count();
        self.index += 1;
        Some(Ok(part))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cut(text: &str) -> Vec<(String, usize, bool)> {
        parts(text.as_bytes())
            .map(|p| {
                let p = p.unwrap();
                (String::from_utf8(p.bytes).unwrap(), p.line, p.last)
            })
            .collect()
    }

    #[test]
    fn a_file_is_cut_before_each_game_line() {
        let text = "{notes}\n[Game \"dakon\"]\n\n1. B4 * [Game \"dakon\"] *\n[Game\t\"nchuwa\"]\n*";
        assert_eq!(
            cut(text),
            [
                ("{notes}\n".to_string(), 1, false),
                (
                    "[Game \"dakon\"]\n\n1. B4 * [Game \"dakon\"] *\n".to_string(),
                    2,
                    false
                ),
                ("[Game\t\"nchuwa\"]\n*".to_string(), 5, true),
            ]
        );
    }

    #[test]
    fn a_file_that_starts_with_a_game_has_no_part_before_it() {
        let text = "[Game \"dakon\"]\n*\n\n[Game \"dakon\"]\n*\n";
        let cut = cut(text);
        assert_eq!(cut.len(), 2);
        assert_eq!(cut[1].1, 4);
        assert!(cut[1].2);
        assert_eq!(cut.iter().map(|c| c.0.as_str()).collect::<String>(), text);
    }

    #[test]
    fn an_empty_file_has_no_part() {
        assert!(cut("").is_empty());
        assert_eq!(cut("\n"), [("\n".to_string(), 1, true)]);
    }

    #[test]
    fn game_lines_are_told_by_their_start() {
        assert!(starts_game(b"[Game \"dakon\"]\n"));
        assert!(starts_game(b"[Game\t\"dakon\"]"));
        assert!(!starts_game(b" [Game \"dakon\"]"));
        assert!(!starts_game(b"[Games \"x\"]"));
    }
}
