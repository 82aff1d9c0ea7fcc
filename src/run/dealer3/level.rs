//! Levelling as dealer3 levels, the one machinery behind `dealbench dealer3 --level` and
//! `--write-leveled`, `run --level`, `session`'s `FILE:N:LEVEL` and the workbench: prepare the
//! scenario (placeholder, roll), measure each levelled category (measure.rs), compute the
//! keeps, and write the levelled copy with its block and `{{level-mix}}` filled in.

use super::block::{self, Category, Prepared};
use super::keeps::{Keeps, MEASURE_DEFAULT, TIMEOUT_DEFAULT};
use super::measure::{self, Failure, Limits, Measured, Watch};
use super::mix;
use crate::eval::{Program, compile};
use crate::run::RunOptions;
use crate::script::CompileOptions;
use crate::script::hand_types::{HandType, Kind};
use std::time::{Duration, Instant};

/// What the levelling switches ask (dealer3's `--level-target`, `--level-budget`,
/// `--level-measure`, `--level-timeout`).
#[derive(Clone, Debug, Default)]
pub struct Settings {
    /// `even` or a weight per category; `None`: the `_Share`s.
    pub target: Option<String>,
    /// Most deals dealt per deal kept.
    pub budget: Option<f64>,
    /// Most deals produced while measuring (default 2,000,000).
    pub measure: Option<u64>,
    /// Seconds from `started` measuring may take (default 60).
    pub timeout: Option<f64>,
    /// Keep the script's CRLF line ends in the copy (dealer3 writes LF).
    pub keep_crlf: bool,
}

/// A scenario ready to be measured.
pub struct Plan {
    source: String,
    name: String,
    prepared: Prepared,
    /// The prepared scenario compiled.
    pub program: Program,
    kind: Kind,
    cats: Vec<HandType>,
    groups: Vec<HandType>,
    compile: CompileOptions,
}

/// The levelled copy and what made it.
pub struct Levelled {
    /// The copy's text, as written.
    pub text: String,
    /// The copy compiled: dealing it delivers the mix.
    pub program: Program,
    /// The categories' labels, in declaration order.
    pub labels: Vec<String>,
    /// The keeps and the mix they deliver.
    pub keeps: Keeps,
    /// What measuring counted.
    pub measured: Measured,
}

/// Compiles `text`; diagnostics and warnings go to `watch`.
fn compiled(
    text: &str,
    name: &str,
    opts: &CompileOptions,
    warn: bool,
    watch: &mut dyn Watch,
) -> Result<Program, Failure> {
    match compile(text, name, opts) {
        Ok(p) => {
            p.script.warnings.iter().filter(|_| warn).for_each(|w| watch.say(&w.render()));
            Ok(p)
        }
        Err(diags) => {
            diags.iter().for_each(|d| watch.say(&d.render()));
            Err(Failure::Reported)
        }
    }
}

impl Plan {
    /// The scenario `source` prepared for levelling, or dealer3's refusal; the compile
    /// warnings go to `watch` when `warn` (dealer3 mode says them, a run has already).
    pub fn new(
        source: &str,
        name: &str,
        opts: &CompileOptions,
        warn: bool,
        watch: &mut dyn Watch,
    ) -> Result<Plan, Failure> {
        let stock = compiled(source, name, opts, warn, watch)?;
        let prepared = block::prepare(source, stock.script.condition_at)?;
        let program = compiled(&prepared.text, name, opts, warn, watch)?;
        let (kind, cats) = categories(&program)?;
        let groups = if kind == Kind::Level { program.script.hand_types.clone() } else { Vec::new() };
        Ok(Plan {
            source: source.to_string(),
            name: name.to_string(),
            prepared,
            program,
            kind,
            cats,
            groups,
            compile: opts.clone(),
        })
    }

