import CPixbuf
import DecoderKit
import ImageFormats

extension Pixbuf {
    /// The names of the formats the installed gdk-pixbuf loaders read ("png", "webp",
    /// "heif/avif"…). Read once: loaders are found when gdk-pixbuf first starts.
    static let installedFormatNames: Set<String> = {
        var names: Set<String> = []
        let list = gdk_pixbuf_get_formats()
        var node = list
        while let current = node {
            if let data = current.pointee.data,
               let name = gdk_pixbuf_format_get_name(OpaquePointer(data)) {
                names.insert(String(cString: name))
                g_free(name)
            }
            node = current.pointee.next
        }
        g_slist_free(list)
        return names
    }()
}

extension ImageFormat {
    /// Whether an installed gdk-pixbuf loader reads this format.
    var hasInstalledDecoder: Bool { !pixbufLoaderNames.isDisjoint(with: Pixbuf.installedFormatNames) }
}
