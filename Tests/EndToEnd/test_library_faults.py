"""Libraries that cannot be opened (issue 2, "Bad input and faults"): a damaged or
foreign database, or one from a newer Drover, gets a clear message instead of the
gallery; the file is never written to; "Use a Fresh Library" opens a working
library beside it. And a photo file missing from the library shows a "missing"
tile instead of crashing."""

import random
import sqlite3
import subprocess

import pytest

from drover_session import DroverSession, drover_binary, find_node, image_spread, screenshot, wait_for
from image_files import write_png
from library_state import consistency_problems, database, fingerprint, photo_rows, thumbnail_names
from test_command_line import wait_for_samples
from test_smoke import expected_sample_tiles

ERROR_TITLE = "The Library Could Not Be Opened"


def snapshot(folder):
    """Every file in the library folder (not photos/ and thumbnails/) with its fingerprint.

    Reading a WAL-mode database, even read-only, makes SQLite create an empty -wal and
    a -shm index beside it: that is not a write to the library, so an empty -wal and
    any -shm are left out. A -wal with content would be (it would be checkpointed
    into the database on the next open)."""
    return {path.name: fingerprint(path) for path in sorted(folder.iterdir())
            if path.is_file() and not path.name.endswith("-shm")
            and not (path.name.endswith("-wal") and path.stat().st_size == 0)}


def make_real_library(session, images=3):
    """A genuine library made by drover itself, with a few photos."""
    originals = session.root / "originals"
    originals.mkdir(exist_ok=True)
    for i in range(images):
        write_png(originals / f"real-{i}.png", seed=i)
    result = session.run_again("--import", str(originals), "--import-only")
    assert result.returncode == 0, result.stdout + result.stderr
    assert not (database(session.library).parent / "library.sqlite-wal").exists()


def garbage(session):
    session.library.mkdir(parents=True)
    database(session.library).write_bytes(random.Random(2).randbytes(48 * 1024))
    return "damaged"


def damaged_pages(session):
    """A real library whose pages past the first were overwritten (a bad disk sector)."""
    make_real_library(session)
    path = database(session.library)
    data = bytearray(path.read_bytes())
    page = int.from_bytes(data[16:18], "big") or 65536
    assert len(data) >= 3 * page, "library too small to damage a page"
    data[page:3 * page] = random.Random(3).randbytes(2 * page)
    path.write_bytes(bytes(data))
    return "damaged"


def newer_schema(session):
    """A real library that a later Drover migrated: GRDB's table lists a migration this build lacks."""
    make_real_library(session)
    with sqlite3.connect(database(session.library)) as db:
        db.execute("INSERT INTO grdb_migrations (identifier) VALUES ('v999-from-the-future')")
    db.close()
    return "newer version of Drover"


def foreign_database(session):
    """A valid SQLite file that is not a Drover library."""
    session.library.mkdir(parents=True)
    with sqlite3.connect(database(session.library)) as db:
        db.execute("CREATE TABLE recipes (name TEXT)")
        db.execute("INSERT INTO recipes VALUES ('bread')")
    db.close()
    return "not a Drover photo library"


@pytest.mark.parametrize("damage", [garbage, damaged_pages, newer_schema, foreign_database],
                         ids=lambda damage: damage.__name__)
def test_unopenable_library_is_left_untouched_and_a_fresh_one_offered(damage):
    drover = DroverSession()
    try:
        expected_words = damage(drover)
        before = snapshot(drover.library)
        drover.start()

        drover.find("label", ERROR_TITLE, timeout=30)
        detail = drover.wait_for_label(lambda text: "untouched" in text or "not changed" in text,
                                       what="the error's explanation")
        assert expected_words in detail, detail
        assert str(database(drover.library)) in detail, detail
        fresh = drover.library.parent / f"{drover.library.name}-2"
        assert str(fresh) in detail, f"the fresh library's place is not named: {detail}"
        assert find_node(drover.application(), "table", "Photos") is None, "the gallery opened anyway"
        button = drover.find("push button", "Use a Fresh Library")
        shot = screenshot(f"library-error-{damage.__name__}")
        assert image_spread(shot) > 10, f"screenshot {shot} looks blank"

        assert snapshot(drover.library) == before, "the unopenable library's files were changed"
        assert button.do_action(0)
        expected = expected_sample_tiles()
        drover.wait_for_tiles(lambda names: names[: len(expected)] == expected, what="the samples in the fresh library")
        assert database(fresh).exists()
        assert drover.process.poll() is None
        drover.stop()
        assert snapshot(drover.library) == before, "the unopenable library's files were changed"
        assert consistency_problems(fresh) == []
    finally:
        drover.cleanup()


