import Foundation

/// Why one file was not imported. The other files of the same import are unaffected,
/// and a failed file leaves nothing behind in the library.
public enum ImportFailureReason: Error, Equatable, Sendable, LocalizedError {
    /// The file is not in an image format Drover reads.
    case notAnImage
    /// A vector or otherwise unsupported image format.
    case unsupportedFormat(String)
    /// It looks like an image, but it cannot be decoded (truncated or damaged).
    case corrupt(detail: String)
    case empty
    /// Width × height is over the limit, measured from the header before decoding
    /// (this is the guard against decompression bombs).
    case tooManyPixels(PixelSize, limit: Int)
    case unreadable(detail: String)
    /// The file disappeared while it was being imported (a folder scan saw it, or it was
    /// open already).
    case vanished
    /// Nothing is at the path given: it was never seen by this import.
    case doesNotExist
    /// A folder, device or other non-regular file.
    case notAFile
    case diskFull
    case writeFailed(detail: String)
    /// The import was cancelled before this file was done.
    case cancelled

    public var message: String {
        switch self {
        case .notAnImage: "This file is not an image."
        case .unsupportedFormat(let name): "Drover does not import \(name) images."
        case .corrupt(let detail): "The image is damaged or incomplete and cannot be read (\(detail))."
        case .empty: "The file is empty."
        case .tooManyPixels(let size, let limit):
            "The image is too large: \(size.width) × \(size.height) pixels is over the limit of \(limit / 1_000_000) megapixels."
        case .unreadable(let detail): "The file cannot be read (\(detail))."
        case .vanished: "The file no longer exists."
        case .doesNotExist: "There is no file at this path."
        case .notAFile: "This is not a regular file."
        case .diskFull: "There is not enough space left on the disk holding the library."
        case .writeFailed(let detail): "The photo could not be saved into the library (\(detail))."
        case .cancelled: "The import was cancelled."
        }
    }

    public var errorDescription: String? { message }
}

public struct ImportFailure: Error, Equatable, Sendable, LocalizedError {
    public let source: URL
    public let reason: ImportFailureReason

    public var message: String { "\(source.lastPathComponent): \(reason.message)" }
    public var errorDescription: String? { message }
}
