import DragKit
import Foundation
import GalleryKit

/// DragKit items for Drover's tiles: one item per photo (a stack drags as
/// its photos), each identified by its photo id so a photo never joins a drag
/// twice, and able to produce the photo's file and bytes.
enum DragItems {
    static func make(for tile: GalleryItem, at index: Int) -> [DragItem] {
        if let text = tile.noteText {
            // A note travels as its text; it reorders like a photo but joins no album.
            var provider = ItemProvider(suggestedName: tile.title)
            provider.register(ContentType("text/plain;charset=utf-8")) { _ in Data(text.utf8) }
            return [DragItem(provider: provider, localObject: LocalObject(tile.id), sourceIndex: index)]
        }
        return tile.members.map { member in
            var provider = ItemProvider(suggestedName: member.fileURL.lastPathComponent)
            let url = member.fileURL
            provider.register(.photoID) { _ in Data(String(member.photoID.rawValue).utf8) }
            provider.register(ContentType(mimeType(for: url))) { progress in
                let data = try Data(contentsOf: url)
                progress(1)
                return data
            }
            provider.register(.uriList) { _ in Data((url.absoluteString + "\r\n").utf8) }
            return DragItem(provider: provider, localObject: LocalObject(member.photoID), sourceIndex: index)
        }
    }

    static func mimeType(for url: URL) -> String {
        switch url.pathExtension.lowercased() {
        case "png": "image/png"
        case "jpg", "jpeg": "image/jpeg"
        case "gif": "image/gif"
        case "webp": "image/webp"
        case "tif", "tiff": "image/tiff"
        case "bmp": "image/bmp"
        default: "application/octet-stream"
        }
    }
}

/// A drag from another application, as DragKit sees it before anything is
/// read: one item offering the formats the drop offers. The grid reads the
/// real data itself when the drop happens.
enum ExternalDropItem {
    static func make(offering mimeTypes: [String]) -> DragItem {
        var provider = ItemProvider()
        for type in mimeTypes {
            // Only the types matter for proposals; the drop reads the data
            // itself, through GDK, with progress (see DropImporter).
            provider.register(ContentType(type)) { _ in throw ItemProviderError.unsupportedType(ContentType(type)) }
        }
        return DragItem(provider: provider)
    }
}
