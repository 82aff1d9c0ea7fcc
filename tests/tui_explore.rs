//! Key-driven tests of exploring a run: the filter prompt over the kept deals and the seed
//! re-runs keep, with the reseed key.

mod tui_common;

use std::path::PathBuf;
use std::sync::mpsc;
use std::time::Duration;

use dealbench::cards::{Seat, Vul, parse_deal};
use dealbench::dd::Solver;
use dealbench::run::Event;
use dealbench::tui::app::{App, Effect, Overlay, Pane};
use dealbench::tui::engine;
use dealbench::tui::explore::Seed;
use dealbench::tui::{TuiOptions, theme::Theme};
use ratatui::crossterm::event::KeyCode;
use tui_common::{DEALS, alt, app, common, key, screen, type_str};

/// High-card points of `seat` in a deal of the fixture, counted from its PBN text.
fn hcp(deal: &str, seat: usize) -> u32 {
    common::points(deal[2..].split(' ').nth(seat).unwrap())
}

fn filter(a: &mut App, text: &str) -> Vec<Effect> {
    let _ = a.on_key(alt('f'));
    assert_eq!(a.overlay(), Some(&Overlay::Filter(String::new())));
    type_str(a, text);
    let effects = a.on_key(key(KeyCode::Enter));
    tui_common::compile_filters(a, effects)
}

#[test]
fn the_filter_keeps_the_deals_it_holds_on_and_esc_clears_it() {
    let mut a = app("dark", (120, 40));
    let want: Vec<u64> = (0..3).filter(|&i| hcp(DEALS[i], 2) >= 17).map(|i| i as u64 + 1).collect();
    assert_eq!(want, [2, 3], "South holds 16, 17 and 18 in the fixture");
    let _ = filter(&mut a, "hcp(south) >= 17");
    assert_eq!(a.overlay(), None);
    let f = a.filter.as_ref().expect("a filter");
    assert_eq!(f.pass.iter().copied().collect::<Vec<_>>(), want);
    assert!(screen(&a).contains("filter: 2 of 3 pass"), "{}", screen(&a));
    // The selection moves to the first deal it passes; the deal keys stay among those.
    a.focus = Pane::Deal;
    assert_eq!(a.results.selected, Some(2));
    let _ = a.on_key(key(KeyCode::Char('n')));
    assert_eq!(a.results.selected, Some(3));
    let _ = a.on_key(key(KeyCode::Char('n')));
    assert_eq!(a.results.selected, Some(3));
    let _ = a.on_key(key(KeyCode::Char('g')));
    let _ = a.on_key(key(KeyCode::Char('p')));
    assert_eq!(a.results.selected, Some(2), "deal 1 is filtered out");
    // `f` opens the prompt with the filter in it; Esc clears the filter.
    let _ = a.on_key(key(KeyCode::Char('f')));
    assert_eq!(a.overlay(), Some(&Overlay::Filter("hcp(south) >= 17".into())));
    let _ = a.on_key(key(KeyCode::Esc));
    assert!(a.filter.is_none() && a.overlay().is_none());
    let _ = a.on_key(key(KeyCode::Char('p')));
    assert_eq!(a.results.selected, Some(1));
}

#[test]
fn the_filter_sees_the_scripts_variables() {
    let mut a = app("dark", (120, 40));
    let _ = filter(&mut a, "not stayman && hcp(north) <= 12");
    let north: Vec<u32> = DEALS.iter().map(|d| hcp(d, 0)).collect();
    let f = a.filter.as_ref().expect("a filter");
    // `stayman` as the engine's watch values give it (its own test is the Values snapshot).
    let deals: Vec<_> = DEALS.iter().map(|d| parse_deal(d).unwrap()).collect();
    let program = tui_common::program();
    let stayman_of = |i: usize| {
        let w = program.watch(&deals[i]);
        w.iter().find(|w| w.name == "stayman").unwrap().value == "true"
    };
    let want: Vec<u64> = (0..3).filter(|&i| !stayman_of(i) && north[i] <= 12).map(|i| i as u64 + 1).collect();
    assert_eq!(f.pass.iter().copied().collect::<Vec<_>>(), want);
}

/// Keeps four deals on which North makes 7 tricks in notrump: the run learns that much of each.
const SEVEN_NT: &str = "produce 4\ncondition hcp(north) + hcp(south) >= 22 && tricks(north, notrumps) >= 7\n\
                        action printoneline\n";

/// An app on `script` whose first run (seed 11, two threads) the real engine has dealt.
fn ran(script: &str) -> App {
    let mut a = App::new(PathBuf::from("t.dlr"), script, Theme::dark());
    a.size = (160, 48);
    a.auto_dd = false;
    run_again(&mut a);
    a
}

