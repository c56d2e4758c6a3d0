import Foundation
import GRDB

/// Opens (or creates) a library without ever damaging one it cannot use, or taking over
/// a folder that is not a library.
///
/// The folder is locked first (`LibraryLock`), then judged (`LibraryFolder`): only a new
/// folder gets a library created in it. An existing database is inspected through a
/// read-only connection: only a file that is a readable, intact Drover library of a
/// schema this build knows is then opened for writing (which switches it to WAL and
/// runs pending migrations).
enum LibraryOpener {
    /// Locks the folder and opens its database. The lock is held by the caller for as
    /// long as the library is open. A library in a folder Drover may not write to (a
    /// read-only disk or permissions) opens read-only: `readOnly` is then true.
    static func open(at location: LibraryLocation) throws -> (pool: DatabasePool, lock: LibraryLock, readOnly: Bool) {
        if isReadOnly(location.directory) {
            let (pool, lock) = try openReadOnly(at: location)
            return (pool, lock, true)
        }
        try createDirectory(location.directory)
        let lock = try LibraryLock(directory: location.directory)
        try requireUsableFolder(location, writable: true)
        // A library from before markers proves itself by its database: mark it now.
        if !LibraryFolder.hasMarker(location) { try LibraryFolder.writeMarker(in: location) }
        try createDirectory(location.photosDirectory)
        try createDirectory(location.thumbnailsDirectory)
        return (try openDatabase(at: location.databaseURL), lock, false)
    }

    /// Throws unless the (locked) folder holds an intact library, or, when `writable`, is new:
    /// a damaged or foreign folder is never opened.
    private static func requireUsableFolder(_ location: LibraryLocation, writable: Bool) throws {
        switch try LibraryFolder.inspect(location) {
        case .foreign:
            throw LibraryError.notALibraryFolder(location.directory)
        case .damaged(let detail):
            throw LibraryError.damaged(location.directory, detail: detail)
        case .library:
            try inspectExisting(location.databaseURL, writable: writable)
        case .new:
            if !writable { throw LibraryError.cannotCreateDirectory(location.directory, detail: "the folder is read-only") }
        }
    }

    /// An existing folder whose files Drover may read but not write.
    private static func isReadOnly(_ directory: URL) -> Bool {
        guard access(directory.path, F_OK) == 0, access(directory.path, W_OK) != 0 else { return false }
        return errno == EROFS || errno == EACCES || errno == EPERM
    }

    /// Opens an intact library without writing anything: no marker, no migration, no
    /// recovery. Other read-only openers may share it; a writer may not.
    private static func openReadOnly(at location: LibraryLocation) throws -> (DatabasePool, LibraryLock) {
        let lock = try LibraryLock(directory: location.directory, shared: true)
        try requireUsableFolder(location, writable: false)
        var configuration = poolConfiguration(label: "Drover library (read-only)")
        configuration.readonly = true
        let url = location.databaseURL
        let pool: DatabasePool, current: Bool
        do {
            pool = try withReadOnlyPath(of: url) { path in
                let pool = try DatabasePool(path: path, configuration: configuration)
                try pool.read { db in _ = try Int.fetchOne(db, sql: "SELECT count(*) FROM photo") }
                return pool
            }
            current = try pool.read { db in try Schema.migrator.hasCompletedMigrations(db) }
        } catch {
            throw describe(error, at: url)
        }
        guard current else {
            throw LibraryError.unreadable(url, detail: "it is read-only, and this version of Drover must update it before it can show it")
        }
        return (pool, lock)
    }

    /// A library's pool runs its reads and writes on GRDB's own queues, at `BlockingWork`'s
    /// QoS (utility, nice 2 on Linux) as the rest of the library's work runs, below the
    /// window's main thread: GRDB's default, user-initiated, ran them at nice -2 where it may
    /// (as root), ahead of it. The open reads the whole collection there (`observe`: 37% of the
    /// CPU of an open of 100,000 photos). Measured, the open's frame gaps did not change
    /// (docs/benchmarks.md, fifteenth pass); the rule is that nothing the library does in
    /// the background outranks the frames.
    private static func poolConfiguration(label: String) -> Configuration {
        var configuration = Configuration()
        configuration.label = label
        configuration.qos = BlockingWork.qos
        return configuration
    }

    private static func openDatabase(at url: URL) throws -> DatabasePool {
        do {
            var configuration = poolConfiguration(label: "Drover library")
            configuration.busyMode = .timeout(5)
            let pool = try DatabasePool(path: url.path, configuration: configuration)
            try Schema.migrator.migrate(pool)
            return pool
        } catch {
            throw describe(error, at: url)
        }
    }

