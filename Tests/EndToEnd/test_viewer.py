"""The photo viewer (issue 11): a photo opens large in the main window by Enter, by a
double click and by the tile menu's Open; it zooms, pans, goes to the previous and next
photo, returns to the grid with focus on the same tile, is dragged out like its tile,
and takes drops right after the photo on show.

The viewer is an AT-SPI `image` named after the photo and described by its date, its
place in the sequence and the zoom ("Fit to window, 26%", "Zoom 100%")."""

import os
import subprocess
import threading
import time

from accessible_actions import focus, keys, run_action, tile
from atspi_audit import audit
from dnd import collection_order, leaving_copies, photo_file, photo_titles, python_peer, records, wait_for_record
from drover_session import Atspi, image_spread, screenshot, wait_for
from image_files import write_jpeg
from library_state import fingerprint
from pointer import drag, move, xdotool
from test_dnd_grid import PEER_POSITION, SAMPLE_TILES


def viewer(session, name, timeout=20):
    """The viewer's photo, once it shows the photo named `name` at its full size."""
    node = session.find("image", name, timeout=timeout)
    wait_for(lambda: ("Fit to window" in (node.get_description() or "") or "Zoom" in (node.get_description() or ""))
             and node.get_name() == name, timeout, what=f"{name!r} in the viewer")
    return node


def is_focused(node):
    return node.get_state_set().contains(Atspi.StateType.FOCUSED)


def test_enter_opens_the_photo_large_and_escape_returns_to_its_tile(drover):
    session, screen = drover
    cat = tile(session, "Chelsea the cat")
    focus(cat)
    keys("Return")
    photo = viewer(session, "Chelsea the cat")
    extents = photo.get_extents(Atspi.CoordType.WINDOW)
    # Large: far bigger than a 176 px tile, and something is drawn there.
    assert extents.width > 600 and extents.height > 400, (extents.width, extents.height)
    shot = screenshot("viewer-enter-chelsea")
    assert image_spread(shot) > 20
    description = photo.get_description()
    assert "Photo 2 of " in description and "Fit to window" in description, description
    assert is_focused(photo), "keys go to the viewer"
    keys("Escape")
    wait_for(lambda: is_focused(tile(session, "Chelsea the cat")), 10, what="focus back on the cat's tile")
    assert session.grid_tiles() == SAMPLE_TILES


def test_double_click_opens_and_zoom_and_arrows_work(drover):
    session, screen = drover
    x, y = screen.center(tile(session, "Nuthatch"))
    move(x, y)
    xdotool("click", "--repeat", 2, "--delay", 80, 1)
    # A stack opens on its top photo; the arrows stay inside the stack.
    photo = viewer(session, "Nuthatch on a tree")
    assert "Photo 1 of 3 in the stack" in photo.get_description(), photo.get_description()
    screenshot("viewer-double-click-nuthatch")
    keys("Right", "Right", "Right")
    wait_for(lambda: "Photo 3 of 3 in the stack" in photo.get_description(), 10, what="the stack's last photo")
    assert photo.get_name() != "Nuthatch on a tree"
    keys("Home")
    wait_for(lambda: "Photo 1 of 3 in the stack" in photo.get_description(), 10, what="the stack's first photo")
    keys("1")
    wait_for(lambda: "Zoom 100%" in photo.get_description(), 10, what="100% after the 1 key")
    keys("plus")
    wait_for(lambda: "Zoom 125%" in photo.get_description(), 10, what="125% after +")
    screenshot("viewer-zoomed-nuthatch")
    # Every node of the viewer is named: the photo, its buttons, the zoom.
    assert audit(session.application()) == []
    keys("minus", "minus")
    wait_for(lambda: "Zoom 80%" in photo.get_description() or "Fit to window" in photo.get_description(), 10,
             what="zoomed out after - -")
    keys("0")
    wait_for(lambda: "Fit to window" in photo.get_description(), 10, what="fit after 0")
    keys("Escape")
    wait_for(lambda: is_focused(tile(session, "Nuthatch")), 10, what="focus back on the stack's tile")

    focus(tile(session, "Chelsea the cat"))
    keys("Return")
    photo = viewer(session, "Chelsea the cat")
    keys("Right")
    viewer(session, SAMPLE_TILES[2])
    next_button = session.find("push button", "Next Photo")
    run_action(next_button, "click")
    # A stack in the grid shows its top photo, named after that photo.
    wait_for(lambda: photo.get_name() == "Dandelions at sunset", 10, what="the next photo after the Next button")
    assert SAMPLE_TILES[3] == "Dandelions in the evening light"
    keys("Left", "Left")
    viewer(session, "Chelsea the cat")
    keys("Left")
    wait_for(lambda: "Photo 1 of 12." in photo.get_description(), 10, what="the first photo")
    assert not session.find("push button", "Previous Photo").get_state_set().contains(Atspi.StateType.SENSITIVE)
    # Back returns to the grid, on the tile of the photo last shown.
    run_action(session.find("push button", "Back to Photos"), "click")
    wait_for(lambda: is_focused(tile(session, SAMPLE_TILES[0])), 10, what="focus on the first tile")


