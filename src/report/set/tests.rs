use super::*;
use crate::cards::{Seat, Vul, parse_deal};

fn deal() -> Deal {
    parse_deal("N:AKQT3.J6.KJ42.95 652.AK42.AQ87.T4 J74.QT95.T.AK863 98.873.9653.QJ72").unwrap()
}

#[test]
fn boards_follow_the_duplicate_rotation() {
    // compat.md §2.4: dealer N, E, S, W in turn; vulnerability of boards 1..16.
    let vul =
        ["None", "NS", "EW", "All", "NS", "EW", "All", "None", "EW", "All", "None", "NS", "All", "None", "NS", "EW"];
    for n in 1..=32u64 {
        assert_eq!(
            board_dealer(n).letter(),
            ["N", "E", "S", "W"][((n - 1) % 4) as usize].chars().next().unwrap(),
            "board {n}"
        );
        let o = SetOptions { first_board: n, ..Default::default() };
        assert_eq!(o.board(1, deal()).vulnerable.pbn(), vul[((n - 1) % 16) as usize], "board {n}");
    }
}

#[test]
fn the_script_s_dealer_and_vulnerability_win_without_rotation() {
    let o = SetOptions { first_board: 5, dealer: Some(Seat::South), vulnerable: Some(Vul::NS), rotate: false };
    let b = o.board(3, deal());
    assert_eq!((b.number, b.dealer, b.vulnerable, b.deal), (7, Seat::South, Vul::NS, deal()));
    let free = SetOptions { first_board: 1, ..Default::default() }.board(6, deal());
    assert_eq!((free.number, free.dealer, free.vulnerable), (6, Seat::East, Vul::EW));
}

#[test]
fn rotation_puts_the_script_s_dealer_in_the_board_s_dealer_seat() {
    let o = SetOptions { first_board: 1, dealer: Some(Seat::South), vulnerable: Some(Vul::None), rotate: true };
    for produced in 1..=8u64 {
        let b = o.board(produced, deal());
        assert_eq!(b.dealer, board_dealer(produced));
        assert_eq!(b.vulnerable, Vul::of_board(produced), "the board's, not the script's");
        for rel in 0..4 {
            // The seat `rel` places after the dealer holds what it held after South.
            assert_eq!(b.deal.hands[b.dealer.after(rel)], deal().hands[Seat::South.after(rel)], "board {produced}");
        }
    }
}

#[test]
fn rotation_without_a_script_dealer_turns_nothing() {
    let o = SetOptions { first_board: 1, dealer: None, vulnerable: None, rotate: true };
    assert_eq!(o.board(2, deal()).deal, deal());
}

#[test]
fn the_format_comes_from_the_extension() {
    assert_eq!(SetFormat::from_path(Path::new("a/b.LIN")), Ok(SetFormat::Lin));
    assert_eq!(SetFormat::from_path(Path::new("b.pbn")), Ok(SetFormat::Pbn));
    let e = SetFormat::from_path(Path::new("b.txt")).unwrap_err().to_string();
    assert!(e.contains(".lin") && e.contains(".pbn"), "{e}");
}

#[test]
fn our_reader_reads_both_formats_back() {
    let deals: Vec<Deal> = (0..4).map(|k| deal().turned(k)).collect();
    for format in [SetFormat::Lin, SetFormat::Pbn] {
        let o = SetOptions { first_board: 1, dealer: Some(Seat::South), vulnerable: None, rotate: false };
        let text = write_set(format, o, "x", deals.iter().enumerate().map(|(i, d)| (i as u64 + 1, *d)));
        let back: Vec<Deal> = crate::cards::input::DealReader::new(text.as_bytes())
            .map(|r| match r.unwrap() {
                crate::cards::input::Record::Deal(_, d) => d,
                crate::cards::input::Record::Bad(b) => panic!("{format:?}: {b:?}"),
                crate::cards::input::Record::Table { .. } => panic!("{format:?}: a table"),
            })
            .collect();
        assert_eq!(back, deals, "{format:?}");
    }
}
