//! Key-driven tests of the workbench state: editing, saving, quitting, deals, help,
//! search, disk changes and stale runs. No terminal and no I/O: effects are inspected.

mod tui_common;

use dealbench::run::{Event, Matched as MatchedDeal};
use dealbench::tui::app::{App, Effect, Overlay, Pane, RunState};
use dealbench::tui::engine::TableInfo;
use dealbench::tui::ui;
use ratatui::crossterm::event::{KeyCode, KeyEvent};
use tui_common::{alt, app, ctrl, key, screen, type_str};

/// A matched deal as a run reports it, printing nothing and solving nothing.
fn matched(number: u64, generated: u64, deal: dealbench::cards::Deal) -> Event {
    Event::Matched(vec![MatchedDeal {
        number,
        generated,
        deal,
        printed: Default::default(),
        known: None,
        hand_types: 0,
    }])
}

fn saved_run(app: &mut App) -> Vec<Effect> {
    let effects = app.on_key(ctrl('s'));
    let [Effect::Save { path, text }] = effects.as_slice() else { panic!("expected a save, got {effects:?}") };
    assert_eq!(path.to_str(), Some("/tmp/bench/stayman.dlr"));
    assert!(text.ends_with('\n'));
    app.on_saved(Ok(text.clone()))
}

#[test]
fn typing_marks_modified_and_ctrl_s_saves_then_runs() {
    let mut a = app("dark", (120, 40));
    assert!(!a.modified());
    type_str(&mut a, "# hi ");
    assert!(a.modified());
    assert!(a.buffer_text().starts_with("# hi # dealbench"));
    assert!(screen(&a).contains("[+]"));
    let g = a.generation;
    let effects = saved_run(&mut a);
    assert!(!a.modified());
    assert!(
        matches!(&effects[..], [Effect::Run { generation, source }] if *generation == g + 1 && source.starts_with("# hi"))
    );
}

#[test]
fn undo_and_redo() {
    let mut a = app("dark", (120, 40));
    let before = a.buffer_text();
    type_str(&mut a, "x");
    assert_ne!(a.buffer_text(), before);
    let _ = a.on_key(ctrl('z'));
    assert_eq!(a.buffer_text(), before);
    let _ = a.on_key(ctrl('y'));
    assert!(a.buffer_text().starts_with('x'));
}

#[test]
fn quit_with_unsaved_changes_asks() {
    let mut a = app("dark", (80, 24));
    assert_eq!(a.on_key(ctrl('q')), vec![Effect::Quit]);
    let mut a = app("dark", (80, 24));
    type_str(&mut a, "z");
    assert!(a.on_key(ctrl('q')).is_empty());
    assert_eq!(a.overlay(), Some(&Overlay::ConfirmQuit));
    assert!(screen(&a).contains("unsaved changes"));
    assert!(a.on_key(key(KeyCode::Esc)).is_empty());
    assert_eq!(a.overlay(), None);
    assert!(!a.quit);
    let _ = a.on_key(ctrl('q'));
    // Save and quit: the save comes first, the quit after it succeeds.
    let effects = a.on_key(key(KeyCode::Char('s')));
    let [Effect::Save { text, .. }] = effects.as_slice() else { panic!("{effects:?}") };
    assert_eq!(a.on_saved(Ok(text.clone())), vec![Effect::Quit]);
    assert!(a.quit);
    let mut a = app("dark", (80, 24));
    type_str(&mut a, "z");
    let _ = a.on_key(ctrl('q'));
    assert_eq!(a.on_key(key(KeyCode::Char('d'))), vec![Effect::Quit]);
}

#[test]
fn moving_through_deals() {
    let mut a = app("dark", (80, 24));
    assert_eq!(a.results.selected, Some(1));
    let _ = a.on_key(alt('n'));
    assert_eq!(a.results.selected, Some(2));
    let _ = a.on_key(alt('n'));
    let _ = a.on_key(alt('n'));
    assert_eq!(a.results.selected, Some(3), "clamped at the last deal");
    let _ = a.on_key(alt('p'));
    assert_eq!(a.results.selected, Some(2));
    let _ = a.on_key(key(KeyCode::Tab));
    assert_eq!(a.focus, Pane::Deal);
    let _ = a.on_key(key(KeyCode::Home));
    assert_eq!(a.results.selected, Some(1));
    let _ = a.on_key(key(KeyCode::Char('G')));
    assert_eq!(a.results.selected, Some(3));
    assert!(screen(&a).contains("Board 3"));
    let _ = a.on_key(key(KeyCode::Char('p')));
    assert!(screen(&a).contains("Board 2"));
}

