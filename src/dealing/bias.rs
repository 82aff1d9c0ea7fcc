//! DealerV2_4's bias predeal, `predeal spades(north) == 5`: the seat is dealt exactly that many
//! cards of the suit on every deal (dealerv2/DealerV2_4 `deal_bias_subs.c`).
//!
//! dealer.exe's stream cannot honour it (its shuffle never looks at suits), so a script with a
//! bias predeal is dealt by this dealer instead, as DealerV2_4 does it: for each restricted suit
//! the seat's cards are drawn at random from that suit; the rest of the pack is shuffled; the
//! restricted seats are filled first (least room to spare first) with the first cards of the
//! shuffled pack from suits they are not restricted in; the other seats take what is left.
//! With one restricted seat every deal that meets the restriction is equally likely. Cards
//! predealt by holding stay where they are and count towards the lengths. The deals differ
//! from dealer.exe's for the same seed (DealerV2_4's differ from both).

use super::DealingError;
use super::random::BsdRandom;
use crate::cards::{Card, Deal, Hand, SEAT_NAMES, Seat, Suit};

/// Attempts of DealerV2_4's fill at one deal before a fill known to fit is used instead.
const TRIES: usize = 1_000;

/// Lengths required by bias predeals: `lengths[seat][suit]`.
pub type Lengths = [[Option<u8>; 4]; 4];

/// Deals that honour bias predeals (and ordinary predealt cards).
#[derive(Clone, Debug)]
pub struct BiasDealer {
    rng: BsdRandom,
    fixed: [Hand; 4],
    lengths: Lengths,
    /// Cards of each suit not predealt.
    free: [Vec<Card>; 4],
    /// Left-over cards of each suit each seat can take when DealerV2_4's fill keeps failing:
    /// `fit[suit][seat]`, a fill that always works (from the feasibility check).
    fit: [[i64; 4]; 4],
}

impl BiasDealer {
    /// A dealer for `seed`; an error says why the restrictions cannot be met.
    pub fn new(seed: i64, predeal: &[(Seat, Card)], lengths: Lengths) -> Result<BiasDealer, DealingError> {
        let fit = check(predeal, &lengths)?;
        let mut fixed = [Hand::default(); 4];
        for &(seat, card) in predeal {
            fixed[seat].add(card);
        }
        let taken = fixed.iter().fold(0u64, |a, h| a | h.0);
        let free = std::array::from_fn(|s| {
            (0..13).map(|r| Card::new(Suit::from_index(s), r)).filter(|c| taken & c.bit() == 0).collect()
        });
        Ok(BiasDealer { rng: BsdRandom::new(seed as u32), fixed, lengths, free, fit })
    }

    /// The next deal. DealerV2_4's fill can fail on a shuffle (it then deals again); after
    /// many failures the left-over cards are shared out by a fill known to fit.
    pub fn next_deal(&mut self) -> Deal {
        for _ in 0..TRIES {
            if let Some(d) = self.attempt() {
                return super::checked(d);
            }
        }
        super::checked(self.fitted())
    }

    fn below(&mut self, n: usize) -> usize {
        ((u64::from(self.rng.step()) * n as u64) >> 32) as usize
    }

    fn shuffle(&mut self, cards: &mut [Card]) {
        for i in (1..cards.len()).rev() {
            let j = self.below(i + 1);
            cards.swap(i, j);
        }
    }

    /// The restricted suits' cards: the hands so far and the shuffled rest of the pack.
    fn restricted_cards(&mut self) -> ([Hand; 4], Vec<Card>) {
        let mut hands = self.fixed;
        let mut pack = Vec::with_capacity(52);
        for suit in Suit::ALL {
            let mut cards = self.free[suit].clone();
            self.shuffle(&mut cards);
            for (hand, lengths) in hands.iter_mut().zip(&self.lengths) {
                if let Some(len) = lengths[suit] {
                    let need = usize::from(len).saturating_sub(hand.len(suit) as usize);
                    for c in cards.drain(..need.min(cards.len())) {
                        hand.add(c);
                    }
                }
            }
            pack.extend(cards);
        }
        self.shuffle(&mut pack);
        (hands, pack)
    }

    /// Every left-over card by the fill known to fit: `fit[suit][seat]` cards of each suit.
    fn fitted(&mut self) -> Deal {
        let (mut hands, pack) = self.restricted_cards();
        for suit in Suit::ALL {
            let mut cards = pack.iter().filter(|c| c.suit() == suit);
            for (seat, hand) in hands.iter_mut().enumerate() {
                for c in cards.by_ref().take(self.fit[suit][seat].max(0) as usize) {
                    hand.add(*c);
                }
            }
        }
        Deal { hands }
    }

