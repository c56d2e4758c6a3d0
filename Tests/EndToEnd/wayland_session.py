#!/usr/bin/python3
"""Runs a command in a headless GNOME Wayland session: the Wayland leg of the
end-to-end suite (scripts/with-wayland.sh calls this).

    wayland_session.py COMMAND [ARG...]

The technique of GTK's testsuite/headless, as checked on Debian 12:
1. a private HOME, XDG_*_HOME and XDG_RUNTIME_DIR, set *before* dbus-run-session,
   because the services the bus starts on demand (the accessibility bus, dconf,
   gvfsd) inherit the bus daemon's environment, not the caller's;
2. inside the session: pipewire and wireplumber (mutter's screen casts need
   them), then `mutter --headless --virtual-monitor 1280x1024 --no-x11`;
3. wait, boundedly, for mutter's Wayland socket and for its ScreenCast and
   RemoteDesktop services on the bus; if they never come, fail loudly with
   mutter's log (a leg that silently skips proves nothing);
4. start the document portal and the desktop portal (where installed), and wait
   for them on the bus: GTK offers and reads `application/vnd.portal.filetransfer`
   only if the document portal already runs when an application starts;
5. run COMMAND with GDK_BACKEND=wayland, WAYLAND_DISPLAY, no DISPLAY, and
   DROVER_E2E_BACKEND=wayland (which the tests' drivers read); stop everything.

COMMAND's exit status is this script's."""

import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

DISPLAY_NAME = "drover-wayland"
MONITOR = "1920x1200"
SERVICES = ("org.gnome.Mutter.ScreenCast", "org.gnome.Mutter.RemoteDesktop")
# (program, its bus name): the document portal first, the desktop portal asks for it.
PORTALS = (("/usr/libexec/xdg-document-portal", "org.freedesktop.portal.Documents"),
           ("/usr/libexec/xdg-desktop-portal", "org.freedesktop.portal.Desktop"))
START_TIMEOUT = 60          # seconds for mutter to come up, on a loaded machine
COMMAND_TIME_LIMIT = int(os.environ.get("WAYLAND_SESSION_TIME_LIMIT", "2400"))


def private_environment(root):
    """The environment with HOME and the XDG directories inside `root`."""
    env = dict(os.environ)
    for name, sub in [("HOME", "home"), ("XDG_CONFIG_HOME", "home/.config"), ("XDG_DATA_HOME", "home/.local/share"),
                      ("XDG_CACHE_HOME", "home/.cache"), ("XDG_STATE_HOME", "home/.local/state"),
                      ("XDG_RUNTIME_DIR", "run")]:
        path = root / sub
        path.mkdir(parents=True, exist_ok=True)
        env[name] = str(path)
    os.chmod(root / "run", 0o700)    # libwayland and pipewire insist on a private runtime dir
    env.pop("DISPLAY", None)         # nothing may fall back to an X server
    env.pop("WAYLAND_DISPLAY", None)
    env.update(GDK_BACKEND="wayland", DROVER_E2E_BACKEND="wayland", XDG_SESSION_TYPE="wayland",
               WAYLAND_SESSION_LOGS=str(root / "logs"))
    (root / "logs").mkdir(exist_ok=True)
    return env


def outside(command):
    root = Path(tempfile.mkdtemp(prefix="drover-wayland-"))
    env = private_environment(root)
    try:
        process = subprocess.Popen(["dbus-run-session", "--", sys.executable, __file__, "--inside", *command], env=env)
        try:
            return process.wait(timeout=COMMAND_TIME_LIMIT + 120)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=30)
            print(f"error: the Wayland session ran longer than {COMMAND_TIME_LIMIT + 120} s and was stopped",
                  file=sys.stderr)
            return 124
        except KeyboardInterrupt:
            process.send_signal(signal.SIGINT)
            process.wait(timeout=30)
            return 130
    finally:
        shutil.rmtree(root, ignore_errors=True)


def bus_has(name):
    result = subprocess.run(["gdbus", "call", "--session", "--dest", "org.freedesktop.DBus", "--object-path",
                             "/org/freedesktop/DBus", "--method", "org.freedesktop.DBus.NameHasOwner", name],
                            capture_output=True, text=True, timeout=10)
    return result.returncode == 0 and "true" in result.stdout


def start(command, logs, name):
    log = open(Path(logs) / f"{name}.log", "w")
    return subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)


def stop(process):
    if process.poll() is None:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait(timeout=10)


def fail(why, logs):
    print(f"error: the Wayland leg cannot run: {why}", file=sys.stderr)
    for name in ("mutter", "pipewire", "wireplumber"):
        path = Path(logs) / f"{name}.log"
        if path.exists():
            print(f"--- {name}'s log:\n{path.read_text()[-4000:]}", file=sys.stderr)
    return 1


