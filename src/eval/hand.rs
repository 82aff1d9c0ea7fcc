//! Hand functions: count-table rows by lookup, losers, suit quality and CCCC.

use crate::cards::{Hand, Suit};

/// Row sums of the count table for every 13-bit suit holding, as the sum of two smaller tables
/// (ranks 2 to 8, ranks 9 to ace): 9 kB for the 12 rows, where one table per holding took
/// 384 kB of memory that every run touched in full.
pub struct CountTables {
    rows: Box<[Row; 12]>,
}

/// One row's sums: `low[bits & 127] + high[bits >> 7]`.
struct Row {
    low: [i32; 128],
    high: [i32; 64],
}

impl CountTables {
    /// Tables for a count table of 12 rows × 13 ranks.
    pub fn new(counts: &[[i32; 13]; 12]) -> CountTables {
        let sum = |row: &[i32], bits: usize| (0..row.len()).filter(|r| bits & (1 << r) != 0).map(|r| row[r]).sum();
        let rows = counts.map(|row| Row {
            low: std::array::from_fn(|bits| sum(&row[..7], bits)),
            high: std::array::from_fn(|bits| sum(&row[7..], bits)),
        });
        CountTables { rows: Box::new(rows) }
    }

    /// The row's sum over one suit holding.
    #[inline]
    pub fn suit(&self, row: usize, bits: u16) -> i32 {
        let r = &self.rows[row];
        r.low[usize::from(bits & 127)] + r.high[usize::from(bits >> 7) & 63]
    }

    /// The row's sum over a hand, or over one suit of it.
    #[inline]
    pub fn hand(&self, row: usize, hand: Hand, suit: Option<Suit>) -> i32 {
        match suit {
            Some(s) => self.suit(row, hand.suit(s)),
            None => Suit::ALL.into_iter().map(|s| self.suit(row, hand.suit(s))).sum(),
        }
    }

    /// Losers of one suit: length and the controls (row 1) and top3 (row 8) sums.
    pub fn suit_losers(&self, bits: u16) -> i32 {
        let ctl = self.suit(1, bits);
        match bits.count_ones() {
            0 => 0,
            1 => [1, 1, 0][ctl.clamp(0, 2) as usize],
            2 => [2, 1, 1, 0][ctl.clamp(0, 3) as usize],
            _ => 3 - self.suit(8, bits),
        }
    }

    /// Losers of a hand or one suit.
    pub fn losers(&self, hand: Hand, suit: Option<Suit>) -> i32 {
        match suit {
            Some(s) => self.suit_losers(hand.suit(s)),
            None => Suit::ALL.into_iter().map(|s| self.suit_losers(hand.suit(s))).sum(),
        }
    }
}

const ACE: u16 = 1 << 12;
const KING: u16 = 1 << 11;
const QUEEN: u16 = 1 << 10;
const JACK: u16 = 1 << 9;
const TEN: u16 = 1 << 8;
const NINE: u16 = 1 << 7;
const EIGHT: u16 = 1 << 6;

/// Bridge World suit quality × 100.
pub fn quality(bits: u16) -> i32 {
    let len = bits.count_ones() as i32;
    let sf = len * 10;
    let has = |c: u16| bits & c != 0;
    let (mut qual, mut hh) = (0, 0);
    for (card, mult) in [(ACE, 4), (KING, 3), (QUEEN, 2), (JACK, 1)] {
        if has(card) {
            qual += mult * sf;
            hh += 1;
        }
    }
    if len > 6 {
        let mut rc = 3;
        if has(QUEEN) {
            rc -= 2;
        }
        if has(JACK) {
            rc -= 1;
        }
        qual += rc.min(len - 6) * sf;
    } else {
        if has(TEN) {
            qual += if hh > 1 || has(JACK) { sf } else { sf / 2 };
        }
        if has(NINE) && (hh == 2 || has(TEN) || has(EIGHT)) {
            qual += sf / 2;
        }
    }
    qual
}

