import Foundation

/// Finds Drover's data directory (CSS, icons, sample library, places): `DROVER_DATA_DIR`
/// if set (a checkout run: scripts/checkout-env.sh sets it to `data/`), else the installed
/// `PREFIX/share/drover` (`InstalledLayout`). Says once on stderr when neither holds the
/// style sheet, instead of guessing at a source path.
enum DataFiles {
    static let directory: URL = {
        if let override = ProcessInfo.processInfo.environment["DROVER_DATA_DIR"], !override.isEmpty {
            return URL(fileURLWithPath: override, isDirectory: true)
        }
        let installed = InstalledLayout.dataDirectory
        if !FileManager.default.fileExists(atPath: installed.appendingPathComponent("style.css").path) {
            FileHandle.standardError.write(Data("drover: no data files in \(installed.path): no styles, samples or place names (from a checkout, run scripts/run.sh or set DROVER_DATA_DIR to its data/)\n".utf8))
        }
        return installed
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
