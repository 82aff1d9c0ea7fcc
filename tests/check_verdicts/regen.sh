#!/usr/bin/env bash
# Regenerates tests/check_verdicts/verdicts.tsv: each corpus script's verdict as dealer 1.24 (as
# BBO runs it) and DealerV2_4 give it, run for real (-s 1 -g 200 -p 1, 10 s timeout, in a scratch
# directory; DealerV2_4 gets the corpus README's -0..-9 for .dls scripts).
# Usage: regen.sh [DEALER124] [DEALERV2_4] [CORPUS_SCRIPTS]
# (defaults: $DEALBENCH_DEALER124, $DEALBENCH_DEALERV2_4, ../shared/corpus/scripts; the binaries
# as /work/baselines/build.sh builds them.)
# Columns: script, program, verdict (`refuses` when the program stops with `line N: MESSAGE`
# before dealing, else `runs`: a later failure such as a missing external program is not a
# refusal of the script), the line it names, its message.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
d124="${1:-${DEALBENCH_DEALER124:?give dealer 1.24}}"
dv2="${2:-${DEALBENCH_DEALERV2_4:?give DealerV2_4}}"
corpus="$(cd "${3:-$here/../../../shared/corpus/scripts}" && pwd)"
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
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
printf 'script\tprogram\tverdict\tline\tmessage\n' >"$tmp"
cd "$scratch"
(cd "$corpus" && find . -type f | sed 's|^\./||' | LC_ALL=C sort) | while read -r f; do
    timeout 10 "$d124" -s 1 -g 200 -p 1 "$corpus/$f" </dev/null >/dev/null 2>err || true
    verdict "$f" dealer124 err
    args=()
    case "$f" in *.dls) args=("${dls[@]}") ;; esac
    timeout 10 "$dv2" -s 1 -g 200 -p 1 "${args[@]}" "$corpus/$f" </dev/null >/dev/null 2>err || true
    verdict "$f" dealerv2_4 err
done >>"$tmp"
mv "$tmp" "$out"
echo "wrote $out"
