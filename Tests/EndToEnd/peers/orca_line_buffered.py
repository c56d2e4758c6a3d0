"""Runs Orca (Debian 12's /usr/bin/orca) with two changes a test needs:

- the debug file is line-buffered, so each "SPEECH OUTPUT: '...'" line can be
  read while Orca runs (Orca opens it block-buffered: nothing would show until
  it stops);
- the "another Orca is running" check is skipped. It looks for any process
  named orca owned by the same user (pgrep -u UID -x orca), so on a machine
  where several test runs share a user, one run's Orca would refuse to start
  beside another's. Ours is private (its own HOME, speech server and display).

Everything else is Orca's own launcher (loaded as a module, then its main())."""

import builtins
import importlib.machinery
import importlib.util
import sys

ORCA = "/usr/bin/orca"


def line_buffered_open(path, mode="r", *args, **kwargs):
    if "w" in mode or "a" in mode:
        kwargs["buffering"] = 1
    return builtins.open(path, mode, *args, **kwargs)


def main():
    loader = importlib.machinery.SourceFileLoader("orca_launcher", ORCA)
    spec = importlib.util.spec_from_loader("orca_launcher", loader)
    launcher = importlib.util.module_from_spec(spec)
    loader.exec_module(launcher)
    # The launcher's main() opens the debug file with the bare name `open`:
    # a module global shadows the builtin for that one call site.
    launcher.open = line_buffered_open
    launcher.otherOrcas = lambda: []
    sys.argv[0] = ORCA
    return launcher.main()


if __name__ == "__main__":
    sys.exit(main())
