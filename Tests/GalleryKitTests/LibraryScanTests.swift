import Foundation
import GRDB
import TestSupport
import Testing
@testable import GalleryKit

@Suite struct LibraryScanTests {
    static let finder = PlaceFinder(dataURL: Repository.places)

    @Test func importReadsTheLocationAndTheScanAddsCodesAndPlaceNames() async throws {
        let temp = try TemporaryDirectory()
        let library = try await PhotoLibrary.makeTemporary(in: temp)
        let report = try await library.importFiles([
            Repository.sample("fig-with-two-qr-codes.jpg"),
            Repository.sample("bridge-cables-over-the-estuary.jpg"),
            Repository.sample("chelsea-the-cat.jpg"),
        ])
        let (fig, bridge, cat) = (report.photoIDs[0], report.photoIDs[1], report.photoIDs[2])
        var all = try await Mirror(library, .allPhotos)

        // At import: the location is there at once; codes and the place name wait for the scan.
        let before = try await library.items(in: .allPhotos)
        #expect(before.map(\.qrCodeCount) == [0, 0, 0])
        let located = try #require(before[1].location)
        #expect(abs(located.latitude - 37.8199) <= 0.0001 && abs(located.longitude + 122.4783) <= 0.0001)
        #expect(before[1].placeName == nil && before[0].location == nil)
        #expect(try await library.pendingScanCount() == 3)

        let summary = try await library.scanPendingPhotos(placeFinder: Self.finder)
        #expect(summary == ScanSummary(scanned: 3, failed: 0, codesFound: 2, placesNamed: 1))
        try await all.check()  // the grid learns through update steps alone
        let after = try await library.items(in: .allPhotos)
        #expect(after.map(\.qrCodeCount) == [2, 0, 0])
        #expect(after[1].placeName == "Sausalito, California, US")
        #expect(try await library.qrCodes(for: fig).map(\.text).sorted() == ["DROVER-SAMPLE-2", "https://drover.example/sample/one"])
        #expect(try await library.qrCodes(for: cat).isEmpty)
        let photo = try #require(try await library.photos(withIDs: [bridge]).first)
        #expect(photo.placeName == "Sausalito, California, US" && photo.location?.altitude != nil)

        // Stored codes are the scanner's, and crop from the library's copy.
        let stored = try await library.qrCodes(for: fig)
        let direct = try await QRScanner().scan(fileAt: Repository.sample("fig-with-two-qr-codes.jpg"))
        #expect(stored == direct)
        let figFile = try #require(try await library.photos(withIDs: [fig]).first).fileURL
        let crop = temp.file("crop.png")
        try await stored[0].croppedPNG(from: figFile).write(to: crop)
        #expect(try await QRScanner().scan(fileAt: crop).map(\.text) == [stored[0].text])

        // Scanned once.
        #expect(try await library.pendingScanCount() == 0)
        #expect(try await library.scanPendingPhotos(placeFinder: Self.finder) == ScanSummary())
        await #expect(throws: LibraryError.photoNotFound(PhotoID(rawValue: 99))) { _ = try await library.qrCodes(for: PhotoID(rawValue: 99)) }
    }

    @Test func aPhotoThatCannotBeDecodedIsMarkedFailedAndNotRetried() async throws {
        let temp = try TemporaryDirectory()
        let library = try await PhotoLibrary.makeTemporary(in: temp)
        let ids = try await library.importGenerated(2, named: "p", in: temp)
        let broken = try #require(try await library.photos(withIDs: [ids[0]]).first)
        try Data("no longer an image".utf8).write(to: broken.fileURL)

        let summary = try await library.scanPendingPhotos()
        #expect(summary.scanned == 2 && summary.failed == 1 && summary.codesFound == 0)
        #expect(try await library.qrCodes(for: ids[0]).isEmpty)
        #expect(try await library.scanPendingPhotos().scanned == 0)
    }

    @Test func removingAndRestoringKeepsCodesWithoutARescan() async throws {
        let temp = try TemporaryDirectory()
        let library = try await PhotoLibrary.makeTemporary(in: temp)
        let fig = try #require(try await library.importFiles([Repository.sample("fig-with-two-qr-codes.jpg")]).photoIDs.first)
        try await library.scanPendingPhotos()
        let codes = try await library.qrCodes(for: fig)

        let removed = try await library.removePhotos([fig])
        #expect(try await library.photoCount() == 0)
        try await library.restore(removed)
        #expect(try await library.qrCodes(for: fig) == codes)
        #expect(try await library.pendingScanCount() == 0)
        #expect(try await library.items(in: .allPhotos).first?.qrCodeCount == 2)
    }

