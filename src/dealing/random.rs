//! dealer 1.24's own copy of the old BSD `random()`: TYPE_3 additive feedback, x^31 + x^3 + 1,
//! seeded by an LCG with multiplier 1103515145.

/// Words generated per refill (a multiple of 3).
const BATCH: usize = 999;

/// Words kept before a batch: the 31 the batch adds up, and up to 51 words not read yet (a deal
/// takes 52), so that a deal's words are always in one piece.
const HEAD: usize = 52;

/// The buffer's length.
const END: usize = HEAD + BATCH;

/// The generator's state: `x[n] = x[n-31] + x[n-3]`, refilled `BATCH` words at a time into a
/// linear buffer whose first `HEAD` words are the previous batch's last ones. This is the same
/// sequence as the original's front and rear pointers, with far less work per draw.
///
/// Each refill also maps its words to the free slots they draw (see [`Draw`]), so that a
/// shuffle reads its 52 draws ready made.
#[derive(Clone, Debug)]
pub struct BsdRandom {
    buf: [u32; END],
    /// `draw.slot(w >> 16)` of each word of `buf`, or [`REJECTED`].
    slots: [u8; END],
    next: usize,
    draw: Draw,
}

/// The slot of a word the draw rejects.
pub const REJECTED: u8 = 0xFF;

impl BsdRandom {
    /// `srandom(seed)` with the seed taken mod 2^32.
    pub fn new(seed: u32) -> BsdRandom {
        BsdRandom::drawing(seed, Draw::new(52, 65536))
    }

    /// [`Self::new`], its words mapped to slots by `draw`.
    pub fn drawing(seed: u32, draw: Draw) -> BsdRandom {
        let mut state = [0u32; 31];
        state[0] = seed;
        for i in 1..31 {
            state[i] = state[i - 1].wrapping_mul(1_103_515_145).wrapping_add(12_345);
        }
        // The original's front pointer starts at 3: that word is the oldest.
        let mut buf = [0u32; END];
        for (i, b) in buf[END - 31..].iter_mut().enumerate() {
            *b = state[(3 + i) % 31];
        }
        let mut g = BsdRandom { buf, slots: [REJECTED; END], next: END, draw };
        for _ in 0..310 {
            g.step();
        }
        g
    }

    /// Generates the next batch after the last `HEAD` words, which include those not read yet.
    #[cold]
    fn refill(&mut self) {
        let b = &mut self.buf;
        b.copy_within(BATCH.., 0);
        // The last three words stay in registers: reading them back from memory would chain
        // every word to a store three words before.
        let (mut x3, mut x2, mut x1) = (b[HEAD - 3], b[HEAD - 2], b[HEAD - 1]);
        for k in (HEAD..END).step_by(3) {
            let w0 = b[k - 31].wrapping_add(x3);
            let w1 = b[k - 30].wrapping_add(x2);
            let w2 = b[k - 29].wrapping_add(x1);
            b[k] = w0;
            b[k + 1] = w1;
            b[k + 2] = w2;
            (x3, x2, x1) = (w0, w1, w2);
        }
        self.slots.copy_within(BATCH.., 0);
        self.draw.map(&self.buf[HEAD..], &mut self.slots[HEAD..]);
        self.next -= BATCH;
    }

    /// One generator step: the 32-bit word just written.
    #[inline(always)]
    pub fn step(&mut self) -> u32 {
        if self.next == END {
            self.refill();
        }
        let w = self.buf[self.next];
        self.next += 1;
        w
    }

    /// Fills `out` with the slots of the words to come, skipping (and consuming) the words the
    /// draw rejects: as many draws with rejection as `out` is long.
    pub fn draw_into(&mut self, out: &mut [u8]) {
        for part in out.chunks_mut(52) {
            let mut scratch = [0; 52];
            part.copy_from_slice(self.draws(part.len(), &mut scratch));
        }
    }

    /// The next `len` (at most 52) draws with rejection: the refill's slots when none of
    /// their words is rejected (16 words in 65536 without predeals), else drawn word by word
    /// into `scratch`.
    #[inline(always)]
    pub fn draws<'a>(&'a mut self, len: usize, scratch: &'a mut [u8; 52]) -> &'a [u8] {
        if self.next + len > END {
            self.refill();
        }
        let end = self.next + len;
        if self.slots[self.next..end].iter().fold(0, |a, &s| a | s) & 0x80 != 0 {
            return self.draw_rejecting(&mut scratch[..len]);
        }
        self.next = end;
        &self.slots[end - len..end]
    }

    /// [`Self::draws`] word by word.
    #[cold]
    fn draw_rejecting<'a>(&mut self, out: &'a mut [u8]) -> &'a [u8] {
        for o in out.iter_mut() {
            *o = loop {
                let v = self.step() >> 16;
                if v < self.draw.limit {
                    break self.draw.slot(v);
                }
            };
        }
        out
    }

    /// What dealer.exe's `random()` returns (31 bits).
    pub fn random31(&mut self) -> u32 {
        (self.step() >> 1) & 0x7FFF_FFFF
    }
}

/// How dealer.exe turns the top 16 bits `v` of a word into one of `n` free slots: its table
/// holds the free slots in turn (`v % n`) up to `limit`, the end of the last whole round, and
/// rejects the rest.
#[derive(Clone, Copy, Debug)]
pub struct Draw {
    /// The first rejected `v`.
    pub limit: u32,
    n: u32,
    /// `ceil(2^32 / n)`: `v % n` by multiplication (exact for `v` and `n` below 2^16).
    magic: u32,
    /// `(m, s)` with `v / n == (v * m) >> (16 + s)` for every 16-bit `v`, when an `m` below
    /// 2^16 does it (for 36 of the 52 `n`, 52 among them): `v % n` in 16-bit lanes.
    short: Option<(u16, u32)>,
}

