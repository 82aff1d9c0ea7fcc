//! The results as a Markdown table: per script each program's CPU seconds, dealbench's ratio to
//! each baseline, peak memory, and whether the outputs agree; then the totals.

use crate::measure::Sample;
use crate::scripts::Origin;
use crate::tools::Tool;

/// One program on one script.
pub enum Cell {
    Ran(Sample),
    Failed(String),
}

impl From<Result<Sample, String>> for Cell {
    fn from(r: Result<Sample, String>) -> Cell {
        match r {
            Ok(s) => Cell::Ran(s),
            Err(e) => Cell::Failed(e),
        }
    }
}

impl Cell {
    fn sample(&self) -> Option<&Sample> {
        match self {
            Cell::Ran(s) => Some(s),
            Cell::Failed(_) => None,
        }
    }
}

/// One script: a cell per tool, dealbench first.
pub struct Row {
    pub name: String,
    pub origin: Origin,
    pub cells: Vec<Cell>,
    pub check: String,
}

fn cpu_model() -> String {
    let info = std::fs::read_to_string("/proc/cpuinfo").unwrap_or_default();
    let model = info.lines().find_map(|l| l.strip_prefix("model name")).map(|l| l.trim_start_matches([' ', '\t', ':']));
    let cores = info.lines().filter(|l| l.starts_with("processor")).count();
    format!("{} ({cores} logical CPUs)", model.unwrap_or("unknown"))
}

pub fn header(tools: &[Tool], skipped: &[String], deals: u64, repeat: u64, seed: u64, scripts: usize) {
    println!(
        "Scenario scripts: {scripts} scripts, one thread, {deals} deals each (-g/-p), seed {seed}, best of {repeat} interleaved rounds"
    );
    println!("CPU: {}", cpu_model());
    for t in tools {
        println!("{}: {}", t.key, t.bin.display());
    }
    for s in skipped {
        println!("SKIPPED {s}");
    }
    let peak = match crate::measure::time_bin() {
        Some(t) => format!("peak resident memory as {} reports it", t.display()),
        None => "peak resident memory from wait4 (never below this bench's own; install GNU time)".into(),
    };
    println!("CPU is user+system seconds; ×B is dealbench's CPU over B's; MB is {peak}.\n");
    let mut head = String::from("| script | src |");
    let mut rule = String::from("|---|---|");
    for t in tools {
        head += &format!(" {} s |", t.key);
        rule += "---:|";
        if t.key != "dealbench" {
            head += &format!(" ×{} |", t.key);
            rule += "---:|";
        }
    }
    for t in tools {
        head += &format!(" MB {} |", t.key);
        rule += "---:|";
    }
    println!("{head} output |\n{rule}---|");
}

pub fn print_row(row: &Row, tools: &[Tool]) {
    let db = row.cells[0].sample();
    let mut line = format!("| {} | {} |", row.name, row.origin.tag());
    for cell in &row.cells {
        match cell.sample() {
            Some(s) => line += &format!(" {:.3} |", s.cpu),
            None => line += " fail |",
        }
        if std::ptr::eq(cell, &row.cells[0]) {
            continue;
        }
        match (db, cell.sample()) {
            (Some(d), Some(b)) => line += &format!(" {:.2} |", d.cpu / b.cpu.max(1e-3)),
            _ => line += " - |",
        }
    }
    for cell in &row.cells {
        match cell.sample() {
            Some(s) => line += &format!(" {:.1} |", s.rss_kib as f64 / 1024.0),
            None => line += " - |",
        }
    }
    println!("{line} {} |", row.check);
    for (cell, tool) in row.cells.iter().zip(tools) {
        if let Cell::Failed(why) = cell {
            println!("|  | {} could not run it: {} |", tool.key, why.replace('|', "/"));
        }
    }
}

/// Totals over the scripts both programs ran, the worst ratios, memory and output checks.
pub fn summary(rows: &[Row], tools: &[Tool]) {
    println!();
    for (k, tool) in tools.iter().enumerate().skip(1) {
        let pairs: Vec<(&Row, f64, f64, f64)> = rows
            .iter()
            .filter_map(|r| {
                let (d, b) = (r.cells[0].sample()?, r.cells[k].sample()?);
                Some((r, d.cpu, b.cpu, (d.rss_kib as f64 - b.rss_kib as f64) / 1024.0))
            })
            .collect();
        if pairs.is_empty() {
            continue;
        }
        let (sum_d, sum_b): (f64, f64) = pairs.iter().fold((0.0, 0.0), |(x, y), p| (x + p.1, y + p.2));
        let ratio = |p: &(&Row, f64, f64, f64)| p.1 / p.2.max(1e-3);
        let worst = pairs.iter().max_by(|a, b| ratio(a).total_cmp(&ratio(b))).expect("not empty");
        let above_half = pairs.iter().filter(|p| ratio(p) > 0.5).count();
        let slower = pairs.iter().filter(|p| ratio(p) > 1.0).count();
        let mem = pairs.iter().max_by(|a, b| a.3.total_cmp(&b.3)).expect("not empty");
        let over5 = pairs.iter().filter(|p| p.3 > 5.0).count();
        println!(
            "vs {}: {} scripts, total CPU {:.2} s against {:.2} s = {:.3}×; worst {:.2}× ({}); {} above 0.5×, {} slower; memory up to {:+.1} MB ({}), {} scripts more than 5 MB over",
            tool.key,
            pairs.len(),
            sum_d,
            sum_b,
            sum_d / sum_b,
            ratio(worst),
            worst.0.name,
            above_half,
            slower,
            mem.3,
            mem.0.name,
            over5
        );
    }
    let differ: Vec<&str> = rows.iter().filter(|r| r.check.starts_with("DIFFERS")).map(|r| r.name.as_str()).collect();
    let compared = rows.iter().filter(|r| r.check == "same" || r.check.starts_with("DIFFERS")).count();
    let unchecked = rows.iter().filter(|r| r.check.starts_with("rnd")).count();
    println!(
        "outputs: {compared} scripts compared with dealer 1.24, {} differ{}; {unchecked} draw rnd (dealbench's own stream) and were not compared",
        differ.len(),
        if differ.is_empty() { String::new() } else { format!(": {}", differ.join(", ")) },
    );
}
