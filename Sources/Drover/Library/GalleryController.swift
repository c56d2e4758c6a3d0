import ChangeKit
import Dispatch
import DragKit
import Foundation
import GalleryKit
import GtkKit
import Localization
import UndoKit

/// Connects the library to the main window: shows the selected collection,
/// applies the library's change batches to the grid and the sidebar, and
/// turns commands on photos (move, delete, add to an album) into library calls.
/// The albums' own dialogs are `AlbumController`'s.
@MainActor
final class GalleryController {
    let library: PhotoLibrary
    let window: MainWindow
    /// What drags and drops need to know of what is shown: kept up to date here.
    let dragContext: DragContext
    private(set) var scope: CollectionScope = .allPhotos
    /// The items of `scope` and the placeholders among them, as the grid shows them.
    let model = CollectionModel()
    /// The items in the user's own order and the sorted or searched view of them the grid
    /// shows (`GalleryController+Arrangement`).
    let arrangement = ArrangedCollection()
    private(set) var albums: [AlbumSummary] = []
    private var collectionToken: ObservationToken?
    /// Reads QR codes and locations of new photos in the background.
    private(set) lazy var scanner = BackgroundScanner(library: library, placesData: DataFiles.places)
    private var albumsToken: ObservationToken?
    /// Every change the user made, for Ctrl+Z, Ctrl+Shift+Z and toasts' Undo.
    let history = UndoHistory()
    /// See `resolve(_:)`.
    var albumAliases: [AlbumID: AlbumID] = [:]
    /// Stack ids an undo or redo re-made under a new id: later steps still name the old one.
    var stackAliases: [StackID: StackID] = [:]
    /// Views beside the grid that show its items (the viewer) hear of every change.
    var onItemsChanged: [() -> Void] = []
    /// Counts `show`'s reads: a first page (`showFirstPage`) is shown only while the read it
    /// belongs to is the latest and its whole collection has not arrived.
    var showGeneration = 0
    /// Set while `show` makes the grid's entries off the main thread: the library's changes
    /// to the new snapshot wait here, to be applied once it is shown.
    private var changesWhilePreparing: [GalleryKit.CollectionChange]?

