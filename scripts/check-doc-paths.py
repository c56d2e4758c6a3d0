#!/usr/bin/env python3
"""Every path the docs name exists in the repository: relative markdown links (and their
#anchors), backticked paths, and markdown file names (`DESIGN.md` is not ours) in README.md,
docs/, FuzzTesting/README.md and data/README.md.

A backticked path is checked when it starts with a folder of the repository (`Sources/…`,
`scripts/…`), with a module's folder (`DragKit/DropRules.swift` means Sources/DragKit/…), or is
a bare source file name (`DropRules.swift`, found anywhere under Sources/, Tests/, scripts/ or
benchmarks/). Paths with wildcards or placeholders (`*`, `<Module>`) and folders that only
runs make (test-output/, build/) are skipped. Exit status 1 names each missing one.
"""
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
DOCS = ["README.md", "docs/*.md", "FuzzTesting/README.md", "data/README.md"]
ROOTS = ("Sources/", "Tests/", "scripts/", "docs/", "benchmarks/", "data/", "po/",
         "FuzzTesting/", ".ci/")
ROOT_FILES = {"Package.swift", "meson.build", "meson_options.txt", "README.md"}
GENERATED = ("test-output/", "build/", ".build/")
SOURCE_SUFFIXES = (".swift", ".py", ".sh", ".h", ".c")
MD_NAME = re.compile(r"(?<![\w/.-])([\w.-]+\.md)\b")
LINK = re.compile(r"(?<!!)\[[^\]]*\]\(([^)\s]+)\)|!\[[^\]]*\]\(([^)\s]+)\)")
CODE = re.compile(r"`([^`\s]+)`")


def slug(heading):
    """GitHub's anchor for a heading."""
    text = re.sub(r"[`*_]", "", heading.strip().lower())
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def anchors(path):
    found = set()
    in_code = False
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("```"):
            in_code = not in_code
        elif not in_code and line.startswith("#"):
            found.add(slug(line.lstrip("#")))
    return found


def bare_files():
    names = set()
    for folder in ("Sources", "Tests", "scripts", "benchmarks", "FuzzTesting", "docs", "data"):
        for path in (ROOT / folder).rglob("*"):
            if ".build" not in path.parts:
                names.add(path.name)
    return names | ROOT_FILES


def inside(path):
    return ROOT == path.resolve() or ROOT in path.resolve().parents


def exists(token, doc):
    token = token.rstrip(".,;:")
    token = token.split("#")[0]
    if not token:
        return True
    if token.startswith("../"):
        return inside(doc.parent / token) and (doc.parent / token).exists()
    if (doc.parent / token).exists() or (ROOT / token).exists():
        return True
    # A module-relative path: `GalleryKit/ChangeSet.swift`, `Drover/Grid/PhotoGrid.swift`.
    return (ROOT / "Sources" / token).exists() or \
        any(p.exists() for p in (ROOT / "Sources").glob(f"*/{token}"))


def checked(token, modules):
    if any(c in token for c in "*<>{}$~") or token.startswith(GENERATED) or "://" in token:
        return False
    if token.startswith("."):
        return token.startswith((".ci/", "../"))
    if token.startswith(ROOTS) or token in ROOT_FILES:
        return True
    first = token.split("/")[0]
    if "/" in token and first in modules:
        return True
    return "/" not in token and token.endswith(SOURCE_SUFFIXES + (".md",))


def main():
    modules = {p.name for p in (ROOT / "Sources").iterdir() if p.is_dir()}
    names = bare_files()
    missing = []
    for pattern in DOCS:
        for doc in sorted(ROOT.glob(pattern)):
            rel = doc.relative_to(ROOT).as_posix()
            in_code = False
            for number, line in enumerate(doc.read_text(encoding="utf-8").splitlines(), 1):
                if line.startswith("```"):
                    in_code = not in_code
                    continue
                if in_code:
                    continue
                linked = set()
                for match in LINK.finditer(line):
                    target = match.group(1) or match.group(2)
                    linked.add(pathlib.PurePosixPath(target.partition("#")[0]).name)
                    if re.match(r"^[a-z]+:", target):
                        continue
                    file, _, anchor = target.partition("#")
                    path = (doc.parent / file) if file else doc
                    if not inside(path):
                        missing.append(f"{rel}:{number}: link to {target}: outside the repository")
                    elif not path.exists():
                        missing.append(f"{rel}:{number}: link to {target}: no such file")
                    elif anchor and path.suffix == ".md" and anchor not in anchors(path):
                        missing.append(f"{rel}:{number}: link to {target}: no such heading")
                # A markdown file named in prose or code (`DESIGN.md`) must be one of ours.
                for name in MD_NAME.findall(line):
                    if name not in names and name not in linked:
                        missing.append(f"{rel}:{number}: {name}: not a file in this repository")
                for token in CODE.findall(line):
                    token = token.rstrip(".,;:")
                    if not checked(token, modules):
                        continue
                    if "/" not in token and token not in ROOT_FILES:
                        ok = token in names
                    else:
                        ok = exists(token, doc)
                    if not ok and token.startswith("../") and not inside(doc.parent / token):
                        missing.append(f"{rel}:{number}: `{token}`: outside the repository")
                    elif not ok:
                        missing.append(f"{rel}:{number}: `{token}`: no such file or folder")
    missing = list(dict.fromkeys(missing))
    for line in missing:
        print(line, file=sys.stderr)
    if missing:
        print(f"doc paths: {len(missing)} missing", file=sys.stderr)
        return 1
    print("doc paths: every linked and named path exists")
    return 0


if __name__ == "__main__":
    sys.exit(main())
