use super::*;
use crate::cards::{Deal, Seat, Suit, Vul, parse_deal};

#[test]
fn list1_table() {
    let deal = parse_deal("N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3").unwrap();
    let t = Solver::new().table(&deal).unwrap();
    // DDS order strain S,H,D,C,NT outer, declarer N,E,S,W inner.
    let dds = [5, 8, 5, 8, 6, 6, 6, 6, 5, 7, 5, 7, 7, 5, 7, 5, 6, 6, 6, 6];
    for (i, &v) in dds.iter().enumerate() {
        let strain = [3, 2, 1, 0, 4][i / 4];
        assert_eq!(t.tricks[i % 4][strain], v, "strain {strain} declarer {}", i % 4);
    }
}

#[test]
fn wrong_card_counts_are_errors() {
    let mut deal = parse_deal("N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3").unwrap();
    let mut solver = Solver::with_memory_mib(8);
    let moved = deal.hands[0].0 & deal.hands[0].0.wrapping_neg();
    deal.hands[0].0 ^= moved;
    deal.hands[1].0 |= moved;
    assert!(solver.table(&deal).is_err());
    assert!(solver.tricks(&deal, Seat::North, 4).is_err());
    let mut dup = deal;
    dup.hands[1].0 ^= moved;
    dup.hands[0].0 |= dup.hands[1].0 & dup.hands[1].0.wrapping_neg();
    assert!(solver.table(&dup).is_err());
    let mut bogus = parse_deal("N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3").unwrap();
    bogus.hands[2].0 |= 1 << 14;
    assert!(solver.table(&bogus).is_err());
    assert!(solver.tricks(&deal, Seat::North, 5).is_err());
    assert!(solver.at_least(&deal, Seat::West, 5, 7).is_err());
}

/// A hand from `S.H.D.C`.
fn hand(text: &str) -> crate::cards::Hand {
    let mut h = crate::cards::Hand::default();
    for (i, ranks) in text.split('.').enumerate() {
        for ch in ranks.bytes() {
            h.add(crate::cards::Card::new(Suit::from_index(3 - i), crate::cards::rank_of_char(ch).unwrap()));
        }
    }
    h
}

#[test]
fn small_endings() {
    let mut solver = Solver::with_memory_mib(8);
    // One card each: N SA, E S2, S S3, W H2.
    let deal = Deal { hands: [hand("A..."), hand("2..."), hand("3..."), hand(".2..")] };
    let t = solver.table(&deal).unwrap();
    assert_eq!(t.tricks[0][4], 1); // N declares NT: E leads S2, N wins with the ace.
    assert_eq!(t.tricks[3][4], 0); // W declares NT: N leads the ace and wins.
    assert_eq!(t.tricks[3][2], 1); // W declares hearts: N leads the ace, W ruffs.
    // Two cards each: N SAK, E D32, S D54, W C32.
    let deal = Deal { hands: [hand("AK..."), hand("..32."), hand("..54."), hand("...32")] };
    let t = solver.table(&deal).unwrap();
    assert_eq!(t.tricks[2][4], 0); // S declares NT: W cashes both clubs.
    assert_eq!(t.tricks[0][4], 2); // N declares NT: E leads diamonds, S wins both.
    assert_eq!(t.tricks[1][3], 0); // E declares spades: S leads a diamond, N ruffs and cashes.
    // Empty deal.
    assert_eq!(solver.table(&Deal::default()).unwrap().tricks, [[0; 5]; 4]);
}

#[test]
fn voids_everywhere_do_not_panic() {
    // Every hand holds one whole suit: N spades, E hearts, S diamonds, W clubs.
    let deal = Deal {
        hands: [hand("AKQJT98765432..."), hand(".AKQJT98765432.."), hand("..AKQJT98765432."), hand("...AKQJT98765432")],
    };
    let t = Solver::with_memory_mib(8).table(&deal).unwrap();
    assert_eq!(t.tricks[0][3], 13); // N in spades: ruffs the opening lead, then draws nothing.
    assert_eq!(t.tricks[0][4], 0); // N in notrump: E runs the hearts.
    assert_eq!(t.tricks[1][4], 0); // E in notrump: S runs the diamonds.
    assert_eq!(t.tricks[2][0], 0); // S in clubs: W leads clubs (trumps) and wins all.
    assert_eq!(t.tricks[2][1], 13); // S in diamonds: ruffs W's club lead.
}

