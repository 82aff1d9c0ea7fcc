//! Reading deals from a file: PBN (`[Deal "N:…"]`), dealer's oneline (`n … e … s … w …`,
//! as printoneline writes it), bare PBN deal strings (`N:…`), and BBO LIN (`md|…|`).
//!
//! The file is read as bytes, line by line (`\n`, `\r\n` or `\r` end a line), so a byte that
//! is not UTF-8 costs only its line; lines are bounded by [`lines::MAX_LINE`]. A LIN line may
//! hold several boards (a vugraph file's `qx|…|md|…|` boards); PBN's `{ }` comments, also over
//! several lines, hold no records (as endplay reads them).

mod lines;

use super::{Card, Deal, Hand, parse_deal, quoted};
use crate::cards::ParseDealError;
pub use lines::MAX_LINE;
use lines::{LineError, Lines};
use std::collections::VecDeque;
use std::io::BufRead;

/// A record that could not be read: its 1-based line and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadRecord {
    /// 1-based line number.
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

/// What a line of a deal file held.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Record {
    /// A deal and its 1-based line.
    Deal(usize, Deal),
    /// A record that is not a deal.
    Bad(BadRecord),
    /// A PBN `[OptimumResultTable]` of the deal before it: its tag's 1-based line, the
    /// section's `[Board]` when given, and its rows as written.
    Table {
        /// 1-based line of the tag.
        line: usize,
        /// The board's `[Board]` tag value.
        board: Option<String>,
        /// The table's rows (`N NT 9`).
        rows: Vec<String>,
    },
}

/// A PBN section's `[OptimumResultTable]` being read.
#[derive(Default)]
struct TableRows {
    /// The `[Board]` of the section read last.
    board: Option<String>,
    /// The table's line and rows, while its rows are read.
    open: Option<(usize, Vec<String>)>,
}

impl TableRows {
    /// Takes a line that belongs to a table (its tag or a row; the `[Board]` tag is noted and
    /// passed on); a line that ends an open table first queues it.
    fn take(&mut self, line: usize, bytes: &[u8], queue: &mut VecDeque<Record>) -> bool {
        let text = String::from_utf8_lossy(bytes);
        let text = text.trim();
        if self.open.is_some() {
            if !text.is_empty() && !text.starts_with(['[', '%', '{', ';']) {
                self.open.as_mut().expect("open").1.push(text.to_string());
                return true;
            }
            self.close(queue);
        }
        if let Some(rest) = text.strip_prefix("[Board \"") {
            self.board = rest.split('"').next().map(str::to_string);
        } else if text.starts_with("[OptimumResultTable ") {
            self.open = Some((line, Vec::new()));
            return true;
        }
        false
    }

    /// Queues the open table, if any.
    fn close(&mut self, queue: &mut VecDeque<Record>) {
        if let Some((line, rows)) = self.open.take() {
            queue.push_back(Record::Table { line, board: self.board.clone(), rows });
        }
    }
}

/// Why the rest of a file cannot be read: its line and what happened.
#[derive(Debug)]
pub struct ReadError {
    /// 1-based line number.
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

/// The records of a deal file in order; lines that hold no record are passed over.
pub struct DealReader<R> {
    lines: Lines<R>,
    not_utf8: Option<(usize, usize)>,
    /// A [`ReadError`] was returned: the iterator has ended.
    failed: bool,
    /// Inside a PBN `{ }` comment that a line before opened.
    comment: bool,
    /// Records of the line read last still to give (a LIN line of several boards).
    queue: VecDeque<Record>,
    /// PBN double-dummy tables.
    tables: TableRows,
}

impl<R: BufRead> DealReader<R> {
    /// Records of `input`.
    pub fn new(input: R) -> Self {
        DealReader {
            lines: Lines::new(input),
            not_utf8: None,
            failed: false,
            comment: false,
            queue: VecDeque::new(),
            tables: TableRows::default(),
        }
    }

    /// Lines passed over that are not UTF-8 (PBN's own character set is Latin-1): how many,
    /// and the first one's number.
    pub fn not_utf8(&self) -> Option<(usize, usize)> {
        self.not_utf8
    }

