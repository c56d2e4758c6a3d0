#!/usr/bin/python3
"""A file manager's D-Bus face, and nothing else: owns org.freedesktop.FileManager1 on
the session bus and records each ShowItems, ShowFolders and ShowItemProperties call as a
JSON line ({"method", "uris", "startup_id"}) in RECORD. Prints "ready" on stdout once the
name is its own; exits on SIGTERM. Started before Drover asks, so the bus never starts a
real file manager (Nautilus's service file names the same bus name).

Run with /usr/bin/python3 (python3-gi):
    file_manager1.py --record RECORD"""

import argparse
import json
import signal
import sys

from gi.repository import Gio, GLib

INTERFACE = """
<node>
  <interface name="org.freedesktop.FileManager1">
    <method name="ShowFolders"><arg type="as" name="URIs" direction="in"/><arg type="s" name="StartupId" direction="in"/></method>
    <method name="ShowItems"><arg type="as" name="URIs" direction="in"/><arg type="s" name="StartupId" direction="in"/></method>
    <method name="ShowItemProperties"><arg type="as" name="URIs" direction="in"/><arg type="s" name="StartupId" direction="in"/></method>
  </interface>
</node>"""


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--record", required=True)
    options = parser.parse_args()
    loop = GLib.MainLoop()
    interface = Gio.DBusNodeInfo.new_for_xml(INTERFACE).interfaces[0]

    def on_call(connection, sender, path, interface_name, method, parameters, invocation):
        uris, startup_id = parameters.unpack()
        with open(options.record, "a") as record:
            record.write(json.dumps({"method": method, "uris": uris, "startup_id": startup_id}) + "\n")
        invocation.return_value(None)

    def on_bus(connection, name):
        connection.register_object("/org/freedesktop/FileManager1", interface, on_call, None, None)

    def on_name(connection, name):
        print("ready", flush=True)

    def on_lost(connection, name):
        sys.stderr.write(f"could not own {name}\n")
        loop.quit()

    Gio.bus_own_name(Gio.BusType.SESSION, "org.freedesktop.FileManager1", Gio.BusNameOwnerFlags.DO_NOT_QUEUE,
                     on_bus, on_name, on_lost)
    GLib.unix_signal_add(GLib.PRIORITY_DEFAULT, signal.SIGTERM, lambda: loop.quit() or False)
    loop.run()
    return 0


if __name__ == "__main__":
    sys.exit(main())
