import CGtk

/// The default display, as far as the app needs it.
@MainActor
public enum Display {
    /// The largest scale factor among the display's monitors: 2 on a HiDPI screen (or
    /// under `GDK_SCALE=2`), 1 when there is no display or no monitor says more.
    public static var maximumScaleFactor: Int {
        guard let display = gdk_display_get_default(), let monitors = gdk_display_get_monitors(display) else { return 1 }
        var scale: Int32 = 1
        for index in 0..<g_list_model_get_n_items(monitors) {
            // g_list_model_get_item gives a reference: drop it after reading.
            guard let monitor = g_list_model_get_item(monitors, index) else { continue }
            defer { g_object_unref(monitor) }
            scale = max(scale, gdk_monitor_get_scale_factor(OpaquePointer(monitor)))
        }
        return Int(scale)
    }
}
