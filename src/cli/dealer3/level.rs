//! `--level` and `--write-leveled` as dealer3 does them: prepare the scenario (placeholder,
//! roll), measure each levelled category on the produced deals until each is seen 2,000
//! times, compute the keeps, write the block and `{{level-mix}}`, print the summary, and deal
//! the levelled copy when `--level` asks.

use super::super::console::{say, say_text};
use super::super::error::CliError;
use super::super::interrupt::Interrupt;
use super::super::timeout::Deadline;
use super::{Dealer3Args, compile_options, compile_script, options, seed};
use dealbench::eval::{Program, compile};
use dealbench::report::atomic;
use dealbench::run::dealer3::block::{self, Category, Prepared};
use dealbench::run::dealer3::keeps::{FEW_SIGHTINGS, Keeps, MEASURE_DEFAULT, SIGHTINGS, TIMEOUT_DEFAULT};
use dealbench::run::dealer3::{mix, summary};
use dealbench::run::{self, Event};
use dealbench::script::hand_types::{HandType, Kind};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// What measuring counted.
struct Measured {
    /// Deals produced and generated.
    produced: u64,
    generated: u64,
    /// Sightings by category.
    seen: Vec<u64>,
    /// With level types: counts by hand type (rows) and level type (columns).
    joint: Vec<Vec<u64>>,
    /// Deals in no category.
    untyped: u64,
    /// True when `-t` ended the measuring.
    timed_out: bool,
}

/// Levels the scenario; the exit code.
pub fn level(args: &Dealer3Args, source: &str, name: &str, started: Instant) -> Result<i32, CliError> {
    let Some(stock) = compile_script(source, name, args)? else { return Ok(1) };
    let prepared = block::prepare(source, stock.script.condition_at)?;
    let Some(program) = compile_script(&prepared.text, name, args)? else { return Ok(1) };
    let (kind, cats) = categories(&program)?;
    let groups = if kind == Kind::Level { program.script.hand_types.clone() } else { Vec::new() };
    let weights = weights(args, &cats)?;
    let seed = seed(args, &program);
    let m = measure(args, program, name, seed, (&cats, &groups), started)?;
    check(&m, &cats, kind)?;
    let k = Keeps::compute(&m.seen, m.produced, m.generated, &weights, args.level_budget);
    let labels: Vec<String> = cats.iter().map(|c| c.name.clone()).collect();
    let copy = copy(&prepared, &cats, &k, seed)?;
    let copy = fill_mix(&copy, &labels, &k, &groups, &m.joint)?;
    let copy = line_ends(copy, source.contains("\r\n") && args.keep_crlf);
    let levelled = compile(&copy, name, &compile_options(args)?).map_err(|d| {
        format!("the levelled copy does not compile:\n{}", d.first().map(|d| d.render()).unwrap_or_default())
    })?;
    let wrote = args.write_leveled.as_ref().map(|p| p.display().to_string());
    if let Some(out) = &args.write_leveled {
        atomic::write(out, copy.as_bytes()).map_err(|e| format!("--write-leveled {}: {e}", out.display()))?;
    }
    say_text(&summary::summary(&labels, &k, wrote.as_deref()));
    if m.timed_out {
        let secs = args.timeout.unwrap_or_default();
        say!("Timeout after {secs} seconds ({} generated, {} produced)", m.generated, m.produced);
        return Ok(super::TIMED_OUT);
    }
    if !args.level {
        return Ok(0);
    }
    // Measuring and producing share one `-g` budget.
    let mut rest = args.clone();
    let budget = args.generate.or(levelled.script.generate).unwrap_or(10_000_000);
    rest.generate = Some(budget.saturating_sub(m.generated).max(1));
    super::deal(&rest, levelled, name, started)
}

/// The levelled categories: the level types when the script has any, else the hand types.
fn categories(program: &Program) -> Result<(Kind, Vec<HandType>), CliError> {
    let s = &program.script;
    match (s.level_types.is_empty(), s.hand_types.is_empty()) {
        (false, _) => Ok((Kind::Level, s.level_types.clone())),
        (true, false) => Ok((Kind::Hand, s.hand_types.clone())),
        (true, true) => Err("there are no hand types to level. Name them with variables beginning `HandType`.".into()),
    }
}

