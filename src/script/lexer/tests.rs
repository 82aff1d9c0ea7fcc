use super::*;

fn toks(s: &str) -> Vec<Tok> {
    lex(s).unwrap().into_iter().map(|t| t.tok).collect()
}

#[test]
fn tie_rules_follow_dealer() {
    assert_eq!(toks("SAKQ")[0], Tok::Holding(crate::cards::Suit::Spades, 0b1_1100_0000_0000));
    assert_eq!(toks("C")[0], Tok::Holding(crate::cards::Suit::Clubs, 0));
    assert_eq!(toks("Clubs")[0], Tok::Ident("Clubs".into()));
    assert_eq!(toks("AS")[0], Tok::Card(3 * 13 + 12));
    assert_eq!(toks("TC")[0], Tok::Card(8));
    assert_eq!(toks("x3N")[0], Tok::Contract(19));
    assert_eq!(toks("x4Sx")[0], Tok::Contract(63));
    assert_eq!(toks("z4Sxx")[0], Tok::Contract(103));
    assert_eq!(toks("xx12")[0], Tok::Pattern("xx12".into()));
    assert_eq!(toks("4333")[0], Tok::Pattern("4333".into()));
    assert_eq!(toks("43331")[0], Tok::Number(43331));
    assert_eq!(toks("150")[0], Tok::Number(150));
}

#[test]
fn dotnums() {
    assert_eq!(toks("6.25")[0], Tok::DotNum(625));
    assert_eq!(toks(".5")[0], Tok::DotNum(50));
    assert_eq!(toks("12.")[0], Tok::DotNum(1200));
    assert_eq!(toks("123.45")[..2], [Tok::Number(123), Tok::DotNum(45)]);
}

#[test]
fn comments_and_strings() {
    assert_eq!(toks("# c\n// d\n/* e\n f */ x"), [Tok::Ident("x".into()), Tok::Eof]);
    assert_eq!(toks("\"a\\nb\" \\n")[..2], [Tok::Str("a\\nb".into()), Tok::NewlineItem]);
    assert!(lex("x # c").is_err());
    assert!(lex("/* open").is_err());
    assert!(lex("\"open").is_err());
    let e = lex("a @ b").unwrap_err();
    assert_eq!(e.span, Span::new(2, 3));
}

#[test]
fn operators() {
    assert_eq!(
        toks("a>=b&&!c"),
        [
            Tok::Ident("a".into()),
            Tok::Op(">="),
            Tok::Ident("b".into()),
            Tok::Op("&&"),
            Tok::Op("!"),
            Tok::Ident("c".into()),
            Tok::Eof
        ]
    );
}

#[test]
fn numbers_beyond_i64_are_positioned_errors() {
    assert_eq!(toks("9223372036854775807")[0], Tok::Number(i64::MAX));
    let e = lex("seed 12345678901234567890\n").unwrap_err();
    assert_eq!(e.span, Span::new(5, 25));
    assert_eq!(e.message, "number too large: at most 9223372036854775807");
    assert_eq!(toks(&"0".repeat(40))[0], Tok::Number(0));
}

#[test]
fn long_runs_lex_in_one_pass() {
    // each used to be rescanned per 4-character token: 300,000 digits took 11 s
    let digits = "7".repeat(1_000_000);
    let e = lex(&format!("condition {digits}")).unwrap_err();
    assert_eq!(e.span, Span::new(10, 1_000_010));
    let patterns = "1x".repeat(500_000);
    assert_eq!(toks(&patterns).len(), 250_001);
}

#[test]
fn a_leading_byte_order_mark_is_skipped() {
    let t = lex("\u{feff}# comment\nproduce 1").unwrap();
    assert_eq!(t[0], Token { tok: Tok::Ident("produce".into()), span: Span::new(13, 20) });
    assert!(lex("x \u{feff}").is_err());
}
