"""Runs the real drover binary in its own process, with its own HOME and XDG
directories, and finds its widgets over AT-SPI by role and name.

The display and session bus come from the caller (scripts/test.sh runs pytest
under xvfb-run and dbus-run-session)."""

import os
import re
import select
import shutil
import signal
import subprocess
import tempfile
import time
from pathlib import Path

import gi

gi.require_version("Atspi", "2.0")
gi.require_version("GdkPixbuf", "2.0")
from gi.repository import Atspi, GdkPixbuf, GLib  # noqa: E402

import leg  # noqa: E402

REPO = Path(__file__).resolve().parents[2]
# What GTK prints when it refuses a call: a bug in the caller, never noise. And one
# warning that is a bug as surely (issue 15): a widget drawn before it was laid out,
# which once came 2-4 times after every drop on the delete zone.
CRITICAL = re.compile(r"\b(Gtk|Gdk|GLib-GObject)-CRITICAL\b"
                      r"|Gtk-WARNING \*\*: .*Trying to snapshot \S+ \S+ without a current allocation")
OUTPUT = REPO / "test-output"


def drover_binary() -> Path:
    explicit = os.environ.get("DROVER_BIN")
    if explicit:
        return Path(explicit)
    return REPO / ".build" / "debug" / "drover"


def compiled_schemas() -> Path:
    """data/*.gschema.xml compiled into a folder for GSETTINGS_SCHEMA_DIR (once per run)."""
    target = REPO / ".build" / "test-schemas"
    compiled = target / "gschemas.compiled"
    newest = max(path.stat().st_mtime for path in (REPO / "data").glob("*.gschema.xml"))
    if not compiled.exists() or compiled.stat().st_mtime < newest:
        target.mkdir(parents=True, exist_ok=True)
        subprocess.run(["glib-compile-schemas", "--strict", f"--targetdir={target}", str(REPO / "data")],
                       check=True, timeout=60)
    return target


def compiled_translations() -> Path:
    """po/*.po compiled into a locale folder for DROVER_LOCALEDIR (once per change)."""
    target = REPO / ".build" / "locale"
    sources = list((REPO / "po").glob("*.po"))
    newest = max(path.stat().st_mtime for path in sources)
    compiled = [target / path.stem / "LC_MESSAGES" / "drover.mo" for path in sources]
    if not all(mo.exists() and mo.stat().st_mtime >= newest for mo in compiled):
        subprocess.run(["bash", str(REPO / "scripts" / "compile-translations.sh"), str(target)], check=True, timeout=60)
    return target


def wait_for(predicate, timeout=30.0, interval=0.2, what="condition"):
    last_error = None
    deadline = time.monotonic() + timeout
    while True:
        try:
            value = predicate()
        except GLib.Error as error:
            # A node went away while it was being read (the tree changes under us):
            # look again. A real problem still ends in the timeout below.
            value, last_error = None, error
        if value:
            return value
        if time.monotonic() > deadline:
            raise TimeoutError(f"timed out after {timeout:.0f}s waiting for {what}"
                               + (f" (last AT-SPI error: {last_error.message})" if last_error else ""))
        time.sleep(interval)


def read_line(stream, timeout, what="a line"):
    """The next line from a child process's text pipe, waiting at most `timeout`
    seconds (a bare readline() waits for ever on a child that hangs)."""
    ready, _, _ = select.select([stream], [], [], timeout)
    if not ready:
        raise TimeoutError(f"timed out after {timeout:.0f}s waiting for {what}")
    return stream.readline()


def end_process(process, what, grace=10):
    """Stops a child that was sent SIGTERM (or was killed) and waits for it,
    boundedly: SIGKILL after `grace` seconds, then a clear error if even that
    does not end it (a process stuck in the kernel)."""
    try:
        process.wait(timeout=grace)
    except subprocess.TimeoutExpired:
        process.kill()
        try:
            process.wait(timeout=grace)
        except subprocess.TimeoutExpired:
            raise TimeoutError(f"{what} (pid {process.pid}) did not end {2 * grace}s after being stopped") from None


def private_home_environment(home):
    """This process's environment with HOME and the XDG base folders inside `home`
    (made if missing): a session of its own, which touches nothing of the user's."""
    env = dict(os.environ)
    for name, sub in [("HOME", ""), ("XDG_DATA_HOME", ".local/share"), ("XDG_CONFIG_HOME", ".config"),
                      ("XDG_CACHE_HOME", ".cache"), ("XDG_STATE_HOME", ".local/state")]:
        path = home / sub
        path.mkdir(parents=True, exist_ok=True)
        env[name] = str(path)
    return env


