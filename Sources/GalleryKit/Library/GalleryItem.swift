import DecoderKit
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
        /// True when the library's copy is there but no longer the photo's bytes (replaced
        /// or damaged, found by `PhotoLibrary.checkFiles()`). Its tile shows it as missing.
        public var isDamaged = false
        let thumbnail: LibraryFile
        /// How the user turned the photo (see `PhotoRotation`).
        public var rotation: PhotoRotation = .upright
    }

    /// Every field lives once, in a shared box: the grid keeps a collection of 100,000 items
    /// in several places at once (the user's order, the arranged view, the placeholder
    /// collection, the tiles), and each of those copies is now a pointer, not 200 bytes.
    private let box: Box

    public var id: ID { box.contents.id }
    public var kind: Kind {
        switch id {
        case .photo: .photo
        case .stack: .stack
        case .note: .note
        }
    }
    /// For a note, its first non-blank line, cut to about 60 characters.
    public var title: String { box.contents.title }
    /// The cover photo's date (see `Photo.displayDate`); for a note, when it was added.
    public var date: Date { box.contents.date }
    /// The cover photo's size as shown (turned by its rotation); 1 × 1 for a note, which has no pixels (draw it square).
    public var pixelSize: PixelSize { box.contents.pixelSize }
    /// The cover first; up to three for a stack, drawn fanned. Empty for a note.
    public var covers: [Cover] { box.contents.photos.covers }
    /// How many photos the tile stands for: 1 for a photo, and 1 for a note.
    public var count: Int { box.contents.count }
    /// Names of the albums holding the photo (for a stack, any of its photos), in sidebar
    /// order. Always empty for a note: notes never join albums.
    public var albumNames: [String] { box.contents.albumNames }
    /// The whole text of a note; nil for photos and stacks.
    public var noteText: String? { box.contents.photos.noteText }
    /// Every photo the tile stands for, in stack order: what a drag of this tile
    /// carries. Files are the library's copies. Empty for a note.
    public var members: [Member] { box.contents.photos.members(title: box.contents.title) }

    /// QR codes found in the cover photo so far (0 until it has been scanned): the badge.
    public var qrCodeCount: Int { box.contents.qrCodeCount }
    /// Where the cover photo was taken (EXIF GPS), if recorded.
    public var location: PhotoLocation? { box.contents.place?.location }
    /// The nearest place to `location`, e.g. "Sausalito, California, US", once known.
    public var placeName: String? { box.contents.place?.name }

    public struct Member: Hashable, Sendable {
        public let photoID: PhotoID
        /// The library's copy, made when asked for (see `Cover.thumbnailURL`).
        public var fileURL: URL { file.url }
        public let title: String
        let file: LibraryFile
        /// How the user turned the photo: the viewer shows it turned, and it leaves Drover
        /// turned (`AsSeenCopy`); the library's file is never changed (see `PhotoRotation`).
        public var rotation: PhotoRotation = .upright
        /// The photo's size in pixels, upright by its EXIF orientation (not turned by
        /// `rotation`): the viewer's 100%, whatever resolution it decoded.
        public var pixelSize = PixelSize(width: 1, height: 1)
    }

    init(id: ID, title: String, date: Date, pixelSize: PixelSize, covers: [Cover], count: Int,
         albumNames: [String], noteText: String? = nil, members: [Member] = [],
         qrCodeCount: Int = 0, location: PhotoLocation? = nil, placeName: String? = nil) {
        box = Box(Contents(id: id, title: title, date: date, pixelSize: pixelSize, count: count, albumNames: albumNames,
                           photos: Photos(covers: covers, members: members, title: title, noteText: noteText),
                           qrCodeCount: qrCodeCount,
                           place: location == nil && placeName == nil ? nil : Place(location: location, name: placeName)))
    }

    /// True when the cover's file is missing: the view shows a "missing" tile.
    /// A note has no file, so it is never missing.
    public var isMissing: Bool { kind == .note ? false : box.contents.photos.isCoverMissing }
    /// The cover's library copy is not the photo Drover stored (see `Cover.isDamaged`).
    public var isDamaged: Bool { box.contents.photos.isCoverDamaged }
    public var thumbnailURLs: [URL] { covers.map(\.thumbnailURL) }

    public static func == (lhs: GalleryItem, rhs: GalleryItem) -> Bool {
        lhs.box === rhs.box || lhs.box.contents == rhs.box.contents
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(box.contents) }

    /// The fields, immutable once made (so the box may cross threads). With the box's
    /// header, 192 bytes: a collection holds one for each of its items, and at 1,000,000
    /// photos the 312 they took before the single photo and the place were packed were
    /// 120 MB more (docs/benchmarks.md, eleventh pass).
    private struct Contents: Hashable, Sendable {
        let id: ID
        let title: String
        let date: Date
        let pixelSize: PixelSize
        let count: Int
        let albumNames: [String]
        let photos: Photos
        let qrCodeCount: Int
        let place: Place?
    }

    private final class Box: Sendable {
        let contents: Contents
        init(_ contents: Contents) { self.contents = contents }
    }

    /// Where the cover photo was taken, and the place's name: boxed, since most photos have
    /// neither (48 bytes an item otherwise).
    private final class Place: Hashable, Sendable {
        let location: PhotoLocation?
        let name: String?

        init(location: PhotoLocation?, name: String?) {
            self.location = location
            self.name = name
        }

        static func == (lhs: Place, rhs: Place) -> Bool { lhs.location == rhs.location && lhs.name == rhs.name }
        func hash(into hasher: inout Hasher) {
            hasher.combine(location)
            hasher.combine(name)
        }
    }

    /// The covers and members. Most items are single photos: theirs are packed into one
    /// value (`SinglePhoto`), their cover and member made when asked for.
    private enum Photos: Hashable, Sendable {
        case single(SinglePhoto)
        case several(covers: [Cover], members: [Member], noteText: String?)

        init(covers: [Cover], members: [Member], title: String, noteText: String?) {
            if noteText == nil, covers.count == 1, members.count == 1,
               let single = SinglePhoto(cover: covers[0], member: members[0], title: title) {
                self = .single(single)
            } else {
                self = .several(covers: covers, members: members, noteText: noteText)
            }
        }

        var covers: [Cover] {
            switch self {
            case .single(let photo): [photo.cover]
            case .several(let covers, _, _): covers
            }
        }

        func members(title: String) -> [Member] {
            switch self {
            case .single(let photo): [photo.member(title: title)]
            case .several(_, let members, _): members
            }
        }

        var noteText: String? {
            if case .several(_, _, let text) = self { return text }
            return nil
        }

        /// True without a cover (a note has none; see `GalleryItem.isMissing`).
        var isCoverMissing: Bool {
            switch self {
            case .single(let photo): photo.isMissing
            case .several(let covers, _, _): covers.first?.isMissing ?? true
            }
        }

        var isCoverDamaged: Bool {
            switch self {
            case .single(let photo): photo.isDamaged
            case .several(let covers, _, _): covers.first?.isDamaged ?? false
            }
        }
    }

    /// A single photo's cover and member in one value: its file's name once (the
    /// thumbnail is named after it), its turn once, and its title the item's. 80 bytes
    /// against the 152 of a `Cover` and a `Member`.
    private struct SinglePhoto: Hashable, Sendable {
        let photoID: PhotoID
        let fileName: String
        let photoFolder: URL
        let thumbnailFolder: URL
        let pixelSize: PixelSize
        let thumbnailFormat: ThumbnailFormat?
        let isMissing: Bool
        let isDamaged: Bool
        let rotation: PhotoRotation

        /// Nil unless the cover and the member are one photo, named as the library names them.
        init?(cover: Cover, member: Member, title: String) {
            guard cover.photoID == member.photoID, cover.rotation == member.rotation, member.title == title,
                  cover.thumbnail.name == member.file.name, member.file.thumbnailFormat == nil else { return nil }
            photoID = cover.photoID
            fileName = member.file.name
            photoFolder = member.file.folder
            thumbnailFolder = cover.thumbnail.folder
            pixelSize = member.pixelSize
            thumbnailFormat = cover.thumbnail.thumbnailFormat
            isMissing = cover.isMissing
            isDamaged = cover.isDamaged
            rotation = cover.rotation
        }

        var cover: Cover {
            Cover(photoID: photoID, isMissing: isMissing, isDamaged: isDamaged,
                  thumbnail: LibraryFile(folder: thumbnailFolder, name: fileName, thumbnailFormat: thumbnailFormat),
                  rotation: rotation)
        }

        func member(title: String) -> Member {
            Member(photoID: photoID, title: title, file: LibraryFile(folder: photoFolder, name: fileName),
                   rotation: rotation, pixelSize: pixelSize)
        }
    }
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
    /// A thumbnail is named after its photo with its format's extension added: kept as the
    /// photo's name (the same string the photo's own file holds) and added only when a URL
    /// is made, so a library of 100,000 photos does not hold 100,000 more names.
    var thumbnailFormat: ThumbnailFormat?

    var url: URL {
        let fileName = thumbnailFormat.map { name + "." + $0.fileExtension } ?? name
        return folder.appendingPathComponent(fileName, isDirectory: false)
    }
}
