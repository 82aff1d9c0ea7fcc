//! `--export FILE` and `--rotate`: the run's produced deals as a numbered set for play,
//! whatever the script's actions print (report::set writes it).

use super::error::CliError;
use clap::Args;
use dealbench::eval::Program;
use dealbench::report::atomic::Staged;
use dealbench::report::set::{SetFormat, SetOptions, SetWriter};
use dealbench::run::RunOptions;
use std::fs::File;
use std::io::BufWriter;
use std::path::PathBuf;

/// A set file being written.
pub type SetFile = SetWriter<BufWriter<File>>;

/// The switches of sets for play.
#[derive(Args, Debug, Default)]
pub struct SetArgs {
    /// Write the produced deals as a numbered set for play: FILE.lin (BBO LIN) or FILE.pbn (PBN).
    /// Boards count from `startboard` (else 1); dealer and vulnerability are the script's, else
    /// those of the board number.
    #[arg(long = "export", value_name = "FILE")]
    pub set_file: Option<PathBuf>,
    /// With --export or --handout: every board takes its number's dealer and vulnerability,
    /// and its deal is turned so that the script's dealer sits in that seat.
    #[arg(long, requires = "boards_out")]
    pub rotate: bool,
    /// With --export FILE.pbn: each board's 20 double-dummy results and par, as PBN 2.1's
    /// OptimumResultTable, OptimumScore and ParContract (a LIN set has no place for them).
    #[arg(long, requires = "set_file")]
    pub dd: bool,
}

impl SetArgs {
    /// The set file, staged beside its target before the run starts (so a bad name fails at
    /// once; the target is replaced when the run ends), or `None` without `--export`.
    pub fn open(&self, program: &Program, options: &RunOptions) -> Result<Option<(SetFile, Staged)>, CliError> {
        let Some(path) = &self.set_file else { return Ok(None) };
        let format = SetFormat::from_path(path).map_err(|e| CliError(e.0))?;
        let script = &program.script;
        if self.rotate && script.dealer.is_none() {
            super::console::say!("dealbench: --rotate: the script names no dealer, so no deal is turned");
        }
        let set = SetOptions {
            first_board: script.startboard.unwrap_or(1),
            dealer: script.dealer,
            vulnerable: options.vulnerable.or(script.vulnerable),
            rotate: self.rotate,
        };
        let event =
            options.title.clone().or_else(|| script.title.clone()).unwrap_or_else(|| options.input_name.clone());
        let error =
            |e: std::io::Error| CliError(format!("--export {}: {}", path.display(), super::console::describe(&e)));
        let staged = Staged::create(path).map_err(error)?;
        if self.dd && format == SetFormat::Lin {
            super::console::say!("dealbench: --dd: a LIN set has no place for double-dummy results; none solved");
        }
        let writer = SetWriter::new(BufWriter::new(staged.file().map_err(error)?), format, set, &event);
        let writer = writer.map(|w| if self.dd { w.with_dd() } else { w });
        writer.map(|w| Some((w, staged))).map_err(error)
    }
}
