"""Drag and drop with the file managers of other toolkits (issue 13): Thunar
(GTK 3, Xfce) and PCManFM-Qt (Qt, LXQt), beside Nautilus (test_dnd_nautilus.py).
Files dragged in from a folder window become photos, the originals untouched;
a photo dragged out lands in the folder as the library's file, the library
untouched.

Each runs with its own HOME on the test's session bus, its window below
Drover's. PCManFM-Qt's icons are found over AT-SPI; Thunar 4.18's icon view
tells AT-SPI nothing about its icons, so they are found by their place in its
window (its layout under this Xvfb: menu bar, tool bar, the root warning when
run as root, then the icons in a row from the left).

The document portal runs, started before Drover and the file manager, as on a GNOME
or KDE desktop (issue 31): with it GTK 4.8 asks a source for the portal's file list
types first, which PCManFM-Qt (Qt 5) never answers as it does not offer them; Drover
asks only for a type the source offers (DragKit's `FileListFormat`)."""

import shutil
import subprocess
from pathlib import Path

import pytest

from dnd import (Peer, album_names, album_titles, collection_order, library_snapshot, photo_file, settle, states, tile, tile_nodes,
                 window_geometry)
from drover_session import Atspi, screenshot, wait_for, walk
from image_files import write_jpeg
from library_state import consistency_problems, fingerprint
from pointer import click, drag
from test_dnd_grid import SAMPLE_TILES

# The portal first: running before Drover and the file manager start, as on a desktop.
pytestmark = [pytest.mark.slow, pytest.mark.usefixtures("document_portal")]

BRIDGE = "Bridge cables over the estuary"   # has GPS: a location
POSITION = (0, 770)
SIZE = (1280, 254)


class FileManager:
    """A file manager window showing `folder`, below Drover."""

    def __init__(self, kind, folder, home, log):
        self.kind = kind
        self.folder = folder
        env = {"HOME": str(home), "XDG_CONFIG_HOME": str(home / ".config"), "XDG_DATA_HOME": str(home / ".local/share"),
               "XDG_CACHE_HOME": str(home / ".cache"), "QT_QPA_PLATFORM": "xcb", "QT_ACCESSIBILITY": "1",
               "QT_LINUX_ACCESSIBILITY_ALWAYS_ON": "1"}
        for path in ("HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME"):
            Path(env[path]).mkdir(parents=True, exist_ok=True)
        command = ["thunar", str(folder)] if kind == "thunar" else ["pcmanfm-qt", str(folder)]
        title = f"{folder.name} - Thunar" if kind == "thunar" else folder.name
        self.peer = Peer(command, title, POSITION, env=env, log=log)
        subprocess.run(["xdotool", "windowsize", "--sync", self.peer.window, *map(str, SIZE)], check=False, timeout=10)
        wait_for(lambda: window_geometry(self.peer.window)[2:] == SIZE, 10, what=f"{kind}'s size")

    def icon_center(self, index, name):
        """The screen centre of the `index`-th icon (sorted by name), `name`."""
        if self.kind == "pcmanfm-qt":
            node = wait_for(lambda: self._qt_item(name), 30, what=f"{name} in PCManFM-Qt")
            e = node.get_extents(Atspi.CoordType.SCREEN)
            return e.x + e.width / 2, e.y + e.height / 3
        x, y, _, _ = window_geometry(self.peer.window)
        return x + 243 + 141 * index, y + 145

    def select(self, index, name):
        """Selects the `index`-th icon, `name`, and returns its screen centre. A window just
        shown can miss its first click under load: the icon is clicked again, after the
        double-click time (a double click would open it)."""
        icon = self.icon_center(index, name)
        click(*icon)
        settle(0.6)
        click(*icon)
        return icon

    def empty_spot(self):
        x, y, width, height = window_geometry(self.peer.window)
        return x + width - 200, y + 160

    def _qt_nodes(self, role):
        desktop = Atspi.get_desktop(0)
        for i in range(desktop.get_child_count()):
            app = desktop.get_child_at_index(i)
            if app is not None and app.get_process_id() == self.peer.process.pid:
                return [n for n, _ in walk(app) if n.get_role_name() == role]
        return []

    def _qt_item(self, name):
        return next((n for n in self._qt_nodes("list item") if n.get_name() == name), None)

    def choose_copy_here(self):
        """PCManFM-Qt asks what to do with a drop from another application, in a
        menu at the drop point that offers only what the source allows (Drover
        allows copying alone: "Copy here", "Cancel"). The menu is not on the
        accessibility bus; it has the keyboard, so Down and Return choose its
        first item, "Copy here"."""
        from pointer import xdotool
        menu = wait_for(self._popup_window, 30, what="PCManFM-Qt's drop menu mapped")
        screenshot("dnd-drover-to-pcmanfm-qt-drop-menu")
        # The menu grabs the keyboard once it is mapped: keys go to it from here on.
        print(f"PCManFM-Qt's drop menu: window {menu}")
        xdotool("key", "Down")
        xdotool("key", "Return")

    def _popup_window(self):
        """A window of this file manager's process that is mapped and override-redirect (a
        Qt menu: no window manager decides where it goes), or None."""
        found = subprocess.run(["xdotool", "search", "--onlyvisible", "--pid", str(self.peer.process.pid)],
                               capture_output=True, text=True, timeout=20).stdout.split()
        for window in found:
            info = subprocess.run(["xwininfo", "-id", window], capture_output=True, text=True, timeout=20).stdout
            if "Override Redirect State: yes" in info and "Map State: IsViewable" in info:
                return window
        return None

    def stop(self):
        self.peer.stop()


