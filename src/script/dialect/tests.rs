use super::*;

fn first(src: &str) -> Option<(usize, String)> {
    check(src, "t.dlr", Dialect::Bbo, &[]).first().map(|r| (r.program_line, r.program_says.clone()))
}

#[test]
fn a_plain_script_passes() {
    let src = "# note\nproduce 3\nnt = hcp(north) >= 15 && shape(north, any 4333 + any 4432 - 5xxx)\ncondition nt and not hascard(south, AS)\naction printall, average \"x\" hcp(north), frequency (tricks(north, notrumps), 0, 13),\n";
    assert_eq!(first(src), None);
}

#[test]
fn a_hash_after_code_stops_at_its_line() {
    assert_eq!(first("produce 1\ncondition hcp(north) > 10 # c\n"), Some((2, "syntax error".into())));
}

#[test]
fn an_extra_word_is_an_unknown_variable() {
    let r = check("produce 1\ncondition ltc(north) < 7\n", "t.dlr", Dialect::Bbo, &[]);
    assert_eq!((r[0].program_line, r[0].program_says.as_str()), (2, "unknown variable"));
    assert!(
        r[0].diagnostic.message.contains("`ltc` is a word of DealerV2_4 or dealer3"),
        "{}",
        r[0].diagnostic.message
    );
}

#[test]
fn a_name_at_statement_start_is_looked_up_at_the_next_token() {
    assert_eq!(first("title \"x\"\nproduce 1\n"), Some((1, "unknown variable".into())));
    assert_eq!(first("produce 1\nfoo\n\ncondition 1\n"), Some((4, "unknown variable".into())));
    assert_eq!(first("a = 1\na = 2\n\nproduce 1\n"), Some((4, "redefined variable".into())));
}

#[test]
fn a_comment_on_the_last_line_needs_its_newline() {
    assert_eq!(first("produce 1\n// end"), Some((2, "syntax error".into())));
    assert_eq!(first("produce 1\n# end"), Some((2, "syntax error".into())));
}

/// What DealerV2_4 printed for these: an unknown name in a condition is named at its own line
/// (the parser has read past it), one that starts a statement at the next token's.
#[test]
fn dealerv2_names_the_line_dealerv2_4_names() {
    let v2 =
        |src: &str| check(src, "t.dlr", Dialect::DealerV2, &[]).first().map(|r| (r.program_line, r.quoted.clone()));
    assert_eq!(v2("produce 1\ncondition foo\n\naction printall\n"), Some((2, "line 2: unknown variable".into())));
    assert_eq!(v2("produce 1\nx = usereval(,NS,0)\naction printoneline\n"), Some((2, "line 2: syntax error".into())));
    assert_eq!(
        v2("produce 1\nx = usereval(1,NS,0)\naction printrpt(x\nprintall\n"),
        Some((4, "line 4: syntax error".into()))
    );
}
