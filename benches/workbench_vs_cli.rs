//! Issue 33: the workbench's run per deal against `dealbench run` on the same script and
//! seed, one thread each. The workbench side runs as the runtime starts a run (profile on,
//! every event through the loop's channel into a real `App`, nothing drawn); the command
//! line side is the binary, its output to /dev/null. The three sides take turns, repeat after
//! repeat (`DEALBENCH_REPEATS`, 5), and the best of each is kept: wall time, and CPU time (the
//! child's for the command line, the whole process's, both threads, for the workbench), which
//! a loaded machine disturbs far less. ns per generated deal, the load printed beside them.
//!
//! `taskset -c 1 cargo bench --bench workbench_vs_cli`

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

/// Wall and CPU seconds of one run.
#[derive(Clone, Copy)]
struct Took {
    wall: f64,
    cpu: f64,
}

impl Took {
    const NONE: Took = Took { wall: f64::INFINITY, cpu: f64::INFINITY };

    fn min(self, o: Took) -> Took {
        Took { wall: self.wall.min(o.wall), cpu: self.cpu.min(o.cpu) }
    }
}

/// CPU seconds used by this process, every thread (`RUSAGE_SELF`), or by its children waited
/// for (`RUSAGE_CHILDREN`).
fn cpu(who: libc::c_int) -> f64 {
    // SAFETY: getrusage fills in a plain struct of ours.
    let u = unsafe {
        let mut u: libc::rusage = std::mem::zeroed();
        libc::getrusage(who, &mut u);
        u
    };
    let s = |t: libc::timeval| t.tv_sec as f64 + t.tv_usec as f64 * 1e-6;
    s(u.ru_utime) + s(u.ru_stime)
}

/// The workbench's run of `source`, `profile` as given.
fn workbench(source: &str, deals: u64, profile: bool) -> Took {
    let compiled = engine::compile(source, "b.dlr").expect("compiles");
    let opts = TuiOptions { seed: Some(1), threads: Some(1), ..TuiOptions::default() };
    let mut options = opts.switches().resolve("b.dlr").expect("options").options;
    options.profile = profile;
    let mut app = App::new("/tmp/b.dlr".into(), source, Theme::dark());
    app.generation = 1;
    let (tx, rx) = mpsc::sync_channel(256);
    let (t, c) = (Instant::now(), cpu(libc::RUSAGE_SELF));
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
            return Took { wall: t.elapsed().as_secs_f64(), cpu: cpu(libc::RUSAGE_SELF) - c };
        }
    }
}

/// `dealbench run -s 1 -R 1` on `source`.
fn cli(source: &str) -> Took {
    let file = std::env::temp_dir().join(format!("dealbench-wb-cli-{}.dlr", std::process::id()));
    std::fs::write(&file, source).expect("write");
    let (t, c) = (Instant::now(), cpu(libc::RUSAGE_CHILDREN));
    let status = Command::new(env!("CARGO_BIN_EXE_dealbench"))
        .args(["run", "-s", "1", "-R", "1"])
        .arg(&file)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .expect("dealbench runs");
    let took = Took { wall: t.elapsed().as_secs_f64(), cpu: cpu(libc::RUSAGE_CHILDREN) - c };
    assert!(status.success());
    let _ = std::fs::remove_file(&file);
    took
}

/// The 1-, 5- and 15-minute load averages.
fn load() -> String {
    let l = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    l.split(' ').take(3).collect::<Vec<_>>().join(" ")
}

fn main() {
    let repeats: usize = std::env::var("DEALBENCH_REPEATS").ok().and_then(|r| r.parse().ok()).unwrap_or(5);
    for (name, source, deals) in SCRIPTS {
        let before = load();
        let (mut c, mut w, mut w0) = (Took::NONE, Took::NONE, Took::NONE);
        for _ in 0..repeats {
            c = c.min(cli(source));
            w = w.min(workbench(source, deals, true));
            w0 = w0.min(workbench(source, deals, false));
        }
        let ns = |s: f64| s * 1e9 / deals as f64;
        let line = |f: fn(Took) -> f64| {
            let (c, w, w0) = (f(c), f(w), f(w0));
            format!(
                "dealbench run {:.0}; workbench {:.0} ({:.2}x); without the profile {:.0} ({:.2}x)",
                ns(c),
                ns(w),
                w / c,
                ns(w0),
                w0 / c
            )
        };
        println!("{name}, ns/deal, best of {repeats} (load {before} .. {}):", load());
        println!("  wall: {}", line(|t| t.wall));
        println!("  cpu:  {}", line(|t| t.cpu));
    }
}
