//! Measuring as dealer3 measures before it levels: deal the prepared scenario and count each
//! levelled category on the produced deals until every one is seen 2,000 times, or
//! `--level-measure`, `-g`, `--level-timeout` or `-t` stop it; then dealer3's refusals of what
//! was counted.

use super::keeps::{FEW_SIGHTINGS, SIGHTINGS};
use crate::cards::Deal;
use crate::eval::Program;
use crate::run::{self, Event, RunHandle, RunOptions};
use crate::script::hand_types::{HandType, Kind};
use std::sync::Arc;
use std::time::Instant;

/// Who watches a levelling: hands it the run's events (cancelling on a timeout or a signal),
/// and hears its notes and warnings in order.
pub trait Watch {
    /// The measuring run's next event; `None` when the run is over.
    fn next(&mut self, run: &RunHandle) -> Option<Event>;
    /// True once the run's own timeout (`-t`) cancelled it.
    fn timed_out(&self) -> bool;
    /// True once a signal or the user cancelled it.
    fn interrupted(&self) -> bool;
    /// A note, a warning or a rendered diagnostic, as text ending in a line break.
    fn say(&mut self, text: &str);
}

/// What measuring counted.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Measured {
    /// Deals produced.
    pub produced: u64,
    /// Deals generated.
    pub generated: u64,
    /// Sightings by category.
    pub seen: Vec<u64>,
    /// With level types: counts by hand type (rows) and level type (columns).
    pub joint: Vec<Vec<u64>>,
    /// Deals in no category.
    pub untyped: u64,
    /// True when `-t` ended the measuring.
    pub timed_out: bool,
}

/// Why levelling stopped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Failure {
    /// The diagnostics went to [`Watch::say`] already.
    Reported,
    /// dealer3's error message (without `Error: `).
    Error(String),
}

impl From<String> for Failure {
    fn from(e: String) -> Failure {
        Failure::Error(e)
    }
}

impl From<&str> for Failure {
    fn from(e: &str) -> Failure {
        Failure::Error(e.to_string())
    }
}

/// The limits of a measuring run.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// Most deals produced (`--level-measure`).
    pub produce: u64,
    /// When measuring stops short (`--level-timeout`, from the program's start).
    pub until: Instant,
    /// `--level-timeout` in seconds, for the note.
    pub seconds: f64,
}

/// The mask of the lowest `n` bits.
pub fn low(n: usize) -> u64 {
    if n >= 64 { u64::MAX } else { (1u64 << n) - 1 }
}

/// The category of a deal from its membership mask; a deal in two is dealer3's fatal error
/// (`kind`: "Hand types" or "Level types").
pub fn label_of(mask: u64, labels: &[String], deal: &Deal, kind: &str) -> Result<Option<usize>, String> {
    let mut bits = (0..labels.len()).filter(|&i| mask >> i & 1 == 1);
    let first = bits.next();
    if let (Some(a), Some(b)) = (first, bits.next()) {
        let mut line = String::new();
        crate::report::deal::printoneline(&mut line, deal, None);
        return Err(format!(
            "a deal is both `{}` and `{}`. {kind} have to partition the deals, so at most one may match.\n{}",
            labels[a],
            labels[b],
            line.trim_end()
        ));
    }
    Ok(first)
}

/// Deals `program` with `opts` (its actions dropped) and counts `cats`, and with level types
/// the hand types `groups` beside them.
pub fn measure(
    mut program: Program,
    mut opts: RunOptions,
    (cats, groups): (&[HandType], &[HandType]),
    limits: Limits,
    watch: &mut dyn Watch,
) -> Result<Measured, Failure> {
    program.actions.clear();
    program.script.hand_types = cats.iter().chain(groups).cloned().collect();
    opts.produce = Some(limits.produce);
    (opts.round_robin, opts.print_stats, opts.csv_file, opts.matched_events) = (false, false, None, true);
    let handle = run::start(Arc::new(program), opts);
    let n = cats.len();
    let labels: Vec<String> = cats.iter().map(|c| c.name.clone()).collect();
    let glabels: Vec<String> = groups.iter().map(|c| c.name.clone()).collect();
    let mut m = Measured { seen: vec![0; n], joint: vec![vec![0; n]; groups.len()], ..Measured::default() };
    let kind = if groups.is_empty() { "Hand types" } else { "Level types" };
    while let Some(ev) = watch.next(&handle) {
        match ev {
            Event::Matched(deals) => {
                for d in deals {
                    let l = label_of(d.hand_types & low(n), &labels, &d.deal, kind)?;
                    let g = label_of(d.hand_types >> n, &glabels, &d.deal, "Hand types")?;
                    (m.produced, m.generated) = (d.number, d.generated);
                    match l {
                        Some(i) => m.seen[i] += 1,
                        None => m.untyped += 1,
                    }
                    if let (Some(g), Some(i)) = (g, l) {
                        m.joint[g][i] += 1;
                    }
                    if m.seen.iter().all(|&c| c >= SIGHTINGS) {
                        handle.cancel();
                        return Ok(m);
                    }
                    if Instant::now() >= limits.until {
                        handle.cancel();
                        watch.say(&format!(
                            "Note: stopped characterizing after {}s ({} dealt). Raise --level-timeout to characterize for longer.\n",
                            limits.seconds, m.generated
                        ));
                        return Ok(m);
                    }
                }
            }
            Event::Failed(d) => {
                watch.say(&d.render());
                return Err("the measuring run failed".into());
            }
            Event::Finished(s) => {
                (m.generated, m.timed_out) = (s.generated, watch.timed_out());
                break;
            }
            _ => {}
        }
    }
    if watch.interrupted() {
        return Err(format!("interrupted while measuring ({} deals generated): nothing written", m.generated).into());
    }
    Ok(m)
}

/// dealer3's refusals of what was measured, and its warning of thin counts.
pub fn check(m: &Measured, cats: &[HandType], kind: Kind, watch: &mut dyn Watch) -> Result<(), Failure> {
    if m.produced == 0 {
        return Err("nothing was produced while measuring: no deal passes the condition".into());
    }
    if m.untyped > 0 {
        let vars: Vec<String> = cats.iter().map(|c| format!("{}_{}", kind.prefix(), c.name)).collect();
        return Err(format!(
            "{} of {} deals matched no {}. Levelling needs every deal in one; add to the condition: and ({})",
            m.untyped,
            m.produced,
            kind.plural().to_lowercase().trim_end_matches('s'),
            vars.join(" or ")
        )
        .into());
    }
    let names = |f: &dyn Fn(u64) -> bool| -> Vec<String> {
        cats.iter().zip(&m.seen).filter(|(_, c)| f(**c)).map(|(t, _)| format!("`{}`", t.name)).collect()
    };
    let never = names(&|c| c == 0);
    if !never.is_empty() {
        return Err(format!(
            "never seen in {} deals: {}. A keep cannot make a hand that does not occur; widen the type or drop it.",
            m.produced,
            never.join(", ")
        )
        .into());
    }
    let few = names(&|c| c < FEW_SIGHTINGS);
    if !few.is_empty() {
        watch.say(&format!(
            "Warning: measured on fewer than {FEW_SIGHTINGS} deals of {}. Raise --level-measure or --level-timeout, or widen the rare types.\n",
            few.join(", ")
        ));
    }
    Ok(())
}
