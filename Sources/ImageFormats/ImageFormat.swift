// ImageFormats: the one table of image types (names, MIME types, extensions, signatures),
// and the byte parsers that read untrusted image files without decoding them: the
// completeness checks (Completeness/) and the EXIF container walkers (Exif/), over one
// bounds-checked way to read bytes (Bytes/). Pure Swift (zlib for compressed PNG text), so
// the fuzzers link it alone. Decoding is DecoderKit's job (the drover-decode helper);
// reading the EXIF tags with libexif, and everything else about a library, is GalleryKit's.

/// An image format: Drover's one table of them (see `table`). Import recognises a format by
/// its signature (`sniff`), drag and drop and the folder scan by its MIME type and file name
/// extensions (`photoFormats`).
///
/// The photo formats come first, in the order a drop target prefers them when a source
/// offers several: lossless PNG first.
public enum ImageFormat: String, Sendable, CaseIterable {
    /// The formats a photo library takes (each is checked again by decoding it).
    case png, jpeg, gif, webp, tiff, bmp, heic, avif
    /// Formats with a signature that Drover's decoders (gdk-pixbuf) do not read.
    case jpegXL, jpeg2000, photoshop, openEXR, qoi

    /// What Drover knows of one format: one row of `table`.
    package struct Facts: Sendable {
        package let format: ImageFormat
        /// The name shown to people.
        let displayName: String
        /// The MIME type and the file name extensions (lower-case, the one Drover writes
        /// first), for the formats a photo library takes; nil for the others.
        let names: (mimeType: String, fileExtensions: [String])?
        /// The names of the gdk-pixbuf loaders that read it; empty when none exists.
        /// (The HEIF loader calls itself "heif/avif" and reads both.)
        let pixbufLoaderNames: Set<String>
        /// Its signatures at offset 0. No signature in the table is a prefix of another's.
        let signatures: [[UInt8]]
        /// For an ISO base media file: the major (or compatible) brands that name it.
        let brands: Set<String>

        init(_ format: ImageFormat, _ displayName: String, mimeType: String? = nil, extensions: [String] = [],
             loaders: Set<String> = [], signatures: [[UInt8]] = [], brands: Set<String> = []) {
            self.format = format
            self.displayName = displayName
            names = mimeType.map { ($0, extensions) }
            pixbufLoaderNames = loaders
            self.signatures = signatures
            self.brands = brands
        }
    }

    /// The one table: a row for every case, the photo formats in the order a target prefers them.
    package static let table: [Facts] = [
        Facts(.png, "PNG", mimeType: "image/png", extensions: ["png"], loaders: ["png"],
              signatures: [Array(pngSignature.prefix(4))]),  // the rest of it may be damaged
        Facts(.jpeg, "JPEG", mimeType: "image/jpeg", extensions: ["jpg", "jpeg", "jpe", "jfif"], loaders: ["jpeg"],
              signatures: [[0xFF, 0xD8, 0xFF]]),
        Facts(.gif, "GIF", mimeType: "image/gif", extensions: ["gif"], loaders: ["gif"],
              signatures: [Array("GIF87a".utf8), Array("GIF89a".utf8)]),
        // A RIFF container whose form type (at 8) is WEBP: see `sniff`.
        Facts(.webp, "WebP", mimeType: "image/webp", extensions: ["webp"], loaders: ["webp"]),
        Facts(.tiff, "TIFF", mimeType: "image/tiff", extensions: ["tiff", "tif"], loaders: ["tiff"],
              signatures: classicTIFFSignatures + [[0x49, 0x49, 0x2B, 0x00], [0x4D, 0x4D, 0x00, 0x2B]]),  // and BigTIFF
        Facts(.bmp, "BMP", mimeType: "image/bmp", extensions: ["bmp"], loaders: ["bmp"], signatures: [Array("BM".utf8)]),
        // HEIF-family brands (ISO/IEC 23008-12 and the AV1 image format).
        Facts(.heic, "HEIC", mimeType: "image/heic", extensions: ["heic", "heif"], loaders: ["heif", "heif/avif"],
              brands: ["heic", "heix", "hevc", "hevx", "heim", "heis", "mif1", "msf1"]),
        Facts(.avif, "AVIF", mimeType: "image/avif", extensions: ["avif"], loaders: ["avif", "heif/avif"],
              brands: ["avif", "avis"]),
        Facts(.jpegXL, "JPEG XL", loaders: ["jxl"], signatures: [
            [0xFF, 0x0A],  // bare codestream
            [0x00, 0x00, 0x00, 0x0C, 0x4A, 0x58, 0x4C, 0x20, 0x0D, 0x0A, 0x87, 0x0A],  // container
        ]),
        Facts(.jpeg2000, "JPEG 2000", signatures: [
            [0x00, 0x00, 0x00, 0x0C, 0x6A, 0x50, 0x20, 0x20, 0x0D, 0x0A, 0x87, 0x0A],  // JP2
            [0xFF, 0x4F, 0xFF, 0x51],  // bare codestream
        ]),
        Facts(.photoshop, "Photoshop (PSD)", signatures: [Array("8BPS".utf8)]),
        Facts(.openEXR, "OpenEXR", signatures: [[0x76, 0x2F, 0x31, 0x01]]),
        Facts(.qoi, "QOI", signatures: [Array("qoif".utf8)]),
    ]

