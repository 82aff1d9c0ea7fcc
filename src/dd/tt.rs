//! Transposition table probed at trick boundaries.
//!
//! Key: the 64-bit shape (suit lengths of every hand) and the seat on lead. Under each key, two
//! newest-first chains of blocks of patterns (those of few relevant ranks first): the owners
//! (2 bits per relative rank, top card first) of the relevant top relative ranks of each suit,
//! with bounds on North-South's tricks from there. Once a key's chain of specific patterns is
//! long (on freak deals), those that rely on every suit's top card go to buckets by the owners
//! of the top cards, so that a probe scans only the bucket of its position (thomas1: 8% less
//! CPU).

mod scan;

/// One stored pattern, 16 bytes: per word, the owners of two suits (26 bits a suit, the top
/// card first), then the number of relevant ranks of each of the two suits (bits 52..56 and
/// 56..60) and a bound (bits 60..64: the lower bound in the first word, the upper in the
/// second). Only the owners of those ranks are kept.
#[derive(Clone, Copy, Default)]
#[repr(align(16))]
struct Entry {
    w: [u64; 2],
}

const KS_SHIFT: u32 = 52;
const BOUND_SHIFT: u32 = 60;

/// The owner mask of a word, indexed by its two suits' counts of relevant ranks (a nibble each).
const MASKS: [u64; 256] = {
    let mut m = [0u64; 256];
    let mut i = 0;
    while i < 256 {
        let (a, b) = ((i & 15) as u32, (i >> 4) as u32);
        if a <= 13 && b <= 13 {
            m[i] = ((1u64 << (2 * a)) - 1) | ((1u64 << (2 * b)) - 1) << 26;
        }
        i += 1;
    }
    m
};

impl Entry {
    /// The entry of pattern `pat` restricted to the relevant ranks `ks` (a nibble a suit).
    #[inline(always)]
    fn new(pat: &[u64; 2], ks: u16, (lo, hi): (i32, i32)) -> Entry {
        let word = |p: u64, k: u64, bound: i32| p & MASKS[k as usize] | k << KS_SHIFT | (bound as u64) << BOUND_SHIFT;
        Entry { w: [word(pat[0], u64::from(ks & 0xFF), lo), word(pat[1], u64::from(ks >> 8), hi)] }
    }
    #[inline(always)]
    fn lo(&self) -> i32 {
        (self.w[0] >> BOUND_SHIFT) as i32
    }
    #[inline(always)]
    fn hi(&self) -> i32 {
        (self.w[1] >> BOUND_SHIFT) as i32
    }
    #[inline]
    fn set_bounds(&mut self, lo: i32, hi: i32) {
        let keep = (1u64 << BOUND_SHIFT) - 1;
        self.w[0] = self.w[0] & keep | (lo as u64) << BOUND_SHIFT;
        self.w[1] = self.w[1] & keep | (hi as u64) << BOUND_SHIFT;
    }
    /// Same owners and relevant ranks (whatever the bounds)?
    #[inline(always)]
    fn same_pattern(&self, other: &Entry) -> bool {
        let keep = (1u64 << BOUND_SHIFT) - 1;
        (self.w[0] ^ other.w[0]) & keep | (self.w[1] ^ other.w[1]) & keep == 0
    }
    #[inline(always)]
    fn matches(&self, pat: &[u64; 2]) -> bool {
        let m0 = MASKS[(self.w[0] >> KS_SHIFT & 0xFF) as usize];
        let m1 = MASKS[(self.w[1] >> KS_SHIFT & 0xFF) as usize];
        (pat[0] ^ self.w[0]) & m0 | (pat[1] ^ self.w[1]) & m1 == 0
    }
    /// Relevant relative ranks per suit, one nibble a suit.
    #[inline(always)]
    fn ks(&self) -> u16 {
        (self.w[0] >> KS_SHIFT & 0xFF | (self.w[1] >> KS_SHIFT & 0xFF) << 8) as u16
    }
    /// Relevant ranks in all.
    #[inline(always)]
    fn ranks(ks: u16) -> u32 {
        (0..4).map(|s| u32::from(ks >> (4 * s) & 15)).sum()
    }
}

