"""Which leg of the end-to-end suite this run is, and what differs between them.

- X11 (the default): Xvfb with no window manager, input through xdotool,
  screenshots with ImageMagick's `import` (scripts/with-display.sh).
- Wayland: GNOME's own compositor, mutter, headless, input through its
  RemoteDesktop API, screenshots from its ScreenCast (scripts/with-wayland.sh,
  which sets DROVER_E2E_BACKEND=wayland).

A scenario says what to do ("drag from this tile to that peer"); the leg's
driver (pointer.py, dnd.Screen, dnd.Peer, drover_session.screenshot) decides how."""

import os

import pytest

WAYLAND = os.environ.get("DROVER_E2E_BACKEND") == "wayland"
NAME = "wayland" if WAYLAND else "x11"
GDK_BACKEND = NAME


def x11_only(reason):
    """Skips a test on the Wayland leg, saying why Wayland cannot do it."""
    return pytest.mark.skipif(WAYLAND, reason=f"not on Wayland: {reason}")


def wayland_only(reason):
    """Skips a test on the X11 leg, saying why X11 cannot do it."""
    return pytest.mark.skipif(not WAYLAND, reason=f"not on X11: {reason}")
