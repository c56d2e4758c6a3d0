"""The installed package (issue 29; DESIGN.md section 5, item 7): what a user installs is
run from outside the checkout, with a fresh HOME, and finds its data, translations and
helper by itself.

The .deb is what scripts/package.sh made (scripts/test.sh's package stage makes it and
names it in DROVER_DEB; without DROVER_DEB this file is skipped). It is installed with
`dpkg --root` into a throwaway root with a dpkg database of its own (the machine's /usr and
dpkg database are never touched); its Depends are checked against the packages installed
on this machine, as apt would resolve them. Then the installed `drover` runs from PATH
(and once through a symlink), with no DROVER_* variable and the schema compiled from the
installed root as Debian's glib trigger would, under strace: it must open, stat or run
nothing under the checkout. The binary was built in the checkout, so the checkout exists
and is readable: strace is what shows the installed copy does not look there."""

import os
import re
import signal
import subprocess
from pathlib import Path

import pytest

from dnd import Screen, window_ids
from drover_session import (REPO, Atspi, DroverSession, GdkPixbuf, children_named, end_process, find_node,
                            screenshot, wait_for)
from image_files import write_jpeg
from library_state import photo_rows

DEB = os.environ.get("DROVER_DEB")
pytestmark = [
    pytest.mark.skipif(not DEB, reason="DROVER_DEB is not set: scripts/test.sh's package stage builds the "
                                       ".deb (scripts/package.sh) and runs this file with it"),
    pytest.mark.slow,
]
BRIDGE = "Bridge cables over the estuary"


def run(command, timeout=120):
    return subprocess.run(command, capture_output=True, text=True, timeout=timeout)


def dpkg_root(root):
    """`dpkg --root=ROOT` with a dpkg database of ROOT's own: no maintainer scripts run
    (the package has none), no trigger of the machine's fires, and its log stays in ROOT."""
    admin = root / "var/lib/dpkg"
    for folder in ("info", "updates", "triggers"):
        (admin / folder).mkdir(parents=True, exist_ok=True)
    for name in ("status", "available"):
        (admin / name).touch()
    # --force-depends: the dependencies are the machine's (checked in test_the_package_...);
    # --force-not-root in case the tests run as a user.
    return ["dpkg", f"--root={root}", f"--admindir={admin}", f"--log={root / 'dpkg.log'}",
            "--force-depends", "--force-not-root", "--force-script-chrootless"]


def paths_in(root):
    """Every file and folder below `root`."""
    return sorted(str(path.relative_to(root)) for path in root.rglob("*"))


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    """The package installed into a fresh root; the schemas compiled as the trigger would."""
    root = tmp_path_factory.mktemp("installed-root")
    result = run([*dpkg_root(root), "--install", DEB])
    assert result.returncode == 0, result.stdout + result.stderr
    schemas = tmp_path_factory.mktemp("installed-schemas")
    result = run(["glib-compile-schemas", "--strict", f"--targetdir={schemas}", str(root / "usr/share/glib-2.0/schemas")])
    assert result.returncode == 0, result.stderr
    return root, schemas


