//! libFuzzer target: the stable harness's `compile` properties (tests/fuzz/oracles/compile.rs).
#![no_main]

#[path = "../../oracles/mod.rs"]
mod oracles;

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let mut found = oracles::Findings::default();
    oracles::compile::check(data, &mut found);
    if let Some(f) = found.0.first() {
        panic!("{}: {}", f.sig, f.detail);
    }
});
