//! `dealbench dealer3` (also the binary run under the name `dealer3`): dealer3's command
//! line over dealbench's engine and fast stream: its switches and defaults, its output
//! formats with `[HandType]`, `--stats-json` on standard output, `--round-robin`,
//! `--interleave` in dealer3's order, and levelling as dealer3 levels (level.rs).

pub mod args;
pub mod level;
mod output;

use super::console::{say, say_text};
use super::deal_file::{DealFile, Refused};
use super::error::CliError;
use super::interrupt::Interrupt;
use super::run_cmd::read_script;
use super::timeout::{Deadline, TIMED_OUT};
pub use args::Dealer3Args;
use dealbench::cards::Deal;
use dealbench::eval::{Program, compile};
use dealbench::run::dealer3::order;
use dealbench::run::stats::Stats;
use dealbench::run::switches::Switches;
use dealbench::run::{self, Event, RunOptions, StreamKind};
use dealbench::script::CompileOptions;
use dealbench::script::ast::{Action, StatArgs};
use output::{Figures, Format, PbnInfo};
use std::io::Write;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Runs dealer3's command line; returns the exit code (1 for errors, as dealer3).
pub fn run(args: Dealer3Args) -> i32 {
    match execute(&args, Instant::now()) {
        Ok(code) => code,
        Err(e) => {
            say!("Error: {e}");
            1
        }
    }
}

fn execute(args: &Dealer3Args, started: Instant) -> Result<i32, CliError> {
    refusals(args)?;
    let (source, name) = read_script(args.file.as_ref())?;
    if args.params {
        return list_params(args, &source, &name);
    }
    param_warnings(args, &source, &name)?;
    if args.leveling.level || args.leveling.write_leveled.is_some() {
        return level::level(args, &source, &name, started);
    }
    match compile_script(&source, &name, args)? {
        Some(program) => deal(args, program, &name, started),
        None => Ok(1),
    }
}

/// `--params`: the script's parameters as dealer3 lists them (JSON with `--stats-json`).
fn list_params(args: &Dealer3Args, source: &str, name: &str) -> Result<i32, CliError> {
    use dealbench::script::params;
    let list = match params::script_params(source, name) {
        Ok(l) => l,
        Err(d) => {
            say_text(&d.render());
            return Ok(1);
        }
    };
    let text = if args.stats_json {
        params::dealer3_json(&list)
    } else {
        params::dealer3_text(args.file.as_ref().map(|_| name), &list)
    };
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes()).and_then(|_| out.flush()).map_err(|e| format!("standard output: {e}"))?;
    Ok(0)
}

/// dealer3's warnings of a `--param` the script never mentions and a declaration never used.
fn param_warnings(args: &Dealer3Args, source: &str, name: &str) -> Result<(), CliError> {
    use dealbench::script::params;
    let Ok(list) = params::script_params(source, name) else { return Ok(()) }; // compiling reports it
    for w in params::dealer3_warnings(&list, &compile_options(args)?.params) {
        say!("Warning: {w}");
    }
    Ok(())
}

/// dealer3's refusals of switches that do not go together.
fn refusals(args: &Dealer3Args) -> Result<(), CliError> {
    if args.leveling.write_leveled.is_some() && args.file.is_none() {
        return Err("--write-leveled needs the script as a file, not on standard input".into());
    }
    let stdin_deals = args.input_deals.as_ref().is_some_and(|p| p.as_os_str() == "-");
    if args.leveling.level && stdin_deals {
        return Err("--level cannot measure deals read from standard input (--input-deals -)".into());
    }
    if stdin_deals && args.file.is_none() {
        return Err("--input-deals - reads standard input: give the script as a file".into());
    }
    if args.leveling.interleave && args.leveling.write_leveled.is_some() && !args.leveling.level {
        return Err("--interleave orders dealt deals, and --write-leveled alone deals none: add --level".into());
    }
    Ok(())
}

