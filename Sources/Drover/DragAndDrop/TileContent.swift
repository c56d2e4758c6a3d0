import Foundation
import GalleryKit
import GtkKit

/// What dragging or copying tiles offers other applications and Drover
/// itself: the photos' library files (a file manager copies them), the top
/// photo's bytes (image editors), notes' text, and Drover's photo ids (in-app
/// drops and pastes). Everything is produced when a target asks, from the
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
        if tiles.contains(where: { $0.noteText != nil }) { types.append("text/plain;charset=utf-8") }
        var files: LazyContentProvider.FileLister?
        if top != nil {
            files = { current().flatMap { $0.members.map(\.fileURL) } }
        }
        let write: LazyContentProvider.Writer = { mimeType in
            let tiles = current()
            switch mimeType {
            case photoIDType:
                let ids = tiles.flatMap { $0.members.map(\.photoID) }
                return Data(ids.map { String($0.rawValue) }.joined(separator: "\n").utf8)
            case "text/plain;charset=utf-8":
                return Data(tiles.compactMap(\.noteText).joined(separator: "\n\n").utf8)
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
