import Foundation

/// Several items offered as one content, for a platform that carries one payload per type
/// rather than items: a GTK drag to another application, the clipboard. The items describe the
/// drag once; this decides how they travel together:
///
/// - every file that an item's representation already is, in item order, goes into one file
///   list (a file manager copies them all);
/// - a type that lists things (URIs, photo identifiers, text) joins every item's payload;
/// - any other type (an image, a GeoJSON document) is one item's payload: the top item's, the
///   last one that offers it, as the drag icon shows the last item on top;
/// - on the clipboard, the files also go as the list file managers paste (`route`).
public struct CombinedContent: Sendable {
    public let items: [ItemProvider]
    public let route: Route

    /// How the content leaves Drover, which decides what is added to the items' own types.
    public enum Route: Sendable {
        /// A drag: the items' types (GTK adds `text/uri-list` for the file list).
        case drag
        /// Copy to the clipboard: also `x-special/gnome-copied-files`, since Nautilus and
        /// Thunar paste files only from that list, never from `text/uri-list`.
        case copy
        /// Cut to the clipboard. Pasted in Drover it moves the photos there; any other app
        /// gets exactly what a copy offers, a list that says `copy` (never `cut`, and no
        /// `application/x-kde-cutselection`), so a file manager's paste copies the photo and
        /// never moves a file out of Drover's library.
        case cut
    }

    public init(_ items: [ItemProvider], route: Route = .drag) {
        self.items = items
        self.route = route
    }

    /// The types on offer, in order of first appearance: the items in order, each in its own
    /// order of preference; then, on the clipboard, the file managers' list of the files.
    public var types: [ContentType] {
        var seen = Set<ContentType>()
        let own = items.flatMap(\.types).filter { seen.insert($0).inserted }
        return offersCopiedFiles && !seen.contains(.gnomeCopiedFiles) ? own + [.gnomeCopiedFiles] : own
    }

    /// Whether the files also go as `x-special/gnome-copied-files`: on the clipboard, when
    /// there are files.
    private var offersCopiedFiles: Bool { route != .drag && hasFiles }

    /// Whether the content offers files: existing ones, or ones made when asked for.
    public var hasFiles: Bool {
        items.contains { $0.representations.contains { $0.existingFile != nil || $0.madeOnceFile != nil } }
    }

    /// The files on offer, items in order: every representation that is an existing file or
    /// a file made already (`makeFiles` makes the others).
    public var files: [URL] {
        items.flatMap { $0.representations.compactMap { $0.existingFile ?? $0.madeOnceFile?.made } }
    }

    /// Makes every file on offer not made yet, one after another (each is a copy or a
    /// decode: together they would only contend for the disk). A file that cannot be made
    /// is left out of `files`; the others are still offered. Returns how many failed.
    @discardableResult
    public func makeFiles() async -> Int {
        var failed = 0
        for item in items {
            for case let file? in item.representations.map(\.madeOnceFile) where file.made == nil {
                if Task.isCancelled { return failed }
                do { _ = try await file.make() } catch { failed += 1 }
            }
        }
        return failed
    }

    /// The payload of `type`, joined from every item that offers it when the type lists things
    /// (`ContentType.separatorWhenCombined`), else the top item's; the file managers' list is
    /// made from `files`. Items load one after another, so cancelling the calling task stops
    /// the rest.
    public func load(_ type: ContentType) async throws -> Data {
        if type == .gnomeCopiedFiles, offersCopiedFiles {
            await makeFiles()
            return CopiedFilesFormat.encode(files)
        }
        let offering = items.filter { $0.canLoad(type) }
        guard let top = offering.last else { throw ItemProviderError.unsupportedType(type) }
        guard let separator = type.separatorWhenCombined else { return try await top.load(type) }
        var parts: [Data] = []
        for item in offering { parts.append(try await item.load(type)) }
        return Data(parts.joined(separator: Data(separator.utf8)))
    }
}
