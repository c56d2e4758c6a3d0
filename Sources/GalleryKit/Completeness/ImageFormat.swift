import Foundation

/// An image format recognised by its signature (its first bytes). This is the one table of
/// signatures in Drover: import uses it to tell a damaged image from a file that is not an
/// image at all, to name a format no installed decoder reads, and to pick a completeness check.
public enum ImageFormat: String, Sendable, CaseIterable {
    case png, jpeg, gif, bmp, tiff, webp, heic, avif
    /// Formats with a signature that Drover's decoders (gdk-pixbuf) do not read.
    case jpegXL, jpeg2000, photoshop, openEXR, qoi

    /// The name shown to people.
    public var displayName: String {
        switch self {
        case .png: "PNG"
        case .jpeg: "JPEG"
        case .gif: "GIF"
        case .bmp: "BMP"
        case .tiff: "TIFF"
        case .webp: "WebP"
        case .heic: "HEIC"
        case .avif: "AVIF"
        case .jpegXL: "JPEG XL"
        case .jpeg2000: "JPEG 2000"
        case .photoshop: "Photoshop (PSD)"
        case .openEXR: "OpenEXR"
        case .qoi: "QOI"
        }
    }

    /// The names of the gdk-pixbuf loaders that read this format; empty when none exists.
    /// (The HEIF loader calls itself "heif/avif" and reads both.)
    var pixbufLoaderNames: Set<String> {
        switch self {
        case .png: ["png"]
        case .jpeg: ["jpeg"]
        case .gif: ["gif"]
        case .bmp: ["bmp"]
        case .tiff: ["tiff"]
        case .webp: ["webp"]
        case .heic: ["heif", "heif/avif"]
        case .avif: ["avif", "heif/avif"]
        case .jpegXL: ["jxl"]
        case .jpeg2000, .photoshop, .openEXR, .qoi: []
        }
    }

    /// Identifies the format from the first bytes, or nil for anything else (including
    /// image formats gdk-pixbuf reads that have no entry here, such as ICO or TGA).
    public static func sniff(_ bytes: UnsafeRawBufferPointer) -> ImageFormat? {
        sniff(ImageBytes(bytes))
    }

    static func sniff(_ bytes: ImageBytes) -> ImageFormat? {
        for (format, signature) in signatures where bytes.matches(signature, at: 0) { return format }
        // RIFF container: the form type at 8 says which.
        if bytes.matches("RIFF", at: 0), bytes.matches("WEBP", at: 8) { return .webp }
        // ISO base media file (HEIF, AVIF, but also MP4 video): the ftyp box's major brand.
        // The major brand decides; failing that, the first HEIF brand among the compatible ones.
        if bytes.matches("ftyp", at: 4), let boxSize = bytes.uint32(at: 0, bigEndian: true) {
            let brandOffsets = [8] + Array(stride(from: 16, to: min(boxSize, 64), by: 4))
            for offset in brandOffsets {
                guard let brand = bytes.bytes(at: offset, length: 4) else { break }
                if let format = brands[String(decoding: brand, as: UTF8.self)] { return format }
            }
        }
        return nil
    }

    /// Reads the signature at the start of an open file (with pread: the file offset is untouched).
    static func sniff(file: Int32) -> ImageFormat? {
        var head = [UInt8](repeating: 0, count: 64)
        let count = head.withUnsafeMutableBytes { pread(file, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return nil }
        return head.prefix(count).withUnsafeBytes { sniff($0) }
    }

    /// Whether an installed gdk-pixbuf loader reads this format.
    var hasInstalledDecoder: Bool { !pixbufLoaderNames.isDisjoint(with: Pixbuf.installedFormatNames) }

    /// Signatures that sit at offset 0. Order matters only where one is a prefix of another.
    private static let signatures: [(ImageFormat, [UInt8])] = [
        (.png, [0x89, 0x50, 0x4E, 0x47]),  // "\x89PNG": the rest of the 8 may be damaged
        (.jpeg, [0xFF, 0xD8, 0xFF]),
        (.gif, Array("GIF87a".utf8)),
        (.gif, Array("GIF89a".utf8)),
        (.tiff, [0x49, 0x49, 0x2A, 0x00]),  // little-endian
        (.tiff, [0x4D, 0x4D, 0x00, 0x2A]),  // big-endian
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
