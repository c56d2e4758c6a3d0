import DecoderKit
import Foundation
import GRDB

/// Builds `GalleryItem`s and `AlbumSummary`s from the database in a few set queries,
/// whatever the number of items (10,000 tiles load in five queries and one directory read).
struct ItemLoader {
    let db: Database
    let location: LibraryLocation

    /// Above this many ids it is cheaper to read whole tables than to filter.
    private static let wholeTableThreshold = 400

    // MARK: Collections

    /// The items of `scope` in order; only the first `limit` when one is given.
    func items(in scope: CollectionScope, limit: Int? = nil) throws -> [GalleryItem] {
        let keys: [GalleryItem.ID]
        switch scope {
        case .allPhotos:
            keys = try OrderStore.loadMain(db, limit: limit).map(\.key)
        case .album(let albumID):
            guard try Bool.fetchOne(db, sql: "SELECT 1 FROM album WHERE id = ?", arguments: [albumID.rawValue]) == true else {
                throw LibraryError.albumNotFound(albumID)
            }
            keys = try OrderStore.loadAlbum(db, albumID, limit: limit).map { .photo($0.key) }
        }
        let items = try self.items(for: keys)
        return keys.compactMap { items[$0] }
    }

    /// How many items `scope` has (zero for an album that is gone).
    func count(in scope: CollectionScope) throws -> Int {
        switch scope {
        case .allPhotos:
            try Int.fetchOne(db, sql: "SELECT count(*) FROM collectionEntry") ?? 0
        case .album(let albumID):
            try Int.fetchOne(db, sql: "SELECT count(*) FROM albumEntry WHERE albumID = ?", arguments: [albumID.rawValue]) ?? 0
        }
    }

    func items(for ids: [GalleryItem.ID]) throws -> [GalleryItem.ID: GalleryItem] {
        guard !ids.isEmpty else { return [:] }
        var photoIDs: [PhotoID] = []
        var stackIDs: [StackID] = []
        var noteIDs: [NoteID] = []
        for id in ids {
            switch id {
            case .photo(let photoID): photoIDs.append(photoID)
            case .stack(let stackID): stackIDs.append(stackID)
            case .note(let noteID): noteIDs.append(noteID)
            }
        }
        let whole = ids.count > Self.wholeTableThreshold
        let members = try stackMembers(whole ? nil : stackIDs)
        let titles = try stackTitles(whole ? nil : stackIDs)
        let notes = noteIDs.isEmpty ? [:] : try noteRows(whole ? nil : noteIDs)
        let shownPhotoIDs = photoIDs + members.values.flatMap { $0.map(\.id) }
        let albumNames = try albumNames(whole ? nil : shownPhotoIDs)
        let codeCounts = try qrCodeCounts(whole ? nil : shownPhotoIDs)
        let presence = FilePresence(location: location, listWholeDirectory: whole)

        func cover(_ row: PhotoRow) -> GalleryItem.Cover {
            GalleryItem.Cover(photoID: row.id, isMissing: !presence.contains(row.fileName), isDamaged: row.fileDamaged,
                              thumbnail: location.thumbnailFile(photoFileName: row.fileName, format: row.thumbnailFormat),
                              rotation: row.rotation)
        }

        func member(_ row: PhotoRow) -> GalleryItem.Member {
            GalleryItem.Member(photoID: row.id, title: row.title, file: location.photoFile(fileName: row.fileName),
                               rotation: row.rotation, pixelSize: row.pixelSize)
        }

        func single(_ row: PhotoRow) -> GalleryItem {
            GalleryItem(id: .photo(row.id), title: row.title, date: row.displayDate, pixelSize: row.rotation.applied(to: row.pixelSize),
                        covers: [cover(row)], count: 1, albumNames: albumNames[row.id] ?? [],
                        members: [member(row)], qrCodeCount: codeCounts[row.id] ?? 0,
                        location: row.location, placeName: row.placeName)
        }

        var result: [GalleryItem.ID: GalleryItem] = [:]
        result.reserveCapacity(ids.count)
        if whole {
            // Each row becomes its item as it is read: a dictionary of all the rows, whole,
            // was the open's largest allocation (59 MB at 100,000 photos).
            let wanted = Set(photoIDs)
            try forEachPhotoRow { row in
                if wanted.contains(row.id) { result[.photo(row.id)] = single(row) }
            }
        } else {
            for (id, row) in try photoRows(photoIDs) { result[.photo(id)] = single(row) }
        }
        for id in ids {
            switch id {
            case .photo:
                continue
            case .stack(let stackID):
                guard let rows = members[stackID], let first = rows.first else { continue }
                var names: [String] = []
                for row in rows {
                    for name in albumNames[row.id] ?? [] where !names.contains(name) { names.append(name) }
                }
                let title = titles[stackID].flatMap { $0.isEmpty ? nil : $0 } ?? first.title
                result[id] = GalleryItem(id: id, title: title, date: first.displayDate, pixelSize: first.rotation.applied(to: first.pixelSize),
                                         covers: rows.prefix(3).map(cover), count: rows.count, albumNames: names,
                                         members: rows.map(member), qrCodeCount: codeCounts[first.id] ?? 0,
                                         location: first.location, placeName: first.placeName)
            case .note(let noteID):
                result[id] = notes[noteID]?.item
            }
        }
        return result
    }

