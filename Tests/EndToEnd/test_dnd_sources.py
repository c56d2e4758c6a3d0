"""The drag-source features against a real peer (issue 5): a located photo
drags as the photo alone (issue 13), and its location badge drags a .geojson
with the right coordinates, its drag icon the location platter; QR codes dragged out are PNG files that
zbarimg decodes to the codes' text. Screenshots go to test-output/."""

import json
import shutil
import subprocess
from urllib.parse import urlparse, unquote

import pytest

from dnd import Peer, Screen, leaving_copies, photo_file, python_peer, running_drover, tile, wait_for_record
from leg import WAYLAND
from drover_session import end_process, find_node, private_home_environment, screenshot, wait_for
from pointer import drag

PEER_POSITION = (0, 780)
BRIDGE = "Bridge cables over the estuary"


def path_of(uri):
    return unquote(urlparse(uri).path)


def location_badge(session, title):
    """The location badge on the tile of the located photo `title` (its place name known)."""
    photo = tile(session, title)
    wait_for(lambda: "Sausalito" in (photo.get_description() or ""), 60, what="the place name from the scan")
    return wait_for(lambda: find_node(photo, "label", "Location"), 20, what=f"the location badge on {title!r}")


def test_a_located_photo_dragged_out_is_the_photo_alone(drover, tmp_path):
    """Issue 13: a plain drag of a located photo gives a file manager, a web page or a
    single-file upload field the photo, exactly as for any photo: no .geojson beside it."""
    session, screen = drover
    location_badge(session, BRIDGE)
    record = tmp_path / "drops.jsonl"
    with python_peer("drop_target.py", title="Drop Target Peer", position=PEER_POSITION, record=record,
                     log=tmp_path / "peer.log") as peer:
        drag(screen.center(tile(session, BRIDGE), dy=-0.2), peer.center(), began=session.drag_begins())
        drop = wait_for_record(record, what="the located photo's drop")
    leaving_copies(drop["uris"], [photo_file(session.library, BRIDGE)], [BRIDGE])
    assert "application/geo+json" not in drop["formats"]


def test_the_location_badge_drags_the_geojson_and_shows_the_platter(drover, tmp_path):
    session, screen = drover
    badge = location_badge(session, BRIDGE)
    record = tmp_path / "drops.jsonl"
    with python_peer("drop_target.py", title="Drop Target Peer", position=PEER_POSITION, record=record,
                     log=tmp_path / "peer.log") as peer:
        drag(screen.center(badge), peer.center(), during=lambda: screenshot("dnd-location-platter-mid-drag"),
             began=session.drag_begins())
        drop = wait_for_record(record, what="the location's drop")
    assert len(drop["uris"]) == 1 and drop["uris"][0].endswith(".geojson"), drop["uris"]
    feature = json.loads(open(path_of(drop["uris"][0])).read())
    assert feature["type"] == "Feature" and feature["geometry"]["type"] == "Point"
    longitude, latitude = feature["geometry"]["coordinates"][:2]
    assert abs(latitude - 37.8199) < 1e-4 and abs(longitude + 122.4783) < 1e-4
    assert feature["properties"]["name"] == "Sausalito, California, US"
    assert "application/geo+json" in drop["formats"]


def test_qr_codes_dragged_to_a_peer_are_crops_that_decode_to_their_text(drover, tmp_path):
    session, screen = drover
    badge = session.find("label", "All 2 QR codes", timeout=60)
    record = tmp_path / "drops.jsonl"
    with python_peer("drop_target.py", title="Drop Target Peer", position=PEER_POSITION, record=record,
                     log=tmp_path / "peer.log") as peer:
        drag(screen.center(badge), peer.center(), during=lambda: screenshot("dnd-qr-mid-drag"),
             began=session.drag_begins())
        drop = wait_for_record(record, what="the QR drop")
    assert len(drop["uris"]) == 2 and all(uri.endswith(".png") for uri in drop["uris"])
    decoded = set()
    for uri in drop["uris"]:
        out = subprocess.run(["zbarimg", "--raw", "-q", path_of(uri)], capture_output=True, text=True,
                             timeout=30).stdout
        decoded |= set(out.split())
    assert decoded == {"https://drover.example/sample/one", "DROVER-SAMPLE-2"}
    assert "image/png" in drop["formats"]


