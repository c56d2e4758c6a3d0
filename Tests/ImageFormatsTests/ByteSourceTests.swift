import Foundation
import TestSupport
import Testing
@testable import ImageFormats

/// The one reader of image bytes (a file through a window, a buffer, an array) and its
/// integer and signature readers, which the EXIF walkers and the completeness checks share.
@Suite struct ByteSourceTests {
    /// Three and a bit 64 KB windows of bytes that differ from their neighbours.
    static let content: [UInt8] = (0..<200_000).map { UInt8(truncatingIfNeeded: $0 * 7 + $0 >> 8) }

    private func withFile(_ bytes: [UInt8], _ body: (ImageBytes, URL) -> Void) throws {
        let temp = try TemporaryDirectory()
        let url = temp.file("bytes")
        try Data(bytes).write(to: url)
        let opened: Void? = ImageBytes.withFile(at: url.path) { body($0, url) }
        #expect(opened != nil, "the file opens")
    }

    @Test func aFileReadsLikeTheArrayItCameFrom() throws {
        let content = Self.content
        let ranges = [(0, 10), (65_530, 20), (65_536 * 2 - 1, 68_000), (content.count - 4, 4), (5, 0)]
        try withFile(content) { file, _ in
            #expect(file.count == content.count)
            for (offset, length) in ranges {
                #expect(file.bytes(at: offset, length: length) == Array(content[offset..<offset + length]), "\(offset)+\(length)")
                #expect(content.bytes(at: offset, length: length) == Array(content[offset..<offset + length]))
            }
            for (offset, length) in [(content.count - 3, 4), (-1, 2), (Int.max, 1), (0, -1)] {
                #expect(file.bytes(at: offset, length: length) == nil, "\(offset)+\(length)")
                #expect(content.bytes(at: offset, length: length) == nil, "\(offset)+\(length)")
            }
            #expect(file.byte(at: content.count) == nil && file.byte(at: 65_537) == content[65_537])
        }
    }

    @Test func aFileCutShortWhileItIsReadEndsWhereItWasCut() throws {
        try withFile(Self.content) { file, url in
            #expect(truncate(url.path, 100_000) == 0)
            #expect(file.bytes(at: 99_990, length: 20) == nil, "across the cut")
            #expect(file.bytes(at: 150_000, length: 4) == nil, "after the cut")
            #expect(file.bytes(at: 99_990, length: 10) == Array(Self.content[99_990..<100_000]))
        }
    }

    @Test func onlyARegularFileIsOpened() throws {
        let temp = try TemporaryDirectory()
        #expect(ImageBytes.withFile(at: temp.url.path) { $0.count } == nil, "a folder")
        #expect(ImageBytes.withFile(at: temp.file("missing").path) { $0.count } == nil, "a missing file")
    }

    @Test func integersInBothByteOrders() throws {
        let bytes: [UInt8] = [0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0xFF]
        #expect(bytes.uint16(at: 0, bigEndian: true) == 0x0102 && bytes.uint16(at: 0, bigEndian: false) == 0x0201)
        #expect(bytes.uint32(at: 1, bigEndian: true) == 0x0203_0405 && bytes.uint32(at: 1, bigEndian: false) == 0x0504_0302)
        #expect(bytes.uint64(at: 0, bigEndian: true) == 0x0102_0304_0506_0708)
        #expect(bytes.uint64(at: 0, bigEndian: false) == 0x0807_0605_0403_0201)
        #expect(bytes.uint(at: 0, size: 3) == 0x010203 && bytes.uint(at: 9, size: 0) == 0)
        let allOnes = [UInt8](repeating: 0xFF, count: 8)
        #expect(allOnes.uint64(at: 0, bigEndian: true) == .max && allOnes.uint(at: 0, size: 8) == nil, "too large for an Int")
        #expect(bytes.uint(at: 0, size: 9) == nil && bytes.uint32(at: 6, bigEndian: true) == nil)
        #expect(bytes.uint32(at: Int.max, bigEndian: true) == nil, "an offset from a hostile file does not trap")
        // A file gives the same numbers as the array, across a window's edge too.
        try withFile(Self.content) { file, _ in
            for offset in [0, 65_533, 65_535, 131_070, Self.content.count - 8] {
                #expect(file.uint32(at: offset, bigEndian: false) == Self.content.uint32(at: offset, bigEndian: false))
                #expect(file.uint64(at: offset, bigEndian: true) == Self.content.uint64(at: offset, bigEndian: true))
            }
        }
    }

    @Test func fieldsStopAtTheEndOfTheirBox() {
        var fields = FieldReader([UInt8]([0, 1, 0, 0, 0, 2, 9]), from: 0, to: 6)
        #expect(fields.read(2) == 1 && fields.read(0) == 0 && fields.read(4) == 2)
        #expect(fields.read(1) == nil, "the 7th byte lies outside the box")
    }

    /// The EXIF reader takes its container from the same sniffer as import, with its own
    /// strictness: a whole PNG signature, and any ISO base media file (its meta box is walked).
    @Test func theExifContainerComesFromTheSniffer() {
        let png = ImageFormat.pngSignature + [0, 0, 0, 0]
        #expect(ImageFormat.sniff(png) == .png && ExifBlockFinder.container(of: png) == .png)
        let damagedPNG = [0x89, 0x50, 0x4E, 0x47, 0, 0, 0, 0] + [UInt8](repeating: 0, count: 4)
        #expect(ImageFormat.sniff(damagedPNG) == .png && ExifBlockFinder.container(of: damagedPNG) == nil)
        let mp4 = [0, 0, 0, 0x10] + Array("ftypmp42".utf8) + [0, 0, 0, 0]
        #expect(ImageFormat.sniff(mp4) == nil && ExifBlockFinder.container(of: mp4) == .heif)
        let bigTIFF: [UInt8] = [0x49, 0x49, 0x2B, 0x00, 8, 0, 0, 0]
        #expect(ImageFormat.sniff(bigTIFF) == .tiff && ExifBlockFinder.container(of: bigTIFF) == nil)
        let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE1]
        #expect(ImageFormat.sniff(jpeg) == .jpeg && ExifBlockFinder.container(of: jpeg) == .jpeg)
    }
}
