import DecoderKit
import Foundation
import GRDB

/// What opening the library found and repaired after an unclean exit.
public struct RecoveryReport: Sendable, Equatable {
    /// Half-written ".import-UUID" files removed from photos/ and thumbnails/.
    public var removedTemporaryFiles: [String] = []
    /// Library copies (and thumbnails) that the import journal names and no photo row
    /// does: an import was killed between copying and committing. They are Drover's
    /// copies, never the user's originals.
    public var removedOrphanFiles: [String] = []
    /// Files in photos/ or thumbnails/ that neither a photo row nor the import journal
    /// names: Drover did not make them (or cannot prove it did), so they are left alone.
    public var unknownFiles: [String] = []
    /// Photos whose library file is gone. Their rows are kept; tiles show them as missing.
    public var missingPhotos: [PhotoID] = []
    /// The names in photos/ of `missingPhotos`' files, in the same order.
    public var missingFiles: [String] = []
    /// Files of photos removed before Drover last stopped, and not yet trashed (their undo
    /// ended with the process): now moved to the freedesktop Trash.
    public var trashedFiles: [String] = []
    /// Removed photos' files that could not go to the Trash. They stay in photos/, never
    /// unlinked, and the next open tries again.
    public var trashFailures: [TrashFailure] = []

    /// What was found, a line each, for the log: files lost from photos/, and files there
    /// (or in thumbnails/) that are not Drover's.
    public var logLines: [String] {
        missingFiles.map { "missing: photos/\($0): the photo's file is gone; its row is kept, its tile shows it missing" }
            + unknownFiles.map { "not Drover's: \($0): left alone" }
    }

    public var isClean: Bool {
        removedTemporaryFiles.isEmpty && removedOrphanFiles.isEmpty && missingPhotos.isEmpty
            && trashedFiles.isEmpty && trashFailures.isEmpty
    }
}

/// Brings photos/ and thumbnails/ back in line with the database. Runs at open, under
/// the library's lock (`LibraryLock`), so no other process has a file in flight.
///
/// It removes only what it can prove Drover made: temp files named ".import-UUID" (a
/// name only `TemporaryFiles` gives) that this process is not writing, and copies the import journal names but no photo row
/// does. Files of removed photos (table `pendingTrash`) go to the freedesktop Trash,
/// never unlinked. Anything else without a row is reported and left alone.
enum Recovery {
    /// Settles, then sweeps, before the library is used: nothing else runs meanwhile.
    static func run(_ pool: DatabasePool, location: LibraryLocation) throws -> RecoveryReport {
        var report = RecoveryReport()
        let stillPending = try settle(pool, location: location, into: &report)
        try sweep(pool, location: location, keeping: stillPending, besideWork: false, into: &report)
        return report
    }

    /// What must be done before anything else touches the library's files: the copies of
    /// imports that never committed are removed, and removed photos' files go to the Trash.
    /// Costs what those number, not the library's size. Returns the names whose trashing
    /// failed, which `sweep` must keep.
    static func settle(_ pool: DatabasePool, location: LibraryLocation, into report: inout RecoveryReport) throws -> Set<String> {
        let stillPending = try trashPendingFiles(pool, location: location, into: &report)
        try removeJournaledLeftovers(pool, location: location, into: &report)
        return stillPending
    }

