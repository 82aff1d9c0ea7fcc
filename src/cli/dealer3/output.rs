//! What `dealbench dealer3` prints: each deal in one format (dealer3 prints every deal the
//! same way), PBN with `[HandType]`, and the `--stats-json` document.

use dealbench::cards::{Deal, Seat, Vul};
use dealbench::report::deal::{self as fmt, PbnContext};
use dealbench::run::stats::Stats;
use dealbench::script::ast::Action;
use std::fmt::Write;

/// dealer3's output formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// The four hands around the compass.
    All,
    /// East and West.
    Ew,
    /// North and South.
    Ns,
    /// PBN records.
    Pbn,
    /// Four lines a deal.
    Compact,
    /// One line a deal.
    OneLine,
}

impl Format {
    /// `-f`'s value, with or without `print`.
    pub fn parse(text: &str) -> Result<Format, String> {
        let t = text.to_ascii_lowercase();
        Ok(match t.strip_prefix("print").unwrap_or(&t) {
            "all" => Format::All,
            "ew" => Format::Ew,
            "ns" => Format::Ns,
            "pbn" => Format::Pbn,
            "compact" => Format::Compact,
            "oneline" => Format::OneLine,
            _ => {
                return Err(format!(
                    "Invalid format '{text}'. Valid options: printall, printew, printns, printpbn, printcompact, printoneline"
                ));
            }
        })
    }

    /// The format of the script's first print action, if it has one.
    pub fn of_actions(actions: &[Action]) -> Option<Format> {
        actions.iter().find_map(|a| match a {
            Action::PrintAll => Some(Format::All),
            Action::PrintSide(0) => Some(Format::Ns),
            Action::PrintSide(_) => Some(Format::Ew),
            Action::PrintPbn => Some(Format::Pbn),
            Action::PrintCompact(_) => Some(Format::Compact),
            Action::PrintOneLine(_) => Some(Format::OneLine),
            _ => None,
        })
    }
}

/// What a PBN record needs besides the deal.
pub struct PbnInfo {
    /// The script's path as given (`None`: standard input, which dealer3's `[Event]` omits).
    pub input: Option<String>,
    /// The seed.
    pub seed: String,
    /// `YYYY.MM.DD`.
    pub date: String,
    /// `-d` or the script's `dealer`.
    pub dealer: Option<Seat>,
    /// `--vulnerable` or the script's `vulnerable`.
    pub vulnerable: Option<Vul>,
    /// `-T` or the script's `title`.
    pub title: Option<String>,
}

/// Deal `number` (1-based output position) in `format`, PBN with its hand type's label.
pub fn deal(format: Format, number: u64, d: &Deal, label: Option<&str>, info: &PbnInfo) -> String {
    let mut out = String::new();
    match format {
        Format::All => fmt::printall(&mut out, number, d),
        Format::Ns => fmt::printside(&mut out, 0, d),
        Format::Ew => fmt::printside(&mut out, 1, d),
        Format::Compact => fmt::printcompact(&mut out, d, None),
        Format::OneLine => fmt::printoneline(&mut out, d, None),
        Format::Pbn => {
            let stdin_event = format!("Hand simulated by dealer, seed {}", info.seed);
            let event = match (&info.title, &info.input) {
                (Some(t), _) => Some(t.as_str()),
                (None, Some(_)) => None,
                (None, None) => Some(stdin_event.as_str()),
            };
            let cx = PbnContext {
                input_name: info.input.as_deref().unwrap_or_default(),
                seed: &info.seed,
                date: &info.date,
                dealer: info.dealer,
                vulnerable: info.vulnerable,
                event,
            };
            fmt::printpbn(&mut out, number - 1, d, &cx);
            if let Some(l) = label {
                let board = format!("[Board \"{number}\"]\n");
                if let Some(at) = out.find(&board) {
                    out.insert_str(at + board.len(), &format!("[HandType \"{l}\"]\n"));
                }
            }
        }
    }
    out
}

