import CPixbuf
import Foundation
import ImageFormats

/// A GdkPixbuf owned by Swift: the reference is dropped when this object goes.
/// Used on one thread at a time (gdk-pixbuf loading is thread-safe across threads).
package final class Pixbuf {
    package let pointer: OpaquePointer

    /// Takes ownership of a full reference.
    package init(taking pointer: OpaquePointer) { self.pointer = pointer }
    deinit { drover_pixbuf_unref(pointer) }

    package var width: Int { Int(gdk_pixbuf_get_width(pointer)) }
    package var height: Int { Int(gdk_pixbuf_get_height(pointer)) }

    /// What a loader learned from the header, before decoding any pixels.
    package struct HeaderInfo {
        package var size: PixelSize
    }

    /// Reads only the header (the loader stops at the size): the decompression-bomb check of
    /// the decodes that still run in Drover's process (the QR scan and crops, Drover's own
    /// thumbnails); a decode child measures with `load(descriptor:maxPixels:)` instead.
    package static func headerInfo(path: String) -> HeaderInfo? {
        var width: Int32 = 0
        var height: Int32 = 0
        guard gdk_pixbuf_get_file_info(path, &width, &height) != nil else { return nil }
        return HeaderInfo(size: PixelSize(width: Int(width), height: Int(height)))
    }

    package struct LoadError: Error {
        package var message: String
        /// The file could not be opened or read, as opposed to decoded.
        package var isFileError: Bool
        /// The loader could not get the memory it needed (under the decoder's memory budget).
        package var isOutOfMemory = false
        /// The header's size, when it was over the pixel limit and nothing was decoded.
        package var tooManyPixels: PixelSize?
        /// Set when the decoder found the data damaged (`JPEGDecoder`'s policy); `message` is its words.
        package var damage: ImageDamage?

        package init(message: String, isFileError: Bool, isOutOfMemory: Bool = false, tooManyPixels: PixelSize? = nil,
                     damage: ImageDamage? = nil) {
            self.message = message
            self.isFileError = isFileError
            self.isOutOfMemory = isOutOfMemory
            self.tooManyPixels = tooManyPixels
            self.damage = damage
        }
    }

    /// Decodes the whole image, scaled down (never up) to fit a `box`×`box` square,
    /// and turned upright by its EXIF orientation. The JPEG and TIFF loaders find that
    /// themselves; for the formats whose loaders do not (PNG, WebP), the decode child reads it
    /// (`ExifReader`) and passes it as `orientationNotAppliedByLoader`.
    /// Returns the upright full size too.
    package static func load(path: String, fittingBox box: Int, fullSize: PixelSize?,
                             orientationNotAppliedByLoader: Int?) throws(LoadError) -> (Pixbuf, uprightFullSize: PixelSize?) {
        var error: UnsafeMutablePointer<GError>?
        let raw: OpaquePointer?
        if let fullSize, fullSize.width <= box, fullSize.height <= box {
            raw = gdk_pixbuf_new_from_file(path, &error)
        } else {
            raw = gdk_pixbuf_new_from_file_at_scale(path, Int32(box), Int32(box), 1, &error)
        }
        return try upright(raw, error: error, fullSize: fullSize, orientationNotAppliedByLoader: orientationNotAppliedByLoader)
    }

    /// The same, reading the image from an open descriptor to its end (the confined decode
    /// child's way: it opens no path). Without `fullSize`, the header's size is the full size.
    /// An image whose header has more than `maxPixels` is refused before it is decoded.
    /// A JPEG is decoded by libjpeg-turbo itself (`JPEGDecoder`: damage is refused, arithmetic
    /// coding decodes), every other image by gdk-pixbuf's loaders; the first bytes tell which.
    /// `onTwoThreads`: a JPEG is decoded on two threads (`JPEGDecoder`), from `entryPoint` if given.
    package static func load(descriptor: Int32, fittingBox box: Int, maxPixels: Int? = nil, fullSize: PixelSize?,
                             orientationNotAppliedByLoader: Int?, onTwoThreads: Bool = false,
                             entryPoint: JPEGEntryPoint? = nil) throws(LoadError) -> (Pixbuf, uprightFullSize: PixelSize?) {
        let prefix = try readPrefix(of: descriptor)
        let isJPEG = prefix.withUnsafeBytes { ImageFormat.sniff($0) == .jpeg }
        if isJPEG {
            let decoded = try JPEGDecoder.decode(descriptor: descriptor, prefix: prefix, fittingBox: box, maxPixels: maxPixels,
                                                 onTwoThreads: onTwoThreads, entryPoint: entryPoint)
            return upright(decoded.picture, fullSize: fullSize ?? decoded.header,
                           orientationNotAppliedByLoader: orientationNotAppliedByLoader)
        }
        var error: UnsafeMutablePointer<GError>?
        var width: Int32 = 0
        var height: Int32 = 0
        var tooManyPixels: Int32 = 0
        let raw = prefix.withUnsafeBufferPointer { bytes in
            drover_pixbuf_load_descriptor(descriptor, bytes.baseAddress, gsize(bytes.count), Int32(box), Int64(maxPixels ?? 0),
                                          &width, &height, &tooManyPixels, &error)
        }
        let header = width > 0 && height > 0 ? PixelSize(width: Int(width), height: Int(height)) : nil
        if tooManyPixels != 0, let header {
            throw LoadError(message: "\(header.width)×\(header.height) pixels", isFileError: false, tooManyPixels: header)
        }
        return try upright(raw, error: error, fullSize: fullSize ?? header, orientationNotAppliedByLoader: orientationNotAppliedByLoader)
    }

    /// The first bytes of the image (fewer only when the file is shorter): enough to tell its
    /// format. Read from the descriptor, so the decoder that follows is handed them first.
    private static func readPrefix(of descriptor: Int32) throws(LoadError) -> [UInt8] {
        var prefix = [UInt8](repeating: 0, count: 4096)
        var filled = 0
        while filled < prefix.count {
            let count = prefix.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + filled, $0.count - filled) }
            if count < 0 && errno == EINTR { continue }
            if count < 0 {
                throw LoadError(message: "cannot read the image: \(String(cString: strerror(errno)))", isFileError: true)
            }
            if count == 0 { break }
            filled += count
        }
        return Array(prefix.prefix(filled))
    }

    private static func upright(_ raw: OpaquePointer?, error: UnsafeMutablePointer<GError>?, fullSize: PixelSize?,
                                orientationNotAppliedByLoader: Int?) throws(LoadError) -> (Pixbuf, uprightFullSize: PixelSize?) {
        guard let raw else {
            var failure = LoadError(message: "unknown error", isFileError: false)
            if let error {
                failure.message = String(cString: error.pointee.message)
                failure.isFileError = error.pointee.domain == g_file_error_quark()
                failure.isOutOfMemory = error.pointee.domain == gdk_pixbuf_error_quark()
                    && error.pointee.code == Int32(GDK_PIXBUF_ERROR_INSUFFICIENT_MEMORY.rawValue)
                g_error_free(error)
            }
            throw failure
        }
        return upright(Pixbuf(taking: raw), fullSize: fullSize, orientationNotAppliedByLoader: orientationNotAppliedByLoader)
    }

    /// Turns a decoded picture upright by the "orientation" option its decoder recorded.
    private static func upright(_ loaded: Pixbuf, fullSize: PixelSize?,
                                orientationNotAppliedByLoader: Int?) -> (Pixbuf, uprightFullSize: PixelSize?) {
        let raw = loaded.pointer
        // The JPEG and TIFF loaders (and JPEGDecoder) record the EXIF orientation as this
        // option; for PNG and WebP, whose loaders do not, the caller's is recorded the same way.
        var orientation = gdk_pixbuf_get_option(raw, "orientation").map { Int(String(cString: $0)) ?? 1 }
        if orientation == nil, let embedded = orientationNotAppliedByLoader, (1...8).contains(embedded),
           gdk_pixbuf_set_option(raw, "orientation", String(embedded)) != 0 {
            orientation = embedded
        }
        let upright = gdk_pixbuf_apply_embedded_orientation(raw).map(Pixbuf.init(taking:)) ?? loaded
        // Orientations 5–8 turn the picture a quarter: width and height swap.
        let quarterTurn = (5...8).contains(orientation ?? 1)
        let uprightFull = fullSize.map { quarterTurn ? PixelSize(width: $0.height, height: $0.width) : $0 }
        return (upright, uprightFull)
    }

    /// Writes a thumbnail (CPixbuf's shim.h says how, with the figures: a PNG Sub-filtered
    /// and Huffman-coded only, a JPEG at quality 90). Returns 0, or the errno.
    /// Writes to an open descriptor, and closes it.
    package func saveThumbnail(as format: ThumbnailFormat, to descriptor: Int32) -> Int32 {
        switch format {
        case .png: drover_save_thumbnail_png(pointer, descriptor)
        case .jpeg: drover_save_thumbnail_jpeg(pointer, descriptor)
        }
    }

    /// The picture turned `quarterTurns` clockwise (itself when that is none); nil when
    /// gdk-pixbuf cannot allocate the turned copy.
    package func turnedClockwise(_ quarterTurns: Int) -> Pixbuf? {
        // GdkPixbufRotation counts counter-clockwise degrees.
        let degrees = [0, 270, 180, 90][((quarterTurns % 4) + 4) % 4]
        guard degrees != 0 else { return self }
        return gdk_pixbuf_rotate_simple(pointer, GdkPixbufRotation(rawValue: UInt32(degrees))).map(Pixbuf.init(taking:))
    }

    /// A copy of the pixels inside `rect` (which must lie inside the picture).
    package func cropped(to rect: PixelRect) -> Pixbuf? {
        // A subpixbuf shares the parent's pixels; copy it so the result stands alone.
        guard let sub = gdk_pixbuf_new_subpixbuf(pointer, Int32(rect.x), Int32(rect.y),
                                                 Int32(rect.width), Int32(rect.height)) else { return nil }
        defer { drover_pixbuf_unref(sub) }
        return gdk_pixbuf_copy(sub).map(Pixbuf.init(taking:))
    }
}
