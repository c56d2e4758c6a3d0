"""Drag and drop between Drover and real Nautilus 43 (issue 4): photos dragged
in from a Nautilus folder window are copied into the library (the drop
finishes as COPY although Nautilus offers MOVE), and tiles dragged out land in
the folder as files with their names, while the library keeps them.

Nautilus runs with its own HOME and XDG directories, on this test's private
session bus. On X11 there is no window manager: its window is moved below
Drover's and resized to fit the 1280x1024 screen. On Wayland nothing can be
moved or sized from outside: Nautilus opens at the size its settings remember
(a keyfile in its own HOME says a narrow one), mutter puts it beside Drover,
and the test finds it on the screen (leg.py). File icons are found over AT-SPI
(table cells named by file name, in its GtkGridView)."""

import shutil
import subprocess
from pathlib import Path

import pytest

import leg
from dnd import Peer, Screen, collection_order, library_snapshot, photo_file, tile, tile_nodes
from drover_session import Atspi, find_node, screenshot, wait_for, walk
from image_files import write_jpeg
from library_state import consistency_problems, fingerprint
from pointer import click, drag, move, press, release
from test_dnd_grid import SAMPLE_TILES

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(shutil.which("nautilus") is None, reason="Nautilus is not installed")]

NAUTILUS_POSITION = (0, 770)
NAUTILUS_SIZE = (1100, 250)
# On Wayland: narrow enough that mutter finds room for it beside the centred
# Drover (1100 px of a 1920 px monitor), so that it covers none of Drover.
NAUTILUS_SIZE_ON_WAYLAND = (400, 640)


class Nautilus:
    """A Nautilus window showing `folder`, below Drover."""

    def __init__(self, folder, home, log):
        env = {"HOME": str(home), "XDG_DATA_HOME": str(home / ".local/share"),
               "XDG_CONFIG_HOME": str(home / ".config"), "XDG_CACHE_HOME": str(home / ".cache"),
               "XDG_STATE_HOME": str(home / ".local/state")}
        for path in env.values():
            Path(path).mkdir(parents=True, exist_ok=True)
        if leg.WAYLAND:
            # The size its window opens at: GSettings' keyfile backend reads it from
            # Nautilus' own XDG_CONFIG_HOME (no dconf service, nothing of the session's).
            keyfile = home / ".config/glib-2.0/settings/keyfile"
            keyfile.parent.mkdir(parents=True, exist_ok=True)
            keyfile.write_text("[org/gnome/nautilus/window-state]\n"
                               f"initial-size=({NAUTILUS_SIZE_ON_WAYLAND[0]}, {NAUTILUS_SIZE_ON_WAYLAND[1]})\n"
                               "maximized=false\n")
            env["GSETTINGS_BACKEND"] = "keyfile"
        self.folder = folder
        self.peer = Peer(["nautilus", "--new-window", str(folder)], folder.name, NAUTILUS_POSITION, env=env, log=log)
        try:
            if not leg.WAYLAND:
                subprocess.run(["xdotool", "windowsize", "--sync", self.peer.window, *map(str, NAUTILUS_SIZE)],
                               timeout=10)
            self.frame = wait_for(self._frame, 60, what="Nautilus on the accessibility bus")
            # On Wayland, found once on the screen; on X11 measured at each use (below).
            self.found = Screen.found_on_wayland(self.frame, f"peer {self.peer.process.pid}") if leg.WAYLAND else None
        except BaseException:
            self.peer.stop()
            raise

    @property
    def screen(self):
        # X11: after the resize, AT-SPI's extents of the frame catch up a moment later.
        return self.found or Screen(self.frame, self.peer.window)

    def _frame(self):
        desktop = Atspi.get_desktop(0)
        for i in range(desktop.get_child_count()):
            app = desktop.get_child_at_index(i)
            if app is not None and "Nautilus" in (app.get_name() or ""):
                for j in range(app.get_child_count()):
                    frame = app.get_child_at_index(j)
                    if frame is not None and frame.get_role_name() == "frame" and frame.get_name() == self.folder.name:
                        return frame
        return None

    def icon(self, name, timeout=30):
        """The file's icon: the table cell named `name` inside the view's grid."""
        return wait_for(lambda: find_node(self.frame, "table cell", name), timeout, what=f"{name} in Nautilus")

    def empty_spot(self):
        """A point of the file view with no icon on it (right end of the view)."""
        view = wait_for(lambda: next((n for n, _ in walk(self.frame) if n.get_role_name() == "table"), None), 30,
                        what="Nautilus' file view")
        e = view.get_extents(Atspi.CoordType.WINDOW)
        return self.screen.point(e.x + e.width - 60, e.y + e.height / 2)

    def stop(self):
        self.peer.stop()