    /// Brings photos/ and thumbnails/ in line with the database: removes the temp files of
    /// writes that never finished, and reports the photos whose file is gone and the files
    /// that are not Drover's. Reads every row and lists both folders, so it costs the
    /// library's size (about 4 s at 1,000,000 photos): a window's library runs it later,
    /// once the window holds its collection (`PhotoLibrary.open(at:importLimits:sweepingFoldersLater:)`).
    ///
    /// `besideWork` is true when this process may already be importing, removing or remaking
    /// thumbnails (a window's library). Names the journal or the pending Trash hold count as
    /// Drover's. The rows are read before the listings, so a name that looks unknown or
    /// missing in them is looked at again in a second read after them: a file an import
    /// renamed into place meanwhile has its row or its journal entry by then (it is claimed
    /// before the rename), and a photo is called missing only if its row is still there and
    /// its file still gone. Temp files this process is writing (`TemporaryFiles`) are never
    /// removed.
    ///
    /// Memory, at 1,000,000 photos: only the rows' names are held (with their ids); the
    /// folders are read a name at a time and only the few names without a row kept. Listing
    /// both folders into arrays beside the rows and two sets of their names was about 360 MB
    /// at the sweep's peak, on top of the window's collection (docs/benchmarks.md, thirteenth pass).
    ///
    /// `whileListing` runs after the first read, before the listings: the tests' stand-in for
    /// this process's own work meanwhile.
    static func sweep(_ pool: DatabasePool, location: LibraryLocation, keeping stillPending: Set<String>,
                      besideWork: Bool, into report: inout RecoveryReport, whileListing: () throws -> Void = {}) throws {
        var (rows, claimed) = try pool.read { db in
            (try idsByName(db), besideWork ? try claimedNames(db) : [])
        }
        try whileListing()
        func isKnown(_ name: String) -> Bool { rows[name] != nil || claimed.contains(name) || stillPending.contains(name) }

        // Thumbnails first, while `rows` still holds every name; then the copies, each taken
        // out of `rows` as it is listed, so that what stays there has no file.
        var thumbnailsWithoutPhoto: [String] = []
        RegularFiles.forEachName(in: location.thumbnailsDirectory) { name in
            if !isThumbnail(name, ofOneOf: isKnown) { thumbnailsWithoutPhoto.append(name) }
        }
        var copiesWithoutRow: [String] = []
        RegularFiles.forEachName(in: location.photosDirectory) { name in
            if rows.removeValue(forKey: name) == nil && !isKnown(name) { copiesWithoutRow.append(name) }
        }
        var missing = rows
        rows = [:]
        if besideWork {
            // The second read: what this process did while the folders were listed.
            let names = copiesWithoutRow + thumbnailsWithoutPhoto.flatMap(photoNames(ofThumbnail:)) + missing.keys
            let (nowRows, nowClaimed) = try pool.read { db in (try idsByName(db, among: names), try claimedNames(db)) }
            rows = nowRows
            claimed.formUnion(nowClaimed)
            copiesWithoutRow.removeAll(where: isKnown)
            thumbnailsWithoutPhoto.removeAll { isThumbnail($0, ofOneOf: isKnown) }
            // By the second read's id: a name removed and imported again meanwhile is another photo.
            missing = rows.filter { name, _ in
                missing[name] != nil && access(location.photoURL(fileName: name).path, F_OK) != 0
            }
        }

        // Sorted, for a steady report (only the few names without a row: sorting every listed
        // name was a fifth of the open's cost at 100,000 photos).
        for name in copiesWithoutRow.sorted() {
            if removable(name) {
                remove(location.photosDirectory, name, into: &report.removedTemporaryFiles)
            } else if !isTemporary(name), access(location.photoURL(fileName: name).path, F_OK) == 0 {
                report.unknownFiles.append("photos/" + name)
            }
        }
        for name in thumbnailsWithoutPhoto.sorted() {
            if removable(name) {
                remove(location.thumbnailsDirectory, name, into: &report.removedTemporaryFiles)
            } else if !isTemporary(name), access(location.thumbnailsDirectory.appendingPathComponent(name).path, F_OK) == 0 {
                report.unknownFiles.append("thumbnails/" + name)
            }
        }
        let missingInIDOrder = missing.sorted { $0.value < $1.value }
        report.missingPhotos = missingInIDOrder.map(\.value)
        report.missingFiles = missingInIDOrder.map(\.key)
    }

    private static func removable(_ name: String) -> Bool { isTemporary(name) && !TemporaryFiles.isInFlight(name) }

    /// Every photo's id by its file name; or, with `among`, only those of these names.
    private static func idsByName(_ db: Database, among names: [String]? = nil) throws -> [String: PhotoID] {
        var ids: [String: PhotoID] = [:]
        if let names {
            let statement = try db.cachedStatement(sql: "SELECT id FROM photo WHERE fileName = ?")
            for name in names {
                if let id = try Int64.fetchOne(statement, arguments: [name]) { ids[name] = PhotoID(rawValue: id) }
            }
            return ids
        }
        ids.reserveCapacity(try Int.fetchOne(db, sql: "SELECT count(*) FROM photo") ?? 0)
        let cursor = try Row.fetchCursor(db, sql: "SELECT id, fileName FROM photo")
        while let row = try cursor.next() { ids[row[1]] = PhotoID(rawValue: row[0]) }
        return ids
    }

    /// The names an import in flight or a removal not yet trashed holds.
    private static func claimedNames(_ db: Database) throws -> Set<String> {
        Set(try String.fetchAll(db, sql: "SELECT fileName FROM importJournal UNION SELECT fileName FROM pendingTrash"))
    }

