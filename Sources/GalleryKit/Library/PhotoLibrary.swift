// GalleryKit/Library: the library itself. PhotoLibrary and what it holds (photos, stacks,
// albums, notes: GalleryItem), opening, locking and recovering a library, and its edits
// (mutations, rotation, removal). Neighbours: the SQLite schema and rows are in Store/, the
// change batches it emits in Changes/, imports in Import/, EXIF, dates and places in
// Metadata/ and Places/, trash and files on disk in Files/, order and search in Sorting/.

import Foundation
import GRDB
import Synchronization

/// A photo library: its database, its photo copies and thumbnails, and the
/// observers of its collections.
///
/// Safe to use from any thread. Every method that touches the disk is `async` and
/// does its work on GRDB's queues or GalleryKit's own threads, never the caller's.
/// Change handlers run on a private serial queue, in commit order.
public final class PhotoLibrary: Sendable {
    public let location: LibraryLocation
    /// The folder cannot be written (a read-only disk, or permissions): the library can be
    /// browsed and its photos dragged out, and every change throws `LibraryError.readOnly`.
    public let isReadOnly: Bool
    /// What opening found and repaired. Opened with `sweepingFoldersLater`, only what the
    /// open itself did; `recovery()` then waits for the rest.
    public let recoveryReport: RecoveryReport
    /// The folders' sweep, when it runs after the open (`Recovery.sweep`).
    private let laterSweep: DeferredSweep?

    let pool: DatabasePool
    let observers = ObserverRegistry()
    /// The bounds of this library's imports (its opener's choice).
    public let importLimits: ImportLimits
    let faults: FaultInjection
    /// Photos a background scan is working on (see `scanPendingPhotos`).
    let scanClaims = ScanClaims()
    /// Lost thumbnails that tiles had made again (`remakeLostThumbnail`) and no report has
    /// counted yet; nil once the open's `checkFiles()` has counted them (later ones are
    /// logged one by one).
    let thumbnailsRemadeForTiles = Mutex<Int?>(0)
    /// The main collection's order between write transactions.
    private let mainOrder = MainOrderCache()
    /// Held while the library is open: one process owns a library at a time.
    private let lock: LibraryLock

    var journal: ImportJournal { ImportJournal(pool: pool) }
    /// Copies, verifies and thumbnails files for this library.
    var preparer: PhotoPreparer {
        PhotoPreparer(location: location, limits: importLimits, faults: faults, journal: journal)
    }

    private init(location: LibraryLocation, pool: DatabasePool, lock: LibraryLock, isReadOnly: Bool,
                 recoveryReport: RecoveryReport, laterSweep: DeferredSweep?, importLimits: ImportLimits,
                 faults: FaultInjection) {
        self.location = location
        self.isReadOnly = isReadOnly
        self.pool = pool
        self.lock = lock
        self.recoveryReport = recoveryReport
        self.laterSweep = laterSweep
        self.importLimits = importLimits
        self.faults = faults
    }

    /// Opens the library in `directory` (default: `LibraryLocation.defaultDirectory`),
    /// creating it if the folder is missing or empty, and recovers from an interrupted
    /// import. The library stays locked against other processes until it is closed.
    ///
    /// - Throws: `LibraryError` (`corrupt`, `damaged`, `newerSchema`, `notALibrary`,
    ///   `notALibraryFolder`, `inUse`, `unreadable`, `diskFull`, `cannotCreateDirectory`).
    ///   The folder is then left untouched; offer `LibraryLocation.suggestedFreshDirectory(near:)`,
    ///   or `rebuild(damagedAt:)` where `LibraryError.canRebuild`.
    ///
    /// With `sweepingFoldersLater`, the part of recovery that reads every row and lists
    /// both folders (`Recovery.sweep`: about 4 s at 1,000,000 photos) runs when `recovery()`
    /// is first asked for its report, beside whatever the library is then doing, at the
    /// lowest CPU priority: a window shows its first tiles without waiting for it, and asks
    /// once it holds the whole collection (the two at once peaked at 1.37 GB at 1,000,000).
    public static func open(at directory: URL = LibraryLocation.defaultDirectory,
                            importLimits: ImportLimits = ImportLimits(),
                            sweepingFoldersLater: Bool = false) async throws -> PhotoLibrary {
        try await open(at: directory, importLimits: importLimits, faults: FaultInjection(), sweepingFoldersLater: sweepingFoldersLater)
    }

    static func open(at directory: URL, importLimits: ImportLimits, faults: FaultInjection,
                     sweepingFoldersLater: Bool = false) async throws -> PhotoLibrary {
        let location = LibraryLocation(directory: directory)
        return try await BlockingWork.run {
            let (pool, lock, readOnly) = try LibraryOpener.open(at: location)
            var report = RecoveryReport()
            var laterSweep: DeferredSweep?
            do {
                if sweepingFoldersLater {
                    let stillPending = readOnly ? [] : try Recovery.settle(pool, location: location, into: &report)
                    let settled = report
                    laterSweep = DeferredSweep {
                        await BlockingWork.runAtLowestPriority {
                            var report = settled
                            do {
                                if readOnly {
                                    report = try Recovery.survey(pool, location: location)
                                } else {
                                    try Recovery.sweep(pool, location: location, keeping: stillPending,
                                                       besideWork: true, into: &report)
                                }
                            } catch {
                                GalleryLog.note("recovery: the library's folders could not be checked: \(LibraryOpener.describe(error, at: location.databaseURL).message)")
                            }
                            for line in report.logLines { GalleryLog.note(line) }
                            // Every row and both folders' listings were read (at 1,000,000 photos,
                            // hundreds of MB of temporaries, which glibc keeps): handed back.
                            FreedMemory.giveBack()
                            return report
                        }
                    }
                } else {
                    report = readOnly ? try Recovery.survey(pool, location: location) : try Recovery.run(pool, location: location)
                }
            } catch {
                throw LibraryOpener.describe(error, at: location.databaseURL)
            }
            // A library that lost files says so at open.
            for line in report.logLines { GalleryLog.note(line) }
            return PhotoLibrary(location: location, pool: pool, lock: lock, isReadOnly: readOnly, recoveryReport: report,
                                laterSweep: laterSweep, importLimits: importLimits, faults: faults)
        }
    }

