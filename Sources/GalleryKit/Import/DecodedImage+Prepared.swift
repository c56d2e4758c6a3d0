import DecoderKit
import Foundation

/// What `DecodedImage.decode(fileAt:fittingBox:preparing:)` made, and the CPU it took.
public struct PreparedDecode<Prepared: Sendable>: Sendable {
    public var prepared: Prepared
    /// CPU time of the decode alone (the decode child's), and of `prepare` (on the thread
    /// that ran it): what load on the machine does not inflate, unlike wall-clock time.
    public var decodeCPUSeconds: Double
    public var prepareCPUSeconds: Double
}

extension DecodedImage {
    /// Decodes at display size like `decode(fileAt:fittingBox:)`, then hands the pixels to
    /// `prepare` on the same background thread (the viewer makes its texture there, so
    /// nothing of the size of the photo is done on the main thread). `onTwoThreads`: a JPEG
    /// is decoded on two threads, sooner for about half as much CPU again (`JPEGDecoder`):
    /// for a photo someone is waiting to see, not one decoded ahead. With the photo's
    /// `entryPoint` (`PhotoLibrary.jpegEntryPoint(for:)`), the second thread starts there instead
    /// of skipping the first one's rows: sooner still, for about a tenth more CPU than one thread.
    public static func decode<Prepared: Sendable>(fileAt url: URL, fittingBox box: Int, onTwoThreads: Bool = false,
                                                  entryPoint: JPEGEntryPoint? = nil,
                                                  preparing prepare: @escaping @Sendable (DecodedImage) -> Prepared)
        async throws -> PreparedDecode<Prepared> {
        try await BlockingWork.run {
            let (image, decodeCPUSeconds) = try decodeConfined(path: url.path, fittingBox: box, onTwoThreads: onTwoThreads,
                                                               entryPoint: entryPoint)
            let decoded = ThreadCPUTime.seconds()
            let prepared = prepare(image)
            return PreparedDecode(prepared: prepared, decodeCPUSeconds: decodeCPUSeconds,
                                  prepareCPUSeconds: ThreadCPUTime.seconds() - decoded)
        }
    }
}
