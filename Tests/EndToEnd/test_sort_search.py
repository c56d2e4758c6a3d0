"""Sorting and search (issue 11, part 4): the Sort menu orders the grid by date taken or
title without touching the user's own order, and is remembered; Ctrl+F searches titles
and place names live, Escape brings the whole grid back; drag and drop from the results
still reaches an album; a sorted grid shows no gap for a drop from outside, but a hint,
and the photo lands at its date place."""

import subprocess

from accessible_actions import actions, focus, keys, run_action, tile
from pointer import drag
from atspi_audit import audit
from dnd import album_titles, collection_order, python_peer, wait_for_record
from drover_session import Atspi, DroverSession, screenshot, wait_for, walk
from image_files import write_jpeg

BRIDGE = "Bridge cables over the estuary"
DATED = {"sort-middle": "2015:06:01 12:00:00", "sort-oldest": "2003:02:01 08:00:00",
         "sort-newest": "2024:09:30 18:30:00"}


def dated_photos(folder):
    """Three JPEGs with known DateTimeOriginal, the newest made first and the oldest second."""
    files = []
    for seed, (name, date) in enumerate(DATED.items()):
        photo = write_jpeg(folder / f"{name}.jpg", seed=40 + seed)
        subprocess.run(["exiftool", "-q", "-overwrite_original", f"-DateTimeOriginal={date}", str(photo)],
                       check=True, timeout=60)
        files.append(photo)
    return files


def import_files(session, files):
    result = session.run_again("--import", *map(str, files))
    assert result.returncode == 0, result.stderr
    names = [f.stem for f in files]
    return session.wait_for_tiles(lambda t: all(n in t for n in names) and not any(x.startswith("Importing") for x in t),
                                  timeout=60, what="the imported photos")


def choose_sort(session, label, audited=False):
    """Opens the header's Sort menu and picks `label`, as a user would with Enter; with
    `audited`, checks first that the open menu has no unnamed node."""
    # GtkMenuButton shows as a panel named "Sort" around its toggle, which clicks.
    toggle = wait_for(lambda: next((node for node, _ in walk(session.application())
                                    if node.get_name() == "Sort" and "click" in actions(node)), None),
                      20, what="the Sort button")
    run_action(toggle, "click")

    def item():
        return next((node for node, _ in walk(session.application())
                     if node.get_role_name().endswith("menu item") and node.get_name() == label), None)
    chosen = wait_for(item, 10, what=f"the menu item {label}")
    if audited:
        screenshot("sort-menu")
        assert audit(session.application()) == []
    chosen.do_action(0)



def show_dated_photos_oldest_first(session, tmp_path):
    """Imports the three dated photos, sorts by date oldest first, waits for that order,
    and returns their names."""
    session.wait_for_tiles(lambda n: len(n) >= 12)
    (tmp_path / "dated").mkdir()
    import_files(session, dated_photos(tmp_path / "dated"))
    choose_sort(session, "Date Taken, Oldest First")
    names = list(DATED)
    wait_for(lambda: order_of(names, session.grid_tiles()) == ["sort-oldest", "sort-middle", "sort-newest"], 20,
             what="the grid sorted oldest first")
    return names

def order_of(names, tiles):
    return [t for t in tiles if t in names]


def test_sort_by_date_orders_the_grid_keeps_the_users_order_and_is_remembered(tmp_path):
    with DroverSession() as drover:
        drover.wait_for_tiles(lambda n: len(n) >= 12)
        files = dated_photos(tmp_path)
        import_files(drover, files)
        own_before = collection_order(drover.library)
        names = list(DATED)

        choose_sort(drover, "Date Taken, Newest First", audited=True)
        wait_for(lambda: order_of(names, drover.grid_tiles()) == ["sort-newest", "sort-middle", "sort-oldest"], 20,
                 what="the grid sorted newest first")
        screenshot("sort-newest-first")
        choose_sort(drover, "Date Taken, Oldest First")
        wait_for(lambda: order_of(names, drover.grid_tiles()) == ["sort-oldest", "sort-middle", "sort-newest"], 20,
                 what="the grid sorted oldest first")
        # A view: the order the user made is as it was.
        assert collection_order(drover.library) == own_before
        # The sort control is named, and says which sort is on.
        assert any(node.get_name() == "Sort" and "Oldest First" in (node.get_description() or "")
                   for node, _ in walk(drover.application())), "the Sort control says which sort is on"

        drover.restart()
        wait_for(lambda: order_of(names, drover.grid_tiles()) == ["sort-oldest", "sort-middle", "sort-newest"], 30,
                 what="the oldest-first sort again after a restart")
        choose_sort(drover, "Your Order")
        wait_for(lambda: order_of(names, drover.grid_tiles()) == names, 20, what="the user's own order back")


