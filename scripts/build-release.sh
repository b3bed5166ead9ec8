#!/usr/bin/env bash
# Builds a release `miniflake` with the Swift standard library and Foundation linked
# statically, strips it, and packs it with the licence into a tarball:
#
#   scripts/build-release.sh                      # traits CLI,Server,Postgres
#   scripts/build-release.sh --traits CLI,Server  # without the PostgreSQL lease
#   scripts/build-release.sh --check              # then prove it runs without Swift's libraries
#
# Output: dist/miniflake-<version>-linux-<arch>.tar.gz (and the binary at dist/miniflake).
# --check runs the binary with an empty library path, checks that `ldd` lists no Swift library,
# starts `miniflake serve` on a free loopback port, waits for GET /health to answer 200 and
# prints the binary's size, its start-up time, and its resident memory after a short load
# (wrk, when installed).
set -euo pipefail
cd "$(dirname "$0")/.."

traits="CLI,Server,Postgres"
check=0
while [ $# -gt 0 ]; do
  case "$1" in
    --traits) traits="$2"; shift 2 ;;
    --check) check=1; shift ;;
    *) echo "usage: $0 [--traits LIST] [--check]" >&2; exit 64 ;;
  esac
done

version=$(scripts/version.sh)
arch=$(uname -m)
scratch=.build-release

echo "build-release: swift build -c release --traits $traits --static-swift-stdlib"
swift build -c release --product miniflake --traits "$traits" --static-swift-stdlib \
  --scratch-path "$scratch" -Xswiftc -gnone
binary="$(swift build -c release --traits "$traits" --scratch-path "$scratch" --show-bin-path)/miniflake"

mkdir -p dist
cp "$binary" dist/miniflake
strip dist/miniflake
tarball="dist/miniflake-$version-linux-$arch.tar.gz"
tar -czf "$tarball" -C dist miniflake -C .. LICENSE
echo "build-release: $tarball"

size_bytes=$(stat -c %s dist/miniflake)
echo "build-release: dist/miniflake is $((size_bytes / 1024 / 1024)) MiB ($size_bytes bytes) stripped"

[ "$check" -eq 1 ] || exit 0

echo "build-release: shared libraries it needs (ldd)"
ldd dist/miniflake | tee /tmp/miniflake-ldd.txt
if grep -Eq 'libswift|libFoundation|libdispatch|libBlocksRuntime' /tmp/miniflake-ldd.txt; then
  echo "build-release: FAIL: the binary needs Swift runtime libraries" >&2
  exit 1
fi

# Run it where no Swift library can be found: an empty LD_LIBRARY_PATH and nothing of /opt/swift.
clean_env=(env -i PATH=/usr/bin:/bin LD_LIBRARY_PATH= HOME="${HOME:-/tmp}")
"${clean_env[@]}" dist/miniflake --version
"${clean_env[@]}" dist/miniflake generate -n 3

log=$(mktemp)
lease_dir=$(mktemp -d)
started=$(date +%s%N)
"${clean_env[@]}" dist/miniflake serve --host 127.0.0.1 --port 0 --lease "file:$lease_dir" >"$log" 2>&1 &
pid=$!
cleanup() {
  kill -TERM "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  rm -rf "$log" "$lease_dir"
}
trap cleanup EXIT

port=""
for _ in $(seq 1 200); do
  port=$(sed -n 's|.*listening on http://127.0.0.1:\([0-9]*\).*|\1|p' "$log" | head -n 1)
  [ -n "$port" ] && break
  sleep 0.05
done
if [ -z "$port" ]; then
  echo "build-release: FAIL: the server did not start" >&2
  cat "$log" >&2
  exit 1
fi
status=""
for _ in $(seq 1 200); do
  status=$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port/health" || true)
  [ "$status" = "200" ] && break
  sleep 0.01
done
ready=$(date +%s%N)
if [ "$status" != "200" ]; then
  echo "build-release: FAIL: /health answered '$status'" >&2
  exit 1
fi
echo "build-release: serving /health after $(((ready - started) / 1000000)) ms"
echo "build-release: resident memory at start: $(awk '/VmRSS/ {print $2, $3}' "/proc/$pid/status")"
if command -v wrk >/dev/null 2>&1; then
  wrk -t 2 -c 32 -d 3s "http://127.0.0.1:$port/v1/id" | sed -n 's/^Requests\/sec:/build-release: wrk \/v1\/id requests\/s:/p'
  echo "build-release: peak resident memory under load: $(awk '/VmHWM/ {print $2, $3}' "/proc/$pid/status")"
fi
kill -TERM "$pid"
if ! wait "$pid"; then
  echo "build-release: FAIL: SIGTERM did not exit 0" >&2
  exit 1
fi
trap - EXIT
rm -rf "$log" "$lease_dir"
echo "build-release: OK"
