import CPixbuf
import Foundation

/// Writes a photo as the user sees it in Drover, turned by the quarter turns the user gave
/// it, for a copy that leaves Drover (a drag, a paste, Export): the `--as-seen` product.
///
/// - A JPEG: the same bytes with its EXIF orientation rewritten (`JPEGOrientationEdit`),
///   so nothing is re-encoded and every other byte, metadata included, is kept.
/// - Anything else, or a JPEG whose EXIF has no orientation to rewrite: decoded at full
///   size, turned upright, then by the user's turns, and written as a PNG (lossless, but
///   without the original's metadata). PNG, WebP, HEIF and AVIF orientation is not read
///   alike by other applications, so turning their pixels is the only way all show it so.
///
/// Runs in the confined decode child: it reads the image only through `descriptor`.
package enum AsSeenWriter {
    /// What was written: the file's type, which names its extension.
    package enum Written: String, Sendable {
        case jpeg
        case png
    }

    /// The header of a JPEG is read up to this many bytes: its EXIF block comes first
    /// (at most 64 KB, after a JFIF segment), ICC profiles at most a few hundred KB.
    static let headerBytes = 1 << 20

    /// Writes the image on `descriptor` turned by `quarterTurns` to `output`. Both
    /// descriptors are used up.
    package static func write(descriptor: Int32, quarterTurns: Int, maxPixels: Int?, orientation: Int?,
                              to output: Int32) throws(ThumbnailRenderer.Failure) -> Written {
        let prefix = readHeader(descriptor)
        if let edit = JPEGOrientationEdit.turning(prefix: prefix, by: quarterTurns) {
            defer { close(descriptor); close(output) }
            if let code = copy(descriptor, applying: edit, to: output) {
                throw .write(errno: code, String(cString: strerror(code)))
            }
            return .jpeg
        }
        let loaded: Pixbuf
        do {
            defer { close(descriptor) }
            // The largest side a 100-megapixel limit allows is far below this box: full size.
            loaded = try Pixbuf.load(descriptor: descriptor, fittingBox: 1 << 20, maxPixels: maxPixels, fullSize: nil,
                                     orientationNotAppliedByLoader: orientation).0
        } catch {
            close(output)
            throw ThumbnailRenderer.Failure(error)
        }
        guard let turned = loaded.turnedClockwise(quarterTurns) else {
            close(output)
            throw .memory("no memory to turn the picture")
        }
        let code = turned.saveThumbnail(as: .png, to: output)
        if code != 0 { throw .write(errno: code, String(cString: strerror(code))) }
        return .png
    }

    /// The first `headerBytes` of the file (fewer when it is shorter), read with pread so
    /// the decoder that may follow reads the file from its start.
    private static func readHeader(_ descriptor: Int32) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: headerBytes)
        var count = 0
        while count < headerBytes {
            let read = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress! + count, headerBytes - count, off_t(count)) }
            if read < 0, errno == EINTR { continue }
            if read <= 0 { break }
            count += read
        }
        return Array(bytes.prefix(count))
    }

    /// Copies the file to `output` with `edit` made on the way. Returns nil, or the errno.
    private static func copy(_ descriptor: Int32, applying edit: JPEGOrientationEdit, to output: Int32) -> Int32? {
        let chunk = 1 << 16
        var buffer = [UInt8](repeating: 0, count: chunk)
        var offset = 0
        func write(_ bytes: UnsafeRawBufferPointer) -> Int32? { PixelsFile.writeAll(output, bytes) }
        // The bytes before the edit, the edit, then the rest after what it replaces.
        var editDone = false
        while true {
            if !editDone && offset == edit.offset {
                if let failure = edit.inserting.withUnsafeBytes(write) { return failure }
                offset += edit.removing
                editDone = true
                continue
            }
            let wanted = editDone ? chunk : min(chunk, edit.offset - offset)
            let read = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress!, wanted, off_t(offset)) }
            if read < 0 {
                if errno == EINTR { continue }
                return errno
            }
            if read == 0 { return editDone ? nil : EIO }
            if let failure = buffer.withUnsafeBytes({ write(UnsafeRawBufferPointer(rebasing: $0.prefix(read))) }) { return failure }
            offset += read
        }
    }
}
