#!/usr/bin/python3
"""An image viewer as far as the desktop can tell: a desktop file runs it with the files
to open (Exec=… %F), and it records each as a JSON line ({"path", "sha256"}) in RECORD,
read at once (an app may be handed a file that is gone later), then exits.

    record_opened.py RECORD FILE..."""

import hashlib
import json
import sys


def main():
    record, files = sys.argv[1], sys.argv[2:]
    with open(record, "a") as out:
        for path in files:
            digest = hashlib.sha256(open(path, "rb").read()).hexdigest()
            out.write(json.dumps({"path": path, "sha256": digest}) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
