#!/usr/bin/env python3
"""Who may import whom: checks every `import` in Sources/<Module>/**/*.swift against LAYERS.

LAYERS below is the one table of the layering (docs/architecture.md, "Who may import whom",
mirrors it, and this script checks that it does). It fails, exit status 1, naming the file,
the line and the import, when:
  - a module imports something outside its allowed list (or a module nobody knows);
  - a folder in Sources/ is not in LAYERS (a new module must be placed in the layering);
  - an `@_exported import` appears anywhere (a module says what it needs itself);
  - LAYERS itself lets a GTK-free module import GTK, or docs/architecture.md's table
    differs from it.
A module in LAYERS with no folder yet is fine. Usage: scripts/check-layering.py [--table]
"""
import pathlib
import re
import sys

# Module -> the modules it may import (beside PLATFORM). C modules' own C dependencies are
# Package.swift's business; they are listed so that every folder in Sources/ is placed.
LAYERS = {
    # System libraries and C glue.
    "CGtk": [],
    "CAdwaita": [],
    "CPixbuf": [],
    "CSystem": [],  # fork, pidfd, sockets, renameat2: system calls, apart from gdk-pixbuf
    "CZlib": [],  # zlib, for PNG's compressed EXIF chunks
    "CZBar": [],
    "CExif": [],
    "CXXHash": [],
    "CIntl": [],
    "CSeccomp": [],  # libseccomp: the decode child's system-call allow-list
    "CJPEG": [],  # libjpeg-turbo: the decode child's JPEG decoder
    "CPixman": [],  # pixman: the decode child's resize of a JPEG decoded at a DCT scaling
    "CDrover": ["CGtk"],
    # Pure Swift foundations.
    "Localization": ["CIntl"],
    "ChangeKit": [],
    "ImageFormats": ["CZlib"],
    "UndoKit": [],
    # GTK wrappers, no app logic.
    "GtkKit": ["CGtk", "CAdwaita", "CDrover", "Localization"],
    # Every drag-and-drop rule; no GTK.
    "DragKit": ["ChangeKit", "ImageFormats", "Localization"],
    # The drover-decode helper's server, child, wire and client; links gdk-pixbuf, libjpeg,
    # pixman, zbar and libexif (the child's EXIF reading), nothing of the library's.
    "DecoderKit": ["CExif", "CJPEG", "CPixbuf", "CPixman", "CSeccomp", "CSystem", "CZBar", "ImageFormats"],
    # The library; no GTK.
    "GalleryKit": ["ChangeKit", "ImageFormats", "DecoderKit", "CPixbuf", "CSystem",
                   "CXXHash", "Localization", "GRDB"],
    # Executables.
    "Drover": ["GtkKit", "CGtk", "ChangeKit", "DragKit", "GalleryKit", "DecoderKit",
               "ImageFormats", "UndoKit", "Localization"],
    "DroverDecode": ["DecoderKit"],
    "DragKitBenchmark": ["ChangeKit", "DragKit"],
}

# Packages from outside (Package.swift's dependencies), placed by LAYERS like any module.
EXTERNAL = {"GRDB"}

# The toolchain's own modules: any module may import these.
PLATFORM = {"Swift", "Foundation", "FoundationEssentials", "Dispatch", "Synchronization",
            "Glibc", "_Concurrency"}

# Modules that must stay free of GTK, whatever LAYERS says.
GTK_FREE = {"GalleryKit", "DragKit", "ImageFormats", "DecoderKit", "ChangeKit",
            "UndoKit", "Localization"}
GTK = {"CGtk", "CAdwaita", "GtkKit", "CDrover"}

# The parsers of an image's EXIF run only in the confined decode child (docs/sandbox.md,
# "EXIF"): code of the modules that run in Drover's own process never names them (the
# child's answer comes through DecoderProcess). A word, not an import, so checked as one.
CHILD_ONLY = {"ExifBlockFinder", "PNGExif", "HEIFExif", "TIFFExifCompactor", "ExifReader",
              "LoadedExif"}
DROVER_PROCESS = {"Drover", "GalleryKit", "DragKit", "GtkKit"}
CHILD_ONLY_WORD = re.compile(r"\b(" + "|".join(sorted(CHILD_ONLY)) + r")\b")