class InstalledSession(DroverSession):
    """Drover as installed in `root`, started by `command` from PATH (bin first on it), under
    strace when `trace` names a log. Only the package's own files are named to it: no
    DROVER_DATA_DIR, no DROVER_LOCALEDIR."""

    def __init__(self, root, schemas, bin_folder=None, command="drover", trace=None, env=None):
        super().__init__(env=env)
        self.bin_folder = Path(bin_folder or root / "usr/bin")
        self.schemas, self.command, self.trace = schemas, command, trace
        self.pid = None

    def environment(self):
        env = super().environment()
        for name in ("DROVER_DATA_DIR", "DROVER_LOCALEDIR", "DROVER_BIN"):
            env.pop(name, None)
        env.update(PATH=f"{self.bin_folder}:{env['PATH']}", GSETTINGS_SCHEMA_DIR=str(self.schemas))
        # Started in the fresh HOME, as a shell there would (PWD too: Foundation checks it
        # against "." to name the current folder, and the test runs from the checkout).
        env["PWD"] = str(self.home)
        return env

    def start(self):
        command = [self.command, "--library", str(self.library)]
        if self.trace:
            # Every call that names a file (open, stat, access, readlink, exec…), children too.
            command = ["strace", "-f", "-qq", "-s", "4096", "-e", "trace=%file", "-o", str(self.trace), *command]
        # A session of its own, so that stop() can end strace, drover and the helpers as one group.
        self.process = subprocess.Popen(command, env=self.environment(), cwd=self.home, stdout=open(self.log, "w"),
                                        stderr=subprocess.STDOUT, start_new_session=True)
        self.pid = self.process.pid
        if self.trace:
            children = Path(f"/proc/{self.process.pid}/task/{self.process.pid}/children")
            self.pid = int(wait_for(lambda: children.exists() and children.read_text().split()[:1], 20,
                                    what="drover started under strace")[0])
        return self

    def application(self, timeout=40.0):
        def find():
            if self.process.poll() is not None:
                raise RuntimeError(f"drover exited with {self.process.returncode}:\n{self.log.read_text()}")
            desktop = Atspi.get_desktop(0)
            for i in range(desktop.get_child_count()):
                app = desktop.get_child_at_index(i)
                if app is not None and app.get_process_id() == self.pid and app.get_child_count() > 0:
                    return app
            return None
        return wait_for(find, timeout, what="the installed drover on the accessibility bus")

    def run_again(self, *args, timeout=60):
        return subprocess.run([self.command, "--library", str(self.library), *args], env=self.environment(),
                              cwd=self.home, capture_output=True, text=True, timeout=timeout)

    def screen(self):
        app = self.application()
        frame = wait_for(lambda: next((app.get_child_at_index(i) for i in range(app.get_child_count())
                                       if app.get_child_at_index(i).get_role_name() == "frame"), None),
                         what="Drover's frame")
        return Screen(frame, window_ids(name=frame.get_name(), pid=self.pid, sync=True)[0])

    def stop(self):
        if self.process and self.process.poll() is None:
            if self.pid != self.process.pid:
                os.kill(self.pid, signal.SIGTERM)   # drover: strace ends when its tracees do
            else:
                self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)   # the group this session started
                end_process(self.process, "strace and the installed drover")


def traced_paths(trace):
    """Every quoted path in the strace log."""
    return re.findall(r'"((?:[^"\\]|\\.)*)"', trace.read_text(errors="replace"))


def pixel(path, x, y):
    pixbuf = GdkPixbuf.Pixbuf.new_from_file(str(path))
    data, stride, channels = pixbuf.get_pixels(), pixbuf.get_rowstride(), pixbuf.get_n_channels()
    i = int(y) * stride + int(x) * channels
    return tuple(data[i:i + 3])


