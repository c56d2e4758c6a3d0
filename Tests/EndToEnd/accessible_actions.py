"""Driving Drover the way assistive technology does: AT-SPI actions by name,
keyboard focus, and keys. No pointer."""

import time

from drover_session import Atspi


def actions(node):
    return [Atspi.Action.get_action_name(node, i) for i in range(Atspi.Action.get_n_actions(node))]


def run_action(node, name):
    """Runs the AT-SPI action called `name` on `node` (e.g. "tile.delete")."""
    names = actions(node)
    assert name in names, f"{node.get_name()!r} has no action {name!r}; it has {names}"
    Atspi.Action.do_action(node, names.index(name))


def focus(node):
    """Puts keyboard focus on a tile. GTK 4.8 lacks AT-SPI GrabFocus, so Drover's
    tiles offer a "tile.focus" action instead."""
    run_action(node, "tile.focus")
    time.sleep(0.2)


def keys(*names):
    """Presses keys on the focused window, e.g. keys("ctrl+d", "Tab", "Return")
    (xdotool on X11, mutter's RemoteDesktop on Wayland: pointer.key)."""
    from pointer import key
    for name in names:
        key(name)
        time.sleep(0.15)


def tile(session, name, timeout=20):
    """The grid tile named `name`."""
    return session.find("table cell", name, timeout=timeout)
