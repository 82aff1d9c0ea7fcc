//! The scripts measured: the scenario scripts beside this file, corpus scripts that dealer 1.24
//! runs, and any `.dlr` files under `DEALBENCH_EXTRA_SCRIPTS` (real practice scenarios kept
//! outside the repository). `DEALBENCH_ONLY=text` keeps the scripts whose name contains it.

use std::path::{Path, PathBuf};

/// Corpus scripts (under `../shared/corpus/scripts`) that dealer 1.24 runs without a complaint,
/// none of them double-dummy or parameterised.
const CORPUS: [&str; 20] = [
    "dealer-version-2/Examples_dbg/Descr.test_dealer",
    "dealer-version-2/Examples_dbg/Descr.hm1dr2d",
    "dealer-version-2/Examples_dbg/Descr.1c",
    "dealer-version-2/Examples_dbg/Descr.2nt",
    "dealer-version-2/Examples_dbg/Descr.weaktwo",
    "dealer-version-2/Examples_dbg/Ron_45Maj.dli",
    "dealer3/dealer-parser/tests/fixtures/1N.dlr",
    "dealer3/dealer-parser/tests/fixtures/2N.dlr",
    "dealer3/dealer-parser/tests/fixtures/Jacoby_2N.dlr",
    "dealer3/dealer-parser/tests/fixtures/Resp_to_1C.dlr",
    "dealer3/dealer-parser/tests/fixtures/Takeout_Double.dlr",
    "dealer3/dealer-parser/tests/fixtures/Weak_2_Bids.dlr",
    "dealerv2_4/DebugExamples/ZAR_OpeningHands_32Shapes.txt",
    "dealerv2_4/DebugExamples/misfit.dli",
    "dealerv2_4/Examples/ZarOpening.dli",
    "dealerv2_4/Examples/evaluation.dli",
    "dealerv2_4/Examples/PlayDecision.dli",
    "dealerv2_4/Examples/blue_team.dli",
    "dealerv2_4/Examples/junkstayman.dli",
    "dealerv2_4/Examples/Predeal_prob.dli",
];

/// The actions that print deals.
const PRINTS: [&str; 8] =
    ["print", "printall", "printoneline", "printpbn", "printcompact", "printew", "printes", "printside"];

#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Origin {
    Scenario,
    Corpus,
    Extra,
}

impl Origin {
    pub fn tag(self) -> &'static str {
        match self {
            Origin::Scenario => "scen",
            Origin::Corpus => "corp",
            Origin::Extra => "real",
        }
    }
}

pub struct Script {
    /// What the table shows.
    pub name: String,
    /// A file-name-safe unique id.
    pub id: String,
    pub origin: Origin,
    pub text: String,
    /// `rnd` draws from dealer 1.24's dealing generator but from a stream of its own in
    /// dealbench, so such a script's deals differ after the first draw.
    pub draws_rnd: bool,
    /// It has an action list and nothing in it prints deals.
    pub silent: bool,
}

/// Every script to measure, in table order.
pub fn all() -> Vec<Script> {
    let here = Path::new(env!("CARGO_MANIFEST_DIR")).join("benches/scenarios/dlr");
    let mut paths: Vec<(Origin, PathBuf)> = dlr_files(&here).into_iter().map(|p| (Origin::Scenario, p)).collect();
    let corpus = Path::new("../shared/corpus/scripts");
    paths.extend(CORPUS.iter().map(|c| (Origin::Corpus, corpus.join(c))));
    if let Some(extra) = std::env::var_os("DEALBENCH_EXTRA_SCRIPTS") {
        paths.extend(dlr_files(Path::new(&extra)).into_iter().map(|p| (Origin::Extra, p)));
    }
    let only = std::env::var("DEALBENCH_ONLY").unwrap_or_default();
    let mut scripts = Vec::new();
    for (origin, path) in paths {
        let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        if !name.contains(&only) {
            continue;
        }
        let Ok(bytes) = std::fs::read(&path) else {
            println!("SKIPPED: {} not found", path.display());
            continue;
        };
        let text = String::from_utf8_lossy(&bytes).into_owned();
        let id = format!("{:03}-{}", scripts.len(), name.replace(|c: char| !c.is_ascii_alphanumeric(), "_"));
        let draws_rnd = has_word(&text, "rnd");
        let silent = has_word(&text, "action") && !PRINTS.iter().any(|p| has_word(&text, p));
        scripts.push(Script { name, id, origin, text, draws_rnd, silent });
    }
    scripts
}

/// The `.dlr` files under `dir`, at any depth, sorted.
fn dlr_files(dir: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let Ok(entries) = std::fs::read_dir(dir) else { return found };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            found.extend(dlr_files(&path));
        } else if path.extension().is_some_and(|e| e == "dlr") {
            found.push(path);
        }
    }
    found.sort();
    found
}

fn is_ident(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_'
}

/// Whether `word` stands alone somewhere in `text` (comments included: a false alarm only
/// skips the output check).
fn has_word(text: &str, word: &str) -> bool {
    text.match_indices(word).any(|(at, _)| {
        let b = text.as_bytes();
        (at == 0 || !is_ident(b[at - 1])) && b.get(at + word.len()).is_none_or(|&c| !is_ident(c))
    })
}

/// The script with its `produce N` and `generate N` statements removed (replaced by blanks, so
/// that positions in error messages stay true), for a run length set on the command line.
pub fn strip_run_length(text: &str) -> String {
    let mut bytes = text.as_bytes().to_vec();
    for word in ["produce", "generate"] {
        for (at, _) in text.match_indices(word) {
            if at > 0 && is_ident(bytes[at - 1]) {
                continue;
            }
            let rest = &text.as_bytes()[at + word.len()..];
            let space = rest.iter().take_while(|c| c.is_ascii_whitespace()).count();
            let digits = rest[space..].iter().take_while(|c| c.is_ascii_digit()).count();
            let tail = rest.get(space + digits).copied();
            if space == 0 || digits == 0 || tail.is_some_and(is_ident) {
                continue;
            }
            let end = at + word.len() + space + digits;
            for b in &mut bytes[at..end] {
                if *b != b'\n' {
                    *b = b' ';
                }
            }
        }
    }
    String::from_utf8(bytes).expect("only ASCII bytes were replaced")
}
