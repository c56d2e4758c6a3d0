import Foundation
import GRDB
import TestSupport
import Testing
@testable import DecoderKit
@testable import GalleryKit

/// Issue 32: a library that lost thumbnails, or whose photo copies were replaced by other
/// bytes, says so after the open (`PhotoLibrary.checkFiles()`), makes the thumbnails again,
/// and leaves the copies as they are.
@Suite struct FileCheckTests {
    @Test func lostThumbnailsAreMadeAgainFromTheirPhotos() async throws {
        let temp = try TemporaryDirectory()
        var library: PhotoLibrary? = try await PhotoLibrary.makeTemporary(in: temp)
        let ids = try await library!.importGenerated(3, named: "kept", in: temp)
        let photos = try await library!.photos(withIDs: ids)
        let location = library!.location
        let sizes = try photos.map { try Self.size(of: $0.thumbnailURL) }
        try library!.close()
        library = nil

        // One thumbnail deleted.
        try FileManager.default.removeItem(at: photos[1].thumbnailURL)
        library = try await PhotoLibrary.open(at: location.directory)
        var report = await library!.checkFiles()
        #expect(report.rebuiltThumbnails == 1 && report.damagedPhotos.isEmpty && report.thumbnailFailures.isEmpty)
        #expect(try photos.map { try Self.size(of: $0.thumbnailURL) } == sizes)
        try library!.close()
        library = nil

        // The whole thumbnails/ folder deleted: the open makes the folder, the check its files.
        try FileManager.default.removeItem(at: location.thumbnailsDirectory)
        library = try await PhotoLibrary.open(at: location.directory)
        report = await library!.checkFiles()
        #expect(report.rebuiltThumbnails == 3 && report.isClean == false && report.damagedPhotos.isEmpty)
        #expect(listing(location.thumbnailsDirectory) == photos.map(\.thumbnailURL.lastPathComponent).sorted())
        #expect(try photos.map { try Self.size(of: $0.thumbnailURL) } == sizes)
        // Nothing is left to make: a second check finds the library whole.
        #expect(await library!.checkFiles().isClean)
        try library!.close()
    }

    /// A tile whose thumbnail file is gone asks for it by URL: made again in the decoder
    /// child, even after the thumbnails folder was deleted under the open library.
    @Test func aTileGetsItsLostThumbnailMadeAgain() async throws {
        let temp = try TemporaryDirectory()
        let library = try await PhotoLibrary.makeTemporary(in: temp)
        let ids = try await library.importGenerated(2, named: "shown", in: temp)
        let items = try await library.items(in: .allPhotos)
        let url = try #require(items.first?.covers.first?.thumbnailURL)
        let size = try Self.size(of: url)
        try FileManager.default.removeItem(at: library.location.thumbnailsDirectory)

        #expect(await library.remakeLostThumbnail(at: url))
        #expect(try Self.size(of: url) == size)
        #expect(listing(library.location.thumbnailsDirectory) == [url.lastPathComponent])
        // The open's check counts it with the ones it made itself (the other photo's).
        let report = await library.checkFiles()
        #expect(report.rebuiltThumbnails == 2 && report.isClean == false)
        #expect(report.logLines == ["rebuilt 2 lost thumbnails from their photos"])
        // Anything that is not a photo's thumbnail is not made.
        #expect(await !library.remakeLostThumbnail(at: library.location.thumbnailsDirectory.appendingPathComponent("nobody.png.png")))
        #expect(await !library.remakeLostThumbnail(at: temp.file("elsewhere.png.png")))
        // A photo whose copy is gone has no thumbnail to make.
        let other = try #require(try await library.photos(withIDs: [ids[1]]).first)
        try FileManager.default.removeItem(at: other.fileURL)
        try FileManager.default.removeItem(at: other.thumbnailURL)
        #expect(await !library.remakeLostThumbnail(at: other.thumbnailURL))
        #expect(listing(library.location.thumbnailsDirectory) == [url.lastPathComponent])
    }