/// Runs the app's script as the workbench does and hands it every event of the run.
fn run_again(a: &mut App) {
    let compiled = engine::compile(&a.buffer_text(), "t.dlr").expect("compiles");
    let opts = TuiOptions { seed: Some(11), threads: Some(2), ..TuiOptions::default() };
    let options = opts.switches().resolve("t.dlr").expect("options").options;
    let g = a.generation + 1;
    let _ = a.request_run();
    a.on_run_started(g, compiled.table, Vec::new());
    a.fresh_program = Some(compiled.program());
    let (tx, rx) = mpsc::sync_channel(64);
    let _ctl = engine::start(&compiled, options, g, tx, |g, event| (g, event));
    loop {
        let (_, event) = rx.recv_timeout(Duration::from_secs(60)).expect("the run reports");
        let done = matches!(event, Event::Finished(_) | Event::Failed(_));
        let _ = a.on_run_msgs(g, vec![event]);
        if done {
            return;
        }
    }
}

/// Declarer's tricks in `strain` in each kept deal, from the solver, by deal number.
fn solved(a: &App, declarer: Seat, strain: usize) -> Vec<(u64, u8)> {
    let mut solver = Solver::new();
    a.results.deals.iter().map(|d| (d.number, solver.tricks(&d.deal, declarer, strain).unwrap())).collect()
}

fn passing(a: &App) -> Vec<u64> {
    a.filter.as_ref().expect("a filter").pass.iter().copied().collect()
}

fn clear_filter(a: &mut App) {
    let _ = a.on_key(alt('f'));
    let _ = a.on_key(key(KeyCode::Esc));
    assert!(a.filter.is_none());
}

#[test]
fn a_filter_on_tricks_the_condition_tested_decides_every_kept_deal() {
    let mut a = ran(SEVEN_NT);
    let truth = solved(&a, Seat::North, 4);
    assert_eq!(truth.len(), 4);
    assert!(truth.iter().all(|&(_, t)| t >= 7), "the condition kept only 7-trick deals: {truth:?}");
    let all: Vec<u64> = truth.iter().map(|&(n, _)| n).collect();
    assert!(a.dd.done.is_empty(), "the DD pane solved nothing");
    for (text, want) in [("tricks(north, notrumps) >= 7", all.clone()), ("tricks(north, notrumps) < 7", vec![])] {
        let _ = filter(&mut a, text);
        assert_eq!(passing(&a), want, "{text}");
        let f = a.filter.as_ref().unwrap();
        assert_eq!((f.tested, f.unknown), (4, 0), "{text}: no deal undecided");
        assert!(!screen(&a).contains("undecided"), "{}", screen(&a));
        clear_filter(&mut a);
    }
    // Deals of a later run are tested as they arrive, on what that run learnt of them.
    let _ = filter(&mut a, "tricks(north, notrumps) >= 7");
    run_again(&mut a);
    assert_eq!(passing(&a), all);
    let f = a.filter.as_ref().unwrap();
    assert_eq!((f.tested, f.unknown), (4, 0));
}

#[test]
fn a_filter_the_run_did_not_decide_waits_for_the_dd_pane() {
    let mut a = ran(SEVEN_NT);
    let text = "tricks(south, clubs) >= 4";
    let _ = filter(&mut a, text);
    assert!(passing(&a).is_empty());
    assert_eq!(a.filter.as_ref().unwrap().unknown, 4, "the run asked nothing of South's clubs");
    assert!(screen(&a).contains("filter: 0 of 4 pass, 4 undecided"), "{}", screen(&a));
    // Once the DD pane has solved the deals (from what the run learnt), the tables decide.
    let g = a.results.generation;
    for d in a.results.deals.clone() {
        a.on_dd(g, d.number, engine::solve_dd(&d.deal, Vul::None, d.known));
    }
    clear_filter(&mut a);
    let _ = filter(&mut a, text);
    let want: Vec<u64> = solved(&a, Seat::South, 0).iter().filter(|&&(_, t)| t >= 4).map(|&(n, _)| n).collect();
    assert_eq!(passing(&a), want);
    assert_eq!(a.filter.as_ref().unwrap().unknown, 0);
}

#[test]
fn a_bad_filter_keeps_the_prompt_and_says_where() {
    let mut a = app("dark", (120, 40));
    let _ = filter(&mut a, "hcp(south) >= ");
    assert_eq!(a.overlay(), Some(&Overlay::Filter("hcp(south) >= ".into())));
    let (msg, err) = a.message.clone().expect("a message");
    assert!(err && msg.starts_with("filter:") && msg.contains("expected"), "{msg}");
    assert!(a.filter.is_none());
}