    /// PNG's whole signature. Sniffing asks only for its first four bytes.
    package static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Little-endian "II*\0" and big-endian "MM\0*": what a classic (not Big) TIFF starts
    /// with, and the shape of every EXIF block.
    static let classicTIFFSignatures: [[UInt8]] = [[0x49, 0x49, 0x2A, 0x00], [0x4D, 0x4D, 0x00, 0x2A]]

    /// This format's row of the table.
    package var facts: Facts { Self.table.first { $0.format == self }! }

    /// The name shown to people.
    public var displayName: String { facts.displayName }

    /// The names of the gdk-pixbuf loaders that read this format; empty when none exists.
    package var pixbufLoaderNames: Set<String> { facts.pixbufLoaderNames }
}

// The names a photo format goes by: how drag and drop names a photo's type, chooses the
// types it accepts and names image data it receives, and how the library finds images in a
// folder.
extension ImageFormat {
    /// The formats a photo library takes, in the order a drop target prefers them.
    public static let photoFormats: [ImageFormat] = table.compactMap { $0.names == nil ? nil : $0.format }

    /// The MIME type, such as `image/png`, of a photo format; nil for the others.
    public var mimeType: String? { facts.names?.mimeType }

    /// The file name extensions of a photo format, lower-case, the one Drover writes first;
    /// empty for the others.
    public var fileExtensions: [String] { facts.names?.fileExtensions ?? [] }

    /// The extension Drover gives a file of this format that it names itself; nil when the
    /// library does not take the format.
    public var fileExtension: String? { fileExtensions.first }

    /// The photo format a file name extension stands for (any case), or nil.
    public init?(photoFileExtension: String) {
        let wanted = photoFileExtension.lowercased()
        guard let found = Self.photoFormats.first(where: { $0.fileExtensions.contains(wanted) }) else { return nil }
        self = found
    }

    /// The photo format of a MIME type (any case; parameters such as `;charset` are ignored),
    /// or nil.
    public init?(photoMIMEType mimeType: String) {
        let essence = mimeType.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false)[0]
        var wanted = essence.filter { !$0.isWhitespace }.lowercased()
        // shared-mime-info (Debian 12's 2.2) names HEIF and HEIC files image/heif, and
        // image/heic only as its alias: a file manager asks for image/heif.
        if wanted == "image/heif", let heic = Self.heic.mimeType { wanted = heic }
        guard let found = Self.photoFormats.first(where: { $0.mimeType == wanted }) else { return nil }
        self = found
    }
}
