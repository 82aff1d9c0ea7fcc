//! The report files of DealerV2_4's `-C` (csvrpt) and `-X` (export): standard output when
//! the switch is not given, as DealerV2_4 does.

use crate::eval::EvalError;
use std::fs::{File, OpenOptions};
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};

/// `[w:]FILE` as the switch takes it: the path, and whether `w:` asked to truncate it first.
pub fn split_mode(arg: &str) -> (PathBuf, bool) {
    match arg.strip_prefix("w:") {
        Some(path) => (PathBuf::from(path), true),
        None => (PathBuf::from(arg), false),
    }
}

/// Opens a report file for appending, after truncating it when asked.
pub fn open(path: &Path, truncate: bool) -> std::io::Result<File> {
    let mut o = OpenOptions::new();
    o.create(true);
    if truncate {
        o.write(true).truncate(true);
    } else {
        o.append(true);
    }
    o.open(path)
}

/// Where a report's rows go.
pub(super) enum Sink {
    /// With the deals' output on standard output.
    Stdout,
    /// A file of its own.
    File(BufWriter<File>, PathBuf),
}

impl Sink {
    /// The sink for an optional path (opened for appending: the command line truncates).
    pub(super) fn new(path: Option<&PathBuf>) -> std::io::Result<Sink> {
        match path {
            None => Ok(Sink::Stdout),
            Some(p) => open(p, false).map(|f| Sink::File(BufWriter::new(f), p.clone())),
        }
    }

    /// Writes a row: into `stdout` (the deal's printed text) or the file.
    pub(super) fn write(&mut self, stdout: &mut String, row: &str) -> Result<(), EvalError> {
        match self {
            Sink::Stdout => {
                stdout.push_str(row);
                Ok(())
            }
            Sink::File(f, p) => f.write_all(row.as_bytes()).map_err(|e| write_error(p, &e)),
        }
    }

    /// Flushes a file sink.
    pub(super) fn flush(&mut self) -> Result<(), EvalError> {
        match self {
            Sink::File(f, p) => f.flush().map_err(|e| write_error(p, &e)),
            Sink::Stdout => Ok(()),
        }
    }
}

fn write_error(path: &Path, e: &std::io::Error) -> EvalError {
    EvalError::new(Default::default(), format!("cannot write to {}: {e}", path.display()))
}
