"""The accessible paths test_accessibility.py does not cover yet (issue 6, "Tests"):

- the audit with a pointer drag in progress and with placeholders on screen;
- export QR codes, copy location and import via paste, through actions and keys
  only (the file chooser is driven by its keyboard and AT-SPI, the clipboard
  is read and written by small GTK 4 peers, as another application would);
- the announcement after a keyboard drop, heard as an AT-SPI event;
- the audit's summary (nodes by role), written to test-output/ to be quoted.

The pointer is used only to make the drags the audit runs during."""

import collections
import hashlib
import math
import os
import re
import subprocess
import time

from accessible_actions import focus, keys, run_action, tile
from atspi_audit import audit, is_interactive
from dnd import PEERS, SYSTEM_PYTHON, python_peer, tile_nodes
from drover_session import OUTPUT, Atspi, GLib, end_process, read_line, screenshot, walk, wait_for
from pointer import drag
from test_accessibility import album_photo_count
from test_dnd_grid import PEER_POSITION, SAMPLE_TILES
from test_dnd_slow import PLACEHOLDER, noisy_png

FIG = "Fig in an orange bowl, with two QR cards"
BRIDGE = "Bridge cables over the estuary"
FIG_CODES = {"https://drover.example/sample/one", "DROVER-SAMPLE-2"}
# The bridge photo's EXIF position (data/samples/manifest.json).
BRIDGE_LATITUDE, BRIDGE_LONGITUDE = 37.8199, -122.4783


def described(session, name, text, timeout=30):
    """Waits until the tile `name`'s description mentions `text` (QR codes and
    places are found in the background after the tile appears)."""
    def check():
        node = tile(session, name)
        node.clear_cache()
        return text in (node.get_description() or "")
    wait_for(check, timeout, what=f"{name!r} described with {text!r}")


def toplevel(session, name, timeout=20):
    """A toplevel of Drover's (a window or dialog) by accessible name."""
    def find():
        app = session.application()
        for i in range(app.get_child_count()):
            child = app.get_child_at_index(i)
            if child is not None and child.get_name() == name:
                return child
        return None
    return wait_for(find, timeout, what=f"Drover's {name!r} window")


def entry_text(node):
    """The text of an entry. (GTK 4.8 answers GetText(0, -1) with nothing: ask for the exact length.)"""
    node.clear_cache()
    return Atspi.Text.get_text(node, 0, Atspi.Text.get_character_count(node))


def main_frame(session):
    return toplevel(session, "Drover")


def peer_command(script, *args):
    return [SYSTEM_PYTHON, str(PEERS / script), *map(str, args)]


def peer_environment():
    # The display and session bus are the test's own, shared with drover.
    return dict(os.environ, GDK_BACKEND="x11", GSK_RENDERER="cairo")


def read_clipboard(*args):
    """The clipboard's text (or, with "--mime", MIME, that format) as a peer reads it; None if empty."""
    result = subprocess.run(peer_command("read_clipboard.py", *args), env=peer_environment(),
                            capture_output=True, text=True, timeout=30)
    return result.stdout if result.returncode == 0 else None


def sha256(path):
    return hashlib.sha256(path.read_bytes()).hexdigest()


# --- 1. The audit while a pointer drag is in progress, and with placeholders ---

def test_audit_is_clean_with_a_pointer_drag_in_progress(drover):
    session, screen = drover
    app = session.application()
    problems, audited = [], []

    def look():
        problems.extend(audit(app))
        audited.append(len(list(walk(main_frame(session)))))
        screenshot("a11y-audit-pointer-drag")

    # Chelsea (2nd) onto the trailing half of Dandelions (4th); the audit runs
    # while the pointer holds still over the drop point, before the release.
    drag(screen.center(tile(session, "Chelsea the cat")),
         screen.center(tile(session, "Dandelions in the evening light"), dx=0.3), during=look,
         began=session.drag_begins())
    # The drop landed, so the drag was live while the audit read the tree.
    expected = [SAMPLE_TILES[0], SAMPLE_TILES[2], SAMPLE_TILES[3], SAMPLE_TILES[1]] + SAMPLE_TILES[4:]
    session.wait_for_tiles(lambda names: names == expected, timeout=10, what="the drop after the audit")
    assert audited and audited[0] > 50, f"the audit read {audited} nodes"
    assert problems == []