    /// One try: the restricted suits' cards, then the rest in DealerV2_4's order.
    fn attempt(&mut self) -> Option<Deal> {
        let (mut hands, mut pack) = self.restricted_cards();
        for seat in self.fill_order(&hands, &pack) {
            let allowed = |c: &Card| self.lengths[seat][c.suit()].is_none();
            let room = 13 - hands[seat].count() as usize;
            let picked: Vec<usize> = (0..pack.len()).filter(|&i| allowed(&pack[i])).take(room).collect();
            if picked.len() < room {
                return None;
            }
            for &i in picked.iter().rev() {
                hands[seat].add(pack.remove(i));
            }
        }
        for seat in Seat::ALL.into_iter().filter(|&s| !self.restricted(s)) {
            let room = 13 - hands[seat].count() as usize;
            for c in pack.drain(..room.min(pack.len())) {
                hands[seat].add(c);
            }
        }
        Some(Deal { hands })
    }

    fn restricted(&self, seat: Seat) -> bool {
        self.lengths[seat].iter().any(Option::is_some)
    }

    /// Restricted seats, the one with the least to spare (cards it may take − room) first.
    fn fill_order(&self, hands: &[Hand; 4], pack: &[Card]) -> Vec<Seat> {
        let mut seats: Vec<(i64, Seat)> = Seat::ALL
            .into_iter()
            .filter(|&s| self.restricted(s))
            .map(|s| {
                let may = pack.iter().filter(|c| self.lengths[s][c.suit()].is_none()).count() as i64;
                (may - (13 - i64::from(hands[s].count())), s)
            })
            .collect();
        seats.sort();
        seats.into_iter().map(|(_, s)| s).collect()
    }
}

/// Why a set of predealt cards and bias lengths can never be dealt, if it cannot; else a fill
/// of the left-over cards that fits, `[suit][seat]`.
pub fn check(predeal: &[(Seat, Card)], lengths: &Lengths) -> Result<[[i64; 4]; 4], DealingError> {
    const SUITS: [&str; 4] = ["club", "diamond", "heart", "spade"];
    let mut held = [[0u8; 4]; 4];
    for &(seat, card) in predeal {
        held[seat][card.suit()] += 1;
    }
    let mut extra = [[0u8; 4]; 4];
    for seat in 0..4 {
        for suit in 0..4 {
            if let Some(len) = lengths[seat][suit] {
                if held[seat][suit] > len {
                    return Err(format!(
                        "{} is predealt {} {}s but must hold exactly {len}",
                        SEAT_NAMES[seat], held[seat][suit], SUITS[suit]
                    )
                    .into());
                }
                extra[seat][suit] = len - held[seat][suit];
            }
        }
        let total: u8 = (0..4).map(|s| held[seat][s] + extra[seat][s]).sum();
        if total > 13 {
            return Err(format!("suit lengths too long for {}: {total} cards", SEAT_NAMES[seat]).into());
        }
    }
    let mut pool = [0i64; 4];
    for suit in 0..4 {
        let used: u8 = (0..4).map(|h| held[h][suit] + extra[h][suit]).sum();
        if used > 13 {
            return Err(format!("too many {}s: the predeals need {used}", SUITS[suit]).into());
        }
        pool[suit] = i64::from(13 - used);
    }
    let room: [i64; 4] = std::array::from_fn(|h| 13 - (0..4).map(|s| i64::from(held[h][s] + extra[h][s])).sum::<i64>());
    let (filled, fit) = max_flow(pool, room, lengths);
    if filled < room.iter().sum::<i64>() {
        return Err("the seats restricted by length cannot all be given 13 cards from the suits left to them".into());
    }
    Ok(fit)
}

