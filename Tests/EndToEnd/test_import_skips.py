"""Issue 9, items 7 and 8: a folder import accounts for every entry (each is imported,
failed or skipped with its reason, printed by `--import-only`), the exit status says
whether anything needs a look, a path that never existed is not said to have vanished,
and file names never reach the terminal raw."""

import os

from drover_session import DroverSession
from image_files import write_png
from library_state import consistency_problems, photo_rows
from test_command_line import wait_for_samples

PATH_MAX = 4096
ESC = "\x1b"


def import_only(tmp_path, *paths):
    session = DroverSession(library=tmp_path / "library",
                            args=[arg for path in paths for arg in ("--import", str(path))] + ["--import-only"])
    try:
        result = session.run_to_completion(timeout=120)
        return result, photo_rows(session.library), consistency_problems(session.library)
    finally:
        session.cleanup()


def skip_lines(stdout):
    """The set of "skipped: PATH: reason" lines."""
    return {line for line in stdout.splitlines() if line.startswith("skipped: ")}


def skipped(path, reason):
    return f"skipped: {path}: {reason}"


def make_long_chain(root):
    """Nested folders whose path passes PATH_MAX (made relative to each other, since the
    whole path is too long to use), with an image at the bottom. Returns the relative
    path of the first folder too long to open."""
    name = "d" * 250
    parent = os.open(root, os.O_RDONLY | os.O_DIRECTORY)
    relative, length, first_too_long = [], len(os.fsencode(root)), None
    try:
        # Bounded by arithmetic: each level adds 251 bytes, so this many levels pass PATH_MAX.
        for _ in range(PATH_MAX // (len(name) + 1) + 3):
            if first_too_long is not None and len(relative) >= first_too_long.count("/") + 2:
                break
            os.mkdir(name, dir_fd=parent)
            child = os.open(name, os.O_RDONLY | os.O_DIRECTORY, dir_fd=parent)
            os.close(parent)
            parent = child
            relative.append(name)
            length += 1 + len(name)
            if first_too_long is None and length >= PATH_MAX:
                first_too_long = "/".join(relative)
        os.close(os.open("deep.png", os.O_CREAT | os.O_WRONLY, dir_fd=parent))
    finally:
        os.close(parent)
    return first_too_long


def test_import_only_prints_every_skip_with_its_reason(tmp_path):
    folder = tmp_path / "originals"
    folder.mkdir()
    write_png(folder / "good.png", seed=1)
    write_png(folder / "sub-good.png", seed=2)
    (folder / "notes.txt").write_text("not a photo\n")
    write_png(folder / ".hidden.png", seed=3)
    (folder / f"{ESC}[31mred.png").write_text("an escape sequence in a name, and not an image\n")
    # A real PNG under a name that is not UTF-8 (GdkPixbuf cannot save to such a name).
    os.rename(write_png(folder / "bad.png", seed=4), os.path.join(os.fsencode(folder), b"bad\xff.png"))
    os.mkfifo(folder / "pipe.png")
    os.symlink("nowhere.png", folder / "dangling.png")
    deep = make_long_chain(folder)

    result, rows, problems = import_only(tmp_path, folder)
    output = result.stdout + result.stderr
    assert ESC not in output, f"an escape sequence reached the terminal: {output!r}"
    skips = skip_lines(result.stdout)
    assert skips == {
        skipped(f"{folder}/notes.txt", "not an image"),
        skipped(f"{folder}/bad\\xff.png", "name is not valid text (UTF-8)"),
        skipped(f"{folder}/pipe.png", "not a regular file (a FIFO)"),
        skipped(f"{folder}/dangling.png", "broken link: its target does not exist"),
        skipped(f"{folder}/{deep}", "path too long (the limit is 4095 bytes)"),
        # Not an image by its content, whatever its name; its escape sequence made visible.
        skipped(f"{folder}/\\e[31mred.png", "not an image"),
    }, result.stdout
    # 2 imported + 7 skipped (one hidden) = the 9 entries made above.
    assert "Imported 2 photos, 0 failed, 7 skipped (1 hidden)" in result.stdout, result.stdout
    assert result.returncode == 1, "files that were not looked at must show in the exit status"
    assert sorted(rows) == ["good.png", "sub-good.png"]
    assert problems == []


def test_a_folder_with_only_ordinary_extras_exits_zero(tmp_path):
    """Other files and hidden files are what folders hold: reported, not an error."""
    folder = tmp_path / "originals"
    folder.mkdir()
    write_png(folder / "photo.png", seed=1)
    (folder / "photo.xmp").write_text("<x:xmpmeta/>\n")
    (folder / ".DS_Store").write_bytes(b"\0\0\0\1Bud1")

    result, rows, problems = import_only(tmp_path, folder)
    assert skip_lines(result.stdout) == {skipped(f"{folder}/photo.xmp", "not an image")}, result.stdout
    assert "Imported 1 photo, 0 failed, 2 skipped (1 hidden)" in result.stdout, result.stdout
    assert result.returncode == 0, result.stdout + result.stderr
    assert list(rows) == ["photo.png"] and problems == []


def test_a_path_that_never_existed_says_so(tmp_path):
    missing = tmp_path / "no-such-photo.png"
    result, rows, _ = import_only(tmp_path, missing)
    assert result.returncode == 1
    assert f"failed: {missing}: There is no file at this path." in result.stdout, result.stdout
    assert "no longer exists" not in result.stdout
    assert rows == {}


def test_command_line_errors_escape_names(tmp_path):
    session = DroverSession(library=tmp_path / "library", args=["--import-only", f"--bogus{ESC}]0;pwned{ESC}\\"])
    try:
        result = session.run_to_completion(timeout=60)
    finally:
        session.cleanup()
    assert result.returncode == 2
    assert ESC not in result.stdout + result.stderr, repr(result.stderr)
    assert "unknown option --bogus\\e]0;pwned\\e\\\\" in result.stderr, result.stderr


def test_the_import_toast_names_skips():
    with DroverSession() as drover:
        wait_for_samples(drover)
        folder = drover.root / "originals"
        folder.mkdir()
        write_png(folder / "kept.png", seed=5)
        (folder / "notes.txt").write_text("not a photo\n")
        (folder / ".hidden").write_text("")
        os.symlink("nowhere.png", folder / "dangling.png")

        second = drover.run_again(str(folder), timeout=30)
        assert second.returncode == 0, second.stdout + second.stderr
        toast = drover.wait_for_label(lambda text: text.startswith("Imported"), what="the import toast")
        assert toast == ("Imported 1 photo. Skipped 3 (1 hidden): dangling.png: broken link: its target does not exist; "
                         "notes.txt: not an image"), toast


def test_command_line_messages_name_the_real_cause(tmp_path):
    """Issue 32, item 6: a file whose name is not UTF-8 exists (it is not "no file at this
    path"), and a socket is not a regular file (not "cannot be read")."""
    import socket
    import subprocess
    from drover_session import drover_binary
    odd = os.path.join(os.fsencode(tmp_path), b"odd\xff.png")
    os.rename(write_png(tmp_path / "odd.png", seed=1), odd)
    listener = socket.socket(socket.AF_UNIX)
    listener.bind(str(tmp_path / "a.sock"))
    session = DroverSession(library=tmp_path / "library")
    try:
        command = [os.fsencode(str(drover_binary())), b"--library", os.fsencode(str(session.library)),
                   b"--import-only", odd, os.fsencode(str(tmp_path / "a.sock"))]
        result = subprocess.run(command, env=session.environment(), capture_output=True, text=True, timeout=120)
    finally:
        listener.close()
        session.cleanup()
    assert result.returncode == 1
    assert f"failed: {tmp_path}/odd\\xff.png: The file's name is not valid text (UTF-8)" in result.stdout, result.stdout
    assert f"failed: {tmp_path}/a.sock: This is not a regular file." in result.stdout, result.stdout
    assert "There is no file at this path" not in result.stdout and "cannot be read" not in result.stdout
    assert "Imported 0 photos, 2 failed" in result.stdout, result.stdout
