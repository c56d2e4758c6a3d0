#!/usr/bin/python3
"""A slow GTK 4 drag source for the end-to-end tests: it offers one image as
`image/png` bytes through a lazy Gdk.ContentProvider subclass, and serves them
only when a target asks, in small chunks on a GLib timeout, at about --rate
bytes per second (100 KB/s by default). The window stays responsive while it
serves.

It appends JSON lines to --record: {"event": "write-start", "mime": ...},
{"event": "progress", "sent": N} (about every 50 KB), {"event": "write-done",
"sent": N}, {"event": "write-failed", "sent": N, "error": ...} (the target
stopped reading, e.g. cancelled), {"event": "stalled"} (with --stall-after: a
source that hangs part way), and the drag's own "begin" (the sign pointer.drag
waits for before it releases), "end" and "cancel".

With --clipboard it offers the image on the clipboard instead of in a drag
(recording {"event": "clipboard-ready"} once it owns it), for pastes; with
--stall-once only the first transfer stalls, so a second read (Retry) gets
everything.

Run with /usr/bin/python3 (python3-gi), GDK_BACKEND=x11."""

import argparse
import json
import sys

import gi

gi.require_version("Gtk", "4.0")
gi.require_version("Gdk", "4.0")
from gi.repository import Gdk, Gio, GLib, Gtk  # noqa: E402

TICK_MS = 50


class SlowImageProvider(Gdk.ContentProvider):
    """Offers `data` as `mime`; writes it at `rate` bytes/s when asked."""

    def __init__(self, data, mime, rate, record, stall_after=None, stall_once=False):
        super().__init__()
        self.stall_after = stall_after
        self.stall_once = stall_once
        self.writes = 0
        self.data = data
        self.mime = mime
        self.chunk = max(1, rate * TICK_MS // 1000)
        self.record = record

    def do_ref_formats(self):
        return Gdk.ContentFormats.new([self.mime])

    def do_write_mime_type_async(self, mime_type, stream, io_priority, cancellable, callback, *_user_data):
        # PyGObject hands the C callback over with its user data bound: call it with (source, result).
        task = Gio.Task.new(self, cancellable, lambda source, result: callback(source, result))
        if mime_type != self.mime:
            task.return_error(GLib.Error.new_literal(Gio.io_error_quark(), f"cannot serve {mime_type}",
                                                     Gio.IOErrorEnum.NOT_SUPPORTED))
            return
        self.writes += 1
        self.record({"event": "write-start", "mime": mime_type, "size": len(self.data), "write": self.writes})
        stall_after = None if self.stall_once and self.writes > 1 else self.stall_after
        state = {"sent": 0, "reported": 0}

        def fail(message):
            if state.get("over"):
                return
            state["over"] = True
            self.record({"event": "write-failed", "sent": state["sent"], "error": message})
            task.return_error(GLib.Error.new_literal(Gio.io_error_quark(), message, Gio.IOErrorEnum.FAILED))

        def written(_stream, result):
            try:
                stream.write_bytes_finish(result)
            except GLib.Error as error:
                fail(error.message)
                return
            state["sent"] += len(piece[0])
            if state["sent"] - state["reported"] >= 50_000:
                state["reported"] = state["sent"]
                self.record({"event": "progress", "sent": state["sent"]})
            # Push each chunk out now: GDK's X11 selection stream otherwise
            # buffers up to the maximum request size (about 256 KB) first.
            stream.flush_async(io_priority, None, flushed)

        def flushed(_stream, result):
            # Only a failure is heard here. GTK 4.8's X11 stream never answers a flush that
            # had to wait for the target to take the previous chunk (the INCR protocol): it
            # completes it as an int, its flush_finish reads that as FALSE with no error,
            # and GIO drops the callback ("g_task_return_error: assertion 'error != NULL'
            # failed"). The chunk goes out all the same and the stream is idle again, so
            # `tick` paces on `has_pending()`, not on this callback: a source that waited
            # for it stopped sending after 10 or 15 KB whenever the target was slow to read.
            try:
                stream.flush_finish(result)
            except GLib.Error as error:
                fail(error.message)

        piece = [b""]

        def tick():
            if state.get("over"):
                return False
            if cancellable is not None and cancellable.is_cancelled():
                fail("cancelled")
                return False
            if stream.has_pending():
                return True   # the last chunk is still going out
            if stall_after is not None and state["sent"] >= stall_after:
                if not state.get("stalled"):
                    state["stalled"] = True
                    self.record({"event": "stalled", "sent": state["sent"]})
                return True   # keep polling the cancellable, send nothing more
            piece[0] = self.data[state["sent"]: state["sent"] + self.chunk]
            if not piece[0]:
                def closed(_stream, result):
                    try:
                        stream.close_finish(result)
                    except GLib.Error as error:
                        fail(error.message)
                        return
                    state["over"] = True
                    self.record({"event": "write-done", "sent": state["sent"]})
                    task.return_boolean(True)
                stream.close_async(io_priority, None, closed)
                return False
            stream.write_bytes_async(GLib.Bytes.new(piece[0]), io_priority, None, written)
            return True

        GLib.timeout_add(TICK_MS, tick)

    def do_write_mime_type_finish(self, result):
        return result.propagate_boolean()


class Peer(Gtk.Application):
    def __init__(self, args):
        super().__init__(application_id=None)
        self.args = args
        with open(args.image, "rb") as image:
            self.data = image.read()

    def record(self, entry):
        with open(self.args.record, "a") as out:
            out.write(json.dumps(entry) + "\n")

    def do_activate(self):
        window = Gtk.Window(title=self.args.title)
        window.set_default_size(self.args.width, self.args.height)
        verb = "Copied" if self.args.clipboard else "Drag"
        label = Gtk.Label(label=f"{verb} a slow image ({len(self.data) // 1024} KB)")
        window.set_child(label)
        self.add_window(window)
        window.present()
        if self.args.clipboard:
            # Kept alive here: an X11 clipboard's data lives in its owner.
            self.provider = self.make_provider()
            if not window.get_clipboard().set_content(self.provider):
                raise SystemExit("could not set the clipboard")
            self.record({"event": "clipboard-ready"})
            return
        source = Gtk.DragSource()
        source.set_actions(Gdk.DragAction.COPY)
        source.connect("prepare", lambda *_: self.make_provider())
        source.connect("drag-begin", lambda *_: self.record({"event": "begin"}))
        source.connect("drag-end", lambda _s, drag, delete: self.record(
            {"event": "end", "selected": int(drag.get_selected_action()), "delete_data": bool(delete)}))
        source.connect("drag-cancel", lambda _s, _d, reason: self.record({"event": "cancel", "reason": int(reason)}) or False)
        label.add_controller(source)

    def make_provider(self):
        return SlowImageProvider(self.data, self.args.mime, self.args.rate, self.record, self.args.stall_after,
                                 self.args.stall_once)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--record", required=True)
    parser.add_argument("--image", required=True)
    parser.add_argument("--mime", default="image/png")
    parser.add_argument("--rate", type=int, default=100_000, help="bytes per second")
    parser.add_argument("--stall-after", type=int, help="stop sending (without closing) after this many bytes")
    parser.add_argument("--stall-once", action="store_true", help="stall only the first transfer")
    parser.add_argument("--clipboard", action="store_true", help="offer the image on the clipboard, not in a drag")
    parser.add_argument("--title", default="Slow Source Peer")
    parser.add_argument("--width", type=int, default=360)
    parser.add_argument("--height", type=int, default=200)
    args = parser.parse_args()
    return Peer(args).run([sys.argv[0]])


if __name__ == "__main__":
    sys.exit(main())