def test_ctrl_f_finds_titles_and_places_and_escape_brings_the_grid_back(drover, tmp_path):
    session, _ = drover
    everything = session.wait_for_tiles(lambda n: len(n) >= 12)
    everything = import_files(session, [write_jpeg(tmp_path / "search-lunch.jpg", seed=52)])
    # The sample photo of the Golden Gate's cables was taken near Sausalito: its place name
    # comes from the background scan of its GPS position.
    wait_for(lambda: "Sausalito" in (tile(session, BRIDGE).get_description() or ""), 60,
             what="the place name from the scan")

    focus(tile(session, everything[0]))
    keys("ctrl+f")
    entry = wait_for(lambda: next((node for node, _ in walk(session.application())
                                   if node.get_name() == "Search photos"), None), 20, what="the search entry")
    assert entry.get_role_name() == "entry"
    subprocess.run(["xdotool", "type", "--delay", "40", "lunch"], check=True, timeout=60)
    wait_for(lambda: session.grid_tiles() == ["search-lunch"], 20, what="only the title that matches")
    screenshot("search-title")
    assert audit(session.application()) == []

    keys("ctrl+a")
    subprocess.run(["xdotool", "type", "--delay", "40", "sausalito"], check=True, timeout=60)
    wait_for(lambda: session.grid_tiles() == [BRIDGE], 20, what="the photo taken near Sausalito")
    screenshot("search-place")
    assert entry.get_name() == "Search photos"

    # Photos imported while the search is open: the one that matches joins the results, the
    # other does not (the search's index follows the library's changes).
    added = [write_jpeg(tmp_path / "sausalito-harbour.jpg", seed=53), write_jpeg(tmp_path / "breakfast.jpg", seed=54)]
    result = session.run_again("--import", *map(str, added))
    assert result.returncode == 0, result.stderr
    wait_for(lambda: session.grid_tiles() == [BRIDGE, "sausalito-harbour"], 60, what="the new photo that matches")
    # In a searched view the two go to the end of the user's order as each is ready, so
    # either may come first.
    added_titles = ["breakfast", "sausalito-harbour"]
    wait_for(lambda: sorted(collection_order(session.library)[-2:]) == added_titles, 60, what="both imported")
    assert session.grid_tiles() == [BRIDGE, "sausalito-harbour"]

    keys("Escape")
    wait_for(lambda: session.grid_tiles()[:len(everything)] == everything
             and sorted(session.grid_tiles()[len(everything):]) == added_titles, 20, what="the whole grid back")
    assert not entry.get_state_set().contains(Atspi.StateType.SHOWING), "the search bar closed"


PEER_POSITION = (0, 780)


def test_a_peer_drop_on_a_date_sorted_grid_shows_a_hint_not_a_gap_and_lands_at_its_date(drover, tmp_path):
    session, screen = drover
    names = show_dated_photos_oldest_first(session, tmp_path)
    dropped = write_jpeg(tmp_path / "sort-dropped.jpg", seed=60)
    subprocess.run(["exiftool", "-q", "-overwrite_original", "-DateTimeOriginal=2010:01:01 10:00:00", str(dropped)],
                   check=True, timeout=60)
    before = session.grid_tiles()
    seen = {}

    def look_mid_drag():
        seen["labels"] = session.label_texts()
        seen["tiles"] = session.grid_tiles()
        screenshot("sort-drop-hint")

    record = tmp_path / "source.jsonl"
    with python_peer("drag_source.py", dropped, title="Drag Source Peer", position=PEER_POSITION,
                     record=record, log=tmp_path / "peer.log") as peer:
        # Where a gap would open before the first tile in the user's own order.
        first = session.find("table cell", before[0])
        drag(peer.center(), screen.center(first, dx=-0.3), during=look_mid_drag, began=peer.drag_begins())
        wait_for_record(record, lambda e: e["event"] in ("end", "cancel"), what="the source's drag end")
    assert "Sorted by date: drop adds photos" in seen["labels"], seen["labels"]
    assert seen["tiles"] == before, "no gap, no placeholder moved the tiles during the drag"
    # It lands at its date's place, between 2003 and 2015, and at the end of the user's order.
    wait_for(lambda: order_of(names + ["sort-dropped"], session.grid_tiles())
             == ["sort-oldest", "sort-dropped", "sort-middle", "sort-newest"], 30, what="the photo at its date place")
    assert collection_order(session.library)[-1] == "sort-dropped"
    # The hint went with the drag.
    assert not any(node.get_name() == "Sorted by date: drop adds photos"
                   and node.get_state_set().contains(Atspi.StateType.SHOWING) for node, _ in walk(session.application()))


def test_a_photo_dragged_from_search_results_joins_an_album(drover, tmp_path):
    session, screen = drover
    session.wait_for_tiles(lambda n: len(n) >= 12)
    import_files(session, [write_jpeg(tmp_path / "search-lunch.jpg", seed=52)])
    keys("ctrl+f")
    subprocess.run(["xdotool", "type", "--delay", "40", "lunch"], check=True, timeout=60)
    wait_for(lambda: session.grid_tiles() == ["search-lunch"], 20, what="only the title that matches")
    drag(screen.center(tile(session, "search-lunch")), screen.center(session.find("list item", "Travel")),
         began=session.drag_begins())
    wait_for(lambda: "search-lunch" in album_titles(session.library, "Travel"), 20, what="the photo in Travel")
    # Still searching: the results are as they were.
    assert session.grid_tiles() == ["search-lunch"]


def test_keys_cannot_rearrange_a_sorted_grid_and_say_why(drover, tmp_path):
    session, _ = drover
    names = show_dated_photos_oldest_first(session, tmp_path)
    own_before = collection_order(session.library)
    focus(tile(session, "sort-oldest"))
    keys("alt+shift+Right")
    wait_for(lambda: "rearranged in your own order" in (tile(session, "sort-oldest").get_description() or ""),
             10, what="the reason announced on the photo")
    assert collection_order(session.library) == own_before
    # The keyboard drag picks up, but the grid offers no place: the proposal says why.
    keys("ctrl+d")
    def picked_up_with_reason():
        text = tile(session, "sort-oldest").get_description() or ""
        return "Picked up" in text and "rearranged in your own order" in text
    wait_for(picked_up_with_reason, 10, what="the keyboard drag's proposal, said with the pick-up")
    keys("Escape")
    assert order_of(names, session.grid_tiles()) == ["sort-oldest", "sort-middle", "sort-newest"]
