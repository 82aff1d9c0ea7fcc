//! `dealbench run --write-leveled OUT`: measure the natural mix of the script's hand types,
//! then write a copy whose levelling is plain dealer code (see `script::leveling_block`).

use super::console::{describe, say, say_text};
use super::error::CliError;
use super::interrupt::Interrupt;
use super::run_cmd::{RunArgs, compile_options, options, read_script};
use super::timeout::{Deadline, TIMED_OUT};
use dealbench::eval::{Program, compile};
use dealbench::report::atomic;
use dealbench::run::level::{Level, keep_rates};
use dealbench::run::stats::{HandTypeStat, Stats, share};
use dealbench::run::{self, Event};
use dealbench::script::leveling_block::{self as lb, RND_BOUND};
use std::path::Path;
use std::sync::Arc;

/// Matching deals measured when `-p` does not say.
const MEASURE_DEFAULT: u64 = 200_000;

/// Measures and writes the copy; the report goes to standard error. `-t` ends the measuring
/// early and the copy is written from what was measured (exit status 2); Ctrl-C or SIGTERM
/// writes nothing.
pub fn write(args: &RunArgs, out: &Path) -> Result<i32, CliError> {
    let (source, name) = read_script(args.file.as_ref())?;
    let copts = compile_options(args)?;
    let neutral = lb::neutral(&source).map_err(|e| format!("{name}: {e}"))?;
    let program = match compile(&neutral, &name, &copts) {
        Ok(p) => p,
        Err(diags) => {
            diags.iter().for_each(|d| say_text(&d.render()));
            return Ok(255);
        }
    };
    let weights = target(args, &program)?;
    if program.script.condition.as_ref().is_some_and(|c| c.draws_rnd(&program.script.vars)) {
        return Err(format!(
            "{name}: the script is already levelled (its condition draws rnd() outside a generated block): \
             remove that levelling first"
        )
        .into());
    }
    let mut deadline = Deadline::start(args.limits.timeout, Some(Interrupt::catch()));
    let Some((stats, h)) = measure(args, &name, program, &mut deadline)? else { return Ok(1) };
    if let Some(status) = deadline.interrupted {
        say!("dealbench: interrupted while measuring ({} deals generated): nothing written", stats.generated);
        return Ok(status);
    }
    if deadline.fired {
        let secs = args.limits.timeout.unwrap_or_default().as_secs_f64();
        say!("dealbench: timeout after {secs} seconds: the copy is levelled from the deals measured by then");
    }
    check(&h, &weights, stats.produced)?;
    let rates = keep_rates(&weights, &h.natural);
    let thresholds: Vec<(String, u32)> = h.names.iter().cloned().zip(rates.iter().map(|&r| lb::threshold(r))).collect();
    let block = lb::block(&thresholds, &comments(&h, &weights, stats.generated));
    let original = dealbench::script::parse_script(&source, &name).map_err(|_| {
        format!("{name}: the script uses parameters ($…): --write-leveled copies a script without them")
    })?;
    let copy = lb::rewrite(&source, original.condition_at, &block).map_err(|e| format!("{name}: {e}"))?;
    if let Err(d) = compile(&copy, &out.display().to_string(), &copts) {
        let first = d.first().map(|d| d.render()).unwrap_or_default();
        return Err(format!(
            "the levelled copy does not compile (are the hand types defined before the condition?):\n{first}"
        )
        .into());
    }
    let copy = same_line_ends(&source, copy);
    atomic::write(out, copy.as_bytes()).map_err(|e| format!("--write-leveled {}: {}", out.display(), describe(&e)))?;
    report(out, &h, &thresholds, stats.generated);
    Ok(if deadline.fired { TIMED_OUT } else { 0 })
}

/// The copy with the script's line ends: CRLF throughout when the script's lines end so.
fn same_line_ends(source: &str, copy: String) -> String {
    if source.contains("\r\n") { copy.replace("\r\n", "\n").replace('\n', "\r\n") } else { copy }
}

/// The target weights: `--level`, else the script's shares, else even.
fn target(args: &RunArgs, program: &Program) -> Result<Vec<u64>, CliError> {
    let types = &program.script.hand_types;
    let level = match args.hand_types.level.as_deref() {
        Some(text) => text.parse::<Level>()?,
        None if types.iter().any(|t| t.share.is_some()) => Level::Shares,
        None => Level::Even,
    };
    Ok(level.weights(types)?)
}

