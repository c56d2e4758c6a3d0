import Foundation
import GRDB

extension PhotoLibrary {
    // MARK: Order

    /// Moves items so they sit together, in the given order, at `index`: an index into
    /// the collection *without* the moved items (what a drop gap shows). In an album,
    /// items are photos; in All Photos they may be photos, stacks and notes.
    public func moveItems(_ items: [GalleryItem.ID], to index: Int, in scope: CollectionScope) async throws {
        try await mutate { changes in
            switch scope {
            case .allPhotos:
                try changes.editMain { main in
                    for item in items where !main.contains(item) { throw LibraryError.itemNotFound(item) }
                    main.move(items, to: index)
                }
            case .album(let albumID):
                let photos = try items.map { item -> PhotoID in
                    guard case .photo(let id) = item else { throw LibraryError.itemNotFound(item) }
                    return id
                }
                try changes.editAlbum(albumID) { album in
                    for photo in photos where !album.contains(photo) { throw LibraryError.itemNotFound(.photo(photo)) }
                    album.move(photos, to: index)
                }
            }
        }
    }

    /// Puts items back at their own indices (in the collection's final order) in one
    /// change, wherever they stand now: how a move or a stack is undone.
    public func moveItems(backTo places: [(item: GalleryItem.ID, index: Int)], in scope: CollectionScope) async throws {
        try await mutate { changes in
            switch scope {
            case .allPhotos:
                try changes.editMain { main in
                    for place in places where !main.contains(place.item) { throw LibraryError.itemNotFound(place.item) }
                    main.putBack(places.map { (key: $0.item, index: $0.index) })
                }
            case .album(let albumID):
                let photos = try places.map { place -> (key: PhotoID, index: Int) in
                    guard case .photo(let id) = place.item else { throw LibraryError.itemNotFound(place.item) }
                    return (key: id, index: place.index)
                }
                try changes.editAlbum(albumID) { album in
                    for photo in photos where !album.contains(photo.key) { throw LibraryError.itemNotFound(.photo(photo.key)) }
                    album.putBack(photos)
                }
            }
        }
    }

    // MARK: Albums

    /// Creates an album at `index` in the album list (default: the end).
    @discardableResult
    public func createAlbum(named name: String, at index: Int? = nil) async throws -> AlbumID {
        try await mutate { changes in try changes.createAlbum(named: name, at: index) }
    }

    public func renameAlbum(_ albumID: AlbumID, to name: String) async throws {
        try await mutate { changes in
            guard try changes.albumExists(albumID) else { throw LibraryError.albumNotFound(albumID) }
            try changes.db.execute(sql: "UPDATE album SET name = ? WHERE id = ?", arguments: [name, albumID.rawValue])
            changes.touchAlbum(albumID)
            // Tiles list their album names.
            changes.touch(try OrderStore.loadAlbum(changes.db, albumID).map(\.key))
        }
    }

    /// Deletes an album. Its photos stay in the library.
    public func deleteAlbum(_ albumID: AlbumID) async throws {
        try await mutate { changes in try changes.deleteAlbum(albumID) }
    }

    /// Moves an album to `index` in the album list (an index into the list without it).
    public func moveAlbum(_ albumID: AlbumID, to index: Int) async throws {
        try await mutate { changes in
            try changes.editAlbumList { list in
                guard list.contains(albumID) else { throw LibraryError.albumNotFound(albumID) }
                list.move([albumID], to: index)
            }
        }
    }

    /// Adds the photos of `items` (a stack adds all its photos) to an album at `index`
    /// (default: the end). Photos already in the album stay where they are.
    ///
    /// - Throws: `LibraryError.notAllowedForNote` if `items` holds a note (notes live in
    ///   All Photos only); nothing is added then, so filter notes out to add the rest.
    public func addItems(_ items: [GalleryItem.ID], toAlbum albumID: AlbumID, at index: Int? = nil) async throws {
        try await mutate { changes in
            var photos: [PhotoID] = []
            for item in items { photos += try changes.photoIDs(of: item) }
            try changes.editAlbum(albumID) { album in
                var index = index ?? album.count
                var seen: Set<PhotoID> = []
                for photo in photos where !album.contains(photo) && seen.insert(photo).inserted {
                    album.insert(photo, at: index)
                    index = min(index + 1, album.count)
                }
            }
        }
    }

    public func addPhotos(_ photos: [PhotoID], toAlbum albumID: AlbumID, at index: Int? = nil) async throws {
        try await addItems(photos.map { .photo($0) }, toAlbum: albumID, at: index)
    }

