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
    /// The photos this batch imported, each with the identity its preparation had
    /// (`PreparedImport.id`): a view that shows a placeholder for a prepared import turns
    /// that photo's insert step into the placeholder's commit. Empty for every mutation
    /// that imports nothing.
    public var imports: [PhotoID: PreparedImport.ID] = [:]
}

/// The steps one mutation made to the albums sidebar.
public struct AlbumListChange: Sendable {
    public let steps: [ChangeStep<AlbumSummary>]
    /// Albums that no longer exist: views showing them should go elsewhere.
    public let deletedAlbums: [AlbumID]
}
