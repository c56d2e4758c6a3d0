import Foundation
import GalleryKit
import Localization
import UndoKit

/// How each library change a user makes is recorded in the undo history (Ctrl+Z,
/// Ctrl+Shift+Z, a toast's Undo): what it was before, and how to go back and forth.
/// Every step reads the library state it needs before the change is made.
extension GalleryController {
    /// Album ids a redo re-created under a new id: later steps still name the old one.
    func resolve(_ album: AlbumID) -> AlbumID {
        var id = album
        while let newer = albumAliases[id] { id = newer }
        return id
    }

    /// The photo ids of the album, in album order.
    func albumPhotos(_ album: AlbumID) async throws -> [PhotoID] {
        try await library.items(in: .album(album)).flatMap { $0.members.map(\.photoID) }
    }

    /// A reorder: `tiles` went to library index `index` of `scope`; `before` is the order
    /// before it. Undo puts each back at its old index.
    func recordMove(_ tiles: [GalleryItem.ID], to index: Int, in scope: CollectionScope, before: [GalleryItem.ID]) {
        let old = Self.places(of: tiles, in: before)
        let library = library
        history.record(tr("Move {photos}", ["photos": Self.noun(count: tiles.count)]), undo: {
            try await library.moveItems(backTo: old, in: scope)
        }, redo: {
            try await library.moveItems(tiles, to: index, in: scope)
        })
    }

    /// Where each of `items` stands in `order`: what an undo puts back.
    nonisolated static func places(of items: [GalleryItem.ID], in order: [GalleryItem.ID]) -> [(item: GalleryItem.ID, index: Int)] {
        items.compactMap { item in order.firstIndex(of: item).map { (item: item, index: $0) } }
    }

    /// Photos added to `album` (only those not there before), or moved there from `origin`
    /// (their old album positions given).
    func recordAlbumAdd(_ added: [PhotoID], all photos: [PhotoID], to album: AlbumID,
                        from origin: (album: AlbumID, positions: [(PhotoID, Int)])?) {
        let name = origin == nil ? tr("Add {photos} to an album", ["photos": Self.noun(count: photos.count)])
                                 : tr("Move {photos} to another album", ["photos": Self.noun(count: photos.count)])
        history.record(name, undo: { [weak self] in
            guard let self else { return }
            try await self.library.removePhotos(added, fromAlbum: self.resolve(album))
            if let origin {
                for (photo, position) in origin.positions.sorted(by: { $0.1 < $1.1 }) {
                    try await self.library.addPhotos([photo], toAlbum: self.resolve(origin.album), at: position)
                }
            }
        }, redo: { [weak self] in
            guard let self else { return }
            if let origin {
                try await self.library.movePhotos(photos, from: self.resolve(origin.album), to: self.resolve(album))
            } else {
                try await self.library.addPhotos(added, toAlbum: self.resolve(album))
            }
        })
    }

    /// Photos removed from an album (not the library), with their old positions.
    @discardableResult
    func recordAlbumRemoval(_ positions: [(PhotoID, Int)], from album: AlbumID) -> Int {
        history.record(tr("Remove {photos} from an album", ["photos": Self.noun(count: positions.count)]), undo: { [weak self] in
            guard let self else { return }
            for (photo, position) in positions.sorted(by: { $0.1 < $1.1 }) {
                try await self.library.addPhotos([photo], toAlbum: self.resolve(album), at: position)
            }
        }, redo: { [weak self] in
            guard let self else { return }
            try await self.library.removePhotos(positions.map(\.0), fromAlbum: self.resolve(album))
        })
    }

    /// Items deleted from the library. Their files wait for the Trash while the toast
    /// offers Undo, then go there; undoing later brings them back from the Trash. A redo
    /// sends them to the Trash at once. `removal` holds the latest removal record.
    @discardableResult
    func recordDeletion(_ items: [GalleryItem.ID], count: Int, removal: Removal) -> Int {
        history.record(tr("Delete {photos}", ["photos": Self.noun(count: count)]), undo: { [weak self] in
            try await self?.restoreDeleted(removal.removed)
        }, redo: { [weak self] in
            guard let self else { return }
            removal.removed = try await self.library.removeItems(items)
            self.trash(removal.removed)
        })
    }

