#!/usr/bin/env bash
# End-to-end test of the workbench's levelled copy in tmux: on the balanced-opener ladder,
# Alt-w asks for the copy's name (SCRIPT.leveled.dlr offered), Enter measures off the
# screen's thread and writes it beside the script; it equals `dealbench dealer3
# --write-leveled` for the same seed, the script is untouched, and the Hand types pane
# shows the copy at 160x48 (its first line; the pane scrolls) and whole at 80x24 (Alt-6). Then `L` levels the run the same way.
#
# Usage: tests/tui_e2e_leveled.sh [path/to/dealbench]   (default: builds target/debug)
set -euo pipefail

name=tui_e2e_leveled pane=e2e wait_default=60
# shellcheck source=tests/tui_e2e_lib.sh
source "$(dirname "$0")/tui_e2e_lib.sh"

{ echo "produce 60"; cat "$here/tests/common/ladder.dlr"; } >"$work/ladder.dlr"
cp "$work/ladder.dlr" "$work/stock.dlr"

tm new-session -d -s e2e -x 160 -y 48 \
    -e XDG_CONFIG_HOME="$work/config" -e XDG_DATA_HOME="$work/data" -e TERM=xterm-256color \
    "env PS1='e2e$ ' bash --norc --noprofile"
wait_for 'e2e$'
tm send-keys -t e2e -l "cd '$work' && '$bin' --seed 4 ladder.dlr; echo EXIT-STATUS-\$?"
tm send-keys -t e2e Enter
wait_for 'DONE'

# 1. 160x48: Alt-w, the offered name, Enter: measured and written, the pane shows it.
tm send-keys -t e2e M-w
wait_for 'Write the levelled copy to: ladder.leveled.dlr'
tm send-keys -t e2e Enter
wait_for 'wrote ladder.leveled.dlr: weak 33.3%, strong 33.3%, big 33.3%' 120
wait_for 'levelled copy ladder.leveled.dlr (W writes): seed 4'
[[ -n "${E2E_SHOW:-}" ]] && tm capture-pane -p -t e2e
"$bin" dealer3 -s 4 --write-leveled "$work/cli.dlr" "$work/ladder.dlr" 2>/dev/null
cmp -s "$work/cli.dlr" "$work/ladder.leveled.dlr" || fail "the workbench's copy differs from dealer3 --write-leveled's"
cmp -s "$work/stock.dlr" "$work/ladder.dlr" || fail "the script changed"
grep -qF '### BEGIN GENERATED LEVELING ###' "$work/ladder.leveled.dlr" || fail "no generated block"

# 2. 80x24: the pane is the sixth tab.
tm resize-window -t e2e -x 80 -y 24
tm send-keys -t e2e M-6
wait_for '6 Types'
wait_for 'levelled copy ladder.leveled.dlr (W writes): seed 4'
wait_for 'mix weak 33.3%, strong 33.3%, big 33.3%'
wait_for 'keep weak 0.1390, strong 0.2709, big 1.0000'
[[ -n "${E2E_SHOW:-}" ]] && tm capture-pane -p -t e2e

# 3. A name that is neither new nor an earlier copy is refused; the file stays.
tm send-keys -t e2e M-w
wait_for 'Write the levelled copy to:'
for _ in $(seq 18); do tm send-keys -t e2e BSpace; done
tm send-keys -t e2e -l 'stock.dlr'
tm send-keys -t e2e Enter
wait_for 'levelled copy not written: stock.dlr exists'
cmp -s "$work/stock.dlr" "$work/ladder.dlr" || fail "stock.dlr was written over"

# 4. L: the same machinery levels the run.
tm send-keys -t e2e M-l
wait_for "levelled run (L): dealer3's copy, measured with seed 4" 120
wait_for 'levelling on (L toggles)'
wait_for 'DONE'
[[ -n "${E2E_SHOW:-}" ]] && tm capture-pane -p -t e2e

tm send-keys -t e2e C-q
wait_for 'EXIT-STATUS-0'
echo "tui_e2e_leveled: ok"
