#!/usr/bin/python3
"""A GTK 4 peer that exchanges files ONLY through the document portal's file
transfer (`application/vnd.portal.filetransfer`), as a sandboxed (Flatpak)
application does: no text/uri-list, no GdkFileList.

    portal_files.py --record R --offer FILE...   a window whose whole area drags FILEs
    portal_files.py --record R                   a window that takes dropped files

The format carries a key, not paths: the source registers its files with
org.freedesktop.portal.FileTransfer (StartTransfer, AddFiles with O_PATH
descriptors) and sends the key; the target hands the key to RetrieveFiles and
gets paths it may read. (GTK 4.8 does the same in gdk/filetransferportal.c when
the document portal runs; this peer does it by hand so that nothing else is
offered or read.)

Records, one JSON line each, to --record:
  source: {"event": "end", "selected": "copy", "delete_data": false} or {"event": "cancel"};
  target: {"files": [...], "sha256": [...], "formats": [...], "finished": "copy"}
          or {"error": "...", "formats": [...]}.

Run with /usr/bin/python3 (python3-gi) in a session where xdg-document-portal runs."""

import argparse
import ctypes
import hashlib
import json
import os
import sys

import gi

gi.require_version("Gtk", "4.0")
gi.require_version("Gdk", "4.0")
from gi.repository import Gdk, Gio, GLib, Gtk  # noqa: E402

PORTAL_FORMAT = "application/vnd.portal.filetransfer"
ACTIONS = {Gdk.DragAction.COPY: "copy", Gdk.DragAction.MOVE: "move", Gdk.DragAction.LINK: "link"}
DOCUMENTS = ("org.freedesktop.portal.Documents", "/org/freedesktop/portal/documents",
             "org.freedesktop.portal.FileTransfer")


def portal_call(method, parameters, fds=None):
    bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
    result, _ = bus.call_with_unix_fd_list_sync(*DOCUMENTS, method, parameters, None, Gio.DBusCallFlags.NONE,
                                                10000, fds, None)
    return result.unpack()


def register(paths):
    """A file-transfer key for `paths` (read-only, ended once the target has the files)."""
    (key,) = portal_call("StartTransfer", GLib.Variant("(a{sv})", ({"writable": GLib.Variant("b", False),
                                                                      "autostop": GLib.Variant("b", True)},)))
    fds = Gio.UnixFDList.new()
    handles = []
    for path in paths:
        fd = os.open(path, os.O_PATH | os.O_CLOEXEC)
        handles.append(fds.append(fd))
        os.close(fd)
    portal_call("AddFiles", GLib.Variant("(saha{sv})", (key, handles, {})), fds)
    return key


def _gobject_pointer(wrapper):
    """The C GObject behind a PyGObject wrapper (CPython: it follows the object header)."""
    return ctypes.c_void_p.from_address(id(wrapper) + object.__basicsize__).value


_READY = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p)


def _libgtk():
    gtk = ctypes.CDLL("libgtk-4.so.1")
    gtk.gdk_drop_read_finish.restype = ctypes.c_void_p
    gtk.gdk_drop_read_finish.argtypes = [ctypes.c_void_p] * 4
    gtk.g_input_stream_read_bytes_async.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int,
                                                    ctypes.c_void_p, _READY, ctypes.c_void_p]
    gtk.g_input_stream_read_bytes_finish.restype = ctypes.c_void_p
    gtk.g_input_stream_read_bytes_finish.argtypes = [ctypes.c_void_p] * 3
    gtk.g_bytes_get_data.restype = ctypes.c_void_p
    gtk.g_bytes_get_data.argtypes = [ctypes.c_void_p, ctypes.POINTER(ctypes.c_size_t)]
    gtk.g_bytes_unref.argtypes = [ctypes.c_void_p]
    gtk.g_object_unref.argtypes = [ctypes.c_void_p]
    return gtk


