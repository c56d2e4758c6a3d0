import Foundation
import GRDB

/// What removing items took away, enough to put them back exactly (undo): the photos'
/// and notes' rows, places in the main collection, stacks and albums.
///
/// Removal never deletes a library file. The removed photos' files stay in photos/,
/// recorded as pending for the Trash, while undo (`restore(_:)`) is possible; then
/// `trash(_:)` moves them to the freedesktop Trash. If Drover stops first, the next
/// open moves them there. Nothing ever unlinks them.
public struct RemovedPhotos: Sendable {
    /// The removed photos, with the library file URLs that go to the Trash.
    public let photos: [Photo]
    public var fileURLs: [URL] { photos.map(\.fileURL) }
    /// The removed notes (they have no file).
    public var noteIDs: [NoteID] { notes.map(\.id) }

    struct StackSnapshot: Sendable {
        var id: StackID
        var title: String
        var dateCreated: Double
        /// Every photo of the stack before the removal, in stack order.
        var members: [PhotoID]
    }

    let rows: [PhotoRow]
    let notes: [NoteRow]
    /// Main-collection entries that left, with their index before the removal.
    let mainEntries: [(item: GalleryItem.ID, index: Int)]
    let stacks: [StackSnapshot]
    /// Album entries that left, with their index before the removal.
    let albumEntries: [AlbumID: [(photo: PhotoID, index: Int)]]
    /// The removed photos' QR codes and JPEG entry points (their rows go with the photo), so
    /// undo needs no rescan.
    var qrCodes: [PhotoID: [QRCode]] = [:]
    var jpegEntryPoints: [PhotoID: String] = [:]
}

extension PhotoLibrary {
    /// Removes photos from the library: from the main collection, their stacks and albums.
    /// Returns the record `restore(_:)` takes to undo it, and `trash(_:)` takes to send
    /// the files to the Trash once undo is no longer offered.
    public func removePhotos(_ photos: [PhotoID]) async throws -> RemovedPhotos {
        try await mutate { changes in try changes.removeFromLibrary(Set(photos)) }
    }

    /// Removes items (a stack removes all its photos; a note is deleted). See `removePhotos(_:)`.
    public func removeItems(_ items: [GalleryItem.ID]) async throws -> RemovedPhotos {
        try await mutate { changes in
            var photos: Set<PhotoID> = []
            var notes: Set<NoteID> = []
            for item in items {
                if case .note(let id) = item { notes.insert(id) } else { photos.formUnion(try changes.photoIDs(of: item)) }
            }
            return try changes.removeFromLibrary(photos, notes: notes)
        }
    }

    /// Puts removed photos and notes back where they were. Items already back are skipped;
    /// places are clamped if the collections changed since. Photos whose files already
    /// went to the Trash (`trash(_:)`, or a reopen) cannot come back and are skipped.
    public func restore(_ removed: RemovedPhotos) async throws {
        try await mutate { changes in try changes.restore(removed) }
    }
}

extension ChangeSet {
    func removeFromLibrary(_ ids: Set<PhotoID>, notes noteIDs: Set<NoteID> = []) throws -> RemovedPhotos {
        let loader = ItemLoader(db: db, location: location)
        let rows = try loader.photoRows(Array(ids)).values.sorted { $0.id < $1.id }
        for id in ids where !rows.contains(where: { $0.id == id }) { throw LibraryError.photoNotFound(id) }
        let notes = try loader.noteRows(Array(noteIDs)).values.sorted { $0.id < $1.id }
        for id in noteIDs where !notes.contains(where: { $0.id == id }) { throw LibraryError.itemNotFound(.note(id)) }

        let indexBefore: [GalleryItem.ID: Int] = try editMain { main in
            Dictionary(main.keys.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        }
        var mainEntries: [(item: GalleryItem.ID, index: Int)] = []
        var snapshots: [RemovedPhotos.StackSnapshot] = []

        for note in notes {
            let key = GalleryItem.ID.note(note.id)
            if let index = indexBefore[key] { mainEntries.append((key, index)) }
            try editMain { $0.remove(key) }
            try db.execute(sql: "DELETE FROM note WHERE id = ?", arguments: [note.id.rawValue])
        }
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
        let now = Date().timeIntervalSince1970
        var codes: [PhotoID: [QRCode]] = [:]
        var entryPoints: [PhotoID: String] = [:]
        for row in rows {
            let found = try QRCodeRow.fetch(db, photoID: row.id, imageSize: row.pixelSize)
            if !found.isEmpty { codes[row.id] = found }
            entryPoints[row.id] = try String.fetchOne(db, sql: "SELECT entry FROM jpegEntryPoint WHERE photoID = ?",
                                                      arguments: [row.id.rawValue])
            try db.execute(sql: "DELETE FROM photo WHERE id = ?", arguments: [row.id.rawValue])
            // In this same transaction: a removed photo's file is never taken for an
            // import leftover (which recovery unlinks); it waits for the Trash.
            try db.execute(sql: "INSERT OR REPLACE INTO pendingTrash (fileName, dateRemoved) VALUES (?, ?)",
                           arguments: [row.fileName, now])
        }
        return RemovedPhotos(photos: rows.map { $0.photo(in: location) }, rows: rows, notes: notes,
                             mainEntries: mainEntries, stacks: snapshots, albumEntries: albumEntries, qrCodes: codes,
                             jpegEntryPoints: entryPoints)
    }

    func restore(_ removed: RemovedPhotos) throws {
        var restored: Set<PhotoID> = []
        for var row in removed.rows {
            guard try stackOf(row.id) == nil else { continue }  // already back
            // Still pending means its file was not sent to the Trash: it can come back.
            try db.execute(sql: "DELETE FROM pendingTrash WHERE fileName = ?", arguments: [row.fileName])
            guard db.changesCount > 0 else { continue }
            row.stackID = nil
            row.stackPosition = nil
            try row.insert(db)
            try QRCodeRow.replace(db, photoID: row.id, with: removed.qrCodes[row.id] ?? [])
            if let entry = removed.jpegEntryPoints[row.id] {
                try db.execute(sql: "INSERT OR REPLACE INTO jpegEntryPoint (photoID, entry) VALUES (?, ?)",
                               arguments: [row.id.rawValue, entry])
            }
            restored.insert(row.id)
        }
        var restoredNotes: Set<NoteID> = []
        for note in removed.notes {
            guard try Bool.fetchOne(db, sql: "SELECT 1 FROM note WHERE id = ?", arguments: [note.id.rawValue]) != true else { continue }
            try note.insert(db)
            restoredNotes.insert(note.id)
        }
        guard !restored.isEmpty || !restoredNotes.isEmpty else { return }

        for stack in removed.stacks where !restored.isEmpty {
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
                case .note(let id): guard restoredNotes.contains(id) else { continue }
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
