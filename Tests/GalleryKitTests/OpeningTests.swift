import Foundation
import GRDB
import TestSupport
import Testing
@testable import GalleryKit

@Suite struct OpeningTests {
    @Test func createsLayoutInAGivenDirectory() async throws {
        let temp = try TemporaryDirectory()
        let library = try await PhotoLibrary.makeTemporary(in: temp)
        #expect(FileManager.default.fileExists(atPath: library.location.databaseURL.path))
        #expect(FileManager.default.fileExists(atPath: library.location.photosDirectory.path))
        #expect(FileManager.default.fileExists(atPath: library.location.thumbnailsDirectory.path))
        #expect(library.recoveryReport.isClean)
        #expect(try await library.isEmpty())
        let mode = try await library.pool.read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") }
        #expect(mode == "wal")
    }

    @Test func reopensExistingLibrary() async throws {
        let temp = try TemporaryDirectory()
        do {
            let library = try await PhotoLibrary.makeTemporary(in: temp)
            _ = try await library.createAlbum(named: "Kept")
            try library.close()
        }
        let again = try await PhotoLibrary.makeTemporary(in: temp)
        #expect(try await again.albums().map(\.name) == ["Kept"])
    }

    @Test func defaultDirectoryFollowsXDG() {
        let url = LibraryLocation.defaultDirectory
        if let dataHome = ProcessInfo.processInfo.environment["XDG_DATA_HOME"], dataHome.hasPrefix("/") {
            #expect(url.path == dataHome + "/drover")
        } else {
            #expect(url.path.hasSuffix("/.local/share/drover"))
        }
    }

    @Test func suggestsAFreshSiblingDirectory() throws {
        let temp = try TemporaryDirectory()
        let library = try temp.folder("drover")
        #expect(LibraryLocation.suggestedFreshDirectory(near: library).lastPathComponent == "drover-2")
        _ = try temp.folder("drover-2")
        #expect(LibraryLocation.suggestedFreshDirectory(near: library).lastPathComponent == "drover-3")
        #expect(LibraryLocation.suggestedFreshDirectory(near: temp.file("drover-2")).lastPathComponent == "drover-3")
        #expect(LibraryLocation.suggestedFreshDirectory(near: library).deletingLastPathComponent().standardizedFileURL
                == temp.url.standardizedFileURL)
    }

    // MARK: Faults: the bad file is never changed

    /// Opens a library whose database file is `bytes`, expects `check` to accept the
    /// error, and verifies the file is byte-for-byte what it was.
    private func expectRefusal(databaseBytes bytes: Data, _ check: (LibraryError) -> Bool) async throws {
        let temp = try TemporaryDirectory()
        let directory = try temp.folder("library")
        let database = directory.appendingPathComponent("library.sqlite")
        try bytes.write(to: database)
        let error = await #expect(throws: LibraryError.self) { try await PhotoLibrary.open(at: directory) }
        let libraryError = try #require(error)
        #expect(check(libraryError), "\(libraryError)")
        #expect(libraryError.preventsOpening)
        #expect(!libraryError.message.isEmpty)
        #expect(try Data(contentsOf: database) == bytes)
    }

    @Test func corruptBytesAreRefusedUntouched() async throws {
        var bytes = Data("This is not a database, just some text that happens to be here.\n".utf8)
        bytes += Data((0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        try await expectRefusal(databaseBytes: bytes) { if case .corrupt = $0 { true } else { false } }
    }

    @Test func damagedDatabaseIsRefusedUntouched() async throws {
        // A real library whose pages after the header are overwritten with junk.
        let temp = try TemporaryDirectory()
        let library = try await PhotoLibrary.makeTemporary(in: temp)
        for index in 0..<50 { _ = try await library.createAlbum(named: "Album \(index) " + String(repeating: "x", count: 200)) }
        try library.close()
        var bytes = try Data(contentsOf: library.location.databaseURL)
        #expect(bytes.count > 8192)
        for offset in 4096..<bytes.count { bytes[offset] = UInt8(truncatingIfNeeded: offset &* 7) }
        try await expectRefusal(databaseBytes: bytes) { if case .corrupt = $0 { true } else { false } }
    }

    @Test func newerSchemaIsRefusedUntouched() async throws {
        let temp = try TemporaryDirectory()
        let library = try await PhotoLibrary.makeTemporary(in: temp)
        try await library.pool.write { db in
            try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v99-from-the-future')")
        }
        try library.close()
        let url = library.location.databaseURL
        let before = try Data(contentsOf: url)
        let error = await #expect(throws: LibraryError.self) { try await PhotoLibrary.open(at: library.location.directory) }
        #expect(error == .newerSchema(url))
        #expect(try Data(contentsOf: url) == before)
        #expect(error?.message.contains("newer version of Drover") == true)
    }

    @Test func foreignDatabaseIsRefusedUntouched() async throws {
        let temp = try TemporaryDirectory()
        let directory = try temp.folder("library")
        let url = directory.appendingPathComponent("library.sqlite")
        let queue = try DatabaseQueue(path: url.path)
        try await queue.write { db in try db.execute(sql: "CREATE TABLE recipes (name TEXT)") }
        try queue.close()
        let before = try Data(contentsOf: url)
        let error = await #expect(throws: LibraryError.self) { try await PhotoLibrary.open(at: directory) }
        #expect(error == .notALibrary(url))
        #expect(try Data(contentsOf: url) == before)
    }

    @Test(.enabled(if: !isRoot, "root reads any file, whatever its permissions"))
    func unreadableDatabaseIsRefusedUntouched() async throws {
        let temp = try TemporaryDirectory()
        let library = try await PhotoLibrary.makeTemporary(in: temp)
        try library.close()
        let url = library.location.databaseURL
        let before = try Data(contentsOf: url)
        chmod(url.path, 0)
        defer { chmod(url.path, 0o644) }
        let error = await #expect(throws: LibraryError.self) { try await PhotoLibrary.open(at: library.location.directory) }
        if case .unreadable = error {} else { Issue.record("expected .unreadable, got \(String(describing: error))") }
        chmod(url.path, 0o644)
        #expect(try Data(contentsOf: url) == before)
    }

    @Test func folderInPlaceOfTheDatabaseIsUnreadable() async throws {
        let temp = try TemporaryDirectory()
        let directory = try temp.folder("library")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("library.sqlite"), withIntermediateDirectories: true)
        let error = await #expect(throws: LibraryError.self) { try await PhotoLibrary.open(at: directory) }
        if case .unreadable = error {} else { Issue.record("expected .unreadable, got \(String(describing: error))") }
    }

    @Test func fileInPlaceOfTheLibraryFolderIsReported() async throws {
        let temp = try TemporaryDirectory()
        let path = temp.file("library")
        try Data("x".utf8).write(to: path)
        let error = await #expect(throws: LibraryError.self) { try await PhotoLibrary.open(at: path) }
        if case .cannotCreateDirectory = error {} else { Issue.record("got \(String(describing: error))") }
        #expect(try Data(contentsOf: path) == Data("x".utf8))
    }
}
