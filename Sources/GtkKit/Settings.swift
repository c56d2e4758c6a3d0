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

    /// Whether the desktop lets applications animate (`gtk-enable-animations`: GNOME's
    /// "Reduce Animation" turns it off; under X11 with no XSETTINGS manager GTK reads it
    /// from `$XDG_CONFIG_HOME/gtk-4.0/settings.ini`). Read live: it can change while the
    /// app runs.
    public static var enablesAnimations: Bool {
        var value: Int32 = 1
        if let settings = gtk_settings_get_default() {
            // A gboolean property is an int.
            drover_object_get_int(UnsafeMutableRawPointer(settings), "gtk-enable-animations", &value)
        }
        return value != 0
    }

    /// Calls `body` with the new value whenever `gtk-enable-animations` changes.
    @discardableResult
    public static func onEnablesAnimationsChanged(_ body: @escaping @MainActor (Bool) -> Void) -> SignalConnection? {
        guard let settings = gtk_settings_get_default() else { return nil }
        // GTK owns the settings object for the display's lifetime: borrow it to connect.
        let object = Object(UnsafeMutableRawPointer(settings), ownership: .borrow)
        let handler: PointerHandler = { _ in body(enablesAnimations) }
        return object.connectSignal("notify::gtk-enable-animations", trampoline: gcallback(pointerTrampoline), body: handler)
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
