import Foundation
import GRDB
import TestSupport
import Testing
@testable import DecoderKit
@testable import GalleryKit

@Suite struct ImportTests {
    private func modificationDate(_ url: URL) throws -> Date {
        try #require(FileManager.default.attributesOfItem(atPath: url.path)[.modificationDate] as? Date)
    }

    @Test func importsCopiesMeasuresAndThumbnails() async throws {
        let temp = try TemporaryDirectory()
        let library = try await PhotoLibrary.makeTemporary(in: temp)
        let source = try temp.folder("camera")
        let wide = try TestImages.write(source.appendingPathComponent("Wide.jpg"), width: 640, height: 320, format: .jpeg)
        let small = try TestImages.write(source.appendingPathComponent("small.png"), width: 30, height: 20, alpha: true)
        let originals = try [wide, small].map { (try Data(contentsOf: $0), try modificationDate($0)) }

        let report = try await library.importFiles([wide, small])
        #expect(report.failures.isEmpty)
        #expect(report.imported.map(\.source) == [wide, small])

        // Originals: same place, same bytes, same modification time.
        for (url, original) in zip([wide, small], originals) {
            #expect(try Data(contentsOf: url) == original.0)
            #expect(try modificationDate(url) == original.1)
        }
        let photos = try await library.photos(withIDs: report.photoIDs)
        #expect(photos.map(\.pixelSize) == [PixelSize(width: 640, height: 320), PixelSize(width: 30, height: 20)])
        #expect(photos.map(\.title) == ["Wide", "small"])
        #expect(photos.map(\.originalFileName) == ["Wide.jpg", "small.png"])
        for (photo, url) in zip(photos, [wide, small]) {
            #expect(photo.fileURL.deletingLastPathComponent().standardizedFileURL == library.location.photosDirectory.standardizedFileURL)
            #expect(try Data(contentsOf: photo.fileURL) == Data(contentsOf: url))
        }
        // Thumbnails fit 256 px and are never enlarged.
        let wideThumb = try await DecodedImage.decode(fileAt: photos[0].thumbnailURL, fittingBox: 1000)
        #expect(wideThumb.width == 256 && wideThumb.height == 128)
        let smallThumb = try await DecodedImage.decode(fileAt: photos[1].thumbnailURL, fittingBox: 1000)
        #expect(smallThumb.width == 30 && smallThumb.height == 20 && smallThumb.hasAlpha)
        #expect(smallThumb.pixels.count == smallThumb.rowStride * smallThumb.height)
        #expect(try await library.titles(in: .allPhotos) == ["Wide", "small"])
    }