class DroverSession:
    """One drover process on a fresh temporary library, or a given one."""

    def __init__(self, library=None, args=(), home=None, env=None, leaves_no_target_bare=True):
        self.root = Path(tempfile.mkdtemp(prefix="drover-e2e-"))
        self.home = Path(home) if home else self.root / "home"
        self.library = Path(library) if library else self.root / "library"
        self.args = list(args)
        self.extra_env = dict(env or {})
        # False for a window that may cover dnd.NO_TARGET on Wayland (a test that never drops there).
        self.leaves_no_target_bare = leaves_no_target_bare
        self.process = None
        self.log = self.root / "drover.log"

    def environment(self):
        env = private_home_environment(self.home)
        env.update(GDK_BACKEND=leg.GDK_BACKEND, GSK_RENDERER="cairo", NO_AT_BRIDGE="0", GTK_A11Y="atspi")
        # Drover's settings schema, compiled from data/ as meson's install would, and a
        # keyfile under the session's own XDG_CONFIG_HOME (no dconf service needed).
        env.update(GSETTINGS_SCHEMA_DIR=str(compiled_schemas()), GSETTINGS_BACKEND="keyfile")
        # The checkout's data/ (style sheet, icons, samples, places): drover looks only in
        # its installed prefix otherwise (Sources/Drover/App/InstalledLayout.swift).
        env.update(DROVER_DATA_DIR=str(REPO / "data"))
        # Drover's translations (po/, compiled), and English: tests find nodes by their
        # English names. A test that runs another language passes LANGUAGE in `env`.
        # C.UTF-8 exists everywhere; gettext takes the language from LANGUAGE under it.
        env.update(DROVER_LOCALEDIR=str(compiled_translations()), LANGUAGE="en", LANG="C.UTF-8", LC_ALL="C.UTF-8")
        # A line in the log when a drag from Drover begins (what pointer.drag waits for before
        # it releases), and when one from the grid is cancelled or ends: the sign a "nothing
        # changed" check waits for (wait_for_log), instead of a fixed sleep.
        env.update(DROVER_LOG_DRAGS="1")
        env.update(self.extra_env)
        return env

    def start(self):
        self.focused_on_wayland = False
        command = [str(drover_binary()), "--library", str(self.library), *self.args]
        self.process = subprocess.Popen(command, env=self.environment(), stdout=open(self.log, "w"),
                                        stderr=subprocess.STDOUT)
        return self

    def run_to_completion(self, timeout=120):
        """Runs drover with the session's environment and waits (for --import-only)."""
        command = [str(drover_binary()), "--library", str(self.library), *self.args]
        return subprocess.run(command, env=self.environment(), capture_output=True, text=True, timeout=timeout)

    def run_again(self, *args, library=None, timeout=60):
        """Runs a second `drover` with this session's environment (same HOME, display
        and session bus), as a user typing it in another terminal, and waits for it."""
        command = [str(drover_binary()), "--library", str(library or self.library), *args]
        return subprocess.run(command, env=self.environment(), capture_output=True, text=True, timeout=timeout)

    def log_mark(self):
        """Where the log ends now: pass it to wait_for_log to look only at what comes after."""
        return self.log.stat().st_size if self.log.exists() else 0

    def log_since(self, mark):
        """The lines drover has written past `mark` (a log_mark)."""
        with open(self.log, "rb") as log:
            log.seek(mark)
            return log.read().decode(errors="replace").splitlines()

    def wait_for_log(self, text, after=0, timeout=30.0, what=None):
        """Waits until drover has written a line containing `text` past `after` (a
        log_mark); returns that line."""
        def check():
            return next((line for line in self.log_since(after) if text in line), None)
        return wait_for(check, timeout, what=what or f"{text!r} in drover's log")

    def drag_begins(self):
        """For pointer.drag(began=…): true once a drag from Drover has begun after this call
        (DROVER_LOG_DRAGS's "drag began")."""
        mark = self.log_mark()
        return lambda: any("drag began" in line for line in self.log_since(mark))

    def restart(self):
        """Stops drover (SIGTERM, as a session logout would) and starts it again on the same library."""
        self.stop()
        return self.start()

    def grid_tiles(self, timeout=20.0):
        """The names of the tiles that exist now in the "Photos" grid."""
        return children_named(self.find("table", "Photos", timeout=timeout), "table cell")

    def wait_for_tiles(self, predicate, timeout=60.0, what="tiles"):
        """Waits until `predicate(tile names)` holds; returns the names."""
        def check():
            names = self.grid_tiles()
            return names if predicate(names) else None
        return wait_for(check, timeout, what=what)

    def label_texts(self):
        """The text of every label in the application's tree (toasts, error views)."""
        return [node.get_name() or "" for node, _ in walk(self.application()) if node.get_role_name() == "label"]

    def wait_for_label(self, predicate, timeout=30.0, what="a label"):
        """Waits for a label whose text satisfies `predicate`; returns its text."""
        def check():
            return next((text for text in self.label_texts() if predicate(text)), None)
        return wait_for(check, timeout, what=what)

    def application(self, timeout=40.0):
        def find():
            if self.process and self.process.poll() is not None:
                raise RuntimeError(f"drover exited with {self.process.returncode}:\n{self.log.read_text()}")
            desktop = Atspi.get_desktop(0)
            for i in range(desktop.get_child_count()):
                app = desktop.get_child_at_index(i)
                if app is not None and app.get_process_id() == self.process.pid:
                    if app.get_child_count() > 0:
                        return app
            return None
        app = wait_for(find, timeout, what="drover on the accessibility bus")
        if leg.WAYLAND and not getattr(self, "focused_on_wayland", True):
            self.focused_on_wayland = True
            self.focus_window_on_wayland(app)
        return app

    def focus_window_on_wayland(self, app):
        """Clicks the window's title once, so that it has the keyboard focus: mutter
        does not focus a new window after input went to another one (focus-stealing
        prevention), and keys, pastes and popovers need the focus."""
        from dnd import Screen
        from pointer import click
        frame = wait_for(lambda: next((app.get_child_at_index(i) for i in range(app.get_child_count())
                                       if app.get_child_at_index(i).get_role_name() == "frame"), None),
                         what="Drover's frame")
        extents = frame.get_extents(Atspi.CoordType.WINDOW)
        click(*Screen.found_on_wayland(frame, "drover", self.leaves_no_target_bare).point(extents.width / 2, 20))

    def find(self, role, name, timeout=20.0):
        """The first node with this role name (e.g. 'table cell') and accessible name."""
        return wait_for(lambda: find_node(self.application(), role, name), timeout,
                        what=f"{role} named {name!r}")

    def stop(self):
        if self.process and self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            end_process(self.process, "drover")

    def kill(self):
        if self.process and self.process.poll() is None:
            self.process.kill()
            end_process(self.process, "drover")

    def gtk_criticals(self):
        """The GTK, GDK and GObject criticals drover printed so far: each is a bug
        (a call GTK refused), so a test that saw one fails (issue 13). So does
        a snapshot without an allocation (CRITICAL above)."""
        if not self.log.exists():
            return []
        return [line for line in self.log.read_text(errors="replace").splitlines() if CRITICAL.search(line)]

    def cleanup(self):
        self.stop()
        criticals = self.gtk_criticals()
        shutil.rmtree(self.root, ignore_errors=True)
        if criticals:
            raise AssertionError("drover printed GTK criticals:\n" + "\n".join(criticals))

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.cleanup()