/// Bridge World hand evaluation × 100.
pub fn cccc(hand: Hand) -> i32 {
    let (mut eval, mut sp) = (0, 0);
    for s in Suit::ALL {
        let bits = hand.suit(s);
        let len = bits.count_ones() as i32;
        let has = |c: u16| bits & c != 0;
        if len < 3 {
            sp += (3 - len) * 100;
        }
        let mut hh = 0;
        if has(ACE) {
            eval += 300;
            hh += 1;
        }
        if has(KING) {
            eval += 200;
            if len == 1 {
                eval -= 150;
            }
            hh += 1;
        }
        if has(QUEEN) {
            eval += 100;
            if len == 1 {
                eval -= 75;
            }
            if len == 2 {
                eval -= 25;
            }
            if hh == 0 {
                eval -= 25;
            }
            hh += 1;
        }
        if has(JACK) {
            eval += [0, 25, 50].get(hh).copied().unwrap_or(0);
            hh += 1;
        }
        if has(TEN) {
            if hh == 2 {
                eval += 25;
            }
            if hh == 1 && has(NINE) {
                eval += 25;
            }
        }
        eval += quality(bits);
    }
    if sp == 0 { eval - 50 } else { eval + sp - 100 }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::parse_deal;
    use crate::script::parser::DEFAULT_COUNTS;

    fn bits(ranks: &str) -> u16 {
        ranks.bytes().map(|r| 1u16 << crate::cards::rank_of_char(r).unwrap()).fold(0, |a, b| a | b)
    }

    #[test]
    fn rows_and_losers() {
        let t = CountTables::new(&DEFAULT_COUNTS);
        let d = parse_deal("n AKQT3.J6.KJ42.95 e 652.AK42.AQ87.T4 s J74.QT95.T.AK863 w 98.873.9653.QJ72").unwrap();
        assert_eq!(t.hand(0, d.hands[0], None), 14);
        assert_eq!(t.hand(0, d.hands[0], Some(Suit::Spades)), 9);
        assert_eq!(t.hand(1, d.hands[1], None), 5);
        assert_eq!(t.hand(11, d.hands[0], None), 6 + 4 + 2 + 1 + 4 + 1);
        // losers: AKQT3 0, J6 2, KJ42 2, 95 2
        assert_eq!(t.losers(d.hands[0], None), 6);
        assert_eq!(t.suit_losers(bits("A")), 0);
        assert_eq!(t.suit_losers(bits("K")), 1);
        assert_eq!(t.suit_losers(bits("AK")), 0);
        assert_eq!(t.suit_losers(bits("K2")), 1);
        assert_eq!(t.suit_losers(bits("Q32")), 2);
    }

    #[test]
    fn row_sums_for_every_holding() {
        let mut counts = DEFAULT_COUNTS;
        counts[3] = std::array::from_fn(|r| (r as i32 + 1) * 7 - 40);
        let t = CountTables::new(&counts);
        for (row, weights) in counts.iter().enumerate() {
            for bits in 0..8192u16 {
                let want: i32 = (0..13).filter(|r| bits & (1 << r) != 0).map(|r| weights[r]).sum();
                assert_eq!(t.suit(row, bits), want, "row {row}, holding {bits:#b}");
            }
        }
    }

    #[test]
    fn quality_examples() {
        // AKQJT98: len 7, SF 70: honours 4+3+2+1 = 700, RC = 3-2-1 = 0 -> 700
        assert_eq!(quality(bits("AKQJT98")), 700);
        // KT9: len 3, SF 30: K 90; T with HH 1, no J: 15; 9 with T: 15 -> 120
        assert_eq!(quality(bits("KT9")), 120);
        // A8765432: len 8, SF 80: A 320; RC 3 min 2 = 2 -> 160 -> 480
        assert_eq!(quality(bits("A8765432")), 480);
        assert_eq!(quality(0), 0);
    }

    #[test]
    fn cccc_balanced_hand() {
        // S AK32 H Q32 D 432 C 432: no short suit -> -50
        let h = parse_deal("N:AK32.Q32.432.432 QJT9.AKJ.AKQJ.AK 8765.T98.T98.QJT 4.7654.765.98765").unwrap().hands[0];
        // spades A 300 + K 200 + quality(AK32)=4*40+3*40=280; hearts Q: 100-25(no HH) + quality 60
        // diamonds, clubs: 0; no shortness: -50
        assert_eq!(cccc(h), 300 + 200 + 280 + 75 + 60 - 50);
    }
}
