import Foundation

/// Where an installed Drover's files are, worked out from the running program's own path:
/// `PREFIX/bin/drover` → `PREFIX/share/drover` (style sheet, icons, samples, places) and
/// `PREFIX/share/locale` (translations), as meson.build and scripts/package.sh install them.
/// The path is the kernel's (`/proc/self/exe`, symlinks already resolved), so it is the same
/// whether Drover was started from `PATH`, the desktop file, a symlink or an absolute path,
/// and whatever the prefix (`/usr`, `~/.local`, a folder the package was unpacked into).
///
/// Nothing of the source checkout is compiled in: a checkout run names its folders in
/// `DROVER_DATA_DIR` and `DROVER_LOCALEDIR` (scripts/checkout-env.sh, which scripts/run.sh
/// and the end-to-end tests use). The helper, `PREFIX/libexec/drover/drover-decode`, is found
/// the same way (GalleryKit's `DecoderProcess.installedExecutable`).
enum InstalledLayout {
    static let prefix: URL = {
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            .map { URL(fileURLWithPath: $0) }
            ?? URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        return executable.deletingLastPathComponent().deletingLastPathComponent()
    }()

    static var dataDirectory: URL { prefix.appendingPathComponent("share/drover", isDirectory: true) }
    static var localeDirectory: URL { prefix.appendingPathComponent("share/locale", isDirectory: true) }
}
