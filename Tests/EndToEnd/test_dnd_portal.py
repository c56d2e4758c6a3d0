"""Files through the document portal (issue 15), as a sandboxed (Flatpak)
application exchanges them: a peer that offers or reads ONLY
`application/vnd.portal.filetransfer` (peers/portal_files.py). GTK offers and
reads that format beside text/uri-list when xdg-document-portal runs as the
application starts: the Wayland leg's session runs it (wayland_session.py), and
on X11 the `document_portal` fixture (conftest.py) has the bus start it before Drover.

Both ways are COPY: the photo dragged out stays in the library, untouched; the
file dropped in stays where it was, untouched, and the library gets a copy."""

from pathlib import Path

import pytest

from dnd import library_snapshot, photo_file, python_peer, tile, tile_nodes, wait_for_record
from drover_session import screenshot, wait_for
from image_files import write_jpeg
from library_state import consistency_problems, fingerprint
from pointer import drag
from test_dnd_grid import SAMPLE_TILES

PORTAL_FORMAT = "application/vnd.portal.filetransfer"
PEER_POSITION = (0, 770)   # X11 only; on Wayland mutter places it


def test_a_peer_that_reads_only_the_portal_format_gets_the_photo(document_portal, drover, tmp_path):
    session, screen = drover
    record = tmp_path / "portal-target.jsonl"
    library_file = photo_file(session.library, "Chelsea the cat")
    before = fingerprint(library_file)
    snapshot = library_snapshot(session.library)
    with python_peer("portal_files.py", title="Portal Target", position=PEER_POSITION, record=record,
                     log=tmp_path / "peer.log") as peer:
        drag(screen.center(tile(session, "Chelsea the cat")), peer.center(),
             during=lambda: screenshot("dnd-portal-out-mid-drag"), began=session.drag_begins())
        entry = wait_for_record(record, timeout=30, what="the portal peer's drop")
        # The path the portal gives is readable while the transfer lives: look now.
        assert "error" not in entry, entry
        got = [fingerprint(path)[:2] for path in entry["files"]]
    assert PORTAL_FORMAT in entry["formats"], entry
    assert [Path(path).name for path in entry["files"]] == ["Chelsea the cat.jpg"], entry
    assert got == [before[:2]], "the file the portal gave is not the photo"
    assert entry["finished"] == "copy"
    assert fingerprint(library_file) == before
    assert library_snapshot(session.library) == snapshot
    assert session.grid_tiles() == SAMPLE_TILES


def test_a_drop_offering_only_the_portal_format_is_imported_as_a_copy(document_portal, drover, tmp_path):
    session, screen = drover
    folder = tmp_path / "sandboxed-app-files"
    folder.mkdir()
    original = write_jpeg(folder / "from-a-sandbox.jpg", seed=90)
    before = fingerprint(original)
    record = tmp_path / "portal-source.jsonl"
    with python_peer("portal_files.py", "--offer", original, title="Portal Source", position=PEER_POSITION,
                     record=record, log=tmp_path / "peer.log") as peer:
        # Not the peer's very centre: the test before may have left the pointer there
        # (pointer.move handles that now; `xdotool mousemove --sync` alone waits 15 s).
        x, y = peer.center()
        drag((x - 40, y), screen.center(tile_nodes(session)[2], dx=-0.3),
             during=lambda: screenshot("dnd-portal-in-mid-drag"))
        tiles = session.wait_for_tiles(lambda names: "from-a-sandbox" in names, timeout=30,
                                       what="the photo from the portal peer")
        end = wait_for_record(record, lambda e: e.get("event") in ("end", "cancel"), what="the drag's end")
    screenshot("dnd-portal-in-after")
    assert end == {"event": "end", "selected": "copy", "delete_data": False}, end
    assert tiles == SAMPLE_TILES[:2] + ["from-a-sandbox"] + SAMPLE_TILES[2:]
    # COPY: the original is where it was, untouched, alone.
    assert sorted(folder.iterdir()) == [original]
    assert fingerprint(original) == before
    wait_for(lambda: consistency_problems(session.library) == [], 10, what="a consistent library")