#[test]
fn keeps_only_the_last_n_deals() {
    let mut a = app("dark", (80, 24));
    a.keep = 2;
    let g = a.generation;
    let deal = a.results.deals[0].deal;
    let more: Vec<Event> = (4..=6).map(|n| matched(n, n * 10, deal)).collect();
    let _ = a.on_run_msgs(g, more);
    let kept: Vec<u64> = a.results.deals.iter().map(|d| d.number).collect();
    assert_eq!(kept, vec![5, 6]);
    assert_eq!(a.results.dropped, 4);
    assert!(a.text_lines()[0].contains("4 earlier deals not kept"));
    // The selected deal stays on screen after it leaves the list, until the user moves.
    assert_eq!(a.results.selected, Some(1));
    assert_eq!(a.results.selected_deal().map(|d| d.number), Some(1));
    a.focus = Pane::Deal;
    assert!(screen(&a).contains("Board 1"));
    let _ = a.on_key(alt('n'));
    assert_eq!(a.results.selected, Some(5));
    let _ = a.on_key(alt('p'));
    assert_eq!(a.results.selected, Some(5), "the pinned deal is gone once left");
}

#[test]
fn stale_generations_are_dropped() {
    let mut a = app("dark", (80, 24));
    let old = a.generation;
    let _ = a.request_run();
    a.on_run_started(old + 1, TableInfo::default(), Vec::new());
    assert_eq!(a.state, RunState::Running);
    let deal = dealbench::cards::parse_deal(tui_common::DEALS[0]).unwrap();
    let stale = vec![matched(1, 1, deal)];
    let _ = a.on_run_msgs(old, stale);
    // The old results stay, marked stale, until the new run reports.
    assert_eq!(a.results.deals.len(), 3);
    assert!(a.stale);
    let progress = Event::Progress { generated: 10, produced: 0, elapsed: std::time::Duration::from_millis(5) };
    let _ = a.on_run_msgs(old + 1, vec![progress]);
    assert!(a.results.deals.is_empty());
    assert!(!a.stale);
    assert_eq!(a.results.generated, 10);
}

#[test]
fn compile_error_keeps_last_results_marked_stale() {
    let mut a = app("dark", (120, 40));
    let src = a.buffer_text();
    let d = dealbench::script::diag::Diagnostic::error("s", &src, dealbench::script::diag::Span::new(0, 1), "bad");
    let g = a.generation + 1;
    let _ = a.request_run();
    a.on_compile_error(g, vec![d]);
    assert_eq!(a.state, RunState::Error);
    assert!(a.stale);
    assert_eq!(a.results.deals.len(), 3);
    let s = screen(&a);
    assert!(s.contains("(stale)") && s.contains("1:1 error: bad"), "{s}");
}

#[test]
fn f1_explains_the_word_under_the_cursor() {
    let mut a = app("dark", (80, 24));
    // Put the cursor on `hcp` in `nt_opener = hcp(north) …`.
    let row = a.editor.lines().iter().position(|l| l.starts_with("nt_opener")).unwrap();
    a.editor.move_cursor(ratatui_textarea::CursorMove::Jump(row as u16, 13));
    let _ = a.on_key(key(KeyCode::F(1)));
    assert_eq!(a.overlay(), Some(&Overlay::Word("hcp".into())));
    let s = screen(&a);
    assert!(s.contains("hcp(compass)") && s.contains("High card points"), "{s}");
    let _ = a.on_key(key(KeyCode::Esc));
    assert_eq!(a.overlay(), None);
    // On a blank line F1 lists the keys; so does `?` outside the editor.
    a.editor.move_cursor(ratatui_textarea::CursorMove::Jump(5, 0));
    let _ = a.on_key(key(KeyCode::F(1)));
    assert_eq!(a.overlay(), Some(&Overlay::Help(0)));
    let _ = a.on_key(key(KeyCode::Char('x')));
    let _ = a.on_key(alt('2'));
    let _ = a.on_key(key(KeyCode::Char('?')));
    assert_eq!(a.overlay(), Some(&Overlay::Help(0)));
    assert!(screen(&a).contains("Ctrl-S"));
}

