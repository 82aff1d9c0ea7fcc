//! Watching the script for saves from any editor: the parent directory is watched (a watch
//! on the file follows the old inode after an atomic rename), debounced, and filtered to
//! events that name the target and change its contents.

use crate::tui::TuiError;
use std::path::{Path, PathBuf};
use std::time::Duration;

use notify_debouncer_full::notify::event::{AccessKind, AccessMode, EventKind, ModifyKind};
use notify_debouncer_full::notify::{self, PollWatcher, RecommendedWatcher, RecursiveMode};
use notify_debouncer_full::{
    DebounceEventResult, Debouncer, FileIdMap, RecommendedCache, new_debouncer, new_debouncer_opt,
};

/// A running watch; dropping it stops watching.
pub enum Watch {
    /// The platform's notifications (inotify on Linux).
    Native(Debouncer<RecommendedWatcher, RecommendedCache>),
    /// Polling, for file systems that send no notifications (NFS, WSL's /mnt).
    Poll(Debouncer<PollWatcher, FileIdMap>),
}

/// True for the kinds of event that can mean new contents (or none: a removal).
pub fn relevant(kind: &EventKind) -> bool {
    matches!(
        kind,
        EventKind::Create(_)
            | EventKind::Remove(_)
            | EventKind::Modify(ModifyKind::Data(_) | ModifyKind::Name(_) | ModifyKind::Any | ModifyKind::Other)
            | EventKind::Access(AccessKind::Close(AccessMode::Write))
    )
}

/// The absolute path the watcher compares event paths with.
pub fn watch_target(path: &Path) -> (PathBuf, PathBuf) {
    let abs =
        if path.is_absolute() { path.to_path_buf() } else { std::env::current_dir().unwrap_or_default().join(path) };
    let parent = abs.parent().map(Path::to_path_buf).unwrap_or_else(|| PathBuf::from("/"));
    let parent = parent.canonicalize().unwrap_or(parent);
    let target = parent.join(abs.file_name().unwrap_or_default());
    (parent, target)
}

fn handler(
    target: PathBuf,
    poll: bool,
    changed: impl Fn() + Send + 'static,
) -> impl FnMut(DebounceEventResult) + Send + 'static {
    // Polling reports a newer mtime as a metadata change; the app compares contents anyway.
    let wanted = move |k: &EventKind| relevant(k) || (poll && matches!(k, EventKind::Modify(ModifyKind::Metadata(_))));
    move |res: DebounceEventResult| {
        if let Ok(events) = res
            && events.iter().any(|e| wanted(&e.kind) && e.paths.contains(&target))
        {
            changed();
        }
    }
}

/// Calls `changed` (on the watcher's thread) after each debounced change to `path`.
pub fn watch(path: &Path, debounce: Duration, changed: impl Fn() + Send + 'static) -> Result<Watch, TuiError> {
    let (dir, target) = watch_target(path);
    let mut d = new_debouncer(debounce, None, handler(target, false, changed)).map_err(|e| e.to_string())?;
    d.watch(&dir, RecursiveMode::NonRecursive).map_err(|e| format!("cannot watch {}: {e}", dir.display()))?;
    Ok(Watch::Native(d))
}

/// Like [`watch`], but polling the directory every `interval` (comparing contents).
pub fn watch_polling(
    path: &Path,
    debounce: Duration,
    interval: Duration,
    changed: impl Fn() + Send + 'static,
) -> Result<Watch, TuiError> {
    let (dir, target) = watch_target(path);
    let config = notify::Config::default().with_poll_interval(interval).with_compare_contents(true);
    let mut d = new_debouncer_opt::<_, PollWatcher, FileIdMap>(
        debounce,
        None,
        handler(target, true, changed),
        FileIdMap::new(),
        config,
    )
    .map_err(|e| e.to_string())?;
    d.watch(&dir, RecursiveMode::NonRecursive).map_err(|e| format!("cannot watch {}: {e}", dir.display()))?;
    Ok(Watch::Poll(d))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::mpsc;

    #[test]
    fn sees_atomic_renames_twice() {
        renames_seen("native", |f, cb| watch(f, Duration::from_millis(50), cb));
    }

    #[test]
    fn polling_sees_atomic_renames_too() {
        renames_seen("poll", |f, cb| watch_polling(f, Duration::from_millis(50), Duration::from_millis(50), cb));
    }

    fn renames_seen(tag: &str, start: impl Fn(&Path, Box<dyn Fn() + Send>) -> Result<Watch, TuiError>) {
        // Removed when dropped, also when the test fails.
        let scratch = tempfile::Builder::new().prefix(&format!("dealbench-watch-{tag}-")).tempdir().unwrap();
        let dir = scratch.path();
        let file = dir.join("s.dlr");
        std::fs::write(&file, "produce 1\n").unwrap();
        let (tx, rx) = mpsc::channel();
        let _w = start(
            &file,
            Box::new(move || {
                let _ = tx.send(());
            }),
        )
        .unwrap();
        std::thread::sleep(Duration::from_millis(100));
        for i in 0..2 {
            let tmp = dir.join(format!(".s.tmp{i}"));
            std::fs::write(&tmp, format!("produce {}\n", i + 2)).unwrap();
            std::fs::rename(&tmp, &file).unwrap();
            rx.recv_timeout(Duration::from_secs(3)).unwrap_or_else(|_| panic!("save {i} not seen"));
            while rx.recv_timeout(Duration::from_millis(150)).is_ok() {}
        }
        // A deletion is reported (the app then keeps the buffer as unsaved).
        std::fs::remove_file(&file).unwrap();
        rx.recv_timeout(Duration::from_secs(3)).unwrap_or_else(|_| panic!("the deletion not seen"));
        while rx.recv_timeout(Duration::from_millis(150)).is_ok() {}
        // Another file in the same directory is not reported.
        std::fs::write(dir.join("other.txt"), "x").unwrap();
        assert!(rx.recv_timeout(Duration::from_millis(400)).is_err());
    }
}
