import CPixbuf
import Foundation
import TestSupport
import Testing
@testable import DecoderKit
@testable import GalleryKit

@Suite struct QRScannerTests {
    @Test func findsTwoCodesAndCropsEachSoItDecodesAloneIncludingOneAtTheEdge() async throws {
        let temp = try TemporaryDirectory()
        let canvas = TestCanvas(width: 1200, height: 800)
        let (url, short) = (try QRMatrix.url(), try QRMatrix.short())
        let middle = canvas.draw(url, centerX: 420, centerY: 380, module: 8)
        // 21 modules of 7 px: the code's right edge 2 modules (14 px) from the photo's.
        let edge = canvas.draw(short, centerX: 1200 - 14 - 73.5, centerY: 300, module: 7)
        let photo = try canvas.save(temp.file("two.png"))

        let codes = try await QRScanner().scan(fileAt: photo)
        #expect(codes.map(\.text).sorted() == [short.text, url.text].sorted())
        let found = try #require(codes.first { $0.text == url.text })
        let atEdge = try #require(codes.first { $0.text == short.text })
        #expect(found.corners.count == 4 && atEdge.corners.count == 4)
        #expect(cornerError(found.corners, middle) < 8, "within a module: \(found.corners) vs \(middle)")
        #expect(cornerError(atEdge.corners, edge) < 7, "within a module: \(atEdge.corners) vs \(edge)")
        #expect(found.imageSize == PixelSize(width: 1200, height: 800))

        // The 31-byte text could fit version 1 (21 modules), so the margin is 4 × side / 21:
        // never less than 4 real modules (8 px each), here about 5.5 of them (29 modules).
        let rect = found.cropRect()
        #expect(rect.x <= found.boundingBox.x - 4 * 8 && rect.maxX >= found.boundingBox.maxX + 4 * 8)
        let edgeRect = atEdge.cropRect()
        #expect(edgeRect.maxX == 1200, "clamped to the photo")
        #expect(edgeRect.x < atEdge.boundingBox.x - 4 * 7 + 1)

        for code in codes {
            let png = try await code.croppedPNG(from: photo)
            let crop = temp.file("crop-\(code.text.count).png")
            try png.write(to: crop)
            let size = try #require(Pixbuf.headerInfo(path: crop.path)?.size)
            #expect(size == PixelSize(width: code.cropRect().width, height: code.cropRect().height))
            let again = try await QRScanner().scan(fileAt: crop)
            #expect(again.map(\.text) == [code.text], "the crop decodes to its own text only")
        }
    }

    @Test(arguments: [20.0, -60.0, 45.0])
    func findsRotatedCodes(degrees: Double) async throws {
        let temp = try TemporaryDirectory()
        let canvas = TestCanvas(width: 900, height: 700)
        let code = try QRMatrix.unicode()
        let truth = canvas.draw(code, centerX: 450, centerY: 350, module: 7, degrees: degrees)
        let photo = try canvas.save(temp.file("rotated.jpg"), format: .jpeg)

        let codes = try await QRScanner().scan(fileAt: photo)
        let found = try #require(codes.first)
        #expect(codes.count == 1)
        #expect(found.text == code.text, "UTF-8 text survives")
        #expect(cornerError(found.corners, truth) < 10, "\(found.corners) vs \(truth)")
        let crop = temp.file("crop.png")
        try await found.croppedPNG(from: photo).write(to: crop)
        #expect(try await QRScanner().scan(fileAt: crop).map(\.text) == [code.text])
    }

    @Test func findsASmallCode() async throws {
        let temp = try TemporaryDirectory()
        let canvas = TestCanvas(width: 1600, height: 1000)
        let code = try QRMatrix.short()
        let truth = canvas.draw(code, centerX: 300, centerY: 800, module: 3)  // 63 px wide
        let photo = try canvas.save(temp.file("small.png"))
        let found = try #require(try await QRScanner().scan(fileAt: photo).first)
        #expect(found.text == code.text)
        #expect(cornerError(found.corners, truth) < 4)
    }

    @Test func theSamplePhotoHasExactlyItsTwoCodes() async throws {
        let sample = Repository.sample("fig-with-two-qr-codes.jpg")
        let codes = try await QRScanner().scan(fileAt: sample)
        #expect(codes.map(\.text).sorted() == ["DROVER-SAMPLE-2", "https://drover.example/sample/one"])
        let temp = try TemporaryDirectory()
        for (index, code) in codes.enumerated() {
            let crop = temp.file("sample-\(index).png")
            try await code.croppedPNG(from: sample).write(to: crop)
            #expect(try await QRScanner().scan(fileAt: crop).map(\.text) == [code.text])
        }
    }

