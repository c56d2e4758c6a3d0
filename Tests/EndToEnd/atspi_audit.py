"""The accessibility audit: every interactive node has a real, unique name.

A node is interactive if it can take focus or offers actions. Its name must
not be empty, must not be a GType name (what GTK shows for unlabelled
widgets), and must differ from its interactive siblings' names."""

import re
import time

from drover_session import Atspi, GLib

GTYPE_NAME = re.compile(r"^(Gtk|Gdk|Adw|Drover)[A-Z]\w*$")

# Roles whose nodes are structure, not controls, even when focusable.
STRUCTURAL_ROLES = {"frame", "window", "application", "filler", "scroll pane", "viewport",
                    "split pane", "separator"}


def on_screen(node):
    """Whether `node` is shown. GTK 4.8 sets SHOWING on toplevels only (every
    widget inside a window lacks it, shown or not), so VISIBLE stands in for
    it: a node in a hidden stack page then counts as shown, which makes the
    audit stricter, never laxer. States are read afresh (libatspi caches them)."""
    node.clear_cache()
    states = node.get_state_set()
    return states.contains(Atspi.StateType.SHOWING) or states.contains(Atspi.StateType.VISIBLE)


def is_interactive(node):
    role = node.get_role_name()
    if role in STRUCTURAL_ROLES:
        return False
    if not on_screen(node):
        return False
    states = node.get_state_set()
    if states.contains(Atspi.StateType.FOCUSABLE):
        return True
    # A node that vanishes while being read raises GLib.Error: audit() reads the whole
    # tree again (never a part of it left out unread).
    return "Action" in node.get_interfaces() and Atspi.Action.get_n_actions(node) > 0


def audit(root, attempts=3):
    """Returns a list of human-readable problems; empty when the tree is clean.
    A tree that changes while it is read (a menu closing) is read again."""
    for attempt in range(attempts):
        try:
            return _audit(root)
        except GLib.Error:
            if attempt == attempts - 1:
                raise
            time.sleep(0.3)
    return []


def shown_nodes(root):
    """`root` and its descendants, leaving out the subtrees of hidden nodes
    (a hidden parent hides its children, whatever their own state says)."""
    if root is None:
        return
    yield root
    # A node that vanishes while being read raises GLib.Error, which ends the walk: the
    # caller reads the tree again (audit), so no part of it is skipped unread.
    for i in range(root.get_child_count()):
        child = root.get_child_at_index(i)
        if child is None:
            raise GLib.Error(f"child {i} of {root.get_role_name()} {root.get_name()!r} vanished while being read")
        if not on_screen(child):
            continue
        yield from shown_nodes(child)


def _audit(root):
    problems = []
    for node in shown_nodes(root):
        siblings = [node.get_child_at_index(i) for i in range(node.get_child_count())]
        seen = {}
        for child in siblings:
            if child is None or not is_interactive(child):
                continue
            name = child.get_name() or ""
            where = f"{child.get_role_name()} under {node.get_role_name()} {node.get_name()!r}"
            if not name.strip():
                problems.append(f"unnamed {where}")
            elif GTYPE_NAME.match(name):
                problems.append(f"{where} is named by its type: {name}")
            elif name in seen:
                problems.append(f"duplicate name {name!r}: {where}")
            seen[name] = child
    return problems
