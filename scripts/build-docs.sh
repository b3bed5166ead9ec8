#!/usr/bin/env bash
# Builds the DocC documentation of every library product with the toolchain's `docc`, no plugin:
# symbol graphs from a build with every trait enabled, then one `docc convert` per catalog with
# warnings as errors. Writes .build/docs/<Module>.doccarchive (ready for static hosting) and a
# combined .build/docs/MiniFlake-all.doccarchive, and fails on any docc warning.
#
#   scripts/build-docs.sh                 build them all
#   scripts/build-docs.sh --preview       then serve the core's documentation on localhost:8000
#
# Environment: DOCC (the docc to run; default: `docc` on PATH, else `xcrun docc`),
# DOCS_HOSTING_BASE_PATH (for a site that serves the archives below the domain's root).
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n== %s\n' "$*"; }

# Each module after the modules it links to: docc resolves `MiniFlake/FlakeMaker` in the lease
# library's pages against the archive built before it.
modules=(MiniFlake MiniFlakeLease MiniFlakePostgres MiniFlakeServer MiniFlakeGRDB MiniFlakeVapor MiniFlakeDevice)
dependencies() {
  case "$1" in
    MiniFlake) ;;
    MiniFlakeLease | MiniFlakeGRDB | MiniFlakeDevice) echo MiniFlake ;;
    MiniFlakePostgres | MiniFlakeServer) echo MiniFlake MiniFlakeLease ;;
    MiniFlakeVapor) echo MiniFlake MiniFlakeLease MiniFlakePostgres ;;
  esac
}

if [ -n "${DOCC:-}" ]; then
  docc=("$DOCC")
elif command -v docc >/dev/null 2>&1; then
  docc=(docc)
else
  docc=(xcrun docc)
fi

output=.build/docs
graphs="$output/symbol-graphs"
started=$SECONDS

step "symbol graphs (swift package dump-symbol-graph, every trait enabled)"
# The build it runs is the same as `swift build --enable-all-traits`, so after that it only
# extracts. Extension blocks make `Thread.nextFlakeID()` and `FlakeID: DatabaseValueConvertible`
# pages of their own.
dump_log=$(mktemp)
trap 'rm -f "$dump_log"' EXIT
# SwiftPM 6.3 also tries the test-runner modules it synthesizes (MiniFlakePackageTests,
# MiniFlakePackageDiscoveredTests), fails on them and exits with 1; that is tolerated as long as
# it is the only error and every library's graph was written.
dump_status=0
swift package --enable-all-traits dump-symbol-graph --emit-extension-block-symbols >"$dump_log" 2>&1 || dump_status=$?
extracted=$(sed -n 's/^Files written to //p' "$dump_log" | tail -n 1)
fail_dump() {
  cat "$dump_log"
  echo "build-docs: $*" >&2
  exit 1
}
if [ "$dump_status" -ne 0 ]; then
  unexpected=$(grep -E '(^|: )error:' "$dump_log" |
    grep -v -E "^error: Failed to emit symbol graph for '[A-Za-z]+Package(Discovered)?Tests'" || true)
  [ -z "$unexpected" ] || fail_dump "dump-symbol-graph failed (status $dump_status)"
fi
[ -n "$extracted" ] && [ -d "$extracted" ] || fail_dump "cannot find where dump-symbol-graph wrote the symbol graphs"
for module in "${modules[@]}"; do
  if grep -q "Failed to emit symbol graph for '$module'" "$dump_log" || [ ! -f "$extracted/$module.symbols.json" ]; then
    fail_dump "no symbol graph for $module"
  fi
done
echo "symbol graphs in $extracted"

rm -rf "$output"
mkdir -p "$graphs"
for module in "${modules[@]}"; do
  mkdir -p "$graphs/$module"
  cp "$extracted/$module.symbols.json" "$graphs/$module/"
  # Extensions of other modules' types, such as MiniFlake@Foundation.symbols.json.
  find "$extracted" -maxdepth 1 -name "$module@*.symbols.json" -exec cp {} "$graphs/$module/" \;
  # Doc comments name another module's symbols as ``MiniFlake/FlakeMaker``, as Xcode resolves
  # them; docc resolves links into a dependency archive only when they are absolute
  # (``/MiniFlake/FlakeMaker``), so this copy of the graphs gets the leading slash.
  for other in "${modules[@]}"; do
    [ "$other" = "$module" ] && continue
    sed -i.orig "s|\`\`$other/|\`\`/$other/|g" "$graphs/$module"/*.symbols.json
    rm -f "$graphs/$module"/*.orig
  done
done

hosting=()
if [ -n "${DOCS_HOSTING_BASE_PATH:-}" ]; then
  hosting=(--hosting-base-path "$DOCS_HOSTING_BASE_PATH")
fi

for module in "${modules[@]}"; do
  step "docc convert $module (warnings as errors)"
  links=()
  for dependency in $(dependencies "$module"); do
    links+=(--dependency "$output/$dependency.doccarchive")
  done
  "${docc[@]}" convert "Sources/$module/$module.docc" \
    --additional-symbol-graph-dir "$graphs/$module" \
    --output-path "$output/$module.doccarchive" \
    --fallback-display-name "$module" \
    --fallback-bundle-identifier "org.miniflake.$module" \
    --transform-for-static-hosting \
    --enable-experimental-external-link-support \
    "${links[@]}" "${hosting[@]}" \
    --warnings-as-errors
done

step "docc merge: one archive with every library"
archives=()
for module in "${modules[@]}"; do archives+=("$output/$module.doccarchive"); done
"${docc[@]}" merge "${archives[@]}" \
  --synthesized-landing-page-name MiniFlake \
  --output-path "$output/MiniFlake-all.doccarchive"

echo
echo "documentation built in $((SECONDS - started)) s: $output/<Module>.doccarchive, $output/MiniFlake-all.doccarchive"

if [ "${1:-}" = "--preview" ]; then
  echo "serving $output/MiniFlake.doccarchive on http://localhost:8000/documentation/miniflake"
  cd "$output/MiniFlake.doccarchive" && python3 -m http.server 8000
fi
