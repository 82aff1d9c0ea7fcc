//! The Leads pane: the lead table of a run the workbench's prompt sets up (the engine and its
//! solver over golden deals), drawn at 80×24 and 160×48, its figures checked against those
//! computed here from DDS's all-leads results (`../shared/golden/dd/leads/mx300-S-N.leads`,
//! 3NT by South, West leads); and the prompt (`o`, Alt-o) that asks for the contract.

mod tui_common;

use std::sync::Arc;

use dealbench::cards::{Deal, parse_deal};
use dealbench::run::stats::{LeadContract, Stat};
use dealbench::run::{self, Event, RunOptions};
use dealbench::tui::app::{App, Effect, Overlay, Pane};
use dealbench::tui::contracts_view::studies;
use ratatui::crossterm::event::KeyCode;
use tui_common::common::golden_leads::{Leads, golden_leads, lead_row, suit_rows};
use tui_common::{alt, app, common, key, screen, type_str};

/// The first `n` golden deals with every card West can lead against 3NT by South.
fn golden(n: usize) -> Option<Vec<Leads>> {
    golden_leads("mx300-S-N.leads", n)
}

/// A row's figures from (tricks, best) pairs, 3NT needing nine tricks.
fn row(label: &str, pairs: &[(u32, u32)], diff: bool) -> String {
    lead_row(label, pairs, 9, diff)
}

/// The study the workbench's runs count once the prompt took `3N:S`, run over `deals` by the
/// engine and its solver: the workbench app with that study among its statistics.
fn studied(deals: &[String], size: (u16, u16)) -> App {
    let mut a = app("dark", size);
    a.leads = Some(LeadContract::parse("3N:S").unwrap());
    let program = Arc::new(dealbench::eval::compile("condition 1\n", "l.dlr", &Default::default()).unwrap());
    let deals: Vec<Deal> = deals.iter().map(|d| parse_deal(d).unwrap()).collect();
    let options = RunOptions {
        deals: Some(Arc::new(deals)),
        print_stats: false,
        threads: 1,
        studies: studies(&program, &[], a.leads),
        ..RunOptions::default()
    };
    let handle = run::start(program, options);
    let mut last = None;
    for ev in handle.events().iter() {
        match ev {
            Event::Stats(s) => last = Some(s),
            Event::Failed(d) => panic!("{}", d.render()),
            _ => {}
        }
    }
    let stats = last.expect("the run's statistics");
    let leads = stats.stats.into_iter().find(|s| matches!(s, Stat::Leads(_))).expect("the lead study");
    a.results.stats.stats.push(leads);
    a
}

/// The lines of the screen inside the Leads pane's frame.
fn pane_text(a: &App) -> Vec<String> {
    let s = screen(a);
    let rows: Vec<&str> = s.lines().map(|l| l.trim_matches('"')).collect();
    let (top, left) = rows
        .iter()
        .enumerate()
        .find_map(|(y, l)| Some((y, l[..l.find(" Leads 3NT")?].chars().count())))
        .expect("the Leads pane's title");
    let lines: Vec<Vec<char>> = rows.iter().map(|l| l.chars().collect()).collect();
    let right = (left..lines[top].len()).find(|&x| matches!(lines[top][x], '╮' | '┓')).unwrap();
    lines[top + 1..]
        .iter()
        .take_while(|l| !matches!(l[left - 1], '╰' | '┗'))
        .map(|l| l[left..right].iter().collect::<String>().trim_end().to_string())
        .collect()
}

/// West's hand as the deal pane draws it: `West 12 2-3-4-4`, then `♠ AT` … `♣ AT962`.
fn west(deal: &str) -> Vec<String> {
    let hand: Vec<&str> = deal[2..].split(' ').nth(3).unwrap().split('.').collect();
    let points: u32 = hand.iter().map(|s| common::points(s)).sum();
    let shape: Vec<String> = hand.iter().map(|s| s.len().to_string()).collect();
    let mut out = vec![format!("West {points} {}", shape.join("-"))];
    for (sym, cards) in ["♠", "♥", "♦", "♣"].iter().zip(&hand) {
        out.push(format!("{sym} {}", if cards.is_empty() { "—" } else { cards }));
    }
    out
}

