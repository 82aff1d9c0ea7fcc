//! The one resolver from a front-end's switches to [`RunOptions`]: `dealbench run` and the
//! workbench both fill in [`Switches`] and call [`Switches::resolve`], so a default (every core,
//! dealer's stream, dealer's statistics lines) is the same in both.

mod holdings;

pub use holdings::parse_holdings;

use super::predeal::switch_name;
use super::{RunOptions, StreamKind, files};
use crate::cards::{Seat, Vul};
use std::path::PathBuf;

/// What a front-end was asked for, before defaults: dealer's switches and dealbench's own.
#[derive(Clone, Debug, Default)]
pub struct Switches {
    /// `-s`.
    pub seed: Option<i64>,
    /// `-p`.
    pub produce: Option<u64>,
    /// `-g`.
    pub generate: Option<u64>,
    /// How often `-v` was given (each toggles the statistics lines).
    pub stats_toggles: u8,
    /// How often `-q` was given (each toggles quiet PBN).
    pub quiet_toggles: u8,
    /// `-N`, `-E`, `-S`, `-W`: holdings such as `S8743,HA9,D642,CQT64`.
    pub predeal: [Option<String>; 4],
    /// `--rnd-seed`.
    pub rnd_seed: u64,
    /// `--vulnerable none|ns|ew|all`.
    pub vulnerable: Option<String>,
    /// `-C [w:]FILE`.
    pub csv: Option<String>,
    /// `-X [w:]FILE`.
    pub export: Option<String>,
    /// `-T`.
    pub title: Option<String>,
    /// `-R` / `--threads`: at most one per core (default: every core).
    pub threads: Option<usize>,
    /// `--dd-memory` in MiB.
    pub dd_memory_mib: Option<usize>,
    /// `--stream dealer|fast` (default dealer).
    pub stream: Option<String>,
    /// `--shard K/N`.
    pub shard: Option<String>,
    /// `--deals` was given: nothing is dealt, so switches that steer dealing are refused.
    pub deals_file: bool,
    /// Send every matched deal as an event (the workbench) rather than batched output.
    pub matched_events: bool,
}

/// The options a run gets, and notes for the user about what was adjusted.
#[derive(Clone, Debug)]
pub struct Resolved {
    /// The run's options (`deals` still to be filled in by the caller that reads the file).
    pub options: RunOptions,
    /// Adjustments worth telling the user, such as a thread count capped at the cores.
    pub notes: Vec<String>,
}

message_error! {
    /// A switch the resolver refuses: the message names it and says what was expected.
    SwitchError
}

/// The cores this process may run on: the most threads that help.
pub fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

impl Switches {
    /// The run's options for a script named `input_name`.
    pub fn resolve(&self, input_name: &str) -> Result<Resolved, SwitchError> {
        let mut notes = Vec::new();
        let mut o = RunOptions {
            seed: self.seed,
            produce: self.produce,
            generate: self.generate,
            print_stats: self.stats_toggles.is_multiple_of(2),
            quiet_pbn: self.quiet_toggles % 2 == 1,
            input_name: input_name.to_string(),
            rnd_seed: self.rnd_seed,
            matched_events: self.matched_events,
            title: self.title.clone(),
            dd_memory_mib: self.dd_memory_mib,
            threads: threads(self.threads, &mut notes),
            vulnerable: self.vulnerable.as_deref().map(parse_vul).transpose()?,
            csv_file: report_file("-C", self.csv.as_deref())?,
            export_file: report_file("-X", self.export.as_deref())?,
            stream: self.stream()?,
            ..RunOptions::default()
        };
        if self.deals_file {
            self.refuse_dealing_switches()?;
        }
        if let Some(s) = &self.shard {
            o.shard = Some(parse_shard(s)?);
            if o.stream != StreamKind::Fast {
                return Err(SwitchError("--shard slices the fast stream: add --stream fast".into()));
            }
        }
        for (seat, text) in Seat::ALL.into_iter().zip(&self.predeal) {
            if let Some(t) = text {
                let cards = parse_holdings(t).map_err(|e| SwitchError(format!("{} {e}", switch_name(seat))))?;
                o.predeal_override.push((seat, cards));
            }
        }
        Ok(Resolved { options: o, notes })
    }

    fn stream(&self) -> Result<StreamKind, SwitchError> {
        match self.stream.as_deref().unwrap_or("dealer") {
            "dealer" => Ok(StreamKind::Dealer),
            "fast" => Ok(StreamKind::Fast),
            other => Err(SwitchError(format!("--stream {other}: expected `dealer` or `fast`"))),
        }
    }

    /// Switches that only steer dealing: with `--deals` nothing is dealt.
    fn refuse_dealing_switches(&self) -> Result<(), SwitchError> {
        if let Some(seat) = self.predeal.iter().position(Option::is_some) {
            let flag = switch_name(Seat::from_index(seat));
            return Err(SwitchError(format!(
                "{flag} predeals a hand, but --deals FILE gives every hand: drop one of them"
            )));
        }
        if self.shard.is_some() {
            return Err(SwitchError(
                "--shard slices the fast stream, but with --deals nothing is dealt: split the file instead".into(),
            ));
        }
        match self.stream.as_deref() {
            Some(s) if s != "dealer" => {
                Err(SwitchError(format!("--stream {s} chooses a generator, but with --deals nothing is dealt")))
            }
            _ => Ok(()),
        }
    }
}