    /// The photo names a thumbnail name could belong to ("NAME" of "NAME.png" or "NAME.jpg").
    private static func photoNames(ofThumbnail name: String) -> [String] {
        ThumbnailFormat.allCases.compactMap { format in
            name.hasSuffix("." + format.fileExtension) ? String(name.dropLast(format.fileExtension.count + 1)) : nil
        }
    }

    /// "NAME.png" or "NAME.jpg" for a NAME `isPhotoName` accepts (no second set of every
    /// photo's thumbnail name). Either format, whatever the photo's row says: both names are
    /// Drover's for that photo.
    private static func isThumbnail(_ name: String, ofOneOf isPhotoName: (String) -> Bool) -> Bool {
        photoNames(ofThumbnail: name).contains(where: isPhotoName)
    }

    /// What a read-only open can know without repairing anything: the missing photos.
    static func survey(_ pool: DatabasePool, location: LibraryLocation) throws -> RecoveryReport {
        var report = RecoveryReport()
        let rows = try pool.read { db in
            try Row.fetchAll(db, sql: "SELECT id, fileName FROM photo ORDER BY id").map { (PhotoID(rawValue: $0[0]), $0[1] as String) }
        }
        let present = Set(RegularFiles.names(in: location.photosDirectory))
        let missing = rows.filter { !present.contains($0.1) }
        report.missingPhotos = missing.map(\.0)
        report.missingFiles = missing.map(\.1)
        return report
    }

    /// ".import-" followed by a UUID: the temp names `TemporaryFiles` gives.
    static func isTemporary(_ name: String) -> Bool {
        name.hasPrefix(LibraryLocation.temporaryPrefix)
            && UUID(uuidString: String(name.dropFirst(LibraryLocation.temporaryPrefix.count))) != nil
    }

    /// Deletes the copies (and thumbnails) of imports that claimed a name and never
    /// committed, then clears the journal.
    private static func removeJournaledLeftovers(_ pool: DatabasePool, location: LibraryLocation,
                                                 into report: inout RecoveryReport) throws {
        let (journaled, isEmpty) = try pool.read { db in
            (try String.fetchAll(db, sql: """
                SELECT fileName FROM importJournal WHERE fileName NOT IN (SELECT fileName FROM photo) ORDER BY fileName
                """),
             try Int.fetchOne(db, sql: "SELECT count(*) FROM importJournal") == 0)
        }
        // A healthy library's open writes nothing.
        guard !isEmpty else { return }
        for name in journaled {
            remove(location.photosDirectory, name, into: &report.removedOrphanFiles)
            for format in ThumbnailFormat.allCases {
                remove(location.thumbnailsDirectory, name + "." + format.fileExtension, into: &report.removedOrphanFiles)
            }
        }
        try pool.write { db in try db.execute(sql: "DELETE FROM importJournal") }
    }

    /// Moves removed photos' files to the Trash and clears their records. Returns the
    /// names still pending (trashing failed): those files must not be swept as orphans.
    private static func trashPendingFiles(_ pool: DatabasePool, location: LibraryLocation,
                                          into report: inout RecoveryReport) throws -> Set<String> {
        let pending = try pool.read { db in try String.fetchAll(db, sql: "SELECT fileName FROM pendingTrash ORDER BY fileName") }
        guard !pending.isEmpty else { return [] }
        let known = try pool.read { db in
            Set(try String.fetchAll(db, sql: "SELECT fileName FROM photo WHERE fileName IN (SELECT fileName FROM pendingTrash)"))
        }
        var done: [String] = []
        var failed: Set<String> = []
        for name in pending {
            // A photo row with this name: a new import reused it since. Not ours to trash.
            if !known.contains(name) {
                let url = location.photoURL(fileName: name)
                switch FreedesktopTrash.moveToTrash(url) {
                case .trashed:
                    report.trashedFiles.append(name)
                case .notFound:
                    break
                case .failed(let reason):
                    report.trashFailures.append(TrashFailure(fileURL: url, reason: reason))
                    failed.insert(name)
                    continue
                }
                location.removeThumbnails(ofPhotoNamed: name)
            }
            done.append(name)
        }
        try pool.write { db in
            for name in done { try db.execute(sql: "DELETE FROM pendingTrash WHERE fileName = ?", arguments: [name]) }
        }
        return failed
    }

    private static func remove(_ directory: URL, _ name: String, into list: inout [String]) {
        if unlink(directory.appendingPathComponent(name).path) == 0 { list.append(name) }
    }
}
