import DecoderKit
import Foundation

/// Decoded pixels, ready for the UI to wrap in a texture on the main thread without
/// further work: 8 bits per channel, RGB or RGBA (non-premultiplied, as gdk-pixbuf
/// gives them; for GdkMemoryTexture use GDK_MEMORY_R8G8B8 or GDK_MEMORY_R8G8B8A8).
public struct DecodedImage: Sendable, Hashable {
    public let width: Int
    public let height: Int
    /// Bytes from one row to the next (rows are packed: width × channels).
    public let rowStride: Int
    public let hasAlpha: Bool
    public let pixels: [UInt8]

    public var channels: Int { hasAlpha ? 4 : 3 }

    /// Decodes an image file at display size (scaled down to fit `box`×`box`, never up,
    /// upright), off the caller's thread, in a confined decode child (`DecoderProcess`):
    /// the file may be any image from anywhere.
    public static func decode(fileAt url: URL, fittingBox box: Int) async throws -> DecodedImage {
        try await BlockingWork.run { try decodeConfined(path: url.path, fittingBox: box).0 }
    }

    /// Like `decode(fileAt:fittingBox:)`, then turned by `rotation` on the same thread.
    public static func decode(fileAt url: URL, fittingBox box: Int, turnedBy rotation: PhotoRotation) async throws -> DecodedImage {
        try await BlockingWork.run { try decodeConfined(path: url.path, fittingBox: box).0.rotated(by: rotation) }
    }

    /// Decodes in a child of a decoder server, under the sandbox and limits an import has;
    /// also returns the child's CPU time. `onTwoThreads`: a JPEG is decoded on two threads, the
    /// second from `entryPoint` if given (`PhotoLibrary.jpegEntryPoint(for:)`).
    static func decodeConfined(path: String, fittingBox box: Int, onTwoThreads: Bool = false,
                               entryPoint: JPEGEntryPoint? = nil) throws(ImportFailureReason) -> (DecodedImage, cpuSeconds: Double) {
        guard access(path, F_OK) == 0 else { throw .vanished }
        return try DecoderProcess(limits: ImportLimits()).decodePixels(of: path, fittingBox: box, onTwoThreads: onTwoThreads,
                                                                       entryPoint: entryPoint)
    }

    /// Decodes in this process: only for the thumbnails Drover made itself (their bytes
    /// were written by a decode child from an image it decoded; `PhotoLibrary.thumbnail`).
    static func decodeNow(path: String, fittingBox box: Int, pixelLimit: Int = ImportLimits().maxPixels) throws -> DecodedImage {
        guard let header = Pixbuf.headerInfo(path: path) else {
            throw access(path, F_OK) == 0 ? ImportFailureReason.notAnImage : .vanished
        }
        guard header.size.pixelCount <= pixelLimit else { throw ImportFailureReason.tooManyPixels(header.size, limit: pixelLimit) }
        do {
            // Upright already (the child turned it): no EXIF of its own to apply, and none read here.
            return try Pixbuf.load(path: path, fittingBox: box, fullSize: header.size, orientationNotAppliedByLoader: nil).0.decodedImage()
        } catch {
            throw ImportFailureReason.corrupt(detail: error.message)
        }
    }
}
