import CDrover
import CGtk
import Foundation

/// A `GdkContentProvider`: what a drag source or the clipboard offers.
@MainActor
public final class ContentProvider: Object {
    init(taking pointer: UnsafeMutablePointer<GdkContentProvider>) {
        super.init(UnsafeMutableRawPointer(pointer), ownership: .take)
    }

    public var provider: UnsafeMutablePointer<GdkContentProvider> { pointer() }

    /// Bytes in one MIME type, such as `image/png`.
    public static func bytes(_ data: Data, mimeType: String) -> ContentProvider {
        let bytes = data.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
        defer { g_bytes_unref(bytes) }
        return ContentProvider(taking: gdk_content_provider_new_for_bytes(mimeType, bytes))
    }

    /// Text, offered as `text/plain;charset=utf-8` and the other text types GTK knows.
    public static func text(_ string: String) -> ContentProvider {
        var value = GValue()
        g_value_init(&value, drover_type_string())
        g_value_set_string(&value, string)
        defer { g_value_unset(&value) }
        return ContentProvider(taking: gdk_content_provider_new_for_value(&value))
    }

    /// Several providers offered as one, in order of preference.
    public static func union(_ providers: [ContentProvider]) -> ContentProvider {
        // gdk_content_provider_new_union takes ownership of each provider reference.
        var pointers: [UnsafeMutablePointer<GdkContentProvider>?] = providers.map {
            g_object_ref($0.rawPointer)
            return $0.provider
        }
        return ContentProvider(taking: gdk_content_provider_new_union(&pointers, gsize(pointers.count)))
    }

    /// The MIME types this provider can produce, serialisers included.
    public var mimeTypes: [String] {
        let formats = gdk_content_provider_ref_formats(provider)
        let withSerializers = gdk_content_formats_union_serialize_mime_types(formats)  // takes `formats`
        defer { gdk_content_formats_unref(withSerializers) }
        return ContentFormats.mimeTypes(of: withSerializers)
    }

    /// Whether this provider offers files (a `GdkFileList`).
    public var offersFiles: Bool {
        let formats = gdk_content_provider_ref_formats(provider)
        defer { gdk_content_formats_unref(formats) }
        return gdk_content_formats_contain_gtype(formats, TransferType.fileList) != 0
    }
}

/// Calls `body` with a NULL-terminated C array of the URLs' URIs.
func withURIs<R>(_ urls: [URL], _ body: (UnsafePointer<UnsafePointer<CChar>?>) -> R) -> R {
    let strings = urls.map { strdup($0.absoluteString) }
    defer { strings.forEach { free($0) } }
    var array: [UnsafePointer<CChar>?] = strings.map { UnsafePointer($0) } + [nil]
    return array.withUnsafeMutableBufferPointer { body(UnsafePointer($0.baseAddress!)) }
}
