//! Watching the script for saves from any editor: the parent directory is watched (a watch
//! on the file follows the old inode after an atomic rename), debounced, and filtered to
//! events that name the target and change its contents.

use std::path::{Path, PathBuf};
use std::time::Duration;

use notify_debouncer_full::notify::event::{AccessKind, AccessMode, EventKind, ModifyKind};
use notify_debouncer_full::notify::{RecommendedWatcher, RecursiveMode};
use notify_debouncer_full::{new_debouncer, DebounceEventResult, Debouncer, RecommendedCache};

/// A running watch; dropping it stops watching.
pub struct Watch {
    _debouncer: Debouncer<RecommendedWatcher, RecommendedCache>,
}

/// True for the kinds of event that can mean new contents.
pub fn relevant(kind: &EventKind) -> bool {
    match kind {
        EventKind::Create(_) => true,
        EventKind::Modify(ModifyKind::Data(_) | ModifyKind::Name(_) | ModifyKind::Any | ModifyKind::Other) => true,
        EventKind::Access(AccessKind::Close(AccessMode::Write)) => true,
        _ => false,
    }
}

/// The absolute path the watcher compares event paths with.
pub fn watch_target(path: &Path) -> (PathBuf, PathBuf) {
    let abs = if path.is_absolute() { path.to_path_buf() } else { std::env::current_dir().unwrap_or_default().join(path) };
    let parent = abs.parent().map(Path::to_path_buf).unwrap_or_else(|| PathBuf::from("/"));
    let parent = parent.canonicalize().unwrap_or(parent);
    let target = parent.join(abs.file_name().unwrap_or_default());
    (parent, target)
}

/// Calls `changed` (on the watcher's thread) after each debounced change to `path`.
pub fn watch(path: &Path, debounce: Duration, changed: impl Fn() + Send + 'static) -> Result<Watch, String> {
    let (dir, target) = watch_target(path);
    let handler = move |res: DebounceEventResult| {
        if let Ok(events) = res
            && events.iter().any(|e| relevant(&e.kind) && e.paths.iter().any(|p| *p == target))
        {
            changed();
        }
    };
    let mut d = new_debouncer(debounce, None, handler).map_err(|e| e.to_string())?;
    d.watch(&dir, RecursiveMode::NonRecursive).map_err(|e| format!("cannot watch {}: {e}", dir.display()))?;
    Ok(Watch { _debouncer: d })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::mpsc;

    #[test]
    fn sees_atomic_renames_twice() {
        let dir = std::env::temp_dir().join(format!("dealbench-watch-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("s.dlr");
        std::fs::write(&file, "produce 1\n").unwrap();
        let (tx, rx) = mpsc::channel();
        let _w = watch(&file, Duration::from_millis(50), move || {
            let _ = tx.send(());
        })
        .unwrap();
        std::thread::sleep(Duration::from_millis(100));
        for i in 0..2 {
            let tmp = dir.join(format!(".s.tmp{i}"));
            std::fs::write(&tmp, format!("produce {}\n", i + 2)).unwrap();
            std::fs::rename(&tmp, &file).unwrap();
            rx.recv_timeout(Duration::from_secs(3)).unwrap_or_else(|_| panic!("save {i} not seen"));
            while rx.recv_timeout(Duration::from_millis(150)).is_ok() {}
        }
        // Another file in the same directory is not reported.
        std::fs::write(dir.join("other.txt"), "x").unwrap();
        assert!(rx.recv_timeout(Duration::from_millis(400)).is_err());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
