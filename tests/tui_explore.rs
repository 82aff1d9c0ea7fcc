//! Key-driven tests of exploring a run: the filter prompt over the kept deals and the seed
//! re-runs keep, with the reseed key.

mod tui_common;

use dealbench::cards::parse_deal;
use dealbench::tui::app::{App, Effect, Overlay, Pane};
use dealbench::tui::explore::Seed;
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
    a.on_key(key(KeyCode::Enter))
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
