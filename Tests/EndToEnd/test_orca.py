"""The screen-reader leg (issue 14): what a blind user hears from Orca 43
while using Drover with the keyboard alone. Each test runs a private Orca
(orca_session.py) and then Drover, drives them with xdotool keys, and asserts
on the utterances Orca logged.

The transcript of each test is written to test-output/orca-NAME.txt, to be
read (and quoted) by people."""

import os
import re
import shutil
import subprocess
import time

import pytest

from accessible_actions import focus, keys, tile
from dnd import PEERS, SYSTEM_PYTHON, album_titles, states
from drover_session import OUTPUT, DroverSession, end_process, read_line
from image_files import write_png
from orca_session import OrcaSession, unavailable_reason

SAMPLE_TILES = 12
# GTK type names ("GtkStackPage panel", "GtkImage") and Orca's word for a
# control without a name are never part of what a user should hear.
INTERNAL = re.compile(r"Gtk[A-Z]|unlabel{1,2}ed", re.IGNORECASE)

pytestmark = [pytest.mark.skipif(unavailable_reason() is not None, reason=unavailable_reason() or ""),
              pytest.mark.timeout(180)]


@pytest.fixture
def heard(request):
    """Orca, then Drover on the sample library: yields (orca, drover). Writes
    the whole transcript to test-output/ and checks it for internal text."""
    orca = OrcaSession()
    session = DroverSession()
    try:
        orca.start()
        session.start()
        session.wait_for_tiles(lambda names: len(names) >= SAMPLE_TILES, what="the sample photos")
        yield orca, session
        transcript = orca.utterances()
        OUTPUT.mkdir(exist_ok=True)
        (OUTPUT / f"orca-{request.node.name}.txt").write_text("\n".join(transcript) + "\n")
        if orca.debug_file.exists():
            shutil.copyfile(orca.debug_file, OUTPUT / f"orca-{request.node.name}-debug.txt")
        internal = [text for text in transcript if INTERNAL.search(text)]
        assert internal == [], f"Orca spoke internal names: {internal}"
    finally:
        session.cleanup()
        orca.cleanup()


def said(orca, since, text, timeout=15):
    """Waits for an utterance containing `text` after bookmark `since`."""
    return orca.wait_for_speech(lambda utterance: text in utterance, since=since, timeout=timeout, what=repr(text))


def said_once(orca, since, text, timeout=15):
    """Waits for `text` after bookmark `since`, lets Orca finish, and asserts it
    was spoken exactly once (not again as a description change, say)."""
    said(orca, since, text, timeout)
    heard = orca.quiet(since)
    times = sum(utterance.count(text) for utterance in heard)
    assert times == 1, f"{text!r} was spoken {times} times: {heard}"
    return heard


def focus_and_settle(orca, node, text):
    """Focuses a tile through its AT-SPI action and waits until Orca has read it
    and is quiet (the action's own changes are read too). `text` is heard once:
    the first focus of a widget does not read its description twice (GTK 4.8
    would send it again just after the focus event; see PhotoTile)."""
    mark = orca.mark()
    focus(node)
    said(orca, mark, text)
    heard_now = orca.quiet(mark, settle=2.5)
    times = sum(utterance.count(text) for utterance in heard_now)
    assert times == 1, f"{text!r} was spoken {times} times: {heard_now}"


def test_a_keyboard_drag_into_an_album_is_spoken_proposal_and_result(heard):
    orca, drover = heard
    cat = "Chelsea the cat"
    focus_and_settle(orca, tile(drover, cat), cat)
    mark = orca.mark()
    keys("ctrl+d")
    said_once(orca, mark, "Picked up 1 photo")
    mark = orca.mark()
    keys("Tab")
    said_once(orca, mark, "Add 1 photo to Travel.")
    mark = orca.mark()
    keys("Return")
    said_once(orca, mark, "Added 1 photo to Travel.")
    assert cat in album_titles(drover.library, "Travel")
    # The announcement was transient: away and back, the tile is described
    # by its date and albums again, now with Travel, not by the old message.
    keys("Right")
    said(orca, mark, "Bridge cables")
    mark = orca.mark()
    keys("Left")
    back = said(orca, mark, "In Travel")
    heard_after = orca.quiet(mark)
    assert not any("Added" in text or "Picked up" in text for text in heard_after), heard_after
    node = tile(drover, cat)
    node.clear_cache()
    assert "In Travel" in (node.get_description() or ""), node.get_description()

    # Again: the photo is in Travel now, so a drop there is proposed and heard
    # as no change (DragKit's rule), and changes nothing.
    before = album_titles(drover.library, "Travel")
    mark = orca.mark()
    keys("ctrl+d", "Tab")
    said(orca, mark, "Already in Travel.")
    mark = orca.mark()
    keys("Return")
    said_once(orca, mark, "Already in Travel. Nothing changed.")
    assert album_titles(drover.library, "Travel") == before


