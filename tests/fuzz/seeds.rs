//! Seed inputs from `../shared`: the corpus scripts, the golden scripts, deal files made of
//! the golden deals (PBN, oneline, bare PBN and LIN), and `--stats-json` files this harness
//! writes itself by running small scripts through the binary.

use dealbench::cards::{Deal, Hand, Suit, parse_deal};
use std::path::{Path, PathBuf};
use std::process::Command;

/// Seed inputs for each target.
pub struct Seeds {
    /// Script texts.
    pub scripts: Vec<Vec<u8>>,
    /// Deal-file texts.
    pub deal_files: Vec<Vec<u8>>,
    /// `--stats-json` files, in groups of two shards of one run.
    pub stats: Vec<[Vec<u8>; 2]>,
}

/// Largest seed kept whole; longer files are cut at a line end.
const SEED_LEN: usize = 12 * 1024;

/// Loads every seed; the stats files must have been written by [`write_stats_seeds`].
pub fn load(shared: &Path, work: &Path) -> Seeds {
    let mut scripts = files(&shared.join("corpus/scripts"), &|_| true);
    for dir in ["golden/seeded", "golden/errors"] {
        scripts.extend(files(&shared.join(dir), &|p| p.extension().is_some_and(|e| e == "dlr")));
    }
    let outs = files(&shared.join("golden/seeded"), &|p| p.extension().is_some_and(|e| e == "out"));
    let mut deal_files: Vec<Vec<u8>> = outs.into_iter().filter(|t| has_deal(t)).collect();
    deal_files.extend(made_deal_files(shared));
    let stats = stats_groups(&work.join("stats"));
    Seeds { scripts, deal_files, stats }
}

fn has_deal(text: &[u8]) -> bool {
    !super::oracles::deals::read(text).deals.is_empty()
}

/// The files under `dir` (recursively) that `keep` accepts, sorted by path, cut to [`SEED_LEN`].
fn files(dir: &Path, keep: &dyn Fn(&Path) -> bool) -> Vec<Vec<u8>> {
    let mut paths = Vec::new();
    walk(dir, &mut paths);
    paths.sort();
    paths.iter().filter(|p| keep(p)).filter_map(|p| std::fs::read(p).ok()).map(cut).collect()
}

fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let p = e.path();
        if p.is_dir() { walk(&p, out) } else { out.push(p) }
    }
}

fn cut(mut text: Vec<u8>) -> Vec<u8> {
    if text.len() > SEED_LEN {
        let end = text[..SEED_LEN].iter().rposition(|&b| b == b'\n').map_or(SEED_LEN, |i| i + 1);
        text.truncate(end);
    }
    text
}

/// Deal files in each reader format, made from the golden double-dummy deal lists.
fn made_deal_files(shared: &Path) -> Vec<Vec<u8>> {
    let tsv = std::fs::read_to_string(shared.join("golden/dd/deals100-hard.tsv")).unwrap_or_default();
    let dt = std::fs::read_to_string(shared.join("golden/dd/canonical/dds-list100.dt")).unwrap_or_default();
    let mut deals: Vec<Deal> = tsv.lines().filter_map(|l| parse_deal(l.split('\t').next()?).ok()).collect();
    deals.extend(dt.lines().filter_map(|l| parse_deal(l.split('|').next()?).ok()));
    let mut out = Vec::new();
    for chunk in deals.chunks(25) {
        let pbn = chunk.iter().map(|d| format!("[Event \"x\"]\n[Deal \"{}\"]\n\n", d.pbn()));
        out.push(pbn.collect::<String>().into_bytes());
        out.push(chunk.iter().map(|d| format!("{} \n", d.oneline())).collect::<String>().into_bytes());
        out.push(chunk.iter().map(|d| format!("{}\n", d.pbn())).collect::<String>().into_bytes());
        out.push(chunk.iter().map(|d| format!("pn|a,b,c,d|st||md|{}|rh||\n", lin(d))).collect::<String>().into_bytes());
    }
    out
}

/// LIN's `md` field: dealer 3 (South), then South, West, North and East.
fn lin(d: &Deal) -> String {
    let hand =
        |h: Hand| Suit::ALL.iter().rev().map(|&s| format!("{}{}", s.letter(), h.suit_string(s))).collect::<String>();
    format!("3{},{},{},{}", hand(d.hands[2]), hand(d.hands[3]), hand(d.hands[0]), hand(d.hands[1]))
}

/// Runs the golden scripts that print averages or frequencies as two fast-stream shards,
/// writing `--stats-json` files into `dir`; a second seed gives shards of another run.
pub fn write_stats_seeds(shared: &Path, dir: &Path) {
    std::fs::create_dir_all(dir).unwrap();
    let golden = shared.join("golden/seeded");
    let mut scripts: Vec<PathBuf> = std::fs::read_dir(&golden).unwrap().flatten().map(|e| e.path()).collect();
    scripts.sort();
    for script in scripts.iter().filter(|p| p.extension().is_some_and(|e| e == "dlr")) {
        let text = std::fs::read_to_string(script).unwrap_or_default();
        if !text.contains("average") && !text.contains("frequency") {
            continue;
        }
        let stem = script.file_stem().unwrap().to_string_lossy().to_string();
        for seed in ["7", "8"] {
            for k in 0..2 {
                let out = dir.join(format!("{stem}-s{seed}-{k}.json"));
                let shard = format!("{k}/2");
                let args = ["run", "-q", "-s", seed, "-g", "2000", "-R", "1", "--stream", "fast", "--shard", &shard];
                let ok = Command::new(env!("CARGO_BIN_EXE_dealbench"))
                    .args(args)
                    .arg("--stats-json")
                    .arg(&out)
                    .arg(script)
                    .output()
                    .is_ok_and(|o| o.status.success());
                assert!(ok, "dealbench run --stats-json on {} failed", script.display());
            }
        }
    }
}

/// The stats files of `dir`, two shards of one run to a group.
fn stats_groups(dir: &Path) -> Vec<[Vec<u8>; 2]> {
    let mut names: Vec<PathBuf> = std::fs::read_dir(dir).into_iter().flatten().flatten().map(|e| e.path()).collect();
    names.sort();
    names
        .chunks(2)
        .filter(|c| c.len() == 2)
        .map(|c| [std::fs::read(&c[0]).unwrap(), std::fs::read(&c[1]).unwrap()])
        .collect()
}
