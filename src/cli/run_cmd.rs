//! `dealbench run`: dealer 1.24's switches over the run API.

use super::console::{Checked, Stderr, describe, say, say_text, stderr_failed};
use super::deal_file::{DealFile, Refused};
use super::error::CliError;
use super::inputs::{SCRIPT_CAP, read_capped, read_file};
use super::interrupt::Interrupt;
use super::meter::Meter;
use super::outputs::Outputs;
use super::set_args::{SetArgs, SetFile};
use super::timeout::{Deadline, TIMED_OUT, TimeoutArgs};
use clap::Args;
use dealbench::cards::{Deal, Hand};
use dealbench::dealing::swap::Swapping;
use dealbench::eval::{Program, compile};
use dealbench::report::atomic::Staged;
use dealbench::run::profile::{Profile, sample_deals};
use dealbench::run::stats::file::{self as stats_file, Ended, RunId, Shard, StatsFile};
use dealbench::run::stats::{LeadContract, Stats};
use dealbench::run::switches::Switches;
use dealbench::run::{self, Event, RunOptions, Summary};
use dealbench::script::CompileOptions;
use dealbench::script::diag::Diagnostic;
use std::io::Write;
use std::path::PathBuf;
use std::sync::Arc;

/// dealer's switches (toggles count: giving one twice cancels it) and dealbench's own.
#[derive(Args, Debug)]
#[command(group(clap::ArgGroup::new("boards_out").args(["set_file", "handout"]).multiple(true)))]
pub struct RunArgs {
    /// Script file (standard input when omitted).
    pub file: Option<PathBuf>,
    /// Deals to produce (overrides `produce`).
    #[arg(short = 'p', value_name = "N")]
    pub produce: Option<u64>,
    /// Deals to generate (overrides `generate`).
    #[arg(short = 'g', value_name = "N")]
    pub generate: Option<u64>,
    /// Random seed (overrides `seed`; dealer.exe's stream takes it mod 2^32), default the clock.
    #[arg(short = 's', value_name = "SEED", allow_hyphen_values = true)]
    pub seed: Option<i64>,
    /// Toggle the statistics lines at the end (on by default).
    #[arg(short = 'v', action = clap::ArgAction::Count)]
    pub verbose: u8,
    /// Toggle quiet PBN (suppresses printpbn).
    #[arg(short = 'q', action = clap::ArgAction::Count)]
    pub quiet: u8,
    /// Toggle dealer's progress meter on standard error (percent of `produce`).
    #[arg(short = 'm', action = clap::ArgAction::Count)]
    pub meter: u8,
    /// Accepted and ignored, as in dealer.
    #[arg(short = 'u', action = clap::ArgAction::Count)]
    pub uppercase: u8,
    /// Predeal North's hand, e.g. `S8743,HA9,D642,CQT64` (replaces the script's).
    #[arg(short = 'N', value_name = "HOLDINGS")]
    pub north: Option<String>,
    /// Predeal East's hand.
    #[arg(short = 'E', value_name = "HOLDINGS")]
    pub east: Option<String>,
    /// Predeal South's hand.
    #[arg(short = 'S', value_name = "HOLDINGS")]
    pub south: Option<String>,
    /// Predeal West's hand.
    #[arg(short = 'W', value_name = "HOLDINGS")]
    pub west: Option<String>,
    /// Text for the script parameter `$0` (DealerV2_4's `-0`).
    #[arg(short = '0', value_name = "TEXT", allow_hyphen_values = true)]
    pub p0: Option<String>,
    /// Text for the script parameter `$1` (DealerV2_4's `-1`).
    #[arg(short = '1', value_name = "TEXT", allow_hyphen_values = true)]
    pub p1: Option<String>,
    /// Text for the script parameter `$2` (DealerV2_4's `-2`).
    #[arg(short = '2', value_name = "TEXT", allow_hyphen_values = true)]
    pub p2: Option<String>,
    /// Text for the script parameter `$3` (DealerV2_4's `-3`).
    #[arg(short = '3', value_name = "TEXT", allow_hyphen_values = true)]
    pub p3: Option<String>,
    /// Text for the script parameter `$4` (DealerV2_4's `-4`).
    #[arg(short = '4', value_name = "TEXT", allow_hyphen_values = true)]
    pub p4: Option<String>,
    /// Text for the script parameter `$5` (DealerV2_4's `-5`).
    #[arg(short = '5', value_name = "TEXT", allow_hyphen_values = true)]
    pub p5: Option<String>,
    /// Text for the script parameter `$6` (DealerV2_4's `-6`).
    #[arg(short = '6', value_name = "TEXT", allow_hyphen_values = true)]
    pub p6: Option<String>,
    /// Text for the script parameter `$7` (DealerV2_4's `-7`).
    #[arg(short = '7', value_name = "TEXT", allow_hyphen_values = true)]
    pub p7: Option<String>,
    /// Text for the script parameter `$8` (DealerV2_4's `-8`).
    #[arg(short = '8', value_name = "TEXT", allow_hyphen_values = true)]
    pub p8: Option<String>,
    /// Text for the script parameter `$9` (DealerV2_4's `-9`).
    #[arg(short = '9', value_name = "TEXT", allow_hyphen_values = true)]
    pub p9: Option<String>,
    /// Script parameter `$NAME` (repeatable): `--param NAME=VALUE`.
    #[arg(long = "param", value_name = "NAME=VALUE")]
    pub params: Vec<String>,
    /// Shift the `rnd` stream.
    #[arg(long, default_value_t = 0)]
    pub rnd_seed: u64,
    /// Vulnerability for `par`: none, ns, ew or all.
    #[arg(long, value_name = "VUL")]
    pub vulnerable: Option<String>,
    /// Evaluate the deals of this file (PBN, dealer oneline or BBO LIN) instead of dealing.
    #[arg(long, value_name = "FILE")]
    pub deals: Option<PathBuf>,
    /// With --deals: a record that is not a deal stops the run (default: reported and skipped).
    #[arg(long)]
    pub strict: bool,
    /// DealerV2_4's csvrpt file: `[w:]FILE` appends to FILE (`w:` truncates it first).
    #[arg(short = 'C', value_name = "[w:]FILE")]
    pub csv: Option<String>,
    /// DealerV2_4's export file: `[w:]FILE`, as `-C`.
    #[arg(short = 'X', value_name = "[w:]FILE")]
    pub export: Option<String>,
    /// The run's title (wins over the script's `title`), for PBN's `[Event]`.
    #[arg(short = 'T', value_name = "TITLE")]
    pub title: Option<String>,
    /// DealerV2_4's swapping: 2 deals each shuffle again with East and West exchanged, 3 six
    /// times with East, South and West permuted (0: once).
    #[arg(short = 'x', value_name = "0|2|3", value_parser = swapping)]
    pub swap: Option<Swapping>,
    /// Threads that deal and test the condition (default and most: one per core).
    #[arg(short = 'R', long = "threads", value_name = "N")]
    pub threads: Option<usize>,
    /// Transposition-table budget of each thread's double-dummy solver, in MiB.
    #[arg(long = "dd-memory", value_name = "MIB", default_value_t = dealbench::dd::DEFAULT_MIB as u64, value_parser = clap::value_parser!(u64).range(1..=65536))]
    pub dd_memory: u64,
    /// The deal generator: `dealer` (dealer.exe's deals for the seed) or `fast`.
    #[arg(long, value_name = "dealer|fast", default_value = "dealer")]
    pub stream: String,
    /// Deal only the K-th of N interleaved slices of the fast stream (0 <= K < N); `auto/N`
    /// takes K from SLURM_ARRAY_TASK_ID or JOB_COMPLETION_INDEX (array jobs).
    #[arg(long, value_name = "K/N")]
    pub shard: Option<String>,
    /// Write the run's statistics (counts, sums, tables) as JSON, for `dealbench merge`.
    #[arg(long, value_name = "FILE")]
    pub stats_json: Option<PathBuf>,
    /// Write CRLF line ends, as dealer.exe does.
    #[arg(long)]
    pub crlf: bool,
    /// After the run's output, print the condition's profile: each term's pass rate alone
    /// and in short-circuit order, with the deals each figure rests on.
    #[arg(long)]
    pub profile: bool,
    // Double-dummy studies (`--dd-summary`, `--compare`): their own struct, in study_args.rs.
    #[command(flatten)]
    pub studies: super::study_args::StudyArgs,
    /// After the run's output, every opening lead against a contract (`3N:S`: level, strain
    /// C/D/H/S/N, declarer; the leader is declarer's left-hand opponent): per lead the deals,
    /// declarer's mean tricks, the share set and the tricks lost against the best lead.
    #[arg(long, value_name = "CONTRACT:DECLARER", value_parser = LeadContract::parse)]
    pub leads: Option<LeadContract>,
    // Sets for play (`--export`, `--rotate`): their own struct, in set_args.rs.
    #[command(flatten)]
    pub set: SetArgs,
    // `--handout`, `--student`, `--paper`: their own struct, in run_handout.rs.
    #[command(flatten)]
    pub sheet: super::run_handout::RunSheetArgs,
    // `-t` / `--timeout`: its own struct, in timeout.rs.
    #[command(flatten)]
    pub limits: TimeoutArgs,
    // Hand types (`--level`, `--interleave`, `--write-leveled`): their own struct, in hand_type_args.rs.
    #[command(flatten)]
    pub hand_types: super::hand_type_args::HandTypeArgs,
}

