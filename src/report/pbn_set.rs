//! PBN for a set: a `% PBN 2.1` header, then one tag section a board with printpbn's tags
//! (dealer 1.24's order), an unknown date so that the file depends on the deals alone, and
//! the deal given from the dealer's seat.

use super::set::Board;
use std::fmt::Write;

/// What the file holds before the first board.
pub const HEADER: &str = "% PBN 2.1\n% Exported by dealbench\n\n";

/// Appends one board's tag section and the blank line that ends it; `event` is already a
/// tag value ([`tag_value`]).
pub fn board(out: &mut String, board: &Board, event: &str) {
    let first = board.dealer;
    let hands: Vec<String> = (0..4).map(|i| board.deal.hands[first.after(i)].dotted()).collect();
    let _ = writeln!(out, "[Event \"{event}\"]\n[Site \"-\"]\n[Date \"????.??.??\"]\n[Board \"{}\"]", board.number);
    let deal = format!("{}:{}", first.letter(), hands.join(" "));
    super::deal::table_tags(out, first, board.vulnerable, &deal);
}

/// Text as a PBN tag value: `\` and `"` escaped with a backslash, line breaks and other
/// control characters as spaces.
pub fn tag_value(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\\' | '"' => {
                out.push('\\');
                out.push(c);
            }
            c if c.is_control() => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::{Seat, Vul, parse_deal};

    #[test]
    fn the_deal_starts_with_the_dealer() {
        let deal = parse_deal("N:AKQT3.J6.KJ42.95 652.AK42.AQ87.T4 J74.QT95.T.AK863 98.873.9653.QJ72").unwrap();
        let mut out = String::new();
        board(&mut out, &Board { number: 3, dealer: Seat::West, vulnerable: Vul::EW, deal }, "Set");
        let want = "[Event \"Set\"]\n[Site \"-\"]\n[Date \"????.??.??\"]\n[Board \"3\"]\n\
                    [West \"-\"]\n[North \"-\"]\n[East \"-\"]\n[South \"-\"]\n[Dealer \"W\"]\n[Vulnerable \"EW\"]\n\
                    [Deal \"W:98.873.9653.QJ72 AKQT3.J6.KJ42.95 652.AK42.AQ87.T4 J74.QT95.T.AK863\"]\n\
                    [Declarer \"?\"]\n[Contract \"?\"]\n[Result \"?\"]\n\n";
        assert_eq!(out, want);
    }

    #[test]
    fn tag_values_escape_quotes_and_backslashes() {
        assert_eq!(tag_value("a \"b\" \\ c\nd"), "a \\\"b\\\" \\\\ c d");
    }
}
