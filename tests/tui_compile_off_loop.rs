//! Issue 33: the workbench compiles a run's script on its compile thread, never on the event
//! loop. The loop handles keys while a huge script (2.4 MB, 60,000 variables) compiles; the
//! compile's result, errors included, reaches the app through the loop's channel, and a stop
//! or a newer request outdates it.

use std::sync::mpsc::{self, Receiver, SyncSender};
use std::time::Duration;

use dealbench::tui::TuiOptions;
use dealbench::tui::app::{App, Effect, Overlay, Pane, RunState};
use dealbench::tui::runtime::{Msg, Runtime, event_loop};
use dealbench::tui::theme::Theme;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};

/// 60,000 variables (about 2.4 MB): a compile that takes a good fraction of a second.
fn huge_script() -> String {
    let mut s: String = (0..60_000).map(|i| format!("v{i} = hcp(north) + spades(south) * {}\n", i % 7)).collect();
    s.push_str("condition v1 > 12 and v59999 < 40\naction printoneline\n");
    s
}

fn app(text: &str) -> App {
    let mut a = App::new("/tmp/huge.dlr".into(), text, Theme::dark());
    a.auto_dd = false;
    a
}

fn runtime() -> (Runtime, SyncSender<Msg>, Receiver<Msg>) {
    let (tx, rx) = mpsc::sync_channel::<Msg>(256);
    let options = TuiOptions { seed: Some(1), threads: Some(1), ..Default::default() };
    (Runtime::new(tx.clone(), options.switches()), tx, rx)
}

fn key(code: KeyCode, mods: KeyModifiers) -> Msg {
    Msg::Term(Event::Key(KeyEvent::new(code, mods)))
}

/// The next compile result on the channel, other messages skipped.
fn next_compiled(rx: &Receiver<Msg>) -> (u64, Msg) {
    loop {
        let m = rx.recv_timeout(Duration::from_secs(120)).expect("the compile reports");
        if let Msg::Compiled(g, _) = &m {
            return (*g, m);
        }
    }
}

fn feed(rt: &mut Runtime, a: &mut App, m: Msg) {
    let Msg::Compiled(g, r) = m else { panic!("not a compile result") };
    assert!(rt.on_compiled(a, g, *r).is_empty());
}

/// The loop starts the first run (a huge compile), then takes Alt-2 and Ctrl-Q, queued
/// before it started: it handles both and returns while the compile is still under way;
/// the compile's result comes after them, and starts the run when fed to the runtime.
#[test]
fn the_loop_handles_keys_while_a_huge_script_compiles() {
    let mut a = app(&huge_script());
    let (mut rt, tx, rx) = runtime();
    tx.send(key(KeyCode::Char('2'), KeyModifiers::ALT)).unwrap();
    tx.send(key(KeyCode::Char('q'), KeyModifiers::CONTROL)).unwrap();
    let mut terminal = Terminal::new(TestBackend::new(120, 40)).unwrap();
    event_loop(&mut terminal, &mut a, &mut rt, &rx, false).unwrap();
    assert!(a.quit);
    assert_eq!(a.focus, Pane::Deal, "Alt-2 was handled");
    assert_eq!(a.state, RunState::Idle, "no run started: the compile was still under way");
    assert!(a.run_requested, "the run waits for its compile");
    let (g, m) = next_compiled(&rx);
    assert_eq!(g, a.generation);
    feed(&mut rt, &mut a, m);
    assert_eq!(a.state, RunState::Running, "{:?}", a.message);
    assert!(!a.run_requested);
    rt.apply(&mut a, Effect::Cancel);
}

/// A compile error reaches the status line and the editor's diagnostics, with its place.
#[test]
fn a_compile_error_comes_back_from_the_compile_thread() {
    let mut a = app("produce 3\ncondition hcp(nrth) > 3\n");
    let (mut rt, _tx, rx) = runtime();
    for e in a.request_run() {
        assert!(rt.apply(&mut a, e).is_empty());
    }
    assert_eq!(a.state, RunState::Idle, "apply does not compile");
    let (_, m) = next_compiled(&rx);
    feed(&mut rt, &mut a, m);
    assert_eq!(a.state, RunState::Error);
    let (text, error) = a.message.clone().expect("a message");
    assert!(error && text.starts_with("2:15: ") && text.contains("nrth"), "{text}");
    assert_eq!((a.diagnostics[0].line, a.diagnostics[0].column), (2, 15), "{:?}", a.diagnostics);
}