def wait_until_drawn(region, what):
    """Waits until region (x, y, w, h) of the screen shows the same picture in two
    screenshots in a row: the window there has laid out and drawn, and is not moving or
    resizing (the event a fixed sleep used to stand in for)."""
    from drover_session import GdkPixbuf
    x0, y0, width, height = region
    previous = []

    def drawn():
        pixbuf = GdkPixbuf.Pixbuf.new_from_file(str(screenshot("maps-settling")))
        pixels = pixbuf.new_subpixbuf(x0, y0, width, height).get_pixels()
        same = bool(previous) and previous[-1] == pixels
        previous[:] = [pixels]
        return same
    wait_for(drawn, 60, interval=0.5, what=what)


def red_pixels(path, region):
    """How many clearly red pixels (a map pin) are in region (x, y, w, h) of a screenshot."""
    from drover_session import GdkPixbuf
    x0, y0, width, height = region
    pixbuf = GdkPixbuf.Pixbuf.new_from_file(str(path)).new_subpixbuf(x0, y0, width, height)
    data, stride, channels = pixbuf.get_pixels(), pixbuf.get_rowstride(), pixbuf.get_n_channels()
    count = 0
    for y in range(0, height, 2):
        row = y * stride
        for x in range(0, width, 2):
            r, g, b = data[row + x * channels: row + x * channels + 3]
            count += r > 180 and g < 90 and b < 90
    return count


@pytest.mark.slow
def window_geometry(window):
    """(x, y, width, height) of an X window, from xdotool."""
    output = subprocess.run(["xdotool", "getwindowgeometry", "--shell", window], capture_output=True, text=True,
                            timeout=20).stdout
    values = dict(line.split("=", 1) for line in output.split() if "=" in line)
    return tuple(int(values.get(key, -1)) for key in ("X", "Y", "WIDTH", "HEIGHT"))


# Maps shows the dropped pin only in a large window (mutter 43: none at 464 or 600 px
# wide, one at 900x700), and two windows must not overlap on Wayland (a press on Drover
# raises it over Maps). So on Wayland Drover opens narrow (the sidebar folded into a
# drawer; 420 px, not 360: GTK gives the window at least its header bar's width, about
# 418 px, while AT-SPI still reports the frame as asked), is moved to the monitor's left
# edge, and Maps opens 900x700 beside it.
DROVER_SIZE_BESIDE_MAPS = (420, 900)
MAPS_SIZE_ON_WAYLAND = (900, 700)


@pytest.fixture
def drover_beside_maps(tmp_path):
    """The `drover` fixture, on Wayland with a window narrow enough for a 900-px Maps beside it."""
    if not WAYLAND:
        yield from running_drover()
        return
    home = tmp_path / "drover-home"
    remember_settings(home, "app/drover/Drover", {"window-width": DROVER_SIZE_BESIDE_MAPS[0],
                                                  "window-height": DROVER_SIZE_BESIDE_MAPS[1],
                                                  "window-maximized": "false"})
    # It opens where mutter puts it, which may cover NO_TARGET; this test never drops there.
    for session, screen in running_drover(home=home, leaves_no_target_bare=False):
        yield session, move_drover_to_the_left_edge(session, screen)


def remember_settings(home, path, values):
    """GSettings values under `home`, as the keyfile backend reads them (GSETTINGS_BACKEND=keyfile)."""
    keyfile = home / ".config/glib-2.0/settings/keyfile"
    keyfile.parent.mkdir(parents=True, exist_ok=True)
    keyfile.write_text(f"[{path}]\n" + "".join(f"{key}={value}\n" for key, value in values.items()))


