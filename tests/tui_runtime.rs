//! The event loop on a TestBackend, with the real engine, watcher and solver: typing and
//! Ctrl-S save and re-run; another process's atomic save reloads and re-runs; Ctrl-Q ends.

mod common;

use std::sync::mpsc;
use std::time::{Duration, Instant};

use dealbench::tui::TuiOptions;
use dealbench::tui::app::{App, RunState};
use dealbench::tui::runtime::{Msg, Runtime, event_loop};
use dealbench::tui::theme::Theme;
use dealbench::tui::watcher;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};

fn wait_until(what: &str, mut f: impl FnMut() -> bool) {
    let t = Instant::now();
    while !f() {
        assert!(t.elapsed() < Duration::from_secs(20), "timed out waiting for {what}");
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn the_loop_saves_reloads_reruns_and_quits() {
    let dir = common::Scratch::new("loop");
    let file = dir.join("loop.dlr");
    std::fs::write(&file, "produce 5\naction printoneline, average \"alpha\" hcp(north)\n").unwrap();

    let mut app = App::new(file.clone(), &std::fs::read_to_string(&file).unwrap(), Theme::dark());
    app.auto_dd = false;
    let (tx, rx) = mpsc::sync_channel::<Msg>(256);
    let watch_tx = tx.clone();
    let _watch = watcher::watch(&file, Duration::from_millis(50), move || {
        let _ = watch_tx.send(Msg::FileChanged);
    })
    .unwrap();
    let mut rt = Runtime::new(tx.clone(), TuiOptions { seed: Some(3), ..TuiOptions::default() }.switches());

    let driver_file = file.clone();
    let driver = std::thread::spawn(move || {
        let key = |code, mods| Msg::Term(Event::Key(KeyEvent::new(code, mods)));
        // Let the first run happen, then type a comment at the top and save.
        std::thread::sleep(Duration::from_millis(300));
        for c in "# hi\n".chars() {
            let code = if c == '\n' { KeyCode::Enter } else { KeyCode::Char(c) };
            tx.send(key(code, KeyModifiers::NONE)).unwrap();
        }
        tx.send(key(KeyCode::Char('s'), KeyModifiers::CONTROL)).unwrap();
        let f = driver_file.clone();
        wait_until("the save", || std::fs::read_to_string(&f).unwrap().starts_with("# hi\n"));
        // Another editor replaces the file.
        std::thread::sleep(Duration::from_millis(200));
        let tmp = f.with_extension("swp");
        std::fs::write(&tmp, "produce 7\naction printoneline, average \"bravo\" hcp(south)\n").unwrap();
        std::fs::rename(&tmp, &f).unwrap();
        std::thread::sleep(Duration::from_millis(1500));
        tx.send(key(KeyCode::Char('q'), KeyModifiers::CONTROL)).unwrap();
    });

    let mut terminal = Terminal::new(TestBackend::new(120, 40)).unwrap();
    event_loop(&mut terminal, &mut app, &mut rt, &rx, false).unwrap();
    driver.join().unwrap();

    assert!(app.quit);
    assert_eq!(app.buffer_text(), "produce 7\naction printoneline, average \"bravo\" hcp(south)");
    assert_eq!(app.state, RunState::Done, "{:?}", app.message);
    assert_eq!(app.results.produced, 7);
    assert_eq!(app.results.deals.len(), 7);
    assert_eq!(app.results.stats.averages().next().unwrap().label.as_deref(), Some("bravo"));
    assert!(app.generation >= 3, "first run, Ctrl-S, reload: {}", app.generation);
    let screen = terminal.backend().to_string();
    assert!(screen.contains("bravo") && screen.contains("DONE"), "{screen}");
}

/// Runs the loop on `file`; `meddle` changes the file from outside once the first run is
/// done, then the driver presses Ctrl-Q and `s`. Quitting must have asked (so `s` saved).
fn quit_after(tag: &str, meddle: fn(&std::path::Path)) -> (App, common::Scratch) {
    let dir = common::Scratch::new(tag);
    let file = dir.join("kept.dlr");
    let text = "produce 3\naction printoneline\n";
    std::fs::write(&file, text).unwrap();
    let mut app = App::new(file.clone(), text, Theme::dark());
    app.auto_dd = false;
    let (tx, rx) = mpsc::sync_channel::<Msg>(256);
    let watch_tx = tx.clone();
    let _watch = watcher::watch(&file, Duration::from_millis(50), move || {
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
        tx.send(key(KeyCode::Char('q'), KeyModifiers::CONTROL)).unwrap();
        std::thread::sleep(Duration::from_millis(100));
        let _ = tx.send(key(KeyCode::Char('s'), KeyModifiers::NONE));
    });
    let mut terminal = Terminal::new(TestBackend::new(120, 40)).unwrap();
    event_loop(&mut terminal, &mut app, &mut rt, &rx, false).unwrap();
    driver.join().unwrap();
    (app, dir)
}

#[test]
fn a_script_deleted_underneath_is_asked_about_and_saved_again() {
    let (app, dir) = quit_after("deleted", |f| std::fs::remove_file(f).unwrap());
    assert!(app.quit);
    let on_disk = std::fs::read_to_string(dir.join("kept.dlr")).expect("Ctrl-Q asked, and `s` wrote the file again");
    assert_eq!(on_disk, "produce 3\naction printoneline\n");
}

#[test]
fn a_script_overwritten_with_latin1_is_asked_about_and_the_buffer_saved() {
    let (app, dir) = quit_after("latin1", |f| std::fs::write(f, b"produce 9\n# caf\xe9\n").unwrap());
    assert!(app.quit);
    let on_disk = std::fs::read(dir.join("kept.dlr")).unwrap();
    assert_eq!(on_disk, b"produce 3\naction printoneline\n", "Ctrl-Q asked, and `s` saved the good buffer");
}
