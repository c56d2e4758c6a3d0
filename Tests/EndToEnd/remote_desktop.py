"""Input and screenshots on the Wayland leg, through mutter's own remote-desktop
API (the technique of GTK's testsuite/headless): a RemoteDesktop session linked
to a ScreenCast of the virtual monitor. The pointer moves to absolute positions
on that stream, buttons and keys are sent as evdev codes and keysyms, and a
screenshot is one frame of the stream's PipeWire node, taken with gst-launch.

The session bus is the Wayland leg's own (Tests/EndToEnd/wayland_session.py
starts mutter on it); one RemoteDesktop session serves the whole test run."""

import time

import gi

gi.require_version("GdkPixbuf", "2.0")
from gi.repository import GdkPixbuf, Gio, GLib  # noqa: E402

MUTTER_RD = ("org.gnome.Mutter.RemoteDesktop", "/org/gnome/Mutter/RemoteDesktop")
MUTTER_SC = ("org.gnome.Mutter.ScreenCast", "/org/gnome/Mutter/ScreenCast")
MONITOR = "Meta-0"          # the connector of mutter's --virtual-monitor
BTN_LEFT, BTN_RIGHT = 272, 273   # linux/input-event-codes.h

# X keysyms for the key names the tests use (xdotool's names).
KEYSYMS = {
    "ctrl": 0xffe3, "shift": 0xffe1, "alt": 0xffe9, "super": 0xffeb,
    "Escape": 0xff1b, "Return": 0xff0d, "Tab": 0xff09, "space": 0x20, "Delete": 0xffff, "BackSpace": 0xff08,
    "Left": 0xff51, "Up": 0xff52, "Right": 0xff53, "Down": 0xff54, "Home": 0xff50, "End": 0xff57,
    "Page_Up": 0xff55, "Page_Down": 0xff56, "Menu": 0xff67, "F10": 0xffc7,
}


def keysym(name):
    """The keysym of an xdotool-style key name: a name above, or one character."""
    if name in KEYSYMS:
        return KEYSYMS[name]
    if len(name) == 1:
        return ord(name)
    raise ValueError(f"no keysym known for key {name!r} (add it to remote_desktop.KEYSYMS)")


def _proxy(bus, name, path, interface):
    return Gio.DBusProxy.new_sync(bus, Gio.DBusProxyFlags.NONE, None, name, path, interface, None)


