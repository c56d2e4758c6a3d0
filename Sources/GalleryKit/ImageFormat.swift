import Foundation

/// An image format recognised by its signature (its first bytes, see ImageFormat+Signatures).
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

    /// Whether an installed gdk-pixbuf loader reads this format.
    var hasInstalledDecoder: Bool { !pixbufLoaderNames.isDisjoint(with: Pixbuf.installedFormatNames) }
}
