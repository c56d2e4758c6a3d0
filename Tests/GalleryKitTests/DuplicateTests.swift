import Foundation
import GRDB
import TestSupport
import Testing
@testable import GalleryKit

@Suite struct DuplicateTests {
    @Test func theSameBytesAreRefusedNamingThePhotoAndImportAnywayImportsThem() async throws {
        let temp = try TemporaryDirectory()
        let library = try await PhotoLibrary.makeTemporary(in: temp)
        let source = try temp.folder("camera")
        let first = try TestImages.write(source.appendingPathComponent("beach.jpg"), width: 64, height: 48, format: .jpeg)
        let firstReport = try await library.importFiles([first])
        let id = try #require(firstReport.photoIDs.first)

        // The same bytes under another name, by any way in.
        let again = source.appendingPathComponent("beach copy.jpg")
        try FileManager.default.copyItem(at: first, to: again)
        let report = try await library.importFiles([again])
        #expect(report.imported.isEmpty)
        #expect(report.failures.map(\.reason) == [.alreadyInLibrary(existing: id, title: "beach")])
        #expect(report.failures.first?.message == "beach copy.jpg: Already in your library: \u{201C}beach\u{201D}.")
        // Nothing left behind: one copy, one thumbnail.
        #expect(listing(library.location.photosDirectory).count == 1)
        #expect(listing(library.location.thumbnailsDirectory).count == 1)

        await #expect(throws: ImportFailure(source: again, reason: .alreadyInLibrary(existing: id, title: "beach"))) {
            _ = try await library.prepareImport(ImportSource(url: again))
        }

