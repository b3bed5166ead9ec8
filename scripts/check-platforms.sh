#!/usr/bin/env bash
# Checks the Apple-platform floor as far as Linux can (SwiftPM here never compares Apple OS
# versions, so no build on Linux would notice an API newer than the floor):
#   1. Package.swift declares exactly the floor below (read from `swift package dump-package`);
#   2. no Swift file of the package's targets (Sources, Tests, Examples) uses an API newer than
#      that floor, such as `Synchronization`'s `Mutex` and `Atomic` (macOS 15, iOS 18), except
#      inside the concurrency layer, and there only in a file that also says `#available` or
#      `@available`.
# Prints one line per problem, naming the file, and exits 1 if there is any.
#
#   scripts/check-platforms.sh [--scratch-path DIR]    DIR: for dump-package while .build is busy
set -euo pipefail
cd "$(dirname "$0")/.."

manifest=$(swift package "$@" dump-package)

MANIFEST="$manifest" python3 - <<'PYTHON'
import json
import os
import re
import sys

# The floor of the products apps use (MiniFlake, MiniFlakeDevice, MiniFlakeRegistry, MiniFlakeGRDB).
FLOOR = {"macos": "13.0", "ios": "16.0", "tvos": "16.0", "watchos": "9.0", "visionos": "1.0"}
# Where APIs newer than the floor may appear, behind #available / @available.
LAYER = ("Sources/MiniFlake/Concurrency/", "Sources/CMiniFlakeAtomics/")
ROOTS = ("Sources", "Tests", "Examples")
# What is newer than the floor, and since when (macOS, iOS). The layer's AtomicWord and
# LockedValue stand in for the first three.
NEWER = [
    (r"^\s*(@preconcurrency\s+)?(public\s+|package\s+|internal\s+)?import\s+Synchronization\b",
     "import Synchronization", "macOS 15, iOS 18"),
    (r"\bMutex\s*[<(]", "Mutex", "macOS 15, iOS 18"),
    (r"\bAtomic\s*[<(]", "Atomic", "macOS 15, iOS 18"),
    (r"\b(AsyncSequence|AsyncIteratorProtocol)<", "AsyncSequence's primary associated types", "macOS 15, iOS 18"),
    (r"\bwith(Throwing)?DiscardingTaskGroup\b|\bDiscardingTaskGroup\b", "DiscardingTaskGroup", "macOS 14, iOS 17"),
    (r"^\s*import\s+Observation\b|@Observable\b", "Observation", "macOS 14, iOS 17"),
    (r"\b(InlineArray|RawSpan|MutableSpan|MutableRawSpan|UTF8Span)\b|\bSpan<", "Span / InlineArray", "macOS 26, iOS 26"),
    (r"\bTask\.immediate\b|\bTask\s*\.\s*immediate\b", "Task.immediate", "macOS 26, iOS 26"),
]
FIX = "use AtomicWord / LockedValue (Sources/MiniFlake/Concurrency); only that layer may, behind #available"

problems = []

declared = {p["platformName"]: p["version"] for p in json.loads(os.environ["MANIFEST"]).get("platforms") or []}
if declared != FLOOR:
    shown = ", ".join(f"{name} {version}" for name, version in sorted(declared.items())) or "none"
    wanted = ", ".join(f"{name} {version}" for name, version in sorted(FLOOR.items()))
    problems.append(f"Package.swift: platforms are {shown}; the floor is {wanted}")

for root in ROOTS:
    for directory, _, names in sorted(os.walk(root)):
        for name in sorted(names):
            if not name.endswith(".swift"):
                continue
            path = os.path.join(directory, name)
            with open(path, encoding="utf-8") as file:
                lines = file.read().split("\n")
            in_layer = path.startswith(LAYER)
            gated = any("#available" in line or "@available(" in line for line in lines)
            for number, line in enumerate(lines, 1):
                if line.lstrip().startswith("//"):
                    continue
                for pattern, what, since in NEWER:
                    if re.search(pattern, line) and not (in_layer and gated):
                        problems.append(f"{path}:{number}: uses {what} ({since}), above the floor: {FIX}")

for problem in problems:
    print(f"check-platforms: {problem}")
if problems:
    sys.exit(1)
print("platforms: macOS 13, iOS 16, tvOS 16, watchOS 9, visionOS 1; no API above them outside the layer")
PYTHON
