"""Open With Drover (issue 29, item 4): `drover FILE` and a file manager's "Open With"
(the desktop file's `Exec=drover %U`, through `gio open`) show the photo in the viewer
without importing it; previous and next walk the other images of its folder, sorted by
name; **Add to Library** imports it as `drover --import FILE` does; a second
`drover FILE` goes to the running window; `drover https://…` imports as a browser drop."""

import subprocess
import sys

from accessible_actions import keys, run_action
from drover_session import (REPO, DroverSession, drover_binary, end_process, image_spread, read_line, screenshot,
                            wait_for)
from image_files import write_jpeg, write_png
from library_state import photo_rows
from test_smoke import expected_sample_tiles


def shown(session, name, timeout=30, described=True):
    """The viewer's photo once it shows the file `name` (not a library photo) drawn.
    `described=False` after an import's announcement: it stands in for the focused
    photo's description until focus leaves it (GtkKit's Announcer, GTK 4.8)."""
    node = session.find("image", name, timeout=timeout)
    wait_for(lambda: node.get_name() == name and (not described or "Not in the library" in (node.get_description() or "")
             and "Fit to window" in (node.get_description() or "")), timeout, what=f"{name!r} in the viewer")
    return node


def install_desktop_file(session):
    """The desktop file, run by its Exec line as a file manager would, as the default
    for image/jpeg in the session's private HOME; drover by its path and the session's
    library (PATH has no drover)."""
    applications = session.home / ".local/share/applications"
    applications.mkdir(parents=True, exist_ok=True)
    text = (REPO / "data/app.drover.Drover.desktop").read_text()
    text = text.replace("Exec=drover %U", f'Exec="{drover_binary()}" --library "{session.library}" %U')
    (applications / "app.drover.Drover.desktop").write_text(text)
    subprocess.run(["xdg-mime", "default", "app.drover.Drover.desktop", "image/jpeg"], env=session.environment(),
                   check=True, timeout=30)


def test_drover_file_shows_it_without_importing_until_add_to_library(tmp_path):
    folder = tmp_path / "holiday"
    folder.mkdir()
    write_jpeg(folder / "beach 2.jpg", seed=20)
    write_jpeg(folder / "beach 10.jpg", seed=40)
    write_png(folder / "arrival.png", width=320, height=240, seed=3)
    (folder / "notes.txt").write_text("not an image")
    harbour = tmp_path / "harbour.jpg"
    write_jpeg(harbour, seed=90)

    def ours(rows):
        return sorted(title for title in rows.values() if title.startswith(("beach", "arrival", "harbour")))

    with DroverSession(args=[str(folder / "beach 2.jpg")]) as drover:
        # A fresh library: the samples go in first, then the file is shown.
        photo = shown(drover, "beach 2.jpg", timeout=90)
        assert "Image 2 of 3" in photo.get_description(), photo.get_description()
        assert image_spread(screenshot("open-with-beach-2")) > 20
        # The samples are in (they go in before the file is shown); the file is not.
        samples = len(photo_rows(drover.library))
        assert samples >= len(expected_sample_tiles()) and ours(photo_rows(drover.library)) == [], "the file was imported"

        # The folder's images, by name as a file manager sorts them (2 before 10), no text file.
        keys("Right")
        shown(drover, "beach 10.jpg")
        keys("Right")  # the last: nothing further
        keys("Home")
        shown(drover, "arrival.png")
        keys("Page_Down")
        shown(drover, "beach 2.jpg")
        assert ours(photo_rows(drover.library)) == []

        run_action(drover.find("push button", "Add to Library"), "click")
        toast = drover.wait_for_label(lambda text: text.startswith("Imported"), what="the import toast")
        assert toast == "Imported 1 photo."
        wait_for(lambda: "beach 2" in photo_rows(drover.library).values(), 30, what="beach 2 in the database")
        screenshot("open-with-added")

        # A second `drover FILE`: the running window shows it.
        second = drover.run_again(str(harbour), timeout=30)
        assert second.returncode == 0, f"{second.stdout}{second.stderr}"
        shown(drover, "harbour.jpg", described=False)
        drover.wait_for_label(lambda text: text == "harbour.jpg", what="harbour.jpg in the viewer's bar")
        assert drover.process.poll() is None

        # A file manager's Open With: the desktop file's Exec line, through GIO.
        install_desktop_file(drover)
        subprocess.run(["gio", "open", str(folder / "beach 10.jpg")], env=drover.environment(), check=True, timeout=30)
        shown(drover, "beach 10.jpg", described=False)
        screenshot("open-with-gio-open")
        rows = photo_rows(drover.library)
        assert len(rows) == samples + 1 and ours(rows) == ["beach 2"]

        keys("Escape")
        drover.wait_for_tiles(lambda names: "beach 2" in names, what="beach 2 in the grid")

        # A web address is downloaded and imported as a browser's drop of it would be.
        served = tmp_path / "served"
        served.mkdir()
        write_jpeg(served / "pier.jpg", seed=120)
        server = subprocess.Popen([sys.executable, "-u", "-m", "http.server", "0", "--bind", "127.0.0.1", "--directory",
                                   str(served)], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        try:
            port = read_line(server.stdout, 30, "the web server's port").split("port ")[1].split()[0]
            result = drover.run_again(f"http://127.0.0.1:{port}/pier.jpg", timeout=30)
            assert result.returncode == 0, f"{result.stdout}{result.stderr}"
            drover.wait_for_tiles(lambda names: "pier" in names, what="the downloaded photo's tile")
            wait_for(lambda: "pier" in photo_rows(drover.library).values(), 30, what="pier in the database")
        finally:
            server.terminate()
            end_process(server, "the web server")