/// The script compiled with `--param`s (`None`: its errors were reported).
fn compile_script(source: &str, name: &str, args: &Dealer3Args) -> Result<Option<Program>, CliError> {
    match compile(source, name, &compile_options(args)?) {
        Ok(p) => {
            p.script.warnings.iter().for_each(|w| say_text(&w.render()));
            Ok(Some(p))
        }
        Err(diags) => {
            diags.iter().for_each(|d| say_text(&d.render()));
            Ok(None)
        }
    }
}

fn compile_options(args: &Dealer3Args) -> Result<CompileOptions, CliError> {
    if let Some(c) = &args.compile {
        return Ok(c.clone());
    }
    let mut params = Vec::new();
    for p in &args.param {
        let (k, v) = p.split_once('=').ok_or_else(|| format!("--param {p}: expected N=TEXT"))?;
        let k = k.strip_prefix('$').unwrap_or(k);
        if !(k.len() == 1 && k.as_bytes()[0].is_ascii_digit()) {
            return Err(format!("--param {p}: `{k}` is not a parameter index: expected 0 to 9").into());
        }
        params.push((k.to_string(), v.to_string()));
    }
    Ok(CompileOptions { params, unset_params: dealbench::script::params::Unset::Error })
}

/// The seed: `-s`, else the script's, else the clock.
fn seed(args: &Dealer3Args, program: &Program) -> i64 {
    let clock = || std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs());
    args.seed.map(|s| s as i64).or(program.script.seed).unwrap_or_else(|| clock() as i64)
}

/// The engine's options for dealer3's switches, on the fast stream.
fn options(args: &Dealer3Args, program: &Program, name: &str, seed: i64) -> Result<RunOptions, CliError> {
    let stats_on = args.verbose || args.stats_on;
    let switches = Switches {
        seed: Some(seed),
        produce: args.produce,
        generate: args.generate,
        stats_toggles: u8::from(!stats_on),
        quiet_toggles: 0,
        predeal: [args.north.clone(), args.east.clone(), args.south.clone(), args.west.clone()],
        vulnerable: args.vulnerable.as_ref().map(|v| v.to_ascii_lowercase()),
        csv: args.csv.clone(),
        title: args.title.clone(),
        threads: (args.threads > 0).then_some(args.threads),
        // With --input-deals nothing is dealt, and a generator named is refused.
        stream: args.input_deals.is_none().then(|| "fast".into()),
        deals_file: args.input_deals.is_some(),
        matched_events: true,
        ..Switches::default()
    };
    let resolved = switches.resolve(name)?;
    resolved.notes.iter().for_each(|n| say!("Note: {n}"));
    let mut o = resolved.options;
    o.produce = Some(args.produce.or(program.script.produce).filter(|&p| p > 0).unwrap_or(40));
    (o.stream, o.matched_events, o.round_robin) = (StreamKind::Fast, true, args.round_robin);
    o.swap = args.swapping();
    if let Some(e) = o.swap.switch_refusal(o.predeal_override.iter().map(|(s, _)| *s)) {
        return Err(e.into());
    }
    Ok(o)
}

/// A deal held for `--interleave`: the deal and its hand type.
struct Held {
    deal: Deal,
    label: Option<usize>,
}

/// What a dealing run prints and counts.
struct Printer {
    format: Format,
    quiet: bool,
    info: PbnInfo,
    labels: Vec<String>,
    held: Option<Vec<Held>>,
    out: std::io::BufWriter<std::io::Stdout>,
}

impl Printer {
    fn print(&mut self, number: u64, deal: &Deal, label: Option<usize>) {
        if self.quiet {
            return;
        }
        let l = label.map(|i| self.labels[i].as_str());
        let _ = self.out.write_all(output::deal(self.format, number, deal, l, &self.info).as_bytes());
    }

