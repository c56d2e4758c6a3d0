"""Bad input in one import (issue 2, "Bad input and faults"): a decompression
bomb, a non-image and an empty file each fail with a clear reason, the good file
still arrives, and nothing partial is left in the library. Damaged (truncated)
images must fail too: see test_truncated_images_fail_as_damaged."""

import json
from pathlib import Path


from drover_session import REPO, DroverSession
from image_files import write_cut_jpeg_with_end_marker, write_png, write_png_bomb, write_truncated_jpeg, write_truncated_png
from library_state import consistency_problems, files_in, fingerprint, photo_rows
from test_command_line import wait_for_samples

# File name → the words of GalleryKit's reason (ImportFailure.swift) that must be shown.
EXPECTED_REASONS = {
    "bomb.png": "too large: 100000 × 100000 pixels",
    "notes.png": "not an image",
    "empty.jpg": "empty",
    "truncated.jpg": "damaged or incomplete",
    "truncated.png": "damaged or incomplete",
    "cut.jpg": "The image is damaged: its data ends early",
}


def make_bad_batch(folder):
    folder.mkdir()
    notes = folder / "notes.png"
    notes.write_text("These are my notes, not a picture.\n" * 20)
    empty = folder / "empty.jpg"
    empty.write_bytes(b"")
    return [write_png_bomb(folder / "bomb.png"), notes, empty, write_png(folder / "good.png", seed=7)]


def sample_files():
    manifest = json.loads((REPO / "data" / "samples" / "manifest.json").read_text())
    return {photo["file"] for photo in manifest["photos"]}


def toast_failures(toast):
    """{file name: reason} from "Imported N photos. Could not import: a: why; b: why"."""
    listed = toast.split("Could not import: ", 1)[1]
    return dict(item.split(": ", 1) for item in listed.split("; "))


def test_bad_files_fail_with_reasons_and_leave_nothing_behind():
    with DroverSession() as drover:
        wait_for_samples(drover)
        files = make_bad_batch(drover.root / "originals")
        before = {path: fingerprint(path) for path in files}

        second = drover.run_again("--import", *map(str, files), timeout=30)
        assert second.returncode == 0, second.stdout + second.stderr
        toast = drover.wait_for_label(lambda text: text.startswith("Imported"), what="the import toast")
        assert toast.startswith("Imported 1 photo. Could not import: "), toast
        failures = toast_failures(toast)
        assert set(failures) == {"bomb.png", "notes.png", "empty.jpg"}, toast
        for name, reason in failures.items():
            assert EXPECTED_REASONS[name] in reason, f"{name}: unclear reason {reason!r}"

        tiles = drover.wait_for_tiles(lambda names: "good" in names, what="the good photo's tile")
        assert not {"bomb", "notes", "empty"} & set(tiles), tiles
        assert {path: fingerprint(path) for path in files} == before, "an original was changed"

        drover.stop()
        expected = sample_files() | {"good.png"}
        assert set(files_in(drover.library, "photos")) == expected
        # A JPEG photo's thumbnail is a JPEG: "NAME.jpg"; the PNG's, "good.png.png".
        assert set(files_in(drover.library, "thumbnails")) == {
            name + (".png" if name.endswith(".png") else ".jpg") for name in expected}
        assert set(photo_rows(drover.library)) == expected
        assert consistency_problems(drover.library) == []


def import_only(tmp_path, files):
    session = DroverSession(library=tmp_path / "library",
                            args=[arg for path in files for arg in ("--import", str(path))] + ["--import-only"])
    try:
        result = session.run_to_completion(timeout=120)
        failures = {Path(line.split(": ", 2)[1]).name: line.split(": ", 2)[2]
                    for line in result.stdout.splitlines() if line.startswith("failed: ")}
        return result, failures, set(files_in(session.library, "photos")), consistency_problems(session.library)
    finally:
        session.cleanup()


def test_import_only_names_every_bad_file(tmp_path):
    """The headless import prints every failure with its reason and exits 1."""
    files = make_bad_batch(tmp_path / "originals")
    result, failures, photos, problems = import_only(tmp_path, files)
    assert result.returncode == 1, result.stdout + result.stderr
    assert "Imported 1 photo, 3 failed" in result.stdout, result.stdout
    assert set(failures) == {"bomb.png", "notes.png", "empty.jpg"}, result.stdout
    for name, reason in failures.items():
        assert EXPECTED_REASONS[name] in reason, f"{name}: unclear reason {reason!r}"
    assert photos == {"good.png"}
    assert problems == []


def test_truncated_images_fail_as_damaged(tmp_path):
    folder = tmp_path / "originals"
    folder.mkdir()
    files = [write_truncated_jpeg(folder / "truncated.jpg"), write_truncated_png(folder / "truncated.png"),
             write_png(folder / "good.png", seed=3)]
    result, failures, photos, problems = import_only(tmp_path, files)
    assert problems == []
    assert photos == {"good.png"}, f"damaged images were imported: {sorted(photos)}\n{result.stdout}"
    assert result.returncode == 1
    for name in ["truncated.jpg", "truncated.png"]:
        assert EXPECTED_REASONS[name] in failures.get(name, ""), result.stdout


def test_a_jpeg_cut_with_its_end_marker_put_back_fails_as_damaged(tmp_path):
    """The end marker is there, so only the decode finds the data ends early (libjpeg's
    warning, which gdk-pixbuf's JPEG loader dropped: the photo came in with grey made up)."""
    folder = tmp_path / "originals"
    folder.mkdir()
    files = [write_cut_jpeg_with_end_marker(folder / "cut.jpg"), write_png(folder / "good.png", seed=5)]
    result, failures, photos, problems = import_only(tmp_path, files)
    assert problems == []
    assert photos == {"good.png"}, f"the damaged JPEG was imported: {sorted(photos)}\n{result.stdout}"
    assert result.returncode == 1, result.stdout + result.stderr
    assert EXPECTED_REASONS["cut.jpg"] in failures.get("cut.jpg", ""), result.stdout
