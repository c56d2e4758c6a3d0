"""Dark style (issue 12): Drover follows libadwaita's style manager, and everything it
draws follows too. ADW_DEBUG_COLOR_SCHEME forces the scheme a desktop would ask for;
screenshots are compared by mean luminance (and kept in test-output/ to look at)."""

from dnd import running_drover
from drover_session import GdkPixbuf, screenshot


def mean_luminance(path, box):
    """The mean luminance (0 black … 1 white, Rec. 709 weights) of `box` = (x, y, w, h)
    in the PNG at `path`, sampled every few pixels."""
    pixbuf = GdkPixbuf.Pixbuf.new_from_file(str(path))
    x, y, width, height = (int(v) for v in box)
    x, y = max(0, x), max(0, y)
    width, height = min(width, pixbuf.get_width() - x), min(height, pixbuf.get_height() - y)
    data, stride, channels = pixbuf.get_pixels(), pixbuf.get_rowstride(), pixbuf.get_n_channels()
    total = count = 0
    for row in range(y, y + height, 3):
        for column in range(x, x + width, 3):
            i = row * stride + column * channels
            total += 0.2126 * data[i] + 0.7152 * data[i + 1] + 0.0722 * data[i + 2]
            count += 1
    assert count > 0, f"empty box {box}"
    return total / count / 255


def screen_box(screen, node):
    from drover_session import Atspi
    e = node.get_extents(Atspi.CoordType.WINDOW)
    x, y = screen.point(e.x, e.y)
    return x, y, e.width, e.height


def measured(scheme):
    """Starts drover under `scheme`; returns the luminance of the window, the sidebar
    and the delete zone, from a screenshot named after the scheme."""
    run = running_drover(env={"ADW_DEBUG_COLOR_SCHEME": scheme})
    session, screen = next(run)
    try:
        app = session.application()
        frame = next(app.get_child_at_index(i) for i in range(app.get_child_count())
                     if app.get_child_at_index(i).get_role_name() == "frame")
        boxes = {"window": screen_box(screen, frame),
                 "sidebar": screen_box(screen, session.find("list", "Albums")),
                 "delete zone": screen_box(screen, session.find("panel", "Delete"))}
        path = screenshot(f"gnome-style-{scheme}")
        return {name: mean_luminance(path, box) for name, box in boxes.items()}
    finally:
        run.close()


def test_dark_style_follows_the_style_manager_everywhere():
    light = measured("prefer-light")
    dark = measured("prefer-dark")
    # Chrome alone: libadwaita's light sidebar is near white, its dark one near black.
    assert light["sidebar"] > 0.8 and light["delete zone"] > 0.75, light
    assert dark["sidebar"] < 0.3 and dark["delete zone"] < 0.3, dark
    # The whole window, photos included (they are the same in both): clearly darker.
    assert dark["window"] < light["window"] - 0.3, (light, dark)
