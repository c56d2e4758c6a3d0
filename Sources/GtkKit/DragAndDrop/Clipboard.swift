import CDrover
import CGtk
import Foundation
import Localization

/// What drop handling and paste both read from: a drop in progress or the
/// clipboard. One reader protocol lets Drover use a single import pipeline
/// for both, as the source documents ask ("drop and paste share one path").
@MainActor
public protocol ContentReader: AnyObject {
    var mimeTypes: [String] { get }
    func offers(_ type: GType) -> Bool
    func offers(mimeType: String) -> Bool
    /// Reads a file list from `mimeType` alone, a type the content offers.
    func readFiles(as mimeType: String) async throws -> [URL]
    func readText() async throws -> String
    func openStream(mimeTypes: [String]) async throws -> (InputStreamReader, String)
    /// The data has been read (or the read failed): a drop tells its source.
    func finish(_ action: GdkDragAction)
    /// Whether the content can still be read after `finish`: the clipboard can (its owner
    /// keeps serving it), a drop cannot (its source forgets it once told the drop is over).
    var canBeReadAgain: Bool { get }
}

extension Drop: ContentReader {
    public var canBeReadAgain: Bool { false }
}

/// The display's clipboard (Ctrl+C, Ctrl+X, Ctrl+V).
@MainActor
public final class Clipboard: Object, ContentReader {
    public init(for widget: Widget) {
        super.init(UnsafeMutableRawPointer(gtk_widget_get_clipboard(widget.widget)), ownership: .borrow)
    }
    private var clipboard: OpaquePointer { OpaquePointer(rawPointer) }

    /// Offers `provider`'s content, as a drag source would.
    public func setContent(_ provider: ContentProvider) { _ = gdk_clipboard_set_content(clipboard, provider.provider) }

    /// Whether this process owns the clipboard's current content.
    public var isLocal: Bool { gdk_clipboard_is_local(clipboard) != 0 }

    public var mimeTypes: [String] { ContentFormats.mimeTypes(of: gdk_clipboard_get_formats(clipboard)) }
    public func offers(_ type: GType) -> Bool { gdk_content_formats_contain_gtype(gdk_clipboard_get_formats(clipboard), type) != 0 }
    public func offers(mimeType: String) -> Bool { gdk_content_formats_contain_mime_type(gdk_clipboard_get_formats(clipboard), mimeType) != 0 }

    public func readFiles(as mimeType: String) async throws -> [URL] {
        let (stream, _) = try await openGStream(mimeTypes: [mimeType])
        return try await FileListStream.urls(reading: stream, as: mimeType)
    }

    public func readText() async throws -> String {
        let clipboard = SendableOpaque(self.clipboard)
        return try await awaitGAsync({ cancellable, callback, data in
            gdk_clipboard_read_text_async(clipboard.value, cancellable, callback, data)
        }, finish: { result in
            let text = try GLibError.check { gdk_clipboard_read_text_finish(clipboard.value, result, $0) }
            defer { g_free(text) }
            return text.map { String(cString: $0) } ?? ""
        })
    }

    public func openStream(mimeTypes: [String]) async throws -> (InputStreamReader, String) {
        let (stream, chosen) = try await openGStream(mimeTypes: mimeTypes)
        return (InputStreamReader(taking: stream.value), chosen)
    }

    /// The stream of the first of `mimeTypes` the clipboard offers, owned by the caller, and that type.
    private func openGStream(mimeTypes: [String]) async throws -> (SendablePointer<GInputStream>, String) {
        let clipboard = SendableOpaque(self.clipboard)
        let types = mimeTypes
        return try await awaitGAsync({ cancellable, callback, data in
            withCStrings(types) { gdk_clipboard_read_async(clipboard.value, $0, G_PRIORITY_DEFAULT, cancellable, callback, data) }
        }, finish: { result in
            var chosen: UnsafePointer<CChar>?
            let stream = try GLibError.check { gdk_clipboard_read_finish(clipboard.value, result, &chosen, $0) }
            guard let stream else { throw GLibError.message(tr("The clipboard held no data")) }
            return (SendablePointer(stream), chosen.map { String(cString: $0) } ?? types.first ?? "")
        })
    }

    /// Nothing to tell: the clipboard keeps its content.
    public func finish(_ action: GdkDragAction) {}

    /// What the clipboard holds now (it may have changed since it was first read).
    public var canBeReadAgain: Bool { true }
}

/// URLs from a GValue holding a GdkFileList or a GFile.
enum URIList {
    static func urls(in value: UnsafePointer<GValue>) -> [URL] {
        guard let uris = drover_value_dup_uris(value) else { return [] }
        defer { g_strfreev(uris) }
        var urls: [URL] = []
        var index = 0
        while let uri = uris[index] {
            if let url = URL(string: String(cString: uri)) { urls.append(url) }
            index += 1
        }
        return urls
    }
}
