"""Helpers for the drag-and-drop end-to-end tests: screen coordinates of
AT-SPI nodes, peer processes (the small GTK 4 apps in peers/, or Nautilus)
placed beside Drover's window, and their JSON records.

There is no window manager under Xvfb: every toplevel sits where it is put
(Drover at the origin), and peers are moved with `xdotool windowmove`. The
screen is 1280x1024 and Drover's window 1100x760, so peers go below it
(y >= 770) and the strip right of x = 1100 is empty root window: a release
there has no target.

On the Wayland leg (leg.py) nothing can be moved: mutter centres Drover on its
1920x1200 monitor and puts peers beside it where they fit, and the tests find
both in a screenshot (wayland_windows.py). NO_TARGET is then bare desktop left
of Drover."""

import json
import os
import signal
import sqlite3
import subprocess
import time
from pathlib import Path

import leg
from drover_session import Atspi, DroverSession, end_process, wait_for
from library_state import database, files_in

PEERS = Path(__file__).resolve().parent / "peers"
SYSTEM_PYTHON = "/usr/bin/python3"   # has python3-gi; pyenv's python has no gi
# Nothing takes a drop here: bare root window right of Drover on X11, bare
# desktop left of the centred Drover on Wayland (Screen.of_drover checks).
NO_TARGET = (200, 500) if leg.WAYLAND else (1200, 300)


def xdotool_output(*args):
    result = subprocess.run(["xdotool", *map(str, args)], capture_output=True, text=True, timeout=20)
    return result.stdout.strip()


def window_ids(name=None, pid=None, sync=False, timeout=30):
    """Visible X windows by exact title or owner pid (xdotool search)."""
    args = ["search", "--onlyvisible"]
    if pid is not None:
        args += ["--pid", pid]
    if name is not None:
        args += ["--name", f"^{name}$"]

    def look():
        found = xdotool_output(*args).split()
        return found or None
    return wait_for(look, timeout, interval=0.2, what=f"an X window {name or pid!r}") if sync else (look() or [])


def window_geometry(window):
    """(x, y, width, height) of an X window on the screen."""
    values = {}
    for line in xdotool_output("getwindowgeometry", "--shell", window).splitlines():
        key, _, value = line.partition("=")
        values[key] = int(value) if value.lstrip("-").isdigit() else value
    return values["X"], values["Y"], values["WIDTH"], values["HEIGHT"]


