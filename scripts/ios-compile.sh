#!/usr/bin/env bash
# Compiles the app side of MiniFlake for iOS (arm64-apple-ios16.0, the package's floor) against
# Apple's iOS SDK, in debug and release, with warnings as errors for the package's own targets:
#   1. every library an app links: MiniFlake, MiniFlakeDevice, MiniFlakeRegistry,
#      MiniFlakeCloudKit (with MiniFlakeSupport and CMiniFlakeAtomics, which they use), so that the
#      `#if canImport(Darwin)`, `canImport(Security)`, `canImport(CoreData)` and `canImport(CloudKit)`
#      branches compile as Xcode compiles them;
#   2. the objects' calls of Apple's "required reason" APIs (`stat`, `mach_absolute_time`,
#      `UserDefaults`...), each declared by its target's privacy manifest
#      (scripts/check-privacy-manifests.sh --objects);
#   3. the example app Examples/NotesApp (SwiftUI, Core Data with CloudKit, the Keychain), to an
#      arm64 object, against those modules;
#   4. the Apple-only snippets of the README and the DocC articles (`<!-- snippet ios -->`, read by
#      scripts/check-snippets.py --ios), type-checked as top-level code and inside a function, and
#      those marked `<!-- snippet ios from PATH -->` found line for line in the example's files.
# Nothing is linked and nothing runs: it proves that the code compiles for iOS 16 against the
# SDK's headers and Swift interfaces, not that it links or behaves (CONTRIBUTING.md, "Apple-only
# code"). MiniFlakeGRDB is not compiled: GRDB 7 needs a newer SDK than the 16.5 one CI has.
#
#   scripts/ios-compile.sh [-c debug|release] [--sdk PATH]
#
# The SDK, first found of:
#   --sdk PATH, or MINIFLAKE_IOS_SDK=PATH: `ios-sdk.sh` (or the folder holding it), or an
#     iPhoneOS SDK folder compiled with the toolchain on the PATH (Xcode's, on a Mac);
#   ../shared/apple-sdk/ios-sdk.sh beside the repository (CI puts it there): Apple's iOS 16.5 SDK
#     for the Linux toolchain;
#   on a Mac, Xcode's: `xcrun --sdk iphoneos --show-sdk-path`.
# None found: under CI (CI=true) that is a failure (exit 1); elsewhere it says so and exits 3,
# having checked nothing. Builds in .build-ios (ios-sdk.sh keeps the unpacked SDK and its module
# cache in ${IOS_SDK_CACHE:-${TMPDIR:-/tmp}/apple-ios-sdk}).
set -euo pipefail
cd "$(dirname "$0")/.."

configurations=(debug release)
sdk=${MINIFLAKE_IOS_SDK:-}
while [ $# -gt 0 ]; do
  case "$1" in
    -c | --configuration) configurations=("${2:?-c needs debug or release}"); shift 2 ;;
    --sdk) sdk=${2:?--sdk needs a path}; shift 2 ;;
    -h | --help) sed -n '2,/^set -euo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "ios-compile: unknown argument $1 (see --help)" >&2; exit 2 ;;
  esac
done
for configuration in "${configurations[@]}"; do
  case "$configuration" in debug | release) ;; *) echo "ios-compile: -c takes debug or release" >&2; exit 2 ;; esac
done

export IOS_DEPLOYMENT_TARGET=16.0
target=arm64-apple-ios$IOS_DEPLOYMENT_TARGET
scratch=.build-ios
products=(MiniFlake MiniFlakeDevice MiniFlakeRegistry MiniFlakeCloudKit)
example=Examples/NotesApp/Sources/NotesApp
shared_sdk=../shared/apple-sdk/ios-sdk.sh

# Either `tool` (ios-sdk.sh: it passes the triple, the SDK and its own resource directory) or
# `sdk_path` (an SDK folder, with the toolchain on the PATH).
tool=""
sdk_path=""
if [ -n "$sdk" ]; then
  if [ -d "$sdk" ] && [ -x "$sdk/ios-sdk.sh" ]; then
    tool=$(cd "$sdk" && pwd)/ios-sdk.sh
  elif [ -f "$sdk" ] && [ -x "$sdk" ]; then
    tool=$(cd "$(dirname "$sdk")" && pwd)/$(basename "$sdk")
  elif [ -d "$sdk/System/Library/Frameworks/UIKit.framework" ]; then
    sdk_path=$sdk
  else
    echo "ios-compile: FAIL: $sdk is not ios-sdk.sh, a folder holding it, or an iPhoneOS SDK" >&2
    exit 1
  fi
elif [ -x "$shared_sdk" ]; then
  tool=$(cd "$(dirname "$shared_sdk")" && pwd)/ios-sdk.sh
