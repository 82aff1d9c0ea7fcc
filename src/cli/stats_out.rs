//! The `--stats-json` file, opened before the run so that a path that cannot be written stops
//! it at once rather than after the whole run.

use super::error::CliError;
use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};

/// The open file; one this run created is removed again if the run writes no statistics.
pub(super) struct StatsOut {
    path: PathBuf,
    file: Option<File>,
    created: bool,
}

impl StatsOut {
    /// Opens (or creates) the file for writing, leaving what it holds until [`StatsOut::write`].
    pub(super) fn open(path: &Path) -> Result<StatsOut, CliError> {
        let created = !path.exists();
        let file = OpenOptions::new()
            .write(true)
            .create(true)
            .truncate(false)
            .open(path)
            .map_err(|e| format!("--stats-json {}: {e}", path.display()))?;
        Ok(StatsOut { path: path.to_path_buf(), file: Some(file), created })
    }

    /// Replaces the file's contents with `text`.
    pub(super) fn write(mut self, text: &str) -> Result<(), CliError> {
        let mut file = self.file.take().expect("written once");
        file.set_len(0)
            .and_then(|()| file.write_all(text.as_bytes()))
            .map_err(|e| CliError(format!("--stats-json {}: {e}", self.path.display())))
    }
}

impl Drop for StatsOut {
    fn drop(&mut self) {
        if self.file.take().is_some() && self.created {
            let _ = std::fs::remove_file(&self.path);
        }
    }
}
