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
        guard let header = Pixbuf.headerInfo(path: path) else {
            throw access(path, F_OK) == 0 ? .notAnImage : .missing
        }
        guard header.size.pixelCount <= ImportLimits().maxPixels else { throw .tooManyPixels(header.size) }
        let photo: Pixbuf
        do {
            // A box as large as the photo: decoded at full size, turned upright.
            photo = try Pixbuf.load(path: path, fittingBox: max(header.size.width, header.size.height),
                                    fullSize: header.size).0
        } catch {
            throw .undecodable(error.message)
        }
        var rect = cropRect(marginModules: marginModules)
        if photo.width != imageSize.width || photo.height != imageSize.height, imageSize.width > 0, imageSize.height > 0 {
            let sx = Double(photo.width) / Double(imageSize.width), sy = Double(photo.height) / Double(imageSize.height)
            let left = Int((Double(rect.x) * sx).rounded(.down)), top = Int((Double(rect.y) * sy).rounded(.down))
            rect = PixelRect(x: left, y: top, width: Int((Double(rect.maxX) * sx).rounded(.up)) - left,
                             height: Int((Double(rect.maxY) * sy).rounded(.up)) - top)
        }
        rect = rect.clamped(to: PixelSize(width: photo.width, height: photo.height))
        guard !rect.isEmpty, let crop = photo.cropped(to: rect) else { throw .undecodable("the code lies outside the photo") }
        do {
            return try crop.pngData()
        } catch {
            throw .undecodable(error.message)
        }
    }
}
