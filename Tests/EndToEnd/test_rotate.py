"""Rotate left and right (issue 11): non-destructive (stored in the library, the file
untouched), by Ctrl+R and Ctrl+Shift+R on a tile and in the viewer, by the tile's
actions and the viewer's named buttons; undone by Ctrl+Z and by the toast's Undo."""

import re
import subprocess
from pathlib import Path
from urllib.parse import unquote, urlparse

from accessible_actions import focus, keys, run_action, tile
from dnd import photo_file, python_peer, wait_for_record
from drover_session import find_node, screenshot, wait_for
from library_state import fingerprint, rotation
from pointer import drag
from test_accessibility_paths import read_clipboard
from test_copy_paste_file_managers import copy_in_drover
from test_dnd_grid import PEER_POSITION
from test_viewer import viewer


def zoom_percent(session):
    """The viewer bar's zoom label ("54%" → 54). (The photo's description says it too,
    but an announcement such as "Rotated 1 photo right." holds it back for a while.)"""
    shown = [text for text in session.label_texts() if re.fullmatch(r"\d+%", text or "")]
    return int(shown[0][:-1]) if len(shown) == 1 else None


def test_rotating_a_tile_and_undoing_it(drover):
    session, _ = drover
    name = "Chelsea the cat"
    library_file = photo_file(session.library, name)
    before = fingerprint(library_file)
    screenshot("rotate-before")
    run_action(tile(session, name), "tile.rotate-right")
    wait_for(lambda: rotation(session.library, name) == 1, 10, what="a quarter turn right stored")
    session.find("push button", "Undo")
    screenshot("rotate-tile-right")
    focus(tile(session, name))
    keys("ctrl+shift+r", "ctrl+shift+r")
    wait_for(lambda: rotation(session.library, name) == 3, 10, what="two turns left: one left of upright")
    keys("ctrl+z")
    wait_for(lambda: rotation(session.library, name) == 0, 10, what="Ctrl+Z undoes the last turn")
    # The turn's toast goes with it (its Undo would turn the photo a second time), well
    # before its 8 s would run out.
    wait_for(lambda: find_node(session.application(), "push button", "Undo") is None, 4,
             what="the undone turn's toast withdrawn")
    keys("ctrl+r")
    wait_for(lambda: rotation(session.library, name) == 1, 10, what="Ctrl+R turns right")
    session.find("push button", "Undo").do_action(0)
    wait_for(lambda: rotation(session.library, name) == 0, 10, what="the toast's Undo")
    # Never written into the file.
    assert fingerprint(library_file) == before


def test_rotating_in_the_viewer_turns_the_photo_on_show(drover):
    session, _ = drover
    name = "Colourful cups"  # 1600 × 1000: larger than the view, so the fit zoom tells its shape
    focus(tile(session, name))
    keys("Return")
    photo = viewer(session, name)
    assert "Fit to window" in photo.get_description()
    upright = wait_for(lambda: zoom_percent(session), 10, what="the zoom label")
    run_action(session.find("push button", "Rotate Right"), "click")
    wait_for(lambda: rotation(session.library, name) == 1, 10, what="the viewer's Rotate Right stored")
    # A landscape photo turned on its side fits a landscape view at a smaller zoom.
    turned = wait_for(lambda: zoom_percent(session) not in (None, upright) and zoom_percent(session), 10,
                      what=f"the photo on show turned (upright it fits at {upright}%)")
    assert turned < upright, (upright, turned)
    screenshot("rotate-viewer-right")
    keys("ctrl+z")
    wait_for(lambda: rotation(session.library, name) == 0, 10, what="Ctrl+Z in the viewer")
    wait_for(lambda: zoom_percent(session) == upright, 10, what="the photo upright again")
    keys("ctrl+shift+r")
    wait_for(lambda: rotation(session.library, name) == 3, 10, what="Ctrl+Shift+R in the viewer")
    screenshot("rotate-viewer-left")


def test_a_turned_photo_leaves_turned_and_the_library_file_as_it_was(drover, tmp_path):
    """Issue 31: what the user sees is what leaves. Chelsea (451 × 300, no EXIF) turned right
    is dragged to a peer: it gets a copy named after the title whose EXIF says 6 (a quarter
    turn right), so every viewer shows it 300 × 451; every other byte is the library's.
    Copy (Ctrl+C) hands out the same, as its image data too."""
    session, screen = drover
    name = "Chelsea the cat"
    library_file = photo_file(session.library, name)
    before = fingerprint(library_file)
    focus(tile(session, name))
    keys("ctrl+r")
    wait_for(lambda: rotation(session.library, name) == 1, 10, what="a quarter turn right stored")
    record = tmp_path / "drops.jsonl"
    with python_peer("drop_target.py", title="Drop Target Peer", position=PEER_POSITION, record=record,
                     log=tmp_path / "peer.log") as peer:
        drag(screen.center(tile(session, name)), peer.center(), began=session.drag_begins())
        drop = wait_for_record(record, what="the turned photo's drop")
    [copy] = [Path(unquote(urlparse(uri).path)) for uri in drop["uris"]]
    assert copy.name == f"{name}.jpg" and "/.cache/drover/leaving/" in str(copy), copy
    tags = subprocess.run(["exiftool", "-s3", "-n", "-Orientation", "-ImageSize", str(copy)],
                          capture_output=True, text=True, timeout=30).stdout.split()
    assert tags == ["6", "451", "300"], tags
    original = library_file.read_bytes()
    turned = copy.read_bytes()
    # JFIF segment kept, a 36-byte EXIF block after it, then the library's bytes unchanged.
    assert len(turned) == len(original) + 36 and turned[:20] == original[:20] and turned[56:] == original[20:]
    assert fingerprint(library_file) == before
    # Copy hands file managers the same: a turned copy of its own.
    copy_in_drover(session, screen, [name], "ctrl+c")
    wait_for(lambda: (read_clipboard("--mime", "x-special/gnome-copied-files") or "").startswith("copy\n"), 10,
             what="the copy on the clipboard")
    [pasted] = read_clipboard("--mime", "x-special/gnome-copied-files").split("\n")[1:]
    pasted = Path(unquote(urlparse(pasted).path))
    assert pasted.name == f"{name}.jpg" and pasted != copy and pasted.read_bytes() == turned
