import Foundation
import ImageFormats

/// The one rule, by content, for what an import takes: a folder import's scan
/// (`ImageFileFinder`) and the import of a single file (`PhotoPreparer`) both ask it, so a
/// file is taken or refused for the same reason whichever way it comes, whatever its name.
/// The first bytes decide (`ImageContent`, in ImageFormats), then whether a decoder for
/// the format is installed; decoding the copy has the last word.
enum ImportContentRule {
    enum Decision: Equatable {
        /// An image format the installed decoders read: import it.
        case take
        /// An image, in a format Drover does not import (named).
        case unsupported(String)
        case notAnImage
    }

    /// Formats whose gdk-pixbuf loaders read incrementally only by writing what they are given
    /// to a temporary file first (io-xpm.c and io-xbm.c call g_file_open_tmp): the confined
    /// decoder may create no file, so it cannot read them. Both are icon formats of the X11
    /// era, not photos; they are refused by name, from a folder and alone alike.
    static let needsTemporaryFile: Set<String> = ["XPM", "XBM"]

    static func decide(_ content: ImageContent?) -> Decision {
        switch content {
        case nil: .notAnImage
        case .format(let format): format.hasInstalledDecoder ? .take : .unsupported(format.displayName)
        case .otherRaster(let name): needsTemporaryFile.contains(name) ? .unsupported(name) : .take
        case .vector(let name): .unsupported(name)
        }
    }

    /// The decision for an open file of `size` bytes (read from its start, whatever the offset).
    static func decide(file: Int32, size: Int) -> Decision {
        decide(ImageContent.recognize(ImageBytes(file: file, size: size)))
    }

    /// The decision for the file at `path`, or the `errno` of why it cannot be read.
    static func decide(path: [UInt8]) -> Result<Decision, Errno> {
        let file = (path + [0]).withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK) }
        }
        guard file >= 0 else { return .failure(Errno(code: errno)) }
        defer { close(file) }
        var info = stat()
        guard fstat(file, &info) == 0 else { return .failure(Errno(code: errno)) }
        return .success(decide(file: file, size: Int(info.st_size)))
    }

    struct Errno: Error {
        let code: Int32
    }
}
