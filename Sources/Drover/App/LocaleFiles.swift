import Foundation

/// Where Drover's compiled translations (`LANG/LC_MESSAGES/drover.mo`) are:
/// `DROVER_LOCALEDIR` if set (the end-to-end tests), then the installed location next to
/// the binary (`PREFIX/bin/drover` → `PREFIX/share/locale`, where meson installs them),
/// then the checkout's `.build/locale` (scripts/compile-translations.sh, which
/// scripts/run.sh runs). With none of them, Drover speaks English.
enum LocaleFiles {
    static var directory: String {
        if let override = ProcessInfo.processInfo.environment["DROVER_LOCALEDIR"] { return override }
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        let installed = executable.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("share/locale", isDirectory: true)
        // Drover's own catalogue, not just any share/locale (/usr/bin → /usr/share/locale has GTK's).
        if FileManager.default.fileExists(atPath: installed.path + "/de/LC_MESSAGES/drover.mo") { return installed.path }
        // Sources/Drover/App/LocaleFiles.swift → repository root → .build/locale
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(".build/locale").path
    }
}
