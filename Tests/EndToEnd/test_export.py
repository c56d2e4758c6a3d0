"""Export… and Open With… (issue 31, item 5): photos leave Drover into a folder or an
application as the user sees them, from the keyboard and AT-SPI alone.

One Drover session does it all: the selection (a photo turned with Ctrl+R, a plain one
whose name is taken in the folder, a stack) exported with Ctrl+E through GTK's own folder
chooser (GtkFileChooserNative without a portal), driven by keys; Show in Files answered
by a peer that owns org.freedesktop.FileManager1 and records ShowItems; a read-only and a
full folder (tmpfs mounts: the suite runs as root, whom permissions never stop); a long
export cancelled from its progress toast; Open With… into a stand-in image viewer, the
default for JPEGs in the session's own HOME; an album's Export Album…. The library is
unchanged throughout.

DROVER_EXPORT_DELAY_MS slows each photo down, so that the export of every photo lasts
long enough to be cancelled midway."""

import json
import subprocess
from pathlib import Path
from urllib.parse import unquote, urlparse

import pytest

from accessible_actions import focus, keys, run_action, tile
from dnd import PEERS, SYSTEM_PYTHON, Screen, album_titles, library_snapshot, window_ids, photo_file, records, stack_files, wait_for_record
from drover_session import Atspi, DroverSession, GLib, end_process, read_line, screenshot, wait_for, walk
from library_state import fingerprint, rotation
from test_accessibility_paths import peer_environment, toplevel
from test_import_chooser import chooser_window, type_text
from pointer import click

CAT, SPANIELS, DANDELIONS = "Chelsea the cat", "Two spaniels at the door", "Dandelions in the evening light"
DELAY_MS = 250


def exiftool(path, *tags):
    result = subprocess.run(["exiftool", "-n", "-s3", *(f"-{tag}" for tag in tags), str(path)],
                            capture_output=True, text=True, timeout=30, check=True)
    return result.stdout.split()


def folder_listing(folder):
    """Every name in the folder, hidden ones (a `.part` left behind) included."""
    return sorted(path.name for path in Path(folder).iterdir())


class Announcements:
    """Counts what a screen reader is told: the focused widget's description changes
    (GTK 4.8) or announcement events (GTK 4.14)."""

    def __init__(self):
        self.heard = []
        self.listener = Atspi.EventListener.new(self._on_event)
        self.listener.register("object:property-change:accessible-description")
        try:
            self.listener.register("object:announcement")
        except GLib.Error:
            pass

    def _on_event(self, event):
        text = event.any_data if isinstance(event.any_data, str) else None
        if text is None:
            try:
                text = event.source.get_description()
            except GLib.Error:
                text = None
        self.heard.append(text or "")

    def count(self, text):
        context = GLib.MainContext.default()
        while context.iteration(False):
            pass
        return sum(1 for heard in self.heard if heard.startswith(text))

    def close(self):
        self.listener.deregister("object:property-change:accessible-description")


@pytest.fixture
def drover_with_viewer(tmp_path):
    """A Drover whose HOME has a stand-in image viewer as the default application for
    JPEGs (a desktop file and mimeapps.list, read by GIO when Drover starts)."""
    session = DroverSession(env={"DROVER_EXPORT_DELAY_MS": str(DELAY_MS)})
    opened = tmp_path / "opened.jsonl"
    applications = session.home / ".local/share/applications"
    applications.mkdir(parents=True)
    (applications / "drover-test-viewer.desktop").write_text(
        "[Desktop Entry]\nType=Application\nName=Test Viewer\n"
        f"Exec={SYSTEM_PYTHON} {PEERS / 'record_opened.py'} {opened} %F\n"
        "MimeType=image/jpeg;image/png;\n")
    # GIO reads a folder's MIME types from its index (update-desktop-database's), not its files.
    (applications / "mimeinfo.cache").write_text(
        "[MIME Cache]\nimage/jpeg=drover-test-viewer.desktop;\nimage/png=drover-test-viewer.desktop;\n")
    (session.home / ".config").mkdir(parents=True)
    (session.home / ".config/mimeapps.list").write_text(
        "[Default Applications]\nimage/jpeg=drover-test-viewer.desktop\nimage/png=drover-test-viewer.desktop\n")
    try:
        session.start()
        session.wait_for_tiles(lambda names: len(names) >= 12, what="the sample photos")
        yield session, opened
    finally:
        session.cleanup()