def test_audit_is_clean_with_a_placeholder_on_screen(drover, tmp_path):
    session, screen = drover
    image = noisy_png(tmp_path / "slow.png", 400, 500)          # ~600 KB: ~6 s at 100 KB/s
    with python_peer("slow_source.py", "--image", image, title="Slow Source Peer", position=PEER_POSITION,
                     record=tmp_path / "slow.jsonl", log=tmp_path / "peer.log") as peer:
        drag(peer.center(), screen.center(tile_nodes(session)[1], dx=-0.3), began=peer.drag_begins())
        session.wait_for_tiles(lambda names: PLACEHOLDER in names, timeout=5, what="the placeholder")
        # Wait for progress, so the placeholder shows its full state (progress bar, Cancel).
        wait_for(lambda: (tile(session, PLACEHOLDER).get_description() or "").endswith("KB received"), 10,
                 what="the placeholder's progress")
        cancel = session.find("push button", f"Cancel importing Dropped image.png")
        problems = audit(session.application())
        screenshot("a11y-audit-placeholder")
        # The placeholder was still there when the audit ended.
        assert PLACEHOLDER in session.grid_tiles(), "the import finished before the audit did: slow the peer down"
        assert is_interactive(cancel), "the placeholder's Cancel button was not audited"
        cancel.do_action(0)
        session.wait_for_tiles(lambda names: names == SAMPLE_TILES, timeout=5, what="the placeholder cancelled")
    assert problems == []


# --- 2. Export QR codes: an action, then the folder chooser by keyboard and AT-SPI ---

def test_export_qr_codes_through_the_action_and_the_keyboard(tmp_path):
    from drover_session import DroverSession
    folder = tmp_path / "exported codes"
    folder.mkdir()
    with DroverSession() as session:
        session.wait_for_tiles(lambda names: len(names) >= len(SAMPLE_TILES), what="the sample photos")
        described(session, FIG, "2 QR codes")
        run_action(tile(session, FIG), "tile.export-qr-codes")
        # No portal here: GtkFileChooserNative falls back to GTK's own dialog, in Drover's process.
        dialog = toplevel(session, "Export QR Codes")
        export = wait_for(lambda: next((node for node, _ in walk(dialog) if node.get_role_name() == "push button"
                                        and (node.get_name() or "").startswith("Export")), None),
                          what="the chooser's Export button")
        # The dialog takes the X input focus when shown (no window manager decides otherwise).
        keys("ctrl+l")
        location = wait_for(lambda: next((node for node, _ in walk(dialog) if node.get_role_name() == "text"
                                          and node.get_state_set().contains(Atspi.StateType.FOCUSED)), None),
                            5, what="the focused location entry")
        subprocess.run(["xdotool", "type", "--delay", "15", f"{folder}/"], check=True, timeout=30)
        wait_for(lambda: entry_text(location) == f"{folder}/", 5, what="the typed folder in the location entry")
        screenshot("a11y-export-qr-chooser")
        export.do_action(0)
        session.wait_for_label(lambda text: text.startswith("Exported 2 QR codes"), what="the export's toast")
        wait_for(lambda: len(list(folder.glob("*.png"))) == 2, 10, what="two PNGs in the folder")
    pngs = sorted(folder.glob("*.png"))
    assert sorted(p.name for p in folder.iterdir()) == [p.name for p in pngs], "something else was left in the folder"
    decoded = set()
    for png in pngs:
        result = subprocess.run(["zbarimg", "--raw", "-q", str(png)], capture_output=True, text=True, timeout=30)
        assert result.returncode == 0, f"zbarimg found no code in {png.name}: {result.stderr}"
        texts = result.stdout.splitlines()
        assert len(texts) == 1, f"{png.name} holds {texts}"
        decoded.add(texts[0])
    assert decoded == FIG_CODES