    /// The next record; `None` at the end of the input and after an error.
    fn read(&mut self) -> Option<Result<Record, ReadError>> {
        if self.failed {
            return None;
        }
        loop {
            if let Some(r) = self.queue.pop_front() {
                return Some(Ok(r));
            }
            let (line, bytes) = match self.lines.next_line() {
                Ok(Some(l)) => l,
                Ok(None) => {
                    self.tables.close(&mut self.queue);
                    return self.queue.pop_front().map(Ok);
                }
                Err(e) => return Some(Err(self.line_error(e))),
            };
            let bytes = if line == 1 { first_line(bytes) } else { Ok(bytes) };
            let bytes = match bytes {
                Ok(b) => b,
                Err(message) => return Some(Err(ReadError { line, message: message.0 })),
            };
            if in_comment(&mut self.comment, bytes) || self.tables.take(line, bytes, &mut self.queue) {
                continue;
            }
            let (found, not_utf8) = read_line(bytes);
            if not_utf8 && found.is_empty() {
                let (count, first) = self.not_utf8.unwrap_or((0, line));
                self.not_utf8 = Some((count + 1, first));
            }
            self.queue.extend(found.into_iter().map(|r| match r {
                Ok(d) => Record::Deal(line, d),
                Err(message) => Record::Bad(BadRecord { line, message: message.0 }),
            }));
        }
    }

    fn line_error(&self, e: LineError) -> ReadError {
        let message = match e {
            LineError::Io(e) => e.to_string(),
            LineError::TooLong => format!("a line longer than {MAX_LINE} bytes: not a deal file"),
        };
        ReadError { line: self.lines.number(), message }
    }
}

impl<R: BufRead> Iterator for DealReader<R> {
    type Item = Result<Record, ReadError>;

    fn next(&mut self) -> Option<Self::Item> {
        let item = self.read();
        self.failed |= matches!(item, Some(Err(_)));
        item
    }
}

/// True when the line is (all) inside a PBN `{ }` comment; `open` notes a comment that a line
/// opens (alone, or after a tag) and leaves open, as endplay reads them.
fn in_comment(open: &mut bool, bytes: &[u8]) -> bool {
    let text = bytes.trim_ascii();
    let closes = |t: &[u8]| t.contains(&b'}');
    if *open || text.starts_with(b"{") {
        *open = !closes(text);
        return true;
    }
    if text.starts_with(b"[")
        && let Some(at) = text.windows(2).position(|w| w == b"\"]")
    {
        let rest = text[at + 2..].trim_ascii_start();
        *open = rest.starts_with(b"{") && !closes(rest);
    }
    false
}

/// The first line without its UTF-8 byte-order mark; UTF-16 text is refused.
fn first_line(bytes: &[u8]) -> Result<&[u8], ParseDealError> {
    if bytes.starts_with(&[0xFF, 0xFE]) || bytes.starts_with(&[0xFE, 0xFF]) {
        return Err("the file is UTF-16 text: save it as UTF-8 or ASCII".into());
    }
    Ok(bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes))
}

/// The records a line holds (none, or several on a LIN line), and whether it is not UTF-8.
fn read_line(bytes: &[u8]) -> (Vec<Result<Deal, ParseDealError>>, bool) {
    match std::str::from_utf8(bytes) {
        Ok(text) => (records(text.trim()), false),
        Err(e) => {
            let text = String::from_utf8_lossy(bytes);
            let found = records(text.trim()).into_iter().take(1).map(|_| {
                let column = String::from_utf8_lossy(&bytes[..e.valid_up_to()]).chars().count() + 1;
                Err(format!("byte 0x{:02X} at column {column} is not UTF-8 text", bytes[e.valid_up_to()]).into())
            });
            (found.collect(), true)
        }
    }
}

/// The deals a trimmed line holds, or reasons they are none; empty when it holds no record.
fn records(line: &str) -> Vec<Result<Deal, ParseDealError>> {
    if let Some(rest) = line.strip_prefix("[Deal \"") {
        vec![parse_deal(rest.trim_end_matches("\"]"))]
    } else if line.contains("md|") {
        lin_fields(line).map(parse_lin).collect()
    } else if is_oneline(line) {
        vec![parse_oneline(line)]
    } else if is_pbn_deal(line) {
        vec![parse_deal(line)]
    } else {
        Vec::new()
    }
}

/// The values of a LIN line's `md|` fields: the text after each `md|` that starts the line or
/// follows a `|` (a vugraph line holds one a board).
fn lin_fields(line: &str) -> impl Iterator<Item = &str> {
    line.match_indices("md|")
        .filter(|&(at, _)| at == 0 || line.as_bytes()[at - 1] == b'|')
        .map(|(at, _)| &line[at + 3..])
}

const SEATS: [&str; 4] = ["n", "e", "s", "w"];

fn seat_of(word: &str) -> Option<usize> {
    SEATS.iter().position(|s| word.eq_ignore_ascii_case(s))
}

/// A line that starts as a oneline record does: a seat letter, then a dotted hand.
fn is_oneline(line: &str) -> bool {
    let mut words = line.split_whitespace();
    words.next().and_then(seat_of).is_some() && words.next().is_some_and(|w| w.contains('.'))
}

