import ChangeKit
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

    /// A search opened: reads the QR codes' texts (the scan may have found more) and
    /// builds the search index off the main thread (10,000 photos take longer than a
    /// frame to fold and index), which then follows the library's changes. Keystrokes
    /// before it is ready build their own.
    func prepareSearch() async {
        guard let texts = try? await library.qrTextsByPhoto() else { return }
        let (build, items) = arrangement.beginIndexBuild()
        let index = await Task.detached { SearchIndex(items: items, qrTexts: texts) }.value
        arrangement.adopt(index, build: build, qrTexts: texts)
        // QR texts may have arrived that the results so far did not search.
        if arrangement.query != nil { showArrangement() }
    }

    /// Brings the grid to the arrangement's view: a few steps when little changed (the
    /// grid slides its tiles and keeps focus and selection), or a reload after a new sort
    /// or query that rearranges most of it. Drag and drop follows (`GridOrder`).
    /// `steps`: the view's change, when the arrangement followed the library's (see
    /// `ArrangedCollection.apply`); else it is found by comparing the whole view.
    func showArrangement(following steps: [ChangeStep<GalleryItem>]? = nil) {
        model.arrangedOwnCount = arrangement.isOwnOrder ? nil : arrangement.ownItems.count
        dragContext.gridOrder = arrangement.gridOrder
        if let steps {
            if !steps.isEmpty { model.apply(steps) }
            assert(model.items.map(\.id) == arrangement.shownItems.map(\.id), "the followed view went astray")
            updateEmptyState()
            return
        }
        let next = arrangement.shownItems
        if let steps = CollectionView.steps(from: model.items, to: next) {
            if !steps.isEmpty { model.apply(steps) }
        } else {
            model.load(next, scope: scope)
        }
        updateEmptyState()
    }
}
