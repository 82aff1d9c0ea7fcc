//! Command-line parsing and dispatch.

mod completions_cmd;
mod console;
mod deal_file;
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
mod session_cmd;
mod set_args;
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
    /// Deal several scripts, each for its quota of boards, into one numbered set for a class.
    Session(session_cmd::SessionArgs),
    /// Print a set (PBN) as a PDF handout: every hand with the double-dummy results, or one
    /// seat's bidding sheet.
    Handout(handout_cmd::HandoutCmdArgs),
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
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return clap_exit(&e),
    };
    match cli.command {
        Some(Command::Run(args)) => run_cmd::run(args),
        Some(Command::Session(args)) => session_cmd::run(args),
        Some(Command::Handout(args)) => handout_cmd::run(args),
        Some(Command::Merge(args)) => merge_cmd::run(args),
        Some(Command::Completions(args)) => completions_cmd::run(args),
        Some(Command::Man(args)) => man_cmd::run(args),
        None => open_workbench(cli),
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