#[test]
fn question_mark_types_in_the_editor() {
    let mut a = app("dark", (80, 24));
    type_str(&mut a, "?");
    assert_eq!(a.overlay(), None);
    assert!(a.buffer_text().starts_with('?'));
}

#[test]
fn search_moves_the_cursor() {
    let mut a = app("dark", (80, 24));
    let _ = a.on_key(ctrl('f'));
    type_str(&mut a, "condition");
    let _ = a.on_key(key(KeyCode::Enter));
    let row = a.editor.lines().iter().position(|l| l.starts_with("condition")).unwrap();
    assert_eq!(a.editor.cursor().0, row);
    assert_eq!(a.overlay(), None);
}

#[test]
fn disk_changes_reload_or_wait() {
    let mut a = app("dark", (80, 24));
    // Our own save coming back through the watcher: nothing to do.
    let own = format!("{}\n", a.buffer_text());
    assert!(a.on_disk_change(Some(own)).is_empty());
    // Another editor saved: reload and run.
    let effects = a.on_disk_change(Some("produce 5\n".into()));
    assert!(matches!(&effects[..], [Effect::Run { source, .. }] if source == "produce 5"));
    assert_eq!(a.buffer_text(), "produce 5");
    // With edits in the buffer the disk version waits for Ctrl-O.
    type_str(&mut a, "# ");
    assert!(a.on_disk_change(Some("produce 7\n".into())).is_empty());
    assert_eq!(a.buffer_text(), "# produce 5");
    let effects = a.on_key(ctrl('o'));
    assert_eq!(a.buffer_text(), "produce 7");
    assert!(matches!(&effects[..], [Effect::Run { .. }]));
}

#[test]
fn export_and_copy() {
    let mut a = app("dark", (80, 24));
    assert!(a.on_key(alt('e')).is_empty(), "Alt-e asks which format");
    assert_eq!(a.overlay(), Some(&Overlay::Export { rotate: false }));
    let effects = a.on_key(key(KeyCode::Char('p')));
    assert_eq!(a.overlay(), None);
    let [Effect::Export { path, text, .. }] = effects.as_slice() else { panic!("{effects:?}") };
    assert_eq!(path.to_str(), Some("/tmp/bench/stayman.pbn"));
    assert!(text.starts_with("% PBN 2.1\n"), "{text}");
    assert!(text.contains("[Board \"1\"]\n[West \"-\"]\n[North \"-\"]\n[East \"-\"]\n[South \"-\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n[Deal \"N:KJT7.T.AJT.K9653"));
    assert_eq!(text.matches("[Deal ").count(), 3);
    let effects = a.on_key(alt('y'));
    assert_eq!(
        effects,
        vec![Effect::Copy("n KJT7.T.AJT.K9653 e A52.AJ654.9542.8 s Q96.KQ3.Q3.AQJ74 w 843.9872.K876.T2".into())]
    );
}

#[test]
fn export_as_lin_with_rotation() {
    let mut a = app("dark", (80, 24));
    a.focus = Pane::Deal;
    let _ = a.on_key(key(KeyCode::Char('e')));
    let _ = a.on_key(key(KeyCode::Char('r')));
    assert_eq!(a.overlay(), Some(&Overlay::Export { rotate: true }));
    let effects = a.on_key(key(KeyCode::Char('l')));
    let [Effect::Export { path, text, .. }] = effects.as_slice() else { panic!("{effects:?}") };
    assert_eq!(path.to_str(), Some("/tmp/bench/stayman.lin"));
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3);
    // Board 2: East deals, NS vulnerable; the script's dealer (North) and his hand move to East.
    assert_eq!(
        lines[1],
        "pn|,,,|st||md|4S7652HJ85DKJ86CKJ,SA84HKT64DAQ7CA95,SJT93HQ7DT32CT843,SKQHA932D954CQ762|rh||ah|Board 2|sv|n|pg||"
    );
    let _ = a.on_key(key(KeyCode::Char('e')));
    assert!(a.on_key(key(KeyCode::Esc)).is_empty());
    assert_eq!(a.overlay(), None, "Esc cancels");
}

