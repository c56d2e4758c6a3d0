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

    /// Whether the desktop asks for high contrast (`AdwStyleManager:high-contrast`: GNOME's
    /// "High Contrast"; `ADW_DEBUG_HIGH_CONTRAST=1` forces it for tests).
    public static var isHighContrast: Bool {
        adw_style_manager_get_high_contrast(adw_style_manager_get_default()) != 0
    }

    /// Calls `body` with the new value whenever the high-contrast preference changes.
    @discardableResult
    public static func onHighContrastChanged(_ body: @escaping @MainActor (Bool) -> Void) -> SignalConnection {
        // libadwaita owns the default style manager for the process's lifetime.
        let manager = Object(UnsafeMutableRawPointer(adw_style_manager_get_default()), ownership: .borrow)
        let handler: PointerHandler = { _ in body(isHighContrast) }
        return manager.connectSignal("notify::high-contrast", trampoline: gcallback(pointerTrampoline), body: handler)
    }
}
