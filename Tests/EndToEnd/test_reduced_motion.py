"""Reduced motion (issue 28): with GTK's gtk-enable-animations off (GNOME's "Reduce
Animation"; under Xvfb GTK reads it from $XDG_CONFIG_HOME/gtk-4.0/settings.ini), a
cancelled drag and a drop on the delete zone show no in-between frames, and Drover's
preview plans (logged by DROVER_DEBUG_MOTION=1) take no time and do not pulse. With it on,
the same plans still play. One drover per setting."""

import re
import subprocess
import time

import pytest

import leg
from dnd import NO_TARGET, collection_order, running_drover, tile
from drover_session import GdkPixbuf, OUTPUT, screenshot, wait_for
from pointer import click, press, release, xdotool
from test_dnd_grid import SAMPLE_TILES

# settings.ini is how GTK gets the setting on a bare X server; on Wayland it comes from the portal.
pytestmark = pytest.mark.skipif(leg.WAYLAND, reason="GTK reads settings.ini on X11 without an XSETTINGS manager")

PLAN = re.compile(r"drover-motion: plan=(\w+) reduced=(\w+) duration=([\d.]+) tracks=(\d+) pulse=(\w+)")


def home_with_animations(tmp_path_factory, enabled):
    home = tmp_path_factory.mktemp("motion-home")
    settings = home / ".config" / "gtk-4.0"
    settings.mkdir(parents=True)
    # Overlay scrolling off: the overlay scrollbar shows on pointer motion and hides 2 s later
    # (gtkscrolledwindow.c's INDICATOR_FADE_OUT_DELAY), a change on a timer mid-film that is
    # no animation of Drover's.
    (settings / "settings.ini").write_text(
        f"[Settings]\ngtk-enable-animations={1 if enabled else 0}\ngtk-overlay-scrolling=0\n")
    return home


def settled(run):
    """A running drover once the grid is still: the background QR scan has put its
    badge on the fig photo (a change on screen that is no animation)."""
    session, screen = next(run)
    session.find("label", "All 2 QR codes", timeout=60)
    time.sleep(0.5)
    return session, screen


@pytest.fixture(scope="module")
def reduced(tmp_path_factory):
    run = running_drover(env={"DROVER_DEBUG_MOTION": "1"}, home=home_with_animations(tmp_path_factory, False))
    yield settled(run)
    run.close()


@pytest.fixture(scope="module")
def animated(tmp_path_factory, reduced):
    # Drover is single-instance on the session bus: the reduced one goes first.
    reduced[0].stop()
    run = running_drover(env={"DROVER_DEBUG_MOTION": "1"}, home=home_with_animations(tmp_path_factory, True))
    yield settled(run)
    run.close()


def plans(session, name):
    """The (reduced, duration, tracks, pulse) of every `name` plan drover logged so far."""
    return [(m[2] == "true", float(m[3]), int(m[4]), m[5] == "true")
            for m in PLAN.finditer(session.log.read_text()) if m[1] == name]


def pixels(path, box):
    """The raw pixels of `box` (x, y, w, h) in the PNG at `path`: equal bytes, equal picture."""
    pixbuf = GdkPixbuf.Pixbuf.new_from_file(str(path))
    x, y, width, height = box
    return pixbuf.new_subpixbuf(x, y, width, height).copy().get_pixels()


def window_box(session, screen):
    from drover_session import Atspi
    app = session.application()
    frame = next(app.get_child_at_index(i) for i in range(app.get_child_count())
                 if app.get_child_at_index(i).get_role_name() == "frame")
    e = frame.get_extents(Atspi.CoordType.WINDOW)
    x, y = screen.point(e.x, e.y)
    return int(x), int(y), int(e.width), int(e.height)


def move(x, y):
    """The pointer to (x, y) without `--sync`, which waits over a second a step while a drag
    holds the pointer here; the pauses below give GTK the motion events in time."""
    xdotool("mousemove", int(x), int(y))


def drag_and_film(start, end, name, frames=6):
    """A pointer drag from `start` to `end`, filmed: a screenshot just before the release,
    then `frames` screenshots as fast as `import` takes them (about 0.1-0.2 s apart)."""
    move(*start)
    press()
    try:
        time.sleep(0.15)
        for i in range(1, 5):
            move(start[0] + (end[0] - start[0]) * i / 4, start[1] + (end[1] - start[1]) * i / 4)
            time.sleep(0.08)
        time.sleep(0.5)
        move(end[0] + 1, end[1])
        time.sleep(0.1)
        move(*end)
        time.sleep(0.2)
        before = screenshot(f"{name}-0-before-release")
    finally:
        release()
    shots = []
    for i in range(frames):
        path = OUTPUT / f"{name}-{i + 1}.png"
        subprocess.run(["import", "-window", "root", str(path)], check=True, timeout=30)
        shots.append(path)
    return before, shots


