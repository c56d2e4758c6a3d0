import CGtk

/// Whether the desktop's screen reader is on: the session's accessibility status
/// (`org.a11y.Status.ScreenReaderEnabled` on `org.a11y.Bus`). GNOME sets it when
/// it turns Orca on (at-spi-bus-launcher mirrors the `screen-reader-enabled`
/// setting there); Qt and Chromium read the same flag. GTK 4.8 has no call for it.
@MainActor
public enum ScreenReader {
    /// A proxy made once: it keeps the property up to date from the bus's
    /// PropertiesChanged signals, so asking costs nothing after.
    private static let status: OpaquePointer? = {
        var error: UnsafeMutablePointer<GError>?
        let proxy = g_dbus_proxy_new_for_bus_sync(G_BUS_TYPE_SESSION, G_DBUS_PROXY_FLAGS_DO_NOT_CONNECT_SIGNALS, nil,
                                                  "org.a11y.Bus", "/org/a11y/bus", "org.a11y.Status", nil, &error)
        // No session bus, or no accessibility bus on it: no screen reader either.
        if let error { g_error_free(error) }
        return proxy.map { OpaquePointer($0) }
    }()

    public static var isOn: Bool {
        guard let status, let value = g_dbus_proxy_get_cached_property(UnsafeMutablePointer(status), "ScreenReaderEnabled")
        else { return false }
        defer { g_variant_unref(value) }
        return g_variant_get_boolean(value) != 0
    }
}