@pytest.fixture
def nautilus_folder(tmp_path):
    folder = tmp_path / "dnd-nautilus-folder"
    folder.mkdir()
    return folder


def test_photos_dragged_in_from_nautilus_are_copied_between_tiles(drover, nautilus_folder, tmp_path):
    session, screen = drover
    names = ["harbour-at-noon", "market-stalls", "old-town-gate"]
    originals = [write_jpeg(nautilus_folder / f"{name}.jpg", seed=n * 50) for n, name in enumerate(names)]
    prints = {f.name: fingerprint(f) for f in originals}
    nautilus = Nautilus(nautilus_folder, tmp_path / "nautilus-home", tmp_path / "nautilus.log")
    try:
        icons = [nautilus.icon(f.name) for f in originals]
        # Select all three (click, Ctrl-click, Ctrl-click), then drag one of them.
        click(*nautilus.screen.center(icons[0]))
        for icon in icons[1:]:
            click(*nautilus.screen.center(icon), modifiers=("ctrl",))
        screenshot("dnd-nautilus-selection")
        drag(nautilus.screen.center(icons[1]), screen.center(tile_nodes(session)[2], dx=-0.3),
             during=lambda: screenshot("dnd-nautilus-to-drover-mid-drag"))
        tiles = session.wait_for_tiles(lambda t: set(names) <= set(t), timeout=30, what="the three photos")
        screenshot("dnd-nautilus-to-drover-after")
    finally:
        nautilus.stop()
    assert tiles[:2] == SAMPLE_TILES[:2] and set(tiles[2:5]) == set(names) and tiles[5:] == SAMPLE_TILES[2:]
    # COPY: the originals are still in the folder, untouched, and nothing else appeared there.
    assert sorted(p.name for p in nautilus_folder.iterdir()) == sorted(prints)
    assert {f.name: fingerprint(f) for f in originals} == prints
    wait_for(lambda: set(names) <= set(collection_order(session.library)), 10, what="the photos in the library")
    assert consistency_problems(session.library) == []


def test_tiles_dragged_out_to_nautilus_arrive_as_files(drover, nautilus_folder, tmp_path):
    session, screen = drover
    library_file = photo_file(session.library, "Chelsea the cat")
    before = fingerprint(library_file)
    snapshot = library_snapshot(session.library)
    nautilus = Nautilus(nautilus_folder, tmp_path / "nautilus-home", tmp_path / "nautilus.log")
    try:
        target = nautilus.empty_spot()
        drag(screen.center(tile(session, "Chelsea the cat")), target,
             during=lambda: screenshot("dnd-drover-to-nautilus-mid-drag"), began=session.drag_begins())
        # A copy as the user sees it, named after its title.
        arrived = nautilus_folder / "Chelsea the cat.jpg"
        wait_for(arrived.exists, 30, what=f"{arrived.name} in the Nautilus folder")
        nautilus.icon(arrived.name)
        screenshot("dnd-drover-to-nautilus-after")
    finally:
        nautilus.stop()
    assert sorted(p.name for p in nautilus_folder.iterdir()) == [arrived.name]
    assert fingerprint(arrived)[:2] == before[:2], "the file in the folder is not the photo"
    assert fingerprint(library_file) == before
    assert library_snapshot(session.library) == snapshot
    assert session.grid_tiles() == SAMPLE_TILES


def _wait_for_files(folder, count, what):
    return wait_for(lambda: len(list(folder.iterdir())) >= count and sorted(folder.iterdir()), 30, what=what)