    /// Moves photos from one album to the end of another in one transaction, so they are
    /// never in both or in neither. Photos already in `destination` keep their place
    /// there and still leave `origin`.
    public func movePhotos(_ photos: [PhotoID], from origin: AlbumID, to destination: AlbumID) async throws {
        guard origin != destination else { return }
        try await mutate { changes in
            try changes.editAlbum(destination) { album in
                for photo in photos where !album.contains(photo) { album.insert(photo, at: album.count) }
            }
            try changes.editAlbum(origin) { album in
                for photo in photos { album.remove(photo) }
            }
        }
    }

    /// Takes photos out of an album (they stay in the library).
    public func removePhotos(_ photos: [PhotoID], fromAlbum albumID: AlbumID) async throws {
        try await mutate { changes in
            try changes.editAlbum(albumID) { album in
                for photo in photos { album.remove(photo) }
            }
        }
    }

    // MARK: Titles

    public func setTitle(_ title: String, of item: GalleryItem.ID) async throws {
        try await mutate { changes in
            switch item {
            case .photo(let id):
                guard try changes.stackOf(id) != nil else { throw LibraryError.photoNotFound(id) }
                try changes.db.execute(sql: "UPDATE photo SET title = ? WHERE id = ?", arguments: [title, id.rawValue])
                changes.touch([id])
            case .stack(let id):
                try changes.db.execute(sql: "UPDATE stack SET title = ? WHERE id = ?", arguments: [title, id.rawValue])
                guard changes.db.changesCount > 0 else { throw LibraryError.itemNotFound(item) }
                changes.touch(id)
            case .note(let id):
                throw LibraryError.notAllowedForNote(id)
            }
        }
    }

    // MARK: Stacks

    /// Makes one stack of `items` (photos, or stacks whose photos join), in the given
    /// order, placed where the first of them was in the main collection. Notes cannot be
    /// stacked (`LibraryError.notAllowedForNote`).
    /// Photos taken out of another stack leave it (a stack left with one photo dissolves).
    @discardableResult
    public func makeStack(of items: [GalleryItem.ID], title: String = "") async throws -> StackID {
        try await mutate { changes in try changes.makeStack(of: items, title: title) }
    }

    /// Replaces a stack with its photos, in stack order, where the stack was.
    public func unstack(_ stackID: StackID) async throws {
        try await mutate { changes in
            let members = try changes.stackMembers(stackID)
            guard !members.isEmpty else { throw LibraryError.itemNotFound(.stack(stackID)) }
            try changes.editMain { main in
                guard let index = main.remove(.stack(stackID)) else { throw LibraryError.itemNotFound(.stack(stackID)) }
                for (offset, photo) in members.enumerated() { main.insert(.photo(photo), at: index + offset) }
            }
            for photo in members { try changes.setStack(photo, nil, position: nil) }
            try changes.db.execute(sql: "DELETE FROM stack WHERE id = ?", arguments: [stackID.rawValue])
        }
    }
}

extension ChangeSet {
    func makeStack(of items: [GalleryItem.ID], title: String) throws -> StackID {
        var members: [PhotoID] = []
        for item in items {
            for photo in try photoIDs(of: item) where !members.contains(photo) { members.append(photo) }
        }
        guard !members.isEmpty else { throw LibraryError.storageFailed(detail: "a stack needs at least one photo") }

        // Where each photo shows in the main collection now.
        var shownAs: [PhotoID: GalleryItem.ID] = [:]
        for photo in members {
            shownAs[photo] = try stackOf(photo)!.map { .stack($0) } ?? .photo(photo)
        }
        // Entries that leave the main collection: single photos, and stacks losing every photo.
        let memberSet = Set(members)
        var leaving: Set<GalleryItem.ID> = []
        for shown in Set(shownAs.values) {
            if case .stack(let old) = shown, try !Set(stackMembers(old)).isSubset(of: memberSet) { continue }
            leaving.insert(shown)
        }
        let placement = try editMain { main -> Int in
            let indices = Set(shownAs.values).compactMap { main.index(of: $0) }
            guard let first = indices.min() else { return main.count }
            return main.keys[..<first].filter { !leaving.contains($0) }.count
        }

        try db.execute(sql: "INSERT INTO stack (title, dateCreated) VALUES (?, ?)", arguments: [title, Date().timeIntervalSince1970])
        let stackID = StackID(rawValue: db.lastInsertedRowID)

        var emptied: Set<StackID> = []
        for photo in members {
            switch shownAs[photo]! {
            case .photo: try editMain { $0.remove(.photo(photo)) }
            case .stack(let old): emptied.insert(old)
            case .note: break  // never: shownAs only holds photos and stacks
            }
        }
        for (position, photo) in members.enumerated() { try setStack(photo, stackID, position: position) }
        for old in emptied { try settleStack(old) }
        try editMain { $0.insert(.stack(stackID), at: placement) }
        return stackID
    }
}
