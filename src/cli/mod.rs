//! Command-line parsing and dispatch.

mod check_cmd;
mod completions_cmd;
mod console;
mod deal_file;
mod dealer3;
mod error;
mod hand_type_args;
mod handout_cmd;
mod inputs;
mod interrupt;
mod man_cmd;
mod merge_cmd;
mod meter;
mod outputs;
mod run_cmd;
mod run_handout;
mod session_cmd;
mod set_args;
mod study_args;
mod timeout;
mod write_leveled;
mod zrd_reader;

use clap::{Parser, Subcommand};
use std::path::PathBuf;

/// dealbench: a workbench and a dealer-compatible command line for dealer3 scripts.
#[derive(Parser, Debug)]
#[command(name = "dealbench", version, about, args_conflicts_with_subcommands = true)]
pub struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    /// Script to open in the workbench (a bundled example when omitted).
    script: Option<PathBuf>,
    /// Seed for the workbench's runs.
    #[arg(long)]
    seed: Option<i64>,
    /// Theme name (dark, light, 16) for the workbench.
    #[arg(long)]
    theme: Option<String>,
    /// Worker threads for the workbench's runs (at most one per core).
    #[arg(long)]
    threads: Option<usize>,
}

// Parsed once per process: the size difference between the variants costs nothing.
#[allow(clippy::large_enum_variant)]
#[derive(Subcommand, Debug)]
enum Command {
    /// Run a script in batch and print what dealer prints.
    Run(run_cmd::RunArgs),
    /// dealer3's command line: its switches, formats, `--stats-json` on standard output and
    /// levelling (`--level`, `--write-leveled`, `--round-robin`, `--interleave`).
    Dealer3(dealer3::Dealer3Args),
    /// Deal several scripts, each for its quota of boards, into one numbered set for a class.
    Session(session_cmd::SessionArgs),
    /// Print a set (PBN) as a PDF handout: every hand with the double-dummy results, or one
    /// seat's bidding sheet.
    Handout(handout_cmd::HandoutCmdArgs),
    /// List what BBO's dealer (or DealerV2_4, dealer3) refuses in scripts, with the line it names.
    Check(check_cmd::CheckArgs),
    /// Combine `--stats-json` files of shards into the figures of one run, in dealer's formats.
    Merge(merge_cmd::MergeArgs),
    /// Print a shell completion script (bash, zsh, fish, elvish, powershell) on standard output.
    Completions(completions_cmd::CompletionsArgs),
    /// Print the manual page (roff) on standard output.
    Man(man_cmd::ManArgs),
}

/// Parses the command line and runs it; returns the exit code.
pub fn main() -> i32 {
    console::exit_code(dispatch())
}

fn dispatch() -> i32 {
    if invoked_as_dealer3() {
        return dealer3_command();
    }
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return clap_exit(&e),
    };
    match cli.command {
        Some(Command::Run(args)) => run_cmd::run(args),
        Some(Command::Dealer3(args)) => dealer3::run(args),
        Some(Command::Session(args)) => session_cmd::run(args),
        Some(Command::Handout(args)) => handout_cmd::run(args),
        Some(Command::Merge(args)) => merge_cmd::run(args),
        Some(Command::Check(args)) => check_cmd::run(args),
        Some(Command::Completions(args)) => completions_cmd::run(args),
        Some(Command::Man(args)) => man_cmd::run(args),
        None => open_workbench(cli),
    }
}

/// True when the binary runs under the name `dealer3` (a link to it).
fn invoked_as_dealer3() -> bool {
    let arg0 = std::env::args_os().next().unwrap_or_default();
    let stem = std::path::Path::new(&arg0).file_stem().map(|s| s.to_string_lossy().into_owned());
    stem.as_deref() == Some("dealer3")
}

/// `dealer3 [ARGS] [SCRIPT]`: the whole command line is dealer3's.
fn dealer3_command() -> i32 {
    use clap::{Args, Command, FromArgMatches};
    let cmd = dealer3::Dealer3Args::augment_args(Command::new("dealer3").version(env!("CARGO_PKG_VERSION")));
    let parsed = cmd.try_get_matches().and_then(|m| dealer3::Dealer3Args::from_arg_matches(&m));
    match parsed {
        Ok(args) => dealer3::run(args),
        Err(e) => clap_exit(&e),
    }
}

#[cfg(feature = "workbench")]
fn open_workbench(cli: Cli) -> i32 {
    let opts = dealbench::tui::TuiOptions { theme: cli.theme, seed: cli.seed, threads: cli.threads, color: None };
    match dealbench::tui::open(cli.script, opts) {
        Ok(()) => 0,
        Err(e) => {
            console::say!("dealbench: {e}");
            1
        }
    }
}

#[cfg(not(feature = "workbench"))]
fn open_workbench(_cli: Cli) -> i32 {
    console::say!(
        "dealbench: this build has no workbench (built without the `workbench` feature); use `dealbench run`"
    );
    2
}

/// Prints clap's help, version or usage error; its exit code, or 1 when the help could not
/// be written (a closed pipe aside).
fn clap_exit(e: &clap::Error) -> i32 {
    match e.print() {
        Err(io) if !console::closed_pipe(&io) => {
            console::say!("dealbench: cannot write the help: {}", console::describe(&io));
            1
        }
        _ => e.exit_code(),
    }
}
