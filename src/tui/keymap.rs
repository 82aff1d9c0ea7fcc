//! The key table: every binding with the scope it works in and the action it names, grouped
//! in the rows the help overlay and docs/workbench.md list. Dispatch looks keys up here.

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

/// Where a binding works.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scope {
    /// Everywhere (outside overlays), before the focused pane.
    Global,
    /// The editor pane, before the text area takes the key.
    Editor,
    /// Every pane but the editor.
    Browse,
    /// The panes that show the selected deal: they move the selection.
    Deals,
    /// The panes that scroll a list.
    Scroll,
    /// The question before quitting with unsaved changes.
    QuitPrompt,
    /// The export prompt: format and rotation.
    ExportPrompt,
    /// The question before an export replaces an existing file, or boards are added to a
    /// session set.
    ReplacePrompt,
    /// The session prompt: the set's file name, rotation.
    SessionPrompt,
    /// The session set's board list.
    SessionList,
    /// The Contracts pane.
    Contracts,
}

/// What a key does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// Save the buffer and re-run.
    Save,
    /// Quit, asking first when there are unsaved changes.
    Quit,
    /// Load the version on disk.
    LoadDisk,
    /// Open the search prompt.
    Search,
    /// Next match.
    SearchNext,
    /// Focus the pane `n` places on in Tab order (negative: back).
    FocusBy(i32),
    /// Focus the pane at this Tab position.
    FocusAt(usize),
    /// Focus the editor.
    FocusEditor,
    /// Open the prompt for the contracts to compare.
    Compare,
    /// Open the prompt for the contract whose opening leads to study.
    Leads,
    /// The word under the cursor's entry, else the key list.
    Explain,
    /// The key list.
    Help,
    /// Re-run the buffer.
    Run,
    /// Stop the run.
    Stop,
    /// Move the selected deal by this many.
    SelectBy(i64),
    /// Select the first (false) or last (true) kept deal.
    SelectEnd(bool),
    /// Solve the selected deal double dummy.
    Solve,
    /// Copy the selected deal as a oneline.
    Copy,
    /// Open the export prompt.
    Export,
    /// At the export prompt: write the set as LIN (true) or PBN (false).
    ExportSet(bool),
    /// At the export prompt: rotation on or off.
    ToggleRotate,
    /// At the question before an export replaces a file: replace it.
    Replace,
    /// Open the session prompt: add the kept deals to a session set.
    SessionAdd,
    /// At the session prompt: add them to the file typed.
    SessionWrite,
    /// Show the session set's boards.
    SessionList,
    /// Level the hand types, or stop levelling, and re-run.
    ToggleLevel,
    /// Open the prompt for the levelled copy's file name.
    WriteLeveled,
    /// Scroll the focused list by this many rows.
    ScrollBy(i32),
    /// Scroll the focused list to the top (false) or bottom (true).
    ScrollEnd(bool),
    /// Undo an edit.
    Undo,
    /// Redo an edit.
    Redo,
    /// Clear the selection and the search.
    ClearSearch,
    /// Move the cursor to the top (false) or bottom (true) of the buffer.
    CursorEnd(bool),
    /// At the quit question: save, then quit.
    SaveAndQuit,
    /// At the quit question: quit without saving.
    Discard,
    /// At the quit question or the export prompt: stay, or cancel.
    Stay,
    /// Open the filter prompt over the kept deals.
    Filter,
    /// Re-run with a new seed.
    Reseed,
}

/// A key and the modifiers it needs: `Some(b)` requires Ctrl (or Alt) to be held or not,
/// `None` accepts either.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Chord {
    /// The key.
    pub code: KeyCode,
    /// Ctrl held, if it matters.
    pub ctrl: Option<bool>,
    /// Alt held, if it matters.
    pub alt: Option<bool>,
}

