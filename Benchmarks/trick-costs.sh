#!/usr/bin/env bash
# What each of the generator's speed tricks is worth, measured in one run.
#
#   Benchmarks/trick-costs.sh [--rounds N] [--build-only | --run-only] [TRICK ...]
#
# Each TRICK is a patch in Benchmarks/TrickPatches/TRICK.patch that turns one trick (or a
# named group of cheap, related ones) off in a copy of the library; with no TRICK, every patch
# there. The script copies the repository's HEAD to a work directory ($TRICK_COSTS_DIR,
# /tmp/miniflake-trick-costs by default), applies _harness.patch there (it drops the registry
# cases, whose GRDB and postgres-nio builds take longer than everything else and measure
# nothing here), and builds miniflake-bench in release once unpatched ("base") and once per
# patch, one after another in one scratch directory so that each variant rebuilds only the
# MiniFlake modules. Then it runs the binaries round-robin, N rounds (5 by default), each
# round starting with the next binary. Every binary runs the bare clock read, the
# clock-plus-CAS floor and FlakeMaker.next() (with nextValue() and the .coarse clock); the
# unpatched one also runs, and each variant the one its trick is for, the flood (coarse-clock
# trick), one maker shared by two threads (the contention trick) or the leased
# issuer (tricks of the deadline and of the issuers). It prints, per variant and case, the
# median over rounds of the variant's ns/ID minus the base's in the same round (from the
# median bursts, in ns and in units of that round's clock read, and from the best bursts),
# and the load average after each round. Nothing here
# changes the library: the patches apply only to the copy.
set -euo pipefail

rounds=5
mode=all
tricks=()
while (($#)); do
    case "$1" in
        --rounds) rounds="$2"; shift 2 ;;
        --build-only) mode=build; shift ;;
        --run-only) mode=run; shift ;;
        -h | --help) sed -n '2,/^set -euo/{/^#/s/^# \{0,1\}//p}' "$0"; exit 0 ;;
        *) tricks+=("$1"); shift ;;
    esac
done

