//! The script replaced underneath the workbench by something that is not a regular file
//! (issue 34, 5 and 6): a directory or a FIFO in its place keeps the buffer as unsaved
//! (Ctrl-Q asks), and reading a FIFO never blocks: the event loop still quits.

mod tui_common;

use std::path::Path;
use std::sync::mpsc;
use std::time::Duration;

use dealbench::tui::TuiOptions;
use dealbench::tui::app::{App, DiskState, Effect, Overlay};
use dealbench::tui::disk::{self, read_regular};
use dealbench::tui::runtime::{Msg, Runtime, event_loop};
use dealbench::tui::theme::Theme;
use dealbench::tui::watcher;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};
use tui_common::{common, ctrl, key, screen};

const SCRIPT: &str = "produce 3\naction printoneline\n";

fn mkfifo(path: &Path) {
    let ok = std::process::Command::new("mkfifo").arg(path).status().expect("mkfifo runs").success();
    assert!(ok, "mkfifo {}", path.display());
}

/// Reads `path` on another thread; the read must answer within two seconds.
fn read_in_time(path: &Path) -> std::io::Result<Vec<u8>> {
    let (tx, rx) = mpsc::channel();
    let p = path.to_path_buf();
    std::thread::spawn(move || {
        let _ = tx.send(read_regular(&p));
    });
    rx.recv_timeout(Duration::from_secs(2)).expect("reading a FIFO blocked")
}

fn app_on(file: &Path) -> App {
    std::fs::write(file, SCRIPT).unwrap();
    let mut a = App::new(file.to_path_buf(), SCRIPT, Theme::dark());
    a.size = (120, 40);
    a
}

#[test]
fn a_script_replaced_by_a_directory_keeps_the_buffer_and_quit_asks() {
    let dir = common::Scratch::new("hazard-dir");
    let file = dir.join("x.dlr");
    let mut a = app_on(&file);
    std::fs::remove_file(&file).unwrap();
    std::fs::create_dir(&file).unwrap();
    assert!(a.on_disk_read(read_in_time(&file)).is_empty());
    assert_eq!(a.disk, DiskState::NotFile("a directory"));
    assert_eq!(a.buffer_text(), SCRIPT.trim_end(), "the buffer is kept");
    assert!(a.modified(), "the file no longer holds the buffer");
    let (msg, err) = a.message.clone().unwrap();
    assert!(err && msg.contains("x.dlr on disk is now a directory") && msg.contains("buffer is kept"), "{msg}");
    assert!(screen(&a).contains("a directory on disk"), "{}", screen(&a));
    a.size = (80, 24);
    let s = screen(&a);
    let status = s.lines().last().unwrap();
    assert!(status.contains("x.dlr on disk is now a dir") && status.contains("a directory on disk"), "{status}");
    assert!(a.on_key(ctrl('q')).is_empty(), "Ctrl-Q does not quit at once");
    assert_eq!(a.overlay(), Some(&Overlay::ConfirmQuit));
    // `s` tries to save: a directory cannot be replaced, so the workbench stays, buffer and all.
    let effects = a.on_key(key(KeyCode::Char('s')));
    let [Effect::Save { path, text }] = effects.as_slice() else { panic!("{effects:?}") };
    let r = disk::atomic_write(path, text).map(|()| text.clone()).map_err(|e| e.to_string().into());
    assert!(r.is_err());
    assert!(a.on_saved(r).is_empty());
    assert!(!a.quit && a.modified());
    assert!(std::fs::read_dir(&*dir).unwrap().count() == 1, "no temporary file left");
}

#[test]
fn reading_a_fifo_in_the_scripts_place_does_not_block() {
    let dir = common::Scratch::new("hazard-fifo");
    let file = dir.join("x.dlr");
    let mut a = app_on(&file);
    std::fs::remove_file(&file).unwrap();
    mkfifo(&file);
    let read = read_in_time(&file);
    let what = disk::not_a_file(read.as_ref().unwrap_err()).expect("refused as not a file");
    assert_eq!(what.0, "a named pipe (FIFO)");
    assert!(a.on_disk_read(read).is_empty());
    assert_eq!(a.disk, DiskState::NotFile("a named pipe (FIFO)"));
    assert!(a.modified());
    let (msg, _) = a.message.clone().unwrap();
    assert!(msg.contains("named pipe (FIFO)") && msg.contains("Ctrl-S replaces it"), "{msg}");
    // Ctrl-S replaces the FIFO with the buffer.
    let effects = a.on_key(ctrl('s'));
    let [Effect::Save { path, text }] = effects.as_slice() else { panic!("{effects:?}") };
    disk::atomic_write(path, text).unwrap();
    let _ = a.on_saved(Ok(text.clone()));
    assert_eq!(std::fs::read_to_string(&file).unwrap(), SCRIPT);
    assert!(!a.modified());
}

