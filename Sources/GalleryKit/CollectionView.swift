import ChangeKit

/// What the grid shows of a collection whose items are kept in the user's own order: all
/// of them in that order, or a view of them (sorted, or only those a search finds, or
/// both). The library's order is never touched; the view is derived from it.
public struct CollectionView: Sendable {
    public var sort: GallerySort
    /// The ids a search found, or nil when there is no search.
    public var found: Set<GalleryItem.ID>?

    public init(sort: GallerySort = .own, found: Set<GalleryItem.ID>? = nil) {
        self.sort = sort
        self.found = found
    }

    /// Whether the grid shows the items in the user's own order, all of them: only then do
    /// grid positions mean places in that order (and drops between photos make sense).
    public var isOwnOrder: Bool { sort == .own && found == nil }

    /// The items to show, from `items` in the user's own order.
    public func items(from items: [GalleryItem]) -> [GalleryItem] {
        let shown = found.map { found in items.filter { found.contains($0.id) } } ?? items
        return sort.ordered(shown)
    }

    /// Steps from what the grid showed (`shown`) to what it should show now, or nil when
    /// replacing everything is the better answer (more than `limit` steps: a new sort or
    /// a new query rearranges most of the grid).
    public static func steps(from shown: [GalleryItem], to next: [GalleryItem],
                             limit: Int = 256) -> [ChangeStep<GalleryItem>]? {
        shown.changeSteps(to: next, id: \.id, limit: limit, changed: !=)
    }
}
