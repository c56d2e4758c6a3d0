import Foundation
import GalleryKit
import GtkKit

/// What dragging or copying tiles offers other applications and Drover
/// itself: the photos' library files (a file manager copies them), the top
/// photo's bytes (image editors), notes' text, Drover's photo ids (in-app
/// drops and pastes) and, when a single photo with a location is dragged, that location:
/// a `.geojson` file listed first (GNOME Maps takes the first file), a `geo:`
/// URI as text and `application/geo+json` bytes. Everything is produced when a target asks, from the
/// tiles at that moment, so photos that joined a drag in progress are included.
@MainActor
enum TileContent {
    static let photoIDType = "application/x-drover-photo-id"

    /// - Parameter current: the tiles when a target asks (a drag can grow).
    static func provider(current: @escaping @MainActor () -> [GalleryItem]) -> ContentProvider {
        let tiles = current()
        let top = tiles.last { !$0.members.isEmpty }?.members.last
        let topType = top.map { DragItems.mimeType(for: $0.fileURL) }
        var types = [photoIDType]
        if let topType, topType.hasPrefix("image/") { types.append(topType) }
        // A location travels with a single photo; a selection carries photos only
        // (a file manager should not get an extra .geojson per drag).
        let located = tiles.count == 1 && tiles[0].members.count == 1 && tiles[0].location != nil ? tiles[0] : nil
        if located != nil { types.append("application/geo+json") }
        if tiles.contains(where: { $0.noteText != nil }) || located != nil { types.append("text/plain;charset=utf-8") }
        // Written now, while the drag starts: a drop may read it at any moment.
        let locationFile = located.flatMap(LocationFiles.file(for:))
        var files: LazyContentProvider.FileLister?
        if top != nil {
            files = { (locationFile.map { [$0] } ?? []) + current().flatMap { $0.members.map(\.fileURL) } }
        }
        let write: LazyContentProvider.Writer = { mimeType in
            let tiles = current()
            switch mimeType {
            case photoIDType:
                let ids = tiles.flatMap { $0.members.map(\.photoID) }
                return Data(ids.map { String($0.rawValue) }.joined(separator: "\n").utf8)
            case "text/plain;charset=utf-8":
                let texts = tiles.compactMap(\.noteText) + (located?.location.map { [$0.geoURI] } ?? [])
                return Data(texts.joined(separator: "\n\n").utf8)
            case "application/geo+json":
                guard let located, let location = located.location else { throw CocoaError(.fileNoSuchFile) }
                return location.geoJSON(name: located.placeName ?? located.title)
            default:
                guard let url = tiles.last(where: { !$0.members.isEmpty })?.members.last?.fileURL else {
                    throw CocoaError(.fileNoSuchFile)
                }
                return try await Task.detached { try Data(contentsOf: url) }.value
            }
        }
        return LazyContentProvider(mimeTypes: types, files: files, write: write).provider
    }
}
