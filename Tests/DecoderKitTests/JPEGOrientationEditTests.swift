import Testing
@testable import DecoderKit

/// How a turned JPEG leaves without a re-encode (`JPEGOrientationEdit`): the orientation
/// rewritten where it is, or an EXIF block added where there is none; and the orientations
/// composed as a viewer applies them (`ExifOrientation`).
struct JPEGOrientationEditTests {
    /// SOI, a JFIF APP0, then `segments`, then a start of scan.
    private func jpeg(_ segments: [UInt8] = []) -> [UInt8] {
        let jfif: [UInt8] = [0xFF, 0xE0, 0x00, 0x10] + Array("JFIF".utf8) + [0, 1, 1, 0, 0, 1, 0, 1, 0, 0]
        return [0xFF, 0xD8] + jfif + segments + [0xFF, 0xDA, 0x00, 0x08, 1, 1, 0, 0, 0x3F, 0, 0x12, 0x34, 0xFF, 0xD9]
    }

    /// An APP1 EXIF segment whose IFD0 has `entries` (tag, type, count, first value word).
    private func exif(littleEndian: Bool, entries: [(tag: Int, type: Int, count: Int, value: Int)]) -> [UInt8] {
        func bytes(_ value: Int, _ size: Int) -> [UInt8] {
            let big = (0..<size).map { UInt8(truncatingIfNeeded: value >> (8 * (size - 1 - $0))) }
            return littleEndian ? big.reversed() : big
        }
        var tiff: [UInt8] = (littleEndian ? [0x49, 0x49] : [0x4D, 0x4D]) + bytes(42, 2) + bytes(8, 4) + bytes(entries.count, 2)
        for entry in entries {
            // A SHORT's value sits in the first two bytes of the four.
            tiff += bytes(entry.tag, 2) + bytes(entry.type, 2) + bytes(entry.count, 4) + bytes(entry.value, 2) + [0, 0]
        }
        tiff += [0, 0, 0, 0]
        let payload = JPEGOrientationEdit.exifHeader + tiff
        return [0xFF, 0xE1, UInt8((payload.count + 2) >> 8), UInt8((payload.count + 2) & 0xFF)] + payload
    }

    private func applied(_ edit: JPEGOrientationEdit, to file: [UInt8]) -> [UInt8] {
        Array(file[..<edit.offset]) + edit.inserting + Array(file[(edit.offset + edit.removing)...])
    }

    @Test func anOrientationIsRewrittenInPlaceInEitherByteOrder() throws {
        for littleEndian in [false, true] {
            let file = jpeg(exif(littleEndian: littleEndian, entries: [(0x010F, 2, 4, 0x4142), (0x0112, 3, 1, 6)]))
            let edit = try #require(JPEGOrientationEdit.turning(prefix: file, by: 1))
            #expect(edit.orientation == 3)
            #expect(edit.removing == 2)
            let turned = applied(edit, to: file)
            #expect(turned.count == file.count)
            // Only the orientation's value changed: 6 became 3.
            let changed = zip(file, turned).enumerated().filter { $0.element.0 != $0.element.1 }.map(\.offset)
            #expect(changed.count == 1)
            #expect(turned[changed[0]] == 3 && file[changed[0]] == 6)
            // And it reads back as 3, so a second turn goes on from there.
            #expect(JPEGOrientationEdit.turning(prefix: turned, by: 1)?.orientation == 8)
        }
    }

    @Test func aJPEGWithoutEXIFGetsABlockWithTheOrientationAfterItsJFIFSegment() throws {
        let file = jpeg()
        let edit = try #require(JPEGOrientationEdit.turning(prefix: file, by: 3))
        #expect(edit.orientation == 8)
        #expect(edit.removing == 0)
        #expect(edit.offset == 20, "after SOI and the 18-byte JFIF segment")
        let turned = applied(edit, to: file)
        // The block reads as an EXIF block with orientation 8.
        #expect(JPEGOrientationEdit.turning(prefix: turned, by: 0)?.orientation == 8)
        #expect(turned.suffix(file.count - 20) == file.suffix(file.count - 20))
    }

    @Test func noLosslessEditIsOfferedWhereThereIsNone() {
        // EXIF without an orientation: adding one would move every offset after it.
        #expect(JPEGOrientationEdit.turning(prefix: jpeg(exif(littleEndian: false, entries: [(0x010F, 2, 4, 0x4142)])), by: 1) == nil)
        // An orientation that is not one SHORT.
        #expect(JPEGOrientationEdit.turning(prefix: jpeg(exif(littleEndian: false, entries: [(0x0112, 4, 1, 6)])), by: 1) == nil)
        // Not a JPEG; a header cut off before its scan; a segment longer than the file.
        #expect(JPEGOrientationEdit.turning(prefix: Array("\u{89}PNG\r\n".utf8), by: 1) == nil)
        #expect(JPEGOrientationEdit.turning(prefix: Array(jpeg().prefix(12)), by: 1) == nil)
        #expect(JPEGOrientationEdit.turning(prefix: [0xFF, 0xD8, 0xFF, 0xE1, 0xFF, 0xFF, 0x45], by: 1) == nil)
        // An IFD offset pointing past the segment.
        var broken = exif(littleEndian: false, entries: [(0x0112, 3, 1, 6)])
        broken[4 + 6 + 7] = 0xF0
        #expect(JPEGOrientationEdit.turning(prefix: jpeg(broken), by: 1) == nil)
    }

    @Test func orientationsComposeAsAViewerAppliesThem() {
        // Turning upright by 1, 2, 3 quarter turns: 6, 3, 8 (EXIF's 90°, 180°, 270° clockwise).
        #expect([1, 2, 3, 4].map { ExifOrientation.turned(1, by: $0) } == [6, 3, 8, 1])
        #expect(ExifOrientation.turned(6, by: 1) == 3)
        #expect(ExifOrientation.turned(8, by: 1) == 1)
        // Mirrored ones stay mirrored: 2 (mirror) turned a quarter is 7 (mirror, 90°).
        #expect(ExifOrientation.turned(2, by: 1) == 7)
        #expect(ExifOrientation.turned(5, by: 1) == 2)
        // Four turns change nothing; a turn left is three turns right.
        for orientation in 1...8 {
            #expect(ExifOrientation.turned(orientation, by: 4) == orientation)
            #expect(ExifOrientation.turned(orientation, by: -1) == ExifOrientation.turned(orientation, by: 3))
        }
        // An invalid stored value counts as upright.
        #expect(ExifOrientation.turned(0, by: 1) == 6)
    }
}
