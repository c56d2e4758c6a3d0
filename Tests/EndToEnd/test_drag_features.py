"""The drag-source features with a real pointer: QR codes dragged out as
cropped images that decode to their text (dropped back into Drover's own grid,
which imports them as photos), and flocking by dwell."""

import sqlite3
import subprocess
import time

from dnd import tile_nodes
from drover_session import screenshot, wait_for
from pointer import drag, move, press, release

FIG = "Fig in an orange bowl, with two QR cards"


def library_files(library):
    uri = (library / "library.sqlite").resolve().as_uri() + "?mode=ro"
    with sqlite3.connect(uri, uri=True) as db:
        return [row[0] for row in db.execute("SELECT fileName FROM photo")]


def test_qr_badge_drags_one_cropped_image_per_code_that_decodes_to_its_text(drover):
    drover, screen = drover
    names = drover.wait_for_tiles(lambda n: len(n) >= 12)
    badge = drover.find("label", "All 2 QR codes", timeout=60)
    before = set(library_files(drover.library))
    # Drop the codes at the end of the grid: Drover imports the crops as photos.
    last = drover.find("table cell", names[11])
    x, y = screen.center(last)
    drag(screen.center(badge), (x + 70, y), began=drover.drag_begins())
    new = wait_for(lambda: (added := set(library_files(drover.library)) - before) and len(added) == 2 and added,
                   timeout=30, what="two crops imported")
    decoded = set()
    for name in new:
        assert name.startswith("QR code"), name
        result = subprocess.run(["zbarimg", "--raw", "-q", str(drover.library / "photos" / name)],
                                capture_output=True, text=True, timeout=30)
        decoded |= set(result.stdout.split())
    assert decoded == {"https://drover.example/sample/one", "DROVER-SAMPLE-2"}
    screenshot("qr-crops-imported")


def test_dwelling_on_another_photo_adds_it_to_the_drag(drover):
    drover, screen = drover
    names = drover.wait_for_tiles(lambda n: len(n) >= 12)
    first, second = screen.center(tile_nodes(drover)[1]), screen.center(tile_nodes(drover)[5])
    delete = screen.center(drover.find("panel", "Delete"))
    # Lift the first photo, rest on the second one's middle, then drop both on the delete zone.
    move(*first)
    press()
    time.sleep(0.15)
    for i in range(1, 9):
        move(first[0] + (second[0] - first[0]) * i / 8, first[1] + (second[1] - first[1]) * i / 8)
        time.sleep(0.05)
    time.sleep(1.2)
    screenshot("flocking-joined")
    for i in range(1, 9):
        move(second[0] + (delete[0] - second[0]) * i / 8, second[1] + (delete[1] - second[1]) * i / 8)
        time.sleep(0.05)
    time.sleep(0.5)
    release()
    drover.wait_for_tiles(lambda n: names[1] not in n and names[5] not in n, what="both photos deleted")
    drover.wait_for_label(lambda text: text.startswith("Deleted"), what="the delete toast")


def test_a_rubber_band_from_empty_space_selects_the_tiles_it_touches(drover):
    """Pre-selecting for a drag: press beside the last column, drag across two tiles."""
    from dnd import states, tile, tile_nodes
    session, screen = drover
    dandelions = screen.center(tile(session, "Dandelions in the evening light"))
    espresso = screen.center(tile(session, "Espresso at Pikolo Espresso Bar"))
    drag((dandelions[0] + 130, dandelions[1] - 20), (espresso[0] - 20, espresso[1] + 20),
         during=lambda: screenshot("rubber-band-mid-drag"))
    selected = wait_for(lambda: (names := {n.get_name() for n in tile_nodes(session) if "selected" in states(n)})
                        and names, 5, what="the band's selection")
    assert selected == {"Dandelions in the evening light", "Espresso at Pikolo Espresso Bar"}


def test_move_to_button_adds_the_selection_to_an_album_with_clicks_alone(drover):
    """The single-pointer path to an album drop: click a photo, Move to…, the album."""
    from dnd import album_titles, tile
    from pointer import click
    session, screen = drover
    before = album_titles(session.library, "Travel")
    assert "Chelsea the cat" not in before
    click(*screen.center(tile(session, "Chelsea the cat")))
    click(*screen.center(session.find("push button", "Move to…")))
    # The chooser is a popover: its own surface, whose AT-SPI positions are not
    # the main window's, so its button is pressed through its action.
    session.find("push button", "Add to Travel").do_action(0)
    wait_for(lambda: "Chelsea the cat" in album_titles(session.library, "Travel"), 10, what="the photo in Travel")
