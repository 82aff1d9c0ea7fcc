//! Links `dealbench` at a fixed address on Linux (`-no-pie`): a position-independent binary
//! this size carries 12,000 relative relocations that the loader applies at every start,
//! reading 300 kB of relocation records and copying 220 kB of pointer tables into private
//! memory, which a fixed-address binary keeps in the file (measured with
//! `benches/deal_vs_dealer124.rs`).

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let os = std::env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    let env = std::env::var("CARGO_CFG_TARGET_ENV").unwrap_or_default();
    if os == "linux" && env == "gnu" {
        println!("cargo:rustc-link-arg-bins=-no-pie");
    }
}
