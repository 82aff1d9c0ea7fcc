//! dealer 1.24's own copy of the old BSD `random()`: TYPE_3 additive feedback, x^31 + x^3 + 1,
//! seeded by an LCG with multiplier 1103515145 (compat.md §1.1).

/// The generator's state.
#[derive(Clone, Debug)]
pub struct BsdRandom {
    state: [u32; 31],
    f: usize,
    r: usize,
}

impl BsdRandom {
    /// `srandom(seed)` with the seed taken mod 2^32.
    pub fn new(seed: u32) -> BsdRandom {
        let mut state = [0u32; 31];
        state[0] = seed;
        for i in 1..31 {
            state[i] = state[i - 1].wrapping_mul(1_103_515_145).wrapping_add(12_345);
        }
        let mut g = BsdRandom { state, f: 3, r: 0 };
        for _ in 0..310 {
            g.step();
        }
        g
    }

    /// One generator step: the 32-bit word just written.
    #[inline(always)]
    pub fn step(&mut self) -> u32 {
        let w = self.state[self.f].wrapping_add(self.state[self.r]);
        self.state[self.f] = w;
        self.f += 1;
        if self.f == 31 {
            self.f = 0;
            self.r += 1;
        } else {
            self.r += 1;
            if self.r == 31 {
                self.r = 0;
            }
        }
        w
    }

    /// What dealer.exe's `random()` returns (31 bits).
    pub fn random31(&mut self) -> u32 {
        (self.step() >> 1) & 0x7FFF_FFFF
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn check_values_seed_1_and_2() {
        let mut g = BsdRandom::new(1);
        let first: Vec<u32> = (0..20).map(|_| g.random31()).collect();
        let want = [
            269167349, 1169529124, 889801541, 1254073978, 374297457, 2065258565, 1482041942, 628309313,
            1207992583, 234901288, 1768143021, 1535290225, 1807873307, 1033140246, 963662197, 1145084505,
            249139303, 1601222392, 841330414, 146139516,
        ];
        assert_eq!(first, want);
        let mut g = BsdRandom::new(2);
        let first: Vec<u32> = (0..4).map(|_| g.random31()).collect();
        assert_eq!(first, [1858980908, 1463972797, 867357405, 46344911]);
    }

    #[test]
    fn first_words_after_seeding() {
        let mut g = BsdRandom::new(1);
        let w: Vec<u32> = (0..3).map(|_| g.step()).collect();
        assert_eq!(w, [0x201655EB, 0x8B6B3248, 0x6A12968B]);
    }
}
