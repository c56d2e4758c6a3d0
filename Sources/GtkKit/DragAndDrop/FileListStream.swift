import CGtk
import Foundation

/// A file list read from a stream of one MIME type by GTK's own reader for it
/// (`gdk_content_deserialize_async`): `text/uri-list`, or the document portal's key, which
/// GTK's reader exchanges with the portal for the files' paths.
@MainActor
enum FileListStream {
    /// Reads `stream` (taken: unreferenced here) as `mimeType` into URLs.
    static func urls(reading stream: SendablePointer<GInputStream>, as mimeType: String) async throws -> [URL] {
        defer { g_object_unref(stream.value) }
        let type = TransferType.fileList
        return try await awaitGAsync({ cancellable, callback, data in
            // GTK keeps the pointer it is given for the read's life (its error names it): an
            // interned string, never a Swift temporary.
            gdk_content_deserialize_async(stream.value, g_intern_string(mimeType), type, G_PRIORITY_DEFAULT, cancellable, callback, data)
        }, finish: { result in
            // GTK 4.8 wants the value already holding the type it reads into.
            var value = GValue()
            g_value_init(&value, type)
            defer { g_value_unset(&value) }
            _ = try GLibError.check { gdk_content_deserialize_finish(result, &value, $0) }
            return URIList.urls(in: &value)
        })
    }
}
