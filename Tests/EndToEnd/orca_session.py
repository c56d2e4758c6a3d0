"""A private Orca screen reader for the end-to-end tests: what a blind user
hears, as text (docs/testing.md, "The levels": the screen-reader leg).

The recipe (Debian 12, Orca 43, under Xvfb):
- a private HOME, XDG directories and runtime directory, so the user's own
  Orca settings and speech server are never touched and parallel runs do not
  meet;
- our own speech-dispatcher on a private socket, whose only output module is
  the generic one writing each utterance to a file, with ALSA's null device
  (without an audio device speech-dispatcher aborts and Orca stalls);
- Orca through peers/orca_line_buffered.py, so its debug file, where every
  utterance is a line "SPEECH OUTPUT: '...'", can be read while it runs;
- Drover is started only after Orca logs "Starting ATSPI registry", so Orca
  sees the application appear and its first focus;
- the session's accessibility status says a screen reader is on
  (org.a11y.Status.ScreenReaderEnabled), as GNOME sets it when it starts Orca.

Every wait is bounded. Orca that cannot start (not installed, no X display)
is a skip with the reason; Orca that is installed but does not come up in time
is a failure that quotes its log."""

import os
import re
import shutil
import signal
import subprocess
import tempfile
import time
from pathlib import Path

from drover_session import end_process, private_home_environment, wait_for

PEERS = Path(__file__).resolve().parent / "peers"
SYSTEM_PYTHON = "/usr/bin/python3"
ORCA_READY = "Starting ATSPI registry"
# "SPEECH OUTPUT: 'text'" and, after it, the voice it was spoken in: "{'established': False}".
SPEECH_LINE = re.compile(r"SPEECH OUTPUT: '(.*?)'(?: ?\{.*\})?\s*$")
START_TIMEOUT = 60


def unavailable_reason():
    """Why Orca cannot run here at all, or None."""
    for program in ("orca", "speech-dispatcher"):
        if shutil.which(program) is None:
            return f"{program} is not installed (scripts/install-deps.sh --test installs it)"
    if not Path("/usr/lib/speech-dispatcher-modules/sd_generic").exists():
        return "speech-dispatcher's generic module (sd_generic) is missing"
    if not os.environ.get("DISPLAY"):
        return "Orca 43 needs an X11 display (its key grabs are X11's): DISPLAY is not set"
    return None


SPEECHD_CONF = """\
# A private speech-dispatcher for one test run: the only output module is the
# generic one, which appends each utterance to a file instead of speaking.
LogLevel 3
DefaultVolume 100
DefaultLanguage "en"
AudioOutputMethod "alsa"
AudioALSADevice "null"
AddModule "filelog" "sd_generic" "filelog.conf"
DefaultModule "filelog"
Timeout 0
"""

FILELOG_CONF = """\
GenericExecuteSynth "echo \\'$DATA\\' >> {log}"
AddVoice "en" "MALE1" "default"
GenericLanguage "en" "en" "utf-8"
"""


