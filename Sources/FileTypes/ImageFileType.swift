/// An image file type by its names: the MIME type applications exchange it under and the
/// file name extensions it goes by.
///
/// This is Drover's one table of those names. The library reads it to find the images in a
/// folder; drag and drop (DragKit's `ContentType`) reads it to say what type a photo is, to
/// choose the image types it accepts, and to name image data it receives. It is a module of
/// its own because both of them need it and neither may import the other.
public struct ImageFileType: Hashable, Sendable {
    /// The MIME type, such as `image/png`.
    public let mimeType: String
    /// The file name extensions, lower-case, the one Drover writes first.
    public let fileExtensions: [String]

    /// The extension Drover gives a file of this type that it names itself.
    public var fileExtension: String { fileExtensions[0] }
}

extension ImageFileType {
    public static let png = ImageFileType(mimeType: "image/png", fileExtensions: ["png"])
    public static let jpeg = ImageFileType(mimeType: "image/jpeg", fileExtensions: ["jpg", "jpeg", "jpe", "jfif"])
    public static let gif = ImageFileType(mimeType: "image/gif", fileExtensions: ["gif"])
    public static let webp = ImageFileType(mimeType: "image/webp", fileExtensions: ["webp"])
    public static let tiff = ImageFileType(mimeType: "image/tiff", fileExtensions: ["tiff", "tif"])
    public static let bmp = ImageFileType(mimeType: "image/bmp", fileExtensions: ["bmp"])
    public static let heic = ImageFileType(mimeType: "image/heic", fileExtensions: ["heic", "heif"])
    public static let avif = ImageFileType(mimeType: "image/avif", fileExtensions: ["avif"])

    /// The types a photo library takes (each is checked again by decoding it), in the order a
    /// drop target prefers them when a source offers several.
    public static let photoTypes: [ImageFileType] = [.png, .jpeg, .gif, .webp, .tiff, .bmp, .heic, .avif]

    /// The photo type a file name extension stands for (any case), or nil.
    public init?(fileExtension: String) {
        let wanted = fileExtension.lowercased()
        guard let found = Self.photoTypes.first(where: { $0.fileExtensions.contains(wanted) }) else { return nil }
        self = found
    }

    /// The photo type of a MIME type (any case; parameters such as `;charset` are ignored), or nil.
    public init?(mimeType: String) {
        let essence = mimeType.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false)[0]
        var wanted = essence.filter { !$0.isWhitespace }.lowercased()
        // shared-mime-info (Debian 12's 2.2) names HEIF and HEIC files image/heif, and
        // image/heic only as its alias: a file manager asks for image/heif.
        if wanted == "image/heif" { wanted = Self.heic.mimeType }
        guard let found = Self.photoTypes.first(where: { $0.mimeType == wanted }) else { return nil }
        self = found
    }
}
