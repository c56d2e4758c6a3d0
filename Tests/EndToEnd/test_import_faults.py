"""Killing drover in the middle of an import leaves a consistent library on the
next start (issue 2, "Bad input and faults"), and the grid scales: a library of
2,000 photos opens with only the visible tiles built."""

import os
import shutil
import signal
import sqlite3
import subprocess
import time

import pytest

from accessible_actions import focus
from drover_session import Atspi, DroverSession, drover_binary, find_node
from image_files import write_png
from library_state import TEMPORARY_PREFIX, consistency_problems, database, files_in, photo_rows


def make_images(folder, count, width=64, height=48):
    folder.mkdir(parents=True)
    for n in range(count):
        write_png(folder / f"img-{n:04d}.png", width, height, seed=n)
    return folder


def rows_at(library, scratch):
    """The rows a killed drover had committed: read from a copy (SQLite replays the
    copy's WAL), so the real library is left exactly as the kill left it."""
    shutil.copytree(library, scratch, ignore=shutil.ignore_patterns("photos", "thumbnails"))
    with sqlite3.connect(database(scratch)) as db:
        count = db.execute("SELECT count(*) FROM photo").fetchone()[0]
    db.close()
    return count


def kill_import_at(session, originals, files_reached, extra_delay=0.0):
    """Starts `drover --import ORIGINALS --import-only` and SIGKILLs it once
    `files_reached` files are in photos/ (finished or being written) and `extra_delay`
    seconds more have passed: a moment anywhere in the copy, the decode or the commit.
    Returns whether the kill interrupted the import (False: it had finished first), and
    what drover printed."""
    photos = session.library / "photos"
    command = [str(drover_binary()), "--library", str(session.library),
               "--import", str(originals), "--import-only"]
    process = subprocess.Popen(command, env=session.environment(), stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT)
    deadline = time.monotonic() + 60
    while process.poll() is None and time.monotonic() < deadline:
        try:
            if sum(1 for _ in os.scandir(photos)) >= files_reached:
                break
        except FileNotFoundError:
            pass
        time.sleep(0.001)
    time.sleep(extra_delay)
    process.send_signal(signal.SIGKILL)
    output = process.communicate(timeout=10)[0].decode()
    return process.returncode == -signal.SIGKILL, output


@pytest.mark.parametrize("kill_after", [3, 70, 200])
def test_killed_import_leaves_a_consistent_library(tmp_path, kill_after):
    total = 300
    originals = make_images(tmp_path / "originals", total)
    session = DroverSession(library=tmp_path / "library")
    try:
        # Killed once `kill_after` files have reached photos/ (finished or being written).
        killed, output = kill_import_at(session, originals, kill_after)
        assert killed, f"drover finished before the kill:\n{output}"
        assert "Imported" not in output

        left = files_in(session.library, "photos")
        temporary = [name for name in left if name.startswith(TEMPORARY_PREFIX)]
        committed = rows_at(session.library, tmp_path / "scratch")
        print(f"at the kill: {committed} rows, {len(left) - len(temporary)} photo files, "
              f"{len(temporary)} temporary files")
        assert len(left) < total, "the import was not interrupted"

        # Drover opens the library again (recovery runs at open) and imports nothing.
        empty = tmp_path / "empty"
        empty.mkdir()
        reopen = session.run_again("--import", str(empty), "--import-only")
        assert reopen.returncode == 0, reopen.stdout + reopen.stderr
        assert "Imported 0 photos, 0 failed" in reopen.stdout

        assert consistency_problems(session.library) == []
        rows = photo_rows(session.library)
        assert len(rows) == committed, "committed photos were lost"
        assert set(files_in(session.library, "photos")) == set(rows)
        # What did arrive is a prefix of the folder, in order, titled by file name.
        assert sorted(rows.values()) == [f"img-{n:04d}" for n in range(len(rows))]
        # The originals are all still there.
        assert len(list(originals.iterdir())) == total
    finally:
        session.cleanup()


def imported_summary(imported, duplicates):
    """`--import-only`'s summary line (ImportOnlyTally) for a run with no failures."""
    parts = [f"Imported {imported} photo{'' if imported == 1 else 's'}"]
    if duplicates:
        parts.append(f"{duplicates} already in your library")
    return ", ".join(parts + ["0 failed", "0 skipped"])


