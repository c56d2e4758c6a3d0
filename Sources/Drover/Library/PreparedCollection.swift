import DragKit
import GalleryKit

/// A collection's entries and tiles, made off the main thread before
/// `CollectionModel.load(_:scope:)` takes them: for 100,000 items, the placeholder
/// collection's tree and the tiles took about 60 ms of the main thread in one frame,
/// a visible stall of the open. Making them is O(n) and reads nothing but the items.
struct PreparedCollection: Sendable {
    let entries: PlaceholderCollection<GalleryItem>.PreparedReload
    let tiles: [TileModel]

    nonisolated init(_ items: [GalleryItem]) {
        entries = PlaceholderCollection.PreparedReload(items)
        tiles = items.map(TileModel.init)
    }

    /// Made on a thread of its own, below the main thread's priority (utility QoS, nice 2:
    /// see GalleryKit's `BlockingWork`); the caller's actor waits without blocking.
    static func make(_ items: [GalleryItem]) async -> PreparedCollection {
        await Task.detached(priority: .utility) { PreparedCollection(items) }.value
    }
}
