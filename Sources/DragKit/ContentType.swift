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

extension ContentType {
    /// A list of file URIs: what the file manager drags, and what Drover offers it.
    public static let uriList: ContentType = "text/uri-list"
    public static let png: ContentType = "image/png"
    public static let jpeg: ContentType = "image/jpeg"
    public static let plainText: ContentType = "text/plain;charset=utf-8"
    /// An RFC 7946 GeoJSON document: a photo's location, for GNOME Maps.
    public static let geoJSON: ContentType = "application/geo+json"
    /// Drover's private type: the identifier of a photo in this library. Only Drover reads it,
    /// so in-app drops never need to serialise the photo itself.
    public static let photoID: ContentType = "application/x-drover-photo-id"
    /// Any image: a pattern for targets, never a representation.
    public static let anyImage: ContentType = "image/*"

    /// The file name extension a file of this type gets when a drop writes it to disk.
    var fileExtension: String {
        switch essence {
        case "image/png": "png"
        case "image/jpeg": "jpg"
        case "application/geo+json": "geojson"
        case "text/plain": "txt"
        case "text/uri-list": "uris"
        default: "data"
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
