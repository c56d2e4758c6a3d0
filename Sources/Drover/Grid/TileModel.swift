import Foundation

/// What one grid tile shows, derived from a library item (or, later, a drop
/// placeholder). Kept separate from the domain type so the grid only knows
/// about presentation: text for people and for assistive technology.
struct TileModel: Equatable {
    enum Kind: Equatable {
        case photo
        case stack(count: Int)
        case missing
        /// Something dropped or pasted that is still loading (`progress` nil
        /// while its size is unknown), or that failed with `failure`. A failure
        /// that is a stalled source (`stalled`) offers Cancel, and Retry when
        /// the source can be read again (`canRetry`); others offer Dismiss.
        case placeholder(progress: Double?, failure: String?, stalled: Bool = false, canRetry: Bool = false)
        /// Text dropped or pasted in: shown as a card with the text.
        case note(text: String)
    }

    var isPlaceholder: Bool {
        if case .placeholder = kind { return true }
        return false
    }

    /// Stable identity across updates and moves (library item id).
    let id: String
    var title: String
    var kind: Kind
    /// The accessible description: date, place, QR codes, stack size.
    var details: String
    /// Thumbnail files, cover first; stacks show up to three fanned.
    var thumbnails: [URL]
    /// The cover photo's QR codes (their regions are children of the tile).
    var qrCount = 0
    /// The cover photo, when the tile has one (for its QR codes).
    var coverPhoto: PhotoReference?
    var hasLocation = false

    struct PhotoReference: Equatable {
        let id: Int64
        let file: URL
    }
}