@pytest.mark.timeout(400)  # twenty imports of 120 photos, each killed, reopened and imported again
def test_twenty_kills_at_random_moments_then_an_exact_reimport(tmp_path):
    """Issue 32: SIGKILL at twenty random moments (seeded, so a failure can be replayed:
    the seed and each moment are printed). After each, the library is consistent (SQLite's
    integrity check; every row has its photo and thumbnail, every file its row), and
    importing the same folder again imports exactly the photos that were not committed and
    calls the committed ones already in the library: nothing lost, nothing twice."""
    import random
    seed = int(os.environ.get("DROVER_KILL_SEED", "20261127"))
    moments = random.Random(seed)
    total = 120
    originals = make_images(tmp_path / "originals", total, width=48, height=36)
    interrupted = 0
    for run in range(20):
        session = DroverSession(library=tmp_path / f"library-{run}")
        try:
            files_reached, extra_delay = moments.randrange(0, total), moments.uniform(0, 0.05)
            print(f"seed {seed}, run {run}: kill at {files_reached} files + {extra_delay * 1000:.0f} ms")
            killed, _ = kill_import_at(session, originals, files_reached, extra_delay)
            interrupted += killed
            committed = rows_at(session.library, tmp_path / f"scratch-{run}")
            print(f"  {'killed' if killed else 'finished first'}: {committed} photos committed")

            again = session.run_again("--import", str(originals), "--import-only")
            assert again.returncode == 0, again.stdout + again.stderr
            assert imported_summary(total - committed, committed) in again.stdout, again.stdout
            assert consistency_problems(session.library) == [], f"run {run}"
            rows = photo_rows(session.library)
            assert sorted(rows.values()) == [f"img-{n:04d}" for n in range(total)], f"run {run}"
        finally:
            session.cleanup()
    assert len(list(originals.iterdir())) == total
    # Most moments fall inside the import (a kill after the last commit proves less).
    assert interrupted >= 15, f"only {interrupted} of 20 kills interrupted the import"


@pytest.mark.timeout(300)  # a 2,000-photo import (about 20 s here) before the usual checks
def test_two_thousand_photos_open_with_recycled_tiles(tmp_path):
    total = 2000
    originals = make_images(tmp_path / "originals", total, width=32, height=24)
    session = DroverSession(library=tmp_path / "library", args=["--import", str(originals), "--import-only"])
    try:
        started = time.monotonic()
        result = session.run_to_completion(timeout=180)
        print(f"--import-only of {total}: {time.monotonic() - started:.1f}s; {result.stdout.splitlines()[-1]}")
        assert result.returncode == 0, result.stdout[-2000:] + result.stderr
        assert f"Imported {total} photos, 0 failed" in result.stdout
        assert len(photo_rows(session.library)) == total

        session.args = []
        session.start()
        grid = session.find("table", "Photos", timeout=30)
        # The first tiles, in order, once every one of them is made (they appear one by one:
        # caught midway, one in the middle can still be missing).
        tiles = session.wait_for_tiles(lambda names: len(names) >= 4
                                       and names == [f"img-{n:04d}" for n in range(len(names))],
                                       what="the first tiles, in order")
        # Only the tiles on screen (plus a margin) exist: recycling, not 2,000 widgets.
        assert len(tiles) < 200, f"{len(tiles)} tiles exist"
        assert grid.get_child_count() < 200
        assert find_node(grid, "table cell", "img-1999") is None
        print(f"{len(tiles)} tiles exist for {total} photos")

        # Jump to the end with the keyboard: the last photos get tiles, the first lose theirs.
        # The tile gets the focus through its "tile.focus" action (GTK 4.8 has no AT-SPI
        # grab_focus), and the pointer rests on the window, so that X (with no window
        # manager, focus follows the pointer) sends it the keys. On this bare Xvfb a key
        # press is now and then lost, more often under load: End is pressed again then
        # (it is idempotent), a few times at most.
        focus(session.find("table cell", "img-0000"))
        box = session.find("table cell", "img-0000").get_extents(Atspi.CoordType.WINDOW)
        subprocess.run(["xdotool", "mousemove", str(box.x + box.width // 2), str(box.y + box.height // 2)],
                       check=True, timeout=20)
        for attempt in range(4):
            subprocess.run(["xdotool", "key", "End"], check=True, timeout=20)
            try:
                tiles = session.wait_for_tiles(lambda names: "img-1999" in names, timeout=10,
                                               what="the last tile after End")
                break
            except TimeoutError:
                if attempt == 3:
                    raise
        assert "img-0000" not in tiles
        assert len(tiles) < 200, f"{len(tiles)} tiles exist after scrolling"
        assert session.process.poll() is None
    finally:
        session.cleanup()