class RemoteDesktop:
    """One mutter RemoteDesktop + ScreenCast session on the session bus."""

    def __init__(self, timeout=30.0):
        self.bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
        remote = _proxy(self.bus, *MUTTER_RD, "org.gnome.Mutter.RemoteDesktop")
        self.session = _proxy(self.bus, MUTTER_RD[0], remote.CreateSession(), "org.gnome.Mutter.RemoteDesktop.Session")
        session_id = self.session.get_cached_property("SessionId").unpack()
        cast = _proxy(self.bus, *MUTTER_SC, "org.gnome.Mutter.ScreenCast")
        cast_session = _proxy(self.bus, MUTTER_SC[0],
                              cast.CreateSession("(a{sv})", {"remote-desktop-session-id": GLib.Variant("s", session_id)}),
                              "org.gnome.Mutter.ScreenCast.Session")
        # cursor-mode 1: the pointer is drawn into the frames, so screenshots show it.
        self.stream = cast_session.RecordMonitor("(sa{sv})", MONITOR, {"cursor-mode": GLib.Variant("u", 1)})
        nodes = []
        subscription = self.bus.signal_subscribe(
            MUTTER_SC[0], "org.gnome.Mutter.ScreenCast.Stream", "PipeWireStreamAdded", self.stream, None,
            Gio.DBusSignalFlags.NONE, lambda *args: nodes.append(args[5].unpack()[0]))
        try:
            self.session.Start()
            context = GLib.MainContext.default()
            deadline = time.monotonic() + timeout
            while not nodes and time.monotonic() < deadline:
                context.iteration(False) or time.sleep(0.02)
        finally:
            self.bus.signal_unsubscribe(subscription)
        if not nodes:
            raise TimeoutError(f"mutter announced no PipeWire stream for {MONITOR} within {timeout:.0f}s "
                               "(is pipewire running in the session?)")
        self.node = nodes[0]
        self.position = (0.0, 0.0)
        self.frames = None
        # mutter creates its virtual input devices on first use, and the first
        # event through a fresh device can be lost: spend it on a key nobody reads.
        self.key("shift")
        self.move(1, 1)

    # --- pointer and keyboard ---

    # Each call below is a synchronous D-Bus call: it returns once mutter has
    # handled the event.

    def move(self, x, y):
        self.position = (float(x), float(y))
        self.session.NotifyPointerMotionAbsolute("(sdd)", self.stream, float(x), float(y))

    def button(self, pressed, button=BTN_LEFT):
        self.session.NotifyPointerButton("(ib)", button, pressed)

    def key_down(self, name):
        self.session.NotifyKeyboardKeysym("(ub)", keysym(name), True)

    def key_up(self, name):
        self.session.NotifyKeyboardKeysym("(ub)", keysym(name), False)

    def key(self, name):
        """Presses and releases a key; `name` may be a chord such as "ctrl+d"."""
        parts = name.split("+")
        for part in parts:
            self.key_down(part)
        for part in reversed(parts):
            self.key_up(part)

    # --- screenshots ---

    def screenshot(self, path):
        """The monitor as it is now, as a PNG at `path`."""
        self.grab().savev(str(path), "png", ["compression"], ["1"])   # level 6 took 4 s on a loaded machine
        return path

    def grab(self, timeout=20.0):
        """The monitor as it is now, as a GdkPixbuf. mutter sends a frame only
        when something changes, so the pointer is nudged by a pixel (and back)
        until a frame newer than the call arrives."""
        if self.frames is None:
            self.frames = FrameGrabber(self.node)
        self.frames.drop_old()
        x, y = self.position
        deadline = time.monotonic() + timeout
        frame, nudge = None, 1
        while frame is None and time.monotonic() < deadline:
            self.session.NotifyPointerMotionAbsolute("(sdd)", self.stream, x + nudge, y)
            nudge = 1 - nudge
            frame = self.frames.next_frame(0.1)
        self.session.NotifyPointerMotionAbsolute("(sdd)", self.stream, x, y)
        if frame is None:
            raise TimeoutError(f"no frame from mutter's screen cast (PipeWire node {self.node}) within {timeout:.0f}s")
        return frame


    def record(self, seconds):
        """The frames mutter sends over the next `seconds` (an animation), as
        GdkPixbufs, without moving the pointer. Converting a frame takes a
        while, so this samples the animation rather than keeping every frame."""
        if self.frames is None:
            self.frames = FrameGrabber(self.node)
        self.frames.drop_old()
        frames = []
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            frame = self.frames.next_frame(0.05)
            if frame is not None:
                frames.append(frame)
        return frames


class FrameGrabber:
    """A running pipewiresrc ! appsink pipeline on the screen cast's node. It
    keeps only the newest frame, unconverted (converting every frame of a drag
    animation would cost CPU the drags need)."""

    def __init__(self, node):
        gi.require_version("Gst", "1.0")
        from gi.repository import Gst
        Gst.init(None)
        self.Gst = Gst
        self.pipeline = Gst.parse_launch(
            f"pipewiresrc path={node} always-copy=true ! video/x-raw,format=BGRx "
            "! appsink name=sink max-buffers=1 drop=true sync=false")
        self.sink = self.pipeline.get_by_name("sink")
        self.pipeline.set_state(Gst.State.PLAYING)

    def drop_old(self):
        for _ in range(10):    # appsink holds at most one
            if self.sink.emit("try-pull-sample", 0) is None:
                break

    def next_frame(self, timeout):
        """The next frame as a GdkPixbuf, or None after `timeout` seconds."""
        sample = self.sink.emit("try-pull-sample", int(timeout * self.Gst.SECOND))
        if sample is None:
            return None
        structure = sample.get_caps().get_structure(0)
        width, height = structure.get_value("width"), structure.get_value("height")
        buffer = sample.get_buffer()
        bgrx = buffer.extract_dup(0, buffer.get_size())
        stride = len(bgrx) // height
        rgba = bytearray(len(bgrx))
        rgba[0::4], rgba[1::4], rgba[2::4] = bgrx[2::4], bgrx[1::4], bgrx[0::4]
        rgba[3::4] = b"\xff" * (len(bgrx) // 4)
        return GdkPixbuf.Pixbuf.new_from_bytes(GLib.Bytes.new(bytes(rgba)), GdkPixbuf.Colorspace.RGB, True, 8,
                                               width, height, stride)


_remote_desktop = None


def remote_desktop():
    """The run's one RemoteDesktop session, started on first use."""
    global _remote_desktop
    if _remote_desktop is None:
        _remote_desktop = RemoteDesktop()
    return _remote_desktop