# --- 3. Copy location: a geo: URI on the clipboard ---

# RFC 5870: geo:LAT,LON[,ALT][;crs=...][;u=...][;param=...]
GEO_URI = re.compile(r"^geo:(-?\d+(?:\.\d+)?),(-?\d+(?:\.\d+)?)(?:,(-?\d+(?:\.\d+)?))?((?:;[-\w]+(?:=[-\w.!~*'()%:@&=+$]+)?)*)$",
                     re.IGNORECASE)


def test_copy_location_puts_a_geo_uri_on_the_clipboard(drover):
    session, _ = drover
    described(session, BRIDGE, "Sausalito")
    assert not (read_clipboard() or "").startswith("geo:"), "a geo: URI was on the clipboard before the copy"
    run_action(tile(session, BRIDGE), "tile.copy-location")
    text = wait_for(lambda: (lambda t: t if t and t.startswith("geo:") else None)(read_clipboard()), 15,
                    what="a geo: URI on the clipboard")
    print("clipboard:", text)
    match = GEO_URI.match(text)
    assert match, f"not an RFC 5870 geo: URI: {text!r}"
    latitude, longitude = float(match[1]), float(match[2])
    assert -90 <= latitude <= 90 and -180 <= longitude <= 180
    assert abs(latitude - BRIDGE_LATITUDE) <= 0.0001 and abs(longitude - BRIDGE_LONGITUDE) <= 0.0001, text
    if match[3] is not None:
        assert math.isfinite(float(match[3]))
    # The same place as GeoJSON (longitude first), for maps that take a dropped file.
    import json
    feature = json.loads(read_clipboard("--mime", "application/geo+json"))
    lon, lat = feature["geometry"]["coordinates"][:2]
    assert abs(lat - latitude) < 1e-6 and abs(lon - longitude) < 1e-6
    # The copy is announced on the tile (GTK 4.8 has no announce call). The announcer holds
    # a message back for up to 400 ms after a focus move, until a screen reader has read it.
    def announced():
        node = tile(session, BRIDGE)
        node.clear_cache()
        return (node.get_description() or "").startswith(f"Copied the location of {BRIDGE}")
    wait_for(announced, 5, what="the copy announced on the tile")


# --- 4. Import via paste: files copied in another application ---

def test_paste_imports_files_copied_in_another_application(drover, tmp_path):
    session, _ = drover
    outside = tmp_path / "outside"
    outside.mkdir()
    original = noisy_png(outside / "harbour-at-dusk.png", 160, 120)
    digest, modified = sha256(original), original.stat().st_mtime_ns
    names = session.grid_tiles()
    copier = subprocess.Popen(peer_command("copy_files.py", original), env=peer_environment(),
                              stdout=subprocess.PIPE, stderr=open(tmp_path / "copier.log", "w"), text=True)
    try:
        ready = read_line(copier.stdout, 30, what="the copying peer to own the clipboard")
        assert ready.strip() == "ready", (tmp_path / "copier.log").read_text()
        assert read_clipboard("--mime", "text/uri-list").split() == [original.as_uri()]
        focus(tile(session, names[3]))
        keys("ctrl+v")
        after = session.wait_for_tiles(lambda n: len(n) == len(names) + 1 and not any(x.startswith("Importing") for x in n),
                                       what="the pasted photo")
        assert after == names[:4] + ["harbour-at-dusk"] + names[4:]
    finally:
        copier.terminate()
        end_process(copier, "the copying peer")
    # Copied in, never moved: the outside file is untouched.
    assert original.exists() and sha256(original) == digest and original.stat().st_mtime_ns == modified
    assert sorted(p.name for p in outside.iterdir()) == ["harbour-at-dusk.png"]


