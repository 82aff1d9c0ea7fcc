//! A block's scan for the newest entry that matches a position and decides its test, two ways
//! with one result: scalar, and AVX-512 (8 entries a step, chosen at run time when the CPU has
//! it). An AVX2 scan (4 or 8 entries a step) was no faster than the scalar one on thomas2.

#[cfg(test)]
use super::BLOCK;
use super::{Entry, HEAD};

/// The scan this CPU runs.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Kind {
    Scalar,
    #[cfg(target_arch = "x86_64")]
    Avx512,
}

/// The fastest scan this CPU has (the AVX-512 probe is also built with the features of the
/// search's fast build, so it needs them too).
pub(super) fn detect() -> Kind {
    #[cfg(target_arch = "x86_64")]
    if crate::dd::search::fast_cpu() && std::is_x86_feature_detected!("avx512f") {
        return Kind::Avx512;
    }
    Kind::Scalar
}

/// The slot of the newest of `block`'s first `len` entries that matches `pat` and whose bounds
/// decide "NS tricks >= need" (a lower bound `>= need` or an upper bound `< need`).
#[inline(always)]
pub(super) fn scalar(block: &[Entry], len: usize, pat: &[u64; 2], need: i32) -> Option<usize> {
    let found = block[HEAD..HEAD + len].iter().rposition(|e| e.matches(pat) && (e.lo() >= need || e.hi() < need));
    found.map(|i| HEAD + i)
}

/// The bounds' test as one unsigned comparison a word: `lo >= need` is `w0 >= need << 60` and
/// `hi < need` is `w1 < need << 60`. `None` when `need` is outside 0..=15 (never in a search).
#[inline(always)]
fn threshold(need: i32) -> Option<u64> {
    (0..=15).contains(&need).then_some((need as u64) << super::BOUND_SHIFT)
}

/// Valid entry slots of a block with `len` entries, one bit a slot.
#[inline(always)]
fn valid(len: usize) -> u32 {
    ((1u32 << len) - 1) << HEAD
}

#[cfg(target_arch = "x86_64")]
pub(super) use x86::avx512;

#[cfg(target_arch = "x86_64")]
mod x86 {
    use super::{Entry, HEAD, threshold, valid};
    use std::arch::x86_64::*;

    /// [`super::scalar`] with AVX-512: 8 entries a step, newest first.
    ///
    /// # Safety
    /// The CPU has AVX-512F and the caller is built with it (this inlines into the caller);
    /// `block`'s length is a multiple of 8 and at least `HEAD + len`.
    #[inline(always)]
    pub(in crate::dd::tt) unsafe fn avx512(block: &[Entry], len: usize, pat: &[u64; 2], need: i32) -> Option<usize> {
        let Some(t) = threshold(need) else {
            return super::scalar(block, len, pat, need);
        };
        if len == 0 {
            return None;
        }
        let valid = valid(len);
        debug_assert!(block.len().is_multiple_of(8) && HEAD + len <= block.len());
        // SAFETY: the caller has AVX-512F; slots 8g..8g+8 (of two words) are inside the block,
        // whose length is a multiple of 8 and at least HEAD + len.
        unsafe {
            let (p0, p1) = (_mm512_set1_epi64(pat[0] as i64), _mm512_set1_epi64(pat[1] as i64));
            let t = _mm512_set1_epi64(t as i64);
            let base = block.as_ptr().cast::<u64>();
            for g in (0..=(HEAD + len - 1) / 8).rev() {
                let p = base.add(16 * g);
                let (a, b) = (_mm512_loadu_si512(p.cast()), _mm512_loadu_si512(p.add(8).cast()));
                let w0 = _mm512_permutex2var_epi64(a, _mm512_setr_epi64(0, 2, 4, 6, 8, 10, 12, 14), b);
                let w1 = _mm512_permutex2var_epi64(a, _mm512_setr_epi64(1, 3, 5, 7, 9, 11, 13, 15), b);
                let same = _mm512_testn_epi64_mask(_mm512_xor_si512(w0, p0), owners512(w0))
                    & _mm512_testn_epi64_mask(_mm512_xor_si512(w1, p1), owners512(w1));
                let decides = _mm512_cmpge_epu64_mask(w0, t) | _mm512_cmplt_epu64_mask(w1, t);
                let hits = same & decides & (valid >> (8 * g)) as u8;
                if hits != 0 {
                    return Some(8 * g + 7 - hits.leading_zeros() as usize);
                }
            }
        }
        None
    }

    /// The owner masks of a suit's count of relevant ranks `k` (0 above 13, as in
    /// [`super::super::MASKS`]): `(1 << 2k) - 1` for the word's first suit, shifted by 26 for
    /// its second.
    static SUIT_MASKS: [[u64; 16]; 2] = {
        let mut m = [[0u64; 16]; 2];
        let mut k = 0;
        while k <= 13 {
            m[0][k] = (1 << (2 * k)) - 1;
            m[1][k] = m[0][k] << 26;
            k += 1;
        }
        m
    };

