import ChangeKit

/// The ordered collections that views show.
public enum CollectionScope: Hashable, Sendable {
    /// The main collection ("All Photos") in the user's order: photos and stacks.
    case allPhotos
    /// An album's photos in the album's order.
    case album(AlbumID)
}

/// The steps one mutation made to one collection of tiles.
public struct CollectionChange: Sendable {
    public let scope: CollectionScope
    public let steps: [ChangeStep<GalleryItem>]
    /// The items this batch inserted that were named before the insert (`CommitID`: a
    /// prepared import's, a note's): a view that shows a placeholder waiting for one turns
    /// that item's insert step into the placeholder's commit. Empty for every other mutation.
    public var commits: [GalleryItem.ID: CommitID] = [:]
}

/// The steps one mutation made to the albums sidebar.
public struct AlbumListChange: Sendable {
    public let steps: [ChangeStep<AlbumSummary>]
    /// Albums that no longer exist: views showing them should go elsewhere.
    public let deletedAlbums: [AlbumID]
}
