import Foundation
import GalleryKit
import GtkKit
import Localization

/// Opens the details of a photo: of a grid tile (its cover photo, for a stack) by
/// Alt+Enter or the menu's Details, and of the photo the viewer shows. Renames go to the
/// library, which updates the tile and the viewer.
@MainActor
final class DetailsController {
    private let window: MainWindow
    private let gallery: GalleryController
    private let viewer: ViewerController
    private var shown: DetailsWindow?

    init(window: MainWindow, gallery: GalleryController, viewer: ViewerController) {
        self.window = window
        self.gallery = gallery
        self.viewer = viewer
        window.grid.onShowDetails = { [weak self] index in self?.showDetails(ofEntryAt: index) }
        viewer.onShowDetails = { [weak self] in self?.showViewedDetails() }
    }

    func showDetails(ofEntryAt index: Int) {
        guard let photo = gallery.model.item(at: index)?.members.first else { return }
        show(photo.photoID)
    }

    private func showViewedDetails() {
        guard let member = viewer.currentTile?.member else { return }
        show(member.photoID)
    }

    private func show(_ photoID: PhotoID) {
        let library = gallery.library
        Task {
            do {
                let details = try await library.details(of: photoID)
                // A new window each time: closing one destroys it (GTK windows are not reused).
                shown?.window.close()
                let view = DetailsWindow(parent: window.window)
                shown = view
                view.titleEntry.isSensitive = !library.isReadOnly
                view.onRename = { [weak self] title in self?.rename(photoID, to: title) }
                view.show(details)
            } catch {
                window.toast.show(ErrorWording.sentence(.readDetails, error))
            }
        }
    }

    private func rename(_ photoID: PhotoID, to title: String) {
        let library = gallery.library
        Task {
            do {
                // Read before the change: the undo gives back the title the photo had.
                let old = try await library.details(of: photoID).photo.title
                try await library.setTitle(title, of: .photo(photoID))
                if old != title { gallery.recordPhotoRename(photoID, from: old, to: title) }
                let renamed = tr("Renamed the photo “{title}”.", ["title": title])
                if shown?.announce(renamed) != true { window.announce(renamed) }
            } catch {
                window.toast.show(ErrorWording.sentence(.renamePhoto, error))
            }
        }
    }
}
