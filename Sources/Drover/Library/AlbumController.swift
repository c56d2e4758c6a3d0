import GalleryKit
import GtkKit
import Localization

/// The albums' own commands, from the sidebar and the new-album button: the dialogs that
/// create, rename and delete an album, and what they do (with their undo).
@MainActor
final class AlbumController {
    private let gallery: GalleryController
    private var window: MainWindow { gallery.window }
    private lazy var exporter = PhotoExporter(window: window, library: gallery.library.location.directory)

    init(gallery: GalleryController) {
        self.gallery = gallery
        window.sidebar.onRename = { [weak self] album in self?.askToRename(album) }
        window.sidebar.onDelete = { [weak self] album in self?.deleteAlbum(album) }
        window.sidebar.onExport = { [weak self] album in self?.export(album) }
        window.newAlbumButton.onClicked { [weak self] in self?.askForNewAlbum() }
    }

    private func askForNewAlbum() {
        window.albumPrompt.ask(from: window.newAlbumButton, initial: uniqueAlbumName(tr("New Album"))) { [weak self] name in
            guard let self else { return }
            Task {
                do {
                    let id = try await self.gallery.library.createAlbum(named: name)
                    self.gallery.recordAlbumCreation(id, name: name)
                    await self.gallery.library.waitForObservers()
                    self.window.sidebar.select(.album(id: String(id.rawValue)))
                } catch {
                    self.window.toast.show(ErrorWording.sentence(.createAlbum, error))
                }
            }
        }
    }

    private func askToRename(_ album: AlbumSidebar.AlbumRow) {
        window.renamePrompt.ask(from: window.sidebar.list, initial: album.name) { [weak self] name in
            guard let self, let id = Int64(album.id) else { return }
            Task {
                do {
                    try await self.gallery.library.renameAlbum(AlbumID(rawValue: id), to: name)
                    self.gallery.recordAlbumRename(AlbumID(rawValue: id), from: album.name, to: name)
                } catch {
                    self.window.toast.show(ErrorWording.sentence(.renameAlbum, error))
                }
            }
        }
    }

    /// Export Album…: every photo of the album, in its order, as Export… writes a selection.
    private func export(_ album: AlbumSidebar.AlbumRow) {
        guard let id = Int64(album.id) else { return }
        Task {
            do {
                let items = try await gallery.library.items(in: .album(AlbumID(rawValue: id)))
                guard !items.isEmpty else { return window.announce(tr("“{album}” holds no photos to export.", ["album": album.name])) }
                exporter.export(items)
            } catch {
                window.toast.show(ErrorWording.sentence(.openCollection, error))
            }
        }
    }

    /// Deletes an album, after asking when it holds photos: its photos stay in All
    /// Photos, but the album's choice and order of them go.
    private func deleteAlbum(_ album: AlbumSidebar.AlbumRow) {
        guard album.count > 0 else { return reallyDeleteAlbum(album) }
        let noun = ntr("Its photo stays", "Its {count} photos stay", album.count)
        let dialog = MessageDialog(parent: window.window, heading: tr("Delete “{album}”?", ["album": album.name]),
                                   body: tr("{photos} in All Photos; the album and its order are removed.", ["photos": noun]))
        dialog.addResponse("cancel", label: tr("_Cancel"))
        dialog.addResponse("delete", label: tr("_Delete Album"), appearance: .destructive)
        dialog.setResponses(default: "cancel", close: "cancel")
        dialog.onResponse { [weak self] response in
            if response == "delete" { self?.reallyDeleteAlbum(album) }
        }
        dialog.present()
    }

    private func reallyDeleteAlbum(_ album: AlbumSidebar.AlbumRow) {
        guard let id = Int64(album.id) else { return }
        Task {
            do {
                let albumID = AlbumID(rawValue: id)
                let photos = try await gallery.albumPhotos(albumID)
                let index = gallery.albums.firstIndex { $0.id == albumID } ?? gallery.albums.count
                try await gallery.library.deleteAlbum(albumID)
                gallery.recordAlbumDeletion(albumID, name: album.name, index: index, photos: photos)
                window.toast.show(tr("Deleted the album “{album}”. Its photos are still in All Photos.", ["album": album.name]))
            } catch {
                window.toast.show(ErrorWording.sentence(.deleteAlbum, error))
            }
        }
    }

    private func uniqueAlbumName(_ base: String) -> String {
        Self.uniqueName(base, among: Set(gallery.albums.map(\.name)))
    }

    /// `base`, or if an album has that name, the first of "base 2", "base 3"… none has.
    nonisolated static func uniqueName(_ base: String, among names: Set<String>) -> String {
        guard names.contains(base) else { return base }
        return (2...).lazy.map { "\(base) \($0)" }.first { !names.contains($0) }!
    }
}
