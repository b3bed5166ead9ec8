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
ones its API is written in). Such a context is reported as FAILED. `<!-- snippet skip: REASON -->` leaves a snippet out (Apple-only
code, which scripts/typecheck-apple-only.sh checks).

Usage: check-snippets.py OUTPUT_DIRECTORY MARKDOWN_FILE...
Prints one line per snippet: NAME<TAB>SOURCE:LINE, or SKIPPED<TAB>SOURCE:LINE<TAB>REASON.
"""
import os
import re
import sys

FENCE = re.compile(r"(?:^<!-- snippet (context|skip):?(.*?)-->\n)?^```swift\n(.*?)^```", re.S | re.M)
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
        line = text.count("\n", 0, match.start(3))
        shows_imports = bool(IMPORT.search(body))
        if not shows_imports:
            body = "\n".join(fragment_imports) + "\n" + body
        yield line, body, kind, note, shows_imports


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


def main():
    output, files = sys.argv[1], sys.argv[2:]
    count = 0
    for path in files:
        for line, body, kind, note, shows_imports in snippets(path):
            if kind == "skip":
                print("SKIPPED\t%s:%d\t%s" % (path, line, note))
                continue
            context = PRELUDE + (note + "\n" if kind == "context" else "")
            count += 1
            name = "snippet%03d" % count
            if shows_imports and kind == "context" and IMPORT.search(note):
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
