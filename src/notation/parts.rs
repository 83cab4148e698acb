//! A file cut into parts at the lines that start with `[Game`, read one part at a time.
//!
//! A game never spans such a line (docs/notation.md, "Files"): a part holds at most the text of
//! one game, plus what stands before it (comments, or a broken record) and, where games share a
//! line, the games after it on that line. The first part holds what comes before the first such
//! line. Reading a part alone ([`super::games_in_part`]) gives what reading the whole file gives
//! for it, so a file of any size is read with memory for one part, and its parts can be read on
//! every core.

use std::io::{self, Read};

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
    /// Bytes read and not yet handed over, from `start`.
    buffer: Vec<u8>,
    start: usize,
    /// How far from `start` the buffer is known to hold no game line (other than at `start`).
    scanned: usize,
    offset: u64,
    line: usize,
    index: usize,
    done: bool,
}

/// The parts of the text `input` gives. A file that holds nothing has no part.
pub fn parts<R: Read>(input: R) -> Parts<R> {
    Parts {
        input,
        buffer: Vec::new(),
        start: 0,
        scanned: 0,
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

/// What is read at a time.
const READ: usize = 1 << 20;

impl<R: Read> Parts<R> {
    /// Where the next game line after the part's first byte starts, in the bytes read so far.
    fn next_game_line(&mut self) -> Option<usize> {
        let held = &self.buffer[self.start..];
        let finder = memchr::memmem::Finder::new(b"\n[Game");
        // A match is only sure once the byte after `[Game` is there to be looked at.
        let searchable = held.len().saturating_sub(1);
        let mut from = self.scanned;
        while let Some(found) = finder.find(&held[from.min(searchable)..searchable]) {
            let at = from + found;
            if matches!(held[at + 6], b' ' | b'\t') {
                return Some(at + 1);
            }
            from = at + 1;
        }
        // Whatever could begin a match not yet complete is searched again.
        self.scanned = searchable.saturating_sub(6);
        None
    }

    /// Reads more of the input; false at its end.
    fn fill(&mut self) -> io::Result<bool> {
        if self.start > 0 && self.start >= self.buffer.len() / 2 {
            // Keep what is held at the front, so that the buffer does not grow with the file.
            self.buffer.drain(..self.start);
            self.start = 0;
        }
        loop {
            // read_to_end fills spare capacity without zeroing it first.
            match self
                .input
                .by_ref()
                .take(READ as u64)
                .read_to_end(&mut self.buffer)
            {
                Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
                read => return Ok(read? > 0),
            }
        }
    }

    fn hand_over(&mut self, len: usize, last: bool) -> Part {
        let bytes = self.buffer[self.start..self.start + len].to_vec();
        self.start += len;
        self.scanned = 0;
        let part = Part {
            offset: self.offset,
            line: self.line,
            index: self.index,
            last,
            bytes,
        };
        self.offset += len as u64;
        self.line += memchr::memchr_iter(b'\n', &part.bytes).count();
        self.index += 1;
        part
    }
}

impl<R: Read> Iterator for Parts<R> {
    type Item = io::Result<Part>;

    fn next(&mut self) -> Option<io::Result<Part>> {
        loop {
            if let Some(end) = self.next_game_line() {
                return Some(Ok(self.hand_over(end, false)));
            }
            if self.done {
                let held = self.buffer.len() - self.start;
                return (held > 0).then(|| Ok(self.hand_over(held, true)));
            }
            match self.fill() {
                Ok(more) => self.done = !more,
                Err(error) => {
                    self.done = true;
                    self.buffer.truncate(self.start);
                    return Some(Err(error));
                }
            }
        }
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

    /// A reader that gives a few bytes at a time, so that game lines fall across reads.
    struct Trickle<'a>(&'a [u8], usize);

    impl Read for Trickle<'_> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            let n = self.1.min(buf.len()).min(self.0.len());
            buf[..n].copy_from_slice(&self.0[..n]);
            self.0 = &self.0[n..];
            Ok(n)
        }
    }

    #[test]
    fn game_lines_across_reads_are_found() {
        let text = "{a}\n[Game \"dakon\"]\n*\n[Game\t\"x\"]\n*\n[Gamex]\n[Game \"y\"]\n*";
        let whole: Vec<_> = parts(text.as_bytes()).map(|p| p.unwrap().bytes).collect();
        assert_eq!(whole.len(), 4);
        for step in 1..9 {
            let trickled: Vec<_> = parts(Trickle(text.as_bytes(), step))
                .map(|p| p.unwrap().bytes)
                .collect();
            assert_eq!(trickled, whole, "{step} bytes a read");
        }
    }

    #[test]
    fn game_lines_are_told_by_their_start() {
        assert!(starts_game(b"[Game \"dakon\"]\n"));
        assert!(starts_game(b"[Game\t\"dakon\"]"));
        assert!(!starts_game(b" [Game \"dakon\"]"));
        assert!(!starts_game(b"[Games \"x\"]"));
    }
}
