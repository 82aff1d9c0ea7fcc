//! `dealbench session`: several scripts, each for its quota of boards, written as one numbered
//! set for a class (report::session orders and numbers the boards, session_write writes them).

use super::console::{say, say_text};
use super::error::CliError;
use clap::{Args, ValueEnum};
use dealbench::eval::{Program, compile};
use dealbench::report::atomic;
use dealbench::report::paths::{RunFile, clash};
use dealbench::report::session::{self, Drawn, Order, Scenario};
use dealbench::report::session_write::{self, DdTags};
use dealbench::report::set::SetFormat;
use dealbench::run::level::Level;
use dealbench::run::switches::Switches;
use dealbench::run::{self, Event};
use dealbench::script::CompileOptions;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The switches of `dealbench session`.
#[derive(Args, Debug)]
pub struct SessionArgs {
    /// Scripts and their quotas of boards: `FILE:N`, or `FILE:N:LEVEL` to level the script's
    /// hand types (`even`, `shares`, or weights such as `2,1,1`).
    #[arg(required = true, value_name = "FILE:N[:LEVEL]")]
    pub scripts: Vec<String>,
    /// The set to write: FILE.lin (BBO LIN) or FILE.pbn (PBN).
    #[arg(long = "export", value_name = "FILE", required_unless_present = "handout")]
    pub export: Option<PathBuf>,
    /// How the scripts' boards follow one another (shuffled: from the seed).
    #[arg(long, value_enum, default_value_t = OrderArg::Grouped)]
    pub order: OrderArg,
    /// Every board takes its number's dealer and vulnerability, its deal turned so that its
    /// script's dealer sits in that seat.
    #[arg(long)]
    pub rotate: bool,
    /// The session's seed: the K-th script (from 0) deals with seed N+K, as `run -s N+K` would
    /// (default: the clock, printed on standard error).
    #[arg(long, value_name = "N", allow_hyphen_values = true)]
    pub seed: Option<i64>,
    /// The first board's number.
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..))]
    pub start: u64,
    /// Threads that deal (the set is the same for any number).
    #[arg(short = 'R', long = "threads", value_name = "N")]
    pub threads: Option<usize>,
    /// Add each board's double-dummy results and par (PBN's DoubleDummyTricks, OptimumScore
    /// and ParContract tags).
    #[arg(long)]
    pub dd: bool,
    /// Also print the set as a PDF handout (see `dealbench handout`).
    #[arg(long, value_name = "FILE.pdf")]
    pub handout: Option<PathBuf>,
    // How the handout looks (`--student`, `--paper`, `--title`): shared with `handout`.
    #[command(flatten)]
    pub sheet: super::handout_cmd::SheetArgs,
}

/// `--order`'s values.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum OrderArg {
    /// Each script's boards together, in the order given.
    Grouped,
    /// One board of each script in turn.
    Interleaved,
    /// All boards in an order drawn from the seed.
    Shuffled,
}

/// One `FILE:N[:LEVEL]` argument.
#[derive(Debug, PartialEq)]
struct Spec {
    path: PathBuf,
    quota: u64,
    level: Option<Level>,
}

/// Reads `FILE:N` or `FILE:N:LEVEL` (the file's own name may hold colons).
fn parse_spec(arg: &str) -> Result<Spec, CliError> {
    let bad = || CliError(format!("{arg}: expected FILE:N or FILE:N:LEVEL (N boards from FILE, N at least 1)"));
    let mut parts = arg.rsplitn(3, ':');
    let last = parts.next().ok_or_else(bad)?;
    let (quota, level, path) = match last.parse::<u64>() {
        Ok(n) => (n, None, arg[..arg.len() - last.len()].trim_end_matches(':').to_string()),
        Err(_) => {
            let n = parts.next().and_then(|m| m.parse::<u64>().ok()).ok_or_else(bad)?;
            let level = last.parse::<Level>().map_err(|e| CliError(format!("{arg}: {}", e.0)))?;
            (n, Some(level), parts.next().ok_or_else(bad)?.to_string())
        }
    };
    if quota == 0 || path.is_empty() {
        return Err(bad());
    }
    Ok(Spec { path: PathBuf::from(path), quota, level })
}

