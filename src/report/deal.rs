//! Per-deal print formats of dealer 1.24.

use crate::cards::{Deal, Hand, RANK_CHARS, SEAT_CHARS, Seat, Suit, Vul};
use std::fmt::Write;

/// Spaces to pad a column with.
const PAD: &str = "                    ";

/// The cards of one suit as printall writes them: `A K 5 ` (a void is `- `); returns the count.
fn suit_cells(out: &mut String, hand: Hand, suit: Suit) -> usize {
    let mut cells = [b' '; 26];
    let mut bits = hand.suit(suit) as u32;
    let mut n = 0;
    while bits != 0 {
        let r = 31 - bits.leading_zeros();
        cells[2 * n] = RANK_CHARS[r as usize];
        bits &= !(1 << r);
        n += 1;
    }
    if n == 0 {
        cells[0] = b'-';
        n = 1;
    }
    out.push_str(std::str::from_utf8(&cells[..2 * n]).unwrap_or_default());
    n
}

/// Four suit lines with one column per hand, 20 bytes a column (overflow pushes right).
pub fn columns(out: &mut String, hands: &[Hand]) {
    for suit in Suit::ALL.into_iter().rev() {
        let mut col = 10;
        for &h in hands {
            out.push_str(&PAD[..2 * (10 - col.min(10))]);
            col = suit_cells(out, h, suit);
        }
        out.push('\n');
    }
}

/// `printall`: the board number, four suit lines across N E S W, a blank line.
pub fn printall(out: &mut String, number: u64, deal: &Deal) {
    let _ = writeln!(out, "{number:4}.");
    columns(out, &deal.hands);
    out.push('\n');
}

/// `printew` / `printns` / `printside`: two columns (West-East or South-North), a blank line.
pub fn printside(out: &mut String, side: usize, deal: &Deal) {
    let hands = if side == 1 { [deal.hands[3], deal.hands[1]] } else { [deal.hands[2], deal.hands[0]] };
    columns(out, &hands);
    out.push('\n');
}

fn compact_hand(out: &mut String, seat: usize, hand: Hand) {
    out.push(SEAT_CHARS[seat] as char);
    out.push(' ');
    hand.write_dotted(out);
}

/// `printcompact[(expr)]`: four lines `n AKQ.…`, then the value's line.
pub fn printcompact(out: &mut String, deal: &Deal, value: Option<i32>) {
    for (seat, &h) in deal.hands.iter().enumerate() {
        compact_hand(out, seat, h);
        out.push('\n');
    }
    if let Some(v) = value {
        let _ = writeln!(out, "{v}");
    }
}

/// `printoneline[(expr)]`: `n … e … s … w … ` (trailing space) and the value.
pub fn printoneline(out: &mut String, deal: &Deal, value: Option<i32>) {
    for (seat, &h) in deal.hands.iter().enumerate() {
        compact_hand(out, seat, h);
        out.push(' ');
    }
    if let Some(v) = value {
        let _ = write!(out, "{v}");
    }
    out.push('\n');
}

/// What a PBN record needs besides the deal.
pub struct PbnContext<'a> {
    /// The script's file name as typed, or `(null)` for standard input.
    pub input_name: &'a str,
    /// The seed as given.
    pub seed: &'a str,
    /// `Y.m.d` of today.
    pub date: &'a str,
    /// Fixed dealer, else rotating.
    pub dealer: Option<Seat>,
    /// Fixed vulnerability, else rotating.
    pub vulnerable: Option<Vul>,
    /// `[Event]` text instead of dealer's (a `title`).
    pub event: Option<&'a str>,
}

/// `printpbn` for board `board` (0-based produced number).
pub fn printpbn(out: &mut String, board: u64, deal: &Deal, cx: &PbnContext) {
    match cx.event {
        Some(e) => {
            let _ = writeln!(out, "[Event \"{e}\"]");
        }
        None => {
            let _ = writeln!(out, "[Event \"Hand simulated by dealer with file {}, seed {}\"]", cx.input_name, cx.seed);
        }
    }
    let _ = writeln!(out, "[Site \"-\"]\n[Date \"{}\"]\n[Board \"{}\"]", cx.date, board + 1);
    let dealer = cx.dealer.unwrap_or(Seat::from_index(board as usize));
    let vul = cx.vulnerable.unwrap_or_else(|| Vul::of_board(board + 1));
    table_tags(out, dealer, vul, &deal.pbn());
}

/// The tags of a PBN board after `[Board]`, as printpbn writes them: the players, dealer,
/// vulnerability, the `[Deal]` value given, and unknown declarer, contract and result; then
/// the blank line that ends the board.
pub(super) fn table_tags(out: &mut String, dealer: Seat, vul: Vul, deal: &str) {
    out.push_str("[West \"-\"]\n[North \"-\"]\n[East \"-\"]\n[South \"-\"]\n");
    let _ = writeln!(out, "[Dealer \"{}\"]", dealer.letter());
    let _ = writeln!(out, "[Vulnerable \"{}\"]", vul.pbn());
    let _ = writeln!(out, "[Deal \"{deal}\"]");
    out.push_str("[Declarer \"?\"]\n[Contract \"?\"]\n[Result \"?\"]\n\n");
}

/// `print(seats)` at the end of the run: each listed seat's hands (`hands[seat]`, one per
/// produced deal), four boards across, numbered from `first_board + 1`. `flush` is called after
/// every row of boards, so that a long report can be passed on in parts.
pub fn print_hands(
    out: &mut String,
    seats: &[Seat],
    hands: &[Vec<Hand>; 4],
    first_board: u64,
    flush: &mut dyn FnMut(&mut String),
) {
    for seat in Seat::ALL {
        if !seats.contains(&seat) {
            continue;
        }
        let _ = write!(out, "\n\n{} hands:\n\n\n\n", seat.name());
        for (g, group) in hands[seat].chunks(4).enumerate() {
            for k in 0..group.len() {
                let _ = write!(out, "{:4}.", first_board + (g * 4 + k + 1) as u64);
                out.push_str(&PAD[..15]);
            }
            out.push('\n');
            columns(out, group);
            out.push('\n');
            flush(out);
        }
        out.push('\x0c');
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The report passed on in parts, one per row of boards, is the report made whole: the
    /// same bytes, each part ending with a row.
    #[test]
    fn print_hands_in_parts_is_the_whole_report() {
        let deals: Vec<Deal> =
            (0..11u8).map(|i| Deal::from_slots(&std::array::from_fn(|k| (k as u8 + i * 5) % 52))).collect();
        let mut hands: [Vec<Hand>; 4] = Default::default();
        for seat in Seat::ALL {
            hands[seat] = deals.iter().map(|d| d.hands[seat]).collect();
        }
        let seats = [Seat::North, Seat::West];
        let mut whole = String::new();
        print_hands(&mut whole, &seats, &hands, 3, &mut |_| {});
        let mut parts = Vec::new();
        let mut out = String::new();
        print_hands(&mut out, &seats, &hands, 3, &mut |o: &mut String| parts.push(std::mem::take(o)));
        parts.push(out);
        // Three rows of boards for each of the two seats, and the tail.
        assert_eq!(parts.len(), 7);
        assert!(parts[..6].iter().all(|p| p.ends_with('\n')));
        assert_eq!(parts.concat(), whole);
        assert!(whole.contains("   4.") && whole.contains("  14.") && !whole.contains("  15."));
    }
}
