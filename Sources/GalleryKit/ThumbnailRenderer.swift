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

    /// zlib's level for thumbnails: 1, its fastest. Measured on a 256×192 thumbnail of a
    /// photo-like JPEG (gdk-pixbuf 2.42, this machine): level 6, gdk-pixbuf's default,
    /// took 13–16 ms to encode, as much as the rest of a small photo's import, for a file
    /// of 72 KB; level 1 takes 3.2 ms for 84 KB; both decode in about 1 ms (level 0:
    /// 1.7 ms, 148 KB, 0.4 ms). Thumbnails are read on every scroll, so their decode
    /// time counts too; it did not change.
    static let pngCompression = 1

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
        if let message = loaded.0.savePNG(to: output, compression: pngCompression) {
            let code = errno
            unlink(output)
            throw .write(errno: code, message)
        }
        return loaded.uprightFullSize ?? PixelSize(width: loaded.0.width, height: loaded.0.height)
    }
}
