import Testing
@testable import DecoderKit

/// What Drover accepts of the pixels a decode child wrote: exactly the rows the header
/// announces, within the box asked for, and nothing else (a compromised child's file is as
/// untrusted as the image it decoded).
struct PixelsFileTests {
    private func file(magic: String = "DRVRPIX1", width: UInt32, height: UInt32, channels: UInt32, pixelBytes: Int) -> [UInt8] {
        var bytes = Array(magic.utf8)
        for value in [width, height, channels] { withUnsafeBytes(of: value.littleEndian) { bytes += $0 } }
        return bytes + (0..<pixelBytes).map { UInt8($0 % 251) }
    }

    @Test func aWholeFileGivesItsPixels() throws {
        let read = try #require(PixelsFile.read(file(width: 3, height: 2, channels: 4, pixelBytes: 24), largestSide: 8))
        #expect(read.width == 3 && read.height == 2 && read.hasAlpha && read.rowStride == 12)
        #expect(read.pixels == (0..<24).map { UInt8($0) })
        #expect(PixelsFile.read(file(width: 2, height: 2, channels: 3, pixelBytes: 12), largestSide: 2)?.hasAlpha == false)
    }

    @Test func anythingElseIsRefused() {
        #expect(PixelsFile.read(file(magic: "DRVRPIX2", width: 3, height: 2, channels: 4, pixelBytes: 24), largestSide: 8) == nil)
        #expect(PixelsFile.read(file(width: 3, height: 2, channels: 4, pixelBytes: 23), largestSide: 8) == nil)
        #expect(PixelsFile.read(file(width: 3, height: 2, channels: 4, pixelBytes: 25), largestSide: 8) == nil)
        #expect(PixelsFile.read(file(width: 9, height: 2, channels: 4, pixelBytes: 72), largestSide: 8) == nil)
        #expect(PixelsFile.read(file(width: 0, height: 2, channels: 4, pixelBytes: 0), largestSide: 8) == nil)
        #expect(PixelsFile.read(file(width: 3, height: 2, channels: 2, pixelBytes: 12), largestSide: 8) == nil)
        // Sides whose product overflows 32 bits must not wrap round to the file's length.
        #expect(PixelsFile.read(file(width: 65_536, height: 65_536, channels: 4, pixelBytes: 0), largestSide: 1 << 20) == nil)
        #expect(PixelsFile.read(Array("DRVRPIX1".utf8), largestSide: 8) == nil)
    }
}
