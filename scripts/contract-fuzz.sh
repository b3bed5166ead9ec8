#!/usr/bin/env bash
# Contract test for `miniflake serve`: installs schemathesis in a virtualenv, starts the server
# on a free loopback port, and has schemathesis check every operation of openapi.yaml against
# it with every check it has (--checks all: not_a_server_error, status_code_conformance,
# content_type_conformance, response_headers_conformance, response_schema_conformance,
# negative_data_rejection, positive_data_acceptance, unsupported_method, ...), on positive and
# negative examples. The server runs with an instance registry (a temporary SQLite file and
# token): schemathesis sends the token to every operation, and its ignored_auth check sends the
# registry's operations without it too (401 expected); curl checks the token's 401, 201 and 200
# first. Stops the server; exits non-zero when a check fails.
#
#   scripts/contract-fuzz.sh                   50 examples per operation
#   MAX_EXAMPLES=200 SEED=1 scripts/contract-fuzz.sh
#
# Environment: MINIFLAKE_VENV (the virtualenv, .venv by default), MAX_EXAMPLES (50), SEED
# (random by default), MINIFLAKE_SCRATCH_PATH (the build directory, .build by default).
set -euo pipefail
script="$(cd "$(dirname "$0")" && pwd)/$(basename "$0")"
cd "$(dirname "$script")/.."

case "${1:-}" in
  -h|--help) awk 'NR > 1 && !/^#/ { exit } NR > 1 { sub(/^# ?/, ""); print }' "$script"; exit 0 ;;
  "") ;;
  *) echo "contract-fuzz.sh: unknown argument '$1' (try --help)" >&2; exit 2 ;;
esac
venv=${MINIFLAKE_VENV:-.venv}
examples=${MAX_EXAMPLES:-50}
scratch=${MINIFLAKE_SCRATCH_PATH:-.build}

step() { printf '\n== %s\n' "$*"; }

step "schemathesis in $venv"
if [ ! -x "$venv/bin/schemathesis" ]; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check "schemathesis>=4,<5"
fi
"$venv/bin/schemathesis" --version

# shellcheck source=scripts/serve-in-background.sh
. "$(dirname "$script")/serve-in-background.sh"

step "build (swift build $(serve_trait_flags))"
build_server debug

step "start the server, with a registry in a temporary SQLite file"
server_state=$(mktemp -d "${TMPDIR:-/tmp}/miniflake-contract-fuzz.XXXXXX")
token="contract-fuzz-$(od -An -N12 -tx1 /dev/urandom | tr -d ' \n')"
printf '%s\n' "$token" >"$server_state/token"
start_server "$binary" 2 contract-fuzz.sh \
  --registry "sqlite:$server_state/registry.sqlite" --registry-token-file "$server_state/token"
echo "listening on http://127.0.0.1:$port (pid $server)"

step "the registry without and with the token"
# expect STATUS METHOD PATH [CURL ARGUMENT...]: the response's status must be STATUS.
expect() {
  local status=$1 method=$2 path=$3 got
  shift 3
  got=$(curl -s -o /dev/null -w '%{http_code}' -X "$method" "$@" "http://127.0.0.1:$port$path")
  if [ "$got" != "$status" ]; then
    echo "contract-fuzz.sh: $method $path answered $got, not $status" >&2
    exit 1
  fi
  echo "$method $path: $got"
}
installation=/v1/accounts/contract-fuzz/installations/curl
expect 401 PUT "$installation"
expect 401 PUT "$installation" -H "Authorization: Bearer wrong-$token"
expect 401 GET /v1/accounts/contract-fuzz/installations
expect 201 PUT "$installation" -H "Authorization: Bearer $token"
expect 200 PUT "$installation" -H "Authorization: Bearer $token"
expect 204 DELETE "$installation" -H "Authorization: Bearer $token"

step "schemathesis run openapi.yaml ($examples examples per operation)"
seed_option=()
if [ -n "${SEED:-}" ]; then seed_option=(--seed "$SEED"); fi
status=0
"$venv/bin/schemathesis" --config-file scripts/schemathesis.toml run openapi.yaml \
  --url "http://127.0.0.1:$port" \
  --header "Authorization: Bearer $token" \
  --checks all \
  --max-examples "$examples" \
  --request-timeout 10 \
  --generation-database none \
  --no-color \
  "${seed_option[@]}" || status=$?

step "stop the server with SIGTERM"
stop_server_expecting_success contract-fuzz.sh
if [ "$status" -ne 0 ]; then
  echo "contract-fuzz.sh: schemathesis found failures (exit status $status)" >&2
  exit "$status"
fi
echo "contract-fuzz.sh: every check passed"
