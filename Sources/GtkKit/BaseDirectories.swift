import CGtk
import Foundation

extension UserDirectories {
    /// The user's cache folder as GLib reads it to the XDG spec (`g_get_user_cache_dir`:
    /// `$XDG_CACHE_HOME`, else `~/.cache`), read once per process.
    public static var cache: URL {
        URL(fileURLWithPath: String(cString: g_get_user_cache_dir()), isDirectory: true)
    }

    /// The user's data folder as GLib reads it (`g_get_user_data_dir`: `$XDG_DATA_HOME`,
    /// else `~/.local/share`), read once per process.
    public static var data: URL {
        URL(fileURLWithPath: String(cString: g_get_user_data_dir()), isDirectory: true)
    }
}
