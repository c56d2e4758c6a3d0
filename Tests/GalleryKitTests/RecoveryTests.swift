import Foundation
import GRDB
import TestSupport
import Testing
@testable import GalleryKit

/// Drover killed mid-import leaves these states behind; the next open must tidy them.
@Suite struct RecoveryTests {
    @Test func recoversFromAnInterruptedImport() async throws {
        let temp = try TemporaryDirectory()
        var library: PhotoLibrary? = try await PhotoLibrary.makeTemporary(in: temp)
        let ids = try await library!.importGenerated(3, named: "kept", in: temp)
        let photos = try await library!.photos(withIDs: ids)
        let location = library!.location
        try library!.close()
        library = nil

        // Killed while copying: half-written temp files.
        let temporary = [".import-" + UUID().uuidString, ".import-" + UUID().uuidString]
        try Data(repeating: 1, count: 100).write(to: location.photosDirectory.appendingPathComponent(temporary[0]))
        try Data(repeating: 2, count: 100).write(to: location.thumbnailsDirectory.appendingPathComponent(temporary[1]))
        // Killed after the copy was renamed, before the row was committed: the journal names it.
        try TestImages.write(location.photosDirectory.appendingPathComponent("orphan.png"), width: 8, height: 8)
        try TestImages.write(location.thumbnailsDirectory.appendingPathComponent("orphan.png.png"), width: 8, height: 8)
        try journal("orphan.png", in: location)
        // The same for a JPEG, whose thumbnail is a JPEG.
        try TestImages.write(location.photosDirectory.appendingPathComponent("late.jpg"), width: 8, height: 8, format: .jpeg)
        try TestImages.write(location.thumbnailsDirectory.appendingPathComponent("late.jpg.jpg"), width: 8, height: 8, format: .jpeg)
        try journal("late.jpg", in: location)
        // Files nothing proves Drover made: a stray copy, a look-alike temp name, a thumbnail.
        try TestImages.write(location.photosDirectory.appendingPathComponent("stray.png"), width: 8, height: 8)
        try Data([1]).write(to: location.photosDirectory.appendingPathComponent(".import-notes"))
        try TestImages.write(location.thumbnailsDirectory.appendingPathComponent("stray.png.png"), width: 8, height: 8)
        try TestImages.write(location.thumbnailsDirectory.appendingPathComponent("stray.png.jpg"), width: 8, height: 8, format: .jpeg)
        // A library file lost some other way: the row stays, shown as missing.
        try FileManager.default.removeItem(at: photos[1].fileURL)
        // Someone's folder inside photos/ is not ours to delete.
        try FileManager.default.createDirectory(at: location.photosDirectory.appendingPathComponent("keep-me"), withIntermediateDirectories: true)

        let reopened = try await PhotoLibrary.open(at: location.directory)
        let report = reopened.recoveryReport
        #expect(Set(report.removedTemporaryFiles) == Set(temporary))
        #expect(Set(report.removedOrphanFiles) == ["orphan.png", "orphan.png.png", "late.jpg", "late.jpg.jpg"])
        #expect(Set(report.unknownFiles) == ["photos/.import-notes", "photos/stray.png", "thumbnails/stray.png.png",
                                             "thumbnails/stray.png.jpg"])
        #expect(report.missingPhotos == [ids[1]])

        #expect(listing(location.photosDirectory)
                == ([photos[0], photos[2]].map(\.fileURL.lastPathComponent) + ["keep-me", "stray.png", ".import-notes"]).sorted())
        #expect(!FileManager.default.fileExists(atPath: location.thumbnailsDirectory.appendingPathComponent("orphan.png.png").path))
        #expect(FileManager.default.fileExists(atPath: location.thumbnailsDirectory.appendingPathComponent("stray.png.png").path))
        #expect(try await reopened.pool.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM importJournal") } == 0)

        let items = try await reopened.items(in: .allPhotos)
        #expect(items.map(\.title) == ["kept-1", "kept-2", "kept-3"])
        #expect(items.map(\.isMissing) == [false, true, false])
        await #expect(throws: LibraryError.photoFileMissing(ids[1])) {
            // Its thumbnail is gone too, and cannot be made again.
            try FileManager.default.removeItem(at: photos[1].thumbnailURL)
            _ = try await reopened.thumbnail(for: ids[1], fittingBox: 64)
        }
        // Imports work normally afterwards.
        _ = try await reopened.importGenerated(1, named: "after", in: temp)
        #expect(try await reopened.photoCount() == 4)
    }

    @Test func aWindowsOpenSweepsTheFoldersAfterwardsWithTheSameReport() async throws {
        let temp = try TemporaryDirectory()
        let library = try await PhotoLibrary.makeTemporary(in: temp)
        let ids = try await library.importGenerated(2, named: "kept", in: temp)
        let photos = try await library.photos(withIDs: ids)
        let location = library.location
        try library.close()
        let leftover = ".import-" + UUID().uuidString
        try Data([0]).write(to: location.photosDirectory.appendingPathComponent(leftover))
        try TestImages.write(location.photosDirectory.appendingPathComponent("orphan.png"), width: 8, height: 8)
        try journal("orphan.png", in: location)
        try TestImages.write(location.photosDirectory.appendingPathComponent("stray.png"), width: 8, height: 8)
        try FileManager.default.removeItem(at: photos[0].fileURL)

        let reopened = try await PhotoLibrary.open(at: location.directory, sweepingFoldersLater: true)
        // The open itself settled the import journal; the sweep's findings come with `recovery()`.
        #expect(reopened.recoveryReport.removedOrphanFiles == ["orphan.png"])
        #expect(reopened.recoveryReport.missingPhotos.isEmpty && reopened.recoveryReport.unknownFiles.isEmpty)
        let report = await reopened.recovery()
        #expect(report.removedOrphanFiles == ["orphan.png"])
        #expect(report.removedTemporaryFiles == [leftover])
        #expect(report.unknownFiles == ["photos/stray.png"])
        #expect(report.missingPhotos == [ids[0]])
        #expect(listing(location.photosDirectory) == [photos[1].fileURL.lastPathComponent, "stray.png"].sorted())
    }

    @Test func aSweepBesideThisProcesssWorkLeavesItsFilesAlone() async throws {
        let temp = try TemporaryDirectory()
        let library = try await PhotoLibrary.makeTemporary(in: temp)
        let ids = try await library.importGenerated(1, named: "kept", in: temp)
        let location = library.location
        // Leftovers of a process that died: whatever their times say (a file system whose
        // clock runs ahead of this machine's gives one written before the open a later time).
        let old = ".import-" + UUID().uuidString, ahead = ".import-" + UUID().uuidString
        try Data([0]).write(to: location.photosDirectory.appendingPathComponent(old))
        try Data([0]).write(to: location.photosDirectory.appendingPathComponent(ahead))
        var past = [timespec(tv_sec: 1_000_000_000, tv_nsec: 0), timespec(tv_sec: 1_000_000_000, tv_nsec: 0)]
        var future = [timespec(tv_sec: 4_000_000_000, tv_nsec: 0), timespec(tv_sec: 4_000_000_000, tv_nsec: 0)]
        #expect(utimensat(AT_FDCWD, location.photosDirectory.appendingPathComponent(old).path, &past, 0) == 0)
        #expect(utimensat(AT_FDCWD, location.photosDirectory.appendingPathComponent(ahead).path, &future, 0) == 0)
        // An import's copy and thumbnail renamed into place, whose row is not committed yet
        // (the journal names it).
        try TestImages.write(location.photosDirectory.appendingPathComponent("arriving.png"), width: 8, height: 8)
        try TestImages.write(location.thumbnailsDirectory.appendingPathComponent("arriving.png.png"), width: 8, height: 8)
        try journal("arriving.png", in: location)

        // A thumbnail this process is writing while the sweep runs, with a time long past (a
        // file system whose clock lags): it is in flight, so it stays.
        var report = RecoveryReport()
        let writing = try TemporaryFiles.withNewPath(in: location.thumbnailsDirectory) { path in
            try Data([1]).write(to: URL(fileURLWithPath: path))
            #expect(utimensat(AT_FDCWD, path, &past, 0) == 0)
            try Recovery.sweep(library.pool, location: location, keeping: [], besideWork: true, into: &report)
            #expect(FileManager.default.fileExists(atPath: path), "a temp file in flight was removed")
            unlink(path)
            return (path as NSString).lastPathComponent
        }
        #expect(Recovery.isTemporary(writing))
        #expect(report.removedTemporaryFiles.sorted() == [old, ahead].sorted())
        #expect(report.unknownFiles.isEmpty)
        #expect(report.missingPhotos.isEmpty)
        #expect(FileManager.default.fileExists(atPath: location.photosDirectory.appendingPathComponent("arriving.png").path))
        #expect(try await library.photos(withIDs: ids).count == 1)
    }

    @Test func aSweepBesideWorkLooksAgainAtWhatChangedAfterItsFirstRead() async throws {
        let temp = try TemporaryDirectory()
        let library = try await PhotoLibrary.makeTemporary(in: temp)
        let ids = try await library.importGenerated(3, named: "kept", in: temp)
        let photos = try await library.photos(withIDs: ids)
        let location = library.location
        // Gone before the sweep: missing, as ever.
        try FileManager.default.removeItem(at: photos[2].fileURL)
        var report = RecoveryReport()
        try Recovery.sweep(library.pool, location: location, keeping: [], besideWork: true, into: &report) {
            // After the sweep read the rows: an import lands a photo (its copy, its thumbnail
            // and its row), and a photo is removed (its row, then its file, as the Trash takes it).
            try TestImages.write(location.photosDirectory.appendingPathComponent("late.png"), width: 8, height: 8)
            try TestImages.write(location.thumbnailsDirectory.appendingPathComponent("late.png.png"), width: 8, height: 8)
            try library.pool.write { db in
                try db.execute(sql: "CREATE TEMP TABLE arriving AS SELECT * FROM photo WHERE id = ?", arguments: [ids[0].rawValue])
                try db.execute(sql: "UPDATE arriving SET id = NULL, fileName = 'late.png', contentHash = NULL")
                try db.execute(sql: "INSERT INTO photo SELECT * FROM arriving")
                try db.execute(sql: "DROP TABLE arriving")
                try db.execute(sql: "DELETE FROM photo WHERE id = ?", arguments: [ids[1].rawValue])
            }
            try FileManager.default.removeItem(at: photos[1].fileURL)
        }
        #expect(report.unknownFiles.isEmpty, "a photo that landed meanwhile was called not Drover's: \(report.unknownFiles)")
        #expect(report.missingPhotos == [ids[2]], "only the photo gone before the sweep is missing")
        #expect(report.missingFiles == [photos[2].fileURL.lastPathComponent])
        #expect(report.removedTemporaryFiles.isEmpty)
    }

    @Test func committedRowsSurviveWithoutTheirTemporaryLeftovers() async throws {
        // A row committed but the process died before cleaning up its temp file (can't
        // happen in the pipeline's order, but recovery must not touch the good file).
        let temp = try TemporaryDirectory()
        let library = try await PhotoLibrary.makeTemporary(in: temp)
        let ids = try await library.importGenerated(1, named: "solid", in: temp)
        try library.close()
        let leftover = ".import-" + UUID().uuidString
        try Data([0]).write(to: library.location.photosDirectory.appendingPathComponent(leftover))
        let reopened = try await PhotoLibrary.open(at: library.location.directory)
        #expect(reopened.recoveryReport.removedTemporaryFiles == [leftover])
        #expect(reopened.recoveryReport.missingPhotos.isEmpty)
        #expect(try await reopened.photos(withIDs: ids).count == 1)
    }
}

