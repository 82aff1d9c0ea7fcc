//! DDS's all-leads results (`../shared/golden/dd/leads/`) and the lead table's rows as the tests
//! compute them from those results.
#![allow(dead_code)]

/// A deal (`N:…`) with each card the leader can lead and declarer's tricks after it, in the
/// file's order (spades first, ace down).
pub type Leads = (String, Vec<(String, u32)>);

/// The first `n` deals of `golden/dd/leads/FILE`; `None` without ../shared.
pub fn golden_leads(file: &str, n: usize) -> Option<Vec<Leads>> {
    let dir = super::shared("golden/dd/leads")?;
    let text = std::fs::read_to_string(dir.join(file)).unwrap();
    let deal = |l: &str| {
        let (deal, leads) = l.split_once('|').unwrap();
        let cards = leads.split_whitespace().map(|c| c.split_once(':').unwrap());
        (deal.to_string(), cards.map(|(c, t)| (c.to_string(), t.parse().unwrap())).collect())
    };
    Some(text.lines().take(n).map(deal).collect())
}

/// A row's figures from (tricks, best) pairs for a contract needing `needed` tricks: deals,
/// mean tricks, set %, and with `diff` the mean tricks lost against the best lead ± its s.e.
pub fn lead_row(label: &str, pairs: &[(u32, u32)], needed: u32, diff: bool) -> String {
    let n = pairs.len() as f64;
    let tricks: u32 = pairs.iter().map(|p| p.0).sum();
    let set = pairs.iter().filter(|p| p.0 < needed).count();
    let mut s = format!("{label:<5}{:>8} {:>7.2} {:>6.1}", pairs.len(), f64::from(tricks) / n, 100.0 * set as f64 / n);
    if diff {
        let lost: Vec<f64> = pairs.iter().map(|p| f64::from(p.0 - p.1)).collect();
        let mean = lost.iter().sum::<f64>() / n;
        let var = lost.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0);
        s += &format!("  +{mean:.2} ± {:.2}", (var / n).sqrt());
    }
    s
}

/// The rows of a leader whose hand varies: per suit the best card of that suit on each deal
/// where the leader holds it, then `best`, the double-dummy result.
pub fn suit_rows(deals: &[Leads], needed: u32) -> Vec<String> {
    let best: Vec<u32> = deals.iter().map(|(_, c)| c.iter().map(|x| x.1).min().unwrap()).collect();
    let mut rows = Vec::new();
    for suit in ["S", "H", "D", "C"] {
        let pairs: Vec<(u32, u32)> = deals
            .iter()
            .zip(&best)
            .filter_map(|((_, c), &b)| c.iter().filter(|x| x.0.starts_with(suit)).map(|x| x.1).min().map(|t| (t, b)))
            .collect();
        if !pairs.is_empty() {
            rows.push(lead_row(suit, &pairs, needed, true));
        }
    }
    let pairs: Vec<(u32, u32)> = best.iter().map(|&b| (b, b)).collect();
    rows.push(lead_row("best", &pairs, needed, false));
    rows
}
