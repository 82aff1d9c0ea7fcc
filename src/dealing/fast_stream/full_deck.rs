//! The shuffle of a deal with nothing predealt, unrolled: an inside-out Fisher–Yates over the
//! 52 card indices whose source is the seat labels `i / 13`, so each step is one draw, one
//! load and two stores, with every bound and position known at compile time.

use super::draws::Counter;

/// Fills `lab[..52]` with a uniformly random arrangement of 13 labels of each seat.
#[inline(always)]
pub(super) fn shuffle(lab: &mut [u8; 64], rng: &mut Counter) {
    lab[0] = 0;
    steps::<1, 8>(lab, rng);
    steps::<9, 8>(lab, rng);
    steps::<17, 8>(lab, rng);
    steps::<25, 8>(lab, rng);
    steps::<33, 8>(lab, rng);
    steps::<41, 8>(lab, rng);
    steps::<49, 3>(lab, rng);
}

/// Steps `S..S + T`: step `i` draws `j` in `0..=i`, moves `lab[j]` to `i` and puts `i`'s label at `j`.
#[inline(always)]
fn steps<const S: usize, const T: usize>(lab: &mut [u8; 64], rng: &mut Counter) {
    let threshold = const { threshold(S, T) };
    let js = loop {
        let mut x = rng.next();
        let mut js = [0usize; T];
        for (d, j) in js.iter_mut().enumerate() {
            let m = u128::from(x) * (S + d + 1) as u128;
            *j = (m >> 64) as usize & 63;
            x = m as u64;
        }
        if x >= threshold {
            break js;
        }
    };
    for (d, &j) in js.iter().enumerate() {
        let i = S + d;
        lab[i] = lab[j];
        lab[j] = (i / 13) as u8;
    }
}

/// `2^64 mod` the product of the bounds `S + 1 ..= S + T`.
const fn threshold(s: usize, t: usize) -> u64 {
    let mut product = 1u64;
    let mut d = 0;
    while d < t {
        product *= (s + d + 1) as u64;
        d += 1;
    }
    product.wrapping_neg() % product
}

/// Hand bits (`suit * 16 + rank`) from bits by card index (`suit * 13 + rank`).
#[inline(always)]
pub(super) fn spread(m: u64) -> u64 {
    (m & 0x1FFF) | ((m << 3) & 0x1FFF << 16) | ((m << 6) & 0x1FFF << 32) | ((m << 9) & 0x1FFF << 48)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thirteen_of_each_label() {
        for i in 0..100 {
            let mut lab = [0xFF; 64];
            shuffle(&mut lab, &mut Counter::for_deal(3, i));
            for s in 0..4 {
                assert_eq!(lab[..52].iter().filter(|&&l| l == s).count(), 13);
            }
            assert!(lab[52..].iter().all(|&l| l == 0xFF));
        }
    }

    #[test]
    fn spread_moves_each_suit_to_its_16_bits() {
        assert_eq!(spread(1), 1);
        assert_eq!(spread(1 << 12), 1 << 12);
        assert_eq!(spread(1 << 13), 1 << 16);
        assert_eq!(spread(1 << 51), 1 << 60);
        assert_eq!(spread((1 << 52) - 1).count_ones(), 52);
    }
}
