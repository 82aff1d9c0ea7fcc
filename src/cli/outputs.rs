//! The files `run` writes. Before anything is written they are checked against its inputs
//! (the script, `--deals`) and each other; each is then written to a temporary file beside
//! its target and renamed into place when the run ends, a run stopped by `-t`, Ctrl-C or
//! SIGTERM included. A run that fails leaves the old files untouched.
//!
//! `-C` and `-X` without `w:` append: their temporary file starts as a copy of the old file,
//! the run appends to the copy, and the copy replaces the file at the end.

use super::console::describe;
use super::error::CliError;
use super::run_cmd::RunArgs;
use dealbench::report::atomic::Staged;
use dealbench::report::paths::{RunFile, clash};
use dealbench::run::RunOptions;
use dealbench::run::files::split_mode;
use std::io::Write;
use std::path::PathBuf;

/// Refuses an output that is an input or another output of the run, naming both.
pub fn check(args: &RunArgs) -> Result<(), CliError> {
    let mut inputs = Vec::new();
    if let Some(p) = &args.file {
        inputs.push(RunFile { role: "the script", path: p });
    }
    if let Some(p) = &args.deals {
        inputs.push(RunFile { role: "the --deals file", path: p });
    }
    let (csv, export) = (args.csv.as_deref().map(split_mode), args.export.as_deref().map(split_mode));
    let outputs: Vec<RunFile> = [
        ("--write-leveled", args.hand_types.write_leveled.as_ref()),
        ("--export", args.set.set_file.as_ref()),
        ("--handout", args.sheet.handout.as_ref()),
        ("--stats-json", args.stats_json.as_ref()),
        ("-C", csv.as_ref().map(|c| &c.0)),
        ("-X", export.as_ref().map(|x| &x.0)),
    ]
    .into_iter()
    .filter_map(|(role, path)| path.map(|p| RunFile { role, path: p }))
    .collect();
    if let Some(pdf) = &args.sheet.handout {
        super::handout_cmd::check_pdf(pdf, &[])?;
    }
    clash(&inputs, &outputs).map_or(Ok(()), |e| Err(CliError(e)))
}

/// The staged `-C`, `-X` and `--stats-json` files of a run.
#[derive(Default)]
pub struct Outputs {
    files: Vec<(&'static str, Staged)>,
    stats: Option<Staged>,
}

impl Outputs {
    /// Stages the files and points the run's `-C` and `-X` at their temporary files.
    pub fn stage(args: &RunArgs, options: &mut RunOptions) -> Result<Outputs, CliError> {
        let mut outputs = Outputs::default();
        for (role, arg, slot) in
            [("-C", &args.csv, &mut options.csv_file), ("-X", &args.export, &mut options.export_file)]
        {
            let Some(arg) = arg else { continue };
            let (path, truncate) = split_mode(arg);
            let staged = if truncate { Staged::create(&path) } else { Staged::appending(&path) };
            let staged = staged.map_err(|e| CliError(format!("{role} {}: {}", path.display(), describe(&e))))?;
            *slot = Some(PathBuf::from(staged.path()));
            outputs.files.push((role, staged));
        }
        if let Some(path) = &args.stats_json {
            let staged = Staged::create(path)
                .map_err(|e| CliError(format!("--stats-json {}: {}", path.display(), describe(&e))))?;
            outputs.stats = Some(staged);
        }
        Ok(outputs)
    }

    /// Writes the statistics file's text (it is renamed into place by [`Outputs::commit`]).
    pub fn write_stats(&mut self, text: &str) -> Result<(), CliError> {
        let Some(staged) = &self.stats else { return Ok(()) };
        let path = staged.target().to_path_buf();
        staged.file().and_then(|mut f| f.write_all(text.as_bytes())).map_err(|e| stats_error(&path, &e))?;
        let staged = self.stats.take().expect("staged");
        self.files.push(("--stats-json", staged));
        Ok(())
    }

    /// Renames every written file into place (a statistics file never written is dropped).
    pub fn commit(self) -> Result<(), CliError> {
        for (role, staged) in self.files {
            let path = staged.target().display().to_string();
            staged.commit().map_err(|e| CliError(format!("{role} {path}: {}", describe(&e))))?;
        }
        Ok(())
    }
}

fn stats_error(path: &std::path::Path, e: &std::io::Error) -> CliError {
    CliError(format!("--stats-json {}: cannot write: {}", path.display(), describe(e)))
}
