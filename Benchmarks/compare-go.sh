#!/usr/bin/env bash
# `miniflake serve` beside a Go peer, under the same wrk load on the same machine, in one run:
# builds the Go peer from Benchmarks/GoPeer (net/http and a mutex-guarded Snowflake generator,
# standard library only) with Debian's golang-go, builds the release `miniflake`, starts both on
# free loopback ports, and lets wrk load each in turn, alternating, on GET /v1/id and GET /health.
# It prints each server's requests/s and server CPU per request, and MiniFlake's ratio to Go
# (above 1.00x: MiniFlake answered more requests per second).
#
#   Benchmarks/compare-go.sh              3 rounds of 5 s per server and route
#   Benchmarks/compare-go.sh --smoke      1 round of 1 s: checks that it works; its figures mean nothing
#   Benchmarks/compare-go.sh --rounds 5 --seconds 10
#   Benchmarks/compare-go.sh --smoke --debug    against a debug build (CI: checks that the script,
#                                               the peer and both servers work)
#
# Environment: WRK_THREADS (1), WRK_CONNECTIONS (32), MINIFLAKE_SCRATCH_PATH (the Swift build
# directory, .build by default). Installs golang-go and wrk with apt-get when they are missing
# (as root). Both servers and wrk share the machine's cores, as they would on one host.
set -euo pipefail
script="$(cd "$(dirname "$0")" && pwd)/$(basename "$0")"
root="$(cd "$(dirname "$script")/.." && pwd)"
cd "$root"

rounds=3
seconds=5
configuration=release
while [ $# -gt 0 ]; do
  case "$1" in
    --smoke) rounds=1; seconds=1 ;;
    --debug) configuration=debug ;;
    --rounds) rounds=${2:?--rounds needs a number}; shift ;;
    --seconds) seconds=${2:?--seconds needs a number}; shift ;;
    -h|--help) awk 'NR > 1 && !/^#/ { exit } NR > 1 { sub(/^# ?/, ""); print }' "$script"; exit 0 ;;
    *) echo "compare-go.sh: unknown argument '$1' (try --help)" >&2; exit 2 ;;
  esac
  shift
done
for value in "$rounds" "$seconds"; do
  case "$value" in ''|*[!0-9]*|0) echo "compare-go.sh: --rounds and --seconds take positive whole numbers" >&2; exit 2 ;; esac
done
threads=${WRK_THREADS:-1}
connections=${WRK_CONNECTIONS:-32}
scratch=${MINIFLAKE_SCRATCH_PATH:-.build}

step() { printf '\n== %s\n' "$*"; }

need() {
  local command=$1 package=$2
  command -v "$command" >/dev/null 2>&1 && return 0
  if [ "$(id -u)" -ne 0 ]; then
    echo "compare-go.sh: $command is missing; install it (apt-get install $package) or run as root" >&2
    exit 1
  fi
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$package" >/dev/null
}

step "tools"
need go golang-go
need wrk wrk
go version
wrk --version 2>&1 | head -n 1 || true

work=$(mktemp -d "${TMPDIR:-/tmp}/miniflake-compare-go.XXXXXX")
trap 'rm -rf "$work"' EXIT
go_pid=""

step "build the Go peer (Benchmarks/GoPeer)"
# Offline and self-contained: the peer uses the standard library only.
(cd Benchmarks/GoPeer && GOFLAGS=-mod=mod GOPROXY=off GOCACHE="$work/gocache" go build -o "$work/gopeer" .)

step "build miniflake ($configuration, --traits CLI,Server)"
# shellcheck source=scripts/serve-in-background.sh
. scripts/serve-in-background.sh
build_server "$configuration"

cleanup() {
  if [ -n "$go_pid" ] && kill -0 "$go_pid" 2>/dev/null; then kill "$go_pid" 2>/dev/null || true; wait "$go_pid" 2>/dev/null || true; fi
  stop_server
  rm -rf "$work"
}