class Screen:
    """Maps an application's AT-SPI extents to screen pixels.

    GTK 4.8 reports positions relative to the window's widget, but its X window
    is larger by the client-side decoration margin (no window manager: 5 px of
    resize border on each side). The margin is the difference between the X
    window's size and the AT-SPI frame's size, split evenly."""

    def __init__(self, frame, window):
        x, y, width, height = window_geometry(window)
        extents = frame.get_extents(Atspi.CoordType.WINDOW)
        self.origin = (x + (width - extents.width) // 2 - extents.x, y + (height - extents.height) // 2 - extents.y)

    @classmethod
    def of_drover(cls, session):
        app = session.application()
        frame = wait_for(lambda: next((app.get_child_at_index(i) for i in range(app.get_child_count())
                                       if app.get_child_at_index(i).get_role_name() == "frame"), None),
                         what="Drover's frame")
        if leg.WAYLAND:
            return cls.found_on_wayland(frame, "drover", session.leaves_no_target_bare)
        return cls(frame, window_ids(name=frame.get_name(), pid=session.process.pid, sync=True)[0])

    @classmethod
    def found_on_wayland(cls, frame, owner, leaves_no_target_bare=True):
        """The mapping of a window found in a screenshot of mutter's monitor: its
        light area has the frame's size exactly (GTK 4.8 gives the frame's
        window-relative extents; the surface's shadow margin is dark)."""
        from wayland_windows import find_window
        extents = frame.get_extents(Atspi.CoordType.WINDOW)
        x, y, width, height = find_window(owner, size=(extents.width, extents.height))
        # Drover's own window must leave NO_TARGET bare; a peer may cover it while it
        # runs (mutter puts a large one in the corner), in a test that never drops there,
        # and so may a Drover window of another size, in such a test.
        assert owner != "drover" or not leaves_no_target_bare or not (x <= NO_TARGET[0] < x + width and y <= NO_TARGET[1] < y + height), \
            f"NO_TARGET {NO_TARGET} is inside the window at {(x, y, width, height)}"
        screen = cls.__new__(cls)
        screen.origin = (x - extents.x, y - extents.y)
        return screen

    def point(self, x, y):
        return self.origin[0] + x, self.origin[1] + y

    def center(self, node, dx=0.0, dy=0.0):
        """The centre of `node` on the screen, moved by (dx, dy) as fractions of its size."""
        e = node.get_extents(Atspi.CoordType.WINDOW)
        return self.point(e.x + e.width * (0.5 + dx), e.y + e.height * (0.5 + dy))


def running_drover(env=None, **session_options):
    """Yields a drover on a fresh library (the sample photos), with `env` added
    to its environment, and its screen mapping; cleans up after. (The body of
    the `drover` fixture, for fixtures that need another environment, or
    another DroverSession option such as a HOME with remembered settings.)"""
    session = DroverSession(env=env, **session_options)
    try:
        session.start()
        session.wait_for_tiles(lambda names: len(names) >= 12, what="the sample photos")
        yield session, Screen.of_drover(session)
    finally:
        session.cleanup()


class Peer:
    """A peer process with a window titled `title`, moved to (x, y) on the screen."""

    def __init__(self, command, title, position, env=None, log=None, record=None):
        self.title = title
        self.record = record
        self.log_path = log
        environment = dict(os.environ, GDK_BACKEND=leg.GDK_BACKEND, GSK_RENDERER="cairo", NO_AT_BRIDGE="0")
        environment.update(env or {})
        self.process = subprocess.Popen(command, env=environment, stdout=open(log, "w") if log else subprocess.DEVNULL,
                                        stderr=subprocess.STDOUT, start_new_session=True)
        try:
            if leg.WAYLAND:
                # Where mutter put it (beside Drover): `position` cannot be asked for.
                from wayland_windows import find_window
                self.window = None
                self.box = find_window(f"peer {self.process.pid}")
            else:
                self.window = window_ids(name=title, sync=True, timeout=60)[-1]
                self.move(*position)
        except BaseException:
            self.stop()
            raise

    def move(self, x, y):
        subprocess.run(["xdotool", "windowmove", "--sync", self.window, str(x), str(y)], check=False, timeout=10)
        wait_for(lambda: window_geometry(self.window)[:2] == (x, y), 10, what=f"{self.title} at ({x}, {y})")

    def center(self):
        x, y, width, height = self.box if leg.WAYLAND else window_geometry(self.window)
        return x + width // 2, y + height // 2

    def drag_begins(self):
        """For pointer.drag(began=…): true once this peer has begun a drag after this call.
        Only the test peers that record {"event": "begin"} (drag_source.py, slow_source.py)."""
        assert self.record is not None, f"{self.title} keeps no record of its drags"

        def begins():
            return sum(1 for entry in records(self.record) if entry["event"] == "begin")
        already = begins()
        return lambda: begins() > already

    def stop(self):
        if leg.WAYLAND:
            from wayland_windows import forget_window
            forget_window(f"peer {self.process.pid}")
        if self.process.poll() is None:
            # Its own process group: Nautilus starts helpers of its own.
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                end_process(self.process, self.title)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.stop()


def python_peer(script, *args, title, position, record, **kwargs):
    """Starts peers/SCRIPT with the system python, recording into `record`."""
    command = [SYSTEM_PYTHON, str(PEERS / script), "--record", str(record), "--title", title, *map(str, args)]
    return Peer(command, title, position, record=record, **kwargs)


def records(path):
    """The JSON lines a peer wrote so far."""
    path = Path(path)
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def wait_for_record(path, predicate=lambda entry: True, timeout=20, what="a peer record"):
    return wait_for(lambda: next((e for e in records(path) if predicate(e)), None), timeout, what=what)


def settle(seconds=0.3):
    """A short pause for an animation that has no observable end (only where noted)."""
    time.sleep(seconds)


# --- The library on disk (read-only, while drover runs: SQLite WAL readers are fine) ---

def _query(library, sql, args=()):
    uri = database(library).resolve().as_uri() + "?mode=ro"
    db = sqlite3.connect(uri, uri=True)
    try:
        return db.execute(sql, args).fetchall()
    finally:
        db.close()


def collection_order(library):
    """All Photos as stored: one title per entry (photo title, stack title, or a
    note's first line), in the user's order."""
    rows = _query(library, """
        SELECT e.kind, p.title, s.title, n.text FROM collectionEntry e
        LEFT JOIN photo p ON p.id = e.photoID LEFT JOIN stack s ON s.id = e.stackID
        LEFT JOIN note n ON n.id = e.noteID ORDER BY e.position, e.id""")
    return [photo if kind == "photo" else stack if kind == "stack" else (note or "").split("\n")[0]
            for kind, photo, stack, note in rows]


def album_titles(library, album):
    """The titles of the photos in the album named `album`, in album order."""
    return [title for (title,) in _query(library, """
        SELECT p.title FROM albumEntry e JOIN album a ON a.id = e.albumID JOIN photo p ON p.id = e.photoID
        WHERE a.name = ? ORDER BY e.position""", (album,))]


def album_names(library):
    """The albums' names, in the order of the album list."""
    return [name for (name,) in _query(library, "SELECT name FROM album ORDER BY position, id")]


def photo_file(library, title):
    """The library file of the photo titled `title`."""
    rows = _query(library, "SELECT fileName FROM photo WHERE title = ?", (title,))
    assert len(rows) == 1, f"{len(rows)} photos titled {title!r}"
    return Path(library) / "photos" / rows[0][0]


def leaving_copies(uris, library_files, titles, contents=None):
    """Checks that `uris` are what leaves Drover for the photos whose library files and
    titles are given, in order: copies in Drover's cache (never the library's own files),
    named after the titles, with the library files' bytes (photos not turned) or the bytes
    in `contents`. Returns their paths."""
    from urllib.parse import unquote, urlparse
    paths = [Path(unquote(urlparse(uri).path)) for uri in uris]
    assert len(paths) == len(library_files), f"{uris} for {library_files}"
    contents = contents or [original.read_bytes() for original in library_files]
    for path, original, title, content in zip(paths, library_files, titles, contents):
        assert "/.cache/drover/leaving/" in str(path), f"{path} is not a copy in Drover's cache"
        assert path.name == title + original.suffix, f"{path.name} is not named after {title!r}"
        assert path.read_bytes() == content, f"{path} has other bytes than expected from {original}"
    return paths


def turned_right(jpeg):
    """The bytes a JPEG with a JFIF segment and no EXIF (as Chelsea's sample) leaves Drover
    as once turned a quarter right: an EXIF block saying orientation 6 after the JFIF
    segment, every other byte as it was; nothing re-encoded."""
    assert jpeg[:4] == b"\xff\xd8\xff\xe0" and jpeg[4:6] == b"\x00\x10", "not a JPEG starting with JFIF"
    exif = (b"\xff\xe1\x00\x22" + b"Exif\x00\x00" + b"MM\x00\x2a\x00\x00\x00\x08" + b"\x00\x01"
            + b"\x01\x12\x00\x03\x00\x00\x00\x01\x00\x06\x00\x00" + b"\x00\x00\x00\x00")
    return jpeg[:20] + exif + jpeg[20:]


def photo_titles(library, files):
    """The titles of the photos whose library files are `files`, in order."""
    names = dict((name, title) for name, title in _query(library, "SELECT fileName, title FROM photo", ()))
    return [names[Path(f).name] for f in files]


def stack_files(library, title):
    return [Path(library) / "photos" / name for (name,) in _query(library, """
        SELECT p.fileName FROM photo p JOIN stack s ON s.id = p.stackID WHERE s.title = ? ORDER BY p.stackPosition""",
        (title,))]


def note_texts(library):
    return [text for (text,) in _query(library, "SELECT text FROM note ORDER BY id")]


def library_snapshot(library):
    """Everything a drop could change: the order, albums, photo rows, notes and files."""
    return {
        "order": collection_order(library),
        # Each album's photos in order (positions are sparse: an undone move may leave its
        # photos other numbers in the same order).
        "albums": _query(library, "SELECT a.name, e.photoID FROM albumEntry e "
                                  "JOIN album a ON a.id = e.albumID ORDER BY a.position, a.id, e.position, e.photoID"),
        "photos": sorted(_query(library, "SELECT fileName, title FROM photo")),
        "notes": note_texts(library),
        "files": files_in(library, "photos"),
        "pending_trash": _query(library, "SELECT fileName FROM pendingTrash"),
    }


def states(node):
    """The AT-SPI state names of `node`, read afresh (libatspi caches states)."""
    node.clear_cache()
    return {state.value_nick for state in node.get_state_set().get_states()}


def tile_nodes(session):
    grid = session.find("table", "Photos")
    return [grid.get_child_at_index(i) for i in range(grid.get_child_count())
            if grid.get_child_at_index(i).get_role_name() == "table cell"]


def tile(session, name):
    return session.find("table cell", name)
