"""Remembered state and the app's own keys (issue 12): the window's size, the sidebar's
width and the open album come back at the next start (GSettings app.drover.Drover);
Ctrl+W closes the window, F10 opens the primary menu, Ctrl+? the shortcuts window."""

import subprocess

from accessible_actions import keys
from dnd import Screen, window_geometry, window_ids
from drover_session import Atspi, DroverSession, find_node, screenshot, wait_for
from pointer import click


def frame(session):
    app = session.application()
    return wait_for(lambda: next((app.get_child_at_index(i) for i in range(app.get_child_count())
                                  if app.get_child_at_index(i).get_role_name() == "frame"), None),
                    what="Drover's frame")


def drover_window(session):
    return window_ids(pid=session.process.pid, sync=True)[0]


def test_window_size_and_open_album_come_back_at_the_next_start():
    with DroverSession() as drover:
        drover.wait_for_tiles(lambda n: len(n) >= 12)
        window = drover_window(drover)
        subprocess.run(["xdotool", "windowsize", "--sync", window, "900", "640"], check=True, timeout=20)
        wait_for(lambda: window_geometry(window)[2:] == (900, 640), 10, what="the window resized")
        click(*Screen.of_drover(drover).center(drover.find("list item", "Animals")))
        drover.wait_for_tiles(lambda n: 0 < len(n) < 12, what="the Animals album open")
        shown = drover.grid_tiles()
        sidebar = drover.find("list", "Albums").get_extents(Atspi.CoordType.WINDOW).width
        # Ctrl+W closes the window as a user would; the app ends with it.
        subprocess.run(["xdotool", "windowactivate", "--sync", window], check=False, timeout=20)
        keys("ctrl+w")
        drover.process.wait(timeout=30)

        drover.start()
        drover.wait_for_tiles(lambda n: n == shown, what="the Animals album open again")
        window = drover_window(drover)
        wait_for(lambda: window_geometry(window)[2:] == (900, 640), 10, what="the window at its remembered size")
        assert drover.find("list", "Albums").get_extents(Atspi.CoordType.WINDOW).width == sidebar
        screenshot("gnome-remembered-state")


def test_f10_opens_the_primary_menu_and_ctrl_question_the_shortcuts_window(drover):
    session, _ = drover
    keys("F10")
    items = wait_for(lambda: [node.get_name() for node, _ in walk_menu(session)] or None, 10, what="the menu")
    # In this order (the Sort submenu's own items may be listed after "Sort").
    expected = ["Import Photos…", "Import Folders…", "Import from Pictures", "Search", "Sort",
                "Keyboard Shortcuts", "About Drover"]
    remaining = iter(items)
    assert all(item in remaining for item in expected), items
    keys("Escape")
    keys("ctrl+question")
    shortcuts = wait_for(lambda: find_node(session.application(), "frame", "Keyboard Shortcuts"), 10,
                         what="the Keyboard Shortcuts window")
    assert shortcuts is not None
    # Every group is there, the keyboard drag included.
    for title in ["General", "Photos", "Keyboard drag", "Albums"]:
        session.wait_for_label(lambda text, title=title: text == title, what=f"the {title} group")
    session.wait_for_label(lambda text: text == "Pick up the selection", what="the keyboard drag's first key")
    screenshot("gnome-shortcuts-window")


def walk_menu(session):
    from drover_session import walk
    return [(node, depth) for node, depth in walk(session.application()) if node.get_role_name() == "menu item"]


def test_zoom_resizes_the_tiles_drags_follow_and_the_size_is_remembered():
    from accessible_actions import focus, tile
    from dnd import collection_order
    from pointer import drag

    with DroverSession() as drover:
        names = drover.wait_for_tiles(lambda n: len(n) >= 12)

        def width():
            return tile(drover, names[0]).get_extents(Atspi.CoordType.WINDOW).width

        medium = width()
        focus(tile(drover, names[0]))
        keys("ctrl+plus")
        wait_for(lambda: width() > medium, 10, what="larger tiles")
        keys("ctrl+minus", "ctrl+minus")
        wait_for(lambda: width() < medium, 10, what="smaller tiles")
        small = width()
        keys("ctrl+minus")
        assert width() == small, "three sizes: the smallest stays the smallest"
        screenshot("gnome-zoom-small")

        # A drag at the new size lands where the pointer says: DragKit's geometry followed.
        screen = Screen.of_drover(drover)
        start = screen.center(tile(drover, names[1]))
        end = screen.center(tile(drover, names[3]), dx=0.3)
        drag(start, end, began=drover.drag_begins())
        expected = [names[0], names[2], names[3], names[1]] + names[4:12]
        wait_for(lambda: collection_order(drover.library)[:12] == expected, 10, what="the drop at the small size")

        subprocess.run(["xdotool", "windowactivate", "--sync", drover_window(drover)], check=False, timeout=20)
        keys("ctrl+w")
        drover.process.wait(timeout=30)
        drover.start()
        drover.wait_for_tiles(lambda n: len(n) >= 12)
        wait_for(lambda: width() == small, 10, what="the small tiles again after a restart")