impl Entry {
    /// The owner masks of the entry's two words (its relevant ranks).
    #[inline(always)]
    fn masks(&self) -> [u64; 2] {
        [MASKS[(self.w[0] >> KS_SHIFT & 0xFF) as usize], MASKS[(self.w[1] >> KS_SHIFT & 0xFF) as usize]]
    }
}

/// The owner bits of a word (below [`KS_SHIFT`]).
const OWNERS: u64 = (1 << KS_SHIFT) - 1;

/// Slots per block: [`HEAD`] header slots and `BLOCK - HEAD` entries; a key's entries are a
/// chain of blocks, newest first. While the arena is small (see [`SMALL_FIRST_UNITS`]), a
/// chain's first (oldest) block has only [`UNIT`] slots: in a single result most chains hold a
/// few entries (on DDS list100 half the blocks held one).
const BLOCK: usize = 32;
/// Slots of the arena's unit: a chain's first block is one unit, any other block two.
const UNIT: usize = 16;
/// The arena's unit, aligned to the cache line so that its 256 bytes are 4 lines.
#[derive(Clone, Copy, Default)]
#[repr(align(64))]
struct Unit([Entry; UNIT]);

// A unit is its entries, with no padding (256 bytes, a multiple of its alignment).
const _: () = assert!(size_of::<Unit>() == UNIT * size_of::<Entry>());

/// The entries of consecutive units.
#[inline(always)]
fn entries(units: &[Unit]) -> &[Entry] {
    // SAFETY: `Unit` is `[Entry; UNIT]` without padding (checked above), so `units` is
    // `units.len() * UNIT` consecutive entries, borrowed as long as `units`.
    unsafe { std::slice::from_raw_parts(units.as_ptr().cast::<Entry>(), units.len() * UNIT) }
}

/// The entries of consecutive units, to change.
#[inline(always)]
fn entries_mut(units: &mut [Unit]) -> &mut [Entry] {
    // SAFETY: as in `entries`; the borrow is exclusive as that of `units`.
    unsafe { std::slice::from_raw_parts_mut(units.as_mut_ptr().cast::<Entry>(), units.len() * UNIT) }
}

/// While the arena holds fewer units than this, a chain's first block is one unit; then two,
/// since the chains of a large search hold more entries.
const SMALL_FIRST_UNITS: usize = 1 << 14;

/// A block's header slots. Their four words' owner bits are the block's filter: the owners
/// that every entry of the block relies on and agrees on (`care`, slot 0; their values in
/// `val`, slot 1), so that a probe skips a block whose filter its position contradicts
/// without reading the entries. The 12 bits above each word hold the block's [`Meta`].
const HEAD: usize = 2;
/// Most blocks scanned per chain.
const MAX_BLOCKS: usize = 32;

/// A block's 48 bits of bookkeeping: the next block + 1 (bits 0..28, counted in units: 2^28
/// units of 256 bytes are more than `--dd-memory` allows), the entries used
/// (28..36), the key's tricks left (36..40) and the blocks in the chain from this one on, at
/// most 127 (40..47), and whether the block has two units (47).
#[derive(Clone, Copy)]
struct Meta(u64);

impl Meta {
    fn new(next: u32, len: usize, tricks: usize, depth: usize, units: usize) -> Meta {
        let two = u64::from(units > 1) << 47;
        Meta(u64::from(next) | (len as u64) << 28 | (tricks as u64) << 36 | (depth.min(127) as u64) << 40 | two)
    }
    /// The meta of `block`, from the top 12 bits of its header's words.
    #[inline(always)]
    fn of(block: &[Entry]) -> Meta {
        let top = |w: u64, i: u32| (w >> KS_SHIFT) << (12 * i);
        Meta(top(block[0].w[0], 0) | top(block[0].w[1], 1) | top(block[1].w[0], 2) | top(block[1].w[1], 3))
    }
    /// Writes the meta into `block`'s header.
    #[inline(always)]
    fn write(self, block: &mut [Entry]) {
        for i in 0..4 {
            let w = &mut block[i / 2].w[i % 2];
            *w = *w & OWNERS | (self.0 >> (12 * i) & 0xFFF) << KS_SHIFT;
        }
    }
    #[inline(always)]
    fn next(self) -> u32 {
        self.0 as u32 & ((1 << 28) - 1)
    }
    #[inline(always)]
    fn len(self) -> usize {
        (self.0 >> 28 & 0xFF) as usize
    }
    #[inline(always)]
    fn tricks(self) -> usize {
        (self.0 >> 36 & 15) as usize
    }
    #[inline(always)]
    fn depth(self) -> usize {
        (self.0 >> 40 & 0x7F) as usize
    }
    /// Units of the block: 1 or 2.
    #[inline(always)]
    fn units(self) -> usize {
        1 + (self.0 >> 47 & 1) as usize
    }
}

