#!/usr/bin/env bash
# End-to-end test of the workbench's hazards (issue 34, 5, 6 and 11) in tmux: a stop sent in
# the same burst as a re-run (`send-keys F5 F6`, `send-keys M-r F6`) leaves the run
# cancelled, three times each; the script replaced by a FIFO neither hangs the workbench
# nor loses the buffer (Ctrl-Q asks, SIGTERM ends it); replaced by a directory, Ctrl-Q
# asks and `d` discards.
#
# Usage: tests/tui_e2e_hazards.sh [path/to/dealbench]   (default: builds and uses target/debug)
set -euo pipefail

name=tui_e2e_hazards pane=hz wait_default=10
# shellcheck source=tests/tui_e2e_lib.sh
source "$(dirname "$0")/tui_e2e_lib.sh"

script="$work/x.dlr"
printf 'produce 100000000\ncondition hcp(north) >= 10\naction average "alpha" hcp(north)\n' >"$script"

status() { tm capture-pane -p -t hz | tail -1; }

tm new-session -d -s hz -x 200 -y 50 \
    -e XDG_CONFIG_HOME="$work/config" -e XDG_DATA_HOME="$work/data" -e TERM=xterm-256color \
    "env PS1='hz$ ' bash --norc --noprofile"
wait_for 'hz$'
tm send-keys -t hz -l "cd '$work' && '$bin' --threads 1 x.dlr; echo EXIT-STATUS-\$?"
tm send-keys -t hz Enter
wait_for 'RUNNING'
tm send-keys -t hz F6
wait_for 'CANCELLED'

# 1. A stop in the same burst as a re-run: F5 F6, then Alt-r F6 (a new seed), 3 times each.
for keys in "F5 F6" "M-r F6"; do
    for i in 1 2 3; do
        # shellcheck disable=SC2086
        tm send-keys -t hz $keys
        sleep 0.5
        status | grep -qF 'CANCELLED' || fail "'$keys' ($i of 3) left the run going: $(status)"
    done
done
# And F5 alone still runs.
tm send-keys -t hz F5
wait_for 'RUNNING'
tm send-keys -t hz F6
wait_for 'CANCELLED'

# 2. The script replaced by a FIFO: said, not waited on; Ctrl-Q asks; SIGTERM ends it.
rm "$script"
mkfifo "$script"
wait_for 'named pipe'
wait_for 'a FIFO on disk'
tm send-keys -t hz C-q
wait_for 'unsaved changes'
tm send-keys -t hz Escape
shell=$(tm display -p -t hz '#{pane_pid}')
pid=$(pgrep -P "$shell")
kill -TERM "$pid"
wait_for 'EXIT-STATUS-1'
wait_for 'stopped by SIGTERM; unsaved edits were not saved'
[[ -p "$script" ]] || fail "the FIFO was replaced without a save"

# 3. Started on a FIFO: refused at once, with the reason.
tm send-keys -t hz -l "clear; '$bin' x.dlr; echo EXIT-FIFO-\$?"
tm send-keys -t hz Enter
wait_for 'EXIT-FIFO-1'
wait_for 'named pipe (FIFO), not a regular file'

# 4. The script replaced by a directory: said; Ctrl-Q asks, `d` discards.
rm "$script"
printf 'produce 5\naction printoneline\n' >"$script"
tm send-keys -t hz -l "clear; '$bin' x.dlr; echo EXIT-DIR-\$?"
tm send-keys -t hz Enter
wait_for 'DONE'
rm "$script"
mkdir "$script"
wait_for 'now a directory'
tm send-keys -t hz C-q
wait_for 'unsaved changes'
tm send-keys -t hz d
wait_for 'EXIT-DIR-0'

echo "tui_e2e_hazards: ok"