/// A number as dealer3's JSON prints it: the shortest round-trip decimal, no exponent,
/// `null` when not finite.
pub fn number(x: f64) -> String {
    if x.is_finite() { format!("{x}") } else { "null".into() }
}

fn string(s: &str) -> String {
    serde_json::to_string(s).unwrap_or_else(|_| "\"\"".into())
}

/// The run's figures that `--stats-json` prints.
pub struct Figures<'a> {
    /// Deals generated.
    pub generated: u64,
    /// Deals produced.
    pub produced: u64,
    /// The seed, or the `--input-deals` source.
    pub source: Result<u64, String>,
    /// Seconds the run took.
    pub seconds: f64,
    /// True when `-t` fired.
    pub timed_out: bool,
    /// Each hand type's label and produced count.
    pub hand_types: Vec<(String, u64)>,
    /// Each level type's, when the script has any.
    pub level_types: Option<Vec<(String, u64)>>,
    /// The statistics.
    pub stats: Option<&'a Stats>,
}

fn types(rows: &[(String, u64)], produced: u64) -> String {
    if rows.is_empty() {
        return "[]".into();
    }
    let items: Vec<String> = rows
        .iter()
        .map(|(n, c)| {
            // dealer3 writes 0 when nothing was produced.
            let share = if produced > 0 { *c as f64 / produced as f64 } else { 0.0 };
            format!("    {{ \"name\": {}, \"produced\": {c}, \"share\": {} }}", string(n), number(share))
        })
        .collect();
    format!("[\n{}\n  ]", items.join(",\n"))
}

fn list(items: Vec<String>) -> String {
    if items.is_empty() { "[]".into() } else { format!("[\n{}\n  ]", items.join(",\n")) }
}

/// The `--stats-json` document (two-space indent, a line per list entry), with its final line end.
pub fn stats_json(f: &Figures) -> String {
    let mut o = format!("{{\n  \"generated\": {},\n  \"produced\": {},\n", f.generated, f.produced);
    match &f.source {
        Ok(seed) => writeln!(o, "  \"seed\": {seed},"),
        Err(src) => writeln!(o, "  \"input_deals\": {},", string(src)),
    }
    .ok();
    let _ = writeln!(o, "  \"seconds\": {},\n  \"timed_out\": {},", number(f.seconds), f.timed_out);
    let _ = writeln!(o, "  \"hand_types\": {},", types(&f.hand_types, f.produced));
    if let Some(l) = &f.level_types {
        let _ = writeln!(o, "  \"level_types\": {},", types(l, f.produced));
    }
    let label = |l: &Option<String>| l.as_deref().map_or("null".to_string(), string);
    let averages = f.stats.map_or(Vec::new(), |s| {
        s.averages()
            .map(|a| {
                let mean = if a.count > 0 { a.sum as f64 / a.count as f64 } else { f64::NAN };
                format!("    {{ \"label\": {}, \"value\": {}, \"count\": {} }}", label(&a.label), number(mean), a.count)
            })
            .collect()
    });
    let frequencies = f.stats.map_or(Vec::new(), |s| {
        s.frequencies()
            .filter(|q| q.cols.is_none())
            .map(|q| {
                let w = q.rows.width();
                let bins: Vec<String> = (0..w)
                    .map(|i| format!("{{ \"value\": {}, \"count\": {} }}", q.rows.low + i as i64, q.cell(i + 1, 0)))
                    .collect();
                let total: u64 = (0..w + 2).map(|b| q.cell(b, 0)).sum();
                format!(
                    "    {{ \"label\": {}, \"min\": {}, \"max\": {}, \"below\": {}, \"above\": {}, \"total\": {total}, \"bins\": [{}] }}",
                    label(&q.label),
                    q.rows.low,
                    q.rows.high,
                    q.cell(0, 0),
                    q.cell(w + 1, 0),
                    bins.join(", ")
                )
            })
            .collect()
    });
    let _ = writeln!(o, "  \"averages\": {},", list(averages));
    let _ = writeln!(o, "  \"frequencies\": {}\n}}", list(frequencies));
    o
}
