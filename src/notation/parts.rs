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
    /// The part's bytes: from a line that starts with `[Game` up to the next such line (the
    /// first part: what precedes the first).
    pub bytes: Vec<u8>,
    /// Where the part starts in the file, in bytes.
    pub offset: u64,
    /// The line of the file the part starts on, from 1.
    pub line: usize,
    /// Its place among the file's parts, from 0.
    pub index: usize,
    /// Whether the file ends with this part.
    pub last: bool,
    /// A part longer than [`MAX_PART_BYTES`] is not kept: `bytes` holds its first bytes only,
    /// and this its whole length. It is one bad record.
    pub cut: Option<u64>,
}

/// The longest part mgn holds: the text of one game, with what stands before it. A game is
/// held whole while it is read (its replay points into it), so this bounds the memory one game
/// can ask for; a longer part is one bad record, passed over without being held, and the games
/// after it are read.
pub const MAX_PART_BYTES: usize = 256 << 20;

/// How much of a part too long to hold is kept, to show where it starts.
const CUT_HEAD: usize = 4096;

impl Part {
    /// The record a part too long to hold is, at its start.
    pub fn too_long(&self) -> Option<super::SyntaxError> {
        let length = self.cut?;
        Some(super::SyntaxError {
            offset: 0,
            expected: format!(
                "a game of at most {MAX_PART_BYTES} bytes (256 MiB): mgn holds a game whole while it reads it"
            ),
            found: format!("{length} bytes before the next line that starts with `[Game`"),
        })
    }

    /// The part's text, or where its first byte that is not UTF-8 stands. Of a part too long
    /// to hold, the text of its first bytes, as far as they are UTF-8.
    pub fn text(&self) -> Result<&str, std::str::Utf8Error> {
        match std::str::from_utf8(&self.bytes) {
            Err(error) if self.cut.is_some() && error.error_len().is_none() => {
                Ok(std::str::from_utf8(&self.bytes[..error.valid_up_to()]).expect("valid"))
            }
            read => read,
        }
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
    /// A part too long to hold, being passed over.
    overflow: Option<Overflow>,
    /// [`MAX_PART_BYTES`], smaller in tests.
    max_part: usize,
}

struct Overflow {
    head: Vec<u8>,
    length: u64,
    lines: usize,
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
        overflow: None,
        max_part: MAX_PART_BYTES,
    }
}

/// The bytes of `[Game`, which a part's last line end is followed by before a game line is
/// sure.
const GAME_LINE_START: usize = 5;

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
            cut: None,
        };
        self.offset += len as u64;
        self.line += memchr::memchr_iter(b'\n', &part.bytes).count();
        self.index += 1;
        part
    }
}

impl<R: Read> Parts<R> {
    /// Lets go of all but the last bytes held of a part too long to hold (a game line may
    /// begin in them), counting what is let go.
    fn pass_over(&mut self, held: usize) {
        let drop = held - 6;
        let gone = &self.buffer[self.start..self.start + drop];
        let overflow = self.overflow.get_or_insert_with(|| Overflow {
            head: gone[..CUT_HEAD.min(gone.len())].to_vec(),
            length: 0,
            lines: 0,
        });
        overflow.length += drop as u64;
        overflow.lines += memchr::memchr_iter(b'\n', gone).count();
        self.start += drop;
        self.scanned = 0;
    }

    /// The part whose last `len` bytes are held: whole, or cut when it is longer than the
    /// limit. Its end may be read in the same read as the bytes past the limit, which are then
    /// all held: the limit is the part's length, not what a read happened to hold.
    fn hand_over_part(&mut self, len: usize, last: bool) -> Part {
        if self.overflow.is_none() && len > self.max_part {
            let head = &self.buffer[self.start..self.start + CUT_HEAD.min(len)];
            self.overflow = Some(Overflow {
                head: head.to_vec(),
                length: 0,
                lines: 0,
            });
        }
        match self.overflow {
            Some(_) => self.hand_over_cut(len, last),
            None => self.hand_over(len, last),
        }
    }

    fn hand_over_cut(&mut self, len: usize, last: bool) -> Part {
        let overflow = self.overflow.take().expect("a part being passed over");
        let rest = &self.buffer[self.start..self.start + len];
        let length = overflow.length + len as u64;
        let lines = overflow.lines + memchr::memchr_iter(b'\n', rest).count();
        self.start += len;
        self.scanned = 0;
        let part = Part {
            offset: self.offset,
            line: self.line,
            index: self.index,
            last,
            bytes: overflow.head,
            cut: Some(length),
        };
        self.offset += length;
        self.line += lines;
        self.index += 1;
        part
    }
}

