"""Drag and drop onto the albums sidebar (add, spring loading) and the delete
zone (shrink, Undo, freedesktop Trash), end to end (issue 4)."""

import time

import pytest

import leg

from dnd import (album_names, album_titles, collection_order, library_snapshot, photo_file, python_peer, states, tile,
                 tile_nodes, wait_for_record, window_ids)
from drover_session import screenshot, wait_for
from image_files import write_jpeg, write_truncated_jpeg
from library_state import consistency_problems, fingerprint
from pointer import click, drag, xdotool
from test_dnd_grid import PEER_POSITION, SAMPLE_TILES


def album_row(session, name):
    return session.find("list item", name)


def row_description(session, name):
    row = album_row(session, name)
    row.clear_cache()
    return row.get_description()


def test_dropping_a_tile_on_an_album_row_adds_it_to_the_album(drover_closed_albums):
    session, screen = drover_closed_albums
    assert "Colourful cups" not in album_titles(session.library, "Travel")
    assert row_description(session, "Travel") == "8 photos"
    # Spring loading is off in this Drover (conftest.NO_SPRING_LOADING): a plain "add to album",
    # however long the drag rests on the row.
    drag(screen.center(tile(session, "Colourful cups")), screen.center(album_row(session, "Travel")),
         began=session.drag_begins())
    wait_for(lambda: "Colourful cups" in album_titles(session.library, "Travel"), 10, what="the photo in Travel")
    assert len(album_titles(session.library, "Travel")) == 9
    wait_for(lambda: row_description(session, "Travel") == "9 photos", 10, what="the row's count updated")
    # A copy: it is still in its own album and in All Photos, in place.
    assert "Colourful cups" in album_titles(session.library, "Codes & Still Life")
    assert collection_order(session.library) == SAMPLE_TILES


def test_spring_loading_opens_the_album_and_the_drop_lands_in_it(drover):
    session, screen = drover
    assert "selected" in states(album_row(session, "All Photos"))
    opened = []

    def while_hovering():
        opened.append("selected" in states(album_row(session, "Codes & Still Life")))
        screenshot("dnd-spring-loaded-album")
    drag(screen.center(tile(session, "Chelsea the cat")), screen.center(album_row(session, "Codes & Still Life")),
         dwell=1.2, during=while_hovering, began=session.drag_begins())
    assert opened == [True], "hovering about a second over the row did not open the album"
    wait_for(lambda: "Chelsea the cat" in album_titles(session.library, "Codes & Still Life"), 10,
             what="the photo in the spring-loaded album")
    assert "selected" in states(album_row(session, "Codes & Still Life"))
    assert "selected" not in states(album_row(session, "All Photos"))
    session.wait_for_tiles(lambda t: "Chelsea the cat" in t and "Colourful cups" in t, timeout=10,
                           what="the album's tiles with the dropped photo")
    wait_for(lambda: row_description(session, "Codes & Still Life") == "4 photos", 10, what="the row's count")
    assert "Chelsea the cat" in album_titles(session.library, "Animals")   # added, not moved


def test_files_from_another_app_dropped_on_an_album_row_are_added_to_it(drover_closed_albums, tmp_path):
    """The drop is read before it is finished (GTK refuses to read a finished drop, which
    once lost it silently), through the same DragKit load as a drop on the grid; the album
    is not open (spring loading is off in this Drover), so a toast says what happened."""
    session, screen = drover_closed_albums
    names = ["harbour-at-noon", "market-stalls"]
    originals = [write_jpeg(tmp_path / f"{name}.jpg", seed=seed) for seed, name in enumerate(names)]
    prints = [fingerprint(f) for f in originals]
    record = tmp_path / "source.jsonl"
    with python_peer("drag_source.py", *originals, title="Drag Source Peer", position=PEER_POSITION,
                     record=record, log=tmp_path / "peer.log") as peer:
        drag(peer.center(), screen.center(album_row(session, "Travel")), began=peer.drag_begins())
        ended = wait_for_record(record, lambda e: e["event"] in ("end", "cancel"), what="the source's drag end")
    # The toast first: it shows for a few seconds only, from the moment the photos are in.
    session.wait_for_label(lambda text: text.startswith("Added 2 photos to Travel"), what="the album's toast")
    assert "selected" in states(album_row(session, "All Photos"))
    assert "selected" not in states(album_row(session, "Travel"))
    assert album_titles(session.library, "Travel")[-2:] == names
    assert ended == {"event": "end", "selected": "copy", "delete_data": False}
    assert [fingerprint(f) for f in originals] == prints
    # Every photo is in All Photos too.
    assert set(names) <= set(collection_order(session.library))
    assert "assertion" not in session.log.read_text()
    assert consistency_problems(session.library) == []