/// A fixed leader (one golden deal, twice): West's hand above a card row per lead, each as
/// computed from the golden tricks, at both sizes (the tenth tab at 80×24).
#[test]
fn card_rows_under_the_leaders_hand() {
    let Some(g) = golden(1) else { return };
    let (deal, cards) = &g[0];
    let best = cards.iter().map(|c| c.1).min().unwrap();
    let mut want = west(deal);
    want.push("LEAD    DEALS  TRICKS   SET%  LOST vs best ± s.e.".into());
    want.extend(cards.iter().map(|(c, t)| row(c, &[(*t, best); 2], true)));
    want.push(row("best", &[(best, best); 2], false));
    for (size, focus) in [((160, 48), Pane::Editor), ((80, 24), Pane::Leads)] {
        let mut a = studied(&[deal.clone(), deal.clone()], size);
        a.focus = focus;
        assert_eq!(pane_text(&a)[..want.len()], want[..], "{}", screen(&a));
        if size == (80, 24) {
            assert!(screen(&a).contains("10 Leads"), "the tenth tab: {}", screen(&a));
        }
        insta::assert_snapshot!(format!("leads_fixed_{}x{}", size.0, size.1), screen(&a));
    }
}

/// A leader whose hand varies (six golden deals): a suit row each, its best card per deal.
#[test]
fn suit_rows_when_the_leader_varies() {
    let Some(g) = golden(6) else { return };
    let mut want = vec!["West's hand varies: a row is a suit's best card".to_string()];
    want.push("LEAD    DEALS  TRICKS   SET%  LOST vs best ± s.e.".into());
    want.extend(suit_rows(&g, 9));
    let deals: Vec<String> = g.iter().map(|d| d.0.clone()).collect();
    for (size, focus) in [((160, 48), Pane::Editor), ((80, 24), Pane::Leads)] {
        let mut a = studied(&deals, size);
        a.focus = focus;
        assert_eq!(pane_text(&a)[..want.len()], want[..], "{}", screen(&a));
        insta::assert_snapshot!(format!("leads_varied_{}x{}", size.0, size.1), screen(&a));
    }
}

/// The prompt: `o` outside the editor (Alt-o anywhere) asks for the contract; Enter takes it,
/// re-runs with the study and, under 100×30, shows the Leads pane; a contract that does not
/// read keeps the prompt open with the reason; Esc keeps what was there; an empty line drops it.
#[test]
fn the_prompt_asks_for_the_contract() {
    let mut a = app("dark", (80, 24));
    a.focus = Pane::Deal;
    let _ = a.on_key(key(KeyCode::Char('o')));
    assert_eq!(a.overlay(), Some(&Overlay::Leads(String::new())));
    insta::assert_snapshot!("leads_prompt_80x24", screen(&a));
    type_str(&mut a, "9Z:Q");
    let effects = a.on_key(key(KeyCode::Enter));
    assert!(effects.is_empty() && a.overlay() == Some(&Overlay::Leads("9Z:Q".into())));
    assert!(a.message.as_ref().is_some_and(|m| m.1 && m.0.starts_with("leads: 9Z:Q: expected CONTRACT:DECLARER")));
    for _ in 0..4 {
        let _ = a.on_key(key(KeyCode::Backspace));
    }
    type_str(&mut a, "3nt:s");
    let effects = a.on_key(key(KeyCode::Enter));
    assert!(matches!(effects[..], [Effect::Run { .. }]) && a.overlay().is_none());
    assert_eq!((a.leads.map(|c| c.to_string()), a.focus), (Some("3N:S".into()), Pane::Leads));
    let program = tui_common::program();
    let runs = studies(&program, &[], a.leads);
    assert!(matches!(&runs[..], [Stat::Leads(l)] if (l.level, l.strain, l.declarer) == (3, 4, 2)), "{runs:?}");
    // From the editor at 160×48: Alt-o, with the contract as it stands; Esc keeps it.
    a.size = (160, 48);
    a.focus = Pane::Editor;
    let _ = a.on_key(alt('o'));
    assert_eq!(a.overlay(), Some(&Overlay::Leads("3N:S".into())));
    let _ = a.on_key(key(KeyCode::Esc));
    assert!(a.overlay().is_none() && a.leads.is_some() && a.focus == Pane::Editor);
    let _ = a.on_key(alt('o'));
    for _ in 0..4 {
        let _ = a.on_key(key(KeyCode::Backspace));
    }
    let effects = a.on_key(key(KeyCode::Enter));
    assert!(matches!(effects[..], [Effect::Run { .. }]) && a.leads.is_none());
}
