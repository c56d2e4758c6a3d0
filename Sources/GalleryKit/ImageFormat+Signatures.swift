/// The one table of signatures in Drover. Import uses it to tell a damaged image from a file
/// that is not an image at all, to name a format no installed decoder reads, and to pick a
/// completeness check; the EXIF reader uses it to pick the container to walk.
extension ImageFormat {
    /// Identifies the format from the first bytes, or nil for anything else (including
    /// image formats gdk-pixbuf reads that have no entry here, such as ICO or TGA).
    public static func sniff(_ bytes: UnsafeRawBufferPointer) -> ImageFormat? {
        sniff(ImageBytes(bytes))
    }

    static func sniff(_ bytes: some ByteSource) -> ImageFormat? {
        for (format, signature) in signatures where bytes.matches(signature, at: 0) { return format }
        // RIFF container: the form type at 8 says which.
        if bytes.matches("RIFF", at: 0), bytes.matches("WEBP", at: 8) { return .webp }
        // The major brand decides; failing that, the first HEIF brand among the compatible ones.
        if isISOBaseMedia(bytes), let boxSize = bytes.uint32(at: 0, bigEndian: true) {
            let brandOffsets = [8] + Array(stride(from: 16, to: min(boxSize, 64), by: 4))
            for offset in brandOffsets {
                guard let brand = bytes.fourCC(at: offset) else { break }
                if let format = brands[brand] { return format }
            }
        }
        return nil
    }

    /// An ISO base media file (HEIF, AVIF, but also MP4 video): an `ftyp` box comes first,
    /// and its brands say what the file holds.
    static func isISOBaseMedia(_ bytes: some ByteSource) -> Bool { bytes.matches("ftyp", at: 4) }

    /// A classic (not Big) TIFF header at `offset`: what a TIFF file starts with, and the
    /// shape of every EXIF block, whatever the container.
    static func isClassicTIFF(_ bytes: some ByteSource, at offset: Int) -> Bool {
        classicTIFFSignatures.contains { bytes.matches($0, at: offset) }
    }

    /// PNG's whole signature. Sniffing asks only for its first four bytes: the rest may be damaged.
    static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Little-endian "II*\0" and big-endian "MM\0*".
    private static let classicTIFFSignatures: [[UInt8]] = [[0x49, 0x49, 0x2A, 0x00], [0x4D, 0x4D, 0x00, 0x2A]]

    /// Signatures that sit at offset 0. Order matters only where one is a prefix of another.
    private static let signatures: [(ImageFormat, [UInt8])] = [
        (.png, Array(pngSignature.prefix(4))),
        (.jpeg, [0xFF, 0xD8, 0xFF]),
        (.gif, Array("GIF87a".utf8)),
        (.gif, Array("GIF89a".utf8)),
        (.tiff, classicTIFFSignatures[0]),
        (.tiff, classicTIFFSignatures[1]),
        (.tiff, [0x49, 0x49, 0x2B, 0x00]),  // BigTIFF, little-endian
        (.tiff, [0x4D, 0x4D, 0x00, 0x2B]),  // BigTIFF, big-endian
        (.bmp, Array("BM".utf8)),
        (.jpegXL, [0xFF, 0x0A]),  // bare codestream
        (.jpegXL, [0x00, 0x00, 0x00, 0x0C, 0x4A, 0x58, 0x4C, 0x20, 0x0D, 0x0A, 0x87, 0x0A]),  // container
        (.jpeg2000, [0x00, 0x00, 0x00, 0x0C, 0x6A, 0x50, 0x20, 0x20, 0x0D, 0x0A, 0x87, 0x0A]),  // JP2
        (.jpeg2000, [0xFF, 0x4F, 0xFF, 0x51]),  // bare codestream
        (.photoshop, Array("8BPS".utf8)),
        (.openEXR, [0x76, 0x2F, 0x31, 0x01]),
        (.qoi, Array("qoif".utf8)),
    ]

    /// HEIF-family major brands (ISO/IEC 23008-12 and the AV1 image format).
    private static let brands: [String: ImageFormat] = [
        "heic": .heic, "heix": .heic, "hevc": .heic, "hevx": .heic, "heim": .heic, "heis": .heic,
        "mif1": .heic, "msf1": .heic,
        "avif": .avif, "avis": .avif,
    ]
}
