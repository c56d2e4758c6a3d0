"""Copy in Drover, Paste in the file manager (issue 31): photos selected in
Drover and copied with Ctrl+C (or cut with Ctrl+X) paste into a folder window
of Nautilus 43 (GTK 4), Thunar 4.18 (GTK 3) or PCManFM-Qt 1.2 (Qt) as their
library files, byte for byte, and the library stays as it was. Nautilus and
Thunar paste files only from `x-special/gnome-copied-files`; PCManFM-Qt reads
it before `text/uri-list`. A Cut moves photos only inside Drover: to a file
manager it is a copy too, so the library's file never moves out.

Each file manager runs with its own HOME on the test's session bus, its window
below Drover's (as in test_dnd_nautilus.py and test_dnd_file_managers.py), and
is stopped by its process group. The document portal runs, started before
Drover and the file manager, as on a GNOME or KDE desktop: the clipboard works
beside it, PCManFM-Qt's paste included. X11 only: keyboard focus is moved between the
windows with `xdotool windowfocus` (no window manager)."""

import shutil

import pytest

from accessible_actions import focus, keys
from dnd import leaving_copies, library_snapshot, photo_file, tile, turned_right, window_ids
from drover_session import screenshot, wait_for
from library_state import consistency_problems, fingerprint, rotation
from pointer import click, key, xdotool
from test_accessibility_paths import read_clipboard
from test_dnd_file_managers import FileManager
from test_dnd_grid import SAMPLE_TILES
from test_dnd_nautilus import Nautilus

# The portal first: running before Drover and the file manager start, as on a desktop.
pytestmark = [pytest.mark.slow, pytest.mark.usefixtures("document_portal")]

CAT, CUPS = "Chelsea the cat", "Colourful cups"


class NautilusWindow:
    """Nautilus (test_dnd_nautilus.Nautilus) with the FileManager interface this file uses."""

    def __init__(self, folder, home, log):
        self.nautilus = Nautilus(folder, home, log)
        self.peer = self.nautilus.peer

    def empty_spot(self):
        # An empty folder shows its "Folder is Empty" page over the file view: its middle.
        return self.peer.center()

    def show(self, name):
        self.nautilus.icon(name)

    def stop(self):
        self.nautilus.stop()


def open_file_manager(kind, folder, tmp_path):
    home, log = tmp_path / f"{kind}-home", tmp_path / f"{kind}.log"
    if kind == "nautilus":
        return NautilusWindow(folder, home, log)
    # The document portal stays as it is: these tests stop nothing they did not start.
    return FileManager(kind, folder, home, log)


def installed(kind):
    return pytest.param(kind, marks=pytest.mark.skipif(shutil.which(kind) is None, reason=f"{kind} is not installed"))


def focus_window(window):
    """Gives an X window the keyboard (there is no window manager to do it on a click)."""
    xdotool("windowfocus", "--sync", window)


def copy_in_drover(session, screen, titles, chord):
    """Selects the tiles titled `titles` with clicks (Ctrl-click for the rest) and presses
    `chord` (ctrl+c or ctrl+x) in Drover's window."""
    click(*screen.center(tile(session, titles[0])))
    for title in titles[1:]:
        click(*screen.center(tile(session, title)), modifiers=("ctrl",))
    focus_window(window_ids(name="Drover", pid=session.process.pid)[0])
    key(chord)


def announcement(session, title):
    """The focused tile's description: an announcement stands in for it for a while."""
    node = tile(session, title)
    node.clear_cache()
    return node.get_description() or ""


def paste_in(manager, kind):
    """Clicks an empty spot of the folder view (its focus), gives the window the keyboard, Ctrl+V."""
    click(*manager.empty_spot())
    focus_window(manager.peer.window)
    screenshot(f"paste-into-{kind}-before")
    key("ctrl+v")


def copied_list(files, titles, contents=None):
    """The clipboard's list for file managers: it says copy, then copies of the library files
    as the user sees them (checked), no line after them. Returns the copies' names."""
    lines = read_clipboard("--mime", "x-special/gnome-copied-files").split("\n")
    assert lines[0] == "copy", lines
    return [p.name for p in leaving_copies(lines[1:], files, titles, contents)]