/// Runs a session; returns the exit code.
pub fn run(args: SessionArgs) -> i32 {
    match execute(&args) {
        Ok(code) => code,
        Err(e) => {
            say!("dealbench: {e}");
            1
        }
    }
}

fn execute(args: &SessionArgs) -> Result<i32, CliError> {
    let specs: Vec<Spec> = args.scripts.iter().map(|a| parse_spec(a)).collect::<Result<_, _>>()?;
    let inputs: Vec<PathBuf> = specs.iter().map(|s| s.path.clone()).collect();
    let format = args.export.as_deref().map(SetFormat::from_path).transpose().map_err(|e| CliError(e.0))?;
    if let Some(pdf) = &args.handout {
        super::handout_cmd::check_pdf(pdf, &inputs)?;
    }
    let ins: Vec<RunFile> = inputs.iter().map(|p| RunFile { role: "the script", path: p }).collect();
    let outs: Vec<RunFile> = [("--export", &args.export), ("--handout", &args.handout)]
        .into_iter()
        .filter_map(|(role, p)| p.as_deref().map(|path| RunFile { role, path }))
        .collect();
    if let Some(message) = clash(&ins, &outs) {
        return Err(message.into());
    }
    let mut programs = Vec::new();
    for spec in &specs {
        match load(&spec.path)? {
            Some(p) => programs.push(Arc::new(p)),
            None => return Ok(255),
        }
    }
    let seed = args.seed.unwrap_or_else(clock_seed);
    if args.seed.is_none() {
        say!("dealbench: session seed {seed} (--seed {seed} makes the same set)");
    }
    let mut per = Vec::new();
    for (i, (spec, program)) in specs.iter().zip(&programs).enumerate() {
        per.push(deal_quota(args, spec, program, i, session::script_seed(seed, i))?);
    }
    let scenarios: Vec<Scenario> = specs.iter().zip(&programs).map(|(s, p)| scenario(&s.path, p)).collect();
    let order = match args.order {
        OrderArg::Grouped => Order::Grouped,
        OrderArg::Interleaved => Order::Interleaved,
        OrderArg::Shuffled => Order::Shuffled,
    };
    let boards = session::number(&scenarios, &session::arrange(per, order, seed), args.start, args.rotate);
    let dd_wanted = args.dd && (format == Some(SetFormat::Pbn) || args.handout.is_some());
    if args.dd && !dd_wanted {
        say!("dealbench: --dd: a LIN set has no place for double-dummy results; none solved");
    }
    let dd = if dd_wanted { dd_tags(&boards, threads(args))? } else { Vec::new() };
    if let (Some(path), Some(format)) = (&args.export, format) {
        let text = session_write::write(format, &scenarios, &boards, &dd);
        atomic::write(path, text.as_bytes()).map_err(|e| format!("{}: {e}", path.display()))?;
        say!("dealbench: {}: {} boards from {} scripts", path.display(), boards.len(), specs.len());
    }
    if let Some(pdf) = &args.handout {
        let text = session_write::write(SetFormat::Pbn, &scenarios, &boards, &dd);
        args.sheet.write(&text, "the session", pdf)?;
        say!("dealbench: {}: the handout of {} boards", pdf.display(), boards.len());
    }
    Ok(0)
}

/// The script compiled, its warnings printed; `None` after printing its errors.
fn load(path: &Path) -> Result<Option<Program>, CliError> {
    let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let source = String::from_utf8_lossy(&bytes).into_owned();
    let name = path.display().to_string();
    match compile(&source, &name, &CompileOptions::default()) {
        Ok(p) => {
            for w in &p.script.warnings {
                say_text(&w.render());
            }
            Ok(Some(p))
        }
        Err(diags) => {
            for d in diags {
                say_text(&d.render());
            }
            Ok(None)
        }
    }
}

