import Foundation

/// What a collection shows in one tile: a single photo or a stack.
/// A plain value, safe to hand from any thread to the main actor.
public struct GalleryItem: Identifiable, Hashable, Sendable {
    public enum ID: Hashable, Sendable, CustomStringConvertible {
        case photo(PhotoID)
        case stack(StackID)
        // A later migration may add `case note(NoteID)` for text notes.

        public var description: String {
            switch self {
            case .photo(let id): id.description
            case .stack(let id): id.description
            }
        }
    }

    public enum Kind: Hashable, Sendable {
        case photo
        case stack
    }

    /// A photo shown on the tile: the photo itself, or one of a stack's top three.
    public struct Cover: Hashable, Sendable {
        public let photoID: PhotoID
        public let thumbnailURL: URL
        /// True when the library's copy of this photo is gone from disk.
        public let isMissing: Bool
    }

    public let id: ID
    public var kind: Kind {
        switch id {
        case .photo: .photo
        case .stack: .stack
        }
    }
    public let title: String
    /// The cover photo's date (see `Photo.displayDate`).
    public let date: Date
    /// The cover photo's size.
    public let pixelSize: PixelSize
    /// The cover first; up to three for a stack, drawn fanned.
    public let covers: [Cover]
    /// How many photos the tile stands for: 1 for a photo.
    public let count: Int
    /// Names of the albums holding the photo (for a stack, any of its photos), in sidebar order.
    public let albumNames: [String]
    /// Every photo the tile stands for, in stack order: what a drag of this tile
    /// carries. Files are the library's copies.
    public var members: [Member] = []

    public struct Member: Hashable, Sendable {
        public let photoID: PhotoID
        public let fileURL: URL
        public let title: String
    }

    /// True when the cover's file is missing: the view shows a "missing" tile.
    public var isMissing: Bool { covers.first?.isMissing ?? true }
    public var thumbnailURLs: [URL] { covers.map(\.thumbnailURL) }
}

/// A row of the albums sidebar.
public struct AlbumSummary: Identifiable, Hashable, Sendable {
    public let id: AlbumID
    public let name: String
    public let photoCount: Int
    /// The first photo's thumbnail, if the album has photos.
    public let coverThumbnailURL: URL?
}