def test_an_error_tile_stays_in_the_collection_it_was_dropped_on(drover, tmp_path):
    session, screen = drover
    broken = write_truncated_jpeg(tmp_path / "half-a-photo.jpg")
    record = tmp_path / "source.jsonl"
    with python_peer("drag_source.py", broken, title="Drag Source Peer", position=PEER_POSITION,
                     record=record, log=tmp_path / "peer.log") as peer:
        drag(peer.center(), screen.center(tile_nodes(session)[1], dx=-0.3), began=peer.drag_begins())
        wait_for_record(record, lambda e: e["event"] in ("end", "cancel"), what="the source's drag end")
    def is_error(name):
        return name.startswith("Could not import half-a-photo.jpg")
    session.wait_for_tiles(lambda tiles: any(map(is_error, tiles)), timeout=20, what="the error tile")
    click(*screen.center(album_row(session, "Animals")))
    tiles = session.wait_for_tiles(lambda tiles: "Chelsea the cat" in tiles, timeout=10, what="the album's tiles")
    assert not any(map(is_error, tiles)), f"All Photos' error tile shows in Animals: {tiles}"


def test_dragging_an_album_row_reorders_the_albums(drover):
    """Album rows go between rows by the midpoint rule (DragKit's album list):
    the lower half of a row means after it, the upper half before it."""
    session, screen = drover
    before = album_names(session.library)
    assert len(before) >= 3
    first, last = before[0], before[-1]
    drag(screen.center(album_row(session, first)), screen.center(album_row(session, last), dy=0.3),
         began=session.drag_begins())
    wait_for(lambda: album_names(session.library) == before[1:] + [first], 10, what="the first album moved to the end")
    # And back: onto the upper half of the (new) first row.
    drag(screen.center(album_row(session, first)), screen.center(album_row(session, before[1]), dy=-0.3),
         began=session.drag_begins())
    wait_for(lambda: album_names(session.library) == before, 10, what="the album back in first place")
    assert collection_order(session.library) == SAMPLE_TILES


def drag_to_delete_zone(session, screen, name, shot):
    zone = session.find("panel", "Delete")
    drag(screen.center(tile(session, name)), screen.center(zone), during=lambda: screenshot(shot),
         began=session.drag_begins())


def test_delete_zone_removes_the_photo_and_undo_restores_it(drover):
    session, screen = drover
    name = "Bridge cables over the estuary"
    before = library_snapshot(session.library)
    travel = album_titles(session.library, "Travel")
    drag_to_delete_zone(session, screen, name, "dnd-delete-zone-mid-drag")
    screenshot("dnd-delete-zone-shrinking")
    session.wait_for_tiles(lambda t: name not in t and len(t) == len(SAMPLE_TILES) - 1, timeout=10,
                           what="the tile gone")
    session.wait_for_label(lambda text: text == "Deleted 1 photo.", what="the Deleted toast")
    screenshot("dnd-delete-zone-toast")
    assert name not in collection_order(session.library)
    # Until the toast goes, the file stays in the library folder, waiting for the Trash.
    assert library_snapshot(session.library)["files"] == before["files"]

    session.find("push button", "Undo").do_action(0)
    session.wait_for_tiles(lambda t: t == SAMPLE_TILES, timeout=10, what="the photo back in its place")
    wait_for(lambda: library_snapshot(session.library) == before, 10, what="the library as it was")
    assert album_titles(session.library, "Travel") == travel


@pytest.mark.slow
def test_delete_zone_without_undo_moves_the_file_to_the_freedesktop_trash(drover):
    session, screen = drover
    name = "Falcon 9 on the launch pad"
    library_file = photo_file(session.library, name)
    sha, size, _ = fingerprint(library_file)
    trash = session.home / ".local" / "share" / "Trash"     # the session's own $XDG_DATA_HOME/Trash
    drag_to_delete_zone(session, screen, name, "dnd-delete-zone-trash-mid-drag")
    session.wait_for_label(lambda text: text == "Deleted 1 photo.", what="the Deleted toast")
    # The toast times out after about 8 s; then the file goes to the Trash. In full runs
    # the toast was seen to stay past 20 s now and then, and alone it never did: the likely
    # reason (not proven) is that the toast's timeout waits while the window is inactive,
    # and on this bare Xvfb no window manager gives Drover's window the focus back. So it
    # is given the focus, as a click on a managed window would (mutter does that itself).
    if not leg.WAYLAND:
        xdotool("windowfocus", "--sync", window_ids(name="Drover", pid=session.process.pid)[0])
    trashed = trash / "files" / library_file.name
    wait_for(trashed.exists, 20, what=f"{trashed} in the Trash")
    info = trash / "info" / (library_file.name + ".trashinfo")
    assert info.exists()
    text = info.read_text()
    assert text.startswith("[Trash Info]") and "DeletionDate=" in text
    assert library_file.name in text
    assert not library_file.exists()
    assert fingerprint(trashed)[:2] == (sha, size), "the trashed file is not the photo's bytes"
    assert name not in collection_order(session.library)
    wait_for(lambda: library_snapshot(session.library)["pending_trash"] == [], 10,
             what="the pendingTrash row cleared once the file is in the Trash")
