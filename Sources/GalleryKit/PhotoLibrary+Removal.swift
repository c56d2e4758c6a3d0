import Foundation
import GRDB

/// What removing photos took away, enough to put them back exactly (undo): their
/// rows, places in the main collection, stacks and albums.
///
/// The library files are not deleted by removal: `photos` gives their URLs so the
/// app can move them to the Trash. Until the next open of the library, they stay in
/// place for undo; on that open, files with no row are cleaned up.
public struct RemovedPhotos: Sendable {
    /// The removed photos, with the library file URLs to send to the Trash.
    public let photos: [Photo]
    public var fileURLs: [URL] { photos.map(\.fileURL) }

    struct StackSnapshot: Sendable {
        var id: StackID
        var title: String
        var dateCreated: Double
        /// Every photo of the stack before the removal, in stack order.
        var members: [PhotoID]
    }

    let rows: [PhotoRow]
    /// Main-collection entries that left, with their index before the removal.
    let mainEntries: [(item: GalleryItem.ID, index: Int)]
    let stacks: [StackSnapshot]
    /// Album entries that left, with their index before the removal.
    let albumEntries: [AlbumID: [(photo: PhotoID, index: Int)]]
}

extension PhotoLibrary {
    /// Removes photos from the library: from the main collection, their stacks and albums.
    /// Returns the record `restore(_:)` takes to undo it.
    public func removePhotos(_ photos: [PhotoID]) async throws -> RemovedPhotos {
        try await mutate { changes in try changes.removeFromLibrary(Set(photos)) }
    }

    /// Removes items (a stack removes all its photos). See `removePhotos(_:)`.
    public func removeItems(_ items: [GalleryItem.ID]) async throws -> RemovedPhotos {
        try await mutate { changes in
            var photos: Set<PhotoID> = []
            for item in items { photos.formUnion(try changes.photoIDs(of: item)) }
            return try changes.removeFromLibrary(photos)
        }
    }

    /// Puts removed photos back where they were. Photos already back are skipped; places
    /// are clamped if the collections changed since.
    public func restore(_ removed: RemovedPhotos) async throws {
        try await mutate { changes in try changes.restore(removed) }
    }
}

extension ChangeSet {
    func removeFromLibrary(_ ids: Set<PhotoID>) throws -> RemovedPhotos {
        let loader = ItemLoader(db: db, location: location)
        let rows = try loader.photoRows(Array(ids)).values.sorted { $0.id < $1.id }
        for id in ids where !rows.contains(where: { $0.id == id }) { throw LibraryError.photoNotFound(id) }

        let indexBefore: [GalleryItem.ID: Int] = try editMain { main in
            Dictionary(main.keys.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        }
        var mainEntries: [(item: GalleryItem.ID, index: Int)] = []
        var snapshots: [RemovedPhotos.StackSnapshot] = []

        // Single photos leave the main collection.
        for row in rows where row.stackID == nil {
            let key = GalleryItem.ID.photo(row.id)
            if let index = indexBefore[key] { mainEntries.append((key, index)) }
            try editMain { $0.remove(key) }
        }
        // Stacks lose members; a stack left with one photo or none leaves too.
        let byStack = Dictionary(grouping: rows.filter { $0.stackID != nil }, by: { $0.stackID! })
        for (stackID, removed) in byStack.sorted(by: { $0.key < $1.key }) {
            let members = try stackMembers(stackID)
            let title = try String.fetchOne(db, sql: "SELECT title FROM stack WHERE id = ?", arguments: [stackID.rawValue]) ?? ""
            let created = try Double.fetchOne(db, sql: "SELECT dateCreated FROM stack WHERE id = ?", arguments: [stackID.rawValue]) ?? 0
            snapshots.append(.init(id: stackID, title: title, dateCreated: created, members: members))
            let removedIDs = Set(removed.map(\.id))
            if members.filter({ !removedIDs.contains($0) }).count <= 1, let index = indexBefore[.stack(stackID)] {
                mainEntries.append((.stack(stackID), index))
            }
            for photo in removedIDs { try setStack(photo, nil, position: nil) }
            try settleStack(stackID)
        }
        // Albums.
        var albumEntries: [AlbumID: [(photo: PhotoID, index: Int)]] = [:]
        let memberships = try db.inChunks(Array(ids)) { chunk in
            try Row.fetchAll(db, sql: "SELECT albumID, photoID FROM albumEntry WHERE photoID IN (\(questionMarks(chunk.count)))",
                             arguments: StatementArguments(chunk.map(\.rawValue)))
                .map { (AlbumID(rawValue: $0[0]), PhotoID(rawValue: $0[1])) }
        }
        for (albumID, pairs) in Dictionary(grouping: memberships, by: \.0) {
            try editAlbum(albumID) { album in
                var entries: [(photo: PhotoID, index: Int)] = []
                for (_, photo) in pairs { if let index = album.index(of: photo) { entries.append((photo, index)) } }
                for entry in entries { album.remove(entry.photo) }
                albumEntries[albumID] = entries
            }
        }
        for id in ids {
            try db.execute(sql: "DELETE FROM photo WHERE id = ?", arguments: [id.rawValue])
        }
        return RemovedPhotos(photos: rows.map { $0.photo(in: location) }, rows: rows,
                             mainEntries: mainEntries, stacks: snapshots, albumEntries: albumEntries)
    }

    func restore(_ removed: RemovedPhotos) throws {
        var restored: Set<PhotoID> = []
        for var row in removed.rows {
            guard try stackOf(row.id) == nil else { continue }  // already back
            row.stackID = nil
            row.stackPosition = nil
            try row.insert(db)
            restored.insert(row.id)
        }
        guard !restored.isEmpty else { return }

        for stack in removed.stacks {
            if try Bool.fetchOne(db, sql: "SELECT 1 FROM stack WHERE id = ?", arguments: [stack.id.rawValue]) != true {
                try db.execute(sql: "INSERT INTO stack (id, title, dateCreated) VALUES (?, ?, ?)",
                               arguments: [stack.id.rawValue, stack.title, stack.dateCreated])
            }
            for (position, photo) in stack.members.enumerated() {
                guard let current = try stackOf(photo) else { continue }  // gone since
                switch current {
                case nil:
                    // A restored photo, or the one left behind when the stack dissolved.
                    try editMain { $0.remove(.photo(photo)) }
                case let other? where other != stack.id:
                    continue  // stacked elsewhere since: leave it there
                default:
                    break
                }
                try setStack(photo, stack.id, position: position)
            }
            touch(stack.id)
        }

        try editMain { main in
            for (item, index) in removed.mainEntries.sorted(by: { $0.index < $1.index }) where !main.contains(item) {
                switch item {
                case .photo(let id): guard restored.contains(id) else { continue }
                case .stack(let id): guard try !stackMembers(id).isEmpty else { continue }
                }
                main.insert(item, at: index)
            }
        }
        // A restored single photo with no recorded place (it was in a stack that is gone) goes last.
        for photo in restored.sorted() {
            guard try stackOf(photo) == .some(nil) else { continue }
            try editMain { main in if !main.contains(.photo(photo)) { main.insert(.photo(photo), at: main.count) } }
        }
        for (albumID, entries) in removed.albumEntries.sorted(by: { $0.key < $1.key }) {
            guard try albumExists(albumID) else { continue }
            try editAlbum(albumID) { album in
                for entry in entries.sorted(by: { $0.index < $1.index })
                where restored.contains(entry.photo) && !album.contains(entry.photo) {
                    album.insert(entry.photo, at: entry.index)
                }
            }
        }
    }
}