    @Test func badFilesFailWithReasonsAndLeaveNothingBehind() async throws {
        let temp = try TemporaryDirectory()
        let library = try await PhotoLibrary.makeTemporary(in: temp)
        let source = try temp.folder("mixed")
        let good1 = try TestImages.write(source.appendingPathComponent("good-1.png"), width: 50, height: 40)
        let text = source.appendingPathComponent("notes.png")
        try Data("shopping list: eggs, milk\n".utf8).write(to: text)
        let empty = source.appendingPathComponent("empty.jpg")
        try Data().write(to: empty)
        let truncated = try TestImages.writeTruncatedPNG(source.appendingPathComponent("truncated.png"))
        let bomb = try TestImages.writeBombPNG(source.appendingPathComponent("bomb.png"))
        let vanished = source.appendingPathComponent("gone.jpg")
        let folder = try temp.folder("mixed/a-folder.png")
        let good2 = try TestImages.write(source.appendingPathComponent("good-2.jpg"), width: 60, height: 40, format: .jpeg)
        let all = [good1, text, empty, truncated, bomb, vanished, folder, good2]
        let before = try all.filter { FileManager.default.fileExists(atPath: $0.path) && $0 != folder }
            .map { ($0, try Data(contentsOf: $0)) }

        let progress = ProgressLog()
        let report = try await library.importFiles(all, progress: { progress.append($0) })

        #expect(report.imported.map(\.source) == [good1, good2])
        let reasons = Dictionary(uniqueKeysWithValues: report.failures.map { ($0.source, $0.reason) })
        #expect(reasons[text] == .notAnImage)
        #expect(reasons[empty] == .empty)
        if case .corrupt = reasons[truncated] {} else { Issue.record("truncated: \(String(describing: reasons[truncated]))") }
        #expect(reasons[bomb] == .tooManyPixels(PixelSize(width: 100_000, height: 100_000), limit: 100_000_000))
        #expect(reasons[vanished] == .doesNotExist)  // never seen by this import
        #expect(reasons[folder] == .notAFile)
        for failure in report.failures { #expect(!failure.message.isEmpty) }

        // Exactly the two good photos exist, with no temp files, thumbnails or rows for the rest.
        let photos = try await library.photos(withIDs: report.photoIDs)
        #expect(listing(library.location.photosDirectory) == photos.map(\.fileURL.lastPathComponent).sorted())
        #expect(listing(library.location.thumbnailsDirectory) == photos.map(\.thumbnailURL.lastPathComponent).sorted())
        #expect(try await library.photoCount() == 2)
        for (url, bytes) in before { #expect(try Data(contentsOf: url) == bytes) }

        let events = progress.events
        #expect(events.count == all.count)
        #expect(events.map(\.completed) == Array(1...all.count))
        #expect(events.allSatisfy { $0.total == all.count })
    }

    @Test(.enabled(if: !isRoot, "root reads any file, whatever its permissions"))
    func unreadableFileFails() async throws {
        let temp = try TemporaryDirectory()
        let library = try await PhotoLibrary.makeTemporary(in: temp)
        let locked = try TestImages.write(temp.file("locked.png"), width: 10, height: 10)
        chmod(locked.path, 0)
        let report = try await library.importFiles([locked])
        if case .unreadable = report.failures.first?.reason {} else { Issue.record("\(report.failures)") }
    }

    /// gdk-pixbuf decodes a JPEG or PNG cut off partway (the rest painted grey)
    /// without an error, so import must notice the missing end itself.
    @Test func imagesCutOffPartwayFailAsCorrupt() async throws {
        let temp = try TemporaryDirectory()
        let library = try await PhotoLibrary.makeTemporary(in: temp)
        let source = try temp.folder("cut")
        var cut: [URL] = []
        for (name, format) in [("cut.jpg", TestImages.Format.jpeg), ("cut.png", .png)] {
            let url = try TestImages.write(source.appendingPathComponent(name), width: 300, height: 200, format: format)
            let bytes = try Data(contentsOf: url)
            try bytes.prefix(bytes.count * 3 / 4).write(to: url)
            cut.append(url)
        }
        let report = try await library.importFiles(cut)
        #expect(report.imported.isEmpty)
        for failure in report.failures {
            if case .corrupt = failure.reason {} else { Issue.record("\(failure.source.lastPathComponent): \(failure.reason)") }
        }
        #expect(report.failures.count == 2)
    }

    @Test func fullDiskFailsCleanly() async throws {
        let temp = try TemporaryDirectory()
        let library = try await PhotoLibrary.makeTemporary(in: temp, faults: FaultInjection(writeError: ENOSPC))
        let image = try TestImages.write(temp.file("photo.png"), width: 20, height: 20)
        let report = try await library.importFiles([image])
        #expect(report.failures.map(\.reason) == [.diskFull])
        #expect(listing(library.location.photosDirectory).isEmpty)
        #expect(listing(library.location.thumbnailsDirectory).isEmpty)
    }

    /// The copy is decoded before it is synced and named (`AtomicFile.copy`'s `beforeSync`):
    /// a sync that fails after the thumbnail was made leaves neither the copy nor the thumbnail.
    @Test func failedSyncAfterTheDecodeLeavesNothing() async throws {
        let temp = try TemporaryDirectory()
        var faults = FaultInjection()
        faults.syncError = EIO
        let library = try await PhotoLibrary.makeTemporary(in: temp, faults: faults)
        let image = try TestImages.write(temp.file("photo.png"), width: 20, height: 20)
        let report = try await library.importFiles([image])
        if case .writeFailed = report.failures.first?.reason {} else { Issue.record("\(report.failures)") }
        #expect(report.imported.isEmpty)
        #expect(listing(library.location.photosDirectory).isEmpty)
        #expect(listing(library.location.thumbnailsDirectory).isEmpty)
        #expect(try await library.photoCount() == 0)
    }

    @Test func failedCommitRemovesTheCopies() async throws {
        let temp = try TemporaryDirectory()
        let library = try await PhotoLibrary.makeTemporary(in: temp, faults: FaultInjection(failImportCommit: true))
        let image = try TestImages.write(temp.file("photo.png"), width: 20, height: 20)
        let report = try await library.importFiles([image])
        if case .writeFailed = report.failures.first?.reason {} else { Issue.record("\(report.failures)") }
        #expect(listing(library.location.photosDirectory).isEmpty)
        #expect(listing(library.location.thumbnailsDirectory).isEmpty)
        #expect(try await library.photoCount() == 0)
    }

    @Test func sameNamesGetDistinctLibraryFiles() async throws {
        let temp = try TemporaryDirectory()
        let library = try await PhotoLibrary.makeTemporary(in: temp)
        let first = try TestImages.write(try temp.folder("a").appendingPathComponent("IMG_0001.png"), width: 10, height: 10)
        let second = try TestImages.write(try temp.folder("b").appendingPathComponent("IMG_0001.png"), width: 20, height: 10)
        let hidden = try TestImages.write(temp.file(".hidden.png"), width: 5, height: 5)
        let report = try await library.importFiles([first, second, hidden])
        let photos = try await library.photos(withIDs: report.photoIDs)
        // The two IMG_0001.png are copied at once: which one gets the plain name depends
        // on which copy finishes first, but never both, and the photos keep the order given.
        #expect(Set(photos.map(\.fileURL.lastPathComponent)) == ["IMG_0001.png", "IMG_0001-2.png", "_hidden.png"])
        #expect(photos.map(\.pixelSize.width) == [10, 20, 5])
    }

    @Test func importsAtAnIndexAndIntoAnAlbum() async throws {
        let temp = try TemporaryDirectory()
        let library = try await PhotoLibrary.makeTemporary(in: temp)
        _ = try await library.importGenerated(3, named: "base", in: temp)
        _ = try await library.importGenerated(2, named: "middle", in: temp, into: .allPhotos(at: 1))
        #expect(try await library.titles(in: .allPhotos) == ["base-1", "middle-1", "middle-2", "base-2", "base-3"])

        let album = try await library.createAlbum(named: "Trip")
        _ = try await library.importGenerated(2, named: "trip", in: temp, into: .album(album))
        _ = try await library.importGenerated(1, named: "first", in: temp, into: .album(album, at: 0))
        #expect(try await library.titles(in: .album(album)) == ["first-1", "trip-1", "trip-2"])
        #expect(try await library.titles(in: .allPhotos).suffix(3) == ["trip-1", "trip-2", "first-1"])
        await #expect(throws: LibraryError.albumNotFound(AlbumID(rawValue: 999))) {
            try await library.importFiles([], into: .album(AlbumID(rawValue: 999)))
        }
    }

    @Test func manyFilesKeepTheirOrderAcrossBatches() async throws {
        let temp = try TemporaryDirectory()
        let library = try await PhotoLibrary.makeTemporary(in: temp, limits: ImportLimits(concurrency: 4, batchSize: 7))
        let ids = try await library.importGenerated(60, named: "n", in: temp)
        #expect(ids.count == 60)
        #expect(try await library.titles(in: .allPhotos) == (1...60).map { "n-\($0)" })
    }

    @Test func filesInFlightAreTwiceTheDecodesUnlessSetAndNeverFewer() async throws {
        #expect(ImportLimits(concurrency: 3).filesInFlight == 6)
        #expect(ImportLimits(concurrency: 3, filesInFlight: 4).filesInFlight == 4)
        #expect(ImportLimits(concurrency: 3, filesInFlight: 1).filesInFlight == 3)
        // One file in flight at a time, one batch each: the order holds as with more.
        let temp = try TemporaryDirectory()
        let library = try await PhotoLibrary.makeTemporary(in: temp, limits: ImportLimits(concurrency: 1, filesInFlight: 1,
                                                                                           batchSize: 1))
        #expect(try await library.importGenerated(5, named: "one", in: temp).count == 5)
        #expect(try await library.titles(in: .allPhotos) == (1...5).map { "one-\($0)" })
    }

    @Test func importsAFolderRecursivelyImagesOnly() async throws {
        let temp = try TemporaryDirectory()
        let library = try await PhotoLibrary.makeTemporary(in: temp)
        let root = try temp.folder("holiday")
        try TestImages.write(root.appendingPathComponent("b.png"), width: 10, height: 10)
        try TestImages.write(root.appendingPathComponent("a.JPG"), width: 10, height: 10, format: .jpeg)
        let day2 = try temp.folder("holiday/day 2")
        try TestImages.write(day2.appendingPathComponent("c.png"), width: 11, height: 10)
        try Data("readme".utf8).write(to: root.appendingPathComponent("README.txt"))
        let hidden = try temp.folder("holiday/.cache")
        try TestImages.write(hidden.appendingPathComponent("x.png"), width: 10, height: 10)

        let report = try await library.importDirectory(root)
        #expect(report.failures.isEmpty)
        #expect(report.imported.map(\.source.lastPathComponent) == ["a.JPG", "b.png", "c.png"])

        let limited = try await PhotoLibrary.open(at: temp.file("other"), importLimits: ImportLimits(maxFilesPerFolder: 2))
        let error = await #expect(throws: LibraryError.self) { try await limited.importDirectory(root) }
        #expect(error == .tooManyFiles(root, found: 3, limit: 2))
        #expect(try await limited.isEmpty())
        await #expect(throws: LibraryError.notADirectory(root.appendingPathComponent("b.png"))) {
            try await library.importDirectory(root.appendingPathComponent("b.png"))
        }
    }
}

final class ProgressLog: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [ImportProgress] = []
    func append(_ event: ImportProgress) { lock.withLock { stored.append(event) } }
    var events: [ImportProgress] { lock.withLock { stored } }
}
