#!/usr/bin/env bash
# Lays out the root file system of the miniflake container image in DIRECTORY: the binary, the
# shared libraries `ldd` names for it (with the dynamic loader), a non-root user, /tmp and the
# CA certificates, and nothing else. scripts/build-image.sh and the Containerfile both use it.
#
#   scripts/image-rootfs.sh BINARY DIRECTORY
#
# BINARY is a release `miniflake` with the Swift runtime linked statically
# (scripts/build-release.sh); its remaining libraries are the system's (libc, libstdc++,
# SQLite), copied from where this machine has them.
set -euo pipefail

if [ $# -ne 2 ]; then
  echo "usage: $0 BINARY DIRECTORY" >&2
  exit 64
fi
binary=$1
root=$2
# The user the Kubernetes manifests run as (runAsUser/runAsGroup), and its home.
uid=65532
home=/home/miniflake

if [ ! -x "$binary" ]; then
  echo "image-rootfs: FAIL: $binary is not an executable" >&2
  exit 1
fi
if [ -e "$root" ] && [ -n "$(ls -A "$root")" ]; then
  echo "image-rootfs: FAIL: $root is not empty" >&2
  exit 1
fi

mkdir -p "$root/usr/local/bin" "$root/etc" "$root/proc" "$root$home"
install -m 0755 "$binary" "$root/usr/local/bin/miniflake"

# Every library ldd resolves (`name => /path (address)`) and the loader (`/path (address)`), at
# the path it has here; the kernel's vDSO is no file.
libraries=$(ldd "$binary" | awk '$2 == "=>" && $3 ~ /^\// { print $3 } $1 ~ /^\// { print $1 }' | sort -u)
if ldd "$binary" | grep -q 'not found'; then
  echo "image-rootfs: FAIL: ldd cannot find a library of $binary:" >&2
  ldd "$binary" >&2
  exit 1
fi
for library in $libraries; do
  install -D -m 0755 "$(readlink -f "$library")" "$root$library"
done

# A user and a group for the non-root process, so that tools show a name, and a home for the
# default file lease (~/.cache/miniflake/leases).
printf 'root:x:0:0:root:/root:/sbin/nologin\nminiflake:x:%s:%s:miniflake:%s:/sbin/nologin\n' \
  "$uid" "$uid" "$home" >"$root/etc/passwd"
printf 'root:x:0:\nminiflake:x:%s:\n' "$uid" >"$root/etc/group"
printf 'hosts: files dns\n' >"$root/etc/nsswitch.conf"
chown "$uid:$uid" "$root$home"
mkdir -m 1777 "$root/tmp"

# For PostgreSQL leases over TLS (sslmode=verify-full), when this machine has the bundle.
for bundle in /etc/ssl/certs/ca-certificates.crt; do
  [ -f "$bundle" ] && install -D -m 0644 "$bundle" "$root$bundle"
done

echo "image-rootfs: $root holds miniflake and $(printf '%s\n' "$libraries" | grep -c .) libraries:"
printf '  %s\n' $libraries