    /// Copies overwritten with other bytes, of the same size and of another, are reported
    /// and flagged (their tiles show them damaged), and left byte for byte as they are.
    @Test func aCopyReplacedByGarbageIsReportedAndLeftAlone() async throws {
        let temp = try TemporaryDirectory()
        var library: PhotoLibrary? = try await PhotoLibrary.makeTemporary(in: temp)
        let ids = try await library!.importGenerated(3, named: "shot", in: temp)
        let photos = try await library!.photos(withIDs: ids)
        let location = library!.location
        try library!.close()
        library = nil

        let sameSize = try Data(contentsOf: photos[0].fileURL).count
        let garbage = [Self.garbage(count: sameSize, seed: 1), Self.garbage(count: 5000, seed: 2)]
        for (photo, bytes) in zip(photos, garbage) { try Self.overwrite(photo.fileURL, with: bytes) }
        let thumbnailTimes = try photos.map { try Self.modified($0.thumbnailURL) }

        library = try await PhotoLibrary.open(at: location.directory)
        let report = await library!.checkFiles()
        #expect(report.damagedPhotos == [ids[0], ids[1]])
        #expect(report.damagedFiles == photos.prefix(2).map(\.fileURL.lastPathComponent))
        #expect(report.rebuiltThumbnails == 0 && report.thumbnailFailures.isEmpty)
        #expect(report.logLines.first?.hasPrefix("damaged: photos/\(photos[0].fileURL.lastPathComponent): ") == true)
        for (photo, bytes) in zip(photos, garbage) { #expect(try Data(contentsOf: photo.fileURL) == bytes) }
        #expect(try photos.map { try Self.modified($0.thumbnailURL) } == thumbnailTimes)
        let items = try await library!.items(in: .allPhotos)
        #expect(items.map(\.isDamaged) == [true, true, false])
        #expect(items.map(\.isMissing) == [false, false, false])
        try library!.close()
        library = nil

        // The next open says so again, and still changes nothing.
        library = try await PhotoLibrary.open(at: location.directory)
        #expect(await library!.checkFiles().damagedPhotos == [ids[0], ids[1]])
        for (photo, bytes) in zip(photos, garbage) { #expect(try Data(contentsOf: photo.fileURL) == bytes) }
        #expect(listing(location.photosDirectory) == photos.map(\.fileURL.lastPathComponent).sorted())
        try library!.close()
    }

    /// A healthy library: nothing reported, no thumbnail written, no row changed.
    @Test func aHealthyLibraryReopensWithNothingToSayOrDo() async throws {
        let temp = try TemporaryDirectory()
        var library: PhotoLibrary? = try await PhotoLibrary.makeTemporary(in: temp)
        let ids = try await library!.importGenerated(3, named: "fine", in: temp)
        let photos = try await library!.photos(withIDs: ids)
        let location = library!.location
        try library!.close()
        library = nil
        let thumbnailTimes = try photos.map { try Self.modified($0.thumbnailURL) }

        library = try await PhotoLibrary.open(at: location.directory)
        let before = try await Self.stamps(library!)
        #expect(before.allSatisfy { $0.size != nil && $0.modified != nil }, "an import stores its copy's stamp")
        let report = await library!.checkFiles()
        #expect(report.isClean && report.logLines.isEmpty)
        #expect(try photos.map { try Self.modified($0.thumbnailURL) } == thumbnailTimes)
        #expect(try await Self.stamps(library!) == before)
        #expect(try await library!.items(in: .allPhotos).map(\.isDamaged) == [false, false, false])
        try library!.close()
    }

    /// A copy rewritten with its own bytes (a backup restored) is not damaged: its hash
    /// proves it, and its new stamp is stored. A copy flagged damaged whose bytes come back
    /// is cleared.
    @Test func aCopyWithItsOwnBytesAgainIsNotDamaged() async throws {
        let temp = try TemporaryDirectory()
        var library: PhotoLibrary? = try await PhotoLibrary.makeTemporary(in: temp)
        let ids = try await library!.importGenerated(1, named: "back", in: temp)
        let photo = try #require(try await library!.photos(withIDs: ids).first)
        let original = try Data(contentsOf: photo.fileURL)
        let location = library!.location
        try library!.close()
        library = nil

        try Self.overwrite(photo.fileURL, with: Self.garbage(count: 100, seed: 3))
        library = try await PhotoLibrary.open(at: location.directory)
        #expect(await library!.checkFiles().damagedPhotos == ids)
        try library!.close()
        library = nil

        try Self.overwrite(photo.fileURL, with: original, secondsLater: 2)
        library = try await PhotoLibrary.open(at: location.directory)
        let before = try await Self.stamps(library!)
        #expect(await library!.checkFiles().isClean)
        #expect(try await library!.items(in: .allPhotos).map(\.isDamaged) == [false])
        let after = try await Self.stamps(library!)
        #expect(after != before && after.first?.size == Int64(original.count))
        try library!.close()
    }

    /// A library from v7 has no stamps: the first check stores what it finds (the copies
    /// are not read), and from then on a replaced copy is found. A photo without a hash is
    /// judged by the decoder child, which refuses garbage.
    @Test func aVersion7LibraryGetsItsStampsAtItsFirstCheck() async throws {
        let temp = try TemporaryDirectory()
        let directory = temp.file("library")
        let location = try await LibraryLocation.makeOld(at: directory, migratedUpTo: "v7", rows: """
            INSERT INTO photo (id, fileName, originalFileName, title, width, height, dateAdded, thumbnailFormat)
            VALUES (1, 'harbour.jpg', 'harbour.jpg', 'Harbour', 300, 200, 0, 'jpeg'),
                   (2, 'pier.png', 'pier.png', 'Pier', 300, 200, 0, 'png');
            INSERT INTO collectionEntry (position, kind, photoID) VALUES (0, 'photo', 1), (1, 'photo', 2);
            """)
        try TestImages.write(location.photoURL(fileName: "harbour.jpg"), width: 300, height: 200, format: .jpeg)
        try TestImages.write(location.thumbnailsDirectory.appendingPathComponent("harbour.jpg.jpg"), width: 256, height: 171, format: .jpeg)
        try TestImages.write(location.photoURL(fileName: "pier.png"), width: 300, height: 200)
        try TestImages.write(location.thumbnailsDirectory.appendingPathComponent("pier.png.png"), width: 256, height: 171)

        var library: PhotoLibrary? = try await PhotoLibrary.open(at: directory)
        #expect(try await Self.stamps(library!).allSatisfy { $0.size == nil && $0.modified == nil })
        #expect(await library!.checkFiles().isClean)
        #expect(try await Self.stamps(library!).allSatisfy { $0.size != nil && $0.modified != nil })
        try library!.close()
        library = nil

        let garbage = Self.garbage(count: 700, seed: 4)
        try Self.overwrite(location.photoURL(fileName: "pier.png"), with: garbage)
        library = try await PhotoLibrary.open(at: directory)
        let report = await library!.checkFiles()
        #expect(report.damagedFiles == ["pier.png"] && report.damagedPhotos == [PhotoID(rawValue: 2)])
        #expect(try Data(contentsOf: location.photoURL(fileName: "pier.png")) == garbage)
        #expect(listing(location.thumbnailsDirectory) == ["harbour.jpg.jpg", "pier.png.png"])
        try library!.close()
    }

    /// More rows than one transaction stores stamps for: every one gets its stamp, and the
    /// copies (links to one file) are not read.
    @Test func everyStampOfABigOldLibraryIsStored() async throws {
        let temp = try TemporaryDirectory()
        let directory = temp.file("library")
        let count = 2_500
        let location = try await LibraryLocation.makeOld(at: directory, migratedUpTo: "v7", rows: """
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(count))
            INSERT INTO photo (id, fileName, originalFileName, title, width, height, dateAdded)
            SELECT i, printf('p%05d.png', i), 'p.png', 'P', 8, 8, 0 FROM n;
            """)
        let seed = try TestImages.write(temp.file("seed.png"), width: 8, height: 8)
        for i in 1...count {
            let name = String(format: "p%05d.png", i)
            #expect(link(seed.path, location.photoURL(fileName: name).path) == 0)
            #expect(link(seed.path, location.thumbnailsDirectory.appendingPathComponent(name + ".png").path) == 0)
        }
        let library = try await PhotoLibrary.open(at: directory)
        #expect(await library.checkFiles().isClean)
        let stamps = try await Self.stamps(library)
        let expected = try #require(FileStamp(path: seed.path))
        #expect(stamps.count == count && stamps.allSatisfy { $0 == FileStampRow(size: expected.size, modified: expected.modified) })
        try library.close()
    }

    // MARK: Helpers

    private static func size(of url: URL) throws -> [Int] {
        let image = try DecodedImage.decodeNow(path: url.path, fittingBox: 4096)
        return [image.width, image.height]
    }

    private static func modified(_ url: URL) throws -> Int64 {
        try #require(FileStamp(path: url.path)).modified
    }

    private static func stamps(_ library: PhotoLibrary) async throws -> [FileStampRow] {
        try await library.pool.read { db in
            try Row.fetchAll(db, sql: "SELECT fileSize, fileModified FROM photo ORDER BY id").map { FileStampRow(size: $0[0], modified: $0[1]) }
        }
    }

    struct FileStampRow: Equatable, Sendable {
        var size: Int64?
        var modified: Int64?
    }

    /// Bytes that are no image: a simple generator, the same for a seed.
    private static func garbage(count: Int, seed: UInt64) -> Data {
        var state = seed &* 0x9E37_79B9_7F4A_7C15
        return Data((0..<count).map { _ in
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return UInt8(truncatingIfNeeded: state >> 33)
        })
    }

    /// Rewrites the file in place (its inode kept, as an editor that writes through does),
    /// with a modification time `secondsLater` after the old one: a write a moment after
    /// the import, which the clock's coarse tick could otherwise give the same time.
    private static func overwrite(_ url: URL, with bytes: Data, secondsLater: Int = 1) throws {
        let before = try #require(FileStamp(path: url.path))
        let handle = try FileHandle(forWritingTo: url)
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: bytes)
        try handle.close()
        let when = before.modified + Int64(secondsLater) * 1_000_000_000
        var times = [timespec(tv_sec: Int(when / 1_000_000_000), tv_nsec: Int(when % 1_000_000_000))]
        times.append(times[0])
        #expect(utimensat(AT_FDCWD, url.path, times, 0) == 0)
    }
}
