"""Finding windows on the Wayland leg. A Wayland client can neither learn nor
set its position, and mutter places windows by its own rule (the first one
centred, the next ones beside it where they fit), so the tests find windows
in a screenshot: GTK's Adwaita windows are light, mutter's headless desktop is
dark blue, and window shadows are darker still."""

import time

from remote_desktop import remote_desktop

LIGHT = 170            # every channel at least this: window content, never the desktop
MIN_ROW = 40           # light pixels a row needs to count (the pointer alone has fewer)

# The windows found so far, by owner, as (x, y, width, height): a new window is
# looked for outside them.
known_windows = {}


def light_box(pixbuf, outside=()):
    """The bounding box (x, y, width, height) of the light pixels that lie outside
    the rectangles `outside`, or None. Rows with fewer than MIN_ROW light pixels
    are ignored, so the pointer and stray antialiasing do not count."""
    width, height, stride = pixbuf.get_width(), pixbuf.get_height(), pixbuf.get_rowstride()
    channels = pixbuf.get_n_channels()
    pixels = pixbuf.get_pixels()
    to_flag = bytes(1 if value >= LIGHT else 0 for value in range(256))
    left, right, top, bottom = width, -1, None, None
    for y in range(height):
        row = pixels[y * stride: y * stride + width * channels].translate(to_flag)
        light = (int.from_bytes(row[0::channels], "big") & int.from_bytes(row[1::channels], "big")
                 & int.from_bytes(row[2::channels], "big")).to_bytes(width, "big")
        mask = bytearray(light)
        for (x0, y0, w, h) in outside:
            if y0 <= y < y0 + h:
                start, end = max(0, x0), min(width, x0 + w)
                if start < end:
                    mask[start:end] = bytes(end - start)
        if mask.count(1) < MIN_ROW:
            continue
        left, right = min(left, mask.find(1)), max(right, mask.rfind(1))
        top = y if top is None else top
        bottom = y
    if top is None:
        return None
    return left, top, right - left + 1, bottom - top + 1


def find_window(owner, size=None, timeout=60.0):
    """Waits until a new light window shows outside the known ones and holds
    still, and returns its box. With `size` (width, height), the box must have that size, give or
    take the 1 px window border."""
    desktop = remote_desktop()
    # The pointer is light too: park it in the corner, where no window is, so
    # that it cannot widen a window's box.
    desktop.move(1, 1)
    others = [box for key, box in known_windows.items() if key != owner]
    deadline = time.monotonic() + timeout
    box = previous = None
    while time.monotonic() < deadline:
        box = light_box(desktop.grab(), outside=others)
        fits = box and (size is None or all(abs(a - b) <= 2 for a, b in zip(box[2:], size))) \
            and (size is not None or (box[2] >= 100 and box[3] >= 50))
        # The same box in two grabs in a row: a window caught while mutter still
        # maps it (its fade-in, its first frames at another size) is not yet where
        # it will stay, and a drop aimed at that box's centre can miss the window.
        if fits and box == previous:
            known_windows[owner] = box
            return box
        previous = box if fits else None
        time.sleep(0.3 if fits else 0.5)
    raise TimeoutError(f"no window for {owner}{f' of size {size}' if size else ''} showed on mutter's monitor "
                       f"within {timeout:.0f}s (last light area seen: {box})")


def forget_window(owner):
    known_windows.pop(owner, None)


def difference(a, b, box, step=3):
    """How different two screenshots are inside `box` (x, y, width, height): the
    mean absolute difference of the colour channels, sampled every `step`
    pixels; 0 for identical images, 255 for black against white."""
    x0, y0, width, height = box
    stride_a, stride_b = a.get_rowstride(), b.get_rowstride()
    ca, cb = a.get_n_channels(), b.get_n_channels()
    pa, pb = a.get_pixels(), b.get_pixels()
    total = count = 0
    for y in range(y0, y0 + height, step):
        for x in range(x0, x0 + width, step):
            i, j = y * stride_a + x * ca, y * stride_b + x * cb
            total += abs(pa[i] - pb[j]) + abs(pa[i + 1] - pb[j + 1]) + abs(pa[i + 2] - pb[j + 2])
            count += 3
    return total / max(1, count)
