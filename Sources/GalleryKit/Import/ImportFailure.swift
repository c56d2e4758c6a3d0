import DecoderKit
import Foundation
import Localization

/// Why one file was not imported. The other files of the same import are unaffected,
/// and a failed file leaves nothing behind in the library.
public enum ImportFailureReason: Error, Equatable, Sendable, LocalizedError {
    /// The file is not in an image format Drover reads.
    case notAnImage
    /// A vector or otherwise unsupported image format.
    case unsupportedFormat(String)
    /// It looks like an image, but it cannot be decoded (truncated or damaged).
    case corrupt(detail: String)
    /// It decodes only with pixels made up, which Drover refuses rather than show grey
    /// blocks as the photo (the decoder's policy: CJPEG's shim.h); `detail` is the decoder's words.
    case damaged(ImageDamage, detail: String)
    case empty
    /// Width × height is over the limit, measured from the header before decoding
    /// (this is the guard against decompression bombs).
    case tooManyPixels(PixelSize, limit: Int)
    /// The file is larger than `ImportLimits.maxFileBytes`, refused before it is copied.
    case fileTooLarge(bytes: Int, limit: Int)
    /// Decoding used up the CPU budget (`ImportLimits.decodeCPUSeconds`): a file built to
    /// make the decoder work without end, such as a JPEG that repeats one scan thousands of times.
    case tooComplexToDecode(seconds: Int)
    /// Decoding needed more memory than `ImportLimits.decodeMemoryBytes`.
    case tooLargeToDecode(memoryLimit: Int)
    /// The decoder was still busy at the wall-clock budget (`ImportLimits.decodeWallSeconds`).
    case decodeTimedOut(seconds: Int)
    /// The decoder process crashed, or could not run, on this file.
    case decoderFailed(detail: String)
    case unreadable(detail: String)
    /// The file disappeared while it was being imported (a folder scan saw it, or it was
    /// open already).
    case vanished
    /// Nothing is at the path given: it was never seen by this import.
    case doesNotExist
    /// A folder, socket, FIFO, device or other non-regular file.
    case notAFile
    /// Its name is not valid UTF-8 (it was given as bytes, on the command line): the file
    /// exists, but Drover names photos with text, so it cannot take it.
    case nameNotText
    case diskFull
    case writeFailed(detail: String)
    /// The import was cancelled before this file was done.
    case cancelled
    /// The same bytes are in the library already, as the photo `existing` titled `title`.
    /// Not imported, unless asked again with `ImportSource.allowsDuplicate` (Import Anyway).
    case alreadyInLibrary(existing: PhotoID, title: String)

    public var message: String {
        switch self {
        case .notAnImage: tr("This file is not an image.")
        case .unsupportedFormat(let name): tr("Drover does not import {name} images.", ["name": name])
        case .corrupt(let detail): tr("The image is damaged or incomplete and cannot be read ({detail}).", ["detail": detail])
        case .damaged(.endsEarly, let detail): tr("The image is damaged: its data ends early ({detail}).", ["detail": detail])
        case .damaged(.corrupt, let detail): tr("The image is damaged: its data is corrupt ({detail}).", ["detail": detail])
        case .empty: tr("The file is empty.")
        case .tooManyPixels(let size, let limit):
            tr("The image is too large: {width} × {height} pixels is over the limit of {megapixels} megapixels.", ["width": size.width, "height": size.height, "megapixels": limit / 1_000_000])
        case .fileTooLarge(let bytes, let limit):
            // Just over the limit, rounding would make both sizes read the same: give bytes.
            ByteSize.text(bytes) == ByteSize.text(limit)
                ? tr("The file is {bytes} bytes, over Drover's limit of {limit} bytes for one photo.", ["bytes": bytes, "limit": limit])
                : tr("The file is {size}, over Drover's limit of {limit} for one photo.", ["size": ByteSize.text(bytes), "limit": ByteSize.text(limit)])
        case .tooComplexToDecode(let seconds):
            tr("The image is too complex to decode within Drover's limits ({seconds} s of processing).", ["seconds": seconds])
        case .tooLargeToDecode(let limit):
            tr("The image needs more memory to decode than Drover's limit of {limit}.", ["limit": ByteSize.text(limit)])
        case .decodeTimedOut(let seconds): tr("Decoding the image took longer than Drover's limit of {seconds} s.", ["seconds": seconds])
        case .decoderFailed(let detail): tr("Drover's image decoder failed on this file ({detail}).", ["detail": detail])
        case .unreadable(let detail): tr("The file cannot be read ({detail}).", ["detail": detail])
        case .vanished: tr("The file no longer exists.")
        case .doesNotExist: tr("There is no file at this path.")
        case .notAFile: tr("This is not a regular file.")
        case .nameNotText: tr("The file's name is not valid text (UTF-8), so Drover cannot import it. Rename it and try again.")
        case .diskFull: tr("There is not enough space left on the disk holding the library.")
        case .writeFailed(let detail): tr("The photo could not be saved into the library ({detail}).", ["detail": detail])
        case .cancelled: tr("The import was cancelled.")
        case .alreadyInLibrary(_, let title): tr("Already in your library: “{title}”.", ["title": title])
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

/// Sizes as people read them: decimal units (as GNOME shows them), one decimal place
/// where it matters: "2.1 GB", "1 GB", "713 KB", "12 bytes".
enum ByteSize {
    static func text(_ bytes: Int) -> String {
        let units = [(1_000_000_000_000.0, "TB"), (1_000_000_000.0, "GB"), (1_000_000.0, "MB"), (1_000.0, "KB")]
        guard let (size, name) = units.first(where: { Double(bytes) >= $0.0 }) else { return "\(bytes) bytes" }
        let tenths = (Double(bytes) / size * 10).rounded() / 10
        let number = tenths == tenths.rounded() ? String(Int(tenths)) : String(format: "%.1f", tenths)
        return "\(number) \(name)"
    }
}
