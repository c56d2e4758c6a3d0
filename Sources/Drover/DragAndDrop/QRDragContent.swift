import DragKit
import Foundation
import GalleryKit
import GtkKit

/// A drag of QR codes out of a photo: one item per code, each a cropped PNG
/// (the code plus its quiet zone), offered as a file (and so as image data) and,
/// with the decoded text, as text. The crops exist before the drag starts
/// (QRCodeStore makes them), so a drop can read them at once.
@MainActor
struct QRDragContent {
    let photo: PhotoID
    let codes: [QRCode]
    let crops: [URL]

    /// The drag as DragKit sees it: one item per code, identified so none joins twice.
    var items: [DragItem] {
        zip(codes, crops).enumerated().map { index, pair in
            let (code, crop) = pair
            var provider = ItemProvider(suggestedName: crop.lastPathComponent)
            provider.registerFile(.png, at: crop)
            provider.register(.plainText) { _ in Data(code.text.utf8) }
            return DragItem(provider: provider, localObject: LocalObject("qr \(photo.rawValue) \(index)"))
        }
    }

    /// The same items, as GTK offers them to other applications.
    var provider: ContentProvider { DragContent.provider(for: items) }
}
