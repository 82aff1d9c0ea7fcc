//! Keystroke latency in the workbench's editor on scripts of 10 KB, 1 MB and 5 MB: one typed
//! character (`App::on_key`: the edit, re-parse and highlighting) and the redraw of a
//! 160×48 screen, as the event loop does after each key. The cursor sits in the middle of
//! the script (at most line 60,000: the editor widget scrolls by 16-bit rows).
//!
//! `cargo bench --bench keystroke_latency`; the median and the worst of 40 keystrokes.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use dealbench::tui::app::App;
use dealbench::tui::theme::Theme;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui_textarea::CursorMove;

/// A script of about `bytes` bytes, made of the constructs real scripts use.
fn script(bytes: usize) -> String {
    let block = [
        "# Opening bids, north",
        "nt{i} = hcp(north) >= 15 && hcp(north) <= 17 && shape(north, any 4333 + any 4432 + any 5332)",
        "fit{i} = spades(north) + spades(south) >= 8 ? 1 : 0 // the fit",
        "/* a block comment */ ok{i} = not (hcp(south) < 6) || hascard(west, AS)",
        "sc{i} = score(vul, x4S, tricks(south, spades)) - score(nv, x3N, tricks(north, notrump))",
    ];
    let mut out = String::from("produce 100\ncondition nt0 && ok0\n");
    let mut i = 0;
    while out.len() < bytes {
        for line in block {
            out.push_str(&line.replace("{i}", &i.to_string()));
            out.push('\n');
        }
        i += 1;
    }
    out.push_str("action printoneline, average \"fit\" fit0\n");
    out
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

fn measure(bytes: usize) -> (usize, Duration, Duration) {
    let text = script(bytes);
    let mut app = App::new(PathBuf::from("/tmp/keystroke.dlr"), &text, Theme::dark());
    app.size = (160, 48);
    let rows = app.editor.lines().len();
    app.editor.move_cursor(CursorMove::Jump((rows / 2).min(60_000) as u16, 10));
    let mut terminal = Terminal::new(TestBackend::new(160, 48)).expect("terminal");
    terminal.draw(|f| dealbench::tui::ui::draw(f, &app)).expect("draw");
    let mut times = Vec::new();
    for k in 0..40 {
        let key = if k % 8 == 7 { KeyCode::Backspace } else { KeyCode::Char('x') };
        let t = Instant::now();
        let _ = app.on_key(KeyEvent::new(key, KeyModifiers::NONE));
        terminal.draw(|f| dealbench::tui::ui::draw(f, &app)).expect("draw");
        times.push(t.elapsed());
    }
    times.sort();
    (text.len(), times[times.len() / 2], times[times.len() - 1])
}

fn main() {
    for bytes in [10_000, 1_000_000, 5_000_000] {
        let (len, median, worst) = measure(bytes);
        println!("{:>9} bytes: keystroke + redraw median {:.2} ms, worst {:.2} ms", len, ms(median), ms(worst));
    }
}