elif command -v xcrun >/dev/null 2>&1 && sdk_path=$(xcrun --sdk iphoneos --show-sdk-path 2>/dev/null) \
  && [ -d "$sdk_path" ]; then
  :
elif [ "${CI:-}" = true ]; then
  echo "ios-compile: FAIL: no iOS SDK. CI compiles the app side for iOS with $shared_sdk, beside the" \
    "repository ($(cd .. && pwd)/shared/apple-sdk), and it is missing; or pass --sdk PATH." >&2
  exit 1
else
  echo "ios-compile: no iOS SDK here, so nothing was compiled for iOS. Pass --sdk PATH (ios-sdk.sh," \
    "or an iPhoneOS SDK folder), set MINIFLAKE_IOS_SDK, put Apple's SDK kit in $shared_sdk, or run it" \
    "on a Mac with Xcode." >&2
  exit 3
fi

build() {
  if [ -n "$tool" ]; then
    "$tool" swift-build "$@"
  else
    swift build --triple "$target" --sdk "$sdk_path" "$@"
  fi
}
compile() {
  if [ -n "$tool" ]; then
    "$tool" swiftc "$@"
  else
    swiftc -target "$target" -sdk "$sdk_path" "$@"
  fi
}

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
echo "ios-compile: $target, SDK ${tool:-$sdk_path}"
# Package.swift turns warnings into errors for the package's own targets only.
export MINIFLAKE_WARNINGS_AS_ERRORS=1
for configuration in "${configurations[@]}"; do
  started=$SECONDS
  echo "== $configuration: ${products[*]}"
  for product in "${products[@]}"; do
    build --scratch-path "$scratch" -c "$configuration" --target "$product"
  done
  bin=$(build --scratch-path "$scratch" -c "$configuration" --show-bin-path)
  # The package's modules, and the C target's module map and headers, as SwiftPM made them.
  flags=(-swift-version 6 -I "$bin/Modules")
  for map in "$bin"/*.build/module.modulemap; do flags+=(-Xcc "-fmodule-map-file=$map"); done
  for include in Sources/*/include; do flags+=(-Xcc "-I$include"); done
  echo "   $((SECONDS - started)) s"

  echo "== $configuration: the required-reason APIs the objects call, against the privacy manifests"
  scripts/check-privacy-manifests.sh --objects "$bin" | grep -F objects

  started=$SECONDS
  echo "== $configuration: the example app, $example"
  optimization=-Onone
  [ "$configuration" = release ] && optimization=-O
  mkdir -p "$scratch/examples/$configuration"
  compile -c -wmo "$optimization" "${flags[@]}" -parse-as-library -module-name NotesApp -warnings-as-errors \
    -enable-upcoming-feature ExistentialAny -enable-upcoming-feature MemberImportVisibility \
    "$example"/*.swift -o "$scratch/examples/$configuration/NotesApp.o"
  echo "   $((SECONDS - started)) s"
done

# The snippets are type-checked once, against the last configuration's modules (type-checking
# does not differ between debug and release).
started=$SECONDS
echo "== the README's and the articles' Apple-only snippets"
failed=0
count=0
while IFS=$'\t' read -r name origin detail; do
  case "$name" in
    HIDDEN)
      count=$((count + 1))
      echo "FAILED: $origin ($detail)"
      failed=$((failed + 1)) ;;
    FROM)
      if [[ "$detail" != "$example"/* ]]; then
        count=$((count + 1))
        echo "FAILED: $origin: $detail is not a file of $example, which this script compiles"
        failed=$((failed + 1))
      else
        echo "   $origin: the example's $detail, compiled above"
        count=$((count + 1))
      fi ;;
    *)
      count=$((count + 1))
      forms_failed=0
      for form in top function; do
        extra=()
        [ "$form" = function ] && extra=(-parse-as-library)
        if ! compile -typecheck "${flags[@]}" "${extra[@]}" "$work/$name/$form"/*.swift >"$work/$name.$form.log" 2>&1; then
          echo "FAILED ($form-level): $origin"
          grep -E 'error:' "$work/$name.$form.log" | head -5 || true
          forms_failed=$((forms_failed + 1))
        fi
      done
      if [ "$forms_failed" -eq 0 ]; then
        echo "   $origin: type-checked as top-level code and inside a function"
      else
        failed=$((failed + 1))
      fi ;;
  esac
done < <(python3 scripts/check-snippets.py --ios "$work" README.md Sources/*/*.docc/*.md)
echo "   $((SECONDS - started)) s"
if [ "$failed" -ne 0 ]; then
  echo "ios-compile: FAIL: $failed of the Apple-only snippets (of $count)"
  exit 1
fi
echo "ios-compile: ${products[*]}, the example app and $count Apple-only snippets compile for $target" \
  "(${configurations[*]}); nothing was linked or run"
