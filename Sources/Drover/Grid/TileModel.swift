import Foundation
import GalleryKit

/// What one grid tile shows, derived from a library item (or a drop
/// placeholder). The grid reads only presentation from it (text for people
/// and for assistive technology, thumbnails), never the domain type it keeps.
struct TileModel: Equatable, Sendable {
    enum Kind: Equatable {
        case photo
        case stack(count: Int)
        case missing
        /// Something dropped or pasted that is still loading (`progress` nil
        /// while its size is unknown), or that failed with `failure`. A failure
        /// that is a stalled source (`stalled`) offers Cancel, and Retry when
        /// the source can be read again (`canRetry`); others offer Dismiss, and a file
        /// already in the library Import Anyway beside it (`canImportAnyway`).
        case placeholder(progress: Double?, failure: String?, stalled: Bool = false, canRetry: Bool = false,
                         canImportAnyway: Bool = false)
        /// Text dropped or pasted in: shown as a card with the text.
        case note(text: String)
    }

    /// Read from the source, not the kind: a library item's kind is worked out at each ask.
    var isPlaceholder: Bool {
        if case .placeholder = source { return true }
        return false
    }

    /// Stable identity across updates and moves (library item id).
    let id: String
    /// What the rest is read from: a library item (its description, thumbnails and QR
    /// codes are worked out when a tile shows it, since a collection of 100,000 items
    /// makes 100,000 models at open and shows about forty), or a placeholder's text.
    /// A model is 24 bytes: the grid keeps one for every item of the collection (96 bytes
    /// each with the title and kind stored, 96 MB at 1,000,000 photos).
    private let source: Source

    private enum Source: Equatable {
        case item(GalleryItem)
        /// Boxed (`indirect`): only placeholders pay for their text and state.
        indirect case placeholder(title: String, kind: Kind, details: String)
    }

    /// A placeholder's tile.
    init(id: String, title: String, kind: Kind, details: String) {
        self.id = id
        source = .placeholder(title: title, kind: kind, details: details)
    }

    init(id: String, item: GalleryItem) {
        self.id = id
        source = .item(item)
    }

    var title: String {
        switch source {
        case .item(let item): item.title
        case .placeholder(let title, _, _): title
        }
    }

    var kind: Kind {
        switch source {
        case .item(let item): Self.kind(of: item)
        case .placeholder(_, let kind, _): kind
        }
    }

    /// The accessible description: date, place, QR codes, stack size.
    var details: String {
        switch source {
        case .item(let item): Self.details(of: item)
        case .placeholder(_, _, let details): details
        }
    }

    private var item: GalleryItem? {
        if case .item(let item) = source { return item }
        return nil
    }

    /// Thumbnail files, cover first; stacks show up to three fanned.
    var thumbnails: [URL] { item?.thumbnailURLs ?? [] }
    /// How many thumbnails the tile shows (a stack up to three fanned), without making
    /// their URLs: the grid sizes its texture cache by it at every scroll step.
    var textureCount: Int {
        switch kind {
        case .stack(let count): min(3, count)
        case .photo: 1
        case .missing, .placeholder, .note: 0
        }
    }
    /// The cover photo's QR codes (their regions are children of the tile).
    var qrCount: Int { item?.qrCodeCount ?? 0 }
    /// The cover photo, when the tile has one (for its QR codes).
    var coverPhoto: PhotoReference? {
        item?.members.first.map { PhotoReference(id: $0.photoID.rawValue, file: $0.fileURL, rotation: $0.rotation) }
    }
    var hasLocation: Bool { item?.location != nil }

    struct PhotoReference: Equatable {
        let id: Int64
        let file: URL
        /// How the user turned it: its QR regions are drawn turned with the thumbnail.
        var rotation: PhotoRotation = .upright
    }
}
