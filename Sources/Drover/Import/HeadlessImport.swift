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
            FileHandle.standardError.write(Data("drover: \(TerminalText.escaped("\(error)"))\n".utf8))
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
        if status.value == libraryInUse {
            return MainActor.assumeIsolated { handOver(options.imports, library: directory) }
        }
        return status.value
    }

    /// The exit status while another process has the library open.
    private static let libraryInUse: Int32 = 75

    /// The library is open in another process. If that is Drover's window (the primary
    /// instance on the session bus), it imports the files, with placeholders and a toast,
    /// exactly as for `drover FILE…`. Otherwise (another `--import-only`), say so and stop.
    @MainActor
    private static func handOver(_ imports: [URL], library directory: URL) -> Int32 {
        let application = Application(id: DroverApplication.id)
        guard application.register(), application.isRemote else {
            let message = LibraryError.inUse(directory.standardizedFileURL).message
            FileHandle.standardError.write(Data("drover: \(TerminalText.escaped(message))\n".utf8))
            return libraryInUse
        }
        print("Drover is open on this library: its window imports the files.")
        return application.run(arguments: ["drover", "--library", directory.path] + imports.flatMap { ["--import", $0.path] })
    }

    private final class ExitStatus: @unchecked Sendable {
        // Only touched on the main thread: set by a main-actor task, read by the loop.
        var value: Int32 = 0
        var finished = false
    }

    @MainActor
    private static func importAll(_ urls: [URL], into directory: URL) async -> Int32 {
        // A folder may hold any number of photos; a file is one.
        let hasFolder = urls.contains { (try? $0.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true }
        PhotoLibrary.prewarmDecoders(for: hasFolder ? Int.max : urls.count)
        do {
            let library = try await PhotoLibrary.open(at: directory)
            var tally = Tally()
            let started = Date()
            for url in urls {
                var isDirectory: ObjCBool = false
                _ = FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory)
                let progress: @Sendable (ImportProgress) -> Void = { step in
                    if step.completed % 100 == 0 || step.completed == step.total {
                        print("\(step.completed)/\(step.total) \(TerminalText.escaped(step.source.lastPathComponent))")
                    }
                    if case .failed(let reason) = step.outcome {
                        print("failed: \(TerminalText.escaped(step.source.path)): \(reason.localizedDescription)")
                    }
                }
                let report = isDirectory.boolValue
                    ? try await library.importDirectory(url, progress: progress)
                    : try await library.importFiles([url], progress: progress)
                // Hidden files are only counted: a folder normally has some (.thumbnails, .DS_Store…).
                for skip in report.skipped where skip.reason != .hidden {
                    print("skipped: \(skip.path): \(skip.reason.message)")
                }
                tally.add(report)
            }
            let seconds = Date().timeIntervalSince(started)
            print("\(tally.summary), in \(String(format: "%.1f", seconds)) s")
            return tally.exitStatus
        } catch LibraryError.inUse {
            return libraryInUse
        } catch {
            FileHandle.standardError.write(Data("drover: \(TerminalText.escaped(ErrorWording.reason(error)))\n".utf8))
            return 1
        }
    }

    /// The totals of every import of one run: imported + failed + skipped is every file
    /// given and every entry found in the folders given.
    struct Tally {
        var imported = 0, failed = 0, skipped = 0, hidden = 0
        /// Skips of things that may hold photos and were not looked at (an unreadable
        /// folder, a name that is not text…), as opposed to files that are plainly not photos.
        var needingAttention = 0

        mutating func add(_ report: ImportReport) {
            imported += report.imported.count
            failed += report.failures.count
            skipped += report.skipped.count
            hidden += report.skipped.count { $0.reason == .hidden }
            needingAttention += report.skipped.count { $0.reason.needsAttention }
        }

        /// "Imported 3 photos, 1 failed, 4 skipped (3 hidden)".
        var summary: String {
            "Imported \(imported) photos, \(failed) failed, \(skipped) skipped" + (hidden > 0 ? " (\(hidden) hidden)" : "")
        }

        /// 1 when a file failed or something that may hold photos was not looked at; a folder's
        /// other files (not images, hidden) are normal and do not count.
        var exitStatus: Int32 { failed == 0 && needingAttention == 0 ? 0 : 1 }
    }
}
