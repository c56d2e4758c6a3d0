"""The command line of issue 2, from outside: `drover FILE…` imports into the
running instance, a second instance cannot switch libraries, and
`--import-only` imports without a window and reports by exit status."""

import fcntl
import os
import shutil
import subprocess
import time

from drover_session import DroverSession
from drover_session import drover_binary as session_binary
from image_files import write_png
from library_state import consistency_problems, fingerprint, photo_rows
from test_smoke import expected_sample_tiles


def wait_for_samples(drover):
    expected = expected_sample_tiles()
    return drover.wait_for_tiles(lambda names: names[: len(expected)] == expected, what="the sample photos")


def test_drover_files_import_into_the_running_instance():
    with DroverSession() as drover:
        wait_for_samples(drover)
        originals = drover.root / "originals"
        originals.mkdir()
        a = write_png(originals / "a.png", seed=1)
        b = write_png(originals / "b.png", width=60, height=40, seed=2)
        before = {path: fingerprint(path) for path in (a, b)}
        time.sleep(0.05)  # so that any write to an original would change its mtime

        started = time.monotonic()
        second = drover.run_again("--import", str(a), str(b), timeout=30)
        elapsed = time.monotonic() - started
        assert second.returncode == 0, f"second drover failed: {second.stdout}{second.stderr}"
        # A figure for the record, not a limit (tests assert no wall-clock times).
        print(f"the second drover handed over its files in {elapsed:.1f} s")

        tiles = drover.wait_for_tiles(lambda names: "a" in names and "b" in names, what="tiles a and b")
        # Imported in the order given, after the samples.
        assert tiles.index("a") < tiles.index("b")
        toast = drover.wait_for_label(lambda text: text.startswith("Imported"), what="the import toast")
        assert toast == "Imported 2 photos."

        # The originals: same bytes, same mtime, still where they were.
        assert {path: fingerprint(path) for path in (a, b)} == before
        assert sorted(p.name for p in originals.iterdir()) == ["a.png", "b.png"]
        # The second process did not start a second window: one drover on the bus.
        assert drover.process.poll() is None

        drover.stop()
        rows = photo_rows(drover.library)
        assert rows.get("a.png") == "a" and rows.get("b.png") == "b"
        assert consistency_problems(drover.library) == []


def test_second_instance_cannot_switch_library():
    with DroverSession() as drover:
        wait_for_samples(drover)
        other = drover.root / "other-library"
        second = drover.run_again(library=other, timeout=30)
        assert second.returncode == 1
        assert "already running" in second.stderr and str(drover.library) in second.stderr, second.stderr
        assert not other.exists(), "the refused library folder was created anyway"
        assert drover.process.poll() is None


def test_import_only_reports_and_exits(tmp_path):
    originals = tmp_path / "originals"
    originals.mkdir()
    for i in range(5):
        write_png(originals / f"photo-{i}.png", seed=i)
    library = tmp_path / "library"
    session = DroverSession(library=library, args=["--import", str(originals), "--import-only"])
    try:
        result = session.run_to_completion(timeout=120)
        assert result.returncode == 0, result.stdout + result.stderr
        assert "Imported 5 photos, 0 failed" in result.stdout
        assert sorted(photo_rows(library).values()) == [f"photo-{i}" for i in range(5)]
        assert consistency_problems(library) == []
    finally:
        session.cleanup()


def test_two_imports_at_once_into_one_library(tmp_path):
    """Issue 9, item 3: a second process's open-time clean-up used to delete the first
    one's copies in flight. Now one process owns a library: the other imports after it,
    or says clearly that the library is in use, and nothing fails.

    Deterministic (issue 33): the second import runs while the library is held, exactly
    as an open Drover holds it (an exclusive flock on the library folder, LibraryLock),
    with no Drover window on the session bus to hand the files to; so it must exit 75,
    saying so, and touch nothing. Once the library is free, the same import runs."""
    library = tmp_path / "library"
    sessions = {}
    for name in ("a", "b"):
        originals = tmp_path / f"originals-{name}"
        originals.mkdir()
        for i in range(40):
            # Other bytes in each folder: the same bytes again would be duplicates.
            write_png(originals / f"{name}-{i}.png", seed=i if name == "a" else 1000 + i)
        sessions[name] = DroverSession(library=library, args=["--import", str(originals), "--import-only"])
    try:
        imported = []
        first = sessions["a"].run_to_completion(timeout=100)
        assert first.returncode == 0, f"exit {first.returncode}: {first.stdout}{first.stderr}"
        assert "Imported 40 photos, 0 failed" in first.stdout, first.stdout + first.stderr
        imported.append("a")
        before = sorted(photo_rows(library).values())

        held = os.open(library, os.O_RDONLY | os.O_DIRECTORY)
        try:
            fcntl.flock(held, fcntl.LOCK_EX | fcntl.LOCK_NB)
            refused = sessions["b"].run_to_completion(timeout=100)
        finally:
            os.close(held)    # closing the descriptor drops the lock, as a Drover that quits does
        assert refused.returncode == 75, f"exit {refused.returncode}: {refused.stdout}{refused.stderr}"
        assert "is in use by another Drover" in refused.stderr, refused.stderr
        assert sorted(photo_rows(library).values()) == before, "an import refused for a library in use changed it"

        again = sessions["b"].run_to_completion(timeout=100)
        assert again.returncode == 0, f"exit {again.returncode}: {again.stdout}{again.stderr}"
        assert "Imported 40 photos, 0 failed" in again.stdout, again.stdout + again.stderr
        imported.append("b")
        titles = sorted(photo_rows(library).values())
        assert titles == sorted(f"{name}-{i}" for name in imported for i in range(40))
        assert consistency_problems(library) == []
    finally:
        for session in sessions.values():
            session.cleanup()


