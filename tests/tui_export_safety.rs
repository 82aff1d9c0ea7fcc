//! The workbench's export (issue 34, 2, 3 and 17): never onto the script (by name or by
//! file identity), an existing file replaced only after `y` and by a rename, the filter's
//! deals when one is set (the prompt says so), and a prompt with nothing to export still
//! takes the next key.

mod tui_common;

use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};
use std::sync::mpsc;

use dealbench::tui::TuiOptions;
use dealbench::tui::app::{App, Overlay, Pane};
use dealbench::tui::runtime::{Msg, Runtime};
use ratatui::crossterm::event::KeyCode;
use tui_common::{alt, app, common, key, screen, type_str};

/// The example app with its three deals, its script at `dir/name` (written there).
fn app_at(dir: &Path, name: &str) -> App {
    let mut a = app("dark", (80, 24));
    a.path = dir.join(name);
    a.file_name = name.into();
    std::fs::write(&a.path, format!("{}\n", a.buffer_text())).unwrap();
    a
}

fn runtime() -> Runtime {
    let (tx, _rx) = mpsc::sync_channel::<Msg>(16);
    Runtime::new(tx, TuiOptions::default().switches())
}

/// Presses `keys` in turn, carrying out each key's effects as the event loop does.
fn press(a: &mut App, rt: &mut Runtime, keys: &str) {
    for c in keys.chars() {
        let code = if c == '\u{1b}' { KeyCode::Esc } else { KeyCode::Char(c) };
        let mut effects = a.on_key(key(code));
        while !effects.is_empty() {
            let batch = std::mem::take(&mut effects);
            for e in batch {
                effects.extend(rt.apply(a, e));
            }
        }
    }
}

fn message(a: &App) -> String {
    a.message.as_ref().map(|m| m.0.clone()).unwrap_or_default()
}

#[test]
fn an_export_onto_the_script_itself_is_refused() {
    let dir = common::Scratch::new("export-self");
    let mut a = app_at(&dir, "deals.pbn");
    let before = std::fs::read(&a.path).unwrap();
    let mut rt = runtime();
    a.focus = Pane::Deal;
    press(&mut a, &mut rt, "ep");
    assert_eq!(std::fs::read(&a.path).unwrap(), before, "the script is untouched");
    let m = message(&a);
    assert!(m.contains("export refused") && m.contains("deals.pbn is the script itself"), "{m}");
    assert_eq!(a.overlay(), None);
    let s = screen(&a);
    let status = s.lines().last().unwrap();
    assert!(status.contains("export refused: deals.pbn is"), "the status line at 80x24 shows it: {status}");
}

#[test]
fn an_export_onto_a_link_to_the_script_is_refused() {
    let dir = common::Scratch::new("export-link");
    let mut a = app_at(&dir, "s.dlr");
    let before = std::fs::read(&a.path).unwrap();
    let mut rt = runtime();
    a.focus = Pane::Deal;
    std::fs::hard_link(&a.path, dir.join("s.pbn")).unwrap();
    press(&mut a, &mut rt, "ep");
    assert!(message(&a).contains("s.pbn is the script itself"), "{}", message(&a));
    std::os::unix::fs::symlink(&a.path, dir.join("s.lin")).unwrap();
    press(&mut a, &mut rt, "el");
    assert!(message(&a).contains("s.lin is the script itself"), "{}", message(&a));
    assert_eq!(std::fs::read(&a.path).unwrap(), before, "the script is untouched");
    assert!(std::fs::symlink_metadata(dir.join("s.lin")).unwrap().file_type().is_symlink());
}