/// Does `block`'s filter rule out every entry for a position of pattern `pat`?
#[inline(always)]
fn filtered_out(block: &[Entry], pat: &[u64; 2]) -> bool {
    let (care, val) = (&block[0].w, &block[1].w);
    ((pat[0] ^ val[0]) & care[0] | (pat[1] ^ val[1]) & care[1]) & OWNERS != 0
}

/// Narrows `block`'s filter to what entry `e` relies on and agrees on (the first entry sets it).
#[inline(always)]
fn add_to_filter(block: &mut [Entry], e: &Entry, first: bool) {
    for (j, m) in e.masks().into_iter().enumerate() {
        let (care, val) = (block[0].w[j], block[1].w[j]);
        let c = if first { m } else { care & m & !(val ^ e.w[j]) } & OWNERS;
        block[0].w[j] = care & !OWNERS | c;
        block[1].w[j] = val & !OWNERS | e.w[j] & c;
    }
}

/// A hash slot: a key (0 = empty) and the newest block + 1 of its chains, with [`BIG`] set when
/// that block has two units. A shape's own slot
/// (the key is the shape) has two chains for each leader (see [`chain`]), the high bit of each
/// leader's second head saying that its buckets are in use. A bucket's slot (the key from
/// [`bucket_key`]) has one chain for each leader in `heads[0..4]`.
#[derive(Clone, Copy, Default)]
struct Slot {
    key: u64,
    heads: [u32; 8],
}

/// The high bit of a head: a flag, not part of the block number.
const FLAG: u32 = 1 << 31;
/// A head's bit saying that its block has two units.
const BIG: u32 = 1 << 30;
/// A head's block number bits.
const HEAD_BLOCK: u32 = BIG - 1;

impl Slot {
    #[inline(always)]
    fn head(&self, c: usize) -> u32 {
        self.heads[c] & HEAD_BLOCK
    }
    /// Chain `c`'s newest block + 1 and its cache lines.
    #[inline(always)]
    fn head_lines(&self, c: usize) -> (u32, usize) {
        (self.head(c), if self.heads[c] & BIG != 0 { BLOCK / 4 } else { UNIT / 4 })
    }
    /// Moves chain `c`'s newest block to `b` (+ 1), of the same size (the flag kept).
    #[inline(always)]
    fn move_head(&mut self, c: usize, b: u32) {
        self.heads[c] = self.heads[c] & !HEAD_BLOCK | b;
    }
    /// Sets chain `c`'s newest block, of `units` units (the flag kept).
    #[inline(always)]
    fn set_head(&mut self, c: usize, b: u32, units: usize) {
        self.heads[c] = self.heads[c] & FLAG | b | if units > 1 { BIG } else { 0 };
    }
    /// The chains of the slot.
    #[inline(always)]
    fn chains(&self) -> usize {
        if is_bucket(self.key) { 4 } else { 8 }
    }
    /// In a shape's own slot: are `leader`'s buckets in use?
    #[inline(always)]
    fn split(&self, leader: usize) -> bool {
        self.heads[chain(leader, GENERAL_RANKS + 1)] & FLAG != 0
    }
    /// In a shape's own slot: marks `leader`'s buckets in use.
    #[inline(always)]
    fn set_split(&mut self, leader: usize) {
        self.heads[chain(leader, GENERAL_RANKS + 1)] |= FLAG;
    }
}

/// Hand 0's four nibbles of a key, added up.
#[inline(always)]
fn hand0_sum(key: u64) -> u64 {
    (key & 15) + (key >> 4 & 15) + (key >> 8 & 15) + (key >> 12 & 15)
}

/// The key of the bucket of `shape` whose patterns have the top-card owners `owners`: the
/// shape with the last nibble of hands 2 and 3 (each implied by the hand's length) replaced by
/// the owners, then complemented. Hand 0's nibbles then add up to 60 less its length, more
/// than any shape's, so a bucket's key is never a shape.
#[inline(always)]
fn bucket_key(shape: u64, owners: u32) -> u64 {
    let owners = u64::from(owners);
    !(shape & !(15 << 44 | 15 << 60) | (owners & 15) << 44 | (owners >> 4) << 60)
}

