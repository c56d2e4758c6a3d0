"""Images dragged from real browsers (issue 13): Firefox ESR on a fresh profile
and Chromium show a page served on 127.0.0.1 whose only content is a JPEG with
EXIF and GPS; dragged into Drover's grid it becomes a photo whose file is the
served file byte for byte (Firefox's drag is downloaded from its address,
Chromium's is downloaded from the address it gives too), titled from the
address's file name. Typeless bytes (application/octet-stream, which Chromium
also offers) are recognised as an image by their content."""

import hashlib
from pathlib import Path

import pytest

from accessible_actions import focus, keys, tile

from dnd import album_titles, library_snapshot, photo_file, python_peer, states, tile_nodes, turned_right, wait_for_record
from drover_session import REPO, screenshot, wait_for
from library_state import rotation
from pointer import click, drag
from test_dnd_grid import PEER_POSITION, SAMPLE_TILES
from web_peers import Browser, WebServer, dropped_on_upload_page, have, image_page, upload_page

SAMPLE = REPO / "data" / "samples" / "bridge-cables-over-the-estuary.jpg"   # EXIF with GPS
# The sample's bytes with a name after its end-of-image marker (still a valid JPEG): the
# library holds the sample itself already, and would refuse it as a duplicate.
PHOTO = SAMPLE.read_bytes() + b"golden-gate"
NAME = "golden-gate-cables"


@pytest.fixture
def site(tmp_path):
    """A page showing one JPEG, served on 127.0.0.1."""
    root = tmp_path / "site"
    root.mkdir()
    (root / f"{NAME}.jpg").write_bytes(PHOTO)
    page = image_page(root, f"{NAME}.jpg")
    with WebServer(root) as server:
        yield server.url(page), root / f"{NAME}.jpg"


def drag_from_browser_into_grid(kind, drover, site, tmp_path):
    session, screen = drover
    url, served = site
    with Browser(kind, url, session.environment(), tmp_path / f"{kind}.log") as browser:
        screenshot(f"dnd-{kind}-before-drag")
        drag(browser.center(), screen.center(tile_nodes(session)[1], dx=-0.3), steps=12)
        names = session.wait_for_tiles(lambda t: NAME in t, timeout=40, what=f"the photo from {kind}")
    assert names.index(NAME) == 1, names
    assert photo_file(session.library, NAME).read_bytes() == Path(served).read_bytes()


@pytest.mark.slow
@pytest.mark.skipif(not have("firefox-esr"), reason="Firefox ESR is not installed (scripts/install-deps.sh --test)")
def test_a_firefox_image_becomes_the_photo_with_its_original_bytes(drover, site, tmp_path):
    drag_from_browser_into_grid("firefox", drover, site, tmp_path)


@pytest.mark.slow
@pytest.mark.skipif(not have("chromium"), reason="Chromium is not installed (scripts/install-deps.sh --test)")
def test_a_chromium_image_becomes_the_photo_with_its_original_bytes(drover, site, tmp_path):
    drag_from_browser_into_grid("chromium", drover, site, tmp_path)


@pytest.mark.slow
@pytest.mark.parametrize("kind", ["firefox", "chromium"])
def test_a_browser_image_dropped_on_an_album_row_joins_the_album(kind, drover_closed_albums, site, tmp_path):
    """Read before the drop is finished, through the same load as a drop on the grid, into
    the album, which stays closed (spring loading is off in this Drover): a toast says so."""
    if not have("firefox-esr" if kind == "firefox" else "chromium"):
        pytest.skip(f"{kind} is not installed (scripts/install-deps.sh --test)")
    session, screen = drover_closed_albums
    url, served = site
    with Browser(kind, url, session.environment(), tmp_path / f"{kind}.log") as browser:
        drag(browser.center(), screen.center(session.find("list item", "Travel")), steps=12)
        # The toast first: it shows for a few seconds only, from the moment the photo is in.
        session.wait_for_label(lambda text: text.startswith("Added 1 photo to Travel"), timeout=60,
                               what=f"the album's toast after the drop from {kind}")
        wait_for(lambda: NAME in album_titles(session.library, "Travel"), 40, what=f"the photo from {kind} in Travel")
    assert "selected" in states(session.find("list item", "All Photos"))
    assert photo_file(session.library, NAME).read_bytes() == Path(served).read_bytes()


