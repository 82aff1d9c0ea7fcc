use super::*;

fn given(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
    pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect()
}

#[test]
fn a_comment_after_a_bom_is_still_a_comment() {
    let src = "\u{feff}# run it with -1 north: $1\ncondition hcp(north) > 10\n";
    assert_eq!(substitute(src, "f", &[]).unwrap().0, src);
}

#[test]
fn replaces_digits_and_names_anywhere_but_comments_and_strings() {
    let p = given(&[("0", "east"), ("2", "hcp"), ("lo", "12")]);
    let src = "title \"for $0\"\ncondition $2($0) >= $lo // $9 unused here\n/* $1 */ shape{$0, 5+s}";
    let (s, w) = substitute(src, "f", &p).unwrap();
    assert_eq!(s, "title \"for $0\"\ncondition hcp(east) >= 12 // $9 unused here\n/* $1 */ shape{east, 5+s}");
    assert!(w.is_empty(), "{w:?}");
}

#[test]
fn unset_digit_parameter_stands_for_nothing_with_a_warning() {
    let (s, w) = substitute("produce 3\naverage $2 hcp(north)", "f.dli", &[]).unwrap();
    assert_eq!(s, "produce 3\naverage  hcp(north)");
    assert_eq!((w.len(), w[0].line, w[0].column), (1, 2, 9));
    assert!(w[0].message.contains("`$2` is not set") && w[0].message.contains("-2 VALUE"));
}

#[test]
fn unset_named_parameter_is_a_positioned_error() {
    let d = substitute("produce 3\ncondition hcp($who) > 3", "f.dlr", &[]).unwrap_err();
    assert_eq!((d.line, d.column), (2, 15));
    assert!(d.message.contains("`$who` is not set"));
    assert!(d.message.contains("--param who=VALUE"));
}

/// The spec's example (dealer3-levelling.md §6): a declared default stands in for `$1`, and a
/// value given wins over it, leaving the other defaults alone.
#[test]
fn declared_defaults_stand_in_and_given_values_win() {
    let src = "# param 0 = west   # the seat that opens\n# param 1 = 15  # minimum HCP\ncondition hcp($0) >= $1\n";
    let (s, w) = substitute(src, "f", &[]).unwrap();
    assert!(s.ends_with("condition hcp(west) >= 15\n"), "{s}");
    assert!(w.is_empty());
    let (s, _) = substitute(src, "f", &given(&[("1", "20")])).unwrap();
    assert!(s.ends_with("condition hcp(west) >= 20\n"), "{s}");
    let (s, _) = substitute_with(src, "f", &[], Unset::Error).unwrap();
    assert!(s.ends_with("condition hcp(west) >= 15\n"), "{s}");
}

#[test]
fn a_declaration_takes_either_marker_any_case_and_a_dollar() {
    for line in ["// PARAM $3 = north", "  # Param 3=north", "#param\t3 = north #"] {
        let src = format!("{line}\ncondition hcp($3) > 1\n");
        let (s, _) = substitute(&src, "f", &[]).unwrap();
        assert!(s.ends_with("condition hcp(north) > 1\n"), "{line}: {s}");
    }
}

#[test]
fn a_default_keeps_its_inner_spaces_and_the_description_follows_a_second_hash() {
    let d = declarations("# param 4 = 5xxx + x5xx   # what responder shows\n# param 2 = 14\n", "f").unwrap();
    assert_eq!((d[0].name.as_str(), d[0].default.as_str()), ("4", "5xxx + x5xx"));
    assert_eq!(d[0].description.as_deref(), Some("what responder shows"));
    assert_eq!((d[1].default.as_str(), d[1].description.as_deref(), d[1].line), ("14", None, 2));
}

#[test]
fn comments_that_are_not_declarations_stay_comments() {
    for line in [
        "# parameters are filled with --param",
        "# params: see below",
        "# Param: the seat that opens",
        "# param x = west",
        "// param",
    ] {
        let src = format!("{line}\ncondition 1\n");
        assert!(declarations(&src, "f").unwrap().is_empty(), "{line}");
    }
}

#[test]
fn a_malformed_declaration_is_a_positioned_error() {
    let cases = [
        ("# param 0 west", "a parameter declaration needs an `=`"),
        ("# param 12 = west", "there is no `$12`; script parameters run from 0 to 9"),
        ("# param 1x = west", "`1x` is not a parameter number"),
        ("# param 0 =", "`$0` is declared with no default"),
        ("# param 0 =   # only a description", "`$0` is declared with no default"),
    ];
    for (line, want) in cases {
        let src = format!("produce 1\n{line}\n");
        let d = declarations(&src, "f.dlr").unwrap_err();
        assert_eq!((d.line, d.column), (2, 1), "{line}");
        assert!(d.message.starts_with(want), "{line}: {}", d.message);
        assert!(d.message.contains("`# param 1 = 15  # minimum HCP`"), "{}", d.message);
        assert!(substitute(&src, "f.dlr", &[]).is_err());
    }
}