def move_drover_to_the_left_edge(session, screen):
    """Moves Drover's window to x = 0 the way a person can on GNOME (Super + drag:
    mutter moves the window, Drover sees no press) and returns its new mapping.
    Mutter then places the next window, Maps, right of it."""
    from wayland_windows import forget_window
    x, y = screen.point(0, 0)
    if x > 2:
        grip = (x + DROVER_SIZE_BESIDE_MAPS[0] // 2, y + DROVER_SIZE_BESIDE_MAPS[1] // 2)
        drag(grip, (grip[0] - x, grip[1]), modifiers=("super",))
        screenshot("maps-drover-moved-left")
        forget_window("drover")
        screen = Screen.of_drover(session)
        x, y = screen.point(0, 0)
    assert x <= 2, f"Drover's window did not move to the monitor's left edge (Super + drag): it is at x = {x}"
    return screen


@pytest.mark.skipif(shutil.which("gnome-maps") is None, reason="GNOME Maps is not installed")
def test_dropping_a_located_photo_on_gnome_maps_drops_a_pin(drover_beside_maps, tmp_path):
    """GNOME Maps 43 takes one dropped file and opens GeoJSON as a layer: the
    .geojson Drover lists first becomes a pin. Offline the map has no tiles, so
    the red pin is the only red thing in Maps' window."""
    session, screen = drover_beside_maps
    badge = location_badge(session, BRIDGE)
    maps, region = (open_maps_on_wayland if WAYLAND else open_maps_on_x11)(session, tmp_path)
    try:
        before = red_pixels(screenshot("maps-before-drop"), region)
        x, y, width, height = region
        drag(screen.center(badge), (x + width // 2, y + height // 2), during=lambda: screenshot("maps-mid-drag"),
             began=session.drag_begins())
        wait_for(lambda: red_pixels(screenshot("maps-after-drop"), region) > before + 30, 20,
                 what="a pin on the map")
    finally:
        maps.stop()


class _MapsProcess:
    def __init__(self, process):
        self.process = process

    def stop(self):
        self.process.kill()
        end_process(self.process, "GNOME Maps")


def open_maps_on_x11(session, tmp_path):
    """Maps at (200, 300), 900x700, put there with xdotool; returns it and its map view."""
    maps = subprocess.Popen(["gnome-maps"], env=session.environment(), stdout=open(tmp_path / "maps.log", "w"),
                            stderr=subprocess.STDOUT)
    try:
        subprocess.run(["xdotool", "search", "--sync", "--onlyvisible", "--pid", str(maps.pid)],
                       capture_output=True, text=True, timeout=60)
        # On a loaded machine Maps can resize itself after a first move (it then covers
        # Drover and the drag never starts): move it until it stays, a bounded number of times.
        # Its windows are looked up each time: its first X window is a 1x1 client leader,
        # and the main window may be mapped only after it.
        windows = []
        for attempt in range(10):
            windows = subprocess.run(["xdotool", "search", "--onlyvisible", "--pid", str(maps.pid)],
                                     capture_output=True, text=True, timeout=20).stdout.split()
            for window in windows:
                subprocess.run(["xdotool", "windowmove", window, "200", "300"], check=True, timeout=20)
                subprocess.run(["xdotool", "windowsize", window, "900", "700"], check=True, timeout=20)
            # Maps lays out its map view after mapping the window (and may resize itself):
            # wait until what it shows there is drawn and still, then see where it is.
            wait_until_drawn((200, 300, 900, 700), "GNOME Maps drawn and still at (200, 300)")
            if windows and all(window_geometry(window) == (200, 300, 900, 700) for window in windows):
                break
        else:
            pytest.fail(f"GNOME Maps would not stay at (200, 300) 900x700: {[window_geometry(w) for w in windows]}")
    except BaseException:
        maps.kill()
        end_process(maps, "GNOME Maps")
        raise
    # The map view, below Maps' header bar (and below the first row of tiles: the
    # bridge's location badge, bottom right of its tile, stays in view).
    return _MapsProcess(maps), (210, 360, 880, 600)


def open_maps_on_wayland(session, tmp_path):
    """Maps at the size its settings remember (a keyfile in a home of its own),
    where mutter puts it, found on the screen; returns it and its map view."""
    home = tmp_path / "maps-home"
    env = private_home_environment(home)
    remember_settings(home, "org/gnome/maps", {"window-size": f"[{MAPS_SIZE_ON_WAYLAND[0]}, {MAPS_SIZE_ON_WAYLAND[1]}]",
                                               "window-maximized": "false"})
    env.update(GSETTINGS_BACKEND="keyfile")
    env.pop("GSETTINGS_SCHEMA_DIR", None)
    peer = Peer(["gnome-maps"], "Maps", None, env=env, log=tmp_path / "maps.log")
    x, y, width, height = peer.box
    # Maps lays out its map view after mapping the window: wait until it is drawn and still.
    wait_until_drawn((x, y, width, height), "GNOME Maps drawn and still")
    from wayland_windows import known_windows
    drover_x, _, drover_width, _ = known_windows["drover"]
    if x < drover_x + drover_width:
        peer.stop()
        pytest.fail(f"mutter put Maps at {peer.box}, over Drover at {known_windows['drover']}: "
                    "a press on Drover would raise it over Maps")
    # The map view: below the header bar (about 50 px), inside the window's border.
    return peer, (x + 10, y + 60, width - 20, height - 70)