    /// What opening found and repaired, the folders' sweep included (starting it and
    /// waiting for it when the library was opened `sweepingFoldersLater`).
    public func recovery() async -> RecoveryReport {
        await laterSweep?.report() ?? recoveryReport
    }

    /// Folds the write-ahead log into the database file and closes it. Further calls fail.
    public func close() throws {
        laterSweep?.waitIfStarted()
        // A single self-contained file is easier to back up or copy.
        if !isReadOnly { _ = try? pool.writeWithoutTransaction { db in try db.checkpoint(.truncate) } }
        defer { lock.release() }
        try pool.close()
    }

    // MARK: Observing

    /// Calls `handler` with each batch of changes to `scope`, in commit order, on a
    /// private serial queue (hop to the main actor in the handler). Observing lasts
    /// while the token lives.
    public func addObserver(for scope: CollectionScope,
                            _ handler: @escaping @Sendable (CollectionChange) -> Void) -> ObservationToken {
        observers.add(for: scope, handler)
    }

    /// Calls `handler` with each batch of changes to the album list.
    public func addAlbumListObserver(_ handler: @escaping @Sendable (AlbumListChange) -> Void) -> ObservationToken {
        observers.addAlbumList(handler)
    }

    /// The current items of `scope` plus an observer of every later change, with
    /// nothing lost or repeated in between: the snapshot is read on the writer queue
    /// at the moment the observer is added.
    public func observe(_ scope: CollectionScope,
                        _ handler: @escaping @Sendable (CollectionChange) -> Void) async throws -> (items: [GalleryItem], token: ObservationToken) {
        let (location, observers) = (location, observers)
        do {
            return try await pool.writeWithoutTransaction { db in
                let items = try ItemLoader(db: db, location: location).items(in: scope)
                return (items, observers.add(for: scope, handler))
            }
        } catch {
            throw Self.libraryError(error)
        }
    }

    /// The album list plus an observer of its later changes, consistent like `observe(_:_:)`.
    public func observeAlbums(_ handler: @escaping @Sendable (AlbumListChange) -> Void) async throws -> (albums: [AlbumSummary], token: ObservationToken) {
        let (location, observers) = (location, observers)
        do {
            return try await pool.writeWithoutTransaction { db in
                let albums = try ItemLoader(db: db, location: location).albumSummaries()
                return (albums, observers.addAlbumList(handler))
            }
        } catch {
            throw Self.libraryError(error)
        }
    }

    /// Waits until every change committed so far has been delivered to observers.
    public func waitForObservers() async {
        await observers.drain()
    }

    // MARK: Plumbing

    /// Runs a blocking database call off the caller's thread, mapping errors to `LibraryError`.
    func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        do {
            return try await BlockingWork.run(work)
        } catch {
            throw Self.libraryError(error)
        }
    }

    func read<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        do {
            return try await pool.read(body)
        } catch {
            throw Self.libraryError(error)
        }
    }

    /// A write transaction that publishes nothing (it changes no collection).
    func write<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        guard !isReadOnly else { throw LibraryError.readOnly(location.directory) }
        do {
            return try await pool.write(body)
        } catch {
            throw Self.libraryError(error)
        }
    }

    /// Runs one mutation in a write transaction, then publishes its changes after commit.
    func mutate<T: Sendable>(_ body: @escaping @Sendable (ChangeSet) throws -> T) async throws -> T {
        guard !isReadOnly else { throw LibraryError.readOnly(location.directory) }
        let location = location
        let observers = observers
        let mainOrder = mainOrder
        do {
            return try await pool.write { db in
                let changeSet = ChangeSet(db: db, location: location, mainOrder: mainOrder)
                let result = try body(changeSet)
                let changes = try changeSet.finish()
                db.afterNextTransaction(onCommit: { _ in observers.publish(changes) })
                return result
            }
        } catch {
            throw Self.libraryError(error)
        }
    }

    static func libraryError(_ error: any Error) -> any Error {
        if error is LibraryError || error is CancellationError { return error }
        if let error = error as? DatabaseError { return LibraryError.storageFailed(detail: error.message ?? "\(error.resultCode)") }
        return LibraryError.storageFailed(detail: String(describing: error))
    }
}

/// Recovery's sweep of the folders, run once, when its report is first asked for.
private final class DeferredSweep: Sendable {
    private let work: @Sendable () async -> RecoveryReport
    private let started = Mutex<Task<RecoveryReport, Never>?>(nil)
    /// Left when the sweep is over: `close()` waits for it, so no file is removed once the
    /// lock is released.
    private let running = DispatchGroup()

    init(_ work: @escaping @Sendable () async -> RecoveryReport) {
        self.work = work
    }

    func report() async -> RecoveryReport {
        let task = started.withLock { started in
            if let started { return started }
            running.enter()
            let task = Task.detached { [work, running] in
                let report = await work()
                running.leave()
                return report
            }
            started = task
            return task
        }
        return await task.value
    }

    /// Returns at once if the sweep never started.
    func waitIfStarted() {
        running.wait()
    }
}

