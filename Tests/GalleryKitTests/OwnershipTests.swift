import Foundation
import GRDB
import TestSupport
import Testing
@testable import GalleryKit

/// A folder that is not (or no longer) a working library is never cleaned out or taken
/// over, and one process owns a library at a time.
@Suite struct OwnershipTests {
    /// Every file below `directory` with its bytes, to prove nothing changed.
    private func contents(of directory: URL) throws -> [String: Data] {
        var result: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil)
        while let url = enumerator?.nextObject() as? URL {
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory)
            if !isDirectory.boolValue { result[url.path] = try Data(contentsOf: url) }
        }
        return result
    }

    /// A closed library of three photos.
    private func closedLibrary(in temp: TemporaryDirectory) async throws -> LibraryLocation {
        let library = try await PhotoLibrary.makeTemporary(in: temp)
        _ = try await library.importGenerated(3, named: "p", in: temp)
        try library.close()
        return library.location
    }

    @Test(arguments: ["emptied", "deleted"])
    func aLibraryWhoseDatabaseIsGoneIsDamagedAndUntouched(how: String) async throws {
        let temp = try TemporaryDirectory()
        let location = try await closedLibrary(in: temp)
        if how == "emptied" {
            try Data().write(to: location.databaseURL)
        } else {
            try FileManager.default.removeItem(at: location.databaseURL)
        }
        let before = try contents(of: location.directory)
        #expect(before.keys.contains { $0.hasSuffix("photos/p-1.png") })

        let error = await #expect(throws: LibraryError.self) { try await PhotoLibrary.open(at: location.directory) }
        guard case .damaged(let url, _) = error else { Issue.record("expected .damaged, got \(String(describing: error))"); return }
        #expect(url == location.directory)
        #expect(error?.canRebuild == true)
        #expect(try contents(of: location.directory) == before)
    }

    @Test func aFolderOfSomeoneElsesIsRefusedUntouched() async throws {
        let temp = try TemporaryDirectory()
        let folder = try temp.folder("Pictures")
        let photos = try temp.folder("Pictures/photos")
        try TestImages.write(photos.appendingPathComponent("holiday.png"), width: 8, height: 8)
        try TestImages.write(folder.appendingPathComponent("cat.png"), width: 8, height: 8)
        try Data("notes".utf8).write(to: folder.appendingPathComponent("notes.txt"))
        let before = try contents(of: folder)

        await #expect(throws: LibraryError.notALibraryFolder(folder.standardizedFileURL)) {
            try await PhotoLibrary.open(at: folder)
        }
        #expect(try contents(of: folder) == before)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("library.sqlite").path))
    }

    @Test func aFolderHoldingOnlyAPhotosFolderIsNeverCleaned() async throws {
        let temp = try TemporaryDirectory()
        let folder = try temp.folder("mine")
        let photos = try temp.folder("mine/photos")
        try TestImages.write(photos.appendingPathComponent("holiday.png"), width: 8, height: 8)
        let before = try contents(of: folder)
        let error = await #expect(throws: LibraryError.self) { try await PhotoLibrary.open(at: folder) }
        #expect(error?.preventsOpening == true)
        #expect(try contents(of: folder) == before)
    }

    @Test func aNewLibraryIsMarkedAndAnOldOneIsMarkedWhenOpened() async throws {
        let temp = try TemporaryDirectory()
        let empty = try temp.folder("empty")
        let library = try await PhotoLibrary.open(at: empty)
        #expect(FileManager.default.fileExists(atPath: empty.appendingPathComponent(LibraryFolder.markerName).path))
        try library.close()

        // A library made before markers: its database proves it is Drover's.
        try FileManager.default.removeItem(at: empty.appendingPathComponent(LibraryFolder.markerName))
        let again = try await PhotoLibrary.open(at: empty)
        #expect(FileManager.default.fileExists(atPath: empty.appendingPathComponent(LibraryFolder.markerName).path))
        try again.close()
    }

    @Test func oneOwnerAtATime() async throws {
        let temp = try TemporaryDirectory()
        let first = try await PhotoLibrary.makeTemporary(in: temp)
        await #expect(throws: LibraryError.inUse(first.location.directory)) {
            try await PhotoLibrary.open(at: first.location.directory)
        }
        try first.close()
        let second = try await PhotoLibrary.open(at: first.location.directory)
        try second.close()
    }

    @Test func aProcessThatDiesLeavesNoLock() async throws {
        let temp = try TemporaryDirectory()
        let directory = temp.file("library")
        // Exit tests capture nothing: the child finds the folder in its environment.
        setenv("DROVER_TEST_DYING_LIBRARY", directory.path, 1)
        await #expect(processExitsWith: .exitCode(3)) {
            let path = try #require(ProcessInfo.processInfo.environment["DROVER_TEST_DYING_LIBRARY"])
            _ = try await PhotoLibrary.open(at: URL(fileURLWithPath: path))
            exit(3)  // dies with the library open: no close, no deinit
        }
        let library = try await PhotoLibrary.open(at: directory)
        try library.close()
    }

    @Test func reimportingAPhotoWhoseFileWentMissingWorksAndKeepsTheOldThumbnail() async throws {
        let temp = try TemporaryDirectory()
        let library = try await PhotoLibrary.makeTemporary(in: temp)
        let source = try TestImages.write(temp.file("same.png"), width: 20, height: 10)
        let first = try await library.importFiles([source])
        let old = try #require(try await library.photos(withIDs: first.photoIDs).first)
        try FileManager.default.removeItem(at: old.fileURL)
        let oldThumbnail = try Data(contentsOf: old.thumbnailURL)

        let again = try await library.importFiles([source])
        #expect(again.failures.isEmpty, "\(again.failures)")
        let new = try #require(try await library.photos(withIDs: again.photoIDs).first)
        #expect(new.fileURL.lastPathComponent == "same-2.png")
        #expect(try Data(contentsOf: old.thumbnailURL) == oldThumbnail, "the missing photo's thumbnail survives")
        #expect(try await library.pool.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM importJournal") } == 0)
    }

    @Test func aStrayFileInPhotosKeepsItsNameAndTheImportTakesAnother() async throws {
        let temp = try TemporaryDirectory()
        let library = try await PhotoLibrary.makeTemporary(in: temp)
        let stray = library.location.photosDirectory.appendingPathComponent("cat.png")
        try TestImages.write(stray, width: 8, height: 8)
        let strayBytes = try Data(contentsOf: stray)
        let report = try await library.importFiles([try TestImages.write(temp.file("cat.png"), width: 30, height: 20)])
        let photo = try #require(try await library.photos(withIDs: report.photoIDs).first)
        #expect(photo.fileURL.lastPathComponent == "cat-2.png")
        #expect(try Data(contentsOf: stray) == strayBytes)
    }

    @Test func aDamagedLibraryIsRebuiltFromItsPhotosAndKeptAside() async throws {
        let temp = try TemporaryDirectory()
        let location = try await closedLibrary(in: temp)
        try Data().write(to: location.databaseURL)
        let before = try contents(of: location.directory)

        let (library, keptAt, report) = try await PhotoLibrary.rebuild(damagedAt: location.directory)
        #expect(report.failures.isEmpty && report.imported.count == 3)
        #expect(try await library.titles(in: .allPhotos) == ["p-1", "p-2", "p-3"])
        #expect(keptAt.lastPathComponent.hasPrefix("library-damaged-"))
        // Every file of the damaged library is still there, byte for byte, under the new name.
        let kept = try contents(of: keptAt)
        let moved = Dictionary(uniqueKeysWithValues: before.map { ($0.key.replacingOccurrences(of: location.directory.path, with: keptAt.path), $0.value) })
        #expect(kept == moved)
        try library.close()
    }

    @Test func aHealthyLibraryIsNotRebuilt() async throws {
        let temp = try TemporaryDirectory()
        let location = try await closedLibrary(in: temp)
        await #expect(throws: LibraryError.nothingToRebuild(location.directory)) {
            _ = try await PhotoLibrary.rebuild(damagedAt: location.directory)
        }
        let reopened = try await PhotoLibrary.open(at: location.directory)
        #expect(try await reopened.photoCount() == 3)
        try reopened.close()
    }
}
