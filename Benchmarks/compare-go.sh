#!/usr/bin/env bash
# `miniflake serve` beside two Go peers, under the same wrk load on the same machine, in one run:
# builds the Go peer of Benchmarks/GoPeer with Debian's golang-go (a mutex-guarded Snowflake
# generator behind net/http, or behind valyala/fasthttp from Debian's
# golang-github-valyala-fasthttp-dev, in GOPATH mode), builds the release `miniflake`, starts it
# and the peer twice (-http net, -http fast) on free loopback ports, and lets wrk load each in turn,
# alternating, on GET /v1/id, GET /v1/ids?count=1000 (a batch of 1,000 IDs per request) and
# GET /health. It prints each server's requests/s (and IDs/s), p99 latency and server CPU per
# request, and MiniFlake's ratio to each peer (above 1.00x: MiniFlake answered more requests per
# second), with a verdict for the two ID routes.
#
#   Benchmarks/compare-go.sh              3 rounds of 5 s per server and route
#   Benchmarks/compare-go.sh --smoke      1 round of 1 s: checks that it works; its figures mean nothing
#   Benchmarks/compare-go.sh --rounds 5 --seconds 10
#   Benchmarks/compare-go.sh --smoke --debug    against a debug build (CI: checks that the script,
#                                               the peer and both servers work)
#   Benchmarks/compare-go.sh --pin        each server pinned with taskset to the first half of the
#                                         CPUs this script may use (CPU 0 of 2), wrk to the second
#                                         half (CPU 1 of 2); needs 2 CPUs. Run the script once with
#                                         and once without --pin to compare pinned and unpinned p99
#
# Environment: WRK_THREADS (1), WRK_CONNECTIONS (32), MINIFLAKE_SCRATCH_PATH (the Swift build
# directory, .build by default). Installs golang-go, the fasthttp sources and wrk with apt-get
# when they are missing (as root). Without --pin, the servers and wrk share the machine's cores, as
# they would on one host; with it, they do not compete for a core (each server sees only its own
# CPUs from its start, so Go's GOMAXPROCS and MiniFlake's event loops follow them).
set -euo pipefail
script="$(cd "$(dirname "$0")" && pwd)/$(basename "$0")"
root="$(cd "$(dirname "$script")/.." && pwd)"
cd "$root"

rounds=3
seconds=5
configuration=release
pin=0
while [ $# -gt 0 ]; do
  case "$1" in
    --smoke) rounds=1; seconds=1 ;;
    --debug) configuration=debug ;;
    --pin) pin=1 ;;
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

# --pin: the CPUs this script may use (as many as nproc counts), split in halves, the first for
# the servers, the second for wrk.
server_cpus=""
wrk_cpus=""
if [ "$pin" = 1 ]; then
  read -r all_cpus server_cpus wrk_cpus <<<"$(python3 -c '
import os
cpus = sorted(os.sched_getaffinity(0))
half = len(cpus) // 2
print(*(",".join(map(str, part)) or "-" for part in (cpus, cpus[:half], cpus[half:])))')"
  if [ "$server_cpus" = - ]; then
    echo "compare-go.sh: --pin needs at least 2 CPUs; nproc says $(nproc)" >&2
    exit 2
  fi
fi
# Runs a command (wrk) on wrk's CPUs under --pin, as it is otherwise.
on_load_cpus() { if [ -n "$wrk_cpus" ]; then taskset -c "$wrk_cpus" "$@"; else "$@"; fi; }

need() {
  local command=$1 package=$2
  if [ "$command" = fasthttp ]; then
    [ -d /usr/share/gocode/src/github.com/valyala/fasthttp ] && return 0
  elif command -v "$command" >/dev/null 2>&1; then
    return 0
  fi
  if [ "$(id -u)" -ne 0 ]; then
    echo "compare-go.sh: $command is missing; install it (apt-get install $package) or run as root" >&2
    exit 1
  fi
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$package" >/dev/null
}

step "tools"
need go golang-go
need fasthttp golang-github-valyala-fasthttp-dev
need wrk wrk
if [ "$pin" = 1 ]; then need taskset util-linux; fi
go version
wrk --version 2>&1 | head -n 1 || true

