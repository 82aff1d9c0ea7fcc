//! The programs compared: dealbench and the baselines built outside the repository, each found
//! by an environment variable or at its default place beside the checkout.

use std::path::{Path, PathBuf};

/// One program and how it is told to deal.
pub struct Tool {
    /// Short name used in the table and in file names.
    pub key: &'static str,
    pub bin: PathBuf,
    /// Deals dealer.exe's stream for a seed, so its output must equal dealer 1.24's.
    pub same_stream: bool,
    /// Arguments placed before the common ones.
    pre: &'static [&'static str],
    /// The switch that stops it printing deals the script did not ask for (dealer3 prints every
    /// matching deal when the action list has no print action; dealer 1.24 prints none).
    quiet: Option<&'static str>,
}

impl Tool {
    /// The command line for `deals` deals of `script` with `seed`: `-g` and `-p` both `deals`,
    /// so that every program stops after exactly that many deals whatever its actions print.
    /// `silent`: the script has actions but none that prints deals.
    pub fn args(&self, script: &Path, deals: u64, seed: u64, silent: bool) -> Vec<String> {
        let mut a: Vec<String> = self.pre.iter().map(|s| s.to_string()).collect();
        if let (true, Some(q)) = (silent, self.quiet) {
            a.push(q.into());
        }
        for (flag, value) in [("-s", seed), ("-g", deals), ("-p", deals)] {
            a.push(flag.into());
            a.push(value.to_string());
        }
        a.push(script.display().to_string());
        a
    }
}

struct Spec {
    key: &'static str,
    env: &'static str,
    default: &'static str,
    same_stream: bool,
    pre: &'static [&'static str],
    quiet: Option<&'static str>,
}

/// The baselines, in table order. Defaults are relative to the checkout (`../baselines`, where
/// docs/benchmarks.md builds them). dealer3 runs `--legacy` (one thread, dealer.exe's deals) with
/// `-v` (its statistics lines are off by default).
const BASELINES: [Spec; 3] = [
    Spec {
        key: "d124",
        env: "DEALER124_BIN",
        default: "../baselines/dealer124/dealer",
        same_stream: true,
        pre: &[],
        quiet: None,
    },
    Spec {
        key: "v2_4",
        env: "DEALERV2_4_BIN",
        default: "../baselines/dealerv2_4/src/dealsrc",
        same_stream: false,
        pre: &[],
        quiet: None,
    },
    Spec {
        key: "dealer3",
        env: "DEALER3_BIN",
        default: "../baselines/dealer3/target/release/dealer",
        same_stream: true,
        pre: &["--legacy", "-v"],
        quiet: Some("-q"),
    },
];

/// dealbench (`DEALBENCH_BIN`, else the binary this bench was built with) and every baseline
/// whose binary exists; the second list says which were skipped and why.
pub fn discover() -> (Vec<Tool>, Vec<String>) {
    let dealbench =
        std::env::var_os("DEALBENCH_BIN").map(PathBuf::from).unwrap_or_else(|| env!("CARGO_BIN_EXE_dealbench").into());
    let mut tools =
        vec![Tool { key: "dealbench", bin: dealbench, same_stream: true, pre: &["run", "-R", "1"], quiet: None }];
    let mut skipped = Vec::new();
    for s in BASELINES {
        let bin = std::env::var_os(s.env).map(PathBuf::from).unwrap_or_else(|| s.default.into());
        if bin.is_file() {
            tools.push(Tool { key: s.key, bin, same_stream: s.same_stream, pre: s.pre, quiet: s.quiet });
        } else {
            skipped.push(format!("{}: no binary at {} (set {})", s.key, bin.display(), s.env));
        }
    }
    (tools, skipped)
}
