import Foundation

/// Several items offered as one content, for a platform that carries one payload per type
/// rather than items: a GTK drag to another application, the clipboard. The items describe the
/// drag once; this decides how they travel together:
///
/// - every file that an item's representation already is, in item order, goes into one file
///   list (a file manager copies them all);
/// - a type that lists things (URIs, photo identifiers, text) joins every item's payload;
/// - any other type (an image, a GeoJSON document) is one item's payload: the top item's, the
///   last one that offers it, as the drag icon shows the last item on top.
public struct CombinedContent: Sendable {
    public let items: [ItemProvider]

    public init(_ items: [ItemProvider]) { self.items = items }

    /// The types on offer, in order of first appearance: the items in order, each in its own
    /// order of preference.
    public var types: [ContentType] {
        var seen = Set<ContentType>()
        return items.flatMap(\.types).filter { seen.insert($0).inserted }
    }

    /// The files on offer: every representation that is an existing file, items in order.
    public var files: [URL] {
        items.flatMap { $0.representations.compactMap(\.existingFile) }
    }

    /// The payload of `type`, joined from every item that offers it when the type lists things
    /// (`ContentType.separatorWhenCombined`), else the top item's. Items load one after
    /// another, so cancelling the calling task stops the rest.
    public func load(_ type: ContentType) async throws -> Data {
        let offering = items.filter { $0.canLoad(type) }
        guard let top = offering.last else { throw ItemProviderError.unsupportedType(type) }
        guard let separator = type.separatorWhenCombined else { return try await top.load(type) }
        var parts: [Data] = []
        for item in offering { parts.append(try await item.load(type)) }
        return Data(parts.joined(separator: Data(separator.utf8)))
    }
}
