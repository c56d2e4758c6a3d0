import ChangeKit

/// What the grid shows of a collection whose items are kept in the user's own order: a
/// view of them, sorted and, during a search, only those that match. The library's order
/// is never touched; the view is derived from it (`ArrangedCollection` in the app keeps
/// the sorted positions and the search index between keystrokes).
public enum CollectionView {
    /// The items to show, from `items` in the user's own order, `sorted` (their positions
    /// in the sort, from `GallerySort.positions(of:)`) and `mask` (which match the search,
    /// from `SearchIndex.matchMask`; nil: all): O(n), with no sorting or hashing, so a
    /// keystroke costs the index's scan and one pass.
    public static func items(from items: [GalleryItem], sorted: [Int], mask: [Bool]?) -> [GalleryItem] {
        guard let mask else { return sorted.map { items[$0] } }
        return sorted.compactMap { mask[$0] ? items[$0] : nil }
    }

    /// Steps from what the grid showed (`shown`) to what it should show now, or nil when
    /// replacing everything is the better answer (more than `limit` steps: a new sort or
    /// a new query rearranges most of the grid).
    public static func steps(from shown: [GalleryItem], to next: [GalleryItem],
                             limit: Int = 256) -> [ChangeStep<GalleryItem>]? {
        shown.changeSteps(to: next, id: \.id, limit: limit, changed: !=)
    }
}