    /// Measures with `opts` (seeded with `seed`), computes the keeps and writes the copy.
    pub fn level(
        self,
        opts: RunOptions,
        seed: i64,
        (s, started): (&Settings, Instant),
        watch: &mut dyn Watch,
    ) -> Result<Levelled, Failure> {
        let weights = weights(s.target.as_deref(), &self.cats)?;
        let seconds = s.timeout.unwrap_or(TIMEOUT_DEFAULT);
        let limits = Limits {
            produce: s.measure.unwrap_or(MEASURE_DEFAULT),
            until: started + Duration::from_secs_f64(seconds.clamp(0.0, 1e9)),
            seconds,
        };
        let m = measure::measure(self.program, opts, (&self.cats, &self.groups), limits, watch)?;
        measure::check(&m, &self.cats, self.kind, watch)?;
        let keeps = Keeps::compute(&m.seen, m.produced, m.generated, &weights, s.budget);
        let labels: Vec<String> = self.cats.iter().map(|c| c.name.clone()).collect();
        let text = copy(&self.prepared, &self.cats, &keeps, seed)?;
        let text = fill_mix(&text, &labels, &keeps, &self.groups, &m.joint)?;
        let text = line_ends(text, self.source.contains("\r\n") && s.keep_crlf);
        let program = compile(&text, &self.name, &self.compile).map_err(|d| {
            format!("the levelled copy does not compile:\n{}", d.first().map(|d| d.render()).unwrap_or_default())
        })?;
        Ok(Levelled { text, program, labels, keeps, measured: m })
    }
}

/// The levelled copy of `program` for a run with `opts` (its seed set, measuring from it
/// without the run's studies and ordering): what `run --level`, `session`'s `FILE:N:LEVEL`
/// and the workbench's `L` deal instead of the script.
pub fn for_run(
    program: &Program,
    compile: &CompileOptions,
    opts: &RunOptions,
    s: &Settings,
    watch: &mut dyn Watch,
) -> Result<Levelled, Failure> {
    let name = program.script.file.clone();
    let plan = Plan::new(&program.source, &name, compile, false, watch)?;
    let mut m = opts.clone();
    (m.studies, m.profile, m.level, m.interleave) = (Vec::new(), false, None, false);
    plan.level(m, opts.seed.unwrap_or(0), (s, Instant::now()), watch)
}

/// The levelled categories: the level types when the script has any, else the hand types.
fn categories(program: &Program) -> Result<(Kind, Vec<HandType>), Failure> {
    let s = &program.script;
    match (s.level_types.is_empty(), s.hand_types.is_empty()) {
        (false, _) => Ok((Kind::Level, s.level_types.clone())),
        (true, false) => Ok((Kind::Hand, s.hand_types.clone())),
        (true, true) => Err("there are no hand types to level. Name them with variables beginning `HandType`.".into()),
    }
}

/// `--level-target` (`even` or a weight per category), else the `_Share`s (1 when not declared).
pub fn weights(target: Option<&str>, cats: &[HandType]) -> Result<Vec<f64>, String> {
    let Some(t) = target else {
        return Ok(cats.iter().map(|c| c.share.map_or(1.0, |(n, _)| n as f64)).collect());
    };
    if t == "even" {
        return Ok(vec![1.0; cats.len()]);
    }
    let w: Result<Vec<f64>, _> = t.split(',').map(|x| x.trim().parse::<f64>()).collect();
    match w {
        Ok(w) if w.len() != cats.len() => {
            Err(format!("--level-target {t}: {} weights for {} categories", w.len(), cats.len()))
        }
        Ok(w) if w.iter().all(|x| x.is_finite() && *x >= 0.0) && w.iter().any(|x| *x > 0.0) => Ok(w),
        _ => Err(format!("--level-target {t}: expected `even` or a weight per category, such as `2,1,1`")),
    }
}

/// The levelled copy's text.
fn copy(p: &Prepared, cats: &[HandType], k: &Keeps, seed: i64) -> Result<String, String> {
    let c: Vec<Category> = cats
        .iter()
        .map(|t| {
            let variable = p.text.get(t.span.start..t.span.end).unwrap_or(&t.name).to_string();
            Category { label: t.name.clone(), variable }
        })
        .collect();
    let b = block::generated(&c, k, seed, p.scale, p.own_roll)?;
    Ok(block::levelled(p, &b))
}

/// The copy with LF line ends (dealer3's), or CRLF throughout when asked.
fn line_ends(copy: String, crlf: bool) -> String {
    let lf = copy.replace("\r\n", "\n");
    if crlf { lf.replace('\n', "\r\n") } else { lf }
}

/// `{{level-mix}}` filled in: the categories' mix, or with level types each hand type's.
fn fill_mix(
    text: &str,
    labels: &[String],
    k: &Keeps,
    groups: &[HandType],
    joint: &[Vec<u64>],
) -> Result<String, String> {
    let shares: Vec<(String, f64)> = if groups.is_empty() {
        labels.iter().cloned().zip(k.mix.iter().copied()).collect()
    } else {
        groups.iter().map(|g| g.name.clone()).zip(mix::grouped(joint, &k.keep)).collect()
    };
    mix::fill(text, &shares)
}
