use super::*;

#[test]
fn oneline_and_pbn_round_trip() {
    let line = "n AKQT3.J6.KJ42.95 e 652.AK42.AQ87.T4 s J74.QT95.T.AK863 w 98.873.9653.QJ72";
    let deal = parse_deal(line).unwrap();
    assert_eq!(deal.oneline(), line);
    let pbn = deal.pbn();
    assert_eq!(pbn, "N:AKQT3.J6.KJ42.95 652.AK42.AQ87.T4 J74.QT95.T.AK863 98.873.9653.QJ72");
    assert_eq!(parse_deal(&pbn).unwrap(), deal);
    assert_eq!(deal.hands[0].len(Suit::Spades), 5);
    assert!(deal.hands[2].has(Card::new(Suit::Clubs, 12)));
}

#[test]
fn pbn_from_other_first_seat() {
    let d = parse_deal("E:652.AK42.AQ87.T4 J74.QT95.T.AK863 98.873.9653.QJ72 AKQT3.J6.KJ42.95").unwrap();
    assert_eq!(d.hands[0].dotted(), "AKQT3.J6.KJ42.95");
    let voids = parse_deal("N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432").unwrap();
    let dotted: Vec<String> = voids.hands.iter().map(|h| h.dotted()).collect();
    assert_eq!(dotted, ["AKQJT98765432...", ".AKQJT98765432..", "..AKQJT98765432.", "...AKQJT98765432"]);
}

#[test]
fn bad_deals_are_errors() {
    assert!(parse_deal("N:AKQ.. ").is_err());
    assert!(parse_deal("N:AKQT3.J6.KJ42.95 652.AK42.AQ87.T4 J74.QT95.T.AK863 98.873.9653.QJ7").is_err());
    assert!(parse_deal("").is_err());
}

#[test]
fn error_messages_quote_input_short_and_escaped() {
    let e = super::parse_deal("N:AKQ.J.T.9\u{7f} 2.3.4.5 6.7.8.9 K.Q.J.T").unwrap_err().to_string();
    assert!(e.contains("\\u{7f}") && !e.contains('\u{7f}'), "{e}");
    let long = format!("N:AKQ.{}.T.9 2.3.4.5 6.7.8.9 K.Q.J.T", "J".repeat(5000));
    let e = super::parse_deal(&long).unwrap_err().to_string();
    assert!(e.len() < 200, "{} bytes", e.len());
}

#[test]
fn turning_moves_each_hand_clockwise() {
    let hands = "AKQT3.J6.KJ42.95 652.AK42.AQ87.T4 J74.QT95.T.AK863 98.873.9653.QJ72";
    let d = parse_deal(&format!("N:{hands}")).unwrap();
    for (steps, first) in ["N", "E", "S", "W"].iter().enumerate() {
        // The same four hands read from the seat `steps` places clockwise of North.
        assert_eq!(d.turned(steps), parse_deal(&format!("{first}:{hands}")).unwrap());
    }
    assert_eq!(d.turned(4), d);
}
