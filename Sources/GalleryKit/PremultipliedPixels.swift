import Foundation

/// Pixels in the layout a cairo image surface uses (ARGB32: alpha premultiplied, stored
/// B, G, R, A on little-endian machines; GDK calls it B8G8R8A8_PREMULTIPLIED).
///
/// GTK 4.8's cairo renderer converts a texture to that layout every time it draws it:
/// for the grid's RGB thumbnails that conversion, byte by byte, was the largest single
/// cost of a scrolling frame. Converted once, off the main thread, a draw is a copy.
public struct PremultipliedPixels: Sendable {
    public let width: Int
    public let height: Int
    /// Bytes from one row to the next: 4 × width.
    public var rowStride: Int { width * 4 }
    public let bytes: [UInt8]

    public init(_ image: DecodedImage) {
        width = image.width
        height = image.height
        let channels = image.channels
        var bytes = [UInt8](repeating: 0, count: image.width * image.height * 4)
        image.pixels.withUnsafeBufferPointer { source in
            bytes.withUnsafeMutableBufferPointer { target in
                for y in 0..<image.height {
                    var from = y * image.rowStride
                    var to = y * image.width * 4
                    for _ in 0..<image.width {
                        let alpha = channels == 4 ? UInt16(source[from + 3]) : 255
                        // x × alpha / 255, rounded, as cairo premultiplies.
                        func times(_ value: UInt8) -> UInt8 {
                            let product = UInt16(value) * alpha + 128
                            return UInt8((product + (product >> 8)) >> 8)
                        }
                        target[to] = times(source[from + 2])
                        target[to + 1] = times(source[from + 1])
                        target[to + 2] = times(source[from])
                        target[to + 3] = UInt8(alpha)
                        from += channels
                        to += 4
                    }
                }
            }
        }
        self.bytes = bytes
    }

    /// Decodes an image file fitting `box`×`box` (as `DecodedImage.decode`) and converts
    /// it, both off the caller's thread.
    public static func decode(fileAt url: URL, fittingBox box: Int) async throws -> PremultipliedPixels {
        try await BlockingWork.run { PremultipliedPixels(try DecodedImage.decodeNow(path: url.path, fittingBox: box)) }
    }
}