    init(library: PhotoLibrary, window: MainWindow, dragContext: DragContext) {
        self.library = library
        self.window = window
        self.dragContext = dragContext
        window.sidebar.onSelect = { [weak self] selection in self?.sidebarSelected(selection) }
        model.onChange = { [weak self] steps in self?.modelChanged(steps) }
        model.reloadHandler = { [weak self] tiles in
            self?.window.grid.setItems(tiles)
            self?.updateEmptyState()
            self?.onItemsChanged.forEach { $0() }
        }
        model.onFailureElsewhere = { [weak self] title, message in
            self?.window.toast.show(ErrorWording.importFailed(title, because: message))
        }
        window.grid.onPlaceholderAction = { [weak self] id, choice in self?.model.placeholderAction(tileID: id, choice: choice) }
        window.grid.qrCodes = QRCodeStore(library: library)
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
            focusChosenAlbum()
            scanner.scan()
        } catch {
            window.toast.show(ErrorWording.sentence(.readLibrary, error))
        }
    }

    /// Focus starts on the chosen album ("All Photos"). The window's first
    /// focus happens before the application is on the accessibility bus, so a
    /// screen reader never hears it: once the library is shown, focus is set
    /// again (away and back, or GTK would not report it).
    private func focusChosenAlbum() {
        window.window.clearFocus()
        window.sidebar.focusChosen()
    }

    /// Switches the grid to `scope`: one snapshot, then incremental changes.
    func show(_ scope: CollectionScope) async {
        collectionToken?.cancel()
        collectionToken = nil
        changesWhilePreparing = nil  // they belong to the snapshot this show replaces
        self.scope = scope
        showGeneration += 1
        let generation = showGeneration
        Task { await showFirstPage(of: scope, generation: generation) }
        do {
            let (items, token) = try await library.observe(scope) { [weak self] change in
                Self.onMain { self?.apply(change) }
            }
            guard self.scope == scope else { token.cancel(); return }
            collectionToken = token
            if generation == showGeneration { showGeneration += 1 }  // a first page still on its way is not shown
            let applying = showGeneration
            // In the user's own order the grid shows the items as read: their entries and tiles
            // are made off the main thread. The library's changes from here on come after this
            // snapshot: they wait until it is shown.
            var prepared: PreparedCollection?
            if arrangement.isOwnOrder {
                changesWhilePreparing = []
                prepared = await PreparedCollection.make(items)
                // Another collection (or this one again) was asked for meanwhile: its `show` goes on.
                guard applying == showGeneration, self.scope == scope else { return }
            }
            arrangement.replaceItems(items)
            model.arrangedOwnCount = arrangement.isOwnOrder ? nil : items.count
            if let prepared, arrangement.isOwnOrder {
                model.load(prepared, scope: scope)
            } else {
                model.load(arrangement.shownItems, scope: scope)  // sorted or searched meanwhile
            }
            let held = changesWhilePreparing ?? []
            changesWhilePreparing = nil
            held.forEach(apply)
            window.deleteZone.setScope(albumName: albumName(for: scope))
            updateEmptyState()
            // The read's temporaries (rows, dictionaries, the first page's models) are free
            // now but still resident: their pages go back (100,000 photos: 50 MB), before
            // the grid's textures and GDK's per-draw surfaces take more.
            FreedMemory.giveBack()
        } catch {
            window.toast.show(ErrorWording.sentence(.openCollection, error))
        }
    }

    // MARK: Changes from the library

    private func apply(_ change: GalleryKit.CollectionChange) {
        guard change.scope == scope else { return }
        if changesWhilePreparing != nil { return changesWhilePreparing!.append(change) }
        let shownSteps = arrangement.apply(change.steps)
        if arrangement.isOwnOrder {
            model.apply(change.steps, commits: change.commits)
        } else {
            model.batch {
                model.settleCommitsElsewhere(change.commits)
                showArrangement(following: shownSteps)
            }
        }
        // New photos need their QR codes and location read.
        if change.steps.contains(where: { if case .insert = $0 { true } else { false } }) { scanner.scan() }
    }

    private func modelChanged(_ steps: [ChangeStep<TileModel>]) {
        window.grid.apply(steps)
        updateEmptyState()
        onItemsChanged.forEach { $0() }
    }

    func updateEmptyState() {
        window.showGridOrEmptyState(albumName: albumName(for: scope))
        if let query = arrangement.query, model.count == 0 { window.showNoResults(for: query) }
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
        dragContext.albumIDsByName = Dictionary(albums.map { ($0.name, ContainerID($0.id.rawValue)) },
                                              uniquingKeysWith: { first, _ in first })
        window.sidebar.setAlbums(albums.map { .init(id: String($0.id.rawValue), name: $0.name, count: $0.photoCount) })
        if case .album(let id) = scope { window.sidebar.select(.album(id: String(id.rawValue))) }
    }

    // MARK: Drops

    /// Moves tiles (the grid entries at `selection`) so that they land at grid
    /// `finalIndex`, DragKit's answer for the drop (`DropAction.reorder`).
    func reorder(_ tiles: [GalleryItem.ID], selection: MovingSelection, finalIndex: Int) {
        // The library counts positions among its items, without the moved ones;
        // the placeholder collection converts, as it knows the placeholders.
        let index = model.itemIndex(forFinalIndex: finalIndex, moving: selection)
        let scope = self.scope
        let noun = Self.noun(count: selection.sortedIndices.count)
        Task {
            do {
                let before = try await library.items(in: scope).map(\.id)
                try await library.moveItems(tiles, to: max(0, index), in: scope)
                recordMove(tiles, to: max(0, index), in: scope, before: before)
                await library.waitForObservers()
                window.announce(tr("Moved {photos} to position {position} of {count}.", ["photos": noun, "position": finalIndex + 1, "count": model.count]))
            } catch {
                window.toast.show(ErrorWording.sentence(.movePhotos, error))
            }
        }
    }

    /// Where Undo is, in words: the notification's button (Ctrl+Z arrives with
    /// the undo issue; say it only once it works).
    static let undoHint = tr("Undo with Ctrl+Z.")

    /// "1 photo", "3 photos", in the user's language: every count of photos said in words.
    nonisolated static func noun(count: Int) -> String { ntr("{count} photo", "{count} photos", count) }

    /// Adds photos to an album; with `movingFrom` an album, takes them out of it.
    /// `alreadyThere` photos were in the album before (DragKit left them out): said too.
    func add(_ photos: [PhotoID], toAlbum album: AlbumID, movingFrom source: CollectionScope?, alreadyThere: Int = 0) {
        let name = albums.first { $0.id == album }?.name ?? tr("the album")
        let noun = Self.noun(count: photos.count)
        let there = alreadyThere == 0 ? "" : " " + ntr("{count} was there already.", "{count} were there already.", alreadyThere)
        Task {
            do {
                let present = Set(try await albumPhotos(album))
                let added = photos.filter { !present.contains($0) }
                if case .album(let origin) = source, origin != album {
                    let order = try await albumPhotos(origin)
                    let positions = photos.compactMap { photo in order.firstIndex(of: photo).map { (photo, $0) } }
                    try await library.movePhotos(photos, from: origin, to: album)
                    recordAlbumAdd(added, all: photos, to: album, from: (origin, positions))
                    window.announce(tr("Moved {photos} to {album}.", ["photos": noun, "album": name]))
                } else {
                    try await library.addPhotos(photos, toAlbum: album)
                    if !added.isEmpty { recordAlbumAdd(added, all: photos, to: album, from: nil) }
                    window.announce(tr("Added {photos} to {album}.", ["photos": noun, "album": name]) + there)
                }
            } catch {
                window.toast.show(ErrorWording.sentence(.addToAlbum(named: name), error))
            }
        }
    }

    func moveAlbum(_ album: AlbumID, to index: Int) {
        Task {
            do {
                let old = albums.firstIndex { $0.id == album }
                try await library.moveAlbum(album, to: index)
                if let old { recordAlbumMove(album, from: old, to: index) }
            } catch {
                window.toast.show(ErrorWording.sentence(.moveAlbum, error))
            }
        }
    }

    /// Adds text as a note tile at grid `index`, as the insert named `commitID`.
    func addNote(_ text: String, atEntry index: Int, as commitID: CommitID) async throws {
        _ = try await library.addNote(text, at: model.itemIndex(forEntryAt: index), as: commitID)
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

    func albumName(for scope: CollectionScope) -> String? {
        guard case .album(let id) = scope else { return nil }
        return albums.first { $0.id == id }?.name
    }

    // MARK: Helpers

    /// Library observers run on a private queue; the UI changes on the main
    /// actor, in the order the library committed them (the main queue is FIFO).
    nonisolated static func onMain(_ body: @escaping @MainActor () -> Void) {
        DispatchQueue.main.async { MainActor.assumeIsolated(body) }
    }
}
