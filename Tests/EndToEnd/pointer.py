"""Real pointer and keyboard input, the way a person drags: press, move in
steps about 50 ms apart, pause, release. (A release straight after the press
is not a drag; Escape does not cancel a drag under Xvfb.)

The leg decides how (leg.py): xdotool on X11, mutter's RemoteDesktop API on
Wayland (remote_desktop.py). Key names are xdotool's ("ctrl", "Escape",
"ctrl+d")."""

import subprocess
import time

from leg import WAYLAND


# Two presses on one spot closer together than this are a double click to GTK (400 ms by
# default) and Qt (400 ms): a test's separate clicks, or a click and then a drag from the
# same place, are further apart than this.
DOUBLE_CLICK_TIME = 0.5
_last_press = [float("-inf")]   # time.monotonic() of the last button press sent


def xdotool(*args):
    # Bounded: `mousemove --sync` waits for the pointer to arrive, which a
    # wedged X server would never report.
    if args and args[0] in ("click", "mousedown"):
        _last_press[0] = time.monotonic()
    subprocess.run(["xdotool", *map(str, args)], check=True, timeout=20)


def _x11_pointer():
    """Where the X pointer is now: (x, y)."""
    result = subprocess.run(["xdotool", "getmouselocation", "--shell"], capture_output=True, text=True,
                            check=True, timeout=20)
    values = dict(line.split("=", 1) for line in result.stdout.splitlines() if "=" in line)
    return int(values["X"]), int(values["Y"])


def _desktop():
    from remote_desktop import remote_desktop
    return remote_desktop()


def move(x, y):
    if WAYLAND:
        _desktop().move(int(x), int(y))
    elif _x11_pointer() == (int(x), int(y)):
        # Already there. `xdotool mousemove --sync` waits for the pointer to leave where it
        # was, so asked to go where it already is, xdotool 3.20160805 waits out its own limit
        # (500 looks 30 ms apart: 15 s) and then succeeds: at every second click on a spot
        # and every drag from where the last click was (31 s of each file-manager test).
        # The same move without --sync: its event still matters (GTK 4.8 drops a click on a
        # window that appeared under a pointer that has not moved since).
        xdotool("mousemove", int(x), int(y))
        # Those 15 s also kept a press that follows from being a double click with the last
        # one, so that much time (at most DOUBLE_CLICK_TIME) still passes.
        time.sleep(max(0.0, _last_press[0] + DOUBLE_CLICK_TIME - time.monotonic()))
    else:
        xdotool("mousemove", "--sync", int(x), int(y))


def press(button=1):
    _last_press[0] = time.monotonic()
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


# How long a drag's source may take to begin its drag once the pointer has moved: a
# source on a loaded machine handles the press and the queued motions late.
DRAG_BEGIN_TIMEOUT = 20


def drag(start, end, steps=8, hold=0.6, modifiers=(), dwell=None, during=None, began=None):
    """Drags from start to end (screen coordinates). `dwell` (seconds) pauses
    over `end` before releasing (spring loading, flocking). `during()` runs
    while the pointer holds still over `end`, just before the release (a
    screenshot mid-drag, a look at AT-SPI).

    `began()`, where the source can tell (DroverSession.drag_begins(),
    Peer.drag_begins()), is waited for once the pointer is over `end`: the
    release must not come before the source has begun its drag. A source that
    handles the press and motions late (a loaded machine) would otherwise take
    the release as an ordinary one and begin its drag after it: the drop is
    lost (the drag is cancelled, or waits for a release that never comes).

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
    if began is not None:
        from drover_session import wait_for
        wait_for(began, DRAG_BEGIN_TIMEOUT, interval=0.05, what="the source to begin its drag")
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
