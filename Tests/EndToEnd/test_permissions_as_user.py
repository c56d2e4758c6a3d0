"""Permissions, tested as a user (issue 33, item 1): the suite runs as root on CI, whom
file permissions never stop, so these run `drover --import-only` as an unprivileged user
(nobody, uid 65534, through `setpriv`) with a HOME, runtime folder and library of its own.
(Run as an ordinary user, they run as that user.) The README: a folder Drover cannot
read is printed with the reason, and a file it cannot read fails with the reason; either
makes the exit status 1."""

import os
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

from drover_session import compiled_schemas, compiled_translations, drover_binary
from image_files import write_png
from library_state import consistency_problems, photo_rows

USER = 65534   # nobody


def readable_by_others(path):
    """Whether every folder down to `path` lets others in, and `path` lets them read."""
    path = Path(path).resolve()
    for parent in reversed(path.parents):
        if not os.stat(parent).st_mode & 0o001:
            return False
    return bool(os.stat(path).st_mode & 0o004)


@pytest.fixture
def user_area():
    """A folder the unprivileged user owns (its HOME, runtime folder, originals, library),
    and how to run a command as that user there."""
    if os.geteuid() == 0 and shutil.which("setpriv") is None:
        pytest.fail("setpriv (util-linux) is needed to test permissions as a user")
    binary = drover_binary()
    assert readable_by_others(binary), \
        f"{binary} must be readable by others (and its folders searchable) for the test as a user"
    root = Path(tempfile.mkdtemp(prefix="drover-user-", dir="/tmp"))
    os.chmod(root, 0o755)
    for name in ("home", "runtime", "originals"):
        (root / name).mkdir(mode=0o700)
    if os.geteuid() == 0:
        for path in [root, *root.iterdir()]:
            os.chown(path, USER, USER)

    def run(*args):
        env = {"HOME": str(root / "home"), "XDG_RUNTIME_DIR": str(root / "runtime"),
               "XDG_CONFIG_HOME": str(root / "home/.config"), "XDG_DATA_HOME": str(root / "home/.local/share"),
               "XDG_CACHE_HOME": str(root / "home/.cache"), "XDG_STATE_HOME": str(root / "home/.local/state"),
               "PATH": "/usr/local/bin:/usr/bin:/bin", "LANGUAGE": "en", "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8",
               "GSETTINGS_SCHEMA_DIR": str(compiled_schemas()), "GSETTINGS_BACKEND": "keyfile",
               "DROVER_LOCALEDIR": str(compiled_translations())}
        command = [str(binary), "--library", str(root / "library"), *args, "--import-only"]
        if os.geteuid() == 0:
            # No session bus, no display: --import-only needs neither.
            command = ["setpriv", f"--reuid={USER}", f"--regid={USER}", "--clear-groups", "--reset-env",
                       "env", *(f"{k}={v}" for k, v in env.items()), *command]
        else:
            command = ["env", "-i", *(f"{k}={v}" for k, v in env.items()), *command]
        return subprocess.run(command, capture_output=True, text=True, timeout=120)

    def as_user(path):
        if os.geteuid() == 0:
            os.chown(path, USER, USER)
        return path

    try:
        yield root, run, as_user
    finally:
        for path in root.rglob("*"):
            if path.is_dir() and not path.is_symlink():
                os.chmod(path, 0o700)
        shutil.rmtree(root, ignore_errors=True)


def test_an_unreadable_file_and_an_unreadable_folder_are_reported_as_a_user(user_area):
    root, run, as_user = user_area
    originals = root / "originals"
    readable = as_user(write_png(originals / "readable.png", seed=1))
    locked_file = as_user(write_png(originals / "locked.png", seed=2))
    folder = originals / "holiday"
    folder.mkdir()
    as_user(folder)
    as_user(write_png(folder / "fine.png", seed=3))
    locked_folder = folder / "locked"
    locked_folder.mkdir()
    as_user(locked_folder)
    as_user(write_png(locked_folder / "inside.png", seed=4))
    os.chmod(locked_file, 0)
    os.chmod(locked_folder, 0)
    assert readable.exists()

    result = run("--import", str(readable), "--import", str(locked_file), "--import", str(folder))
    output = result.stdout + result.stderr
    # The user really was refused: as root this test would prove nothing.
    assert "Permission denied" in output, output
    assert f"failed: {locked_file}: The file cannot be read (Permission denied)." in result.stdout, output
    assert f"skipped: {locked_folder}: cannot read folder: Permission denied" in result.stdout, output
    assert result.returncode == 1, f"exit {result.returncode}: {output}"
    # What could be read was imported; the rest is untouched.
    assert sorted(photo_rows(root / "library").values()) == ["fine", "readable"]
    assert consistency_problems(root / "library") == []
    assert os.stat(locked_file).st_mode & 0o777 == 0
    assert os.stat(locked_folder).st_mode & 0o777 == 0
