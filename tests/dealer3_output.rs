//! What `dealbench dealer3` prints besides the deals, as dealer3's CLI prints it
//! (bridge-craftwork/Dealer3 `dealer/src/main.rs`, its `Terminal::produced` and closing
//! report): `printes` text before each deal and `printrpt` rows after it, `-q` hiding only
//! the deal.

mod common;

use common::{Scratch, dealbench, points};

const SCRIPT: &str = "produce 4
HandType_lo = hcp(north) <= 12
HandType_hi = hcp(north) > 12 and hcp(north) < 16
condition hcp(north) > 10
action printes(\"N has \", hcp(north), \" hcp\", \\n), printrpt(hcp(north), \"x\"), printoneline
";

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

fn scratch(tag: &str) -> Scratch {
    let d = Scratch::new(tag);
    std::fs::write(d.join("s.dlr"), SCRIPT).unwrap();
    d
}

/// North's points from a oneline deal (`n AKQ.… e …`).
fn north_points(line: &str) -> u32 {
    points(line.split_whitespace().nth(1).expect("a oneline deal"))
}

#[test]
fn printes_comes_before_each_deal_and_printrpt_after_it() {
    let d = scratch("d3-printes");
    let out = dealbench(&d, &["dealer3", "-s", "1", "s.dlr"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 12, "{stdout}");
    for deal in lines.chunks(3) {
        let hcp = north_points(deal[1]);
        assert_eq!(deal[0], format!("N has {hcp} hcp"), "{stdout}");
        assert_eq!(deal[2], format!(" {hcp},'x'"), "{stdout}");
    }
}

#[test]
fn quiet_hides_the_deals_but_not_what_the_script_prints() {
    let d = scratch("d3-printes-q");
    let all = text(&dealbench(&d, &["dealer3", "-s", "1", "s.dlr"]).stdout);
    let quiet = text(&dealbench(&d, &["dealer3", "-s", "1", "-q", "s.dlr"]).stdout);
    let kept: Vec<&str> = all.lines().filter(|l| !l.starts_with("n ")).collect();
    assert_eq!(quiet.lines().collect::<Vec<_>>(), kept);
}
