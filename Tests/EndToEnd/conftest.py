"""Session-wide fixtures for the end-to-end tests."""

import ctypes
import os

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
