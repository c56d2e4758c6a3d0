import Foundation
import Testing
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
