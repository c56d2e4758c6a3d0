// GalleryKit/Changes: one transaction's changes, and the one batch (CollectionChange, in
// ChangeKit's steps) the library emits for it to each observed collection. The library's
// edits that make changes are in Library/; the order they edit is kept by Store/ and
// Sorting/.

import ChangeKit
import Foundation
import GRDB

/// The edits of one write transaction. Mutations change rows and edit the ordered
/// lists through it; `finish()` writes the orders and returns the change batches
/// for every affected collection, computed inside the same transaction so they
/// match exactly what was committed.
final class ChangeSet {
    let db: Database
    let location: LibraryLocation
    private let mainOrder: MainOrderCache

    private var main: OrderedEdit<GalleryItem.ID>?
    private var albums: [AlbumID: OrderedEdit<PhotoID>] = [:]
    private var albumList: OrderedEdit<AlbumID>?

    /// Photos whose tile content changed (title, album names, stack…), wherever they show.
    private var touchedPhotos: Set<PhotoID> = []
    private var touchedStacks: Set<StackID> = []
    /// Albums whose sidebar row changed (name, count, cover).
    private var touchedAlbums: Set<AlbumID> = []
    private var deletedAlbums: [AlbumID] = []
    /// Items inserted in this transaction under an identity named before (`CommitID`).
    private var namedCommits: [GalleryItem.ID: CommitID] = [:]

    init(db: Database, location: LibraryLocation, mainOrder: MainOrderCache) {
        self.db = db
        self.location = location
        self.mainOrder = mainOrder
    }

    // MARK: Editing

    @discardableResult
    func editMain<T>(_ body: (inout OrderedEdit<GalleryItem.ID>) throws -> T) throws -> T {
        if main == nil { main = OrderedEdit(try mainOrder.current(db)) }
        return try body(&main!)
    }

    @discardableResult
    func editAlbum<T>(_ albumID: AlbumID, _ body: (inout OrderedEdit<PhotoID>) throws -> T) throws -> T {
        if albums[albumID] == nil {
            guard try albumExists(albumID) else { throw LibraryError.albumNotFound(albumID) }
            albums[albumID] = OrderedEdit(loaded: try OrderStore.loadAlbum(db, albumID))
        }
        return try body(&albums[albumID]!)
    }

    @discardableResult
    func editAlbumList<T>(_ body: (inout OrderedEdit<AlbumID>) throws -> T) throws -> T {
        if albumList == nil { albumList = OrderedEdit(loaded: try OrderStore.loadAlbumList(db)) }
        return try body(&albumList!)
    }

    func albumExists(_ albumID: AlbumID) throws -> Bool {
        try Bool.fetchOne(db, sql: "SELECT 1 FROM album WHERE id = ?", arguments: [albumID.rawValue]) == true
    }

    func touch(_ photos: some Sequence<PhotoID>) { touchedPhotos.formUnion(photos) }
    func touch(_ stack: StackID) { touchedStacks.insert(stack) }
    func touchAlbum(_ album: AlbumID) { touchedAlbums.insert(album) }
    /// Records that `item` is the insert named `id`: this transaction's batches say so.
    func recordCommit(of id: CommitID, as item: GalleryItem.ID) { namedCommits[item] = id }

    /// Creates an album row and inserts it into the album list at `index`.
    func createAlbum(named name: String, id: AlbumID? = nil, at index: Int?) throws -> AlbumID {
        // Load the list before the row exists, so the album counts as inserted.
        let count = try editAlbumList { $0.count }
        try db.execute(sql: "INSERT INTO album (id, name, position, dateCreated) VALUES (?, ?, ?, ?)",
                       arguments: [id?.rawValue, name, count, Date().timeIntervalSince1970])
        let albumID = id ?? AlbumID(rawValue: db.lastInsertedRowID)
        try editAlbumList { $0.insert(albumID, at: index ?? $0.count) }
        return albumID
    }

    /// Removes an album (its entries go with it).
    func deleteAlbum(_ albumID: AlbumID) throws {
        guard try albumExists(albumID) else { throw LibraryError.albumNotFound(albumID) }
        // Its photos lose an album name.
        touch(try OrderStore.loadAlbum(db, albumID).map(\.key))
        try editAlbumList { $0.remove(albumID) }
        albums[albumID] = nil
        deletedAlbums.append(albumID)
    }

    // MARK: Finishing

