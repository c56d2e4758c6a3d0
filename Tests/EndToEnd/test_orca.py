"""The screen-reader leg (issue 14): what a blind user hears from Orca 43
while using Drover with the keyboard alone. Each test runs a private Orca
(orca_session.py) and then Drover, drives them with xdotool keys, and asserts
on the utterances Orca logged.

The transcript of each test is written to test-output/orca-NAME.txt, to be
read (and quoted) by people."""

import re

import pytest

from accessible_actions import focus, keys, tile
from dnd import album_titles
from drover_session import OUTPUT, DroverSession
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
        internal = [text for text in transcript if INTERNAL.search(text)]
        assert internal == [], f"Orca spoke internal names: {internal}"
    finally:
        session.cleanup()
        orca.cleanup()


def said(orca, since, text, timeout=15):
    """Waits for an utterance containing `text` after bookmark `since`."""
    return orca.wait_for_speech(lambda utterance: text in utterance, since=since, timeout=timeout, what=repr(text))


def test_a_keyboard_drag_into_an_album_is_spoken_proposal_and_result(heard):
    orca, drover = heard
    cat = "Chelsea the cat"
    focus(tile(drover, cat))
    said(orca, 0, cat)
    mark = orca.mark()
    keys("ctrl+d")
    said(orca, mark, "Picked up 1 photo")
    mark = orca.mark()
    keys("Tab")
    said(orca, mark, "Add 1 photo to Travel.")
    mark = orca.mark()
    keys("Return")
    said(orca, mark, "Added 1 photo to Travel.")
    assert cat in album_titles(drover.library, "Travel")
