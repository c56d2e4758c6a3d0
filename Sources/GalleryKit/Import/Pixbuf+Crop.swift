import CPixbuf
import DecoderKit
import Foundation

extension Pixbuf {
    /// A copy of the pixels inside `rect` (which must lie inside the picture).
    func cropped(to rect: PixelRect) -> Pixbuf? {
        // A subpixbuf shares the parent's pixels; copy it so the result stands alone.
        guard let sub = gdk_pixbuf_new_subpixbuf(pointer, Int32(rect.x), Int32(rect.y),
                                                 Int32(rect.width), Int32(rect.height)) else { return nil }
        defer { drover_pixbuf_unref(sub) }
        return gdk_pixbuf_copy(sub).map(Pixbuf.init(taking:))
    }

    /// The picture encoded as PNG, in memory.
    func pngData() throws(Pixbuf.LoadError) -> Data {
        var buffer: UnsafeMutablePointer<CChar>?
        var size: Int = 0
        var error: UnsafeMutablePointer<GError>?
        guard gdk_pixbuf_save_to_bufferv(pointer, &buffer, &size, "png", nil, nil, &error) != 0, let buffer else {
            let message = error.map { String(cString: $0.pointee.message) } ?? "could not encode PNG"
            if error != nil { g_error_free(error) }
            throw LoadError(message: message, isFileError: false)
        }
        defer { g_free(buffer) }
        return Data(bytes: buffer, count: size)
    }
}
