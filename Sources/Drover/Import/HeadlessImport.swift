import Foundation
import GalleryKit
import GtkKit
import Localization

/// `drover --library DIR --import PATH… --import-only`: imports into a library
/// without opening a window, printing progress and a summary. It runs the same
/// GalleryKit import as the app, inside a GLib main loop so Swift concurrency
/// behaves exactly as it does in the app.
enum HeadlessImport {
    /// `rawArguments`: the arguments (without the program name) as the system gave them.
    static func run(rawArguments: [[UInt8]]) -> Int32 {
        let arguments = rawArguments.map { String(decoding: $0, as: UTF8.self) }
        let notText = Set(rawArguments.indices.filter { String(validating: rawArguments[$0], as: UTF8.self) == nil })
        let options: CommandLineOptions
        do {
            options = try CommandLineOptions.parse(arguments, relativeTo: FileManager.default.currentDirectoryPath,
                                                   notText: notText)
        } catch {
            FileHandle.standardError.write(Data("drover: \(TerminalText.escaped("\(error)"))\n".utf8))
            return 2
        }
        let directory = options.libraryDirectory ?? LibraryLocation.defaultDirectory
        MainLoop.installDispatchBridge()
        let status = ExitStatus()
        Task { @MainActor in
            // A name that is not text exists (the system gave it), but Drover cannot name it.
            for index in options.importsNotText {
                print("failed: \(TerminalText.escaped(bytes: rawArguments[index])): \(ImportFailureReason.nameNotText.message)")
            }
            var tally = ImportOnlyTally()
            tally.failed = options.importsNotText.count
            status.value = await importAll(options.imports, into: directory, tally: tally)
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
    /// The hand-over goes through GIO alone (`CommandLineHandOver`): without a display
    /// (cron, ssh) this process never initialises GTK.
    @MainActor
    private static func handOver(_ imports: [URL], library directory: URL) -> Int32 {
        let arguments = ["drover", "--library", directory.path] + imports.flatMap { ["--import", $0.path] }
        let status = CommandLineHandOver.run(id: DroverApplication.id, arguments: arguments) {
            print(tr("Drover is open on this library: its window imports the files."))
        }
        guard let status else {
            let message = LibraryError.inUse(directory.standardizedFileURL).message
            FileHandle.standardError.write(Data("drover: \(TerminalText.escaped(message))\n".utf8))
            return libraryInUse
        }
        return status
    }

    private final class ExitStatus: @unchecked Sendable {
        // Only touched on the main thread: set by a main-actor task, read by the loop.
        var value: Int32 = 0
        var finished = false
    }

    @MainActor
    private static func importAll(_ urls: [URL], into directory: URL, tally start: ImportOnlyTally) async -> Int32 {
        // A folder may hold any number of photos; a file is one.
        let hasFolder = urls.contains { (try? $0.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true }
        PhotoLibrary.prewarmDecoders(for: hasFolder ? Int.max : urls.count)
        do {
            let library = try await PhotoLibrary.open(at: directory)
            // What the library lost, and what in it is not Drover's, before anything is added.
            let found = library.recoveryReport
            for name in found.missingFiles { print("missing: photos/\(TerminalText.escaped(name)): \(LibraryError.photoFileMissing(PhotoID(rawValue: 0)).message)") }
            let leftAlone = tr("Drover did not make this file, so it is left alone.")
            for path in found.unknownFiles { print("not Drover's: \(TerminalText.escaped(path)): \(leftAlone)") }
            // Copies that are no longer the photos, and lost thumbnails made again.
            let checked = await library.checkFiles()
            let damaged = LibraryError.photoFileDamaged(PhotoID(rawValue: 0)).message
            for name in checked.damagedFiles { print("damaged: photos/\(TerminalText.escaped(name)): \(damaged)") }
            for failure in checked.thumbnailFailures {
                print("thumbnail not rebuilt: photos/\(TerminalText.escaped(failure.fileName)): \(failure.reason.localizedDescription)")
            }
            if checked.rebuiltThumbnails > 0 {
                print(ntr("Rebuilt {count} lost thumbnail from its photo.", "Rebuilt {count} lost thumbnails from their photos.",
                          checked.rebuiltThumbnails))
            }
            var tally = start
            let started = Date()
            for url in urls {
                var isDirectory: ObjCBool = false
                _ = FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory)
                let progress: @Sendable (ImportProgress) -> Void = { step in
                    if step.completed % 100 == 0 || step.completed == step.total {
                        print("\(step.completed)/\(step.total) \(TerminalText.escaped(step.source.lastPathComponent))")
                    }
                    if case .failed(let reason) = step.outcome {
                        // A photo already in the library is not a failure: said apart.
                        let kind = if case .alreadyInLibrary = reason { "duplicate" } else { "failed" }
                        print("\(kind): \(TerminalText.escaped(step.source.path)): \(reason.localizedDescription)")
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
}
