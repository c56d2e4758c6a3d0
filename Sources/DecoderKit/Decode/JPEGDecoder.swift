import CJPEG
import CPixbuf
import CPixman
import Foundation

/// What is wrong with an image whose data a decoder could not decode whole, so that it would
/// have had to make pixels up (CJPEG's shim.h has the policy: which libjpeg warnings count).
/// The decode child says it as `fail damaged KIND MESSAGE` (`DecoderHelper`).
public enum ImageDamage: String, Sendable, Hashable, CaseIterable {
    /// The data stops before the picture does: the file was cut (perhaps with an end marker
    /// put after the cut).
    case endsEarly = "early"
    /// The data does not decode as its format says: bytes overwritten or scrambled.
    case corrupt
}

/// Decodes a JPEG with libjpeg-turbo itself rather than gdk-pixbuf's JPEG loader, which
/// drops libjpeg's warnings (a damaged JPEG came out whole, with grey made-up blocks) and
/// cannot decode arithmetic coding. The DCT scaling is the one gdk-pixbuf's loader chooses (the
/// smallest of 1/1, 1/2, 1/4, 1/8 still at least the size asked for), so at that size the
/// pixels are its pixels; the resize to the size asked for is pixman's bilinear filter, ten
/// times faster than gdk-pixbuf's (CPixman), or gdk-pixbuf's own when an eighth is still more
/// than twice that size. RGB, or for a CMYK JPEG RGB with an opaque alpha byte, as gdk-pixbuf
/// gives it; the EXIF orientation recorded as the "orientation" option for `Pixbuf` to apply.
/// Reads only the open descriptor (the decode child opens no path).
enum JPEGDecoder {
    /// Decodes the JPEG on `descriptor`, whose first bytes, `prefix`, were read from it already,
    /// scaled down (never up) to fit `box`×`box`. A header of more than `maxPixels` is refused
    /// before any pixel is decoded. Returns the picture and the stored size of the header.
    /// `onTwoThreads`: the rows are decoded by two threads where that is quicker (CJPEG's
    /// `drover_jpeg_read_rows_on_two_threads`), for a photo someone is waiting to see; it
    /// takes about half as much CPU again, or with an `entryPoint` (`JPEGEntryPoint`) about a
    /// tenth, the second thread starting at it instead of skipping the rows above it.
    static func decode(descriptor: Int32, prefix: [UInt8], fittingBox box: Int, maxPixels: Int?, onTwoThreads: Bool = false,
                       entryPoint: JPEGEntryPoint? = nil) throws(Pixbuf.LoadError) -> (picture: Pixbuf, header: PixelSize) {
        // The decoder reads `prefix` in place until it is freed, inside this closure.
        let result = prefix.withUnsafeBufferPointer { bytes in
            Result { () throws(Pixbuf.LoadError) in
                guard let jpeg = drover_jpeg_new(descriptor, bytes.baseAddress, bytes.count) else {
                    throw Pixbuf.LoadError(message: "no memory for the JPEG decoder", isFileError: false, isOutOfMemory: true)
                }
                defer { drover_jpeg_free(jpeg) }
                return try decode(jpeg, fittingBox: box, maxPixels: maxPixels, onTwoThreads: onTwoThreads, entryPoint: entryPoint)
            }
        }
        return try result.get()
    }

    private static func decode(_ jpeg: UnsafeMutablePointer<drover_jpeg>, fittingBox box: Int, maxPixels: Int?,
                               onTwoThreads: Bool, entryPoint: JPEGEntryPoint?) throws(Pixbuf.LoadError) -> (picture: Pixbuf, header: PixelSize) {
        guard drover_jpeg_read_header(jpeg) == 0 else { throw failure(of: jpeg) }
        let header = PixelSize(width: Int(jpeg.pointee.info.image_width), height: Int(jpeg.pointee.info.image_height))
        if let maxPixels, header.pixelCount > maxPixels {
            throw Pixbuf.LoadError(message: "\(header.width)×\(header.height) pixels", isFileError: false, tooManyPixels: header)
        }
        let target = fitted(header, box: box)
        guard drover_jpeg_choose_scale(jpeg, Int32(target.width), Int32(target.height)) == 0 else { throw failure(of: jpeg) }
        let scaled = PixelSize(width: Int(jpeg.pointee.info.output_width), height: Int(jpeg.pointee.info.output_height))
        // The DCT scaling leaves the picture larger than asked for by less than half, unless an
        // eighth was still too large: then pixman's bilinear filter would skip source pixels
        // (and alias), so gdk-pixbuf's, which averages them, resizes it instead.
        let resizesWithPixman = scaled != target && scaled.width <= 2 * target.width && scaled.height <= 2 * target.height
        guard drover_jpeg_start(jpeg, resizesWithPixman ? 1 : 0) == 0 else { throw failure(of: jpeg) }
        let info = jpeg.pointee.info
        let hasAlpha = info.out_color_space == JCS_CMYK
        guard info.output_components == 3 || info.output_components == 4,
              let raw = gdk_pixbuf_new(GDK_COLORSPACE_RGB, info.output_components == 4 ? 1 : 0, 8,
                                       Int32(info.output_width), Int32(info.output_height)) else {
            throw noMemory(for: scaled)
        }
        var picture = Pixbuf(taking: raw)
        let rows = gdk_pixbuf_get_pixels(raw)
        let stride = Int(gdk_pixbuf_get_rowstride(raw))
        let read: Int32
        if onTwoThreads, var entry = entryPoint?.cEntry {
            read = drover_jpeg_read_rows_on_two_threads(jpeg, rows, stride, &entry)
        } else if onTwoThreads {
            read = drover_jpeg_read_rows_on_two_threads(jpeg, rows, stride, nil)
        } else {
            read = drover_jpeg_read_rows(jpeg, rows, stride)
        }
        guard read == 0 else { throw failure(of: jpeg) }
        if resizesWithPixman {
            picture = try resizedWithPixman(picture, to: target, keepingFourthByte: hasAlpha)
        } else if scaled != target {
            // gdk-pixbuf's loader scales the DCT-scaled picture to the size asked for with its
            // bilinear filter: the same here.
            guard let resized = gdk_pixbuf_scale_simple(raw, Int32(target.width), Int32(target.height), GDK_INTERP_BILINEAR) else {
                throw noMemory(for: target)
            }
            picture = Pixbuf(taking: resized)
        }
        if jpeg.pointee.orientation != 0 {
            _ = gdk_pixbuf_set_option(picture.pointer, "orientation", String(jpeg.pointee.orientation))
        }
        return (picture, header)
    }