def test_the_package_installs_removes_cleanly_and_its_dependencies_are_here(tmp_path):
    fields = run(["dpkg-deb", "--field", DEB, "Package", "Version", "Architecture", "Depends"]).stdout
    assert "Package: drover" in fields, fields
    depends = re.search(r"^Depends: (.*)$", fields, re.M).group(1)
    # dpkg-shlibdeps' list: what the programs link, GTK 4 and libadwaita among them, and no
    # Swift runtime (linked in).
    for library in ("libgtk-4-1", "libadwaita-1-0", "libgdk-pixbuf-2.0-0", "libc6"):
        assert library in depends, depends
    assert "swift" not in depends.lower(), depends
    # Each dependency (or one of its alternatives) is installed here, in a version that
    # satisfies it: `apt install ./drover.deb` needs nothing from the network on this machine.
    for dependency in depends.split(", "):
        def satisfied(alternative):
            name, _, constraint = alternative.strip().partition(" ")
            status = run(["dpkg-query", "-W", "-f=${Status} ${Version}", name])
            if status.returncode != 0 or not status.stdout.startswith("install ok installed"):
                return False
            if not constraint:
                return True
            operator, version = constraint.strip("()").split()
            installed = status.stdout.split()[-1]
            return run(["dpkg", "--compare-versions", installed, operator.replace(">=", "ge").replace("<<", "lt")
                        .replace("<=", "le").replace(">>", "gt").replace("=", "eq"), version]).returncode == 0
        assert any(satisfied(alternative) for alternative in dependency.split("|")), dependency

    contents = run(["dpkg-deb", "--contents", DEB]).stdout
    for path in ("./usr/bin/drover", "./usr/libexec/drover/drover-decode", "./usr/share/drover/style.css",
                 "./usr/share/drover/places/places.tsv", "./usr/share/drover/samples/manifest.json",
                 "./usr/share/drover/screenshot.png", "./usr/share/locale/de/LC_MESSAGES/drover.mo",
                 "./usr/share/glib-2.0/schemas/app.drover.Drover.gschema.xml",
                 "./usr/share/applications/app.drover.Drover.desktop",
                 "./usr/share/metainfo/app.drover.Drover.metainfo.xml",
                 "./usr/share/icons/hicolor/scalable/apps/app.drover.Drover.svg",
                 "./usr/share/doc/drover/copyright"):
        assert f" {path}\n" in contents or contents.endswith(f" {path}"), f"{path} not in the package:\n{contents}"
    # Not the helper in bin/ (no user runs it), nor a compiled schema (the trigger makes it).
    assert "./usr/bin/drover-decode" not in contents and "gschemas.compiled" not in contents

    # Installed, then purged, with dpkg into a root of its own: no file or folder of it stays.
    root = tmp_path / "root"
    dpkg = dpkg_root(root)
    before = paths_in(root)
    result = run([*dpkg, "--install", DEB])
    assert result.returncode == 0, result.stdout + result.stderr
    assert (root / "usr/bin/drover").exists()
    result = run([*dpkg, "--purge", "drover"])
    assert result.returncode == 0, result.stdout + result.stderr
    left = [path for path in paths_in(root) if path not in before and not path.startswith("var/lib/dpkg/")
            and path != "dpkg.log"]
    assert left == [], left


def test_lintian_desktop_file_and_metainfo_have_no_errors(installed):
    root, _ = installed
    # lintian's errors fail the test; its warnings are listed in the README with a reason.
    result = run(["lintian", "--fail-on", "error", "--no-tag-display-limit", DEB], timeout=600)
    print(result.stdout, result.stderr)
    assert result.returncode == 0, result.stdout + result.stderr
    desktop = root / "usr/share/applications/app.drover.Drover.desktop"
    result = run(["desktop-file-validate", str(desktop)])
    assert result.returncode == 0 and result.stdout == "", result.stdout + result.stderr
    for media_type in ("image/jpeg", "image/webp", "image/heif", "image/heic", "image/avif"):
        assert media_type in desktop.read_text(), media_type
    metainfo = root / "usr/share/metainfo/app.drover.Drover.metainfo.xml"
    result = run(["appstreamcli", "validate", "--no-net", "--pedantic", str(metainfo)])
    assert result.returncode == 0, result.stdout + result.stderr
    assert not re.search(r"^[EW]:", result.stdout, re.M), result.stdout
    for path in (root / "usr").rglob("*"):
        if path.is_file() and path.suffix in (".desktop", ".xml", ".css", ".md", ".json", ".mo"):
            assert b"drover.example/issues" not in path.read_bytes(), path