#[test]
fn the_reseed_key_draws_a_new_seed_that_later_runs_keep() {
    let mut a = app("dark", (120, 40));
    a.seed = Seed { value: Some(42), forced: false };
    a.focus = Pane::Deal;
    let g = a.generation;
    let effects = a.on_key(key(KeyCode::Char('r')));
    assert!(matches!(&effects[..], [Effect::Run { generation, .. }] if *generation == g + 1), "{effects:?}");
    let new = a.seed.value.expect("a seed");
    assert!(new != 42 && a.seed.forced);
    assert!(a.message.as_ref().is_some_and(|m| m.0 == format!("new seed {new}")));
    // F5 re-runs on the same seed; the status line shows it and the key.
    let _ = a.on_key(key(KeyCode::F(5)));
    assert_eq!(a.seed.value, Some(new));
}

#[test]
fn a_kept_seed_gives_way_to_the_scripts_unless_the_user_chose_it() {
    let mut s = Seed::default();
    let clock = s.for_run(None);
    assert_eq!(s.for_run(None), clock, "the first run's clock seed is kept");
    assert_eq!(s.for_run(Some(7)), 7, "a script's `seed` wins over the clock's");
    let mut forced = Seed { value: Some(5), forced: true };
    assert_eq!(forced.for_run(Some(7)), 5, "--seed and the reseed key win over the script's");
}

#[test]
fn a_run_that_matches_nothing_names_the_term_that_never_held_in_the_status_line() {
    use dealbench::run::profile::{Count, Profile, Row};
    use dealbench::run::{Event, Summary};
    let mut a = app("dark", (160, 48));
    let g = a.generation + 1;
    let _ = a.request_run();
    a.on_run_started(g, Default::default(), Vec::new());
    a.limits = Some((10_000, 20));
    let row = |text: &str, held, deals| Row {
        text: text.into(),
        depth: 0,
        alone: Count { held, deals },
        order: Count { held, deals },
    };
    let profile = Profile {
        rows: vec![row("spades(north) >= 4", 3_000, 10_000), row("hcp(north) > 37", 0, 3_000)],
        deals: 10_000,
        seen: 10_000,
        solves: 0,
    };
    let done = Summary {
        generated: 10_000,
        produced: 0,
        seed: 1,
        elapsed: std::time::Duration::from_millis(20),
        cancelled: false,
    };
    let _ = a.on_run_msgs(g, vec![Event::Profile(Box::new(profile)), Event::Finished(done)]);
    let (msg, _) = a.message.clone().expect("a closing note");
    assert!(msg.contains("`hcp(north) > 37` never held"), "{msg}");
    assert!(screen(&a).contains("hcp(north) > 37` never held"), "{}", screen(&a));
}

/// A batch of matched deals keeps what deal after deal would: only the last `keep` of the
/// kept deals and the batch, the rest counted as dropped; the filter tests every deal of it.
#[test]
fn a_batch_keeps_the_last_deals_and_the_filter_tests_them_all() {
    let mut a = app("dark", (120, 40));
    let _ = filter(&mut a, "hcp(south) >= 17");
    let tested = a.filter.as_ref().unwrap().tested;
    a.keep = 4;
    let g = a.generation;
    let deals: Vec<_> = DEALS.iter().map(|d| parse_deal(d).unwrap()).collect();
    let batch = |from: u64, to: u64| {
        let m = |n: u64| dealbench::run::Matched {
            number: n,
            generated: 1000 * n,
            deal: deals[n as usize % 3],
            printed: format!("deal {n}\n").into(),
            known: None,
            hand_types: 0,
        };
        Event::Matched((from..=to).map(m).collect())
    };
    let numbers = |a: &App| a.results.deals.iter().map(|d| d.number).collect::<Vec<u64>>();
    let _ = a.on_run_msgs(g, vec![batch(4, 5)]);
    assert_eq!((numbers(&a), a.results.dropped), (vec![2, 3, 4, 5], 1));
    let _ = a.on_run_msgs(g, vec![batch(6, 12)]);
    assert_eq!((numbers(&a), a.results.dropped), (vec![9, 10, 11, 12], 8));
    assert_eq!((a.results.produced, a.results.generated), (12, 12_000));
    assert_eq!(&*a.results.deals[3].printed, "deal 12\n");
    let f = a.filter.as_ref().unwrap();
    assert_eq!(f.tested, tested + 9, "every deal of the batches tested");
    // South's points in deals[n % 3]: 16, 17, 18 (fixture); deals 4..=12 pass unless n % 3 == 0.
    let want: Vec<u64> = [2, 3].into_iter().chain((4..=12).filter(|n| n % 3 != 0)).collect();
    assert_eq!(passing(&a), want);
}
