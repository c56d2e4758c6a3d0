#!/usr/bin/env bash
# Runs a command in a headless GNOME Wayland session: mutter on a virtual
# monitor, with pipewire and wireplumber for its screen casts, on a private
# D-Bus session with its own HOME and XDG directories
# (Tests/EndToEnd/wayland_session.py says how and why). The end-to-end tests
# read DROVER_E2E_BACKEND=wayland from it and drive mutter's RemoteDesktop API
# instead of xdotool.
#
# Bounded like scripts/with-display.sh: everything is stopped after
# DISPLAY_TIME_LIMIT seconds (default 40 minutes). If mutter cannot start,
# this fails, saying why, with mutter's log.
set -euo pipefail
export GSK_RENDERER=cairo NO_AT_BRIDGE=0 WAYLAND_SESSION_TIME_LIMIT="${DISPLAY_TIME_LIMIT:-2400}"
exec bash "$(dirname "$0")/time-limit.sh" "$((WAYLAND_SESSION_TIME_LIMIT + 60))" "$*" \
  /usr/bin/python3 "$(dirname "$0")/../Tests/EndToEnd/wayland_session.py" "$@"
