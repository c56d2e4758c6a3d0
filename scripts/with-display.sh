#!/usr/bin/env bash
# Runs a command under a fresh virtual X display and a private D-Bus session
# (which starts the accessibility bus on demand). -noreset keeps the server
# from resetting when its last client leaves, which broke the next client
# ("cannot open display") between tests. The display number starts at
# a random point, so parallel runs on one machine do not race for :99.
set -euo pipefail
export GDK_BACKEND=x11 GSK_RENDERER=cairo NO_AT_BRIDGE=0
exec xvfb-run -a -n $((100 + RANDOM % 800)) -s "-screen 0 1280x1024x24 -nolisten tcp -noreset" \
  dbus-run-session -- "$@"
