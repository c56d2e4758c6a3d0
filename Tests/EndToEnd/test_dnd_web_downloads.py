"""Web addresses dropped on Drover are downloaded (issue 13): a real slow source
(a server on 127.0.0.1 sending about 40 KB/s) shows the same placeholder,
progress and Cancel as any slow drop, and cancelling leaves nothing anywhere;
a 404 and a web page given as an image end in error tiles that say so. The
source is peers/drag_source.py listing the address, as a browser lists the
image it drags."""

import shutil

import pytest

from dnd import library_snapshot, python_peer, tile_nodes, wait_for_record
from drover_session import REPO, screenshot, wait_for
from library_state import consistency_problems
from pointer import drag
from test_dnd_grid import PEER_POSITION, SAMPLE_TILES
from web_peers import WebServer

SAMPLE = REPO / "data" / "samples" / "chelsea-the-cat.jpg"


def drop_address(session, screen, url, tmp_path):
    """Drags `url` from the drag source peer into the grid, after the first tile."""
    tmp_path.mkdir(parents=True, exist_ok=True)
    record = tmp_path / "source.jsonl"
    with python_peer("drag_source.py", url, title="Drag Source Peer", position=PEER_POSITION, record=record,
                     log=tmp_path / "peer.log") as peer:
        drag(peer.center(), screen.center(tile_nodes(session)[1], dx=-0.3), began=peer.drag_begins())
        return wait_for_record(record, lambda e: e["event"] in ("end", "cancel"), what="the drag's end")


@pytest.mark.slow
def test_a_slow_download_shows_progress_and_cancelling_it_leaves_nothing(drover, tmp_path):
    session, screen = drover
    root = tmp_path / "site"
    root.mkdir()
    # ~1.2 MB at 40 KB/s: half a minute, far longer than the test looks at it.
    photo = root / "slow-cat.jpg"
    photo.write_bytes(SAMPLE.read_bytes() + b"\0" * max(0, 1_200_000 - SAMPLE.stat().st_size))
    before = library_snapshot(session.library)
    with WebServer(root, rate=40_000) as server:
        ended = drop_address(session, screen, server.url("slow-cat.jpg"), tmp_path)
        # The drop is finished as COPY as soon as the first bytes are an image, not
        # after the whole download: the browser need not wait.
        assert ended["event"] == "end" and ended["selected"] == "copy" and not ended["delete_data"], ended
        placeholder = session.find("table cell", "Importing slow-cat", timeout=10)
        seen = set()

        def progress():
            placeholder.clear_cache()
            detail = placeholder.get_description() or ""
            if "KB received from 127.0.0.1" in detail:
                seen.add(detail)
            return len(seen) >= 3
        wait_for(progress, 30, interval=0.3, what="the download's progress (three different amounts)")
        screenshot("dnd-web-download-progress")
        session.find("push button", "Cancel importing slow-cat").do_action(0)
        session.wait_for_tiles(lambda t: t == SAMPLE_TILES, timeout=5, what="the placeholder gone after cancel")
        # The server saw the connection closed: no more of the photo can come.
        server.wait_for_output("client stopped reading", 30, what="the server to see the download stop")
    assert library_snapshot(session.library) == before
    assert consistency_problems(session.library) == []


@pytest.mark.slow
def test_a_404_and_a_web_page_given_as_an_image_end_in_clear_error_tiles(drover, tmp_path):
    session, screen = drover
    root = tmp_path / "site"
    root.mkdir()
    (root / "not-a-photo.jpg").write_text("<!doctype html><html><body>Sorry, you need to log in.</body></html>")
    before = library_snapshot(session.library)
    with WebServer(root) as server:
        ended = drop_address(session, screen, server.url("missing-photo.jpg"), tmp_path / "a")
        failed = "Could not import missing-photo: The server answered 404: there is no such file."
        session.wait_for_tiles(lambda t: failed in t, timeout=20, what="the 404's error tile")
        drop_address(session, screen, server.url("not-a-photo.jpg"), tmp_path / "b")
        failed_page = "Could not import not-a-photo: Not an image: the server sent a web page."
        names = session.wait_for_tiles(lambda t: failed_page in t, timeout=20, what="the web page's error tile")
        screenshot("dnd-web-download-errors")
    assert names[:3] == [SAMPLE_TILES[0], failed_page, failed]
    # The source was told the drop was not done, and never to delete anything.
    assert ended["event"] == "cancel" or ended["delete_data"] is False
    assert library_snapshot(session.library) == before


@pytest.mark.slow
@pytest.mark.timeout(240)   # 20 s of silence by design, then the error tile, on a loaded machine
def test_a_server_silent_for_20_s_ends_the_download_and_keeps_nothing(drover, tmp_path):
    """The README: "a server silent for 20 s ends it, and nothing half-downloaded is
    kept". The server sends the headers and 100 KB of a photo, then nothing, with the
    connection open."""
    session, screen = drover
    root = tmp_path / "site"
    root.mkdir()
    photo = root / "silent-cat.jpg"
    photo.write_bytes(SAMPLE.read_bytes() + b"\0" * max(0, 1_200_000 - SAMPLE.stat().st_size))
    before = library_snapshot(session.library)
    with WebServer(root, rate=200_000, silent_after=100_000) as server:
        drop_address(session, screen, server.url("silent-cat.jpg"), tmp_path)
        session.find("table cell", "Importing silent-cat", timeout=20)
        # DragKit's stall rule: 20 s without a byte ends the load, on the tile. Bounded well
        # past it, for a loaded machine.
        names = session.wait_for_tiles(lambda t: any(n.startswith("Could not import silent-cat") for n in t),
                                       timeout=90, what="the download ended by the silence")
        failed = next(n for n in names if n.startswith("Could not import silent-cat"))
        screenshot("dnd-web-download-silent")
        assert "No data for 20 s" in failed, failed
    assert library_snapshot(session.library) == before
    assert consistency_problems(session.library) == []
