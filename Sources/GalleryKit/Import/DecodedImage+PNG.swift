import CPixbuf
import DecoderKit
import Foundation

extension DecodedImage {
    /// The pixels encoded as PNG, in memory: a QR code's crop, handed out by drag. Encoding
    /// pixels a decode child made parses nothing of the image they came from.
    func pngData() throws(Pixbuf.LoadError) -> Data {
        let bytes = pixels.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
        defer { g_bytes_unref(bytes) }
        guard let made = gdk_pixbuf_new_from_bytes(bytes, GDK_COLORSPACE_RGB, hasAlpha ? 1 : 0, 8, Int32(width), Int32(height),
                                                   Int32(rowStride)) else {
            throw Pixbuf.LoadError(message: "could not make a picture of \(width)×\(height) pixels", isFileError: false)
        }
        let pixbuf = Pixbuf(taking: made)
        var buffer: UnsafeMutablePointer<CChar>?
        var size: Int = 0
        var error: UnsafeMutablePointer<GError>?
        guard gdk_pixbuf_save_to_bufferv(pixbuf.pointer, &buffer, &size, "png", nil, nil, &error) != 0, let buffer else {
            let message = error.map { String(cString: $0.pointee.message) } ?? "could not encode PNG"
            if error != nil { g_error_free(error) }
            throw Pixbuf.LoadError(message: message, isFileError: false)
        }
        defer { g_free(buffer) }
        return Data(bytes: buffer, count: size)
    }
}
