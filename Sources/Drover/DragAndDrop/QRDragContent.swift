import DragKit
import Foundation
import GalleryKit
import GtkKit

/// A drag of QR codes out of a photo: one item per code, each a cropped PNG
/// (the code plus its quiet zone), offered as files, as image data and, with
/// the decoded text, as text. The crops exist before the drag starts
/// (QRCodeStore makes them), so a drop can read them at once.
@MainActor
struct QRDragContent {
    let photo: PhotoID
    let codes: [QRCode]
    let crops: [URL]

    var provider: ContentProvider {
        let crops = self.crops, texts = codes.map(\.text)
        return LazyContentProvider(mimeTypes: ["image/png", "text/plain;charset=utf-8"], files: { crops }) { mimeType in
            if mimeType == "image/png" {
                let first = crops[0]
                return try await Task.detached { try Data(contentsOf: first) }.value
            }
            return Data(texts.joined(separator: "\n").utf8)
        }.provider
    }

    /// DragKit's view: one item per code, identified so none joins twice.
    var items: [DragItem] {
        zip(codes, crops).enumerated().map { index, pair in
            let (code, crop) = pair
            var provider = ItemProvider(suggestedName: crop.lastPathComponent)
            provider.register(.png) { _ in try Data(contentsOf: crop) }
            provider.register(ContentType("text/plain;charset=utf-8")) { _ in Data(code.text.utf8) }
            return DragItem(provider: provider, localObject: LocalObject("qr \(photo.rawValue) \(index)"))
        }
    }
}