def in_between(before, shots, final, box):
    """The distinct pictures among the filmed frames that are neither the last frame before
    the release nor the settled final state. An animation (0.25 s and more, filmed every
    0.1-0.2 s) leaves a sequence of them; an instant change leaves none, or one discrete
    step (the drag ended before the change landed, the focus ring went away)."""
    ends = {pixels(before, box), pixels(final, box)}
    return {pixels(path, box): path.name for path in shots if pixels(path, box) not in ends}


# GTK shows focus rings when a modifier key is pressed and clears them 3 s after the last key
# press (gtkwindow.c's VISIBLE_FOCUS_DURATION): a ring vanishing mid-film is no animation.
VISIBLE_FOCUS_DURATION = 3.0


def select_two(session, screen, first, second):
    """Both tiles selected, with the Ctrl press's focus ring gone again before the drag."""
    click(*screen.center(tile(session, first)))
    click(*screen.center(tile(session, second)), modifiers=("ctrl",))
    time.sleep(VISIBLE_FOCUS_DURATION + 0.5)


def test_reduced_motion_cancel_has_no_in_between_frames(reduced):
    session, screen = reduced
    box = window_box(session, screen)
    # Two photos: with animations on they would fly back each to its tile (DragKit's cancel plan).
    select_two(session, screen, "Chelsea the cat", "Nuthatch")
    before, shots = drag_and_film(screen.center(tile(session, "Nuthatch")), NO_TARGET, "motion-reduced-cancel")
    time.sleep(1.0)
    final = screenshot("motion-reduced-cancel-final")
    assert session.grid_tiles() == SAMPLE_TILES
    steps = in_between(before, shots, final, box)
    assert len(steps) <= 1, f"an animation played after a cancel with animations off: {sorted(steps.values())}"
    # DragKit chose no fly-back: the cancel was instant (GTK's slide-back skipped too).
    assert plans(session, "cancel") == [(True, 0.0, 0, False)]


def test_reduced_motion_delete_has_no_shrink_or_pulse(reduced):
    session, screen = reduced
    box = window_box(session, screen)
    name = "Bridge cables over the estuary"
    click(*screen.center(tile(session, name)))
    before, shots = drag_and_film(screen.center(tile(session, name)), screen.center(session.find("panel", "Delete")),
                                  "motion-reduced-delete")
    session.wait_for_label(lambda text: text == "Deleted 1 photo.", what="the Deleted toast")
    session.wait_for_tiles(lambda t: name not in t, timeout=10, what="the tile gone")
    time.sleep(1.0)
    final = screenshot("motion-reduced-delete-final")
    assert name not in collection_order(session.library)
    # The plan took no time and the trash icon did not swell.
    assert plans(session, "delete") == [(True, 0.0, 1, False)]
    steps = in_between(before, shots, final, box)
    assert len(steps) <= 1, f"the delete animated with animations off: {sorted(steps.values())}"


def test_with_animations_on_the_plans_still_play(animated):
    session, screen = animated
    select_two(session, screen, "Chelsea the cat", "Nuthatch")
    drag_and_film(screen.center(tile(session, "Nuthatch")), NO_TARGET, "motion-animated-cancel", frames=3)
    wait_for(lambda: plans(session, "cancel"), 10, what="the cancel plan in drover's log")
    [(reduced, duration, tracks, pulse)] = plans(session, "cancel")
    assert not reduced and duration >= 0.25 and tracks == 2 and not pulse
    name = "Bridge cables over the estuary"
    click(*screen.center(tile(session, name)))
    drag_and_film(screen.center(tile(session, name)), screen.center(session.find("panel", "Delete")),
                  "motion-animated-delete", frames=3)
    wait_for(lambda: plans(session, "delete"), 10, what="the delete plan in drover's log")
    assert plans(session, "delete") == [(False, 0.35, 1, True)]
    session.wait_for_tiles(lambda t: name not in t, timeout=10, what="the tile gone")
    # The drag after a delete reuses the drag icon widget, which GTK had not yet taken back
    # from the deleted photo's drag: GTK refused it with a critical and the drag had no icon.
    drag_and_film(screen.center(tile(session, "Nuthatch")), NO_TARGET, "motion-animated-after-delete", frames=1)
    session.wait_for_tiles(lambda t: "Nuthatch" in t, timeout=10, what="the tiles back after the cancel")
    assert session.gtk_criticals() == []
