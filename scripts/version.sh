#!/usr/bin/env bash
# Prints MiniFlake's version, read from its one constant in
# Sources/miniflake/Commands/MiniFlakeVersion.swift (what `miniflake --version` prints).
#
#   scripts/version.sh           # 1.0.0
#   scripts/version.sh --check   # and fail unless every other place that writes it agrees
#
# --check compares it with each place that writes the current version:
# - the newest CHANGELOG.md heading that carries a version number (`## 1.0.0`, or
#   `## Unreleased (1.1.0)` while one is being written);
# - every `image: miniflake:TAG` in deploy/kubernetes;
# - `info.version` in openapi.yaml;
# - every `.package(url: ".../MiniFlake", from: "X.Y.Z"...)` in README.md and in the DocC
#   articles (Sources/*/*.docc), code or prose, and README.md must have at least one.
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

failed=0 # any check failed
bad=0    # the current check failed
fail() {
  echo "version: FAIL: $*" >&2
  failed=1
  bad=1
}

changelog=$(grep -m 1 -oE '^## .*[0-9]+\.[0-9]+\.[0-9]+' CHANGELOG.md | grep -oE '[0-9]+\.[0-9]+\.[0-9]+$' || true)
if [ "$changelog" = "$version" ]; then
  echo "version: $version in $source_file and in CHANGELOG.md's newest heading"
else
  fail "$source_file says $version, CHANGELOG.md's newest heading '${changelog:-none}'"
fi

bad=0
while IFS= read -r line; do
  file=${line%%:*}
  tag=${line##*miniflake:}
  [ "$tag" = "$version" ] || fail "$file runs miniflake:$tag, not miniflake:$version"
done < <(grep -rE '^ *image: *miniflake:' deploy/kubernetes | sed 's/ *$//')
images=$(grep -rcE '^ *image: *miniflake:' deploy/kubernetes | awk -F: '{ n += $2 } END { print n + 0 }')
if [ "$images" -eq 0 ]; then
  fail "no 'image: miniflake:TAG' in deploy/kubernetes"
else
  [ "$bad" -eq 0 ] && echo "version: $version is the image tag of all $images manifests that run miniflake"
fi

# info.version: the `version:` key indented under the top-level `info:` key.
api=$(awk '/^[^ #]/ { in_info = ($0 ~ /^info:/) } in_info && /^  version:/ { sub(/^  version: */, ""); gsub(/["'"'"' ]/, ""); print; exit }' openapi.yaml)
if [ "$api" = "$version" ]; then
  echo "version: $version is openapi.yaml's info.version"
else
  fail "openapi.yaml's info.version is '${api:-none}', not $version"
fi

# Every dependency line on this package, as the README and the articles tell users to write it.
package_pattern='\.package\(url: "[^"]*/MiniFlake(\.git)?", from: "[^"]*"'
lines=0
bad=0
while IFS= read -r match; do
  lines=$((lines + 1))
  location=${match%%:\.package*}
  from=$(printf '%s\n' "$match" | sed -E 's/.*from: "([^"]*)".*/\1/')
  [ "$from" = "$version" ] || fail "$location depends on MiniFlake from: \"$from\", not \"$version\""
done < <(grep -noE "$package_pattern" README.md Sources/*/*.docc/*.md || true)
readme=$(grep -cE "$package_pattern" README.md || true)
if [ "$readme" -eq 0 ]; then
  fail "no '.package(url: \".../MiniFlake\", from: \"X.Y.Z\"' in README.md"
elif [ "$bad" -eq 0 ]; then
  echo "version: $version is the from: of all $lines .package(url: .../MiniFlake) lines in README.md and the DocC articles"
fi
exit "$failed"
