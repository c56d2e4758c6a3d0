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
        /// The thumbnail could not be written; `errno` tells a full disk from other failures.
        case write(errno: Int32, String)
    }

    /// Decodes `path` scaled down (never up) to fit `box`×`box`, upright by its EXIF
    /// orientation (`Pixbuf.load` applies it, with `orientation` for a PNG or WebP, so the
    /// orientation rule lives with the decode), and writes it in `format` at `output`, a
    /// temporary name the caller renames. Returns the upright full size.
    package static func render(path: String, box: Int, format: ThumbnailFormat, fullSize: PixelSize?, orientation: Int?,
                       to output: String) throws(Failure) -> PixelSize {
        let loaded: (Pixbuf, uprightFullSize: PixelSize?)
        do {
            loaded = try Pixbuf.load(path: path, fittingBox: box, fullSize: fullSize, orientationNotAppliedByLoader: orientation)
        } catch {
            if error.isFileError { throw .file(error.message) }
            if error.isOutOfMemory { throw .memory(error.message) }
            throw .decode(error.message)
        }
        let code = loaded.0.saveThumbnail(as: format, to: output)
        if code != 0 {
            unlink(output)
            throw .write(errno: code, String(cString: strerror(code)))
        }
        return loaded.uprightFullSize ?? PixelSize(width: loaded.0.width, height: loaded.0.height)
    }
}