def read_key(drop, result, done):
    """Finishes gdk_drop_read_async and reads the key, then calls done(key), or
    done(None) if the source sent nothing. Through libgtk itself: PyGObject 3.42
    frees the `out_mime_type` that gdk_drop_read_finish returns with transfer none
    ("free(): invalid pointer", the peer aborts). The reads are asynchronous: on
    X11 the data arrives through this process's own main loop (selection events),
    and on Wayland GDK's request for it is sent from there."""
    gtk = _libgtk()
    mime = ctypes.c_char_p()
    stream = gtk.gdk_drop_read_finish(_gobject_pointer(drop), _gobject_pointer(result), ctypes.byref(mime), None)
    if not stream:
        done(None)
        return
    chunks = []

    def ready(_source, async_result, _data):
        data = b""
        gbytes = gtk.g_input_stream_read_bytes_finish(stream, async_result, None)
        if gbytes:
            size = ctypes.c_size_t()
            pointer = gtk.g_bytes_get_data(gbytes, ctypes.byref(size))
            data = ctypes.string_at(pointer, size.value) if size.value else b""
            gtk.g_bytes_unref(gbytes)
        if data and sum(map(len, chunks)) < 65536:
            chunks.append(data)
            gtk.g_input_stream_read_bytes_async(stream, 4096, 0, None, callback, None)
            return
        gtk.g_object_unref(stream)
        _pending.remove(callback)
        done(b"".join(chunks).rstrip(b"\0").decode() if chunks else None)

    callback = _READY(ready)
    _pending.append(callback)   # ctypes callbacks must outlive the C calls that hold them
    gtk.g_input_stream_read_bytes_async(stream, 4096, 0, None, callback, None)


_pending = []


def sha256(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


class Peer(Gtk.Application):
    def __init__(self, args):
        super().__init__(application_id=None)
        self.args = args

    def write(self, record):
        with open(self.args.record, "a") as out:
            out.write(json.dumps(record) + "\n")

    def do_activate(self):
        window = Gtk.Window(title=self.args.title)
        window.set_default_size(self.args.width, self.args.height)
        label = Gtk.Label(label="Drag from here (portal only)" if self.args.offer else "Drop here (portal only)")
        window.set_child(label)
        if self.args.offer:
            source = Gtk.DragSource(actions=Gdk.DragAction.COPY)
            source.connect("prepare", self.prepare)
            source.connect("drag-end", lambda _s, drag, delete: self.write(
                {"event": "end", "selected": ACTIONS.get(drag.get_selected_action(), "none"), "delete_data": delete}))
            source.connect("drag-cancel", lambda _s, _d, _reason: self.write({"event": "cancel"}) or False)
            label.add_controller(source)
        else:
            target = Gtk.DropTargetAsync.new(Gdk.ContentFormats.new([PORTAL_FORMAT]), Gdk.DragAction.COPY)
            target.connect("drag-enter", lambda *_: Gdk.DragAction.COPY)
            target.connect("drag-motion", lambda *_: Gdk.DragAction.COPY)
            target.connect("drop", self.on_drop)
            label.add_controller(target)
        self.add_window(window)
        window.present()

    def prepare(self, _source, _x, _y):
        # The key ends with a NUL, as GTK writes it.
        key = register(self.args.offer).encode() + b"\0"
        return Gdk.ContentProvider.new_for_bytes(PORTAL_FORMAT, GLib.Bytes.new(key))

    def on_drop(self, _target, drop, _x, _y):
        formats = list(drop.get_formats().get_mime_types() or [])

        def fail(message):
            self.write({"error": message, "formats": formats})
            drop.finish(0)

        def retrieve(key):
            if not key:
                fail(f"the source sent no key as {PORTAL_FORMAT}")
                return
            try:
                (files,) = portal_call("RetrieveFiles", GLib.Variant("(sa{sv})", (key, {})))
                self.write({"files": files, "sha256": [sha256(f) for f in files], "formats": formats,
                            "finished": "copy"})
                drop.finish(Gdk.DragAction.COPY)
            except (GLib.Error, OSError) as error:
                fail(str(error))

        drop.read_async([PORTAL_FORMAT], GLib.PRIORITY_DEFAULT, None,
                        lambda source, result: read_key(source, result, retrieve))
        return True


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--record", required=True)
    parser.add_argument("--title", default="Portal Peer")
    parser.add_argument("--width", type=int, default=300)
    parser.add_argument("--height", type=int, default=200)
    parser.add_argument("--offer", nargs="*", default=[])
    args = parser.parse_args()
    return Peer(args).run([sys.argv[0]])


if __name__ == "__main__":
    sys.exit(main())
