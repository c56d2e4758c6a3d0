import DecoderKit
import Foundation

/// What scanning one photo found.
struct PhotoScanResult: Sendable {
    let photoID: PhotoID
    let state: ScanState
    let codes: [QRCode]
    let location: PhotoLocation?
    var placeName: String?
    /// Where the viewer's second decoder can start the photo's scan (a large JPEG's).
    var entryPoint: JPEGEntryPoint?
}

/// Scans one library photo: its EXIF position, its QR codes and a large JPEG's entry point
/// (`JPEGEntryPoint`), all from one decode child (the scan's, which reads the EXIF before it
/// decodes). Blocking.
struct PhotoScan: Sendable {
    let scanner: QRScanner

    func run(_ photoID: PhotoID, path: String) -> PhotoScanResult {
        let name = (path as NSString).lastPathComponent
        do {
            let (codes, exif, entryPoint) = try scanner.scanReadingExif(path: path)
            return PhotoScanResult(photoID: photoID, state: .scanned, codes: codes,
                                   location: PhotoExif(exif, fileName: name).location, entryPoint: entryPoint)
        } catch {
            // Recorded as failed, never retried: the photo just has no codes. Its place may
            // still be there (a photo too large to scan): a child that only reads the EXIF.
            GalleryLog.note("no QR scan for \(name): \(error)")
            let location = error == .missing ? nil : PhotoExif.read(path: path).location
            return PhotoScanResult(photoID: photoID, state: .failed, codes: [], location: location)
        }
    }
}