def test_a_whole_keyboard_session_is_spoken_where_the_user_is(heard):
    """Select, keyboard-drag into an album, reorder, delete and undo: each is
    heard, with the position and selected state of the photo the user is on."""
    orca, drover = heard
    names = drover.grid_tiles()
    first, second, third = names[:3]
    focus_and_settle(orca, tile(drover, first), "1 of 12")

    mark = orca.mark()
    keys("space")
    heard_now = said_once(orca, mark, "Selected. 1 photo selected.")
    # The selected state changed quietly: the tile's description is not read again.
    assert not any("1 of 12" in text for text in heard_now), heard_now
    mark = orca.mark()
    keys("shift+Right")
    said(orca, mark, second)
    # Said with the tile it lands on (its position and state), once.
    heard_now = said_once(orca, mark, "2 photos selected.")
    assert any(text.startswith("Selected. 2 of 12") and "2 photos selected." in text for text in heard_now), heard_now
    assert not any("1 of 12" in text for text in heard_now), heard_now

    # Both are in Travel already? The sample puts the first in Travel: the
    # proposal says what a drop would really do.
    mark = orca.mark()
    keys("ctrl+d")
    said(orca, mark, "Picked up")
    keys("Tab")
    said(orca, mark, "to Travel")
    mark = orca.mark()
    keys("Return")
    said(orca, mark, "Travel")

    mark = orca.mark()
    keys("Escape")
    said_once(orca, mark, "Nothing selected.")
    mark = orca.mark()
    keys("alt+shift+Right")
    said_once(orca, mark, "Moved 1 photo to position 3 of 12.")
    assert drover.wait_for_tiles(lambda n: n[:3] == [first, third, second], what="the photo moved later")

    mark = orca.mark()
    keys("Delete")
    heard_now = said_once(orca, mark, "Deleted 1 photo. Undo with Ctrl+Z.")
    after = drover.wait_for_tiles(lambda n: second not in n, what="the photo deleted")
    # Focus went to the next photo, never to a container, and where it is was
    # heard with the result: its title, then "3 of 11 … Deleted 1 photo."
    assert any(after[2] in text for text in heard_now), heard_now
    assert any(text.startswith("3 of 11.") and "Deleted 1 photo." in text for text in heard_now), heard_now
    assert "focused" in states(tile(drover, after[2]))

    # While a screen reader runs, the Undo toast does not time out (8 s without one).
    time.sleep(10)
    # The toast's Undo button is the next Tab stop after the grid.
    mark = orca.mark()
    keys("Tab")
    said(orca, mark, "Undo push button")
    mark = orca.mark()
    keys("space")
    heard_now = said_once(orca, mark, "Restored 1 photo.")
    drover.wait_for_tiles(lambda n: n[:3] == [first, third, second], what="the photo back in its place")
    # Focus went back to the photo, not to a container, and the result was said there.
    assert any(second in text for text in heard_now), heard_now
    assert any(text.startswith("3 of 12.") and "Restored 1 photo." in text for text in heard_now), heard_now

    # Away and back: the photo's own description, not the message.
    mark = orca.mark()
    keys("Right")
    said(orca, mark, names[3])
    keys("Left")
    said(orca, mark, f"{second}.")
    said(orca, mark, "In Travel, Animals")
    assert not any("Restored" in text or "Deleted" in text for text in orca.quiet(mark)), orca.said_since(mark)


def test_tab_goes_header_sidebar_grid_without_choosing_an_album(heard):
    """The first focus is heard at start; the album list moves focus without
    choosing (Enter does), and the grid is one Tab stop."""
    orca, drover = heard
    said(orca, 0, "All Photos")
    before = drover.grid_tiles()
    # Start from the first tile, once Orca has read it (were Orca still on "All
    # Photos", Shift+Tab back there would be no change of focus to speak).
    orca.quiet(0, settle=2.5)
    focus_and_settle(orca, tile(drover, before[0]), "1 of 12")
    mark = orca.mark()
    keys("shift+Tab")
    said(orca, mark, "All Photos")
    mark = orca.mark()
    keys("Down")
    said(orca, mark, "Travel")
    # The first landing on an album row reads its photo count once.
    said_once(orca, mark, " photos")
    mark = orca.mark()
    keys("Down")
    said(orca, mark, "Animals")
    # Passing over albums chose none: the grid still shows All Photos.
    assert drover.grid_tiles() == before
    mark = orca.mark()
    keys("Tab")
    said(orca, mark, before[0])
    assert drover.grid_tiles() == before
    # One Tab stop: the next Tab leaves the grid for the delete zone.
    mark = orca.mark()
    keys("Tab")
    said(orca, mark, "Delete")
    said_once(orca, mark, "Drop photos here to delete them.")
    # Enter on an album chooses it.
    focus(tile(drover, before[0]))
    mark = orca.mark()
    keys("shift+Tab")
    said(orca, mark, "All Photos")
    keys("Down", "Return")
    drover.wait_for_tiles(lambda names: names != before, what="the album chosen with Enter")


