"""The command line of issue 2, from outside: `drover FILE…` imports into the
running instance, a second instance cannot switch libraries, and
`--import-only` imports without a window and reports by exit status."""

import time

from drover_session import DroverSession
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
        second = drover.run_again(str(a), str(b), timeout=30)
        elapsed = time.monotonic() - started
        assert second.returncode == 0, f"second drover failed: {second.stdout}{second.stderr}"
        assert elapsed < 10, f"the second drover took {elapsed:.1f}s to hand over its files"

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
