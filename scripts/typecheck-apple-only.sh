#!/usr/bin/env bash
# Type-checks, on Linux, the code that compiles only on Apple platforms: the files behind
# `#if canImport(Security)`, `canImport(CoreData)`, `canImport(ObjectiveC)` and
# `canImport(CloudKit)` (the whole MiniFlakeCloudKit module), and the Apple-only documentation
# samples. They are compiled as they are shipped, with their modules' other files, against
# stand-ins for exactly the SDK symbols they use (Tests/AppleSDKStubs: Clang modules named
# Security, CoreData and ObjectiveC, and Swift modules named Foundation and CloudKit), with
# Objective-C interoperability on, so that those `#if canImport(...)` branches are compiled.
#
# It proves that names, types, optionality and casts match the transcribed declarations; not
# that the transcription matches the real SDK, nor availability, runtime behaviour or
# entitlements (CONTRIBUTING.md, "Apple-only code").
#
#   scripts/typecheck-apple-only.sh
set -euo pipefail
cd "$(dirname "$0")/.."

stubs=Tests/AppleSDKStubs
apple_only=(Sources/MiniFlake/OriginalAPI/NSManagedObjectContext+MiniFlake.swift
  Sources/MiniFlake/OriginalAPI/Thread+MiniFlake.swift Sources/MiniFlakeDevice/DeviceKey/KeychainDeviceKey.swift)
samples=(Tests/DocumentationExampleTests/AppExamples.swift Tests/DocumentationExampleTests/DeviceAppExamples.swift
  Tests/DocumentationExampleTests/ICloudExamples.swift)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
linux="$work/linux"
apple="$work/apple"
mkdir -p "$linux" "$apple"

# The core's C target (the atomics and locks), as SwiftPM would map it.
mkdir -p "$work/c"
printf 'module CMiniFlakeAtomics {\n  header "%s"\n  export *\n}\n' \
  "$PWD/Sources/CMiniFlakeAtomics/include/CMiniFlakeAtomics.h" >"$work/c/module.modulemap"

common=(-swift-version 6 -parse-as-library -package-name miniflake -warnings-as-errors
  -enable-upcoming-feature ExistentialAny -enable-upcoming-feature MemberImportVisibility -I "$work/c")
# The Apple side: -enable-objc-interop makes @objc, @NSManaged and the bridging casts mean what
# they mean on Apple platforms; -I puts the stand-ins before the toolchain's own Foundation.
apple_flags=("${common[@]}" -Xfrontend -enable-objc-interop -I "$stubs/Headers" -I "$apple" -I "$linux")

is_apple_only() {
  local file
  for file in "${apple_only[@]}"; do [ "$1" = "$file" ] && return 0; done
  return 1
}

echo "== stand-ins for the SDK (Tests/AppleSDKStubs), checked against Apple's published Swift declarations"
swiftc "${apple_flags[@]}" -emit-module -module-name Foundation -import-underlying-module \
  -emit-module-path "$apple/Foundation.swiftmodule" "$stubs/Foundation.swift"
swiftc "${apple_flags[@]}" -emit-module -module-name CoreData -import-underlying-module \
  -emit-module-path "$apple/CoreData.swiftmodule" "$stubs/CoreData.swift"
swiftc "${apple_flags[@]}" -typecheck -module-name Signatures "$stubs/Signatures.swift"
swiftc "${apple_flags[@]}" -emit-module -module-name CloudKit \
  -emit-module-path "$apple/CloudKit.swiftmodule" "$stubs/CloudKit.swift"

# The library modules as Linux builds them, without their Apple-only files, with -enable-testing
# so that those files, checked next, see their modules' internal declarations.
echo "== MiniFlake, MiniFlakeSupport, MiniFlakeRegistry, MiniFlakeDevice without their Apple-only files"
for module in MiniFlake MiniFlakeSupport MiniFlakeRegistry MiniFlakeDevice; do
  files=()
  while IFS= read -r file; do
    is_apple_only "$file" || files+=("$file")
  done < <(find "Sources/$module" -name '*.swift' | sort)
  swiftc "${common[@]}" -enable-testing -I "$linux" -emit-module -module-name "$module" \
    -emit-module-path "$linux/$module.swiftmodule" "${files[@]}"
done

echo "== the Apple-only files, as shipped, compiled with their module imported @testable"
for module in MiniFlake MiniFlakeDevice; do
  files=()
  for file in "${apple_only[@]}"; do
    case "$file" in Sources/"$module"/*) files+=("$file") && echo "   $file" ;; esac
  done
  swiftc "${apple_flags[@]}" -emit-module -module-name "${module}AppleOnly" \
    -emit-module-path "$apple/${module}AppleOnly.swiftmodule" \
    -Xfrontend -testable-import-module -Xfrontend "$module" "${files[@]}"
done

# MiniFlakeCloudKit is Apple-only as a whole (elsewhere it builds empty): all of it, against the
# CloudKit stand-in, as the samples import it.
echo "== MiniFlakeCloudKit, all of it, against the CloudKit stand-in"
cloudkit=()
while IFS= read -r file; do cloudkit+=("$file"); done < <(find Sources/MiniFlakeCloudKit -name '*.swift' | sort)
swiftc "${apple_flags[@]}" -emit-module -module-name MiniFlakeCloudKit \
  -emit-module-path "$apple/MiniFlakeCloudKit.swiftmodule" "${cloudkit[@]}"

# On Apple platforms those files are part of MiniFlake and MiniFlakeDevice; here they are
# imported beside them. The samples are checked together: on Apple platforms they are one module.
echo "== the Apple-only documentation samples"
printf '   %s\n' "${samples[@]}"
swiftc "${apple_flags[@]}" -typecheck -module-name DocumentationExampleTests \
  -Xfrontend -import-module -Xfrontend MiniFlakeAppleOnly \
  -Xfrontend -import-module -Xfrontend MiniFlakeDeviceAppleOnly "${samples[@]}"

echo "Apple-only code type-checks against the transcribed SDK declarations"