/// `n h e h s h w h`, in that order, optionally followed by the value `printoneline(expr)` prints.
fn parse_oneline(line: &str) -> Result<Deal, ParseDealError> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let mut deal = Deal::default();
    for (seat, name) in SEATS.iter().enumerate() {
        let label = *words.get(2 * seat).ok_or_else(|| format!("the record ends before the `{name}` hand"))?;
        match seat_of(label) {
            Some(s) if s == seat => {}
            Some(s) if s < seat => return Err(format!("`{}` is given twice", quoted(label)).into()),
            Some(_) => {
                return Err(format!(
                    "`{}` where `{name}` belongs: a oneline record gives n, e, s, w in that order",
                    quoted(label)
                )
                .into());
            }
            None => return Err(format!("`{}` where the seat `{name}` belongs", quoted(label)).into()),
        }
        let hand = words.get(2 * seat + 1).ok_or_else(|| format!("the record ends before the `{name}` hand"))?;
        deal.hands[seat] = super::pbn::parse_hand(hand).map_err(|e| e.0)?;
    }
    match &words[8..] {
        [] => {}
        [value] if value.parse::<i64>().is_ok() => {}
        [extra, ..] => {
            return Err(
                format!("`{}` after the `w` hand: expected the end of the line or a number", quoted(extra)).into()
            );
        }
    }
    if let Some(why) = deal.incomplete() {
        return Err(why.into());
    }
    Ok(deal)
}

fn is_pbn_deal(line: &str) -> bool {
    let b = line.as_bytes();
    b.len() > 2 && b[1] == b':' && b"NESWnesw".contains(&b[0]) && line.contains('.')
}

/// LIN's `md` field: a dealer digit, then South, West, North (and optionally East) as `SxxHxxDxxCxx`.
fn parse_lin(field: &str) -> Result<Deal, ParseDealError> {
    let field = field.split('|').next().unwrap_or("");
    let hands_text = field.get(1..).ok_or("empty md field")?;
    let seats = [2usize, 3, 0, 1];
    let mut deal = Deal::default();
    let parts: Vec<&str> = hands_text.split(',').collect();
    if parts.len() < 3 {
        return Err(format!("md|{}|: expected at least three hands", quoted(field)).into());
    }
    for (k, part) in parts.iter().take(4).enumerate() {
        deal.hands[seats[k]] = lin_hand(part)?;
    }
    let used = deal.hands.iter().fold(0u64, |a, h| a | h.0);
    if deal.hands[1].is_empty() {
        deal.hands[1] = Hand((0..52u8).map(|c| Card(c).bit()).fold(0, |a, b| a | b) & !used);
    }
    if let Some(why) = deal.incomplete() {
        return Err(format!("md|{}|: {why}", quoted(field)).into());
    }
    Ok(deal)
}

fn lin_hand(text: &str) -> Result<Hand, ParseDealError> {
    let mut hand = Hand::default();
    let mut suit = None;
    for ch in text.bytes() {
        let up = ch.to_ascii_uppercase();
        if let Some(s) = super::suit_of_char(up) {
            suit = Some(s);
            continue;
        }
        let rank = super::rank_of_char(up)
            .ok_or_else(|| format!("`{}` is not a rank in `{}`", quoted(&char::from(ch).to_string()), quoted(text)))?;
        let s = suit.ok_or_else(|| format!("`{}`: ranks before a suit letter", quoted(text)))?;
        hand.add(Card::new(s, rank));
    }
    Ok(hand)
}

#[cfg(test)]
mod tests {
    use super::*;

    const LINE: &str = "n AKQT3.J6.KJ42.95 e 652.AK42.AQ87.T4 s J74.QT95.T.AK863 w 98.873.9653.QJ72";

    /// Every record of `bytes`: the deals with their lines, and the bad records.
    fn read(bytes: &[u8]) -> (Vec<(usize, Deal)>, Vec<BadRecord>) {
        let (mut deals, mut bad) = (Vec::new(), Vec::new());
        for r in DealReader::new(bytes) {
            match r.unwrap() {
                Record::Deal(l, d) => deals.push((l, d)),
                Record::Bad(b) => bad.push(b),
                Record::Table { line, .. } => panic!("a table at line {line}"),
            }
        }
        (deals, bad)
    }

    #[test]
    fn a_pbn_table_follows_its_deal_with_its_board() {
        let text = format!(
            "[Board \"7\"]\n[Deal \"{}\"]\n[OptimumResultTable \"Declarer;Denomination\\2R;Result\\2R\"]\n\
             N NT  6\nN  S  5\n[OptimumScore \"NS 0\"]\n\n",
            "N:AKQT3.J6.KJ42.95 652.AK42.AQ87.T4 J74.QT95.T.AK863 98.873.9653.QJ72"
        );
        let records: Vec<Record> = DealReader::new(text.as_bytes()).map(Result::unwrap).collect();
        assert!(matches!(records[0], Record::Deal(2, _)));
        let want = Record::Table { line: 3, board: Some("7".into()), rows: vec!["N NT  6".into(), "N  S  5".into()] };
        assert_eq!(records[1..], [want]);
    }

