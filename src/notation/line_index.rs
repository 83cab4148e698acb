//! Byte offsets of a text turned into the `line:column` people read.

/// Byte offsets of one text turned into 1-based line and column numbers. Columns count
/// characters, not bytes, so a caret lines up under non-ASCII text. Nothing is built ahead:
/// each place is found by counting line ends up to it, so that placing the one error of a game
/// of millions of lines costs no index of all of them.
pub struct LineIndex<'a> {
    text: &'a str,
    /// The line of the file the text starts on: a part of a file read alone starts further on.
    first_line: usize,
}

impl<'a> LineIndex<'a> {
    /// The index of a text that starts a file.
    pub fn new(text: &'a str) -> LineIndex<'a> {
        LineIndex::starting_at(text, 1)
    }

    /// The index of a text that starts on line `first_line` of its file, so that lines are
    /// counted as in the file.
    pub fn starting_at(text: &'a str, first_line: usize) -> LineIndex<'a> {
        LineIndex { text, first_line }
    }

    /// 1-based line (of the file) and column of a byte offset (clamped to the text).
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        let offset = self.floor_char_boundary(offset.min(self.text.len()));
        let start = self.line_start(offset);
        let line = memchr::memchr_iter(b'\n', &self.text.as_bytes()[..start]).count();
        let column = self.text[start..offset].chars().count() + 1;
        (line + self.first_line, column)
    }

    /// Where the line holding `offset` starts.
    fn line_start(&self, offset: usize) -> usize {
        memchr::memrchr(b'\n', &self.text.as_bytes()[..offset]).map_or(0, |k| k + 1)
    }

    fn floor_char_boundary(&self, mut offset: usize) -> usize {
        while !self.text.is_char_boundary(offset) {
            offset -= 1;
        }
        offset
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn offsets_map_to_lines_and_character_columns() {
        let text = "ab\nçd\n\nx";
        let index = LineIndex::new(text);
        assert_eq!(index.line_col(0), (1, 1));
        assert_eq!(index.line_col(3), (2, 1));
        assert_eq!(index.line_col(5), (2, 2)); // after the two-byte ç
        assert_eq!(index.line_col(8), (4, 1));
        assert_eq!(index.line_col(999), (4, 2));
        assert_eq!(LineIndex::starting_at(text, 10).line_col(3), (11, 1));
    }
}