here=$(cd "$(dirname "$0")" && pwd)
repo=$(git -C "$here" rev-parse --show-toplevel)
patches="$here/TrickPatches"
work="${TRICK_COSTS_DIR:-/tmp/miniflake-trick-costs}"
src="$work/base"
scratch="$work/build"
bins="$work/bin"
mkdir -p "$work" "$bins"
if ((${#tricks[@]} == 0)); then
    for file in "$patches"/*.patch; do
        name=$(basename "$file" .patch)
        [[ "$name" == _* ]] || tricks+=("$name")
    done
fi
variants=(base "${tricks[@]}")

# The cases a build runs: the clock read, the floor, FlakeMaker.next(), and the case its trick
# is for; the unpatched build runs them all.
cases_for() {
    local common="clock.realtime,clock.cas,maker.next"
    case "$1" in
        base) echo "$common,flood.nextValue,threads.shared.2,contention.shared,lease.next" ;;
        coarse-flood) echo "$common,flood.nextValue" ;;
        retry-same-reading) echo "$common,threads.shared.2,contention.shared" ;;
        deadline-new-tick | lease-elapsed-clock) echo "$common,lease.next" ;;
        *) echo "$common" ;;
    esac
}

if [[ "$mode" != run ]]; then
    if [[ ! -d "$src/.git" ]]; then
        mkdir -p "$src"
        git -C "$repo" archive HEAD | tar -x -C "$src"
        git -C "$src" init -q
        git -C "$src" apply "$patches/_harness.patch"
        git -C "$src" add -A
        git -C "$src" -c user.name=trick-costs -c user.email=trick-costs@localhost commit -qm base
    fi
    for variant in "${variants[@]}"; do
        git -C "$src" checkout -q -- .
        if [[ "$variant" != base ]]; then
            git -C "$src" apply "$patches/$variant.patch"
        fi
        echo "== building $variant (load $(cut -d' ' -f1-3 /proc/loadavg))" >&2
        (cd "$src/Benchmarks" && swift build -c release --product miniflake-bench --scratch-path "$scratch" >&2)
        cp "$scratch/release/miniflake-bench" "$bins/$variant"
    done
    git -C "$src" checkout -q -- .
fi
[[ "$mode" == build ]] && exit 0

results="$work/results-$(date -u +%Y%m%dT%H%M%SZ)"
mkdir -p "$results"
echo "variants: ${variants[*]}; $rounds rounds; results in $results" >&2
echo "load average at start: $(cut -d' ' -f1-3 /proc/loadavg)" >&2
count=${#variants[@]}
for ((round = 0; round < rounds; round++)); do
    echo "== round $((round + 1))/$rounds, load $(cut -d' ' -f1-3 /proc/loadavg)" >&2
    for ((step = 0; step < count; step++)); do
        variant=${variants[$(((round + step) % count))]}
        nice -n -15 "$bins/$variant" --filter "$(cases_for "$variant")" --silent >"$results/$variant.$round.txt"
    done
    cut -d' ' -f1-3 /proc/loadavg >"$results/load.$round.txt"
done

python3 - "$results" "$rounds" "${variants[@]}" <<'PY'
import re, statistics, sys
results, rounds, variants = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
cases = {  # the table's case name -> a short key
    "clock_gettime(CLOCK_REALTIME)": "clock",
    "clock_gettime + one Atomic compare-exchange": "floor",
    "FlakeMaker.next()": "next",
    "FlakeMaker.nextValue()": "nextValue",
    "FlakeMaker.next(), .coarse clock": "next.coarse",
    "nextValue(), 1 shared maker, 2 threads": "shared.2",
    "LeasedFlakeIssuer.next(), file lease": "lease",
    "FlakeMaker.nextBlocking()": "next",
    "FlakeMaker.nextBlocking(), .coarse clock": "next.coarse",
    "LeasedFlakeIssuer.nextBlocking(), file lease": "lease",
}
cases.update({  # one shared FlakeMaker flooded by N threads
    f"contention: 1 shared FlakeMaker, nextImmediately(), {n} threads": f"contention.{n}" for n in (1, 2, 4, 8, 16)
})
def medians(path):
    out = {}
    for line in open(path):
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) < 4:
            continue
        name = cells[0]
        key = cases.get(name) or ("flood" if name.startswith("nextValue() ×") and "floods" in name else None)
        if key:
            try:
                out[key] = float(cells[3])
                out[key + ".best"] = float(cells[4])
            except ValueError:
                pass
    return out
runs = {v: [medians(f"{results}/{v}.{r}.txt") for r in range(rounds)] for v in variants}
loads = [open(f"{results}/load.{r}.txt").read().strip() for r in range(rounds)]
print(f"load average after each round: {'; '.join(loads)}")
base = runs["base"]
clock = statistics.median(r["clock"] for r in base)
floor = statistics.median(r["floor"] for r in base)
print(f"base: clock read {clock:.2f} ns, clock + CAS floor {floor:.2f} ns (medians over rounds)")
keys = ["next", "nextValue", "next.coarse", "flood", "shared.2", "lease"] + [f"contention.{n}" for n in (1, 2, 4, 8, 16)]
print("median: of each round's median burst; best: of each round's best burst")
print("| variant | case | base ns/ID | variant ns/ID | off − on, ns/ID | × clock read | best: off − on, ns/ID |")
print("|---|---|---|---|---|---|---|")
for v in variants:
    for k in keys:
        pairs = [(b[k], x[k], b["clock"]) for b, x in zip(base, runs[v]) if k in b and k in x]
        if not pairs:
            continue
        b = statistics.median(p[0] for p in pairs)
        x = statistics.median(p[1] for p in pairs)
        diff = statistics.median(p[1] - p[0] for p in pairs)
        inclock = statistics.median((p[1] - p[0]) / p[2] for p in pairs)
        best = statistics.median(x[k + ".best"] - b[k + ".best"] for b, x in zip(base, runs[v]) if k in b and k in x)
        print(f"| {v} | {k} | {b:.2f} | {x:.2f} | {diff:+.2f} | {inclock:+.2f} | {best:+.2f} |")
PY
