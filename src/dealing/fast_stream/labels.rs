//! Reading hands off a table of seat labels laid out like a hand's bits.

/// The label of an unused bit (ranks past the ace).
pub(super) const NONE: u8 = 0xFF;

/// The four hands' bits: bit `b` of hand `s` is set when `lab[b] == s`.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
pub(super) fn hands(lab: &[u8; 64]) -> [u64; 4] {
    use std::arch::x86_64::{__m128i, _mm_cmpeq_epi8, _mm_loadu_si128, _mm_movemask_epi8, _mm_set1_epi8};
    // SAFETY: SSE2 is part of every x86_64 target; the four loads read 16 bytes each within
    // the 64-byte array.
    unsafe {
        let p = lab.as_ptr() as *const __m128i;
        let v = [0, 1, 2, 3].map(|q| _mm_loadu_si128(p.add(q)));
        [0i8, 1, 2, 3].map(|s| {
            let seat = _mm_set1_epi8(s);
            v.iter().enumerate().fold(0u64, |acc, (q, &chunk)| {
                let m = _mm_movemask_epi8(_mm_cmpeq_epi8(chunk, seat)) as u32 as u64;
                acc | (m << (16 * q))
            })
        })
    }
}

/// The four hands' bits: bit `b` of hand `s` is set when `lab[b] == s`.
#[cfg(not(target_arch = "x86_64"))]
#[inline(always)]
pub(super) fn hands(lab: &[u8; 64]) -> [u64; 4] {
    let mut h = [0u64; 4];
    for (b, &s) in lab.iter().enumerate() {
        if s < 4 {
            h[s as usize] |= 1 << b;
        }
    }
    h
}

#[cfg(test)]
mod tests {
    #[test]
    fn labels_become_bits() {
        let lab: [u8; 64] = std::array::from_fn(|b| if b % 16 < 13 { (b % 4) as u8 } else { super::NONE });
        let h = super::hands(&lab);
        for (s, hand) in h.iter().enumerate() {
            for b in 0..64 {
                assert_eq!(hand >> b & 1 == 1, b % 16 < 13 && b % 4 == s, "seat {s} bit {b}");
            }
        }
    }
}
