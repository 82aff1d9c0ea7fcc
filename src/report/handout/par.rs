//! Par as the handout prints it: `Par: N-S +110`, then each par contract on a line of its own
//! with its suit's symbol: `2♠ by N-S`, `3NT by N-S, 1 over`, `5♣ doubled by E-W, 2 down`.

use crate::cards::Suit;

/// A piece of a printed line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Piece {
    /// Text in the regular font.
    Text(String),
    /// A suit's symbol.
    Suit(Suit),
}

/// The lines of a board's par as the set gives it (`CONTRACTS (NS SCORE)`, contracts as
/// `4S*-EW-1`, comma-separated); what does not read so is printed as written.
pub fn lines(par: &str) -> Vec<Vec<Piece>> {
    let (contracts, score) = match par.rsplit_once(" (") {
        Some((c, s)) => (c, Some(s.trim_end_matches(')'))),
        None => (par, None),
    };
    let head = score.map_or_else(|| "Par:".to_string(), |s| format!("Par: {}", score_text(s)));
    let mut out = vec![vec![Piece::Text(head)]];
    for c in contracts.split(',').map(str::trim).filter(|c| !c.is_empty()) {
        out.push(contract(c).unwrap_or_else(|| vec![Piece::Text(c.to_string())]));
    }
    out
}

/// `NS 300` as `N-S +300`, `NS -420` as `E-W +420`.
fn score_text(s: &str) -> String {
    match s.trim().strip_prefix("NS").map(|n| n.trim().parse::<i32>()) {
        Some(Ok(0)) => "0".into(),
        Some(Ok(n)) if n > 0 => format!("N-S +{n}"),
        Some(Ok(n)) => format!("E-W +{}", -n),
        _ => s.to_string(),
    }
}

/// `5C*-EW-2` as `5♣ doubled by E-W, 2 down`; `pass` as `passed out`.
fn contract(c: &str) -> Option<Vec<Piece>> {
    if c == "pass" {
        return Some(vec![Piece::Text("passed out".into())]);
    }
    let (bid, rest) = c.split_once('-')?;
    let mut chars = bid.chars();
    let level = chars.next().filter(|l| ('1'..='7').contains(l))?;
    let strain = chars.next()?;
    let doubled = chars.as_str();
    let (seats, result) = match rest.find(['+', '-']) {
        Some(i) => (&rest[..i], &rest[i..]),
        None => (rest, ""),
    };
    let seats = match seats {
        "NS" => "N-S",
        "EW" => "E-W",
        "N" | "S" | "E" | "W" => seats,
        _ => return None,
    };
    let mut pieces = vec![Piece::Text(level.to_string())];
    match strain {
        'N' => pieces.push(Piece::Text("NT".into())),
        s => pieces.push(Piece::Suit(Suit::ALL.into_iter().find(|x| x.letter() == s)?)),
    }
    let doubled = match doubled {
        "" => "",
        "*" => " doubled",
        "**" => " redoubled",
        _ => return None,
    };
    let result = match result.parse::<i32>() {
        Ok(n) if n > 0 => format!(", {n} over"),
        Ok(n) if n < 0 => format!(", {} down", -n),
        _ if result.is_empty() => String::new(),
        _ => return None,
    };
    pieces.push(Piece::Text(format!("{doubled} by {seats}{result}")));
    Some(pieces)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plain(line: &[Piece]) -> String {
        line.iter()
            .map(|p| match p {
                Piece::Text(t) => t.clone(),
                Piece::Suit(s) => ["♣", "♦", "♥", "♠"][*s as usize].to_string(),
            })
            .collect()
    }

    #[test]
    fn par_reads_as_words_with_suit_symbols() {
        let all = |p: &str| lines(p).iter().map(|l| plain(l)).collect::<Vec<_>>();
        assert_eq!(all("2S-NS (NS 110)"), ["Par: N-S +110", "2♠ by N-S"]);
        assert_eq!(all("5C*-EW-2 (NS 300)"), ["Par: N-S +300", "5♣ doubled by E-W, 2 down"]);
        assert_eq!(all("3N-NS+1,4H-N (NS 430)"), ["Par: N-S +430", "3NT by N-S, 1 over", "4♥ by N"]);
        assert_eq!(all("4S-EW (NS -420)"), ["Par: E-W +420", "4♠ by E-W"]);
        assert_eq!(all("pass (NS 0)"), ["Par: 0", "passed out"]);
        assert_eq!(all("4Q-XY"), ["Par:", "4Q-XY"], "what does not read is printed as written");
    }
}
