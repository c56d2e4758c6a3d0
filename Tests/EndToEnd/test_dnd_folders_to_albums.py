"""Folders become albums (issue 31, item 4): a folder dragged from another application below
the album rows makes an album named after it, holding its photos; on an album row, its
photos join that album. The folders are dragged from the GTK 4 peer (peers/drag_source.py),
which offers them as a file manager does (a file list)."""

import pytest

from dnd import album_names, album_titles, collection_order, python_peer, wait_for_record
from drover_session import find_node, screenshot, wait_for
from image_files import write_jpeg
from library_state import consistency_problems
from pointer import drag
from test_dnd_grid import PEER_POSITION


def album_row(session, name):
    return session.find("list item", name)


def below_the_albums(session, screen):
    """A point in the sidebar's empty space, well below the last album's row (and below the
    "New Album" place that shows there during the drag)."""
    return screen.center(album_row(session, album_names(session.library)[-1]), dy=3.5)


def folder_of_photos(parent, name, count=3):
    folder = parent / name
    folder.mkdir()
    names = [f"{name.lower()}-{i}" for i in range(count)]
    for seed, photo in enumerate(names):
        write_jpeg(folder / f"{photo}.jpg", seed=seed)
    return folder, names


def drag_from_peer(tmp_path, paths, to, during=None):
    record = tmp_path / "source.jsonl"
    with python_peer("drag_source.py", *paths, title="Drag Source Peer", position=PEER_POSITION,
                     record=record, log=tmp_path / "peer.log") as peer:
        drag(peer.center(), to, during=during, began=peer.drag_begins())
        return wait_for_record(record, lambda e: e["event"] in ("end", "cancel"), what="the source's drag end")


def test_a_folder_dropped_below_the_albums_becomes_an_album(drover_closed_albums, tmp_path):
    session, screen = drover_closed_albums
    folder, names = folder_of_photos(tmp_path, "Trip")
    albums = album_names(session.library)
    seen = {}

    def while_hovering():
        # The "New Album" place shows below the albums while the folder is over the sidebar.
        node = find_node(session.application(), "list item", "New Album")
        seen["place"] = node is not None and node.get_description()
        screenshot("dnd-folder-new-album-place")
    ended = drag_from_peer(tmp_path, [folder], below_the_albums(session, screen), during=while_hovering)
    assert seen["place"] == "Drop folders here to make albums of them"
    assert ended == {"event": "end", "selected": "copy", "delete_data": False}
    session.wait_for_label(lambda text: text == "Made album “Trip” with 3 photos.", what="the new album's toast")
    assert album_names(session.library) == albums + ["Trip"]
    assert album_titles(session.library, "Trip") == names
    assert set(names) <= set(collection_order(session.library))
    row = album_row(session, "Trip")
    wait_for(lambda: (row.clear_cache(), row.get_description())[1] == "3 photos", 10, what="the new row's count")
    screenshot("dnd-folder-new-album-made")
    # The place is gone once the drag is over.
    assert find_node(session.application(), "list item", "New Album") is None
    assert consistency_problems(session.library) == []
    assert "assertion" not in session.log.read_text()


@pytest.mark.usefixtures("document_portal")
def test_a_folder_named_like_an_album_makes_another_and_one_with_no_photos_makes_none(drover_closed_albums, tmp_path):
    """With the document portal running, as on a desktop: GTK then offers the folders through
    it as well, a read Drover's GTK cannot turn into a file list, and the source's
    text/uri-list is read instead (DragKit's `FileListFormat.typesToRead`)."""
    session, screen = drover_closed_albums
    albums = album_names(session.library)
    existing = albums[0]
    folder, names = folder_of_photos(tmp_path, existing, count=2)
    empty = tmp_path / "Notes"
    empty.mkdir()
    (empty / "readme.txt").write_text("no photos here\n")
    drag_from_peer(tmp_path, [folder, empty], below_the_albums(session, screen))
    session.wait_for_label(lambda text: text.startswith(f"Made album “{existing} 2” with 2 photos. "
                                                        "“Notes” holds no photos Drover can import: no album made."),
                           what="the toast of both folders")
    # "Notes" made no album, nor left an empty one behind.
    assert album_names(session.library) == albums + [f"{existing} 2"]
    assert album_titles(session.library, f"{existing} 2") == names


def test_a_folder_dropped_on_an_album_row_adds_its_photos_to_that_album(drover_closed_albums, tmp_path):
    session, screen = drover_closed_albums
    before = album_titles(session.library, "Travel")
    albums = album_names(session.library)
    folder, names = folder_of_photos(tmp_path, "Harbour")
    drag_from_peer(tmp_path, [folder], screen.center(album_row(session, "Travel")))
    session.wait_for_label(lambda text: text.startswith("Added 3 photos to Travel"), what="the album's toast")
    assert album_titles(session.library, "Travel") == before + names
    assert album_names(session.library) == albums   # no new album
    row = album_row(session, "Travel")
    wait_for(lambda: (row.clear_cache(), row.get_description())[1] == f"{len(before) + 3} photos", 10,
             what="the row's count")
    assert consistency_problems(session.library) == []