/// F6 while the script compiles: its result is dropped, and no run starts.
#[test]
fn a_stop_during_the_compile_drops_its_result() {
    let mut a = app(&huge_script());
    let (mut rt, _tx, rx) = runtime();
    for e in a.request_run() {
        rt.apply(&mut a, e);
    }
    a.focus = Pane::Deal;
    for e in a.on_key(KeyEvent::new(KeyCode::F(6), KeyModifiers::NONE)) {
        rt.apply(&mut a, e);
    }
    assert_eq!(a.state, RunState::Cancelled);
    let (_, m) = next_compiled(&rx);
    feed(&mut rt, &mut a, m);
    assert_eq!(a.state, RunState::Cancelled, "the outdated compile started nothing");
    assert!(rx.recv_timeout(Duration::from_millis(300)).is_err(), "no run sends events");
}

/// Two requests while a compile runs: the older waiting one is dropped, the newest compiles
/// after the first, and only its run starts.
#[test]
fn requests_during_a_compile_keep_only_the_newest() {
    let mut a = app(&huge_script());
    let (mut rt, _tx, rx) = runtime();
    for _ in 0..3 {
        for e in a.request_run() {
            rt.apply(&mut a, e);
        }
    }
    let (first, m) = next_compiled(&rx);
    assert_eq!(first, 1);
    feed(&mut rt, &mut a, m);
    assert_eq!(a.state, RunState::Idle, "generation 1 was outdated");
    let (last, m) = next_compiled(&rx);
    assert_eq!(last, 3, "generation 2 never compiled");
    feed(&mut rt, &mut a, m);
    assert_eq!(a.state, RunState::Running);
    let Msg::Run(g, _) = rx.recv_timeout(Duration::from_secs(60)).expect("the run reports") else {
        panic!("expected the run's events")
    };
    assert_eq!(g, 3);
    rt.apply(&mut a, Effect::Cancel);
}

/// Feeds the run's events to the app until it is done.
fn run_to_end(a: &mut App, rx: &Receiver<Msg>) {
    while a.state != RunState::Done {
        if let Msg::Run(g, e) = rx.recv_timeout(Duration::from_secs(60)).expect("the run reports") {
            let _ = a.on_run_msgs(g, vec![e]);
        }
    }
}

/// With a filter on, a re-run compiles the filter with the script on the compile thread, in
/// the new script's scope, and the new results are tested with that one.
#[test]
fn the_filter_compiles_with_the_script_on_the_compile_thread() {
    let script = |suit: &str| format!("fit = {suit}(north) + {suit}(south)\nproduce 6\ncondition fit >= 9\n");
    let (mut a, mut rt, rx) = ran(&script("spades"));
    let _ = a.on_key(KeyEvent::new(KeyCode::Char('f'), KeyModifiers::ALT));
    for c in "fit >= 9".chars() {
        let _ = a.on_key(KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE));
    }
    enter_filter(&mut rt, &mut a, &rx);
    assert_eq!(a.filter.as_ref().expect("a filter").pass.len(), 6, "{:?}", a.message);
    a.set_buffer(&script("hearts"));
    for e in a.request_run() {
        rt.apply(&mut a, e);
    }
    let (_, m) = next_compiled(&rx);
    feed(&mut rt, &mut a, m);
    let (text, compiled) = a.fresh_filter.as_ref().expect("the filter compiled with the script");
    assert!(text == "fit >= 9" && compiled.is_ok());
    run_to_end(&mut a, &rx);
    assert!(a.fresh_filter.is_none(), "the new results took it");
    let f = a.filter.as_ref().expect("the filter stays");
    assert_eq!((f.tested, f.pass.len()), (6, 6), "`fit` is the new script's, hearts");
}

