#!/usr/bin/env bash
# The Swift tests as the test command runs them: `swift test` under a virtual display
# (scripts/with-display.sh), where GtkKit's tests must not skip (DROVER_REQUIRE_DISPLAY=1),
# with skips declared and counted (issue 33): every skip is listed at the end, and one
# that Tests/expected_swift_skips.txt does not allow fails the run. Arguments go to
# `swift test` (e.g. --filter).
set -euo pipefail
cd "$(dirname "$0")/.."
log=$(mktemp /tmp/drover-swift-test-XXXXXX)
trap 'rm -f "$log"' EXIT
status=0
DROVER_REQUIRE_DISPLAY=1 bash scripts/with-display.sh swift test --skip-build "$@" 2>&1 | tee "$log" || status=$?
/usr/bin/python3 - "$log" Tests/expected_swift_skips.txt <<'PY' || status=1
import re, sys
log, allow_list = sys.argv[1], sys.argv[2]
allowed = {}
for line in open(allow_list, encoding="utf-8"):
    if line.strip() and not line.lstrip().startswith("#"):
        name, _, reason = line.partition("|")
        allowed[name.strip()] = reason.strip()
text = re.sub(r"\x1b\[[0-9;]*m", "", open(log, encoding="utf-8", errors="replace").read())
skips = [(m.group(1), m.group(2) or "(no reason given)")
         for m in re.finditer(r"Test (\S+\(.*?\)) skipped(?:: \"(.*)\")?", text)]
skips += [(m.group(1), "XCTSkip") for m in re.finditer(r"Test Case '([^']+)' skipped", text)]
unexpected = [(name, reason) for name, reason in skips if name not in allowed]
print(f"== Swift skips ({len(skips)})")
for name, reason in skips:
    print(f"{'UNEXPECTED' if (name, reason) in unexpected else 'expected'}: {name}: {reason}")
if unexpected:
    print(f"error: {len(unexpected)} skip(s) not in {allow_list}", file=sys.stderr)
    sys.exit(1)
PY
exit "$status"
