//! A stop in the same burst of keys as a re-run (issue 34, 11): F5 then F6, or `r` then F6,
//! before the loop starts the new run, must leave nothing running.

mod tui_common;

use std::sync::mpsc;
use std::time::Duration;

use dealbench::tui::TuiOptions;
use dealbench::tui::app::{App, Effect, Pane, RunState};
use dealbench::tui::runtime::{Msg, Runtime, event_loop};
use dealbench::tui::theme::Theme;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};
use tui_common::{app, key};

/// F5 (or `r`) then F6 on a finished run: the stop cancels the requested run, and the
/// runtime never starts a run whose generation a later key outdated.
fn burst(first: KeyEvent) {
    let mut a = app("dark", (120, 40));
    a.focus = Pane::Deal;
    assert_eq!(a.state, RunState::Done);
    let mut effects = a.on_key(first);
    assert!(matches!(effects[..], [Effect::Run { .. }]), "{effects:?}");
    effects.extend(a.on_key(key(KeyCode::F(6))));
    assert_eq!(a.state, RunState::Cancelled, "the stop applies to the run just requested");
    assert_eq!(effects.last(), Some(&Effect::Cancel));
    let (tx, rx) = mpsc::sync_channel::<Msg>(256);
    let mut rt = Runtime::new(tx, TuiOptions::default().switches());
    for e in effects {
        assert!(rt.apply(&mut a, e).is_empty());
    }
    assert_eq!(a.state, RunState::Cancelled, "the outdated run was not started");
    assert!(rx.recv_timeout(Duration::from_millis(300)).is_err(), "no run sends events");
}

#[test]
fn f5_then_f6_in_one_burst_leaves_nothing_running() {
    burst(key(KeyCode::F(5)));
}

#[test]
fn reseed_then_f6_in_one_burst_leaves_nothing_running() {
    burst(key(KeyCode::Char('r')));
}

/// The whole loop: a long run, and F6, F5, F6, Ctrl-Q queued before the loop reads any
/// of them, so they arrive as one batch, as `tmux send-keys F6 F5 F6` delivers them.
#[test]
fn the_loop_takes_a_burst_of_f5_f6_as_a_stop() {
    let text = "produce 100000000\ncondition hcp(north) >= 10\naction printoneline\n";
    let mut a = App::new("/tmp/burst.dlr".into(), text, Theme::dark());
    a.auto_dd = false;
    let (tx, rx) = mpsc::sync_channel::<Msg>(256);
    let k = |code, mods| Msg::Term(Event::Key(KeyEvent::new(code, mods)));
    for code in [KeyCode::F(6), KeyCode::F(5), KeyCode::F(6)] {
        tx.send(k(code, KeyModifiers::NONE)).unwrap();
    }
    tx.send(k(KeyCode::Char('q'), KeyModifiers::CONTROL)).unwrap();
    let mut rt = Runtime::new(tx, TuiOptions { seed: Some(1), threads: Some(1), ..Default::default() }.switches());
    let mut terminal = Terminal::new(TestBackend::new(120, 40)).unwrap();
    event_loop(&mut terminal, &mut a, &mut rt, &rx, false).unwrap();
    assert!(a.quit);
    assert_eq!(a.state, RunState::Cancelled, "F5 F6 in one burst left the run {:?}", a.state);
}

/// Alt-e, `p`, `y` in one burst over an existing PBN: the export's question is up before `y`
/// arrives, so `y` answers it (and is not typed into the script).
#[test]
fn the_loop_answers_the_export_question_within_a_burst() {
    let dir = tui_common::common::Scratch::new("burst-export");
    let mut a = app("dark", (120, 40));
    a.path = dir.join("s.dlr");
    a.file_name = "s.dlr".into();
    std::fs::write(&a.path, format!("{}\n", a.buffer_text())).unwrap();
    let target = dir.join("s.pbn");
    std::fs::write(&target, "old\n").unwrap();
    let buffer = a.buffer_text();
    let (tx, rx) = mpsc::sync_channel::<Msg>(256);
    let k = |code, mods| Msg::Term(Event::Key(KeyEvent::new(code, mods)));
    tx.send(k(KeyCode::Char('e'), KeyModifiers::ALT)).unwrap();
    tx.send(k(KeyCode::Char('p'), KeyModifiers::NONE)).unwrap();
    tx.send(k(KeyCode::Char('y'), KeyModifiers::NONE)).unwrap();
    tx.send(k(KeyCode::Char('q'), KeyModifiers::CONTROL)).unwrap();
    // Should Ctrl-Q find a `y` typed into the buffer, it asks: discard, and let the asserts tell.
    tx.send(k(KeyCode::Char('d'), KeyModifiers::NONE)).unwrap();
    let mut rt = Runtime::new(tx, TuiOptions { seed: Some(1), threads: Some(1), ..Default::default() }.switches());
    let mut terminal = Terminal::new(TestBackend::new(120, 40)).unwrap();
    event_loop(&mut terminal, &mut a, &mut rt, &rx, false).unwrap();
    assert_eq!(a.buffer_text(), buffer, "`y` was not typed into the script");
    let text = std::fs::read_to_string(&target).unwrap();
    assert_eq!(text.matches("[Deal ").count(), 3, "the set replaced the old file: {text}");
}