MANAGERS = [pytest.param("thunar", marks=pytest.mark.skipif(shutil.which("thunar") is None,
                                                            reason="Thunar is not installed")),
            pytest.param("pcmanfm-qt", marks=pytest.mark.skipif(shutil.which("pcmanfm-qt") is None,
                                                                reason="PCManFM-Qt is not installed"))]


@pytest.mark.parametrize("kind", MANAGERS)
def test_files_dragged_in_from_a_file_manager_become_photos_and_stay(kind, drover, tmp_path):
    session, screen = drover
    folder = tmp_path / f"from-{kind}"
    folder.mkdir()
    names = ["harbour-at-noon", "market-stalls"]
    originals = [write_jpeg(folder / f"{name}.jpg", seed=n * 70 + 5) for n, name in enumerate(names)]
    prints = {f.name: fingerprint(f) for f in originals}
    manager = FileManager(kind, folder, tmp_path / "home", tmp_path / f"{kind}.log")
    try:
        first = manager.select(0, originals[0].name)
        click(*manager.icon_center(1, originals[1].name), modifiers=("ctrl",))
        screenshot(f"dnd-{kind}-selection")
        drag(first, screen.center(tile_nodes(session)[1], dx=-0.3), steps=12)
        tiles = session.wait_for_tiles(lambda t: set(names) <= set(t), timeout=30, what=f"the photos from {kind}")
        screenshot(f"dnd-{kind}-to-drover-after")
    finally:
        manager.stop()
    assert tiles[:1] == SAMPLE_TILES[:1] and set(tiles[1:3]) == set(names) and tiles[3:] == SAMPLE_TILES[1:]
    # Copied: the originals are still in the folder, untouched, and nothing else is there.
    assert sorted(p.name for p in folder.iterdir()) == sorted(prints)
    assert {f.name: fingerprint(f) for f in originals} == prints
    wait_for(lambda: set(names) <= set(collection_order(session.library)), 10, what="the photos in the library")
    assert consistency_problems(session.library) == []


