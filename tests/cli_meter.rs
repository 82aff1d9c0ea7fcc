//! `-m` prints dealer's progress meter on standard error, byte for byte, and
//! leaves standard output alone.

mod common;

fn run(args: &[&str]) -> (Vec<u8>, Vec<u8>) {
    let dir = common::Scratch::new("meter");
    std::fs::write(dir.join("m.dlr"), "condition hcp(north) >= 10\naction printoneline\n").unwrap();
    let mut all = vec!["run", "-s", "5", "-p", "4", "m.dlr"];
    all.extend_from_slice(args);
    let out = common::dealbench(&dir, &all);
    assert!(out.status.success());
    (out.stdout, out.stderr)
}

#[test]
fn the_meter_for_four_deals() {
    let (plain_out, plain_err) = run(&[]);
    assert!(plain_err.is_empty());
    let (out, err) = run(&["-m"]);
    let want = format!(
        "Calculating...  0% complete\rCalculating... 25% complete\rCalculating... 50% complete\r\
         Calculating... 75% complete\rCalculating... 100% complete\r{:38}\r",
        ""
    );
    assert_eq!(String::from_utf8(err).unwrap(), want);
    let strip_time = |b: &[u8]| String::from_utf8_lossy(b).lines().filter(|l| !l.starts_with("Time")).count();
    assert_eq!(strip_time(&out), strip_time(&plain_out));
    let (_, twice) = run(&["-m", "-m", "-q"]);
    assert!(twice.is_empty(), "a second -m turns it off");
}
