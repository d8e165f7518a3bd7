#!/usr/bin/env python3
"""Checks that every Markdown link from README.md and docs/*.md to a local file resolves, and that a
link's #anchor names a heading of the file it points to (GitHub's slugs). Exit 1 on any broken link."""
import pathlib
import re
import sys

root = pathlib.Path(__file__).resolve().parent.parent
files = [root / "README.md", *sorted((root / "docs").glob("*.md"))]
link = re.compile(r"(?<!!)\[[^\]]*\]\(([^)\s]+)\)")


def slug(heading):
    text = re.sub(r"[`*_]", "", heading.strip().lower())
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def anchors(path):
    found, fence = set(), False
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("```"):
            fence = not fence
        elif not fence and line.startswith("#"):
            found.add(slug(line.lstrip("#")))
    return found


broken = []
count = 0
for source in files:
    text = source.read_text(encoding="utf-8")
    text = re.sub(r"```.*?```", "", text, flags=re.S)
    for target in link.findall(text):
        if re.match(r"[a-z]+:", target):
            continue
        count += 1
        path, _, anchor = target.partition("#")
        resolved = (source.parent / path).resolve() if path else source
        name = f"{source.relative_to(root)}: {target}"
        if not resolved.exists():
            broken.append(f"{name}: no such file")
        elif anchor and resolved.suffix == ".md" and anchor not in anchors(resolved):
            broken.append(f"{name}: no heading #{anchor}")
print(f"check-doc-links: {count} local links in {len(files)} files, {len(broken)} broken")
for line in broken:
    print("  " + line)
sys.exit(1 if broken else 0)
