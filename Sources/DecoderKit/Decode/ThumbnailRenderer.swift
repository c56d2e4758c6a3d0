import Foundation

/// The decode itself: an image file in, a thumbnail (PNG or JPEG) out. It runs only inside the
/// `drover-decode` helper process (see `DecoderHelper`), never in Drover's own process,
/// because the bytes are untrusted and a decoder can be made to spin or grow without end.
package enum ThumbnailRenderer {
    package enum Failure: Error, Equatable {
        /// The file could not be opened or read.
        case file(String)
        /// The bytes do not decode.
        case decode(String)
        /// The decoder ran out of memory (gdk-pixbuf's "insufficient memory").
        case memory(String)
        /// The header announced more pixels than the limit; nothing was decoded.
        case tooManyPixels(PixelSize)
        /// The thumbnail could not be written; `errno` tells a full disk from other failures.
        case write(errno: Int32, String)
    }

    /// Decodes the image on `descriptor` scaled down (never up) to fit `box`×`box`, upright
    /// by its EXIF orientation (`Pixbuf.load` applies it, with `orientation` for a PNG or
    /// WebP, so the orientation rule lives with the decode), and writes it in `format` to
    /// `output`, a descriptor of a temporary file the caller renames (or removes on failure);
    /// both descriptors are used up. With `pixels`, the decoded pixels themselves are
    /// written instead (`PixelsFile`), for Drover to show. Returns the upright full size.
    /// Opens no path: it runs inside the confined decode child.
    package static func render(descriptor: Int32, box: Int, maxPixels: Int? = nil, format: ThumbnailFormat, pixels: Bool = false,
                               fullSize: PixelSize?, orientation: Int?, to output: Int32) throws(Failure) -> PixelSize {
        let loaded: (Pixbuf, uprightFullSize: PixelSize?)
        do {
            defer { close(descriptor) }
            loaded = try Pixbuf.load(descriptor: descriptor, fittingBox: box, maxPixels: maxPixels, fullSize: fullSize,
                                     orientationNotAppliedByLoader: orientation)
        } catch {
            close(output)
            if let size = error.tooManyPixels { throw .tooManyPixels(size) }
            if error.isFileError { throw .file(error.message) }
            if error.isOutOfMemory { throw .memory(error.message) }
            throw .decode(error.message)
        }
        let code = pixels ? PixelsFile.write(loaded.0, to: output) : loaded.0.saveThumbnail(as: format, to: output)
        if code != 0 { throw .write(errno: code, String(cString: strerror(code))) }
        return loaded.uprightFullSize ?? PixelSize(width: loaded.0.width, height: loaded.0.height)
    }

    /// The same from and to paths, in the calling process, unconfined: only for measuring
    /// the decode itself (DecodeIsolationBenchmark).
    package static func render(path: String, box: Int, format: ThumbnailFormat, fullSize: PixelSize?, orientation: Int?,
                               to output: String) throws(Failure) -> PixelSize {
        let image = open(path, O_RDONLY | O_CLOEXEC)
        guard image >= 0 else { throw .file(String(cString: strerror(errno))) }
        let thumbnail = open(output, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
        guard thumbnail >= 0 else {
            let code = errno
            close(image)
            throw .write(errno: code, String(cString: strerror(code)))
        }
        do {
            return try render(descriptor: image, box: box, format: format, fullSize: fullSize, orientation: orientation, to: thumbnail)
        } catch {
            unlink(output)
            throw error
        }
    }
}
