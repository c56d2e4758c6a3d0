"""Every drag outcome through its accessible path only: AT-SPI actions, focus
and keys, never the pointer. And the accessibility audit in the states a
tester meets: the main window, a menu open, a keyboard drag, placeholders."""

import sqlite3
import time

from accessible_actions import actions, focus, keys, run_action, tile
from atspi_audit import audit
from drover_session import DroverSession, children_named, screenshot, wait_for

SAMPLE_TILES = 12


def album_photo_count(library, album):
    uri = (library / "library.sqlite").resolve().as_uri() + "?mode=ro"
    with sqlite3.connect(uri, uri=True) as db:
        return db.execute("SELECT count(*) FROM albumEntry e JOIN album a ON a.id = e.albumID WHERE a.name = ?",
                          (album,)).fetchone()[0]


def started():
    session = DroverSession().start()
    session.wait_for_tiles(lambda names: len(names) >= SAMPLE_TILES, what="the sample photos")
    return session


def test_every_tile_offers_every_drag_outcome_as_an_action():
    with DroverSession() as drover:
        names = drover.wait_for_tiles(lambda n: len(n) >= SAMPLE_TILES)
        for name in names[:SAMPLE_TILES]:
            offered = actions(tile(drover, name))
            for action in ["tile.copy", "tile.cut", "tile.paste-before", "tile.paste-after", "tile.move-earlier",
                           "tile.move-later", "tile.add-to-album", "tile.move-to-album", "tile.delete",
                           "tile.start-keyboard-drag", "tile.open-menu", "tile.focus"]:
                assert action in offered, f"{name} lacks {action}"


def test_audit_is_clean_in_the_main_window_with_a_menu_open_and_during_a_keyboard_drag():
    with DroverSession() as drover:
        names = drover.wait_for_tiles(lambda n: len(n) >= SAMPLE_TILES)
        app = drover.application()
        assert audit(app) == []

        run_action(tile(drover, names[2]), "tile.open-menu")
        wait_for(lambda: any(node.get_role_name() == "menu item" or node.get_name() == "Copy"
                             for node in _walk(app)), what="the tile menu")
        assert audit(app) == []
        screenshot("a11y-menu-open")
        keys("Escape")

        focus(tile(drover, names[1]))
        keys("ctrl+d")
        wait_for(lambda: "Picked up" in (tile(drover, names[1]).get_description() or ""), what="the pick-up announcement")
        keys("Right", "Right")
        assert audit(app) == []
        screenshot("a11y-keyboard-drag")
        keys("Escape")


def test_reorder_by_action_alone():
    with DroverSession() as drover:
        names = drover.wait_for_tiles(lambda n: len(n) >= SAMPLE_TILES)
        run_action(tile(drover, names[1]), "tile.move-later")
        drover.wait_for_tiles(lambda n: n[:3] == [names[0], names[2], names[1]], what="the photo moved one later")
        run_action(tile(drover, names[1]), "tile.move-earlier")
        drover.wait_for_tiles(lambda n: n[:3] == names[:3], what="the photo moved back")


def test_delete_and_undo_by_action_alone_restore_the_same_place():
    with DroverSession() as drover:
        names = drover.wait_for_tiles(lambda n: len(n) >= SAMPLE_TILES)
        victim = names[4]
        run_action(tile(drover, victim), "tile.delete")
        drover.wait_for_tiles(lambda n: victim not in n, what="the photo gone")
        drover.wait_for_label(lambda text: text.startswith("Deleted"), what="the Undo toast")
        undo = drover.find("push button", "Undo")
        undo.do_action(0)
        drover.wait_for_tiles(lambda n: n[:SAMPLE_TILES] == names[:SAMPLE_TILES], what="the photo back in its place")


def test_keyboard_drag_moves_a_photo_and_adds_one_to_an_album():
    with DroverSession() as drover:
        names = drover.wait_for_tiles(lambda n: len(n) >= SAMPLE_TILES)
        focus(tile(drover, names[1]))
        keys("ctrl+d", "Right", "Right")
        # The proposal is announced through the tile's description, which the announcer
        # sets a moment after a focus move (longer just after the window was activated).
        wait_for(lambda: (tile(drover, names[1]).get_description() or "").startswith("Move 1 photo to position 3"), 5,
                 what="the keyboard drag's proposal")
        keys("Return")
        drover.wait_for_tiles(lambda n: n[:3] == [names[0], names[2], names[1]], what="the keyboard drop")

        # Chelsea the cat is in "Animals" only; Tab goes to the first album, "Travel".
        cat = "Chelsea the cat"
        before = album_photo_count(drover.library, "Travel")
        focus(tile(drover, cat))
        keys("ctrl+d", "Tab")
        wait_for(lambda: tile(drover, cat).get_description() == "Add 1 photo to Travel.", 5,
                 what="the proposal to add to Travel")
        keys("Return")
        wait_for(lambda: album_photo_count(drover.library, "Travel") == before + 1, what="the photo added to Travel")


def test_add_to_album_through_the_chooser_with_single_actions():
    with DroverSession() as drover:
        drover.wait_for_tiles(lambda n: len(n) >= SAMPLE_TILES)
        before = album_photo_count(drover.library, "Codes & Still Life")
        run_action(tile(drover, "Astronaut Eileen Collins"), "tile.add-to-album")
        drover.find("push button", "Add to Codes & Still Life").do_action(0)
        wait_for(lambda: album_photo_count(drover.library, "Codes & Still Life") == before + 1,
                 what="the photo added by the chooser")


def test_copy_then_paste_offers_import_anyway_through_the_drop_pipeline():
    with DroverSession() as drover:
        names = drover.wait_for_tiles(lambda n: len(n) >= SAMPLE_TILES)
        focus(tile(drover, "Chelsea the cat"))
        keys("ctrl+c")
        focus(tile(drover, names[-1]))
        keys("ctrl+v")
        # The pasted file is a copy of the photo, named after its title: its placeholder
        # says it is in the library, after the focused photo, and offers Import Anyway
        # (issue 11: no silent duplicates).
        notice = "Could not import Chelsea the cat.jpg: Already in your library: \u201cChelsea the cat\u201d."
        after = drover.wait_for_tiles(lambda n: len(n) > len(names) and notice in n, what="the duplicate notice")
        assert after[len(names)] == notice, after
        app = drover.application()
        assert audit(app) == []
        drover.find("push button", "Import Chelsea the cat.jpg anyway").do_action(0)
        # Imported anyway, it is titled by that file's name: a second "Chelsea the cat".
        after = drover.wait_for_tiles(lambda n: n.count("Chelsea the cat") == 2 and notice not in n,
                                      what="the pasted copy")
        assert after[len(names)] == "Chelsea the cat", after


def test_cut_then_paste_moves_the_photo_through_the_drag_rules():
    with DroverSession() as drover:
        names = drover.wait_for_tiles(lambda n: len(n) >= SAMPLE_TILES)
        focus(tile(drover, names[0]))
        keys("ctrl+x")
        focus(tile(drover, names[3]))
        keys("ctrl+v")   # after the focused photo: a move, not a copy
        moved = drover.wait_for_tiles(lambda n: n[:4] == [names[1], names[2], names[3], names[0]],
                                      what="the cut photo moved after the fourth")
        assert sorted(moved) == sorted(names)   # moved, not copied


def _walk(node):
    from drover_session import walk
    return (n for n, _ in walk(node))