    /// Each word's owner mask: `(1 << 2a) - 1 | ((1 << 2b) - 1) << 26`, `a` and `b` its two
    /// suits' counts of relevant ranks (bits 52..56 and 56..60), looked up in [`SUIT_MASKS`]
    /// (two permutes; variable shifts took 5% more time on thomas2).
    ///
    /// # Safety
    /// As [`avx512`].
    #[inline(always)]
    unsafe fn owners512(w: __m512i) -> __m512i {
        // SAFETY: the caller has AVX-512F; each table is 16 words, two registers.
        unsafe {
            let table = |s: usize, half: usize| _mm512_loadu_si512(SUIT_MASKS[s][8 * half..].as_ptr().cast());
            // A permute's index is the low 4 bits of each lane.
            let a = _mm512_permutex2var_epi64(table(0, 0), _mm512_srli_epi64::<52>(w), table(0, 1));
            let b = _mm512_permutex2var_epi64(table(1, 0), _mm512_srli_epi64::<56>(w), table(1, 1));
            _mm512_or_si512(a, b)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A small xorshift generator: reproducible random blocks without a dependency.
    struct Rng(u64);

    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0
        }
        fn below(&mut self, n: u64) -> u64 {
            self.next() % n
        }
    }

    /// A random block of 30 entries: a few base patterns, each entry one of them with some owner
    /// bits flipped, relevant ranks 0..=13 per suit, bounds 0..=13; the header holds junk.
    fn block(rng: &mut Rng, bases: &[[u64; 2]]) -> [Entry; BLOCK] {
        let mut b = vec![Entry { w: [rng.next(), rng.next()] }, Entry { w: [rng.next(), rng.next()] }];
        for _ in HEAD..BLOCK {
            let base = bases[rng.below(bases.len() as u64) as usize];
            let flip = |rng: &mut Rng| if rng.below(3) == 0 { 1u64 << rng.below(52) } else { 0 };
            let pat = [base[0] ^ flip(rng), base[1] ^ flip(rng)];
            let ks = (0..4).fold(0u16, |ks, s| ks | (rng.below(14) as u16) << (4 * s));
            let lo = rng.below(14) as i32;
            let hi = lo + rng.below(14 - lo as u64) as i32;
            b.push(Entry::new(&pat, ks, (lo, hi)));
        }
        b.try_into().unwrap_or_else(|_| unreachable!())
    }

    /// Every scan this CPU has finds what the scalar scan finds, for every length and need.
    #[test]
    fn every_scan_agrees_with_the_scalar_one() {
        let mut rng = Rng(0x2545_F491_4F6C_DD1D);
        let mut hits = 0;
        for _ in 0..3000 {
            let bases: Vec<[u64; 2]> = (0..3).map(|_| [rng.next() & OWNERS, rng.next() & OWNERS]).collect();
            let b = block(&mut rng, &bases);
            let base = bases[rng.below(3) as usize];
            let pat = [base[0] ^ 1 << rng.below(52), base[1]];
            for pat in [base, pat] {
                for len in 0..=BLOCK - HEAD {
                    for need in -1..=16 {
                        let want = scalar(&b, len, &pat, need);
                        hits += usize::from(want.is_some());
                        for kind in available() {
                            assert_eq!(run(kind, &b, len, &pat, need), want, "{kind:?} len {len} need {need}");
                        }
                    }
                }
            }
        }
        assert!(hits > 100_000, "only {hits} hits: the test blocks match too rarely");
    }

    use super::super::OWNERS;

    /// The scans this CPU can run.
    fn available() -> Vec<Kind> {
        let mut kinds = vec![Kind::Scalar];
        #[cfg(target_arch = "x86_64")]
        {
            if std::is_x86_feature_detected!("avx512f") {
                kinds.push(Kind::Avx512);
            }
        }
        kinds
    }

    fn run(kind: Kind, b: &[Entry; BLOCK], len: usize, pat: &[u64; 2], need: i32) -> Option<usize> {
        match kind {
            Kind::Scalar => scalar(b, len, pat, need),
            // SAFETY: `available` lists a kind only when the CPU has its features.
            #[cfg(target_arch = "x86_64")]
            Kind::Avx512 => unsafe { run_avx512(b, len, pat, need) },
        }
    }

    /// [`avx512`] built with its features, as in the table's probe.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx512f")]
    fn run_avx512(b: &[Entry; BLOCK], len: usize, pat: &[u64; 2], need: i32) -> Option<usize> {
        // SAFETY: this function has AVX-512F.
        unsafe { avx512(b, len, pat, need) }
    }
}
