"""A photo's details (issue 11): Alt+Enter on a tile, the menu's Details, or Alt+Enter in
the viewer shows its title (editable), date taken, size, file, camera, place, QR codes and
albums, all readable over AT-SPI (label pairs: the value's description names it)."""

import subprocess

from accessible_actions import focus, keys, run_action, tile
from atspi_audit import audit
from dnd import window_ids
from drover_session import screenshot, wait_for
from image_files import write_jpeg
from test_viewer import viewer


def imported_photo_by(session, tmp_path):
    """A JPEG made by a 'Canon EOS 5D' on 3 May 2016, imported as `drover FILE` does."""
    photo = write_jpeg(tmp_path / "details-harbour.jpg", seed=21)
    subprocess.run(["exiftool", "-q", "-overwrite_original", "-Make=Canon", "-Model=Canon EOS 5D",
                    "-DateTimeOriginal=2016:05:03 09:15:00", str(photo)], check=True, timeout=60)
    result = session.run_again("--import", str(photo))
    assert result.returncode == 0, result.stderr
    session.wait_for_tiles(lambda t: "details-harbour" in t and not any(x.startswith("Importing") for x in t),
                           timeout=30, what="the photo from the camera")
    return photo


def value_label(session, text, timeout=20):
    return session.find("label", text, timeout=timeout)


def test_alt_enter_shows_the_camera_and_the_title_can_be_changed(drover, tmp_path):
    session, screen = drover
    imported_photo_by(session, tmp_path)
    focus(tile(session, "details-harbour"))
    keys("alt+Return")
    window_ids(name="Details", sync=True, timeout=20)
    camera = value_label(session, "Canon EOS 5D")
    assert camera.get_description() == "Camera"
    value_label(session, "details-harbour.jpg")
    value_label(session, "320 × 240 pixels")
    assert any("2016" in text and ("May" in text) for text in session.label_texts()), session.label_texts()
    screenshot("details-camera")
    assert audit(session.application()) == []
    # The title field has the keyboard: a new title, Enter, and the tile follows.
    keys("ctrl+a")
    subprocess.run(["xdotool", "type", "--delay", "20", "Harbour at dawn"], check=True, timeout=60)
    keys("Return", "Escape")
    wait_for(lambda: "Harbour at dawn" in session.grid_tiles(), 20, what="the tile renamed")


def test_the_viewer_and_the_menu_show_details_too(drover, tmp_path):
    session, screen = drover
    imported_photo_by(session, tmp_path)
    run_action(tile(session, "details-harbour"), "tile.details")
    value_label(session, "Canon EOS 5D")
    keys("Escape")
    run_action(tile(session, "details-harbour"), "tile.open")
    viewer(session, "details-harbour")
    run_action(session.find("push button", "Details"), "click")
    value_label(session, "Canon EOS 5D")
    screenshot("details-from-viewer")
