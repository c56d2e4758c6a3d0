"""High contrast (issue 28): with libadwaita's high contrast forced (ADW_DEBUG_HIGH_CONTRAST=1,
what GNOME's High Contrast switch sets through AdwStyleManager), in the light and the dark
style, the states Drover draws are marked by a shape as well as a colour, and each is
measured on a screenshot: indicators at 3:1 or more against what is around them, text at
7:1 or more (WCAG 1.4.11, 1.4.6). Screenshots are kept in test-output/ to look at."""

import time
from collections import Counter

import pytest

import leg
from dnd import NO_TARGET, running_drover, tile
from drover_session import Atspi, GdkPixbuf, screenshot
from pointer import click, press, release, xdotool

pytestmark = pytest.mark.skipif(leg.WAYLAND, reason="measured on the X11 leg's screenshots")


def luminance(rgb):
    def channel(c):
        c = c / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a, b):
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def colours(path, box, band=None):
    """The colours in `box` (x, y, w, h) of the PNG, counted; with `band`, only the pixels
    within `band` px of the box's edges (where a ring or a border is drawn)."""
    pixbuf = GdkPixbuf.Pixbuf.new_from_file(str(path))
    data, stride, n = pixbuf.get_pixels(), pixbuf.get_rowstride(), pixbuf.get_n_channels()
    x0, y0, width, height = (int(v) for v in box)
    counted = Counter()
    for y in range(max(0, y0), min(pixbuf.get_height(), y0 + height)):
        for x in range(max(0, x0), min(pixbuf.get_width(), x0 + width)):
            if band is not None and band <= x - x0 < width - band and band <= y - y0 < height - band:
                continue
            i = y * stride + x * n
            counted[tuple(data[i:i + 3])] += 1
    return counted


def indicator_contrast(path, box, band=None, least=30):
    """The contrast of the strongest colour drawn in `box` (at least `least` pixels of it,
    so not an anti-aliased edge) against the box's most common colour (its background)."""
    counted = colours(path, box, band)
    background = counted.most_common(1)[0][0]
    return max(contrast(colour, background) for colour, count in counted.items() if count >= least)


def box_of(screen, node, inset=0):
    e = node.get_extents(Atspi.CoordType.WINDOW)
    x, y = screen.point(e.x, e.y)
    return x + inset, y + inset, e.width - 2 * inset, e.height - 2 * inset


def move(x, y):
    xdotool("mousemove", int(x), int(y))


def glide(start, end, steps=4):
    for i in range(1, steps + 1):
        move(start[0] + (end[0] - start[0]) * i / steps, start[1] + (end[1] - start[1]) * i / steps)
        time.sleep(0.08)


def measure(scheme):
    """Starts drover in high contrast under `scheme`, shows each state and measures it."""
    run = running_drover(env={"ADW_DEBUG_HIGH_CONTRAST": "1", "ADW_DEBUG_COLOR_SCHEME": scheme})
    session, screen = next(run)
    try:
        results = {}
        zone = session.find("panel", "Delete")
        zone_label = session.find("label", "Drop here to delete photos")
        selected = tile(session, "Chelsea the cat")
        gap_cell = box_of(screen, tile(session, "Dandelions in the evening light"), inset=4)
        click(*screen.center(selected))
        time.sleep(0.4)
        shot = screenshot(f"high-contrast-{scheme}-selected")
        # The tile's drawn card reaches a few pixels past its accessible extents.
        results["selected ring"] = indicator_contrast(shot, box_of(screen, selected, inset=-8), band=12)
        results["delete zone text"] = indicator_contrast(shot, box_of(screen, zone_label), least=8)
        # A drag of the selected photo: over the leading half of Dandelions a gap opens in its cell.
        start = screen.center(selected)
        move(*start)
        press()
        try:
            time.sleep(0.15)
            glide(start, (gap_cell[0] + gap_cell[2] * 0.2, gap_cell[1] + gap_cell[3] * 0.5))
            time.sleep(0.8)
            shot = screenshot(f"high-contrast-{scheme}-gap")
            # The cell's far side: the drag icon (a square, black-cornered without a compositor)
            # covers the near side, around the pointer.
            results["drop gap"] = indicator_contrast(shot, (gap_cell[0] + gap_cell[2] * 0.6, gap_cell[1],
                                                            gap_cell[2] * 0.4, gap_cell[3]))
            results["dragged tile"] = indicator_contrast(shot, box_of(screen, selected, inset=6), band=14)
            zone_centre = screen.center(zone)
            glide((gap_cell[0], gap_cell[1]), zone_centre)
            time.sleep(0.5)
            move(zone_centre[0] + 1, zone_centre[1])
            time.sleep(0.3)
            shot = screenshot(f"high-contrast-{scheme}-delete-armed")
            results["delete armed ring"] = indicator_contrast(shot, box_of(screen, zone), band=4)
            results["delete armed text"] = indicator_contrast(shot, box_of(screen, zone_label), least=8)
            glide(zone_centre, NO_TARGET)
            time.sleep(0.3)
        finally:
            release()
        time.sleep(1.0)
        return results
    finally:
        run.close()


@pytest.mark.timeout(180)
@pytest.mark.parametrize("scheme", ["prefer-light", "prefer-dark"])
def test_high_contrast_states_are_marked_and_measurably_contrasting(scheme):
    results = measure(scheme)
    print(scheme, {name: round(value, 1) for name, value in results.items()})
    # The gap and the dragged tile are measured and printed, not yet asserted: their regions
    # (found from the tiles' extents before the drag) are not yet reliable under the drag icon.
    for name in ("selected ring", "delete armed ring"):
        assert results[name] >= 3, f"{name} at {results[name]:.2f}:1 in {scheme} high contrast ({results})"
    for name in ("delete zone text", "delete armed text"):
        assert results[name] >= 7, f"{name} at {results[name]:.2f}:1 in {scheme} high contrast ({results})"
