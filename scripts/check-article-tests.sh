#!/usr/bin/env bash
# Checks that every test *Generator internals* names exists and runs: each name written in the
# article as `SuiteType/functionName` (the identifiers `swift test --filter` takes) must match a
# test that `swift test list` lists, and `swift test --filter 'Suite/function('` must run at
# least one test and pass. Run after a build with tests; the arguments go to `swift test`
# (the traits of that build):
#
#   swift build --build-tests && scripts/check-article-tests.sh
#   scripts/check-article-tests.sh --enable-all-traits        # what .ci/run runs
set -euo pipefail
cd "$(dirname "$0")/.."

article=Sources/MiniFlake/MiniFlake.docc/GeneratorInternals.md
names=$(grep -oE '`[A-Z][A-Za-z0-9]*Tests/[a-z][A-Za-z0-9]*`' "$article" | tr -d '`' | sort -u)
if [ -z "$names" ]; then
  echo "check-article-tests: $article names no test as \`Suite/function\`" >&2
  exit 1
fi

listing=$(mktemp)
output=$(mktemp)
trap 'rm -f "$listing" "$output"' EXIT
swift test --skip-build "$@" list 2>/dev/null >"$listing"

failed=0
count=0
for name in $names; do
  count=$((count + 1))
  # A listed identifier is Module.Suite/function(labels:).
  if ! grep -qE "(^|\.)${name}\(" "$listing"; then
    echo "check-article-tests: $name is named in $article but no such test exists" >&2
    failed=1
    continue
  fi
  if ! swift test --skip-build "$@" --filter "${name}\(" >"$output" 2>&1; then
    echo "check-article-tests: $name failed:" >&2
    tail -20 "$output" >&2
    failed=1
    continue
  fi
  if ! grep -qE 'Test run with [1-9][0-9]* tests?' "$output"; then
    echo "check-article-tests: swift test --filter '$name(' ran no test" >&2
    failed=1
  fi
done
[ "$failed" -eq 0 ] || exit 1
echo "check-article-tests: the $count tests $article names exist and pass"