/// Runs a script; returns the exit code.
pub fn run(args: RunArgs) -> i32 {
    match execute(&args) {
        Ok(code) => code,
        Err(msg) => {
            say!("dealbench: {msg}");
            255
        }
    }
}

fn execute(args: &RunArgs) -> Result<i32, CliError> {
    super::outputs::check(args)?;
    if let Some(out) = &args.hand_types.write_leveled {
        return super::write_leveled::write(args, out);
    }
    let (source, name) = read_script(args.file.as_ref())?;
    let program = match compile(&source, &name, &compile_options(args)?) {
        Ok(p) => p,
        Err(diags) => {
            diags.iter().for_each(|d| say_text(&d.render()));
            return Ok(255);
        }
    };
    for w in &program.script.warnings {
        say_text(&w.render());
    }
    for p in dealbench::script::params::unused_given(&source, &compile_options(args)?.params) {
        say!("dealbench: warning: script parameter `${p}` is given and the script never mentions it");
    }
    let mut options = options(args, &name)?;
    options.profile = args.profile;
    args.studies.apply(&mut options)?;
    if let Some(contract) = args.leads {
        options.studies.push(run::stats::Stat::Leads(contract.stat()));
    }
    args.hand_types.apply(&mut options, &program)?;
    let timeout = args.limits.timeout;
    // A levelled run is identified by the stock script it levels, not its levelled copy.
    let stock = program.source.clone();
    let program = match super::hand_type_args::levelled(
        &args.hand_types,
        &program,
        &compile_options(args)?,
        &mut options,
        timeout,
    )? {
        Ok(levelled) => levelled.unwrap_or(program),
        Err(code) => return Ok(code),
    };
    if let Err(clash) = run::predeal::check(&program.script, &options.predeal_override) {
        match clash.span() {
            Some(span) => say_text(&Diagnostic::error(&name, &program.source, span, clash.message()).render()),
            None => say!("dealbench: {}", clash.message()),
        }
        return Ok(255);
    }
    let deadline = Deadline::start(args.limits.timeout, Some(Interrupt::catch()));
    let deal_file = match open_deals(args, &program, &mut options, &deadline)? {
        Ok(file) => file,
        Err(code) => return Ok(code),
    };
    let outputs = Outputs::stage(args, &mut options)?;
    let meter = (args.meter % 2 == 1).then(|| run::deal_limits(&program, &options).1);
    let mut id = args.stats_json.as_ref().map(|_| run_id(args, &program, &options));
    if let Some(id) = &mut id {
        id.script = stats_file::script_hash(&stock);
    }
    let (k, n) = options.shard.unwrap_or((0, 1));
    let (set, set_out) = args.set.open(&program, &options)?.unzip();
    let handout = args.sheet.open(&program, &options, args.set.rotate);
    let mut extras = Extras { set, set_error: None, deadline, handout };
    options.matched_events = extras.set.is_some() || extras.handout.is_some();
    let (code, last) = drive(Arc::new(program), options, args.crlf, meter, &mut extras)?;
    if let Some(file) = deal_file {
        // The deals are known once read: the identity names what the run was fed.
        if let Some(id) = &mut id {
            id.switches.push(format!("--deals {}", file.digest()));
        }
        file.finish()?;
    }
    let (code, commit) = extras.finish(args, code, last.as_ref().map(|l| &l.1));
    if !commit {
        return Ok(code); // a failed run: the old files stay as they were
    }
    let stats = id.zip(last).map(|(id, (stats, summary))| StatsFile {
        version: stats_file::VERSION,
        run: RunId { seed: summary.seed, ..id },
        shard: Shard { k, n },
        seconds: summary.elapsed.as_secs_f64(),
        ended: Ended::of(&summary, extras.deadline.fired, id.generate, id.produce),
        stats,
    });
    keep(args, outputs, set_out, stats)?;
    extras.handout.take().map_or(Ok(()), |h| h.write())?;
    Ok(code)
}

