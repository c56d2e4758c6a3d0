import Foundation
import GRDB

/// Importing bytes that are in the library already does not make a second copy silently:
/// the import fails with `ImportFailureReason.alreadyInLibrary`, naming the photo, and the
/// app offers Import Anyway (`ImportSource.allowsDuplicate`).
///
/// The check runs after a file is prepared: the copy is hashed (`ContentHash`, read back
/// from the page cache right after it was written), its hash looked up, and a match
/// compared byte for byte. A duplicate's copy and thumbnail are removed then; they were
/// made by this import and claimed in its journal. Of two identical files in one import
/// the first is imported and the later ones are refused as already in the library (the
/// commit checks them against it: `importSources`), as the README says.
///
/// Photos imported before schema v6 get their hash from `scanPendingHashes` in the
/// background; until then they are not recognised.
extension PhotoLibrary {
    /// `result` unchanged, or `.alreadyInLibrary` (the copy removed) when the library holds
    /// a photo with the same bytes and the source does not allow duplicates.
    func refusingDuplicate(_ result: Result<PreparedPhoto, ImportFailureReason>,
                           of source: ImportSource) async -> Result<PreparedPhoto, ImportFailureReason> {
        guard case .success(let photo) = result, !source.allowsDuplicate, let hash = photo.contentHash else { return result }
        let candidates = (try? await read { db in
            try Row.fetchAll(db, sql: "SELECT id, title, fileName FROM photo WHERE contentHash = ?", arguments: [hash])
                .map { (PhotoID(rawValue: $0[0]), $0[1] as String, $0[2] as String) }
        }) ?? []
        guard !candidates.isEmpty else { return result }
        let (location, journal) = (location, journal)
        let existing: (PhotoID, String)? = await BlockingWork.run {
            let copy = location.photoURL(fileName: photo.fileName).path
            guard let match = candidates.first(where: { ContentHash.sameBytes(copy, location.photoURL(fileName: $0.2).path) }) else {
                return nil
            }
            location.removeUncommittedCopy(fileName: photo.fileName)
            journal.release(photo.fileName)
            return (match.0, match.1)
        }
        guard let existing else { return result }
        return .failure(.alreadyInLibrary(existing: existing.0, title: existing.1))
    }

    /// Computes the content hash of every photo imported before hashes were kept
    /// (`SchemaV6`), in the background, a batch at a time, newest first, so later imports
    /// recognise them. Returns how many photos were hashed. A photo whose copy cannot be
    /// read is left pending (the copy may be missing; it is hashed once it is back).
    ///
    /// - Throws: `LibraryError.storageFailed`, or `CancellationError`.
    @discardableResult
    public func scanPendingHashes(batchSize: Int = 16) async throws -> Int {
        guard !isReadOnly else { return 0 }
        let location = location
        var hashed = 0
        var unreadable: Set<Int64> = []
        while true {
            try Task.checkCancellation()
            let skip = Array(unreadable)
            let pending = try await read { db in
                // (`id NOT IN (NULL)` is never true: no clause when nothing is skipped.)
                let skipping = skip.isEmpty ? "" : "AND id NOT IN (\(questionMarks(skip.count)))"
                return try Row.fetchAll(db, sql: """
                    SELECT id, fileName FROM photo WHERE contentHash IS NULL \(skipping) ORDER BY id DESC LIMIT ?
                    """, arguments: StatementArguments(skip + [Int64(batchSize)]))
                    .map { ($0[0] as Int64, $0[1] as String) }
            }
            guard !pending.isEmpty else { return hashed }
            let found: [(Int64, String?)] = await BlockingWork.run {
                pending.map { ($0.0, ContentHash.ofFile(atPath: location.photoURL(fileName: $0.1).path)) }
            }
            for (id, hash) in found where hash == nil { unreadable.insert(id) }
            let known = found.compactMap { id, hash in hash.map { (id, $0) } }
            guard !known.isEmpty else { continue }
            // Not a visible change: written without publishing a batch.
            try await write { db in
                for (id, hash) in known {
                    try db.execute(sql: "UPDATE photo SET contentHash = ? WHERE id = ? AND contentHash IS NULL",
                                   arguments: [hash, id])
                }
            }
            hashed += known.count
        }
    }

    /// How many photos still wait for their content hash.
    public func pendingHashCount() async throws -> Int {
        try await read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM photo WHERE contentHash IS NULL") ?? 0 }
    }
}
