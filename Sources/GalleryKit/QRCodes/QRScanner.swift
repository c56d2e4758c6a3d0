// GalleryKit/QRCodes: the QR codes in photos, found with zbar on a decoded image, and
// their rows. Decoding is DecoderKit's; the library that stores them is Library/ and
// Store/.

import DecoderKit
import Foundation

/// Finds the QR codes in photos with zbar.
///
/// A large photo is decoded straight to a smaller size (the JPEG loader scales while it
/// decodes) and scanned there; the corners are then scaled back to the full-resolution,
/// upright photo. The size cap is what bounds the time: zbar cannot be interrupted, so
/// the work is kept small instead. Measured on 2 cores (release build): a 6000×4000 JPEG
/// takes about 0.11 s this way, against 0.4 s at full size for a smooth generated image
/// (textured photos cost zbar more at full size).
public struct QRScanner: Sendable {
    /// The long edge, in pixels, of the copy that is scanned. Codes smaller than about
    /// 25 × (photo long edge / maxScanEdge) pixels may be missed.
    public var maxScanEdge: Int
    /// Photos with more pixels (read from the header) are not decoded at all.
    public var maxPixels: Int

    public init(maxScanEdge: Int = 2000, maxPixels: Int = ImportLimits().maxPixels) {
        self.maxScanEdge = max(64, maxScanEdge)
        self.maxPixels = maxPixels
    }

    /// Every QR code in the image file, in zbar's order, off the caller's thread.
    ///
    /// - Throws: `QRScanError` when the file cannot be read or decoded. A photo with no
    ///   code gives an empty list.
    public func scan(fileAt url: URL) async throws -> [QRCode] {
        let scanner = self
        return try await BlockingWork.run { () throws -> [QRCode] in try scanner.scanNow(path: url.path) }
    }

    /// The blocking scan, on the caller's thread. The decode and zbar's scan run in a
    /// confined decode child (`DecoderProcess.scanQRCodes`): a photo's bytes, and the
    /// modules of the codes in it, are as untrusted as any import's.
    func scanNow(path: String) throws(QRScanError) -> [QRCode] {
        try scanReadingExif(path: path).codes
    }

    /// `scanNow`, the EXIF the scan's child read before it decoded, and for a large JPEG the
    /// entry point into its scan the child found (`JPEGEntryPoint`), for the viewer.
    func scanReadingExif(path: String) throws(QRScanError) -> (codes: [QRCode], exif: ExifMetadata, entryPoint: JPEGEntryPoint?) {
        let scan: QRCodesFile.Scan, full: PixelSize, exif: ExifMetadata
        do {
            (scan, full, exif) = try DecoderProcess(limits: ImportLimits(maxPixels: maxPixels)).scanQRCodes(of: path, fittingBox: maxScanEdge)
        } catch {
            throw QRScanError(error)
        }
        let scaleX = Double(full.width) / Double(scan.scanned.width)
        let scaleY = Double(full.height) / Double(scan.scanned.height)
        let codes = scan.codes.map { symbol in
            // A zbar point names a pixel; its centre, scaled, is the same spot in the full image.
            let corners = symbol.points.map { point in
                PixelPoint(x: (Double(point.x) + 0.5) * scaleX, y: (Double(point.y) + 0.5) * scaleY)
            }
            return QRCode(text: symbol.text, corners: corners, imageSize: full)
        }
        return (codes, exif, scan.entryPoint)
    }
}

/// Why a photo could not be scanned for QR codes.
public enum QRScanError: Error, Equatable, Sendable {
    case missing
    case notAnImage
    case tooManyPixels(PixelSize)
    case undecodable(String)
}

extension QRScanError {
    /// The scan's words for why a decode child could not decode the photo.
    init(_ reason: ImportFailureReason) {
        switch reason {
        case .vanished, .doesNotExist: self = .missing
        case .notAnImage: self = .notAnImage
        case .tooManyPixels(let size, _): self = .tooManyPixels(size)
        default: self = .undecodable(reason.message)
        }
    }
}