/// Writes the statistics file and renames every output of a run that did not fail into place.
fn keep(args: &RunArgs, mut outputs: Outputs, set: Option<Staged>, stats: Option<StatsFile>) -> Result<(), CliError> {
    if let Some(file) = stats {
        let text = serde_json::to_string_pretty(&file).map_err(|e| e.to_string())?;
        outputs.write_stats(&text)?;
    }
    if let Some(staged) = set {
        staged.commit().map_err(|e| format!("--export {}: {}", staged_name(args), describe(&e)))?;
    }
    outputs.commit()
}

fn staged_name(args: &RunArgs) -> String {
    args.set.set_file.as_ref().map(|p| p.display().to_string()).unwrap_or_default()
}

/// `--deals`: the file opened and fed to the run (`Ok(Err(code))`: the run is over before it
/// started, its time spent reading the file).
fn open_deals(
    args: &RunArgs,
    program: &Program,
    options: &mut RunOptions,
    deadline: &Deadline,
) -> Result<Result<Option<DealFile>, i32>, CliError> {
    let Some(path) = &args.deals else { return Ok(Ok(None)) };
    if !program.script.predeal.is_empty() || program.script.bias_span.is_some() {
        say!("dealbench: warning: the script's predeal is ignored: --deals gives every hand");
    }
    match DealFile::feed_run(path, args.strict, program, options, deadline.at()) {
        Ok(file) => Ok(Ok(Some(file))),
        Err(Refused::Error(e)) => Err(e),
        Err(Refused::Timeout(read)) => {
            let secs = args.limits.timeout.unwrap_or_default().as_secs_f64();
            say!(
                "dealbench: timeout after {secs} seconds while reading {} ({read} deals read): none evaluated",
                path.display()
            );
            Ok(Err(TIMED_OUT))
        }
    }
}

