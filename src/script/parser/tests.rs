use super::*;
use crate::cards::Suit;
use crate::script::ast::{ArithOp, CmpOp, Expr, HandFn};
use crate::script::lexer::lex;

fn script(src: &str) -> Script {
    parse(lex(src).unwrap(), "t.dlr", src).unwrap_or_else(|d| panic!("{}", d.render()))
}

fn cond(src: &str) -> Expr {
    script(src).condition.unwrap()
}

fn err(src: &str) -> Diagnostic {
    let toks = lex(src).unwrap();
    parse(toks, "t.dlr", src).expect_err("should fail")
}

#[test]
fn comparisons_chain() {
    let e = cond("1 == 1 == 2");
    match e {
        Expr::Compare(_, chain) => assert_eq!(chain.len(), 2),
        other => panic!("{other:?}"),
    }
}

#[test]
fn not_before_comparison_negates_it() {
    let e = cond("not hcp(north) >= 12");
    assert!(matches!(e, Expr::Not(b) if matches!(*b, Expr::Compare(..))));
    let e = cond("100 * not 1");
    assert!(matches!(e, Expr::Arith(ArithOp::Mul, _, b, _) if matches!(*b, Expr::Not(_))));
}

#[test]
fn mul_div_rem_one_level_left_assoc() {
    // 3*5/2 = (3*5)/2
    let e = cond("3*5/2");
    assert!(matches!(e, Expr::Arith(ArithOp::Div, a, _, _) if matches!(*a, Expr::Arith(ArithOp::Mul, ..))));
}

#[test]
fn ternary_right_assoc() {
    let e = cond("1 ? 2 : 3 ? 4 : 5");
    assert!(matches!(e, Expr::Cond(_, _, c) if matches!(*c, Expr::Cond(..))));
}

#[test]
fn variables_inline_and_shadow_seats() {
    let e = cond("n = 3\nhcp(north) > n");
    assert!(matches!(e, Expr::Compare(_, ref c) if c[0] == (CmpOp::Gt, Expr::Num(3))));
    let e = cond("hcp(s, spades) > 1");
    assert!(matches!(e, Expr::Compare(a, _) if *a == Expr::Hand(HandFn::Row(0), Seat::South, Some(Suit::Spades))));
}

#[test]
fn statements_and_actions() {
    let s = script(
        "produce 3\nproduce 5\ngenerate 100\ndealer south\nvulnerable EW\naction printoneline, average \"x\" hcp(north),\n",
    );
    assert_eq!(
        (s.produce, s.generate, s.dealer, s.vulnerable),
        (Some(3), Some(100), Some(Seat::South), Some(crate::cards::Vul::EW))
    );
    assert_eq!(s.actions.as_ref().unwrap().len(), 2);
}

#[test]
fn predeal_and_errors() {
    let s = script("predeal north SAKQ,HT98 south SJ32");
    assert_eq!(s.predeal.len(), 9);
    assert!(err("predeal north SA\npredeal south SA").message.contains("predealt twice"));
    let d = err("predeal north SAKQJT98765432, HA");
    assert!(d.message.contains("more than 13"), "{}", d.message);
}

#[test]
fn pointcount_and_altcount() {
    let s = script("pointcount 6 4 2 1\naltcount 2 1 1");
    assert_eq!(s.counts[0][12], 6);
    assert_eq!(s.counts[0][9], 1);
    assert_eq!(s.counts[2][12], 1);
    assert_eq!(s.counts[2][8], 0);
    assert!(err("pointcount 1 1 1 1 1 1 1 1 1 1 1 1 1 1").message.contains("too many pointcount"));
}

#[test]
fn positioned_errors() {
    let d = err("condition hcp(north) > 3\ncondition hpc(north) > 1\n");
    assert_eq!((d.line, d.column), (2, 11));
    assert!(d.message.contains("did you mean `hcp`"), "{}", d.message);
    let d = err("condition fit > 1");
    assert!(d.message.contains("unknown variable `fit`"));
    let d = err("x = 1\nx = 2\n");
    assert_eq!(d.line, 2);
    let d = err("shape(north, 4334)");
    assert!(d.message.contains("wrong number of cards"));
    let d = err("condition usereval(1, north, 2) > 0");
    assert!(d.message.starts_with("unsupported: usereval"), "{}", d.message);
}

#[test]
fn shape_braces_expand_in_process() {
    let s = script("condition shape{north, 4M(3+3+2+)}");
    assert_eq!(s.shapes[0].count(), 12);
    let src = "condition shape{south, 5+s4+qxx}";
    let d = err(src);
    assert_eq!(d.line, 1);
    assert!(d.column > 23, "{}", d.render());
}

#[test]
fn warnings_where_the_reference_differs_from_dealer_exe() {
    let s = script("condition spades(west) == hearts(west) == 4");
    assert_eq!(s.warnings.len(), 1);
    assert!(s.warnings[0].message.contains("comparisons chain"));
    let s = script("condition not hcp(north) >= 12");
    assert!(s.warnings[0].message.contains("negates the whole comparison"));
    assert!(script("condition hcp(north) >= 12").warnings.is_empty());
    assert!(script("condition not (hcp(north) >= 12)").warnings.is_empty());
}

#[test]
fn a_condition_knows_whether_it_solves() {
    let solves = |src: &str| {
        let s = script(src);
        s.condition.unwrap().solves(&s.vars)
    };
    assert!(solves("tricks(north, spades) >= 10"));
    assert!(solves("x = par(ns) > 0\nhcp(north) > 10 && (1 ? 2 : -x)"));
    assert!(solves("x = par(ns) > 0\ny = x + 1\nhcp(north) > 10 && (1 ? 2 : -y)"));
    assert!(solves("score(nv, x3N, dds(south, notrump)) > 0"));
    assert!(!solves("hcp(north) > 10 && shape(north, any 4333) || hascard(west, AS)"));
    assert!(!solves("imps(3 - rnd(7)) > 1"));
}

