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

/// Facts about the display Drover runs on that change how drags look.
@MainActor
public enum DisplayFacts {
    /// The default display is a Wayland one. There the compositor animates a cancelled
    /// drag's icon itself, and `drag-cancel`'s return value does not stop it.
    public static var isWayland: Bool {
        guard let display = gdk_display_get_default() else { return false }
        // By type name: GDK_IS_WAYLAND_DISPLAY needs the Wayland headers.
        return String(cString: drover_object_type_name(UnsafeMutableRawPointer(display))) == "GdkWaylandDisplay"
    }
}
