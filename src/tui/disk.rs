//! The workbench's file I/O, none of which may block the event loop or overwrite an input:
//! reads take regular files only, opened non-blocking (a FIFO put in the script's place
//! would otherwise hang `open` until a writer came); writes go to a new temporary file
//! beside the target and are renamed into place; an export never lands on the script.

use std::fmt;
use std::fs::{File, Metadata, OpenOptions};
use std::io::{self, Read, Write};
use std::path::Path;

use super::session::{SessionAdd, SessionOutcome};
use crate::report::session_file::{self, Row};
use crate::report::set::SetFormat;

/// The largest file the workbench reads (a script, its config or a theme).
pub const MAX_READ: u64 = 64 << 20;

/// What stands where a regular file was expected ("a directory", "a named pipe (FIFO)", …).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NotAFile(pub &'static str);

impl fmt::Display for NotAFile {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "it is {}, not a regular file", self.0)
    }
}

impl std::error::Error for NotAFile {}

/// What a read error says stands at the path, when it is not a regular file.
pub fn not_a_file(e: &io::Error) -> Option<NotAFile> {
    e.get_ref().and_then(|r| r.downcast_ref::<NotAFile>()).copied()
}

/// Names what `meta` describes, in words for the status line.
pub fn kind_of(meta: &Metadata) -> &'static str {
    let t = meta.file_type();
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if t.is_fifo() {
            return "a named pipe (FIFO)";
        }
        if t.is_socket() {
            return "a socket";
        }
        if t.is_block_device() || t.is_char_device() {
            return "a device";
        }
    }
    if t.is_dir() {
        "a directory"
    } else if t.is_file() {
        "a regular file"
    } else {
        "not a regular file"
    }
}

fn refuse(meta: &Metadata) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidInput, NotAFile(kind_of(meta)))
}

/// Opens for reading without blocking: on a FIFO `open` returns at once instead of waiting
/// for a writer (the caller then refuses it by its type).
fn open_nonblocking(path: &Path) -> io::Result<File> {
    let mut o = OpenOptions::new();
    o.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        o.custom_flags(libc::O_NONBLOCK);
    }
    o.open(path)
}

