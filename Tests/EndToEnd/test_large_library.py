"""A library larger than the grid's first page (400 items, GalleryController.firstPageSize):
the window shows its first items while the whole collection is read, then all of it, in
the library's order. Made in seconds by benchmarks/make-library.sh (copies of 24 imported
photos, with hard-linked files)."""

import subprocess

from drover_session import REPO, DroverSession, drover_binary, private_home_environment, screenshot, wait_for


def tile_descriptions(session):
    grid = session.find("table", "Photos")
    tiles = [grid.get_child_at_index(i) for i in range(grid.get_child_count())]
    return {tile.get_name(): tile.get_description() for tile in tiles if tile is not None}


def test_a_large_library_shows_all_its_photos_in_order(tmp_path):
    library = tmp_path / "library"
    env = private_home_environment(tmp_path / "home")
    env["drover"] = str(drover_binary())
    subprocess.run(["bash", str(REPO / "benchmarks" / "make-library.sh"), str(library), "1000"],
                   env=env, check=True, capture_output=True, timeout=300)

    with DroverSession(library=library) as drover:
        def counting_all():
            # "N of 1000": the tiles count the whole collection, not its first page.
            shown = tile_descriptions(drover)
            return shown if shown and all(" of 1000." in text for text in shown.values()) else None

        shown = wait_for(counting_all, 60, what="tiles that count all 1,000 photos")
        first = [name for name, text in shown.items() if text.split(". ").count("1 of 1000") == 1]
        assert first == ["00000"], f"the library's first photo comes first: {shown}"
        screenshot("large-library")