def test_the_menu_open_and_a_drop_on_the_viewer_lands_after_the_photo(drover, tmp_path):
    session, screen = drover
    run_action(tile(session, "Bridge cables over the estuary"), "tile.open")
    photo = viewer(session, "Bridge cables over the estuary")
    originals = [write_jpeg(tmp_path / "viewer-drop-harbour.jpg", seed=7)]
    record = tmp_path / "source.jsonl"
    with python_peer("drag_source.py", *originals, title="Drag Source Peer", position=PEER_POSITION,
                     record=record, log=tmp_path / "peer.log") as peer:
        drag(peer.center(), screen.center(photo), during=lambda: screenshot("viewer-drop-mid-drag"),
             began=peer.drag_begins())
        ended = wait_for_record(record, lambda e: e["event"] in ("end", "cancel"), what="the source's drag end")
    assert ended == {"event": "end", "selected": "copy", "delete_data": False}
    expected = SAMPLE_TILES[:3] + ["viewer-drop-harbour"] + SAMPLE_TILES[3:]
    wait_for(lambda: collection_order(session.library) == expected, 30, what="the dropped photo after the bridge")
    # The viewer stays on its photo; the next one is the photo dropped, once the viewer has
    # heard of it (its description says so, but the announcer holds that back while the
    # drop's announcement stands): Right, and back with Left if it was too early.
    assert photo.get_name() == "Bridge cables over the estuary"
    for _ in range(10):
        keys("Right")
        if wait_for(lambda: photo.get_name() if photo.get_name() != "Bridge cables over the estuary" else None, 5,
                    what="the next photo") == "viewer-drop-harbour":
            break
        keys("Left")
        wait_for(lambda: photo.get_name() == "Bridge cables over the estuary", 5, what="the bridge again")
    assert photo.get_name() == "viewer-drop-harbour"


def test_the_viewed_photo_drags_out_as_its_file_and_a_zoomed_one_pans(drover, tmp_path):
    session, screen = drover
    run_action(tile(session, "Chelsea the cat"), "tile.open")
    photo = viewer(session, "Chelsea the cat")
    library_file = photo_file(session.library, "Chelsea the cat")
    before = fingerprint(library_file)
    record = tmp_path / "target.jsonl"
    # Keys go to the window under the pointer (no window manager): keep it on the photo.
    move(*screen.center(photo))
    keys("1", "plus", "plus", "plus", "plus")
    wait_for(lambda: "Zoom 244%" in photo.get_description(), 10, what="244%: larger than the view")
    with python_peer("drop_target.py", title="Drop Target Peer", position=PEER_POSITION,
                     record=record, log=tmp_path / "peer.log") as peer:
        # Zoomed in, a drag pans the photo: nothing reaches the peer.
        drag(screen.center(photo), peer.center())
        assert records(record) == []
        assert "Zoom 244%" in photo.get_description()
        # Fitted, the same drag carries the photo's file, as a copy. (The peer has the
        # keyboard now: its window took focus when it appeared.)
        run_action(session.find("push button", "Fit to Window"), "click")
        wait_for(lambda: "Fit to window" in photo.get_description(), 10, what="fit")
        drag(screen.center(photo), peer.center(), during=lambda: screenshot("viewer-drag-out-mid-drag"),
             began=session.drag_begins())
        dropped = wait_for_record(record, what="the drop on the peer")
    leaving_copies(dropped["uris"], [library_file], photo_titles(session.library, [library_file]))
    assert dropped["offered"] == ["copy"] and dropped["finished"] == "copy", dropped
    assert fingerprint(library_file) == before
    assert session.grid_tiles() == SAMPLE_TILES


def test_fullscreen_shows_only_the_photo_and_escape_leaves_it(drover):
    session, screen = drover
    focus(tile(session, "Colourful cups"))
    keys("Return")
    photo = viewer(session, "Colourful cups")
    before = photo.get_extents(Atspi.CoordType.WINDOW)
    assert before.x > 100, "the sidebar is to the left of the photo"
    keys("F11")
    session.find("push button", "Leave Fullscreen")
    # Without the sidebar, the header and the delete zone, the photo has the whole window.
    wait_for(lambda: photo.get_extents(Atspi.CoordType.WINDOW).x < 10, 10, what="the photo filling the window")
    screenshot("viewer-fullscreen")
    keys("Escape")
    session.find("push button", "Fullscreen")
    wait_for(lambda: photo.get_extents(Atspi.CoordType.WINDOW).x == before.x, 10, what="the sidebar back")
    assert is_focused(photo), "the first Escape leaves fullscreen, not the viewer"
    keys("Escape")
    wait_for(lambda: is_focused(tile(session, "Colourful cups")), 10, what="the second Escape back to the grid")


