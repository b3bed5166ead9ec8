#!/usr/bin/env bash
# Keeps each target's PrivacyInfo.xcprivacy in step with the "required reason" APIs its code
# calls (Apple's upload check, ITMS-91053, looks for them in an app's binary, packages included):
#
#   scripts/check-privacy-manifests.sh
#
# For every target folder in Sources/ it
#   - lints its PrivacyInfo.xcprivacy, when there is one (`plutil -lint` where installed, and a
#     plistlib parse), and checks every key Apple's format expects: NSPrivacyTracking,
#     NSPrivacyTrackingDomains, NSPrivacyCollectedDataTypes, NSPrivacyAccessedAPITypes, each entry
#     with an NSPrivacyAccessedAPIType and reasons that Apple lists for that category;
#   - checks that Package.swift hands the target the manifest (`privacyManifest`);
#   - finds calls to the listed APIs in its Swift, C and Objective-C files (comments aside) and
#     fails when the manifest does not declare the category.
#
# The search is by name, so a name Apple lists can match what is not the listed API (CloudKit's
# `CKRecord.modificationDate` is the server's time of a record, not a file's timestamp). Such a
# line says so in a comment holding "not a required-reason API", with why, and is not counted.
#
# The system boot time category lists only `systemUptime` and `mach_absolute_time()`; the core's
# deadline clock is `clock_gettime(CLOCK_MONOTONIC)`, which Apple does not list, so it is not
# looked for here (ForAppDevelopers.md says why).
#
#   scripts/check-privacy-manifests.sh --objects BIN
#
# also reads what an Apple build of the targets actually calls: BIN is a SwiftPM bin directory of
# one (scripts/ios-compile.sh passes .build-ios/arm64-apple-ios/debug), whose TARGET.build/*.o are
# Mach-O objects. Their undefined C functions and globals (`_stat`, `_mach_absolute_time`,
# `_NSURLCreationDateKey`, `_OBJC_CLASS_$_NSUserDefaults`...) and the Objective-C selectors they
# name (`systemUptime`, `modificationDate`...) must be declared by the target's manifest as
# well; a name that a source line of the target exempts ("not a required-reason API") is listed as
# exempt. That is how the search by name above is held to what the compiler emitted.
set -euo pipefail
cd "$(dirname "$0")/.."
objects=""
if [ "${1:-}" = --objects ]; then
  objects=${2:?--objects needs a SwiftPM bin directory}
  shift 2
fi
nm=$(command -v llvm-nm || echo "$(dirname "$(readlink -f "$(command -v swift)")")/llvm-nm")
export OBJECTS="$objects" NM="$nm"

if command -v plutil >/dev/null 2>&1; then
  for manifest in Sources/*/PrivacyInfo.xcprivacy; do
    [ -e "$manifest" ] || continue
    plutil -lint "$manifest" >/dev/null || { echo "check-privacy-manifests: FAIL: plutil -lint $manifest" >&2; exit 1; }
  done
fi

python3 - "$@" <<'PYTHON'
import os, pathlib, plistlib, re, sys

# Apple's required-reason categories: the calls that put a binary in each, and the reasons
# Apple accepts for it.
categories = {
    "NSPrivacyAccessedAPICategoryFileTimestamp": (
        r"\b(?:f?stat|fstatat|lstat|getattrlist|getattrlistbulk|fgetattrlist|getattrlistat)\s*\("
        r"|\b(?:creationDate|modificationDate|fileModificationDate|contentModificationDate)\b"
        r"|\b(?:creationDateKey|contentModificationDateKey)\b",
        {"DDA9.1", "C617.1", "3B52.1", "0A2A.1"},
    ),
    "NSPrivacyAccessedAPICategorySystemBootTime": (
        r"\bsystemUptime\b|\bmach_absolute_time\s*\(",
        {"35F9.1", "8FFB.1", "3D61.1"},
    ),
    "NSPrivacyAccessedAPICategoryDiskSpace": (
        r"\b(?:f?statv?fs)\s*\(|\bvolume(?:Available|Total)Capacity\w*|\bsystem(?:Free)?Size\b",
        {"85F4.1", "E174.1", "7D9E.1", "B728.1"},
    ),
    "NSPrivacyAccessedAPICategoryUserDefaults": (
        r"\b(?:NS)?UserDefaults\b",
        {"CA92.1", "1C8F.1", "C56D.1", "AC6B.1"},
    ),
    "NSPrivacyAccessedAPICategoryActiveKeyboards": (
        r"\bactiveInputModes\b",
        {"3EC4.1", "54BD.1"},
    ),
}
required = {
    "NSPrivacyTracking": bool,
    "NSPrivacyTrackingDomains": list,
    "NSPrivacyCollectedDataTypes": list,
    "NSPrivacyAccessedAPITypes": list,
}

package = pathlib.Path("Package.swift").read_text()
failures = []

def without_comments(text):
    # Block comments, then line comments; string literals are left alone (a call in a string
    # would be a false alarm, which is the safe side).
    text = re.sub(r"/\*.*?\*/", lambda m: "\n" * m.group(0).count("\n"), text, flags=re.S)
    return re.sub(r"//[^\n]*", "", text)

