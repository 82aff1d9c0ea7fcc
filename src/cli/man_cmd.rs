//! `dealbench man`: the manual page, roff generated from the clap definitions (clap_mangen):
//! the command's own page, then each subcommand's switches in a section of their own; with
//! `--dir DIR`, one page a command written there (dealbench.1, dealbench-run.1, …).

use super::error::CliError;
use clap::{Args, CommandFactory};
use std::path::PathBuf;

/// Where the page goes.
#[derive(Args, Debug)]
pub struct ManArgs {
    /// Write one page a command into DIR (e.g. ~/.local/share/man/man1) instead of one page on
    /// standard output.
    #[arg(long, value_name = "DIR")]
    pub dir: Option<PathBuf>,
}

/// Prints or writes the pages; returns the exit code.
pub fn run(args: ManArgs) -> i32 {
    let result = match &args.dir {
        Some(dir) => clap_mangen::generate_to(super::Cli::command(), dir)
            .map_err(|e| CliError(format!("{}: {}", dir.display(), super::console::describe(&e)))),
        None => {
            let mut out = Vec::new();
            match render(&mut out) {
                Ok(()) => return super::console::print_all(&out),
                Err(e) => Err(CliError(e.to_string())),
            }
        }
    };
    match result {
        Ok(()) => 0,
        Err(e) => {
            super::console::say!("dealbench: {e}");
            1
        }
    }
}

/// The one page, into `out`.
fn render(out: &mut Vec<u8>) -> std::io::Result<()> {
    let mut cmd = super::Cli::command().disable_help_subcommand(true);
    cmd.build();
    clap_mangen::Man::new(cmd.clone()).render(out)?;
    for sub in cmd.get_subcommands().filter(|s| !s.is_hide_set()) {
        if sub.get_arguments().all(|a| a.get_id() == "help") {
            continue;
        }
        let heading = format!("{} options", sub.get_name());
        let sub = sub.clone().mut_args(|a| a.help_heading(heading.clone()));
        clap_mangen::Man::new(sub).render_options_section(out)?;
    }
    Ok(())
}