        // Import Anyway.
        let anyway = try await library.prepareImport(ImportSource(url: again, allowsDuplicate: true))
        _ = try await library.commitImports([anyway])
        #expect(try await library.titles(in: .allPhotos) == ["beach", "beach copy"])
        #expect(listing(library.location.photosDirectory).count == 2)
    }

    /// However the files fall into batches and whenever each finishes, a later file with an
    /// earlier one's bytes is refused as that photo, and leaves nothing behind.
    @Test(arguments: [1, 2, 64])
    func aFileRepeatedWithinOneImportIsImportedOnce(batchSize: Int) async throws {
        let temp = try TemporaryDirectory()
        let library = try await PhotoLibrary.makeTemporary(in: temp, limits: ImportLimits(concurrency: 2, batchSize: batchSize))
        let source = try temp.folder("camera")
        let beach = try TestImages.write(source.appendingPathComponent("beach.jpg"), width: 64, height: 48, format: .jpeg)
        let dunes = try TestImages.write(source.appendingPathComponent("dunes.jpg"), width: 65, height: 48, format: .jpeg)
        let copies = try ["beach copy.jpg", "beach again.jpg"].map { name in
            let copy = source.appendingPathComponent(name)
            try FileManager.default.copyItem(at: beach, to: copy)
            return copy
        }
        let anyway = source.appendingPathComponent("beach kept.jpg")
        try FileManager.default.copyItem(at: beach, to: anyway)

        let report = try await library.importSources([ImportSource(url: beach), ImportSource(url: copies[0]),
                                                      ImportSource(url: dunes), ImportSource(url: copies[1]),
                                                      ImportSource(url: anyway, allowsDuplicate: true)])
        #expect(report.imported.map(\.source) == [beach, dunes, anyway])
        let id = try #require(report.imported.first?.id)
        #expect(report.failures.map(\.source) == copies)
        #expect(report.failures.map(\.reason) == [.alreadyInLibrary(existing: id, title: "beach"),
                                                  .alreadyInLibrary(existing: id, title: "beach")])
        #expect(try await library.titles(in: .allPhotos) == ["beach", "dunes", "beach kept"])
        #expect(listing(library.location.photosDirectory).count == 3)
        #expect(listing(library.location.thumbnailsDirectory).count == 3)
    }

    @Test func differentBytesAreNotDuplicates() async throws {
        let temp = try TemporaryDirectory()
        let library = try await PhotoLibrary.makeTemporary(in: temp)
        let source = try temp.folder("camera")
        let a = try TestImages.write(source.appendingPathComponent("a.png"), width: 40, height: 30)
        let b = try TestImages.write(source.appendingPathComponent("b.png"), width: 41, height: 30)
        _ = try await library.importFiles([a])
        let report = try await library.importFiles([b])
        #expect(report.failures.isEmpty)
        #expect(report.imported.count == 1)
    }

    /// A hash match alone is not proof: the bytes are compared before a file is refused.
    @Test func aHashMatchWithOtherBytesIsNotADuplicate() async throws {
        let temp = try TemporaryDirectory()
        let library = try await PhotoLibrary.makeTemporary(in: temp)
        let source = try temp.folder("camera")
        let a = try TestImages.write(source.appendingPathComponent("a.png"), width: 40, height: 30)
        let b = try TestImages.write(source.appendingPathComponent("b.png"), width: 42, height: 30)
        _ = try await library.importFiles([a])
        let hashOfB = try #require(ContentHash.ofFile(atPath: b.path))
        try await library.write { db in try db.execute(sql: "UPDATE photo SET contentHash = ?", arguments: [hashOfB]) }
        let report = try await library.importFiles([b])
        #expect(report.failures.isEmpty)
    }

    /// A library from before v8 stored SHA-256s, which a new photo's XXH3 never equals: the
    /// migration forgets them, and the background scan hashes those photos again, so a copy
    /// of one is recognised once more. Nothing else in the row changes.
    @Test func aVersion7LibrarysSHA256HashesAreReplacedByTheBackgroundScan() async throws {
        let temp = try TemporaryDirectory()
        let directory = temp.file("library")
        let sha256 = "0f5b9e4bb1a0d1c4a07e8f0d6ab8e0d3e2a7c6b5a4f3e2d1c0b9a8f7e6d5c4b3"
        let location = try await LibraryLocation.makeOld(at: directory, migratedUpTo: "v7", rows: """
            INSERT INTO photo (id, fileName, originalFileName, title, width, height, dateAdded, contentHash)
            VALUES (1, 'harbour.png', 'harbour.png', 'Harbour', 300, 200, 0, '\(sha256)');
            INSERT INTO collectionEntry (position, kind, photoID) VALUES (0, 'photo', 1);
            """)
        let photo = try TestImages.write(location.photoURL(fileName: "harbour.png"), width: 300, height: 200)
        try TestImages.write(location.thumbnailsDirectory.appendingPathComponent("harbour.png.png"), width: 256, height: 171)

        let library = try await PhotoLibrary.open(at: directory)
        #expect(try await library.pendingHashCount() == 1)
        #expect(try await library.scanPendingHashes() == 1)
        let stored = try await library.read { db in try String.fetchOne(db, sql: "SELECT contentHash FROM photo") }
        #expect(stored == ContentHash.ofFile(atPath: photo.path))
        #expect(stored?.count == 32)
        let item = try #require(try await library.items(in: .allPhotos).first)
        #expect(item.title == "Harbour")

        let copy = try temp.folder("again").appendingPathComponent("harbour.png")
        try FileManager.default.copyItem(at: photo, to: copy)
        let report = try await library.importFiles([copy])
        #expect(report.failures.first?.reason == .alreadyInLibrary(existing: PhotoID(rawValue: 1), title: "Harbour"))
    }

    @Test func photosFromBeforeHashesAreHashedInTheBackgroundAndThenRecognised() async throws {
        let temp = try TemporaryDirectory()
        let library = try await PhotoLibrary.makeTemporary(in: temp)
        let ids = try await library.importGenerated(3, named: "old", in: temp)
        // As a library migrated to v6 has them: no hashes yet.
        try await library.write { db in try db.execute(sql: "UPDATE photo SET contentHash = NULL") }
        #expect(try await library.pendingHashCount() == 3)
        let photo = try #require(try await library.photos(withIDs: [ids[1]]).first)
        let copy = try temp.folder("again").appendingPathComponent("old-2.png")
        try FileManager.default.copyItem(at: photo.fileURL, to: copy)
        // Not recognised before the scan...
        let unrecognised = try await library.importFiles([copy])
        #expect(unrecognised.failures.isEmpty)
        let secondCopy = try #require(unrecognised.photoIDs.first)

        #expect(try await library.scanPendingHashes(batchSize: 2) == 3)
        #expect(try await library.pendingHashCount() == 0)
        #expect(try await library.scanPendingHashes() == 0)
        // ...and recognised after it.
        let report = try await library.importFiles([copy])
        let reason = try #require(report.failures.first?.reason)
        #expect([ImportFailureReason.alreadyInLibrary(existing: ids[1], title: "old-2"),
                  .alreadyInLibrary(existing: secondCopy, title: "old-2")].contains(reason))
    }

    /// XXH3-128's canonical hex, as `xxhsum -H2` prints it: of "abc", and of nothing.
    @Test func xxh3OfKnownBytes() throws {
        let temp = try TemporaryDirectory()
        let file = temp.file("abc.txt")
        try Data("abc".utf8).write(to: file)
        #expect(ContentHash.ofFile(atPath: file.path) == "06b05ab6733a618578af5f94892f3950")
        let empty = temp.file("empty")
        try Data().write(to: empty)
        #expect(ContentHash.ofFile(atPath: empty.path) == "99aa06d3014798d86001c324468d497f")
        #expect(ContentHash.ofFile(atPath: temp.file("none").path) == nil)
    }

    @Test func theHashTakenDuringTheCopyIsTheCopysXXH3() async throws {
        let temp = try TemporaryDirectory()
        let library = try await PhotoLibrary.makeTemporary(in: temp)
        // Over two of the copy's 1 MB buffers, ending mid-buffer.
        let bytes = (0..<2_500_001).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 13) }
        let source = temp.file("big.bin")
        try Data(bytes).write(to: source)
        let file = open(source.path, O_RDONLY)
        defer { close(file) }

        let copied = try AtomicFile.copy(from: file, into: library.location.photosDirectory, preferredName: "big.bin",
                                         maxBytes: 10_000_000, journal: library.journal, faults: FaultInjection())

        let copy = library.location.photoURL(fileName: copied.fileName).path
        #expect(copied.contentHash == ContentHash.ofFile(atPath: copy))
        // The reference: xxHash's own xxhsum (Debian's xxhash, installed by the test
        // command) of the same bytes, as XXH3-128.
        let reference = Process()
        reference.executableURL = URL(fileURLWithPath: "/usr/bin/xxhsum")
        reference.arguments = ["-H2", copy]
        let output = Pipe()
        reference.standardOutput = output
        try reference.run()
        reference.waitUntilExit()
        let line = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(copied.contentHash == line.split(separator: " ").first.map(String.init))
    }
}