def wait_for_copies(manager, folder, contents, kind, names):
    for content, name in zip(contents, names):
        arrived = folder / name
        wait_for(arrived.exists, 30, what=f"{arrived.name} pasted into the {kind} folder")
        # Complete once it has all its bytes (a file manager's copy is not atomic).
        wait_for(lambda: arrived.stat().st_size == len(content), 10, what=f"all of {arrived.name}")
        # Shown in the window, for the screenshot (Thunar's icons are not on the AT-SPI bus).
        if kind == "nautilus":
            manager.show(arrived.name)
        elif kind == "pcmanfm-qt":
            wait_for(lambda: manager._qt_item(arrived.name), 30, what=f"{arrived.name} in PCManFM-Qt")


MANAGERS = [installed("nautilus"), installed("thunar"), installed("pcmanfm-qt")]


@pytest.mark.parametrize("kind", MANAGERS)
def test_a_photo_copied_in_drover_pastes_into_a_file_manager_folder_as_its_file(kind, drover, tmp_path):
    session, screen = drover
    folder = tmp_path / f"paste-into-{kind}"
    folder.mkdir()
    library_file = photo_file(session.library, CAT)
    before, snapshot = fingerprint(library_file), library_snapshot(session.library)
    manager = open_file_manager(kind, folder, tmp_path)
    try:
        copy_in_drover(session, screen, [CAT], "ctrl+c")
        wait_for(lambda: announcement(session, CAT).startswith("Copied 1 photo."), 10, what="the copy announced on the tile")
        names = copied_list([library_file], [CAT])
        paste_in(manager, kind)
        wait_for_copies(manager, folder, [library_file.read_bytes()], kind, names)
        screenshot(f"paste-into-{kind}-after")
    finally:
        manager.stop()
    assert sorted(p.name for p in folder.iterdir()) == [f"{CAT}.jpg"]
    assert (folder / f"{CAT}.jpg").read_bytes() == library_file.read_bytes()
    assert fingerprint(library_file) == before
    assert library_snapshot(session.library) == snapshot
    assert session.grid_tiles() == SAMPLE_TILES
    assert consistency_problems(session.library) == []


@pytest.mark.parametrize("kind", MANAGERS)
def test_photos_cut_in_drover_paste_into_a_file_manager_as_copies(kind, drover, tmp_path):
    """Cut moves photos only inside Drover: the file manager gets copies and the library
    keeps both files. Chelsea, turned right in Drover, arrives turned (issue 31)."""
    session, screen = drover
    folder = tmp_path / f"cut-into-{kind}"
    folder.mkdir()
    files = [photo_file(session.library, CAT), photo_file(session.library, CUPS)]
    focus(tile(session, CAT))
    keys("ctrl+r")
    wait_for(lambda: rotation(session.library, CAT) == 1, 10, what="Chelsea turned right")
    contents = [turned_right(files[0].read_bytes()), files[1].read_bytes()]
    before, snapshot = [fingerprint(f) for f in files], library_snapshot(session.library)
    manager = open_file_manager(kind, folder, tmp_path)
    try:
        copy_in_drover(session, screen, [CAT, CUPS], "ctrl+x")
        wait_for(lambda: announcement(session, CUPS).startswith("Cut 2 photos."), 10, what="the cut announced on the tile")
        names = copied_list(files, [CAT, CUPS], contents)
        paste_in(manager, kind)
        wait_for_copies(manager, folder, contents, kind, names)
        screenshot(f"cut-into-{kind}-after")
    finally:
        manager.stop()
    assert sorted(p.name for p in folder.iterdir()) == sorted(names)
    for f, name, content, print_before in zip(files, names, contents, before):
        assert (folder / name).read_bytes() == content
        assert fingerprint(f) == print_before, f"{f.name} in the library changed"
    assert library_snapshot(session.library) == snapshot
    assert session.grid_tiles() == SAMPLE_TILES
    assert consistency_problems(session.library) == []
