//! The levelled copy from the workbench: `W` asks for a file name (beside the script), then
//! the runtime measures the buffer's hand types off the UI thread with the engine's one
//! levelling machinery (run::dealer3::level, as `dealbench dealer3 --write-leveled`) and
//! writes the copy atomically, never over the script, over an existing file only when it
//! is an earlier levelled copy. A newer request or a stop cancels the measuring.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::RecvTimeoutError;
use std::time::{Duration, Instant};

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

use super::app::{App, Effect, Overlay};
use crate::run::dealer3::block::STAMP;
use crate::run::dealer3::keeps::Keeps;
use crate::run::dealer3::level::{Plan, Settings};
use crate::run::dealer3::measure::{Failure, Watch};
use crate::run::{Event, RunHandle, RunOptions, StreamKind};
use crate::script::CompileOptions;

/// A levelled copy to write.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LevelJob {
    /// Its number: an answer to an older one is dropped.
    pub job: u64,
    /// The script's file (never written).
    pub script: PathBuf,
    /// Where the copy goes.
    pub path: PathBuf,
    /// The buffer's text.
    pub source: String,
    /// The script's name in messages.
    pub name: String,
    /// The seed the runs use.
    pub seed: i64,
}

/// A levelling done (a copy written, or the `L` run's): what the pane shows of it.
#[derive(Clone, Debug, PartialEq)]
pub struct LevelReport {
    /// The file written (`None`: the copy `L` runs, not written).
    pub path: Option<PathBuf>,
    /// The categories' labels.
    pub labels: Vec<String>,
    /// The keeps and the mix they deliver.
    pub keeps: Keeps,
    /// The seed measured with.
    pub seed: i64,
    /// Notes and warnings the measuring gave.
    pub notes: Vec<String>,
}

/// The copy's default name: `SCRIPT.leveled.dlr`, as dealer3's examples name theirs.
pub fn default_name(script: &Path) -> String {
    let stem = script.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_else(|| "script".into());
    format!("{stem}.leveled.dlr")
}

impl App {
    /// `W`: opens the prompt for the copy's file name.
    pub(super) fn open_leveled_prompt(&mut self) -> Vec<Effect> {
        self.push_overlay(Overlay::Leveled(default_name(&self.path)));
        Vec::new()
    }

    /// A key at the prompt: Enter measures and writes, Esc cancels, others edit the name.
    pub(super) fn leveled_key(&mut self, mut input: String, key: KeyEvent) -> (Option<Overlay>, Vec<Effect>) {
        match key.code {
            KeyCode::Esc => return (None, Vec::new()),
            KeyCode::Enter if input.trim().is_empty() => self.say("levelled copy: type a file name", true),
            KeyCode::Enter => return (None, self.write_leveled(&input)),
            KeyCode::Backspace => {
                input.pop();
            }
            KeyCode::Char(c) if !key.modifiers.intersects(KeyModifiers::CONTROL | KeyModifiers::ALT) => input.push(c),
            _ => {}
        }
        (Some(Overlay::Leveled(input)), Vec::new())
    }

    /// Starts measuring for the copy `input` names (beside the script).
    fn write_leveled(&mut self, input: &str) -> Vec<Effect> {
        let path = self.session_path(input);
        self.level_job += 1;
        let seed = self.seed.for_run(self.results.program.as_ref().and_then(|p| p.script.seed));
        // The buffer as Ctrl-S would save it: the copy is the saved script's.
        let mut source = self.buffer_text();
        if !source.is_empty() {
            source.push('\n');
        }
        self.say(format!("measuring the hand types for {} (seed {seed})…", file_name(&path)), false);
        let job = LevelJob {
            job: self.level_job,
            script: self.path.clone(),
            path,
            source,
            name: self.file_name.clone(),
            seed,
        };
        vec![Effect::WriteLeveled(Box::new(job))]
    }

    /// A levelled copy was written, or not: the status line says which.
    pub fn on_leveled(&mut self, job: u64, result: Result<LevelReport, String>) {
        if job != self.level_job {
            return;
        }
        match result {
            Ok(r) => {
                let mix: Vec<String> = r
                    .labels
                    .iter()
                    .zip(&r.keeps.mix)
                    .map(|(l, m)| format!("{l} {}", crate::run::dealer3::mix::percent(*m)))
                    .collect();
                let name = r.path.as_deref().map(file_name).unwrap_or_default();
                self.say(format!("wrote {name}: {}", mix.join(", ")), false);
                self.leveled = Some(r);
            }
            Err(e) => self.say(format!("levelled copy not written: {e}"), true),
        }
    }
}