def give_drover_the_keyboard(session):
    """Gives Drover's window the X input focus. No window manager runs on the bare Xvfb,
    so when a chooser closes the focus falls back to the root window, and keys then reach
    whatever window is under the pointer, which a test before this one may have left
    anywhere (with the pointer off Drover's window the keys were lost, every time)."""
    subprocess.run(["xdotool", "windowfocus", "--sync", window_ids(name="Drover", pid=session.process.pid)[0]],
                   check=True, timeout=30)


def select_only(session, first, *more):
    """Selects these tiles with the keyboard, as a user would: Space, then Ctrl+Space."""
    give_drover_the_keyboard(session)
    focus(tile(session, first))
    keys("space")
    for title in more:
        focus(tile(session, title))
        keys("ctrl+space")


def export_to(session, folder):
    """Ctrl+E in Drover's window, then the folder typed into the chooser's location entry."""
    give_drover_the_keyboard(session)
    keys("ctrl+e")
    chooser_window("Export Photos")
    keys("ctrl+l")
    type_text(f"{folder}/")
    keys("Return")


@pytest.fixture
def small_disks(tmp_path):
    """Two tmpfs mounts: one to be remounted read-only, one tiny (to be filled)."""
    mounted = []
    for name, size in [("read-only", "1m"), ("full", "64k")]:
        disk = tmp_path / name
        disk.mkdir()
        if subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(disk)], timeout=30).returncode:
            pytest.skip("cannot mount a tmpfs here (needs root)")
        mounted.append(disk)
    try:
        yield mounted
    finally:
        for disk in mounted:
            subprocess.run(["umount", str(disk)], timeout=30)