impl<R: Read> Iterator for Parts<R> {
    type Item = io::Result<Part>;

    fn next(&mut self) -> Option<io::Result<Part>> {
        loop {
            if let Some(end) = self.next_game_line() {
                return Some(Ok(self.hand_over_part(end, false)));
            }
            if self.done {
                let held = self.buffer.len() - self.start;
                return (held > 0 || self.overflow.is_some())
                    .then(|| Ok(self.hand_over_part(held, true)));
            }
            let held = self.buffer.len() - self.start;
            // The last bytes held may be the next game line's `[Game`, its blank not read yet:
            // counted, they cut a part of exactly the limit where a read happens to end.
            let own = held.saturating_sub(GAME_LINE_START);
            if own > self.max_part || (self.overflow.is_some() && held > READ) {
                self.pass_over(held);
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
    fn a_part_too_long_to_hold_is_passed_over_and_the_next_one_read() {
        // With a limit of 3 MiB, a part of 5 MiB: passed over across several reads.
        let max = 3 << 20;
        let mut text = b"{a}\n[Game \"dakon\"]\n{".to_vec();
        text.resize(text.len() + (5 << 20), b'x');
        text.extend_from_slice(b"\n}\n*\n[Game \"dakon\"]\n*\n");
        let mut cutting = parts(&text[..]);
        cutting.max_part = max;
        let read: Vec<Part> = cutting.map(Result::unwrap).collect();
        assert_eq!(read.len(), 3);
        let cut = &read[1];
        assert_eq!(cut.bytes.len(), CUT_HEAD);
        assert_eq!(cut.cut, Some((5 << 20) + 16 + 5));
        assert_eq!((cut.line, read[2].line), (2, 6));
        assert_eq!(read[2].offset, 4 + cut.cut.unwrap());
        assert_eq!(read[2].bytes, b"[Game \"dakon\"]\n*\n");
        assert!(cut
            .too_long()
            .unwrap()
            .to_string()
            .contains("at most 268435456 bytes"));
    }

    /// A reader whose every read of `Parts` (a `read_to_end`, which stops at a read of 0 bytes)
    /// gets `step` bytes: the reads end wherever the test wants them to.
    struct Reads<'a> {
        rest: &'a [u8],
        step: usize,
        paused: bool,
    }

    impl Read for Reads<'_> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            self.paused = !self.paused;
            if !self.paused {
                return Ok(0);
            }
            let n = self.step.min(buf.len()).min(self.rest.len());
            buf[..n].copy_from_slice(&self.rest[..n]);
            self.rest = &self.rest[n..];
            Ok(n)
        }
    }

    /// The limit, lowered to 100 bytes: a part of 100 bytes is held, one of 101 is cut, however
    /// the reads fall (a part of exactly the limit was cut where a read ended in the next
    /// game's `[Game`).
    #[test]
    fn a_part_of_the_limit_is_held_and_one_byte_more_is_cut() {
        let max = 100;
        for (size, cut) in [(max, None), (max + 1, Some(max as u64 + 1))] {
            let mut part = b"[Game \"dakon\"]\n{".to_vec();
            part.resize(size - 2, b'x');
            part.extend_from_slice(b"}\n");
            assert_eq!(part.len(), size);
            for last in [false, true] {
                let mut text = part.clone();
                if !last {
                    text.extend_from_slice(b"[Game \"dakon\"]\n*\n");
                }
                for step in [1, 2, 3, 5, 7, 64, 100, 101, 102, 105, 106, 107, 1 << 20] {
                    let mut cutting = parts(Reads {
                        rest: &text,
                        step,
                        paused: false,
                    });
                    cutting.max_part = max;
                    let read: Vec<Part> = cutting.map(Result::unwrap).collect();
                    assert_eq!(read.len(), if last { 1 } else { 2 }, "{size}, {step}");
                    assert_eq!(read[0].cut, cut, "{size} bytes, {step} a read, last {last}");
                    if cut.is_none() {
                        assert_eq!(read[0].bytes.len(), size);
                    }
                    if !last {
                        assert_eq!(read[1].offset, size as u64);
                        assert_eq!(read[1].bytes, b"[Game \"dakon\"]\n*\n");
                    }
                }
            }
        }
    }
}
