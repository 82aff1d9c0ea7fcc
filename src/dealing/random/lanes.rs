//! A batch's words mapped to slots in 16-bit lanes: `v = w >> 16`, `q = (v * m) >> (16 + s)`,
//! the slot `v - q * n`, or [`REJECTED`] from `limit` up. AVX2 when the CPU has it, else SSE2
//! (every x86-64); elsewhere the caller's scalar loop does it all.

#[cfg(target_arch = "x86_64")]
use std::arch::x86_64::*;

/// `m`, `s`, `n` and `limit` of a [`super::Draw`] that has a 16-bit magic number.
pub(super) type Magic = (u16, u32, u16, u32);

/// Maps a whole number of lane groups from the start of `words`; returns how many it mapped.
#[cfg(target_arch = "x86_64")]
pub(super) fn map(words: &[u32], out: &mut [u8], magic: Magic) -> usize {
    if std::is_x86_feature_detected!("avx2") {
        // SAFETY: the CPU has AVX2.
        return unsafe { map_avx2(words, out, magic) };
    }
    // SAFETY: every x86-64 has SSE2.
    unsafe { map_sse2(words, out, magic) }
}

#[cfg(not(target_arch = "x86_64"))]
pub(super) fn map(_: &[u32], _: &mut [u8], _: Magic) -> usize {
    0
}

/// 16 words at a time.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "sse2")]
fn map_sse2(words: &[u32], out: &mut [u8], (m, s, n, limit): Magic) -> usize {
    let (mv, nv) = (_mm_set1_epi16(m as i16), _mm_set1_epi16(n as i16));
    let (sv, below) = (_mm_cvtsi32_si128(s as i32), _mm_set1_epi16(limit.saturating_sub(1).min(65535) as u16 as i16));
    let slots = |a: __m128i, b: __m128i| {
        // the top halves as 16 bits (sign-extended, so the signed pack keeps them)
        let v = _mm_packs_epi32(_mm_srai_epi32(a, 16), _mm_srai_epi32(b, 16));
        let q = _mm_srl_epi16(_mm_mulhi_epu16(v, mv), sv);
        let r = _mm_sub_epi16(v, _mm_mullo_epi16(q, nv));
        let kept = _mm_cmpeq_epi16(_mm_subs_epu16(v, below), _mm_setzero_si128());
        _mm_or_si128(r, _mm_andnot_si128(kept, _mm_set1_epi16(0xFF)))
    };
    let mut done = 0;
    for (o, w) in out.chunks_exact_mut(16).zip(words.chunks_exact(16)) {
        // SAFETY: `w` holds 16 words and `o` 16 bytes; unaligned loads and store.
        unsafe {
            let l = |k: usize| _mm_loadu_si128(w.as_ptr().add(k).cast());
            let bytes = _mm_packus_epi16(slots(l(0), l(4)), slots(l(8), l(12)));
            _mm_storeu_si128(o.as_mut_ptr().cast(), bytes);
        }
        done += 16;
    }
    done
}

/// 32 words at a time.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn map_avx2(words: &[u32], out: &mut [u8], (m, s, n, limit): Magic) -> usize {
    let (mv, nv) = (_mm256_set1_epi16(m as i16), _mm256_set1_epi16(n as i16));
    let (sv, below) =
        (_mm_cvtsi32_si128(s as i32), _mm256_set1_epi16(limit.saturating_sub(1).min(65535) as u16 as i16));
    let slots = |a: __m256i, b: __m256i| {
        let v = _mm256_packs_epi32(_mm256_srai_epi32(a, 16), _mm256_srai_epi32(b, 16));
        let q = _mm256_srl_epi16(_mm256_mulhi_epu16(v, mv), sv);
        let r = _mm256_sub_epi16(v, _mm256_mullo_epi16(q, nv));
        let kept = _mm256_cmpeq_epi16(_mm256_subs_epu16(v, below), _mm256_setzero_si256());
        _mm256_or_si256(r, _mm256_andnot_si256(kept, _mm256_set1_epi16(0xFF)))
    };
    // the packs work within 128-bit lanes: 4-byte groups back in word order
    let order = _mm256_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7);
    let mut done = 0;
    for (o, w) in out.chunks_exact_mut(32).zip(words.chunks_exact(32)) {
        // SAFETY: `w` holds 32 words and `o` 32 bytes; unaligned loads and store.
        unsafe {
            let l = |k: usize| _mm256_loadu_si256(w.as_ptr().add(k).cast());
            let bytes = _mm256_packus_epi16(slots(l(0), l(8)), slots(l(16), l(24)));
            _mm256_storeu_si256(o.as_mut_ptr().cast(), _mm256_permutevar8x32_epi32(bytes, order));
        }
        done += 32;
    }
    done
}

#[cfg(all(test, target_arch = "x86_64"))]
mod tests {
    use super::*;

    #[test]
    fn sse2_and_avx2_agree_with_v_mod_n() {
        let words: Vec<u32> = (0..65536u32).map(|v| v << 16 | v.wrapping_mul(40503) & 0xFFFF).collect();
        for n in [52u32, 51, 37, 13, 2] {
            let Some((m, s)) = super::super::short_magic(n) else { panic!("{n}") };
            let limit = 65536 - 65536 % n;
            let want: Vec<u8> = (0..65536u32).map(|v| if v >= limit { 0xFF } else { (v % n) as u8 }).collect();
            let mut out = vec![0; 65536];
            // SAFETY: every x86-64 has SSE2.
            assert_eq!(unsafe { map_sse2(&words, &mut out, (m, s, n as u16, limit)) }, 65536);
            assert_eq!(out, want, "SSE2, n = {n}");
            if std::is_x86_feature_detected!("avx2") {
                out.fill(0);
                // SAFETY: the CPU has AVX2.
                assert_eq!(unsafe { map_avx2(&words, &mut out, (m, s, n as u16, limit)) }, 65536);
                assert_eq!(out, want, "AVX2, n = {n}");
            }
        }
    }
}