    /// The scan keeps a large JPEG's entry point for the viewer (`JPEGEntryPoint`), none for a
    /// small one; it comes back with its photo when a removal is undone, and goes with it.
    @Test func theScanKeepsALargeJPEGsEntryPointForTheViewer() async throws {
        let temp = try TemporaryDirectory()
        let library = try await PhotoLibrary.makeTemporary(in: temp)
        let large = try TestImages.write(temp.file("large.jpg"), width: 2400, height: 1800, format: .jpeg)
        let ids = try await library.importFiles([large, Repository.sample("chelsea-the-cat.jpg")]).photoIDs
        #expect(await library.jpegEntryPoint(for: ids[0]) == nil, "not scanned yet")
        try await library.scanPendingPhotos()
        let entry = try #require(await library.jpegEntryPoint(for: ids[0]))
        #expect(entry.row > 0 && entry.dc.count == 3)
        #expect(await library.jpegEntryPoint(for: ids[1]) == nil, "too small to need one")
        let removed = try await library.removePhotos([ids[0]])
        #expect(await library.jpegEntryPoint(for: ids[0]) == nil)
        try await library.restore(removed)
        #expect(await library.jpegEntryPoint(for: ids[0]) == entry)
        try await library.pool.write { db in try db.execute(sql: "DELETE FROM photo WHERE id = ?", arguments: [ids[0].rawValue]) }
        #expect(try await library.pool.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM jpegEntryPoint") } == 0)
    }

    @Test func stacksShowTheirCoverPhotosFindings() async throws {
        let temp = try TemporaryDirectory()
        let library = try await PhotoLibrary.makeTemporary(in: temp)
        let ids = try await library.importFiles([Repository.sample("bridge-cables-over-the-estuary.jpg"),
                                                 Repository.sample("fig-with-two-qr-codes.jpg")]).photoIDs
        let stack = try await library.makeStack(of: [.photo(ids[0]), .photo(ids[1])], title: "Pair")
        try await library.scanPendingPhotos(placeFinder: Self.finder)
        let item = try #require(try await library.items(in: .allPhotos).first { $0.id == .stack(stack) })
        #expect(item.qrCodeCount == 0 && item.placeName == "Sausalito, California, US", "the cover is the bridge")
    }

    @Test func overlappingScansNeverScanAPhotoTwice() async throws {
        let temp = try TemporaryDirectory()
        let library = try await PhotoLibrary.makeTemporary(in: temp)
        _ = try await library.importGenerated(12, named: "p", in: temp)
        async let first = library.scanPendingPhotos(concurrency: 2)
        async let second = library.scanPendingPhotos(concurrency: 2)
        let total = try await first.scanned + second.scanned
        #expect(total == 12)
        #expect(try await library.pendingScanCount() == 0)
    }

    @Test func placeNamesComeLaterWhenTheFirstScanHadNoData() async throws {
        let temp = try TemporaryDirectory()
        let library = try await PhotoLibrary.makeTemporary(in: temp)
        let bridge = try #require(try await library.importFiles([Repository.sample("bridge-cables-over-the-estuary.jpg")]).photoIDs.first)
        let noData = PlaceFinder(dataURL: temp.file("missing.tsv"))
        #expect(try await library.scanPendingPhotos(placeFinder: noData).placesNamed == 0)
        #expect(try await library.photos(withIDs: [bridge]).first?.placeName == nil)
        #expect(try await library.scanPendingPhotos(placeFinder: Self.finder) == ScanSummary(placesNamed: 1))
        #expect(try await library.photos(withIDs: [bridge]).first?.placeName == "Sausalito, California, US")
    }

    /// A library made before v3: its photos get scanState 0 and no location, and the
    /// background scan fills them in.
    @Test func aVersion2LibraryIsMigratedAndItsPhotosScanned() async throws {
        let temp = try TemporaryDirectory()
        let directory = temp.file("library")
        let location = try await LibraryLocation.makeOld(at: directory, migratedUpTo: "v2", rows: """
            INSERT INTO photo (id, fileName, originalFileName, title, width, height, dateAdded)
            VALUES (1, 'bridge.jpg', 'bridge.jpg', 'Bridge', 1600, 1067, 0);
            INSERT INTO collectionEntry (position, kind, photoID) VALUES (0, 'photo', 1);
            """)
        try FileManager.default.copyItem(at: Repository.sample("bridge-cables-over-the-estuary.jpg"),
                                         to: location.photoURL(fileName: "bridge.jpg"))

        let library = try await PhotoLibrary.open(at: directory)
        let item = try #require(try await library.items(in: .allPhotos).first)
        #expect(item.location == nil && item.qrCodeCount == 0)
        #expect(try await library.pendingScanCount() == 1)
        #expect(try await library.scanPendingPhotos(placeFinder: Self.finder).placesNamed == 1)
        let scanned = try #require(try await library.items(in: .allPhotos).first)
        #expect(scanned.location.map { abs($0.latitude - 37.8199) <= 0.0001 } == true)
        #expect(scanned.placeName == "Sausalito, California, US")
    }
}