    /// A 6000×4000 photo is decoded at 2000×1333 for the scan; corners come back in full-size pixels.
    @Test func aLargePhotoIsScannedDownscaledAndCornersAreMappedBack() async throws {
        let temp = try TemporaryDirectory()
        let canvas = TestCanvas(width: 6000, height: 4000)
        let code = try QRMatrix.url()
        let truth = canvas.draw(code, centerX: 4500, centerY: 1200, module: 14, degrees: 10)
        let photo = try canvas.save(temp.file("large.jpg"), format: .jpeg)

        let clock = ContinuousClock()
        var found: [QRCode] = []
        let elapsed = try await clock.measure { found = try await QRScanner().scan(fileAt: photo) }
        print("QR scan of a 6000x4000 JPEG (downscaled to 2000 px): \(elapsed)")
        let first = try #require(found.first)
        #expect(found.count == 1 && first.text == code.text)
        #expect(first.imageSize == PixelSize(width: 6000, height: 4000))
        #expect(cornerError(first.corners, truth) < 14 * 1.5, "within about a module at full size")
    }

    /// A JPEG stored sideways with EXIF orientation 6: corners and crops are upright.
    @Test func orientationIsApplied() async throws {
        let temp = try TemporaryDirectory()
        let canvas = TestCanvas(width: 800, height: 600)
        let code = try QRMatrix.url()
        let truth = canvas.draw(code, centerX: 250, centerY: 300, module: 6)
        // Orientation 6 means "turn 90° clockwise to show": store it turned counter-clockwise.
        let sideways = gdk_pixbuf_rotate_simple(canvas.pixbuf, GDK_PIXBUF_ROTATE_COUNTERCLOCKWISE)!
        defer { drover_pixbuf_unref(sideways) }
        let photo = try TestCanvas.save(sideways, to: temp.file("sideways.jpg"), format: .jpeg)
        var exif = ExifFixture()
        exif.orientation = 6
        try exif.jpeg(try Data(contentsOf: photo)).write(to: photo)

        let found = try #require(try await QRScanner().scan(fileAt: photo).first)
        #expect(found.imageSize == PixelSize(width: 800, height: 600))
        #expect(cornerError(found.corners, truth) < 8, "\(found.corners) vs \(truth)")
        let crop = temp.file("crop.png")
        try await found.croppedPNG(from: photo).write(to: crop)
        let cropSize = try #require(Pixbuf.headerInfo(path: crop.path)?.size)
        #expect(cropSize == PixelSize(width: found.cropRect().width, height: found.cropRect().height))
        #expect(try await QRScanner().scan(fileAt: crop).map(\.text) == [code.text])
    }

    @Test func photosWithoutCodesAndBadFiles() async throws {
        let temp = try TemporaryDirectory()
        let plain = try TestImages.write(temp.file("plain.jpg"), width: 300, height: 200, format: .jpeg)
        #expect(try await QRScanner().scan(fileAt: plain).isEmpty)
        let text = temp.file("notes.txt")
        try Data("not an image".utf8).write(to: text)
        await #expect(throws: QRScanError.notAnImage) { _ = try await QRScanner().scan(fileAt: text) }
        await #expect(throws: QRScanError.missing) { _ = try await QRScanner().scan(fileAt: temp.file("gone.png")) }
        let bomb = try TestImages.writeBombPNG(temp.file("bomb.png"))
        await #expect(throws: QRScanError.tooManyPixels(PixelSize(width: 100_000, height: 100_000))) {
            _ = try await QRScanner().scan(fileAt: bomb)
        }
    }

    @Test func cropRectAddsAQuietZoneOfAtLeastFourModulesAndClamps() {
        // A 21-module code drawn 210 px wide: modules of 10 px, and a short text (version 1).
        let corners = [PixelPoint(x: 100, y: 100), PixelPoint(x: 310, y: 100), PixelPoint(x: 310, y: 310), PixelPoint(x: 100, y: 310)]
        let code = QRCode(text: "DROVER", corners: corners, imageSize: PixelSize(width: 1000, height: 330))
        #expect(code.boundingBox == PixelRect(x: 100, y: 100, width: 210, height: 210))
        #expect(code.cropRect() == PixelRect(x: 60, y: 60, width: 290, height: 270), "40 px margin, clamped at the bottom")
        #expect(code.cropRect(marginModules: 0) == code.boundingBox)
        // Long text needs a bigger version, so the same side means smaller modules.
        let long = QRCode(text: String(repeating: "7", count: 100), corners: corners, imageSize: PixelSize(width: 1000, height: 1000))
        #expect(QRModules.smallestVersion(textByteCount: 100) == 3)
        #expect(long.cropRect() == PixelRect(x: 71, y: 71, width: 268, height: 268), "4 × 210 / 29 ≈ 29 px")
        #expect(QRModules.smallestVersion(textByteCount: 100_000) == 40)
    }
}
