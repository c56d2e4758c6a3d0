import CGtk
import Foundation

/// A `GSettings` object: values an app keeps between starts, in the desktop's settings
/// store (dconf on GNOME). Made only if its schema is installed (or compiled in
/// `GSETTINGS_SCHEMA_DIR`), because GLib aborts the process on an unknown schema.
@MainActor
public final class SettingsStore: Object {
    /// Nil when the schema `id` is not installed: the caller then runs without memory.
    public init?(schemaID id: String) {
        guard let source = g_settings_schema_source_get_default(),
              let schema = g_settings_schema_source_lookup(source, id, 1) else { return nil }
        defer { g_settings_schema_unref(schema) }
        super.init(UnsafeMutableRawPointer(g_settings_new_full(schema, nil, nil)), ownership: .take)
    }
    private var settings: UnsafeMutablePointer<GSettings> { pointer() }

    public func integer(_ key: String) -> Int32 { g_settings_get_int(settings, key) }
    /// Values outside the key's range are refused by GLib (and logged): clamp first.
    public func setInteger(_ key: String, _ value: Int32) { g_settings_set_int(settings, key, value) }
    public func bool(_ key: String) -> Bool { g_settings_get_boolean(settings, key) != 0 }
    public func setBool(_ key: String, _ value: Bool) { g_settings_set_boolean(settings, key, value ? 1 : 0) }
    public func string(_ key: String) -> String {
        guard let value = g_settings_get_string(settings, key) else { return "" }
        defer { g_free(value) }
        return String(cString: value)
    }
    public func setString(_ key: String, _ value: String) { g_settings_set_string(settings, key, value) }
    /// Writes out what is pending (before the process ends).
    public static func sync() { g_settings_sync() }
}