/// Is `key` a bucket's (see [`bucket_key`])?
#[inline(always)]
fn is_bucket(key: u64) -> bool {
    hand0_sum(key) > 13
}

/// Tricks left in the positions of a slot's key.
#[inline(always)]
fn key_tricks(key: u64) -> usize {
    if is_bucket(key) { 60 - hand0_sum(key) as usize } else { tricks_left(key) }
}

/// The chain of a pattern with `ranks` relevant ranks in all: each leader has one for the
/// patterns of at most [`GENERAL_RANKS`] ranks, which match many positions and are scanned
/// first, and one for the others. (On freak deals a key gathers hundreds of patterns, and a
/// probe that scans newest first found its match only after about 40 of them.)
#[inline(always)]
fn chain(leader: usize, ranks: u32) -> usize {
    2 * leader + usize::from(ranks > GENERAL_RANKS)
}

/// A leader's buckets are used once its other chain has this many blocks.
const SPLIT_BLOCKS: usize = 8;

/// See [`chain`].
const GENERAL_RANKS: u32 = 4;

/// The bucket of a pattern of more than [`GENERAL_RANKS`] ranks that relies on the top card of
/// every suit of two cards or more (a position it matches has the pattern's top-card owners);
/// `None` for other patterns, which go to the shape's own chains.
#[inline(always)]
fn bucket(shape: u64, pat: &[u64; 2], ks: u16) -> Option<u64> {
    if Entry::ranks(ks) <= GENERAL_RANKS {
        return None;
    }
    // Each suit's length in all (no carry between nibbles in a real shape; wrapping otherwise).
    let lens = shape.wrapping_add(shape >> 16).wrapping_add(shape >> 32).wrapping_add(shape >> 48) & 0xFFFF;
    for s in 0..4 {
        if lens >> (4 * s) & 15 >= 2 && ks >> (4 * s) & 15 == 0 {
            return None;
        }
    }
    Some(bucket_key(shape, top_owners(pat)))
}

/// The owners of the suits' top cards in a pattern, two bits a suit (0 for an empty suit).
#[inline(always)]
fn top_owners(pat: &[u64; 2]) -> u32 {
    (pat[0] & 3 | (pat[0] >> 24) & 12 | (pat[1] & 3) << 4 | (pat[1] >> 20) & 48) as u32
}

/// What a probe found: a bound on North-South's tricks from here that decides the test (a lower
/// bound `>= need` or an upper bound `< need`) and the relevant ranks per suit of the entry.
pub(crate) struct Hit {
    pub bound: i32,
    pub ks: u16,
}

/// The transposition table: open addressing on shapes, entries in one arena of blocks.
pub(crate) struct Tt {
    slots: Vec<Slot>,
    used: usize,
    /// The arena: a block is one or two units (see [`Meta::units`]), numbered by its first + 1.
    blocks: Vec<Unit>,
    max_bytes: usize,
    kind: scan::Kind,
}

const INITIAL_SLOTS: usize = 1 << 12;

/// Tricks left in a position of this shape (the suit lengths of all hands add up to 4 a trick).
fn tricks_left(shape: u64) -> usize {
    let pairs = (shape & 0x0F0F_0F0F_0F0F_0F0F) + (shape >> 4 & 0x0F0F_0F0F_0F0F_0F0F);
    ((pairs.wrapping_mul(0x0101_0101_0101_0101) >> 56) as usize / 4).min(13)
}

impl Tt {
    /// An empty table that stays within `max_bytes` (when full, it evicts: see `evict`).
    pub fn new(max_bytes: usize) -> Tt {
        let kind = scan::detect();
        Tt { slots: vec![Slot::default(); INITIAL_SLOTS], used: 0, blocks: Vec::new(), max_bytes, kind }
    }

    /// Forgets everything (keeps the allocations).
    pub fn clear(&mut self) {
        self.slots.iter_mut().for_each(|s| *s = Slot::default());
        self.used = 0;
        self.blocks.clear();
    }