def test_a_photo_that_cannot_be_decoded_says_so(drover):
    session, screen = drover
    library_file = photo_file(session.library, "Colourful cups")
    # The library's copy goes bad after import (a disk error, say): its thumbnail still shows in the grid.
    library_file.write_bytes(b"\xff\xd8\xff\xe0 this is not a JPEG any more")
    run_action(tile(session, "Colourful cups"), "tile.open")
    photo = session.find("image", "Colourful cups")
    # Either the decode fails, or the background file check (which runs once the library is
    # open, and compares each file with its stored hash) found the file changed first and
    # marked it damaged: which comes first is a race, and both must be said.
    said = ("\u201cColourful cups\u201d cannot be shown: ", "The file of \u201cColourful cups\u201d in the library is damaged.")
    wait_for(lambda: any(words in (photo.get_description() or "") for words in said), 20, what="the decode failure's message")
    words = next(words for words in said if words in photo.get_description())
    # The same words are on the screen, where the photo would be.
    assert any(words in text for text in session.label_texts()), session.label_texts()
    screenshot("viewer-undecodable")
    assert audit(session.application()) == []


def test_the_viewed_photo_dropped_on_the_delete_zone_is_deleted_and_the_viewer_closes(drover):
    session, screen = drover
    run_action(tile(session, "Colourful cups"), "tile.open")
    photo = viewer(session, "Colourful cups")
    delete_zone = session.find("panel", "Delete")
    drag(screen.center(photo), screen.center(delete_zone), during=lambda: screenshot("viewer-drag-to-delete"),
         began=session.drag_begins())
    wait_for(lambda: "Colourful cups" not in session.grid_tiles(), 20, what="the photo deleted")
    # The photo is gone, so the viewer is too: focus is back in the grid.
    wait_for(lambda: not is_focused(photo), 10, what="the viewer closed")
    assert session.grid_tiles() == [t for t in SAMPLE_TILES if t != "Colourful cups"]


def decode_children(drover_pid):
    """The decode children alive now: children of drover's `drover-decode --serve` servers
    (forked, not run anew, so they carry the server's name)."""
    parents = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as stat:
                    fields = stat.read().rsplit(")", 1)[1].split()
                parents[int(entry)] = int(fields[1])
            except (OSError, IndexError, ValueError):
                continue  # gone while we looked
    servers = {pid for pid, parent in parents.items() if parent == drover_pid}
    return [pid for pid, parent in parents.items() if parent in servers]


def confinement(pid):
    """(the seccomp mode, whether it shares Drover's network namespace's inode) of `pid`, or
    None if it ended before it could be read."""
    try:
        with open(f"/proc/{pid}/status") as status:
            mode = next(int(line.split()[1]) for line in status if line.startswith("Seccomp:"))
        return mode, os.readlink(f"/proc/{pid}/ns/net")
    except (OSError, StopIteration):
        return None


def test_the_viewers_decode_runs_in_a_confined_child(drover, tmp_path):
    session, screen = drover
    # A PNG has no scaled decode: a 4000×3000 one keeps its child busy long enough to be seen.
    big = tmp_path / "large-view.png"
    subprocess.run(["convert", "-size", "1000x750", "plasma:fractal", "-resize", "4000x3000!", str(big)],
                   check=True, timeout=120)
    drover_net = os.readlink(f"/proc/{session.process.pid}/ns/net")
    # `drover FILE` (Open With) shows it in the running window's viewer: decoded for the viewer only.
    opener = threading.Thread(target=session.run_again, args=(str(big),), daemon=True)
    seen = {}
    opener.start()
    photo = session.find("image", "large-view.png", timeout=60)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and "Fit to window" not in (photo.get_description() or ""):
        for pid in decode_children(session.process.pid):
            seen.setdefault(pid, confinement(pid))
    opener.join(timeout=60)
    assert "Fit to window" in (photo.get_description() or ""), "the large photo never showed"
    observed = {pid: state for pid, state in seen.items() if state is not None}
    assert observed, "no decode child was seen while the viewer decoded the photo"
    for pid, (mode, net) in observed.items():
        assert mode == 2, f"decode child {pid} runs without a seccomp filter (mode {mode})"
        assert net != drover_net, f"decode child {pid} shares Drover's network namespace"
    screenshot("viewer-large-confined")
