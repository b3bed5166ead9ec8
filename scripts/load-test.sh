#!/usr/bin/env bash
# Load test for `miniflake serve`: builds the release binary, starts the server on a free
# loopback port, runs wrk against GET /health (the trivial route), GET /v1/id and
# GET /v1/ids?count=1000, prints requests/s and p50/p99 latency for each, then stops the server
# with SIGTERM and checks that it exits with status 0.
#
#   scripts/load-test.sh            10 s per route
#   scripts/load-test.sh --smoke     2 s per route
#   scripts/load-test.sh --duration 30 --markdown /tmp/bench-server.md
#   scripts/load-test.sh --smoke --debug   2 s per route against a debug build (CI: checks it
#                                            works and shuts down cleanly; its figures mean nothing)
#
# Besides wrk's figures it reports the server's CPU time per request (from /proc), which
# load from elsewhere on a shared machine disturbs far less than requests/s.
# Each route gets its time in LOAD_ROUNDS turns (2), the routes taking turns in alternating
# order; the figures are the means over the turns. Environment: also WRK_THREADS (2), WRK_CONNECTIONS (64),
# MINIFLAKE_SCRATCH_PATH (the build directory, .build by default). Installs wrk with apt-get
# when it is missing (as root).
set -euo pipefail
script="$(cd "$(dirname "$0")" && pwd)/$(basename "$0")"
cd "$(dirname "$script")/.."

duration=10
markdown=""
configuration=release
while [ $# -gt 0 ]; do
  case "$1" in
    --smoke) duration=2 ;;
    --debug) configuration=debug ;;
    --duration) duration=${2:?--duration needs a number of seconds}; shift ;;
    --markdown) markdown=${2:?--markdown needs a file}; shift ;;
    -h|--help) awk 'NR > 1 && !/^#/ { exit } NR > 1 { sub(/^# ?/, ""); print }' "$script"; exit 0 ;;
    *) echo "load-test.sh: unknown argument '$1' (try --help)" >&2; exit 2 ;;
  esac
  shift
done
case "$duration" in ''|*[!0-9]*|0) echo "load-test.sh: --duration must be a positive number of seconds" >&2; exit 2 ;; esac
rounds=${LOAD_ROUNDS:-2}
case "$rounds" in ''|*[!0-9]*|0) echo "load-test.sh: LOAD_ROUNDS must be a positive number" >&2; exit 2 ;; esac
slice=$(( duration / rounds > 0 ? duration / rounds : 1 ))
threads=${WRK_THREADS:-2}
connections=${WRK_CONNECTIONS:-64}
scratch=${MINIFLAKE_SCRATCH_PATH:-.build}

step() { printf '\n== %s\n' "$*"; }

step "wrk"
if ! command -v wrk >/dev/null 2>&1; then
  if [ "$(id -u)" -ne 0 ]; then
    echo "load-test.sh: wrk is missing; install it (apt-get install wrk) or run as root" >&2
    exit 1
  fi
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk >/dev/null
fi
wrk --version 2>&1 | head -n 1 || true

# shellcheck source=scripts/serve-in-background.sh
. "$(dirname "$script")/serve-in-background.sh"

step "$configuration build (swift build -c $configuration $(serve_trait_flags))"
build_server "$configuration"

step "start the server"
start_server "$binary" 1 load-test.sh
base="http://127.0.0.1:$port"
echo "listening on $base (pid $server)"

# The server's CPU time so far (user + system), in clock ticks, from /proc; 0 where there is none.
server_ticks() {
  if [ -r "/proc/$server/stat" ]; then
    # Fields after the parenthesised command name: utime and stime are the 12th and 13th.
    sed 's/.*) //' "/proc/$server/stat" | awk '{ print $12 + $13 }'
  else
    echo 0
  fi
}
ticks_per_second=$(getconf CLK_TCK 2>/dev/null || echo 100)