    /// `picture` (4 bytes a pixel) resized to `size` by pixman (CPixman's shim.h has the
    /// figures): RGBA with an opaque alpha byte when `keepingFourthByte` (a CMYK JPEG, as
    /// gdk-pixbuf gives it), else packed to RGB.
    static func resizedWithPixman(_ picture: Pixbuf, to size: PixelSize,
                                  keepingFourthByte: Bool) throws(Pixbuf.LoadError) -> Pixbuf {
        guard let rgba = gdk_pixbuf_new(GDK_COLORSPACE_RGB, 1, 8, Int32(size.width), Int32(size.height)) else {
            throw noMemory(for: size)
        }
        let resized = Pixbuf(taking: rgba)
        guard drover_resize_opaque_rgbx(gdk_pixbuf_read_pixels(picture.pointer), Int32(picture.width), Int32(picture.height),
                                        Int(gdk_pixbuf_get_rowstride(picture.pointer)), gdk_pixbuf_get_pixels(rgba),
                                        Int32(size.width), Int32(size.height), Int(gdk_pixbuf_get_rowstride(rgba))) == 0 else {
            throw noMemory(for: size)
        }
        if keepingFourthByte { return resized }
        guard let rgb = gdk_pixbuf_new(GDK_COLORSPACE_RGB, 0, 8, Int32(size.width), Int32(size.height)) else {
            throw noMemory(for: size)
        }
        drover_pack_rgbx_to_rgb(gdk_pixbuf_read_pixels(rgba), Int(gdk_pixbuf_get_rowstride(rgba)), gdk_pixbuf_get_pixels(rgb),
                                Int(gdk_pixbuf_get_rowstride(rgb)), Int32(size.width), Int32(size.height))
        return Pixbuf(taking: rgb)
    }

    private static func noMemory(for size: PixelSize) -> Pixbuf.LoadError {
        Pixbuf.LoadError(message: "no memory for \(size.width)×\(size.height) pixels", isFileError: false, isOutOfMemory: true)
    }

    /// `size` scaled down to fit `box`×`box`, keeping its aspect ratio and rounding as
    /// CPixbuf's `drover_descriptor_size_prepared` does for gdk-pixbuf's loaders.
    static func fitted(_ size: PixelSize, box: Int) -> PixelSize {
        guard box > 0, size.width > box || size.height > box else { return size }
        if size.height > size.width {
            return PixelSize(width: max(1, Int(0.5 + Double(size.width) * Double(box) / Double(size.height))), height: box)
        }
        return PixelSize(width: box, height: max(1, Int(0.5 + Double(size.height) * Double(box) / Double(size.width))))
    }

    private static func failure(of jpeg: UnsafeMutablePointer<drover_jpeg>) -> Pixbuf.LoadError {
        let message = withUnsafeBytes(of: jpeg.pointee.message) { bytes in
            String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        }
        switch Int(jpeg.pointee.failure) {
        case Int(DROVER_JPEG_FAILED_READ):
            return Pixbuf.LoadError(message: "cannot read the image: \(String(cString: strerror(jpeg.pointee.read_errno)))",
                                    isFileError: true)
        case Int(DROVER_JPEG_FAILED_MEMORY):
            return Pixbuf.LoadError(message: message, isFileError: false, isOutOfMemory: true)
        case Int(DROVER_JPEG_FAILED_DAMAGED):
            let damage: ImageDamage = Int(jpeg.pointee.damage) == Int(DROVER_JPEG_ENDS_EARLY) ? .endsEarly : .corrupt
            return Pixbuf.LoadError(message: message, isFileError: false, damage: damage)
        default:
            return Pixbuf.LoadError(message: message, isFileError: false)
        }
    }
}
