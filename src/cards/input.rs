//! Reading deals from a file: PBN (`[Deal "N:…"]`), dealer's oneline (`n … e … s … w …`),
//! bare PBN deal strings (`N:…`), and BBO LIN (`md|…|`).

use super::{Card, Deal, Hand, parse_deal};

/// A record that could not be read: its 1-based line and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadRecord {
    /// 1-based line number.
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

/// The deals of a file in order, with their line numbers, and the records that were not deals.
pub fn read_deals(text: &str) -> (Vec<(usize, Deal)>, Vec<BadRecord>) {
    let mut deals = Vec::new();
    let mut bad = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim();
        let found = if let Some(rest) = line.strip_prefix("[Deal \"") {
            Some(parse_deal(rest.trim_end_matches("\"]")).map_err(|e| e.0))
        } else if let Some(at) = line.find("md|") {
            Some(parse_lin(&line[at + 3..]))
        } else if is_oneline(line) || is_pbn_deal(line) {
            Some(parse_deal(line).map_err(|e| e.0))
        } else {
            None
        };
        match found {
            Some(Ok(d)) => deals.push((i + 1, d)),
            Some(Err(message)) => bad.push(BadRecord { line: i + 1, message }),
            None => {}
        }
    }
    (deals, bad)
}

fn is_oneline(line: &str) -> bool {
    line.starts_with("n ") && line.contains(" e ") && line.contains(" w ")
}

fn is_pbn_deal(line: &str) -> bool {
    let b = line.as_bytes();
    b.len() > 2 && b[1] == b':' && b"NESWnesw".contains(&b[0]) && line.contains('.')
}

/// LIN's `md` field: a dealer digit, then South, West, North (and optionally East) as `SxxHxxDxxCxx`.
fn parse_lin(field: &str) -> Result<Deal, String> {
    let field = field.split('|').next().unwrap_or("");
    let hands_text = field.get(1..).ok_or("empty md field")?;
    let seats = [2usize, 3, 0, 1];
    let mut deal = Deal::default();
    let parts: Vec<&str> = hands_text.split(',').collect();
    if parts.len() < 3 {
        return Err(format!("md|{field}|: expected at least three hands"));
    }
    for (k, part) in parts.iter().take(4).enumerate() {
        deal.hands[seats[k]] = lin_hand(part)?;
    }
    let used = deal.hands.iter().fold(0u64, |a, h| a | h.0);
    if deal.hands[1].is_empty() {
        deal.hands[1] = Hand((0..52u8).map(|c| Card(c).bit()).fold(0, |a, b| a | b) & !used);
    }
    if !deal.is_complete() {
        return Err(format!("md|{field}|: a deal needs 13 different cards in each hand"));
    }
    Ok(deal)
}

fn lin_hand(text: &str) -> Result<Hand, String> {
    let mut hand = Hand::default();
    let mut suit = None;
    for ch in text.bytes() {
        let up = ch.to_ascii_uppercase();
        if let Some(s) = super::suit_of_char(up) {
            suit = Some(s);
            continue;
        }
        let rank = super::rank_of_char(up).ok_or_else(|| format!("`{}` is not a rank in `{text}`", ch as char))?;
        let s = suit.ok_or_else(|| format!("`{text}`: ranks before a suit letter"))?;
        hand.add(Card::new(s, rank));
    }
    Ok(hand)
}

#[cfg(test)]
mod tests {
    use super::*;

    const LINE: &str = "n AKQT3.J6.KJ42.95 e 652.AK42.AQ87.T4 s J74.QT95.T.AK863 w 98.873.9653.QJ72";

    #[test]
    fn reads_pbn_oneline_and_lin() {
        let want = parse_deal(LINE).unwrap();
        let text = format!(
            "[Event \"x\"]\n[Deal \"N:AKQT3.J6.KJ42.95 652.AK42.AQ87.T4 J74.QT95.T.AK863 98.873.9653.QJ72\"]\n{LINE} \n\
             pn|a,b,c,d|md|3SJ74HQT95DTCAK863,S98H873D9653CQJ72,SAKQT3HJ6DKJ42C95,|rh||\n"
        );
        let (deals, bad) = read_deals(&text);
        assert!(bad.is_empty(), "{bad:?}");
        assert_eq!(deals.len(), 3);
        assert!(deals.iter().all(|(_, d)| *d == want));
        assert_eq!(deals.iter().map(|(l, _)| *l).collect::<Vec<_>>(), [2, 3, 4]);
    }

    #[test]
    fn bad_records_have_line_numbers() {
        let text =
            "[Deal \"N:AKQ.. 1 2 3\"]\nn AKQT3.J6.KJ42.95 e 652.AK42.AQ87.T4 s J74.QT95.T.AK863 w 98.873.9653.QJ7\n";
        let (deals, bad) = read_deals(text);
        assert!(deals.is_empty());
        assert_eq!(bad.iter().map(|b| b.line).collect::<Vec<_>>(), [1, 2]);
    }
}
