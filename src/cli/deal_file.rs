//! `--deals FILE`: the file's deals streamed into the run, never held in memory whole.
//!
//! A plain file is first read through once, keeping nothing but counts, so that a file with no
//! deal, a read error or (with `--strict`) a bad record stops the run before it starts; the run
//! then reads it again as it goes. A FIFO or other stream is read once, as the run goes: there
//! a read error or a `--strict` bad record stops the run where it is found. Bad records are
//! reported by line, the first [`BAD_SHOWN`] of them, then counted.

use super::console::say;
use super::error::CliError;
use super::zrd_reader::Reader;
use dealbench::cards::Deal;
use dealbench::cards::input::{ReadError, Record};
use dealbench::dd::{DdTable, Solver};
use dealbench::eval::Program;
use dealbench::report::optimum::read_rows;
use dealbench::run::{self, DealFeed, KnownTables, RunOptions};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::Instant;

const FNV_START: u64 = 0xcbf2_9ce4_8422_2325;

fn fnv(h: u64, b: u8) -> u64 {
    (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
}

/// Bad records reported one by one; the rest are counted.
pub const BAD_SHOWN: usize = 20;

/// What reading the file found, shared with the run's thread.
#[derive(Default)]
struct Tally {
    bad: usize,
    /// Bad records are reported (false after a first pass has reported them).
    report: bool,
    /// Why reading stopped early: a read error, or `--strict` at a bad record.
    error: Option<String>,
    not_utf8: Option<(usize, usize)>,
    /// FNV-1a over the hands of the deals the run was fed, for the run's identity.
    digest: u64,
}

/// A deal file being read by a run.
pub struct DealFile {
    path: PathBuf,
    strict: bool,
    tally: Arc<Mutex<Tally>>,
    /// Where the run's pass puts the tables read with the deals.
    tables: KnownTables,
    /// `-`: standard input's bytes, read whole.
    stdin: Option<Arc<Vec<u8>>>,
}

/// Why a deal file is not run.
pub enum Refused {
    /// An error for the user.
    Error(CliError),
    /// The first pass was still reading when the run's time was up: how many deals it had read.
    Timeout(u64),
}

impl From<CliError> for Refused {
    fn from(e: CliError) -> Self {
        Refused::Error(e)
    }
}

impl DealFile {
    /// Opens `path` for a run that evaluates at most `limit` deals; `deadline` bounds the
    /// first pass. Returns the file and the feed the run takes its deals from.
    pub fn open(
        path: &Path,
        strict: bool,
        limit: u64,
        deadline: Option<Instant>,
    ) -> Result<(DealFile, DealFeed), Refused> {
        let stdin = if path == Path::new("-") { Some(Arc::new(read_stdin()?)) } else { None };
        let file =
            DealFile { path: path.to_path_buf(), strict, tally: Arc::default(), tables: KnownTables::default(), stdin };
        let mut t = file.tally.lock().expect("tally");
        (t.report, t.digest) = (true, FNV_START);
        drop(t);
        if file.stdin.is_some() || std::fs::metadata(path).is_ok_and(|m| m.is_file()) {
            if file.first_pass(limit, deadline)? == 0 {
                return Err(file.no_deals().into());
            }
            let mut t = file.tally.lock().expect("tally");
            (t.report, t.digest) = (false, FNV_START);
        }
        let mut feed = file.feed()?;
        feed.tables = Some((file.tables.clone(), Box::new(Solver::with_memory_mib(16))));
        let first = feed.next().ok_or_else(|| file.error().unwrap_or_else(|| file.no_deals()))?;
        Ok((file, DealFeed::new(std::iter::once(first).chain(feed))))
    }

    /// Opens `path` as [`Self::open`] does and gives the run its deals and the double-dummy
    /// tables they carry, for at most as many deals as `options` lets the run evaluate.
    pub fn feed_run(
        path: &Path,
        strict: bool,
        program: &Program,
        options: &mut RunOptions,
        deadline: Option<Instant>,
    ) -> Result<DealFile, Refused> {
        let limit = run::deal_limits(program, options).0;
        let (file, feed) = Self::open(path, strict, limit, deadline)?;
        options.deal_feed = Some(feed);
        options.known_tables = Some(file.tables());
        Ok(file)
    }

    fn name(&self) -> String {
        self.path.display().to_string()
    }

    /// The file's deals from its start.
    fn feed(&self) -> Result<Feed, CliError> {
        let reader =
            Reader::open(&self.path, self.stdin.as_ref()).map_err(|e| format!("--deals {}: {e}", self.name()))?;
        Ok(Feed {
            reader,
            tally: self.tally.clone(),
            name: self.name(),
            strict: self.strict,
            pending: None,
            tables: None,
        })
    }

    /// Reads up to `limit` deals, keeping none; reports the bad records.
    fn first_pass(&self, limit: u64, deadline: Option<Instant>) -> Result<u64, Refused> {
        let mut feed = self.feed()?;
        let mut read = 0u64;
        while read < limit && feed.next().is_some() {
            read += 1;
            if read.is_multiple_of(4096) && deadline.is_some_and(|d| Instant::now() >= d) {
                return Err(Refused::Timeout(read));
            }
        }
        self.notes();
        match self.error() {
            Some(e) => Err(e.into()),
            None => Ok(read),
        }
    }

    fn no_deals(&self) -> CliError {
        CliError(format!(
            "{}: no deals found (expected PBN [Deal \"N:…\"], dealer oneline or LIN md| records)",
            self.name()
        ))
    }

    /// Why reading stopped early, if it did.
    fn error(&self) -> Option<CliError> {
        self.tally.lock().expect("tally").error.clone().map(CliError)
    }

    /// The count of the bad records not shown, and the lines that are not UTF-8.
    fn notes(&self) {
        let t = self.tally.lock().expect("tally");
        if t.bad > BAD_SHOWN {
            say!("{}: … and {} more bad record(s) ({} in all)", self.name(), t.bad - BAD_SHOWN, t.bad);
        }
        if let Some((count, first)) = t.not_utf8 {
            say!(
                "{}: {count} line(s) outside deal records are not UTF-8 text (the first: line {first}); passed over",
                self.name()
            );
        }
    }

    /// The tables read with the deals, for the run's solvers.
    pub fn tables(&self) -> KnownTables {
        self.tables.clone()
    }

    /// A digest of the deals the run was fed (the run's identity names it).
    pub fn digest(&self) -> String {
        format!("{:016x}", self.tally.lock().expect("tally").digest)
    }

    /// After the run: the notes of a streamed file, and the error that stopped it, if any.
    pub fn finish(self) -> Result<(), CliError> {
        let reported = self.tally.lock().expect("tally").report;
        if reported {
            self.notes();
        }
        self.error().map_or(Ok(()), Err)
    }
}

/// The deals of a reader, bad records reported and counted.
struct Feed {
    reader: Reader,
    tally: Arc<Mutex<Tally>>,
    name: String,
    strict: bool,
    /// A record read after a deal to see whether its table follows.
    pending: Option<Option<Result<Record, ReadError>>>,
    /// In the run's pass: where a deal's table goes once checked, with the solver that checks it.
    tables: Option<(KnownTables, Box<Solver>)>,
}

impl Feed {
    fn record(&mut self) -> Option<Result<Record, ReadError>> {
        self.pending.take().unwrap_or_else(|| self.reader.next())
    }

    /// After `deal`: its table when the next record is one, checked and recorded; an error
    /// naming the board when it is not the deal's.
    fn table_of(&mut self, deal: &Deal) -> Result<(), String> {
        let next = self.reader.next();
        let Some(Ok(Record::Table { line, board, rows })) = &next else {
            self.pending = Some(next);
            return Ok(());
        };
        let at = match board {
            Some(b) if b.starts_with("record ") => format!("{}: {b}", self.name),
            Some(b) => format!("{}:{line}: board {b}", self.name),
            None => format!("{}:{line}", self.name),
        };
        let table = read_rows(rows.iter().map(String::as_str)).map_err(|e| format!("{at}: {e}"))?;
        if let Some((tables, solver)) = &mut self.tables {
            check_table(solver, deal, &table).map_err(|e| format!("{at}: {e}"))?;
            tables.insert(*deal, table);
        }
        Ok(())
    }
}

/// One of the table's results, solved: a table of another deal (or altered) nearly always
/// differs there. The result checked turns with the deal, so that every one is checked in turn.
fn check_table(solver: &mut Solver, deal: &Deal, table: &DdTable) -> Result<(), String> {
    let turn = deal.hands[0].0.count_ones() as usize + (deal.hands[1].0 % 20) as usize;
    let (declarer, strain) = (turn % 4, turn / 4 % 5);
    let seat = dealbench::cards::Seat::from_index(declarer);
    let got = solver.tricks(deal, seat, strain).map_err(|e| e.to_string())?;
    let want = table.tricks[declarer][strain];
    if got == want {
        return Ok(());
    }
    let strain_name = ["clubs", "diamonds", "hearts", "spades", "notrump"][strain];
    Err(format!(
        "the OptimumResultTable is not this deal's: {} in {strain_name} takes {got} tricks, the table says {want}",
        seat.name()
    ))
}

impl Iterator for Feed {
    type Item = Deal;

    fn next(&mut self) -> Option<Deal> {
        loop {
            let record = self.record();
            let deal = match &record {
                Some(Ok(Record::Deal(_, d))) => Some(*d),
                _ => None,
            };
            if let Some(d) = deal
                && let Err(e) = self.table_of(&d)
            {
                self.tally.lock().expect("tally").error = Some(e);
                return None;
            }
            let mut t = self.tally.lock().expect("tally");
            match record {
                None => {
                    t.not_utf8 = self.reader.not_utf8();
                    return None;
                }
                Some(Ok(Record::Deal(_, d))) => {
                    t.digest = d.hands.iter().flat_map(|h| h.0.to_le_bytes()).fold(t.digest, fnv);
                    return Some(d);
                }
                Some(Ok(Record::Table { line, .. })) => {
                    t.error = Some(format!("{}:{line}: an OptimumResultTable with no deal before it", self.name));
                    return None;
                }
                Some(Err(e)) => {
                    t.error = Some(format!("{}:{}: {}", self.name, e.line, e.message));
                    return None;
                }
                Some(Ok(Record::Bad(b))) => {
                    t.bad += 1;
                    let what = if self.strict { "stopping: --strict" } else { "skipped" };
                    if t.report && t.bad <= BAD_SHOWN {
                        say!("{}:{}: {} ({what})", self.name, b.line, b.message);
                    }
                    if self.strict {
                        t.error = Some(format!("{}: bad record at line {}", self.name, b.line));
                        return None;
                    }
                }
            }
        }
    }
}

/// Standard input, read whole (`--deals -`).
fn read_stdin() -> Result<Vec<u8>, CliError> {
    let mut bytes = Vec::new();
    std::io::Read::read_to_end(&mut std::io::stdin().lock(), &mut bytes)
        .map_err(|e| CliError(format!("--deals -: standard input: {e}")))?;
    Ok(bytes)
}