    /// A produced deal: its `printes` text, the deal (held under `--interleave`), its
    /// `printrpt` rows, as dealer3 prints them; `-q` hides only the deal.
    fn take(&mut self, number: u64, deal: Deal, label: Option<usize>, printed: &str) {
        let mut parts = printed.split(SPLIT);
        let _ = self.out.write_all(parts.next().unwrap_or_default().as_bytes());
        match &mut self.held {
            Some(h) => h.push(Held { deal, label }),
            None => self.print(number, &deal, label),
        }
        let _ = self.out.write_all(parts.next().unwrap_or_default().as_bytes());
    }

    /// Prints the held deals in dealer3's interleaved order; the rounds and sizes for `-v`.
    fn interleave(&mut self, seed: u64) -> Option<String> {
        let held = self.held.take()?;
        let labels: Vec<Option<usize>> = held.iter().map(|h| h.label).collect();
        let order = order::interleave(&labels, self.labels.len(), seed);
        for (k, &i) in order.iter().enumerate() {
            self.print(k as u64 + 1, &held[i].deal, held[i].label);
        }
        Some(interleave_note(&labels, &self.labels))
    }
}

/// dealer3's `-v` line after `--interleave`: the largest bucket's size, then each bucket
/// that holds deals (`(untyped)` for deals in no type) with its size, sorted as text.
fn interleave_note(held: &[Option<usize>], labels: &[String]) -> String {
    let mut buckets: Vec<(Option<usize>, usize)> = Vec::new();
    for l in held {
        match buckets.iter_mut().find(|(b, _)| b == l) {
            Some((_, n)) => *n += 1,
            None => buckets.push((*l, 1)),
        }
    }
    let rounds = buckets.iter().map(|b| b.1).max().unwrap_or(0);
    let mut parts: Vec<String> =
        buckets.iter().map(|(l, n)| format!("{} {n}", l.map_or("(untyped)", |i| labels[i].as_str()))).collect();
    parts.sort();
    format!("Interleaved {rounds} rounds: {}", parts.join(", "))
}

/// Separates a deal's `printes` text, its `printrpt` rows and what dealer3 does not print.
const SPLIT: char = '\0';

/// The actions a dealer3 run keeps per deal: `printes`, a separator, `printrpt`, a separator,
/// then the statistics, averages first as dealer3 reports them, and `csvrpt` (dealer3 writes
/// `csvrpt` only to `-C`'s file).
fn per_deal_actions(actions: &mut Vec<Action>) {
    use dealbench::script::ast::PrintItem;
    let split = || Action::PrintEs(vec![PrintItem::Text(SPLIT.to_string())]);
    let all = std::mem::take(actions);
    let (es, rest): (Vec<Action>, Vec<Action>) = all.into_iter().partition(|a| matches!(a, Action::PrintEs(_)));
    let (rpt, rest): (Vec<Action>, Vec<Action>) = rest.into_iter().partition(|a| matches!(a, Action::PrintRpt(_)));
    actions.extend(es);
    actions.push(split());
    actions.extend(rpt);
    actions.push(split());
    let mut rest: Vec<Action> =
        rest.into_iter().filter(|a| a.is_statistic() || matches!(a, Action::CsvRpt(_))).collect();
    rest.sort_by_key(|a| !matches!(a, Action::Stat(c) if c.args == StatArgs::None));
    actions.extend(rest);
}

/// The hand type of a deal from its membership mask; two is dealer3's fatal error.
fn label_of(mask: u64, labels: &[String], deal: &Deal, kind: &str) -> Result<Option<usize>, CliError> {
    Ok(dealbench::run::dealer3::measure::label_of(mask, labels, deal, kind)?)
}