fn file_name(path: &Path) -> String {
    path.file_name().map_or_else(|| path.display().to_string(), |n| n.to_string_lossy().into_owned())
}

/// The workbench's watch: a cancel flag instead of signals, the notes kept for the report.
struct TuiWatch {
    cancel: Arc<AtomicBool>,
    notes: Vec<String>,
}

impl Watch for TuiWatch {
    fn next(&mut self, run: &RunHandle) -> Option<Event> {
        loop {
            if self.cancel.load(Ordering::Relaxed) {
                run.cancel();
                return run.events().recv_timeout(Duration::from_secs(5)).ok();
            }
            match run.events().recv_timeout(Duration::from_millis(50)) {
                Ok(ev) => return Some(ev),
                Err(RecvTimeoutError::Disconnected) => return None,
                Err(RecvTimeoutError::Timeout) => {}
            }
        }
    }
    fn timed_out(&self) -> bool {
        false
    }
    fn interrupted(&self) -> bool {
        self.cancel.load(Ordering::Relaxed)
    }
    fn say(&mut self, text: &str) {
        self.notes.push(text.trim_end().to_string());
    }
}

/// The measuring run's options: dealer3's (the fast stream, the seed), so the copy equals
/// `dealbench dealer3 --write-leveled -s SEED`'s.
fn options(seed: i64) -> RunOptions {
    RunOptions { seed: Some(seed), stream: StreamKind::Fast, matched_events: true, ..RunOptions::default() }
}

/// Measures and writes the copy (on the caller's thread: the runtime gives it one).
pub fn level(job: &LevelJob, cancel: Arc<AtomicBool>) -> Result<LevelReport, String> {
    check_target(&job.script, &job.path)?;
    let mut watch = TuiWatch { cancel, notes: Vec::new() };
    let failed = |f: Failure, w: &TuiWatch| match f {
        Failure::Error(e) => e,
        Failure::Reported => w.notes.first().cloned().unwrap_or_else(|| "the script does not compile".into()),
    };
    let plan = Plan::new(&job.source, &job.name, &CompileOptions::default(), true, &mut watch)
        .map_err(|f| failed(f, &watch))?;
    let opts = options(job.seed);
    let l = plan
        .level(opts, job.seed, (&Settings::default(), Instant::now()), &mut watch)
        .map_err(|f| failed(f, &watch))?;
    check_target(&job.script, &job.path)?;
    crate::report::atomic::write(&job.path, l.text.as_bytes()).map_err(|e| format!("{}: {e}", file_name(&job.path)))?;
    Ok(LevelReport {
        path: Some(job.path.clone()),
        labels: l.labels,
        keeps: l.keeps,
        seed: job.seed,
        notes: watch.notes,
    })
}

/// The levelled copy `L` runs instead of `program` (with the run's `options`, seeded), and
/// what the pane shows of it; on the caller's thread (the runtime gives it one).
pub fn level_run(
    program: &crate::eval::Program,
    options: &RunOptions,
    cancel: Arc<AtomicBool>,
) -> Result<(crate::eval::Program, LevelReport), String> {
    let mut watch = TuiWatch { cancel, notes: Vec::new() };
    let s = Settings::default();
    let l = match crate::run::dealer3::level::for_run(program, &CompileOptions::default(), options, &s, &mut watch) {
        Ok(l) => l,
        Err(Failure::Error(e)) => return Err(e),
        Err(Failure::Reported) => return Err(watch.notes.first().cloned().unwrap_or_default()),
    };
    let seed = options.seed.unwrap_or_default();
    let report = LevelReport { path: None, labels: l.labels, keeps: l.keeps, seed, notes: watch.notes };
    Ok((l.program, report))
}

/// Refuses the script itself, what is not a file, and a file that is not an earlier copy.
fn check_target(script: &Path, target: &Path) -> Result<(), String> {
    match super::disk::export_target(script, target)? {
        super::disk::Target::New => Ok(()),
        super::disk::Target::Exists => match std::fs::read_to_string(target) {
            Ok(text) if text.contains(STAMP) => Ok(()),
            _ => Err(format!("{} exists and is not a levelled copy: choose another name", file_name(target))),
        },
    }
}
