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
    /// Built when a search needs it, dropped when the items change (rebuilt on the next
    /// keystroke or change that needs it): 10,000 items index in a few milliseconds.
    private var index: SearchIndex?
    /// The QR codes' texts by photo, read when a search opens (their scan adds more later;
    /// reopening the search reads them again).
    private(set) var qrTexts: [PhotoID: [String]] = [:]
    /// Counts the changes to `ownItems`, so an index built off the main thread is used
    /// only if the items it was built from are still the ones shown.
    private(set) var generation = 0

    /// Whether the grid shows all items in the user's own order: only then are its
    /// positions places in that order.
    var isOwnOrder: Bool { sort == .own && query == nil }
    var gridOrder: GridOrder { isOwnOrder ? .own : .arranged }

    /// What the grid shows, in a few words, for the hint during a drag: "Sorted by date".
    var viewName: String { query != nil ? tr("Search results") : sort.shortDescription }

    /// The positions of `ownItems` in `sort`, kept until the items or the sort change, so
    /// a keystroke never sorts.
    private var sortedPositions: [Int]?

    func replaceItems(_ items: [GalleryItem]) {
        ownItems = items
        index = nil
        sortedPositions = nil
        generation += 1
    }

    func apply(_ steps: [ChangeStep<GalleryItem>]) {
        ownItems.apply(steps)
        index = nil
        sortedPositions = nil
        generation += 1
    }

    /// Takes an index built elsewhere (off the main thread, when a search opens) from the
    /// items of `generation` and `qrTexts`; a stale one (the items changed since) is
    /// dropped, and the next search builds its own.
    func adopt(_ index: SearchIndex, builtAt generation: Int, qrTexts: [PhotoID: [String]]) {
        self.qrTexts = qrTexts
        self.index = generation == self.generation ? index : nil
    }

    func setSort(_ sort: GallerySort) {
        self.sort = sort
        sortedPositions = nil
    }
    func setQuery(_ query: String?) { self.query = query }

    /// What the grid should show now.
    var shownItems: [GalleryItem] {
        let sorted = sortedPositions ?? sort.positions(of: ownItems)
        sortedPositions = sorted
        var mask: [Bool]?
        if let query, !query.trimmingCharacters(in: .whitespaces).isEmpty {
            let index = self.index ?? SearchIndex(items: ownItems, qrTexts: qrTexts)
            self.index = index
            mask = index.matchMask(query)
        }
        return CollectionView.items(from: ownItems, sorted: sorted, mask: mask)
    }
}