    #[inline(always)]
    fn hash(key: u64, bits: u32) -> usize {
        (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - bits)) as usize
    }

    /// Index of the slot of `key`, or of the empty slot where it would go.
    #[inline(always)]
    fn find(&self, key: u64) -> usize {
        let mask = self.slots.len() - 1;
        let mut i = Self::hash(key, self.slots.len().trailing_zeros());
        loop {
            let s = self.slots[i].key;
            if s == key || s == 0 {
                return i;
            }
            i = (i + 1) & mask;
        }
    }

    /// Looks for an entry matching `pat` whose bounds decide "NS tricks >= need": in the
    /// shape's general chain, then in the bucket of the position's top-card owners, then in the
    /// shape's other chain.
    #[inline(always)]
    pub fn probe(&self, shape: u64, leader: usize, pat: [u64; 2], need: i32) -> Option<Hit> {
        match self.kind {
            // SAFETY: `kind` is `Avx512` only when `scan::detect` found the features.
            #[cfg(target_arch = "x86_64")]
            scan::Kind::Avx512 => unsafe { self.probe_avx512(shape, leader, pat, need) },
            scan::Kind::Scalar => self.probe_in::<false>(shape, leader, pat, need),
        }
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx512f,popcnt,lzcnt,bmi1,bmi2")]
    fn probe_avx512(&self, shape: u64, leader: usize, pat: [u64; 2], need: i32) -> Option<Hit> {
        self.probe_in::<true>(shape, leader, pat, need)
    }

    /// [`Tt::probe`] with the AVX-512 block scan (`AVX512`, see [`scan`]) or the scalar one.
    #[inline(always)]
    fn probe_in<const AVX512: bool>(&self, shape: u64, leader: usize, pat: [u64; 2], need: i32) -> Option<Hit> {
        let slot = &self.slots[self.find(shape)];
        if slot.key != shape {
            return None;
        }
        let split = slot.split(leader);
        let (general, g_lines) = slot.head_lines(chain(leader, 0));
        let (others, o_lines) = slot.head_lines(chain(leader, GENERAL_RANKS + 1));
        // Both chains' newest blocks load while the first is scanned.
        self.prefetch_block(general, g_lines);
        self.prefetch_block(others, o_lines);
        self.scan::<AVX512>(general, &pat, need)
            .or_else(|| {
                if !split {
                    return None;
                }
                let b = &self.slots[self.find(bucket_key(shape, top_owners(&pat)))];
                if b.key == 0 { None } else { self.scan::<AVX512>(b.head(leader), &pat, need) }
            })
            .or_else(|| self.scan::<AVX512>(others, &pat, need))
    }

    /// Scans a chain from block `b` (+ 1), newest first, for an entry that decides.
    #[inline(always)]
    fn scan<const AVX512: bool>(&self, mut b: u32, pat: &[u64; 2], need: i32) -> Option<Hit> {
        let mut scanned = 0;
        while b != 0 && scanned < MAX_BLOCKS {
            let meta = Meta::of(&self.blocks[b as usize - 1].0);
            let block = self.block(b, meta);
            // The next block loads while this one is scanned.
            self.prefetch_block(meta.next(), BLOCK / 4);
            if !filtered_out(block, pat) {
                let found = match AVX512 {
                    // SAFETY: `AVX512` is true only inside `probe_avx512`, which has its features.
                    #[cfg(target_arch = "x86_64")]
                    true => unsafe { scan::avx512(block, meta.len(), pat, need) },
                    _ => scan::scalar(block, meta.len(), pat, need),
                };
                if let Some(i) = found {
                    let e = &block[i];
                    let bound = if e.lo() >= need { e.lo() } else { e.hi() };
                    return Some(Hit { bound, ks: e.ks() });
                }
            }
            b = meta.next();
            scanned += 1;
        }
        None
    }

    /// The slots of block `b` (+ 1), whose meta is `meta`.
    #[inline(always)]
    fn block(&self, b: u32, meta: Meta) -> &[Entry] {
        let first = b as usize - 1;
        entries(&self.blocks[first..first + meta.units()])
    }

    /// The slots of block `b` (+ 1), whose meta is `meta`, to change.
    #[inline(always)]
    fn block_mut(&mut self, b: u32, meta: Meta) -> &mut [Entry] {
        let first = b as usize - 1;
        entries_mut(&mut self.blocks[first..first + meta.units()])
    }

    /// Starts loading the first `lines` cache lines of block `b` (+ 1; none when 0).
    #[inline(always)]
    fn prefetch_block(&self, b: u32, lines: usize) {
        if b != 0 {
            let p = self.blocks.as_ptr().wrapping_add(b as usize - 1).cast::<Entry>();
            for line in 0..lines {
                crate::dd::search::prefetch(p.wrapping_add(4 * line));
            }
        }
    }

    /// Starts loading the slot of `key` into the cache.
    #[inline(always)]
    pub fn prefetch_slot(&self, key: u64) {
        let i = Self::hash(key, self.slots.len().trailing_zeros());
        let p = self.slots.as_ptr().wrapping_add(i);
        crate::dd::search::prefetch(p);
        // A slot may straddle two cache lines.
        crate::dd::search::prefetch(p.cast::<u8>().wrapping_add(size_of::<Slot>() - 1));
    }

    /// Records bounds `(lo, hi)` on NS tricks from here for every position with this shape,
    /// leader and owners of the top `ks` relative ranks of each suit (a nibble a suit).
    pub fn store(&mut self, shape: u64, leader: usize, pat: [u64; 2], ks: u16, bounds: (i32, i32)) {
        self.make_room();
        // The shape's own slot exists whenever a bucket of it does (`probe` looks there first).
        let mi = self.slot_of(shape);
        // Buckets only once the leader's other chain has `SPLIT_BLOCKS` blocks.
        let slot = self.slots[mi];
        let others = slot.head(chain(leader, GENERAL_RANKS + 1));
        let to_bucket = bucket(shape, &pat, ks).filter(|_| slot.split(leader) || self.depth(others) >= SPLIT_BLOCKS);
        let (si, c) = match to_bucket {
            Some(key) => {
                self.slots[mi].set_split(leader);
                (self.slot_of(key), leader)
            }
            None => (mi, chain(leader, Entry::ranks(ks))),
        };
        let e = Entry::new(&pat, ks, bounds);
        // Tighten an identical pattern in the newest block, if any.
        let head_b = self.slots[si].head(c);
        let mut head_meta = None;
        if head_b != 0 {
            let meta = Meta::of(&self.blocks[head_b as usize - 1].0);
            let block = self.block_mut(head_b, meta);
            for old in block[HEAD..HEAD + meta.len()].iter_mut() {
                if old.same_pattern(&e) {
                    old.set_bounds(old.lo().max(bounds.0), old.hi().min(bounds.1));
                    return;
                }
            }
            head_meta = Some(meta);
        }
        let (b, meta) = match head_meta {
            Some(meta) if HEAD + meta.len() < UNIT * meta.units() => (head_b, meta),
            _ => {
                let (depth, n) = match head_meta {
                    Some(m) => (m.depth() + 1, 2),
                    None if self.blocks.len() < SMALL_FIRST_UNITS => (1, 1),
                    None => (1, 2),
                };
                let meta = Meta::new(head_b, 0, tricks_left(shape), depth, n);
                let mut first = Unit::default();
                meta.write(&mut first.0);
                self.blocks.push(first);
                let b = self.blocks.len() as u32;
                if meta.units() > 1 {
                    self.blocks.push(Unit::default());
                }
                self.slots[si].set_head(c, b, meta.units());
                (b, meta)
            }
        };
        let block = self.block_mut(b, meta);
        add_to_filter(block, &e, meta.len() == 0);
        block[HEAD + meta.len()] = e;
        Meta::new(meta.next(), meta.len() + 1, meta.tricks(), meta.depth(), meta.units()).write(block);
    }

    /// Blocks in the chain from block `b` (+ 1).
    fn depth(&self, b: u32) -> usize {
        if b == 0 { 0 } else { Meta::of(&self.blocks[b as usize - 1].0).depth() }
    }

    /// The slot of `key`, taken when new.
    fn slot_of(&mut self, key: u64) -> usize {
        let si = self.find(key);
        if self.slots[si].key == 0 {
            self.slots[si] = Slot { key, heads: [0; 8] };
            self.used += 1;
        }
        si
    }

    /// Ensures one more slot and one more block fit, growing within the budget or evicting.
    fn make_room(&mut self) {
        let slot_bytes = |n: usize| n * size_of::<Slot>();
        if (self.used + 2) * 4 > self.slots.len() * 3 {
            if slot_bytes(self.slots.len() * 2) + self.blocks.capacity() * size_of::<Unit>() > self.max_bytes {
                self.evict();
                if (self.used + 2) * 4 > self.slots.len() * 3 {
                    self.clear();
                }
            } else {
                self.grow();
            }
        }
        // Room for a block of two units.
        if self.blocks.len() + 2 > self.blocks.capacity() {
            let fit = self.max_bytes.saturating_sub(slot_bytes(self.slots.len())) / size_of::<Unit>();
            let want = (self.blocks.capacity() * 2).max(2048).min(fit);
            if want < self.blocks.len() + 2 {
                self.evict();
            }
            let want = want.max(2);
            if want > self.blocks.capacity() {
                self.blocks.reserve_exact(want - self.blocks.len());
            }
        }
    }

    /// Makes room in a full table: keeps the keys with the most tricks left (the dearest to
    /// search again) while they fill at most half the blocks, and forgets the rest.
    fn evict(&mut self) {
        let units_all = self.blocks.len();
        let mut by_tricks = [0usize; 14];
        let mut u = 0;
        while u < units_all {
            let m = Meta::of(&self.blocks[u].0);
            by_tricks[m.tricks()] += m.units();
            u += m.units();
        }
        let (mut keep_from, mut kept) = (14, 0);
        while keep_from > 0 && kept + by_tricks[keep_from - 1] <= units_all / 2 {
            keep_from -= 1;
            kept += by_tricks[keep_from];
        }
        if kept == 0 {
            return self.clear();
        }
        // Move the kept blocks down, in order, and note where each went.
        let mut moved = vec![0u32; units_all + 1];
        let (mut out, mut u) = (0, 0);
        while u < units_all {
            let m = Meta::of(&self.blocks[u].0);
            if m.tricks() >= keep_from {
                self.blocks.copy_within(u..u + m.units(), out);
                moved[u + 1] = out as u32 + 1;
                out += m.units();
            }
            u += m.units();
        }
        self.blocks.truncate(out);
        let mut u = 0;
        while u < out {
            let block = &mut self.blocks[u].0;
            let m = Meta::of(block);
            Meta::new(moved[m.next() as usize], m.len(), m.tricks(), m.depth(), m.units()).write(block);
            u += m.units();
        }
        let n = self.slots.len();
        let old = std::mem::replace(&mut self.slots, vec![Slot::default(); n]);
        self.used = 0;
        for mut s in old.into_iter().filter(|s| s.key != 0 && key_tricks(s.key) >= keep_from) {
            for c in 0..s.chains() {
                s.move_head(c, moved[s.head(c) as usize]);
            }
            let i = self.find(s.key);
            self.slots[i] = s;
            self.used += 1;
        }
    }

    /// Doubles the slot array.
    fn grow(&mut self) {
        let old = std::mem::take(&mut self.slots);
        self.slots = vec![Slot::default(); old.len() * 2];
        for s in old.into_iter().filter(|s| s.key != 0) {
            let i = self.find(s.key);
            self.slots[i] = s;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The `i`-th of 1,000 distinct shapes (suit lengths).
    fn shape(i: u64) -> u64 {
        (i % 1000 + 1).wrapping_mul(0x0123_4567_89AB_CDEF) | 1
    }

    #[test]
    fn fills_its_budget_before_clearing_and_stays_within_it() {
        let budget = 4 << 20;
        let mut tt = Tt::new(budget);
        let bytes = |tt: &Tt| tt.slots.len() * size_of::<Slot>() + tt.blocks.capacity() * size_of::<Unit>();
        let all = 0xDDDD;
        let mut most = 0;
        for i in 0..300_000u64 {
            tt.store(shape(i), 0, [i, 0], all, (4, 13));
            assert!(bytes(&tt) <= budget, "{} bytes after {i} stores", bytes(&tt));
            most = most.max(tt.blocks.len() * size_of::<Unit>());
        }
        // Entries may use nearly all of the budget left by the slot array, not half of it.
        let room = budget - tt.slots.len() * size_of::<Slot>();
        assert!(most > room * 9 / 10, "entries reached {most} of {room} bytes");
        let found = tt.probe(shape(299_999), 0, [299_999, 0], 3);
        assert_eq!(found.map(|h| h.bound), Some(4), "the newest entry is still there");
    }

    /// A valid shape with `t` tricks left: North holds `v` clubs and `t - v` diamonds, East `t`
    /// diamonds, South `t` hearts, West `t` spades.
    fn valid_shape(t: u64, v: u64) -> u64 {
        v | (t - v) << 4 | t << (4 * 5) | t << (4 * 10) | t << (4 * 15)
    }

    #[test]
    fn bucket_keys_are_never_shapes_and_keep_the_tricks_left() {
        let mut seen = std::collections::HashSet::new();
        for t in 1..=13 {
            for v in 0..=t {
                let shape = valid_shape(t, v);
                assert!(!is_bucket(shape));
                assert_eq!(key_tricks(shape), t as usize);
                for owners in 0..256 {
                    let key = bucket_key(shape, owners);
                    assert!(is_bucket(key) && key != 0, "{shape:x} {owners}");
                    assert_eq!(key_tricks(key), t as usize);
                    assert!(seen.insert(key), "two buckets share the key {key:x}");
                }
            }
        }
    }

    #[test]
    fn every_key_is_found_across_the_change_of_first_block_size() {
        let mut tt = Tt::new(64 << 20);
        let key = |i: u64| (2 * i + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let n = 2 * SMALL_FIRST_UNITS as u64;
        for i in 0..n {
            // Keys of 1 to 40 entries, so that chains of one and two-unit blocks mix.
            for j in 0..=i % 40 {
                tt.store(key(i), 0, [j, i], 0xDDDD, ((i % 13) as i32, 13));
            }
        }
        assert!(tt.blocks.len() > 2 * SMALL_FIRST_UNITS, "{} units", tt.blocks.len());
        // First blocks of both sizes.
        let (mut firsts, mut u) = ([0; 2], 0);
        while u < tt.blocks.len() {
            let m = Meta::of(&tt.blocks[u].0);
            if m.depth() == 1 {
                firsts[m.units() - 1] += 1;
            }
            u += m.units();
        }
        assert!(firsts[0] > 1000 && firsts[1] > 1000, "first blocks of one and two units: {firsts:?}");
        for i in 0..n {
            for j in 0..=i % 40 {
                let want = (i % 13) as i32;
                assert_eq!(tt.probe(key(i), 0, [j, i], want).map(|h| h.bound), Some(want), "key {i} entry {j}");
            }
        }
    }

    #[test]
    fn the_block_filter_skips_no_matching_entry() {
        let mut tt = Tt::new(64 << 20);
        let key = valid_shape(13, 5);
        // Clubs' 13 ranks relevant: owner patterns that differ in a few ranks each.
        let pat = |i: u64| [(i * 0x9E37_79B9) & ((1 << 26) - 1), 0];
        for i in 0..500 {
            tt.store(key, 1, pat(i), 0x000D, (i as i32 % 13, 13));
        }
        for i in 0..500 {
            let want = i as i32 % 13;
            assert_eq!(tt.probe(key, 1, pat(i), want).map(|h| h.bound), Some(want), "pattern {i}");
        }
        assert!(tt.probe(key, 1, pat(500), 0).is_none(), "a pattern never stored");
    }

    #[test]
    fn a_full_table_keeps_the_keys_with_most_tricks_left() {
        let mut tt = Tt::new(256 << 10);
        let all = 0xDDDD;
        let keys: Vec<(u64, u64)> = (1..=13).flat_map(|t| (0..=t).map(move |v| (t, v))).collect();
        let mut round = 0u64;
        let mut most = 0;
        while tt.blocks.len() >= most {
            most = tt.blocks.len();
            round += 1;
            for &(t, v) in &keys {
                tt.store(valid_shape(t, v), 0, [round, 0], all, (4, 13));
            }
        }
        let found = |t, v| tt.probe(valid_shape(t, v), 0, [round - 1, 0], 3).map(|h| h.bound);
        assert_eq!(found(13, 13), Some(4), "a 13-trick key survives the eviction");
        assert_eq!(found(10, 0), Some(4), "keys down to 10 tricks fill under half the blocks");
        assert_eq!(found(1, 0), None, "a 1-trick key is evicted");
        assert!(tt.slots.len() * size_of::<Slot>() + tt.blocks.capacity() * size_of::<Unit>() <= 256 << 10);
    }
}