/// The script's scenario, titled by its file's stem when it has no `title`.
fn scenario(path: &Path, program: &Program) -> Scenario {
    let stem = path.file_stem().map(|f| f.to_string_lossy().into_owned()).unwrap_or_default();
    Scenario::of(&program.script, &program.source, &stem)
}

/// Runs the `index`-th script for its quota; an error when it stops short.
fn deal_quota(
    args: &SessionArgs,
    spec: &Spec,
    program: &Arc<Program>,
    index: usize,
    seed: i64,
) -> Result<Vec<Drawn>, CliError> {
    let name = spec.path.display().to_string();
    let switches = Switches {
        seed: Some(seed),
        produce: Some(spec.quota),
        threads: args.threads,
        stream: Some("dealer".into()),
        ..Switches::default()
    };
    let resolved = switches.resolve(&name)?;
    if index == 0 {
        for note in &resolved.notes {
            say!("dealbench: {note}");
        }
    }
    let mut options = resolved.options;
    options.level = spec.level.clone();
    options.matched_events = true;
    // A levelled script deals its levelled copy, made by the engine's one machinery.
    let compile = dealbench::script::CompileOptions::default();
    let h = super::hand_type_args::HandTypeArgs::default();
    let program = match super::hand_type_args::levelled(&h, program, &compile, &mut options, None)? {
        Ok(levelled) => levelled.map_or_else(|| program.clone(), Arc::new),
        Err(_) => return Err(format!("{name}: cannot be levelled; nothing written").into()),
    };
    let handle = run::start(program, options);
    let mut drawn = Vec::new();
    while let Ok(event) = handle.events().recv() {
        match event {
            Event::Matched(deals) => {
                drawn.extend(deals.iter().map(|m| Drawn { scenario: index, deal: m.deal, hand_types: m.hand_types }))
            }
            Event::Failed(d) => {
                say_text(&d.render());
                return Err(format!("{name}: the script stopped on an error; nothing written").into());
            }
            Event::Finished(s) if (drawn.len() as u64) < spec.quota => {
                return Err(format!(
                    "{name}: found {} of its {} boards in {} deals (its generate limit); nothing written",
                    drawn.len(),
                    spec.quota,
                    s.generated
                )
                .into());
            }
            Event::Finished(_) => return Ok(drawn),
            _ => {}
        }
    }
    Err(format!("{name}: the run ended without finishing; nothing written").into())
}

/// The double-dummy results of every board, solved on `threads` threads.
fn dd_tags(boards: &[session::SessionBoard], threads: usize) -> Result<Vec<DdTags>, CliError> {
    let deals: Vec<_> = boards.iter().map(|b| b.board.deal).collect();
    let tables = dealbench::dd::solve_tables_parallel(&deals, threads);
    boards
        .iter()
        .zip(tables)
        .map(|(b, t)| {
            let table = t.map_err(|e| format!("board {}: {e}", b.board.number))?;
            Ok(DdTags { table, par: dealbench::dd::par(&table, b.board.vulnerable) })
        })
        .collect()
}

/// The threads the session deals and solves on.
fn threads(args: &SessionArgs) -> usize {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    args.threads.unwrap_or(cores).clamp(1, cores)
}

/// Seconds since 1970, the default seed as `run` takes it.
fn clock_seed() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs() as i64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs_read_file_quota_and_level() {
        let s = parse_spec("a/b.dlr:8").unwrap();
        assert_eq!((s.path, s.quota, s.level), (PathBuf::from("a/b.dlr"), 8, None));
        let s = parse_spec("c:d.dlr:3:even").unwrap();
        assert_eq!((s.path, s.quota, s.level), (PathBuf::from("c:d.dlr"), 3, Some(Level::Even)));
        assert_eq!(parse_spec("x.dlr:2:2,1").unwrap().level, Some(Level::Weights(vec![2, 1])));
        for bad in ["x.dlr", "x.dlr:0", ":4", "x.dlr:a:even"] {
            assert!(parse_spec(bad).unwrap_err().0.contains("expected FILE:N"), "{bad}");
        }
        assert!(parse_spec("x.dlr:4:odd").unwrap_err().0.contains("--level odd"));
    }
}
