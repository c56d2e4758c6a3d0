"""Making and breaking stacks (issue 12's stack/unstack): Ctrl+G stacks the selected photos
into one tile where the first was, Ctrl+Shift+G unstacks it, and both are steps of the one
undo history (Ctrl+Z, Ctrl+Shift+Z). Driven by keys on the focused tile, checked in the
library's database and over AT-SPI."""

from accessible_actions import actions, focus, keys, tile
from dnd import _query, collection_order
from drover_session import screenshot, wait_for


def single_photos(library):
    """All Photos' single photos (not in a stack), by title, in the user's order."""
    return [title for (title,) in _query(library, """
        SELECT p.title FROM collectionEntry e JOIN photo p ON p.id = e.photoID
        WHERE e.kind = 'photo' ORDER BY e.position, e.id""")]


def stacks(library):
    """Each stack's photo titles, in stack order."""
    ids = [stack for (stack,) in _query(library, "SELECT id FROM stack ORDER BY id")]
    return [[title for (title,) in _query(library, "SELECT title FROM photo WHERE stackID = ? ORDER BY stackPosition, id",
                                          (stack,))] for stack in ids]


def newest_stack_position(library):
    """The index in All Photos of the stack made last."""
    rows = _query(library, "SELECT stackID FROM collectionEntry ORDER BY position, id")
    newest = _query(library, "SELECT max(id) FROM stack")[0][0]
    return [stack for (stack,) in rows].index(newest)


def test_ctrl_g_stacks_the_selection_and_undo_redo_and_unstack_follow(drover):
    session, _ = drover
    session.wait_for_tiles(lambda n: len(n) >= 12)
    order = collection_order(session.library)
    before = stacks(session.library)
    singles = single_photos(session.library)
    assert len(singles) >= 6, f"the sample library has too few single photos: {singles}"
    # Three photos that are not neighbours, selected in grid order (the top is the first).
    picked = [singles[1], singles[3], singles[5]]
    focus(tile(session, picked[0]))
    keys("space")
    for name in picked[1:]:
        focus(tile(session, name))
        keys("ctrl+space")
    keys("ctrl+g")

    stacked = lambda: [s for s in stacks(session.library) if s not in before] == [picked]
    wait_for(stacked, 10, what="one new stack of the three photos, the first on top")
    # The stack stands where its top was; the other two left their places.
    shown = collection_order(session.library)
    assert len(shown) == len(order) - 2
    assert newest_stack_position(session.library) == order.index(picked[0]), f"the stack is not where its top was: {shown}"
    assert not set(picked) & set(shown), f"the stacked photos still show alone: {shown}"
    # The announcement stands in for the focused stack's description until focus leaves it
    # (GTK 4.8's Announcer): read the stack's own description from another tile.
    focus(tile(session, singles[0]))
    top = tile(session, picked[0])
    wait_for(lambda: "Stack of 3 photos" in (top.get_description() or ""), 10,
             what="the stack tile described as a stack of 3 photos over AT-SPI")
    # The tile menu's Stack Photos and Unstack over AT-SPI, each where it applies.
    assert "tile.unstack" in actions(top) and "tile.stack" not in actions(top), actions(top)
    assert "tile.stack" in actions(tile(session, singles[0])), actions(tile(session, singles[0]))
    screenshot("stacks-stacked")

    keys("ctrl+z")
    wait_for(lambda: collection_order(session.library) == order, 10, what="the stack undone: each photo in its place")
    assert stacks(session.library) == before
    session.wait_for_tiles(lambda n: all(name in n for name in picked), what="the three tiles back")

    keys("ctrl+shift+z")
    wait_for(stacked, 10, what="the stack redone")

    focus(tile(session, picked[0]))
    keys("ctrl+shift+g")
    wait_for(lambda: stacks(session.library) == before, 10, what="the stack unstacked")
    shown = collection_order(session.library)
    at = shown.index(picked[0])
    assert shown[at:at + 3] == picked, f"the photos stand together, in stack order, where the stack was: {shown}"
    screenshot("stacks-unstacked")
