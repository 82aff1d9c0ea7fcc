//! Transposition table probed at trick boundaries.
//!
//! Key: the 64-bit shape (suit lengths of every hand) and the seat on lead. Under each key, a
//! newest-first list of patterns: the owners (2 bits per relative rank, top card first) of the
//! relevant top relative ranks of each suit, with bounds on North-South's tricks from there.

/// One stored pattern with its bounds.
#[derive(Clone, Copy)]
struct Entry {
    /// Owners of the relative ranks, masked by `mask`.
    own: [u64; 2],
    /// Which owner bits matter.
    mask: [u64; 2],
    /// Index + 1 of the next (older) entry of the same key, 0 at the end.
    next: u32,
    /// Relevant relative ranks per suit, one nibble a suit.
    ks: u16,
    /// Lower bound of North-South tricks from here.
    lo: u8,
    /// Upper bound of North-South tricks from here.
    hi: u8,
}

/// A hash slot: a shape (0 = empty) and the list heads for the four leaders.
#[derive(Clone, Copy, Default)]
struct Slot {
    shape: u64,
    heads: [u32; 4],
}

/// What a probe found: the decided result and the relevant ranks per suit of the entry.
pub(crate) struct Hit {
    pub result: bool,
    pub ks: u16,
}

/// The transposition table: open addressing on shapes, entries in one arena.
pub(crate) struct Tt {
    slots: Vec<Slot>,
    used: usize,
    entries: Vec<Entry>,
    max_bytes: usize,
}

const INITIAL_SLOTS: usize = 1 << 12;
/// Longest list scanned by a probe; older entries beyond it are ignored.
const MAX_SCAN: usize = 256;

impl Tt {
    /// An empty table that stays within `max_bytes` (it is cleared when full).
    pub fn new(max_bytes: usize) -> Tt {
        Tt { slots: vec![Slot::default(); INITIAL_SLOTS], used: 0, entries: Vec::new(), max_bytes }
    }

    /// Forgets everything (keeps the allocations).
    pub fn clear(&mut self) {
        self.slots.iter_mut().for_each(|s| *s = Slot::default());
        self.used = 0;
        self.entries.clear();
    }

    fn bytes(&self) -> usize {
        self.slots.capacity() * size_of::<Slot>() + self.entries.capacity() * size_of::<Entry>()
    }

    #[inline]
    fn hash(shape: u64, bits: u32) -> usize {
        (shape.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - bits)) as usize
    }

    /// Index of the slot of `shape`, or of the empty slot where it would go.
    #[inline]
    fn find(&self, shape: u64) -> usize {
        let mask = self.slots.len() - 1;
        let mut i = Self::hash(shape, self.slots.len().trailing_zeros());
        loop {
            let s = self.slots[i].shape;
            if s == shape || s == 0 {
                return i;
            }
            i = (i + 1) & mask;
        }
    }

    /// Looks for an entry matching `pat` whose bounds decide "NS tricks >= need".
    pub fn probe(&self, shape: u64, leader: usize, pat: [u64; 2], need: i32) -> Option<Hit> {
        let slot = &self.slots[self.find(shape)];
        if slot.shape != shape {
            return None;
        }
        let mut idx = slot.heads[leader];
        let mut scanned = 0;
        while idx != 0 && scanned < MAX_SCAN {
            let e = &self.entries[idx as usize - 1];
            if (pat[0] ^ e.own[0]) & e.mask[0] == 0 && (pat[1] ^ e.own[1]) & e.mask[1] == 0 {
                if e.lo as i32 >= need {
                    return Some(Hit { result: true, ks: e.ks });
                }
                if (e.hi as i32) < need {
                    return Some(Hit { result: false, ks: e.ks });
                }
            }
            idx = e.next;
            scanned += 1;
        }
        None
    }

    /// Records that NS tricks from here are `>= need` (`result`) or `< need`, for every position
    /// with this shape, leader and owners of the masked relative ranks.
    #[allow(clippy::too_many_arguments)]
    pub fn store(&mut self, shape: u64, leader: usize, pat: [u64; 2], mask: [u64; 2], ks: u16, need: i32, result: bool, tricks: i32) {
        if self.bytes() > self.max_bytes {
            self.clear();
        }
        if (self.used + 1) * 4 > self.slots.len() * 3 {
            self.grow();
        }
        let own = [pat[0] & mask[0], pat[1] & mask[1]];
        let si = self.find(shape);
        if self.slots[si].shape == 0 {
            self.slots[si].shape = shape;
            self.used += 1;
        }
        let mut idx = self.slots[si].heads[leader];
        let mut scanned = 0;
        while idx != 0 && scanned < MAX_SCAN {
            let e = &mut self.entries[idx as usize - 1];
            if e.own == own && e.mask == mask {
                if result {
                    e.lo = e.lo.max(need as u8);
                } else {
                    e.hi = e.hi.min(need as u8 - 1);
                }
                return;
            }
            idx = e.next;
            scanned += 1;
        }
        let (lo, hi) = if result { (need as u8, tricks as u8) } else { (0, need as u8 - 1) };
        let next = self.slots[si].heads[leader];
        self.entries.push(Entry { own, mask, next, ks, lo, hi });
        self.slots[si].heads[leader] = self.entries.len() as u32;
    }

    /// Doubles the slot array.
    fn grow(&mut self) {
        let old = std::mem::replace(&mut self.slots, vec![Slot::default(); 0]);
        self.slots = vec![Slot::default(); old.len() * 2];
        for s in old.into_iter().filter(|s| s.shape != 0) {
            let i = self.find(s.shape);
            self.slots[i] = s;
        }
    }
}