work=$(mktemp -d "${TMPDIR:-/tmp}/miniflake-compare-go.XXXXXX")
trap 'rm -rf "$work"' EXIT
go_pid=""
fast_pid=""

step "build the Go peer (Benchmarks/GoPeer)"
# Offline: the standard library and Debian's fasthttp sources.
(cd Benchmarks/GoPeer && GOPATH=/usr/share/gocode GO111MODULE=off GOFLAGS='' GOPROXY=off \
  GOCACHE="$work/gocache" go build -o "$work/gopeer" .)

# shellcheck source=scripts/serve-in-background.sh
. scripts/serve-in-background.sh
step "build miniflake ($configuration, $(serve_trait_flags))"
build_server "$configuration"

cleanup() {
  for pid in "$go_pid" "$fast_pid"; do
    if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; fi
  done
  stop_server
  rm -rf "$work"
}

step "start the three servers"
# Under --pin this shell moves to the servers' CPUs while it starts them, so that each server
# runs there from its first instruction, and moves back once they are up.
if [ -n "$server_cpus" ]; then taskset -pc "$server_cpus" $$ >/dev/null; fi
start_server "$binary" 1 compare-go
trap cleanup EXIT
swift_base="http://127.0.0.1:$port"
free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
go_port=$(free_port)
"$work/gopeer" -http net -addr "127.0.0.1:$go_port" -instance 2 >"$work/gopeer.log" 2>&1 &
go_pid=$!
go_base="http://127.0.0.1:$go_port"
fast_port=$(free_port)
"$work/gopeer" -http fast -addr "127.0.0.1:$fast_port" -instance 3 >"$work/gofastpeer.log" 2>&1 &
fast_pid=$!
fast_base="http://127.0.0.1:$fast_port"
for base in "$go_base" "$fast_base"; do
  for _ in $(seq 1 100); do
    curl -fsS "$base/health" >/dev/null 2>&1 && break
    sleep 0.1
  done
  curl -fsS "$base/health" >/dev/null || {
    cat "$work"/gopeer.log "$work"/gofastpeer.log >&2
    echo "compare-go.sh: the Go peer at $base did not come up" >&2
    exit 1
  }
done
if [ -n "$server_cpus" ]; then
  taskset -pc "$all_cpus" $$ >/dev/null
  echo "pinned: the servers to CPU(s) $server_cpus, wrk to CPU(s) $wrk_cpus"
  for pid in "$server" "$go_pid" "$fast_pid"; do taskset -pc "$pid"; done
fi
echo "miniflake: $swift_base (pid $server); net/http: $go_base (pid $go_pid); fasthttp: $fast_base (pid $fast_pid)"
batch=1000
batch_path="/v1/ids?count=$batch"
for path in /v1/id "$batch_path"; do
  echo "GET $path bodies: miniflake $(curl -fsS "$swift_base$path" | wc -c) bytes," \
    "net/http $(curl -fsS "$go_base$path" | wc -c) bytes, fasthttp $(curl -fsS "$fast_base$path" | wc -c) bytes"
done

ticks() { if [ -r "/proc/$1/stat" ]; then sed 's/.*) //' "/proc/$1/stat" | awk '{ print $12 + $13 }'; else echo 0; fi; }
hz=$(getconf CLK_TCK 2>/dev/null || echo 100)

# One wrk run: prints "requests/s cpu-µs-per-request non2xx p99-µs".
measure() {
  local pid=$1 url=$2 output before after
  before=$(ticks "$pid")
  output=$(on_load_cpus wrk --latency -t"$threads" -c"$connections" -d"${seconds}s" "$url")
  after=$(ticks "$pid")
  awk -v ticks=$((after - before)) -v hz="$hz" '
    function micros(text) {
      if (text ~ /us$/) return text + 0
      if (text ~ /ms$/) return text * 1000
      if (text ~ /s$/) return text * 1000000
      return text + 0
    }
    /Requests\/sec:/ { rps = $2 }
    / requests in / { requests = $1 }
    /Non-2xx or 3xx responses:/ { bad = $NF }
    $1 == "99%" { p99 = micros($2) }
    END { printf "%s %.2f %d %.0f\n", rps, (requests ? ticks / hz * 1000000 / requests : 0), bad, p99 }
  ' <<<"$output"
}

