/// The album list (the sidebar) as a drop target: some leading rows that are no album ("All
/// Photos"), then one row per album, in order.
///
/// It has three kinds of target, and the drag decides which one a point means:
/// - photos (or files) go *into* the album whose row is under the pointer: `.album(id)`;
/// - below the album rows, they make a new album: `.newAlbum` (the rules say which drags
///   that takes: a file list from another application);
/// - album rows being reordered go *between* rows, by the midpoint rule (the lower half of a
///   row means after it): `.albumList(insertionIndex:)`, where the grid's reorder arithmetic
///   (`MovingSelection`) then applies.
///
/// The adapter only finds the row under the pointer and how far down it the pointer is;
/// every index here is computed by these functions.
public struct AlbumList: Hashable, Sendable {
    /// The albums, in the order of their rows.
    public var albums: [ContainerID]
    /// How many rows come before the first album (rows that take no drops into them).
    public var leadingRows: Int

    public init(albums: [ContainerID], leadingRows: Int = 1) {
        self.albums = albums
        self.leadingRows = leadingRows
    }

    /// What is under the pointer in the list, as the adapter sees it.
    public enum Spot: Hashable, Sendable {
        /// The row at `row` (counting every row, leading ones included), `fraction` of the
        /// way down it: 0 at its top edge, 1 at its bottom edge.
        case row(Int, fraction: Double)
        /// No row: the empty space below the last one.
        case belowRows
    }

    /// The position among the albums of the album at row `row`, if that row is an album's:
    /// the index a drag of that row starts from.
    public func albumIndex(atRow row: Int) -> Int? {
        let index = row - leadingRows
        return albums.indices.contains(index) ? index : nil
    }

    /// The album at row `row`, if that row is an album's.
    public func album(atRow row: Int) -> ContainerID? { albumIndex(atRow: row).map { albums[$0] } }

    /// The target at `spot` for a drag that carries albums (`reordering`) or photos.
    public func target(at spot: Spot, reordering: Bool) -> DropTarget {
        guard reordering else {
            guard case .row(let row, _) = spot else { return .newAlbum }
            return album(atRow: row).map { .album($0) } ?? .nothing
        }
        return .albumList(insertionIndex: insertionIndex(at: spot))
    }

    /// Where an album row dropped at `spot` goes, in `0...albums.count`: before the row
    /// under the pointer in its upper half, after it in its lower half. Leading rows come
    /// before every album; below the rows is the end.
    public func insertionIndex(at spot: Spot) -> Int {
        switch spot {
        case .belowRows:
            return albums.count
        case .row(let row, let fraction):
            let index = row - leadingRows + (fraction > 0.5 ? 1 : 0)
            return min(albums.count, max(0, index))
        }
    }
}
