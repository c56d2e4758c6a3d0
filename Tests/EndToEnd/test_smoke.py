"""End-to-end smoke test: the real drover on a fresh library shows the sample
photos, every control is named, and the window is really drawn."""

import json

from atspi_audit import audit
from drover_session import REPO, DroverSession, children_named, image_spread, screenshot, wait_for


def expected_sample_tiles():
    """Tile names in order: photos by title, and each stack once, by its title."""
    manifest = json.loads((REPO / "data" / "samples" / "manifest.json").read_text())
    stack_of = {photo: stack["title"] for stack in manifest["stacks"] for photo in stack["photos"]}
    names = []
    for photo in manifest["photos"]:
        name = stack_of.get(photo["file"], photo["title"])
        if name not in names:
            names.append(name)
    return names


def test_first_run_shows_sample_library_with_named_controls():
    expected = expected_sample_tiles()
    with DroverSession() as drover:
        grid = drover.find("table", "Photos")
        tiles = wait_for(lambda: (names := children_named(grid, "table cell")) and len(names) >= len(expected) and names,
                         timeout=60, what="the sample photos in the grid")
        assert tiles == expected

        app = drover.application()
        albums = drover.find("list", "Albums")
        rows = children_named(albums, "list item")
        assert rows[0] == "All Photos"
        manifest = json.loads((REPO / "data" / "samples" / "manifest.json").read_text())
        assert rows[1:] == [album["name"] for album in manifest["albums"]]

        delete = drover.find("panel", "Delete")
        assert "Delete" in delete.get_description() or "delete" in delete.get_description()

        assert audit(app) == []

        shot = screenshot("smoke-first-run")
        assert image_spread(shot) > 20, f"screenshot {shot} looks blank"