    // MARK: Albums

    func albumSummaries(_ ids: [AlbumID]? = nil) throws -> [AlbumSummary] {
        var sql = """
            SELECT a.id, a.name,
                   (SELECT count(*) FROM albumEntry e WHERE e.albumID = a.id),
                   cover.fileName, cover.thumbnailFormat
            FROM album a
            LEFT JOIN photo cover ON cover.id = (SELECT e.photoID FROM albumEntry e WHERE e.albumID = a.id
                                                 ORDER BY e.position LIMIT 1)
            """
        var arguments = StatementArguments()
        if let ids {
            guard !ids.isEmpty else { return [] }
            sql += " WHERE a.id IN (\(questionMarks(ids.count)))"
            arguments = StatementArguments(ids.map(\.rawValue))
        }
        sql += " ORDER BY a.position, a.id"
        return try Row.fetchAll(db, sql: sql, arguments: arguments).map { row in
            AlbumSummary(id: AlbumID(rawValue: row[0]), name: row[1], photoCount: row[2],
                         coverThumbnailURL: (row[3] as String?).map { fileName in
                             location.thumbnailURL(photoFileName: fileName,
                                                   format: (row[4] as String?).flatMap(ThumbnailFormat.init(rawValue:)) ?? .png)
                         })
        }
    }

    // MARK: Rows

