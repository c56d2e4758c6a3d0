import Foundation
import GRDB
import TestSupport
import Testing
@testable import GalleryKit

/// Issue 32, items 6 and 8: a library Drover refuses is left exactly as it was, every file
/// of its folder byte for byte, no -wal or -shm made beside its database; and the refusal
/// names the real cause.
@Suite struct RefusedLibraryTests {
    /// Every file under `directory` (relative path → bytes).
    private func snapshot(_ directory: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(atPath: directory.path)
        while let path = enumerator?.nextObject() as? String {
            let url = directory.appendingPathComponent(path)
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory)
            files[path] = isDirectory.boolValue ? Data("folder".utf8) : try Data(contentsOf: url)
        }
        return files
    }

    /// A real library of a few photos, closed: its folder, and its database's bytes.
    private func closedLibrary(in temp: TemporaryDirectory) async throws -> (URL, Data) {
        let library = try await PhotoLibrary.makeTemporary(in: temp)
        _ = try await library.importGenerated(3, named: "kept", in: temp)
        for index in 0..<30 { _ = try await library.createAlbum(named: "Album \(index) " + String(repeating: "x", count: 200)) }
        try library.close()
        // The database alone, as a copy or a crash would leave it: no -wal or -shm beside it.
        for suffix in ["-wal", "-shm"] { unlink(library.location.databaseURL.path + suffix) }
        return (library.location.directory, try Data(contentsOf: library.location.databaseURL))
    }

    private func expectUntouched(_ directory: URL, refusedWith check: (LibraryError) -> Bool) async throws {
        let before = try snapshot(directory)
        let error = await #expect(throws: LibraryError.self) { try await PhotoLibrary.open(at: directory) }
        #expect(error.map(check) == true, "\(String(describing: error))")
        let after = try snapshot(directory)
        #expect(after.keys.sorted() == before.keys.sorted(), "files appeared or went: \(Set(after.keys).symmetricDifference(before.keys))")
        #expect(after == before)
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("library.sqlite-wal").path))
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("library.sqlite-shm").path))
    }

    @Test func aHeaderOnlyDatabaseIsLeftByteForByte() async throws {
        let temp = try TemporaryDirectory()
        let (directory, bytes) = try await closedLibrary(in: temp)
        try bytes.prefix(100).write(to: directory.appendingPathComponent("library.sqlite"))
        try await expectUntouched(directory) { if case .corrupt = $0 { true } else { false } }
    }

    @Test func aHalfWrittenDatabaseIsLeftByteForByte() async throws {
        let temp = try TemporaryDirectory()
        let (directory, bytes) = try await closedLibrary(in: temp)
        try bytes.prefix(bytes.count / 2).write(to: directory.appendingPathComponent("library.sqlite"))
        try await expectUntouched(directory) { if case .corrupt = $0 { true } else { false } }
    }

    @Test func aDatabaseFromANewerDroverIsLeftByteForByte() async throws {
        let temp = try TemporaryDirectory()
        let (directory, _) = try await closedLibrary(in: temp)
        let queue = try DatabaseQueue(path: directory.appendingPathComponent("library.sqlite").path)
        try await queue.write { db in try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v99-from-the-future')") }
        try queue.close()
        try await expectUntouched(directory) { $0 == .newerSchema(directory.appendingPathComponent("library.sqlite")) }
    }
}

/// The disks and files that refuse writes, as root can only make them: a read-only bind
/// mount of the database file, a full tmpfs.
@Suite(.enabled(if: ReadOnlyMount.isPossible, "needs root and mount(8)"))
struct RefusedWritesTests {
    @Test func aReadOnlyDatabaseIsCalledReadOnly() async throws {
        let mount = try ReadOnlyMount()
        defer { mount.unmount() }
        let temp = try TemporaryDirectory()
        let directory = mount.url.appendingPathComponent("library")
        let library = try await PhotoLibrary.open(at: directory)
        _ = try await library.importGenerated(1, named: "ro", in: temp)
        try library.close()
        let database = library.location.databaseURL
        let before = try Data(contentsOf: database)
        // The file alone read-only (as chmod 444 is for anyone but root): the folder stays writable.
        try ReadOnlyMount.run("/bin/mount", "--bind", database.path, database.path)
        defer { try? ReadOnlyMount.run("/bin/umount", database.path) }
        try ReadOnlyMount.run("/bin/mount", "-o", "remount,bind,ro", database.path)

        let error = await #expect(throws: LibraryError.self) { try await PhotoLibrary.open(at: directory) }
        #expect(error == .databaseReadOnly(database))
        #expect(error?.message.contains("database") == true && error?.message.contains("is read-only") == true)
        #expect(error?.message.contains("Permission") == false)
        #expect(try Data(contentsOf: database) == before)
    }

    @Test func aLibraryOnADiskThatFilledUpSaysTheDiskIsFull() async throws {
        let mount = try ReadOnlyMount(size: "4m")
        defer { mount.unmount() }
        let temp = try TemporaryDirectory()
        let directory = mount.url.appendingPathComponent("library")
        let library = try await PhotoLibrary.open(at: directory)
        _ = try await library.importGenerated(1, named: "full", in: temp)
        try library.close()
        // Fill the disk to its last byte: there is no room left for the -wal and -shm.
        let fillerPath = mount.url.appendingPathComponent("filler").path
        #expect(FileManager.default.createFile(atPath: fillerPath, contents: nil))
        let filler = try #require(FileHandle(forWritingAtPath: fillerPath))
        while (try? filler.write(contentsOf: Data(count: 16 * 1024))) != nil {}
        while (try? filler.write(contentsOf: Data(count: 512))) != nil {}
        try? filler.close()

        let error = await #expect(throws: LibraryError.self) { try await PhotoLibrary.open(at: directory) }
        guard case .diskFull = error else { Issue.record("expected .diskFull, got \(String(describing: error))"); return }
        #expect(error?.message.contains("is full") == true)
        #expect(error?.message.contains("permissions") == false)
    }
}
