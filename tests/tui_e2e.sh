#!/usr/bin/env bash
# End-to-end test of the workbench in tmux: start dealbench on a temporary script, see the
# profile and the deal's values at 160x48 and each one key away at 80x24; change the script's
# action from another process with an atomic rename and see the new results on the same
# first deal (the seed is kept); type into the editor and save with Ctrl-S and see them
# again; export the deals as a rotated LIN set; add them to a session set twice and print it
# as a handout whose first page is rendered (target/e2e/*.png); quit and find the terminal restored; then
# start it again, type without saving, and end it with SIGTERM, then SIGHUP: the terminal
# must be restored (main screen, cooked mode, typed text echoes) and nothing saved.
#
# Usage: tests/tui_e2e.sh [path/to/dealbench]   (default: builds and uses target/debug)
set -euo pipefail

name=tui_e2e pane=e2e wait_default=10
# shellcheck source=tests/tui_e2e_lib.sh
source "$(dirname "$0")/tui_e2e_lib.sh"

script="$work/e2e.dlr"
cat >"$script" <<'DLR'
produce 20
condition hcp(north) >= 10
action printoneline, average "alpha" hcp(north)
DLR

# Prints a session set as a teacher's handout (A4) and a student's sheet (Letter), renders the
# first page of each with pdftoppm into $art for a person to look at, and checks that each
# page is there and not blank (some of its pixels dark).
art=${E2E_ARTIFACTS:-$here/target/e2e}
render_first_page() {
    local set=$1 name args page w h dark
    command -v pdftoppm >/dev/null || fail "pdftoppm is not installed (.ci/run: apt-get install poppler-utils)"
    mkdir -p "$art"
    for name in teacher student; do
        args=()
        [[ $name == student ]] && args=(--student south --paper letter)
        "$bin" handout "$set" -o "$work/$name.pdf" "${args[@]}" 2>/dev/null || fail "handout $name failed"
        page="$art/handout-$name"
        pdftoppm -png -r 96 -f 1 -l 1 -singlefile "$work/$name.pdf" "$page" || fail "pdftoppm $name"
        [[ -s "$page.png" ]] || fail "$page.png was not written"
        pdftoppm -gray -r 24 -f 1 -l 1 -singlefile "$work/$name.pdf" "$work/$name" || fail "pdftoppm -gray $name"
        read -r w h < <(sed -n 2p "$work/$name.pgm")
        dark=$(tail -c $((w * h)) "$work/$name.pgm" | od -An -v -tu1 | tr -s ' ' '\n' | awk '$1 != "" && $1 < 160 { n++ } END { print n + 0 }')
        ((dark * 100 > w * h)) || fail "the first page of the $name handout is blank ($dark of $((w * h)) pixels dark)"
        echo "tui_e2e: $page.png: ${w}x${h} at 24 dpi, $dark pixels dark"
    done
}

# A plain shell in the pane, so we can see what is left after dealbench exits.
tm new-session -d -s e2e -x 120 -y 40 \
    -e XDG_CONFIG_HOME="$work/config" -e XDG_DATA_HOME="$work/data" -e TERM=xterm-256color \
    "env PS1='e2e$ ' bash --norc --noprofile"
wait_for 'e2e$'
tm send-keys -t e2e -l "cd '$work' && '$bin' e2e.dlr; echo EXIT-STATUS-\$?; stty -a | tr ' ' '\n' | grep -x -- '-\?icanon'"
tm send-keys -t e2e Enter

# 1. The first run shows up, with the condition's profile and the deal's values beside it.
wait_for 'alpha'
wait_for 'DONE'
wait_for 'Deal 1 of 20'
oneline='n [AKQJT2-9.]* e [AKQJT2-9.]* s'
first=$(tm capture-pane -p -t e2e | grep -o -- "$oneline" | head -1)
[[ -n "$first" ]] || fail "no oneline of the first deal on screen"
tm resize-window -t e2e -x 160 -y 48
wait_for 'Profile'
wait_for 'hcp(north) >= 10'
wait_for 'hcp(north) = '
# At 80x24 each is one key away.
tm resize-window -t e2e -x 80 -y 24
tm send-keys -t e2e M-7
wait_for 'alone'
tm send-keys -t e2e M-8
wait_for 'hcp(north) = '
tm send-keys -t e2e M-1
tm resize-window -t e2e -x 120 -y 40