#[test]
fn a_variable_before_a_parenthesis_ends_the_expression() {
    // dealer.exe's reading: `(` after a name the vocabulary does not know starts the next statement.
    let s = script("a = hcp(north) > 10\nb = a and a\n\n(b or a) and hcp(south) > 11\n");
    let want = cond("a = hcp(north) > 10\nb = a and a\ncondition (b or a) and hcp(south) > 11\n");
    assert_eq!(s.condition, Some(want));
    let s = script("a = hcp(north) > 10\ncondition a\n(a and hcp(east) > 1)\n");
    assert_eq!(s.condition, Some(cond("a = hcp(north) > 10\ncondition (a and hcp(east) > 1)")));
    let s = script("a = hcp(north)\naction average \"x\" a\n(a > 3)\n");
    assert_eq!(s.actions.unwrap().len(), 1);
    assert!(s.condition.is_some());
}

#[test]
fn a_misspelt_function_is_still_reported() {
    assert_eq!(err("condition hpc(north) >= 15").message, "unknown function `hpc`; did you mean `hcp`?");
    // A variable whose `(` cannot start a statement: reported as the function it looks like.
    let d = err("hcpp = 3\ncondition hcpp(north) >= 15");
    assert!(d.message.starts_with("unknown function `hcpp`; did you mean `hcp`?"), "{}", d.message);
    assert_eq!((d.line, d.column), (2, 11));
    let d = err("x = 3\ncondition (x(north) > 2)");
    assert!(d.message.starts_with("unknown function `x`"), "{}", d.message);
    assert_eq!(
        err("condition trix(north) > 2").message,
        "`trix` stands only in a `csvrpt` or `printrpt` list: `trix(compass | deal)`"
    );
}

#[test]
fn a_seat_letter_before_equals_ends_the_predeal() {
    let s = script("predeal west ST62, HJ73, D84, C95\ns = spades(east)\ncondition s >= 5\n");
    assert_eq!(s.predeal.len(), 10);
    assert_eq!(s.condition, Some(cond("condition spades(east) >= 5")));
}

#[test]
fn a_string_open_at_the_line_end_closes_there_with_a_warning() {
    let s = script("title \"Weak twos'\nproduce 3\n");
    assert_eq!(s.title.as_deref(), Some("Weak twos'"));
    assert_eq!(s.produce, Some(3));
    assert_eq!((s.warnings.len(), s.warnings[0].line, s.warnings[0].column), (1, 1, 7));
    assert!(s.warnings[0].message.contains("not closed on its line"));
    let s = script("title \"crlf\r\nproduce 3\n");
    assert_eq!(s.title.as_deref(), Some("crlf"));
    let s = script("title \"\nproduce 3\n");
    assert_eq!((s.title.as_deref(), s.warnings.len()), (Some(""), 1));
}

#[test]
fn literals_fit_the_32_bit_engine() {
    let max = cond("hcp(north) > 2147483647");
    assert!(matches!(max, Expr::Compare(_, ref c) if c[0].1 == Expr::Num(2147483647)), "{max:?}");
    let min = cond("hcp(north) > -2147483648");
    assert!(matches!(min, Expr::Compare(_, ref c) if c[0].1 == Expr::Num(-2147483648)), "{min:?}");
    assert!(err("condition 1 > - -2147483648\n").message.contains("at most 2147483647"));
    assert!(err("condition !5000000000\n").message.contains("at most 2147483647"));
    let e = err("condition hcp(north) > 2147483648\n");
    assert_eq!((e.line, e.column), (1, 24));
    assert_eq!(e.message, "number too large: values are 32-bit integers, at most 2147483647");
    assert!(err("pointcount 5000000000 3 2 1\n").message.contains("at most 2147483647"));
    assert_eq!(script("seed 147511705225677\n").seed, Some(147_511_705_225_677));
}

#[test]
fn frequency_tables_are_bounded() {
    let e = err("action frequency (hcp(north), -5000000000000000000, 5000000000000000000)\n");
    assert_eq!(e.message, "number too small: values are 32-bit integers, at least -2147483648");
    let e = err("action frequency (hcp(north), -2147483648, 2147483647)\n");
    assert_eq!(e.message, "the range is too wide: at most 100000 values");
    let src = "action frequency (hcp(north), 0, 100000, hcp(south), 0, 100000)\n";
    let e = err(src);
    assert_eq!(e.column, src.find("0, 100000)").unwrap() + 1);
    assert!(e.message.starts_with("the table is too large: 100001 × 100001 values"), "{}", e.message);
    assert!(e.message.contains("at most 1000000 counts"), "{}", e.message);
    script("action frequency (hcp(north), 0, 997, hcp(south), 0, 997)\n");
    assert!(err("action frequency (hcp(north), 0, 998, hcp(south), 0, 998)\n").message.contains("too large"));
}

#[test]
fn bktfreq_tables_are_bounded() {
    let e = err("action bktfreq (hcp(north), -5000000000, 5000000000, 1)\n");
    assert!(e.message.starts_with("number too small"), "{}", e.message);
    assert!(err("action bktfreq (hcp(north), 0, 2000000, 1)\n").message.contains("at most 100000"));
    let e = err("action bktfreq (hcp(north), 0, 100000, 1, hcp(south), 0, 100000, 1)\n");
    assert!(e.message.starts_with("the table is too large: 100001 × 100001 buckets"), "{}", e.message);
    script("action bktfreq (hcp(north), 0, 40, 1, hcp(south), 0, 40, 1)\n");
}