@pytest.mark.parametrize("kind", MANAGERS)
def test_a_file_from_a_file_manager_dropped_on_an_album_row_joins_the_album(kind, drover_closed_albums, tmp_path):
    """Read before the drop is finished, through the same load as a drop on the grid, into
    the album, which stays closed (spring loading is off in this Drover): a toast says so."""
    session, screen = drover_closed_albums
    folder = tmp_path / f"from-{kind}"
    folder.mkdir()
    original = write_jpeg(folder / "lighthouse.jpg", seed=91)
    print_before = fingerprint(original)
    manager = FileManager(kind, folder, tmp_path / "home", tmp_path / f"{kind}.log")
    try:
        icon = manager.select(0, original.name)
        drag(icon, screen.center(session.find("list item", "Travel")), steps=12)
        # The toast first: it shows for a few seconds only, from the moment the photo is in.
        session.wait_for_label(lambda text: text.startswith("Added 1 photo to Travel"), timeout=60,
                               what=f"the album's toast after the drop from {kind}")
        screenshot(f"dnd-{kind}-to-album-toast")
        wait_for(lambda: "lighthouse" in album_titles(session.library, "Travel"), 30, what=f"the photo from {kind} in Travel")
        assert "selected" in states(session.find("list item", "All Photos"))
    finally:
        manager.stop()
    assert sorted(p.name for p in folder.iterdir()) == ["lighthouse.jpg"]
    assert fingerprint(original) == print_before
    assert "lighthouse" in collection_order(session.library)
    assert consistency_problems(session.library) == []


@pytest.mark.parametrize("kind", MANAGERS)
def test_a_folder_from_a_file_manager_dropped_below_the_albums_becomes_an_album(kind, drover_closed_albums, tmp_path):
    """Issue 31, item 4: the folder's photos, in a new album named after it."""
    session, screen = drover_closed_albums
    shown = tmp_path / f"from-{kind}"
    trip = shown / "Trip"
    trip.mkdir(parents=True)
    names = [f"trip-{n}" for n in range(3)]
    for n, name in enumerate(names):
        write_jpeg(trip / f"{name}.jpg", seed=n * 31 + 7)
    albums = album_names(session.library)
    manager = FileManager(kind, shown, tmp_path / "home", tmp_path / f"{kind}.log")
    try:
        icon = manager.select(0, trip.name)
        below = screen.center(session.find("list item", albums[-1]), dy=3.5)
        drag(icon, below, steps=12)
        session.wait_for_label(lambda text: text == "Made album “Trip” with 3 photos.", timeout=60,
                               what=f"the new album's toast after the drop from {kind}")
        screenshot(f"dnd-{kind}-folder-to-new-album")
    finally:
        manager.stop()
    assert album_names(session.library) == albums + ["Trip"]
    assert album_titles(session.library, "Trip") == names
    assert sorted(p.name for p in trip.iterdir()) == [f"{name}.jpg" for name in names]
    assert consistency_problems(session.library) == []


@pytest.mark.parametrize("kind", MANAGERS)
def test_a_photo_dragged_out_to_a_file_manager_arrives_as_its_file(kind, drover, tmp_path):
    """A located photo, which arrives alone: no .geojson beside it (its Map badge drags that)."""
    session, screen = drover
    folder = tmp_path / f"to-{kind}"
    folder.mkdir()
    library_file = photo_file(session.library, BRIDGE)
    before = fingerprint(library_file)
    snapshot = library_snapshot(session.library)
    manager = FileManager(kind, folder, tmp_path / "home", tmp_path / f"{kind}.log")
    try:
        drag(screen.center(tile(session, BRIDGE), dy=-0.2), manager.empty_spot(), steps=12, began=session.drag_begins())
        if kind == "pcmanfm-qt":
            manager.choose_copy_here()
        # A copy as the user sees it, named after its title.
        arrived = folder / (BRIDGE + library_file.suffix)
        wait_for(arrived.exists, 30, what=f"{arrived.name} in the {kind} folder")
        # The file is complete once its size is the library file's (the copy is not atomic).
        wait_for(lambda: arrived.stat().st_size == library_file.stat().st_size, 10, what="the whole file")
        screenshot(f"dnd-drover-to-{kind}-after")
    finally:
        manager.stop()
    assert sorted(p.name for p in folder.iterdir()) == [arrived.name]
    assert arrived.read_bytes() == library_file.read_bytes()
    assert fingerprint(library_file) == before
    assert library_snapshot(session.library) == snapshot
    assert session.grid_tiles() == SAMPLE_TILES
