#!/usr/bin/env python3
"""The checks on translatable strings that msgfmt and msgcmp do not make
(scripts/check-translations.sh runs this):

- every tr/ntr/ctr call takes plain string literals that xgettext, reading Swift as C,
  extracts exactly: a one-line "…" literal with no \\( interpolation and no \\u{…} escape
  (a call with a variable would compile, StaticString being its type, and be missed);
- no `count == 1 ? "…"` plural built by hand: plurals go through ntr (ngettext);
- every translation keeps the English's {placeholders}, no more, no fewer (a
  singular form may leave out {count}: "Ein Foto")."""

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CALL = re.compile(r'(?<![A-Za-z0-9_.])(tr|ntr|ctr)\(')
LITERAL = re.compile(r'\s*"((?:[^"\\\n]|\\.)*)"')
LITERALS_TAKEN = {"tr": 1, "ntr": 2, "ctr": 2}
HAND_PLURAL = re.compile(r'==\s*1\s*\?\s*"[^"]*[A-Za-z]')
PLACEHOLDER = re.compile(r"\{([A-Za-z]+)\}")


def without_comment(line):
    """The line with a // comment blanked out, but not a // inside a string ("https://…")."""
    in_string, index = False, 0
    while index < len(line):
        char = line[index]
        if char == "\\" and in_string:
            index += 2
            continue
        if char == '"':
            in_string = not in_string
        elif not in_string and line.startswith("//", index):
            return line[:index] + " " * (len(line) - index)
        index += 1
    return line


def line_of(text, offset):
    return text.count("\n", 0, offset) + 1


def check_sources(problems):
    for path in sorted((ROOT / "Sources").rglob("*.swift")):
        if "Localization" in path.parts:
            continue  # where tr, ntr and ctr are defined
        text = path.read_text(encoding="utf-8")
        name = path.relative_to(ROOT)
        # Comments may mention tr(…) in prose; only code counts.
        code = "\n".join(without_comment(line) for line in text.split("\n"))
        for call in CALL.finditer(code):
            position = call.end()
            for index in range(LITERALS_TAKEN[call.group(1)]):
                literal = LITERAL.match(code, position)
                if not literal or code.startswith('"""', literal.start(1) - 1):
                    problems.append(f"{name}:{line_of(code, position)}: {call.group(1)}( takes a one-line string "
                                    f"literal as argument {index + 1} (xgettext cannot read anything else)")
                    break
                body = literal.group(1)
                if "\\(" in body or "\\u{" in body:
                    problems.append(f"{name}:{line_of(code, position)}: a translatable string with \\( or \\u{{: "
                                    f"use {{placeholders}} and write the character itself: \"{body}\"")
                position = literal.end()
                if index + 1 < LITERALS_TAKEN[call.group(1)]:
                    comma = re.compile(r"\s*,").match(code, position)
                    if not comma:
                        break
                    position = comma.end()
        for match in HAND_PLURAL.finditer(code):
            problems.append(f"{name}:{line_of(code, match.start())}: a plural built with `== 1 ?`: "
                            "use ntr(\"{count} photo\", \"{count} photos\", count)")


def po_entries(path):
    """{msgid, msgid_plural, msgstr: {form: text}} of each live entry of a .po file
    (entries are separated by blank lines, as msgmerge writes them)."""
    def unquote(quoted):
        return quoted[1:-1].replace('\\"', '"').replace("\\n", "\n").replace("\\\\", "\\")
    entries = []
    for block in re.split(r"\n\s*\n", path.read_text(encoding="utf-8")):
        entry, key = {"msgid": "", "msgid_plural": None, "msgstr": {}}, None
        for line in block.splitlines():
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            match = re.match(r'(msgctxt|msgid_plural|msgid|msgstr(?:\[(\d+)\])?)\s+(".*")$', line)
            if match:
                key = match.group(1)
                if key.startswith("msgstr"):
                    key = int(match.group(2) or 0)
                    entry["msgstr"][key] = unquote(match.group(3))
                else:
                    entry[key] = unquote(match.group(3))
            elif key is not None:
                if isinstance(key, int):
                    entry["msgstr"][key] += unquote(line)
                else:
                    entry[key] += unquote(line)
        if entry["msgid"]:
            entries.append(entry)
    return entries


def check_translations(problems):
    for language in (ROOT / "po" / "LINGUAS").read_text().split():
        path = ROOT / "po" / f"{language}.po"
        for entry in po_entries(path):
            english = set(PLACEHOLDER.findall(entry["msgid"] + (entry["msgid_plural"] or "")))
            for form, text in entry["msgstr"].items():
                if not text:
                    continue  # msgcmp reports it missing
                found = set(PLACEHOLDER.findall(text))
                allowed_missing = {"count"} if entry["msgid_plural"] is not None and form == 0 else set()
                if found - english or (english - found) - allowed_missing:
                    problems.append(f"po/{language}.po: \"{entry['msgid']}\": the translation's placeholders "
                                    f"{sorted(found)} differ from the English {sorted(english)}")


def main():
    problems = []
    check_sources(problems)
    check_translations(problems)
    for problem in problems:
        print(f"error: {problem}", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
