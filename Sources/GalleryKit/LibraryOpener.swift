import Foundation
import GRDB

/// Opens (or creates) a library database without ever damaging one it cannot use.
///
/// An existing file is first inspected through a read-only connection: only a file
/// that is a readable, intact Drover library of a schema this build knows is then
/// opened for writing (which switches it to WAL and runs pending migrations).
enum LibraryOpener {
    static func openDatabase(at location: LibraryLocation) throws -> DatabasePool {
        try createDirectories(location)
        let url = location.databaseURL
        if FileManager.default.fileExists(atPath: url.path) {
            try inspectExisting(url)
        }
        do {
            var configuration = Configuration()
            configuration.label = "Drover library"
            configuration.busyMode = .timeout(5)
            let pool = try DatabasePool(path: url.path, configuration: configuration)
            try Schema.migrator.migrate(pool)
            return pool
        } catch {
            throw describe(error, at: url)
        }
    }

    private static func createDirectories(_ location: LibraryLocation) throws {
        for directory in [location.directory, location.photosDirectory, location.thumbnailsDirectory] {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory) {
                guard isDirectory.boolValue else {
                    throw LibraryError.cannotCreateDirectory(directory, detail: "a file with that name is in the way")
                }
                continue
            }
            do {
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            } catch {
                throw LibraryError.cannotCreateDirectory(directory, detail: (error as NSError).localizedDescription)
            }
        }
    }

    /// Refuses, without writing a byte, a file that is damaged, unreadable, foreign or too new.
    private static func inspectExisting(_ url: URL) throws {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw LibraryError.unreadable(url, detail: "it is a folder, not a file")
        }
        // SQLite would happily open a file it cannot read and fail later; check first.
        guard access(url.path, R_OK | W_OK) == 0 else {
            throw LibraryError.unreadable(url, detail: String(cString: strerror(errno)))
        }
        do {
            var configuration = Configuration()
            configuration.readonly = true
            let queue = try DatabaseQueue(path: url.path, configuration: configuration)
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
        switch error.resultCode {
        case .SQLITE_NOTADB, .SQLITE_CORRUPT, .SQLITE_FORMAT:
            return .corrupt(url, detail: detail)
        default:
            return .unreadable(url, detail: detail)
        }
    }
}
