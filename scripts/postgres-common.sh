# shellcheck shell=bash
# What scripts/with-postgres.sh and scripts/postgres-replica-pair.sh share, sourced by both:
#
#   bin            the directory of initdb, pg_ctl, postgres and psql (Debian's `postgresql` is
#                  installed with apt-get when initdb is missing and this runs as root)
#   server_user    who runs the servers: `postgres` as root (PostgreSQL refuses root), else us
#   as_server CMD  runs CMD as server_user
#   port_is_free N whether nothing listens on 127.0.0.1:N

find_bin() {
  local dir
  if command -v pg_ctl >/dev/null 2>&1 && command -v initdb >/dev/null 2>&1; then
    dirname "$(readlink -f "$(command -v pg_ctl)")"
    return 0
  fi
  for dir in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r); do
    if [ -x "$dir/initdb" ] && [ -x "$dir/pg_ctl" ]; then
      echo "$dir"
      return 0
    fi
  done
  return 1
}

if ! bin=$(find_bin); then
  echo "$(basename "$0"): initdb not found; installing postgresql with apt-get" >&2
  if [ "$(id -u)" -ne 0 ]; then
    echo "$(basename "$0"): run as root to install postgresql, or install it yourself" >&2
    exit 69
  fi
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
  bin=$(find_bin) || { echo "$(basename "$0"): initdb still not found after installing postgresql" >&2; exit 69; }
fi

if [ "$(id -u)" -eq 0 ]; then
  server_user=postgres
  as_server() { runuser -u "$server_user" -- "$@"; }
else
  server_user=$(id -un)
  as_server() { "$@"; }
fi

port_is_free() {
  ! (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null
}