#[test]
fn dd_is_requested_when_the_pane_shows() {
    let mut a = app("dark", (80, 24));
    a.auto_dd = true;
    // Deal 2 is not solved; showing the DD pane asks for it, once.
    let _ = a.on_key(alt('n'));
    let effects = a.on_key(alt('4'));
    assert!(matches!(&effects[..], [Effect::SolveDd { number: 2, .. }]), "{effects:?}");
    assert!(screen(&a).contains("solving"));
    assert!(a.on_key(key(KeyCode::Char('d'))).is_empty(), "already pending");
    let g = a.generation;
    a.on_dd(g, 2, Err("solver not available in this build".into()));
    assert!(screen(&a).contains("solver not available"));
}

#[test]
fn stop_cancels_the_run() {
    let mut a = app("dark", (80, 24));
    let g = a.generation + 1;
    let _ = a.request_run();
    a.on_run_started(g, TableInfo::default(), Vec::new());
    assert_eq!(a.on_key(key(KeyCode::F(6))), vec![Effect::Cancel]);
    assert_eq!(a.state, RunState::Cancelled);
}

#[test]
fn no_color_keeps_cursor_reverse_video() {
    use ratatui::style::Modifier;
    let theme = dealbench::tui::theme::Theme::dark().adapt(dealbench::tui::theme::ColorDepth::None);
    let mut a = App::new("/tmp/x.dlr".into(), "condition hcp(north) > 10\n", theme);
    a.size = (80, 24);
    let t = tui_common::draw(&a);
    let buf = t.backend().buffer();
    // The cursor sits at the start of the text, after the border and the line number.
    let x = 1 + a.editor.line_number_width();
    let cell = &buf[(x, 2)];
    assert_eq!(cell.symbol(), "c");
    assert!(cell.modifier.contains(Modifier::REVERSED), "{cell:?}");
    assert!(
        buf.content().iter().all(|c| c.fg == ratatui::style::Color::Reset || c.fg == ratatui::style::Color::default())
    );
    let _ = ui::draw;
}

#[test]
fn atomic_save_leaves_no_temp_file() {
    let dir = tui_common::common::Scratch::new("save");
    let p = dir.join("s.dlr");
    std::fs::write(&p, "old\n").unwrap();
    dealbench::tui::runtime::atomic_write(&p, "new\n").unwrap();
    assert_eq!(std::fs::read_to_string(&p).unwrap(), "new\n");
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1);
}

#[test]
fn paste_inserts_text_with_line_ends_and_tabs() {
    let mut a = app("dark", (80, 24));
    a.paste("a\tb\rc\r\nd");
    assert!(a.buffer_text().starts_with("a\tb\nc\nd# dealbench"), "{:?}", &a.buffer_text()[..20]);
    assert_eq!(a.focus, Pane::Editor);
}

#[test]
fn mouse_focuses_scrolls_and_places_the_cursor() {
    use ratatui::crossterm::event::{KeyModifiers, MouseButton, MouseEvent, MouseEventKind};
    let ev = |kind, column, row| MouseEvent { kind, column, row, modifiers: KeyModifiers::NONE };
    let mut a = app("dark", (120, 40));
    let screen = ui::layout(ratatui::layout::Rect::new(0, 0, 120, 40), true, a.focus, a.hand_type_count());
    let deal = screen.panes.iter().find(|(p, _)| *p == Pane::Deal).unwrap().1;
    let _ = a.on_mouse(ev(MouseEventKind::Down(MouseButton::Left), deal.x + 5, deal.y + 5));
    assert_eq!(a.focus, Pane::Deal);
    let _ = a.on_mouse(ev(MouseEventKind::ScrollDown, deal.x + 5, deal.y + 5));
    assert_eq!(a.results.selected, Some(2));
    // Click on line 3, column 2 of the text (after the border and the line numbers).
    let _ = tui_common::draw(&a);
    let x = 1 + a.editor.line_number_width() + 2;
    let _ = a.on_mouse(ev(MouseEventKind::Down(MouseButton::Left), x, 3));
    assert_eq!(a.focus, Pane::Editor);
    assert_eq!((a.editor.cursor().0, a.editor.cursor().1), (2, 2));
    // Narrow: the tab bar switches panes.
    let mut a = app("dark", (80, 24));
    let _ = a.on_mouse(ev(MouseEventKind::Down(MouseButton::Left), 14, 0));
    assert_eq!(a.focus, Pane::Deal);
}