/// What identifies the run in its `--stats-json` file (the seed is filled in when it is known).
fn run_id(args: &RunArgs, program: &Program, options: &RunOptions) -> RunId {
    let mut switches: Vec<String> = options
        .predeal_override
        .iter()
        .map(|(seat, cards)| {
            let hand = Hand(cards.iter().fold(0, |a, c| a | c.bit()));
            format!("-{} {}", seat.letter(), hand.dotted())
        })
        .collect();
    if options.rnd_seed != 0 {
        switches.push(format!("--rnd-seed {}", options.rnd_seed));
    }
    if let Some(v) = options.vulnerable {
        switches.push(format!("--vulnerable {}", v.word()));
    }
    switches.extend(options.level.as_ref().map(|l| format!("--level {l}")));
    switches.extend(options.interleave.then(|| "--interleave".to_string()));
    switches.extend(args.studies.switches());
    switches.extend(args.leads.map(|c| format!("--leads {c}")));
    let (generate, produce) = run::deal_limits(program, options);
    RunId {
        dealbench: env!("CARGO_PKG_VERSION").to_string(),
        script: stats_file::script_hash(&program.source),
        switches,
        seed: 0,
        stream: if args.deals.is_some() { "deals".into() } else { args.stream.clone() },
        generate,
        produce,
    }
}

pub(super) fn compile_options(args: &RunArgs) -> Result<CompileOptions, CliError> {
    let digits = [&args.p0, &args.p1, &args.p2, &args.p3, &args.p4, &args.p5, &args.p6, &args.p7, &args.p8, &args.p9];
    let mut params: Vec<(String, String)> =
        digits.iter().enumerate().filter_map(|(d, v)| v.as_ref().map(|v| (d.to_string(), v.clone()))).collect();
    for p in &args.params {
        let (k, v) = p.split_once('=').ok_or_else(|| format!("--param {p}: expected NAME=VALUE"))?;
        let name = k.strip_prefix('$').unwrap_or(k);
        if name.is_empty() {
            return Err(format!("--param {p}: no name before `=`: expected NAME=VALUE").into());
        }
        if !dealbench::script::params::is_name(name) {
            return Err(format!(
                "--param {p}: `{name}` is not a parameter name: one digit, or letters, digits and `_` \
                 not starting with a digit"
            )
            .into());
        }
        params.push((name.to_string(), v.to_string()));
    }
    Ok(CompileOptions { params, ..CompileOptions::default() })
}

