//! `dealbench dealer3`'s switches: dealer3's command line, with its defaults.

use clap::Args;
use dealbench::dealing::swap::Swapping;
use std::path::PathBuf;

/// dealer3's switches.
#[derive(Args, Clone, Debug, Default)]
pub struct Dealer3Args {
    /// Script file (standard input when omitted).
    pub file: Option<PathBuf>,
    /// Deals to produce (default: the script's `produce`, else 40).
    #[arg(short = 'p', long = "produce", value_name = "N")]
    pub produce: Option<u64>,
    /// Most deals to generate (default 10,000,000).
    #[arg(short = 'g', long = "generate", value_name = "N")]
    pub generate: Option<u64>,
    /// Seed (default: the clock).
    #[arg(short = 's', long = "seed", value_name = "SEED")]
    pub seed: Option<u64>,
    /// Output format: printall, printew, printns, printpbn, printcompact, printoneline (or
    /// without `print`); default the script's print action, else printall.
    #[arg(short = 'f', long = "format", value_name = "FORMAT")]
    pub format: Option<String>,
    /// Dealer for PBN output: N, E, S or W (default rotating, or the script's `dealer`).
    #[arg(short = 'd', long = "dealer", value_name = "SEAT")]
    pub dealer: Option<String>,
    /// Vulnerability for PBN output and `par`: None, NS, EW or All.
    #[arg(long = "vulnerable", value_name = "VUL")]
    pub vulnerable: Option<String>,
    /// Toggle the closing statistics (hidden by default).
    #[arg(short = 'v', long = "verbose")]
    pub verbose: bool,
    /// Force the closing statistics on.
    #[arg(short = 'X', long = "stats-on")]
    pub stats_on: bool,
    /// Print no deals, only statistics.
    #[arg(short = 'q', long = "quiet")]
    pub quiet: bool,
    /// Show a progress meter on standard error.
    #[arg(short = 'm', long = "progress")]
    pub progress: bool,
    /// The file `csvrpt` appends to (`w:FILE` truncates it first).
    #[arg(short = 'C', long = "CSV", value_name = "[w:]FILE")]
    pub csv: Option<String>,
    /// Title: PBN's `[Event]`.
    #[arg(short = 'T', long = "title", value_name = "TITLE")]
    pub title: Option<String>,
    /// Predeal North, e.g. `S8743,HA9,D642,CQT64`.
    #[arg(short = 'N', long = "north", value_name = "HOLDINGS")]
    pub north: Option<String>,
    /// Predeal East.
    #[arg(short = 'E', long = "east", value_name = "HOLDINGS")]
    pub east: Option<String>,
    /// Predeal South.
    #[arg(short = 'S', long = "south", value_name = "HOLDINGS")]
    pub south: Option<String>,
    /// Predeal West.
    #[arg(short = 'W', long = "west", value_name = "HOLDINGS")]
    pub west: Option<String>,
    /// Read deals from a file (`-`: standard input) instead of dealing.
    #[arg(long = "input-deals", value_name = "FILE|-")]
    pub input_deals: Option<PathBuf>,
    /// Stop after SECONDS and print what was done (exit status 2).
    #[arg(short = 't', long = "timeout", value_name = "SECONDS")]
    pub timeout: Option<f64>,
    /// Worker threads (0: one per core).
    #[arg(short = 'R', long = "threads", value_name = "N", default_value_t = 0)]
    pub threads: usize,
    /// No swapping (dealer.exe's `-0`).
    #[arg(short = '0', overrides_with_all = ["swap0", "swap2", "swap3"])]
    pub swap0: bool,
    /// Deal each shuffle twice, East and West exchanged (dealer.exe's `-2`).
    #[arg(short = '2', overrides_with_all = ["swap0", "swap2", "swap3"])]
    pub swap2: bool,
    /// Deal each shuffle six times, East, South and West permuted (dealer.exe's `-3`).
    #[arg(short = '3', overrides_with_all = ["swap0", "swap2", "swap3"])]
    pub swap3: bool,
    /// Accepted and ignored, as dealer.exe's `-u`.
    #[arg(short = 'u')]
    pub uppercase: bool,
    /// The levelling switches, shared with `run` (cli/hand_type_args.rs).
    #[command(flatten)]
    pub leveling: super::super::hand_type_args::HandTypeArgs,
    /// Exact quotas per hand type (each type's `_Share` a round).
    #[arg(long = "round-robin")]
    pub round_robin: bool,
    /// Print the run's statistics as JSON on standard output.
    #[arg(long = "stats-json")]
    pub stats_json: bool,
    /// List the script's parameters and exit.
    #[arg(long)]
    pub params: bool,
    /// Script parameter `$N` (repeatable): `--param N=TEXT`.
    #[arg(long = "param", value_name = "N=TEXT")]
    pub param: Vec<String>,
    /// How `run --write-leveled` reads the script (its `-0`…`-9` and `--param`s), instead of
    /// `--param`; not a switch.
    #[arg(skip)]
    pub compile: Option<dealbench::script::CompileOptions>,
    /// Keep the script's CRLF line ends in the copy (`run --write-leveled`); not a switch.
    #[arg(skip)]
    pub keep_crlf: bool,
}

impl Dealer3Args {
    /// The swapping asked for (0, 2 or 3): each flag overrides the others, so the last given
    /// wins, as in dealer.exe.
    pub fn swapping(&self) -> Swapping {
        if self.swap3 {
            Swapping::All
        } else if self.swap2 {
            Swapping::EastWest
        } else {
            Swapping::Off
        }
    }
}
