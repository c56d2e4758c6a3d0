import Foundation
@testable import DecoderKit
@testable import GalleryKit
import TestSupport

extension TestImages {
    /// A progressive JPEG that repeats one small scan `repeats` times before its end:
    /// still a JPEG every decoder accepts (libjpeg only warns about the odd progression),
    /// but gdk-pixbuf decodes and re-renders the whole image after every scan, so the
    /// work grows with the repeats while the file stays small (34 bytes each).
    @discardableResult
    static func writeScanBomb(_ url: URL, repeats: Int) throws -> URL {
        let seed = Array(try Data(contentsOf: Repository.fixture("progressive.jpg")))
        let segments = try jpegSegments(seed)
        // The first scan that is a few bytes (an AC scan of nothing but end-of-block runs),
        // with the Huffman table segment that precedes it, so each copy brings its table.
        guard let scan = segments.indices.first(where: { segments[$0].marker == 0xDA && segments[$0].range.count < 64 && $0 > 0 }),
              segments[scan - 1].marker == 0xC4,
              let end = segments.last, end.marker == 0xD9 else { throw TestError("progressive.jpg has no small scan") }
        let unit = seed[segments[scan - 1].range.lowerBound..<segments[scan].range.upperBound]
        var bytes = Array(seed[..<end.range.lowerBound])
        bytes.reserveCapacity(bytes.count + unit.count * repeats + 2)
        for _ in 0..<repeats { bytes += unit }
        bytes += seed[end.range]
        try Data(bytes).write(to: url)
        return url
    }

    /// The progressive fixture with its frame header (SOF2) claiming `size`: the scans
    /// stay those of the 1600×1200 original, so the file stays 23 KB.
    @discardableResult
    static func writeProgressiveJPEG(_ url: URL, claiming size: PixelSize) throws -> URL {
        var bytes = Array(try Data(contentsOf: Repository.fixture("progressive.jpg")))
        guard let frame = try jpegSegments(bytes).first(where: { $0.marker == 0xC2 }) else { throw TestError("no SOF2") }
        // FF C2, length (2), precision (1), then height and width, big-endian.
        let at = frame.range.lowerBound + 5
        bytes[at] = UInt8(size.height >> 8); bytes[at + 1] = UInt8(size.height & 0xFF)
        bytes[at + 2] = UInt8(size.width >> 8); bytes[at + 3] = UInt8(size.width & 0xFF)
        try Data(bytes).write(to: url)
        return url
    }

    /// The marker segments after SOI, each with its bytes (a scan with its entropy-coded data).
    private static func jpegSegments(_ bytes: [UInt8]) throws -> [(marker: UInt8, range: Range<Int>)] {
        var segments: [(marker: UInt8, range: Range<Int>)] = []
        var index = 2
        while index + 1 < bytes.count {
            guard bytes[index] == 0xFF else { throw TestError("no marker at \(index)") }
            let marker = bytes[index + 1]
            if marker == 0xD9 { segments.append((marker, index..<index + 2)); break }
            guard index + 3 < bytes.count else { throw TestError("cut short") }
            var next = index + 2 + (Int(bytes[index + 2]) << 8 | Int(bytes[index + 3]))
            if marker == 0xDA {
                // Entropy-coded data runs to the next marker that is not a stuffed FF 00 or a restart.
                while next + 1 < bytes.count, !(bytes[next] == 0xFF && bytes[next + 1] != 0 && !(0xD0...0xD7).contains(bytes[next + 1])) {
                    next += 1
                }
            }
            segments.append((marker, index..<next))
            index = next
        }
        return segments
    }
}
