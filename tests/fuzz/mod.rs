//! A bounded fuzz harness on stable Rust: seeds from `../shared`, mutations, one worker
//! process per target at a time, and the properties in `oracles/`.
#![allow(dead_code)]

pub mod cases;
pub mod deals_cli;
pub mod mutate;
pub mod oracles;
pub mod rng;
pub mod seeds;
pub mod supervise;
pub mod worker;