#[test]
fn a_run_failing_at_once_keeps_the_last_results() {
    let mut a = app("dark", (120, 40));
    let g = a.generation + 1;
    let _ = a.request_run();
    a.on_run_started(g, TableInfo::default(), Vec::new());
    let src = a.buffer_text();
    let d = dealbench::script::diag::Diagnostic::error(
        "s",
        &src,
        dealbench::script::diag::Span::new(3, 4),
        "division by zero",
    );
    let _ = a.on_run_msgs(g, vec![Event::Failed(Box::new(d))]);
    assert_eq!(a.state, RunState::Error);
    assert!(a.stale);
    assert_eq!(a.results.deals.len(), 3);
    assert!(screen(&a).contains("division by zero"));
}

#[test]
fn a_new_run_asks_for_the_solve_of_its_first_deal() {
    let mut a = app("dark", (120, 40));
    a.auto_dd = true;
    let g = a.generation + 1;
    let _ = a.request_run();
    a.on_run_started(g, TableInfo::default(), Vec::new());
    let deal = dealbench::cards::parse_deal(tui_common::DEALS[1]).unwrap();
    let m = matched(1, 4, deal);
    let effects = a.on_run_msgs(g, vec![m]);
    assert!(matches!(&effects[..], [Effect::SolveDd { generation, number: 1, .. }] if *generation == g), "{effects:?}");
}

#[test]
fn a_deleted_script_is_unsaved_and_quit_asks() {
    let mut a = app("dark", (80, 24));
    let buffer = a.buffer_text();
    let effects = a.on_disk_read(Err(std::io::ErrorKind::NotFound.into()));
    assert!(effects.is_empty());
    assert_eq!(a.buffer_text(), buffer, "the buffer is kept");
    assert!(a.modified(), "nothing on disk holds the buffer");
    let s = screen(&a);
    assert!(s.contains("deleted") && !s.contains("saved "), "{s}");
    assert!(a.on_key(ctrl('q')).is_empty());
    assert_eq!(a.overlay(), Some(&Overlay::ConfirmQuit));
    let _ = a.on_key(key(KeyCode::Esc));
    // Ctrl-S writes the file again.
    let effects = a.on_key(ctrl('s'));
    let [Effect::Save { text, .. }] = effects.as_slice() else { panic!("{effects:?}") };
    let _ = a.on_saved(Ok(text.clone()));
    assert!(!a.modified());
    assert!(screen(&a).contains("saved "));
}

#[test]
fn a_script_overwritten_with_bytes_that_are_not_utf8_keeps_the_buffer() {
    let mut a = app("dark", (80, 24));
    let buffer = a.buffer_text();
    let effects = a.on_disk_read(Ok(b"produce 5\n# caf\xe9\n".to_vec()));
    assert!(effects.is_empty());
    assert_eq!(a.buffer_text(), buffer, "the buffer is kept");
    assert!(a.modified());
    assert!(a.message.as_ref().is_some_and(|(m, err)| *err && m.contains("stayman.dlr") && m.contains("UTF-8")));
    assert!(screen(&a).contains("not UTF-8"), "{}", screen(&a));
    assert!(a.on_key(ctrl('q')).is_empty());
    assert_eq!(a.overlay(), Some(&Overlay::ConfirmQuit));
    // Good text again on disk: back to the usual comparison.
    let own = format!("{buffer}\n");
    let _ = a.on_disk_read(Ok(own.into_bytes()));
    assert!(!a.modified());
}