# --- 5. The announcement after a drop, heard as an AT-SPI event ---

def test_keyboard_drop_into_an_album_is_announced_as_an_event(drover):
    session, _ = drover
    heard = []

    def on_event(event):
        text = event.any_data if isinstance(event.any_data, str) else None
        try:
            source = event.source.get_name()
            if text is None:
                text = event.source.get_description()
        except GLib.Error:
            source = None
        heard.append((event.type, text, source))

    listener = Atspi.EventListener.new(on_event)
    listener.register("object:property-change:accessible-description")
    try:
        listener.register("object:announcement")     # GTK 4.14 and later; harmless before
    except GLib.Error:
        pass
    context = GLib.MainContext.default()

    def heard_added():
        while context.iteration(False):
            pass
        return next(((kind, text, source) for kind, text, source in heard
                     if text and text.startswith("Added 1 photo to Travel")), None)

    try:
        cat = "Chelsea the cat"
        before = album_photo_count(session.library, "Travel")
        focus(tile(session, cat))
        keys("ctrl+d", "Tab")
        # The proposal is an event too, before any drop.
        # (Messages that come together are spoken together: the pick-up and the proposal.)
        wait_for(lambda: heard_added() or any(text and "Add 1 photo to Travel." in text for _, text, _ in heard), 5,
                 interval=0.05, what="the proposal's event")
        assert not heard_added(), "announced before the drop"
        keys("Return")
        kind, text, source = wait_for(heard_added, 10, interval=0.05, what="the announcement event after the drop")
        assert album_photo_count(session.library, "Travel") == before + 1
    finally:
        listener.deregister("object:property-change:accessible-description")
    print("heard:", [t for _, t, _ in heard])
    assert text == "Added 1 photo to Travel."
    if kind.startswith("object:property-change"):
        # Before GTK 4.14 it is the focused widget's description: the tile that was dropped.
        assert source == cat, f"announced on {source!r}"


# --- 6. The audit's summary: how many nodes of each role ---

def test_audit_summary_of_the_main_window(drover):
    session, _ = drover
    # A steady tree: every thumbnail's QR codes and places are read.
    described(session, FIG, "2 QR codes")
    described(session, BRIDGE, "Sausalito")
    frame = main_frame(session)
    problems = audit(frame)
    roles, interactive, codes = collections.Counter(), collections.Counter(), []
    for node, _ in walk(frame):
        role = node.get_role_name()
        roles[role] += 1
        if is_interactive(node):
            interactive[role] += 1
            if role == "push button" and (node.get_name() or "").startswith("QR code: "):
                codes.append(node.get_name()[len("QR code: "):])
    width = max(map(len, roles))
    lines = [f"AT-SPI audit of Drover's main window (the sample library, {len(SAMPLE_TILES)} tiles)",
             f"{sum(roles.values())} nodes, {sum(interactive.values())} interactive; "
             f"{len(problems)} problems (unnamed, GType-named or duplicate interactive nodes)",
             "",
             f"{'role':<{width}}  nodes  interactive"]
    for role, count in sorted(roles.items(), key=lambda item: (-item[1], item[0])):
        lines.append(f"{role:<{width}}  {count:>5}  {interactive[role]:>11}")
    lines += [f"{'total':<{width}}  {sum(roles.values()):>5}  {sum(interactive.values()):>11}", ""]
    lines += [f"problem: {p}" for p in problems]
    summary = "\n".join(lines) + "\n"
    OUTPUT.mkdir(exist_ok=True)
    (OUTPUT / "atspi-audit-summary.txt").write_text(summary)
    print(summary)
    assert roles["table cell"] >= len(SAMPLE_TILES)
    assert interactive["table cell"] == roles["table cell"], "every tile is a control"
    assert set(codes) == FIG_CODES, f"the QR codes' buttons counted: {codes}"
    assert problems == []
