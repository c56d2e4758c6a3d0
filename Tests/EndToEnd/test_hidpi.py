"""HiDPI (issue 12): at scale factor 2 (`GDK_SCALE=2`, which GTK honours on X11) the
tiles are sharp, because thumbnails are made for the device scale: 528 px (the large
tiles' 264 px box, twice) instead of 256. The same photo is measured on screen from a
library imported at scale 1 (its 256 px thumbnails stretched: soft) and from one imported
at scale 2 (sharp), so the check can tell the two apart."""

from drover_session import Atspi, DroverSession, GdkPixbuf, screenshot, wait_for

PHOTO = "Chelsea the cat"


def thumbnail_edges(library):
    """The long edge of each stored thumbnail (PNG or JPEG, read from its header)."""
    edges = []
    for path in (library / "thumbnails").iterdir():
        _, width, height = GdkPixbuf.Pixbuf.get_file_info(str(path))
        edges.append(max(width, height))
    return edges


def grey(pixbuf):
    """The pixbuf as rows of grey levels."""
    data, stride, channels = pixbuf.get_pixels(), pixbuf.get_rowstride(), pixbuf.get_n_channels()
    return [[sum(data[y * stride + x * channels: y * stride + x * channels + 3]) / 3
             for x in range(pixbuf.get_width())] for y in range(pixbuf.get_height())]


def detail(pixbuf):
    """Mean difference between neighbouring pixels: what a blurred image lacks."""
    rows = grey(pixbuf)
    total = count = 0
    for y in range(len(rows) - 1):
        for x in range(len(rows[0]) - 1):
            total += abs(rows[y][x] - rows[y][x + 1]) + abs(rows[y][x] - rows[y + 1][x])
            count += 2
    return total / count


