import Foundation
import GRDB

/// The names in photos/ that imports have claimed but not yet committed: the proof that
/// a copy without a photo row is Drover's own leftover (see `SchemaV4`).
///
/// A name is claimed before the copy is renamed to it, so a copy under a final name
/// always has a journal entry or a row. Claiming also keeps names unique across rows,
/// pending trash and imports running at once: a photo whose file went missing keeps its
/// name, and a new import of the same file gets "name-2" instead of failing.
struct ImportJournal: Sendable {
    let pool: DatabasePool

    /// Claims `fileName` for a copy about to be renamed to it. False when a photo, a
    /// removed photo's file awaiting the Trash, or another import already has it.
    func claim(_ fileName: String) throws -> Bool {
        try pool.write { db in
            try db.execute(sql: """
                INSERT OR IGNORE INTO importJournal (fileName, dateStarted)
                SELECT ?1, ?2
                WHERE NOT EXISTS (SELECT 1 FROM photo WHERE fileName = ?1)
                  AND NOT EXISTS (SELECT 1 FROM pendingTrash WHERE fileName = ?1)
                """, arguments: [fileName, Date().timeIntervalSince1970])
            return db.changesCount == 1
        }
    }

    /// Gives up a claim whose copy is gone (never renamed, or just removed).
    func release(_ fileName: String) {
        _ = try? pool.write { db in try Self.forget(fileName, in: db) }
    }

    /// Removes `fileName` from the journal inside a caller's transaction (the commit
    /// that turns the copy into a photo).
    static func forget(_ fileName: String, in db: Database) throws {
        try db.execute(sql: "DELETE FROM importJournal WHERE fileName = ?", arguments: [fileName])
    }
}
