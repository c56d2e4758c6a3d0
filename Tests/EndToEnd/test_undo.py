"""Undo and redo everywhere (issue 12): Ctrl+Z and Ctrl+Shift+Z walk one history of the
user's library changes (a reorder, a move between albums, a delete, a photo rename), the same history a
toast's Undo uses. Driven by keys on the focused tile, checked in the library's database."""

import subprocess

import pytest

from accessible_actions import focus, keys, run_action, tile
from dnd import album_titles, collection_order, photo_file, states, window_ids
from library_state import fingerprint
from drover_session import wait_for
from pointer import click


def test_ctrl_z_and_ctrl_shift_z_after_a_reorder(drover):
    session, _ = drover
    order = collection_order(session.library)
    names = session.wait_for_tiles(lambda n: len(n) >= 12)
    run_action(tile(session, names[1]), "tile.move-later")
    moved = order[:1] + [order[2], order[1]] + order[3:]
    wait_for(lambda: collection_order(session.library) == moved, 10, what="the photo moved one later")
    focus(tile(session, names[0]))
    keys("ctrl+z")
    wait_for(lambda: collection_order(session.library) == order, 10, what="the reorder undone")
    session.wait_for_tiles(lambda n: n[:3] == names[:3], what="the grid as it was")
    keys("ctrl+shift+z")
    wait_for(lambda: collection_order(session.library) == moved, 10, what="the reorder redone")


def test_ctrl_z_and_ctrl_shift_z_after_a_move_between_albums(drover):
    session, screen = drover
    travel, animals = album_titles(session.library, "Travel"), album_titles(session.library, "Animals")
    click(*screen.center(session.find("list item", "Travel")))
    wait_for(lambda: "selected" in states(session.find("list item", "Travel")), 10, what="Travel open")
    photo = travel[0]
    run_action(tile(session, photo), "tile.move-to-album")
    session.find("push button", "Move to Animals").do_action(0)
    wait_for(lambda: photo in album_titles(session.library, "Animals")
             and photo not in album_titles(session.library, "Travel"), 10, what="the photo moved to Animals")
    focus(tile(session, travel[1]))
    keys("ctrl+z")
    wait_for(lambda: album_titles(session.library, "Travel") == travel
             and album_titles(session.library, "Animals") == animals, 10, what="the move undone, in place")
    keys("ctrl+shift+z")
    wait_for(lambda: photo in album_titles(session.library, "Animals")
             and photo not in album_titles(session.library, "Travel"), 10, what="the move redone")


def test_ctrl_z_and_ctrl_shift_z_after_a_delete(drover):
    session, _ = drover
    order = collection_order(session.library)
    names = session.wait_for_tiles(lambda n: len(n) >= 12)
    victim = "Chelsea the cat"
    run_action(tile(session, victim), "tile.delete")
    wait_for(lambda: victim not in collection_order(session.library), 10, what="the photo deleted")
    focus(tile(session, names[0]))
    keys("ctrl+z")
    wait_for(lambda: collection_order(session.library) == order, 10, what="the delete undone, in place")
    session.wait_for_tiles(lambda n: victim in n, what="the tile back")
    keys("ctrl+shift+z")
    wait_for(lambda: victim not in collection_order(session.library), 10, what="the delete redone")


@pytest.mark.slow
def test_ctrl_z_after_the_toast_brings_the_photo_back_from_the_trash(drover):
    session, _ = drover
    order = collection_order(session.library)
    names = session.wait_for_tiles(lambda n: len(n) >= 12)
    victim = "Espresso at Pikolo Espresso Bar"
    library_file = photo_file(session.library, victim)
    sha, size, _ = fingerprint(library_file)
    trashed = session.home / ".local" / "share" / "Trash" / "files" / library_file.name
    run_action(tile(session, victim), "tile.delete")
    # The toast times out after about 8 s; then the file goes to the Trash.
    wait_for(trashed.exists, 30, what=f"{trashed} in the Trash")
    focus(tile(session, names[0]))
    keys("ctrl+z")
    wait_for(lambda: collection_order(session.library) == order, 10, what="the photo back in place")
    assert library_file.exists() and not trashed.exists()
    assert fingerprint(library_file)[:2] == (sha, size), "the same bytes came back"
    session.wait_for_tiles(lambda n: victim in n, what="the tile back")


def test_ctrl_z_and_ctrl_shift_z_after_a_photo_rename(drover):
    session, _ = drover
    session.wait_for_tiles(lambda n: len(n) >= 12)
    photo = "Chelsea the cat"
    focus(tile(session, photo))
    keys("alt+Return")
    window_ids(name="Details", sync=True, timeout=20)
    keys("ctrl+a")
    subprocess.run(["xdotool", "type", "--delay", "20", "Cat on the sofa"], check=True, timeout=60)
    keys("Return", "Escape")
    wait_for(lambda: "Cat on the sofa" in collection_order(session.library), 20, what="the photo renamed")
    focus(tile(session, "Cat on the sofa"))
    keys("ctrl+z")
    wait_for(lambda: photo in collection_order(session.library), 10, what="the rename undone")
    session.wait_for_tiles(lambda n: photo in n and "Cat on the sofa" not in n, what="the tile's old name back")
    keys("ctrl+shift+z")
    wait_for(lambda: "Cat on the sofa" in collection_order(session.library), 10, what="the rename redone")