IMPORT = re.compile(
    r"^\s*(?P<attrs>(?:@\w+(?:\([^)]*\))?\s+)*)import\s+"
    r"(?:(?:typealias|struct|class|enum|protocol|let|var|func)\s+)?"
    r"(?P<module>\w+)")

ROOT = pathlib.Path(__file__).resolve().parent.parent


def check_table(errors):
    for module, allowed in LAYERS.items():
        for bad in sorted(GTK & set(allowed)) if module in GTK_FREE else []:
            errors.append(f"scripts/check-layering.py: LAYERS lets {module} import {bad}, "
                          f"but {module} must not import GTK")
        for name in allowed:
            if name not in LAYERS and name not in EXTERNAL:
                errors.append(f"scripts/check-layering.py: LAYERS[{module}] names {name}, "
                              "which is not in LAYERS")


def check_doc(errors):
    """docs/architecture.md's table ("| `Module` | `A`, `B` |") must say what LAYERS says."""
    doc = ROOT / "docs" / "architecture.md"
    rows = {}
    in_table = False
    for number, line in enumerate(doc.read_text(encoding="utf-8").splitlines(), 1):
        if re.match(r"^\|\s*Module\s*\|\s*May import", line):
            in_table = True
            continue
        if in_table:
            if not line.startswith("|"):
                break
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            if len(cells) < 2 or set(cells[0]) <= set("-: "):
                continue
            names = re.findall(r"`(\w+)`", cells[0])
            allowed = set(re.findall(r"`(\w+)`", cells[1]))
            for name in names:
                rows[name] = (allowed, number)
    if not rows:
        errors.append("docs/architecture.md: no table headed '| Module | May import |'")
        return
    for module, allowed in LAYERS.items():
        if module not in rows:
            errors.append(f"docs/architecture.md: the layering table has no row for {module}")
        elif rows[module][0] != set(allowed):
            errors.append(f"docs/architecture.md:{rows[module][1]}: {module} may import "
                          f"{sorted(allowed)} (scripts/check-layering.py), the doc says "
                          f"{sorted(rows[module][0])}")
    for module in sorted(set(rows) - set(LAYERS)):
        errors.append(f"docs/architecture.md:{rows[module][1]}: {module} is not in LAYERS")


def check_sources(errors):
    for folder in sorted(p for p in (ROOT / "Sources").iterdir() if p.is_dir()):
        module = folder.name
        if module not in LAYERS:
            errors.append(f"Sources/{module}: a module not in the layering: add it to LAYERS "
                          "in scripts/check-layering.py and to docs/architecture.md")
            continue
        allowed = set(LAYERS[module]) | PLATFORM
        for path in sorted(folder.rglob("*.swift")):
            rel = path.relative_to(ROOT).as_posix()
            in_comment = False  # inside a /* … */ block, where an import is only text
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                if in_comment:
                    in_comment = "*/" not in line
                    continue
                if line.lstrip().startswith("/*"):
                    in_comment = "*/" not in line
                    continue
                code = line.split("//", 1)[0]
                word = CHILD_ONLY_WORD.search(code) if module in DROVER_PROCESS else None
                if word:
                    errors.append(f"{rel}:{number}: {module} runs in Drover's process and names "
                                  f"{word.group(1)}, which parses EXIF in the decode child only")
                match = IMPORT.match(line)
                if not match:
                    continue
                imported = match.group("module")
                if "@_exported" in match.group("attrs"):
                    errors.append(f"{rel}:{number}: @_exported import {imported}: "
                                  "no module re-exports another")
                if module in GTK_FREE and imported in GTK:
                    errors.append(f"{rel}:{number}: {module} imports {imported}, "
                                  f"but {module} must not import GTK")
                elif imported not in allowed:
                    errors.append(f"{rel}:{number}: {module} may not import {imported} "
                                  f"(allowed: {', '.join(LAYERS[module]) or 'the platform only'})")


def main():
    if sys.argv[1:] == ["--table"]:
        for module, allowed in LAYERS.items():
            print(f"{module}: {', '.join(allowed) or '-'}")
        return 0
    errors = []
    check_table(errors)
    check_doc(errors)
    check_sources(errors)
    for error in errors:
        print(error, file=sys.stderr)
    if errors:
        print(f"layering: {len(errors)} problem(s); the layers are in docs/architecture.md",
              file=sys.stderr)
        return 1
    print(f"layering: {len(LAYERS)} modules, every import allowed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
