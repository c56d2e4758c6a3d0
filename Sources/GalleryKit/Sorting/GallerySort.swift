// GalleryKit/Sorting: how a collection is shown and found. The sort orders, the sorted
// positions of items, and the search index. The user's own order is stored by Store/ and
// edited through Changes/.

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
        // Typed keys here (not `Key`): this sorts 100,000 items when a sort is chosen, and
        // the enum's switch in every comparison made that a fifth slower.
        switch self {
        case .own:
            return Array(items.indices)
        case .dateNewestFirst, .dateOldestFirst:
            let keyed = items.enumerated().map { (date: $0.element.date, position: $0.offset) }
            return keyed.sorted { datesInOrder($0.date, at: $0.position, $1.date, at: $1.position) }.map(\.position)
        case .title:
            let keyed = items.enumerated().map { (title: $0.element.title.lowercased(), position: $0.offset) }
            return keyed.sorted { Self.titlesInOrder($0.title, at: $0.position, $1.title, at: $1.position) }.map(\.position)
        }
    }

    /// What an item sorts by, for comparing one item with others (`SortedPositions`).
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
        case (.date(let left), .date(let right)): datesInOrder(left, at: lhsPosition, right, at: rhsPosition)
        case (.title(let left), .title(let right)): Self.titlesInOrder(left, at: lhsPosition, right, at: rhsPosition)
        default: lhsPosition < rhsPosition
        }
    }

    private func datesInOrder(_ lhs: Date, at lhsPosition: Int, _ rhs: Date, at rhsPosition: Int) -> Bool {
        guard lhs != rhs else { return lhsPosition < rhsPosition }
        return self == .dateNewestFirst ? lhs > rhs : lhs < rhs
    }

    private static func titlesInOrder(_ lhs: String, at lhsPosition: Int, _ rhs: String, at rhsPosition: Int) -> Bool {
        lhs != rhs ? lhs < rhs : lhsPosition < rhsPosition
    }
}
