import ChangeKit
import DragKit
import GalleryKit
import Localization

/// The shown collection's items in the user's own order (as the library keeps them), and
/// the view the grid shows of them: sorted (`GallerySort`) and, while a search is open,
/// only the items that match. Sorting and search never change the library's order.
@MainActor
final class ArrangedCollection {
    /// The collection's items in the user's own order, kept up to date from every batch.
    private(set) var ownItems: [GalleryItem] = []
    private(set) var sort: GallerySort = .own
    /// The search text, or nil while the search is closed.
    private(set) var query: String?
    /// Built off the main thread when a search opens (or, for a search typed before that
    /// build is in, on the first keystroke), then kept in step with every change, which
    /// folds only the changed items: 100,000 photos take longer than many frames to index.
    /// Dropped when the items are replaced whole.
    private var index: SearchIndex?
    /// The QR codes' texts by photo, read when a search opens (their scan adds more later;
    /// reopening the search reads them again).
    private(set) var qrTexts: [PhotoID: [String]] = [:]
    /// The index build under way off the main thread, and the changes made to `ownItems`
    /// since it read them, which it follows when it arrives.
    private var indexBuild: (id: Int, changes: [ChangeStep<GalleryItem>])?
    private var indexBuilds = 0

    /// Whether the grid shows all items in the user's own order: only then are its
    /// positions places in that order.
    var isOwnOrder: Bool { sort == .own && query == nil }
    var gridOrder: GridOrder { isOwnOrder ? .own : .arranged }

    /// What the grid shows, in a few words, for the hint during a drag: "Sorted by date".
    var viewName: String { query != nil ? tr("Search results") : sort.shortDescription }

    /// The positions of `ownItems` in `sort`, made when the view is first asked for and
    /// then kept in step with the items' changes, so neither a keystroke nor a new photo sorts.
    private var sortedPositions: SortedPositions?
    /// A change of more steps than this sorts the view again (the steps cost O(n) each).
    private static let followedStepsLimit = 64

    func replaceItems(_ items: [GalleryItem]) {
        ownItems = items
        index = nil
        indexBuild = nil
        sortedPositions = nil
    }

    /// Applies a change of the items in their own order. Returns the same change as steps
    /// of the shown view when it is sorted, with no search, and the view could follow it
    /// (else nil: the view is to be taken whole from `shownItems`).
    func apply(_ steps: [ChangeStep<GalleryItem>]) -> [ChangeStep<GalleryItem>]? {
        index?.apply(steps)
        indexBuild?.changes += steps
        if sort != .own, query == nil, steps.count <= Self.followedStepsLimit, var sorted = sortedPositions {
            let shown = sorted.follow(steps, applyingTo: &ownItems)
            sortedPositions = sorted
            return shown
        }
        ownItems.apply(steps)
        sortedPositions = nil
        return nil
    }

    /// Starts an index build elsewhere (off the main thread, when a search opens): returns
    /// its number and the items to index. Only the latest build started is adopted.
    func beginIndexBuild() -> (build: Int, items: [GalleryItem]) {
        indexBuilds += 1
        indexBuild = (indexBuilds, [])
        return (indexBuilds, ownItems)
    }

    /// Takes the index of build `build`, made with `qrTexts`, brought up to the changes
    /// made since it began; one that is no longer wanted (a later build began, or the
    /// items were replaced whole) is dropped.
    func adopt(_ index: SearchIndex, build: Int, qrTexts: [PhotoID: [String]]) {
        guard let pending = indexBuild, pending.id == build else { return }
        var index = index
        index.apply(pending.changes)
        self.index = index
        self.qrTexts = qrTexts
        indexBuild = nil
    }

    func setSort(_ sort: GallerySort) {
        self.sort = sort
        sortedPositions = nil
    }
    func setQuery(_ query: String?) { self.query = query }

    /// What the grid should show now.
    var shownItems: [GalleryItem] {
        let sorted = sortedPositions ?? SortedPositions(sort: sort, items: ownItems)
        sortedPositions = sorted
        var mask: [Bool]?
        if let query, !query.trimmingCharacters(in: .whitespaces).isEmpty {
            let index = self.index ?? SearchIndex(items: ownItems, qrTexts: qrTexts)
            self.index = index
            mask = index.matchMask(query)
        }
        return CollectionView.items(from: ownItems, sorted: sorted.positions, mask: mask)
    }
}
