import Dispatch
import Foundation
import GalleryKit
import GtkKit

/// Connects the library to the main window: shows the selected collection,
/// applies the library's change batches to the grid and the sidebar, and
/// turns album commands into library calls.
@MainActor
final class GalleryController {
    let library: PhotoLibrary
    let window: MainWindow
    private(set) var scope: CollectionScope = .allPhotos
    /// The items of `scope` and the placeholders among them, as the grid shows them.
    let model = CollectionModel()
    private(set) var albums: [AlbumSummary] = []
    private var collectionToken: ObservationToken?
    private var albumsToken: ObservationToken?

    init(library: PhotoLibrary, window: MainWindow) {
        self.library = library
        self.window = window
        window.sidebar.onSelect = { [weak self] selection in self?.sidebarSelected(selection) }
        window.sidebar.onRename = { [weak self] album in self?.askToRename(album) }
        window.sidebar.onDelete = { [weak self] album in self?.deleteAlbum(album) }
        window.newAlbumButton.onClicked { [weak self] in self?.askForNewAlbum() }
        model.onChange = { [weak self] steps in self?.modelChanged(steps) }
        model.reloadHandler = { [weak self] tiles in
            self?.window.grid.setItems(tiles)
            self?.updateEmptyState()
        }
        window.grid.onPlaceholderAction = { [weak self] id in self?.model.placeholderAction(tileID: id) }
    }

    /// Loads the album list and the main collection, and starts observing them.
    func start() async {
        do {
            let (albums, token) = try await library.observeAlbums { [weak self] change in
                Self.onMain { self?.apply(change) }
            }
            self.albums = albums
            albumsToken = token
            showAlbums()
            await show(.allPhotos)
        } catch {
            window.toast.show("Could not read the library: \(Self.describe(error))")
        }
    }

    /// Switches the grid to `scope`: one snapshot, then incremental changes.
    func show(_ scope: CollectionScope) async {
        collectionToken?.cancel()
        collectionToken = nil
        self.scope = scope
        do {
            let (items, token) = try await library.observe(scope) { [weak self] change in
                Self.onMain { self?.apply(change) }
            }
            guard self.scope == scope else { token.cancel(); return }
            collectionToken = token
            model.load(items)
            window.deleteZone.setScope(albumName: albumName(for: scope))
            updateEmptyState()
        } catch {
            window.toast.show("Could not open this collection: \(Self.describe(error))")
        }
    }

    // MARK: Changes from the library

    private func apply(_ change: CollectionChange) {
        guard change.scope == scope else { return }
        model.apply(change.steps)
    }

    private func modelChanged(_ steps: [ChangeStep<TileModel>]) {
        window.grid.apply(steps)
        updateEmptyState()
    }

    private func updateEmptyState() {
        window.showGridOrEmptyState(albumName: albumName(for: scope))
    }

    private func apply(_ change: AlbumListChange) {
        albums.apply(change.steps)
        showAlbums()
        if case .album(let id) = scope, change.deletedAlbums.contains(id) {
            Task { await show(.allPhotos) }
        } else if case .album = scope {
            window.deleteZone.setScope(albumName: albumName(for: scope))
        }
    }

    private func showAlbums() {
        window.sidebar.setAlbums(albums.map { .init(id: String($0.id.rawValue), name: $0.name, count: $0.photoCount) })
        if case .album(let id) = scope { window.sidebar.select(.album(id: String(id.rawValue))) }
    }

    // MARK: Albums

    private func sidebarSelected(_ selection: AlbumSidebar.Selection) {
        let target: CollectionScope
        switch selection {
        case .allPhotos: target = .allPhotos
        case .album(let id): target = .album(AlbumID(rawValue: Int64(id) ?? 0))
        }
        guard target != scope else { return }
        Task { await show(target) }
    }

    private func albumName(for scope: CollectionScope) -> String? {
        guard case .album(let id) = scope else { return nil }
        return albums.first { $0.id == id }?.name
    }

    private func askForNewAlbum() {
        window.albumPrompt.ask(from: window.newAlbumButton, initial: uniqueAlbumName("New Album")) { [weak self] name in
            guard let self else { return }
            Task {
                do {
                    let id = try await self.library.createAlbum(named: name)
                    await self.library.waitForObservers()
                    self.window.sidebar.select(.album(id: String(id.rawValue)))
                } catch {
                    self.window.toast.show("Could not create the album: \(Self.describe(error))")
                }
            }
        }
    }

    private func askToRename(_ album: AlbumSidebar.AlbumRow) {
        window.renamePrompt.ask(from: window.sidebar.list, initial: album.name) { [weak self] name in
            guard let self, let id = Int64(album.id) else { return }
            Task {
                do { try await self.library.renameAlbum(AlbumID(rawValue: id), to: name) } catch {
                    self.window.toast.show("Could not rename the album: \(Self.describe(error))")
                }
            }
        }
    }

    private func deleteAlbum(_ album: AlbumSidebar.AlbumRow) {
        guard let id = Int64(album.id) else { return }
        Task {
            do {
                try await library.deleteAlbum(AlbumID(rawValue: id))
                window.toast.show("Deleted the album \u{201C}\(album.name)\u{201D}. Its photos are still in All Photos.")
            } catch {
                window.toast.show("Could not delete the album: \(Self.describe(error))")
            }
        }
    }

    private func uniqueAlbumName(_ base: String) -> String {
        let names = Set(albums.map(\.name))
        guard names.contains(base) else { return base }
        return (2...).lazy.map { "\(base) \($0)" }.first { !names.contains($0) }!
    }

    // MARK: Helpers

    /// Library observers run on a private queue; the UI changes on the main
    /// actor, in the order the library committed them (the main queue is FIFO).
    nonisolated static func onMain(_ body: @escaping @MainActor () -> Void) {
        DispatchQueue.main.async { MainActor.assumeIsolated(body) }
    }

    static func describe(_ error: any Error) -> String {
        (error as? LocalizedError)?.errorDescription ?? String(describing: error)
    }
}
