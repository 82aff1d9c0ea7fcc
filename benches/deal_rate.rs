//! Deals per second on one thread: the raw dealer.exe stream (the baseline), and whole runs
//! through the run API on (a) a condition that is never true and (b) the 1NT opener.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use dealbench::dealing::{DealerStream, FastStream};
use dealbench::eval::compile;
use dealbench::run::{self, Event, RunOptions, StreamKind};
use dealbench::script::CompileOptions;
use std::hint::black_box;
use std::sync::Arc;

const DEALS: u64 = 1_000_000;

const NEVER: &str = "condition hcp(north) > 37\naction average hcp(north)\n";
const ONE_NT: &str = "condition hcp(north)>=15 && hcp(north)<=17 && shape(north, any 4333 + any 4432 + any 5332)\naction average hcp(north)\n";

fn run_script(src: &str) -> u64 {
    run_with(src, 1, StreamKind::Dealer)
}

fn run_with(src: &str, threads: usize, stream: StreamKind) -> u64 {
    let program = Arc::new(compile(src, "bench.dlr", &CompileOptions::default()).expect("compiles"));
    let opts = RunOptions {
        seed: Some(1),
        generate: Some(DEALS),
        matched_events: false,
        threads,
        stream,
        ..RunOptions::default()
    };
    let handle = run::start(program, opts);
    for ev in handle.events().iter() {
        if let Event::Finished(s) = ev {
            return s.generated;
        }
    }
    0
}

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("deals");
    g.sample_size(10);
    g.throughput(Throughput::Elements(DEALS));
    g.bench_function("baseline_raw_dealer_stream", |b| {
        b.iter(|| {
            let mut s = DealerStream::new(1, &[]);
            let mut acc = 0u64;
            for _ in 0..DEALS {
                acc ^= s.next_deal().hands[0].0;
            }
            black_box(acc)
        })
    });
    g.bench_function("raw_fast_stream", |b| {
        b.iter(|| {
            let s = FastStream::new(1, &[]);
            let mut acc = 0u64;
            for i in 0..DEALS {
                acc ^= s.deal(i).hands[0].0;
            }
            black_box(acc)
        })
    });
    g.bench_function("never_true_condition", |b| b.iter(|| run_script(NEVER)));
    g.bench_function("one_nt_opener", |b| b.iter(|| run_script(ONE_NT)));
    for (name, stream) in [("dealer", StreamKind::Dealer), ("fast", StreamKind::Fast)] {
        for threads in [1, 2] {
            g.bench_function(format!("{name}_stream_never_true_{threads}_threads"), |b| {
                b.iter(|| run_with(NEVER, threads, stream))
            });
        }
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
