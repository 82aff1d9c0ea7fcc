//! The workbench's session keys (issue 32): `a` adds the kept deals to a session set typed at
//! a prompt (a new file, or one read back and grown, only after `y`), `s` lists its boards;
//! the set is read back by the handout's reader and, when present, by endplay.

mod tui_common;

use std::path::Path;
use std::sync::mpsc;

use dealbench::cards::{Seat, parse_deal};
use dealbench::report::handout::read::read_pbn;
use dealbench::tui::TuiOptions;
use dealbench::tui::app::{App, Overlay, Pane};
use dealbench::tui::runtime::{Msg, Runtime};
use ratatui::crossterm::event::{KeyCode, KeyEvent};
use tui_common::{DEALS, app, common, ctrl, key, screen};

/// The example app (three kept deals, dealer North, none vulnerable), its script in `dir`.
fn app_in(dir: &Path, size: (u16, u16)) -> App {
    let mut a = app("dark", size);
    a.path = dir.join("stayman.dlr");
    std::fs::write(&a.path, format!("{}\n", a.buffer_text())).unwrap();
    a.focus = Pane::Deal;
    a
}

fn runtime() -> Runtime {
    let (tx, _rx) = mpsc::sync_channel::<Msg>(16);
    Runtime::new(tx, TuiOptions::default().switches())
}

/// Presses each key, carrying out its effects as the event loop does.
fn press(a: &mut App, rt: &mut Runtime, keys: impl IntoIterator<Item = KeyEvent>) {
    for k in keys {
        let mut effects = a.on_key(k);
        while !effects.is_empty() {
            for e in std::mem::take(&mut effects) {
                effects.extend(rt.apply(a, e));
            }
        }
    }
}

/// `a`, the file name typed over the offered one, Enter.
fn add_to(a: &mut App, rt: &mut Runtime, file: &str) {
    let mut keys = vec![key(KeyCode::Char('a'))];
    keys.extend(std::iter::repeat_n(key(KeyCode::Backspace), 40));
    keys.extend(file.chars().map(|c| key(KeyCode::Char(c))));
    keys.push(key(KeyCode::Enter));
    press(a, rt, keys);
}

fn message(a: &App) -> String {
    a.message.as_ref().map(|m| m.0.clone()).unwrap_or_default()
}

