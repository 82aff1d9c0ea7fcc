//! A deal matched by a condition that asks `tricks` reaches the workbench with what the run
//! learnt of it, and the DD pane completes the table from there: the golden DDS list100
//! table, drawn on a TestBackend by the real event loop, engine and solver thread.

mod common;

use std::sync::mpsc;
use std::time::Duration;

use common::golden_dd::{GoldenDeal, golden_sets};
use dealbench::cards::{Seat, Suit};
use dealbench::tui::TuiOptions;
use dealbench::tui::app::App;
use dealbench::tui::runtime::{Msg, Runtime, event_loop};
use dealbench::tui::theme::Theme;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};

/// The first `n` list100 deals (`None` without ../shared).
fn list100(n: usize) -> Option<Vec<GoldenDeal>> {
    let sets = golden_sets(n)?;
    sets.into_iter().find(|(name, _)| *name == "dds-list100").map(|(_, deals)| deals)
}

/// A script that deals only `g`'s deal (every card predealt) and keeps it when South takes
/// exactly the golden number of tricks in spades: two bound tests; the kept deal is then solved
/// whole for the Contracts pane's summary.
fn script(g: &GoldenDeal) -> String {
    let mut s = String::from("generate 1\nproduce 1\n");
    for seat in Seat::ALL {
        let hand = g.deal.hands[seat];
        let suits: Vec<String> = [Suit::Spades, Suit::Hearts, Suit::Diamonds, Suit::Clubs]
            .iter()
            .filter(|&&suit| hand.len(suit) > 0)
            .map(|&suit| format!("{}{}", suit.letter(), hand.suit_string(suit)))
            .collect();
        s += &format!("predeal {} {}\n", seat.name().to_lowercase(), suits.join(", "));
    }
    s + &format!("condition tricks(south, spades) == {}\naction printoneline\n", g.tricks[2][3])
}

/// Runs the workbench on `script` until the DD pane's solve comes back, then quits.
fn workbench(tag: &str, script: &str, threads: usize) -> (App, Terminal<TestBackend>) {
    let dir = common::Scratch::new(&format!("ddknown-{tag}"));
    let file = dir.join("dd.dlr");
    std::fs::write(&file, script).unwrap();
    let mut app = App::new(file, script, Theme::dark());
    let (tx, rx) = mpsc::sync_channel::<Msg>(256);
    let (inner_tx, inner_rx) = mpsc::sync_channel::<Msg>(256);
    let opts = TuiOptions { seed: Some(5), threads: Some(threads), ..TuiOptions::default() };
    let mut rt = Runtime::new(inner_tx, opts.switches());
    // Passes everything on; once a solve has come back, Ctrl-Q.
    let relay = std::thread::spawn(move || {
        while let Ok(m) = inner_rx.recv_timeout(Duration::from_secs(60)) {
            let solved = matches!(m, Msg::Dd(..));
            if tx.send(m).is_err() {
                return;
            }
            if solved {
                let q = KeyEvent::new(KeyCode::Char('q'), KeyModifiers::CONTROL);
                let _ = tx.send(Msg::Term(Event::Key(q)));
                return;
            }
        }
    });
    let mut terminal = Terminal::new(TestBackend::new(120, 40)).unwrap();
    event_loop(&mut terminal, &mut app, &mut rt, &rx, false).unwrap();
    relay.join().unwrap();
    terminal.draw(|f| dealbench::tui::ui::draw(f, &app)).unwrap();
    (app, terminal)
}

/// The DD pane's row for a seat as drawn: `N` then clubs … notrump, three columns each.
fn row(name: &str, tricks: &[u8; 5]) -> String {
    let cells: String = tricks.iter().map(|t| format!("{t:>3}")).collect();
    format!("{name:<3}{cells}")
}

#[test]
fn a_deal_matched_by_tricks_arrives_in_the_dd_pane_with_the_golden_table() {
    let Some(deals) = list100(2) else { return };
    for (i, g) in deals.iter().enumerate() {
        let threads = i + 1;
        let (app, terminal) = workbench(&format!("{i}"), &script(g), threads);
        assert!(app.quit);
        let d = app.results.selected_deal().expect("the matched deal is selected");
        assert_eq!(d.deal, g.deal, "deal {i}");
        // The run's bound tests came with the deal: South's spades exactly.
        let known = d.known.expect("what the condition learnt");
        assert_eq!(known.exact(2, 3), Some(g.tricks[2][3]), "deal {i}");
        // The workbench's double-dummy summary (the Contracts pane) solves a kept deal whole.
        let whole = known.table().map(|t| t.tricks);
        assert_eq!(whole, Some(g.tricks), "deal {i}: the summary's table");
        let r = app.dd_selected().expect("solved").as_ref().expect("no error");
        assert_eq!(r.tricks, g.tricks, "deal {i} on {threads} thread(s)");
        let screen = terminal.backend().to_string();
        for (name, seat) in [("N", 0), ("S", 2), ("E", 1), ("W", 3)] {
            assert!(screen.contains(&row(name, &g.tricks[seat])), "deal {i}: row {name}\n{screen}");
        }
    }
}