    #[test]
    fn reads_pbn_oneline_and_lin() {
        let want = parse_deal(LINE).unwrap();
        let text = format!(
            "[Event \"x\"]\n[Deal \"N:AKQT3.J6.KJ42.95 652.AK42.AQ87.T4 J74.QT95.T.AK863 98.873.9653.QJ72\"]\n{LINE} \n\
             pn|a,b,c,d|md|3SJ74HQT95DTCAK863,S98H873D9653CQJ72,SAKQT3HJ6DKJ42C95,|rh||\n"
        );
        let (deals, bad) = read(text.as_bytes());
        assert!(bad.is_empty(), "{bad:?}");
        assert_eq!(deals.len(), 3);
        assert!(deals.iter().all(|(_, d)| *d == want));
        assert_eq!(deals.iter().map(|(l, _)| *l).collect::<Vec<_>>(), [2, 3, 4]);
    }

    #[test]
    fn bad_records_have_line_numbers() {
        let text =
            "[Deal \"N:AKQ.. 1 2 3\"]\nn AKQT3.J6.KJ42.95 e 652.AK42.AQ87.T4 s J74.QT95.T.AK863 w 98.873.9653.QJ7\n";
        let (deals, bad) = read(text.as_bytes());
        assert!(deals.is_empty());
        assert_eq!(bad.iter().map(|b| b.line).collect::<Vec<_>>(), [1, 2]);
    }

    #[test]
    fn a_byte_order_mark_is_not_part_of_the_first_record() {
        let (deals, bad) = read(format!("\u{feff}{LINE}\n").as_bytes());
        assert_eq!((deals.len(), bad.len()), (1, 0));
        let mut utf16 = vec![0xFF, 0xFE];
        utf16.extend(LINE.bytes().flat_map(|b| [b, 0]));
        let e = DealReader::new(&utf16[..]).next().unwrap().unwrap_err();
        assert_eq!(e.line, 1);
        assert!(e.message.contains("UTF-16"), "{}", e.message);
    }

    #[test]
    fn oneline_records_give_every_seat_once_in_order() {
        let bad = |line: &str| -> String {
            let (deals, bad) = read(line.as_bytes());
            assert!(deals.is_empty(), "{line}");
            bad[0].message.clone()
        };
        assert_eq!(bad(&LINE[..LINE.find(" w ").unwrap()]), "the record ends before the `w` hand");
        assert_eq!(bad("n AKQT3.J6.KJ42.95 e"), "the record ends before the `e` hand");
        assert!(bad(&LINE.replace(" s ", " n ")).contains("`n` is given twice"));
        assert!(bad(&LINE.replace(" e ", " x ")).contains("`x` where the seat `e` belongs"));
        let swapped = "n AKQT3.J6.KJ42.95 s J74.QT95.T.AK863 e 652.AK42.AQ87.T4 w 98.873.9653.QJ72";
        assert!(bad(swapped).contains("`s` where `e` belongs"));
        assert!(bad(&format!("{LINE} 14 15")).contains("`14` after the `w` hand"));
        assert_eq!(read(format!("{LINE} -7").as_bytes()).0.len(), 1);
        assert_eq!(read(LINE.to_uppercase().as_bytes()).0.len(), 1);
    }

    #[test]
    fn text_that_is_not_utf8_costs_only_its_line() {
        let mut bytes = b"[Event \"Caf\xE9\"]\n".to_vec();
        bytes.extend_from_slice(format!("{LINE}\n").as_bytes());
        bytes.extend_from_slice(&LINE.as_bytes()[..10]);
        bytes.extend_from_slice(b"\xFF\n");
        let mut reader = DealReader::new(&bytes[..]);
        let records: Vec<Record> = reader.by_ref().map(Result::unwrap).collect();
        assert!(matches!(records[0], Record::Deal(2, _)));
        let Record::Bad(b) = &records[1] else { panic!("{records:?}") };
        assert_eq!((b.line, b.message.as_str()), (3, "byte 0xFF at column 11 is not UTF-8 text"));
        assert_eq!(reader.not_utf8(), Some((1, 1)));
    }

    #[test]
    fn an_overlong_line_stops_the_reading_at_its_line() {
        let mut bytes = format!("{LINE}\n").into_bytes();
        bytes.resize(bytes.len() + MAX_LINE + 1, 0);
        let mut reader = DealReader::new(&bytes[..]);
        assert!(matches!(reader.next(), Some(Ok(Record::Deal(1, _)))));
        let e = reader.next().unwrap().unwrap_err();
        assert_eq!(e.line, 2);
        assert!(e.message.contains("longer than 65536 bytes"), "{}", e.message);
        assert!(reader.next().is_none() && reader.next().is_none(), "the reading stops at the error");
    }
}
