//! Source locations for diagnostics: byte offsets to `line:column`, and the caret display that
//! every error message (syntax or rule) shares.

/// Line starts of one text, for turning byte offsets into 1-based line and column numbers.
/// Columns count characters, not bytes, so a caret lines up under non-ASCII text.
pub struct LineIndex<'a> {
    text: &'a str,
    line_starts: Vec<usize>,
}

impl<'a> LineIndex<'a> {
    pub fn new(text: &'a str) -> LineIndex<'a> {
        let mut line_starts = vec![0];
        line_starts.extend(text.match_indices('\n').map(|(i, _)| i + 1));
        LineIndex { text, line_starts }
    }

    /// 1-based line and column of a byte offset (clamped to the text).
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        let offset = self.floor_char_boundary(offset.min(self.text.len()));
        let line = self.line_starts.partition_point(|&s| s <= offset) - 1;
        let column = self.text[self.line_starts[line]..offset].chars().count() + 1;
        (line + 1, column)
    }

    /// The text of a 1-based line, without its line ending.
    pub fn line_text(&self, line: usize) -> &'a str {
        let start = self.line_starts[line - 1];
        let end = self
            .line_starts
            .get(line)
            .copied()
            .unwrap_or(self.text.len());
        self.text[start..end].trim_end_matches(['\n', '\r'])
    }

    fn floor_char_boundary(&self, mut offset: usize) -> usize {
        while !self.text.is_char_boundary(offset) {
            offset -= 1;
        }
        offset
    }

    /// `file:line:column: headline`, the source line, and a caret under the column.
    pub fn render(&self, file: &str, offset: usize, headline: &str) -> String {
        let (line, column) = self.line_col(offset);
        let source_line: String = self
            .line_text(line)
            .chars()
            .map(|c| if c == '\t' { ' ' } else { c })
            .collect();
        format!(
            "{file}:{line}:{column}: {headline}\n{:>5} | {source_line}\n      | {}^",
            line,
            " ".repeat(column - 1)
        )
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
        assert_eq!(index.line_text(2), "çd");
    }

    #[test]
    fn render_puts_the_caret_under_the_column() {
        let index = LineIndex::new("[Game \"dakon\"]\n1. B9x\n");
        let shown = index.render("f.mgn", 20, "expected a hole");
        assert_eq!(
            shown,
            "f.mgn:2:6: expected a hole\n    2 | 1. B9x\n      |      ^"
        );
    }
}
