import DragKit
import GalleryKit

/// Sorting and search: the grid shows a view of the collection (`ArrangedCollection`),
/// which never changes the user's own order.
extension GalleryController {
    /// Shows the collection in `sort` (the user's own order: `.own`).
    func setSort(_ sort: GallerySort) {
        guard sort != arrangement.sort else { return }
        arrangement.setSort(sort)
        showArrangement()
    }

    /// Shows only what `query` finds (nil: everything, the search is closed).
    func setSearch(_ query: String?) {
        guard query != arrangement.query else { return }
        arrangement.setQuery(query)
        showArrangement()
    }

    /// Reads the QR codes' texts for search (a search opened: the scan may have found more).
    func refreshSearchTexts() async {
        if let texts = try? await library.qrTextsByPhoto() {
            arrangement.qrTexts = texts
            if arrangement.query != nil { showArrangement(force: true) }
        }
    }

    /// Brings the grid to the arrangement's view: a few steps when little changed (the
    /// grid slides its tiles and keeps focus and selection), or a reload after a new sort
    /// or query that rearranges most of it. Drag and drop follows (`GridOrder`).
    func showArrangement(force: Bool = false) {
        model.arrangedOwnCount = arrangement.isOwnOrder ? nil : arrangement.ownItems.count
        DragCoordinator.gridOrder = arrangement.gridOrder
        let next = arrangement.shownItems
        if !force, let steps = CollectionView.steps(from: model.items, to: next) {
            if !steps.isEmpty { model.apply(steps) }
        } else {
            model.load(next, scope: scope)
        }
        updateEmptyState()
    }
}
