import CPixbuf
import DecoderKit

extension Pixbuf {
    /// Copies the pixels out into a plain value, rows packed.
    func decodedImage() -> DecodedImage {
        let channels = Int(gdk_pixbuf_get_n_channels(pointer))
        let stride = Int(gdk_pixbuf_get_rowstride(pointer))
        let rowBytes = width * channels
        var pixels = [UInt8](repeating: 0, count: rowBytes * height)
        if let source = gdk_pixbuf_read_pixels(pointer) {
            pixels.withUnsafeMutableBytes { destination in
                for row in 0..<height {
                    memcpy(destination.baseAddress! + row * rowBytes, source + row * stride, rowBytes)
                }
            }
        }
        return DecodedImage(width: width, height: height, rowStride: rowBytes,
                            hasAlpha: gdk_pixbuf_get_has_alpha(pointer) != 0, pixels: pixels)
    }
}
