import CPixbuf
import Foundation

/// The decoded pixels a decode child hands Drover when Drover shows a picture itself (the
/// viewer's large picture), so that Drover never decodes an untrusted image in its own
/// process (`drover-decode --pixels`): a 20-byte header, then the rows, packed.
///
///     "DRVRPIX1"   magic, 8 bytes
///     width        UInt32, little-endian
///     height       UInt32, little-endian
///     channels     UInt32: 3 (RGB) or 4 (RGBA, not premultiplied), 8 bits each
///
/// Uncompressed on purpose: the file lives for one read in a private folder, and
/// compressing 4 bytes a pixel would cost more CPU than the decode saves (a PNG of a
/// 12-megapixel photo takes longer to write than the JPEG takes to decode).
/// Drover checks every number against the file's length and the box it asked for before
/// it uses one: what a compromised child wrote is as untrusted as the image.
package enum PixelsFile {
    static let magic = Array("DRVRPIX1".utf8)
    static let headerLength = 20

    /// The pixels, as `read` found them in a file.
    package struct Pixels: Equatable {
        package var width: Int
        package var height: Int
        package var hasAlpha: Bool
        package var pixels: [UInt8]
        package var rowStride: Int { width * (hasAlpha ? 4 : 3) }
    }

    /// Writes `pixbuf` to `descriptor` and closes it. Returns 0, or the errno.
    package static func write(_ pixbuf: Pixbuf, to descriptor: Int32) -> Int32 {
        defer { close(descriptor) }
        let channels = Int(gdk_pixbuf_get_n_channels(pixbuf.pointer))
        let stride = Int(gdk_pixbuf_get_rowstride(pixbuf.pointer))
        guard gdk_pixbuf_get_bits_per_sample(pixbuf.pointer) == 8, channels == 3 || channels == 4,
              let source = gdk_pixbuf_read_pixels(pixbuf.pointer) else { return EINVAL }
        var header = magic
        for value in [pixbuf.width, pixbuf.height, channels] {
            withUnsafeBytes(of: UInt32(value).littleEndian) { header += $0 }
        }
        if let failure = writeAll(descriptor, header.withUnsafeBytes { $0 }) { return failure }
        let rowBytes = pixbuf.width * channels
        for row in 0..<pixbuf.height {
            if let failure = writeAll(descriptor, UnsafeRawBufferPointer(start: source + row * stride, count: rowBytes)) {
                return failure
            }
        }
        return 0
    }

    /// Writes all of `bytes` to `descriptor`, going on after short writes. Nil, or the errno.
    package static func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Int32? {
        var offset = 0
        while offset < bytes.count {
            let written = Foundation.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                return errno
            }
            offset += written
        }
        return nil
    }

    /// The pixels in the file open on `descriptor` (read from its start), or nil unless the
    /// header is whole, no side is 0 or larger than `largestSide`, and exactly the rows it
    /// announces follow. The rows are read straight into the array returned: a viewer's
    /// picture is tens of megabytes, and each copy of it costs.
    package static func read(descriptor: Int32, largestSide: Int) -> Pixels? {
        var info = stat()
        guard fstat(descriptor, &info) == 0, lseek(descriptor, 0, SEEK_SET) == 0 else { return nil }
        var header = [UInt8](repeating: 0, count: headerLength)
        guard readAll(descriptor, into: &header), let (width, height, channels) = parseHeader(header, largestSide: largestSide),
              Int(info.st_size) - headerLength == width * height * channels else { return nil }
        var pixels = [UInt8](repeating: 0, count: width * height * channels)
        guard readAll(descriptor, into: &pixels) else { return nil }
        return Pixels(width: width, height: height, hasAlpha: channels == 4, pixels: pixels)
    }

    /// The same from bytes in memory.
    package static func read(_ bytes: [UInt8], largestSide: Int) -> Pixels? {
        guard let (width, height, channels) = parseHeader(bytes, largestSide: largestSide),
              bytes.count - headerLength == width * height * channels else { return nil }
        return Pixels(width: width, height: height, hasAlpha: channels == 4, pixels: Array(bytes[headerLength...]))
    }

    private static func parseHeader(_ bytes: [UInt8], largestSide: Int) -> (width: Int, height: Int, channels: Int)? {
        guard bytes.count >= headerLength, Array(bytes[0..<8]) == magic else { return nil }
        func number(at offset: Int) -> Int {
            Int(UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset + 2]) << 16 | UInt32(bytes[offset + 3]) << 24)
        }
        let (width, height, channels) = (number(at: 8), number(at: 12), number(at: 16))
        guard (1...largestSide).contains(width), (1...largestSide).contains(height), channels == 3 || channels == 4 else { return nil }
        return (width, height, channels)
    }

    private static func readAll(_ descriptor: Int32, into buffer: inout [UInt8]) -> Bool {
        buffer.withUnsafeMutableBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let count = Foundation.read(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if count < 0 && errno == EINTR { continue }
                if count <= 0 { return false }
                offset += count
            }
            return true
        }
    }
}
