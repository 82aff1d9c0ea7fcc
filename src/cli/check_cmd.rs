//! `dealbench check [--dialect bbo|dealerv2|dealer3] SCRIPT…`: every construct the chosen
//! program refuses, positioned, with the line the program itself names.

use super::console::{print_all, say};
use super::inputs::{SCRIPT_CAP, read_file};
use clap::Args;
use dealbench::script::dialect::{Dialect, check};
use std::path::PathBuf;

/// The scripts and the program to check them for.
#[derive(Args, Debug)]
pub struct CheckArgs {
    /// The scripts to check.
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    /// The program: `bbo` (dealer.exe 1.24, as BBO runs it), `dealerv2` (DealerV2_4) or
    /// `dealer3` (1.0.0).
    #[arg(long, default_value = "bbo", value_parser = parse_dialect)]
    pub dialect: Dialect,
    /// A script parameter the program would be given, `N=TEXT` (`$N`), for DealerV2_4 (BBO's
    /// dealer and dealer3 1.0.0 have none).
    #[arg(long = "param", value_name = "N=TEXT")]
    pub params: Vec<String>,
}

fn parse_dialect(s: &str) -> Result<Dialect, String> {
    Dialect::parse(s).ok_or_else(|| format!("`{s}`: expected bbo, dealerv2 or dealer3"))
}

/// Checks every script; 0 when the program runs them all, 1 when it refuses one, 2 when a
/// script cannot be read.
pub fn run(args: CheckArgs) -> i32 {
    let mut given = Vec::new();
    for p in &args.params {
        match p.split_once('=') {
            Some((k, v)) if dealbench::script::params::is_name(k.trim_start_matches('$')) => {
                given.push((k.trim_start_matches('$').to_string(), v.to_string()))
            }
            _ => {
                say!("dealbench check: --param {p}: expected N=TEXT");
                return 2;
            }
        }
    }
    let mut code = 0;
    for path in &args.files {
        let name = path.display().to_string();
        let source = match read_file(path, SCRIPT_CAP, "script") {
            Ok(bytes) => String::from_utf8_lossy(&bytes).into_owned(),
            Err(e) => {
                say!("dealbench check: {e}");
                code = 2;
                continue;
            }
        };
        let refusals = check(&source, &name, args.dialect, &given);
        let mut out = String::new();
        for r in &refusals {
            out.push_str(&r.diagnostic.render());
        }
        if refusals.is_empty() {
            out.push_str(&format!("{name}: {} runs it\n", args.dialect.program()));
        } else {
            let first = &refusals[0];
            out.push_str(&format!("{name}: {} refuses it: `{}`\n", args.dialect.program(), first.quoted));
            code = code.max(1);
        }
        if print_all(out.as_bytes()) != 0 {
            return 2;
        }
    }
    code
}
