import Foundation
import GRDB
import TestSupport
import Testing
@testable import DecoderKit
@testable import GalleryKit

@Suite struct ThumbnailTests {
    @Test func decodesAtDisplaySizeAndRegeneratesMissingThumbnails() async throws {
        let temp = try TemporaryDirectory()
        let library = try await PhotoLibrary.makeTemporary(in: temp)
        let source = try TestImages.write(temp.file("tall.jpg"), width: 300, height: 600, format: .jpeg)
        let id = try #require(try await library.importFiles([source]).photoIDs.first)

        let small = try await library.thumbnail(for: id, fittingBox: 64)
        #expect(small.width == 32 && small.height == 64 && !small.hasAlpha)
        #expect(small.rowStride == 32 * 3 && small.pixels.count == 32 * 3 * 64)

        let photo = try #require(try await library.photos(withIDs: [id]).first)
        try FileManager.default.removeItem(at: photo.thumbnailURL)
        let again = try await library.thumbnail(for: id, fittingBox: 512)
        #expect(again.width == 128 && again.height == 256, "never larger than the cached thumbnail")
        #expect(FileManager.default.fileExists(atPath: photo.thumbnailURL.path))
        #expect(listing(library.location.thumbnailsDirectory) == [photo.thumbnailURL.lastPathComponent])

        await #expect(throws: LibraryError.photoNotFound(PhotoID(rawValue: 77))) {
            _ = try await library.thumbnail(for: PhotoID(rawValue: 77), fittingBox: 64)
        }
    }

    /// A JPEG photo's thumbnail is a JPEG ("NAME.jpg"); any other photo's stays a PNG,
    /// lossless and with its transparency. Each is read back by what it is, not its name.
    @Test func aJPEGPhotoGetsAJPEGThumbnailAndOtherPhotosAPNG() async throws {
        let temp = try TemporaryDirectory()
        let library = try await PhotoLibrary.makeTemporary(in: temp)
        let sources = [try TestImages.write(temp.file("harbour.jpg"), width: 300, height: 200, format: .jpeg),
                       try TestImages.write(temp.file("drawing.png"), width: 300, height: 200),
                       try TestImages.write(temp.file("sticker.png"), width: 300, height: 200, alpha: true),
                       // A JPEG by its bytes, whatever its name says.
                       try TestImages.write(temp.file("misnamed.png"), width: 600, height: 400, format: .jpeg)]
        let report = try await library.importFiles(sources)
        #expect(report.failures.isEmpty, "\(report.failures)")
        let photos = try await library.photos(withIDs: report.photoIDs)
        #expect(photos.map(\.thumbnailURL.lastPathComponent) == ["harbour.jpg.jpg", "drawing.png.png", "sticker.png.png", "misnamed.png.jpg"])
        #expect(listing(library.location.thumbnailsDirectory) == ["drawing.png.png", "harbour.jpg.jpg", "misnamed.png.jpg", "sticker.png.png"])
        let signatures = try photos.map { try Array(Data(contentsOf: $0.thumbnailURL).prefix(4)) }
        #expect(signatures == [[0xFF, 0xD8, 0xFF, 0xE0], [0x89, 0x50, 0x4E, 0x47], [0x89, 0x50, 0x4E, 0x47], [0xFF, 0xD8, 0xFF, 0xE0]])
        for photo in photos {
            let shown = try await DecodedImage.decode(fileAt: photo.thumbnailURL, fittingBox: 256)
            #expect(shown.width == 256 && shown.height == 171)
            #expect(shown.hasAlpha == (photo.title == "sticker"))
        }
    }

    /// A library from before v7 keeps its JPEG photos' PNG thumbnails, and makes a lost one
    /// again as a PNG: a row's format and its file always agree.
    @Test func aVersion6LibraryKeepsItsPNGThumbnails() async throws {
        let temp = try TemporaryDirectory()
        let directory = temp.file("library")
        let location = try await LibraryLocation.makeOld(at: directory, migratedUpTo: "v6", rows: """
            INSERT INTO photo (id, fileName, originalFileName, title, width, height, dateAdded)
            VALUES (1, 'harbour.jpg', 'harbour.jpg', 'Harbour', 300, 200, 0);
            INSERT INTO collectionEntry (position, kind, photoID) VALUES (0, 'photo', 1);
            """)
        try TestImages.write(location.photoURL(fileName: "harbour.jpg"), width: 300, height: 200, format: .jpeg)
        try TestImages.write(location.thumbnailsDirectory.appendingPathComponent("harbour.jpg.png"), width: 256, height: 171)

        let library = try await PhotoLibrary.open(at: directory)
        #expect(library.recoveryReport.unknownFiles.isEmpty && library.recoveryReport.removedOrphanFiles.isEmpty)
        let item = try #require(try await library.items(in: .allPhotos).first)
        #expect(item.thumbnailURLs.map(\.lastPathComponent) == ["harbour.jpg.png"])
        try FileManager.default.removeItem(at: location.thumbnailsDirectory.appendingPathComponent("harbour.jpg.png"))
        _ = try await library.thumbnail(for: PhotoID(rawValue: 1), fittingBox: 64)
        #expect(listing(location.thumbnailsDirectory) == ["harbour.jpg.png"])
        let made = try Data(contentsOf: location.thumbnailsDirectory.appendingPathComponent("harbour.jpg.png"))
        #expect(Array(made.prefix(4)) == [0x89, 0x50, 0x4E, 0x47])
    }

    @Test func decodingRefusesBombs() async throws {
        let temp = try TemporaryDirectory()
        let bomb = try TestImages.writeBombPNG(temp.file("bomb.png"))
        await #expect(throws: ImportFailureReason.tooManyPixels(PixelSize(width: 100_000, height: 100_000), limit: 100_000_000)) {
            _ = try await DecodedImage.decode(fileAt: bomb, fittingBox: 64)
        }
    }
}