/// `-R`: at most one thread per core, since more only share the cores (a note says so).
fn threads(asked: Option<usize>, notes: &mut Vec<String>) -> usize {
    let cores = cores();
    match asked {
        None => cores,
        Some(n) if n > cores => {
            notes.push(format!("-R {n}: using {cores} threads, one per core"));
            cores
        }
        Some(n) => n.max(1),
    }
}

/// `-C`/`-X`'s `[w:]FILE`: the file the run appends to. Nothing is opened here: the command
/// line writes it through a temporary file beside it (see `report::atomic`), made before the
/// run starts so that a bad path stops the run at once, and `w:` empties only that copy.
fn report_file(switch: &str, arg: Option<&str>) -> Result<Option<PathBuf>, SwitchError> {
    let Some(arg) = arg else { return Ok(None) };
    let (path, _) = files::split_mode(arg);
    if path.as_os_str().is_empty() {
        return Err(SwitchError(format!("{switch} {arg}: no file name")));
    }
    Ok(Some(path))
}

fn parse_shard(s: &str) -> Result<(u64, u64), SwitchError> {
    shard_from(s, |name| std::env::var(name).ok())
}

/// The array-job index variables `--shard auto/N` reads, in order: Slurm's job arrays and
/// Kubernetes' indexed Jobs.
pub const SHARD_INDEX_VARS: [&str; 2] = ["SLURM_ARRAY_TASK_ID", "JOB_COMPLETION_INDEX"];

/// `K/N`, or `auto/N` with K from the first of [`SHARD_INDEX_VARS`] that `env` gives.
fn shard_from(s: &str, env: impl Fn(&str) -> Option<String>) -> Result<(u64, u64), SwitchError> {
    let bad = || SwitchError(format!("--shard {s}: expected K/N with 0 <= K < N, e.g. 0/4, or auto/N"));
    let (k, n) = s.split_once('/').ok_or_else(bad)?;
    let k = if k.trim() == "auto" {
        let (var, value) = SHARD_INDEX_VARS.iter().find_map(|v| env(v).map(|x| (*v, x))).ok_or_else(|| {
            SwitchError(format!(
                "--shard {s}: auto reads SLURM_ARRAY_TASK_ID or JOB_COMPLETION_INDEX, and neither is set"
            ))
        })?;
        let k: u64 = value
            .trim()
            .parse()
            .map_err(|_| SwitchError(format!("--shard {s}: {var}={value} is not a shard index")))?;
        let n: u64 = n.trim().parse().map_err(|_| bad())?;
        if k >= n {
            return Err(SwitchError(format!(
                "--shard {s}: {var}={k} is not below {n} (index the array from 0, e.g. --array=0-{})",
                n.max(1) - 1
            )));
        }
        k.to_string()
    } else {
        k.to_string()
    };
    let (k, n): (u64, u64) = (k.trim().parse().map_err(|_| bad())?, n.trim().parse().map_err(|_| bad())?);
    if n == 0 || k >= n {
        return Err(bad());
    }
    Ok((k, n))
}

fn parse_vul(v: &str) -> Result<Vul, SwitchError> {
    match v.to_ascii_lowercase().as_str() {
        "none" => Ok(Vul::None),
        "ns" => Ok(Vul::NS),
        "ew" => Ok(Vul::EW),
        "all" | "both" => Ok(Vul::All),
        _ => Err(SwitchError(format!("--vulnerable {v}: expected none, ns, ew or all"))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shard_auto_reads_the_array_index() {
        let slurm = |v: &str| (v == "SLURM_ARRAY_TASK_ID").then(|| "2".to_string());
        assert_eq!(shard_from("auto/4", slurm).unwrap(), (2, 4));
        let k8s = |v: &str| (v == "JOB_COMPLETION_INDEX").then(|| "3".to_string());
        assert_eq!(shard_from("auto/4", k8s).unwrap(), (3, 4));
        assert!(shard_from("auto/4", |_| None).unwrap_err().0.contains("neither is set"));
        let high = |_: &str| Some("4".to_string());
        assert!(shard_from("auto/4", high).unwrap_err().0.contains("--array=0-3"));
        assert_eq!(shard_from("1/3", |_| None).unwrap(), (1, 3));
    }

    #[test]
    fn defaults_are_every_core_and_dealers() {
        let r = Switches::default().resolve("x.dlr").unwrap();
        assert_eq!(r.options.threads, cores());
        assert!(r.options.print_stats && !r.options.quiet_pbn);
        assert_eq!(r.options.stream, StreamKind::Dealer);
        assert!(r.notes.is_empty());
    }

    #[test]
    fn threads_are_capped_at_the_cores_with_a_note() {
        let r = Switches { threads: Some(100_000), ..Switches::default() }.resolve("x").unwrap();
        assert_eq!(r.options.threads, cores());
        assert!(r.notes[0].contains("-R 100000"), "{:?}", r.notes);
    }

    #[test]
    fn bad_switches_are_named() {
        let bad = |s: Switches, want: &str| assert!(s.resolve("x").unwrap_err().0.contains(want), "{want}");
        bad(Switches { shard: Some("3/3".into()), stream: Some("fast".into()), ..Switches::default() }, "--shard 3/3");
        bad(Switches { shard: Some("0/2".into()), ..Switches::default() }, "add --stream fast");
        bad(Switches { vulnerable: Some("both ways".into()), ..Switches::default() }, "--vulnerable");
        bad(Switches { stream: Some("slow".into()), ..Switches::default() }, "--stream slow");
        let deals =
            Switches { deals_file: true, predeal: [None, None, Some("SA".into()), None], ..Switches::default() };
        bad(deals, "-S predeals");
    }
}