    private static func createDirectory(_ directory: URL) throws(LibraryError) {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else {
                throw LibraryError.cannotCreateDirectory(directory, detail: "a file with that name is in the way")
            }
            return
        }
        let parent = directory.deletingLastPathComponent()
        if parent.path != directory.path && access(parent.path, F_OK) != 0 { try createDirectory(parent) }
        guard mkdir(directory.path, 0o755) == 0 || errno == EEXIST else {
            let code = errno
            if code == ENOSPC || code == EDQUOT { throw LibraryError.diskFull(directory) }
            throw LibraryError.cannotCreateDirectory(directory, detail: String(cString: strerror(code)))
        }
    }

    /// Runs `open` on the database's path and, if that fails in a folder that cannot be
    /// written, on an immutable URI: a WAL database needs its -shm index, which a
    /// read-only folder cannot hold unless it is there already. Nobody writes while the
    /// library is locked, so SQLite may then treat the file as immutable.
    private static func withReadOnlyPath<T>(of url: URL, _ open: (String) throws -> T) throws -> T {
        do {
            return try open(url.path)
        } catch {
            guard isReadOnly(url.deletingLastPathComponent()) else { throw error }
            return try open(URL(fileURLWithPath: url.path).absoluteString + "?immutable=1")
        }
    }

    /// Refuses, without writing a byte, a file that is damaged, unreadable, foreign or too new.
    static func inspectExisting(_ url: URL, writable: Bool = true) throws {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw LibraryError.unreadable(url, detail: "it is a folder, not a file")
        }
        // SQLite would happily open a file it cannot read and fail later; check first.
        guard access(url.path, R_OK) == 0 else {
            throw LibraryError.unreadable(url, detail: String(cString: strerror(errno)))
        }
        if writable, access(url.path, W_OK) != 0 {
            let code = errno
            guard code == EACCES || code == EPERM || code == EROFS else {
                throw LibraryError.unreadable(url, detail: String(cString: strerror(code)))
            }
            throw LibraryError.databaseReadOnly(url)
        }
        do {
            var configuration = Configuration()
            configuration.readonly = true
            // Nothing may appear beside a database that may yet be refused: without a WAL
            // to read, SQLite reads it as immutable and creates no -wal or -shm file (the
            // library's lock keeps every writer out meanwhile).
            let hasWAL = FileManager.default.fileExists(atPath: url.path + "-wal")
            try withReadOnlyPath(of: url) { path in
                let immutable = URL(fileURLWithPath: path).absoluteString + "?immutable=1"
                let queue = try DatabaseQueue(path: hasWAL || path.hasPrefix("file:") ? path : immutable,
                                              configuration: configuration)
                defer { try? queue.close() }
                try queue.read { db in
                    // Reading the schema parses the header: not-a-database fails here.
                    let tables = try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'")
                    guard !tables.isEmpty else { return }  // an empty database: a new library
                    guard tables.contains("grdb_migrations") else { throw LibraryError.notALibrary(url) }
                    if try Schema.migrator.hasBeenSuperseded(db) { throw LibraryError.newerSchema(url) }
                    // Catches damaged pages before any write touches them; stops at the first problem.
                    let check = try String.fetchOne(db, sql: "PRAGMA quick_check(1)")
                    guard check == "ok" else { throw LibraryError.corrupt(url, detail: check ?? "integrity check failed") }
                }
            }
        } catch {
            throw describe(error, at: url)
        }
    }

    static func describe(_ error: any Error, at url: URL) -> LibraryError {
        if let error = error as? LibraryError { return error }
        guard let error = error as? DatabaseError else {
            return .unreadable(url, detail: String(describing: error))
        }
        let detail = error.message ?? "\(error.resultCode)"
        // SQLite says "disk I/O error" (or cannot open) when there is no room for its -wal
        // or -shm: a full disk is named as one.
        if error.resultCode == .SQLITE_IOERR || error.resultCode == .SQLITE_CANTOPEN || error.resultCode == .SQLITE_FULL,
           isFull(url.deletingLastPathComponent()) {
            return .diskFull(url.deletingLastPathComponent())
        }
        switch error.resultCode {
        case .SQLITE_NOTADB, .SQLITE_CORRUPT, .SQLITE_FORMAT:
            return .corrupt(url, detail: detail)
        case .SQLITE_FULL:
            return .diskFull(url.deletingLastPathComponent())
        default:
            return .unreadable(url, detail: detail)
        }
    }

    /// Whether the disk holding `directory` has (next to) no space left: less than 64 KB
    /// for an unprivileged writer, far less than a -wal, -shm or page needs.
    static func isFull(_ directory: URL) -> Bool {
        var info = statvfs()
        guard statvfs(directory.path, &info) == 0 else { return false }
        return UInt64(info.f_bavail) * UInt64(info.f_frsize) < 64 * 1024
    }
}
