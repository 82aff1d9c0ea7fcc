//! Sets for play (`--export`): the produced deals as numbered boards, each with its dealer and
//! vulnerability, written as BBO LIN or PBN whatever the script's actions print.
//!
//! Boards are numbered from `startboard` (else 1). Dealer and vulnerability are the script's
//! when it names them, otherwise those of the board number (the duplicate rotation, as
//! printpbn's). With `rotate` every board takes its number's dealer and vulnerability and its
//! deal is turned so that the script's dealer sits in that seat.

use super::{lin, pbn_set};
use crate::cards::{Deal, Seat, Vul};
use std::io::Write;
use std::path::Path;

/// The dealer of a board number (1-based): North, East, South, West in turn.
pub fn board_dealer(number: u64) -> Seat {
    Seat::from_index(((number.max(1) - 1) % 4) as usize)
}

/// One board of a set.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Board {
    /// The board number.
    pub number: u64,
    /// The dealer's seat.
    pub dealer: Seat,
    /// Who is vulnerable.
    pub vulnerable: Vul,
    /// The deal, turned when the set rotates.
    pub deal: Deal,
}

/// How produced deals become boards.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SetOptions {
    /// The first board's number (`startboard`, else 1).
    pub first_board: u64,
    /// The script's `dealer`.
    pub dealer: Option<Seat>,
    /// The run's vulnerability (`--vulnerable`, else the script's `vulnerable`).
    pub vulnerable: Option<Vul>,
    /// `--rotate`: every board takes its number's dealer and vulnerability.
    pub rotate: bool,
}

impl SetOptions {
    /// The board the `produced`-th deal (1-based) becomes.
    pub fn board(&self, produced: u64, deal: Deal) -> Board {
        let number = self.first_board.max(1) + produced.max(1) - 1;
        let (by_dealer, by_vul) = (board_dealer(number), Vul::of_board(number));
        if !self.rotate {
            let dealer = self.dealer.unwrap_or(by_dealer);
            return Board { number, dealer, vulnerable: self.vulnerable.unwrap_or(by_vul), deal };
        }
        // The script's dealer moves to the board's dealer seat; without one nothing turns.
        let steps = self.dealer.map_or(0, |d| (by_dealer.index() + 4 - d.index()) % 4);
        Board { number, dealer: by_dealer, vulnerable: by_vul, deal: deal.turned(steps) }
    }
}

/// A set's file format, from the file's extension.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SetFormat {
    /// BBO LIN: one board a line.
    Lin,
    /// PBN: one tag section a board.
    Pbn,
}

impl SetFormat {
    /// The format a file name asks for: `.lin` or `.pbn` (any case).
    pub fn from_path(path: &Path) -> Result<SetFormat, super::ReportError> {
        let ext = path.extension().and_then(|e| e.to_str()).map(str::to_ascii_lowercase);
        match ext.as_deref() {
            Some("lin") => Ok(SetFormat::Lin),
            Some("pbn") => Ok(SetFormat::Pbn),
            _ => Err(format!("{}: a set is written as .lin (BBO LIN) or .pbn (PBN): name the file so", path.display())
                .into()),
        }
    }

    /// What the file holds before its first board.
    pub fn header(self) -> &'static str {
        match self {
            SetFormat::Lin => "",
            SetFormat::Pbn => pbn_set::HEADER,
        }
    }

    /// Appends one board.
    pub fn board(self, out: &mut String, board: &Board, event: &str) {
        match self {
            SetFormat::Lin => lin::board(out, board),
            SetFormat::Pbn => pbn_set::board(out, board, event),
        }
    }
}

/// Writes a set board by board as the deals come.
pub struct SetWriter<W: Write> {
    out: W,
    format: SetFormat,
    options: SetOptions,
    event: String,
    buf: String,
    boards: u64,
    /// `--dd`: the solver that gives each PBN board its double-dummy tags.
    dd: Option<Box<crate::dd::Solver>>,
}

impl<W: Write> SetWriter<W> {
    /// A set in `format` on `out`; `event` names it (PBN's `[Event]`).
    pub fn new(mut out: W, format: SetFormat, options: SetOptions, event: &str) -> std::io::Result<Self> {
        out.write_all(format.header().as_bytes())?;
        Ok(SetWriter {
            out,
            format,
            options,
            event: pbn_set::tag_value(event),
            buf: String::new(),
            boards: 0,
            dd: None,
        })
    }

    /// The same, giving each PBN board its double-dummy results and par
    /// ([`super::optimum`]'s tags); a LIN set is unchanged.
    pub fn with_dd(mut self) -> Self {
        if self.format == SetFormat::Pbn {
            self.dd = Some(Box::new(crate::dd::Solver::new()));
        }
        self
    }

    /// Writes the `produced`-th deal (1-based) as its board.
    pub fn push(&mut self, produced: u64, deal: Deal) -> std::io::Result<()> {
        self.buf.clear();
        let board = self.options.board(produced, deal);
        self.format.board(&mut self.buf, &board, &self.event);
        if let Some(solver) = &mut self.dd {
            let table =
                solver.table(&board.deal).map_err(|e| std::io::Error::other(format!("board {}: {e}", board.number)))?;
            // The tags go inside the board's section, before the blank line that ends it.
            self.buf.pop();
            super::optimum::write_tags(&mut self.buf, &table, board.vulnerable);
            self.buf.push('\n');
        }
        self.boards += 1;
        self.out.write_all(self.buf.as_bytes())
    }

    /// Boards written so far.
    pub fn boards(&self) -> u64 {
        self.boards
    }

    /// Flushes the output and returns it.
    pub fn finish(mut self) -> std::io::Result<W> {
        self.out.flush()?;
        Ok(self.out)
    }
}

/// A whole set as text: each deal with its 1-based number among the produced deals.
pub fn write_set(
    format: SetFormat,
    options: SetOptions,
    event: &str,
    deals: impl IntoIterator<Item = (u64, Deal)>,
) -> String {
    let mut out = String::from(format.header());
    let event = pbn_set::tag_value(event);
    for (produced, deal) in deals {
        format.board(&mut out, &options.board(produced, deal), &event);
    }
    out
}

#[cfg(test)]
mod tests;
