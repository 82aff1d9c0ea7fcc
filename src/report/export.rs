//! DealerV2_4's `export(side|compass)`: hands in its command-line predeal form,
//! `-E SQT,HK765,DAQT74,C97  -W SA7,HAQ43,DK832,CQJT ` (dealerv2/DealerV2_4
//! `deal_conversion_subs.c`, as its regression output `export_s127.ref` shows it).

use crate::cards::{Deal, Seat, Suit};

/// One line: each seat as `-X` and its non-void suits `S…,H…,D…,C…`, each hand followed by a
/// space, hands separated by one more space.
pub fn export(out: &mut String, seats: &[Seat], deal: &Deal) {
    for (i, &seat) in seats.iter().enumerate() {
        if i > 0 {
            out.push(' ');
        }
        out.push('-');
        out.push(seat.letter());
        out.push(' ');
        let hand = deal.hands[seat];
        let suits: Vec<String> = Suit::ALL
            .into_iter()
            .rev()
            .filter(|&s| hand.len(s) > 0)
            .map(|s| format!("{}{}", s.letter(), hand.suit_string(s)))
            .collect();
        out.push_str(&suits.join(","));
        out.push(' ');
    }
    out.push('\n');
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::parse_deal;

    #[test]
    fn side_and_void_as_dealerv2() {
        // export_s127.ref, deal 8 (a heart void): `-E SJT9853,D9865,CT73  -W SAQ4,HKT6,DA74,CQ962 `
        let d = parse_deal("N:K762.AQJ98753.2. JT9853..9865.T73 AQ4.KT6.A74.Q962 .42.KQJT3.AKJ854").unwrap();
        let mut out = String::new();
        export(&mut out, &[Seat::East, Seat::South], &d);
        assert_eq!(out, "-E SJT9853,D9865,CT73  -S SAQ4,HKT6,DA74,CQ962 \n");
        let mut one = String::new();
        export(&mut one, &[Seat::East], &d);
        assert_eq!(one, "-E SJT9853,D9865,CT73 \n");
    }
}