/// Deals `program` as dealer3 does and prints what it prints; the exit code.
fn deal(args: &Dealer3Args, mut program: Program, name: &str, started: Instant) -> Result<i32, CliError> {
    let seed = seed(args, &program);
    let format = match &args.format {
        Some(f) => Format::parse(f)?,
        None => Format::of_actions(&program.actions).unwrap_or(Format::All),
    };
    per_deal_actions(&mut program.actions);
    let mut options = options(args, &program, name, seed)?;
    let timeout = args.timeout.map(Duration::from_secs_f64);
    let mut deadline = Deadline::start(timeout, Some(Interrupt::catch()));
    let file = input_deals(args, &program, &mut options, &deadline)?;
    let labels: Vec<String> = program.script.hand_types.iter().map(|t| t.name.clone()).collect();
    let levels: Vec<String> = program.script.level_types.iter().map(|t| t.name.clone()).collect();
    if !args.round_robin {
        // Level types are classified beside the hand types, in the mask's higher bits.
        let extra = program.script.level_types.clone();
        program.script.hand_types.extend(extra);
    }
    let mut counts = (vec![0u64; labels.len()], vec![0u64; levels.len()]);
    let info = PbnInfo {
        input: args.file.as_ref().map(|_| name.to_string()),
        seed: seed.to_string(),
        date: run::today(),
        dealer: options_dealer(args, &program)?,
        vulnerable: options.vulnerable.or(program.script.vulnerable),
        title: args.title.clone().or(program.script.title.clone()),
    };
    let held = args.leveling.interleave.then(Vec::new);
    let mut p =
        Printer { format, quiet: args.quiet, info, labels, held, out: std::io::BufWriter::new(std::io::stdout()) };
    let produce = options.produce.unwrap_or(40);
    let mut meter = args.progress.then(|| super::meter::Meter::start(super::console::Stderr, produce));
    let handle = run::start(Arc::new(program), options);
    let (mut report, mut stats, mut summary) = (String::new(), None::<Stats>, None);
    while let Some(ev) = deadline.next(&handle) {
        match ev {
            Event::Matched(deals) => {
                for m in deals {
                    let n = p.labels.len();
                    let label = label_of(
                        m.hand_types & dealbench::run::dealer3::measure::low(n),
                        &p.labels,
                        &m.deal,
                        "Hand types",
                    )?;
                    let lev = label_of(m.hand_types >> n.min(63), &levels, &m.deal, "Level types")?;
                    label.into_iter().for_each(|i| counts.0[i] += 1);
                    lev.into_iter().for_each(|i| counts.1[i] += 1);
                    p.take(m.number, m.deal, label, &m.printed);
                }
            }
            Event::Output(s) => report.push_str(&s),
            Event::Stats(s) => stats = Some(*s),
            Event::Failed(d) => {
                let _ = p.out.flush();
                say_text(&d.render());
                return Ok(1);
            }
            Event::Finished(s) => {
                if let Some(m) = meter.take() {
                    m.finish(s.produced);
                }
                summary = Some(s);
                break;
            }
            Event::Progress { produced, .. } => {
                if let Some(m) = &mut meter {
                    m.advance(produced);
                }
            }
            _ => {}
        }
    }
    if let Some(f) = file {
        f.finish()?;
    }
    let summary = summary.ok_or("the run ended without its summary")?;
    if let Some(note) = p.interleave(seed as u64)
        && (args.verbose || args.stats_on)
    {
        say!("{note}");
    }
    if args.round_robin && summary.produced < produce {
        short_of_the_round(stats.as_ref(), produce, &summary);
    }
    if args.stats_json {
        let mut figures = figures(args, stats.as_ref(), &summary, started, deadline.fired);
        figures.hand_types = p.labels.iter().cloned().zip(counts.0).collect();
        figures.level_types = (!levels.is_empty()).then(|| levels.iter().cloned().zip(counts.1).collect());
        let _ = p.out.write_all(output::stats_json(&figures).as_bytes());
    } else {
        let stats_on = args.verbose || args.stats_on;
        let names = format!("Hand types {}: {}\n", p.labels.len(), p.labels.join(", "));
        let report = with_hand_types_line(&report, stats_on.then_some(names.as_str()));
        let _ = p.out.write_all(report.as_bytes());
    }
    p.out.flush().map_err(|e| format!("standard output: {e}"))?;
    if deadline.fired {
        let secs = args.timeout.unwrap_or_default();
        say!("Timeout after {secs} seconds ({} generated, {} produced)", summary.generated, summary.produced);
        return Ok(TIMED_OUT);
    }
    Ok(deadline.interrupted.unwrap_or(0))
}

