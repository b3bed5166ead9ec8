#!/usr/bin/env bash
# Runs the concurrency suites under the thread sanitizer (default traits only, its own scratch
# path so that it never invalidates the ordinary build):
#
#   scripts/thread-sanitizer.sh            # build, then run the suites below
#   scripts/thread-sanitizer.sh --filter REGEX
#   THREAD_SANITIZER_TEST_LIMIT=600 scripts/thread-sanitizer.sh   # seconds the tests may take (300)
#
# The suites: the generator's window and short path, the atomics layer, the leased issuer and the
# file lease, and the device issuer's live-process tests. Fails when the build or a test fails,
# or when TSan prints a report at all (a report does not always fail the test that caused it).
set -euo pipefail
cd "$(dirname "$0")/.."

filter='FlakeMakerWindowTests|FlakeMakerShortPathTests|ConcurrencyLayerTests|LeasedFlakeIssuerTests|FileInstanceLeaseBackendTests|DeviceConcurrencyTests'
while [ $# -gt 0 ]; do
  case "$1" in
    --filter) filter="$2"; shift 2 ;;
    *) echo "usage: $0 [--filter REGEX]" >&2; exit 64 ;;
  esac
done

scratch=.build-tsan
limit=${THREAD_SANITIZER_TEST_LIMIT:-300}
log=$(mktemp)
trap 'rm -f "$log"' EXIT

started=$(date +%s)
echo "thread-sanitizer: swift build --build-tests --sanitize=thread --scratch-path $scratch"
swift build --build-tests --sanitize=thread --scratch-path "$scratch"
built=$(date +%s)

# One test at a time: the suites start threads and child processes of their own, and under the
# sanitizer's slowdown on a loaded machine a parallel run once stalled with every task waiting.
# The time limit turns any such stall into a failure instead of a CI job that never ends.
echo "thread-sanitizer: swift test --no-parallel --filter '$filter' (at most ${limit}s)"
status=0
# halt_on_error stays off so that one run lists every race; the grep below fails the step.
# macOS has no `timeout` unless coreutils is installed; there the job's own limit applies.
bounded=()
if command -v timeout >/dev/null 2>&1; then bounded=(timeout --kill-after=10 "$limit"); fi
TSAN_OPTIONS="${TSAN_OPTIONS:-second_deadlock_stack=1}" \
  ${bounded[@]+"${bounded[@]}"} swift test --skip-build --no-parallel --sanitize=thread --scratch-path "$scratch" --filter "$filter" 2>&1 \
  | tee "$log" || status=$?
finished=$(date +%s)
if [ "$status" -eq 124 ] || [ "$status" -eq 137 ]; then
  echo "thread-sanitizer: FAIL: the tests did not finish within ${limit}s; the last test started:" >&2
  grep '◇ Test .* started' "$log" | tail -n 1 >&2 || true
  exit 1
fi

reports=$(grep -c 'WARNING: ThreadSanitizer' "$log" || true)
echo "thread-sanitizer: build $((built - started)) s, tests $((finished - built)) s, TSan reports: $reports"
if [ "$reports" -gt 0 ]; then
  echo "thread-sanitizer: FAIL: ThreadSanitizer reported $reports problem(s); see 'WARNING: ThreadSanitizer' above" >&2
  exit 1
fi
if [ "$status" -ne 0 ]; then
  echo "thread-sanitizer: FAIL: swift test exited with status $status" >&2
  exit "$status"
fi
if ! grep -Eq 'Test run with [0-9]+ tests? .*passed' "$log"; then
  echo "thread-sanitizer: FAIL: no test ran (is the filter right?)" >&2
  exit 1
fi
echo "thread-sanitizer: OK"