/// Reads a regular file whole (up to [`MAX_READ`]). Anything else (a directory, FIFO, socket
/// or device) is refused with a [`NotAFile`] error, checked before opening and again on the
/// open file, so a swap between the two cannot block.
pub fn read_regular(path: &Path) -> io::Result<Vec<u8>> {
    let meta = std::fs::metadata(path)?;
    if !meta.is_file() {
        return Err(refuse(&meta));
    }
    let f = open_nonblocking(path)?;
    let meta = f.metadata()?;
    if !meta.is_file() {
        return Err(refuse(&meta));
    }
    let mut bytes = Vec::with_capacity(meta.len().min(MAX_READ) as usize);
    f.take(MAX_READ + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > MAX_READ {
        let msg = format!("it is over {} MiB, more than the workbench reads", MAX_READ >> 20);
        return Err(io::Error::new(io::ErrorKind::InvalidData, msg));
    }
    Ok(bytes)
}

/// Reads a regular UTF-8 file, as [`read_regular`].
pub fn read_text(path: &Path) -> io::Result<String> {
    String::from_utf8(read_regular(path)?).map_err(|_| io::Error::new(io::ErrorKind::InvalidData, "not UTF-8"))
}

/// Writes a file atomically: a new temporary file in the same directory (created, never
/// opened if something is there already), synced, then renamed over the target, so readers
/// and watchers only ever see a whole file, and a failure leaves the old one as it was.
pub fn atomic_write(path: &Path, text: &str) -> io::Result<()> {
    if let Ok(meta) = std::fs::metadata(path)
        && meta.is_dir()
    {
        return Err(refuse(&meta));
    }
    let dir = path.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let (tmp, mut f) = create_temp(dir, &name)?;
    let result = (|| {
        f.write_all(text.as_bytes())?;
        f.sync_all()?;
        if let Ok(meta) = std::fs::metadata(path) {
            let _ = std::fs::set_permissions(&tmp, meta.permissions());
        }
        std::fs::rename(&tmp, path)
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    result
}

/// A new temporary file `.NAME.PID[.N].tmp` in `dir`, created exclusively.
fn create_temp(dir: &Path, name: &str) -> io::Result<(std::path::PathBuf, File)> {
    let pid = std::process::id();
    let mut last = None;
    for n in 0..16 {
        let suffix = if n == 0 { String::new() } else { format!(".{n}") };
        let tmp = dir.join(format!(".{name}.{pid}{suffix}.tmp"));
        match OpenOptions::new().write(true).create_new(true).open(&tmp) {
            Ok(f) => return Ok((tmp, f)),
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => last = Some(e),
            Err(e) => return Err(e),
        }
    }
    Err(last.unwrap_or_else(|| io::Error::other("no temporary file name left")))
}

/// Where an export may go, checked just before writing.
#[derive(Debug, PartialEq, Eq)]
pub enum Target {
    /// Nothing there yet.
    New,
    /// A regular file that the export would replace.
    Exists,
}

/// Checks an export's target: never the script itself (the same path, or the same file by
/// device and inode: a link to it), never a directory, pipe or device.
pub fn export_target(script: &Path, target: &Path) -> Result<Target, String> {
    let name = target.file_name().map_or_else(|| target.display().to_string(), |n| n.to_string_lossy().into());
    let is_script = format!("{name} is the script itself: choose another name (rename the script)");
    if target == script {
        return Err(is_script);
    }
    let meta = match std::fs::metadata(target) {
        Ok(m) => m,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(Target::New),
        Err(e) => return Err(format!("cannot check {name}: {e}")),
    };
    if std::fs::metadata(script).is_ok_and(|s| same_file(&s, &meta)) {
        return Err(is_script);
    }
    if !meta.is_file() {
        return Err(format!("{name} is {}, not a file: nothing written", kind_of(&meta)));
    }
    Ok(Target::Exists)
}

#[cfg(unix)]
fn same_file(a: &Metadata, b: &Metadata) -> bool {
    use std::os::unix::fs::MetadataExt;
    (a.dev(), a.ino()) == (b.dev(), b.ino())
}

#[cfg(not(unix))]
fn same_file(_: &Metadata, _: &Metadata) -> bool {
    false
}

/// Adds boards to a session set: never onto the script or anything but a regular file; an
/// existing set is read back first (a file that is not a set is refused, naming its line)
/// and rewritten only when `add.confirmed`.
pub fn session_add(script: &Path, add: &SessionAdd) -> SessionOutcome {
    let name = super::session::file_name(&add.path);
    let exists = match export_target(script, &add.path) {
        Err(why) => return SessionOutcome::Refused(why),
        Ok(t) => t == Target::Exists,
    };
    let old = match exists.then(|| read_text(&add.path)).transpose() {
        Ok(old) => old,
        Err(e) => return SessionOutcome::Refused(format!("cannot read {name}: {e}")),
    };
    let added = match session_file::add(add.format, old.as_deref(), &name, &add.scenario, &add.drawn, add.rotate) {
        Ok(a) => a,
        Err(e) => return SessionOutcome::Refused(format!("{e}: not a session set, nothing written")),
    };
    if exists && !add.confirmed {
        return SessionOutcome::Exists(added);
    }
    match atomic_write(&add.path, &added.text) {
        Ok(()) => SessionOutcome::Written(added),
        Err(e) => SessionOutcome::Failed(e.to_string()),
    }
}

/// The boards of the session set at `path`, for its list.
pub fn session_rows(path: &Path) -> Result<Vec<Row>, String> {
    let name = super::session::file_name(path);
    let format = SetFormat::from_path(path).map_err(|e| e.0)?;
    match read_text(path) {
        Ok(text) => session_file::rows(format, &text, &name),
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            Err(format!("{name} does not exist yet: a adds the kept deals to a session set"))
        }
        Err(e) => Err(format!("cannot read {name}: {e}")),
    }
}

/// What became of an export.
#[derive(Debug)]
pub enum Exported {
    /// Written (to a temporary file beside the target, renamed into place).
    Written,
    /// A file is there already and replacing it was not confirmed: nothing written.
    Exists,
    /// The target is the script, or not a regular file: nothing written.
    Refused(String),
    /// Writing failed: the old file, if any, is as it was.
    Failed(io::Error),
}

/// Writes an export to `target` unless it is the script or not a file; a file already
/// there is replaced only when `replace` says the user agreed.
pub fn export(script: &Path, target: &Path, text: &str, replace: bool) -> Exported {
    match export_target(script, target) {
        Err(why) => Exported::Refused(why),
        Ok(Target::Exists) if !replace => Exported::Exists,
        Ok(_) => match atomic_write(target, text) {
            Ok(()) => Exported::Written,
            Err(e) => Exported::Failed(e),
        },
    }
}
