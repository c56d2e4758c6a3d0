import GRDB

/// Reads and writes the three ordered lists: the main collection, each album, and the album list.
enum OrderStore {
    // MARK: Main collection

    /// The main collection's order as stored.
    static func loadMainOrder(_ db: Database) throws -> StoredOrder<GalleryItem.ID> {
        let loaded = try loadMain(db)
        return StoredOrder(keys: loaded.map(\.key), positions: loaded.map(\.position))
    }

    /// The main collection's order; only its first `limit` entries when one is given.
    static func loadMain(_ db: Database, limit: Int? = nil) throws -> [(key: GalleryItem.ID, position: Int)] {
        try Row.fetchAll(db, sql: "SELECT kind, photoID, stackID, noteID, position FROM collectionEntry ORDER BY position, id"
                             + (limit == nil ? "" : " LIMIT ?"), arguments: StatementArguments(limit.map { [$0] } ?? []))
            .compactMap { row in
                let kind: String = row[0]
                let key: GalleryItem.ID
                switch kind {
                case "photo": key = .photo(PhotoID(rawValue: row[1]))
                case "stack": key = .stack(StackID(rawValue: row[2]))
                case "note": key = .note(NoteID(rawValue: row[3]))
                default: return nil  // a kind from a newer build; never reached since newer schemas are refused
                }
                return (key, row[4])
            }
    }

    /// Writes the edit's changes; returns the order as now stored.
    static func saveMain(_ db: Database, _ edit: OrderedEdit<GalleryItem.ID>) throws -> StoredOrder<GalleryItem.ID> {
        let (positions, stored) = edit.write()
        for key in edit.removedKeys {
            let (_, column, id) = entry(of: key)
            try db.cachedStatement(sql: "DELETE FROM collectionEntry WHERE \(column) = ?").execute(arguments: [id])
        }
        // Cached statements: a renumbering writes every row, and compiling each took longer than writing it.
        for (key, position, isNew) in positions {
            let (kind, column, id) = entry(of: key)
            if isNew {
                try db.cachedStatement(sql: "INSERT INTO collectionEntry (position, kind, \(column)) VALUES (?, '\(kind)', ?)")
                    .execute(arguments: [position, id])
            } else {
                try db.cachedStatement(sql: "UPDATE collectionEntry SET position = ? WHERE \(column) = ?").execute(arguments: [position, id])
            }
        }
        return stored
    }

    /// `key`'s collectionEntry kind, the column that holds its id, and the id.
    private static func entry(of key: GalleryItem.ID) -> (kind: String, column: String, id: Int64) {
        switch key {
        case .photo(let id): ("photo", "photoID", id.rawValue)
        case .stack(let id): ("stack", "stackID", id.rawValue)
        case .note(let id): ("note", "noteID", id.rawValue)
        }
    }

    // MARK: Albums

    /// An album's order; only its first `limit` entries when one is given.
    static func loadAlbum(_ db: Database, _ albumID: AlbumID, limit: Int? = nil) throws -> [(key: PhotoID, position: Int)] {
        try Row.fetchAll(db, sql: "SELECT photoID, position FROM albumEntry WHERE albumID = ? ORDER BY position, photoID"
                             + (limit == nil ? "" : " LIMIT ?"),
                         arguments: StatementArguments([albumID.rawValue] + (limit.map { [Int64($0)] } ?? [])))
            .map { (PhotoID(rawValue: $0[0]), $0[1]) }
    }

    static func saveAlbum(_ db: Database, _ albumID: AlbumID, _ edit: OrderedEdit<PhotoID>) throws {
        for key in edit.removedKeys {
            try db.cachedStatement(sql: "DELETE FROM albumEntry WHERE albumID = ? AND photoID = ?")
                .execute(arguments: [albumID.rawValue, key.rawValue])
        }
        for (key, position, isNew) in edit.positionsToWrite {
            if isNew {
                try db.cachedStatement(sql: "INSERT INTO albumEntry (albumID, photoID, position) VALUES (?, ?, ?)")
                    .execute(arguments: [albumID.rawValue, key.rawValue, position])
            } else {
                try db.cachedStatement(sql: "UPDATE albumEntry SET position = ? WHERE albumID = ? AND photoID = ?")
                    .execute(arguments: [position, albumID.rawValue, key.rawValue])
            }
        }
    }

    // MARK: Album list

    static func loadAlbumList(_ db: Database) throws -> [(key: AlbumID, position: Int)] {
        try Row.fetchAll(db, sql: "SELECT id, position FROM album ORDER BY position, id").map { (AlbumID(rawValue: $0[0]), $0[1]) }
    }

    /// Album rows are created by the mutation itself (entries need them first), so
    /// here new albums only get their position, and removed ones are deleted.
    static func saveAlbumList(_ db: Database, _ edit: OrderedEdit<AlbumID>) throws {
        for key in edit.removedKeys {
            try db.execute(sql: "DELETE FROM album WHERE id = ?", arguments: [key.rawValue])
        }
        for (key, position, _) in edit.positionsToWrite {
            try db.execute(sql: "UPDATE album SET position = ? WHERE id = ?", arguments: [position, key.rawValue])
        }
    }
}
