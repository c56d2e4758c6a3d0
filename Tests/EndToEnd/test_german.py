"""Drover in German (LANGUAGE=de, from po/de.po): what a German screen-reader user
hears over AT-SPI is German, plurals included (1 Foto, 3 Fotos), and the window
shows German text. Every other test runs in English (drover_session sets LANGUAGE=en)."""

import json

from accessible_actions import focus, keys
from drover_session import REPO, DroverSession, children_named, find_node, screenshot, wait_for

GERMAN = {"LANGUAGE": "de"}


def sample_albums():
    manifest = json.loads((REPO / "data" / "samples" / "manifest.json").read_text())
    return {album["name"]: len(album["photos"]) for album in manifest["albums"]}


def test_german_names_descriptions_and_plurals_over_atspi():
    with DroverSession(env=GERMAN) as drover:
        grid = drover.find("table", "Fotos", timeout=60)
        tiles = wait_for(lambda: (names := children_named(grid, "table cell")) and len(names) >= 12 and names,
                         timeout=60, what="the sample photos in the German grid „Fotos“")

        albums = drover.find("list", "Alben")
        rows = children_named(albums, "list item")
        assert rows[0] == "Alle Fotos"
        # The album rows say their counts with German plurals: "3 Fotos", "5 Fotos".
        counts = sample_albums()
        for name, count in counts.items():
            row = find_node(albums, "list item", name)
            assert row.get_description() == f"{count} Fotos", (name, row.get_description())

        delete = drover.find("panel", "Löschen")
        assert "Fotos hier ablegen, um sie zu löschen" in delete.get_description()
        app = drover.application()
        for name in ["Neues Album", "Hauptmenü"]:
            assert find_node(app, "push button", name) or find_node(app, "toggle button", name), name

        # The tile says its place in German ("1 von 20"), and the selection is announced
        # on it with the singular, then the plural.
        first = drover.find("table cell", tiles[0])
        assert f"1 von " in first.get_description(), first.get_description()
        focus(first)
        keys("space")
        wait_for(lambda: "1 Foto ausgewählt." in (first.get_description() or ""),
                 what="„1 Foto ausgewählt.“ announced on the first tile")
        keys("shift+Right", "shift+Right")
        third = drover.find("table cell", tiles[2])
        wait_for(lambda: "3 Fotos ausgewählt." in (third.get_description() or ""),
                 what="„3 Fotos ausgewählt.“ announced on the third tile")

        screenshot("german-main-window")
