import Foundation
import GalleryKit
import GtkKit
import Localization

/// The `.geojson` files that carry photos' locations out of Drover (GNOME Maps
/// takes exactly one dropped file and reads GeoJSON by its name). They live
/// in the user's cache, one folder per photo, and stay after the drag: the
/// target may read them after the drop has finished.
enum LocationFiles {
    static var directory: URL {
        UserDirectories.cache.appendingPathComponent("drover/locations", isDirectory: true)
    }

    /// The file for `tile`'s location, written if it is not there yet (a few
    /// hundred bytes, atomically); nil when the tile has no location.
    static func file(for tile: GalleryItem) -> URL? {
        guard let location = tile.location, let photo = tile.members.last else { return nil }
        let name = tile.placeName ?? tile.title
        let folder = directory.appendingPathComponent(String(photo.photoID.rawValue), isDirectory: true)
        let url = folder.appendingPathComponent(safeFileName(tile.title) + ".geojson")
        if !FileManager.default.fileExists(atPath: url.path) {
            try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            guard (try? location.geoJSON(name: name).write(to: url, options: .atomic)) != nil else { return nil }
        }
        return url
    }

    private static func safeFileName(_ title: String) -> String {
        let cleaned = title.replacingOccurrences(of: "/", with: "-").trimmingCharacters(in: .whitespaces)
        return cleaned.isEmpty ? tr("Location") : String(cleaned.prefix(80))
    }
}