step "start both servers"
start_server "$binary" 1 compare-go
trap cleanup EXIT
swift_base="http://127.0.0.1:$port"
go_port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
"$work/gopeer" -addr "127.0.0.1:$go_port" -instance 2 >"$work/gopeer.log" 2>&1 &
go_pid=$!
go_base="http://127.0.0.1:$go_port"
for _ in $(seq 1 100); do
  curl -fsS "$go_base/health" >/dev/null 2>&1 && break
  sleep 0.1
done
curl -fsS "$go_base/health" >/dev/null || { cat "$work/gopeer.log" >&2; echo "compare-go.sh: the Go peer did not come up" >&2; exit 1; }
echo "miniflake: $swift_base (pid $server); Go peer: $go_base (pid $go_pid)"
echo "GET /v1/id bodies: miniflake $(curl -fsS "$swift_base/v1/id" | wc -c) bytes, Go $(curl -fsS "$go_base/v1/id" | wc -c) bytes"

ticks() { if [ -r "/proc/$1/stat" ]; then sed 's/.*) //' "/proc/$1/stat" | awk '{ print $12 + $13 }'; else echo 0; fi; }
hz=$(getconf CLK_TCK 2>/dev/null || echo 100)

# One wrk run: prints "requests/s cpu-µs-per-request non2xx".
measure() {
  local pid=$1 url=$2 output before after
  before=$(ticks "$pid")
  output=$(wrk -t"$threads" -c"$connections" -d"${seconds}s" "$url")
  after=$(ticks "$pid")
  awk -v ticks=$((after - before)) -v hz="$hz" '
    /Requests\/sec:/ { rps = $2 }
    / requests in / { requests = $1 }
    /Non-2xx or 3xx responses:/ { bad = $NF }
    END { printf "%s %.2f %d\n", rps, (requests ? ticks / hz * 1000000 / requests : 0), bad }
  ' <<<"$output"
}

step "wrk -t$threads -c$connections, $rounds round(s) of ${seconds} s per server and route, alternating"
for url in "$swift_base" "$go_base"; do
  for path in /health /v1/id; do wrk -t1 -c8 -d1s "$url$path" >/dev/null; done  # warm-up
done
declare -A samples
for round in $(seq 1 "$rounds"); do
  # Who goes first alternates from round to round, so that neither gets the quieter moments.
  if [ $((round % 2)) -eq 1 ]; then order="swift go"; else order="go swift"; fi
  for path in /v1/id /health; do
    for who in $order; do
      if [ "$who" = swift ]; then sample=$(measure "$server" "$swift_base$path"); else sample=$(measure "$go_pid" "$go_base$path"); fi
      echo "round $round $who $path: $sample"
      samples[$who$path]+="$sample"$'\n'
    done
  done
done

step "results"
mean() { awk 'NF { rps += $1; cpu += $2; bad += $3; n++ } END { printf "%.0f %.2f %d\n", rps / n, cpu / n, bad }' <<<"$1"; }
printf '| Route | miniflake req/s | Go req/s | miniflake ÷ Go | miniflake CPU/req | Go CPU/req | non-2xx |\n'
printf '|---|---:|---:|---:|---:|---:|---:|\n'
for path in /v1/id /health; do
  read -r s_rps s_cpu s_bad <<<"$(mean "${samples[swift$path]}")"
  read -r g_rps g_cpu g_bad <<<"$(mean "${samples[go$path]}")"
  awk -v path="$path" -v s="$s_rps" -v g="$g_rps" -v sc="$s_cpu" -v gc="$g_cpu" -v bad=$((s_bad + g_bad)) 'BEGIN {
    printf "| `GET %s` | %d | %d | %.2fx | %.1f µs | %.1f µs | %d |\n", path, s, g, s / g, sc, gc, bad
  }'
  if [ "$path" = /v1/id ]; then id_ratio=$(awk -v s="$s_rps" -v g="$g_rps" 'BEGIN { printf "%.2f", s / g }'); fi
  if [ $((s_bad + g_bad)) -ne 0 ]; then echo "compare-go.sh: some answers were not 2xx" >&2; exit 1; fi
done
echo
if [ "$configuration" = debug ]; then echo "(a debug build of miniflake: these figures mean nothing)"; fi
echo "GET /v1/id: miniflake answered ${id_ratio}x the Go peer's requests per second (target: at least 1.00x)"
