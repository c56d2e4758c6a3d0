#!/usr/bin/python3
"""A GTK 4 drag source for the end-to-end tests: a window whose whole area can
be dragged, offering files or web addresses (a Gdk.FileList, so text/uri-list
across processes)
or text (text/plain), with the actions given (COPY and MOVE by default, as
Nautilus does).

It appends one JSON line to --record when its drag begins, {"event": "begin"}
(the sign pointer.drag waits for before it releases), and one when the drag ends:
{"event": "end", "selected": "copy", "delete_data": false} or
{"event": "cancel", "reason": "no-target"}. "delete_data" true would mean the
target finished the drop as MOVE: a real file manager would then delete the
originals.

Run with /usr/bin/python3 (python3-gi), GDK_BACKEND=x11."""

import argparse
import json
import sys

import gi

gi.require_version("Gtk", "4.0")
gi.require_version("Gdk", "4.0")
from gi.repository import Gdk, Gio, GLib, GObject, Gtk  # noqa: E402

ACTIONS = {"copy": Gdk.DragAction.COPY, "move": Gdk.DragAction.MOVE, "link": Gdk.DragAction.LINK}
REASONS = {Gdk.DragCancelReason.NO_TARGET: "no-target", Gdk.DragCancelReason.USER_CANCELLED: "user-cancelled",
           Gdk.DragCancelReason.ERROR: "error"}


def action_name(action):
    return next((name for name, flag in ACTIONS.items() if action == flag), "none" if not action else str(action))


def file_list_provider(paths):
    if paths and all("://" in p for p in paths):
        # Web addresses go as a browser lists them: text/uri-list bytes. (As a
        # GdkFileList, GTK would also offer them through the document portal,
        # which takes files only: where it runs, that read fails.)
        listed = "".join(f"{p}\r\n" for p in paths).encode()
        return Gdk.ContentProvider.new_for_bytes("text/uri-list", GLib.Bytes.new(listed))
    # An address (http://…) among files is listed as it is.
    files = Gdk.FileList.new_from_array([Gio.File.new_for_uri(p) if "://" in p else Gio.File.new_for_path(p)
                                         for p in paths])
    value = GObject.Value(Gdk.FileList, files)
    return Gdk.ContentProvider.new_for_value(value)


def text_provider(text):
    return Gdk.ContentProvider.new_for_value(GObject.Value(str, text))


class Peer(Gtk.Application):
    def __init__(self, args):
        super().__init__(application_id=None)
        self.args = args

    def do_activate(self):
        window = Gtk.Window(title=self.args.title)
        window.set_default_size(self.args.width, self.args.height)
        what = f"{len(self.args.files)} files" if self.args.files else "text"
        label = Gtk.Label(label=f"Drag {what} from here")
        window.set_child(label)
        source = Gtk.DragSource()
        actions = 0
        for name in self.args.actions.split(","):
            actions |= int(ACTIONS[name])
        source.set_actions(Gdk.DragAction(actions))
        source.connect("prepare", self.prepare)
        source.connect("drag-begin", self.drag_begin)
        source.connect("drag-end", self.drag_end)
        source.connect("drag-cancel", self.drag_cancel)
        label.add_controller(source)
        self.add_window(window)
        window.present()

    def prepare(self, _source, _x, _y):
        if self.args.text is not None:
            return text_provider(self.args.text)
        return file_list_provider(self.args.files)

    def drag_begin(self, _source, drag):
        self.record({"event": "begin"})
        if self.args.text is not None:
            # GTK's default icon for text is a label of the whole text: for 150 KB
            # the Wayland drag surface is too big for cairo, and the drag never starts.
            Gtk.DragIcon.get_for_drag(drag).set_child(Gtk.Label(label="Text"))

    def record(self, entry):
        with open(self.args.record, "a") as out:
            out.write(json.dumps(entry) + "\n")

    def drag_end(self, _source, drag, delete_data):
        self.record({"event": "end", "selected": action_name(drag.get_selected_action()),
                     "delete_data": bool(delete_data)})

    def drag_cancel(self, _source, _drag, reason):
        self.record({"event": "cancel", "reason": REASONS.get(reason, str(reason))})
        return False


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--record", required=True)
    parser.add_argument("--title", default="Drag Source Peer")
    parser.add_argument("--actions", default="copy,move")
    parser.add_argument("--text")
    parser.add_argument("--text-file", help="offer this file's contents as text (too long for an argument)")
    parser.add_argument("--width", type=int, default=360)
    parser.add_argument("--height", type=int, default=200)
    parser.add_argument("files", nargs="*")
    args = parser.parse_args()
    if args.text_file:
        with open(args.text_file, encoding="utf-8") as f:
            args.text = f.read()
    if not args.files and args.text is None:
        parser.error("give files or --text")
    return Peer(args).run([sys.argv[0]])


if __name__ == "__main__":
    sys.exit(main())
