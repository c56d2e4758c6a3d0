"""Real web peers for the end-to-end tests (issue 13): a page served on 127.0.0.1 by
`python3 -m http.server` (or a throttled server, for a slow download), and the
browsers users drag images from, Firefox ESR on a fresh profile and Chromium,
each showing the page in a window placed below Drover's.

Every wait is bounded; a browser that never shows its window fails the test
with what it printed."""

import os
import shutil
import socket
import subprocess
import tempfile
import time
from pathlib import Path

from dnd import Peer, window_geometry, window_ids
from drover_session import end_process, read_line, wait_for

HERE = Path(__file__).resolve().parent
# Below Drover (1100x760 at the origin): the whole strip, so the page has room.
BROWSER_POSITION = (0, 770)
BROWSER_SIZE = (1280, 254)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class WebServer:
    """`python3 -m http.server` on 127.0.0.1 serving `root`, or, with `rate`
    (bytes per second), peers/slow_server.py serving it that slowly (and with
    `silent_after`, going silent after that many bytes of a file)."""

    def __init__(self, root, rate=None, silent_after=None):
        self.root = Path(root)
        self.port = free_port()
        if rate:
            command = ["python3", str(HERE / "peers" / "slow_server.py"), "--root", str(root),
                       "--port", str(self.port), "--rate", str(rate)]
            if silent_after is not None:
                command += ["--silent-after", str(silent_after)]
        else:
            command = ["python3", "-u", "-m", "http.server", str(self.port), "--bind", "127.0.0.1",
                       "--directory", str(root)]
        self.process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        read_line(self.process.stdout, 20, what="the web server to start")

    def url(self, name):
        return f"http://127.0.0.1:{self.port}/{name}"

    def wait_for_output(self, text, timeout=30, what=None):
        """Waits for the server to print a line containing `text` (slow_server.py prints
        one when a client stops reading); returns it."""
        deadline = time.monotonic() + timeout
        while True:
            line = read_line(self.process.stdout, max(0.0, deadline - time.monotonic()), what=what or repr(text))
            if text in line:
                return line
            if not line:
                raise RuntimeError(f"the web server ended without printing {text!r}")

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
            end_process(self.process, "the web server")

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.stop()


def image_page(root, image, title="Photo page"):
    """A page whose only content is `image`, filling the viewport: a drag from
    the middle of the window takes the image. Its title ends in "ready" once the
    image has loaded (a browser names its window after the page)."""
    page = Path(root) / "page.html"
    page.write_text(f"""<!doctype html><html><head><meta charset="utf-8"><title>{title}</title>
<style>html, body {{ margin: 0; height: 100%; overflow: hidden; }}
img {{ display: block; width: 100%; height: 100%; object-fit: contain; }}</style></head>
<body><img src="{image}" alt="A photo" onload="document.title = '{title} ready'"></body></html>""")
    return page.name


def upload_page(root):
    """A page with a drop zone as web upload forms have, filling the viewport: for each file
    dropped on it, it reads the `File` as a form would upload it, hashes it (SHA-256) and
    decodes it as an <img> (which applies EXIF orientation, as every browser now does), and
    puts "NAME|WxH|SHA" for each in the title: "Photo page dropped N: ..." (a browser names
    its window after the page)."""
    page = Path(root) / "upload.html"
    page.write_text("""<!doctype html><html><head><meta charset="utf-8"><title>Photo page ready</title>
<style>html, body { margin: 0; height: 100%; } #zone { height: 100%; background: #ccd; }</style></head>
<body><div id="zone">Drop photos to upload</div><script>
const zone = document.getElementById("zone");
zone.addEventListener("dragover", event => event.preventDefault());
zone.addEventListener("drop", async event => {
  event.preventDefault();
  const files = [...event.dataTransfer.files], parts = [];
  for (const file of files) {
    const digest = await crypto.subtle.digest("SHA-256", await file.arrayBuffer());
    const hex = [...new Uint8Array(digest)].map(b => b.toString(16).padStart(2, "0")).join("");
    const image = new Image();
    image.src = URL.createObjectURL(file);
    await image.decode();
    parts.push(`${file.name}|${image.naturalWidth}x${image.naturalHeight}|${hex}`);
  }
  document.title = `Photo page dropped ${files.length}: ${parts.join(" ; ")}`;
});
</script></body></html>""")
    return page.name


def dropped_on_upload_page(timeout=40):
    """What the upload page received, from its browser window's title: [(name, "WxH", sha)]."""
    import re
    [window] = window_ids(name="Photo page dropped .*", sync=True, timeout=timeout)
    title = subprocess.run(["xdotool", "getwindowname", window], capture_output=True, text=True, timeout=10).stdout
    listed = re.match(r"Photo page dropped \d+: (.*?)(?: [-—] [^|]*)?$", title.strip()).group(1)
    return [tuple(part.split("|")) for part in listed.split(" ; ")]


FIREFOX_PREFS = """
user_pref("browser.shell.checkDefaultBrowser", false);
user_pref("browser.startup.homepage_override.mstone", "ignore");
user_pref("browser.aboutwelcome.enabled", false);
user_pref("startup.homepage_welcome_url", "");
user_pref("startup.homepage_welcome_url.additional", "");
user_pref("datareporting.policy.dataSubmissionEnabled", false);
user_pref("datareporting.healthreport.uploadEnabled", false);
user_pref("toolkit.telemetry.reportingpolicy.firstRun", false);
user_pref("browser.tabs.warnOnClose", false);
user_pref("browser.sessionstore.resume_from_crash", false);
user_pref("app.update.auto", false);
user_pref("extensions.autoDisableScopes", 15);
user_pref("browser.translations.automaticallyPopup", false);
user_pref("sidebar.revamp", false);
"""


class Browser(Peer):
    """A browser showing `url` in a window below Drover's, with a fresh
    profile that is removed afterwards."""

    def __init__(self, kind, url, env, log):
        self.profile = Path(tempfile.mkdtemp(prefix=f"drover-{kind}-"))
        if kind == "firefox":
            (self.profile / "user.js").write_text(FIREFOX_PREFS)
            command = ["firefox-esr", "--no-remote", "--new-instance", "--profile", str(self.profile),
                       "--width", str(BROWSER_SIZE[0]), "--height", str(BROWSER_SIZE[1]), url]
        else:
            command = ["chromium", "--no-sandbox", "--no-first-run", "--no-default-browser-check",
                       "--disable-gpu", "--password-store=basic", f"--user-data-dir={self.profile}",
                       f"--window-size={BROWSER_SIZE[0]},{BROWSER_SIZE[1]}", "--window-position=0,770",
                       f"--app={url}"]
        environment = dict(env, MOZ_ENABLE_WAYLAND="0")
        try:
            super().__init__(command, "Photo page.*", BROWSER_POSITION, env=environment, log=log)
        except BaseException:
            shutil.rmtree(self.profile, ignore_errors=True)
            raise
        subprocess.run(["xdotool", "windowsize", "--sync", self.window, *map(str, BROWSER_SIZE)], check=False,
                       timeout=10)
        wait_for(lambda: window_geometry(self.window)[2:] == BROWSER_SIZE, 10, what="the browser's size")
        window_ids(name="Photo page ready.*", sync=True, timeout=60)

    def stop(self):
        super().stop()
        shutil.rmtree(self.profile, ignore_errors=True)


def have(command):
    return shutil.which(command) is not None
