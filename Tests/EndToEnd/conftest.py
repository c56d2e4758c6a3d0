"""Session-wide fixtures for the end-to-end tests."""

import ctypes
import fnmatch
import os
import subprocess
from pathlib import Path

import pytest


@pytest.fixture(scope="session", autouse=True)
def hold_x_display():
    """Keeps one X client connected for the whole run.

    Xvfb (without -noreset) resets itself whenever its last client disconnects,
    and a client that connects during the reset gets "cannot open display". Between
    two tests nothing else may be connected, so without this the next drover fails
    at random (about one run in three here)."""
    display = None
    if os.environ.get("DISPLAY"):
        try:
            xlib = ctypes.CDLL("libX11.so.6")
            xlib.XOpenDisplay.restype = ctypes.c_void_p
            xlib.XOpenDisplay.argtypes = [ctypes.c_char_p]
            display = xlib.XOpenDisplay(None)
        except OSError:
            display = None
    yield
    if display:
        xlib.XCloseDisplay.argtypes = [ctypes.c_void_p]
        xlib.XCloseDisplay(display)


# Every test is bounded, fixtures included (issue 9, "A suite that never hangs"): past
# this many seconds pytest-timeout fails it, printing where it was waiting. The slowest
# test takes about 30 s on a loaded 2-core machine; a test that needs longer says so with
# @pytest.mark.timeout(N). (`--timeout N` on the command line overrides them all.)
TEST_TIMEOUT = 120


def pytest_configure(config):
    if not config.pluginmanager.hasplugin("timeout"):
        raise pytest.UsageError("the end-to-end tests need pytest-timeout, so that no test can hang: "
                                "install python3-pytest-timeout (scripts/install-deps.sh --test does)")
    config.addinivalue_line("markers", "slow: takes more than about 10 seconds (timeouts, slow peers, Nautilus)")
    # libatspi 2.46 marks get_action_name deprecated, but its replacement is
    # not in Debian 12's typelib yet.
    config.addinivalue_line("filterwarnings",
                            "ignore:Atspi.Action.get_action_name is deprecated:DeprecationWarning")


@pytest.fixture
def drover():
    """A drover on a fresh library (the sample photos), and its screen mapping."""
    from dnd import running_drover
    yield from running_drover()


@pytest.fixture
def document_portal():
    """The document portal, running before Drover and the peers start, as on a GNOME or KDE
    desktop: GTK looks for it once, at an application's first transfer, and never starts it
    itself. The Wayland leg's session starts it (wayland_session.py); elsewhere the session
    bus starts it on demand, so ask it for its mount point. Nothing stops it: it belongs to
    the session (its bus ends it), not to a test."""
    result = subprocess.run(["gdbus", "call", "--session", "--dest", "org.freedesktop.portal.Documents",
                             "--object-path", "/org/freedesktop/portal/documents",
                             "--method", "org.freedesktop.portal.Documents.GetMountPoint"],
                            capture_output=True, text=True, timeout=30)
    if result.returncode != 0:
        pytest.skip("no document portal in this session (xdg-document-portal not installed, or no FUSE): "
                    + result.stderr.strip())


# Longer than any test: with it, a drag resting on an album row never opens the album.
NO_SPRING_LOADING = {"DROVER_SPRING_LOAD_DELAY_MS": str(3_600_000)}


@pytest.fixture
def drover_closed_albums():
    """A drover whose album rows never spring-load (the delay is an hour): a drop on a
    row lands in the closed album however long the pointer rests there, so the test
    has one outcome (the toast) whatever the machine's load. Spring loading itself is
    tested with the default delay (test_dnd_albums_delete.py)."""
    from dnd import running_drover
    yield from running_drover(env=NO_SPRING_LOADING)


def pytest_collection_modifyitems(config, items):
    if config.getoption("timeout") is not None:
        return
    for item in items:
        if item.get_closest_marker("timeout") is None:
            item.add_marker(pytest.mark.timeout(TEST_TIMEOUT))


# Skips are declared and counted (issue 33): every skip names its reason, each run prints
# the list, and a skip that expected_skips.txt does not allow on this leg fails the run
# (exit status 1), so a machine where half the suite skips is never green.
EXPECTED_SKIPS = Path(__file__).with_name("expected_skips.txt")
_skips = []


def expected_skips(leg_name):
    """(pattern, reason) for each skip expected on `leg_name` ("x11" or "wayland")."""
    allowed = []
    for line in EXPECTED_SKIPS.read_text().splitlines():
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        leg_field, pattern, reason = (field.strip() for field in line.split("|", 2))
        if leg_field == leg_name:
            allowed.append((pattern, reason))
    return allowed


def _skip_is_expected(nodeid, allowed):
    name = nodeid.rsplit("/", 1)[-1]
    return any(fnmatch.fnmatchcase(name, pattern) or fnmatch.fnmatchcase(name, pattern + "[[]*")
               for pattern, _ in allowed)


def pytest_runtest_logreport(report):
    if report.skipped and not hasattr(report, "wasxfail"):
        reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else str(report.longrepr)
        _skips.append((report.nodeid, reason.removeprefix("Skipped: ")))


def _unexpected_skips():
    import leg
    allowed = expected_skips(leg.NAME)
    return [(nodeid, reason) for nodeid, reason in _skips if not _skip_is_expected(nodeid, allowed)]


def pytest_terminal_summary(terminalreporter):
    import leg
    write = terminalreporter.write_line
    terminalreporter.section(f"skips on the {leg.NAME} leg ({len(_skips)})")
    unexpected = _unexpected_skips()
    for nodeid, reason in _skips:
        mark = "UNEXPECTED" if (nodeid, reason) in unexpected else "expected"
        write(f"{mark}: {nodeid}: {reason}")
    if unexpected:
        allowed = "allowed by DROVER_E2E_ALLOW_SKIPS=1" if os.environ.get("DROVER_E2E_ALLOW_SKIPS") == "1" \
            else "this run fails"
        write(f"{len(unexpected)} skip(s) not in {EXPECTED_SKIPS.name} for the {leg.NAME} leg: {allowed}")


def pytest_sessionfinish(session, exitstatus):
    if _unexpected_skips() and os.environ.get("DROVER_E2E_ALLOW_SKIPS") != "1" and exitstatus == 0:
        session.exitstatus = 1


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """A failed test leaves a screenshot of the screen as it was when it failed
    (test-output/failed-NAME.png; the windows are still open: the fixtures are torn
    down after this), and on Wayland the window boxes the test aimed at."""
    outcome = yield
    report = outcome.get_result()
    if report.when != "call" or not report.failed:
        return
    import leg
    from drover_session import screenshot
    try:
        path = screenshot("failed-" + "".join(c if c.isalnum() or c in "-_" else "-" for c in item.name))
        report.sections.append(("screen at the failure", str(path)))
    except Exception as error:  # the report must survive a display that is gone
        report.sections.append(("screen at the failure", f"no screenshot: {error}"))
    if leg.WAYLAND:
        from wayland_windows import known_windows
        report.sections.append(("windows found on mutter's monitor", repr(known_windows)))
