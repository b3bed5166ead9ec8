# Sourced by contract-fuzz.sh, browser-test.sh and load-test.sh: starts `miniflake serve` on a free port of
# 127.0.0.1, waits until it says it is listening, and stops it when the script exits.
#
#   build_server CONFIGURATION           builds miniflake (debug or release) with --traits
#                                        CLI,Server (serve needs Server) in ${scratch:-.build};
#                                        sets $binary
#   start_server BINARY INSTANCE NAME [ARGUMENT...]
#                                        sets $server (its pid), $port and $log; the ARGUMENTs
#                                        go to `miniflake serve` after the others
#   stop_server_expecting_success NAME   SIGTERM; any exit status but 0 prints the log and exits 1
#
# NAME labels the log file and the error messages. A script may set $server_state to a directory
# of its own (a registry file, a token); it is removed with the log when the script exits.

# The traits the server is built with: $MINIFLAKE_SERVE_TRAITS, CLI,Server by default, or `all`
# for --enable-all-traits (what .ci/run sets, so that its server builds reuse its one build).
serve_trait_flags() {
  case "${MINIFLAKE_SERVE_TRAITS:-CLI,Server}" in
    all) echo --enable-all-traits ;;
    *) echo "--traits=${MINIFLAKE_SERVE_TRAITS:-CLI,Server}" ;;
  esac
}

build_server() {
  local configuration=$1 traits
  traits=$(serve_trait_flags)
  swift build -c "$configuration" "$traits" --scratch-path "${scratch:-.build}" --product miniflake
  binary="$(swift build -c "$configuration" "$traits" --scratch-path "${scratch:-.build}" --show-bin-path)/miniflake"
}

stop_server() {
  if [ -n "${server:-}" ] && kill -0 "$server" 2>/dev/null; then
    kill -TERM "$server" 2>/dev/null || true
    wait "$server" 2>/dev/null || true
  fi
  rm -f "${log:-}"
  if [ -n "${server_state:-}" ]; then rm -rf "$server_state"; fi
}

stop_server_expecting_success() {
  local name=$1 status=0
  kill -TERM "$server"
  wait "$server" || status=$?
  server=""
  if [ "$status" -ne 0 ]; then
    cat "$log" >&2
    echo "$name: the server exited with status $status after SIGTERM, not 0" >&2
    exit 1
  fi
  echo "the server exited with status 0"
}

start_server() {
  local binary=$1 instance=$2 name=$3
  shift 3
  log=$(mktemp "${TMPDIR:-/tmp}/miniflake-$name.XXXXXX")
  server=""
  trap stop_server EXIT
  trap 'exit 130' INT TERM
  "$binary" serve --host 127.0.0.1 --port 0 --instance "$instance" "$@" >"$log" 2>&1 &
  server=$!
  port=""
  for _ in $(seq 1 300); do
    port=$(sed -n 's/.*listening on http:\/\/127\.0\.0\.1:\([0-9][0-9]*\).*/\1/p' "$log" | head -n 1)
    [ -n "$port" ] && return 0
    if ! kill -0 "$server" 2>/dev/null; then
      cat "$log" >&2
      echo "$name: the server exited before listening" >&2
      exit 1
    fi
    sleep 0.1
  done
  cat "$log" >&2
  echo "$name: the server did not say it was listening within 30 s" >&2
  exit 1
}
