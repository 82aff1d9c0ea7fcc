//! What dealer3 1.0.0 does to a script before its grammar reads it: the text is trimmed, and
//! inside each `shape(…)` a 4-digit number not after `any ` is marked `%s` (its preprocess.rs).
//! The positions it reports are in that text; [`Prepared::original`] maps them back.

/// The text dealer3's grammar reads, and how to map its positions back.
pub(super) struct Prepared {
    /// The trimmed, marked text.
    pub text: String,
    /// Bytes trimmed from the start of the script.
    lead: usize,
    /// Where each `%s` was inserted, in `text`'s positions.
    marks: Vec<usize>,
}

impl Prepared {
    /// dealer3 1.0.0's text of `source`.
    pub fn new(source: &str) -> Prepared {
        let trimmed = source.trim();
        let lead = trimmed.as_ptr() as usize - source.as_ptr() as usize;
        let (mut text, mut marks) = (String::with_capacity(trimmed.len() + 16), Vec::new());
        let mut done = 0;
        for (start, end) in shape_calls(trimmed) {
            text.push_str(&trimmed[done..start]);
            let call = &trimmed[start..end];
            let mut from = 0;
            for at in four_digit_words(call) {
                text.push_str(&call[from..at]);
                if !call[..at].ends_with("any ") {
                    marks.push(text.len());
                    text.push_str("%s");
                }
                from = at;
            }
            text.push_str(&call[from..]);
            done = end;
        }
        text.push_str(&trimmed[done..]);
        Prepared { text, lead, marks }
    }

    /// The position in the script of a position in [`Prepared::text`] (a mark maps to the
    /// number it marks).
    pub fn original(&self, at: usize) -> usize {
        // Inside a mark is where its number begins.
        let at = match self.marks.iter().find(|&&m| m < at && at < m + 2) {
            Some(&m) => m + 2,
            None => at,
        };
        self.lead + at - 2 * self.marks.iter().filter(|&&m| m < at).count()
    }

    /// The line and column (1-based, in characters) that dealer3 names for `at`.
    pub fn line_col(&self, at: usize) -> (usize, usize) {
        let before = &self.text[..at];
        let line = before.matches('\n').count() + 1;
        let col = before[before.rfind('\n').map_or(0, |n| n + 1)..].chars().count() + 1;
        (line, col)
    }
}

/// The spans of `shape\s*\([^)]+\)` in `text`, leftmost first, not overlapping.
fn shape_calls(text: &str) -> Vec<(usize, usize)> {
    let b = text.as_bytes();
    let (mut out, mut i) = (Vec::new(), 0);
    while let Some(k) = text[i..].find("shape") {
        let start = i + k;
        let mut j = start + 5;
        while j < b.len() && (b[j].is_ascii_whitespace() || b[j] == 0x0b) {
            j += 1;
        }
        let close = (j < b.len() && b[j] == b'(').then(|| text[j + 1..].find(')')).flatten();
        match close {
            Some(c) if c > 0 => {
                out.push((start, j + 1 + c + 1));
                i = j + 1 + c + 1;
            }
            _ => i = start + 1,
        }
    }
    out
}

/// Where each word of exactly four ASCII digits (`\b\d{4}\b`) starts in `text`.
fn four_digit_words(text: &str) -> Vec<usize> {
    let b = text.as_bytes();
    let word = |c: u8| c.is_ascii_alphanumeric() || c == b'_' || c >= 0x80;
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if !word(b[i]) {
            i += 1;
            continue;
        }
        let start = i;
        while i < b.len() && word(b[i]) {
            i += 1;
        }
        if i - start == 4 && b[start..i].iter().all(u8::is_ascii_digit) {
            out.push(start);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marks_four_digits_in_shape_calls_as_dealer3_does() {
        // The cases of dealer3 1.0.0's own preprocess tests.
        let t = |s: &str| Prepared::new(s).text;
        assert_eq!(t("shape(north, 5242)"), "shape(north, %s5242)");
        assert_eq!(t("shape(north, any 4333)"), "shape(north, any 4333)");
        assert_eq!(t("cccc(north) >= 1500"), "cccc(north) >= 1500");
        assert_eq!(t("shape(north, 5332) && shape(south, 4441)"), "shape(north, %s5332) && shape(south, %s4441)");
        assert_eq!(t("shape(north, any 4333 - 4333)"), "shape(north, any 4333 - %s4333)");
        assert_eq!(t("shape(north, 54xx + 12345)"), "shape(north, 54xx + 12345)");
    }

    #[test]
    fn maps_positions_back_through_the_trim_and_the_marks() {
        let src = "\n\n  x = shape(n, 5332) + y";
        let p = Prepared::new(src);
        let y = p.text.find('y').unwrap();
        assert_eq!(p.original(y), src.find('y').unwrap());
        assert_eq!(p.original(p.text.find("%s").unwrap()), src.find("5332").unwrap());
        assert_eq!(p.line_col(y), (1, 24));
    }
}
