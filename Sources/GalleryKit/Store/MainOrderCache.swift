import GRDB
import Synchronization

/// The main collection's order as last committed, kept between write transactions.
///
/// Every edit of the main collection starts from its stored order. Read from the database
/// each time, that cost a transaction about 60 ms at 100,000 photos, and a drop commits each
/// photo in a transaction of its own: 1,000 photos dropped onto such a library took a
/// minute. The order changes only through `ChangeSet` (one process owns a library, and its
/// writes are serialised), which hands the order it stored back here when its transaction
/// commits; a transaction that rolls back makes the next one read the order again.
final class MainOrderCache: Sendable {
    private let order = Mutex<StoredOrder<GalleryItem.ID>?>(nil)

    /// The stored order: from memory, or read from `db` (inside a write transaction). What is
    /// read is not kept: the transaction may already have changed it (a deleted row takes its
    /// entry with it) and may still roll back; only a committed order is kept (`keep`).
    func current(_ db: Database) throws -> StoredOrder<GalleryItem.ID> {
        if let known = order.withLock({ $0 }) { return known }
        return try OrderStore.loadMainOrder(db)
    }

    /// Keeps `stored` once the transaction that wrote it commits, or forgets the order if it
    /// rolls back. Call inside that transaction.
    func keep(_ stored: StoredOrder<GalleryItem.ID>, whenCommitted db: Database) {
        db.afterNextTransaction(onCommit: { [self] _ in order.withLock { $0 = stored } },
                                onRollback: { [self] _ in order.withLock { $0 = nil } })
    }
}
