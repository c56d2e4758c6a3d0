import Foundation
import GalleryKit

/// Scans photos for dates taken (once, for photos imported before dates were read), QR
/// codes and locations in the background: at start and
/// after every import. Requests that arrive while a scan runs fold into one
/// more pass, so a burst of imports costs one extra scan, not one per photo.
@MainActor
final class BackgroundScanner {
    private let library: PhotoLibrary
    private let places: PlaceFinder
    private var running = false
    private var again = false

    init(library: PhotoLibrary, placesData: URL) {
        self.library = library
        places = PlaceFinder(dataURL: placesData)
    }

    func scan() {
        guard !running else { again = true; return }
        running = true
        Task {
            repeat {
                again = false
                // Dates first: only EXIF is read, and every tile's description shows one.
                _ = try? await library.scanPendingDates()
                _ = try? await library.scanPendingPhotos(placeFinder: places)
                // Last: hashes only matter to the next import of a duplicate.
                _ = try? await library.scanPendingHashes()
            } while again
            running = false
        }
    }
}
