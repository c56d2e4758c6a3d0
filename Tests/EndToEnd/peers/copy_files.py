#!/usr/bin/python3
"""Copies files the way a file manager does: puts a Gdk.FileList on the X11
clipboard (GTK serializes it as text/uri-list and friends) and stays alive to
serve it, since an X11 clipboard's data lives in its owner. Prints "ready" on
stdout once the clipboard is ours; exits on SIGTERM.

Run with /usr/bin/python3 (python3-gi), GDK_BACKEND=x11:
    copy_files.py FILE..."""

import signal
import sys

import gi

gi.require_version("Gtk", "4.0")
gi.require_version("Gdk", "4.0")
from gi.repository import Gdk, Gio, GLib, GObject, Gtk  # noqa: E402


def main():
    paths = sys.argv[1:]
    if not paths:
        sys.stderr.write("usage: copy_files.py FILE...\n")
        return 2
    Gtk.init()
    clipboard = Gdk.Display.get_default().get_clipboard()
    files = Gdk.FileList.new_from_list([Gio.File.new_for_path(path) for path in paths])
    value = GObject.Value(Gdk.FileList, files)
    provider = Gdk.ContentProvider.new_for_value(value)
    if not clipboard.set_content(provider):
        sys.stderr.write("could not set the clipboard\n")
        return 1
    loop = GLib.MainLoop()
    GLib.unix_signal_add(GLib.PRIORITY_DEFAULT, signal.SIGTERM, lambda: loop.quit() or False)
    clipboard.connect("changed", lambda *_: sys.stderr.write("the clipboard changed owner\n"))
    # Announce readiness once the main loop runs (the X selection is owned by then).
    GLib.idle_add(lambda: (print("ready", flush=True), False)[1])
    loop.run()
    return 0


if __name__ == "__main__":
    sys.exit(main())
