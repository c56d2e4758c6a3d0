"""Importing from inside Drover (issue 11): Ctrl+O and the Import button open the file
chooser for photos, Shift+Ctrl+O for folders, and the first run offers "Import from
Pictures". All of it takes the path of `drover FILE…`: a placeholder per item at the end
of the grid, copies only, then a summary.

The chooser is GTK's own dialog here (GtkFileChooserNative without a portal), driven by
keys alone: Ctrl+L, a path, Enter."""

import subprocess
from pathlib import Path

from accessible_actions import keys, run_action, tile
from dnd import collection_order, window_ids
from drover_session import DroverSession, screenshot, wait_for
from image_files import write_jpeg
from library_state import consistency_problems, fingerprint
from pointer import move
from test_dnd_grid import SAMPLE_TILES


def type_text(text):
    subprocess.run(["xdotool", "type", "--delay", "20", text], check=True, timeout=60)


def chooser_window(title):
    return window_ids(name=title, sync=True, timeout=30)[0]


def test_a_folder_chosen_with_keys_is_imported_at_the_end(drover, tmp_path):
    session, screen = drover
    folder = tmp_path / "chooser-folder"
    folder.mkdir()
    originals = [write_jpeg(folder / f"{name}.jpg", seed=n * 40) for n, name in enumerate(["pier", "lighthouse"])]
    prints = [fingerprint(f) for f in originals]
    move(*screen.center(session.find("table", "Photos")))
    keys("shift+ctrl+o")
    chooser_window("Import Folders")
    screenshot("import-chooser-folders")
    keys("ctrl+l")
    type_text(str(folder) + "/")
    keys("Return")
    expected = SAMPLE_TILES + ["lighthouse", "pier"]
    tiles = session.wait_for_tiles(lambda t: len(t) >= len(expected) and not any(x.startswith("Importing") for x in t),
                                   timeout=30, what="the folder's photos")
    screenshot("import-chooser-folders-after")
    assert tiles[:len(SAMPLE_TILES)] == SAMPLE_TILES and sorted(tiles[len(SAMPLE_TILES):]) == ["lighthouse", "pier"], tiles
    wait_for(lambda: sorted(collection_order(session.library)[len(SAMPLE_TILES):]) == ["lighthouse", "pier"], 10,
             what="the photos in the library")
    # Copies: the originals are where they were, unchanged.
    assert [fingerprint(f) for f in originals] == prints
    session.wait_for_label(lambda text: "Imported 2 photos" in text, what="the import's summary")
    assert consistency_problems(session.library) == []


def test_files_chosen_with_ctrl_o_are_imported_with_their_date_taken(drover, tmp_path):
    session, screen = drover
    photo = write_jpeg(tmp_path / "chooser-harbour.jpg", seed=90)
    # Taken on 20 June 2015, as a camera records it; the file itself is from today.
    subprocess.run(["exiftool", "-q", "-overwrite_original", "-DateTimeOriginal=2015:06:20 14:30:00", str(photo)],
                   check=True, timeout=60)
    move(*screen.center(session.find("table", "Photos")))
    keys("ctrl+o")
    chooser_window("Import Photos")
    keys("ctrl+l")
    type_text(str(photo))
    keys("Return")
    tiles = session.wait_for_tiles(lambda t: "chooser-harbour" in t and not any(x.startswith("Importing") for x in t),
                                   timeout=30, what="the chosen photo")
    assert tiles == SAMPLE_TILES + ["chooser-harbour"]
    # The tile says when the photo was taken, not when it was imported or copied.
    description = tile(session, "chooser-harbour").get_description()
    assert "20 June 2015" in description or "June 20, 2015" in description, description


def test_the_first_run_offers_to_import_from_pictures():
    session = DroverSession()
    try:
        pictures = session.home / "Pictures"
        (pictures / "trip").mkdir(parents=True)
        write_jpeg(pictures / "garden.jpg", seed=3)
        write_jpeg(pictures / "trip" / "summit.jpg", seed=5)
        config = session.home / ".config"
        config.mkdir(parents=True, exist_ok=True)
        (config / "user-dirs.dirs").write_text('XDG_PICTURES_DIR="$HOME/Pictures"\n')
        session.start()
        session.wait_for_tiles(lambda names: len(names) >= 12, what="the sample photos")
        offer = session.find("push button", "Import from Pictures", timeout=30)
        screenshot("import-first-run-offer")
        run_action(offer, "click")
        expected = SAMPLE_TILES + ["garden", "summit"]
        tiles = session.wait_for_tiles(lambda t: len(t) >= len(expected) and not any(x.startswith("Importing") for x in t),
                                       timeout=30, what="the photos from Pictures")
        assert tiles[:len(SAMPLE_TILES)] == SAMPLE_TILES and sorted(tiles[len(SAMPLE_TILES):]) == ["garden", "summit"]
        assert sorted(Path(p).name for p in pictures.rglob("*.jpg")) == ["garden.jpg", "summit.jpg"]
    finally:
        session.cleanup()