def stopped_with_samples(drover, title):
    """Lets drover install its samples and stops it; the file name in photos/ of the
    sample called `title`."""
    wait_for_samples(drover)
    drover.stop()
    rows = photo_rows(drover.library)
    return next(name for name, row_title in rows.items() if row_title == title)


def test_missing_photo_file_shows_a_missing_tile():
    title = "Chelsea the cat"
    with DroverSession() as drover:
        file_name = stopped_with_samples(drover, title)
        (drover.library / "photos" / file_name).unlink()

        drover.start()
        tiles = wait_for_samples(drover)
        assert title in tiles
        tile = drover.find("table cell", title)
        assert "missing" in (tile.get_description() or ""), tile.get_description()
        others = [drover.find("table cell", name) for name in tiles if name != title]
        assert not any("missing" in (other.get_description() or "") for other in others)
        toast = drover.wait_for_label(lambda text: "missing from the library" in text, what="the missing-file toast")
        assert toast == "1 photo's file is missing from the library."
        shot = screenshot("missing-photo-tile")
        assert image_spread(shot) > 20, f"screenshot {shot} looks blank"

        # Still running and answering; the row is kept for the user to deal with.
        assert drover.process.poll() is None
        assert drover.find("list", "Albums")
        drover.stop()
        assert drover.process.returncode in (0, -15), f"drover exited with {drover.process.returncode}"
        assert photo_rows(drover.library).get(file_name) == title


def test_lost_thumbnails_come_back_and_a_damaged_photo_shows_so():
    """Issue 32, item 9, in the window: thumbnails/ deleted and a sample's copy overwritten
    with garbage. The tiles get their thumbnails again (made in the decoder child, the
    folder too), the damaged photo's tile is described as damaged, a toast says so, and the
    garbage is left byte for byte."""
    title = "Chelsea the cat"
    with DroverSession() as drover:
        file_name = stopped_with_samples(drover, title)
        thumbnails = drover.library / "thumbnails"
        for path in thumbnails.iterdir():
            path.unlink()
        thumbnails.rmdir()
        damaged = drover.library / "photos" / file_name
        damaged.write_bytes(random.Random(11).randbytes(damaged.stat().st_size))
        before = fingerprint(damaged)

        drover.start()
        tiles = wait_for_samples(drover)
        toast = drover.wait_for_label(lambda text: "damaged" in text, what="the damaged-file toast")
        assert toast == "1 photo's file in the library is damaged."
        tile = wait_for(lambda: (lambda node: node if "damaged" in (node.get_description() or "") else None)(
            drover.find("table cell", title)), timeout=30, what="the damaged tile's description")
        assert "missing" not in tile.get_description(), tile.get_description()
        others = [drover.find("table cell", name) for name in tiles if name != title]
        assert not any("damaged" in (other.get_description() or "") for other in others)
        names = thumbnail_names(drover.library)
        wanted = {thumbnail for photo, thumbnail in names.items() if photo != file_name}
        wait_for(lambda: thumbnails.is_dir() and wanted <= {path.name for path in thumbnails.iterdir()},
                 timeout=60, what="the lost thumbnails made again")
        drover.wait_for_log("rebuilt", what="the log's count of rebuilt thumbnails")
        shot = screenshot("lost-thumbnails-and-damaged-photo")
        assert image_spread(shot) > 20, f"screenshot {shot} looks blank"
        assert drover.process.poll() is None
        drover.stop()
        assert fingerprint(damaged) == before, "the damaged copy was changed"
        assert names[file_name] not in {path.name for path in thumbnails.iterdir()}
        assert photo_rows(drover.library).get(file_name) == title


def files_below(folder):
    """Every file below `folder` (photos and thumbnails included) with its fingerprint."""
    return {str(path.relative_to(folder)): fingerprint(path) for path in sorted(folder.rglob("*")) if path.is_file()}


