#!/usr/bin/python3
"""Prints what is on the X11 clipboard, as another application would read
it: GTK 4's Gdk.Clipboard.read_text_async (or, with --mime, the raw bytes of
one format). Exits 0 with the text on stdout, 1 when the clipboard holds
nothing readable (the error on stderr), 2 on a timeout.

Run with /usr/bin/python3 (python3-gi), GDK_BACKEND=x11, and the display and
session bus of the application that copied."""

import argparse
import sys

import gi

gi.require_version("Gtk", "4.0")
gi.require_version("Gdk", "4.0")
from gi.repository import Gdk, Gio, GLib, Gtk  # noqa: E402


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--mime", help="read this format's bytes instead of the text")
    parser.add_argument("--formats", action="store_true", help="print the offered formats, one a line")
    parser.add_argument("--timeout", type=float, default=10.0)
    args = parser.parse_args()

    Gtk.init()
    clipboard = Gdk.Display.get_default().get_clipboard()
    loop = GLib.MainLoop()
    outcome = {"code": 2}

    def finish(code, out=None, err=None):
        outcome["code"] = code
        if out is not None:
            sys.stdout.write(out)
            sys.stdout.flush()
        if err is not None:
            sys.stderr.write(err + "\n")
        loop.quit()

    if args.formats:
        # GDK learns a foreign clipboard's formats asynchronously: wait for them.
        def show(*_):
            mimes = clipboard.get_formats().get_mime_types()
            if mimes:
                finish(0, "".join(f"{m}\n" for m in mimes))
            return False
        clipboard.connect("changed", show)
        GLib.timeout_add(200, show)

    if args.mime:
        def read_done(source, result):
            try:
                stream, _mime = source.read_finish(result)
            except GLib.Error as error:
                finish(1, err=error.message)
                return
            chunks = []

            def more(_stream, res):
                try:
                    data = stream.read_bytes_finish(res).get_data()
                except GLib.Error as error:
                    finish(1, err=error.message)
                    return
                if not data:
                    finish(0, b"".join(chunks).decode("utf-8", "replace"))
                    return
                chunks.append(data)
                stream.read_bytes_async(65536, GLib.PRIORITY_DEFAULT, None, more)
            stream.read_bytes_async(65536, GLib.PRIORITY_DEFAULT, None, more)
        clipboard.read_async([args.mime], GLib.PRIORITY_DEFAULT, None, read_done)
    else:
        def text_done(source, result):
            try:
                text = source.read_text_finish(result)
            except GLib.Error as error:
                finish(1, err=error.message)
                return
            if text is None:
                finish(1, err="the clipboard holds no text")
            else:
                finish(0, text)
        clipboard.read_text_async(None, text_done)

    GLib.timeout_add(int(args.timeout * 1000), lambda: finish(2, err="timed out reading the clipboard") or False)
    loop.run()
    return outcome["code"]


if __name__ == "__main__":
    sys.exit(main())
