import CGtk
import Foundation

/// A `GtkBuilder` for UI described in XML, where GTK offers no other way to build a
/// widget (a `GtkShortcutsWindow`'s sections, groups and shortcuts).
@MainActor
public enum Builder {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// The window with id `id` in `xml`. GTK owns windows: the wrapper adds its reference,
    /// and the builder's own goes with the builder.
    public static func window(fromXML xml: String, id: String) throws -> Window {
        let builder = gtk_builder_new()
        defer { g_object_unref(UnsafeMutableRawPointer(builder)) }
        var error: UnsafeMutablePointer<GError>?
        // gtk_builder_new_from_string would abort the process on bad XML.
        guard gtk_builder_add_from_string(builder, xml, -1, &error) != 0 else {
            defer { g_clear_error(&error) }
            throw Failure(description: error.map { String(cString: $0.pointee.message) } ?? "the UI description could not be read")
        }
        guard let object = gtk_builder_get_object(builder, id).map(UnsafeMutableRawPointer.init),
              drover_is_widget(object) != 0 else { throw Failure(description: "no widget \(id) in the UI description") }
        return Window(borrowing: drover_widget(object))
    }
}