    /// Puts deleted photos back, from the Trash if their files went there; says which
    /// could not come back (emptied from the Trash, say).
    func restoreDeleted(_ removed: RemovedPhotos) async throws {
        let failures = try await library.bringBackFromTrash(removed)
        try await library.restore(removed)
        if !failures.isEmpty {
            window.toast.show(failures.count == 1 ? failures[0].message
                              : ntr("{count} photo could not come back from the Trash: {reason}.",
                                    "{count} photos could not come back from the Trash: {reason}.",
                                    failures.count, ["reason": failures[0].reason]))
        }
    }

    /// The latest removal record of a deletion in the history.
    final class Removal {
        var removed: RemovedPhotos
        init(_ removed: RemovedPhotos) { self.removed = removed }
    }

    func recordAlbumCreation(_ album: AlbumID, name: String) {
        history.record(tr("Create Album"), undo: { [weak self] in
            guard let self else { return }
            try await self.library.deleteAlbum(self.resolve(album))
        }, redo: { [weak self] in
            guard let self else { return }
            let new = try await self.library.createAlbum(named: name)
            self.albumAliases[self.resolve(album)] = new
        })
    }

    func recordAlbumRename(_ album: AlbumID, from old: String, to new: String) {
        history.record(tr("Rename Album"), undo: { [weak self] in
            guard let self else { return }
            try await self.library.renameAlbum(self.resolve(album), to: old)
        }, redo: { [weak self] in
            guard let self else { return }
            try await self.library.renameAlbum(self.resolve(album), to: new)
        })
    }

    /// A deleted album comes back as a new album (a new id, which later steps follow) with
    /// the same name, place and photos in the same order.
    func recordAlbumDeletion(_ album: AlbumID, name: String, index: Int, photos: [PhotoID]) {
        history.record(tr("Delete Album"), undo: { [weak self] in
            guard let self else { return }
            let new = try await self.library.createAlbum(named: name, at: index)
            if !photos.isEmpty { try await self.library.addPhotos(photos, toAlbum: new) }
            self.albumAliases[self.resolve(album)] = new
        }, redo: { [weak self] in
            guard let self else { return }
            try await self.library.deleteAlbum(self.resolve(album))
        })
    }

    func recordAlbumMove(_ album: AlbumID, from old: Int, to index: Int) {
        history.record(tr("Move Album"), undo: { [weak self] in
            guard let self else { return }
            try await self.library.moveAlbum(self.resolve(album), to: old)
        }, redo: { [weak self] in
            guard let self else { return }
            try await self.library.moveAlbum(self.resolve(album), to: index)
        })
    }

    /// A photo's title changed (in its details). Undo gives back the title it had.
    func recordPhotoRename(_ photo: PhotoID, from old: String, to new: String) {
        let library = library
        history.record(tr("Rename Photo"), undo: {
            try await library.setTitle(old, of: .photo(photo))
        }, redo: {
            try await library.setTitle(new, of: .photo(photo))
        })
    }

    /// Ctrl+Z: undoes the latest change and says which, where focus lands (an undo that
    /// takes away the focused photo, as re-making a stack does, moves focus: said after
    /// that move, the message was read with the photo focus landed on and again). A toast
    /// still offering to undo that change goes: it has nothing left to undo.
    func undo() {
        Task {
            guard history.canUndo, let next = history.undoEntries.last else { return }
            do {
                let message = tr("Undone: {name}.", ["name": next.name])
                if let entry = try await announceWhereFocusLands(message, after: { try await history.undo() }) {
                    window.toast.withdraw(undoing: entry.id)
                }
            } catch {
                window.toast.show(ErrorWording.sentence(.undo, error))
            }
        }
    }

    /// Ctrl+Shift+Z: redoes the latest undone change and says which, where focus lands.
    func redo() {
        Task {
            guard history.canRedo, let next = history.redoEntries.last else { return }
            do {
                let message = tr("Redone: {name}.", ["name": next.name])
                _ = try await announceWhereFocusLands(message, after: { try await history.redo() })
            } catch {
                window.toast.show(ErrorWording.sentence(.redo, error))
            }
        }
    }
}
