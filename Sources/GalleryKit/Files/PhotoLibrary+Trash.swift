import Foundation
import GRDB

extension PhotoLibrary {
    /// Moves removed photos' library files to the freedesktop Trash (so they show in the
    /// file manager's Trash and can be recovered there) and deletes their thumbnails.
    /// Call it once undo is no longer offered. Never unlinks a photo: a file that cannot
    /// be trashed (say, its file system has no trash can) stays, is reported in
    /// `failures`, and the next open tries again. Photos restored in the meantime, and
    /// files already trashed, are left alone.
    ///
    /// - Throws: `LibraryError.storageFailed` if the database cannot be read or written.
    public func trash(_ removed: RemovedPhotos) async throws -> TrashReport {
        let location = location
        var report = TrashReport()
        // A few files per write: each check-and-trash is serialized with restore (no file
        // of a photo being put back can go), without holding other writers up for long.
        var rows = removed.rows[...]
        while !rows.isEmpty {
            let chunk = Array(rows.prefix(16))
            rows = rows.dropFirst(chunk.count)
            let partial = try await write { db in try Self.trash(chunk, db: db, location: location) }
            report.trashed += partial.trashed
            report.skipped += partial.skipped
            report.alreadyGone += partial.alreadyGone
            report.failures += partial.failures
        }
        return report
    }

    /// Brings removed photos' files back from the freedesktop Trash into the library folder,
    /// so that `restore(_:)` can put the photos back: the undo of a delete whose files
    /// already went to the Trash. Files still waiting for the Trash, and photos already
    /// back, are left alone. Returns the files that could not come back, each with why
    /// (emptied from the Trash, say); their photos stay removed.
    ///
    /// - Throws: `LibraryError.storageFailed` if the database cannot be read or written.
    public func bringBackFromTrash(_ removed: RemovedPhotos) async throws -> [TrashFailure] {
        let location = location
        let rows = removed.rows
        return try await write { db in
            var failures: [TrashFailure] = []
            let now = Date().timeIntervalSince1970
            for row in rows {
                let pending = try Bool.fetchOne(db, sql: "SELECT 1 FROM pendingTrash WHERE fileName = ?", arguments: [row.fileName]) == true
                let inUse = try Bool.fetchOne(db, sql: "SELECT 1 FROM photo WHERE fileName = ?", arguments: [row.fileName]) == true
                guard !pending, !inUse else { continue }
                let fileURL = location.photoURL(fileName: row.fileName)
                switch FreedesktopTrash.restore(fileURL) {
                case .restored:
                    // Back to waiting, as right after the removal: restore takes it from here.
                    try db.execute(sql: "INSERT OR REPLACE INTO pendingTrash (fileName, dateRemoved) VALUES (?, ?)",
                                   arguments: [row.fileName, now])
                case .notInTrash:
                    failures.append(TrashFailure(fileURL: fileURL, reason: "it is no longer in the Trash"))
                case .failed(let reason):
                    failures.append(TrashFailure(fileURL: fileURL, reason: reason))
                }
            }
            return failures
        }
    }

    private static func trash(_ rows: [PhotoRow], db: Database, location: LibraryLocation) throws -> TrashReport {
        var report = TrashReport()
        for row in rows {
            let pending = try Bool.fetchOne(db, sql: "SELECT 1 FROM pendingTrash WHERE fileName = ?", arguments: [row.fileName]) == true
            // A row using the file name means the photo is back (or a new import took the name).
            let inUse = try Bool.fetchOne(db, sql: "SELECT 1 FROM photo WHERE fileName = ?", arguments: [row.fileName]) == true
            guard pending, !inUse else {
                report.skipped.append(row.id)
                continue
            }
            let fileURL = location.photoURL(fileName: row.fileName)
            switch FreedesktopTrash.moveToTrash(fileURL) {
            case .trashed: report.trashed.append(fileURL)
            case .notFound: report.alreadyGone.append(fileURL)
            case .failed(let reason):
                // Stays pending: kept in place and tried again at the next open.
                report.failures.append(TrashFailure(fileURL: fileURL, reason: reason))
                continue
            }
            try db.execute(sql: "DELETE FROM pendingTrash WHERE fileName = ?", arguments: [row.fileName])
            // Thumbnails are derived data: deleted, not trashed.
            location.removeThumbnails(ofPhotoNamed: row.fileName)
        }
        return report
    }
}
