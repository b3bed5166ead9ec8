#!/usr/bin/env bash
# Puts each defect of scripts/mutations/ back into the code, one at a time, and runs the device
# simulation's seeds (Tests/MiniFlakeDeviceTests/SimulatorTests.swift) and the regression tests of
# the schedules that broke the promise against it: every mutation must be caught by both, and this
# prints the first seed and step that caught it and the regression tests that failed. The tree is restored
# after each (and on exit). Usage: scripts/simulator-mutations.sh [SEEDS] (default 1000);
# MINIFLAKE_MUTATIONS=3 runs the mutations whose names start with 3.
set -euo pipefail
cd "$(dirname "$0")/.."
seeds=${1:-1000}
scratch=${MINIFLAKE_MUTATION_SCRATCH:-.build-mutations}
applied=""
restore() { if [ -n "$applied" ]; then git apply -R "$applied"; applied=""; fi; }
trap restore EXIT
status=0
for patch in scripts/mutations/${MINIFLAKE_MUTATIONS:-}*.patch; do
  git apply "$patch"
  applied=$patch
  log=$(mktemp)
  MINIFLAKE_SIMULATION_SEEDS=$seeds swift test --scratch-path "$scratch" --filter "SimulatorTests/seeds|SimulatorRegressionTests" >"$log" 2>&1 || true
  caught=$(grep -m1 -o 'seed [0-9]* broke an invariant at step [0-9]*' "$log" || true)
  figures=$(grep -m1 -o 'simulation: [0-9]* seeds.*' "$log" || true)
  regressions=$(grep -o '✘ Test "[^"]*" failed' "$log" | sed 's/^✘ Test //; s/ failed$//' || true)
  if [ -n "$caught" ] && [ -n "$regressions" ]; then
    printf '%s: caught, %s (%s)\n' "$(basename "$patch" .patch)" "$caught" "$figures"
    grep -m1 -A1 'broke an invariant' "$log" | tail -1 | sed 's/^/    /'
    printf '    failing regression tests: %s\n' "$(echo "$regressions" | grep -v 'seeded schedules' | paste -sd';' -)"
  else
    printf '%s: NOT caught in %s seeds (%s)\n' "$(basename "$patch" .patch)" "$seeds" "$figures"
    tail -5 "$log"
    status=1
  fi
  rm -f "$log"
  restore
done
exit $status
