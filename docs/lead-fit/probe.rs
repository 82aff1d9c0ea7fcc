//! EXPERIMENT ONLY: logs, at sampled lead nodes, every candidate lead's outcome and cost.
use super::moves::MoveList;
use super::search::{Search, Trick, suit_bits, top_bit};
use std::io::Write;
use std::sync::Mutex;

pub static LOG: Mutex<Option<std::io::BufWriter<std::fs::File>>> = Mutex::new(None);
pub static mut RATE: u64 = 0;
pub static mut NODE_ID: u64 = 0;

pub fn init() {
    if let Ok(p) = std::env::var("PROBE_LOG") {
        *LOG.lock().unwrap() = Some(std::io::BufWriter::new(std::fs::File::create(p).unwrap()));
        unsafe { RATE = std::env::var("PROBE_RATE").ok().and_then(|v| v.parse().ok()).unwrap_or(53) };
    }
}
pub fn flush() {
    if let Some(w) = LOG.lock().unwrap().as_mut() {
        w.flush().unwrap();
    }
}

impl Search {
    pub(crate) fn lead_feats(&self, p: usize, card: u32, need: i32, sc: i32, list: &MoveList) -> Vec<i32> {
        let s = card as usize / 16;
        let (pd, lho, rho) = (p ^ 2, (p + 1) & 3, (p + 3) & 3);
        let trump = self.trump;
        let h = suit_bits(self.hands[p], s);
        let all_s = suit_bits(self.all, s);
        let reps = super::moves::reps_pub(h, all_s);
        let c = 1u64 << (card % 16);
        let (top, bottom) = (top_bit(reps), reps & reps.wrapping_neg());
        let len = |x: usize| suit_bits(self.hands[x], s).count_ones() as i32;
        let tr = |x: usize| if trump < 4 { suit_bits(self.hands[x], trump).count_ones() as i32 } else { 0 };
        let ruff = |x: usize| (trump < 4 && s != trump && len(x) == 0 && tr(x) > 0) as i32;
        let t1 = top_bit(all_s);
        let owner_top = [p, lho, pd, rho].iter().position(|&x| suit_bits(self.hands[x], s) & t1 != 0).unwrap() as i32;
        let class = self.lead_class(p, s);
        let low_first = suit_bits(self.hands[pd], s) & t1 != 0;
        let pref = class > 0 && (if low_first { c == bottom } else { c == top });
        let above = (all_s & !((c << 1) - 1)).count_ones() as i32;
        let pos = (0..list.len).position(|i| list.cards[i] as u32 == card).unwrap() as i32;
        // second owner
        let own = self.owners(s);
        let n = all_s.count_ones();
        let ow = |j: u32| -> i32 {
            if j < n {
                let o = (own >> (2 * j) & 3) as usize;
                [p, lho, pd, rho].iter().position(|&x| x == o).unwrap() as i32
            } else {
                4
            }
        };
        vec![
            (trump < 4) as i32,
            (s == trump) as i32,
            class,
            (c == top) as i32,
            (c == bottom) as i32,
            pref as i32,
            reps.count_ones() as i32,
            above,
            self.tree_cost(p, s),
            self.second_cards_bonus(p, s, all_s),
            owner_top,
            len(p),
            len(pd),
            len(lho),
            len(rho),
            ruff(pd),
            ruff(lho),
            ruff(rho),
            tr(p) + tr(pd),
            tr(lho) + tr(rho),
            need,
            self.tricks_left,
            sc,
            tr(p),
            tr(pd),
            tr(lho),
            tr(rho),
            (p & 1) as i32,
            ow(1),
            ow(2),
            ow(3),
            pos,
            s as i32,
            (card % 16) as i32,
        ]
    }

    /// Tries every lead at this node, logging each one's outcome and nodes.
    pub(crate) fn probe_lead<const F: bool>(&mut self, t: &Trick, player: usize, beta: i32, killer: Option<u32>) {
        let mut list = MoveList::default();
        self.gen_moves::<F>(t, 0, player, beta, &mut list);
        let ns_to_move = player & 1 == 0;
        let need = if ns_to_move { beta - self.ns_won } else { self.ns_won + self.tricks_left - beta + 1 };
        let id = unsafe {
            NODE_ID += 1;
            NODE_ID
        };
        let mut lines = Vec::new();
        self.probing = true;
        let mut perm: Vec<usize> = (0..list.len).collect();
        let mut x = id.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        for i in (1..perm.len()).rev() {
            x ^= x << 13; x ^= x >> 7; x ^= x << 17;
            perm.swap(i, (x % (i as u64 + 1)) as usize);
        }
        for (ti, &i) in perm.iter().enumerate() {
            let card = list.cards[i] as u32;
            let feats = self.lead_feats(player, card, need, list.scores[i] as i32, &list);
            let before = self.nodes;
            let (v, _) = self.try_card_pub::<F>(t, player, card, beta);
            let cost = self.nodes - before;
            let cut = (v >= beta) == ns_to_move;
            let k = killer.is_some_and(|k| k == card) as i32;
            let f: Vec<String> = feats.iter().map(|x| x.to_string()).collect();
            lines.push(format!("{id},{card},{k},{},{cost},{},{ti}", cut as i32, f.join(",")));
        }
        self.probing = false;
        if let Some(w) = LOG.lock().unwrap().as_mut() {
            lines.sort_by_key(|l| l.split(',').nth(36).unwrap().parse::<i32>().unwrap());
            for l in lines {
                writeln!(w, "{l}").unwrap();
            }
        }
    }
}
