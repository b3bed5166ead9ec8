#!/usr/bin/env bash
# Runs a test command with a deadline, so that a stalled run fails in time and says where it
# stalled instead of being killed with the rest of CI:
#
#   scripts/with-deadline.sh SECONDS swift test --enable-all-traits
#
# The command's output passes through as usual. When SECONDS pass first, this prints the tests
# that started and never ended (from Swift Testing's "◇ Test … started." lines), the threads'
# stacks of every process below the command (gdb, when installed), kills the command and its
# children, and exits 124. Otherwise it exits with the command's status.
set -euo pipefail

if [ $# -lt 2 ] || ! [ "$1" -gt 0 ] 2>/dev/null; then
  echo "usage: $0 SECONDS COMMAND [ARGUMENT...]" >&2
  exit 64
fi
limit=$1
shift

log=$(mktemp /tmp/miniflake-deadline.XXXXXX)
trap 'rm -f "$log"' EXIT

# The command leads its own process group, so that it and every child can be stopped at once.
set -m
"$@" > >(tee "$log") 2>&1 &
command=$!
set +m

deadline=$((SECONDS + limit))
while kill -0 "$command" 2>/dev/null; do
  if [ "$SECONDS" -ge "$deadline" ]; then
    {
      printf '\nwith-deadline: %s did not finish within %d s.\n' "$1" "$limit"
      echo "Tests started and not ended:"
      name='Test ("[^"]*"|[A-Za-z0-9_]+\(\))'
      grep -oE "◇ $name started" "$log" | sed -E 's/^◇ //; s/ started$//' | sort >"$log.started" || true
      grep -oE "[✔✘] $name" "$log" | sed -E 's/^[✔✘] //' | sort -u >"$log.ended" || true
      comm -23 "$log.started" "$log.ended" | sed 's/^/  /'
      rm -f "$log.started" "$log.ended"
      for pid in $(pgrep -g "$command" 2>/dev/null); do
        if command -v gdb >/dev/null 2>&1; then
          printf '\n-- process %s: %s\n' "$pid" "$(tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null | cut -c1-200)"
          timeout 60 gdb -p "$pid" -batch -ex 'thread apply all bt 12' 2>/dev/null | grep -E '^(Thread|#)' || true
        fi
      done
    } >&2
    kill -KILL -- "-$command" 2>/dev/null || true
    wait "$command" 2>/dev/null || true
    exit 124
  fi
  sleep 1
done
set +e
wait "$command"
status=$?
set -e
exit "$status"
