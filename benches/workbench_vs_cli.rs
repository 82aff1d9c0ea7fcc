//! Issue 33: the workbench's run per deal against `dealbench run` on the same script and
//! seed, one thread each. The workbench side runs as the runtime starts a run (profile on,
//! every event through the loop's channel into a real `App`, nothing drawn); the command
//! line side is the binary, its output to /dev/null. Best of 3; ns per generated deal.
//!
//! `cargo bench --bench workbench_vs_cli`

use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use dealbench::run::Event;
use dealbench::tui::TuiOptions;
use dealbench::tui::app::App;
use dealbench::tui::engine;
use dealbench::tui::theme::Theme;

/// (name, script, deals generated).
const SCRIPTS: [(&str, &str, u64); 2] = [
    ("never true", "generate 3000000\ncondition hcp(north) > 37\naction printoneline\n", 3_000_000),
    (
        "most match, printed",
        "generate 1000000\nproduce 1000000\ncondition hcp(north) >= 8\naction printoneline\n",
        1_000_000,
    ),
];

/// Seconds for the workbench's run of `source`, `profile` as given.
fn workbench(source: &str, deals: u64, profile: bool) -> f64 {
    let compiled = engine::compile(source, "b.dlr").expect("compiles");
    let opts = TuiOptions { seed: Some(1), threads: Some(1), ..TuiOptions::default() };
    let mut options = opts.switches().resolve("b.dlr").expect("options").options;
    options.profile = profile;
    let mut app = App::new("/tmp/b.dlr".into(), source, Theme::dark());
    app.generation = 1;
    let (tx, rx) = mpsc::sync_channel(256);
    let t = Instant::now();
    let _ctl = engine::start(&compiled, options, 1, tx, |g, e| (g, e));
    loop {
        let (g, e) = rx.recv_timeout(Duration::from_secs(300)).expect("the run reports");
        let done = match &e {
            Event::Finished(s) => Some(s.generated),
            Event::Failed(d) => panic!("{}", d.message),
            _ => None,
        };
        let _ = app.on_run_msgs(g, vec![e]);
        if let Some(n) = done {
            assert_eq!(n, deals);
            return t.elapsed().as_secs_f64();
        }
    }
}

/// Seconds for `dealbench run -s 1 -R 1` on `source`.
fn cli(source: &str) -> f64 {
    let file = std::env::temp_dir().join(format!("dealbench-wb-cli-{}.dlr", std::process::id()));
    std::fs::write(&file, source).expect("write");
    let t = Instant::now();
    let status = Command::new(env!("CARGO_BIN_EXE_dealbench"))
        .args(["run", "-s", "1", "-R", "1"])
        .arg(&file)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .expect("dealbench runs");
    let s = t.elapsed().as_secs_f64();
    assert!(status.success());
    let _ = std::fs::remove_file(&file);
    s
}

fn best(f: impl Fn() -> f64) -> f64 {
    (0..3).map(|_| f()).fold(f64::INFINITY, f64::min)
}

fn main() {
    for (name, source, deals) in SCRIPTS {
        let ns = |s: f64| s * 1e9 / deals as f64;
        let c = best(|| cli(source));
        let w = best(|| workbench(source, deals, true));
        let w0 = best(|| workbench(source, deals, false));
        println!(
            "{name}: dealbench run {:.0} ns/deal; workbench {:.0} ns/deal ({:.2}x); workbench without the profile {:.0} ns/deal",
            ns(c),
            ns(w),
            w / c,
            ns(w0)
        );
    }
}
