"""A narrow window (issue 12): at 360 px the albums sidebar folds into a drawer, the grid
gets the whole width (fewer columns), and every album stays a drop target: by a pointer
drag that rests on the header's "Show Albums" button (spring loading opens the drawer) and
by the keyboard (F9 opens it; a keyboard drag's Tab to an album shows it)."""

import subprocess
import time

from accessible_actions import focus, keys, tile
from dnd import album_titles, states, window_geometry, window_ids
from drover_session import Atspi, find_node, screenshot, wait_for
from pointer import move, press, release

NARROW = 360


def extents(node):
    node.clear_cache()
    return node.get_extents(Atspi.CoordType.WINDOW)


def columns(session, names):
    """How many tiles the grid's first row holds (of the tiles it has made: only the
    visible ones exist)."""
    app = session.application()
    tops = [extents(node).y for node in (find_node(app, "table cell", name) for name in names[:8]) if node is not None]
    return sum(1 for top in tops if top == tops[0]) if tops else 0


def show_albums_button(session):
    button = find_node(session.application(), "push button", "Show Albums")
    return button if button is not None and "visible" in states(button) else None


def drawer_open(session):
    """Whether the Travel row lies inside the window (the drawer slid in)."""
    row = extents(session.find("list item", "Travel"))
    return row.width > 0 and row.x >= 0


def frame(session):
    app = session.application()
    return next(app.get_child_at_index(i) for i in range(app.get_child_count())
                if app.get_child_at_index(i).get_role_name() == "frame")


def narrow_window(session, names):
    """Resizes the window to 360 px (the window itself: its X window also holds the
    client-side shadow margins) and checks the narrow layout."""
    window = window_ids(pid=session.process.pid, sync=True)[0]
    assert show_albums_button(session) is None, "a wide window shows its sidebar, not the button"
    wide = columns(session, names)
    margins = window_geometry(window)[2] - extents(frame(session)).width
    subprocess.run(["xdotool", "windowsize", "--sync", window, str(NARROW + margins), "760"], check=True, timeout=20)
    wait_for(lambda: extents(frame(session)).width == NARROW, 10, what="the window at 360 px")
    button = wait_for(lambda: show_albums_button(session), 10, what="the Show Albums button")
    wait_for(lambda: not drawer_open(session), 10, what="the sidebar folded away")
    narrow = wait_for(lambda: columns(session, names) or None, 10, what="the grid's columns")
    assert 0 < narrow < wide, f"{narrow} columns at 360 px, {wide} wide"
    return button


def test_at_360_px_a_drag_resting_on_show_albums_opens_the_drawer_and_drops_on_an_album(drover):
    session, screen = drover
    names = session.wait_for_tiles(lambda n: len(n) >= 12)
    button = narrow_window(session, names)
    screenshot("adaptive-narrow")
    photo = "Chelsea the cat"   # a single photo (not a stack), in Animals only
    assert photo not in album_titles(session.library, "Codes & Still Life")

    # A person's drag: press, move in steps to the button, rest there (spring loading),
    # then on to the album row the drawer brought, and release.
    (x0, y0), (x1, y1) = screen.center(tile(session, photo)), screen.center(button)
    move(x0, y0)
    press(1)
    time.sleep(0.15)
    for i in range(1, 9):
        move(x0 + (x1 - x0) * i / 8, y0 + (y1 - y0) * i / 8)
        time.sleep(0.05)
    for _ in range(12):   # about 1.2 s, with the small wiggles a hand makes
        move(x1 + 1, y1)
        time.sleep(0.05)
        move(x1, y1)
        time.sleep(0.05)
    try:
        wait_for(lambda: drawer_open(session), 10, what="the drawer opened by resting on Show Albums")
        screenshot("adaptive-spring-loaded-drawer")
        x2, y2 = screen.center(session.find("list item", "Codes & Still Life"))
        for i in range(1, 9):
            move(x1 + (x2 - x1) * i / 8, y1 + (y2 - y1) * i / 8)
            time.sleep(0.05)
        time.sleep(0.2)
        move(x2 + 1, y2)
        time.sleep(0.1)
        move(x2, y2)
        time.sleep(0.2)
    finally:
        release(1)
    wait_for(lambda: photo in album_titles(session.library, "Codes & Still Life"), 10, what=f"{photo} in the album")
    wait_for(lambda: not drawer_open(session), 10, what="the drawer closed after the drag")


def test_at_360_px_the_albums_are_reached_by_keyboard(drover):
    session, screen = drover
    names = session.wait_for_tiles(lambda n: len(n) >= 12)
    narrow_window(session, names)
    # A keyboard drag: Tab goes to the first album, Travel, and the drawer shows it.
    photo = "Chelsea the cat"   # a single photo, in Animals only
    assert photo not in album_titles(session.library, "Travel")
    focus(tile(session, photo))
    keys("ctrl+d", "Tab")
    # (The announcer joins what it says in quick succession: the pick-up, then this.)
    wait_for(lambda: tile(session, photo).get_description().endswith("Add 1 photo to Travel."), 10,
             what="the keyboard drag on Travel")
    wait_for(lambda: drawer_open(session), 10, what="the drawer open on the keyboard drag's album")
    screenshot("adaptive-keyboard-drag-drawer")
    keys("Return")
    wait_for(lambda: photo in album_titles(session.library, "Travel"), 10, what=f"{photo} added to Travel")
    wait_for(lambda: not drawer_open(session), 10, what="the drawer closed after the drop")

    # F9, as in GNOME's apps: the drawer opens with focus on the chosen album; Down and
    # Enter open Travel, and the drawer gets out of the way.
    focus(tile(session, names[0]))
    keys("F9")
    wait_for(lambda: drawer_open(session), 10, what="the drawer opened by F9")
    wait_for(lambda: "focused" in states(session.find("list item", "All Photos")), 10, what="focus on All Photos")
    keys("Down", "Return")
    wait_for(lambda: "selected" in states(session.find("list item", "Travel")), 10, what="Travel chosen")
    travel = set(album_titles(session.library, "Travel"))
    session.wait_for_tiles(lambda n: n and set(n) <= travel, what="the Travel album's photos")
    wait_for(lambda: not drawer_open(session), 10, what="the drawer closed on choosing the album")
    # Focus goes on to the album's photos, not stay on a hidden row.
    wait_for(lambda: any("focused" in states(tile(session, name)) for name in session.grid_tiles()), 10,
             what="focus on a photo of the album")
