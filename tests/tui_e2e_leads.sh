#!/usr/bin/env bash
# End-to-end test of the workbench's Leads pane in tmux: at 160x48 a script without a lead
# study shows no lead table; Alt-o from the editor asks for the contract (`3N:S`), the run
# starts again and the table fills in beside the output, West's predealt hand drawn above it.
# At 80x24 it is one key away (Alt-0, the tenth tab); `o` asks again, a contract that does not
# read keeps the prompt open with the reason, and a new one re-runs with its own table.
#
# Usage: tests/tui_e2e_leads.sh [path/to/dealbench]   (default: builds target/debug)
set -euo pipefail

name=tui_e2e_leads pane=e2e wait_default=60
# shellcheck source=tests/tui_e2e_lib.sh
source "$(dirname "$0")/tui_e2e_lib.sh"

cat >"$work/lead.dlr" <<'DLR'
produce 2
predeal west SKJ74, HQ83, DK92, CT65
condition hcp(north) + hcp(south) >= 24
action average "NS points" hcp(north) + hcp(south)
DLR

shows() { tm capture-pane -p -t e2e | grep -qF -- "$1"; }

tm new-session -d -s e2e -x 160 -y 48 \
    -e XDG_CONFIG_HOME="$work/config" -e XDG_DATA_HOME="$work/data" -e TERM=xterm-256color \
    "env PS1='e2e$ ' bash --norc --noprofile"
wait_for 'e2e$'
tm send-keys -t e2e -l "cd '$work' && '$bin' --seed 7 lead.dlr; echo EXIT-STATUS-\$?"
tm send-keys -t e2e Enter

# 1. 160x48: no lead table until the prompt gives a contract; then it fills in on screen,
#    with the leader's hand (West's, predealt) above it.
wait_for 'NS points'
wait_for 'DONE'
shows 'LEAD    DEALS' && fail "a lead table before the prompt"
tm send-keys -t e2e M-o
wait_for 'Leads against (3N:S):'
tm send-keys -t e2e -l '3N:S'
tm send-keys -t e2e Enter
wait_for 'Leads 3NT by South, West leads'
wait_for 'West 9 4-3-3-3'
wait_for 'KJ74'
wait_for 'LEAD    DEALS  TRICKS   SET%' 300
wait_for 'SK          2' 300
wait_for 'best        2' 300
wait_for 'DONE' 300

# 2. 80x24: one key away.
tm resize-window -t e2e -x 80 -y 24
tm send-keys -t e2e M-1
# The tab bar is drawn only once the 80x24 layout is (until then the capture may still
# hold the clipped 160x48 screen).
wait_for '1 Script │ 2 Deal'
shows 'LEAD    DEALS' && fail "the Leads pane shows at 80x24 before its key"
tm send-keys -t e2e M-0
wait_for '10 Leads'
wait_for 'LEAD    DEALS  TRICKS   SET%'
wait_for 'West 9 4-3-3-3'

# 3. The prompt from another pane: a contract that does not read keeps it open with the
#    reason; a new contract re-runs, and the Leads pane shows its table.
tm send-keys -t e2e M-2
wait_for '┏ Deal'
tm send-keys -t e2e o
wait_for 'Leads against (3N:S): 3N:S'
tm send-keys -t e2e BSpace BSpace BSpace BSpace
tm send-keys -t e2e -l '9Z:Q'
tm send-keys -t e2e Enter
wait_for 'leads: 9Z:Q: expected CONTRACT:DECLARER'
tm send-keys -t e2e BSpace BSpace BSpace BSpace
tm send-keys -t e2e -l '4H:N'
tm send-keys -t e2e Enter
wait_for 'Leads 4H by North, East leads'
wait_for 'best        2' 300
wait_for 'DONE' 300
shows 'KJ74' && fail "East's hand varies: no hand is drawn"
wait_for "East's hand varies"

[[ -n "${E2E_SHOW:-}" ]] && tm capture-pane -p -t e2e
tm send-keys -t e2e C-q
wait_for 'EXIT-STATUS-0'
echo "tui_e2e_leads: ok"
