#!/usr/bin/env bash
# Runs the cargo-fuzz targets (tests/fuzz/cargo-fuzz) one after another, niced, sharing a
# total time, each seeded with the stable harness's seeds; libFuzzer keeps going after a
# crash (fork mode, one job) and saves every crashing input.
#   tests/fuzz/run-nightly.sh [TOTAL_SECONDS (default 3600)] [TARGET...]
# Needs `cargo +nightly` and `cargo install cargo-fuzz`; writes under target/fuzz-nightly/.
set -euo pipefail
cd "$(dirname "$0")/../.."
total=${1:-3600}
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(compile run deals stats)
per=$((total / ${#targets[@]}))
work=$PWD/target/fuzz-nightly
fuzz_dir=tests/fuzz/cargo-fuzz

nice -n 10 cargo +nightly fuzz build --fuzz-dir "$fuzz_dir" "${targets[@]/#/}" 2>&1 | tail -1 || true
for t in "${targets[@]}"; do
    mkdir -p "$work/corpus/$t" "$work/artifacts/$t"
    FUZZ_WORKER=$t FUZZ_SEEDS_OUT="$work/seeds/$t" cargo test -q --test fuzz_inputs worker -- --nocapture >/dev/null
done
for t in "${targets[@]}"; do
    echo "== $t: ${per} s"
    nice -n 10 cargo +nightly fuzz run --fuzz-dir "$fuzz_dir" "$t" "$work/corpus/$t" "$work/seeds/$t" -- \
        -max_total_time="$per" -timeout=60 -rss_limit_mb=4096 -fork=1 -ignore_crashes=1 -ignore_ooms=1 \
        -ignore_timeouts=1 -artifact_prefix="$work/artifacts/$t/" >"$work/$t.log" 2>&1 || true
    grep -E '^#[0-9]+' "$work/$t.log" | tail -1 || true
done
echo "== summary (runs, corpus, crashing inputs; logs and inputs under $work)"
for t in "${targets[@]}"; do
    last=$(grep -E '^#[0-9]+' "$work/$t.log" | tail -1 | cut -c1-160)
    echo "$t: ${last:-no stats} | artifacts: $(find "$work/artifacts/$t" -type f | wc -l)"
    grep -ohE 'panicked at [^ ]+|ERROR: libFuzzer: [a-z-]+|^[a-z].*: ' "$work/$t.log" 2>/dev/null | sort | uniq -c | sort -rn | head -12
done
