//! `run --leads`: the lead table against figures computed here from DDS's all-leads results
//! (`../shared/golden/dd/leads/list100-N-S.leads`), for a leader whose hand varies (suit rows)
//! and one whose hand is fixed (card rows).

mod common;

use common::golden_leads::{Leads, golden_leads, lead_row, suit_rows};

/// The first `n` deals of list100 with every lead against 4S by North.
fn golden(n: usize) -> Option<Vec<Leads>> {
    golden_leads("list100-N-S.leads", n)
}

/// A row's figures from (tricks, best) pairs, 4S needing ten tricks.
fn row(label: &str, pairs: &[(u32, u32)], diff: bool) -> String {
    lead_row(label, pairs, 10, diff)
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
    let want = suit_rows(&g, 10);
    assert_eq!(run(&g.iter().map(|d| d.0.clone()).collect::<Vec<_>>()), want);
}

#[test]
fn card_rows_when_the_leader_is_fixed() {
    let Some(g) = golden(1) else { return };
    let (deal, cards) = &g[0];
    let best = cards.iter().map(|x| x.1).min().unwrap();
    let mut want: Vec<String> = cards.iter().map(|(c, t)| row(c, &[(*t, best); 3], true)).collect();
    want.push(row("best", &[(best, best); 3], false));
    assert_eq!(run(&[deal.clone(), deal.clone(), deal.clone()]), want);
}
