#!/usr/bin/env python3
"""Keeps docs/architecture.md true to the code it describes:

- every folder under Sources/ and Web/ has its line in the page's Layout block (a top-level path, or a folder
  indented under one: two spaces a level), and every folder the block names exists;
- every type the page names in backticks (`StayStorage`, `FrontDesk.day`, `StaffRole.may(_:)`) is declared
  somewhere in Sources/ or Tests/, or is one of the few dependencies' types it names;
- the boundaries the page draws hold: the server (Sources/App) uses none of Storage's repositories (the
  accessors of Store+Repositories.swift) and opens no write of its own, a message enters the outbox only
  through the domain's `Notices`, and no code starts a program with Foundation's `Process` (its `run()` on
  Swift 6.3.1 reads past glibc's buffer and crashes the test run now and then: `ChildProcess` instead).

Run by `make test`; prints what is missing and exits 1.
"""

import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PAGE = os.path.join(ROOT, "docs", "architecture.md")
# Folders whose insides are not ours to lay out.
SKIPPED = {"Web/vendor"}
# Types of the packages we depend on that the page names.
DEPENDENCIES = {"ServiceGroup"}


def layout_folders(text):
    """The folders the Layout block names, as paths from the repository's root."""
    block = re.search(r"## Layout\n.*?```\n(.*?)```", text, re.S)
    if not block:
        sys.exit("docs/architecture.md has no Layout block")
    named, parents = set(), []
    for line in block.group(1).splitlines():
        match = re.match(r"^( *)([\w.-]+(?:/[\w.-]+)*/)(?:\s|$)", line)
        if not match:
            continue
        depth = len(match.group(1)) // 2
        if depth == 0:
            parents = [match.group(2)]
        else:
            parents = parents[:depth] + [match.group(2)]
        named.add("".join(parents).rstrip("/"))
    return named


def code_folders():
    found = set()
    for top in ("Sources", "Web"):
        for path, folders, _ in os.walk(os.path.join(ROOT, top)):
            relative = os.path.relpath(path, ROOT)
            folders[:] = sorted(f for f in folders if not f.startswith(".") and f != "__pycache__")
            if any(relative == s or relative.startswith(s + "/") for s in SKIPPED):
                folders[:] = []
                continue
            if relative != "Sources":  # the targets' folder: each target has its line
                found.add(relative)
    return found


def declared_types():
    names = set()
    pattern = re.compile(r"\b(?:protocol|struct|enum|class|actor|typealias|extension)\s+(\w+)")
    for top in ("Sources", "Tests"):
        for path, _, files in os.walk(os.path.join(ROOT, top)):
            for name in files:
                if name.endswith(".swift"):
                    with open(os.path.join(path, name), encoding="utf-8") as f:
                        names.update(pattern.findall(f.read()))
    return names


def swift_files(folder):
    for path, _, files in os.walk(os.path.join(ROOT, folder)):
        for name in sorted(files):
            if name.endswith(".swift"):
                full = os.path.join(path, name)
                with open(full, encoding="utf-8") as f:
                    yield os.path.relpath(full, ROOT), f.read()


def boundary_problems():
    with open(os.path.join(ROOT, "Sources/Storage/Store+Repositories.swift"), encoding="utf-8") as f:
        repositories = re.findall(r"var (\w+): \w+Repository\b", f.read())
    # `store.stays.x` or `let r = store.stays`, but not the methods of the same name (`store.rooms(propertyID:)`).
    used = re.compile(r"\bstore\.(" + "|".join(repositories) + r")\b(?!\s*\()")
    problems = []
    for path, code in swift_files("Sources/App"):
        for number, line in enumerate(code.splitlines(), 1):
            if used.search(line):
                problems.append(f"{path}:{number}: App uses a repository ({line.strip()}): go through the domain")
            if re.search(r"\bstore\.write\b", line):
                problems.append(f"{path}:{number}: App writes to the database itself ({line.strip()})")
    for path, code in swift_files("Sources"):
        if path.startswith("Sources/Storage/") or path.endswith("Notices.swift"):
            continue
        for number, line in enumerate(code.splitlines(), 1):
            if re.search(r"\.enqueue(Once)?\(", line):
                problems.append(f"{path}:{number}: a message enqueued outside Notices ({line.strip()})")
    for folder in ("Sources", "Tests"):
        for path, code in swift_files(folder):
            for number, line in enumerate(code.splitlines(), 1):
                if not line.lstrip().startswith("//") and re.search(r"\bProcess\(\)|\bProcess\.run\(", line):
                    problems.append(
                        f"{path}:{number}: a program started with Foundation's Process ({line.strip()}):"
                        " use MailTesting's ChildProcess")
    return problems


def main():
    with open(PAGE, encoding="utf-8") as f:
        text = f.read()
    problems = []
    named, present = layout_folders(text), code_folders()
    for folder in sorted(present - named):
        problems.append(f"{folder}/ is not in the Layout block of docs/architecture.md")
    for folder in sorted(named - present):
        if folder.split("/")[0] in ("Sources", "Web"):
            problems.append(f"docs/architecture.md lays out {folder}/, which does not exist")
    declared = declared_types() | DEPENDENCIES
    for name in sorted(set(re.findall(r"`([A-Z][A-Za-z0-9]+)(?:[.(<][^`]*)?`", text))):
        if name not in declared:
            problems.append(f"docs/architecture.md names `{name}`, which no code declares")
    problems += boundary_problems()
    for problem in problems:
        print(problem)
    if problems:
        sys.exit(1)
    print(f"docs/architecture.md: {len(named)} folders and every type it names are as the code has them")


if __name__ == "__main__":
    main()
