//! `run --leads`: the lead table against figures computed here from DDS's all-leads results
//! (`../shared/golden/dd/leads/list100-N-S.leads`), for a leader whose hand varies (suit rows)
//! and one whose hand is fixed (card rows).

mod common;

/// A deal (`N:…`) with each card's declarer tricks, in the file's order (spades first, ace down).
type Leads = (String, Vec<(String, u32)>);

/// The first `n` golden deals.
fn golden(n: usize) -> Option<Vec<Leads>> {
    let dir = common::shared("golden/dd/leads")?;
    let text = std::fs::read_to_string(dir.join("list100-N-S.leads")).unwrap();
    let deals = text.lines().take(n).map(|l| {
        let (deal, leads) = l.split_once('|').unwrap();
        let cards = leads
            .split_whitespace()
            .map(|c| {
                let (card, t) = c.split_once(':').unwrap();
                (card.to_string(), t.parse().unwrap())
            })
            .collect();
        (deal.to_string(), cards)
    });
    Some(deals.collect())
}

/// A row's figures from (tricks, best) pairs for a contract needing `needed` tricks.
fn row(label: &str, pairs: &[(u32, u32)], needed: u32, diff: bool) -> String {
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

/// Runs `--leads 4S:N` over `deals` (one `N:` deal a line); the lead table's rows.
fn run(deals: &[String]) -> Vec<String> {
    let dir = common::Scratch::new("leads-study");
    std::fs::write(dir.join("in.txt"), deals.join("\n") + "\n").unwrap();
    std::fs::write(dir.join("s.dl"), "condition 1\n").unwrap();
    let out = common::dealbench(&dir, &["run", "s.dl", "--deals", "in.txt", "--leads", "4S:N"]);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).unwrap();
    let at = text.find("Opening leads against 4S by North (East leads)").unwrap_or_else(|| panic!("{text}"));
    text[at..].lines().skip(2).map(str::to_string).collect()
}

#[test]
fn suit_rows_when_the_leader_varies() {
    let Some(g) = golden(30) else { return };
    let mut want = Vec::new();
    let best: Vec<u32> = g.iter().map(|(_, c)| c.iter().map(|x| x.1).min().unwrap()).collect();
    for suit in ["S", "H", "D", "C"] {
        let pairs: Vec<(u32, u32)> = g
            .iter()
            .zip(&best)
            .filter_map(|((_, c), &b)| c.iter().filter(|x| x.0.starts_with(suit)).map(|x| x.1).min().map(|t| (t, b)))
            .collect();
        if !pairs.is_empty() {
            want.push(row(suit, &pairs, 10, true));
        }
    }
    let pairs: Vec<(u32, u32)> = best.iter().map(|&b| (b, b)).collect();
    want.push(row("best", &pairs, 10, false));
    assert_eq!(run(&g.iter().map(|d| d.0.clone()).collect::<Vec<_>>()), want);
}

#[test]
fn card_rows_when_the_leader_is_fixed() {
    let Some(g) = golden(1) else { return };
    let (deal, cards) = &g[0];
    let best = cards.iter().map(|x| x.1).min().unwrap();
    let mut want: Vec<String> = cards.iter().map(|(c, t)| row(c, &[(*t, best); 3], 10, true)).collect();
    want.push(row("best", &[(best, best); 3], 10, false));
    assert_eq!(run(&[deal.clone(), deal.clone(), deal.clone()]), want);
}
