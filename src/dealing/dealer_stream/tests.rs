use super::*;
use crate::cards::parse_deal;

fn lines(seed: i64, predeal: &[(Seat, Card)], n: usize) -> Vec<String> {
    let mut s = DealerStream::new(seed, predeal);
    (0..n).map(|_| s.next_deal().oneline()).collect()
}

fn predeal(seat: usize, holding: &str) -> Vec<(Seat, Card)> {
    let seat = Seat::from_index(seat);
    let suit = crate::cards::suit_of_char(holding.as_bytes()[0]).unwrap();
    holding[1..].bytes().map(|r| (seat, Card::new(suit, crate::cards::rank_of_char(r).unwrap()))).collect()
}

#[test]
fn seed_1_matches_dealer_exe() {
    let got = lines(1, &[], 10);
    assert_eq!(got[0], "n AKQT3.J6.KJ42.95 e 652.AK42.AQ87.T4 s J74.QT95.T.AK863 w 98.873.9653.QJ72");
    assert_eq!(got[4], "n AKQJT92.6.QT3.42 e .A9432.AJ754.KQ6 s 843.T.K86.J98753 w 765.KQJ875.92.AT");
    assert_eq!(got[9], "n A843.752.AQ4.J32 e 2.T98.7.AKQT9874 s QJ75.63.J98632.5 w KT96.AKQJ4.KT5.6");
}

#[test]
fn seeds_42_123_and_minus_one() {
    assert_eq!(lines(42, &[], 3)[2], "n 53.Q762.954.AK84 e A862.AT94.A7.QJ7 s KJ974.J8.Q62.T96 w QT.K53.KJT83.532");
    assert_eq!(lines(123, &[], 1)[0], "n T8.953.43.KQJ972 e K.42.KT8652.8653 s J976542.KQT7.J9. w AQ3.AJ86.AQ7.AT4");
    assert_eq!(lines(-1, &[], 1)[0], "n J97.T63.KQ52.JT5 e Q3.A954.J7.A7632 s K542.K.984.KQ984 w AT86.QJ872.AT63.");
}

#[test]
fn predeal_north_and_south() {
    let mut p = predeal(0, "SAK");
    p.extend(predeal(0, "HQ"));
    p.extend(predeal(2, "HA"));
    let got = lines(1, &p, 3);
    assert_eq!(got[0], "n AKJ7.Q.A542.AK87 e 8.KJ874.QJT87.T9 s T963.A95.K96.J64 w Q542.T632.3.Q532");
    assert_eq!(got[2], "n AK5.QJ97.KJ73.87 e JT864.K2.Q54.AJ6 s Q9.A65.A9862.T42 w 732.T843.T.KQ953");
}

#[test]
fn predeal_full_west_hand() {
    let got = lines(1, &predeal(3, "SAKQJT98765432"), 2);
    assert_eq!(got[1], "n .AK9853.962.KQ65 e .Q764.KJ853.AT97 s .JT2.AQT74.J8432 w AKQJT98765432...");
}

#[test]
fn all_52_predealt_gives_the_fixed_deal() {
    let d = parse_deal("n AKQT3.J6.KJ42.95 e 652.AK42.AQ87.T4 s J74.QT95.T.AK863 w 98.873.9653.QJ72").unwrap();
    let p: Vec<(Seat, Card)> = Seat::ALL.into_iter().flat_map(|s| d.hands[s].cards().map(move |c| (s, c))).collect();
    let mut st = DealerStream::new(7, &p);
    assert_eq!(st.next_deal(), d);
    assert_eq!(st.next_deal(), d);
}

#[test]
fn blocks_recompose_the_stream() {
    let mut p = predeal(0, "SAKQ");
    p.extend(predeal(2, "HT98765"));
    let all: Vec<(Seat, Card)> = (0..52).map(|c| (Seat::from_index(c as usize / 13), Card(c))).collect();
    for pre in [vec![], p, all] {
        let mut seq = DealerStream::new(5, &pre);
        let mut cutter = DealerStream::new(5, &pre);
        let mut c = cutter.slots();
        for size in [1, 7, 300, 0, 2, 1000] {
            let block = cutter.split_block(size);
            let mut perms = Vec::new();
            let total = cutter.block_perms(&block, &mut perms);
            assert_eq!(perms.len(), size as usize);
            let bits = slot_bits(&c);
            for p in &perms {
                assert_eq!(Deal::from_slots_with(p, &bits), seq.next_deal());
            }
            c = compose(&c, &total);
        }
        assert_eq!(cutter.random31(), seq.random31(), "the generator ends where the sequential one does");
    }
}

/// dealer.c's `zero52` as it builds it: the free slots repeated, 0xFF for the rejected tail.
fn build_zero52(stacked: &[u8; 52]) -> Vec<u8> {
    let mut z = vec![NONE; 65536];
    if stacked.iter().all(|&s| s != NONE) {
        return z;
    }
    let (mut val, mut icyc) = (0usize, 0usize);
    for (i, e) in z.iter_mut().enumerate() {
        while stacked[val] != NONE {
            val += 1;
            if val == 52 {
                val = 0;
                icyc = i;
            }
        }
        *e = val as u8;
        val += 1;
        if val == 52 {
            val = 0;
            icyc = i + 1;
        }
    }
    z[icyc..].fill(NONE);
    z
}

#[test]
fn draws_match_dealer_c_slot_table() {
    // none, a few, 20 (32 free: 65536 is whole rounds), West's 13 and 19 more (slot 51 stacked).
    let sets: [Vec<usize>; 5] =
        [vec![], vec![0, 1, 26], (0..20).collect(), (39..52).chain(0..7).collect(), (0..52).collect()];
    for stackedset in sets {
        let mut stacked = [NONE; 52];
        stackedset.iter().for_each(|&s| stacked[s] = 1);
        let free: Vec<u8> = (0..52u8).filter(|&s| stacked[s as usize] == NONE).collect();
        let draw = Draw::new(free.len() as u32, reject_from(&stacked));
        let z = build_zero52(&stacked);
        for v in 0..65536u32 {
            let got = if v < draw.limit { free[usize::from(draw.slot(v))] } else { NONE };
            assert_eq!(got, z[v as usize], "{} stacked, v = {v}", stackedset.len());
        }
    }
}