#[test]
fn kept_deals_make_a_new_set_then_grow_it_after_a_yes() {
    let dir = common::Scratch::new("tui-session-grow");
    let mut a = app_in(&dir, (80, 24));
    let mut rt = runtime();
    add_to(&mut a, &mut rt, "class.pbn");
    let path = dir.join("class.pbn");
    let first = std::fs::read_to_string(&path).unwrap();
    let boards = read_pbn(&first, "class.pbn").unwrap();
    assert_eq!(boards.iter().map(|b| b.number).collect::<Vec<_>>(), [1, 2, 3]);
    for (b, d) in boards.iter().zip(DEALS) {
        assert_eq!(b.deal, parse_deal(d).unwrap());
        assert_eq!((b.dealer, b.event.as_str()), (Seat::North, "stayman"), "the script's dealer; its stem");
    }
    assert!(message(&a).contains("added 3 boards to class.pbn: boards 1–3 of 3"), "{}", message(&a));
    assert!(matches!(a.overlay(), Some(Overlay::SessionList(l)) if l.rows.len() == 3));
    insta::assert_snapshot!("session_list_80x24", screen(&a));
    press(&mut a, &mut rt, [key(KeyCode::Esc)]);

    // Again, rotated: the prompt offers the same file, and asks before rewriting it.
    press(&mut a, &mut rt, [key(KeyCode::Char('a')), ctrl('r')]);
    insta::assert_snapshot!("session_prompt_80x24", screen(&a));
    press(&mut a, &mut rt, [key(KeyCode::Enter)]);
    assert!(matches!(a.overlay(), Some(Overlay::ConfirmSession { .. })));
    insta::assert_snapshot!("session_confirm_80x24", screen(&a));
    press(&mut a, &mut rt, [key(KeyCode::Char('n'))]);
    assert_eq!(std::fs::read_to_string(&path).unwrap(), first, "n keeps the set");
    press(&mut a, &mut rt, [key(KeyCode::Char('a')), ctrl('r'), key(KeyCode::Enter), key(KeyCode::Char('y'))]);
    let grown = std::fs::read_to_string(&path).unwrap();
    assert!(grown.starts_with(&first), "the old boards unchanged");
    let boards = read_pbn(&grown, "class.pbn").unwrap();
    let seen: Vec<(u64, Seat)> = boards.iter().map(|b| (b.number, b.dealer)).collect();
    let want =
        [(1, Seat::North), (2, Seat::North), (3, Seat::North), (4, Seat::West), (5, Seat::North), (6, Seat::East)];
    assert_eq!(seen, want, "rotated: boards 4-6 take their number's dealer");
    // Board 4's deal is turned so that North's hand sits with the dealer, West.
    assert_eq!(boards[3].deal.hands[Seat::West.index()], parse_deal(DEALS[0]).unwrap().hands[Seat::North.index()]);
    assert!(matches!(a.overlay(), Some(Overlay::SessionList(l)) if l.rows.len() == 6 && l.scroll == 2));
    if common::endplay_present() {
        let read = common::endplay_read(&path);
        let got: Vec<(u64, char, &str)> = read.iter().map(|b| (b.0, b.1, b.2.as_str())).collect();
        let want =
            [(1, 'N', "None"), (2, 'N', "None"), (3, 'N', "None"), (4, 'W', "All"), (5, 'N', "NS"), (6, 'E', "EW")];
        assert_eq!(got, want, "endplay reads the numbers, dealers and vulnerabilities");
        let deals: Vec<&str> = read.iter().map(|b| b.3.as_str()).collect();
        assert_eq!(deals[..3], DEALS, "the deals as dealt");
    }
    press(&mut a, &mut rt, [key(KeyCode::Esc)]);
    a.size = (160, 48);
    press(&mut a, &mut rt, [key(KeyCode::Char('s'))]);
    insta::assert_snapshot!("session_list_160x48", screen(&a));
}

#[test]
fn the_script_a_directory_a_file_that_is_no_set_and_bad_names_are_refused() {
    let dir = common::Scratch::new("tui-session-refused");
    let mut a = app_in(&dir, (80, 24));
    let mut rt = runtime();
    let script = std::fs::read(&a.path).unwrap();
    std::fs::write(dir.join("notes.pbn"), "shopping list\n[milk]\n").unwrap();
    std::fs::create_dir(dir.join("sets.pbn")).unwrap();
    std::os::unix::fs::symlink(&a.path, dir.join("link.pbn")).unwrap();
    for (file, said) in [
        ("link.pbn", "link.pbn is the script itself"),
        ("sets.pbn", "sets.pbn is a directory"),
        ("notes.pbn", "notes.pbn:2: `[milk]` is not a tag pair"),
        ("class.txt", "class.txt: a set is written as .lin (BBO LIN) or .pbn"),
    ] {
        add_to(&mut a, &mut rt, file);
        assert!(message(&a).contains(said), "{file}: {}", message(&a));
        assert_eq!(a.overlay(), None, "{file}");
    }
    assert_eq!(std::fs::read(&a.path).unwrap(), script);
    assert_eq!(std::fs::read_to_string(dir.join("notes.pbn")).unwrap(), "shopping list\n[milk]\n");
    // `s` lists the last file named that could be a set: notes.pbn is not one.
    press(&mut a, &mut rt, [key(KeyCode::Char('s'))]);
    assert!(message(&a).starts_with("notes.pbn:2: `[milk]`"), "{}", message(&a));
    add_to(&mut a, &mut rt, "none.lin");
    press(&mut a, &mut rt, [key(KeyCode::Esc)]);
    std::fs::remove_file(dir.join("none.lin")).unwrap();
    press(&mut a, &mut rt, [key(KeyCode::Char('s'))]);
    assert!(message(&a).contains("none.lin does not exist yet"), "{}", message(&a));
    let leftovers: Vec<_> = std::fs::read_dir(&*dir)
        .unwrap()
        .flatten()
        .filter(|e| e.file_name().to_string_lossy().ends_with(".tmp"))
        .collect();
    assert!(leftovers.is_empty(), "{leftovers:?}");
}
