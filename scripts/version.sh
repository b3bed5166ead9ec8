#!/usr/bin/env bash
# Prints MiniFlake's version, read from its one constant in
# Sources/miniflake/Commands/MiniFlakeVersion.swift (what `miniflake --version` prints).
#
#   scripts/version.sh           # 0.3.0
#   scripts/version.sh --check   # and fail unless CHANGELOG.md and deploy/kubernetes agree
#
# --check compares it with the newest CHANGELOG.md heading that carries a version number
# (`## Unreleased (0.3.0)` or `## 0.3.0`) and with every `image: miniflake:TAG` in
# deploy/kubernetes.
set -euo pipefail
cd "$(dirname "$0")/.."

source_file=Sources/miniflake/Commands/MiniFlakeVersion.swift
version=$(sed -n 's/^ *static let current = "\([0-9][0-9]*\.[0-9][0-9]*\.[0-9][0-9]*\)"$/\1/p' "$source_file")
if [ "$(printf '%s\n' "$version" | grep -c .)" -ne 1 ]; then
  echo "version: FAIL: no single 'static let current = \"X.Y.Z\"' in $source_file" >&2
  exit 1
fi

if [ "${1:-}" != "--check" ]; then
  echo "$version"
  exit 0
fi

failed=0
changelog=$(grep -m 1 -oE '^## .*[0-9]+\.[0-9]+\.[0-9]+' CHANGELOG.md | grep -oE '[0-9]+\.[0-9]+\.[0-9]+$' || true)
if [ "$changelog" = "$version" ]; then
  echo "version: $version in $source_file and in CHANGELOG.md's newest heading"
else
  echo "version: FAIL: $source_file says $version, CHANGELOG.md's newest heading '${changelog:-none}'" >&2
  failed=1
fi
while IFS= read -r line; do
  file=${line%%:*}
  tag=${line##*miniflake:}
  if [ "$tag" != "$version" ]; then
    echo "version: FAIL: $file runs miniflake:$tag, not miniflake:$version" >&2
    failed=1
  fi
done < <(grep -rE '^ *image: *miniflake:' deploy/kubernetes | sed 's/ *$//')
images=$(grep -rcE '^ *image: *miniflake:' deploy/kubernetes | awk -F: '{ n += $2 } END { print n + 0 }')
if [ "$images" -eq 0 ]; then
  echo "version: FAIL: no 'image: miniflake:TAG' in deploy/kubernetes" >&2
  failed=1
fi
[ "$failed" -eq 0 ] && echo "version: $version is the image tag of all $images manifests that run miniflake"
exit "$failed"
