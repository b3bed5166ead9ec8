#!/usr/bin/env bash
# Makes the container image that deploy/kubernetes runs, miniflake:<version>, with no daemon and
# no registry: Debian's buildah puts the static release binary and the few system libraries ldd
# names for it (scripts/image-rootfs.sh) into an image made from scratch, run as user 65532.
#
#   scripts/build-image.sh                 # from dist/miniflake, built first when missing
#   scripts/build-image.sh --check         # then run it: chroot into the image, GET /health
#   scripts/build-image.sh --binary PATH   # another release binary
#
# The tag is the version in Sources/miniflake/Commands/MiniFlakeVersion.swift
# (scripts/version.sh), which .ci/run checks against the manifests. Needs root (buildah mount,
# chroot). Images are kept in buildah's local storage: `buildah push miniflake:VERSION
# docker-archive:miniflake.tar` or `oci-archive:` writes one out for `docker load`, `podman
# load` or a registry. The Containerfile builds the same image with Docker or Podman.
#
# --check proves the image runs without a container runtime: it mounts the image's file system
# (buildah mount), mounts /proc in it (a Swift program on Linux reads its arguments from
# /proc/self/cmdline; without it `miniflake serve` silently runs `generate`), starts
# `miniflake serve` there with chroot as the image's user, and fails unless GET /health answers
# 200 and SIGTERM ends it with status 0.
set -euo pipefail
cd "$(dirname "$0")/.."

binary=dist/miniflake
check=0
while [ $# -gt 0 ]; do
  case "$1" in
    --binary) binary="$2"; shift 2 ;;
    --check) check=1; shift ;;
    *) echo "usage: $0 [--binary PATH] [--check]" >&2; exit 64 ;;
  esac
done

version=$(scripts/version.sh)
tag="miniflake:$version"
# No RUN step is made, but chroot isolation is the one that works without user namespaces.
export BUILDAH_ISOLATION="${BUILDAH_ISOLATION:-chroot}"

command -v buildah >/dev/null || {
  echo "build-image: FAIL: buildah is missing (apt-get install buildah)" >&2
  exit 1
}
# buildah's storage driver: $BUILDAH_STORAGE_DRIVER, else its default (overlay) when a
# container made from scratch can be mounted with it here, else vfs, which works everywhere (in
# a container, or a sandbox that refuses overlay mounts) at the price of full copies.
driver="${BUILDAH_STORAGE_DRIVER:-}"
in_store() { buildah ${driver:+--storage-driver "$driver"} "$@"; }
if [ -z "$driver" ]; then
  probe=$(buildah from scratch 2>/dev/null) || probe=""
  if [ -z "$probe" ] || ! buildah mount "$probe" >/dev/null 2>&1; then
    driver=vfs
  fi
  if [ -n "$probe" ]; then
    buildah umount "$probe" >/dev/null 2>&1 || true
    buildah rm "$probe" >/dev/null 2>&1 || true
  fi
fi
echo "build-image: buildah $(buildah --version | awk '{print $3}'), storage driver ${driver:-default}"
if [ ! -x "$binary" ]; then
  echo "build-image: $binary is missing; building it with scripts/build-release.sh"
  scripts/build-release.sh
fi

work=$(mktemp -d)
container=""
check_container=""
check_mount=""
# Whatever this run made or mounted goes, in reverse order, however it ends.
cleanup() {
  if [ -n "$check_mount" ] && mountpoint -q "$check_mount/proc"; then
    umount "$check_mount/proc" || umount -l "$check_mount/proc" || true
  fi
  [ -n "$check_container" ] && { in_store umount "$check_container" >/dev/null 2>&1 || true; }
  [ -n "$check_container" ] && { in_store rm "$check_container" >/dev/null 2>&1 || true; }
  [ -n "$container" ] && { in_store rm "$container" >/dev/null 2>&1 || true; }
  rm -rf "$work"
}
trap cleanup EXIT

scripts/image-rootfs.sh "$binary" "$work/root"

previous=$(in_store images --noheading --format '{{.ID}}' "$tag" 2>/dev/null || true)
container=$(in_store from scratch)
image_root=$(in_store mount "$container")
cp -a "$work/root/." "$image_root/"
in_store umount "$container" >/dev/null
in_store config \
  --user 65532:65532 \
  --env HOME=/home/miniflake \
  --workingdir /home/miniflake \
  --entrypoint '["/usr/local/bin/miniflake"]' \
  --cmd 'serve --host 0.0.0.0 --port 8080' \
  --port 8080/tcp \
  --stop-signal SIGTERM \
  --label org.opencontainers.image.title=miniflake \
  --label org.opencontainers.image.version="$version" \
  --label org.opencontainers.image.licenses=MIT \
  "$container"
in_store commit --quiet --rm "$container" "$tag" >/dev/null
container=""
# The image this tag named before, now untagged, takes a full copy of the layer under vfs.
current=$(in_store images --noheading --format '{{.ID}}' "$tag")
if [ -n "$previous" ] && [ "$previous" != "$current" ]; then
  in_store rmi "$previous" >/dev/null 2>&1 || true
fi

size=$(in_store images --noheading --format '{{.Size}}' "$tag")
echo "build-image: $tag ($current) is $size; its files:"
du -sh "$work/root" | sed 's/^/  /'
(cd "$work/root" && find . -type f -printf '  %10s  %p\n' | sort -k2)

[ "$check" -eq 1 ] || exit 0

echo "build-image: check: serve /health from the image's file system, in a chroot"
user=$(in_store inspect --type image --format '{{.OCIv1.Config.User}}' "$tag")
case "$user" in
  "" | 0 | 0:* | root | root:*)
    echo "build-image: FAIL: the image runs as '$user', not as a non-root user" >&2
    exit 1 ;;
esac
check_container=$(in_store from "$tag")
check_mount=$(in_store mount "$check_container")
mount -t proc proc "$check_mount/proc"
in_image=(env -i HOME=/home/miniflake PATH=/usr/local/bin "$(command -v chroot)" --userspec="$user" "$check_mount")

said=$("${in_image[@]}" /usr/local/bin/miniflake --version)
if [ "$said" != "$version" ]; then
  echo "build-image: FAIL: miniflake --version in the image says '$said', not $version" >&2
  exit 1
fi

# A command that runs miniflake in the image, for serve-in-background.sh's start_server, which
# runs in a subshell: its EXIT trap stops the server there, and this shell's unmounts afterwards.
printf '#!/bin/sh\nexec %s/usr/local/bin/miniflake "$@"\n' "$(printf '%q ' "${in_image[@]}")" \
  >"$work/miniflake-in-image"
chmod +x "$work/miniflake-in-image"
(
  # shellcheck source=scripts/serve-in-background.sh
  source scripts/serve-in-background.sh
  start_server "$work/miniflake-in-image" 1 build-image
  status=$(curl -s -o "$work/health" -w '%{http_code}' "http://127.0.0.1:$port/health" || true)
  if [ "$status" != "200" ]; then
    echo "build-image: FAIL: GET /health answered '$status'" >&2
    cat "$log" >&2
    exit 1
  fi
  echo "build-image: GET /health from the image answered 200: $(cat "$work/health")"
  stop_server_expecting_success build-image
)
echo "build-image: OK: $tag serves /health as user $user and exits 0 on SIGTERM"
