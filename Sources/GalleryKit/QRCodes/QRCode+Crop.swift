import DecoderKit
import Foundation

extension QRCode {
    /// The code cut out of its photo as a PNG: `cropRect(marginModules:)` of the upright,
    /// full-resolution photo, so it decodes on its own. Off the caller's thread.
    ///
    /// If the file's size no longer matches `imageSize`, the rectangle is scaled to it.
    ///
    /// - Throws: `QRScanError` when the photo cannot be read or decoded, or the crop is empty.
    public func croppedPNG(from photoURL: URL, marginModules: Int = 4) async throws -> Data {
        let code = self
        return try await BlockingWork.run { () throws -> Data in
            try code.croppedPNGNow(path: photoURL.path, marginModules: marginModules)
        }
    }

    func croppedPNGNow(path: String, marginModules: Int) throws(QRScanError) -> Data {
        let crop: DecodedImage
        do {
            // Decoded and cut out in a confined decode child, at the photo's full size.
            crop = try DecoderProcess(limits: ImportLimits()).decodeRegion(cropRect(marginModules: marginModules), of: imageSize,
                                                                          in: path)
        } catch {
            throw QRScanError(error)
        }
        do {
            return try crop.pngData()
        } catch {
            throw .undecodable(error.message)
        }
    }
}
