import Foundation
import TestSupport
import Testing
@testable import DecoderKit
@testable import GalleryKit

@Suite struct RotationTests {
    @Test func turnsWrapAroundAndInvert() {
        #expect(PhotoRotation.left.quarterTurns == 3)
        #expect((PhotoRotation.right + .right + .right + .right).isUpright)
        #expect((PhotoRotation.left + .left) == PhotoRotation(quarterTurns: 2))
        #expect((PhotoRotation.right + PhotoRotation.right.inverse).isUpright)
        #expect(PhotoRotation.right.applied(to: PixelSize(width: 4, height: 3)) == PixelSize(width: 3, height: 4))
        #expect(PhotoRotation(quarterTurns: 2).applied(to: PixelSize(width: 4, height: 3)) == PixelSize(width: 4, height: 3))
    }

    @Test func aTurnedURLNamesTheSameFile() {
        let url = URL(fileURLWithPath: "/library/thumbnails/a b.png")
        #expect(url.shown(turnedBy: .upright) == url)
        let turned = url.shown(turnedBy: .left)
        #expect(turned != url)
        #expect(turned.path == url.path)
        #expect(turned.shownRotation == .left)
        #expect(url.shownRotation == .upright)
        #expect(turned.shown(turnedBy: .upright) == url)
        #expect(turned.shown(turnedBy: .right).shownRotation == .right)
    }

    /// A 3 × 2 image with a distinct value per pixel: each turn moves every pixel exactly.
    @Test func pixelsTurnExactly() {
        // Rows: [1 2 3] / [4 5 6], one channel value repeated over RGB.
        let values: [UInt8] = [1, 2, 3, 4, 5, 6]
        let image = DecodedImage(width: 3, height: 2, rowStride: 9, hasAlpha: false, pixels: values.flatMap { [$0, $0, $0] })
        func grey(_ image: DecodedImage) -> [UInt8] { stride(from: 0, to: image.pixels.count, by: 3).map { image.pixels[$0] } }

        let right = image.rotated(by: .right)
        #expect(right.width == 2 && right.height == 3 && right.rowStride == 6)
        #expect(grey(right) == [4, 1, 5, 2, 6, 3])
        #expect(grey(image.rotated(by: .left)) == [3, 6, 2, 5, 1, 4])
        #expect(grey(image.rotated(by: PhotoRotation(quarterTurns: 2))) == [6, 5, 4, 3, 2, 1])
        #expect(image.rotated(by: .right).rotated(by: .left) == image)
        #expect(image.rotated(by: .upright) == image)
    }

    /// A code near the top left of a 100 × 50 photo, turned with it.
    @Test func qrCodesTurnWithThePhoto() {
        let code = QRCode(text: "x", corners: [PixelPoint(x: 10, y: 5), PixelPoint(x: 20, y: 5), PixelPoint(x: 20, y: 15),
                                               PixelPoint(x: 10, y: 15)], imageSize: PixelSize(width: 100, height: 50))
        let right = code.turned(by: .right)
        #expect(right.imageSize == PixelSize(width: 50, height: 100))
        #expect(right.boundingBox == PixelRect(enclosing: [PixelPoint(x: 35, y: 10), PixelPoint(x: 45, y: 20)]))
        let left = code.turned(by: .left)
        #expect(left.boundingBox == PixelRect(enclosing: [PixelPoint(x: 5, y: 80), PixelPoint(x: 15, y: 90)]))
        #expect(code.turned(by: PhotoRotation(quarterTurns: 2)).boundingBox
                == PixelRect(enclosing: [PixelPoint(x: 80, y: 35), PixelPoint(x: 90, y: 45)]))
        #expect(code.turned(by: .right).turned(by: .left) == code)
        #expect(code.turned(by: .upright) == code)
    }

    @Test func rotatingIsStoredShownAndNeverWrittenToTheFile() async throws {
        let temp = try TemporaryDirectory()
        let library = try await PhotoLibrary.makeTemporary(in: temp)
        let ids = try await library.importGenerated(2, named: "turn", in: temp)
        let before = try await library.photos(withIDs: ids)
        let bytes = try Data(contentsOf: before[0].fileURL)
        var mirror = try await Mirror(library, .allPhotos)

        try await library.rotate([ids[0]], by: .right)
        #expect(try await library.rotation(of: ids[0]) == .right)
        #expect(try await library.rotation(of: ids[1]) == .upright)
        #expect(try Data(contentsOf: before[0].fileURL) == bytes)
        // Published: a view kept up to date by batches alone shows the turn.
        try await mirror.check()
        #expect(mirror.items.first?.covers.first?.rotation == .right)
        let item = try #require(try await library.items(in: .allPhotos).first)
        // 41 × 30 turned a quarter is 30 × 41; the tile's thumbnail URL carries the turn.
        #expect(item.pixelSize == PixelSize(width: 30, height: 41))
        #expect(item.covers[0].rotation == .right)
        #expect(item.covers[0].thumbnailURL.shownRotation == .right)
        #expect(item.covers[0].thumbnailURL.path == before[0].thumbnailURL.path)
        #expect(item.members[0].rotation == .right)
        #expect(item.members[0].fileURL == before[0].fileURL)

        // Undo is the inverse turn.
        try await library.rotate([ids[0]], by: PhotoRotation.right.inverse)
        #expect(try await library.rotation(of: ids[0]) == .upright)
        #expect(try await library.items(in: .allPhotos).first?.pixelSize == PixelSize(width: 41, height: 30))
    }

    @Test func aTurnSurvivesDeleteAndRestore() async throws {
        let temp = try TemporaryDirectory()
        let library = try await PhotoLibrary.makeTemporary(in: temp)
        let ids = try await library.importGenerated(1, named: "kept", in: temp)
        try await library.rotate(ids, by: .left)
        let removed = try await library.removeItems(ids.map(GalleryItem.ID.photo))
        try await library.restore(removed)
        #expect(try await library.rotation(of: ids[0]) == .left)
    }

    @Test func rotatingAMissingPhotoChangesNothing() async throws {
        let temp = try TemporaryDirectory()
        let library = try await PhotoLibrary.makeTemporary(in: temp)
        let ids = try await library.importGenerated(1, named: "only", in: temp)
        await #expect(throws: LibraryError.photoNotFound(PhotoID(rawValue: 999))) {
            try await library.rotate([ids[0], PhotoID(rawValue: 999)], by: .right)
        }
        #expect(try await library.rotation(of: ids[0]) == .upright)
    }
}