def sharpness(session, name):
    """How much fine detail the tile's photo shows on screen, relative to the same
    crop blurred by halving and doubling it (about 1 for a picture that is already soft).
    Waits for the photo to be drawn: a tile shows its name before its thumbnail is
    decoded, and until then its middle is one flat grey."""
    session.wait_for_tiles(lambda n: PHOTO in n)

    def measured():
        extents = session.find("table cell", PHOTO).get_extents(Atspi.CoordType.WINDOW)
        shot = GdkPixbuf.Pixbuf.new_from_file(str(screenshot(name)))
        # The middle of the photo, in device pixels (twice the window's logical ones): well
        # inside its edges, so a few pixels of window margin do not matter.
        x, y = int(2 * (extents.x + extents.width * 0.3)), int(2 * (extents.y + extents.height * 0.3))
        width, height = int(2 * extents.width * 0.4), int(2 * extents.height * 0.3)
        crop = shot.new_subpixbuf(x, y, width, height)
        blurred = crop.scale_simple(width // 2, height // 2, GdkPixbuf.InterpType.BILINEAR) \
                      .scale_simple(width, height, GdkPixbuf.InterpType.BILINEAR)
        smooth = detail(blurred)
        return detail(crop) / smooth if smooth > 0 else None
    return wait_for(measured, 30, interval=0.5, what=f"the photo drawn in its tile ({name})")


def test_at_scale_2_thumbnails_are_made_for_the_device_pixels_and_tiles_are_sharp():
    # A library imported at scale 1 keeps its 256 px thumbnails: soft at scale 2.
    with DroverSession() as first:
        first.wait_for_tiles(lambda n: len(n) >= 12)
        first.stop()
        assert max(thumbnail_edges(first.library)) == 256
        first.extra_env["GDK_SCALE"] = "2"
        first.start()
        soft = sharpness(first, "hidpi-scale-2-old-thumbnails")

    with DroverSession(env={"GDK_SCALE": "2"}) as drover:
        # The screen is half as wide in logical pixels: fewer tiles are made.
        drover.wait_for_tiles(lambda n: PHOTO in n and not any(t.startswith("Importing") for t in n))
        assert max(thumbnail_edges(drover.library)) == 528, "thumbnails made for scale 2"
        sharp = sharpness(drover, "hidpi-scale-2")
    # Measured here: about 1.3 soft and 1.8 sharp.
    assert sharp > soft * 1.2, f"the tile at scale 2 is no sharper with its own thumbnails: {sharp:.2f} vs {soft:.2f}"


def icon_sharpness(session, name):
    """Mid-drag: how much fine detail the drag icon's middle shows on screen, relative to
    the same crop blurred (as `sharpness`). The icon is a window of Drover's own beside
    its main one (X11: no window manager, so its geometry is its place on the screen, in
    device pixels)."""
    from dnd import window_geometry, xdotool_output
    windows = xdotool_output("search", "--onlyvisible", "--pid", str(session.process.pid)).split()
    boxes = [window_geometry(window) for window in windows]
    main = max(boxes, key=lambda box: box[2] * box[3])
    icons = [box for box in boxes if box != main and box[2] >= 40 and box[3] >= 40]
    assert icons, f"no drag icon window during the drag: {boxes}"
    x, y, width, height = icons[0]
    shot = GdkPixbuf.Pixbuf.new_from_file(str(screenshot(name)))
    left, top = max(0, x + int(width * 0.3)), max(0, y + int(height * 0.3))
    right = min(shot.get_width(), x + int(width * 0.7))
    bottom = min(shot.get_height(), y + int(height * 0.7))
    assert right - left >= 16 and bottom - top >= 16, f"the drag icon is off the screen: {icons[0]}"
    crop = shot.new_subpixbuf(left, top, right - left, bottom - top)
    blurred = crop.scale_simple(crop.get_width() // 2, crop.get_height() // 2, GdkPixbuf.InterpType.BILINEAR) \
                  .scale_simple(crop.get_width(), crop.get_height(), GdkPixbuf.InterpType.BILINEAR)
    smooth = detail(blurred)
    assert smooth > 0, "the drag icon's middle is one flat colour"
    return detail(crop) / smooth


def drag_at_scale_2(drover, shot):
    """Drags the second tile to the gap after the third, measuring the drag icon's
    sharpness mid-drag; returns (sharpness, order before, names)."""
    from dnd import collection_order
    from pointer import drag

    names = drover.wait_for_tiles(lambda n: PHOTO in n and len(n) >= 4
                                  and not any(t.startswith("Importing") for t in n))
    order = collection_order(drover.library)

    def device_center(name, dx=0.0):
        # On the bare Xvfb the window sits at the screen's origin; AT-SPI gives
        # logical pixels, the pointer moves in device pixels (twice as many).
        e = drover.find("table cell", name).get_extents(Atspi.CoordType.WINDOW)
        return 2 * (e.x + e.width * (0.5 + dx)), 2 * (e.y + e.height / 2)

    measured = []
    # Just past the third tile's right edge: the gap after it (not on a tile, where
    # resting would flock it into the drag).
    drag(device_center(names[1]), device_center(names[2], dx=0.55),
         during=lambda: measured.append(icon_sharpness(drover, shot)), began=drover.drag_begins())
    return measured[0], order


def test_at_scale_2_a_drag_shows_a_sharp_icon_and_lands_where_the_pointer_says():
    """The drag icon is a live widget on its own surface, drawn at that surface's scale
    from the same 528 px thumbnails (look at hidpi-drag-icon.png); pointer positions in
    device pixels still map to the right gap. Sharp is measured against the same drag
    from a library imported at scale 1 (256 px thumbnails, stretched: soft)."""
    from dnd import collection_order

    with DroverSession() as first:
        first.wait_for_tiles(lambda n: len(n) >= 12)
        first.stop()
        assert max(thumbnail_edges(first.library)) == 256
        first.extra_env["GDK_SCALE"] = "2"
        first.start()
        soft, _ = drag_at_scale_2(first, "hidpi-drag-icon-old-thumbnails")

    with DroverSession(env={"GDK_SCALE": "2"}) as drover:
        sharp, order = drag_at_scale_2(drover, "hidpi-drag-icon")
        moved = [order[0], order[2], order[1]] + order[3:]
        wait_for(lambda: collection_order(drover.library) == moved, 10, what="the drop after the third tile")
    print(f"drag icon sharpness: {soft:.2f} from 256 px thumbnails, {sharp:.2f} from 528 px")
    # Measured here: about 1.5 soft and 1.9 sharp.
    assert sharp > soft * 1.15, f"the drag icon at scale 2 is no sharper with its own thumbnails: {sharp:.2f} vs {soft:.2f}"