@Suite struct SampleTests {
    @Test func installsTheManifestInOrderWithStacksAndAlbums() async throws {
        let temp = try TemporaryDirectory()
        let samples = try temp.folder("samples")
        // Five different pictures (an import refuses a repeat of one it took already).
        for (offset, (name, format)) in [("harbour.jpg", TestImages.Format.jpeg), ("cat-1.jpg", .jpeg), ("cat-2.jpg", .jpeg),
                                         ("golden-gate.png", .png), ("cat-3.jpg", .jpeg)].enumerated() {
            try TestImages.write(samples.appendingPathComponent(name), width: 64 + offset, height: 48, format: format)
        }
        let manifest = """
            {
              "photos": [
                {"file": "harbour.jpg", "title": "Harbour at dusk"},
                {"file": "cat-1.jpg", "title": "Cat asleep"},
                {"file": "golden-gate.png", "title": "Golden Gate"},
                {"file": "cat-2.jpg", "title": "Cat awake"},
                {"file": "cat-3.jpg", "title": "Cat leaving"},
                {"file": "missing.jpg", "title": "Never made"}
              ],
              "stacks": [ {"title": "Cat", "photos": ["cat-1.jpg", "cat-2.jpg", "cat-3.jpg"]} ],
              "albums": [ {"name": "Travel", "photos": ["harbour.jpg", "golden-gate.png"]},
                          {"name": "Pets", "photos": ["cat-2.jpg"]} ]
            }
            """
        let manifestURL = samples.appendingPathComponent("manifest.json")
        try Data(manifest.utf8).write(to: manifestURL)

        let library = try await PhotoLibrary.makeTemporary(in: temp)
        #expect(try await library.isEmpty())
        let report = try await library.installSamples(manifestAt: manifestURL)
        #expect(report.imported.count == 5)
        #expect(report.failures.map(\.reason) == [.doesNotExist])

        let items = try await library.items(in: .allPhotos)
        #expect(items.map(\.title) == ["Harbour at dusk", "Cat", "Golden Gate"])
        #expect(items[1].count == 3)
        #expect(try await library.photos(in: [items[1].id]).map(\.title) == ["Cat asleep", "Cat awake", "Cat leaving"])
        #expect(try await library.albums().map(\.name) == ["Travel", "Pets"])
        let travel = try #require(try await library.albums().first)
        #expect(try await library.titles(in: .album(travel.id)) == ["Harbour at dusk", "Golden Gate"])
        #expect(items[0].albumNames == ["Travel"] && items[1].albumNames == ["Pets"])

        try Data("{ not json".utf8).write(to: manifestURL)
        await #expect(throws: LibraryError.self) { try await library.installSamples(manifestAt: manifestURL) }
    }
}