#[test]
fn hot_par_tables() {
    // Only N and E can make 1NT (7 tricks); nothing else makes: par is 1NT by whoever bids first.
    let mut t = DdTable { tricks: [[6, 6, 6, 6, 7], [6, 6, 6, 6, 7], [6, 6, 6, 6, 6], [6, 6, 6, 6, 6]] };
    let p = par(&t, Vul::None);
    assert_eq!(p.score_ns, 90);
    assert_eq!(p.contracts, "1N-N");
    // Only N and W make 1S: NS bidding first get +80.
    t = DdTable { tricks: [[6, 6, 6, 7, 6], [6, 6, 6, 6, 6], [6, 6, 6, 6, 6], [6, 6, 6, 7, 6]] };
    let p = par(&t, Vul::None);
    assert_eq!(p.score_ns, 80);
    assert_eq!(p.contracts, "1S-N");
    // Nobody makes anything: passed out.
    t = DdTable { tricks: [[6; 5]; 4] };
    assert_eq!(par(&t, Vul::All), Par { score_ns: 0, contracts: "pass".into() });
}

/// Brute-force results by (hands, leader) at trick starts.
type Memo = std::collections::HashMap<([u64; 4], usize), i32>;

/// Plain minimax over whole tricks, memoised at trick starts: North-South's tricks.
fn brute(hands: [u64; 4], trump: usize, leader: usize, memo: &mut Memo) -> i32 {
    if hands[0] == 0 {
        return 0;
    }
    if let Some(&v) = memo.get(&(hands, leader)) {
        return v;
    }
    let v = brute_card(hands, trump, leader, 0, 0, 0, leader, memo);
    memo.insert((hands, leader), v);
    v
}

/// One card of the trick in progress (`pos` cards played, `win` the winning card so far).
#[allow(clippy::too_many_arguments)]
fn brute_card(
    hands: [u64; 4],
    trump: usize,
    leader: usize,
    pos: usize,
    lead_suit: usize,
    win: u32,
    win_seat: usize,
    memo: &mut Memo,
) -> i32 {
    if pos == 4 {
        return (win_seat & 1 == 0) as i32 + brute(hands, trump, win_seat, memo);
    }
    let p = (leader + pos) & 3;
    let follow = hands[p] & (0x1FFFu64 << (16 * lead_suit));
    let legal = if pos > 0 && follow != 0 { follow } else { hands[p] };
    let mut best = if p & 1 == 0 { -1 } else { 99 };
    let mut x = legal;
    while x != 0 {
        let c = x.trailing_zeros();
        x &= x - 1;
        let mut h = hands;
        h[p] ^= 1u64 << c;
        let (cs, ws) = (c as usize / 16, win as usize / 16);
        let (ls, w, s) = if pos == 0 {
            (cs, c, p)
        } else if (cs == ws && c > win) || (cs != ws && cs == trump) {
            (lead_suit, c, p)
        } else {
            (lead_suit, win, win_seat)
        };
        let v = brute_card(h, trump, leader, pos + 1, ls, w, s, memo);
        best = if p & 1 == 0 { best.max(v) } else { best.min(v) };
    }
    best
}

#[test]
fn small_endings_match_brute_force() {
    let mut rnd = xorshift(0x2545_F491_4F6C_DD1D);
    let mut solver = Solver::with_memory_mib(8);
    // `DD_BRUTE_DEALS` runs more deals (400 by default).
    let deals = std::env::var("DD_BRUTE_DEALS").ok().and_then(|v| v.parse().ok()).unwrap_or(400);
    for _ in 0..deals {
        let n = 1 + rnd(5) as usize;
        // Cards from a few suits only, so that voids and ruffs are common.
        let suits = 2 + rnd(3);
        let deal = random_ending(&mut rnd, n, suits);
        let t = solver.table(&deal).unwrap();
        let hands = [deal.hands[0].0, deal.hands[1].0, deal.hands[2].0, deal.hands[3].0];
        for strain in 0..5 {
            let mut memo = std::collections::HashMap::new();
            for declarer in 0..4 {
                let ns = brute(hands, strain, (declarer + 1) & 3, &mut memo);
                let want = if declarer & 1 == 0 { ns } else { n as i32 - ns };
                assert_eq!(t.tricks[declarer][strain] as i32, want, "{deal:?} declarer {declarer} strain {strain}");
            }
        }
    }
}

