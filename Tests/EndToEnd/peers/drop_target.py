#!/usr/bin/python3
"""A GTK 4 drop target for the end-to-end tests: a window that takes a dropped
Gdk.FileList (text/uri-list across processes) and records what it got.

It accepts COPY and MOVE, and takes MOVE whenever the source offers it, as a
file manager would: so if a source ever offered MOVE, the record (and the
source's drag-end) would show it. Each drop appends one JSON line to --record:
{"uris": [...], "offered": ["copy"], "finished": "copy", "formats": [...]}.

With --try-writing it then does what a careless app does with a file it was given: it
writes to it, in place, once with Python's open() and once with GIO's replace (a GTK
app's Save), and adds "writes": [{"path", "read", "python", "gio"}] to the record, each
"written" or the error it got.

Run with /usr/bin/python3 (python3-gi), GDK_BACKEND=x11."""

import argparse
import json
import sys

import gi

gi.require_version("Gtk", "4.0")
gi.require_version("Gdk", "4.0")
from gi.repository import Gdk, Gio, GLib, Gtk  # noqa: E402

ACTIONS = {Gdk.DragAction.COPY: "copy", Gdk.DragAction.MOVE: "move", Gdk.DragAction.LINK: "link",
           Gdk.DragAction.ASK: "ask"}


def action_names(actions):
    return [name for flag, name in ACTIONS.items() if actions & flag]


def formats_of(drop):
    formats = drop.get_formats()
    return list(formats.get_mime_types() or []) + [t.name for t in (formats.get_gtypes() or [])]


def try_writing(path):
    """Reads the file, then tries to write into it as an app would: what each attempt got."""
    result = {"path": path}
    try:
        with open(path, "rb") as file:
            result["read"] = len(file.read()) > 0
    except OSError as error:
        result["read"] = type(error).__name__
    try:
        with open(path, "r+b") as file:   # in place, without truncating first
            file.write(b"written by a drop target")
        result["python"] = "written"
    except OSError as error:
        result["python"] = type(error).__name__
    try:
        Gio.File.new_for_path(path).replace_contents(b"saved by a drop target", None, False,
                                                     Gio.FileCreateFlags.NONE, None)
        result["gio"] = "written"
    except GLib.Error as error:
        result["gio"] = Gio.IOErrorEnum(error.code).value_nick if error.domain == "g-io-error-quark" else error.message
    return result


class Peer(Gtk.Application):
    def __init__(self, args):
        super().__init__(application_id=None)
        self.args = args

    def do_activate(self):
        window = Gtk.Window(title=self.args.title)
        window.set_default_size(self.args.width, self.args.height)
        label = Gtk.Label(label="Drop files here")
        window.set_child(label)
        formats = Gdk.ContentFormats.new_for_gtype(Gdk.FileList)
        target = Gtk.DropTargetAsync.new(formats, Gdk.DragAction.COPY | Gdk.DragAction.MOVE)
        target.connect("drag-enter", lambda _t, drop, _x, _y: self.choose(drop))
        target.connect("drag-motion", lambda _t, drop, _x, _y: self.choose(drop))
        target.connect("drop", self.on_drop)
        label.add_controller(target)
        self.add_window(window)
        window.present()

    @staticmethod
    def choose(drop):
        offered = drop.get_actions()
        if offered & Gdk.DragAction.MOVE:
            return Gdk.DragAction.MOVE
        if offered & Gdk.DragAction.COPY:
            return Gdk.DragAction.COPY
        return 0

    def on_drop(self, _target, drop, _x, _y):
        offered = drop.get_actions()
        formats = formats_of(drop)
        action = self.choose(drop)

        def done(source, result):
            record = {"offered": action_names(offered), "formats": formats}
            try:
                value = source.read_value_finish(result)
                record["uris"] = [f.get_uri() for f in value.get_files()]
                record["finished"] = action_names(action)[0] if action else "none"
                drop.finish(action)
                if self.args.try_writing:
                    record["writes"] = [try_writing(f.get_path()) for f in value.get_files() if f.get_path()]
            except GLib.Error as error:
                record["uris"] = []
                record["error"] = error.message
                record["finished"] = "none"
                drop.finish(0)
            with open(self.args.record, "a") as out:
                out.write(json.dumps(record) + "\n")

        drop.read_value_async(Gdk.FileList, GLib.PRIORITY_DEFAULT, None, done)
        return True


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--record", required=True)
    parser.add_argument("--title", default="Drop Target Peer")
    parser.add_argument("--width", type=int, default=360)
    parser.add_argument("--height", type=int, default=200)
    parser.add_argument("--try-writing", action="store_true", help="write to each dropped file (see above)")
    args = parser.parse_args()
    return Peer(args).run([sys.argv[0]])


if __name__ == "__main__":
    sys.exit(main())