def declared_in(manifest_path):
    try:
        with open(manifest_path, "rb") as file:
            plist = plistlib.load(file)
    except Exception as error:
        failures.append(f"{manifest_path}: not a property list: {error}")
        return set()
    if not isinstance(plist, dict):
        failures.append(f"{manifest_path}: the top level is not a dictionary")
        return set()
    for key, kind in required.items():
        if not isinstance(plist.get(key), kind):
            failures.append(f"{manifest_path}: {key} is missing or not a {kind.__name__}")
    if plist.get("NSPrivacyTracking") is True and not plist.get("NSPrivacyTrackingDomains"):
        failures.append(f"{manifest_path}: tracking without NSPrivacyTrackingDomains")
    declared = set()
    for entry in plist.get("NSPrivacyAccessedAPITypes") or []:
        category = entry.get("NSPrivacyAccessedAPIType") if isinstance(entry, dict) else None
        reasons = entry.get("NSPrivacyAccessedAPITypeReasons") if isinstance(entry, dict) else None
        if category not in categories:
            failures.append(f"{manifest_path}: unknown NSPrivacyAccessedAPIType {category!r}")
            continue
        if not isinstance(reasons, list) or not reasons:
            failures.append(f"{manifest_path}: {category} has no NSPrivacyAccessedAPITypeReasons")
            continue
        for reason in reasons:
            if reason not in categories[category][1]:
                failures.append(f"{manifest_path}: {reason!r} is not one of Apple's reasons for {category}")
        declared.add(category)
    return declared

def target_declaration(name):
    match = re.search(r'\.(?:target|executableTarget)\(\s*name:\s*"' + re.escape(name) + r'"', package)
    if not match:
        return None
    end = re.search(r"\.(?:target|testTarget|executableTarget)\(", package[match.end():])
    return package[match.start(): match.end() + (end.start() if end else len(package))]

checked = 0
for target in sorted(p for p in pathlib.Path("Sources").iterdir() if p.is_dir()):
    manifest = target / "PrivacyInfo.xcprivacy"
    declared = declared_in(manifest) if manifest.exists() else set()
    if manifest.exists():
        checked += 1
        declaration = target_declaration(target.name)
        if declaration is None or "privacyManifest" not in declaration:
            failures.append(f"{manifest}: Package.swift does not give target {target.name} its manifest (privacyManifest)")
    calls = {}
    for source in sorted(target.rglob("*")):
        if source.suffix not in {".swift", ".c", ".h", ".m", ".mm", ".cpp"} or ".docc" in source.parts:
            continue
        text = source.read_text(errors="replace")
        exempt = {number for number, raw in enumerate(text.split("\n"), start=1) if "not a required-reason API" in raw}
        lines = without_comments(text).split("\n")
        for number, line in enumerate(lines, start=1):
            if number in exempt:
                continue
            for category, (pattern, _) in categories.items():
                if re.search(pattern, line):
                    calls.setdefault(category, []).append(f"{source}:{number}: {line.strip()}")
    for category, places in sorted(calls.items()):
        if category not in declared:
            shown = "\n    ".join(places[:5])
            failures.append(
                f"target {target.name} calls {category} APIs, which {manifest} does not declare:\n    {shown}")
        else:
            print(f"check-privacy-manifests: {target.name}: {category} declared ({len(places)} call site(s))")

