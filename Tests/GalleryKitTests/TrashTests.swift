import Foundation
import GRDB
import TestSupport
import Testing
@testable import GalleryKit

/// Removed photos go to the freedesktop Trash, never unlinked.
///
/// GLib reads HOME and XDG_DATA_HOME once, at first use, and other tests use GLib
/// (gdk-pixbuf) in this same process. So each scenario runs as an exit test, in a child
/// process that points both at a fresh temporary home before GLib is first used. The
/// library lives under that home, so GIO uses the home trash, $XDG_DATA_HOME/Trash,
/// and the real user's Trash is never touched.
@Suite struct TrashTests {
    @Test func removedPhotosGoToTheTrashWithTheirPaths() async {
        await #expect(processExitsWith: .success) {
            let home = try TrashTests.isolatedHome()
            let library = try await PhotoLibrary.makeTemporary(in: home.directory)
            let ids = try await library.importGenerated(3, named: "t", in: home.directory)
            let photos = try await library.photos(withIDs: ids)
            let contents = try photos.map { try Data(contentsOf: $0.fileURL) }

            let removed = try await library.removeItems([.photo(ids[0]), .photo(ids[2])])
            // Until trashed, the files wait in place (for undo), recorded as pending.
            #expect(removed.fileURLs.allSatisfy { FileManager.default.fileExists(atPath: $0.path) })
            #expect(try await TrashTests.pending(library) == ["t-1.png", "t-3.png"])

            let report = try await library.trash(removed)
            #expect(report.trashed == [photos[0].fileURL, photos[2].fileURL])
            #expect(report.failures.isEmpty && report.skipped.isEmpty && report.alreadyGone.isEmpty && report.isComplete)
            #expect(try await TrashTests.pending(library).isEmpty)
            #expect(listing(library.location.photosDirectory) == ["t-2.png"])
            #expect(listing(library.location.thumbnailsDirectory) == ["t-2.png.png"], "thumbnails are deleted, not trashed")

            // In the Trash, each with a .trashinfo naming where it came from.
            for index in [0, 2] {
                let name = photos[index].fileURL.lastPathComponent
                #expect(try Data(contentsOf: home.trashFiles.appendingPathComponent(name)) == contents[index])
                #expect(try home.trashedPath(of: name) == photos[index].fileURL.path)
            }
            #expect(listing(home.trashFiles) == ["t-1.png", "t-3.png"])

            // Once trashed there is no undo: restore skips them, and trashing again does nothing.
            try await library.restore(removed)
            #expect(try await library.titles(in: .allPhotos) == ["t-2"])
            let again = try await library.trash(removed)
            #expect(again.trashed.isEmpty && again.skipped == [ids[0], ids[2]])
            #expect(listing(home.trashFiles) == ["t-1.png", "t-3.png"])
        }
    }

    @Test func undoAfterTheTrashBringsTheFilesBack() async {
        await #expect(processExitsWith: .success) {
            let home = try TrashTests.isolatedHome()
            let library = try await PhotoLibrary.makeTemporary(in: home.directory)
            let ids = try await library.importGenerated(3, named: "b", in: home.directory)
            let before = try await library.items(in: .allPhotos)
            let photos = try await library.photos(withIDs: [ids[0], ids[1]])
            let contents = try photos.map { try Data(contentsOf: $0.fileURL) }
            let removed = try await library.removeItems([.photo(ids[0]), .photo(ids[1])])
            _ = try await library.trash(removed)
            #expect(listing(home.trashFiles) == ["b-1.png", "b-2.png"])
            // One of them is emptied from the Trash meanwhile: it cannot come back.
            try FileManager.default.removeItem(at: home.trashFiles.appendingPathComponent("b-2.png"))

            let failures = try await library.bringBackFromTrash(removed)
            #expect(failures.map(\.fileURL) == [photos[1].fileURL])
            #expect(failures.allSatisfy { $0.message.contains("b-2.png") && $0.reason.contains("no longer in the Trash") })
            #expect(try Data(contentsOf: photos[0].fileURL) == contents[0], "the same bytes, back in place")
            #expect(listing(home.trashFiles).isEmpty)
            // The restored file's entry goes with it; the emptied one's stays, as it was.
            #expect(listing(home.trashFiles.deletingLastPathComponent().appendingPathComponent("info")) == ["b-2.png.trashinfo"])
            try await library.restore(removed)
            #expect(try await library.items(in: .allPhotos).map(\.id) == before.map(\.id).filter { $0 != .photo(ids[1]) })
            #expect(try await TrashTests.pending(library).isEmpty)

            // Asked again, nothing moves: the photo is back, and the other is gone for good.
            #expect(try await library.bringBackFromTrash(removed).map(\.fileURL) == [photos[1].fileURL])
        }
    }

    @Test func undoBeforeTheTrashKeepsTheFilesInPlace() async {
        await #expect(processExitsWith: .success) {
            let home = try TrashTests.isolatedHome()
            let library = try await PhotoLibrary.makeTemporary(in: home.directory)
            let ids = try await library.importGenerated(2, named: "u", in: home.directory)
            let before = try await library.items(in: .allPhotos)
            let removed = try await library.removeItems([.photo(ids[1])])
            try await library.restore(removed)
            #expect(try await library.items(in: .allPhotos) == before)
            #expect(try await TrashTests.pending(library).isEmpty)

            // The toast's timer fires late, after the undo: nothing leaves.
            let report = try await library.trash(removed)
            #expect(report.trashed.isEmpty && report.skipped == [ids[1]])
            #expect(listing(library.location.photosDirectory) == ["u-1.png", "u-2.png"])
            #expect(listing(library.location.thumbnailsDirectory) == ["u-1.png.png", "u-2.png.png"])
            // Nothing went to the Trash: it has no files folder yet, or an empty one.
            #expect(TrashTests.trashHolds(nothing: home))

            // And a reopen finds nothing to trash.
            try library.close()
            let reopened = try await PhotoLibrary.open(at: library.location.directory)
            #expect(reopened.recoveryReport.isClean)
            #expect(TrashTests.trashHolds(nothing: home))
        }
    }

    @Test func pendingRemovalsGoToTheTrashAtNextOpenAndLeftoversAreDeleted() async {
        await #expect(processExitsWith: .success) {
            let home = try TrashTests.isolatedHome()
            let library = try await PhotoLibrary.makeTemporary(in: home.directory)
            let ids = try await library.importGenerated(2, named: "k", in: home.directory)
            let photo = try #require(try await library.photos(withIDs: [ids[0]]).first)
            _ = try await library.removeItems([.photo(ids[0])])
            // Drover stops before the Undo toast expires; an import was cut short too.
            try library.close()
            let leftover = library.location.photosDirectory.appendingPathComponent("leftover.png")
            try TestImages.write(leftover, width: 8, height: 8)
            try journal("leftover.png", in: library.location)

            let reopened = try await PhotoLibrary.open(at: library.location.directory)
            let report = reopened.recoveryReport
            #expect(report.trashedFiles == ["k-1.png"])
            #expect(report.trashFailures.isEmpty)
            #expect(report.removedOrphanFiles == ["leftover.png"], "an import leftover is deleted, not trashed")
            #expect(!report.isClean)
            #expect(listing(home.trashFiles) == ["k-1.png"])
            #expect(try home.trashedPath(of: "k-1.png") == photo.fileURL.path)
            #expect(listing(reopened.location.photosDirectory) == ["k-2.png"])
            #expect(listing(reopened.location.thumbnailsDirectory) == ["k-2.png.png"])
            #expect(try await TrashTests.pending(reopened).isEmpty)
            #expect(try await reopened.titles(in: .allPhotos) == ["k-2"])
        }
    }

    @Test func aFileThatCannotBeTrashedIsKeptNeverUnlinked() async {
        await #expect(processExitsWith: .success) {
            let home = try TrashTests.isolatedHome()
            let library = try await PhotoLibrary.makeTemporary(in: home.directory)
            let ids = try await library.importGenerated(1, named: "s", in: home.directory)
            let photo = try #require(try await library.photos(withIDs: ids).first)
            // No trash can: a plain file where GIO would make the Trash folder.
            try FileManager.default.createDirectory(at: home.dataHome, withIntermediateDirectories: true)
            try Data("in the way".utf8).write(to: home.dataHome.appendingPathComponent("Trash"))

            let removed = try await library.removeItems([.photo(ids[0])])
            let report = try await library.trash(removed)
            #expect(report.trashed.isEmpty && !report.isComplete)
            #expect(report.failures.map(\.fileURL) == [photo.fileURL])
            #expect(report.failures.allSatisfy { !$0.reason.isEmpty && $0.message.contains("s-1.png") })
            #expect(FileManager.default.fileExists(atPath: photo.fileURL.path), "never unlinked")
            #expect(try await TrashTests.pending(library) == ["s-1.png"])

            // The next open tries again, keeps the file while it cannot, and is not fooled
            // into taking it for an import leftover.
            try library.close()
            let reopened = try await PhotoLibrary.open(at: library.location.directory)
            #expect(reopened.recoveryReport.trashFailures.map(\.fileURL) == [photo.fileURL])
            #expect(reopened.recoveryReport.removedOrphanFiles.allSatisfy { $0 != "s-1.png" })
            #expect(FileManager.default.fileExists(atPath: photo.fileURL.path))
            try reopened.close()

            // With a trash can again, it goes there.
            try FileManager.default.removeItem(at: home.dataHome.appendingPathComponent("Trash"))
            let fixed = try await PhotoLibrary.open(at: library.location.directory)
            #expect(fixed.recoveryReport.trashedFiles == ["s-1.png"])
            #expect(listing(home.trashFiles) == ["s-1.png"])
            #expect(try await TrashTests.pending(fixed).isEmpty)
        }
    }

    // MARK: Helpers (they run in the child process)

    struct Home {
        let directory: TemporaryDirectory
        var dataHome: URL { directory.url.appendingPathComponent(".local/share", isDirectory: true) }
        var trashFiles: URL { dataHome.appendingPathComponent("Trash/files", isDirectory: true) }
        var trashInfo: URL { dataHome.appendingPathComponent("Trash/info", isDirectory: true) }

        /// The original path a .trashinfo records (its Path= line, URI-escaped).
        func trashedPath(of name: String) throws -> String? {
            let info = try String(contentsOf: trashInfo.appendingPathComponent(name + ".trashinfo"), encoding: .utf8)
            #expect(info.hasPrefix("[Trash Info]\n"))
            return info.split(separator: "\n").first { $0.hasPrefix("Path=") }
                .flatMap { $0.dropFirst("Path=".count).removingPercentEncoding }
        }
    }

    /// Whether nothing is in the Trash: its files folder does not exist yet (nothing was
    /// ever trashed), or is empty. (`listing` fails a test on a missing folder.)
    static func trashHolds(nothing home: Home) -> Bool {
        !FileManager.default.fileExists(atPath: home.trashFiles.path) || listing(home.trashFiles).isEmpty
    }

    /// Points HOME and XDG_DATA_HOME at a fresh folder. Call first in the child,
    /// before anything uses GLib.
    static func isolatedHome() throws -> Home {
        let home = Home(directory: try TemporaryDirectory())
        setenv("HOME", home.directory.url.path, 1)
        setenv("XDG_DATA_HOME", home.dataHome.path, 1)
        // Plain local files: no GVfs daemon or session bus needed.
        setenv("GIO_USE_VFS", "local", 1)
        return home
    }

    static func pending(_ library: PhotoLibrary) async throws -> [String] {
        try await library.pool.read { db in try String.fetchAll(db, sql: "SELECT fileName FROM pendingTrash ORDER BY fileName") }
    }
}
