import CGtk

/// The GTypes of the values GTK transfers in drags and through the clipboard.
public enum TransferType {
    /// A list of files (`GdkFileList`): GTK serialises it to `text/uri-list` (and, where a
    /// portal exists, the portal's file-transfer type) for other processes.
    public static var fileList: GType { gdk_file_list_get_type() }

    /// The MIME types GTK can turn into a file list, in GTK's order: `text/uri-list`, and the
    /// document portal's types where the portal ran when this process first looked for it.
    public static var fileListMimeTypes: [String] {
        let formats = gdk_content_formats_union_deserialize_mime_types(gdk_content_formats_new_for_gtype(fileList))
        defer { gdk_content_formats_unref(formats) }
        return ContentFormats.mimeTypes(of: formats)
    }
}

/// `GdkContentFormats`, the types a drag, a drop or the clipboard offers: read and built in
/// this one place.
enum ContentFormats {
    /// The MIME types in `formats`, in their order.
    static func mimeTypes(of formats: OpaquePointer?) -> [String] {
        var count: gsize = 0
        guard let formats, let types = gdk_content_formats_get_mime_types(formats, &count) else { return [] }
        return (0..<Int(count)).compactMap { types[$0].map { String(cString: $0) } }
    }

    /// New formats: `valueTypes` first, then `mimeTypes`, in order. The caller owns the result.
    static func make(valueTypes: [GType], mimeTypes: [String]) -> OpaquePointer {
        let builder = gdk_content_formats_builder_new()
        for type in valueTypes { gdk_content_formats_builder_add_gtype(builder, type) }
        for type in mimeTypes { gdk_content_formats_builder_add_mime_type(builder, type) }
        return gdk_content_formats_builder_free_to_formats(builder)
    }
}
