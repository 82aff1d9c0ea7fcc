//! `dealbench completions SHELL`: a shell completion script generated from the clap
//! definitions (clap_complete), on standard output.

use clap::{Args, CommandFactory};
use clap_complete::Shell;

/// Which shell to complete for.
#[derive(Args, Debug)]
pub struct CompletionsArgs {
    /// The shell: bash, zsh, fish, elvish or powershell.
    #[arg(value_name = "SHELL")]
    pub shell: Shell,
}

/// Prints the completion script; returns the exit code.
pub fn run(args: CompletionsArgs) -> i32 {
    let mut cmd = super::Cli::command();
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut cmd, "dealbench", &mut script);
    super::console::print_all(&script)
}