    func photoRows(_ ids: [PhotoID]) throws -> [PhotoID: PhotoRow] {
        let rows = try db.inChunks(ids) { chunk in
            try Row.fetchAll(db, sql: "SELECT \(PhotoRow.columns) FROM photo WHERE id IN (\(questionMarks(chunk.count)))",
                             arguments: StatementArguments(chunk.map(\.rawValue))).map(PhotoRow.init(row:))
        }
        return Dictionary(rows.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// Every row of the photo table, one at a time: a cursor reads each row in place
    /// (fetchAll would copy all of them first).
    func forEachPhotoRow(_ body: (PhotoRow) throws -> Void) throws {
        let cursor = try Row.fetchCursor(db, sql: "SELECT \(PhotoRow.columns) FROM photo")
        while let row = try cursor.next() { try body(PhotoRow(row: row)) }
    }

    func noteRows(_ ids: [NoteID]?) throws -> [NoteID: NoteRow] {
        let rows: [NoteRow]
        if let ids {
            rows = try db.inChunks(ids) { chunk in
                try Row.fetchAll(db, sql: "SELECT \(NoteRow.columns) FROM note WHERE id IN (\(questionMarks(chunk.count)))",
                                 arguments: StatementArguments(chunk.map(\.rawValue))).map(NoteRow.init(row:))
            }
        } else {
            rows = try Row.fetchAll(db, sql: "SELECT \(NoteRow.columns) FROM note").map(NoteRow.init(row:))
        }
        return Dictionary(rows.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// Each stack's photos in stack order.
    func stackMembers(_ ids: [StackID]?) throws -> [StackID: [PhotoRow]] {
        let order = " ORDER BY stackID, stackPosition, id"
        let rows: [PhotoRow]
        if let ids {
            rows = try db.inChunks(ids) { chunk in
                try Row.fetchAll(db, sql: "SELECT \(PhotoRow.columns) FROM photo WHERE stackID IN (\(questionMarks(chunk.count)))" + order,
                                 arguments: StatementArguments(chunk.map(\.rawValue))).map(PhotoRow.init(row:))
            }
        } else {
            rows = try Row.fetchAll(db, sql: "SELECT \(PhotoRow.columns) FROM photo WHERE stackID IS NOT NULL" + order)
                .map(PhotoRow.init(row:))
        }
        return Dictionary(grouping: rows, by: { $0.stackID! })
    }

    func stackTitles(_ ids: [StackID]?) throws -> [StackID: String] {
        let pairs: [(StackID, String)]
        if let ids {
            pairs = try db.inChunks(ids) { chunk in
                try Row.fetchAll(db, sql: "SELECT id, title FROM stack WHERE id IN (\(questionMarks(chunk.count)))",
                                 arguments: StatementArguments(chunk.map(\.rawValue))).map { (StackID(rawValue: $0[0]), $0[1]) }
            }
        } else {
            pairs = try Row.fetchAll(db, sql: "SELECT id, title FROM stack").map { (StackID(rawValue: $0[0]), $0[1]) }
        }
        return Dictionary(pairs, uniquingKeysWith: { first, _ in first })
    }

    /// How many QR codes each photo has (photos without codes are absent).
    func qrCodeCounts(_ photoIDs: [PhotoID]?) throws -> [PhotoID: Int] {
        let select = "SELECT photoID, count(*) FROM qrCode"
        let pairs: [(PhotoID, Int)]
        if let photoIDs {
            pairs = try db.inChunks(photoIDs) { chunk in
                try Row.fetchAll(db, sql: select + " WHERE photoID IN (\(questionMarks(chunk.count))) GROUP BY photoID",
                                 arguments: StatementArguments(chunk.map(\.rawValue))).map { (PhotoID(rawValue: $0[0]), $0[1]) }
            }
        } else {
            pairs = try Row.fetchAll(db, sql: select + " GROUP BY photoID").map { (PhotoID(rawValue: $0[0]), $0[1]) }
        }
        return Dictionary(pairs, uniquingKeysWith: { first, _ in first })
    }

    /// Album names per photo, in sidebar order.
    func albumNames(_ photoIDs: [PhotoID]?) throws -> [PhotoID: [String]] {
        let select = "SELECT e.photoID, a.name FROM albumEntry e JOIN album a ON a.id = e.albumID"
        let order = " ORDER BY a.position, a.id"
        let pairs: [(PhotoID, String)]
        if let photoIDs {
            pairs = try db.inChunks(photoIDs) { chunk in
                try Row.fetchAll(db, sql: select + " WHERE e.photoID IN (\(questionMarks(chunk.count)))" + order,
                                 arguments: StatementArguments(chunk.map(\.rawValue))).map { (PhotoID(rawValue: $0[0]), $0[1]) }
            }
        } else {
            pairs = try Row.fetchAll(db, sql: select + order).map { (PhotoID(rawValue: $0[0]), $0[1]) }
        }
        var names: [PhotoID: [String]] = [:]
        for (id, name) in pairs { names[id, default: []].append(name) }
        return names
    }
}

/// Which library files exist: one directory listing for big batches, a stat per file for small ones.
struct FilePresence {
    private let listed: Set<String>?
    private let location: LibraryLocation

    init(location: LibraryLocation, listWholeDirectory: Bool) {
        self.location = location
        listed = listWholeDirectory
            ? Set(RegularFiles.names(in: location.photosDirectory))
            : nil
    }

    func contains(_ fileName: String) -> Bool {
        if let listed { return listed.contains(fileName) }
        return access(location.photoURL(fileName: fileName).path, F_OK) == 0
    }
}