def test_menus_and_buttons_are_named_not_typed(heard):
    """A tile's menu and the header's buttons, read by Orca: real names, and
    (checked by the fixture) no GTK type names anywhere."""
    orca, drover = heard
    focus(tile(drover, drover.grid_tiles()[0]))
    mark = orca.mark()
    keys("Menu")
    said(orca, mark, "Open")
    keys("Escape")
    # Back to the header from the sidebar: the icon-only New Album button.
    mark = orca.mark()
    keys("shift+Tab", "shift+Tab", "shift+Tab")
    said(orca, mark, "New Album push button")


def test_paste_and_imports_from_outside_are_announced(heard):
    """A paste says what it pasted (a photo the library holds already: that it is
    there), and a toast (here: `drover FILE`'s import summary) is read as it appears,
    each once."""
    orca, drover = heard
    cat = "Chelsea the cat"  # one photo, not a stack
    focus_and_settle(orca, tile(drover, cat), "of 12")
    mark = orca.mark()
    keys("ctrl+c")
    said_once(orca, mark, "Copied 1 photo.")
    mark = orca.mark()
    keys("ctrl+v")
    # The same bytes: not copied silently a second time (its tile offers Import Anyway).
    said_once(orca, mark, f"Already in your library: \u201c{cat}\u201d.", timeout=60)

    outside = write_png(drover.root / "harbour.png", seed=5)
    copier = subprocess.Popen([SYSTEM_PYTHON, str(PEERS / "copy_files.py"), str(outside)],
                              env=dict(os.environ, GDK_BACKEND="x11"), stdout=subprocess.PIPE,
                              stderr=subprocess.DEVNULL, text=True)
    try:
        assert read_line(copier.stdout, 30, what="the copying peer to own the clipboard").strip() == "ready"
        mark = orca.mark()
        keys("ctrl+v")
        said_once(orca, mark, "Pasted 1 photo.", timeout=60)
        drover.wait_for_tiles(lambda n: "harbour" in n, what="the pasted photo")
    finally:
        copier.terminate()
        end_process(copier, "the copying peer")

    picture = write_png(drover.root / "from-outside.png", seed=3)
    mark = orca.mark()
    result = drover.run_again("--import", str(picture), timeout=30)
    assert result.returncode == 0, result.stdout + result.stderr
    said_once(orca, mark, "Imported 1 photo.", timeout=60)


def open_chelsea_in_the_viewer(orca, drover):
    """Enter on Chelsea's tile; what Orca said until it was quiet again."""
    cat = "Chelsea the cat"
    focus_and_settle(orca, tile(drover, cat), cat)
    mark = orca.mark()
    keys("Return")
    said(orca, mark, "Fit to window", timeout=30)
    return orca.quiet(mark)


def test_opening_the_viewer_speaks_the_photo_with_the_zoom_it_is_shown_at(heard):
    """Enter on a tile opens the viewer: the photo's name and description are heard with
    the zoom it is shown at, never a zoom of the page before it was laid out (issue 28:
    "Fit to window, 100%", then "0%", then "100%" again); zooming is heard once."""
    orca, drover = heard
    heard_now = open_chelsea_in_the_viewer(orca, drover)
    assert any("Chelsea the cat image" in text for text in heard_now), heard_now
    assert any("Photo 2 of 12. Fit to window, 100%" in text for text in heard_now), heard_now
    assert not any("Fit to window, 0%" in text for text in heard_now), heard_now
    mark = orca.mark()
    keys("plus")
    said_once(orca, mark, "Zoom 125%")
    mark = orca.mark()
    keys("Escape")
    said(orca, mark, "Chelsea the cat")


def test_opening_the_viewer_speaks_the_description_once(heard):
    """The photo's name and description are set before the viewer's page shows (showing
    it moves focus onto the photo) and sent while Orca is still on the tile: the focus
    reads them once, with no name or description events after it (Orca 43 reads any
    description event of its focus, even an unchanged one)."""
    orca, drover = heard
    heard_now = open_chelsea_in_the_viewer(orca, drover)
    times = sum(text.count("Fit to window") for text in heard_now)
    assert times == 1, f"the description was spoken {times} times: {heard_now}"
