#!/usr/bin/env python3
"""Writes the Swift snippets of the README and the DocC articles that are whole programs (they
import a MiniFlake module) as two files each, for scripts/check-snippets.sh to type-check:

- NAME/main.swift: the snippet as a new executable's top-level code, where the compiler ranks
  an async call's overloads differently from an async function;
- NAME/function.swift: its imports, then the rest inside `func snippet() async throws`.

Usage: check-snippets.py OUTPUT_DIRECTORY MARKDOWN_FILE...
Prints one line per snippet: NAME<TAB>SOURCE:LINE.
"""
import os
import re
import sys

FENCE = re.compile(r"^```swift\n(.*?)^```", re.S | re.M)
IMPORT = re.compile(r"^(?:@testable )?import (MiniFlake\w*)\s*$", re.M)
# Declarations a function body cannot hold: they stay at file scope in both forms.
FILE_SCOPE = re.compile(r"^(extension|protocol|@main|precedencegroup|import)\b")


def snippets(path):
    text = open(path, encoding="utf-8").read()
    for match in FENCE.finditer(text):
        body = match.group(1)
        if IMPORT.search(body):
            line = text.count("\n", 0, match.start()) + 2
            yield line, body


def split(body):
    """The file-scope part (imports, extensions…) and the statements, top to bottom."""
    scope, statements, depth, in_scope = [], [], 0, False
    for line in body.splitlines():
        if depth == 0:
            in_scope = bool(FILE_SCOPE.match(line))
        (scope if in_scope else statements).append(line)
        depth += line.count("{") - line.count("}")
    return "\n".join(scope), "\n".join(statements)


def main():
    output, files = sys.argv[1], sys.argv[2:]
    count = 0
    for path in files:
        for line, body in snippets(path):
            count += 1
            name = "snippet%03d" % count
            os.makedirs(os.path.join(output, name, "top"), exist_ok=True)
            os.makedirs(os.path.join(output, name, "function"), exist_ok=True)
            with open(os.path.join(output, name, "top", "main.swift"), "w") as top:
                top.write(body)
            scope, statements = split(body)
            indented = "\n".join("    " + s if s else s for s in statements.splitlines())
            with open(os.path.join(output, name, "function", "snippet.swift"), "w") as function:
                function.write(scope + "\n\nfunc snippet() async throws {\n" + indented + "\n}\n")
            print("%s\t%s:%d" % (name, path, line))


if __name__ == "__main__":
    main()
