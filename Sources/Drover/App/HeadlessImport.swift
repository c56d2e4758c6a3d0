import Foundation
import GalleryKit
import GtkKit

/// `drover --library DIR --import PATH… --import-only`: imports into a library
/// without opening a window, printing progress and a summary. It runs the same
/// GalleryKit import as the app, inside a GLib main loop so Swift concurrency
/// behaves exactly as it does in the app.
enum HeadlessImport {
    static func run(arguments: [String]) -> Int32 {
        let options: CommandLineOptions
        do {
            options = try CommandLineOptions.parse(arguments, relativeTo: FileManager.default.currentDirectoryPath)
        } catch {
            FileHandle.standardError.write(Data("drover: \(error)\n".utf8))
            return 2
        }
        let directory = options.libraryDirectory ?? LibraryLocation.defaultDirectory
        MainLoop.installDispatchBridge()
        let status = ExitStatus()
        Task { @MainActor in
            status.value = await importAll(options.imports, into: directory)
            status.finished = true
        }
        while !status.finished { MainLoop.iterate(blocking: true) }
        return status.value
    }

    private final class ExitStatus: @unchecked Sendable {
        // Only touched on the main thread: set by a main-actor task, read by the loop.
        var value: Int32 = 0
        var finished = false
    }

    @MainActor
    private static func importAll(_ urls: [URL], into directory: URL) async -> Int32 {
        do {
            let library = try await PhotoLibrary.open(at: directory)
            var imported = 0, failed = 0
            let started = Date()
            for url in urls {
                var isDirectory: ObjCBool = false
                _ = FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory)
                let progress: @Sendable (ImportProgress) -> Void = { step in
                    if step.completed % 100 == 0 || step.completed == step.total {
                        print("\(step.completed)/\(step.total) \(step.source.lastPathComponent)")
                    }
                    if case .failed(let reason) = step.outcome {
                        print("failed: \(step.source.path): \(reason.localizedDescription)")
                    }
                }
                let report = isDirectory.boolValue
                    ? try await library.importDirectory(url, progress: progress)
                    : try await library.importFiles([url], progress: progress)
                imported += report.imported.count
                failed += report.failures.count
            }
            let seconds = Date().timeIntervalSince(started)
            print("Imported \(imported) photos, \(failed) failed, in \(String(format: "%.1f", seconds)) s")
            return failed == 0 ? 0 : 1
        } catch {
            FileHandle.standardError.write(Data("drover: \(GalleryController.describe(error))\n".utf8))
            return 1
        }
    }
}
