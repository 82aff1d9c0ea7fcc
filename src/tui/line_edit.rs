//! Which rows an edit changed: the buffer before and after, compared row by row from both
//! ends (a length check and a `memcmp` a row, no copying), as one replaced range of rows with
//! its byte and point bounds in the text the rows make joined by `\n`.

/// Rows `first .. first + old_rows` of the old buffer became rows `first .. first + new_rows`
/// of the new one; every row before and after is unchanged. Both ranges hold a row at least.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LineEdit {
    /// The first changed row.
    pub first: usize,
    /// Changed rows in the old buffer.
    pub old_rows: usize,
    /// Their replacement's rows in the new buffer.
    pub new_rows: usize,
    /// Byte where the first changed row starts.
    pub start_byte: usize,
    /// Byte where the old rows end (after their `\n`, unless they end the buffer).
    pub old_end_byte: usize,
    /// Byte where the new rows end, likewise.
    pub new_end_byte: usize,
    /// The changed rows run to the end of the buffer.
    pub at_end: bool,
}

impl LineEdit {
    /// The edit as tree-sitter takes it.
    pub fn input_edit(&self, old: &[String], new: &[String]) -> tree_sitter::InputEdit {
        use tree_sitter::Point;
        let end = |lines: &[String], rows: usize| {
            if self.at_end {
                let last = self.first + rows - 1;
                Point::new(last, lines[last].len())
            } else {
                Point::new(self.first + rows, 0)
            }
        };
        tree_sitter::InputEdit {
            start_byte: self.start_byte,
            old_end_byte: self.old_end_byte,
            new_end_byte: self.new_end_byte,
            start_position: Point::new(self.first, 0),
            old_end_position: end(old, self.old_rows),
            new_end_position: end(new, self.new_rows),
        }
    }

    /// The rows that changed, in the new buffer.
    pub fn new_range(&self) -> std::ops::Range<usize> {
        self.first..self.first + self.new_rows
    }
}

/// The rows that differ between `old` and `new` (neither empty), or `None` if none do.
pub fn diff(old: &[String], new: &[String]) -> Option<LineEdit> {
    let mut prefix = old.iter().zip(new).take_while(|(a, b)| a == b).count();
    if prefix == old.len() && prefix == new.len() {
        return None;
    }
    let mut suffix = old[prefix..].iter().rev().zip(new[prefix..].iter().rev()).take_while(|(a, b)| a == b).count();
    // A row at least on each side keeps the byte bounds inside both texts.
    while (old.len() == prefix + suffix || new.len() == prefix + suffix) && prefix + suffix > 0 {
        if suffix > 0 {
            suffix -= 1;
        } else {
            prefix -= 1;
        }
    }
    let (old_rows, new_rows) = (old.len() - prefix - suffix, new.len() - prefix - suffix);
    let bytes = |rows: &[String]| rows.iter().map(|r| r.len() + 1).sum::<usize>();
    let start_byte = bytes(&old[..prefix]);
    let at_end = suffix == 0;
    let last_newline = usize::from(at_end);
    Some(LineEdit {
        first: prefix,
        old_rows,
        new_rows,
        start_byte,
        old_end_byte: start_byte + bytes(&old[prefix..prefix + old_rows]) - last_newline,
        new_end_byte: start_byte + bytes(&new[prefix..prefix + new_rows]) - last_newline,
        at_end,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rows(s: &str) -> Vec<String> {
        s.split('\n').map(str::to_string).collect()
    }

    /// The edit, checked against the joined texts: the same prefix and suffix bytes.
    fn check(old: &str, new: &str) -> Option<LineEdit> {
        let e = diff(&rows(old), &rows(new))?;
        assert_eq!(old[..e.start_byte], new[..e.start_byte]);
        assert_eq!(old[e.old_end_byte..], new[e.new_end_byte..], "{e:?}");
        Some(e)
    }

    #[test]
    fn finds_the_changed_rows() {
        assert_eq!(check("a\nb\nc", "a\nb\nc"), None);
        let e = check("a\nb\nc", "a\nbx\nc").unwrap();
        assert_eq!((e.first, e.old_rows, e.new_rows, e.start_byte, e.old_end_byte, e.new_end_byte), (1, 1, 1, 2, 4, 5));
        let e = check("a\nb\nc", "a\nb\nb\nc").unwrap();
        assert_eq!((e.old_rows, e.new_rows), (1, 2));
        check("a", "a\n").unwrap();
        check("a\n", "a").unwrap();
        check("a\nb", "b").unwrap();
        check("x", "").unwrap();
        let e = check("a\nb\nc", "a\nc").unwrap();
        assert!(e.old_rows >= 1 && e.new_rows >= 1);
    }
}
