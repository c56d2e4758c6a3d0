import Foundation
import GalleryKit
import GtkKit
import Localization
import UndoKit

/// Deleting tiles, and putting them back: the toast's Undo, where focus lands and what is
/// said there, and the Trash for what was not put back.
extension GalleryController {
    /// Runs `change` (a delete, an undo), then says `message` once the grid shows it: as
    /// focus lands on the next photo if the change moved it there (read once,
    /// with that photo's title and position), else where focus is.
    func announceWhereFocusLands<T>(_ message: String, after change: () async throws -> T) async throws -> T {
        window.grid.sayWhereFocusLands(message)
        do {
            let result = try await change()
            await library.waitForObservers()
            window.grid.whenFocusSettles { [weak self] in self?.window.grid.sayLandingMessageIfUnsaid() }
            return result
        } catch {
            window.grid.sayWhereFocusLands(nil)
            throw error
        }
    }

    /// Deletes tiles: from the library in All Photos, from the album inside an
    /// album. An Undo toast restores them exactly; if it goes unused, the
    /// library files go to the freedesktop Trash (never unlinked).
    func delete(_ tiles: [GalleryItem]) {
        let count = tiles.reduce(0) { $0 + $1.count }
        let noun = Self.noun(count: count)
        switch scope {
        case .allPhotos:
            Task {
                do {
                    let ids = tiles.map(\.id)
                    let removal = Removal(try await announceWhereFocusLands(tr("Deleted {photos}.", ["photos": noun]) + " " + Self.undoHint) {
                        try await library.removeItems(ids)
                    })
                    let entry = recordDeletion(ids, count: count, removal: removal)
                    // Said already, with the Undo hint, where focus landed.
                    window.toast.show(tr("Deleted {photos}.", ["photos": noun]), actionLabel: tr("Undo"), undoing: entry, announced: false, action: { [weak self] in
                        self?.undoFromToast(entry, announcing: tr("Restored {photos}.", ["photos": noun]), focusing: ids) {
                            try await self?.restoreDeleted(removal.removed)
                        }
                    }, whenIgnored: { [weak self] in self?.trash(removal.removed) })
                } catch {
                    window.toast.show(ErrorWording.sentence(.delete, error))
                }
            }
        case .album(let album):
            let photos = tiles.flatMap { $0.members.map(\.photoID) }
            let name = albumName(for: scope) ?? "the album"
            // Undo puts each photo back at its old place, lowest index first.
            let positions = tiles.compactMap { tile in arrangement.ownItems.firstIndex { $0.id == tile.id } }
            Task {
                do {
                    try await announceWhereFocusLands(tr("Removed {photos} from {album}.", ["photos": noun, "album": name]) + " " + Self.undoHint) {
                        try await library.removePhotos(photos, fromAlbum: album)
                    }
                    let entry = recordAlbumRemoval(Array(zip(photos, positions)), from: album)
                    let tileIDs = tiles.map(\.id)
                    window.toast.show(tr("Removed {photos} from “{album}”.", ["photos": noun, "album": name]), actionLabel: tr("Undo"), undoing: entry,
                                      announced: false, action: { [weak self] in
                        guard let self else { return }
                        self.undoFromToast(entry, announcing: tr("Restored {photos} to {album}.", ["photos": noun, "album": name]), focusing: tileIDs) {
                            for (photo, position) in zip(photos, positions).sorted(by: { $0.1 < $1.1 }) {
                                try await self.library.addPhotos([photo], toAlbum: self.resolve(album), at: position)
                            }
                        }
                    })
                } catch {
                    window.toast.show(ErrorWording.sentence(.removeFromAlbum, error))
                }
            }
        }
    }

    /// A toast's Undo: the history's undo while its change is the latest; otherwise
    /// (something newer happened since) `fallback`, the change's own undo, out of order;
    /// nothing if the change was undone already. Focus then goes back to the first of
    /// `items` that came back (not to a container), and the result is announced there.
    func undoFromToast(_ entry: Int, announcing message: String, focusing items: [GalleryItem.ID],
                               fallback: @escaping @MainActor () async throws -> Void) {
        Task {
            do {
                switch try await history.undo(entry: entry) {
                case .undone: break
                case .leftToCaller: try await fallback()
                case .nothing: return
                }
                await library.waitForObservers()
                focusFirst(of: items, announcing: message)
            } catch {
                window.toast.show(ErrorWording.sentence(.restore, error))
            }
        }
    }

    /// Puts keyboard focus on the first of `items` the grid shows (after an
    /// undo, focus goes back to what came back, not to a container), saying
    /// `message` as it lands (or where focus is, if none of them is shown).
    func focusFirst(of items: [GalleryItem.ID], announcing message: String? = nil) {
        let indices = items.compactMap { window.grid.index(of: $0.description) }
        if let first = indices.min() {
            window.grid.focus(index: first, announcing: message)
        } else if let message {
            window.announce(message)
        }
    }

    /// After a change made while the grid was to `sayWhereFocusLands`: focus to the first
    /// of `items`, the message said once, with the photo focus lands on (by the grid's own
    /// move, when the change took the focused photo away, or by this one), or where focus
    /// is. Said after a focus move instead, a message is read with the photo and again.
    /// When the grid's move landed elsewhere (a neighbour of the photo taken away), the
    /// message goes again with the move to `items`: a screen reader skips a focus that has
    /// already moved on by the time it gets to it, message and all.
    func focusFirstSayingLandingMessage(_ message: String, of items: [GalleryItem.ID]) {
        window.grid.whenFocusSettles { [weak self] in
            guard let self else { return }
            let grid = window.grid
            let target = items.compactMap { grid.index(of: $0.description) }.min()
            if grid.landingMessage == nil, let target, grid.focusIndex != target {
                focusFirst(of: items, announcing: message)
                return
            }
            focusFirst(of: items)
            grid.whenFocusSettles { grid.sayLandingMessageIfUnsaid() }
        }
    }

    func trash(_ removed: RemovedPhotos) {
        Task {
            do {
                let report = try await library.trash(removed)
                if !report.failures.isEmpty {
                    window.toast.show(ntr("{count} photo could not be moved to the Trash; it stays in the library folder.",
                                           "{count} photos could not be moved to the Trash; they stay in the library folder.",
                                           report.failures.count))
                }
            } catch {
                window.toast.show(ErrorWording.sentence(.moveToTrash, error))
            }
        }
    }
}
