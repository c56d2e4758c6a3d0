"""Duplicates (issue 11): importing bytes already in the library does not make a second
copy silently. The placeholder says "Already in your library: …" and offers Import
Anyway, which imports it."""

from accessible_actions import focus, keys, tile
from drover_session import DroverSession, screenshot, wait_for
from image_files import write_png
from library_state import consistency_problems, photo_rows
from test_command_line import wait_for_samples


def titled(library, title):
    return [name for name, t in photo_rows(library).items() if t == title]


def test_the_same_file_twice_is_noticed_and_import_anyway_imports_it():
    with DroverSession() as drover:
        wait_for_samples(drover)
        originals = drover.root / "originals"
        originals.mkdir()
        harbour = write_png(originals / "harbour.png", seed=11)
        first = drover.run_again("--import", str(harbour), timeout=30)
        assert first.returncode == 0, first.stdout + first.stderr
        drover.wait_for_tiles(lambda names: "harbour" in names, what="the first import")
        wait_for(lambda: len(titled(drover.library, "harbour")) == 1, 10, what="its row")

        again = drover.run_again("--import", str(harbour), timeout=30)
        assert again.returncode == 0, again.stdout + again.stderr
        notice = drover.find("table cell", "Could not import harbour.png: Already in your library: \u201charbour\u201d.")
        # Scrolled into view (End goes to the last tile, the notice), to be seen.
        focus(tile(drover, "harbour"))
        keys("End")
        screenshot("duplicate-notice")
        assert len(titled(drover.library, "harbour")) == 1, "no second copy without asking"

        drover.find("push button", "Import harbour.png anyway").do_action(0)
        wait_for(lambda: len(titled(drover.library, "harbour")) == 2, 20, what="the second copy, asked for")
        tiles = drover.wait_for_tiles(lambda names: names.count("harbour") == 2, what="two harbour tiles")
        assert not any(name.startswith("Could not import") for name in tiles), tiles
        assert notice is not None
        screenshot("duplicate-imported-anyway")
        drover.stop()
        assert consistency_problems(drover.library) == []
