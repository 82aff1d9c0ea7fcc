//! `dealbench handout SET.pbn -o FILE.pdf`, and the handout switches `session` shares: a set's
//! boards as a PDF to print (report::handout draws it).

use super::console::say;
use super::error::CliError;
use clap::{Args, ValueEnum};
use dealbench::cards::Seat;
use dealbench::report::atomic;
use dealbench::report::handout::{self, Mode, Paper};
use dealbench::report::paths::{RunFile, clash};
use std::path::{Path, PathBuf};

/// `dealbench handout`'s switches.
#[derive(Args, Debug)]
pub struct HandoutCmdArgs {
    /// The set to print: a PBN file (as `session --export` or `run --export` writes it).
    pub input: PathBuf,
    /// The PDF to write.
    #[arg(short = 'o', long = "output", value_name = "FILE.pdf")]
    pub output: PathBuf,
    // The sheet's switches, shared with `session --handout`.
    #[command(flatten)]
    pub sheet: SheetArgs,
}

/// How the handout looks: for whom, on what paper, under what title.
#[derive(Args, Debug, Default)]
pub struct SheetArgs {
    /// A bidding sheet for this seat (north, east, south, west): its hand on each board, several
    /// boards to a page, with room to write the bidding.
    #[arg(long, value_name = "SEAT", value_parser = parse_seat)]
    pub student: Option<Seat>,
    /// The paper size.
    #[arg(long, value_enum, default_value_t = PaperArg::A4)]
    pub paper: PaperArg,
    /// The title at the top of every page (default: the file's stem).
    #[arg(long, value_name = "TEXT")]
    pub title: Option<String>,
}

/// `--paper`'s values.
#[derive(Clone, Copy, Debug, Default, ValueEnum)]
pub enum PaperArg {
    /// ISO A4.
    #[default]
    A4,
    /// US Letter.
    Letter,
}

pub fn parse_seat(text: &str) -> Result<Seat, String> {
    let lower = text.to_ascii_lowercase();
    Seat::ALL
        .into_iter()
        .find(|s| s.name().eq_ignore_ascii_case(&lower) || lower == s.letter().to_ascii_lowercase().to_string())
        .ok_or_else(|| format!("`{text}`: expected north, east, south or west"))
}

impl SheetArgs {
    /// Renders the boards of a PBN text (`name` for errors) and writes the PDF at `out`.
    pub fn write(&self, pbn: &str, name: &str, out: &Path) -> Result<usize, CliError> {
        let boards = handout::read::read_pbn(pbn, name).map_err(CliError)?;
        let stem = out.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
        let title = self.title.clone().unwrap_or(stem);
        let paper = match self.paper {
            PaperArg::A4 => Paper::A4,
            PaperArg::Letter => Paper::Letter,
        };
        let mode = self.student.map_or(Mode::Teacher, Mode::Student);
        let bytes = handout::render(&boards, &title, paper, mode);
        atomic::write(out, &bytes).map_err(|e| format!("{}: {e}", out.display()))?;
        Ok(boards.len())
    }
}

/// An error unless `path` names a `.pdf` file that is none of `inputs`.
pub fn check_pdf(path: &Path, inputs: &[PathBuf]) -> Result<(), CliError> {
    let ext = path.extension().and_then(|e| e.to_str()).map(str::to_ascii_lowercase);
    if ext.as_deref() != Some("pdf") {
        return Err(format!("{}: a handout is written as .pdf: name the file so", path.display()).into());
    }
    let ins: Vec<RunFile> = inputs.iter().map(|p| RunFile { role: "the input", path: p }).collect();
    match clash(&ins, &[RunFile { role: "the handout", path }]) {
        Some(message) => Err(CliError(message)),
        None => Ok(()),
    }
}

/// Runs `dealbench handout`; returns the exit code.
pub fn run(args: HandoutCmdArgs) -> i32 {
    let result = check_pdf(&args.output, std::slice::from_ref(&args.input)).and_then(|_| {
        if args.input.extension().is_some_and(|e| e.eq_ignore_ascii_case("lin")) {
            let name = args.input.display();
            return Err(format!("{name}: a handout is printed from a PBN set (LIN has no place for the scenario's texts and results): write the set as .pbn").into());
        }
        let bytes = std::fs::read(&args.input).map_err(|e| format!("{}: {e}", args.input.display()))?;
        let text = String::from_utf8_lossy(&bytes);
        args.sheet.write(&text, &args.input.display().to_string(), &args.output)
    });
    match result {
        Ok(n) => {
            say!("dealbench: {}: {n} boards", args.output.display());
            0
        }
        Err(e) => {
            say!("dealbench: {e}");
            1
        }
    }
}