class OrcaSession:
    def __init__(self):
        self.root = Path(tempfile.mkdtemp(prefix="drover-orca-"))
        self.home = self.root / "home"
        self.runtime = self.root / "runtime"
        self.config = self.root / "speechd"
        self.debug_file = self.root / "orca-debug.txt"
        self.speech_log = self.root / "speech.txt"
        self.socket = self.runtime / "speechd.sock"
        self.speechd = None
        self.orca = None
        self.said_screen_reader_is_on = False

    def environment(self):
        env = private_home_environment(self.home)
        env.update(XDG_RUNTIME_DIR=str(self.runtime), SPEECHD_SOCKET=str(self.socket),
                   GDK_BACKEND="x11", GTK_A11Y="atspi", NO_AT_BRIDGE="0", GSETTINGS_BACKEND="memory")
        return env

    def start(self):
        self.runtime.mkdir(mode=0o700, parents=True)
        (self.config / "modules").mkdir(parents=True)
        (self.config / "speechd.conf").write_text(SPEECHD_CONF)
        (self.config / "modules" / "filelog.conf").write_text(FILELOG_CONF.format(log=self.speech_log))
        env = self.environment()
        self.speechd = subprocess.Popen(
            ["speech-dispatcher", "--run-single", "--timeout", "0", "--communication-method", "unix_socket",
             "--socket-path", str(self.socket), "--config-dir", str(self.config),
             "--log-dir", str(self.root), "--pid-file", str(self.root / "speechd.pid")],
            env=env, stdout=open(self.root / "speechd.out", "w"), stderr=subprocess.STDOUT, start_new_session=True)
        wait_for(lambda: self.socket.exists() or self._exited(self.speechd, "speech-dispatcher"), 20,
                 what="speech-dispatcher's socket")
        self.orca = subprocess.Popen(
            [SYSTEM_PYTHON, str(PEERS / "orca_line_buffered.py"), "--disable", "braille", "--debug-file",
             str(self.debug_file)],
            env=env, stdout=open(self.root / "orca.out", "w"), stderr=subprocess.STDOUT, start_new_session=True)
        try:
            wait_for(lambda: ORCA_READY in self._debug_text() or self._exited(self.orca, "Orca"), START_TIMEOUT,
                     what="Orca's \"Starting ATSPI registry\"")
        except TimeoutError as error:
            raise TimeoutError(f"{error}\n{self.log_tail()}") from None
        self._say_screen_reader_is_on(True)
        return self

    def _say_screen_reader_is_on(self, on):
        """What GNOME does when it turns Orca on or off: the session's accessibility
        status says whether a screen reader runs (apps read it: Drover's Undo toast
        then waits). The session bus outlives this Orca: other tests on it must see
        the screen reader off again."""
        subprocess.run(["gdbus", "call", "--session", "--dest", "org.a11y.Bus", "--object-path", "/org/a11y/bus",
                        "--method", "org.freedesktop.DBus.Properties.Set", "org.a11y.Status", "ScreenReaderEnabled",
                        f"<{'true' if on else 'false'}>"], env=self.environment(), check=True, timeout=20,
                       stdout=subprocess.DEVNULL)
        self.said_screen_reader_is_on = on

    def _exited(self, process, what):
        if process.poll() is not None:
            raise RuntimeError(f"{what} exited with {process.returncode} while starting\n{self.log_tail()}")
        return False

    def _debug_text(self):
        try:
            return self.debug_file.read_text(errors="replace")
        except FileNotFoundError:
            return ""

    def log_tail(self, lines=30):
        parts = []
        for name in ("orca.out", "speechd.out", "orca-debug.txt"):
            path = self.root / name
            if path.exists():
                tail = path.read_text(errors="replace").splitlines()[-lines:]
                parts.append(f"--- {name} (last {len(tail)} lines)\n" + "\n".join(tail))
        return "\n".join(parts)

    # --- What Orca said ---

    def utterances(self):
        """Everything Orca has spoken so far, in order."""
        return [match[1].strip() for line in self._debug_text().splitlines() if (match := SPEECH_LINE.search(line))]

    def mark(self):
        """A bookmark: pass it to `said_since` to hear only what comes after."""
        return len(self.utterances())

    def said_since(self, mark):
        return self.utterances()[mark:]

    def wait_for_speech(self, predicate, since=0, timeout=15, what="an utterance"):
        """Waits until one utterance after `since` satisfies `predicate`; returns it."""
        def heard():
            return next((text for text in self.said_since(since) if predicate(text)), None)
        try:
            return wait_for(heard, timeout, interval=0.1, what=f"Orca to say {what}")
        except TimeoutError as error:
            raise TimeoutError(f"{error}; Orca said: {self.said_since(since)}") from None

    def quiet(self, since, settle=1.0, timeout=10):
        """Waits until Orca has said nothing new for `settle` seconds (at most `timeout`);
        returns what it said after `since`. Orca still talking at the timeout is a failure
        (TimeoutError), never a transcript cut short that later checks would trust."""
        deadline = time.monotonic() + timeout
        count, last_change = -1, time.monotonic()
        while time.monotonic() < deadline:
            now = len(self.utterances())
            if now != count:
                count, last_change = now, time.monotonic()
            elif time.monotonic() - last_change >= settle:
                return self.said_since(since)
            time.sleep(0.1)
        raise TimeoutError(f"Orca did not fall quiet for {settle} s within {timeout} s; it said: "
                           f"{self.said_since(since)}")

    # --- Ending ---

    def stop(self):
        if self.said_screen_reader_is_on:
            self._say_screen_reader_is_on(False)
        for process, what in ((self.orca, "Orca"), (self.speechd, "speech-dispatcher")):
            if process is None:
                continue
            # Each runs in its own process group (speech-dispatcher starts its module).
            for sig in (signal.SIGTERM, signal.SIGKILL):
                try:
                    os.killpg(process.pid, sig)
                except ProcessLookupError:
                    break
                if sig == signal.SIGTERM:
                    end_process(process, what, grace=5)

    def cleanup(self):
        self.stop()
        shutil.rmtree(self.root, ignore_errors=True)
