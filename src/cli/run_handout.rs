//! `dealbench run --handout FILE.pdf`: the run's produced deals printed as a handout, numbered
//! as `--export` numbers them, each with the script's scenario (title, hand type, teaching
//! text) as `session` records it.

use super::error::CliError;
use super::handout_cmd::{PaperArg, SheetArgs};
use clap::Args;
use dealbench::cards::{Deal, Seat};
use dealbench::eval::Program;
use dealbench::report::session::{Scenario, SessionBoard, type_names};
use dealbench::report::session_write;
use dealbench::report::set::{SetFormat, SetOptions};
use dealbench::run::{Matched, RunOptions};
use std::path::PathBuf;

/// `run`'s handout switches.
#[derive(Args, Debug, Default)]
pub struct RunSheetArgs {
    /// Also print the produced deals as a PDF handout (see `dealbench handout`): the boards
    /// `--export` writes, with the script's title and teaching text.
    #[arg(long, value_name = "FILE.pdf")]
    pub handout: Option<PathBuf>,
    /// With --handout: a bidding sheet for this seat, as `handout --student`.
    #[arg(long, value_name = "SEAT", requires = "handout", value_parser = super::handout_cmd::parse_seat)]
    pub student: Option<Seat>,
    /// With --handout: the paper size (default a4).
    #[arg(long, value_enum, requires = "handout")]
    pub paper: Option<PaperArg>,
}

/// A handout being collected while the run goes on.
pub struct RunHandout {
    path: PathBuf,
    sheet: SheetArgs,
    scenario: Scenario,
    set: SetOptions,
    boards: Vec<SessionBoard>,
}

impl RunSheetArgs {
    /// The handout to collect, or `None` without `--handout`; numbered as `--export` numbers
    /// (`startboard`, the script's dealer and vulnerability, `--vulnerable`, `--rotate`).
    pub fn open(&self, program: &Program, options: &RunOptions, rotate: bool) -> Option<RunHandout> {
        let path = self.handout.clone()?;
        let script = &program.script;
        let event =
            options.title.clone().or_else(|| script.title.clone()).unwrap_or_else(|| options.input_name.clone());
        let mut scenario = Scenario::of(script, &program.source, &event);
        scenario.title = event;
        scenario.vulnerable = options.vulnerable.or(script.vulnerable);
        let set = SetOptions {
            first_board: script.startboard.unwrap_or(1),
            dealer: scenario.dealer,
            vulnerable: scenario.vulnerable,
            rotate,
        };
        let sheet = SheetArgs { student: self.student, paper: self.paper.unwrap_or_default(), title: None };
        Some(RunHandout { path, sheet, scenario, set, boards: Vec::new() })
    }
}

impl RunHandout {
    /// Adds a produced deal as the next board.
    pub fn push(&mut self, m: &Matched) {
        self.boards.push(board(&self.set, &self.scenario, m.number, m.deal, m.hand_types));
    }

    /// Writes the PDF (beside its target, renamed into place).
    pub fn write(self) -> Result<(), CliError> {
        let text = session_write::write(SetFormat::Pbn, std::slice::from_ref(&self.scenario), &self.boards, &[]);
        let n = self.sheet.write(&text, "the run", &self.path)?;
        let s = if n == 1 { "" } else { "s" };
        super::console::say!("dealbench: {}: the handout of {n} board{s}", self.path.display());
        Ok(())
    }
}

/// The `number`-th produced deal as a board of the run's set.
fn board(set: &SetOptions, scenario: &Scenario, number: u64, deal: Deal, types: u64) -> SessionBoard {
    SessionBoard { board: set.board(number, deal), scenario: 0, hand_type: type_names(&scenario.hand_types, types) }
}