@pytest.mark.parametrize("how", ["emptied", "deleted"])
def test_a_library_whose_database_is_gone_is_never_cleaned_and_can_be_rebuilt(how):
    """Issue 9, item 1: an empty or missing library.sqlite used to make Drover start a new
    library in the folder and delete every photo in photos/."""
    drover = DroverSession()
    try:
        make_real_library(drover)
        if how == "emptied":
            database(drover.library).write_bytes(b"")
        else:
            database(drover.library).unlink()
        before = files_below(drover.library)
        assert sum(1 for name in before if name.startswith("photos/")) == 3
        drover.start()

        drover.find("label", ERROR_TITLE, timeout=30)
        detail = drover.wait_for_label(lambda text: "untouched" in text, what="the error's explanation")
        assert "damaged" in detail and {"emptied": "empty", "deleted": "missing"}[how] in detail, detail
        rebuild = drover.find("push button", "Rebuild Library")
        shot = screenshot(f"library-damaged-{how}")
        assert image_spread(shot) > 10, f"screenshot {shot} looks blank"
        assert files_below(drover.library) == before, "the damaged library's files were changed"

        assert rebuild.do_action(0)
        drover.wait_for_tiles(lambda names: names == ["real-0", "real-1", "real-2"], what="the rebuilt photos")
        toast = drover.wait_for_label(lambda text: text.startswith("Rebuilt the library"), what="the rebuild toast")
        kept = [path for path in drover.root.iterdir() if path.name.startswith("library-damaged-")]
        assert len(kept) == 1 and kept[0].name in toast, (toast, kept)
        assert files_below(kept[0]) == before, "the damaged library was not kept as it was"
        drover.stop()
        assert consistency_problems(drover.library) == []
    finally:
        drover.cleanup()


def test_a_folder_of_someone_elses_is_refused_untouched(tmp_path):
    """Issue 9, item 2: --library pointed at the user's own folder that has a photos/ folder."""
    folder = tmp_path / "Pictures"
    (folder / "photos").mkdir(parents=True)
    write_png(folder / "photos" / "holiday.png", seed=1)
    write_png(folder / "cat.png", seed=2)
    (folder / "notes.txt").write_text("mine")
    before = files_below(folder)
    session = DroverSession(library=folder, args=["--import", str(folder / "cat.png"), "--import-only"])
    try:
        result = session.run_to_completion(timeout=60)
        assert result.returncode == 1, result.stdout + result.stderr
        assert "not a Drover library" in result.stderr, result.stderr
        assert files_below(folder) == before
        assert not (folder / "library.sqlite").exists()
    finally:
        session.cleanup()


def test_an_empty_library_name_is_an_error(tmp_path):
    """Issue 9, item 2: `--library ''` meant the current folder."""
    write_png(tmp_path / "mine.png", seed=1)
    before = files_below(tmp_path)
    session = DroverSession()
    try:
        command = [str(drover_binary()), "--library", "", "--import", str(tmp_path), "--import-only"]
        result = subprocess.run(command, env=session.environment(), cwd=tmp_path, capture_output=True, text=True,
                                timeout=60)
        assert result.returncode == 2, result.stdout + result.stderr
        assert "--library needs a folder" in result.stderr, result.stderr
        assert files_below(tmp_path) == before
    finally:
        session.cleanup()


def test_a_read_only_library_can_be_browsed(tmp_path):
    """Issue 9, item 11: a library on a disk Drover cannot write to opens read-only.
    Tests run as root, whom permissions never stop, so the library is on a tmpfs
    remounted read-only: the kernel refuses every write."""
    disk = tmp_path / "disk"
    disk.mkdir()
    if subprocess.run(["mount", "-t", "tmpfs", "-o", "size=32m", "tmpfs", str(disk)], timeout=30).returncode != 0:
        pytest.skip("cannot mount a tmpfs here (needs root)")
    drover = DroverSession(library=disk / "library")
    try:
        make_real_library(drover)
        before = files_below(drover.library)
        subprocess.run(["mount", "-o", "remount,ro", str(disk)], check=True, timeout=30)
        drover.start()
        drover.wait_for_tiles(lambda names: names == ["real-0", "real-1", "real-2"], what="the read-only library's photos")
        drover.wait_for_label(lambda text: "read-only" in text, what="the read-only notice")
        shot = screenshot("library-read-only")
        assert image_spread(shot) > 10, f"screenshot {shot} looks blank"
        drover.stop()
        assert files_below(drover.library) == before
    finally:
        drover.cleanup()
        subprocess.run(["umount", str(disk)], timeout=30)