impl Chord {
    /// True when `key` is this chord.
    pub fn matches(&self, key: &KeyEvent) -> bool {
        let held = |m: KeyModifiers, want: Option<bool>| want.is_none_or(|w| key.modifiers.contains(m) == w);
        key.code == self.code && held(KeyModifiers::CONTROL, self.ctrl) && held(KeyModifiers::ALT, self.alt)
    }
}

/// One binding.
#[derive(Clone, Copy, Debug)]
pub struct Bind {
    /// Where it works.
    pub scope: Scope,
    /// The key.
    pub chord: Chord,
    /// What it does.
    pub action: Action,
}

/// One row of the key list: its bindings, as docs/workbench.md names them and as the
/// (narrower) help overlay does.
#[derive(Clone, Copy, Debug)]
pub struct KeyRow {
    /// The keys, as the document lists them.
    pub keys: &'static str,
    /// What they do, as the document says.
    pub doc: &'static str,
    /// The keys in the help overlay.
    pub help_keys: &'static str,
    /// What they do, in the help overlay.
    pub help: &'static str,
    /// The bindings.
    pub binds: &'static [Bind],
}

const fn any(code: KeyCode) -> Chord {
    Chord { code, ctrl: None, alt: None }
}
const fn ctrl(c: char) -> Chord {
    Chord { code: KeyCode::Char(c), ctrl: Some(true), alt: None }
}
const fn alt(code: KeyCode) -> Chord {
    Chord { code, ctrl: Some(false), alt: Some(true) }
}
const fn plain(c: char) -> Chord {
    Chord { code: KeyCode::Char(c), ctrl: Some(false), alt: None }
}
const fn ch(c: char) -> KeyCode {
    KeyCode::Char(c)
}
const fn b(scope: Scope, chord: Chord, action: Action) -> Bind {
    Bind { scope, chord, action }
}

/// A row whose document and help texts are the same.
const fn row(keys: &'static str, what: &'static str, binds: &'static [Bind]) -> KeyRow {
    KeyRow { keys, doc: what, help_keys: keys, help: what, binds }
}

use Action as A;
use Scope::{
    Browse, Deals, Editor, ExportPrompt, Global, QuitPrompt, ReplacePrompt, Scroll, SessionList, SessionPrompt,
};

