//! The workbench's engine adapter against the real engine: compile, run, receive batches
//! tagged with the generation, cancel.

use std::sync::mpsc;
use std::time::{Duration, Instant};

use dealbench::run::Event;
use dealbench::tui::TuiOptions;
use dealbench::tui::engine;

/// Runs `source` as the workbench runs it, with a seed; every event, in order.
fn collect(source: &str, cancel_after: Option<Duration>) -> Vec<Event> {
    collect_with(source, TuiOptions { seed: Some(7), ..TuiOptions::default() }, cancel_after)
}

fn collect_with(source: &str, opts: TuiOptions, cancel_after: Option<Duration>) -> Vec<Event> {
    let compiled = engine::compile(source, "t.dlr").expect("compiles");
    let options = opts.switches().resolve("t.dlr").expect("options").options;
    let (tx, rx) = mpsc::sync_channel(64);
    let ctl = engine::start(&compiled, options, 9, tx, |g, event| (g, event));
    let start = Instant::now();
    let mut all = Vec::new();
    loop {
        let (g, event) = rx.recv_timeout(Duration::from_secs(20)).expect("the run reports");
        assert_eq!(g, 9);
        let done = matches!(event, Event::Finished(_) | Event::Failed(_));
        all.push(event);
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
fn a_run_arrives_with_deals_stats_and_summary() {
    let src = "produce 30\ncondition hcp(north) >= 12\naction printoneline, average \"n\" hcp(north), frequency \"s\" (spades(north), 0, 6)\n";
    let msgs = collect(src, None);
    let deals: Vec<_> =
        msgs.iter().filter_map(|m| if let Event::Matched(d) = m { Some(d) } else { None }).flatten().collect();
    assert_eq!(deals.len(), 30);
    assert!(deals.windows(2).all(|w| w[0].number + 1 == w[1].number));
    assert!(deals[0].printed.starts_with("n "), "{:?}", deals[0].printed);
    let stats = msgs.iter().rev().find_map(|m| if let Event::Stats(s) = m { Some(s) } else { None }).expect("stats");
    assert_eq!(stats.averages().next().unwrap().count, 30);
    assert!(msgs.iter().any(|m| matches!(m, Event::Finished(s) if s.produced == 30 && s.seed == 7 && !s.cancelled)));
}

/// The workbench resolves its runs as `dealbench run` does: every core unless told otherwise,
/// and the compiler's warnings reach it.
#[test]
fn the_workbench_deals_on_every_core_and_keeps_the_warnings() {
    let cores = dealbench::run::switches::cores();
    let options = TuiOptions::default().switches().resolve("t.dlr").unwrap().options;
    assert_eq!(options.threads, cores);
    let one = TuiOptions { threads: Some(1), ..TuiOptions::default() }.switches().resolve("t.dlr").unwrap();
    assert_eq!(one.options.threads, 1);
    let compiled = engine::compile("condition hcp(north) == hcp(south) == 10\n", "t.dlr").expect("compiles");
    assert!(compiled.warnings.iter().any(|w| w.message.contains("chain")), "{:?}", compiled.warnings);
}

#[test]
fn compile_errors_are_positioned() {
    let Err(diags) = engine::compile("condition hcp(nrth) > 3\n", "t.dlr") else { panic!("accepted") };
    assert_eq!(diags[0].line, 1);
    assert!(diags[0].column > 1);
}

#[test]
fn runtime_errors_come_back_as_failed() {
    let msgs = collect("produce 5\ncondition hcp(north) / (hcp(south) - hcp(south)) > 1\n", None);
    assert!(msgs.iter().any(|m| matches!(m, Event::Failed(_))), "{msgs:?}");
}

#[test]
fn a_long_run_can_be_cancelled() {
    let t = Instant::now();
    let _ = collect("generate 100000000\nproduce 100000000\naction printoneline\n", Some(Duration::from_millis(300)));
    assert!(t.elapsed() < Duration::from_secs(5));
}

#[test]
fn the_solver_fills_the_dd_table() {
    let deal =
        dealbench::cards::parse_deal("N:KJT7.T.AJT.K9653 A52.AJ654.9542.8 Q96.KQ3.Q3.AQJ74 843.9872.K876.T2").unwrap();
    let t = Instant::now();
    let r = engine::solve_dd(&deal, dealbench::cards::Vul::None, None).expect("solves");
    eprintln!("dd table in {:?}", t.elapsed());
    assert!(r.tricks.iter().flatten().all(|&n| n <= 13), "{:?}", r.tricks);
    // North holds the spade and club strength: at least as many tricks there as in hearts.
    assert!(r.tricks[0][3] >= r.tricks[0][2] && r.tricks[0][0] >= r.tricks[0][2], "{:?}", r.tricks);
}

#[test]
fn threads_give_the_same_deals() {
    let src = "produce 25\ncondition hcp(north) >= 14\naction printoneline\n";
    let deals = |threads| {
        let opts = TuiOptions { seed: Some(11), threads: Some(threads), ..TuiOptions::default() };
        collect_with(src, opts, None)
            .into_iter()
            .filter_map(|m| if let Event::Matched(d) = m { Some(d) } else { None })
            .flatten()
            .map(|d| (d.number, d.deal))
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
    let msgs = collect(src, None);
    let stats = msgs.iter().rev().find_map(|m| if let Event::Stats(s) = m { Some(s) } else { None }).expect("stats");
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

/// Starts a run whose condition solves every deal double dummy, lets it solve a while,
/// cancels it, and returns how long the run took to end (its event channel closes when the
/// run's thread and all its workers are done) and every event after the cancel.
fn cancel_a_solving_run(threads: usize) -> (Duration, Vec<dealbench::run::Event>) {
    use dealbench::run::{self, RunOptions};
    let src = "generate 100000000\nproduce 100000000\ncondition tricks(south, notrump) >= 7\n";
    let program = dealbench::eval::compile(src, "t.dlr", &Default::default()).expect("compiles");
    let options = RunOptions { seed: Some(11), threads, dd_memory_mib: Some(16), ..RunOptions::default() };
    let handle = run::start(std::sync::Arc::new(program), options);
    let warm = Instant::now();
    while warm.elapsed() < Duration::from_millis(400) {
        let _ = handle.events().recv_timeout(Duration::from_millis(10));
    }
    let t = Instant::now();
    handle.cancel();
    let mut after = Vec::new();
    loop {
        match handle.events().recv_timeout(Duration::from_secs(30)) {
            Ok(ev) => after.push(ev),
            Err(mpsc::RecvTimeoutError::Disconnected) => break,
            Err(mpsc::RecvTimeoutError::Timeout) => panic!("the cancelled run did not end in 30 s"),
        }
    }
    (t.elapsed(), after)
}

fn assert_cancelled_cleanly(threads: usize) {
    let (latency, after) = cancel_a_solving_run(threads);
    eprintln!("{threads} thread(s): the cancelled run ended {:.1} ms after the cancel", latency.as_secs_f64() * 1e3);
    use dealbench::run::Event;
    assert!(!after.iter().any(|e| matches!(e, Event::Failed(_))), "a cancelled solve is not an error: {after:?}");
    let Some(Event::Finished(s)) = after.last() else { panic!("the run ends with its summary: {after:?}") };
    assert!(s.cancelled);
    assert!(latency < Duration::from_secs(2), "the cancel took {latency:?}");
}

#[test]
fn a_cancelled_run_stops_inside_the_double_dummy_search() {
    assert_cancelled_cleanly(1);
}

#[test]
fn a_cancelled_run_stops_its_solving_workers() {
    assert_cancelled_cleanly(3);
}

/// Matching deals arrive in batches (one channel send per batch, not per deal), yet they
/// stream: the first deal alone at once, then batches of at most 4096, in order, many of them
/// before the run ends, each batch before the progress that counts it.
#[test]
fn matching_deals_stream_in_ordered_batches() {
    let src = "generate 200000\nproduce 200000\ncondition hcp(north) >= 0\naction printoneline\n";
    let opts = TuiOptions { seed: Some(3), threads: Some(1), ..TuiOptions::default() };
    let msgs = collect_with(src, opts, None);
    let (mut seen, mut batches) = (0u64, 0);
    for m in &msgs {
        match m {
            Event::Matched(deals) => {
                assert!(!deals.is_empty() && deals.len() <= 4096, "a batch of {}", deals.len());
                assert!(seen > 0 || deals.len() == 1, "the first deal waited for others");
                for d in deals {
                    seen += 1;
                    assert_eq!(d.number, seen);
                }
                batches += 1;
            }
            Event::Progress { produced, .. } => assert_eq!(*produced, seen, "progress ahead of its deals"),
            _ => {}
        }
    }
    assert_eq!(seen, 200_000);
    assert!(batches >= 200_000 / 4096, "{batches} batches");
}

/// A run of mostly matching deals still stops promptly when cancelled.
#[test]
fn a_run_of_matching_deals_cancels_promptly() {
    let src = "generate 100000000\nproduce 100000000\ncondition hcp(north) >= 0\naction printoneline\n";
    let compiled = engine::compile(src, "t.dlr").expect("compiles");
    let opts = TuiOptions { seed: Some(3), threads: Some(1), ..TuiOptions::default() };
    let options = opts.switches().resolve("t.dlr").expect("options").options;
    let (tx, rx) = mpsc::sync_channel(4);
    let ctl = engine::start(&compiled, options, 9, tx, |g, event| (g, event));
    while !matches!(rx.recv_timeout(Duration::from_secs(20)).expect("a deal").1, Event::Matched(_)) {}
    ctl.cancel();
    let asked = Instant::now();
    loop {
        let (_, event) = rx.recv_timeout(Duration::from_secs(20)).expect("the run reports");
        if let Event::Finished(s) = event {
            assert!(s.cancelled && s.produced < 100_000_000);
            break;
        }
    }
    assert!(asked.elapsed() < Duration::from_secs(5), "{:?} to stop", asked.elapsed());
}

/// What BBO's dealer refuses comes back as warnings at the line, beside dealbench's own.
#[test]
fn what_bbo_refuses_is_a_warning_beside_the_line() {
    let compiled = engine::compile("produce 5\ntitle \"x\"\ncondition ltc(north) <= 7\n", "t.dlr").expect("compiles");
    let bbo: Vec<_> = compiled.warnings.iter().filter(|w| w.message.starts_with("BBO refuses")).collect();
    assert_eq!(
        bbo.iter().map(|w| (w.line, w.column)).collect::<Vec<_>>(),
        [(2, 1), (2, 7), (3, 11), (3, 15)],
        "{bbo:?}"
    );
    assert!(bbo[0].message.starts_with("BBO refuses (`line 2: unknown variable`): `title` is a word of DealerV2_4"));
    let clean = engine::compile("produce 5\ncondition hcp(north) > 10\n", "t.dlr").expect("compiles");
    assert!(clean.warnings.is_empty(), "{:?}", clean.warnings);
}
