import Foundation
import ImageFormats

// The type of one representation: a MIME type, because that is what GTK, the file manager
// and GNOME Maps exchange on Linux.

/// A MIME type such as `image/png` or `text/plain;charset=utf-8`, normalised so that
/// spelling differences (case, spaces around `;`) never make two equal types differ.
///
/// A target's acceptable type may be a pattern: `image/*` accepts every image, and a type
/// without parameters (`text/plain`) accepts any parameters (`text/plain;charset=utf-8`).
public struct ContentType: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The normalised MIME type: lower-case, no spaces, parameters kept in their order.
    public let mimeType: String

    public init(_ mimeType: String) {
        let parts = mimeType.split(separator: ";", omittingEmptySubsequences: true)
            .map { $0.trimmingWhitespace().lowercased() }
            .filter { !$0.isEmpty }
        self.mimeType = parts.joined(separator: ";")
    }

    public init(stringLiteral value: String) { self.init(value) }

    public var description: String { mimeType }

    /// `type/subtype`, without parameters.
    public var essence: Substring {
        mimeType.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false)[0]
    }

    private var parameters: Substring? {
        let parts = mimeType.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false)
        return parts.count > 1 ? parts[1] : nil
    }

    /// Whether a representation of this type satisfies `pattern`, a type a target accepts.
    public func conforms(to pattern: ContentType) -> Bool {
        if self == pattern { return true }
        if let wanted = pattern.parameters, wanted != parameters { return false }
        let patternEssence = pattern.essence
        if patternEssence == "*/*" { return true }
        if patternEssence.hasSuffix("/*") {
            return essence.hasPrefix(patternEssence.dropLast())  // keeps the "/"
        }
        return patternEssence == essence
    }
}

/// Drover's type table: every type its drags offer and its drop targets take, in one place.
/// Image types come from the one table of image formats (`ImageFormats`), which the library
/// also reads to find images in a folder.
extension ContentType {
    /// A list of file URIs: what the file manager drags, and what Drover offers it.
    public static let uriList: ContentType = "text/uri-list"
    /// A file list through the document portal's FileTransfer interface: the data is a key
    /// the reader gives the portal for the files' paths. What a sandboxed (Flatpak) application
    /// drags, and what GTK offers beside `uriList` when the document portal runs.
    public static let portalFileTransfer: ContentType = "application/vnd.portal.filetransfer"
    /// The same, under the name GTK 4.6 used (GTK 4.8 still reads and offers it).
    public static let portalFiles: ContentType = "application/vnd.portal.files"
    /// The file list GNOME's and Xfce's file managers paste (`CopiedFilesFormat`): offered on
    /// the clipboard beside `uriList`, which Nautilus does not paste.
    public static let gnomeCopiedFiles: ContentType = "x-special/gnome-copied-files"
    public static let png = ContentType(ImageFormat.png)!
    public static let jpeg = ContentType(ImageFormat.jpeg)!
    public static let plainText: ContentType = "text/plain;charset=utf-8"
    /// An RFC 7946 GeoJSON document: a photo's location, for GNOME Maps.
    public static let geoJSON: ContentType = "application/geo+json"
    /// Drover's private type: the identifier of a photo in this library. Only Drover reads it,
    /// so in-app drops never need to serialise the photo itself.
    public static let photoID: ContentType = "application/x-drover-photo-id"
    /// Drover's private type for an album row dragged to a new place among the albums.
    public static let albumID: ContentType = "application/x-drover-album-id"
    /// Bytes of no particular type. Chromium drags a web image's original file as this: a
    /// target that takes it must recognise an image by its content.
    public static let octetStream: ContentType = "application/octet-stream"
    /// Firefox's web address of what it drags, with the page's title: UTF-16 text, the
    /// address on the first line.
    public static let mozURL: ContentType = "text/x-moz-url"
    /// Drover's private type for an image at a web address the source gave (`http`, `https`):
    /// its representation is the original file, downloaded when the drop loads it.
    public static let webImage: ContentType = "application/x-drover-web-image"
    /// Any image: a pattern for targets, never a representation.
    public static let anyImage: ContentType = "image/*"
    /// Text in any encoding: a pattern for targets (`text/plain;charset=utf-8` conforms).
    public static let anyText: ContentType = "text/plain"
    /// The image types a photo library takes, in the order a target prefers them.
    public static let images: [ContentType] = ImageFormat.photoFormats.compactMap { ContentType($0) }

    /// The type of a photo file, by its name's extension (any case); nil when the extension
    /// is not one of a type the library takes.
    public init?(photoFileExtension: String) {
        guard let format = ImageFormat(photoFileExtension: photoFileExtension) else { return nil }
        self.init(format)
    }

    /// The type of a photo format; nil for a format the library does not take.
    public init?(_ format: ImageFormat) {
        guard let mimeType = format.mimeType else { return nil }
        self.init(mimeType)
    }

    /// The photo type of image data, by its content (its signature, `ImageFormat.sniff`); nil
    /// when it is no format the library takes.
    public init?(sniffing data: Data) {
        guard let format = data.prefix(64).withUnsafeBytes({ ImageFormat.sniff($0) }) else { return nil }
        self.init(format)
    }

    /// The file name extension a file of this type gets when Drover names it (a drop written
    /// to disk).
    public var fileExtension: String {
        if let extensionName = ImageFormat(photoMIMEType: mimeType)?.fileExtension { return extensionName }
        switch essence {
        case Self.geoJSON.essence: return "geojson"
        case Self.anyText.essence: return "txt"
        case Self.uriList.essence: return "uris"
        default: return "data"
        }
    }

    /// How the payloads of several items of this type travel as one, where a platform carries
    /// one payload per type rather than items (a GTK drag, the clipboard): types that list
    /// things join every item's payload with this separator; nil for a type that holds one
    /// thing (an image, a GeoJSON document), which is then the top item's.
    public var separatorWhenCombined: String? {
        switch essence {
        case Self.uriList.essence: ""  // each item's list already ends its lines (RFC 2483: CRLF after each)
        case Self.photoID.essence: "\n"
        case Self.anyText.essence: "\n\n"  // paragraphs: a note's text may hold line breaks of its own
        default: nil
        }
    }
}

extension StringProtocol {
    func trimmingWhitespace() -> Substring {
        let string = Substring(self)
        guard let first = string.firstIndex(where: { !$0.isWhitespace }),
              let last = string.lastIndex(where: { !$0.isWhitespace }) else { return "" }
        return string[first...last]
    }
}
