//! Output files written beside their target and renamed into place: no reader ever sees half
//! a file, and a run that fails leaves the old file as it was (the temporary file is removed).
//!
//! A target that exists and is not a plain file (`/dev/null`, `/dev/stdout`, a FIFO) cannot be
//! renamed over: it is written directly. A symbolic link is followed, so the file it points to
//! is replaced and the link stays.

use std::fs::{File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// Temporary files made by this process, for unique names.
static MADE: AtomicU64 = AtomicU64::new(0);

/// An output being written: a temporary file beside the target until [`Staged::commit`].
#[derive(Debug)]
pub struct Staged {
    target: PathBuf,
    /// The temporary file; `None` when the target is written directly.
    temp: Option<PathBuf>,
    file: File,
}

impl Staged {
    /// A new, empty output for `target` (the target itself is not touched until the commit).
    pub fn create(target: &Path) -> io::Result<Staged> {
        Staged::open(target, false)
    }

    /// An output for `target` that starts as a copy of it (empty when it does not exist): what
    /// is written is appended to the old contents.
    pub fn appending(target: &Path) -> io::Result<Staged> {
        Staged::open(target, true)
    }

    fn open(given: &Path, copy: bool) -> io::Result<Staged> {
        let target = std::fs::canonicalize(given).unwrap_or_else(|_| given.to_path_buf());
        match std::fs::metadata(&target) {
            // `/dev/stdout` redirected to a file resolves to that file: still written directly.
            Ok(m) if !m.is_file() || is_device_path(given) => {
                let file = OpenOptions::new().write(true).append(copy).truncate(!copy).open(&target)?;
                return Ok(Staged { target, temp: None, file });
            }
            _ => {}
        }
        let (temp, mut file) = temp_beside(&target)?;
        let staged = Staged { target, temp: Some(temp), file: file.try_clone()? };
        if copy {
            match File::open(&staged.target) {
                Ok(mut old) => {
                    io::copy(&mut old, &mut file)?;
                }
                Err(e) if e.kind() == io::ErrorKind::NotFound => {}
                Err(e) => return Err(e),
            }
        }
        Ok(staged)
    }

    /// The file being written (the temporary one, or the target when written directly).
    pub fn path(&self) -> &Path {
        self.temp.as_deref().unwrap_or(&self.target)
    }

    /// The file the output replaces when committed.
    pub fn target(&self) -> &Path {
        &self.target
    }

    /// A handle on the file being written, positioned at its end.
    pub fn file(&self) -> io::Result<File> {
        self.file.try_clone()
    }

    /// Syncs the temporary file, gives it the old file's permissions and renames it over the
    /// target.
    pub fn commit(mut self) -> io::Result<()> {
        let Some(temp) = self.temp.take() else { return self.file.flush() };
        let result = self.file.sync_all().and_then(|()| {
            if let Ok(meta) = std::fs::metadata(&self.target) {
                let _ = std::fs::set_permissions(&temp, meta.permissions());
            }
            std::fs::rename(&temp, &self.target)
        });
        if result.is_err() {
            let _ = std::fs::remove_file(&temp);
        }
        result
    }
}

impl Drop for Staged {
    /// An output dropped uncommitted leaves the target as it was.
    fn drop(&mut self) {
        if let Some(temp) = self.temp.take() {
            let _ = std::fs::remove_file(temp);
        }
    }
}

/// True for a path under `/dev` or `/proc`, which is written in place, never replaced.
fn is_device_path(path: &Path) -> bool {
    path.starts_with("/dev") || path.starts_with("/proc")
}

/// Writes `bytes` to `target` through a temporary file beside it.
pub fn write(target: &Path, bytes: &[u8]) -> io::Result<()> {
    let staged = Staged::create(target)?;
    staged.file()?.write_all(bytes)?;
    staged.commit()
}

/// A new file in `target`'s directory, named after it, that no other file has.
fn temp_beside(target: &Path) -> io::Result<(PathBuf, File)> {
    let dir = target.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
    let name = target.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    loop {
        let n = MADE.fetch_add(1, Ordering::Relaxed);
        let temp = dir.join(format!(".{name}.{}-{n}.tmp", std::process::id()));
        match OpenOptions::new().write(true).create_new(true).open(&temp) {
            Ok(f) => return Ok((temp, f)),
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(e),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_target_changes_only_at_the_commit() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("out.lin");
        std::fs::write(&target, "old\n").unwrap();
        let staged = Staged::create(&target).unwrap();
        staged.file().unwrap().write_all(b"new\n").unwrap();
        assert_eq!(std::fs::read_to_string(&target).unwrap(), "old\n");
        staged.commit().unwrap();
        assert_eq!(std::fs::read_to_string(&target).unwrap(), "new\n");
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1, "no temporary file left");
    }

    #[test]
    fn a_dropped_output_leaves_the_old_file() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("out.csv");
        std::fs::write(&target, "old\n").unwrap();
        let staged = Staged::appending(&target).unwrap();
        staged.file().unwrap().write_all(b"more\n").unwrap();
        assert_eq!(std::fs::read_to_string(staged.path()).unwrap(), "old\nmore\n");
        drop(staged);
        assert_eq!(std::fs::read_to_string(&target).unwrap(), "old\n");
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
    }

    #[test]
    fn dev_stdout_is_written_in_place_even_when_it_is_a_file() {
        let dir = tempfile::tempdir().unwrap();
        let file = std::fs::File::create(dir.path().join("out.txt")).unwrap();
        let fd = std::os::fd::AsRawFd::as_raw_fd(&file);
        let staged = Staged::create(Path::new(&format!("/proc/self/fd/{fd}"))).unwrap();
        assert!(staged.temp.is_none(), "{:?}", staged.path());
    }

    #[test]
    fn a_device_is_written_directly() {
        let staged = Staged::create(Path::new("/dev/null")).unwrap();
        assert_eq!(staged.path(), Path::new("/dev/null"));
        staged.file().unwrap().write_all(b"x").unwrap();
        staged.commit().unwrap();
    }
}
