import Foundation

/// The decode itself: an image file in, a thumbnail PNG out. It runs only inside the
/// `drover-decode` helper process (see `DecoderHelper`), never in Drover's own process,
/// because the bytes are untrusted and a decoder can be made to spin or grow without end.
enum ThumbnailRenderer {
    enum Failure: Error, Equatable {
        /// The file could not be opened or read.
        case file(String)
        /// The bytes do not decode.
        case decode(String)
        /// The decoder ran out of memory (gdk-pixbuf's "insufficient memory").
        case memory(String)
        /// The PNG could not be written; `errno` tells a full disk from other failures.
        case write(errno: Int32, String)
    }

    /// Decodes `path` scaled down (never up) to fit `box`×`box`, upright by its EXIF
    /// orientation (`Pixbuf.load` applies it, so the orientation rule lives with the
    /// decode), and writes it as a PNG at `output`, a temporary name the caller renames.
    /// Returns the upright full size.
    static func render(path: String, box: Int, fullSize: PixelSize?, to output: String) throws(Failure) -> PixelSize {
        let loaded: (Pixbuf, uprightFullSize: PixelSize?)
        do {
            loaded = try Pixbuf.load(path: path, fittingBox: box, fullSize: fullSize)
        } catch {
            if error.isFileError { throw .file(error.message) }
            if error.isOutOfMemory { throw .memory(error.message) }
            throw .decode(error.message)
        }
        // Sub filter, Huffman coding only: the fastest and smallest PNG for a photo's
        // thumbnail (figures beside drover_save_thumbnail_png in CPixbuf's shim.h).
        let code = loaded.0.saveThumbnailPNG(to: output)
        if code != 0 {
            unlink(output)
            throw .write(errno: code, String(cString: strerror(code)))
        }
        return loaded.uprightFullSize ?? PixelSize(width: loaded.0.width, height: loaded.0.height)
    }
}