#[test]
fn declaring_a_parameter_twice_is_an_error_at_the_second() {
    let d = declarations("# param 0 = west\n# param 0 = east\n", "f").unwrap_err();
    assert_eq!(d.line, 2);
    assert_eq!(d.message, "`$0` is declared twice, on lines 1 and 2. Leave one.");
}

#[test]
fn dealer3_refuses_a_parameter_nothing_supplies() {
    let d = substitute_with("produce 1\ncondition hcp($0) > 1\n", "f", &[], Unset::Error).unwrap_err();
    assert_eq!((d.line, d.column), (2, 15));
    assert!(d.message.starts_with("the script uses `$0` and nothing supplies it"), "{}", d.message);
    assert!(d.message.contains("--param 0=<text>") && d.message.contains("# param 0 = <text>"));
}

#[test]
fn an_unused_declaration_is_a_warning_at_it() {
    let (_, w) = substitute("produce 1\n# param 7 = north\ncondition 1\n", "f", &[]).unwrap();
    assert_eq!((w.len(), w[0].line), (1, 2));
    assert_eq!(w[0].message, "line 2 declares `$7` and the script never mentions it");
}

#[test]
fn the_list_has_declared_and_used_parameters_in_order() {
    let src = "# param 0 = west   # the seat that opens\n# param 7 = north  # left over\n// $3 in a comment\ncondition hcp($0) >= $1 && $lo\n";
    let p = script_params(src, "f").unwrap();
    let names: Vec<&str> = p.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(names, ["0", "1", "7", "lo"]);
    assert_eq!(p[0].default.as_deref(), Some("west"));
    assert_eq!(p[0].description.as_deref(), Some("the seat that opens"));
    assert_eq!((p[0].declared.map(|d| d.0), p[0].used.map(|u| u.0)), (Some(1), Some(4)));
    assert_eq!((p[1].default.clone(), p[1].declared, p[1].used.map(|u| u.0)), (None, None, Some(4)));
    assert_eq!(p[2].used, None);
    assert_eq!(unused_given(src, &given(&[("3", "x"), ("0", "y")])), ["3"]);
}

/// The JSON of the spec's example: `{"index": 0, "default": "west", …, "declared_on": 1,
/// "used_on": 5}`.
#[test]
fn the_dealer3_json_listing() {
    let src = "# param 0 = west  # the seat that opens\n\n\nproduce 1\ncondition hcp($0) > $2\n";
    let json = dealer3_json(&script_params(src, "f").unwrap());
    assert_eq!(
        json,
        "{\n  \"params\": [\n    {\"index\": 0, \"default\": \"west\", \"description\": \"the seat that opens\", \
         \"declared_on\": 1, \"used_on\": 5},\n    {\"index\": 2, \"default\": null, \"description\": null, \
         \"declared_on\": null, \"used_on\": 5}\n  ]\n}\n"
    );
    assert_eq!(dealer3_json(&[]), "{\n  \"params\": [\n\n  ]\n}\n");
}

#[test]
fn the_dealer3_text_listing() {
    let src = "# param 1 = 15  # minimum HCP\n# param 7 = north\ncondition hcp(west) >= $1 && $4\n";
    let text = dealer3_text(Some("x.dlr"), &script_params(src, "f").unwrap());
    assert_eq!(
        text,
        "Script parameters of x.dlr:\n\n  $1  15      minimum HCP\n  $4  (none)\n  $7  north   declared on line 2 and never used\n\n\
         Nothing supplies $4, so the script will not run until something does:\n  --param 4=<text>\n\
         Or declare a default in the script, so it runs on its own and on BBO:\n  # param 4 = <text>  # what it means\n"
    );
    let ok = dealer3_text(None, &script_params("# param 1 = 15\ncondition $1\n", "f").unwrap());
    assert_eq!(
        ok,
        "Script parameters:\n\n  $1  15\n\nEvery parameter has a default, so the script runs as it stands.\n"
    );
    assert_eq!(dealer3_text(Some("y.dlr"), &[]), "y.dlr uses no script parameters.\n");
}

#[test]
fn the_dealer3_warnings() {
    let src = "# param 7 = north\ncondition hcp(west) >= $1\n";
    let w = dealer3_warnings(&script_params(src, "f").unwrap(), &given(&[("1", "2"), ("5", "x")]));
    assert_eq!(
        w,
        [
            "--param 5 was given and the script never mentions `$5`",
            "line 1 declares `$7` and the script never mentions it"
        ]
    );
}
