#!/usr/bin/env bash
# Runs the cargo-fuzz targets (tests/fuzz/cargo-fuzz) one after another, niced, sharing a
# total time, each seeded with the stable harness's seeds. libFuzzer runs in fork mode with
# one job and keeps going after a crash, saving each crashing input; the summary replays
# them through the stable harness to name what they found.
#   tests/fuzz/run-nightly.sh [TOTAL_SECONDS (default 3600)] [TARGET...]
# FUZZ_ALLOW='sig text;other' passes over property findings already known (panics and
# aborts always count). Needs `cargo +nightly` and `cargo install cargo-fuzz`; writes under
# target/fuzz-nightly/.
set -euo pipefail
cd "$(dirname "$0")/../.."
total=${1:-3600}
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(compile run deals stats)
per=$((total / ${#targets[@]}))
work=$PWD/target/fuzz-nightly
fuzz_dir=tests/fuzz/cargo-fuzz

nice -n 10 cargo +nightly fuzz build --fuzz-dir "$fuzz_dir" 2>&1 | tail -1
for t in "${targets[@]}"; do
    rm -rf "$work/artifacts/$t" "$work/seeds/$t"
    mkdir -p "$work/corpus/$t" "$work/artifacts/$t"
    FUZZ_WORKER=$t FUZZ_SEEDS_OUT="$work/seeds/$t" cargo test -q --test fuzz_inputs worker -- --nocapture >/dev/null
done
for t in "${targets[@]}"; do
    echo "== $t: $per s"
    # fork mode checks the time between jobs: the outer timeout bounds a job that hangs
    timeout $((per + 120)) nice -n 10 cargo +nightly fuzz run --fuzz-dir "$fuzz_dir" "$t" \
        "$work/corpus/$t" "$work/seeds/$t" -- -max_total_time="$per" -timeout=60 -rss_limit_mb=4096 \
        -fork=1 -ignore_crashes=1 -ignore_ooms=1 -ignore_timeouts=1 -artifact_prefix="$work/artifacts/$t/" \
        >"$work/$t.log" 2>&1 || true
done
echo "== summary: libFuzzer's last line, crashing inputs and what they show (logs, inputs: $work)"
for t in "${targets[@]}"; do
    echo "$t: $(grep -aE '^#[0-9]+' "$work/$t.log" | tail -1 | cut -c1-200)"
    echo "    corpus $(find "$work/corpus/$t" -type f | wc -l) inputs, $(find "$work/artifacts/$t" -type f | wc -l) crashing"
    find "$work/artifacts/$t" -type f | head -100 | while read -r f; do
        FUZZ_WORKER=$t FUZZ_REPLAY=$f timeout 120 cargo test -q --test fuzz_inputs worker -- --nocapture 2>/dev/null \
            | grep -av '^running\|^test result\|^$\|^\.$\|^    ' || echo "worker died"
    done | sort | uniq -c | sort -rn | sed 's/^/    /'
done
