import CAdwaita
import CGtk

/// libadwaita as a whole.
@MainActor
public enum Adwaita {
    /// Initialises libadwaita after GTK (its styles, icons and style manager). An
    /// `Application` does this at startup; tests that build libadwaita widgets without one
    /// call it.
    public static func initialize() { adw_init() }

    /// Whether the app is drawn in its dark style now (the desktop prefers dark, or
    /// `ADW_DEBUG_COLOR_SCHEME=prefer-dark` asks for it).
    public static var isDark: Bool { adw_style_manager_get_dark(adw_style_manager_get_default()) != 0 }
}