@Suite struct CrashTests {
    /// Copies a live library's folder, database and write-ahead log included: what the
    /// disk holds if Drover is killed at that moment.
    private func snapshot(_ library: PhotoLibrary, to destination: URL, withoutSharedMemory: Bool = false) throws {
        try FileManager.default.copyItem(at: library.location.directory, to: destination)
        if withoutSharedMemory {
            try? FileManager.default.removeItem(at: destination.appendingPathComponent("library.sqlite-shm"))
        }
    }

    @Test(arguments: [false, true])
    func opensAfterBeingKilledWithAHotWriteAheadLog(withoutSharedMemory: Bool) async throws {
        let temp = try TemporaryDirectory()
        let library = try await PhotoLibrary.makeTemporary(in: temp)
        _ = try await library.importGenerated(3, named: "w", in: temp)
        let album = try await library.createAlbum(named: "Kept")
        #expect(FileManager.default.fileExists(atPath: library.location.databaseURL.path + "-wal"))
        let copy = temp.file("killed")
        try snapshot(library, to: copy, withoutSharedMemory: withoutSharedMemory)

        let reopened = try await PhotoLibrary.open(at: copy)
        #expect(reopened.recoveryReport.isClean)
        #expect(try await reopened.titles(in: .allPhotos) == ["w-1", "w-2", "w-3"])
        #expect(try await reopened.albums().map(\.id) == [album])
    }

    @Test func damagedThumbnailIsMadeAgain() async throws {
        let temp = try TemporaryDirectory()
        let library = try await PhotoLibrary.makeTemporary(in: temp)
        let id = try #require(try await library.importGenerated(1, named: "t", in: temp).first)
        let photo = try #require(try await library.photos(withIDs: [id]).first)
        try Data([0x89, 0x50, 0x4E, 0x47]).write(to: photo.thumbnailURL)
        let image = try await library.thumbnail(for: id, fittingBox: 256)
        #expect(image.width == 41 && image.height == 30)
    }
}
