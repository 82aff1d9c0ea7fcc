//! The workbench says why (issue 34, 12 and 17): `L` on a script with no hand types says
//! there are none and does not level; the hand types pane does not say "levelling on" when
//! a type never occurred; a filter that cannot decide a deal (a division by zero) names
//! the reason and its place.

mod tui_common;

use std::sync::mpsc;

use dealbench::run::stats::HandTypeStat;
use dealbench::tui::TuiOptions;
use dealbench::tui::app::{App, Pane};
use dealbench::tui::hand_types_view::type_lines;
use dealbench::tui::runtime::{Msg, Runtime};
use dealbench::tui::theme::Theme;
use ratatui::crossterm::event::KeyCode;
use tui_common::{app, key, screen, type_str};

fn message(a: &App) -> String {
    a.message.as_ref().map(|m| m.0.clone()).unwrap_or_default()
}

#[test]
fn level_with_no_hand_types_says_there_are_none() {
    let mut a = App::new("/tmp/none.dlr".into(), "produce 2\naction printoneline\n", Theme::dark());
    a.focus = Pane::Deal;
    let (tx, rx) = mpsc::sync_channel::<Msg>(256);
    let mut rt = Runtime::new(tx, TuiOptions { seed: Some(1), ..Default::default() }.switches());
    for e in a.on_key(key(KeyCode::Char('L'))) {
        let _ = rt.apply(&mut a, e);
    }
    // The script compiles on the compile thread; its result starts the run, as in the loop.
    loop {
        if let Msg::Compiled(g, r) = rx.recv_timeout(std::time::Duration::from_secs(20)).expect("the compile reports") {
            let _ = rt.on_compiled(&mut a, g, *r);
            break;
        }
    }
    assert!(!a.level, "nothing to level: levelling stays off");
    let m = message(&a);
    assert!(m.contains("no hand types to level") && !m.contains("levelling the hand types"), "{m}");
}

fn text(lines: &[ratatui::text::Line]) -> String {
    lines.iter().map(|l| l.spans.iter().map(|s| s.content.as_ref()).collect::<String>() + "\n").collect()
}

#[test]
fn levelling_is_not_on_when_a_type_never_occurred() {
    let mut h = HandTypeStat::new(vec!["weak".into(), "never".into()]);
    for _ in 0..40 {
        h.measure(0b01);
    }
    h.counts = vec![40, 0];
    let on = text(&type_lines(&h, 40, true, &[], &Theme::dark()));
    assert!(!on.contains("levelling on"), "{on}");
    assert!(on.contains("levelling asked, but `never` never occurred"), "{on}");
    let off = text(&type_lines(&h, 40, false, &[], &Theme::dark()));
    assert!(off.contains("levelling off"), "{off}");
    h.measure(0b10);
    let both = text(&type_lines(&h, 41, true, &[], &Theme::dark()));
    assert!(both.contains("levelling on"), "{both}");
}

#[test]
fn a_filter_dividing_by_zero_names_the_reason_and_place() {
    let mut a = app("dark", (120, 40));
    a.focus = Pane::Deal;
    let _ = a.on_key(key(KeyCode::Char('f')));
    type_str(&mut a, "hcp(north) / 0 > 1");
    let effects = a.on_key(key(KeyCode::Enter));
    let _ = tui_common::compile_filters(&mut a, effects);
    let f = a.filter.as_ref().expect("the filter compiles");
    assert_eq!((f.pass.len(), f.unknown), (0, 3));
    let m = message(&a);
    assert!(m.contains("3 undecided") && m.contains("filter:12: division by zero"), "{m}");
    // The deal pane's title, with room for it at 80x24 (one pane at a time).
    a.size = (80, 24);
    let s = screen(&a);
    assert!(s.contains("3 undecided (filter:12: division"), "{s}");
}

#[test]
fn the_engines_levelling_warnings_reach_the_pane() {
    let mut h = HandTypeStat::new(vec!["common".into(), "rare".into()]);
    for _ in 0..40 {
        h.measure(0b01);
    }
    h.measure(0b10);
    h.warnings.push("`rare` was measured on 1 of 41 matching deals".into());
    let on = text(&type_lines(&h, 41, true, &[], &Theme::dark()));
    assert!(on.contains("levelling on, with warnings"), "{on}");
    assert!(on.contains("warning: `rare` was measured on 1 of 41 matching deals"), "{on}");
}

#[test]
fn the_pane_shows_target_keep_and_sightings() {
    let mut h = HandTypeStat::new(vec!["common".into(), "rare".into()]);
    for m in [0b01, 0b01, 0b01, 0b10] {
        h.measure(m);
    }
    // Target 1:1 over a natural 3:1 keeps a third of `common` and all of `rare`.
    let lines = text(&type_lines(&h, 0, true, &[1.0, 1.0], &Theme::dark()));
    assert!(lines.starts_with("type   natural  target delivered   keep    seen"), "{lines}");
    assert!(lines.contains("common   75.0%   50.0%         –  0.333       3"), "{lines}");
    assert!(lines.contains("rare     25.0%   50.0%         –  1.000       1"), "{lines}");
}