# What the compiler emitted: per category, the undefined symbols (C functions and globals, an
# Objective-C class) and the selectors that put a binary in it.
symbols = {
    "NSPrivacyAccessedAPICategoryFileTimestamp": (
        r"_(?:f?stat|lstat|fstatat|getattrlist|getattrlistbulk|fgetattrlist|getattrlistat)(?:\$INODE64)?"
        r"|_NSURL(?:Creation|ContentModification)DateKey|_NSFile(?:Creation|Modification)Date",
        {"creationDate", "modificationDate", "fileModificationDate", "contentModificationDate", "fileCreationDate"},
    ),
    "NSPrivacyAccessedAPICategorySystemBootTime": (r"_mach_absolute_time", {"systemUptime"}),
    "NSPrivacyAccessedAPICategoryDiskSpace": (
        r"_f?statv?fs(?:\$INODE64)?|_NSURLVolume\w*CapacityKey|_NSFileSystem(?:Free)?Size",
        {"volumeAvailableCapacity", "volumeTotalCapacity"},
    ),
    "NSPrivacyAccessedAPICategoryUserDefaults": (r"_OBJC_CLASS_\$_NSUserDefaults", {"standardUserDefaults"}),
    "NSPrivacyAccessedAPICategoryActiveKeyboards": (r"(?!)", {"activeInputModes"}),
}
objects = os.environ.get("OBJECTS")
if objects:
    import subprocess
    scanned = 0
    for target in sorted(p for p in pathlib.Path("Sources").iterdir() if p.is_dir()):
        files = sorted(pathlib.Path(objects, target.name + ".build").glob("*.o"))
        if not files:
            continue
        scanned += 1
        undefined = set(subprocess.run([os.environ["NM"], "-u", "-j", *map(str, files)], check=True,
                                       capture_output=True, text=True).stdout.split())
        strings = set()
        for file in files:
            strings.update(part.decode("ascii", "replace") for part in file.read_bytes().split(b"\0"))
        exempt_text = "\n".join(line for source in target.rglob("*.swift") for line in
                                source.read_text(errors="replace").split("\n") if "not a required-reason API" in line)
        manifest = target / "PrivacyInfo.xcprivacy"
        declared = declared_in(manifest) if manifest.exists() else set()
        for category, (pattern, selectors) in symbols.items():
            found = sorted(name for name in undefined if re.fullmatch(pattern, name))
            found += sorted(name for name in selectors & strings)
            exempt = [name for name in found if re.search(r"\b" + re.escape(name.lstrip("_")) + r"\b", exempt_text)]
            counted = [name for name in found if name not in exempt]
            if exempt:
                print(f"check-privacy-manifests: {target.name} objects: {', '.join(exempt)} exempted by the source"
                      f" (not a required-reason API), not counted for {category}")
            if counted and category not in declared:
                failures.append(f"target {target.name}'s objects call {category} APIs ({', '.join(counted)}),"
                                f" which {manifest} does not declare")
            elif counted:
                print(f"check-privacy-manifests: {target.name} objects: {category} declared ({', '.join(counted)})")
    if scanned == 0:
        failures.append(f"no TARGET.build/*.o for any target of Sources/ in {objects}")
    else:
        print(f"check-privacy-manifests: the objects of {scanned} target(s) in {objects} read")

if failures:
    for failure in failures:
        print(f"check-privacy-manifests: FAIL: {failure}", file=sys.stderr)
    sys.exit(1)
print(f"check-privacy-manifests: OK ({checked} manifest(s))")
PYTHON
