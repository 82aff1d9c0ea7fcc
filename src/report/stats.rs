//! dealer 1.24's number format and its four statistics lines (each statistic prints its own
//! report: `run::stats`).

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