/// Every key, in the order the help overlay and the document list them.
pub const KEYS: &[KeyRow] = &[
    row("Ctrl-S", "save (atomically) and re-run", &[b(Global, ctrl('s'), A::Save)]),
    KeyRow {
        keys: "Ctrl-Q",
        doc: "quit (asks when there are unsaved changes: `s` save and quit, `d` discard, Esc stay)",
        help_keys: "Ctrl-Q",
        help: "quit (asks when there are unsaved changes)",
        binds: &[
            b(Global, ctrl('q'), A::Quit),
            b(QuitPrompt, any(ch('s')), A::SaveAndQuit),
            b(QuitPrompt, any(ch('y')), A::SaveAndQuit),
            b(QuitPrompt, any(ch('d')), A::Discard),
            b(QuitPrompt, any(ch('n')), A::Discard),
            b(QuitPrompt, any(KeyCode::Esc), A::Stay),
            b(QuitPrompt, any(ch('c')), A::Stay),
        ],
    },
    row(
        "Tab / Shift-Tab",
        "next / previous pane",
        &[
            b(Global, Chord { code: KeyCode::Tab, ctrl: Some(false), alt: Some(false) }, A::FocusBy(1)),
            b(Global, any(KeyCode::BackTab), A::FocusBy(-1)),
        ],
    ),
    KeyRow {
        keys: "Alt-1 … Alt-9, Alt-0",
        doc: "editor, deal, statistics, double dummy, output, hand types, profile, values, contracts, leads",
        help_keys: "Alt-1 … Alt-9, Alt-0",
        help: "script deal stats DD out types prof vals contr lead",
        binds: &[
            b(Global, alt(ch('1')), A::FocusAt(0)),
            b(Global, alt(ch('2')), A::FocusAt(1)),
            b(Global, alt(ch('3')), A::FocusAt(2)),
            b(Global, alt(ch('4')), A::FocusAt(3)),
            b(Global, alt(ch('5')), A::FocusAt(4)),
            b(Global, alt(ch('6')), A::FocusAt(5)),
            b(Global, alt(ch('7')), A::FocusAt(6)),
            b(Global, alt(ch('8')), A::FocusAt(7)),
            b(Global, alt(ch('9')), A::FocusAt(8)),
            b(Global, alt(ch('0')), A::FocusAt(9)),
        ],
    },
    KeyRow {
        keys: "F1",
        doc: "explain the word under the cursor (signature, summary, example); elsewhere the key list",
        help_keys: "F1",
        help: "explain the word under the cursor (else this list)",
        binds: &[b(Global, any(KeyCode::F(1)), A::Explain)],
    },
    KeyRow {
        keys: "?",
        doc: "the key list (outside the editor, where `?` is typed)",
        help_keys: "?",
        help: "this list (outside the editor)",
        binds: &[b(Browse, any(ch('?')), A::Help)],
    },
    row("F5", "re-run the buffer without saving", &[b(Global, any(KeyCode::F(5)), A::Run)]),
    KeyRow {
        keys: "F6, Ctrl-C",
        doc: "stop the run (Ctrl-C outside the editor, where it copies)",
        help_keys: "F6, Ctrl-C",
        help: "stop the run (Ctrl-C outside the editor)",
        binds: &[b(Global, any(KeyCode::F(6)), A::Stop), b(Browse, ctrl('c'), A::Stop)],
    },
    KeyRow {
        keys: "Ctrl-O",
        doc: "load the version on disk, dropping edits (offered when the file changed under them)",
        help_keys: "Ctrl-O",
        help: "load the version on disk, dropping edits",
        binds: &[b(Global, ctrl('o'), A::LoadDisk)],
    },
    row(
        "Ctrl-Z / Ctrl-Y",
        "undo / redo (also Ctrl-U / Ctrl-R)",
        &[b(Editor, ctrl('z'), A::Undo), b(Editor, ctrl('y'), A::Redo)],
    ),
    row(
        "Ctrl-F, F3 / Ctrl-G",
        "search, next match",
        &[
            b(Global, ctrl('f'), A::Search),
            b(Global, ctrl('g'), A::SearchNext),
            b(Global, any(KeyCode::F(3)), A::SearchNext),
        ],
    ),
    row(
        "Esc",
        "clear selection and search; back to the editor",
        &[b(Editor, any(KeyCode::Esc), A::ClearSearch), b(Browse, any(KeyCode::Esc), A::FocusEditor)],
    ),
    KeyRow {
        keys: "Alt-n / Alt-p, Alt-← / Alt-→",
        doc: "next / previous matched deal, from any pane",
        help_keys: "Alt-n / Alt-p",
        help: "next / previous matched deal (anywhere)",
        binds: &[
            b(Global, alt(ch('n')), A::SelectBy(1)),
            b(Global, alt(KeyCode::Right), A::SelectBy(1)),
            b(Global, alt(ch('p')), A::SelectBy(-1)),
            b(Global, alt(KeyCode::Left), A::SelectBy(-1)),
        ],
    },
    KeyRow {
        keys: "n p ← → j k, PgUp PgDn",
        doc: "next / previous deal (deal and DD panes)",
        help_keys: "n p ← → j k",
        help: "next / previous deal (deal and DD panes)",
        binds: &[
            b(Deals, any(ch('n')), A::SelectBy(1)),
            b(Deals, any(ch('j')), A::SelectBy(1)),
            b(Deals, any(KeyCode::Right), A::SelectBy(1)),
            b(Deals, any(KeyCode::Down), A::SelectBy(1)),
            b(Deals, any(ch('p')), A::SelectBy(-1)),
            b(Deals, any(ch('k')), A::SelectBy(-1)),
            b(Deals, any(KeyCode::Left), A::SelectBy(-1)),
            b(Deals, any(KeyCode::Up), A::SelectBy(-1)),
            b(Deals, any(KeyCode::PageDown), A::SelectBy(10)),
            b(Deals, any(KeyCode::PageUp), A::SelectBy(-10)),
        ],
    },
    row(
        "g G Home End",
        "first / last deal; top / bottom of lists",
        &[
            b(Deals, any(KeyCode::Home), A::SelectEnd(false)),
            b(Deals, any(ch('g')), A::SelectEnd(false)),
            b(Deals, any(KeyCode::End), A::SelectEnd(true)),
            b(Deals, any(ch('G')), A::SelectEnd(true)),
            b(Scroll, any(KeyCode::Home), A::ScrollEnd(false)),
            b(Scroll, any(ch('g')), A::ScrollEnd(false)),
            b(Scroll, any(KeyCode::End), A::ScrollEnd(true)),
            b(Scroll, any(ch('G')), A::ScrollEnd(true)),
            b(Editor, Chord { code: KeyCode::Home, ctrl: Some(true), alt: None }, A::CursorEnd(false)),
            b(Editor, Chord { code: KeyCode::End, ctrl: Some(true), alt: None }, A::CursorEnd(true)),
        ],
    ),
    row(
        "d, Alt-d",
        "solve the selected deal double dummy",
        &[b(Global, alt(ch('d')), A::Solve), b(Deals, any(ch('d')), A::Solve)],
    ),
    KeyRow {
        keys: "y, Alt-y",
        doc: "copy the selected deal as a dealer oneline (OSC 52: works over SSH)",
        help_keys: "y, Alt-y",
        help: "copy the selected deal as a oneline (OSC 52)",
        binds: &[b(Global, alt(ch('y')), A::Copy), b(Browse, plain('y'), A::Copy)],
    },
    KeyRow {
        keys: "e, Alt-e",
        doc: "export the kept deals (those the filter passes, when one is set) as a numbered set: `p` PBN \
              (`SCRIPT.pbn`), `l` BBO LIN (`SCRIPT.lin`), `r` rotation on / off, Esc cancel; an existing file is \
              replaced only after `y`",
        help_keys: "e, Alt-e",
        help: "export the kept deals: PBN or LIN, rotated or not",
        binds: &[
            b(Global, alt(ch('e')), A::Export),
            b(Browse, plain('e'), A::Export),
            b(ExportPrompt, any(ch('p')), A::ExportSet(false)),
            b(ExportPrompt, any(ch('l')), A::ExportSet(true)),
            b(ExportPrompt, any(ch('r')), A::ToggleRotate),
            b(ExportPrompt, any(KeyCode::Esc), A::Stay),
            b(ReplacePrompt, any(ch('y')), A::Replace),
            b(ReplacePrompt, any(ch('n')), A::Stay),
            b(ReplacePrompt, any(KeyCode::Esc), A::Stay),
        ],
    },
    KeyRow {
        keys: "a, Alt-a",
        doc: "add the kept deals (those the filter passes) to a session set: type its file (`.pbn` or `.lin`, \
              beside the script unless the path says otherwise), Ctrl-R rotation on / off, Enter add, Esc cancel; \
              an existing set is read back, the new boards numbered after its own, and rewritten only after `y`",
        help_keys: "a, Alt-a",
        help: "add the kept deals to a session set (file prompt)",
        binds: &[
            b(Global, alt(ch('a')), A::SessionAdd),
            b(Browse, plain('a'), A::SessionAdd),
            b(SessionPrompt, any(KeyCode::Enter), A::SessionWrite),
            b(SessionPrompt, ctrl('r'), A::ToggleRotate),
            b(SessionPrompt, any(KeyCode::Esc), A::Stay),
        ],
    },
    KeyRow {
        keys: "s, Alt-s",
        doc: "the session set's boards: number, scenario, dealer, vulnerability, hand type (↑ ↓ PgUp PgDn \
              scroll, any other key closes)",
        help_keys: "s, Alt-s",
        help: "the session set's boards (scenario, dealer, vul)",
        binds: &[
            b(Global, alt(ch('s')), A::SessionList),
            b(Browse, plain('s'), A::SessionList),
            b(SessionList, any(KeyCode::Down), A::ScrollBy(1)),
            b(SessionList, any(ch('j')), A::ScrollBy(1)),
            b(SessionList, any(KeyCode::Up), A::ScrollBy(-1)),
            b(SessionList, any(ch('k')), A::ScrollBy(-1)),
            b(SessionList, any(KeyCode::PageDown), A::ScrollBy(10)),
            b(SessionList, any(KeyCode::PageUp), A::ScrollBy(-10)),
        ],
    },
    KeyRow {
        keys: "L, Alt-l",
        doc: "level the hand types (`HandType_NAME`: their declared shares, else evenly) or stop, and re-run",
        help_keys: "L, Alt-l",
        help: "level the hand types (toggle) and re-run",
        binds: &[b(Global, alt(ch('l')), A::ToggleLevel), b(Browse, plain('L'), A::ToggleLevel)],
    },
    KeyRow {
        keys: "W, Alt-w",
        doc: "write the levelled copy of the script (dealer3's `--write-leveled`): type its file (beside the \
              script, `SCRIPT.leveled.dlr` offered), Enter measures the hand types off the screen's thread and \
              writes it; never over the script, over an existing file only when it is an earlier levelled copy",
        help_keys: "W, Alt-w",
        help: "write the levelled copy of the script (file prompt)",
        binds: &[b(Global, alt(ch('w')), A::WriteLeveled), b(Browse, plain('W'), A::WriteLeveled)],
    },
    row(
        "↑ ↓ PgUp PgDn",
        "scroll statistics and output",
        &[
            b(Scroll, any(KeyCode::Down), A::ScrollBy(1)),
            b(Scroll, any(ch('j')), A::ScrollBy(1)),
            b(Scroll, any(KeyCode::Up), A::ScrollBy(-1)),
            b(Scroll, any(ch('k')), A::ScrollBy(-1)),
            b(Scroll, any(KeyCode::PageDown), A::ScrollBy(10)),
            b(Scroll, any(ch(' ')), A::ScrollBy(10)),
            b(Scroll, any(KeyCode::PageUp), A::ScrollBy(-10)),
        ],
    ),
    KeyRow {
        keys: "f, Alt-f",
        doc: "filter the kept deals by an expression (`tricks(north, notrump) < 9`); Esc in the prompt clears it",
        help_keys: "f, Alt-f",
        help: "filter the kept deals (Esc in the prompt clears)",
        binds: &[b(Global, alt(ch('f')), A::Filter), b(Browse, plain('f'), A::Filter)],
    },
    KeyRow {
        keys: "r, Alt-r",
        doc: "re-run with a new seed (re-runs otherwise keep the seed)",
        help_keys: "r, Alt-r",
        help: "re-run with a new seed (re-runs keep it)",
        binds: &[b(Global, alt(ch('r')), A::Reseed), b(Browse, plain('r'), A::Reseed)],
    },
    KeyRow {
        keys: "c",
        doc: "in the Contracts pane: compare contracts on the kept deals; a prompt takes `3N:N,4H:S` (contract and declarer) and re-runs; an empty line drops them",
        help_keys: "c",
        help: "compare contracts (in the Contracts pane)",
        binds: &[b(Scope::Contracts, plain('c'), A::Compare)],
    },
    KeyRow {
        keys: "o, Alt-o",
        doc: "opening leads against a contract on the kept deals: a prompt takes `3N:S` (contract and declarer; \
              declarer's left-hand opponent leads) and re-runs; the Leads pane shows every lead's table; an empty \
              line drops it",
        help_keys: "o, Alt-o",
        help: "opening leads against a contract (prompt: 3N:S)",
        binds: &[b(Global, alt(ch('o')), A::Leads), b(Browse, plain('o'), A::Leads)],
    },
    row("q", "quit (outside the editor)", &[b(Browse, plain('q'), A::Quit)]),
];

