"""The drag-source features against a real peer (issue 5): a located photo
carries a .geojson first, with the right coordinates, and its drag icon turns
into a location platter mid-drag; QR codes dragged out are PNG files that
zbarimg decodes to the codes' text. Screenshots go to test-output/."""

import json
import shutil
import subprocess
import time
from urllib.parse import urlparse, unquote

import pytest

from dnd import python_peer, tile, wait_for_record
from leg import x11_only
from drover_session import end_process, screenshot, wait_for
from pointer import drag

PEER_POSITION = (0, 780)
BRIDGE = "Bridge cables over the estuary"


def path_of(uri):
    return unquote(urlparse(uri).path)


def test_a_located_photo_drags_its_geojson_first_and_shows_the_platter(drover, tmp_path):
    session, screen = drover
    bridge = tile(session, BRIDGE)
    wait_for(lambda: "Sausalito" in (bridge.get_description() or ""), 60, what="the place name from the scan")
    record = tmp_path / "drops.jsonl"
    with python_peer("drop_target.py", title="Drop Target Peer", position=PEER_POSITION, record=record,
                     log=tmp_path / "peer.log") as peer:
        drag(screen.center(bridge), peer.center(), during=lambda: screenshot("dnd-location-platter-mid-drag"))
        drop = wait_for_record(record, what="the located photo's drop")
    first, second = drop["uris"][:2]
    assert first.endswith(".geojson"), drop["uris"]
    assert second.endswith("bridge-cables-over-the-estuary.jpg"), drop["uris"]
    feature = json.loads(open(path_of(first)).read())
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
        drag(screen.center(badge), peer.center(), during=lambda: screenshot("dnd-qr-mid-drag"))
        drop = wait_for_record(record, what="the QR drop")
    assert len(drop["uris"]) == 2 and all(uri.endswith(".png") for uri in drop["uris"])
    decoded = set()
    for uri in drop["uris"]:
        out = subprocess.run(["zbarimg", "--raw", "-q", path_of(uri)], capture_output=True, text=True,
                             timeout=30).stdout
        decoded |= set(out.split())
    assert decoded == {"https://drover.example/sample/one", "DROVER-SAMPLE-2"}
    assert "image/png" in drop["formats"]


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


@pytest.mark.skipif(shutil.which("gnome-maps") is None, reason="GNOME Maps is not installed")
@x11_only("a Wayland client cannot be moved or sized from outside, so GNOME Maps' window cannot be put beside "
          "Drover, where this test drops (xdotool windowmove/windowsize are X11's)")
def test_dropping_a_located_photo_on_gnome_maps_drops_a_pin(drover, tmp_path):
    """GNOME Maps 43 takes one dropped file and opens GeoJSON as a layer: the
    .geojson Drover lists first becomes a pin. Offline under Xvfb the map has
    no tiles, so the red pin is the only red thing in Maps' window."""
    session, screen = drover
    bridge = tile(session, BRIDGE)
    wait_for(lambda: "Sausalito" in (bridge.get_description() or ""), 60, what="the place name from the scan")
    maps = subprocess.Popen(["gnome-maps"], env=session.environment(), stdout=open(tmp_path / "maps.log", "w"),
                            stderr=subprocess.STDOUT)
    try:
        windows = subprocess.run(["xdotool", "search", "--sync", "--pid", str(maps.pid)], capture_output=True,
                                 text=True, timeout=60).stdout.split()
        time.sleep(3)  # Maps lays out its map view after mapping the window
        # On a loaded machine Maps can resize itself after a first move (it then covers
        # Drover and the drag never starts): move it until it stays, a bounded number of times.
        for attempt in range(10):
            for window in windows:
                subprocess.run(["xdotool", "windowmove", window, "200", "200"], check=True, timeout=20)
                subprocess.run(["xdotool", "windowsize", window, "900", "700"], check=True, timeout=20)
            time.sleep(2)
            if all(window_geometry(window) == (200, 200, 900, 700) for window in windows):
                break
        else:
            pytest.fail(f"GNOME Maps would not stay at (200, 200) 900x700: {[window_geometry(w) for w in windows]}")
        region = (210, 260, 880, 600)  # the map view, below Maps' header bar
        before = red_pixels(screenshot("maps-before-drop"), region)
        drag(screen.center(bridge), (650, 550))
        wait_for(lambda: red_pixels(screenshot("maps-after-drop"), region) > before + 30, 20,
                 what="a pin on the map")
    finally:
        maps.kill()
        end_process(maps, "GNOME Maps")
