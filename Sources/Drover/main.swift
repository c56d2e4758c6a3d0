import CGtk
import Foundation
import GtkKit

// Temporary demo wiring, replaced when the library lands.
MainActor.assumeIsolated {
    let app = Application(id: "app.drover.Drover", flags: G_APPLICATION_NON_UNIQUE)
    nonisolated(unsafe) var window: MainWindow?
    _ = window
    app.onActivate {
        Styles.load(css: (try? String(contentsOf: DataFiles.styleSheet, encoding: .utf8)) ?? "")
        let cache = ThumbnailCache { url in
            let hue = UInt8(abs(url.lastPathComponent.hashValue) % 200)
            return DecodedPixels(width: 64, height: 48, rowStride: 64 * 3, hasAlpha: false,
                                 bytes: (0..<(64 * 48)).flatMap { _ in [hue, 120, 200 - hue] })
        }
        let main = MainWindow(application: app, thumbnails: cache)
        let count = Int(ProcessInfo.processInfo.environment["DEMO_COUNT"] ?? "40") ?? 40
        main.grid.setItems((0..<count).map { i in
            TileModel(id: "photo \(i)", title: "Photo \(i)", kind: i % 7 == 3 ? .stack(count: 3) : .photo,
                      details: "Demo", thumbnails: [URL(fileURLWithPath: "/t/\(i)"), URL(fileURLWithPath: "/t/\(i + 1)"), URL(fileURLWithPath: "/t/\(i + 2)")])
        })
        main.sidebar.setAlbums([.init(id: "1", name: "Travel", count: 3), .init(id: "2", name: "Animals", count: 5)])
        main.showGridOrEmptyState(albumName: nil)
        main.window.present()
        window = main
    }
    exit(app.run())
}
