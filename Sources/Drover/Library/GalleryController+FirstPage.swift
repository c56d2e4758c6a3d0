import GalleryKit

extension GalleryController {
    /// Enough items for a screen of the smallest tiles on a large display (2560×1600 holds
    /// 20 × 10), and no more than `ItemLoader` reads by id before it reads whole tables.
    static let firstPageSize = 400

    /// Shows the first screens of a large collection while `show` reads the whole of it:
    /// at 100,000 photos that read and the model built from it take about a second, and
    /// the window would stay empty meanwhile. The whole collection replaces the page
    /// (`CollectionModel.load`); until then the grid holds only its first items, as it
    /// held none before. A collection that fits in the page waits for its whole read.
    func showFirstPage(of scope: CollectionScope, generation: Int) async {
        // The page is the first items of the user's own order: a sorted or searched grid
        // waits for the whole collection, whose order it needs.
        guard arrangement.isOwnOrder else { return }
        guard let (items, total) = try? await library.firstItems(in: scope, limit: Self.firstPageSize),
              total > items.count, generation == showGeneration, self.scope == scope else { return }
        model.load(items, scope: scope)
        window.showGridOrEmptyState(albumName: albumName(for: scope))
    }
}