def drop_bytes(session, screen, data, tmp_path):
    """Drags `data` as application/octet-stream alone (how Chromium can carry a web
    image's original file) from peers/slow_source.py, at full speed."""
    tmp_path.mkdir(parents=True, exist_ok=True)
    source = tmp_path / "bytes"
    source.write_bytes(data)
    record = tmp_path / "bytes.jsonl"
    with python_peer("slow_source.py", "--image", source, "--mime", "application/octet-stream", "--rate", 50_000_000,
                     title="Bytes Source Peer", position=PEER_POSITION, record=record, log=tmp_path / "peer.log") as peer:
        drag(peer.center(), screen.center(tile_nodes(session)[1], dx=-0.3), began=peer.drag_begins())
        return wait_for_record(record, lambda e: e["event"] in ("end", "cancel"), timeout=30, what="the drag's end")


@pytest.mark.slow
def test_typeless_bytes_that_are_an_image_become_the_photo_and_other_bytes_an_error_tile(drover, tmp_path):
    session, screen = drover
    ended = drop_bytes(session, screen, PHOTO, tmp_path / "image")
    names = session.wait_for_tiles(lambda t: "Dropped image" in t, timeout=30, what="the photo from the bytes")
    assert names[:3] == SAMPLE_TILES[:1] + ["Dropped image"] + SAMPLE_TILES[1:2]
    assert photo_file(session.library, "Dropped image").read_bytes() == PHOTO
    # (slow_source.py records the GdkDragAction's value: 1 is COPY.)
    assert ended["event"] == "end" and ended["selected"] == 1 and not ended["delete_data"], ended
    before = library_snapshot(session.library)
    drop_bytes(session, screen, b"PK\x03\x04 a zip file, not a photo" * 100, tmp_path / "other")
    failed = "Could not import Dropped image: Not an image: the dropped data is no image format Drover reads."
    session.wait_for_tiles(lambda t: failed in t, timeout=30, what="the error tile for bytes that are no image")
    assert library_snapshot(session.library) == before


@pytest.mark.slow
@pytest.mark.parametrize("kind", ["firefox", "chromium"])
def test_photos_dragged_onto_a_web_upload_zone_arrive_as_the_user_sees_them(kind, drover, tmp_path):
    """Issue 31: a selection dragged from Drover onto a page's drop zone arrives as one file
    per photo, named after its title: a photo not turned with the library's bytes, and Chelsea
    (451 × 300) turned right in Drover decoded by the page at 300 × 451."""
    if not have("firefox-esr" if kind == "firefox" else "chromium"):
        pytest.skip(f"{kind} is not installed (scripts/install-deps.sh --test)")
    session, screen = drover
    cat, cups = "Chelsea the cat", "Colourful cups"
    cups_bytes = photo_file(session.library, cups).read_bytes()
    cat_bytes = photo_file(session.library, cat).read_bytes()
    focus(tile(session, cat))
    keys("ctrl+r")
    wait_for(lambda: rotation(session.library, cat) == 1, 10, what="Chelsea turned right")
    root = tmp_path / "site"
    root.mkdir()
    with WebServer(root) as server, Browser(kind, server.url(upload_page(root)), session.environment(),
                                            tmp_path / f"{kind}.log") as browser:
        click(*screen.center(tile(session, cat)))
        click(*screen.center(tile(session, cups)), modifiers=("ctrl",))
        wait_for(lambda: {n.get_name() for n in tile_nodes(session) if "selected" in states(n)} == {cat, cups}, 5,
                 what="two selected tiles")
        drag(screen.center(tile(session, cups)), browser.center(), steps=12)
        received = dropped_on_upload_page()
        screenshot(f"upload-to-{kind}-after")
    # Chelsea's JPEG has no EXIF: what leaves is its bytes with an EXIF block saying 6.
    turned = turned_right(cat_bytes)
    assert sorted(received) == sorted([
        (f"{cat}.jpg", "300x451", hashlib.sha256(turned).hexdigest()),
        (f"{cups}.jpg", "1600x1000", hashlib.sha256(cups_bytes).hexdigest()),
    ]), received
