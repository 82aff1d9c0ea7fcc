//! Richard Pavlicek's ZRD deal library records: 23 bytes a deal, with its double-dummy table.
//!
//! Bytes 0–12 hold 52 two-bit seat codes (`00` West, `01` North, `10` East, `11` South) for
//! SA, SK … S2, HA … C2: card k in byte k/4 at bits 2·(k mod 4). Bytes 13–22 hold 20 four-bit
//! tricks, strains NT, S, H, D, C, two bytes each: West's in the low nibble and North's in the
//! high nibble of the first, East's and South's of the second. A record whose bytes 0–3 are all
//! zero separates groups; an all-zero table means the deal was not solved.

use super::{Deal, Hand};

/// The size of a record.
pub const RECORD: usize = 23;

/// Seat index (N 0, E 1, S 2, W 3) of each two-bit code.
const SEAT_OF_CODE: [usize; 4] = [3, 0, 1, 2];

/// What a record holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ZrdRecord {
    /// A separator between groups of deals.
    Separator,
    /// A deal, with declarer's tricks by declarer (N, E, S, W) and strain (C, D, H, S, NT)
    /// when the record gives them.
    Deal(Deal, Option<[[u8; 5]; 4]>),
}

/// Decodes one record; an error says why it is not a deal.
pub fn decode(rec: &[u8; RECORD]) -> Result<ZrdRecord, String> {
    if rec[..4] == [0; 4] {
        return Ok(ZrdRecord::Separator);
    }
    let mut hands = [Hand::default(); 4];
    for k in 0..52 {
        let code = (rec[k / 4] >> (2 * (k % 4))) & 3;
        let (suit, rank) = (3 - k / 13, 12 - k % 13);
        hands[SEAT_OF_CODE[code as usize]].0 |= 1u64 << (suit * 16 + rank);
    }
    if let Some(h) = hands.iter().position(|h| h.count() != 13) {
        let seat = super::SEAT_NAMES[h];
        return Err(format!("{seat} holds {} cards, not 13", hands[h].count()));
    }
    let table = &rec[13..];
    if table.iter().all(|&b| b == 0) {
        return Ok(ZrdRecord::Deal(Deal { hands }, None));
    }
    let mut tricks = [[0u8; 5]; 4];
    for (i, strain) in [4, 3, 2, 1, 0].into_iter().enumerate() {
        let (a, b) = (table[2 * i], table[2 * i + 1]);
        // West low, North high; East low, South high.
        for (seat, v) in [(3, a & 15), (0, a >> 4), (1, b & 15), (2, b >> 4)] {
            if v > 13 {
                return Err(format!("a double-dummy cell holds {v}, over 13"));
            }
            tricks[seat][strain] = v;
        }
    }
    Ok(ZrdRecord::Deal(Deal { hands }, Some(tricks)))
}

/// Whether `bytes` (a whole file) reads as ZRD: a non-zero multiple of 23 bytes whose first
/// record decodes (a separator or a deal).
pub fn is_zrd(bytes: &[u8]) -> bool {
    !bytes.is_empty() && bytes.len().is_multiple_of(RECORD) && decode(bytes[..RECORD].try_into().expect("23")).is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::parse_deal;

    #[test]
    fn the_specs_example_record() {
        let rec = [
            0x72, 0x52, 0x7a, 0x0a, 0xe1, 0x7a, 0xe4, 0xf9, 0x52, 0xe0, 0x41, 0xfc, 0x7c, 0x49, 0x49, 0x49, 0x49, 0x2b,
            0x2a, 0x39, 0x39, 0x67, 0x67,
        ];
        let want = parse_deal("N:J873.J42.Q65.KT2 AT652.A976.AJ82. Q4.85.KT9.A87643 K9.KQT3.743.QJ95").unwrap();
        let ZrdRecord::Deal(deal, Some(t)) = decode(&rec).unwrap() else { panic!("a deal with a table") };
        assert_eq!(deal, want);
        // West in notrump takes 9, and every cell is the solver's.
        assert_eq!(t[3][4], 9);
        assert_eq!(crate::dd::Solver::new().table(&deal).unwrap().tricks, t);
        assert!(is_zrd(&rec));
        let mut sep = rec;
        sep[..4].fill(0);
        assert_eq!(decode(&sep).unwrap(), ZrdRecord::Separator);
        let mut short = rec;
        short[4] ^= 1;
        assert!(decode(&short).unwrap_err().contains("not 13"));
        let mut bad = rec;
        bad[13] = 0xfe;
        assert!(decode(&bad).unwrap_err().contains("over 13"));
    }
}
