#!/usr/bin/env bash
# End-to-end test of the workbench in tmux: start dealbench on a temporary script, change
# the script from another process with an atomic rename and see the new results; type into
# the editor and save with Ctrl-S and see them again; export the deals as a rotated LIN set;
# quit and find the terminal restored; then start it again, type without saving, and end it
# with SIGTERM, then SIGHUP: the terminal must be restored (main screen, cooked mode, typed
# text echoes) and nothing saved.
#
# Usage: tests/tui_e2e.sh [path/to/dealbench]   (default: builds and uses target/debug)
set -euo pipefail

here=$(cd "$(dirname "$0")/.." && pwd)
bin=${1:-}
if [[ -z "$bin" ]]; then
    (cd "$here" && cargo build --quiet --bin dealbench)
    bin="${CARGO_TARGET_DIR:-$here/target}/debug/dealbench"
fi
bin=$(realpath "$bin")
command -v tmux >/dev/null || { echo "tui_e2e: tmux is not installed" >&2; exit 1; }

work=$(mktemp -d)
sock="dealbench-e2e-$$"
tm() { tmux -L "$sock" -f /dev/null "$@"; }
cleanup() { tm kill-server 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT

mkdir -p "$work/config" "$work/data"
script="$work/e2e.dlr"
cat >"$script" <<'DLR'
produce 20
condition hcp(north) >= 10
action printoneline, average "alpha" hcp(north)
DLR

fail() {
    echo "tui_e2e: FAIL: $*" >&2
    echo "---- screen ----" >&2
    tm capture-pane -p -t e2e >&2 || true
    exit 1
}

# Polls the screen for a fixed string (no sleeping a fixed time).
wait_for() {
    local what=$1 timeout=${2:-10} i
    for ((i = 0; i < timeout * 20; i++)); do
        if tm capture-pane -p -t e2e | grep -qF -- "$what"; then
            return 0
        fi
        sleep 0.05
    done
    fail "did not see '$what' within ${timeout}s"
}

# A plain shell in the pane, so we can see what is left after dealbench exits.
tm new-session -d -s e2e -x 120 -y 40 \
    -e XDG_CONFIG_HOME="$work/config" -e XDG_DATA_HOME="$work/data" -e TERM=xterm-256color \
    "env PS1='e2e$ ' bash --norc --noprofile"
wait_for 'e2e$'
tm send-keys -t e2e -l "cd '$work' && '$bin' e2e.dlr; echo EXIT-STATUS-\$?; stty -a | tr ' ' '\n' | grep -x -- '-\?icanon'"
tm send-keys -t e2e Enter

# 1. The first run shows up.
wait_for 'alpha'
wait_for 'DONE'
wait_for 'Deal 1 of 20'

# 2. Another editor saves by writing a temporary file and renaming it over the script.
cat >"$work/.e2e.dlr.swp" <<'DLR'
produce 20
condition hcp(north) >= 10
action printoneline, average "bravo" hcp(north)
DLR
mv "$work/.e2e.dlr.swp" "$script"
wait_for 'bravo'
wait_for 'reloaded e2e.dlr'

# ... and a second time (a watch on the file itself would miss this one).
sed 's/bravo/delta/' "$script" >"$work/.e2e.tmp" && mv "$work/.e2e.tmp" "$script"
wait_for 'delta'

# 3. Type into the editor and save with Ctrl-S.
tm send-keys -t e2e C-Home
tm send-keys -t e2e -l 'average "charlie" hcp(south)'
tm send-keys -t e2e Enter
wait_for 'modified'
tm send-keys -t e2e C-s
wait_for 'charlie'
wait_for 'saved e2e.dlr'
grep -q 'average "charlie" hcp(south)' "$script" || fail "the save did not reach the file"
[[ -z "$(find "$work" -maxdepth 1 -name '.*tmp')" ]] || fail "a temporary file was left behind"

# 3b. Export the kept deals as a rotated BBO LIN set through the export prompt.
tm send-keys -t e2e M-e
wait_for 'BBO LIN'
tm send-keys -t e2e r
wait_for 'rotation: on'
tm send-keys -t e2e l
wait_for 'wrote 20 deals to'
[[ "$(grep -c '^pn|,,,|st||md|[1-4]S' "$work/e2e.lin")" == 20 ]] || fail "e2e.lin does not hold 20 LIN boards"
grep -q '|ah|Board 20|sv|b|pg||$' "$work/e2e.lin" || fail "board 20 is not numbered, or not all vulnerable"

# 4. Quit, and find the shell back with a sane terminal.
tm send-keys -t e2e C-q
wait_for 'EXIT-STATUS-0'
wait_for 'icanon'
if tm capture-pane -p -t e2e | grep -qx -- '-icanon'; then
    fail "the terminal was left in raw mode"
fi

# 5. Signals: the terminal comes back and the unsaved edit stays out of the file.
terminal_restored() {
    local sig=$1 marker=$2
    [[ "$(tm display -p -t e2e '#{alternate_on}')" == 0 ]] || fail "$sig left the alternate screen on"
    tm send-keys -t e2e -l "echo $marker-\$((6*7))"
    tm send-keys -t e2e Enter
    wait_for "$marker-\$((6*7))"   # the command line echoed as typed
    wait_for "$marker-42"           # and ran
    tm capture-pane -p -t e2e | grep -qx -- '-icanon' && fail "$sig left the terminal in raw mode"
    cmp -s "$script" "$work/saved.dlr" || fail "$sig saved the unsaved edit"
}
cp "$script" "$work/saved.dlr"
for sig in TERM HUP; do
    tm send-keys -t e2e -l "clear; '$bin' e2e.dlr; echo EXIT-\$?-$sig; stty -a | tr ' ' '\n' | grep -x -- '-\?icanon'"
    tm send-keys -t e2e Enter
    wait_for 'DONE'
    tm send-keys -t e2e -l "# unsaved $sig"
    wait_for 'modified'
    shell=$(tm display -p -t e2e '#{pane_pid}')
    pid=$(pgrep -P "$shell")
    kill -"$sig" "$pid"
    wait_for "EXIT-1-$sig"
    wait_for "stopped by SIG$sig; unsaved edits were not saved"
    terminal_restored "SIG$sig" "AFTER-$sig"
done

[[ -n "${E2E_SHOW:-}" ]] && tm capture-pane -p -t e2e
echo "tui_e2e: ok"
