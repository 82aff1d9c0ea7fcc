//! Shared fixtures for the workbench tests: an app holding hand-built results.
#![allow(dead_code)]

#[path = "common/mod.rs"]
pub mod common;

use std::path::PathBuf;
use std::time::Duration;

use dealbench::cards::parse_deal;
use dealbench::run::stats::{AverageStat, Axis, FrequencyStat, Stat, Statistic, Stats};
use dealbench::run::{Event, Matched, Summary};
use dealbench::tui::EXAMPLE;
use dealbench::tui::app::App;
use dealbench::tui::engine::{DdResult, TableInfo};
use dealbench::tui::theme::{ColorDepth, Theme};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

pub const DEALS: [&str; 3] = [
    "N:KJT7.T.AJT.K9653 A52.AJ654.9542.8 Q96.KQ3.Q3.AQJ74 843.9872.K876.T2",
    "N:KQ.A932.954.Q762 7652.J85.KJ86.KJ A84.KT64.AQ7.A95 JT93.Q7.T32.T843",
    "N:QT86.T6.A94.Q862 KJ9.J97.QT876.T5 A72.K42.KJ5.AK94 543.AQ853.32.J73",
];

pub fn theme(name: &str) -> Theme {
    let t = Theme::builtin(name).expect("bundled theme");
    if name == "base16" { t.adapt(ColorDepth::Ansi16) } else { t }
}

pub fn stats() -> Stats {
    let mut a = AverageStat { label: Some("NS points".into()), ..Default::default() };
    for v in [26, 25, 27] {
        a.add([v, 0]);
    }
    let mut b = AverageStat { label: Some("4-4 fit".into()), ..Default::default() };
    for v in [1, 0, 0] {
        b.add([v, 0]);
    }
    let mut f1 = FrequencyStat::new(Some("North points".into()), Axis { low: 8, high: 12 }, None);
    for v in [8, 9, 9, 10, 12, 13, 8, 11] {
        f1.add([v, 0]);
    }
    let mut f2 =
        FrequencyStat::new(Some("hearts x spades".into()), Axis { low: 2, high: 4 }, Some(Axis { low: 2, high: 4 }));
    for (h, s) in [(2, 3), (3, 3), (4, 2), (3, 4), (5, 3), (3, 1)] {
        f2.add([h, s]);
    }
    let stats = vec![Stat::Average(a), Stat::Average(b), Stat::Frequency(f1), Stat::Frequency(f2)];
    Stats { generated: 345, produced: 3, stats }
}

/// An app on the example script with three matched deals, statistics, output and one solve.
pub fn app(theme_name: &str, size: (u16, u16)) -> App {
    let mut app = App::new(PathBuf::from("/tmp/bench/stayman.dlr"), EXAMPLE, theme(theme_name));
    app.size = size;
    app.auto_dd = false;
    let g = app.generation + 1;
    let _ = app.request_run();
    app.on_run_started(
        g,
        TableInfo {
            dealer: Some(dealbench::cards::Seat::North),
            vulnerable: Some(dealbench::cards::Vul::None),
            startboard: None,
        },
        Vec::new(),
    );
    let program = program();
    app.fresh_program = Some(program.clone());
    let mut msgs = vec![Event::Profile(Box::new(profile(program)))];
    for (i, d) in DEALS.iter().enumerate() {
        let deal = parse_deal(d).unwrap();
        let printed = format!("{} \n", deal.oneline());
        msgs.push(Event::Matched(vec![Matched {
            number: i as u64 + 1,
            generated: 100 * (i as u64 + 1),
            deal,
            printed: printed.into(),
            known: None,
            hand_types: 0,
        }]));
    }
    msgs.push(Event::Stats(Box::new(stats())));
    msgs.push(Event::Output("NS points: 26.000\n\nGenerated 345 hands\nProduced 3 hands\n".into()));
    msgs.push(Event::Finished(Summary {
        generated: 345,
        produced: 3,
        seed: 42,
        elapsed: Duration::from_millis(250),
        cancelled: false,
    }));
    let _ = app.on_run_msgs(g, msgs);
    let tricks = [[9, 8, 7, 10, 9], [4, 5, 6, 3, 4], [9, 8, 7, 10, 9], [4, 5, 6, 3, 4]];
    app.on_dd(g, 1, Ok(DdResult { tricks, par_ns: 420, contracts: "4S by NS".into() }));
    app.message = None;
    app
}

/// The example script, compiled.
pub fn program() -> std::sync::Arc<dealbench::eval::Program> {
    let p = dealbench::eval::compile(EXAMPLE, "stayman.dlr", &Default::default()).expect("the example compiles");
    std::sync::Arc::new(p)
}

/// The example's profile over 20,000 deals of seed 42 on one thread (the same every time).
pub fn profile(program: std::sync::Arc<dealbench::eval::Program>) -> dealbench::run::profile::Profile {
    let opts = dealbench::run::RunOptions {
        seed: Some(42),
        generate: Some(20_000),
        produce: Some(20_000),
        matched_events: false,
        profile: true,
        ..Default::default()
    };
    let handle = dealbench::run::start(program, opts);
    common::last_profile(&handle)
}

pub fn draw(app: &App) -> Terminal<TestBackend> {
    let mut t = Terminal::new(TestBackend::new(app.size.0, app.size.1)).unwrap();
    t.draw(|f| dealbench::tui::ui::draw(f, app)).unwrap();
    t
}

pub fn screen(app: &App) -> String {
    draw(app).backend().to_string()
}

pub fn key(code: KeyCode) -> KeyEvent {
    KeyEvent::new(code, KeyModifiers::NONE)
}

pub fn ctrl(c: char) -> KeyEvent {
    KeyEvent::new(KeyCode::Char(c), KeyModifiers::CONTROL)
}

pub fn alt(c: char) -> KeyEvent {
    KeyEvent::new(KeyCode::Char(c), KeyModifiers::ALT)
}

pub fn type_str(app: &mut App, s: &str) {
    for c in s.chars() {
        let _ = app.on_key(key(KeyCode::Char(c)));
    }
}

/// Carries out a key's effects as the runtime does for a filter: the compile (on this thread
/// here) and its outcome fed back to the app. The other effects are returned.
pub fn compile_filters(app: &mut App, effects: Vec<dealbench::tui::app::Effect>) -> Vec<dealbench::tui::app::Effect> {
    use dealbench::tui::app::Effect;
    let mut rest = Vec::new();
    for e in effects {
        match e {
            Effect::CompileFilter { generation, text } => {
                let program = app.results.program.clone().expect("results to filter");
                let result = dealbench::tui::engine::filter_compile(&program, &text);
                rest.extend(app.on_filter_compiled(generation, text, result));
            }
            e => rest.push(e),
        }
    }
    rest
}
