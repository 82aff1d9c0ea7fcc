//! End-of-run reports: averages, frequency tables, statistics lines in dealer 1.24's formats.

use crate::run::stats::{AverageStat, FrequencyStat};
use std::fmt::Write;

/// C's `%g`: six significant digits, exponent form outside 1e-4..1e6, no trailing zeros.
pub fn fmt_g(v: f64) -> String {
    if v.is_nan() {
        return if v.is_sign_negative() { "-nan" } else { "nan" }.to_string();
    }
    if v.is_infinite() {
        return if v < 0.0 { "-inf" } else { "inf" }.to_string();
    }
    if v == 0.0 {
        return if v.is_sign_negative() { "-0" } else { "0" }.to_string();
    }
    let sci = format!("{v:.5e}");
    let (mant, exp) = sci.split_once('e').unwrap_or((&sci, "0"));
    let exp: i32 = exp.parse().unwrap_or(0);
    if !(-4..6).contains(&exp) {
        let mant = trim_zeros(mant);
        let sign = if exp < 0 { '-' } else { '+' };
        return format!("{mant}e{sign}{:02}", exp.abs());
    }
    let decimals = (5 - exp).max(0) as usize;
    trim_zeros(&format!("{v:.decimals$}")).to_string()
}

fn trim_zeros(s: &str) -> &str {
    if s.contains('.') { s.trim_end_matches('0').trim_end_matches('.') } else { s }
}

/// `average`: `label: ` and the mean.
pub fn average(out: &mut String, a: &AverageStat) {
    if let Some(l) = &a.label {
        let _ = write!(out, "{l}: ");
    }
    let mean = if a.count == 0 { -f64::NAN } else { a.mean() };
    let _ = writeln!(out, "{}", fmt_g(mean));
}

/// A 1-D or 2-D frequency table.
pub fn frequency(out: &mut String, f: &FrequencyStat) {
    let _ = writeln!(out, "Frequency {}:", f.label.as_deref().unwrap_or(""));
    match f.cols {
        None => one_dimension(out, f),
        Some(_) => two_dimensions(out, f),
    }
}

fn one_dimension(out: &mut String, f: &FrequencyStat) {
    let w = f.rows.width();
    if f.cell(0, 0) != 0 {
        let _ = writeln!(out, "Low\t{:8}", f.cell(0, 0));
    }
    for i in 0..w {
        let _ = writeln!(out, "{:5}\t{:8}", f.rows.low + i as i64, f.cell(i + 1, 0));
    }
    if f.cell(w + 1, 0) != 0 {
        let _ = writeln!(out, "High\t{:8}", f.cell(w + 1, 0));
    }
}

fn two_dimensions(out: &mut String, f: &FrequencyStat) {
    let (rows, cols) = (f.rows.width() + 2, f.col_buckets());
    let c = f.cols.unwrap_or(f.rows);
    out.push_str("        Low");
    for v in c.low..=c.high {
        let _ = write!(out, " {v:6}");
    }
    out.push_str("   High    Sum\n");
    let mut col_sums = vec![0u64; cols];
    for r in 0..rows {
        let label = match r {
            0 => "Low ".to_string(),
            _ if r == rows - 1 => "High".to_string(),
            _ => format!("{:4}", f.rows.low + r as i64 - 1),
        };
        out.push_str(&label);
        let mut sum = 0;
        for (j, cs) in col_sums.iter_mut().enumerate() {
            let v = f.cell(r, j);
            let _ = write!(out, " {v:6}");
            sum += v;
            *cs += v;
        }
        let _ = writeln!(out, " {sum:6}");
    }
    out.push_str("Sum ");
    for v in &col_sums {
        let _ = write!(out, " {v:6}");
    }
    let _ = writeln!(out, " {:6}\n", col_sums.iter().sum::<u64>());
}

/// The four statistics lines.
pub fn summary(out: &mut String, generated: u64, produced: u64, seed: &str, seconds: f64) {
    let _ = write!(
        out,
        "Generated {generated} hands\nProduced {produced} hands\nInitial random seed {seed}\nTime needed {seconds:8.3} sec\n"
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percent_g_like_c() {
        assert_eq!(fmt_g(9.88), "9.88");
        assert_eq!(fmt_g(10.265), "10.265");
        assert_eq!(fmt_g(1234567.0), "1.23457e+06");
        assert_eq!(fmt_g(0.0001234), "0.0001234");
        assert_eq!(fmt_g(0.00001234), "1.234e-05");
        assert_eq!(fmt_g(100000.0), "100000");
        assert_eq!(fmt_g(2.5), "2.5");
        assert_eq!(fmt_g(-3.0), "-3");
        assert_eq!(fmt_g(-f64::NAN), "-nan");
        assert_eq!(fmt_g(6.473), "6.473");
        assert_eq!(fmt_g(1.0 / 3.0), "0.333333");
    }
}