pub(super) fn read_script(file: Option<&PathBuf>) -> Result<(String, String), CliError> {
    match file {
        Some(p) => {
            let bytes = read_file(p, SCRIPT_CAP, "script")?;
            Ok((String::from_utf8_lossy(&bytes).into_owned(), p.display().to_string()))
        }
        None => {
            let bytes = read_capped(std::io::stdin().lock(), SCRIPT_CAP, "script")
                .map_err(|e| format!("standard input: {e}"))?;
            Ok((String::from_utf8_lossy(&bytes).into_owned(), "(null)".into()))
        }
    }
}

/// The switches as the engine's resolver takes them.
fn switches(args: &RunArgs) -> Switches {
    Switches {
        seed: args.seed,
        produce: args.produce,
        generate: args.generate,
        stats_toggles: args.verbose,
        quiet_toggles: args.quiet,
        predeal: [args.north.clone(), args.east.clone(), args.south.clone(), args.west.clone()],
        rnd_seed: args.rnd_seed,
        vulnerable: args.vulnerable.clone(),
        csv: args.csv.clone(),
        export: args.export.clone(),
        title: args.title.clone(),
        threads: args.threads,
        dd_memory_mib: Some(args.dd_memory as usize),
        stream: Some(args.stream.clone()),
        shard: args.shard.clone(),
        deals_file: args.deals.is_some(),
        matched_events: false,
    }
}

/// The run's options from the switches; the resolver's notes go to standard error.
pub(super) fn options(args: &RunArgs, name: &str) -> Result<RunOptions, CliError> {
    let resolved = switches(args).resolve(name)?;
    for note in &resolved.notes {
        say!("dealbench: {note}");
    }
    let o = RunOptions { swap: args.swap.unwrap_or_default(), ..resolved.options };
    match o.swap.switch_refusal(o.predeal_override.iter().map(|(s, _)| *s)) {
        Some(e) => Err(e.into()),
        None => Ok(o),
    }
}

/// `-x`'s value: 0, 2 or 3.
fn swapping(text: &str) -> Result<Swapping, String> {
    let n = text.parse::<u8>().ok().and_then(Swapping::from_number);
    n.ok_or_else(|| format!("`{text}` is not a swapping: expected 0, 2 or 3"))
}

/// What a run does besides printing: the set it writes, its handout and its timeout.
struct Extras {
    set: Option<SetFile>,
    set_error: Option<String>,
    deadline: Deadline,
    handout: Option<super::run_handout::RunHandout>,
}

impl Extras {
    /// Writes a produced deal to the set; on an error the run is stopped.
    fn deal(&mut self, number: u64, deal: Deal, handle: &run::RunHandle) {
        let Some(set) = &mut self.set else { return };
        if self.set_error.is_none()
            && let Err(e) = set.push(number, deal)
        {
            self.set_error = Some(e.to_string());
            handle.cancel();
        }
    }

    /// Closes the set and reports a timeout or a signal; returns the run's exit code, and
    /// whether its files are to be renamed into place (not after a failure).
    fn finish(&mut self, args: &RunArgs, code: i32, summary: Option<&Summary>) -> (i32, bool) {
        if let Some(set) = self.set.take()
            && let Err(e) = set.finish()
        {
            self.set_error.get_or_insert(describe(&e));
        }
        if let Some(e) = &self.set_error {
            say!("dealbench: --export {}: {e}", staged_name(args));
            return (1, false);
        }
        if code != 0 {
            return (code, false);
        }
        let counts =
            summary.map_or(String::new(), |s| format!(" ({} generated, {} produced)", s.generated, s.produced));
        if let Some(status) = self.deadline.interrupted {
            say!("dealbench: interrupted{counts}: the output files hold what was completed");
            return (status, true);
        }
        if self.deadline.fired && summary.is_none_or(|s| s.cancelled) {
            let secs = args.limits.timeout.unwrap_or_default().as_secs_f64();
            say!("dealbench: timeout after {secs} seconds{counts}");
            return (TIMED_OUT, true);
        }
        (code, true)
    }
}

