import Testing
@testable import GalleryKit

/// The grid's thumbnails in cairo's layout: B, G, R, A bytes, colour premultiplied by alpha.
@Suite struct PremultipliedPixelsTests {
    @Test func rgbBecomesOpaqueBGRA() {
        // Two pixels a row, rows padded to 8 bytes: the padding is not copied.
        let image = DecodedImage(width: 2, height: 2, rowStride: 8, hasAlpha: false,
                                 pixels: [10, 20, 30, 40, 50, 60, 0, 0,
                                          70, 80, 90, 100, 110, 120, 0, 0])
        let pixels = PremultipliedPixels(image)
        #expect(pixels.rowStride == 8)
        #expect(pixels.bytes == [30, 20, 10, 255, 60, 50, 40, 255,
                                 90, 80, 70, 255, 120, 110, 100, 255])
    }

    @Test func rgbaIsPremultipliedAsCairoRoundsIt() {
        let image = DecodedImage(width: 3, height: 1, rowStride: 12, hasAlpha: true,
                                 pixels: [255, 128, 0, 128, 200, 100, 50, 0, 9, 99, 199, 255])
        #expect(PremultipliedPixels(image).bytes == [0, 64, 128, 128, 0, 0, 0, 0, 199, 99, 9, 255])
    }
}
