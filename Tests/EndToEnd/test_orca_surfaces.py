"""The screen-reader leg on the surfaces added after it (issue 28, item 4): sorting,
searching (the result count, once the typing settles), renaming in Details, importing a
file the library already holds and then Import Anyway, stacking and unstacking. One Orca
and one Drover for all of them (test_orca.py's `heard` fixture, which also refuses GTK
type names and "unlabelled" anywhere in the transcript); each result is heard exactly once.
The transcript is written to test-output/orca-NAME.txt."""

import shutil
import subprocess
from pathlib import Path

from accessible_actions import keys, tile
from drover_session import screenshot
from test_orca import focus_and_settle, heard, said, said_once  # noqa: F401 (heard: the fixture)

SAMPLES = Path(__file__).resolve().parents[2] / "data" / "samples"
# A person's typing: slower than the search entry's own 150 ms delay, so without a pause
# before the count each letter would have its own count read out.
TYPING_DELAY_MS = "250"


def typed(text):
    subprocess.run(["xdotool", "type", "--delay", TYPING_DELAY_MS, text], check=True, timeout=60)


def matching(count, query):
    return f"{count} photo matches \u201c{query}\u201d." if count == 1 else f"{count} photos match \u201c{query}\u201d."


def test_sort_search_rename_duplicate_and_stacks_are_each_heard_once(heard):
    orca, drover = heard
    cat = "Chelsea the cat"
    focus_and_settle(orca, tile(drover, cat), cat)

    # Sort, by keyboard: back to the header (the albums, then Move to…), forward past Search
    # to Sort; its menu opens on its first item, Your Order. Chosen there, the result is
    # heard as the focus comes back to the Sort button, which is described by the sort.
    mark = orca.mark()
    keys("shift+Tab", "shift+Tab", "Tab", "Tab")
    said(orca, mark, "Sort push button")
    mark = orca.mark()
    keys("Return")
    said(orca, mark, "Your Order")
    mark = orca.mark()
    keys("Down", "Return")
    said_once(orca, mark, "Sorted: Date Taken, Newest First.")
    mark = orca.mark()
    keys("Return")
    said(orca, mark, "Your Order")
    mark = orca.mark()
    keys("Return")
    said_once(orca, mark, "Sorted: Your Order")

    # Search: the count for what was typed, once, when the typing pauses; none for "b", "bo"…
    focus_and_settle(orca, tile(drover, cat), cat)
    mark = orca.mark()
    keys("ctrl+f")
    said(orca, mark, "Search photos")
    mark = orca.mark()
    typed("boats")
    shown = drover.wait_for_tiles(lambda names: 0 < len(names) < 12, what="the search's results")
    heard_now = said_once(orca, mark, matching(len(shown), "boats"))
    counts = [text for text in heard_now if "match" in text or "found" in text]
    assert len(counts) == 1, f"a count per keystroke, not one when the typing settled: {counts}"
    screenshot("orca-search-boats")
    mark = orca.mark()
    keys("BackSpace")
    typed("s")
    # The same query again after a pause too short to settle: its count is not repeated.
    assert not any("match" in text for text in orca.quiet(mark, settle=1.5)), orca.said_since(mark)
    keys("Escape")
    drover.wait_for_tiles(lambda names: len(names) >= 12, what="the whole grid back")

    # Stack Chelsea and the bridge, unstack them; undo the unstack, then the stack.
    focus_and_settle(orca, tile(drover, cat), cat)
    mark = orca.mark()
    keys("space")
    said_once(orca, mark, "1 photo selected.")
    mark = orca.mark()
    keys("shift+Right")
    said_once(orca, mark, "2 photos selected.")
    mark = orca.mark()
    keys("ctrl+g")
    said_once(orca, mark, "Stacked 2 photos. Undo with Ctrl+Z.")
    screenshot("orca-stacked")
    mark = orca.mark()
    keys("ctrl+shift+g")
    said_once(orca, mark, "Unstacked 2 photos. Undo with Ctrl+Z.")
    mark = orca.mark()
    keys("ctrl+z")
    said_once(orca, mark, "Undone: Unstack 2 photos.")
    mark = orca.mark()
    keys("ctrl+z")
    said_once(orca, mark, "Undone: Stack 2 photos.")
    drover.wait_for_tiles(lambda names: cat in names and "Bridge cables over the estuary" in names,
                          what="the two photos apart again")

    # Rename in Details: heard in the Details window, where the user is.
    focus_and_settle(orca, tile(drover, cat), cat)
    mark = orca.mark()
    keys("alt+Return")
    said(orca, mark, "Title")
    # The title field's hint (its description) is read once with the focus, not again as a
    # description event just after it (GTK 4.8 sends a first focus's held description then).
    hint = "The photo's title: Enter saves it"
    said(orca, mark, hint)
    heard_now = orca.quiet(mark, settle=2.5)
    times = sum(text.count(hint) for text in heard_now)
    assert times == 1, f"the title field's hint was spoken {times} times: {heard_now}"
    keys("ctrl+a")
    typed("Chelsea asleep")
    mark = orca.mark()
    keys("Return")
    said_once(orca, mark, "Renamed the photo \u201cChelsea asleep\u201d.")
    screenshot("orca-details-renamed")
    keys("Escape")
    drover.wait_for_tiles(lambda names: "Chelsea asleep" in names, what="the tile renamed")

    # The same bytes again from outside: the toast says so, once; Import Anyway imports it, said once.
    again = drover.root / "chelsea-again.jpg"
    shutil.copyfile(SAMPLES / "chelsea-the-cat.jpg", again)
    mark = orca.mark()
    result = drover.run_again("--import", str(again), timeout=30)
    assert result.returncode == 0, result.stdout + result.stderr
    said_once(orca, mark, "chelsea-again.jpg is already in your library.", timeout=60)
    screenshot("orca-duplicate-notice")
    mark = orca.mark()
    drover.find("push button", "Import chelsea-again.jpg anyway").do_action(0)
    said_once(orca, mark, "Imported 1 photo.", timeout=60)
    drover.wait_for_tiles(lambda names: "chelsea-again" in names, what="the second copy, asked for")

