import Foundation

/// What a collection shows in one tile: a single photo, a stack, or a text note.
/// A plain value, safe to hand from any thread to the main actor.
public struct GalleryItem: Identifiable, Hashable, Sendable {
    public enum ID: Hashable, Sendable, CustomStringConvertible {
        case photo(PhotoID)
        case stack(StackID)
        /// A text note, only ever in the main collection.
        case note(NoteID)

        public var description: String {
            switch self {
            case .photo(let id): id.description
            case .stack(let id): id.description
            case .note(let id): id.description
            }
        }
    }

    public enum Kind: Hashable, Sendable {
        case photo
        case stack
        case note
    }

    /// A photo shown on the tile: the photo itself, or one of a stack's top three.
    public struct Cover: Hashable, Sendable {
        public let photoID: PhotoID
        /// The thumbnail's file, made when asked for: a library of 100,000 photos spent
        /// most of its open making URLs nothing looked at (`LibraryFile`).
        /// A turned photo's URL carries its turn (`URL.shown(turnedBy:)`), so its texture
        /// is drawn turned and cached apart from the upright one.
        public var thumbnailURL: URL { thumbnail.url.shown(turnedBy: rotation) }
        /// True when the library's copy of this photo is gone from disk.
        public let isMissing: Bool
        let thumbnail: LibraryFile
        /// How the user turned the photo (see `PhotoRotation`).
        public var rotation: PhotoRotation = .upright
    }

    public let id: ID
    public var kind: Kind {
        switch id {
        case .photo: .photo
        case .stack: .stack
        case .note: .note
        }
    }
    /// For a note, its first non-blank line, cut to about 60 characters.
    public let title: String
    /// The cover photo's date (see `Photo.displayDate`); for a note, when it was added.
    public let date: Date
    /// The cover photo's size as shown (turned by its rotation); 1 × 1 for a note, which has no pixels (draw it square).
    public let pixelSize: PixelSize
    /// The cover first; up to three for a stack, drawn fanned. Empty for a note.
    public let covers: [Cover]
    /// How many photos the tile stands for: 1 for a photo, and 1 for a note.
    public let count: Int
    /// Names of the albums holding the photo (for a stack, any of its photos), in sidebar
    /// order. Always empty for a note: notes never join albums.
    public let albumNames: [String]
    /// The whole text of a note; nil for photos and stacks.
    public let noteText: String?
    /// Every photo the tile stands for, in stack order: what a drag of this tile
    /// carries. Files are the library's copies. Empty for a note.
    public let members: [Member]

    /// QR codes found in the cover photo so far (0 until it has been scanned): the badge.
    public let qrCodeCount: Int
    /// Where the cover photo was taken (EXIF GPS), if recorded.
    public let location: PhotoLocation?
    /// The nearest place to `location`, e.g. "Sausalito, California, US", once known.
    public let placeName: String?

    public struct Member: Hashable, Sendable {
        public let photoID: PhotoID
        /// The library's copy, made when asked for (see `Cover.thumbnailURL`).
        public var fileURL: URL { file.url }
        public let title: String
        let file: LibraryFile
        /// How the user turned the photo: the viewer shows it turned; a drag out gives
        /// the file's own bytes (see `PhotoRotation`).
        public var rotation: PhotoRotation = .upright
        /// The photo's size in pixels, upright by its EXIF orientation (not turned by
        /// `rotation`): the viewer's 100%, whatever resolution it decoded.
        public var pixelSize = PixelSize(width: 1, height: 1)
    }

    init(id: ID, title: String, date: Date, pixelSize: PixelSize, covers: [Cover], count: Int,
         albumNames: [String], noteText: String? = nil, members: [Member] = [],
         qrCodeCount: Int = 0, location: PhotoLocation? = nil, placeName: String? = nil) {
        self.id = id
        self.title = title
        self.date = date
        self.pixelSize = pixelSize
        self.covers = covers
        self.count = count
        self.albumNames = albumNames
        self.noteText = noteText
        self.members = members
        self.qrCodeCount = qrCodeCount
        self.location = location
        self.placeName = placeName
    }

    /// True when the cover's file is missing: the view shows a "missing" tile.
    /// A note has no file, so it is never missing.
    public var isMissing: Bool { kind == .note ? false : covers.first?.isMissing ?? true }
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

/// A file in one of the library's folders, kept as the folder and the name: turning
/// it into a `URL` parses the path, which costs microseconds, so only the files a
/// tile, a drag or an export uses become URLs.
struct LibraryFile: Hashable, Sendable {
    let folder: URL
    let name: String

    var url: URL { folder.appendingPathComponent(name, isDirectory: false) }
}