/// Standard output as `drive` writes it.
type Out<'a> = Checked<std::io::BufWriter<std::io::StdoutLock<'a>>>;

/// Prints the run's output, and the progress meter when `meter` holds the produce limit;
/// returns the exit code and the final statistics. A write error on standard output cancels
/// the run; it is an error unless the reader closed the pipe (then the run ends quietly).
fn drive(
    program: Arc<Program>,
    options: RunOptions,
    crlf: bool,
    meter: Option<u64>,
    extras: &mut Extras,
) -> Result<(i32, Option<(Stats, Summary)>), CliError> {
    let mut meter = meter.map(|produce| Meter::start(Stderr, produce));
    let (generate_limit, produce_limit) = run::deal_limits(&program, &options);
    let produce_limit = produce_for_notes(&program, &options, produce_limit);
    let (sample_program, sample_options) = (program.clone(), options.clone());
    let handle = run::start(program, options);
    let mut profile: Option<Profile> = None;
    let mut out: Out = Checked::new(std::io::BufWriter::with_capacity(1 << 16, std::io::stdout().lock()));
    let (mut code, mut stats, mut last) = (0, None, None);
    let write = |out: &mut Out, s: &str| {
        if !out.failed() {
            let _ = if crlf { out.write_all(s.replace('\n', "\r\n").as_bytes()) } else { out.write_all(s.as_bytes()) };
        }
    };
    while let Some(ev) = extras.deadline.next(&handle) {
        match ev {
            Event::Matched(deals) => {
                for m in deals {
                    extras.deal(m.number, m.deal, &handle);
                    if let Some(h) = &mut extras.handout {
                        h.push(&m);
                    }
                    write(&mut out, &m.printed);
                }
            }
            Event::Output(s) => write(&mut out, &s),
            Event::Failed(d) => {
                let _ = out.flush();
                say_text(&d.render());
                code = 1;
            }
            Event::Finished(summary) => {
                // Deals that matched the condition, before levelling kept some and
                // --interleave held some back: a term is blamed only when these fell short.
                let matched = stats.as_ref().and_then(Stats::hand_types).map_or(summary.produced, |h| h.natural_total);
                if let Some(p) = profile.take() {
                    write(&mut out, &p.table());
                    let _ = out.flush();
                    if let Some(note) = p.closing_note(matched, produce_limit, summary.generated, generate_limit) {
                        say!("dealbench: {note}");
                    }
                } else if let Some(note) =
                    sampled_note(&sample_program, &sample_options, matched, &summary, produce_limit, generate_limit)
                {
                    say!("dealbench: {note}");
                }
                if let Some(m) = meter.take() {
                    m.finish(summary.produced);
                }
                last = stats.take().map(|s| (s, summary));
                break;
            }
            Event::Stats(s) => stats = Some(*s),
            Event::Profile(p) => profile = Some(*p),
            Event::Progress { produced, .. } => {
                if let Some(m) = &mut meter {
                    m.advance(produced);
                }
            }
        }
        if out.failed() || stderr_failed() {
            handle.cancel(); // the events still come until the run has stopped
        }
    }
    out.finish()?;
    if stderr_failed() {
        code = code.max(1);
    }
    Ok((code, last))
}

/// The produce count the closing notes hold a run to: none when the run was given none and
/// prints nothing (it then produces what it generates, and a condition true on one deal in
/// seven is no fault of the script's).
fn produce_for_notes(program: &Program, options: &RunOptions, produce: u64) -> u64 {
    let asked = options.produce.or(program.script.produce).is_some_and(|p| p > 0);
    let prints = program.actions.iter().any(|a| a.prints());
    if asked || prints { produce } else { 0 }
}

/// The closing note of a run that matched nothing or stopped far short without `--profile`:
/// the term that never or rarely held, from the profile of a sample of fresh deals.
fn sampled_note(
    program: &Program,
    options: &RunOptions,
    matched: u64,
    s: &Summary,
    produce: u64,
    generate: u64,
) -> Option<String> {
    let short = matched == 0 || (s.generated >= generate && matched * 2 < produce);
    if !short {
        return None;
    }
    let n = sample_deals(s.generated);
    let p = dealbench::run::profile::sampled(program, options, s.seed, n)?;
    let note = p.closing_note(matched, produce, s.generated, generate)?;
    Some(format!("{note}; measured on {n} fresh deals (--profile measures the run's own)"))
}
