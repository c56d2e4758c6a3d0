/// Where a photo stands with the background scan (QR codes, location, place name).
/// Stored in `photo.scanState`.
enum ScanState: Int, Sendable {
    case notScanned = 0
    case scanned = 1
    /// The photo could not be decoded; it has no codes and is not tried again.
    case failed = 2
}