/// Enter in the filter prompt: the effects carried out as the loop does, then the filter's
/// compile result, from the compile thread, fed back.
fn enter_filter(rt: &mut Runtime, a: &mut App, rx: &Receiver<Msg>) {
    for e in a.on_key(KeyEvent::new(KeyCode::Enter, KeyModifiers::NONE)) {
        assert!(rt.apply(a, e).is_empty());
    }
    loop {
        let m = rx.recv_timeout(Duration::from_secs(120)).expect("the filter's compile reports");
        if let Msg::FilterCompiled(g, text, result) = m {
            let _ = a.on_filter_compiled(g, text, result);
            return;
        }
    }
}

/// The results of a huge script (60,000 variables), run to the end.
fn huge_results() -> (App, Runtime, Receiver<Msg>) {
    ran(&huge_script().replace("action printoneline", "produce 3\naction printoneline"))
}

/// The results of `src`, compiled and run to the end, with the Deal pane focused.
fn ran(src: &str) -> (App, Runtime, Receiver<Msg>) {
    let mut a = app(src);
    let (mut rt, _tx, rx) = runtime();
    for e in a.request_run() {
        rt.apply(&mut a, e);
    }
    let (_, m) = next_compiled(&rx);
    feed(&mut rt, &mut a, m);
    run_to_end(&mut a, &rx);
    a.focus = Pane::Deal;
    (a, rt, rx)
}

fn type_filter(a: &mut App, text: &str) {
    let _ = a.on_key(KeyEvent::new(KeyCode::Char('f'), KeyModifiers::ALT));
    for c in text.chars() {
        let _ = a.on_key(KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE));
    }
}

/// Enter in the filter prompt compiles the filter on the compile thread, not in the key's
/// handling: the key leaves the prompt open and asks for the compile; the result closes it
/// and tests the kept deals; a bad filter's error comes back with its column.
#[test]
fn the_filter_prompt_compiles_on_the_compile_thread() {
    let (mut a, mut rt, rx) = huge_results();
    type_filter(&mut a, "v1 > 12");
    let effects = a.on_key(KeyEvent::new(KeyCode::Enter, KeyModifiers::NONE));
    assert!(matches!(effects[..], [Effect::CompileFilter { .. }]), "the key asks for the compile");
    assert!(a.filter.is_none(), "not compiled in the key's handling");
    assert!(matches!(a.overlay(), Some(Overlay::Filter(t)) if t == "v1 > 12"), "the prompt waits");
    for e in effects {
        rt.apply(&mut a, e);
    }
    let Msg::FilterCompiled(g, text, result) = rx.recv_timeout(Duration::from_secs(120)).expect("reports") else {
        panic!("expected the filter's compile")
    };
    let _ = a.on_filter_compiled(g, text, result);
    assert!(a.overlay().is_none(), "the prompt closed");
    assert_eq!(a.filter.as_ref().expect("a filter").tested, 3);
    let _ = a.on_key(KeyEvent::new(KeyCode::Char('f'), KeyModifiers::ALT));
    for _ in 0.."v1 > 12".len() {
        let _ = a.on_key(KeyEvent::new(KeyCode::Backspace, KeyModifiers::NONE));
    }
    for c in "v1 >".chars() {
        let _ = a.on_key(KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE));
    }
    enter_filter(&mut rt, &mut a, &rx);
    let (msg, error) = a.message.clone().expect("a message");
    assert!(error && msg.starts_with("filter:5:"), "{msg}");
    assert!(matches!(a.overlay(), Some(Overlay::Filter(t)) if t == "v1 >"), "the prompt stays open");
}

/// A filter compile whose prompt was closed (Esc) or edited meanwhile changes nothing.
#[test]
fn a_filter_compile_the_prompt_left_behind_is_dropped() {
    let (mut a, mut rt, rx) = huge_results();
    type_filter(&mut a, "v1 > 12");
    for e in a.on_key(KeyEvent::new(KeyCode::Enter, KeyModifiers::NONE)) {
        rt.apply(&mut a, e);
    }
    let _ = a.on_key(KeyEvent::new(KeyCode::Esc, KeyModifiers::NONE));
    let Msg::FilterCompiled(g, text, result) = rx.recv_timeout(Duration::from_secs(120)).expect("reports") else {
        panic!("expected the filter's compile")
    };
    let _ = a.on_filter_compiled(g, text, result);
    assert!(a.filter.is_none() && a.overlay().is_none(), "Esc won");
}