def test_import_only_hands_its_files_to_the_open_window():
    """While the window has the library open, `--import-only` gives it the files
    (placeholders and a toast, as for `drover FILE…`) instead of failing."""
    with DroverSession() as drover:
        wait_for_samples(drover)
        originals = drover.root / "originals"
        originals.mkdir()
        photo = write_png(originals / "handed-over.png", seed=5)
        result = drover.run_again("--import", str(photo), "--import-only", timeout=60)
        assert result.returncode == 0, result.stdout + result.stderr
        assert "its window imports the files" in result.stdout, result.stdout
        drover.wait_for_tiles(lambda names: "handed-over" in names, what="the handed-over photo")
        drover.stop()
        assert photo_rows(drover.library).get("handed-over.png") == "handed-over"
        assert consistency_problems(drover.library) == []


def run_import_only(library, *args, env_changes=None, timeout=120):
    """Runs `drover --library LIBRARY ARGS…` (bytes or str) with a session's environment."""
    session = DroverSession(library=library)
    try:
        env = session.environment()
        for name, value in (env_changes or {}).items():
            if value is None:
                env.pop(name, None)
            else:
                env[name] = value
        command = [os.fsencode(str(session_binary())), b"--library", os.fsencode(str(library)),
                   *(arg if isinstance(arg, bytes) else os.fsencode(str(arg)) for arg in args)]
        return subprocess.run(command, env=env, capture_output=True, text=True, timeout=timeout)
    finally:
        session.cleanup()


def test_help_wins_in_every_combination(tmp_path):
    """Issue 32, item 10: `--help` prints the usage and exits 0, whatever else is given;
    no library is made."""
    library = tmp_path / "library"
    for args in (["--import-only", "--help"], ["--help", "--import-only"], ["--import-only", "-h", "--import", "x.png"],
                 ["--version", "--help"], ["--import-only", "--bogus", "--help"]):
        result = run_import_only(library, *args, timeout=30)
        assert result.returncode == 0, f"{args}: {result.stdout}{result.stderr}"
        assert result.stdout.startswith("Usage: drover"), f"{args}: {result.stdout!r}"
    assert not library.exists()


def test_headless_second_import_says_the_library_is_in_use(tmp_path):
    """Issue 32, item 11: with no display at all (cron, ssh), an `--import-only` on a
    library another process holds says so and exits 75, without touching GTK."""
    library = tmp_path / "library"
    first = run_import_only(library, "--import-only", timeout=60)
    assert first.returncode == 0, first.stdout + first.stderr
    photo = write_png(tmp_path / "late.png", seed=3)
    # Held as another Drover holds it (LibraryLock: flock on the folder), for as long as needed.
    holder = os.open(library, os.O_RDONLY | os.O_DIRECTORY)
    try:
        fcntl.flock(holder, fcntl.LOCK_EX)
        result = run_import_only(library, "--import", photo, "--import-only",
                                 env_changes={"DISPLAY": None, "WAYLAND_DISPLAY": None}, timeout=60)
    finally:
        os.close(holder)
    assert result.returncode == 75, f"exit {result.returncode}: {result.stdout}{result.stderr}"
    assert "is in use by another Drover" in result.stderr, result.stderr
    assert "Gtk" not in result.stderr and "display" not in result.stderr, result.stderr
    assert photo_rows(library) == {}


def test_duplicates_are_not_failures(tmp_path):
    """Issue 32, item 7: importing a folder again says what is already in the library and
    exits 0; two identical files in one import: the second is already in the library."""
    originals = tmp_path / "originals"
    originals.mkdir()
    write_png(originals / "a.png", seed=1)
    write_png(originals / "b.png", seed=2)
    shutil.copyfile(originals / "a.png", originals / "a-copy.png")
    library = tmp_path / "library"
    first = run_import_only(library, "--import", originals, "--import-only")
    assert first.returncode == 0, first.stdout + first.stderr
    assert "Imported 2 photos, 1 already in your library, 0 failed, 0 skipped" in first.stdout, first.stdout
    # Natural name order: a-copy.png comes first, so a.png is the repeat.
    assert f"duplicate: {originals}/a.png: Already in your library: “a-copy”." in first.stdout, first.stdout
    again = run_import_only(library, "--import", originals, "--import-only")
    assert again.returncode == 0, again.stdout + again.stderr
    assert "Imported 0 photos, 3 already in your library, 0 failed, 0 skipped" in again.stdout, again.stdout
    assert sorted(photo_rows(library)) == ["a-copy.png", "b.png"]
    one = write_png(tmp_path / "one.png", seed=9)
    single = run_import_only(library, "--import", one, "--import-only")
    assert "Imported 1 photo, 0 failed, 0 skipped" in single.stdout, single.stdout
