"""High contrast (issue 28): with libadwaita's high contrast forced (ADW_DEBUG_HIGH_CONTRAST=1,
what GNOME's High Contrast switch sets through AdwStyleManager), in the light and the dark
style, the states Drover draws are marked by a shape as well as a colour, and each is
measured on a screenshot: indicators at 3:1 or more against what is around them, text at
7:1 or more (WCAG 1.4.11, 1.4.6). Screenshots are kept in test-output/ to look at."""

import time
from collections import Counter

import pytest

import leg
from dnd import NO_TARGET, python_peer, running_drover, tile, tile_nodes
from drover_session import Atspi, GdkPixbuf, screenshot, walk, wait_for
from pointer import click, drag, press, release, xdotool
from test_dnd_grid import PEER_POSITION
from test_dnd_slow import noisy_png

# Flocking by dwell takes this long here, so the ring is photographed part way round.
FLOCKING_DELAY_MS = 20000
DROPPED = "Dropped image.png"

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


def pixels(path):
    pixbuf = GdkPixbuf.Pixbuf.new_from_file(str(path))
    return pixbuf, pixbuf.get_pixels(), pixbuf.get_rowstride(), pixbuf.get_n_channels()


def dark_bounds(path, box, darkest=12):
    """The bounding box (x, y, w, h) of the near-black pixels in `box`: the flocking ring's
    opaque track, on a light photo."""
    pixbuf, data, stride, n = pixels(path)
    x0, y0, width, height = (int(v) for v in box)
    xs, ys = [], []
    for y in range(y0, y0 + height):
        for x in range(x0, x0 + width):
            i = y * stride + x * n
            if max(data[i:i + 3]) <= darkest:
                xs.append(x)
                ys.append(y)
    assert xs, f"no flocking ring (near-black track) in {box}"
    return min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1


def ring_contrast(path, ring):
    """The flocking ring's progress against its track: the progress runs clockwise from the
    top, so just right of the top is progress and just left of it is track (the ring
    is 64 px, its 8 px line 1 to 9 px inside its box)."""
    x, y, width, _ = ring
    centre = x + width // 2
    progress = colours(path, (centre + 3, y + 2, 8, 6)).most_common(1)[0][0]
    track = colours(path, (centre - 11, y + 2, 8, 6)).most_common(1)[0][0]
    return contrast(progress, track)


def error_ring_contrast(path, box):
    """The error tile's ring, in the error colour (the reddest colour drawn in `box`, over at
    least 100 pixels: a ring, not a speck), against the tile's background there."""
    counted = colours(path, box)
    background = counted.most_common(1)[0][0]
    reds = [(count, colour) for colour, count in counted.items()
            if colour[0] - max(colour[1], colour[2]) > 60 and count >= 100]
    assert reds, f"no ring in the error colour in {box}"
    return contrast(max(reds)[1], background)


def descendant(node, role, predicate=lambda name: True):
    return next((child for child, _ in walk(node) if child.get_role_name() == role and predicate(child.get_name() or "")),
                None)


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
    run = running_drover(env={"ADW_DEBUG_HIGH_CONTRAST": "1", "ADW_DEBUG_COLOR_SCHEME": scheme,
                              "DROVER_FLOCKING_DELAY_MS": str(FLOCKING_DELAY_MS)})
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
        dragged = session.log_mark()
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
            # Resting on the bridge's middle half starts flocking it: the ring goes round over
            # its photo's middle. The pointer rests low, on its title, so the drag icon around
            # it stays off the ring.
            bridge = box_of(screen, tile(session, "Bridge cables over the estuary"))
            rest = (bridge[0] + bridge[2] * 0.7, bridge[1] + bridge[3] - 6)
            glide((gap_cell[0], gap_cell[1]), rest)
            time.sleep(2.0)
            shot = screenshot(f"high-contrast-{scheme}-flocking")
            ring = dark_bounds(shot, (bridge[0], bridge[1], bridge[2], bridge[3] - 80))
            assert 50 <= ring[2] <= 72 and 50 <= ring[3] <= 72, f"the ring found is {ring}"
            results["flocking ring"] = ring_contrast(shot, ring)
            zone_centre = screen.center(zone)
            glide(rest, zone_centre)
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
        # The drag over no target is over (cancelled, then ended) before the next one.
        session.wait_for_log("drover: drag ended", after=dragged, timeout=20, what="the cancelled drag's end")
        results.update(measure_placeholder_and_error(session, screen, scheme))
        return results
    finally:
        run.close()


def measure_placeholder_and_error(session, screen, scheme):
    """A damaged image dropped from a slow source: its placeholder, with progress, for as
    long as the bytes come; then its error tile."""
    results = {}
    # Random pixels do not compress: 180 KB, cut to half, come for about six seconds.
    whole = noisy_png(session.root / "whole.png", 300, 200)
    image = session.root / "damaged.png"
    image.write_bytes(whole.read_bytes()[: whole.stat().st_size // 2])
    record = session.root / "slow.jsonl"
    rate = image.stat().st_size // 6
    with python_peer("slow_source.py", "--image", image, "--rate", rate, title="Slow Source Peer",
                     position=PEER_POSITION, record=record, log=session.root / "peer.log") as peer:
        drag(peer.center(), screen.center(tile_nodes(session)[1], dx=-0.3), began=peer.drag_begins())
        placeholder = wait_for(lambda: next((node for node in tile_nodes(session)
                                             if (node.get_description() or "").endswith("KB received")), None),
                               15, what="the placeholder's progress")
        time.sleep(0.5)
        shot = screenshot(f"high-contrast-{scheme}-placeholder")
        results["placeholder frame"] = indicator_contrast(shot, box_of(screen, placeholder, inset=-8), band=12)
        bar = descendant(placeholder, "progress bar")
        assert bar is not None, "the placeholder shows no progress bar"
        results["progress bar"] = indicator_contrast(shot, box_of(screen, bar), least=8)
        text = descendant(placeholder, "label", lambda name: name.endswith("KB received"))
        assert text is not None, "the placeholder shows no progress text"
        results["progress text"] = indicator_contrast(shot, box_of(screen, text), least=8)
        failed = wait_for(lambda: next((node for node in tile_nodes(session)
                                        if (node.get_name() or "").startswith(f"Could not import {DROPPED}")), None),
                          40, what="the damaged image's error tile")
        time.sleep(0.5)
        shot = screenshot(f"high-contrast-{scheme}-error")
        results["error ring"] = error_ring_contrast(shot, box_of(screen, failed))
        reason = descendant(failed, "label", lambda name: name.startswith("The image is damaged"))
        assert reason is not None, "the error tile shows no reason"
        results["error text"] = indicator_contrast(shot, box_of(screen, reason), least=8)
    return results


@pytest.mark.timeout(180)
@pytest.mark.parametrize("scheme", ["prefer-light", "prefer-dark"])
def test_high_contrast_states_are_marked_and_measurably_contrasting(scheme):
    results = measure(scheme)
    print(scheme, {name: round(value, 1) for name, value in results.items()})
    # The gap and the dragged tile are measured and printed, not yet asserted: their regions
    # (found from the tiles' extents before the drag) are not yet reliable under the drag icon.
    for name in ("selected ring", "delete armed ring", "flocking ring", "placeholder frame", "progress bar",
                 "error ring"):
        assert results[name] >= 3, f"{name} at {results[name]:.2f}:1 in {scheme} high contrast ({results})"
    for name in ("delete zone text", "delete armed text", "progress text", "error text"):
        assert results[name] >= 7, f"{name} at {results[name]:.2f}:1 in {scheme} high contrast ({results})"
