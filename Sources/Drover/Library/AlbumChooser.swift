import CGtk
import GalleryKit
import GtkKit
import Localization

/// A popover listing the albums as buttons ("Add to Travel"), for "Add to
/// Album…" and "Move to Album…" without a drag: the single-pointer and
/// keyboard path to what dropping on an album row does.
@MainActor
final class AlbumChooser {
    private var popover: Popover?

    func show(albums: [AlbumSummary], moving: Bool, from anchor: Widget, choose: @escaping (AlbumID) -> Void) {
        popover?.unparent()
        let popover = Popover()
        let box = Box(GTK_ORIENTATION_VERTICAL, spacing: 4)
        box.setMargins(6)
        if albums.isEmpty {
            box.append(Label(tr("No albums yet. Create one with the + button.")))
        }
        for album in albums {
            let button = Button(label: moving ? tr("Move to {album}", ["album": album.name]) : tr("Add to {album}", ["album": album.name]))
            button.setHasFrame(false)
            button.onClicked { [weak popover] in
                popover?.popdown()
                choose(album.id)
            }
            box.append(button)
        }
        popover.setChild(box)
        popover.setParent(anchor)
        popover.popup()
        self.popover = popover
    }
}
