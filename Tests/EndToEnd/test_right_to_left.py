"""Right to left (GTK_DEBUG=invert-text-dir, as under Arabic or Hebrew): the grid is
mirrored, the first photo at the right, and a pointer drag and a keyboard drag both put
the photo where the user sees it go. DragKit's GridGeometry does the mirroring for the
layout, the drop points and the arrow keys alike; its unit tests cover both directions."""

import pytest

from accessible_actions import focus, keys
from dnd import collection_order, running_drover, tile
from drover_session import Atspi, screenshot, wait_for
from pointer import drag

RIGHT_TO_LEFT = {"GTK_DEBUG": "invert-text-dir"}


@pytest.fixture
def rtl_drover():
    yield from running_drover(env=RIGHT_TO_LEFT)


def left_edge(session, name):
    return tile(session, name).get_extents(Atspi.CoordType.WINDOW).x


def test_the_grid_mirrors_and_drags_land_where_seen(rtl_drover):
    session, screen = rtl_drover
    names = session.grid_tiles()
    # The first row reads from the right: each photo left of the one before it.
    edges = [left_edge(session, name) for name in names[:4]]
    assert edges == sorted(edges, reverse=True) and len(set(edges)) == 4, edges
    screenshot("rtl-grid")

    # Pointer: the 2nd photo dropped on the left part of the 4th, which right to left is
    # its trailing half: it lands after the 4th, just left of it on screen.
    start = screen.center(tile(session, names[1]))
    end = screen.center(tile(session, names[3]), dx=-0.3)
    drag(start, end, during=lambda: screenshot("rtl-mid-drag"), began=session.drag_begins())
    expected = [names[0], names[2], names[3], names[1]] + names[4:]
    session.wait_for_tiles(lambda now: now[:len(expected)] == expected, timeout=10, what="the pointer drop's order")
    wait_for(lambda: collection_order(session.library)[:len(expected)] == expected, 10, what="the order on disk")
    assert left_edge(session, names[1]) < left_edge(session, names[3]), "the photo is not left of the 4th"
    screenshot("rtl-after-pointer-drag")

    # Keyboard: pick up the first photo; Left moves the drop point the way it points, which
    # right to left is later (the first step is to just after the photo itself, no change;
    # the second, past its neighbour on the left).
    order = expected
    focus(tile(session, order[0]))
    keys("ctrl+d", "Left", "Left")
    assert tile(session, order[0]).get_description().endswith(" to position 2."), "a stack of 3: \"Move 3 photos …\""
    keys("Return")
    moved = [order[1], order[0], order[2]] + order[3:]
    session.wait_for_tiles(lambda now: now[:len(moved)] == moved, timeout=10, what="the keyboard drop's order")
    wait_for(lambda: collection_order(session.library)[:len(moved)] == moved, 10, what="the keyboard order on disk")
    assert left_edge(session, order[2]) < left_edge(session, order[0]) < left_edge(session, order[1])
    screenshot("rtl-after-keyboard-drag")


def test_the_viewer_steps_the_way_the_arrow_points(rtl_drover):
    """Right to left the Next button stands at the left (GTK mirrors the overlay), so Left
    goes to the next photo and Right to the previous one, as in the grid."""
    from test_stacks import single_photos
    from test_viewer import viewer
    session, _ = rtl_drover
    order = collection_order(session.library)
    singles = single_photos(session.library)
    # Two single photos side by side (a stack's neighbour would open inside the stack).
    first, second = next((a, b) for a, b in zip(order, order[1:]) if a in singles and b in singles)
    focus(tile(session, first))
    keys("Return")
    viewer(session, first)
    previous, following = session.find("push button", "Previous Photo"), session.find("push button", "Next Photo")
    assert (following.get_extents(Atspi.CoordType.WINDOW).x < previous.get_extents(Atspi.CoordType.WINDOW).x), \
        "right to left, Next is not left of Previous"
    keys("Left")
    viewer(session, second)
    screenshot("rtl-viewer-after-left")
    keys("Right")
    viewer(session, first)