#[test]
fn a_fifo_as_config_is_refused_not_waited_on() {
    let dir = common::Scratch::new("hazard-config");
    mkfifo(&dir.join("config.toml"));
    let (tx, rx) = mpsc::channel();
    let d = dir.to_path_buf();
    std::thread::spawn(move || {
        let _ = tx.send(dealbench::tui::config::Config::load(Some(&d)));
    });
    let (_, err) = rx.recv_timeout(Duration::from_secs(2)).expect("loading the config blocked");
    let err = err.expect("a message").0;
    assert!(err.contains("config.toml") && err.contains("named pipe"), "{err}");
}

#[test]
fn a_script_grown_past_the_cap_is_refused_not_read_whole() {
    let dir = common::Scratch::new("hazard-big");
    let file = dir.join("x.dlr");
    let mut a = app_on(&file);
    std::fs::File::options().write(true).open(&file).unwrap().set_len(disk::MAX_READ + 1).unwrap();
    let read = read_regular(&file);
    let e = read.as_ref().unwrap_err();
    assert!(e.to_string().contains("over 64 MiB"), "{e}");
    assert!(a.on_disk_read(read).is_empty());
    assert_eq!(a.disk, DiskState::Unreadable);
    assert!(a.modified(), "the file no longer holds the buffer");
    assert_eq!(a.buffer_text(), SCRIPT.trim_end());
}

/// The event loop on a script that another process replaces with `meddle`; then Ctrl-Q,
/// Esc (stay, if it asked), `Z` typed, Ctrl-Q and `d` (discard). The loop must end within
/// 20 seconds; the buffer starts with `Z` only if the first Ctrl-Q asked.
fn quit_after(tag: &str, meddle: fn(&Path)) -> App {
    let dir = common::Scratch::new(tag);
    let file = dir.join("x.dlr");
    let mut app = app_on(&file);
    app.auto_dd = false;
    let (tx, rx) = mpsc::sync_channel::<Msg>(256);
    let watch_tx = tx.clone();
    let watch = watcher::watch(&file, Duration::from_millis(50), move || {
        let _ = watch_tx.send(Msg::FileChanged);
    })
    .unwrap();
    let mut rt = Runtime::new(tx.clone(), TuiOptions { seed: Some(3), ..TuiOptions::default() }.switches());
    let driver_file = file.clone();
    let driver = std::thread::spawn(move || {
        let key = |code, mods| Msg::Term(Event::Key(KeyEvent::new(code, mods)));
        std::thread::sleep(Duration::from_millis(300));
        meddle(&driver_file);
        std::thread::sleep(Duration::from_millis(600));
        let _ = tx.send(key(KeyCode::Char('q'), KeyModifiers::CONTROL));
        std::thread::sleep(Duration::from_millis(200));
        let _ = tx.send(key(KeyCode::Esc, KeyModifiers::NONE));
        let _ = tx.send(key(KeyCode::Char('Z'), KeyModifiers::NONE));
        let _ = tx.send(key(KeyCode::Char('q'), KeyModifiers::CONTROL));
        std::thread::sleep(Duration::from_millis(200));
        let _ = tx.send(key(KeyCode::Char('d'), KeyModifiers::NONE));
    });
    // A hung loop cannot be joined with a timeout (the app stays on this thread): a watchdog
    // ends the test binary instead.
    let (done_tx, done_rx) = mpsc::channel::<()>();
    std::thread::spawn(move || {
        if let Err(mpsc::RecvTimeoutError::Timeout) = done_rx.recv_timeout(Duration::from_secs(20)) {
            eprintln!("the event loop hung (issue 34, 6)");
            std::process::exit(1);
        }
    });
    let mut terminal = Terminal::new(TestBackend::new(120, 40)).unwrap();
    event_loop(&mut terminal, &mut app, &mut rt, &rx, false).unwrap();
    drop(watch);
    let _ = done_tx.send(());
    driver.join().unwrap();
    app
}

#[test]
fn the_loop_quits_after_the_script_became_a_fifo_and_asked_first() {
    let app = quit_after("loop-fifo", |f| {
        std::fs::remove_file(f).unwrap();
        mkfifo(f);
    });
    assert!(app.quit);
    assert!(app.buffer_text().starts_with("Zproduce"), "Ctrl-Q asked: {:?}", app.buffer_text());
    assert_eq!(app.disk, DiskState::NotFile("a named pipe (FIFO)"));
    assert!(app.message.as_ref().is_some_and(|(m, _)| m.contains("named pipe")), "{:?}", app.message);
}

#[test]
fn the_loop_asks_before_quitting_after_the_script_became_a_directory() {
    let app = quit_after("loop-dir", |f| {
        std::fs::remove_file(f).unwrap();
        std::fs::create_dir(f).unwrap();
    });
    assert!(app.quit, "`d` discarded after Ctrl-Q asked");
    assert!(app.buffer_text().starts_with("Zproduce"), "Ctrl-Q asked: {:?}", app.buffer_text());
    assert_eq!(app.disk, DiskState::NotFile("a directory"));
}
