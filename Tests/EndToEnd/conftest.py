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


def pytest_configure(config):
    config.addinivalue_line("markers", "slow: takes more than about 10 seconds (timeouts, slow peers, Nautilus)")
    # libatspi 2.46 marks get_action_name deprecated, but its replacement is
    # not in Debian 12's typelib yet.
    config.addinivalue_line("filterwarnings",
                            "ignore:Atspi.Action.get_action_name is deprecated:DeprecationWarning")


@pytest.fixture
def drover():
    """A drover on a fresh library (the sample photos), and its screen mapping."""
    from dnd import Screen
    from drover_session import DroverSession
    session = DroverSession()
    try:
        session.start()
        session.wait_for_tiles(lambda names: len(names) >= 12, what="the sample photos")
        yield session, Screen.of_drover(session)
    finally:
        session.cleanup()