/// Largest number of the left-over cards (`pool` per suit) that can fill the seats' `room`
/// through suits a seat is not restricted in (augmenting paths on a 4 × 4 graph).
fn max_flow(mut pool: [i64; 4], mut room: [i64; 4], lengths: &Lengths) -> (i64, [[i64; 4]; 4]) {
    // flow[suit][seat]; an augmenting path may cancel flow on an earlier edge.
    let mut flow = [[0i64; 4]; 4];
    let allowed = |suit: Suit, seat: Seat| lengths[seat][suit].is_none();
    let mut total = 0;
    loop {
        let Some(path) = augmenting_path(&pool, &room, &flow, &allowed) else { return (total, flow) };
        let amount = path_capacity(&path, &pool, &room, &flow);
        for w in path.windows(2) {
            match (w[0], w[1]) {
                (Node::Suit(s), Node::Seat(h)) => flow[s][h] += amount,
                (Node::Seat(h), Node::Suit(s)) => flow[s][h] -= amount,
                _ => {}
            }
        }
        if let (Some(Node::Suit(s)), Some(Node::Seat(h))) = (path.first(), path.last()) {
            pool[*s] -= amount;
            room[*h] -= amount;
        }
        total += amount;
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Node {
    Suit(Suit),
    Seat(Seat),
}

/// A path from a suit with cards left to a seat with room left, breadth first.
fn augmenting_path(
    pool: &[i64; 4],
    room: &[i64; 4],
    flow: &[[i64; 4]; 4],
    allowed: &dyn Fn(Suit, Seat) -> bool,
) -> Option<Vec<Node>> {
    let mut queue: Vec<Vec<Node>> =
        Suit::ALL.into_iter().filter(|&s| pool[s] > 0).map(|s| vec![Node::Suit(s)]).collect();
    let mut seen = Vec::new();
    let mut i = 0;
    while i < queue.len() {
        let path = queue[i].clone();
        i += 1;
        let last = *path.last()?;
        if seen.contains(&last) {
            continue;
        }
        seen.push(last);
        match last {
            Node::Seat(h) if room[h] > 0 => return Some(path),
            Node::Suit(s) => queue.extend(
                Seat::ALL.into_iter().filter(|&h| allowed(s, h)).map(|h| [path.clone(), vec![Node::Seat(h)]].concat()),
            ),
            Node::Seat(h) => queue.extend(
                Suit::ALL.into_iter().filter(|&s| flow[s][h] > 0).map(|s| [path.clone(), vec![Node::Suit(s)]].concat()),
            ),
        }
    }
    None
}

fn path_capacity(path: &[Node], pool: &[i64; 4], room: &[i64; 4], flow: &[[i64; 4]; 4]) -> i64 {
    let mut cap = match (path.first(), path.last()) {
        (Some(Node::Suit(s)), Some(Node::Seat(h))) => pool[*s].min(room[*h]),
        _ => 0,
    };
    for w in path.windows(2) {
        if let (Node::Seat(h), Node::Suit(s)) = (w[0], w[1]) {
            cap = cap.min(flow[s][h]);
        }
    }
    cap
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lengths(list: &[(usize, usize, u8)]) -> Lengths {
        let mut l = [[None; 4]; 4];
        for &(h, s, n) in list {
            l[h][s] = Some(n);
        }
        l
    }

    #[test]
    fn every_deal_has_the_lengths() {
        // DealerV2_4's Bias_4Hands: hearts(west)==6 club(east)==4 spade(east)==2 spades(north)==3 spades(south)==5
        let l = lengths(&[(3, 2, 6), (1, 0, 4), (1, 3, 2), (0, 3, 3), (2, 3, 5)]);
        let mut d = BiasDealer::new(283, &[], l).unwrap();
        for _ in 0..500 {
            let deal = d.next_deal();
            assert!(deal.is_complete());
            assert_eq!(
                (deal.hands[3].len(Suit::Hearts), deal.hands[1].len(Suit::Clubs), deal.hands[1].len(Suit::Spades)),
                (6, 4, 2)
            );
            assert_eq!(
                (deal.hands[0].len(Suit::Spades), deal.hands[2].len(Suit::Spades), deal.hands[3].len(Suit::Spades)),
                (3, 5, 3)
            );
        }
    }

    #[test]
    fn predealt_cards_count_towards_the_length() {
        let l = lengths(&[(0, 3, 5)]);
        let pre = [
            (Seat::North, Card::new(Suit::Spades, 12)),
            (Seat::North, Card::new(Suit::Spades, 11)),
            (Seat::North, Card::new(Suit::Hearts, 12)),
        ];
        let mut d = BiasDealer::new(1, &pre, l).unwrap();
        for _ in 0..200 {
            let deal = d.next_deal();
            assert!(deal.is_complete());
            assert_eq!(deal.hands[0].len(Suit::Spades), 5);
            assert!(deal.hands[0].has(Card::new(Suit::Spades, 12)) && deal.hands[0].has(Card::new(Suit::Hearts, 12)));
        }
    }

    #[test]
    fn the_fitted_fill_meets_the_lengths() {
        let l = lengths(&[(3, 2, 6), (1, 0, 4), (1, 3, 2), (0, 3, 3), (2, 3, 5)]);
        let mut d = BiasDealer::new(5, &[], l).unwrap();
        for _ in 0..100 {
            let deal = d.fitted();
            assert!(deal.is_complete());
            assert_eq!(
                (deal.hands[3].len(Suit::Hearts), deal.hands[1].len(Suit::Clubs), deal.hands[0].len(Suit::Spades)),
                (6, 4, 3)
            );
        }
    }

    #[test]
    fn impossible_sets_are_refused() {
        assert!(check(&[], &lengths(&[(0, 3, 7), (1, 3, 7)])).unwrap_err().0.contains("too many spades"));
        assert!(check(&[], &lengths(&[(0, 3, 7), (0, 2, 7)])).unwrap_err().0.contains("too long for North"));
        let l = lengths(&[(0, 3, 0), (0, 2, 0), (0, 1, 0), (1, 0, 1)]);
        assert!(check(&[], &l).is_err(), "North needs 13 clubs but East holds one");
        assert!(
            check(
                &[(Seat::North, Card::new(Suit::Spades, 1)), (Seat::North, Card::new(Suit::Spades, 2))],
                &lengths(&[(0, 3, 1)])
            )
            .is_err()
        );
        assert!(check(&[], &lengths(&[(0, 3, 0), (0, 2, 0), (0, 1, 0)])).is_ok());
    }
}
