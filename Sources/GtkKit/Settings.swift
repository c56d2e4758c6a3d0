import CGtk

/// The display's `GtkSettings`: desktop-wide preferences GTK reads.
@MainActor
public enum Settings {
    /// How far (in pixels) a press must move before it becomes a drag
    /// (`gtk-dnd-drag-threshold`; GTK's default is 8).
    public static var dragThreshold: Int32 {
        var value: Int32 = 8
        if let settings = gtk_settings_get_default() {
            drover_object_get_int(UnsafeMutableRawPointer(settings), "gtk-dnd-drag-threshold", &value)
        }
        return value
    }
}