def imported_library(tmp_path, names, seed):
    """A library made by `drover --import-only` from generated PNGs `names`, and the command
    that runs `--import-only` on it again (nothing to import: the open's report alone)."""
    originals = tmp_path / "originals"
    originals.mkdir()
    for i, name in enumerate(names):
        write_png(originals / name, seed=seed + i)
    session = DroverSession(library=tmp_path / "library")
    command = [str(drover_binary()), "--library", str(session.library), "--import-only"]
    first = subprocess.run(command + ["--import", str(originals)], env=session.environment(),
                           capture_output=True, text=True, timeout=120)
    assert first.returncode == 0, first.stdout + first.stderr
    return session, command


def test_a_library_that_lost_files_says_so_at_open(tmp_path):
    """Issue 32, item 9: a photo's file deleted and a foreign file put in photos/: the next
    `--import-only` names both (rows kept, the stray left alone), in its report and the log."""
    session, command = imported_library(tmp_path, ["p0.png", "p1.png"], seed=40)
    try:
        (session.library / "photos" / "p0.png").unlink()
        stray = write_png(session.library / "photos" / "stray.png", seed=99)
        again = subprocess.run(command, env=session.environment(), capture_output=True, text=True, timeout=120)
        assert again.returncode == 0, again.stdout + again.stderr
        assert "missing: photos/p0.png: The photo’s file is missing from the library folder." in again.stdout, again.stdout
        assert "not Drover's: photos/stray.png: Drover did not make this file, so it is left alone." in again.stdout, again.stdout
        assert "missing: photos/p0.png" in again.stderr, again.stderr  # the log
        assert stray.exists() and sorted(photo_rows(session.library)) == ["p0.png", "p1.png"]
    finally:
        session.cleanup()


def test_a_library_that_lost_thumbnails_or_holds_garbage_says_so(tmp_path):
    """Issue 32, item 9: thumbnails/ deleted and a photo's copy overwritten with garbage:
    the next `--import-only` makes the thumbnails again (in the decoder child) and names the
    damaged copy, which it leaves byte for byte as it is; the exit status is the missing
    file's, 0."""
    session, command = imported_library(tmp_path, ["p0.png", "p1.png", "p2.png"], seed=50)
    try:
        thumbnails = session.library / "thumbnails"
        made = {path.name: path.stat().st_size for path in thumbnails.iterdir()}
        assert len(made) == 3, made
        for path in thumbnails.iterdir():
            path.unlink()
        thumbnails.rmdir()
        damaged = session.library / "photos" / "p1.png"
        damaged.write_bytes(random.Random(7).randbytes(damaged.stat().st_size))
        before = fingerprint(damaged)

        again = subprocess.run(command, env=session.environment(), capture_output=True, text=True, timeout=120)
        assert again.returncode == 0, again.stdout + again.stderr
        assert ("damaged: photos/p1.png: The photo’s file in the library folder is damaged: it is no longer the photo"
                " Drover stored. It is left as it is.") in again.stdout, again.stdout
        assert "Rebuilt 2 lost thumbnails from their photos." in again.stdout, again.stdout
        assert "damaged: photos/p1.png" in again.stderr, again.stderr  # the log
        assert "rebuilt 2 lost thumbnails" in again.stderr, again.stderr
        assert fingerprint(damaged) == before, "the damaged copy was changed"
        names = thumbnail_names(session.library)
        assert sorted(path.name for path in thumbnails.iterdir()) == sorted([names["p0.png"], names["p2.png"]])
        # The same thumbnails as the import made (the same decode of the same bytes).
        for photo in ("p0.png", "p2.png"):
            assert (thumbnails / names[photo]).stat().st_size == made[names[photo]]
        assert sorted(photo_rows(session.library)) == ["p0.png", "p1.png", "p2.png"]

        # Said again at the next open; nothing left to rebuild.
        third = subprocess.run(command, env=session.environment(), capture_output=True, text=True, timeout=120)
        assert third.returncode == 0 and "damaged: photos/p1.png" in third.stdout, third.stdout
        assert "Rebuilt" not in third.stdout, third.stdout
        assert fingerprint(damaged) == before
    finally:
        session.cleanup()
