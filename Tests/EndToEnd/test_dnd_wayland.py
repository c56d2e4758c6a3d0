"""Cancelling a drag, where the legs differ (issue 15): how a cancelled drag of
several photos looks when the compositor animates it (X11's own is covered by
test_dnd_grid), and Escape, which mutter turns into a cancel. Frames and
screenshots go to test-output/wayland/."""

import time

from dnd import NO_TARGET, library_snapshot, states, tile, tile_nodes
from drover_session import OUTPUT, Atspi, screenshot, wait_for
from leg import wayland_only
from pointer import click, key, move, press, release
from test_dnd_grid import SAMPLE_TILES

CANCEL_REASON = ("GTK's own slide-back (one photo) and Drover's per-photo fly-back (several) are X11's, "
                 "covered by test_dnd_grid")
ESCAPE_REASON = ("under Xvfb Escape never cancels a drag: GTK's X11 drag grabs the keyboard and ignores "
                 "xdotool's key, and Drover's window gets no key events until the drag ends (tried: a key "
                 "controller on the grid never saw it)")


def grab(name):
    """The screen now, as a GdkPixbuf (also saved as a screenshot called `name`)."""
    from drover_session import GdkPixbuf
    return GdkPixbuf.Pixbuf.new_from_file(str(screenshot(name)))


def picture_box(session, screen, name):
    """The middle of a tile's picture on the screen, as (x, y, width, height):
    away from its label, its selection background and its focus ring."""
    e = tile(session, name).get_extents(Atspi.CoordType.WINDOW)
    x, y = screen.point(e.x + e.width * 0.25, e.y + e.height * 0.2)
    return int(x), int(y), int(e.width * 0.5), int(e.height * 0.45)


def lift_and_move(start, end, steps=8):
    move(*start)
    press()
    time.sleep(0.15)
    for i in range(1, steps + 1):
        move(start[0] + (end[0] - start[0]) * i / steps, start[1] + (end[1] - start[1]) * i / steps)
        time.sleep(0.05)
    time.sleep(0.4)


@wayland_only(CANCEL_REASON)
def test_cancelling_several_photos_plays_the_compositors_slide_back_alone(drover):
    """mutter slides the fanned icon back and fades it; Drover draws no fly-back
    of its own on top, and the lifted tiles come back exactly as they were."""
    from remote_desktop import remote_desktop
    session, screen = drover
    names = ["Chelsea the cat", "Bridge cables over the estuary", "Nuthatch"]
    click(*screen.center(tile(session, names[0])))
    for name in names[1:]:
        click(*screen.center(tile(session, name)), modifiers=("ctrl",))
    wait_for(lambda: {n.get_name() for n in tile_nodes(session) if "selected" in states(n)} == set(names), 5,
             what="three selected tiles")
    snapshot = library_snapshot(session.library)
    boxes = [picture_box(session, screen, name) for name in names]
    move(*NO_TARGET)
    before = remote_desktop().grab()

    lift_and_move(screen.center(tile(session, names[1])), NO_TARGET)
    lifted = remote_desktop().grab()
    release()
    frames = remote_desktop().record(1.2)
    folder = OUTPUT / "wayland" / "cancel-several-frames"
    folder.mkdir(parents=True, exist_ok=True)
    lifted.savev(str(folder / "00-lifted.png"), "png", ["compression"], ["1"])
    for n, frame in enumerate(frames, 1):
        frame.savev(str(folder / f"{n:02d}.png"), "png", ["compression"], ["1"])
    time.sleep(0.5)
    after = remote_desktop().grab()
    after.savev(str(folder / "99-settled.png"), "png", ["compression"], ["1"])

    from wayland_windows import difference
    # While lifted, the three photos are faded; once the compositor's icon has
    # landed, they are back as they were.
    assert [difference(before, lifted, box) > 15 for box in boxes] == [True] * 3, "the lifted tiles were not faded"
    # (A faded photo differs by 15 or more; a stack's cards differ by 2 after its focus moved.)
    assert [difference(before, after, box) < 4 for box in boxes] == [True] * 3, \
        "the photos did not come back as they were after the cancel"
    assert len(frames) >= 2, "mutter sent no frames of the cancel animation"
    assert session.grid_tiles() == SAMPLE_TILES
    assert library_snapshot(session.library) == snapshot


@wayland_only(ESCAPE_REASON)
def test_escape_cancels_a_drag_and_leaves_the_tile_as_a_click_would(drover):
    """mutter ends the drag on Escape. Nothing moves, the tile is not left faded,
    and it is selected and focused, as after any press on it."""
    from wayland_windows import difference
    session, screen = drover
    snapshot = library_snapshot(session.library)
    box = picture_box(session, screen, "Chelsea the cat")
    move(*NO_TARGET)
    before = grab("dnd-escape-before")
    start = screen.center(tile(session, "Chelsea the cat"))
    over = screen.center(tile(session, "Colourful cups"), dx=0.3)
    lift_and_move(start, over)
    screenshot("dnd-escape-mid-drag")
    key("Escape")
    time.sleep(0.3)
    release()
    move(*NO_TARGET)
    time.sleep(1.0)   # the compositor's slide-back (500 ms) and the tiles' fade-in
    after = grab("dnd-escape-after")
    assert session.grid_tiles() == SAMPLE_TILES, "Escape did not cancel: the drop happened"
    assert library_snapshot(session.library) == snapshot
    chelsea = tile(session, "Chelsea the cat")
    assert {"selected", "focused"} <= states(chelsea)
    assert [n.get_name() for n in tile_nodes(session) if "selected" in states(n)] == ["Chelsea the cat"]
    # Not left faded: the photo looks as it did before the drag.
    assert difference(before, after, box) < 4, "the photo was left faded after Escape"