def test_qr_codes_dragged_to_nautilus_are_pngs_that_decode(drover, nautilus_folder, tmp_path):
    session, screen = drover
    badge = session.find("label", "All 2 QR codes", timeout=60)
    nautilus = Nautilus(nautilus_folder, tmp_path / "nautilus-home", tmp_path / "nautilus.log")
    try:
        drag(screen.center(badge), nautilus.empty_spot(), during=lambda: screenshot("dnd-qr-to-nautilus-mid-drag"),
             began=session.drag_begins())
        files = _wait_for_files(nautilus_folder, 2, "two QR crops in the folder")
    finally:
        nautilus.stop()
    assert len(files) == 2 and all(f.suffix == ".png" for f in files), files
    decoded = set()
    for f in files:
        decoded |= set(subprocess.run(["zbarimg", "--raw", "-q", str(f)], capture_output=True, text=True,
                                      timeout=30).stdout.split())
    assert decoded == {"https://drover.example/sample/one", "DROVER-SAMPLE-2"}


def test_the_located_photo_gives_nautilus_the_photo_alone(drover, nautilus_folder, tmp_path):
    """Issue 13: no stray .geojson beside a located photo (its location badge drags that)."""
    session, screen = drover
    bridge = tile(session, "Bridge cables over the estuary")
    wait_for(lambda: "Sausalito" in (bridge.get_description() or ""), 60, what="the place name from the scan")
    nautilus = Nautilus(nautilus_folder, tmp_path / "nautilus-home", tmp_path / "nautilus.log")
    try:
        drag(screen.center(bridge, dy=-0.2), nautilus.empty_spot(), began=session.drag_begins())
        files = _wait_for_files(nautilus_folder, 1, "the photo")
    finally:
        nautilus.stop()
    # Nautilus copies a dropped list in its order: a .geojson listed first would be here first.
    assert [f.name for f in files] == ["Bridge cables over the estuary.jpg"]
    assert sorted(f.name for f in nautilus_folder.iterdir()) == ["Bridge cables over the estuary.jpg"]


def test_a_flocked_drag_gives_nautilus_every_file(drover, nautilus_folder, tmp_path):
    """Lift one photo, rest on another for a moment (it joins the drag), then
    drop on Nautilus: both files arrive."""
    import time

    session, screen = drover
    cat, cups = photo_file(session.library, "Chelsea the cat"), photo_file(session.library, "Colourful cups")
    nautilus = Nautilus(nautilus_folder, tmp_path / "nautilus-home", tmp_path / "nautilus.log")
    try:
        start, rest, end = (screen.center(tile(session, "Chelsea the cat")),
                            screen.center(tile(session, "Colourful cups")), nautilus.empty_spot())
        move(*start)
        press()
        time.sleep(0.15)
        for a, b in ((start, rest), (rest, end)):
            for i in range(1, 9):
                move(a[0] + (b[0] - a[0]) * i / 8, a[1] + (b[1] - a[1]) * i / 8)
                time.sleep(0.05)
            if b is rest:
                time.sleep(1.2)  # the dwell: a ring fills and the photo joins
                screenshot("dnd-flocking-to-nautilus-joined")
        time.sleep(0.5)
        release()
        files = _wait_for_files(nautilus_folder, 2, "both flocked photos in the folder")
        # Nautilus' copy is not atomic: a name is there before its bytes are (one CI run read
        # "Colourful cups.jpg" with 128 of its 177 KiB). Nautilus is stopped once both are whole.
        sizes = {"Chelsea the cat.jpg": cat.stat().st_size, "Colourful cups.jpg": cups.stat().st_size}
        for arrived in files:
            if arrived.name in sizes:
                wait_for(lambda arrived=arrived: arrived.stat().st_size == sizes[arrived.name], 10,
                         what=f"all of {arrived.name}")
    finally:
        nautilus.stop()
    # Copies named after their titles, with the library files' bytes.
    assert sorted(f.name for f in files) == ["Chelsea the cat.jpg", "Colourful cups.jpg"]
    assert sorted(f.read_bytes() for f in files) == sorted([cat.read_bytes(), cups.read_bytes()])
