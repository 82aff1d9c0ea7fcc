//! libFuzzer target: the stable harness's `deals` properties (tests/fuzz/oracles/deals.rs).
#![no_main]

#[path = "../../oracles/mod.rs"]
mod oracles;

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let mut found = oracles::Findings::default();
    oracles::deals::check(data, &mut found);
    if let Some(f) = found.0.first() {
        panic!("{}: {}", f.sig, f.detail);
    }
});
