import ImageFormats

/// How a photo's thumbnail is stored (schema v7, `photo.thumbnailFormat`): a JPEG photo's
/// thumbnail is a JPEG, every other photo's a PNG.
///
/// JPEG thumbnails are a seventh of a PNG's size (about 12 KB against 80 KB at 256×192, so
/// 1.2 GB instead of 8 GB for 100,000 photos), encode in a third of the time and decode
/// faster for a tile. They are only for photos that were JPEGs already: those have no
/// transparency and are photographs, where quality 90 at 256 pixels shows no loss. A PNG, a
/// GIF or a WebP may be a screenshot or a drawing with sharp edges, or transparent; those
/// keep lossless PNG thumbnails. Photos imported before v7 keep their PNG thumbnails.
public enum ThumbnailFormat: String, Sendable, Hashable, CaseIterable {
    case png
    case jpeg

    /// The format of the thumbnail for a photo whose bytes are `content` (its signature).
    package static func forPhoto(content: ImageContent?) -> ThumbnailFormat {
        content == .format(.jpeg) ? .jpeg : .png
    }

    /// Added to the photo's file name to name its thumbnail: "IMG_0001.jpg.jpg", "a.png.png".
    package var fileExtension: String {
        switch self {
        case .png: "png"
        case .jpeg: "jpg"
        }
    }
}
