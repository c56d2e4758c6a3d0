"""Shift held during a real drag moves photos into an album (issue 33, item 6): the
README says "hold Shift to move them out of the album they came from". DragKit's rule is
tested on its own (Tests/DragKitTests); this reads Shift from a real X11 drag.

GDK turns a drag with Shift held into MOVE or nothing (gdk_drag_get_current_actions), so
the grid's drag offers COPY or MOVE: this test found that it offered COPY only, and no
target took the drop. (X11 only: not in scripts/test.sh's Wayland
list, where mutter's negotiation of actions is untested.)"""

from dnd import album_titles, collection_order, states, tile
from drover_session import wait_for
from library_state import consistency_problems
from pointer import click, drag
from test_dnd_albums_delete import album_row


def test_holding_shift_during_a_real_drag_moves_the_photo_into_the_album(drover_closed_albums):
    """The README: "hold Shift to move them out of the album they came from". DragKit's
    rule is tested on its own; here GTK reads Shift from a real drag (held from before the
    press to after the release), into a closed album (spring loading off)."""
    session, screen = drover_closed_albums
    assert "Colourful cups" in album_titles(session.library, "Codes & Still Life")
    assert "Colourful cups" not in album_titles(session.library, "Travel")
    click(*screen.center(album_row(session, "Codes & Still Life")))
    wait_for(lambda: "selected" in states(album_row(session, "Codes & Still Life")), 10, what="the album open")
    session.wait_for_tiles(lambda t: "Colourful cups" in t and "Chelsea the cat" not in t, timeout=10,
                           what="the album's tiles")
    mark = session.log_mark()
    drag(screen.center(tile(session, "Colourful cups")), screen.center(album_row(session, "Travel")),
         modifiers=("shift",), began=session.drag_begins())
    # The drag's end is the sign the drop was decided (GTK says "cancelled" before "ended"):
    # a refused drop never lands, so it fails here rather than after the 20 s wait below.
    session.wait_for_log("drover: drag ended", after=mark, what="the drag's end")
    cancelled = [line for line in session.log_since(mark) if "drover: drag cancelled" in line]
    assert cancelled == [], f"the drop on Travel was refused: {cancelled}"
    wait_for(lambda: "Colourful cups" in album_titles(session.library, "Travel"), 20, what="the photo in Travel")
    wait_for(lambda: "Colourful cups" not in album_titles(session.library, "Codes & Still Life"), 10,
             what="the photo moved out of the album it came from")
    session.wait_for_tiles(lambda t: "Colourful cups" not in t, timeout=10, what="the tile gone from the open album")
    # A move between albums: the photo stays in the library, in All Photos.
    assert "Colourful cups" in collection_order(session.library)
    assert consistency_problems(session.library) == []
