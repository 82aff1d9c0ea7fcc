#!/usr/bin/env bash
# Grammar check for CI: the committed parser must be what grammar.js generates, and the
# grammar's own corpus and highlight tests must pass.
#
#   .ci/grammar.sh            (from the repository root; .ci/run calls it)
#
# Installs tree-sitter-cli 0.27.1 with cargo when it is missing (the npm package cannot
# download its binary here) and generates with the native JavaScript runtime, so node is not
# needed either.
set -euo pipefail

cd "$(dirname "$0")/.."

want=0.27.1
if ! command -v tree-sitter >/dev/null 2>&1 || [[ "$(tree-sitter --version)" != *"$want"* ]]; then
    echo "grammar.sh: installing tree-sitter-cli@$want"
    cargo install --locked "tree-sitter-cli@$want"
fi
echo "grammar.sh: $(tree-sitter --version)"

(cd tree-sitter-dealer3 && tree-sitter generate --js-runtime native)

if ! git diff --exit-code --stat -- tree-sitter-dealer3/src; then
    echo "grammar.sh: tree-sitter-dealer3/src differs from what grammar.js generates." >&2
    echo "grammar.sh: run 'cd tree-sitter-dealer3 && tree-sitter generate --js-runtime native' and commit src/." >&2
    exit 1
fi
untracked=$(git ls-files --others --exclude-standard -- tree-sitter-dealer3/src)
if [[ -n "$untracked" ]]; then
    echo "grammar.sh: generated files not committed:" >&2
    echo "$untracked" >&2
    exit 1
fi

(cd tree-sitter-dealer3 && tree-sitter test)
echo "grammar.sh: ok"
