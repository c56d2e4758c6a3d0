"""Real pointer and keyboard input, the way a person drags: press, move in
steps about 50 ms apart, pause, release. (A release straight after the press
is not a drag; Escape does not cancel a drag under Xvfb.)

The leg decides how (leg.py): xdotool on X11, mutter's RemoteDesktop API on
Wayland (remote_desktop.py). Key names are xdotool's ("ctrl", "Escape",
"ctrl+d")."""

import subprocess
import time

from leg import WAYLAND


def xdotool(*args):
    # Bounded: `mousemove --sync` waits for the pointer to arrive, which a
    # wedged X server would never report.
    subprocess.run(["xdotool", *map(str, args)], check=True, timeout=20)


def _desktop():
    from remote_desktop import remote_desktop
    return remote_desktop()


def move(x, y):
    if WAYLAND:
        _desktop().move(int(x), int(y))
    else:
        xdotool("mousemove", "--sync", int(x), int(y))


def press(button=1):
    if WAYLAND:
        from remote_desktop import BTN_LEFT, BTN_RIGHT
        _desktop().button(True, BTN_LEFT if button == 1 else BTN_RIGHT)
    else:
        xdotool("mousedown", button)


def release(button=1):
    if WAYLAND:
        from remote_desktop import BTN_LEFT, BTN_RIGHT
        _desktop().button(False, BTN_LEFT if button == 1 else BTN_RIGHT)
    else:
        xdotool("mouseup", button)


def key_down(name):
    if WAYLAND:
        _desktop().key_down(name)
    else:
        xdotool("keydown", name)


def key_up(name):
    if WAYLAND:
        _desktop().key_up(name)
    else:
        xdotool("keyup", name)


def key(name):
    """Presses and releases a key or a chord ("Escape", "ctrl+d")."""
    if WAYLAND:
        _desktop().key(name)
    else:
        xdotool("key", name)


def click(x, y, button=1, modifiers=()):
    move(x, y)
    for name in modifiers:
        key_down(name)
    if WAYLAND:
        press(button)
        time.sleep(0.05)   # a person's click: the release comes a moment after the press
        release(button)
    else:
        xdotool("click", button)
    for name in reversed(modifiers):
        key_up(name)
    time.sleep(0.2)


def drag(start, end, steps=8, hold=0.6, modifiers=(), dwell=None, during=None):
    """Drags from start to end (screen coordinates). `dwell` (seconds) pauses
    over `end` before releasing (spring loading, flocking). `during()` runs
    while the pointer holds still over `end`, just before the release (a
    screenshot mid-drag, a look at AT-SPI).

    How long the pointer rests is never a race with one of Drover's timers (a
    short hold "under the 500 ms spring-loading delay" loses it on a loaded
    machine): a drop meant for a closed album uses a Drover with spring loading
    off (conftest.drover_closed_albums), one meant to open it dwells well past it."""
    (x0, y0), (x1, y1) = start, end
    move(x0, y0)
    for name in modifiers:
        key_down(name)
    press(1)
    time.sleep(0.15)
    for i in range(1, steps + 1):
        t = i / steps
        move(x0 + (x1 - x0) * t, y0 + (y1 - y0) * t)
        time.sleep(0.05)
    # Small wiggles keep motion events coming while holding still.
    time.sleep(dwell or hold)
    move(x1 + 1, y1)
    time.sleep(0.1)
    move(x1, y1)
    time.sleep(0.2)
    if during is not None:
        during()
        move(x1 + 1, y1)
        time.sleep(0.1)
        move(x1, y1)
        time.sleep(0.1)
    release(1)
    for name in reversed(modifiers):
        key_up(name)
    time.sleep(0.5)


def center(node):
    """The centre of an AT-SPI node in its window's coordinates. GTK 4.8 reports
    window-relative positions; on a bare Xvfb the window sits at the origin, but
    its X window has a 5 px decoration margin: for screen coordinates use
    dnd.Screen, which measures it (on both legs)."""
    import gi
    gi.require_version("Atspi", "2.0")
    from gi.repository import Atspi
    extents = node.get_extents(Atspi.CoordType.WINDOW)
    return extents.x + extents.width / 2, extents.y + extents.height / 2
