import Foundation
import Localization

/// How a collection is shown: in the user's own order (the one drag and drop edits) or
/// sorted. Sorting is a view: it never changes the order kept in the library.
///
/// A stack sorts by its top photo (its `GalleryItem.date` and title are the top photo's,
/// or the stack's own title). A note sorts by when it was written and by its first line,
/// so it stays among the photos of its day. Items that tie keep their own order.
public enum GallerySort: String, CaseIterable, Sendable {
    case own = "own"
    case dateNewestFirst = "date-newest"
    case dateOldestFirst = "date-oldest"
    case title = "title"

    /// The name a menu shows.
    public var label: String {
        switch self {
        case .own: tr("Your Order")
        case .dateNewestFirst: tr("Date Taken, Newest First")
        case .dateOldestFirst: tr("Date Taken, Oldest First")
        case .title: ctr("sort order", "Title")
        }
    }

    /// What the grid says when a drop cannot choose a place in this order.
    public var shortDescription: String {
        switch self {
        case .own: tr("In your order")
        case .dateNewestFirst, .dateOldestFirst: tr("Sorted by date")
        case .title: tr("Sorted by title")
        }
    }

    /// `items` (in the user's own order) in this order.
    public func ordered(_ items: [GalleryItem]) -> [GalleryItem] { positions(of: items).map { items[$0] } }

    /// The positions of `items` (in the user's own order) in this order: a view keeps them
    /// and filters them by a search, without sorting again per keystroke. Stable, O(n log n); the title key
    /// is lowercased once per item, not once per comparison.
    public func positions(of items: [GalleryItem]) -> [Int] {
        guard self != .own else { return Array(items.indices) }
        let keyed = items.enumerated().map { (key: key(of: $0.element), position: $0.offset) }
        return keyed.sorted { comesBefore($0.key, at: $0.position, $1.key, at: $1.position) }.map(\.position)
    }

    /// What an item sorts by.
    enum Key {
        case date(Date)
        case title(String)
        case none
    }

    func key(of item: GalleryItem) -> Key {
        switch self {
        case .own: .none
        case .dateNewestFirst, .dateOldestFirst: .date(item.date)
        case .title: .title(item.title.lowercased())
        }
    }

    /// Whether the item with key `lhs` at own position `lhsPosition` comes before the one
    /// with `rhs` at `rhsPosition`: by key, and ties in their own order.
    func comesBefore(_ lhs: Key, at lhsPosition: Int, _ rhs: Key, at rhsPosition: Int) -> Bool {
        switch (lhs, rhs) {
        case (.date(let left), .date(let right)) where left != right:
            self == .dateNewestFirst ? left > right : left < right
        case (.title(let left), .title(let right)) where left != right:
            left < right
        default:
            lhsPosition < rhsPosition
        }
    }
}