/// The action bound to `key` in `scope`, if any.
pub fn lookup(scope: Scope, key: &KeyEvent) -> Option<Action> {
    KEYS.iter().flat_map(|r| r.binds).find(|b| b.scope == scope && b.chord.matches(key)).map(|b| b.action)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The rows of the key table in docs/workbench.md, as (keys, what they do).
    fn document_rows() -> Vec<(String, String)> {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/docs/workbench.md");
        let doc = std::fs::read_to_string(path).expect("docs/workbench.md");
        let table = doc.split("| Key | What it does |\n| --- | --- |\n").nth(1).expect("the key table");
        table
            .lines()
            .take_while(|l| l.starts_with('|'))
            .map(|l| {
                let cells: Vec<&str> = l.trim_matches('|').split(" | ").map(str::trim).collect();
                assert_eq!(cells.len(), 2, "{l}");
                (cells[0].to_string(), cells[1].to_string())
            })
            .collect()
    }

    #[test]
    fn the_document_lists_exactly_the_key_table() {
        let doc = document_rows();
        let table: Vec<(String, String)> = KEYS.iter().map(|r| (r.keys.to_string(), r.doc.to_string())).collect();
        for row in &doc {
            assert!(table.contains(row), "docs/workbench.md lists {row:?}, the key table does not");
        }
        for row in &table {
            assert!(doc.contains(row), "the key table has {row:?}, docs/workbench.md does not");
        }
        assert_eq!(doc, table, "same rows, same order");
    }

    /// A key as the document names it.
    fn parse(name: &str) -> KeyEvent {
        let (mods, key) = match name.split_once('-') {
            Some(("Ctrl", k)) => (KeyModifiers::CONTROL, k),
            Some(("Alt", k)) => (KeyModifiers::ALT, k),
            Some(("Shift", "Tab")) => (KeyModifiers::SHIFT, "BackTab"),
            _ => (KeyModifiers::NONE, name),
        };
        let code = match key {
            "Tab" => KeyCode::Tab,
            "BackTab" => KeyCode::BackTab,
            "Esc" => KeyCode::Esc,
            "Home" => KeyCode::Home,
            "End" => KeyCode::End,
            "PgUp" => KeyCode::PageUp,
            "PgDn" => KeyCode::PageDown,
            "←" => KeyCode::Left,
            "→" => KeyCode::Right,
            "↑" => KeyCode::Up,
            "↓" => KeyCode::Down,
            f if f.len() > 1 && f.starts_with('F') => KeyCode::F(f[1..].parse().expect(name)),
            c if c.chars().count() == 1 => {
                let c = c.chars().next().unwrap();
                if mods == KeyModifiers::NONE { KeyCode::Char(c) } else { KeyCode::Char(c.to_ascii_lowercase()) }
            }
            _ => panic!("unknown key name {name:?}"),
        };
        KeyEvent::new(code, mods)
    }

    #[test]
    fn every_key_a_row_names_is_bound_in_that_row() {
        for row in KEYS {
            for name in row.keys.split([' ', ',']).filter(|n| !n.is_empty() && *n != "/" && *n != "…") {
                let key = parse(name);
                assert!(row.binds.iter().any(|b| b.chord.matches(&key)), "{:?}: {name} is not bound", row.keys);
            }
        }
    }

    #[test]
    fn help_rows_fit_the_overlay() {
        for row in KEYS {
            assert!(row.help_keys.chars().count() <= 22 && row.help.chars().count() <= 51, "{row:?}");
        }
    }
}
