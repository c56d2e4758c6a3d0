"""Real pointer input with xdotool, the way a person drags: press, move in
steps about 50 ms apart, pause, release. (A release straight after the press
is not a drag; Escape does not cancel a drag under Xvfb.)"""

import subprocess
import time


def xdotool(*args):
    # Bounded: `mousemove --sync` waits for the pointer to arrive, which a
    # wedged X server would never report.
    subprocess.run(["xdotool", *map(str, args)], check=True, timeout=20)


def move(x, y):
    xdotool("mousemove", "--sync", int(x), int(y))


def click(x, y, button=1, modifiers=()):
    move(x, y)
    for key in modifiers:
        xdotool("keydown", key)
    xdotool("click", button)
    for key in reversed(modifiers):
        xdotool("keyup", key)
    time.sleep(0.2)


def drag(start, end, steps=8, hold=0.6, modifiers=(), dwell=None, during=None):
    """Drags from start to end (screen coordinates). `dwell` (seconds) pauses
    over `end` before releasing (spring loading, flocking). `during()` runs
    while the pointer holds still over `end`, just before the release (a
    screenshot mid-drag, a look at AT-SPI)."""
    (x0, y0), (x1, y1) = start, end
    move(x0, y0)
    for key in modifiers:
        xdotool("keydown", key)
    xdotool("mousedown", 1)
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
    xdotool("mouseup", 1)
    for key in reversed(modifiers):
        xdotool("keyup", key)
    time.sleep(0.5)


def center(node):
    """The centre of an AT-SPI node in its window's coordinates. GTK 4.8 reports
    window-relative positions; on a bare Xvfb the window sits at the origin, but
    its X window has a 5 px decoration margin: for screen coordinates use
    dnd.Screen, which measures it."""
    import gi
    gi.require_version("Atspi", "2.0")
    from gi.repository import Atspi
    extents = node.get_extents(Atspi.CoordType.WINDOW)
    return extents.x + extents.width / 2, extents.y + extents.height / 2