/// Runs the script without its actions and returns its figures (`None`: the run failed, reported).
fn measure(
    args: &RunArgs,
    name: &str,
    mut program: Program,
    deadline: &mut Deadline,
) -> Result<Option<(Stats, HandTypeStat)>, CliError> {
    program.actions.clear();
    let mut opts = options(args, name)?;
    opts.produce = Some(opts.produce.unwrap_or(MEASURE_DEFAULT));
    (opts.matched_events, opts.print_stats, opts.level, opts.interleave) = (false, false, None, false);
    let handle = run::start(Arc::new(program), opts);
    let mut last = None;
    while let Some(ev) = deadline.next(&handle) {
        match ev {
            Event::Stats(s) => last = Some(*s),
            Event::Failed(d) => {
                say_text(&d.render());
                return Ok(None);
            }
            Event::Finished(_) => break,
            _ => {}
        }
    }
    let stats = last.ok_or("the measuring run ended without figures")?;
    let h = stats.hand_types().cloned().ok_or("the script defines no hand types (variables named HandType_NAME)")?;
    Ok(Some((stats, h)))
}

/// Refuses overlapping types and a wanted type never seen.
fn check(h: &HandTypeStat, weights: &[u64], measured: u64) -> Result<(), CliError> {
    if measured == 0 {
        return Err("no deal matched the condition: nothing to measure".into());
    }
    if h.overlaps > 0 {
        return Err(format!(
            "{} of {measured} measured deals are in two hand types or more: levelling needs types that do not overlap",
            h.overlaps
        )
        .into());
    }
    let unseen: Vec<&str> =
        (0..h.names.len()).filter(|&i| weights[i] > 0 && h.natural[i] == 0).map(|i| h.names[i].as_str()).collect();
    if !unseen.is_empty() {
        return Err(format!(
            "hand type(s) {} never seen in {measured} measured deals: no keep rate can be estimated (raise -p or -g)",
            unseen.join(", ")
        )
        .into());
    }
    Ok(())
}

/// The rarest wanted type: its index and its share with a 95% interval.
fn rarest(h: &HandTypeStat) -> (usize, dealbench::run::stats::Share) {
    let i = (0..h.names.len()).filter(|&i| h.natural[i] > 0).min_by_key(|&i| h.natural[i]).unwrap_or(0);
    (i, share(h.natural[i], h.natural_total))
}

/// The block's comment lines.
fn comments(h: &HandTypeStat, weights: &[u64], generated: u64) -> Vec<String> {
    let w: Vec<String> = weights.iter().map(u64::to_string).collect();
    let mix: Vec<String> = h
        .names
        .iter()
        .zip(&h.natural)
        .map(|(n, &c)| format!("{n} {:.2}%", 100.0 * c as f64 / h.natural_total as f64))
        .collect();
    vec![
        format!("Written by dealbench --write-leveled: target weights {} (in definition order).", w.join(",")),
        format!("Natural mix over {} matching deals ({generated} generated): {}.", h.natural_total, mix.join(", ")),
        format!("A type is kept when rnd({RND_BOUND}) (0..{}) is below its threshold.", RND_BOUND - 1),
    ]
}

fn report(out: &Path, h: &HandTypeStat, thresholds: &[(String, u32)], generated: u64) {
    let (i, s) = rarest(h);
    let t: Vec<String> = thresholds.iter().map(|(n, k)| format!("{n} {k}/{RND_BOUND}")).collect();
    say!("dealbench: wrote {}: keep thresholds {}", out.display(), t.join(", "));
    say!(
        "dealbench: measured {} matching deals of {generated} generated; rarest type `{}`: {:.2}% [{:.2}%, {:.2}%] (95%), \
         ±{:.1}% of its share",
        h.natural_total,
        h.names[i],
        100.0 * s.share,
        100.0 * s.low,
        100.0 * s.high,
        100.0 * (s.high - s.low) / 2.0 / s.share
    );
    if h.gaps > 0 {
        say!("dealbench: warning: {} measured deals are in no hand type; the copy drops such deals", h.gaps);
    }
}