@pytest.mark.slow
@pytest.mark.timeout(240)
def test_export_show_in_files_failures_cancel_open_with_and_an_album(drover_with_viewer, small_disks, tmp_path):
    session, opened = drover_with_viewer
    read_only, full = small_disks
    cat_file, spaniels_file = photo_file(session.library, CAT), photo_file(session.library, SPANIELS)
    dandelion_files = stack_files(session.library, DANDELIONS)
    heard = Announcements()
    try:
        # The cat turned a quarter right, with Ctrl+R.
        give_drover_the_keyboard(session)
        focus(tile(session, CAT))
        keys("ctrl+r")
        wait_for(lambda: rotation(session.library, CAT) == 1, 10, what="the cat turned right")
        before = library_snapshot(session.library)
        prints = {path: fingerprint(path) for path in (session.library / "photos").iterdir()}

        # 1. The selection (cat, spaniels, the dandelion stack) into Trip, where a file is
        #    already called "Two spaniels at the door.jpg".
        trip = tmp_path / "Trip"
        trip.mkdir()
        (trip / f"{SPANIELS}.jpg").write_bytes(b"someone else's file")
        select_only(session, CAT, SPANIELS, DANDELIONS)
        export_to(session, trip)
        session.wait_for_label(lambda text: text == "Exported 5 photos to Trip.", what="the export's toast")
        screenshot("export-done")
        expected = sorted([".".join([CAT, "jpg"]), f"{SPANIELS}.jpg", f"{SPANIELS} 2.jpg",
                           "Dandelions at sunset.jpg", "Dandelion clock against the sun.jpg",
                           "Dandelion meadow at sunset.jpg"])
        assert folder_listing(trip) == expected
        assert (trip / f"{SPANIELS}.jpg").read_bytes() == b"someone else's file"
        # Unturned photos leave as the library's bytes; the turned JPEG keeps its pixels and
        # gains the orientation that turns it (the sample has no EXIF orientation of its own).
        assert (trip / f"{SPANIELS} 2.jpg").read_bytes() == spaniels_file.read_bytes()
        for name, source in zip(["Dandelions at sunset", "Dandelion clock against the sun", "Dandelion meadow at sunset"],
                                dandelion_files):
            assert (trip / f"{name}.jpg").read_bytes() == source.read_bytes(), name
        assert exiftool(cat_file, "Orientation", "ImageWidth", "ImageHeight") == ["451", "300"]
        assert exiftool(trip / f"{CAT}.jpg", "Orientation", "ImageWidth", "ImageHeight") == ["6", "451", "300"]
        wait_for(lambda: heard.count("Exported 5 photos to Trip.") >= 1, 10, what="the export announced")

        # 2. Show in Files: the file manager is asked to show the five files, selected.
        shown = tmp_path / "shown.jsonl"
        manager = subprocess.Popen([SYSTEM_PYTHON, str(PEERS / "file_manager1.py"), "--record", str(shown)],
                                   env=peer_environment(), stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        try:
            assert read_line(manager.stdout, 30, what="the FileManager1 peer").strip() == "ready"
            run_action(session.find("push button", "Show in Files"), "click")
            call = wait_for_record(shown, what="a ShowItems call")
        finally:
            manager.terminate()
            end_process(manager, "the FileManager1 peer")
        assert call["method"] == "ShowItems"
        assert sorted(unquote(urlparse(uri).path) for uri in call["uris"]) == \
            sorted(str(trip / name) for name in expected if name != f"{SPANIELS}.jpg")
        assert all(uri.startswith("file:///") for uri in call["uris"])
        # Heard once, though the toast stayed up while its button was used.
        assert heard.count("Exported 5 photos to Trip.") == 1, heard.heard

        # 3. A read-only folder and a full one: a clear message, and nothing left there.
        subprocess.run(["mount", "-o", "remount,ro", str(read_only)], check=True, timeout=30)
        select_only(session, SPANIELS)
        export_to(session, read_only)
        session.wait_for_label(lambda text: text.startswith(f"Could not export “{SPANIELS}”: Drover cannot write into read-only"),
                               what="the read-only folder's message")
        screenshot("export-read-only")
        assert folder_listing(read_only) == []
        # The turned cat (written by the decode child) and the spaniels (copied), neither
        # fitting in what is left: each fails alone, the first named.
        filler = full / "filler"
        filler.write_bytes(b"\0" * 40_000)
        select_only(session, CAT, SPANIELS)
        export_to(session, full)
        session.wait_for_label(lambda text: text == f"Could not export “{CAT}”: there is not enough space left in full. "
                                                    "1 other photo could not be exported.",
                               what="the full folder's message")
        assert folder_listing(full) == ["filler"]

        # 4. Every photo, cancelled from the progress toast midway: the photos written
        #    before are whole, nothing half-written stays.
        everything = tmp_path / "everything"
        everything.mkdir()
        give_drover_the_keyboard(session)
        keys("ctrl+a")
        export_to(session, everything)
        session.wait_for_label(lambda text: text.startswith("Exporting ") and text.endswith(" of 20 photos to everything…"),
                               what="the progress toast")
        screenshot("export-progress")
        run_action(session.find("push button", "Cancel"), "click")
        summary = session.wait_for_label(lambda text: text.startswith("Export cancelled: "), what="the cancelled summary")
        written = int(summary.split()[2])
        assert summary == f"Export cancelled: {written} of 20 photos were exported to everything."
        assert 0 < written < 20, summary
        listing = folder_listing(everything)
        assert len(listing) == written and not any(name.startswith(".") for name in listing), listing

        # 5. Open With…: the application gets a copy as seen, in Drover's cache.
        run_action(tile(session, CAT), "tile.open-with")
        dialog = wait_for(lambda: next((node for node, _ in walk(session.application())
                                        if node.get_role_name() == "push button" and node.get_name() == "Select"), None),
                          20, what="the application chooser's Select button")
        screenshot("open-with-chooser")
        wait_for(lambda: dialog.get_state_set().contains(Atspi.StateType.SENSITIVE), 10,
                 what="the default application chosen")
        run_action(dialog, "click")
        record = wait_for_record(opened, what="the viewer opening the photo")
        given = Path(record["path"])
        cache = session.home / ".cache/drover/open-with"
        assert given.parent.parent == cache and given.name == f"{CAT}.jpg", given
        assert exiftool(given, "Orientation", "ImageWidth", "ImageHeight") == ["6", "451", "300"]
        assert len(records(opened)) == 1

        # 6. Export Album…, from the album's menu: all of its photos.
        animals = album_titles(session.library, "Animals")
        (tmp_path / "Animals").mkdir()
        click(*Screen.of_drover(session).center(session.find("list item", "Animals")))
        run_action(session.find("list", "Albums"), "album.export")
        chooser_window("Export Photos")
        keys("ctrl+l")
        type_text(f"{tmp_path / 'Animals'}/")
        keys("Return")
        session.wait_for_label(lambda text: text == f"Exported {len(animals)} photos to Animals.", what="the album's export")
        assert folder_listing(tmp_path / "Animals") == sorted(f"{title}.jpg" for title in animals)

        # The library is as it was: the same photos, turns, order, files and bytes.
        assert library_snapshot(session.library) == before
        assert {path: fingerprint(path) for path in (session.library / "photos").iterdir()} == prints
        assert rotation(session.library, CAT) == 1
    finally:
        heard.close()
