//! `--deals` of a ZRD file (Pavlicek's library, 23 bytes a deal) or of standard input (`-`),
//! read as the records the text reader gives: each deal, then its double-dummy table as the
//! rows of a PBN `[OptimumResultTable]`, so that the run takes it as it takes PBN's. In ZRD
//! the "line" of a record is its 1-based number in the file.

use dealbench::cards::input::{DealReader, ReadError, Record};
use dealbench::cards::zrd::{RECORD, ZrdRecord, decode, is_zrd};
use std::collections::VecDeque;
use std::fs::File;
use std::io::{BufRead, BufReader, Cursor, Read};
use std::path::Path;
use std::sync::Arc;

/// A byte source: a file, or standard input read whole.
type Source = Box<dyn BufRead + Send>;

/// A deal file's records, whichever its format.
pub enum Reader {
    /// PBN, oneline or LIN text.
    Text(DealReader<Source>),
    /// ZRD records.
    Zrd(ZrdReader),
}

impl Reader {
    /// The records of `path` (`-`: `stdin`, the bytes read from standard input).
    pub fn open(path: &Path, stdin: Option<&Arc<Vec<u8>>>) -> std::io::Result<Reader> {
        let (zrd, source): (bool, Source) = match stdin {
            Some(bytes) => (is_zrd(bytes), Box::new(Cursor::new(SharedBytes(bytes.clone())))),
            None => {
                let mut f = File::open(path)?;
                let len = f.metadata()?.len();
                let mut head = [0u8; RECORD];
                let zrd =
                    len > 0 && len.is_multiple_of(RECORD as u64) && f.read_exact(&mut head).is_ok() && is_zrd(&head);
                (zrd, Box::new(BufReader::new(File::open(path)?)))
            }
        };
        Ok(if zrd {
            Reader::Zrd(ZrdReader { input: source, number: 0, queue: VecDeque::new(), done: false })
        } else {
            Reader::Text(DealReader::new(source))
        })
    }

    /// Text lines passed over that are not UTF-8 (see [`DealReader::not_utf8`]).
    pub fn not_utf8(&self) -> Option<(usize, usize)> {
        match self {
            Reader::Text(r) => r.not_utf8(),
            Reader::Zrd(_) => None,
        }
    }
}

impl Iterator for Reader {
    type Item = Result<Record, ReadError>;

    fn next(&mut self) -> Option<Self::Item> {
        match self {
            Reader::Text(r) => r.next(),
            Reader::Zrd(r) => r.next(),
        }
    }
}

/// Standard input's bytes, shared by the first pass and the run's.
struct SharedBytes(Arc<Vec<u8>>);

impl AsRef<[u8]> for SharedBytes {
    fn as_ref(&self) -> &[u8] {
        &self.0
    }
}

/// ZRD records as deals and tables.
pub struct ZrdReader {
    input: Source,
    /// Records read so far.
    number: usize,
    queue: VecDeque<Record>,
    done: bool,
}

impl Iterator for ZrdReader {
    type Item = Result<Record, ReadError>;

    fn next(&mut self) -> Option<Self::Item> {
        while self.queue.is_empty() && !self.done {
            let mut rec = [0u8; RECORD];
            let got = read_up_to(&mut self.input, &mut rec);
            self.number += 1;
            let line = self.number;
            match got {
                Err(e) => {
                    self.done = true;
                    return Some(Err(ReadError { line, message: e.to_string() }));
                }
                Ok(0) => self.done = true,
                Ok(n) if n < RECORD => {
                    self.done = true;
                    let message = format!("a last record of {n} bytes: a ZRD record has 23");
                    return Some(Err(ReadError { line, message }));
                }
                Ok(_) => self.queue.extend(records(line, &rec)),
            }
        }
        self.queue.pop_front().map(Ok)
    }
}

/// Reads until `buf` is full or the input ends; the bytes read.
fn read_up_to(input: &mut Source, buf: &mut [u8]) -> std::io::Result<usize> {
    let mut n = 0;
    while n < buf.len() {
        match input.read(&mut buf[n..])? {
            0 => break,
            k => n += k,
        }
    }
    Ok(n)
}

/// The records one ZRD record gives: none for a separator, the deal and its table's rows.
fn records(line: usize, rec: &[u8; RECORD]) -> Vec<Record> {
    match decode(rec) {
        Err(message) => vec![Record::Bad(dealbench::cards::input::BadRecord { line, message })],
        Ok(ZrdRecord::Separator) => Vec::new(),
        Ok(ZrdRecord::Deal(deal, None)) => vec![Record::Deal(line, deal)],
        Ok(ZrdRecord::Deal(deal, Some(t))) => {
            let mut rows = Vec::with_capacity(20);
            for (d, c) in [(0, 'N'), (2, 'S'), (1, 'E'), (3, 'W')] {
                for (s, name) in [(4, "NT"), (3, "S"), (2, "H"), (1, "D"), (0, "C")] {
                    rows.push(format!("{c} {name} {}", t[d][s]));
                }
            }
            vec![Record::Deal(line, deal), Record::Table { line, board: Some(format!("record {line}")), rows }]
        }
    }
}
