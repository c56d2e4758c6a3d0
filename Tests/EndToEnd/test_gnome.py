"""Drover as a GNOME app (issue 12): libadwaita's About window, toasts, status page and
message dialog, found over AT-SPI by the names a screen-reader user hears."""

import re
import subprocess

from accessible_actions import actions, focus, keys, run_action, tile
from dnd import album_names, album_titles
from drover_session import REPO, drover_binary, find_node, screenshot, wait_for, walk
from pointer import click


def open_main_menu_item(session, label):
    # GtkMenuButton shows as a panel-like "Main Menu" around its toggle, which clicks.
    toggle = wait_for(lambda: next((node for node, _ in walk(session.application())
                                    if node.get_name() == "Main Menu" and "click" in actions(node)), None),
                      20, what="the main menu's button")
    run_action(toggle, "click")
    session.find("menu item", label).do_action(0)


def test_about_window_credits_places_photos_and_has_no_dead_links(drover):
    session, _ = drover
    open_main_menu_item(session, "About Drover")
    session.wait_for_label(lambda text: text == meson_version(), what="the version, meson.build's")
    # Drover has no public host yet (issue 29): no website row and no "Report an Issue"
    # pointing at a name that never resolves.
    assert not any(text in ("Report an Issue", "Website") for text in session.label_texts()), session.label_texts()
    # Credits and legal notes: GeoNames (CC BY 4.0 asks for it) and the sample photos' authors.
    session.wait_for_label(lambda text: "GeoNames" in text and "CC BY 4.0" in text, what="the GeoNames licence")
    session.wait_for_label(lambda text: "Aitzol Berasategi" in text, what="a photo credit")
    screenshot("gnome-about-window")


def test_deleting_an_album_asks_first_and_cancel_keeps_it_and_ctrl_z_brings_it_back(drover):
    session, screen = drover
    names, travel = album_names(session.library), album_titles(session.library, "Travel")
    assert "Travel" in names
    click(*screen.center(session.find("list item", "Travel")))
    albums = session.find("list", "Albums")
    run_action(albums, "album.delete")
    session.wait_for_label(lambda text: text == "Delete \u201cTravel\u201d?", what="the confirmation")
    screenshot("gnome-delete-album-confirmation")
    session.find("push button", "Cancel").do_action(0)
    wait_for(lambda: find_node(session.application(), "push button", "Cancel") is None, 10, what="the dialog closed")
    assert "Travel" in album_names(session.library)

    run_action(albums, "album.delete")
    session.find("push button", "Delete Album").do_action(0)
    wait_for(lambda: "Travel" not in album_names(session.library), 10, what="the album deleted")
    session.wait_for_label(lambda text: text.startswith("Deleted the album"), what="the toast")
    # Undo brings it back in its place, with its photos in their order.
    focus(tile(session, session.wait_for_tiles(lambda n: len(n) >= 12)[0]))
    keys("ctrl+z")
    wait_for(lambda: album_names(session.library) == names, 10, what="the album back in its place")
    assert album_titles(session.library, "Travel") == travel
    keys("ctrl+shift+z")
    wait_for(lambda: "Travel" not in album_names(session.library), 10, what="the deletion redone")


def meson_version():
    return re.search(r"^project\('drover', version: '([^']+)'", (REPO / "meson.build").read_text(), re.M).group(1)


def test_one_version_number_in_meson_build_the_metainfo_and_drover_version():
    check = subprocess.run(["bash", str(REPO / "scripts" / "check-version.sh")], capture_output=True, text=True,
                           timeout=30)
    assert check.returncode == 0, check.stderr
    shown = subprocess.run([str(drover_binary()), "--version"], capture_output=True, text=True, timeout=30)
    assert shown.returncode == 0 and shown.stdout == f"drover {meson_version()}\n", shown