def test_the_installed_drover_finds_its_data_places_and_helper_and_never_the_checkout(installed, tmp_path):
    root, schemas = installed
    trace = tmp_path / "strace.log"
    photo = write_jpeg(tmp_path / "installed-import.jpg", seed=29)
    session = InstalledSession(root, schemas, trace=trace)
    try:
        session.start()
        # The samples, from /usr/share/drover/samples, imported into the fresh library.
        tiles = session.wait_for_tiles(lambda names: len(names) >= 12, timeout=120, what="the sample photos")
        assert BRIDGE in tiles, tiles
        # A place name, from /usr/share/drover/places (the scan reads the bridge photo's GPS).
        wait_for(lambda: "Sausalito" in (session.find("table cell", BRIDGE).get_description() or ""), 90,
                 what="the bridge photo's place name, Sausalito")

        # The style sheet, /usr/share/drover/style.css: the delete strip's background is
        # alpha(@window_fg_color, 0.04) over the window, a grey of about 242 (libadwaita's
        # light window is 250; unstyled, the strip would be that).
        screen = session.screen()
        delete = session.find("panel", "Delete")
        extents = delete.get_extents(Atspi.CoordType.WINDOW)
        shot = screenshot("installed-package-main-window")
        x, y = screen.point(extents.x + 8, extents.y + extents.height // 2)
        red, green, blue = pixel(shot, x, y)
        assert red == green == blue and 236 <= red <= 246, (f"the delete strip at {(x, y)} is {(red, green, blue)}: "
                                                            "not the style sheet's grey")

        # An import, as `drover FILE` from a terminal: decoded by the installed helper.
        result = session.run_again("--import", str(photo))
        assert result.returncode == 0, result.stdout + result.stderr
        session.wait_for_tiles(lambda names: "installed-import" in names
                               and not any(name.startswith("Importing") for name in names),
                               timeout=60, what="the imported photo")
        thumbnails = list((session.library / "thumbnails").glob("*")) if (session.library / "thumbnails").exists() else []
        assert thumbnails, "no thumbnails: nothing was decoded"
    finally:
        log = session.log.read_text(errors="replace") if session.log.exists() else ""
        session.cleanup()

    assert "no data files" not in log and "is not installed" not in log, log
    paths = traced_paths(trace)
    helper = str(root / "usr/libexec/drover/drover-decode")
    executed = re.findall(r'execve\("([^"]+)"', trace.read_text(errors="replace"))
    assert helper in executed, f"the installed helper never ran: {sorted(set(executed))}"
    assert str(root / "usr/share/drover/style.css") in paths
    assert str(root / "usr/share/drover/places/places.tsv") in paths
    checkout = [path for path in paths if path == str(REPO) or path.startswith(str(REPO) + "/")]
    assert checkout == [], f"the installed drover looked in the checkout: {sorted(set(checkout))[:20]}"


def test_the_installed_drover_speaks_german_started_through_a_symlink(installed, tmp_path):
    root, schemas = installed
    # As a user's ~/bin/drover → /usr/bin/drover: the prefix comes from the real path.
    links = tmp_path / "bin"
    links.mkdir()
    (links / "drover").symlink_to(root / "usr/bin/drover")
    with InstalledSession(root, schemas, bin_folder=links, env={"LANGUAGE": "de"}) as session:
        grid = session.find("table", "Fotos", timeout=90)
        wait_for(lambda: len(children_named(grid, "table cell")) >= 12, 90,
                 what="the sample photos in the German grid „Fotos“")
        delete = session.find("panel", "Löschen")
        assert "Fotos hier ablegen, um sie zu löschen" in delete.get_description()
        assert find_node(session.application(), "list item", "Alle Fotos")
        screenshot("installed-package-german")

        # Open With, as a file manager runs the installed desktop file's `Exec=drover %U`: the
        # installed `drover FILE` hands the file to the running window, which shows it in
        # the viewer without importing it.
        opened = write_jpeg(tmp_path / "zum-ansehen.jpg", seed=31)
        before = photo_rows(session.library)
        result = session.run_again(str(opened))
        assert result.returncode == 0, result.stdout + result.stderr
        session.find("image", "zum-ansehen.jpg", timeout=60)
        screenshot("installed-package-open-with")
        assert photo_rows(session.library) == before
