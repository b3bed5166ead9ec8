#!/usr/bin/env bash
# A throwaway PostgreSQL primary and its asynchronous streaming replica, for the failover
# test (Tests/MiniFlakePostgresTests/PostgresFailoverTests.swift), which runs it itself:
#
#   scripts/postgres-replica-pair.sh start DIR        makes DIR and both servers in it, and
#                                                     writes their URLs to DIR/primary.url and
#                                                     DIR/replica.url
#   scripts/postgres-replica-pair.sh caught-up DIR    waits until the replica replayed all the
#                                                     primary wrote
#   scripts/postgres-replica-pair.sh detach DIR       the replica stops receiving WAL: its
#                                                     primary_conninfo names a closed port
#   scripts/postgres-replica-pair.sh stop-primary DIR stops the primary at once, as a crash
#   scripts/postgres-replica-pair.sh promote DIR      promotes the replica (pg_ctl promote)
#   scripts/postgres-replica-pair.sh destroy DIR      stops both and removes DIR
#
# The replica is made with `pg_basebackup -R`; both listen on free ports of 127.0.0.1 and
# trust the `miniflake` role, which owns the `miniflake` database. As root the servers run as
# the `postgres` user, as in scripts/with-postgres.sh.
set -euo pipefail

# A server started here would keep every descriptor the caller left open (a test process's
# pipes) for as long as it runs: close all but the standard three first.
for fd in /proc/$$/fd/*; do
  fd=${fd##*/}
  if [ "$fd" -gt 2 ] 2>/dev/null; then eval "exec $fd>&-" 2>/dev/null || true; fi
done

# shellcheck source=scripts/postgres-common.sh
source "$(dirname "$0")/postgres-common.sh"

usage() {
  echo "usage: $0 start DIR | caught-up DIR | detach DIR | stop-primary DIR | promote DIR | destroy DIR" >&2
  exit 64
}

free_port() {
  local port
  for _ in $(seq 1 50); do
    port=$((20000 + RANDOM % 40000))
    if port_is_free "$port"; then
      echo "$port"
      return 0
    fi
  done
  echo "postgres-replica-pair: no free port found" >&2
  return 1
}

# psql as the superuser on the server of DIR/NAME (primary or replica).
sql() {
  local dir=$1 name=$2
  shift 2
  "$bin/psql" -X -q -At -v ON_ERROR_STOP=1 -h "$dir" -p "$(cat "$dir/$name.port")" -U postgres -d postgres "$@"
}

wait_until() {
  local what=$1
  shift
  for _ in $(seq 1 300); do
    if [ "$("$@" 2>/dev/null || true)" = t ]; then return 0; fi
    sleep 0.1
  done
  echo "postgres-replica-pair: timed out waiting until $what" >&2
  return 1
}

start() {
  local dir=$1 primary_port replica_port
  mkdir -p "$dir"
  chmod 755 "$dir"
  [ "$(id -u)" -eq 0 ] && chown "$server_user" "$dir"
  as_server "$bin/initdb" -D "$dir/primary" -U postgres --auth=trust --encoding=UTF8 --no-sync \
    >"$dir/initdb.log" 2>&1 || { cat "$dir/initdb.log" >&2; exit 1; }
  primary_port=$(free_port)
  cat >>"$dir/primary/postgresql.conf" <<CONF
port = $primary_port
listen_addresses = '127.0.0.1'
unix_socket_directories = '$dir'
fsync = off
wal_level = replica
max_wal_senders = 5
synchronous_commit = local
CONF
  as_server "$bin/pg_ctl" -D "$dir/primary" -l "$dir/primary.log" -w -t 60 start >/dev/null ||
    { cat "$dir/primary.log" >&2; exit 1; }
  echo "$primary_port" >"$dir/primary.port"
  sql "$dir" primary -c "CREATE ROLE miniflake LOGIN" -c "CREATE DATABASE miniflake OWNER miniflake" >/dev/null
  as_server "$bin/pg_basebackup" -h "$dir" -p "$primary_port" -U postgres -D "$dir/replica" -R -X stream -c fast \
    >"$dir/basebackup.log" 2>&1 || { cat "$dir/basebackup.log" >&2; exit 1; }
  replica_port=$(free_port)
  cat >>"$dir/replica/postgresql.conf" <<CONF
port = $replica_port
hot_standby = on
CONF
  as_server "$bin/pg_ctl" -D "$dir/replica" -l "$dir/replica.log" -w -t 60 start >/dev/null ||
    { cat "$dir/replica.log" >&2; exit 1; }
  echo "$replica_port" >"$dir/replica.port"
  wait_until "the replica streams from the primary" \
    sql "$dir" primary -c "SELECT count(*) > 0 FROM pg_stat_replication WHERE state = 'streaming'"
  echo "postgres://miniflake@127.0.0.1:$primary_port/miniflake" >"$dir/primary.url"
  echo "postgres://miniflake@127.0.0.1:$replica_port/miniflake" >"$dir/replica.url"
}

command=${1:-}
dir=${2:-}
[ -n "$command" ] && [ -n "$dir" ] || usage
if [ "$command" = start ]; then
  start "$dir"
  exit 0
fi
[ -d "$dir" ] || usage
case "$command" in
  caught-up)
    lsn=$(sql "$dir" primary -c "SELECT pg_current_wal_lsn()")
    wait_until "the replica replayed $lsn" \
      sql "$dir" replica -c "SELECT pg_last_wal_replay_lsn() >= '$lsn'::pg_lsn"
    ;;
  detach)
    sql "$dir" replica -c "ALTER SYSTEM SET primary_conninfo = 'host=127.0.0.1 port=1 user=postgres'" \
      -c "SELECT pg_reload_conf()" >/dev/null
    wait_until "the replica stopped receiving" \
      sql "$dir" primary -c "SELECT count(*) = 0 FROM pg_stat_replication"
    ;;
  stop-primary)
    as_server "$bin/pg_ctl" -D "$dir/primary" -m immediate -w stop >/dev/null
    ;;
  promote)
    as_server "$bin/pg_ctl" -D "$dir/replica" -w -t 60 promote >/dev/null
    ;;
  destroy)
    as_server "$bin/pg_ctl" -D "$dir/primary" -m immediate -w stop >/dev/null 2>&1 || true
    as_server "$bin/pg_ctl" -D "$dir/replica" -m immediate -w stop >/dev/null 2>&1 || true
    rm -rf "$dir"
    ;;
  *) usage ;;
esac
