import Foundation

/// Where Drover's compiled translations (`LANG/LC_MESSAGES/drover.mo`) are:
/// `DROVER_LOCALEDIR` if set (a checkout run: scripts/checkout-env.sh compiles po/ into
/// `.build/locale` and sets it), else the installed `PREFIX/share/locale`
/// (`InstalledLayout`), where meson and the package put them. With neither, Drover speaks English.
enum LocaleFiles {
    static var directory: String {
        if let override = ProcessInfo.processInfo.environment["DROVER_LOCALEDIR"], !override.isEmpty { return override }
        return InstalledLayout.localeDirectory.path
    }
}
