#!/usr/bin/env python3
"""Writes every Swift snippet of the README and the DocC articles as two files, for
scripts/check-snippets.sh to type-check (a fragment that imports nothing is read with
Foundation, MiniFlake and the module its page documents):

- NAME/main.swift: the snippet as a new executable's top-level code, where the compiler ranks
  an async call's overloads differently from an async function;
- NAME/function.swift: its imports, then the rest inside `func snippet() throws`, made
  `async` when the snippet awaits.

A snippet that uses names from the text around it gets them from an HTML comment right above
its fence, which neither GitHub nor DocC shows:

    <!-- snippet context:
    let stateDirectory = "/tmp/state"
    -->

Both forms start with that context (at file scope), and with `placeholder()`, a value of any
type for a context that needs one. A snippet that shows its own imports compiles with exactly
those: its context may import other modules (GRDB, Hummingbird) but no MiniFlake library, so a
reader who copies it needs no import it does not show (every MiniFlake library re-exports the
ones its API is written in). Such a context is reported as FAILED. `<!-- snippet skip: REASON -->` leaves a snippet out.

Apple-only snippets (Core Data, CloudKit, the Keychain, SwiftUI, UIKit) are compiled for iOS by
scripts/ios-compile.sh, which calls this script with --ios; the Linux check skips them:

- `<!-- snippet ios -->`, or `<!-- snippet ios:` with a context as above `-->`: written in both
  forms, like the others, for the iOS compile;
- `<!-- snippet ios from PATH -->`: the snippet is a run of whole lines of PATH, a file of an
  example app that the iOS compile builds whole. It is checked to be there, line for line, so
  that the article shows the example's code.

Usage: check-snippets.py [--ios] OUTPUT_DIRECTORY MARKDOWN_FILE...
Prints one line per snippet: NAME<TAB>SOURCE:LINE, or SKIPPED<TAB>SOURCE:LINE<TAB>REASON. With
--ios, only the iOS snippets: NAME<TAB>SOURCE:LINE, FROM<TAB>SOURCE:LINE<TAB>PATH for one found in
its file, or HIDDEN<TAB>SOURCE:LINE<TAB>WHY for one that is not.
"""
import os
import re
import sys

FENCE = re.compile(r"(?:^<!-- snippet (context|skip|ios):?(.*?)-->\n)?^```swift\n(.*?)^```", re.S | re.M)
FROM = re.compile(r"^from (\S+)$")
PRELUDE = (
    "/// A value of any type, for a snippet's context; type-checked, never run.\n"
    "func placeholder<T>() -> T { fatalError(\"a documentation snippet's context is never run\") }\n"
)
IMPORT = re.compile(r"^(?:@testable )?import (MiniFlake\w*)\s*$", re.M)
# Declarations a function body cannot hold: they stay at file scope in both forms.
FILE_SCOPE = re.compile(r"^(extension|protocol|@main|precedencegroup|import)\b")


def snippets(path):
    text = open(path, encoding="utf-8").read()
    module = re.search(r"Sources/(\w+)/\w+\.docc/", path)
    # A fragment (no import of its own) is read with the modules its page is about.
    fragment_imports = ["import Foundation", "import MiniFlake"]
    if module and module.group(1) != "MiniFlake":
        fragment_imports.append("import " + module.group(1))
    for match in FENCE.finditer(text):
        kind, note, body = match.group(1), (match.group(2) or "").strip(), match.group(3)
        raw = body
        line = text.count("\n", 0, match.start(3))
        shows_imports = bool(IMPORT.search(body))
        if not shows_imports:
            body = "\n".join(fragment_imports) + "\n" + body
        yield line, body, kind, note, shows_imports, raw


def split(body):
    """The file-scope part (imports, extensions…) and the statements, top to bottom."""
    scope, statements, depth, in_scope = [], [], 0, False
    for line in body.splitlines():
        if depth == 0:
            in_scope = bool(FILE_SCOPE.match(line))
        (scope if in_scope else statements).append(line)
        depth += line.count("{") - line.count("}")
    return "\n".join(scope), "\n".join(statements)


def split_imports(body):
    """The import lines, and the rest."""
    lines = body.splitlines()
    imports = [line for line in lines if line.startswith("import ") or line.startswith("@testable import ")]
    rest = [line for line in lines if line not in imports]
    return "\n".join(imports), "\n".join(rest)


def in_file(snippet, path):
    """Whether the snippet's lines are a run of whole lines of the file at `path`."""
    try:
        lines = [line.rstrip() for line in open(path, encoding="utf-8").read().splitlines()]
    except OSError:
        return False
    wanted = [line.rstrip() for line in snippet.splitlines()]
    return any(lines[start:start + len(wanted)] == wanted for start in range(len(lines) - len(wanted) + 1))


def main():
    ios = sys.argv[1:2] == ["--ios"]
    output, files = sys.argv[1 + ios], sys.argv[2 + ios:]
    count = 0
    for path in files:
        for line, body, kind, note, shows_imports, raw in snippets(path):
            if kind == "skip" and not ios:
                print("SKIPPED\t%s:%d\t%s" % (path, line, note))
                continue
            if kind == "ios" and not ios:
                print("SKIPPED\t%s:%d\t%s" % (path, line, "Apple-only: scripts/ios-compile.sh compiles it for iOS"))
                continue
            if ios and kind != "ios":
                continue
            source = FROM.match(note) if kind == "ios" else None
            if source:
                if in_file(raw, source.group(1)):
                    print("FROM\t%s:%d\t%s" % (path, line, source.group(1)))
                else:
                    print("HIDDEN\t%s:%d\tnot a run of whole lines of %s" % (path, line, source.group(1)))
                continue
            context = PRELUDE + (note + "\n" if kind in ("context", "ios") else "")
            count += 1
            name = "snippet%03d" % count
            if shows_imports and kind in ("context", "ios") and IMPORT.search(note):
                print("HIDDEN\t%s:%d\ta MiniFlake import in the hidden context of a snippet that shows its imports"
                      % (path, line))
                continue
            os.makedirs(os.path.join(output, name, "top"), exist_ok=True)
            os.makedirs(os.path.join(output, name, "function"), exist_ok=True)
            with open(os.path.join(output, name, "top", "main.swift"), "w") as top:
                imports, rest = split_imports(body)
                top.write(imports + "\n" + context + "\n" + rest)
            scope, statements = split(body)
            indented = "\n".join("    " + s if s else s for s in statements.splitlines())
            code = re.sub(r"//.*", "", statements)
            effects = "async throws" if re.search(r"\bawait\b", code) else "throws"
            with open(os.path.join(output, name, "function", "snippet.swift"), "w") as function:
                function.write(
                    scope + "\n" + context + "\nfunc snippet() " + effects + " {\n" + indented + "\n}\n")
            print("%s\t%s:%d" % (name, path, line))


if __name__ == "__main__":
    main()
