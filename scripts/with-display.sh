#!/usr/bin/env bash
# Runs a command under a fresh virtual X display and a private D-Bus session
# (which starts the accessibility bus on demand). -noreset keeps the server
# from resetting when its last client leaves, which broke the next client
# ("cannot open display") between tests. The display number starts at
# a random point, so parallel runs on one machine do not race for :99.
#
# Bounded: the command, the X server and the bus are stopped after
# DISPLAY_TIME_LIMIT seconds (default 40 minutes), so that nothing run here
# (nor an X server that never starts) can hang for ever. scripts/test.sh sets
# tighter limits per stage; end-to-end tests also have one each (conftest.py).
set -euo pipefail
export GDK_BACKEND=x11 GSK_RENDERER=cairo NO_AT_BRIDGE=0
exec bash "$(dirname "$0")/time-limit.sh" "${DISPLAY_TIME_LIMIT:-2400}" "$*" \
  xvfb-run -a -n $((100 + RANDOM % 800)) -s "-screen 0 1280x1024x24 -nolisten tcp -noreset" \
  dbus-run-session -- "$@"