# 2. Another editor saves by writing a temporary file and renaming it over the script. (A
# second later, so a clock seed taken afresh would differ.)
sleep 1.1
cat >"$work/.e2e.dlr.swp" <<'DLR'
produce 20
condition hcp(north) >= 10
action printoneline, average "bravo" hcp(north)
DLR
mv "$work/.e2e.dlr.swp" "$script"
wait_for 'bravo'
wait_for 'reloaded e2e.dlr'
# Only the action changed, and re-runs keep the seed: the same first deal is on screen.
wait_for 'Deal 1 of 20'
wait_for "$first"

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

# 3c. Add the kept deals to a session set twice (the second time after the question), see the
# board list, then print the set as a handout and render its first page for a person to see.
tm send-keys -t e2e M-a
wait_for 'Add 20 kept deals to a session set'
for ((i = 0; i < 12; i++)); do tm send-keys -t e2e BSpace; done
tm send-keys -t e2e -l 'class.pbn'
tm send-keys -t e2e Enter
wait_for 'Session: class.pbn'
wait_for 'e2e 20'
tm send-keys -t e2e Escape
tm send-keys -t e2e M-a
wait_for 'File: class.pbn'
tm send-keys -t e2e Enter
wait_for 'Add the 20 kept deals as boards 21–40?'
tm send-keys -t e2e y
wait_for 'class.pbn — 40 boards'
[[ "$(grep -c '^\[Board ' "$work/class.pbn")" == 40 ]] || fail "class.pbn does not hold 40 boards"
grep -q '^\[Board "40"\]$' "$work/class.pbn" || fail "class.pbn's last board is not board 40"
tm send-keys -t e2e Escape
tm send-keys -t e2e M-s
wait_for 'e2e 40'
tm send-keys -t e2e Escape
render_first_page "$work/class.pbn"

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

# 6. Hand types: the pane shows nature's mix; Alt-l levels the types and re-runs.
cat >"$work/ladder.dlr" <<'DLR'
produce 900
bal = shape(south, any 4333 + any 4432 + any 5332)
HandType_weak = bal and hcp(south) >= 12 and hcp(south) <= 14
HandType_big = bal and hcp(south) >= 15 and hcp(south) <= 19
condition HandType_weak or HandType_big
action printoneline
DLR
tm send-keys -t e2e -l "clear; '$bin' --seed 5 ladder.dlr; echo EXIT-LADDER-\$?"
tm send-keys -t e2e Enter
wait_for 'levelling off (L toggles)'
wait_for 'DONE'
tm send-keys -t e2e M-l
wait_for 'levelling on (L toggles)'
# Levelled evenly: the delivered share of `weak` (natural about 74%) comes to about half.
delivered_weak() {
    { tm capture-pane -p -t e2e | grep -o '│weak *[0-9.]*% *[0-9.]*%' || true; } | awk '{ sub("%", "", $3); print $3 }'
}
for ((i = 0; i < 200; i++)); do
    w=$(delivered_weak)
    if tm capture-pane -p -t e2e | grep -qF 'DONE' && awk -v w="${w:-0}" 'BEGIN { exit !(w > 40 && w < 60) }'; then
        break
    fi
    sleep 0.05
done
awk -v w="${w:-0}" 'BEGIN { exit !(w > 40 && w < 60) }' || fail "levelled, weak is delivered at ${w:-?}%, not about 50%"
tm send-keys -t e2e C-q
wait_for 'EXIT-LADDER-0'

[[ -n "${E2E_SHOW:-}" ]] && tm capture-pane -p -t e2e
echo "tui_e2e: ok"
