//! `--dd-summary` and `--compare`: studies of what the kept deals make double dummy, reported
//! after the run's own output (run::stats::dd_summary and compare count them).

use super::error::CliError;
use clap::Args;
use dealbench::run::RunOptions;
use dealbench::run::stats::{CompareStat, ContractAt, DdSummaryStat, Stat};

/// The switches of the double-dummy studies.
#[derive(Args, Debug, Default)]
pub struct StudyArgs {
    /// After the run's output, print what the kept deals make double dummy: per declarer and
    /// strain the mean tricks and, per level, the share of deals it makes; the par scores and
    /// the commonest par contracts (at the script's vulnerability or --vulnerable).
    #[arg(long)]
    pub dd_summary: bool,
    /// After the run's output, compare contracts on the kept deals, e.g. `3N:N,4H:S` (contract,
    /// `x`/`xx` when doubled, and declarer): each one's make share and mean score, and per pair
    /// the mean IMP difference and matchpoint share with their standard errors.
    #[arg(long, value_name = "CONTRACT:SEAT,...")]
    pub compare: Option<String>,
}

impl StudyArgs {
    /// Adds the studies asked for to the run's options.
    pub fn apply(&self, options: &mut RunOptions) -> Result<(), CliError> {
        if self.dd_summary {
            options.studies.push(Stat::DdSummary(DdSummaryStat::new()));
        }
        if let Some(list) = &self.compare {
            let contracts = ContractAt::parse_list(list).map_err(|e| CliError(format!("--compare {e}")))?;
            options.studies.push(Stat::Compare(CompareStat::new(contracts)));
        }
        Ok(())
    }

    /// The studies as the run's identity names them (shards of one run ask for the same).
    pub fn switches(&self) -> Vec<String> {
        let mut out: Vec<String> = self.dd_summary.then(|| "--dd-summary".to_string()).into_iter().collect();
        out.extend(self.compare.as_ref().map(|c| format!("--compare {c}")));
        out
    }
}
