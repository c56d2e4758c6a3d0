"""Images dragged from real browsers (issue 13): Firefox ESR on a fresh profile
and Chromium show a page served on 127.0.0.1 whose only content is a JPEG with
EXIF and GPS; dragged into Drover's grid it becomes a photo whose file is the
served file byte for byte (Firefox's drag is downloaded from its address,
Chromium's carries the original bytes), titled from the address's file name."""

import shutil
from pathlib import Path

import pytest

from dnd import photo_file, tile_nodes
from drover_session import REPO, screenshot
from pointer import drag
from web_peers import Browser, WebServer, have, image_page

SAMPLE = REPO / "data" / "samples" / "bridge-cables-over-the-estuary.jpg"   # EXIF with GPS
NAME = "golden-gate-cables"


@pytest.fixture
def site(tmp_path):
    """A page showing one JPEG, served on 127.0.0.1."""
    root = tmp_path / "site"
    root.mkdir()
    shutil.copy(SAMPLE, root / f"{NAME}.jpg")
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
