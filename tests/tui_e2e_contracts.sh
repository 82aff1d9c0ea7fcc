#!/usr/bin/env bash
# End-to-end test of the workbench's Contracts pane in tmux: a double-dummy script shows the
# double-dummy summary beside the statistics at 160x48 without a key; at 80x24 it is one key
# away (Alt-9); `c` in the pane asks for contracts to compare, and the run starts again with
# their lines (`3N:N vs 4S:S imps …`) in the pane.
#
# Usage: tests/tui_e2e_contracts.sh [path/to/dealbench]   (default: builds target/debug)
set -euo pipefail

name=tui_e2e_contracts pane=e2e wait_default=60
# shellcheck source=tests/tui_e2e_lib.sh
source "$(dirname "$0")/tui_e2e_lib.sh"

cat >"$work/dd.dlr" <<'DLR'
produce 6
condition hcp(north) + hcp(south) >= 26
action average "3NT tricks" tricks(south, notrump)
DLR

tm new-session -d -s e2e -x 160 -y 48 \
    -e XDG_CONFIG_HOME="$work/config" -e XDG_DATA_HOME="$work/data" -e TERM=xterm-256color \
    "env PS1='e2e$ ' bash --norc --noprofile"
wait_for 'e2e$'
tm send-keys -t e2e -l "cd '$work' && '$bin' --seed 7 dd.dlr; echo EXIT-STATUS-\$?"
tm send-keys -t e2e Enter

# 1. 160x48: the pane is on screen without a key, filling in as deals are solved.
wait_for '3NT tricks'
wait_for 'Contracts'
wait_for 'Mean tricks'
wait_for 'Double dummy over 6 deals'
wait_for 'DONE'

# 2. 80x24: one key away.
tm resize-window -t e2e -x 80 -y 24
tm send-keys -t e2e M-1
# The tab bar is drawn only once the 80x24 layout is (until then the capture may still
# hold the clipped 160x48 screen).
wait_for '1 Script │ 2 Deal'
tm capture-pane -p -t e2e | grep -qF 'Mean tricks' && fail "the Contracts pane shows at 80x24 before its key"
tm send-keys -t e2e M-9
wait_for 'Mean tricks'
wait_for '9 Contr'

# 3. The compare prompt: contracts typed, the run starts again and the pane lists them.
tm send-keys -t e2e c
wait_for 'Compare (3N:N,4H:S):'
tm send-keys -t e2e -l '3N:S,4S:S'
tm send-keys -t e2e Enter
wait_for '3N:S make'
wait_for '3N:S vs 4S:S imps'
wait_for 'DONE'
# A list that does not read keeps the prompt open with the reason.
tm send-keys -t e2e c
wait_for 'Compare (3N:N,4H:S):'
tm send-keys -t e2e -l ',9Z:Q'
tm send-keys -t e2e Enter
wait_for 'compare: `9Z:Q`'
tm send-keys -t e2e Escape

[[ -n "${E2E_SHOW:-}" ]] && tm capture-pane -p -t e2e
tm send-keys -t e2e C-q
wait_for 'EXIT-STATUS-0'
echo "tui_e2e_contracts: ok"
