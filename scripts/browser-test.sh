#!/usr/bin/env bash
# Real-browser test of the ID inspector page (`GET /` of `miniflake serve`): installs Debian's
# chromium and chromium-driver (with apt-get, as root, when missing) and Selenium (from PyPI, in a
# virtualenv), builds and starts the server on a free loopback port, runs
# Tests/Browser/inspector_test.py in headless Chromium, and stops the server. The test decodes
# Discord ID 175928847299117063 as layout Discord, makes 5 IDs, pastes `hello`, walks the page
# by keyboard, and saves a screenshot. The last line is `N passed, N failed`.
#
# Anything missing that cannot be installed is a failure, never a skip (CI=true or not).
#
#   scripts/browser-test.sh
#   SCREENSHOT=/tmp/inspector.png scripts/browser-test.sh
#
# Environment: MINIFLAKE_BROWSER_VENV (the virtualenv, .venv-browser by default), SCREENSHOT
# (docs/images/inspector.png), MINIFLAKE_SCRATCH_PATH (the build directory, .build by default).
set -euo pipefail
script="$(cd "$(dirname "$0")" && pwd)/$(basename "$0")"
cd "$(dirname "$script")/.."

case "${1:-}" in
  -h|--help) awk 'NR > 1 && !/^#/ { exit } NR > 1 { sub(/^# ?/, ""); print }' "$script"; exit 0 ;;
  "") ;;
  *) echo "browser-test.sh: unknown argument '$1' (try --help)" >&2; exit 2 ;;
esac
venv=${MINIFLAKE_BROWSER_VENV:-.venv-browser}
scratch=${MINIFLAKE_SCRATCH_PATH:-.build}
screenshot=${SCREENSHOT:-docs/images/inspector.png}

step() { printf '\n== %s\n' "$*"; }
fail() {
  echo "browser-test.sh: $*" >&2
  echo "0 passed, 1 failed"
  exit 1
}

step "Chromium and chromedriver (Debian's chromium and chromium-driver)"
need=()
command -v chromium >/dev/null 2>&1 || need+=(chromium)
command -v chromedriver >/dev/null 2>&1 || need+=(chromium-driver)
if [ ${#need[@]} -gt 0 ]; then
  if [ "$(id -u)" -ne 0 ]; then
    fail "${need[*]} missing; install as root: apt-get install chromium chromium-driver"
  fi
  { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}"; } ||
    fail "apt-get could not install ${need[*]}"
fi
chromium --version 2>/dev/null || fail "chromium does not start"
chromedriver --version || fail "chromedriver does not start"

step "selenium in $venv"
if ! "$venv/bin/python" -c "import selenium" 2>/dev/null; then
  python3 -m venv "$venv" || fail "could not make a virtualenv in $venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check "selenium>=4.20,<5" ||
    fail "could not install selenium from PyPI"
fi
"$venv/bin/python" -c "import selenium; print('selenium', selenium.__version__)"

# shellcheck source=scripts/serve-in-background.sh
. "$(dirname "$script")/serve-in-background.sh"

step "build (swift build $(serve_trait_flags))"
build_server debug

step "start the server"
start_server "$binary" 7 browser-test.sh
echo "listening on http://127.0.0.1:$port (pid $server)"

step "Tests/Browser/inspector_test.py in headless Chromium"
results=$(mktemp "${TMPDIR:-/tmp}/miniflake-browser-test.XXXXXX")
status=0
"$venv/bin/python" Tests/Browser/inspector_test.py "http://127.0.0.1:$port" "$screenshot" | tee "$results" ||
  status=$?
summary=$(tail -n 1 "$results")
rm -f "$results"
if ! [[ "$summary" =~ ^[0-9]+\ passed,\ [0-9]+\ failed$ ]]; then
  summary="0 passed, 1 failed"
  [ "$status" -ne 0 ] || status=1
fi

step "stop the server with SIGTERM"
stop_server_expecting_success browser-test.sh
echo "$summary"
exit "$status"