/// `--level-target`, else the `_Share`s (1 when not declared).
fn weights(args: &Dealer3Args, cats: &[HandType]) -> Result<Vec<f64>, CliError> {
    let Some(t) = &args.level_target else {
        return Ok(cats.iter().map(|c| c.share.map_or(1.0, |(n, _)| n as f64)).collect());
    };
    if t == "even" {
        return Ok(vec![1.0; cats.len()]);
    }
    let w: Result<Vec<f64>, _> = t.split(',').map(|x| x.trim().parse::<f64>()).collect();
    match w {
        Ok(w) if w.len() != cats.len() => {
            Err(format!("--level-target {t}: {} weights for {} categories", w.len(), cats.len()).into())
        }
        Ok(w) if w.iter().all(|x| x.is_finite() && *x >= 0.0) && w.iter().any(|x| *x > 0.0) => Ok(w),
        _ => Err(format!("--level-target {t}: expected `even` or a weight per category, such as `2,1,1`").into()),
    }
}

/// Deals the prepared scenario and counts the categories until each is seen 2,000 times, or
/// `--level-measure`, `-g`, `--level-timeout` or `-t` stop it.
fn measure(
    args: &Dealer3Args,
    mut program: Program,
    name: &str,
    seed: i64,
    (cats, groups): (&[HandType], &[HandType]),
    started: Instant,
) -> Result<Measured, CliError> {
    program.actions.clear();
    program.script.hand_types = cats.iter().chain(groups).cloned().collect();
    let mut opts = options(args, &program, name, seed)?;
    opts.produce = Some(args.level_measure.unwrap_or(MEASURE_DEFAULT));
    (opts.round_robin, opts.print_stats, opts.csv_file) = (false, false, None);
    let limit = Duration::from_secs_f64(args.level_timeout.unwrap_or(TIMEOUT_DEFAULT));
    let mut deadline = Deadline::start(args.timeout.map(Duration::from_secs_f64), Some(Interrupt::catch()));
    let handle = run::start(Arc::new(program), opts);
    let n = cats.len();
    let labels: Vec<String> = cats.iter().map(|c| c.name.clone()).collect();
    let glabels: Vec<String> = groups.iter().map(|c| c.name.clone()).collect();
    let mut m = Measured {
        produced: 0,
        generated: 0,
        seen: vec![0; n],
        joint: vec![vec![0; n]; groups.len()],
        untyped: 0,
        timed_out: false,
    };
    let kind = if groups.is_empty() { "Hand types" } else { "Level types" };
    while let Some(ev) = deadline.next(&handle) {
        match ev {
            Event::Matched(deals) => {
                for d in deals {
                    let l = super::label_of(d.hand_types & low(n), &labels, &d.deal, kind)?;
                    let g = super::label_of(d.hand_types >> n, &glabels, &d.deal, "Hand types")?;
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
                    if started.elapsed() >= limit {
                        handle.cancel();
                        say!(
                            "Note: stopped characterizing after {}s ({} dealt). Raise --level-timeout to characterize for longer.",
                            limit.as_secs_f64(),
                            m.generated
                        );
                        return Ok(m);
                    }
                }
            }
            Event::Failed(d) => {
                say_text(&d.render());
                return Err("the measuring run failed".into());
            }
            Event::Finished(s) => {
                (m.generated, m.timed_out) = (s.generated, deadline.fired);
                break;
            }
            _ => {}
        }
    }
    if deadline.interrupted.is_some() {
        return Err(format!("interrupted while measuring ({} deals generated): nothing written", m.generated).into());
    }
    Ok(m)
}

/// The mask of the lowest `n` bits.
pub(super) fn low(n: usize) -> u64 {
    if n >= 64 { u64::MAX } else { (1u64 << n) - 1 }
}

/// dealer3's refusals of what was measured, and its warning of thin counts.
fn check(m: &Measured, cats: &[HandType], kind: Kind) -> Result<(), CliError> {
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
        say!(
            "Warning: measured on fewer than {FEW_SIGHTINGS} deals of {}. Raise --level-measure or --level-timeout, or widen the rare types.",
            few.join(", ")
        );
    }
    Ok(())
}

/// The levelled copy's text.
fn copy(p: &Prepared, cats: &[HandType], k: &Keeps, seed: i64) -> Result<String, CliError> {
    let c: Vec<Category> = cats
        .iter()
        .map(|t| {
            let variable = p.text.get(t.span.start..t.span.end).unwrap_or(&t.name).to_string();
            Category { label: t.name.clone(), variable }
        })
        .collect();
    let b = block::generated(&c, k, seed, p.scale, p.own_roll)?;
    let text = block::levelled(p, &b);
    Ok(text)
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
) -> Result<String, CliError> {
    let shares: Vec<(String, f64)> = if groups.is_empty() {
        labels.iter().cloned().zip(k.mix.iter().copied()).collect()
    } else {
        groups.iter().map(|g| g.name.clone()).zip(mix::grouped(joint, &k.keep)).collect()
    };
    Ok(mix::fill(text, &shares)?)
}