# Runs wrk on one path for one round and prints "requests/s p50 p99 non2xx cpu" (latencies in
# microseconds; cpu is the server's CPU time per request in microseconds, which a busy machine
# disturbs far less than requests/s).
measure() {
  local output before after
  before=$(server_ticks)
  output=$(wrk -t"$threads" -c"$connections" -d"${slice}s" --latency "$base$1")
  after=$(server_ticks)
  awk -v ticks=$((after - before)) -v hz="$ticks_per_second" '
    function us(value) {
      if (value ~ /us$/) { sub(/us$/, "", value); return value + 0 }
      if (value ~ /ms$/) { sub(/ms$/, "", value); return value * 1000 }
      if (value ~ /s$/)  { sub(/s$/, "", value);  return value * 1000000 }
      return value + 0
    }
    /Requests\/sec:/ { rps = $2 }
    / requests in / { requests = $1 }
    $1 == "50%" { p50 = us($2) }
    $1 == "99%" { p99 = us($2) }
    /Non-2xx or 3xx responses:/ { bad = $NF }
    END { printf "%s %.0f %.0f %d %.1f\n", rps, p50, p99, bad, (requests ? ticks / hz * 1000000 / requests : 0) }
  ' <<<"$output"
}

step "wrk: $threads threads, $connections connections, ${duration} s per route in $rounds rounds"
curl -fsS "$base/health" >/dev/null
paths=("/health" "/v1/id" "/v1/ids?count=1000")
for path in "${paths[@]}"; do
  wrk -t1 -c8 -d1s "$base$path" >/dev/null  # warm-up
done
# The routes take turns, in reverse order every other round, so that a burst of load from
# elsewhere on the machine, or the order itself, favours none of them.
declare -A samples
for round in $(seq 1 "$rounds"); do
  order=("${paths[@]}")
  if [ $((round % 2)) -eq 0 ]; then order=("${paths[2]}" "${paths[1]}" "${paths[0]}"); fi
  for path in "${order[@]}"; do
    sample=$(measure "$path")
    echo "round $round $path: $sample"
    samples[$path]+="$sample"$'\n'
  done
done
# Per route: mean requests/s, mean p50, mean p99, total non-2xx, mean server CPU per request.
declare -A result
for path in "${paths[@]}"; do
  result[$path]=$(awk 'NF { rps += $1; p50 += $2; p99 += $3; bad += $4; cpu += $5; n++ }
    END { printf "%.2f %.0f %.0f %d %.1f\n", rps / n, p50 / n, p99 / n, bad, cpu / n }' <<<"${samples[$path]}")
done

read -r health_rps _ _ _ health_cpu <<<"${result[/health]}"
table=$(
  printf '| Route | Requests/s | p50 | p99 | Non-2xx | Server CPU per request | vs /health (req/s, CPU) |\n'
  printf '|---|---:|---:|---:|---:|---:|---:|\n'
  for path in "${paths[@]}"; do
    read -r rps p50 p99 bad cpu <<<"${result[$path]}"
    awk -v path="$path" -v rps="$rps" -v p50="$p50" -v p99="$p99" -v bad="$bad" -v cpu="$cpu" \
      -v base="$health_rps" -v basecpu="$health_cpu" 'BEGIN {
      printf "| `GET %s` | %.0f | %.2f ms | %.2f ms | %d | %.1f µs | %+.1f%%, %+.1f%% |\n",
        path, rps, p50 / 1000, p99 / 1000, bad, cpu, (rps / base - 1) * 100, (basecpu > 0 ? (cpu / basecpu - 1) * 100 : 0)
    }'
  done
)
step "results"
echo "$table"
read -r id_rps _ _ _ id_cpu <<<"${result[/v1/id]}"
awk -v id="$id_rps" -v health="$health_rps" -v idcpu="$id_cpu" -v healthcpu="$health_cpu" 'BEGIN {
  wall = (health / id - 1) * 100
  printf "GET /v1/id vs GET /health: %.1f%% %s time per request by requests/s", (wall < 0 ? -wall : wall), (wall < 0 ? "less" : "more")
  if (healthcpu > 0) {
    cpu = (idcpu / healthcpu - 1) * 100
    printf ", %.1f%% %s server CPU per request", (cpu < 0 ? -cpu : cpu), (cpu < 0 ? "less" : "more")
  }
  printf " (target: at most 10%% more)\n"
}'

step "stop the server with SIGTERM"
stop_server_expecting_success load-test.sh

if [ -n "$markdown" ]; then
  {
    echo "### HTTP service (\`miniflake serve\`, release, loopback)"
    echo
    echo "wrk ${threads} threads, ${connections} connections, ${duration} s per route in ${rounds} alternating rounds (means shown), $(nproc) CPU cores shared by wrk and the server; $(date -u +%Y-%m-%d)."
    echo
    echo "$table"
  } >"$markdown"
  echo "wrote $markdown"
fi