def inside(command):
    logs = os.environ["WAYLAND_SESSION_LOGS"]
    for tool in ("pipewire", "wireplumber", "mutter", "gst-launch-1.0"):
        if shutil.which(tool) is None:
            return fail(f"{tool} is not installed (scripts/install-deps.sh --test installs it)", logs)
    helpers = [start(["pipewire"], logs, "pipewire")]
    time.sleep(0.3)   # wireplumber gives up if it finds no pipewire; a later start would retry anyway
    helpers.append(start(["wireplumber"], logs, "wireplumber"))
    mutter = start(["mutter", "--headless", "--virtual-monitor", MONITOR, "--no-x11",
                    "--wayland-display", DISPLAY_NAME], logs, "mutter")
    helpers.append(mutter)
    try:
        socket = Path(os.environ["XDG_RUNTIME_DIR"]) / DISPLAY_NAME
        deadline = time.monotonic() + START_TIMEOUT
        missing = ["the Wayland socket", *SERVICES]
        while missing and time.monotonic() < deadline:
            if mutter.poll() is not None:
                return fail(f"mutter exited with status {mutter.returncode}", logs)
            missing = ([] if socket.is_socket() else ["the Wayland socket"]) + [s for s in SERVICES if not bus_has(s)]
            time.sleep(0.2)
        if missing:
            return fail(f"mutter did not provide {', '.join(missing)} within {START_TIMEOUT} s", logs)
        env = dict(os.environ, WAYLAND_DISPLAY=DISPLAY_NAME)
        helpers += start_portals(logs)
        try:
            return subprocess.run(command, env=env, timeout=COMMAND_TIME_LIMIT).returncode
        except subprocess.TimeoutExpired:
            print(f"error: {' '.join(command)} ran longer than {COMMAND_TIME_LIMIT} s in the Wayland session",
                  file=sys.stderr)
            return 124
    finally:
        for helper in reversed(helpers):
            stop(helper)
        stop_bus_services()
        unmount_documents()
        keep_logs(logs)


def start_portals(logs):
    """Starts the portals that are installed, and waits (boundedly) for their bus
    names. One that does not come up is said, not fatal: the portal tests then
    skip, naming the log (a machine without FUSE has no document portal)."""
    # What the bus starts on demand (xdg-desktop-portal's GTK backend) must find mutter.
    subprocess.run(["gdbus", "call", "--session", "--dest", "org.freedesktop.DBus", "--object-path",
                    "/org/freedesktop/DBus", "--method", "org.freedesktop.DBus.UpdateActivationEnvironment",
                    f"{{'WAYLAND_DISPLAY': '{DISPLAY_NAME}', 'GDK_BACKEND': 'wayland'}}"],
                   capture_output=True, timeout=10)
    started = []
    for program, name in PORTALS:
        if not Path(program).exists():
            print(f"note: {program} is not installed; the portal tests will skip", file=sys.stderr)
            continue
        log_name = Path(program).name
        started.append(start([program], logs, log_name))
        deadline = time.monotonic() + START_TIMEOUT
        while not bus_has(name) and time.monotonic() < deadline and started[-1].poll() is None:
            time.sleep(0.2)
        if not bus_has(name):
            print(f"note: {name} did not come up (see test-output/wayland/session-{log_name}.log); "
                  "the portal tests will skip", file=sys.stderr)
    return started


def unmount_documents():
    """The document portal's FUSE mount in the session's runtime folder: it may
    outlive the portal, and the folder cannot be removed under it."""
    mount = Path(os.environ["XDG_RUNTIME_DIR"]) / "doc"
    # (Not os.path.ismount: a mount whose daemon has gone fails every stat.)
    if shutil.which("fusermount3"):
        subprocess.run(["fusermount3", "-u", "-z", str(mount)], capture_output=True, timeout=10)


def stop_bus_services():
    """Stops what the bus started on demand in this session (the accessibility bus,
    gvfsd): they detach, so they outlive the bus unless stopped. Each is known by
    this session's own XDG_RUNTIME_DIR in its environment, and by having been
    handed to init (parent pid 1)."""
    ours = f"XDG_RUNTIME_DIR={os.environ['XDG_RUNTIME_DIR']}".encode()
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            parent = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            environment = (entry / "environ").read_bytes().split(b"\0")
        except (OSError, ValueError, IndexError):
            continue
        if parent == 1 and ours in environment:
            try:
                os.kill(int(entry.name), signal.SIGTERM)
            except ProcessLookupError:
                pass


def keep_logs(logs):
    """Copies the session's logs (mutter's, pipewire's) into test-output/wayland/
    for a look after the run: the session's own folder is removed."""
    target = Path(__file__).resolve().parents[2] / "test-output" / "wayland"
    target.mkdir(parents=True, exist_ok=True)
    for log in Path(logs).glob("*.log"):
        shutil.copy(log, target / f"session-{log.name}")


def main(argv):
    if argv[:1] == ["--inside"]:
        return inside(argv[1:])
    if not argv:
        print(__doc__, file=sys.stderr)
        return 2
    return outside(argv[1:] if argv[0] == "--" else argv)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