#[test]
fn a_latin1_script_opens_lossily_with_a_warning() {
    let bytes = b"# caf\xe9 au lait\nproduce 3\n".to_vec();
    let mut a = App::open_bytes(std::path::PathBuf::from("/tmp/bench/latin.dlr"), &bytes, tui_common::theme("dark"));
    assert_eq!(a.buffer_text(), "# caf\u{fffd} au lait\nproduce 3");
    assert!(!a.modified(), "nothing typed, nothing to save: the file on disk is left alone");
    let (msg, err) = a.message.clone().expect("a warning");
    assert!(err && msg.contains("latin.dlr") && msg.contains("UTF-8"), "{msg}");
    // The watcher seeing the same bytes again changes nothing.
    assert!(a.on_disk_read(Ok(bytes)).is_empty());
    assert!(!a.modified());
    assert_eq!(a.on_key(ctrl('q')), vec![Effect::Quit]);
}

#[test]
fn incremental_colours_match_a_fresh_parse_after_every_edit() {
    let mut a = app("dark", (120, 40));
    let fresh = |a: &App| {
        let b = App::new(a.path.clone(), &a.buffer_text(), tui_common::theme("dark"));
        b.visible_highlights(0..usize::MAX)
    };
    let step = |a: &mut App, what: &str| {
        let all = a.visible_highlights(0..usize::MAX);
        assert_eq!(all, fresh(a), "after {what}");
        assert!(!all.is_empty());
    };
    let down = |a: &mut App, n: usize| {
        for _ in 0..n {
            let _ = a.on_key(key(KeyCode::Down));
        }
    };
    type_str(&mut a, "/* open");
    step(&mut a, "opening a block comment");
    down(&mut a, 3);
    type_str(&mut a, "*/ x = 3");
    step(&mut a, "closing it rows below");
    let _ = a.on_key(key(KeyCode::Enter));
    type_str(&mut a, "condition hcp(north) > x");
    step(&mut a, "a new row");
    for _ in 0..30 {
        let _ = a.on_key(key(KeyCode::Backspace));
    }
    step(&mut a, "backspacing across rows");
    a.paste("produce 9\r\n\"unterminated\ncondition tricks(south, spades) >= 10\n");
    step(&mut a, "pasting rows");
    let _ = a.on_key(ctrl('z'));
    step(&mut a, "undo");
    let _ = a.on_key(ctrl('y'));
    step(&mut a, "redo");
    let _ = a.on_key(ctrl('k'));
    step(&mut a, "killing to the end of the row");
    let _ = a.on_key(KeyEvent::new(KeyCode::End, ratatui::crossterm::event::KeyModifiers::CONTROL));
    let _ = a.on_key(key(KeyCode::Enter));
    type_str(&mut a, "average \"last\" hcp(west)");
    step(&mut a, "typing at the end");
    // Typing the saved text back makes the buffer saved again.
    let text = a.buffer_text();
    let _ = saved_run(&mut a);
    type_str(&mut a, "q");
    assert!(a.modified());
    let _ = a.on_key(key(KeyCode::Backspace));
    assert!(!a.modified());
    assert_eq!(a.buffer_text(), text);
}

#[test]
fn overlays_stack_and_the_top_one_takes_the_keys() {
    let mut a = app("dark", (80, 24));
    a.push_overlay(Overlay::Help(0));
    a.push_overlay(Overlay::Search(String::new()));
    type_str(&mut a, "j");
    assert_eq!(a.overlay(), Some(&Overlay::Search("j".into())), "the search prompt took the key, not the help");
    let s = screen(&a);
    assert!(s.contains("Keys") && s.contains("Search: j"), "both drawn, search on top: {s}");
    let _ = a.on_key(key(KeyCode::Esc));
    assert_eq!(a.overlay(), Some(&Overlay::Help(0)), "closing the top leaves the one beneath");
    let _ = a.on_key(key(KeyCode::Esc));
    assert_eq!(a.overlay(), None);
}