/// A xorshift generator: `rnd(n)` is below `n`.
fn xorshift(mut seed: u64) -> impl FnMut(u64) -> u64 {
    move |n| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed % n
    }
}

/// Calls `check(search, hands, strain, leader, ns)` for every strain and leader of 400 random
/// endings of 2 to 5 cards a hand drawn by `rnd`, `ns` being North-South's tricks by plain
/// minimax, with `search` loaded with the ending and the strain.
fn each_ending(rnd: &mut impl FnMut(u64) -> u64, mut check: impl FnMut(&mut search::Search, &Deal, usize, usize, i32)) {
    let mut search = search::Search::new(1 << 20);
    for _ in 0..400 {
        let n = 2 + rnd(4) as usize;
        let suits = 2 + rnd(3);
        let deal = random_ending(rnd, n, suits);
        let hands = [deal.hands[0].0, deal.hands[1].0, deal.hands[2].0, deal.hands[3].0];
        search.set_deal(&deal);
        for strain in 0..5 {
            search.set_trump(strain);
            let mut memo = std::collections::HashMap::new();
            for leader in 0..4 {
                let ns = brute(hands, strain, leader, &mut memo);
                check(&mut search, &deal, strain, leader, ns);
            }
        }
    }
}

/// A random ending of `n` cards a hand from the first `suits` suits (voids and ruffs common).
fn random_ending(rnd: &mut impl FnMut(u64) -> u64, n: usize, suits: u64) -> Deal {
    let mut pool: Vec<u32> = (0..52).filter(|c| (c / 13) < suits as u32).map(|c| (c / 13) * 16 + c % 13).collect();
    let mut deal = Deal::default();
    for h in 0..4 {
        for _ in 0..n {
            let c = pool.swap_remove(rnd(pool.len() as u64) as usize);
            deal.hands[h].0 |= 1u64 << c;
        }
    }
    deal
}

#[test]
fn all_tricks_out_of_reach_matches_brute_force() {
    let (mut fired, mut with_trumps) = (0, 0);
    each_ending(&mut xorshift(0x9E37_79B9_7F4A_7C15), |search, deal, strain, leader, ns| {
        if search.all_tricks_out_of_reach(leader).0 == 0 {
            return;
        }
        let n = search.tricks_left;
        let side = if leader & 1 == 0 { ns } else { n - ns };
        assert!(side < n, "{deal:?} strain {strain} leader {leader}: the side on lead takes all {n}");
        fired += 1;
        with_trumps += usize::from(strain < 4 && search::suit_bits(search.all, strain) != 0);
    });
    // The bound must have been exercised, in suit contracts with trumps left too (2,114 and
    // 386 times with this seed).
    assert!(fired > 1500 && with_trumps > 250, "fired {fired}, with trumps {with_trumps}");
}

#[test]
fn quick_tricks_match_brute_force() {
    let (mut fired, mut ruffs) = (0, 0);
    each_ending(&mut xorshift(0x2545_F491_4F6C_DD1D ^ 0xABCD), |search, deal, strain, leader, ns| {
        let n = search.tricks_left;
        let side = if leader & 1 == 0 { ns } else { n - ns };
        for enough in 1..=n {
            let (q, _) = search.quick_tricks(leader, enough);
            assert!(side >= q, "{deal:?} strain {strain} leader {leader}: {q} quick tricks, {side} in all");
            fired += usize::from(q > 0);
        }
        if strain < 4 && search.partner_ruffs(leader).0 > 0 {
            assert!(side >= 1, "{deal:?} strain {strain} leader {leader}: partner's ruff");
            ruffs += 1;
        }
    });
    // Exercised often, partner's ruff too (12,962 and 1,104 times with this seed).
    assert!(fired > 10000 && ruffs > 800, "fired {fired}, ruffs {ruffs}");
}
