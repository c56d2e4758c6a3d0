import Foundation

/// Finds Drover's data directory (CSS, icons, sample library): `DROVER_DATA_DIR`
/// if set, then the installed location next to the binary
/// (`PREFIX/bin/drover` → `PREFIX/share/drover`), then the source tree's
/// `data/` when running from a checkout.
enum DataFiles {
    static let directory: URL = {
        let fileManager = FileManager.default
        if let override = ProcessInfo.processInfo.environment["DROVER_DATA_DIR"] {
            return URL(fileURLWithPath: override, isDirectory: true)
        }
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        let installed = executable.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("share/drover", isDirectory: true)
        if fileManager.fileExists(atPath: installed.appendingPathComponent("style.css").path) { return installed }
        // Sources/Drover/App/DataFiles.swift → repository root → data/
        let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("data", isDirectory: true)
        return checkout
    }()

    static var styleSheet: URL { directory.appendingPathComponent("style.css") }
    /// The hicolor icon theme root holding Drover's icon: `data/icons` in a
    /// checkout, `PREFIX/share/icons` when installed.
    static var icons: URL {
        let local = directory.appendingPathComponent("icons")
        return FileManager.default.fileExists(atPath: local.path) ? local : directory.deletingLastPathComponent().appendingPathComponent("icons")
    }
    static var sampleManifest: URL { directory.appendingPathComponent("samples/manifest.json") }
    /// GeoNames places for the offline reverse geocoder (data/places/ATTRIBUTION.md).
    static var places: URL { directory.appendingPathComponent("places/places.tsv") }
}