impl Draw {
    /// Draws among `n` free slots (at most 52), rejecting from `limit` up.
    pub fn new(n: u32, limit: u32) -> Draw {
        let magic = u32::MAX.checked_div(n).map_or(0, |q| q.wrapping_add(1));
        Draw { limit: if n == 0 { 0 } else { limit }, n, magic, short: short_magic(n) }
    }

    /// `v % n`, the free slot's number.
    #[inline(always)]
    pub fn slot(&self, v: u32) -> u8 {
        ((u64::from(self.magic.wrapping_mul(v)) * u64::from(self.n)) >> 32) as u8
    }

    /// The slot of each word, or [`REJECTED`].
    #[inline(never)]
    fn map(&self, words: &[u32], out: &mut [u8]) {
        let Some((m, s)) = self.short else {
            for (o, &w) in out.iter_mut().zip(words) {
                *o = if w >> 16 >= self.limit { REJECTED } else { self.slot(w >> 16) };
            }
            return;
        };
        let done = lanes::map(words, out, (m, s, self.n as u16, self.limit));
        let n = self.n as u16;
        for (o, &w) in out[done..].iter_mut().zip(&words[done..]) {
            let v = (w >> 16) as u16;
            let q = ((u32::from(v) * u32::from(m)) >> 16) as u16 >> s;
            *o = if w >> 16 >= self.limit { REJECTED } else { v.wrapping_sub(q.wrapping_mul(n)) as u8 };
        }
    }
}

/// The least `s` and `m = ceil(2^(16+s) / n)` below 2^16 whose product gives `v / n` for
/// every 16-bit `v`: `v * m / 2^(16+s)` exceeds `v / n` by `v * e / (n * 2^(16+s))`, `e = m * n
/// - 2^(16+s)`, which stays below the gap to the next whole number (at least `1/n`) when it
/// does for the largest `v` that leaves `n - 1`.
fn short_magic(n: u32) -> Option<(u16, u32)> {
    let n = u64::from(n);
    let vmax = (65535 - n.checked_sub(1)?) / n * n + n - 1;
    (0..16u32).find_map(|s| {
        let k = 1u64 << (16 + s);
        let m = k.div_ceil(n);
        (m < 65536 && vmax * (m * n - k) < k).then_some((m as u16, s))
    })
}

mod lanes;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn check_values_seed_1_and_2() {
        let mut g = BsdRandom::new(1);
        let first: Vec<u32> = (0..20).map(|_| g.random31()).collect();
        let want = [
            269167349, 1169529124, 889801541, 1254073978, 374297457, 2065258565, 1482041942, 628309313, 1207992583,
            234901288, 1768143021, 1535290225, 1807873307, 1033140246, 963662197, 1145084505, 249139303, 1601222392,
            841330414, 146139516,
        ];
        assert_eq!(first, want);
        let mut g = BsdRandom::new(2);
        let first: Vec<u32> = (0..4).map(|_| g.random31()).collect();
        assert_eq!(first, [1858980908, 1463972797, 867357405, 46344911]);
    }

    #[test]
    fn draw_slot_is_v_mod_n_for_every_v() {
        for n in 1..=52u32 {
            let d = Draw::new(n, 65536);
            assert!((0..65536u32).all(|v| u32::from(d.slot(v)) == v % n), "n = {n}");
        }
    }

    #[test]
    fn a_batch_maps_every_word_to_v_mod_n_or_rejected() {
        let words: Vec<u32> = (0..65536u32).map(|v| v << 16 | v.wrapping_mul(40503) & 0xFFFF).collect();
        let mut out = vec![0; words.len()];
        for n in 1..=52u32 {
            let limit = 65536 - 65536 % n;
            Draw::new(n, limit).map(&words, &mut out);
            for (v, &o) in out.iter().enumerate() {
                let want = if v as u32 >= limit { REJECTED } else { (v as u32 % n) as u8 };
                assert_eq!(o, want, "n = {n}, v = {v}");
            }
        }
        assert_eq!(short_magic(52), Some((20165, 4)));
        assert_eq!((1..=52).filter(|&n| short_magic(n).is_some()).count(), 36);
    }

    #[test]
    fn draws_of_any_length_follow_the_generator() {
        let draw = Draw::new(52, 65520);
        let (mut g, mut reference) = (BsdRandom::drawing(7, draw), BsdRandom::new(7));
        for len in [52, 13, 51, 1, 0, 1045, 52, 39, 2000, 50].into_iter().cycle().take(400) {
            let mut out = vec![0; len];
            g.draw_into(&mut out);
            let want: Vec<u8> = (0..len)
                .map(|_| {
                    loop {
                        let v = reference.step() >> 16;
                        if v < 65520 {
                            break (v % 52) as u8;
                        }
                    }
                })
                .collect();
            assert_eq!(out, want, "{len} draws");
            assert_eq!(g.random31(), reference.random31());
        }
    }

    #[test]
    fn first_words_after_seeding() {
        let mut g = BsdRandom::new(1);
        let w: Vec<u32> = (0..3).map(|_| g.step()).collect();
        assert_eq!(w, [0x201655EB, 0x8B6B3248, 0x6A12968B]);
    }
}
