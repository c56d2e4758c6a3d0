import Foundation
import GRDB

extension PhotoLibrary {
    /// Reads the date taken of every photo whose EXIF has not been read for it yet (photos
    /// imported before dates were read: see `SchemaV5`), in the background, a batch at a
    /// time, newest first. Photos that gain a date are published as updates, so their
    /// tiles and descriptions change as the scan goes. Each photo is read once, whether it
    /// has a date or not. Returns how many photos gained a date.
    ///
    /// Only EXIF blocks are read (no decoding), each by a confined decode child that decodes
    /// nothing (`PhotoExif.read`), waited for on GalleryKit's threads; the main thread does
    /// nothing but apply the update batches.
    ///
    /// - Throws: `LibraryError.storageFailed` if results cannot be written, or
    ///   `CancellationError`. Photos not finished stay pending for the next call.
    @discardableResult
    public func scanPendingDates(batchSize: Int = 32) async throws -> Int {
        guard !isReadOnly else { return 0 }
        let location = location
        var dated = 0
        while true {
            try Task.checkCancellation()
            let pending = try await read { db in
                try Row.fetchAll(db, sql: "SELECT id, fileName FROM photo WHERE dateState = 0 ORDER BY id DESC LIMIT ?",
                                 arguments: [batchSize])
                    .map { (PhotoID(rawValue: $0[0]), $0[1] as String) }
            }
            guard !pending.isEmpty else { return dated }
            let found: [(PhotoID, Date?)] = await BlockingWork.run {
                pending.map { ($0.0, PhotoExif.read(path: location.photoURL(fileName: $0.1).path).dateTaken) }
            }
            dated += try await mutate { changes in
                var dated = 0
                for (id, date) in found {
                    try changes.db.execute(sql: "UPDATE photo SET dateTaken = ?, dateState = 1 WHERE id = ? AND dateState = 0",
                                           arguments: [date?.timeIntervalSince1970, id.rawValue])
                    if date != nil, changes.db.changesCount > 0 {
                        changes.touch([id])
                        dated += 1
                    }
                }
                return dated
            }
        }
    }

    /// How many photos still wait for their date to be read.
    public func pendingDateCount() async throws -> Int {
        try await read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM photo WHERE dateState = 0") ?? 0 }
    }
}
