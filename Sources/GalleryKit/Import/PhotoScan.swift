import Foundation

/// What scanning one photo found.
struct PhotoScanResult: Sendable {
    let photoID: PhotoID
    let state: ScanState
    let codes: [QRCode]
    let location: PhotoLocation?
    var placeName: String?
}

/// Scans one library photo: its EXIF position and its QR codes. Blocking.
struct PhotoScan: Sendable {
    let scanner: QRScanner

    func run(_ photoID: PhotoID, path: String) -> PhotoScanResult {
        let location = ExifLocationReader.location(path: path)
        do {
            let codes = try scanner.scanNow(path: path)
            return PhotoScanResult(photoID: photoID, state: .scanned, codes: codes, location: location)
        } catch {
            // Recorded as failed, never retried: the photo just has no codes.
            GalleryLog.note("no QR scan for \((path as NSString).lastPathComponent): \(error)")
            return PhotoScanResult(photoID: photoID, state: .failed, codes: [], location: location)
        }
    }
}
