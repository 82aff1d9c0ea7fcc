//! The workbench's engine adapter against the real engine: compile, run, receive batches
//! tagged with the generation, cancel.

use std::sync::mpsc;
use std::time::{Duration, Instant};

use dealbench::tui::engine::{self, RunMsg, RunParams};

fn collect(source: &str, keep: usize, cancel_after: Option<Duration>) -> Vec<RunMsg> {
    collect_with(source, RunParams { seed: Some(7), keep, ..RunParams::default() }, cancel_after)
}

fn collect_with(source: &str, params: RunParams, cancel_after: Option<Duration>) -> Vec<RunMsg> {
    let compiled = engine::compile(source, "t.dlr").expect("compiles");
    let (tx, rx) = mpsc::sync_channel(64);
    let ctl = engine::start(&compiled, &params, 9, tx, |g, batch| (g, batch));
    let start = Instant::now();
    let mut all = Vec::new();
    loop {
        let (g, batch) = rx.recv_timeout(Duration::from_secs(20)).expect("the run reports");
        assert_eq!(g, 9);
        let done = batch.iter().any(|m| matches!(m, RunMsg::Finished(_) | RunMsg::Failed(_) | RunMsg::Crashed(_)));
        all.extend(batch);
        if done {
            return all;
        }
        if cancel_after.is_some_and(|d| start.elapsed() > d) {
            ctl.cancel();
            return all;
        }
    }
}

#[test]
fn a_run_arrives_in_batches_with_deals_stats_and_summary() {
    let src = "produce 30\ncondition hcp(north) >= 12\naction printoneline, average \"n\" hcp(north), frequency \"s\" (spades(north), 0, 6)\n";
    let msgs = collect(src, 1000, None);
    let deals: Vec<_> = msgs.iter().filter_map(|m| if let RunMsg::Matched(d) = m { Some(d) } else { None }).collect();
    assert_eq!(deals.len(), 30);
    assert!(deals.windows(2).all(|w| w[0].number + 1 == w[1].number));
    assert!(deals[0].printed.starts_with("n "), "{:?}", deals[0].printed);
    let stats = msgs.iter().rev().find_map(|m| if let RunMsg::Stats(s) = m { Some(s) } else { None }).expect("stats");
    assert_eq!(stats.averages().next().unwrap().count, 30);
    assert!(msgs.iter().any(|m| matches!(m, RunMsg::Finished(s) if s.produced == 30 && s.seed == 7 && !s.cancelled)));
}

#[test]
fn batches_keep_only_the_last_deals() {
    let msgs = collect("produce 500\naction printoneline\n", 10, None);
    let matched = msgs.iter().filter(|m| matches!(m, RunMsg::Matched(_))).count();
    let skipped: u64 = msgs.iter().map(|m| if let RunMsg::Skipped(n) = m { *n } else { 0 }).sum();
    assert_eq!(matched as u64 + skipped, 500);
}

#[test]
fn compile_errors_are_positioned() {
    let Err(diags) = engine::compile("condition hcp(nrth) > 3\n", "t.dlr") else { panic!("accepted") };
    assert_eq!(diags[0].line, 1);
    assert!(diags[0].column > 1);
}

#[test]
fn runtime_errors_come_back_as_failed() {
    let msgs = collect("produce 5\ncondition hcp(north) / (hcp(south) - hcp(south)) > 1\n", 100, None);
    assert!(msgs.iter().any(|m| matches!(m, RunMsg::Failed(_))), "{msgs:?}");
}

#[test]
fn a_long_run_can_be_cancelled() {
    let t = Instant::now();
    let _ =
        collect("generate 100000000\nproduce 100000000\naction printoneline\n", 100, Some(Duration::from_millis(300)));
    assert!(t.elapsed() < Duration::from_secs(5));
}

#[test]
fn the_solver_fills_the_dd_table() {
    let deal =
        dealbench::cards::parse_deal("N:KJT7.T.AJT.K9653 A52.AJ654.9542.8 Q96.KQ3.Q3.AQJ74 843.9872.K876.T2").unwrap();
    let t = Instant::now();
    let r = engine::solve_dd(&deal, 0).expect("solves");
    eprintln!("dd table in {:?}", t.elapsed());
    assert!(r.tricks.iter().flatten().all(|&n| n <= 13), "{:?}", r.tricks);
    // North holds the spade and club strength: at least as many tricks there as in hearts.
    assert!(r.tricks[0][3] >= r.tricks[0][2] && r.tricks[0][0] >= r.tricks[0][2], "{:?}", r.tricks);
}

#[test]
fn threads_give_the_same_deals() {
    let src = "produce 25\ncondition hcp(north) >= 14\naction printoneline\n";
    let deals = |threads| {
        let p = RunParams { seed: Some(11), keep: 100, threads: Some(threads), ..RunParams::default() };
        collect_with(src, p, None)
            .into_iter()
            .filter_map(|m| if let RunMsg::Matched(d) = m { Some((d.number, d.deal)) } else { None })
            .collect::<Vec<_>>()
    };
    let one = deals(1);
    assert_eq!(one.len(), 25);
    assert_eq!(deals(2), one);
}

/// The Statistics pane draws every kind of statistic: bktfreq tables and evalcontract lines too.
#[test]
fn the_statistics_pane_shows_bktfreq_and_evalcontract() {
    let src = "produce 4\ncondition hcp(north) >= 15\naction bktfreq \"north\" (hcp(north), 15, 21, 3), \
               bktfreq \"ew\" (hcp(east), 0, 10, 5, hcp(west), 0, 10, 5), evalcontract(NS, z3N, nv)\n";
    let msgs = collect(src, 1000, None);
    let stats = msgs.iter().rev().find_map(|m| if let RunMsg::Stats(s) = m { Some(s) } else { None }).expect("stats");
    let theme = dealbench::tui::theme::Theme::dark();
    let lines = dealbench::tui::stats_view::stats_lines(stats, &theme, 60);
    let text: Vec<String> = lines.iter().map(|l| l.spans.iter().map(|s| s.content.as_ref()).collect()).collect();
    let has = |s: &str| text.iter().any(|l| l.contains(s));
    assert!(has("north") && has("ew") && has("evalcontract 3N"), "{text:#?}");
    // the 1-D table's rows are its buckets (15, 18, 21) and hold the four deals
    let bucket_total: u64 = text
        .iter()
        .filter_map(|l| {
            let mut w = l.split_whitespace();
            let name = w.next()?;
            ["15", "18", "21"].contains(&name).then(|| w.next()?.parse::<u64>().ok()).flatten()
        })
        .sum();
    assert!(bucket_total >= 4, "{text:#?}");
    // the cross-tab's Sum row ends in the four deals
    assert!(text.iter().any(|l| l.trim_start().starts_with("Sum") && l.trim_end().ends_with(" 4")), "{text:#?}");
    assert!(text.iter().any(|l| l.contains("Avg Result")), "{text:#?}");
}
