#!/usr/bin/env bash
# Type-checks every Swift snippet of the README and the DocC articles twice: as the top-level
# code of a new executable's main.swift, and inside a function (async when it awaits);
# scripts/check-snippets.py says how a snippet gets the names the text around it defines, and
# how one that cannot compile here (a Package.swift fragment, Apple-only code) is left out. The compiler ranks an async call's overloads
# differently in the two, so a call that resolves in one can be refused in the other (issue 31).
# It type-checks against the modules of `swift build --enable-all-traits`, which it runs first.
#
#   scripts/check-snippets.sh
set -euo pipefail
cd "$(dirname "$0")/.."

swift build --enable-all-traits -q
bin=$(swift build --enable-all-traits --show-bin-path)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The C modules the Swift modules import: SwiftPM's generated maps, and the packages' own.
flags=(-swift-version 6 -I "$bin/Modules")
while IFS= read -r map; do flags+=(-Xcc "-fmodule-map-file=$map"); done < <(
  find "$bin" -maxdepth 2 -name module.modulemap -path '*.build/module.modulemap'
  find .build/checkouts -name module.modulemap -path '*/Sources/*' -not -path '*/Tests/*')
while IFS= read -r include; do flags+=(-Xcc "-I$include"); done < <(
  find Sources .build/checkouts -type d -name include -path '*/Sources/*' -not -path '*/Tests/*')

files=(README.md Sources/*/*.docc/*.md)
# Each snippet's two type-checks run as jobs, as many at once as there are CPUs (every swiftc
# loads the same large modules, one core each); the results are read in the snippets' order.
jobs_at_once=$(nproc 2>/dev/null || echo 2)
typecheck() {
  local source=$1 extra=()
  [ "$(basename "$source")" = function ] && extra=(-parse-as-library)
  swiftc -typecheck "${flags[@]}" "${extra[@]}" "$source"/*.swift >"$source.log" 2>&1
  echo $? >"$source.status"
}
failed=0
count=0
skipped=0
checked=()
while IFS=$'\t' read -r name origin reason; do
  if [ "$name" = HIDDEN ]; then
    echo "FAILED: $origin ($reason)"
    failed=$((failed + 1))
    continue
  fi
  if [ "$name" = SKIPPED ]; then
    echo "skipped: $origin ($reason)"
    skipped=$((skipped + 1))
    continue
  fi
  count=$((count + 1))
  for form in top function; do
    while [ "$(jobs -rp | wc -l)" -ge "$jobs_at_once" ]; do wait -n || true; done
    typecheck "$work/$name/$form" &
    checked+=("$form"$'\t'"$work/$name/$form"$'\t'"$origin")
  done
done < <(python3 scripts/check-snippets.py "$work" "${files[@]}")
wait

for entry in "${checked[@]}"; do
  IFS=$'\t' read -r form source origin <<<"$entry"
  if [ "$(cat "$source.status" 2>/dev/null)" != 0 ]; then
    echo "FAILED ($form-level): $origin"
    grep -E 'error:' "$source.log" | head -5
    failed=$((failed + 1))
  fi
done

echo "$count snippets type-checked as top-level code and inside a function, $skipped skipped: $failed failures"
[ "$failed" -eq 0 ]