    func finish() throws -> PublishedChanges {
        // 1. Write orders. Album membership changes alter album names on tiles.
        for (albumID, edit) in albums {
            try OrderStore.saveAlbum(db, albumID, edit)
            if !edit.steps.isEmpty {
                touchedAlbums.insert(albumID)
                touch(edit.insertedKeys)
                touch(edit.removedKeys)
            }
        }
        if let main {
            let stored = try OrderStore.saveMain(db, main)
            // Every test runs a debug build: each one checks that what is kept is what is stored.
            assert(stored == (try? OrderStore.loadMainOrder(db)), "the main order kept in memory is not the one stored")
            mainOrder.keep(stored, whenCommitted: db)
        }
        if let albumList { try OrderStore.saveAlbumList(db, albumList) }

        // 2. Content updates where touched things show.
        try recordUpdates()

        // 3. Resolve keys into values.
        var changes = PublishedChanges()
        var wanted: Set<GalleryItem.ID> = []
        if let main { wanted.formUnion(main.steps.compactMap(\.element)) }
        for edit in albums.values { wanted.formUnion(edit.steps.compactMap(\.element).map { .photo($0) }) }
        let items = try ItemLoader(db: db, location: location).items(for: Array(wanted))

        if let main, !main.steps.isEmpty {
            changes.collections.append(CollectionChange(scope: .allPhotos, steps: try main.steps.map { try $0.resolve(items) },
                                                        commits: namedCommits))
        }
        for (albumID, edit) in albums.sorted(by: { $0.key < $1.key }) where !edit.steps.isEmpty {
            let steps = try edit.steps.map { step in try step.map { GalleryItem.ID.photo($0) }.resolve(items) }
            changes.collections.append(CollectionChange(scope: .album(albumID), steps: steps, commits: namedCommits))
        }
        if let albumList, !albumList.steps.isEmpty || !deletedAlbums.isEmpty {
            let summaries = try ItemLoader(db: db, location: location)
                .albumSummaries(Array(Set(albumList.steps.compactMap(\.element))))
            let byID = Dictionary(summaries.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            changes.albumList = AlbumListChange(steps: try albumList.steps.map { try $0.resolve(byID) },
                                                deletedAlbums: deletedAlbums)
        }
        return changes
    }

    private func recordUpdates() throws {
        // Where each touched photo shows in the main collection: itself, or its stack.
        var mainKeys: Set<GalleryItem.ID> = Set(touchedStacks.map { .stack($0) })
        let touched = Array(touchedPhotos)
        let stackOf: [PhotoID: StackID?] = Dictionary(
            try db.inChunks(touched) { chunk in
                try Row.fetchAll(db, sql: "SELECT id, stackID FROM photo WHERE id IN (\(questionMarks(chunk.count)))",
                                 arguments: StatementArguments(chunk.map(\.rawValue)))
                    .map { (PhotoID(rawValue: $0[0]), ($0[1] as Int64?).map(StackID.init(rawValue:))) }
            }, uniquingKeysWith: { first, _ in first })
        for (photo, stack) in stackOf { mainKeys.insert(stack.map { .stack($0) } ?? .photo(photo)) }
        if !mainKeys.isEmpty { try editMain { $0.recordUpdates(for: mainKeys) } }

        // The albums showing touched photos.
        let memberships = try db.inChunks(touched) { chunk in
            try Row.fetchAll(db, sql: "SELECT albumID, photoID FROM albumEntry WHERE photoID IN (\(questionMarks(chunk.count)))",
                             arguments: StatementArguments(chunk.map(\.rawValue)))
                .map { (AlbumID(rawValue: $0[0]), PhotoID(rawValue: $0[1])) }
        }
        let deleted = Set(deletedAlbums)
        for (albumID, pairs) in Dictionary(grouping: memberships, by: \.0) where !deleted.contains(albumID) {
            try editAlbum(albumID) { $0.recordUpdates(for: Set(pairs.map(\.1))) }
        }

        let albumKeys = touchedAlbums.subtracting(deleted)
        if !albumKeys.isEmpty { try editAlbumList { $0.recordUpdates(for: albumKeys) } }
    }
}

extension OrderedEdit {
    /// Records updates for the present keys that this edit did not insert (inserts carry fresh values).
    mutating func recordUpdates(for updated: Set<Key>) {
        let inserted = insertedKeys
        for (index, key) in keys.enumerated() where updated.contains(key) && !inserted.contains(key) {
            recordUpdate(key, at: index)
        }
    }
}

extension ChangeStep {
    var element: Element? {
        switch self {
        case .insert(let element, _), .update(let element, _): element
        case .remove, .move: nil
        }
    }

    func resolve<Value>(_ values: [Element: Value]) throws -> ChangeStep<Value> where Element: Hashable {
        try map { key in
            guard let value = values[key] else {
                throw LibraryError.storageFailed(detail: "no row for \(key) while publishing a change")
            }
            return value
        }
    }
}
