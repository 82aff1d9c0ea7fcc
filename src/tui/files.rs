//! The buffer against the file on disk: saving, what the watcher reads, and loading the
//! disk's version.

use super::app::{App, DiskState, Effect, normalize, rows};
use super::disk;
use crate::tui::TuiError;

impl App {
    /// Ctrl-S: save the buffer.
    pub fn save(&mut self) -> Vec<Effect> {
        let mut text = self.buffer_text();
        if !text.is_empty() {
            text.push('\n');
        }
        vec![Effect::Save { path: self.path.clone(), text }]
    }

    /// The save finished: on success the run starts.
    pub fn on_saved(&mut self, result: Result<String, TuiError>) -> Vec<Effect> {
        match result {
            Ok(text) => {
                self.set_saved(&normalize(&text));
                self.disk_text = None;
                self.disk = DiskState::Text;
                self.say(format!("saved {}", self.file_name), false);
                if self.quit_after_save {
                    self.quit = true;
                    return vec![Effect::Quit];
                }
                self.request_run()
            }
            Err(e) => {
                self.quit_after_save = false;
                self.say(format!("save failed: {}: {e}", self.file_name), true);
                Vec::new()
            }
        }
    }

    /// The watcher saw the file change and read it: text, bytes that are not UTF-8, or an
    /// error (not found: deleted; not a regular file; unreadable). The buffer is never
    /// replaced by anything but text, and whenever the file holds something else the buffer
    /// counts as unsaved.
    pub fn on_disk_read(&mut self, read: std::io::Result<Vec<u8>>) -> Vec<Effect> {
        let bytes = match read {
            Ok(b) => b,
            Err(e) => {
                self.on_disk_unreadable(&e);
                return Vec::new();
            }
        };
        match String::from_utf8(bytes) {
            Ok(text) => self.on_disk_change(Some(text)),
            Err(e) => {
                let same = self.is_saved(&normalize(&String::from_utf8_lossy(e.as_bytes())));
                if self.disk == DiskState::Lossy && same {
                    return Vec::new();
                }
                self.disk = DiskState::NotUtf8;
                self.disk_text = None;
                let msg = format!(
                    "{} on disk is no longer UTF-8 text; the buffer is kept (Ctrl-S overwrites the file)",
                    self.file_name
                );
                self.say(msg, true);
                Vec::new()
            }
        }
    }

    /// The file can no longer be read as the script: say what is there instead.
    fn on_disk_unreadable(&mut self, e: &std::io::Error) {
        let name = &self.file_name;
        let (state, msg) = if e.kind() == std::io::ErrorKind::NotFound {
            (DiskState::Gone, format!("{name} was deleted on disk; the buffer is kept (Ctrl-S writes it again)"))
        } else if let Some(what) = disk::not_a_file(e) {
            let save = if what.0 == "a directory" { "Ctrl-S cannot replace it" } else { "Ctrl-S replaces it" };
            (DiskState::NotFile(what.0), format!("{name} on disk is now {}; the buffer is kept ({save})", what.0))
        } else {
            (DiskState::Unreadable, format!("cannot read {name}: {e}; the buffer is kept"))
        };
        self.disk = state;
        self.disk_text = None;
        self.say(msg, true);
    }

    /// The file changed on disk (another editor, or our own save coming back).
    pub fn on_disk_change(&mut self, contents: Option<String>) -> Vec<Effect> {
        let Some(contents) = contents else { return Vec::new() };
        let was_missing = !self.disk.holds_buffer();
        self.disk = DiskState::Text;
        if was_missing && self.message.as_ref().is_some_and(|m| m.1) {
            self.message = None;
        }
        let disk = normalize(&contents);
        let buffer = self.buffer_text();
        if disk == buffer {
            // Our own save, or someone wrote what we hold.
            if !self.is_saved(&disk) {
                self.set_saved(&disk);
                return self.request_run();
            }
            return Vec::new();
        }
        if self.is_saved(&disk) {
            return Vec::new();
        }
        if self.modified() {
            self.disk_text = Some(disk);
            self.say(
                "changed on disk; your edits are kept (Ctrl-O loads the disk version, Ctrl-S overwrites it)",
                true,
            );
            return Vec::new();
        }
        self.set_saved(&disk);
        self.set_buffer(&disk);
        self.say(format!("reloaded {} from disk", self.file_name), false);
        self.request_run()
    }

    /// Ctrl-O: take the version on disk, dropping the edits.
    pub fn load_disk_version(&mut self) -> Vec<Effect> {
        let Some(disk) = self.disk_text.take() else {
            self.say("nothing new on disk", false);
            return Vec::new();
        };
        self.set_saved(&disk);
        self.set_buffer(&disk);
        self.say(format!("loaded {} from disk", self.file_name), false);
        self.request_run()
    }

    /// True when `text` (normalized) is the text last saved or loaded.
    fn is_saved(&self, text: &str) -> bool {
        text.split('\n').eq(self.saved_lines.iter().map(String::as_str))
    }

    /// Records `text` (normalized) as what the file holds.
    fn set_saved(&mut self, text: &str) {
        self.saved_lines = rows(text);
        self.unsaved = self.editor.lines() != self.saved_lines.as_slice();
    }
}
