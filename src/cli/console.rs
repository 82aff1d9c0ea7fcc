//! Standard output and standard error for the commands: no write panics, and every error is
//! kept. A closed pipe (`| head`) is not worth a word: the command stops quietly with status 0.
//! Any other error (a full disk, `/dev/full`) stops it with a message and a non-zero status;
//! when standard error itself fails, the status alone says so.

use std::fmt;
use std::io::{self, Write};
use std::sync::atomic::{AtomicBool, Ordering};

/// Set when a write to standard error failed with anything but a closed pipe.
static STDERR_FAILED: AtomicBool = AtomicBool::new(false);

/// Writes `args` and a newline to standard error, as one write.
pub fn say_line(args: fmt::Arguments) {
    say_text(&format!("{args}\n"));
}

/// Writes `text` to standard error as it is.
pub fn say_text(text: &str) {
    let mut err = io::stderr().lock();
    if let Err(e) = err.write_all(text.as_bytes()).and_then(|()| err.flush()) {
        note_stderr_error(&e);
    }
}

/// Records a failed write to standard error (a closed pipe is ignored).
pub fn note_stderr_error(e: &io::Error) {
    if !closed_pipe(e) {
        STDERR_FAILED.store(true, Ordering::Relaxed);
    }
}

/// True once a write to standard error failed with anything but a closed pipe.
pub fn stderr_failed() -> bool {
    STDERR_FAILED.load(Ordering::Relaxed)
}

/// True for the error of a write to a pipe whose reader has gone.
pub fn closed_pipe(e: &io::Error) -> bool {
    e.kind() == io::ErrorKind::BrokenPipe
}

/// `eprintln!` that neither panics nor loses its error: see [`say_line`].
macro_rules! say {
    ($($arg:tt)*) => { $crate::cli::console::say_line(format_args!($($arg)*)) };
}
pub(crate) use say;

/// Standard error for the progress meter: errors are recorded as [`say_text`]'s are.
pub struct Stderr;

impl Write for Stderr {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        io::stderr().write(buf).inspect_err(note_stderr_error)
    }
    fn flush(&mut self) -> io::Result<()> {
        io::stderr().flush().inspect_err(note_stderr_error)
    }
}

/// A writer that keeps its first error; after one, every write fails at once.
pub struct Checked<W: Write> {
    inner: W,
    error: Option<io::Error>,
}

impl<W: Write> Checked<W> {
    /// Wraps `inner`.
    pub fn new(inner: W) -> Self {
        Checked { inner, error: None }
    }

    /// True once a write failed.
    pub fn failed(&self) -> bool {
        self.error.is_some()
    }

    /// Flushes, then what became of the writes: `Ok(true)` all written, `Ok(false)` the reader
    /// closed the pipe, `Err` any other error (for the message).
    pub fn finish(&mut self) -> Result<bool, String> {
        let _ = self.flush();
        match self.error.take() {
            None => Ok(true),
            Some(e) if closed_pipe(&e) => Ok(false),
            Some(e) => Err(format!("cannot write to standard output: {}", describe(&e))),
        }
    }

    fn keep<T>(&mut self, r: io::Result<T>) -> io::Result<T> {
        if let Err(e) = &r {
            self.error = Some(io::Error::new(e.kind(), e.to_string()));
        }
        r
    }
}

impl<W: Write> Write for Checked<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if let Some(e) = &self.error {
            return Err(io::Error::new(e.kind(), e.to_string()));
        }
        let r = self.inner.write(buf);
        self.keep(r)
    }
    fn flush(&mut self) -> io::Result<()> {
        if let Some(e) = &self.error {
            return Err(io::Error::new(e.kind(), e.to_string()));
        }
        let r = self.inner.flush();
        self.keep(r)
    }
}

/// An I/O error in words a user can act on (the OS's text, with a hint for the usual ones).
pub fn describe(e: &io::Error) -> String {
    match e.raw_os_error() {
        Some(28) => format!("{e}: the disk (or device) is full"),
        Some(22) => format!("{e}: this file cannot be written to like a plain file"),
        _ => e.to_string(),
    }
}

/// Writes a command's whole output to standard output; the exit code (0, or 1 after a
/// message on a write error other than a closed pipe).
pub fn print_all(bytes: &[u8]) -> i32 {
    let mut out = Checked::new(io::stdout().lock());
    let _ = out.write_all(bytes);
    match out.finish() {
        Ok(_) => 0,
        Err(msg) => {
            say!("dealbench: {msg}");
            1
        }
    }
}

/// The process's exit code: `code`, or 1 when standard error failed and nothing else did.
pub fn exit_code(code: i32) -> i32 {
    if code == 0 && stderr_failed() { 1 } else { code }
}
