#!/usr/bin/env bash
# Regenerates tests/check_verdicts/verdicts.tsv: each corpus script's verdict as dealer 1.24 (as
# BBO runs it), DealerV2_4 and dealer3 1.0.0 give it, run for real (-s 1 -g 200 -p 1, 10 s timeout,
# in a scratch directory; DealerV2_4 gets the corpus README's -0..-9 for .dls scripts).
# Usage: regen.sh [DEALER124] [DEALERV2_4] [DEALER3] [CORPUS_SCRIPTS] [DEALERV2_4_GIT]
# (defaults: $DEALBENCH_DEALER124, $DEALBENCH_DEALERV2_4, $DEALBENCH_DEALER3,
# ../shared/corpus/scripts, /work/.mirror/dealerv2+DealerV2_4/repo; the binaries as
# /work/baselines/build.sh builds them: dealer3 is its v1.0.0 tag, not the newest source.)
# DealerV2_4 runs `shape{…}` through its Perl preprocessor at the path compiled into it,
# /usr/local/games/DealerV2_4/bin/fdp: the script installs fdp and Dist.pm from DEALERV2_4_GIT in
# a scratch tree and mounts that over /usr/local/games in a private mount namespace (unshare -m,
# as root), so the system is left as it was.
# Columns: script, program, verdict (`refuses` when the program stops on the script: dealer 1.24
# and DealerV2_4 with `line N: MESSAGE` before dealing, dealer3 with `Parse error` at `--> L:C`
# or an evaluation error, else `runs`: a later failure such as a missing external program is not a
# refusal of the script), the line it names (empty when it names none), its message.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
d124="${1:-${DEALBENCH_DEALER124:?give dealer 1.24}}"
dv2="${2:-${DEALBENCH_DEALERV2_4:?give DealerV2_4}}"
d3="${3:-${DEALBENCH_DEALER3:?give dealer3 1.0.0}}"
corpus="$(cd "${4:-$here/../../../shared/corpus/scripts}" && pwd)"
v2git="${5:-/work/.mirror/dealerv2+DealerV2_4/repo}"
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
mkdir -p "$scratch/games/DealerV2_4/bin" "$scratch/games/DealerV2_4/lib" "$scratch/run"
git --git-dir="$v2git" show HEAD:lib/fdp >"$scratch/games/DealerV2_4/bin/fdp"
git --git-dir="$v2git" show HEAD:lib/Dist.pm >"$scratch/games/DealerV2_4/lib/Dist.pm"
chmod +x "$scratch/games/DealerV2_4/bin/fdp"
out="$here/verdicts.tsv"
tmp="$out.$$.tmp"
dls=(-0 east -1 west -2 hcp -3 top4 -4 ltc -5 12 -6 6.5 -7 spade -8 ' any 4333 + any 4432 + any 5332 ' -9 ' 5+s4+mxx + 6+mxxx ')
verdict() { # script program stderr-file
    local first
    first="$(grep -a -m1 -E '^line [0-9]+: ' "$3" || true)"
    if [ -n "$first" ]; then
        printf '%s\t%s\trefuses\t%s\t%s\n' "$1" "$2" "$(sed -E 's/^line ([0-9]+): .*/\1/' <<<"$first")" \
            "$(sed -E 's/^line [0-9]+: //' <<<"$first" | tr -d '\r\t')"
    else
        printf '%s\t%s\truns\t\t\n' "$1" "$2"
    fi
}
verdict3() { # script stderr-file exit-status: dealer3's parse error names `--> LINE:COL`
    local at
    at="$(grep -a -m1 -oE -- '--> [0-9]+:[0-9]+' "$2" || true)"
    if [ -n "$at" ]; then
        printf '%s\tdealer3_1.0.0\trefuses\t%s\tParse error at %s\n' "$1" "$(sed -E 's/--> ([0-9]+):.*/\1/' <<<"$at")" "${at#--> }"
    elif [ "$3" != 0 ] && grep -a -q -m1 'error' "$2"; then
        printf '%s\tdealer3_1.0.0\trefuses\t\t%s\n' "$1" "$(grep -a -m1 'error' "$2" | tr -d '\r\t')"
    else
        printf '%s\tdealer3_1.0.0\truns\t\t\n' "$1"
    fi
}
export -f verdict verdict3
printf 'script\tprogram\tverdict\tline\tmessage\n' >"$tmp"
cd "$scratch/run"
(cd "$corpus" && find . -type f | sed 's|^\./||' | LC_ALL=C sort) >"$scratch/list"
while read -r f; do
    timeout 10 "$d124" -s 1 -g 200 -p 1 "$corpus/$f" </dev/null >/dev/null 2>err || true
    verdict "$f" dealer124 err
done <"$scratch/list" >"$scratch/d124"
# DealerV2_4, in a private mount namespace where its fdp is installed.
unshare -m bash -c '
    set -euo pipefail
    mount --bind "$1/games" /usr/local/games
    while read -r f; do
        args=()
        case "$f" in *.dls) args=("${@:5}") ;; esac
        timeout 10 "$2" -s 1 -g 200 -p 1 "${args[@]}" "$3/$f" </dev/null >/dev/null 2>err || true
        verdict "$f" dealerv2_4 err
    done <"$4" >"$1/dv2"' _ "$scratch" "$dv2" "$corpus" "$scratch/list" "${dls[@]}"
while read -r f; do
    rc=0
    timeout 10 "$d3" -s 1 -g 200 -p 1 "$corpus/$f" </dev/null >/dev/null 2>err || rc=$?
    verdict3 "$f" err "$rc"
done <"$scratch/list" >"$scratch/d3"
paste -d '\n' "$scratch/d124" "$scratch/dv2" "$scratch/d3" >>"$tmp"
mv "$tmp" "$out"
echo "wrote $out"