/// The report with its hand-type table replaced by `line`: dealer3 names the types in one
/// line, and only with the statistics (`-v`, `-X`), so a PBN file stays PBN.
fn with_hand_types_line(report: &str, line_instead: Option<&str>) -> String {
    let mut out = String::with_capacity(report.len());
    let mut skipping = false;
    for line in report.split_inclusive('\n') {
        if line.starts_with("Hand types (") {
            skipping = true;
            out.push_str(line_instead.unwrap_or_default());
            continue;
        }
        if skipping && (line.starts_with("  ") || line.starts_with("warning: ")) {
            continue;
        }
        skipping = false;
        out.push_str(line);
    }
    out
}

/// `-d`, else the script's `dealer`.
fn options_dealer(args: &Dealer3Args, program: &Program) -> Result<Option<dealbench::cards::Seat>, CliError> {
    use dealbench::cards::Seat;
    let Some(d) = &args.dealer else { return Ok(program.script.dealer) };
    let seat = match d.to_ascii_uppercase().as_str() {
        "N" | "NORTH" => Seat::North,
        "E" | "EAST" => Seat::East,
        "S" | "SOUTH" => Seat::South,
        "W" | "WEST" => Seat::West,
        _ => return Err(format!("Invalid dealer '{d}'. Valid options: N, E, S, W").into()),
    };
    Ok(Some(seat))
}

/// `--input-deals`: the file fed to the run (refused with predeal).
fn input_deals(
    args: &Dealer3Args,
    program: &Program,
    options: &mut RunOptions,
    deadline: &Deadline,
) -> Result<Option<DealFile>, CliError> {
    let Some(path) = &args.input_deals else { return Ok(None) };
    if !program.script.predeal.is_empty() || !options.predeal_override.is_empty() {
        return Err("--input-deals gives every hand: it cannot be used with predeal".into());
    }
    // `-` is standard input, which the deal file reads whole (ZRD included, with its tables).
    match DealFile::feed_run(path, false, program, options, deadline.at()) {
        Ok(file) => Ok(Some(file)),
        Err(Refused::Error(e)) => Err(e),
        Err(Refused::Timeout(read)) => {
            Err(format!("timeout while reading {} ({read} deals read)", path.display()).into())
        }
    }
}

/// `--round-robin` out of deals: which types came up short.
fn short_of_the_round(stats: Option<&Stats>, produce: u64, s: &run::Summary) {
    let Some(h) = stats.and_then(Stats::hand_types) else { return };
    let per = produce / h.names.len().max(1) as u64;
    let short: Vec<String> = h
        .names
        .iter()
        .zip(&h.counts)
        .filter(|(_, c)| **c < per.max(1))
        .map(|(n, c)| format!("{n} {c}/{}", per.max(1)))
        .collect();
    say!("Warning: {} short of the round after {} deals: {}.", produce - s.produced, s.generated, short.join(", "));
    say!("Raise -g, or widen the categories that came up short.");
}

fn figures<'a>(
    args: &Dealer3Args,
    stats: Option<&'a Stats>,
    s: &run::Summary,
    started: Instant,
    timed_out: bool,
) -> Figures<'a> {
    let hand_types = stats
        .and_then(Stats::hand_types)
        .map_or(Vec::new(), |h| h.names.iter().cloned().zip(h.counts.iter().copied()).collect());
    let source = match &args.input_deals {
        Some(p) => Err(p.display().to_string()),
        None => Ok(s.seed as u64),
    };
    Figures {
        generated: s.generated,
        produced: s.produced,
        source,
        seconds: started.elapsed().as_secs_f64(),
        timed_out,
        hand_types,
        level_types: None,
        stats,
    }
}
