"""The accessibility audit: every interactive node has a real, unique name.

A node is interactive if it can take focus or offers actions. Its name must
not be empty, must not be a GType name (what GTK shows for unlabelled
widgets), and must differ from its interactive siblings' names."""

import re
import time

from drover_session import Atspi, GLib, walk

GTYPE_NAME = re.compile(r"^(Gtk|Gdk|Adw|Drover)[A-Z]\w*$")

# Roles whose nodes are structure, not controls, even when focusable.
STRUCTURAL_ROLES = {"frame", "window", "application", "filler", "scroll pane", "viewport",
                    "split pane", "separator"}


def is_interactive(node):
    role = node.get_role_name()
    if role in STRUCTURAL_ROLES:
        return False
    states = node.get_state_set()
    if not states.contains(Atspi.StateType.SHOWING):
        return False
    if states.contains(Atspi.StateType.FOCUSABLE):
        return True
    try:
        return node.get_action_iface() is not None and node.get_n_actions() > 0
    except Exception:  # noqa: BLE001 - nodes without the interface raise
        return False


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


def _audit(root):
    problems = []
    for node, _ in walk(root):
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