def walk(node, depth=0):
    """Yields (node, depth) for the whole subtree, parents first. Nodes that
    vanish while being read (a menu closing, a tile recycled) are skipped."""
    if node is None:
        return
    yield node, depth
    try:
        count = node.get_child_count()
    except GLib.Error:
        return
    for i in range(count):
        try:
            child = node.get_child_at_index(i)
        except GLib.Error:
            continue
        yield from walk(child, depth + 1)


def find_node(root, role, name):
    for node, _ in walk(root):
        if node.get_role_name() == role and node.get_name() == name:
            return node
    return None


def children_named(node, role):
    """The names of `node`'s children with this role. Children that vanish while
    being read (tiles recycled under us) are skipped."""
    names = []
    for i in range(node.get_child_count()):
        child = node.get_child_at_index(i)
        if child is not None and child.get_role_name() == role:
            names.append(child.get_name())
    return names


def screenshot(name):
    """Takes a screenshot of the whole screen into test-output/NAME.png (on the
    Wayland leg, test-output/wayland/NAME.png: mutter's monitor)."""
    if leg.WAYLAND:
        from remote_desktop import remote_desktop
        (OUTPUT / "wayland").mkdir(parents=True, exist_ok=True)
        return remote_desktop().screenshot(OUTPUT / "wayland" / f"{name}.png")
    OUTPUT.mkdir(exist_ok=True)
    path = OUTPUT / f"{name}.png"
    subprocess.run(["import", "-window", "root", str(path)], check=True, timeout=30)
    return path


def image_spread(path):
    """How varied an image is: the standard deviation of its pixel bytes,
    sampled. A blank (single-colour) screen gives about 0."""
    pixbuf = GdkPixbuf.Pixbuf.new_from_file(str(path))
    data = pixbuf.get_pixels()
    sample = data[:: max(1, len(data) // 200_000)]
    mean = sum(sample) / len(sample)
    return (sum((b - mean) ** 2 for b in sample) / len(sample)) ** 0.5
