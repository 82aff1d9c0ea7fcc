# What the workbench's tmux tests share, sourced after the caller sets `name` (its messages'
# prefix), `pane` (the tmux session its checks read) and `wait_default` (seconds): the binary
# (the script's first argument, else target/debug's, built), a scratch directory `work` with
# config/ and data/, a private tmux server (`tm`) killed on exit, `fail` and `wait_for`.

here=$(cd "$(dirname "$0")/.." && pwd)
bin=${1:-}
if [[ -z "$bin" ]]; then
    (cd "$here" && cargo build --quiet --bin dealbench)
    bin="${CARGO_TARGET_DIR:-$here/target}/debug/dealbench"
fi
bin=$(realpath "$bin")
command -v tmux >/dev/null || { echo "$name: tmux is not installed" >&2; exit 1; }

work=$(mktemp -d)
sock="dealbench-$name-$$"
tm() { tmux -L "$sock" -f /dev/null "$@"; }
cleanup() { tm kill-server 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT
mkdir -p "$work/config" "$work/data"

# Stops the test with a reason and the screen as it is.
fail() {
    echo "$name: FAIL: $*" >&2
    echo "---- screen ----" >&2
    tm capture-pane -p -t "$pane" >&2 || true
    exit 1
}

# Waits until the screen shows `$1` (a fixed string), at most `$2` seconds.
wait_for() {
    local what=$1 timeout=${2:-$wait_default} i
    for ((i = 0; i < timeout * 20; i++)); do
        if tm capture-pane -p -t "$pane" | grep -qF -- "$what"; then
            return 0
        fi
        sleep 0.05
    done
    fail "did not see '$what' within ${timeout}s"
}