pid_of() { case "$1" in swift) echo "$server" ;; go) echo "$go_pid" ;; fast) echo "$fast_pid" ;; esac; }
base_of() { case "$1" in swift) echo "$swift_base" ;; go) echo "$go_base" ;; fast) echo "$fast_base" ;; esac; }

routes=(/v1/id "$batch_path" /health)
step "wrk -t$threads -c$connections --latency, $rounds round(s) of ${seconds} s per server and route, alternating"
for who in swift go fast; do
  for path in "${routes[@]}"; do on_load_cpus wrk -t1 -c8 -d1s "$(base_of "$who")$path" >/dev/null; done  # warm-up
done
declare -A samples
orders=("swift go fast" "fast swift go" "go fast swift")
for round in $(seq 1 "$rounds"); do
  # Who goes first rotates from round to round, so that none gets the quieter moments.
  order=${orders[$(((round - 1) % 3))]}
  for path in "${routes[@]}"; do
    for who in $order; do
      sample=$(measure "$(pid_of "$who")" "$(base_of "$who")$path")
      echo "round $round $who $path: $sample"
      samples[$who$path]+="$sample"$'\n'
    done
  done
done

step "results"
mean() {
  awk 'NF { rps += $1; cpu += $2; bad += $3; p99 += $4; n++ } END { printf "%.0f %.2f %d %.0f\n", rps / n, cpu / n, bad, p99 / n }' <<<"$1"
}
if [ -n "$server_cpus" ]; then pinning="pinned: servers on CPU(s) $server_cpus, wrk on CPU(s) $wrk_cpus"; else pinning="unpinned"; fi
echo "($pinning)"
printf '| Route | server | req/s | IDs/s | p99 | CPU/req | miniflake ÷ it |\n'
printf '|---|---|---:|---:|---:|---:|---:|\n'
bad_total=0
declare -A ratios
for path in "${routes[@]}"; do
  read -r s_rps _ _ _ <<<"$(mean "${samples[swift$path]}")"
  case "$path" in /v1/id) per_request=1 ;; "$batch_path") per_request=$batch ;; *) per_request=0 ;; esac
  for who in swift go fast; do
    read -r rps cpu bad p99 <<<"$(mean "${samples[$who$path]}")"
    bad_total=$((bad_total + bad))
    name=$(case "$who" in swift) echo miniflake ;; go) echo "Go net/http" ;; fast) echo "Go fasthttp" ;; esac)
    awk -v path="$path" -v name="$name" -v r="$rps" -v s="$s_rps" -v c="$cpu" -v p="$p99" -v n="$per_request" 'BEGIN {
      ids = n ? sprintf("%d", r * n) : "–"
      printf "| `GET %s` | %s | %d | %s | %.2f ms | %.1f µs | %.2fx |\n", path, name, r, ids, p / 1000, c, (r ? s / r : 0)
    }'
    if [ "$who" != swift ]; then
      ratios[$who$path]=$(awk -v s="$s_rps" -v r="$rps" 'BEGIN { printf "%.2f", (r ? s / r : 0) }')
    fi
  done
done
if [ "$bad_total" -ne 0 ]; then echo "compare-go.sh: some answers were not 2xx" >&2; exit 1; fi
echo
if [ "$configuration" = debug ]; then echo "(a debug build of miniflake: these figures mean nothing)"; fi
echo "GET /v1/id: miniflake answered ${ratios[go/v1/id]}x net/http's and ${ratios[fast/v1/id]}x fasthttp's requests per second (target: at least 1.00x each)"
echo "GET $batch_path: miniflake made ${ratios[go$batch_path]}x net/http's and ${ratios[fast$batch_path]}x fasthttp's IDs per second (target: at least 1.00x each)"
