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

    @Test func sha256OfKnownBytes() throws {
        let temp = try TemporaryDirectory()
        let file = temp.file("abc.txt")
        try Data("abc".utf8).write(to: file)
        #expect(ContentHash.ofFile(atPath: file.path) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(ContentHash.ofFile(atPath: temp.file("none").path) == nil)
    }

    @Test func theHashTakenDuringTheCopyIsTheCopysSHA256() async throws {
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
        // The reference: coreutils' sha256sum of the same bytes.
        let reference = Process()
        reference.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
        reference.arguments = [copy]
        let output = Pipe()
        reference.standardOutput = output
        try reference.run()
        reference.waitUntilExit()
        let line = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(copied.contentHash == line.split(separator: " ").first.map(String.init))
    }
}
