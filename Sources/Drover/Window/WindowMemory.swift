import Foundation
import GtkKit

/// What the main window remembers between starts, in GSettings (`app.drover.Drover`,
/// data/app.drover.Drover.gschema.xml): its size and maximised state, the sidebar's
/// width, the grid's tile size and the open album. Without the installed schema (a run from a checkout that
/// did not compile it) Drover says so once and starts as new every time.
@MainActor
final class WindowMemory {
    private let settings: SettingsStore?

    init() {
        settings = SettingsStore(schemaID: DroverApplication.id)
        if settings == nil {
            FileHandle.standardError.write(Data("drover: the settings schema \(DroverApplication.id) is not installed; the window's size and open album will not be remembered (install with meson, or set GSETTINGS_SCHEMA_DIR)\n".utf8))
        }
    }

    /// Sizes the window and the sidebar as they were at the last close.
    func restore(_ window: MainWindow) {
        guard let settings else { return }
        window.window.setDefaultSize(width: max(360, settings.integer("window-width")),
                                     height: max(300, settings.integer("window-height")))
        if settings.bool("window-maximized") { window.window.maximize() }
        window.sidebarWidth = settings.integer("sidebar-width")
        window.grid.setTileSize(TileSize(rawValue: settings.string("tile-size")) ?? .medium)
    }

    /// The album open at the last close (its id), if one was.
    var openAlbum: String? {
        guard let id = settings?.string("open-album"), !id.isEmpty else { return nil }
        return id
    }

    /// Keeps the window's state and `openAlbum` (nil: All Photos) for the next start.
    func save(_ window: MainWindow, openAlbum: String?) {
        guard let settings else { return }
        let maximized = window.window.isMaximized
        settings.setBool("window-maximized", maximized)
        // A maximised window keeps the size it had before, to go back to.
        if !maximized {
            let size = window.window.defaultSize
            if size.width > 0, size.height > 0 {
                settings.setInteger("window-width", size.width)
                settings.setInteger("window-height", size.height)
            }
        }
        // The schema's range: GLib refuses (and logs) anything outside it.
        settings.setInteger("sidebar-width", min(600, max(120, window.sidebarWidth)))
        settings.setString("open-album", openAlbum ?? "")
        settings.setString("tile-size", window.grid.tileSize.rawValue)
        SettingsStore.sync()
    }
}