#[test]
fn an_existing_file_is_replaced_only_after_yes_and_by_a_rename() {
    let dir = common::Scratch::new("export-replace");
    let mut a = app_at(&dir, "s.dlr");
    let mut rt = runtime();
    a.focus = Pane::Deal;
    let target: PathBuf = dir.join("s.pbn");
    std::fs::write(&target, "old set\n").unwrap();
    let inode = std::fs::metadata(&target).unwrap().ino();
    press(&mut a, &mut rt, "ep");
    assert!(matches!(a.overlay(), Some(Overlay::ConfirmReplace { deals: 3, .. })), "{:?}", a.overlay());
    assert_eq!(std::fs::read_to_string(&target).unwrap(), "old set\n", "nothing written before the answer");
    let s = screen(&a);
    assert!(s.contains("s.pbn already exists") && s.contains("replace it with the 3 deals"), "{s}");
    press(&mut a, &mut rt, "x");
    assert!(matches!(a.overlay(), Some(Overlay::ConfirmReplace { .. })), "other keys leave the question up");
    press(&mut a, &mut rt, "n");
    assert_eq!(a.overlay(), None);
    assert_eq!(std::fs::read_to_string(&target).unwrap(), "old set\n");
    assert!(message(&a).contains("left as it was"), "{}", message(&a));
    press(&mut a, &mut rt, "epy");
    let text = std::fs::read_to_string(&target).unwrap();
    assert_eq!(text.matches("[Deal ").count(), 3, "{text}");
    assert_ne!(std::fs::metadata(&target).unwrap().ino(), inode, "renamed into place, not written over");
    assert!(message(&a).contains("wrote 3 deals to"), "{}", message(&a));
    let left: Vec<_> = std::fs::read_dir(&*dir).unwrap().map(|e| e.unwrap().file_name()).collect();
    assert_eq!(left.len(), 2, "no temporary file left: {left:?}");
}

#[test]
fn an_export_onto_a_directory_is_refused() {
    let dir = common::Scratch::new("export-dir");
    let mut a = app_at(&dir, "s.dlr");
    let mut rt = runtime();
    a.focus = Pane::Deal;
    std::fs::create_dir(dir.join("s.lin")).unwrap();
    press(&mut a, &mut rt, "el");
    assert!(message(&a).contains("s.lin is a directory, not a file"), "{}", message(&a));
    assert_eq!(a.overlay(), None);
}

#[test]
fn the_export_writes_the_filtered_deals_and_the_prompt_says_so() {
    let dir = common::Scratch::new("export-filter");
    let mut a = app_at(&dir, "s.dlr");
    let mut rt = runtime();
    a.focus = Pane::Deal;
    // Only deal 2's North holds 11 points (deal 1's 12, deal 3's 8).
    press(&mut a, &mut rt, "f");
    type_str(&mut a, "hcp(north) == 11");
    let effects = a.on_key(key(KeyCode::Enter));
    let _ = tui_common::compile_filters(&mut a, effects);
    assert_eq!(a.filter.as_ref().map(|f| f.pass.len()), Some(1));
    press(&mut a, &mut rt, "e");
    let s = screen(&a);
    assert!(
        s.contains("1 kept deal as a numbered set") && s.contains("those the filter passes (1 of 3; clear it"),
        "{s}"
    );
    press(&mut a, &mut rt, "p");
    let text = std::fs::read_to_string(dir.join("s.pbn")).unwrap();
    assert_eq!(text.matches("[Deal ").count(), 1, "{text}");
    assert!(text.contains("[Board \"2\"]"), "the deal keeps its number in the run: {text}");
    assert!(message(&a).contains("wrote 1 deals"), "{}", message(&a));
}

#[test]
fn with_no_deals_the_prompt_still_takes_the_next_key() {
    let dir = common::Scratch::new("export-none");
    let mut a = app_at(&dir, "s.dlr");
    a.results = Default::default();
    let mut rt = runtime();
    let buffer = a.buffer_text();
    assert_eq!(a.focus, Pane::Editor);
    assert!(a.on_key(alt('e')).is_empty());
    assert!(screen(&a).contains("No deals to export"), "{}", screen(&a));
    press(&mut a, &mut rt, "p");
    assert_eq!(a.buffer_text(), buffer, "`p` is not typed into the script");
    assert_eq!(a.overlay(), None);
    assert!(message(&a).contains("no deals to export"), "{}", message(&a));
    assert!(!dir.join("s.pbn").exists());
    let _ = a.on_key(key(KeyCode::Char('x')));
    assert!(a.buffer_text().starts_with('x'), "the prompt is closed: keys type again");
}
