#!/usr/bin/env bash
# Runs a command with a throwaway PostgreSQL server, for the MiniFlakePostgres tests:
#
#   scripts/with-postgres.sh swift test --traits Postgres --filter MiniFlakePostgresTests
#
# The server lives in a temporary directory under /tmp, listens on a free port of 127.0.0.1
# and on a Unix socket in that directory, and trusts the `miniflake` role, which owns the
# `miniflake` database. The command sees:
#
#   MINIFLAKE_TEST_POSTGRES_URL   postgres://miniflake@127.0.0.1:PORT/miniflake
#   MINIFLAKE_TEST_POSTGRES_CTL   a script: `$MINIFLAKE_TEST_POSTGRES_CTL stop|start|status`
#                                 stops (immediately, as a crash would) or restarts the server
#
# On exit the server is stopped and the directory removed; the script exits with the
# command's status. PostgreSQL refuses to run as root, so as root the server runs as the
# `postgres` user (via runuser). Installs Debian's `postgresql` when initdb is missing.
set -euo pipefail

if [ $# -eq 0 ]; then
  echo "usage: $0 COMMAND [ARGUMENT...]" >&2
  exit 64
fi

# shellcheck source=scripts/postgres-common.sh
source "$(dirname "$0")/postgres-common.sh"

workdir=$(mktemp -d /tmp/miniflake-postgres.XXXXXX)
chmod 755 "$workdir"
[ "$(id -u)" -eq 0 ] && chown "$server_user" "$workdir"
data="$workdir/data"
log="$workdir/server.log"

cleanup() {
  as_server "$bin/pg_ctl" -D "$data" -m immediate -w stop >/dev/null 2>&1 || true
  rm -rf "$workdir"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

as_server "$bin/initdb" -D "$data" -U postgres --auth=trust --encoding=UTF8 --no-sync >"$workdir/initdb.log" 2>&1 || {
  cat "$workdir/initdb.log" >&2
  exit 1
}

started=""
for _ in $(seq 1 20); do
  port=$((20000 + RANDOM % 40000))
  port_is_free "$port" || continue
  cat >>"$data/postgresql.conf" <<CONF
port = $port
listen_addresses = '127.0.0.1'
unix_socket_directories = '$workdir'
max_connections = 300
fsync = off
full_page_writes = off
CONF
  if as_server "$bin/pg_ctl" -D "$data" -l "$log" -w -t 60 start >/dev/null 2>&1; then
    started=yes
    break
  fi
done
if [ -z "$started" ]; then
  echo "with-postgres: the server did not start; its log:" >&2
  cat "$log" >&2 || true
  exit 1
fi

for _ in $(seq 1 100); do
  "$bin/pg_isready" -q -h 127.0.0.1 -p "$port" && break
  sleep 0.1
done
"$bin/pg_isready" -q -h 127.0.0.1 -p "$port" || { echo "with-postgres: server not ready" >&2; cat "$log" >&2; exit 1; }

psql=("$bin/psql" -X -q -v ON_ERROR_STOP=1 -h "$workdir" -p "$port" -U postgres -d postgres)
"${psql[@]}" -c "CREATE ROLE miniflake LOGIN" -c "CREATE DATABASE miniflake OWNER miniflake" >/dev/null

# The control script the tests use to stop and restart the server.
ctl="$workdir/ctl"
cat >"$ctl" <<CTL
#!/usr/bin/env bash
set -euo pipefail
run() { if [ "\$(id -u)" -eq 0 ]; then runuser -u "$server_user" -- "\$@"; else "\$@"; fi; }
# A server started here would keep every descriptor the caller left open (a test process's
# pipes to its other children) for as long as it runs, and whoever reads such a pipe would
# wait for its end forever: close all but the standard three first.
for fd in /proc/\$\$/fd/*; do
  fd=\${fd##*/}
  if [ "\$fd" -gt 2 ] 2>/dev/null; then eval "exec \$fd>&-" 2>/dev/null || true; fi
done
case "\${1:-}" in
  stop)   run "$bin/pg_ctl" -D "$data" -m immediate -w stop >/dev/null ;;
  start)  run "$bin/pg_ctl" -D "$data" -l "$log" -w -t 60 start >/dev/null ;;
  status) run "$bin/pg_ctl" -D "$data" status ;;
  *) echo "usage: \$0 stop|start|status" >&2; exit 64 ;;
esac
CTL
chmod 755 "$ctl"

export MINIFLAKE_TEST_POSTGRES_URL="postgres://miniflake@127.0.0.1:$port/miniflake"
export MINIFLAKE_TEST_POSTGRES_CTL="$ctl"
echo "with-postgres: PostgreSQL $("$bin/postgres" --version | awk '{print $3}') at $MINIFLAKE_TEST_POSTGRES_URL" >&2

set +e
"$@"
status=$?
set -e
exit "$status"
