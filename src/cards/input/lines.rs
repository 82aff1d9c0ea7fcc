//! Lines of bytes from a reader: ended by `\n`, `\r\n` or a lone `\r`, and bounded in length.

use std::io::{self, BufRead};

/// Longest line read. A deal record takes under 100 bytes; a longer line means the file is
/// not a deal file (or, as `/dev/zero`, never ends).
pub const MAX_LINE: usize = 64 * 1024;

/// Why a line could not be read.
#[derive(Debug)]
pub enum LineError {
    /// Reading failed.
    Io(io::Error),
    /// The line is longer than [`MAX_LINE`].
    TooLong,
}

/// A reader's lines, numbered from 1.
pub struct Lines<R> {
    input: R,
    buf: Vec<u8>,
    number: usize,
    /// The last line ended in `\r`: a `\n` right after it belongs to that line end.
    after_cr: bool,
}

impl<R: BufRead> Lines<R> {
    /// Lines of `input`.
    pub fn new(input: R) -> Self {
        Lines { input, buf: Vec::new(), number: 0, after_cr: false }
    }

    /// The number of the line last read (or that failed).
    pub fn number(&self) -> usize {
        self.number
    }

    /// The next line's number and bytes without the line end, or `None` at the end of the input.
    pub fn next_line(&mut self) -> Result<Option<(usize, &[u8])>, LineError> {
        self.buf.clear();
        self.number += 1;
        loop {
            let avail = self.input.fill_buf().map_err(LineError::Io)?;
            if avail.is_empty() {
                return Ok((!self.buf.is_empty()).then_some((self.number, &self.buf[..])));
            }
            if std::mem::take(&mut self.after_cr) && avail[0] == b'\n' {
                self.input.consume(1);
                continue;
            }
            let end = avail.iter().position(|&b| b == b'\n' || b == b'\r');
            let take = end.unwrap_or(avail.len());
            if self.buf.len() + take > MAX_LINE {
                return Err(LineError::TooLong);
            }
            self.buf.extend_from_slice(&avail[..take]);
            if let Some(i) = end {
                self.after_cr = avail[i] == b'\r';
                self.input.consume(i + 1);
                return Ok(Some((self.number, &self.buf[..])));
            }
            self.input.consume(take);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all(bytes: &[u8]) -> Vec<Vec<u8>> {
        let mut lines = Lines::new(io::BufReader::with_capacity(3, bytes));
        let mut out = Vec::new();
        while let Some((_, l)) = lines.next_line().unwrap() {
            out.push(l.to_vec());
        }
        out
    }

    #[test]
    fn every_line_end_ends_one_line() {
        let want: Vec<Vec<u8>> = [&b"ab"[..], b"", b"cd", b"", b"ef"].iter().map(|l| l.to_vec()).collect();
        assert_eq!(all(b"ab\r\rcd\r\n\nef"), want);
        assert_eq!(all(b"ab\n\ncd\r\n\r\nef\n"), want);
        assert_eq!(all(b""), Vec::<Vec<u8>>::new());
    }

    #[test]
    fn a_line_longer_than_the_bound_is_an_error() {
        let long = vec![0u8; MAX_LINE + 1];
        let mut lines = Lines::new(io::BufReader::new(&long[..]));
        assert!(matches!(lines.next_line(), Err(LineError::TooLong)));
        assert_eq!(lines.number(), 1);
        let exact = vec![b'x'; MAX_LINE];
        assert_eq!(
            Lines::new(io::BufReader::new(&exact[..])).next_line().unwrap().map(|(n, l)| (n, l.len())),
            Some((1, MAX_LINE))
        );
    }
}
